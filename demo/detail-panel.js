// The detail panel: one entry (its fields, its issues, whatever extension data it carries, and its
// source lines) or one issue with the source around it. Extension data is shown generically, so
// images, videos, news and alternates appear as soon as the package returns them, whatever their
// exact field names: arrays of objects become tables, objects key/value lists.

import { searchConsoleReport } from 'sitemapkit';
import { formatCount, h, isWebUrl, linkOrText, relativeTime } from './dom.js';
import { listsSitemaps } from './document-kinds.js';
import { fieldLabel, thumbnailOf } from './field-labels.js';

const CORE_FIELDS = ['loc', 'lastmod', 'changefreq', 'priority'];

/** A primitive as text, a URL as a link. */
function primitive(value) {
  if (value === undefined || value === null) return h('span', { className: 'muted' }, '—');
  if (value instanceof Date) return h('span', {}, value.toISOString());
  const text = String(value);
  return isWebUrl(text) ? linkOrText(text) : h('span', {}, text);
}

/** Field names as the package spells them (the default); the detail panel passes human labels. */
const rawKey = (key) => key;

const isPlainObject = (value) => typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Date);

/**
 * Any value the parser can return, drawn for people: arrays of objects → a table with a column
 * per key; objects → a key/value list (nested as needed); arrays of values → a list.
 *
 * @example
 * panel.append(renderValue([{ loc: 'https://example.com/a.jpg', title: 'A' }]));
 */
export function renderValue(value, depth = 0, labelOf = rawKey) {
  if (Array.isArray(value)) {
    if (value.length === 0) return h('span', { className: 'muted' }, 'none');
    if (value.every(isPlainObject)) {
      const keys = [...new Set(value.flatMap((item) => Object.keys(item)))];
      // Many fields (a video has up to 25) do not fit a table in a side panel: one card each.
      if (keys.length > 4 && depth === 0 && labelOf !== rawKey) {
        return h('ol', { className: 'cards' }, value.map((item) => h('li', {}, renderValue(item, depth + 1, labelOf))));
      }
      return h('div', { className: 'table-scroll' }, h('table', { className: 'values' },
        h('thead', {}, h('tr', {}, h('th', {}, '#'), keys.map((key) => h('th', { scope: 'col' }, labelOf(key))))),
        h('tbody', {}, value.map((item, i) => h('tr', {}, h('td', { className: 'number' }, String(i + 1)), keys.map((key) => h('td', {}, item[key] === undefined ? '' : renderValue(item[key], depth + 1, labelOf))))))));
    }
    return h('ul', { className: 'plain' }, value.map((item) => h('li', {}, renderValue(item, depth + 1, labelOf))));
  }
  if (isPlainObject(value)) {
    if (depth > 6) return h('code', {}, JSON.stringify(value));
    return h('dl', { className: 'pairs' }, Object.entries(value).flatMap(([key, item]) => [h('dt', {}, labelOf(key)), h('dd', {}, renderValue(item, depth + 1, labelOf))]));
  }
  return primitive(value);
}

/**
 * Thumbnails of an entry's images or video thumbnails. Loading them contacts the image's host,
 * so they load only when asked (`showImages`); one that does not load says so instead.
 */
function thumbnails(field, items, showImages, onShowImages) {
  const urls = items.map((item) => thumbnailOf(field, item)).filter((url) => typeof url === 'string' && isWebUrl(url));
  if (urls.length === 0) return null;
  if (!showImages) {
    return h('p', { className: 'thumbnail-offer' }, h('button', { type: 'button', className: 'small show-images', on: { click: onShowImages } }, `Show ${urls.length === 1 ? 'the image' : `${formatCount(Math.min(urls.length, 12))} images`}`),
      h('span', { className: 'muted' }, ' (loads them from their host)'));
  }
  return h('div', { className: 'thumbnails' }, urls.slice(0, 12).map((url) => {
    const image = h('img', { src: url, alt: '', loading: 'lazy', decoding: 'async', referrerPolicy: 'no-referrer' });
    const figure = h('a', { className: 'thumbnail', href: url, target: '_blank', rel: 'noopener noreferrer', title: url, dataset: { state: 'loading' } }, image);
    image.addEventListener('load', () => { figure.dataset.state = 'loaded'; });
    image.addEventListener('error', () => { figure.dataset.state = 'failed'; figure.replaceChildren(h('span', { className: 'muted' }, 'did not load')); });
    return figure;
  }));
}

/**
 * Source lines with numbers; `highlight` marks one line and the character at its column.
 *
 * @example
 * panel.append(sourceView(source, { line: 42, column: 10 }));
 */
export function sourceView({ lines }, highlight) {
  const pre = h('pre', { className: 'source', tabIndex: 0, attrs: { 'aria-label': 'Source lines' } });
  for (const line of lines) {
    const hit = highlight && line.number === highlight.line;
    const code = h('code', {});
    if (line.cutBefore) code.append(h('span', { className: 'cut' }, '…'));
    const at = hit ? highlight.column - 1 - line.start : -1;
    if (at >= 0 && at < line.text.length) {
      code.append(line.text.slice(0, at), h('mark', {}, line.text[at] ?? ' '), line.text.slice(at + 1));
    } else {
      code.append(line.text);
    }
    if (line.cutAfter) code.append(h('span', { className: 'cut' }, '…'));
    pre.append(h('span', { className: `source-line${hit ? ' hit' : ''}`, dataset: { line: String(line.number) } }, h('span', { className: 'line-number' }, String(line.number)), code, '\n'));
  }
  return pre;
}

/** One issue as a line: severity, code, position, message, Search Console report. */
function issueLine(issue, onChoose) {
  const position = issue.line > 0 ? `${issue.line}:${issue.column}` : '';
  const content = [
    h('span', { className: `severity ${issue.severity}` }, issue.severity),
    h('code', { className: 'code' }, issue.code),
    position ? h('span', { className: 'position' }, `line ${position}`) : null,
    h('span', { className: 'message' }, issue.message),
    searchConsoleReport[issue.code] ? h('span', { className: 'report', title: 'Search Console report' }, `Search Console: ${searchConsoleReport[issue.code]}`) : null,
  ];
  return onChoose && issue.line > 0 ? h('button', { type: 'button', className: 'issue-line', on: { click: onChoose } }, content) : h('div', { className: 'issue-line' }, content);
}

function lastmodText(value) {
  const time = Date.parse(value);
  if (Number.isNaN(time)) return [h('span', {}, value), ' ', h('span', { className: 'muted' }, '(not a date)')];
  return [h('time', { dateTime: new Date(time).toISOString() }, value), ' ', h('span', { className: 'muted' }, `(${relativeTime(time)})`)];
}

/**
 * Fills `container` with an entry: `detail` is the worker's answer (entry, issues, source);
 * `focusIssue` (an issue object) adds its source context at the top.
 *
 * @example
 * renderEntryDetail(panel, { detail, kind: 'urlset', total: 50000, issues, onIssue, onOpenChild });
 */
export function renderEntryDetail(container, { detail, kind, total, issues, issueSource, focusIssue, onIssue, onOpenChild, onShowInTable, showImages = false, onShowImages }) {
  const { entry, index, issueIndices, source, line } = detail;
  const parts = [];
  parts.push(h('header', { className: 'detail-head' },
    h('h2', {}, listsSitemaps(kind) ? 'Sitemap ' : 'Entry ', formatCount(index + 1), h('small', {}, ` of ${formatCount(total)}`)),
    h('div', { className: 'detail-actions' },
      listsSitemaps(kind) && isWebUrl(entry.loc) ? h('button', { type: 'button', className: 'primary open-child', on: { click: () => onOpenChild(entry.loc) } }, 'Open this sitemap') : null,
      onShowInTable ? h('button', { type: 'button', className: 'show-in-table', on: { click: onShowInTable } }, 'Show in table') : null)));
  if (focusIssue) parts.push(issueContext(focusIssue, issueSource));

  const fields = h('dl', { className: 'fields' });
  for (const field of CORE_FIELDS) {
    if (listsSitemaps(kind) && (field === 'changefreq' || field === 'priority')) continue;
    if (kind === 'robots' && field === 'lastmod') continue;
    const value = entry[field];
    fields.append(h('dt', {}, field), h('dd', { dataset: { field } },
      value === undefined ? h('span', { className: 'muted' }, field === 'priority' ? 'not set (0.5 by default)' : 'not set')
        : field === 'loc' ? linkOrText(value) : field === 'lastmod' ? lastmodText(value)
          : field === 'priority' && Number.isInteger(value) ? value.toFixed(1) : String(value)));
  }
  parts.push(fields);

  if (issueIndices.length > 0) {
    parts.push(h('h3', {}, `Issues (${formatCount(issueIndices.length)})`),
      h('ul', { className: 'issue-list' }, issueIndices.map((n) => h('li', {}, issueLine(issues[n], () => onIssue(n))))));
  }

  for (const key of Object.keys(entry)) {
    if (CORE_FIELDS.includes(key)) continue;
    const value = entry[key];
    const count = Array.isArray(value) ? value.length : 1;
    parts.push(h('section', { className: 'extension', dataset: { extension: key } },
      h('h3', { title: key }, fieldLabel(key), Array.isArray(value) ? h('small', {}, ` (${formatCount(count)})`) : null),
      Array.isArray(value) ? thumbnails(key, value, showImages, onShowImages) : null,
      renderValue(value, 0, fieldLabel)));
  }

  if (source) {
    parts.push(h('h3', {}, `Source `, h('small', {}, `line ${formatCount(line)}`)), sourceView(source, focusIssue ? { line: focusIssue.line, column: focusIssue.column } : undefined));
  } else {
    parts.push(h('p', { className: 'muted' }, 'The source lines of this entry could not be located.'));
  }
  container.replaceChildren(...parts);
}

/** An issue and the source lines around it (for issues that belong to no entry, the whole panel). */
function issueContext(issue, source) {
  return h('section', { className: 'issue-context', dataset: { code: issue.code } },
    h('h3', {}, issue.severity === 'error' ? 'Error' : 'Warning', issue.line > 0 ? ` at line ${formatCount(issue.line)}, column ${formatCount(issue.column)}` : ''),
    issueLine(issue),
    issue.path ? h('p', { className: 'muted path' }, issue.path) : null,
    issue.value !== undefined ? h('p', {}, 'Value: ', h('code', { className: 'value' }, issue.value)) : null,
    source ? sourceView(source, { line: issue.line, column: issue.column }) : null);
}

/**
 * Fills `container` with an issue that belongs to no entry (a document-level problem).
 *
 * @example
 * renderIssueDetail(panel, issue, source);
 */
export function renderIssueDetail(container, issue, source) {
  container.replaceChildren(h('header', { className: 'detail-head' }, h('h2', {}, 'Document')), issueContext(issue, source));
}
