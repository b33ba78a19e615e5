// The viewer page: opening sitemaps (file, drop, paste, URL, samples), the summary, the entries
// and issues tables, the detail panel, charts and exports. All reading and querying is done by
// worker.js; this module only draws what it answers.

import { searchConsoleReport } from 'sitemapkit';
import { AddressBar } from './address-bar.js';
import { barList, lastmodHistogram } from './charts.js';
import { checkChildren, childCounts, childStatusText, recordChild } from './child-status.js';
import { setUpCheckPanel } from './check-view.js';
import { setUpSources } from './open-controls.js';
import { setUpComparePanel } from './compare-view.js';
import { contextNote } from './context-note.js';
import { kindName, listsSitemaps } from './document-kinds.js';
import { relayAvailable } from './relay-fetch.js';
import { isSiteAddress } from './site-view.js';
import { entryColumns, issueSortKeys, locationProblem } from './table-columns.js';
import { renderEntryDetail, renderIssueDetail } from './detail-panel.js';
import { breakableUrl, entryCount, formatBytes, formatCount, h, isWebUrl, plural } from './dom.js';
import { setUpExport, setUpExportButtons, updateExportScope } from './export-panel.js';
import { createSiteController } from './site-controller.js';
import { streamDocument, tooLargeNote } from './large-file.js';
import { VirtualList } from './virtual-list.js';
import { ViewerWorker } from './worker-client.js';

const $ = (id) => document.getElementById(id);
const worker = new ViewerWorker();
/** Whether `npm start`'s relay is there to read other origins (a statically hosted viewer has none). */
const relay = relayAvailable();
const compare = setUpComparePanel({ worker, currentDocument: () => current, relay });
const urlCheck = setUpCheckPanel({ worker, currentDocument: () => current, relay });

/** What the Kind line adds for formats that are not XML sitemaps. */
const KIND_NOTES = { text: ' one URL per line', rss: ' read as a sitemap: each item\'s link', atom: ' read as a sitemap: each entry\'s link', robots: ' its Sitemap lines, each openable' };
const EMPTY_QUERY = { text: '', extension: '', issue: '', changefreq: '', sort: 'index', descending: false };

/**
 * The opened documents, the root first: an index, then the child opened from it, and so on.
 * Each: { id, summary, columns, issues, issueEntry, charts, rows, query, issueRows, issueFilter }.
 */
const trail = [];
let current;
let entriesList;
let issuesList;
let loadToken = 0;
let viewToken = 0;

// ------------------------------------------------------------------ messages and state

function say(text, tone = 'info') {
  const message = $('message');
  message.className = `status-message ${tone}`;
  message.replaceChildren(...(Array.isArray(text) ? text : [text]));
  message.hidden = !text;
}

function setState(state) {
  document.body.dataset.state = state;
}

// ------------------------------------------------------------------ opening

/**
 * Opens a source in the worker and shows it. `asChild` keeps the trail (an index's child);
 * anything else starts a new trail.
 */
async function open(source, { asChild = false, label, fromHistory = false, bundled = false, fromSite } = {}) {
  const token = ++loadToken;
  const useLocation = source.useLocation !== false;
  if (source.type !== 'file') performance.clearMarks(); // only files are timed (bench/viewer.mjs)
  setState('loading');
  say(h('span', { className: 'spinner-text' }, `Reading ${label ?? describeSource(source)}…`));
  let opened;
  // An index's child reports back to the index what it did (item 7: the index's status column).
  const parent = asChild && current?.summary.kind === 'sitemapindex' ? current : undefined;
  if (source.type === 'url') source.relay = await relay;
  // The worker answers twice: the table as soon as the entries are read, then the validation.
  const showTable = (table) => {
    performance.mark('viewer:table-received');
    if (token !== loadToken) return;
    if (!asChild) {
      for (const document_ of trail.splice(0)) worker.request('close', { id: document_.id });
    }
    const count = table.columns.count;
    table.columns.errors = new Uint16Array(count);
    table.columns.warnings = new Uint16Array(count);
    opened = {
      ...table, useLocation, validated: false, issues: [], issueEntry: new Int32Array(0), charts: undefined,
      rows: identityRows(count), query: { ...EMPTY_QUERY }, issueFilter: { severity: '', code: '' }, fromSite,
    };
    trail.push(opened);
    show(opened);
    addressBar.shown(source.type === 'url' ? table.summary.url : undefined, { fromHistory, bundled, useLocation });
    setState('validating');
    say(h('span', { className: 'spinner-text' }, `Validating ${entryCount(count)}…`));
  };
  try {
    const validation = await worker.request('open', { source, profile: current?.summary.profile ?? 'google', useLocation }, { onPartial: showTable });
    if (token !== loadToken) { worker.request('close', { id: validation.id }); return; }
    applyValidation(opened, validation);
    if (parent) {
      const { summary } = opened;
      recordChild(parent, source.url, { status: 200, format: summary.format === 'xml' ? summary.kind : summary.format, entries: summary.entries, errors: summary.verdict.errors, warnings: summary.verdict.warnings, failed: summary.kind === undefined });
    }
    say('');
    setState('ready');
  } catch (error) {
    if (token !== loadToken) return;
    setState(current ? 'ready' : 'error');
    // What stays on screen is said, and the address bar keeps naming it, not the URL that failed.
    const still = current && opened === undefined ? ` Still showing ${current.summary.url ?? current.summary.name}.` : '';
    if (fromHistory && current && opened === undefined) addressBar.restore(current.summary.url, { useLocation: current.useLocation });
    say([h('strong', {}, `Could not open ${label ?? describeSource(source)}. `), error.message, still], 'error');
    if (parent && opened === undefined) {
      recordChild(parent, source.url, { status: Number(/^HTTP (\d+)/.exec(error.message)?.[1] ?? 0), failed: true });
      if (current === parent) refreshIndex(parent);
    }
    document.body.dataset.lastError = error.reason ?? 'error';
  }
}

/** Brings in what validation found: the verdict, the issues, each row's issue counts. */
function applyValidation(document_, validation) {
  document_.summary = validation.summary;
  document_.issues = validation.issues;
  document_.issueEntry = validation.issueEntry;
  document_.columns.errors = validation.errors;
  document_.columns.warnings = validation.warnings;
  document_.validated = true;
  if (current !== document_) return;
  compare.follow(document_);
  renderSummary(document_.summary);
  const note = contextNote(document_, { onOpenRobots: (url) => openUrl(url) });
  if (note) $('summary').append(note);
  setUpIssues(document_);
  fillFilterOptions(document_);
  entriesList.refresh();
  const firstVerdict = performance.getEntriesByName('viewer:validated').length === 0;
  performance.mark('viewer:validated');
  if (firstVerdict && performance.getEntriesByName('viewer:file-chosen').length > 0) {
    document.body.dataset.validatedMs = performance.measure('viewer:file-to-verdict', 'viewer:file-chosen', 'viewer:validated').duration.toFixed(1);
  }
  document.body.dataset.workerMs = document_.summary.timings.total.toFixed(1);
}

function describeSource(source) {
  if (source.type === 'file') return `${source.file.name} (${formatBytes(source.file.size)})`;
  if (source.type === 'url') return source.url;
  return source.name ?? 'the pasted text';
}

function identityRows(count) {
  const rows = new Uint32Array(count);
  for (let i = 0; i < count; i++) rows[i] = i;
  return rows;
}

function openFile(file) {
  if (!file) return;
  performance.clearMarks();
  performance.clearMeasures();
  performance.mark('viewer:file-chosen');
  open({ type: 'file', file });
}

function openUrl(typed, { asChild = false, useLocation = true, fromHistory = false, bundled = false, crossSubmit } = {}) {
  const text = typed.trim();
  if (!text) return;
  if (!asChild && isSiteAddress(text)) { site.openSite(text, { fromHistory }); return; }
  open({ type: 'url', url: text, useLocation, crossSubmit }, { asChild, fromHistory, bundled });
}

/** Back or Forward: a document of the trail is shown again; any other URL is fetched again. */
function navigateTo(url, { useLocation = true } = {}) {
  if (!url) {
    openUrl(new URL('/examples/example-sitemap.xml', location.href).href, { useLocation: false, fromHistory: true });
    return;
  }
  if (isSiteAddress(url) && site.hasWalked(url)) { site.showSite({ fromHistory: true }); return; }
  const n = trail.findIndex((document_) => document_.summary.url === url);
  if (n >= 0) backTo(n, { fromHistory: true });
  else openUrl(url, { useLocation, fromHistory: true });
}

const addressBar = new AddressBar({ onNavigate: navigateTo });

/**
 * Opens a child of the current index (or a sitemap a robots.txt lists) in place; it is checked
 * against its URL if the parent was. A sitemap a robots.txt lists may list URLs anywhere on that
 * robots.txt's host (cross-submission), and so may the children of an index it lists.
 */
function openChild(loc) {
  const { summary } = current ?? {};
  const crossSubmit = summary?.kind === 'robots' ? [summary.robotsHost].filter(Boolean) : summary?.crossSubmit;
  openUrl(loc, { asChild: true, useLocation: current?.useLocation ?? true, crossSubmit: crossSubmit?.length ? crossSubmit : undefined });
}

// ------------------------------------------------------------------ showing a document

function show(document_) {
  current = document_;
  site.showView('document');
  if (document_.childStatus) document_.summary.childCheck = childCounts(document_);
  compare.reset(document_);
  urlCheck.reset();
  renderTrail();
  renderSummary(document_.summary);
  setUpEntriesTable(document_);
  setUpIssues(document_);
  $('panel-charts').replaceChildren();
  if (!$('panel-charts').hidden) drawCharts();
  setUpExport(document_);
  $('detail').replaceChildren(h('p', { className: 'muted' }, listsSitemaps(document_.summary.kind)
    ? 'Choose a sitemap (click, or Enter on the focused row) to see it here and open it.'
    : 'Choose an entry or an issue (click, or Enter on the focused row) to see it here.'));
  document.title = `${document_.summary.name} · sitemapkit viewer`;
  // "Table shown": after the frame that paints the first rows.
  requestAnimationFrame(() => setTimeout(() => {
    if (current !== document_) return;
    const firstShow = performance.getEntriesByName('viewer:table-shown').length === 0;
    performance.mark('viewer:table-shown');
    if (firstShow && performance.getEntriesByName('viewer:file-chosen').length > 0) {
      const measure = performance.measure('viewer:file-to-table', 'viewer:file-chosen', 'viewer:table-shown');
      document.body.dataset.lastLoadMs = measure.duration.toFixed(1);
    }
    document.body.dataset.tableWorkerMs = document_.summary.timings.toTable.toFixed(1);
    document.body.dataset.shown = String(document_.id);
  }));
}

/** What the large-file reader needs of the page (large-file.js). */
const streamContext = {
  worker, say, setState, renderSummary, setUpEntriesTable, applyValidation, identityRows,
  isCurrent: (document_) => current === document_,
  refreshRows: (document_) => { updateRows(document_); entriesList.refresh(); },
};

/** Draws an index's verdict and status column again after children reported what they did. */
function refreshIndex(document_) {
  document_.summary.childCheck = childCounts(document_);
  renderSummary(document_.summary);
  const note = contextNote(document_, { onOpenRobots: (url) => openUrl(url) });
  if (note) $('summary').append(note);
  entriesList.refresh();
}

function renderTrail() {
  const nav = $('trail');
  // A document opened from a site's tree keeps the way back to the tree as its first crumb.
  const fromSite = trail[0]?.fromSite;
  nav.hidden = trail.length < 2 && !fromSite;
  const separator = () => h('span', { className: 'separator', attrs: { 'aria-hidden': 'true' } }, ' › ');
  nav.replaceChildren(...(fromSite ? [h('button', { type: 'button', className: 'link site-crumb', on: { click: () => site.showSite() } }, `site ${fromSite}`), separator()] : []),
    ...trail.flatMap((document_, n) => {
      const last = n === trail.length - 1;
      const name = document_.summary.name;
      const crumb = last ? h('span', { attrs: { 'aria-current': 'page' } }, name)
        : h('button', { type: 'button', className: 'link', on: { click: () => backTo(n) } }, name);
      return n === 0 ? [crumb] : [separator(), crumb];
    }));
}

// A site's tree (site-controller.js): the Fetch box given a site walks it and shows the tree.
const site = createSiteController({
  worker, relay, say, setState,
  nextLoad: () => ++loadToken,
  isLatestLoad: (token) => token === loadToken,
  onOpen: (sitemap, crossSubmit, start) => open({ type: 'url', url: sitemap.finalUrl, useLocation: true, crossSubmit: crossSubmit.length ? crossSubmit : undefined }, { fromSite: start }),
  shown: (start, options) => addressBar.shown(start, options),
});

function backTo(n, { fromHistory = false } = {}) {
  for (const document_ of trail.splice(n + 1)) worker.request('close', { id: document_.id });
  show(trail[n]);
  addressBar.shown(trail[n].summary.url, { fromHistory, useLocation: trail[n].useLocation });
  // The worker's current view (what exports write) is the one this document had.
  requestView(trail[n]);
}

function summaryItem(label, value, extra, key) {
  return h('div', { className: 'summary-item', dataset: { key } }, h('dt', {}, label), h('dd', {}, value, extra ? h('span', { className: 'muted extra' }, extra) : null));
}

function meter(value, max, label) {
  return h('meter', { min: 0, max, value: Math.min(value, max), high: max * 0.9, optimum: 0, title: label, attrs: { 'aria-label': label } });
}

function renderSummary(summary) {
  const { verdict, validated } = summary;
  const container = $('summary');
  const isIndex = listsSitemaps(summary.kind);
  const robots = summary.kind === 'robots';
  const pending = h('span', { className: 'muted' }, 'checking…');
  const source = summary.url ? h('a', { href: summary.url, target: '_blank', rel: 'noopener noreferrer' }, breakableUrl(summary.url)) : summary.name;
  const bytes = summary.gzipped
    ? [`${formatBytes(summary.bytes)} gzip → ${formatBytes(summary.uncompressedBytes)}`]
    : [formatBytes(summary.uncompressedBytes)];
  const hosts = !validated ? pending : summary.hostCount === 0 ? 'none'
    : summary.hostCount === 1 ? summary.hosts[0].host
      : `${formatCount(summary.hostCount)}: ${summary.hosts.slice(0, 3).map((host) => `${host.host} (${formatCount(host.entries)})`).join(', ')}${summary.hostCount > 3 ? ', …' : ''}`;
  const extensionNames = summary.extensions.map((extension) => extension.name);
  const extensions = !validated ? pending.cloneNode(true) : extensionNames.length ? extensionNames.join(', ') : 'none';
  const extensionFields = summary.extensionFields.length ? ` (entry fields: ${summary.extensionFields.join(', ')})` : null;
  const lastmod = !validated ? pending.cloneNode(true) : summary.lastmod ? `${summary.lastmod.min} … ${summary.lastmod.max}` : 'none';
  const tooLarge = summary.tooLarge !== undefined;
  // An index's verdict counts the children that failed, once any were checked (item 7).
  const children = summary.childCheck ?? { checked: 0, failed: 0 };
  const childText = children.checked === 0 ? '' : children.failed === 0 ? `; ${formatCount(children.checked)} ${children.checked === 1 ? 'child' : 'children'} checked, none failed` : `; ${formatCount(children.failed)} of ${formatCount(children.checked)} children checked failed`;
  const verdictText = (!verdict ? 'Validating…'
    : verdict.valid ? (verdict.warnings ? `Valid, ${plural(verdict.warnings, 'warning')}` : 'Valid')
      : `Not valid: ${plural(verdict.errors, 'error')}, ${plural(verdict.warnings, 'warning')}`) + (verdict ? childText : '');
  const verdictTone = !verdict ? '' : verdict.valid && children.failed === 0 ? 'good' : 'bad';
  container.dataset.failedChildren = String(children.failed);
  const profile = h('select', { id: 'profile', disabled: !validated, attrs: { 'aria-label': 'Validation profile' }, on: { change: revalidate } },
    h('option', { value: 'google', selected: summary.profile === 'google' }, 'Google rules'),
    h('option', { value: 'xsd', selected: summary.profile === 'xsd' }, 'XSD (xmllint)'));
  const location = h('input', {
    id: 'location', type: 'text', inputMode: 'url', spellcheck: false, value: summary.location ?? '', placeholder: 'https://example.com/sitemap.xml', disabled: !validated,
    attrs: { 'aria-label': 'URL the file lives at (enables the host and folder rules)', 'aria-describedby': 'location-error', title: 'Where the file lives: enables the rules that every URL is on its host and in its folder' },
    on: { change: revalidate },
  });
  container.dataset.kind = summary.kind ?? 'unknown';
  container.dataset.count = String(summary.entries);
  if (verdict) {
    container.dataset.errors = String(verdict.errors);
    container.dataset.warnings = String(verdict.warnings);
    container.dataset.valid = String(verdict.valid);
  } else {
    for (const key of ['errors', 'warnings', 'valid']) delete container.dataset[key];
  }
  const { timings } = summary;
  const timingText = validated
    ? `Read in ${Math.round(timings.total)} ms in a worker: parse ${Math.round(timings.parse)} ms, validate ${Math.round(timings.validate)} ms${summary.gzipped ? `, gunzip ${Math.round(timings.gunzip)} ms` : ''}.`
    : `Entries read in ${Math.round(timings.toTable)} ms; validating…`;
  container.replaceChildren(
    h('h2', { className: 'source-name' }, source),
    h('dl', { className: 'summary-grid' },
      summaryItem('Kind', kindName(summary) ?? (tooLarge ? 'Not read: too large' : validated ? 'Not a sitemap' : pending.cloneNode(true)), KIND_NOTES[summary.format] ?? null, 'kind'),
      summaryItem(isIndex ? 'Sitemaps' : 'URLs', h('span', { id: 'entry-count' }, formatCount(summary.entries)), robots ? null : meter(summary.entries, summary.limits.urls, `${formatCount(summary.entries)} of the ${formatCount(summary.limits.urls)} allowed`), 'entries'),
      summaryItem('Size', bytes, robots ? null : meter(summary.uncompressedBytes, summary.limits.bytes, `${formatCount(summary.uncompressedBytes)} of the ${formatCount(summary.limits.bytes)} bytes allowed (uncompressed)`), 'bytes'),
      // A robots.txt has no URLs, extensions or dates of its own: its host is what its sitemaps are judged by.
      robots ? summaryItem('Host', summary.robotsHost ?? 'not known (opened without a URL)', null, 'hosts') : summaryItem(summary.hostCount > 1 ? 'Hosts' : 'Host', hosts, null, 'hosts'),
      robots ? null : summaryItem('Extensions', extensions, extensionFields, 'extensions'),
      robots ? null : summaryItem('lastmod', lastmod, null, 'lastmod'),
      h('div', { className: `summary-item verdict ${verdictTone}`, dataset: { key: 'verdict' } },
        h('dt', {}, 'Verdict'),
        h('dd', {}, h('strong', { id: 'verdict-text' }, verdictText), tooLarge ? tooLargeNote(summary, { onRead: () => streamDocument(current, streamContext) }) : null, h('span', { className: 'validation-options' }, profile, location),
          h('span', { id: 'location-error', className: 'field-error', hidden: true, attrs: { role: 'alert' } })))),
    h('p', { className: 'timings muted' }, timingText));
}

async function revalidate() {
  const document_ = current;
  const profile = $('profile').value;
  const location = $('location').value.trim();
  // A bad value is refused at its field, where the eye is; the last good validation stays.
  const problem = locationProblem(location);
  $('location').setAttribute('aria-invalid', String(Boolean(problem)));
  $('location-error').textContent = problem;
  $('location-error').hidden = !problem;
  if (problem) { $('location').focus(); return; }
  setState('validating');
  say(h('span', { className: 'spinner-text' }, 'Validating again…'));
  try {
    const validation = await worker.request('revalidate', { id: document_.id, profile, location });
    document_.charts = undefined;
    applyValidation(document_, validation);
    if (current === document_) {
      await requestView(document_);
      $('panel-charts').replaceChildren();
      if (!$('panel-charts').hidden) drawCharts();
    }
    say('');
  } catch (error) {
    say(`Could not validate: ${error.message}`, 'error');
  }
  setState('ready');
}

// ------------------------------------------------------------------ entries table

function slice(column, i) {
  return column.text.slice(column.offsets[i], column.offsets[i + 1]);
}

function priorityText(value) {
  if (Number.isNaN(value)) return '';
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

function issueBadges(cell, errors, warnings) {
  const parts = [];
  if (errors) parts.push(h('span', { className: 'badge error', title: plural(errors, 'error') }, `✕ ${formatCount(errors)}`));
  if (warnings) parts.push(h('span', { className: 'badge warning', title: plural(warnings, 'warning') }, `! ${formatCount(warnings)}`));
  cell.replaceChildren(...parts);
  cell.setAttribute('aria-label', parts.length ? [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter(Boolean).join(', ') : 'no issues');
}

function setUpEntriesTable(document_) {
  const columns = entryColumns(document_);
  const data = document_.columns;
  entriesList?.destroy();
  entriesList = new VirtualList($('entries-table'), {
    label: listsSitemaps(document_.summary.kind) ? 'Sitemaps' : 'Entries',
    rowHeight: 30,
    columns,
    template: columns.map((column) => column.width).join(' '),
    renderCell(cell, position, column) {
      const i = current.rows[position];
      switch (column.key) {
        case 'index': cell.textContent = formatCount(i + 1); break;
        case 'loc': { const loc = slice(data.loc, i); cell.textContent = loc; cell.title = loc; break; }
        case 'lastmod': cell.textContent = slice(data.lastmod, i); break;
        case 'changefreq': cell.textContent = slice(data.changefreq, i); break;
        case 'priority': cell.textContent = priorityText(data.priority[i]); break;
        case 'issues': issueBadges(cell, data.errors[i], data.warnings[i]); break;
        case 'extensions': {
          const mask = data.extensionMask[i];
          cell.textContent = data.extensionNames.filter((_, bit) => mask & (1 << bit)).join(', ');
          break;
        }
        case 'status': {
          const status = current.childStatus?.get(slice(data.loc, i));
          cell.textContent = childStatusText(status);
          cell.className = `vlist-cell status${status?.failed ? ' bad' : status?.errors ? ' warn' : ''}`;
          break;
        }
        case 'open': {
          const loc = slice(data.loc, i);
          cell.replaceChildren(isWebUrl(loc) ? h('button', { type: 'button', className: 'small open-child', tabIndex: -1, on: { click: () => openChild(loc) } }, 'Open') : '');
          break;
        }
      }
    },
    rowClass: (position) => {
      const i = current.rows[position];
      return data.errors[i] ? 'has-errors' : data.warnings[i] ? 'has-warnings' : '';
    },
    onActivate: (position) => showEntry(current.rows[position]),
    onSort: (key, descending) => applyQuery({ sort: key, descending }),
  });
  entriesList.element.dataset.table = 'entries';
  $('check-children').hidden = document_.summary.kind !== 'sitemapindex' || !document_.summary.url;
  entriesList.setSortIndicator(document_.query.sort, document_.query.descending);
  fillFilterOptions(document_);
  $('filter-text').value = document_.query.text;
  updateRows(document_);
}

function option(value, label, selected) {
  return h('option', { value, selected: value === selected }, label);
}

function fillFilterOptions(document_) {
  const { query, issues, columns } = document_;
  const codes = new Map();
  for (const issue of issues) if (issue.path) codes.set(issue.code, (codes.get(issue.code) ?? 0) + 1);
  $('filter-issue').replaceChildren(
    option('', 'All entries', query.issue),
    option('any', 'With issues', query.issue),
    option('errors', 'With errors', query.issue),
    option('warnings', 'With warnings', query.issue),
    option('none', 'Without issues', query.issue),
    ...[...codes].sort((a, b) => b[1] - a[1]).map(([code, count]) => option(`code:${code}`, `${code} (${formatCount(count)})`, query.issue)));

  const extension = $('filter-extension');
  extension.hidden = columns.extensionNames.length === 0;
  extension.replaceChildren(
    option('', 'Any extension data', query.extension),
    option('(any)', 'With extension data', query.extension),
    option('(none)', 'Without extension data', query.extension),
    ...columns.extensionNames.map((name, n) => option(name, `With ${name} (${formatCount(columns.extensionCounts[n])})`, query.extension)));

  const changefreq = $('filter-changefreq');
  changefreq.hidden = document_.summary.kind !== 'urlset';
  changefreq.replaceChildren(option('', 'Any changefreq', query.changefreq),
    ...['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never', '(other)', '(none)'].map((value) => option(value, value === '(none)' ? 'No changefreq' : value === '(other)' ? 'Other values' : value, query.changefreq)));
}

function updateRows(document_, { fromTop = false } = {}) {
  const { rows, query, summary } = document_;
  const filtered = query.text || query.issue || query.extension || query.changefreq;
  const [one, many] = listsSitemaps(summary.kind) ? ['sitemap', 'sitemaps'] : ['entry', 'entries'];
  const noun = summary.entries === 1 ? one : many;
  $('row-count').textContent = filtered ? `${formatCount(rows.length)} of ${formatCount(summary.entries)} ${noun}` : `${formatCount(summary.entries)} ${noun}`;
  $('row-count').dataset.rows = String(rows.length);
  $('filter-clear').hidden = !filtered;
  $('entries-tab-count').textContent = formatCount(rows.length);
  if (fromTop) entriesList.scrollToTop();
  entriesList.setRowCount(rows.length, summary.entries === 0 ? 'This document has no entries.' : 'No entry matches the filters.');
  updateExportScope(document_);
}

/** Asks the worker for the rows of `document_.query`; late answers for older queries are dropped. */
async function requestView(document_, { scrollToTop = false } = {}) {
  const token = ++viewToken;
  const { rows } = await worker.request('view', { id: document_.id, query: document_.query });
  if (token !== viewToken || current !== document_) return;
  document_.rows = rows;
  updateRows(document_, { fromTop: scrollToTop });
}

function applyQuery(change) {
  Object.assign(current.query, change);
  if ('sort' in change) entriesList.setSortIndicator(current.query.sort, current.query.descending);
  // A new filter or order starts at its first row.
  requestView(current, { scrollToTop: true }).catch((error) => say(`Could not filter: ${error.message}`, 'error'));
}

function setUpFilters() {
  let timer = 0;
  $('filter-text').addEventListener('input', (event) => {
    clearTimeout(timer);
    timer = setTimeout(() => applyQuery({ text: event.target.value }), 120);
  });
  $('filter-text').addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && event.target.value) { event.target.value = ''; applyQuery({ text: '' }); event.stopPropagation(); }
    if (event.key === 'ArrowDown' || (event.key === 'Enter' && current?.rows.length)) { event.preventDefault(); clearTimeout(timer); entriesList.focus(); }
  });
  $('filter-issue').addEventListener('change', (event) => applyQuery({ issue: event.target.value }));
  $('filter-extension').addEventListener('change', (event) => applyQuery({ extension: event.target.value }));
  $('filter-changefreq').addEventListener('change', (event) => applyQuery({ changefreq: event.target.value }));
  $('issue-severity').addEventListener('change', (event) => filterIssues({ severity: event.target.value }));
  $('issue-code').addEventListener('change', (event) => filterIssues({ code: event.target.value }));
  $('filter-clear').addEventListener('click', () => {
    $('filter-text').value = '';
    for (const id of ['filter-issue', 'filter-extension', 'filter-changefreq']) $(id).value = '';
    applyQuery({ text: '', issue: '', extension: '', changefreq: '' });
  });
}

// ------------------------------------------------------------------ detail

async function showEntry(index, focusIssue) {
  const document_ = current;
  try {
    const [detail, issueSource] = await Promise.all([
      worker.request('entry', { id: document_.id, index }),
      focusIssue && focusIssue.line > 0 ? worker.request('source', { id: document_.id, line: focusIssue.line, column: focusIssue.column }) : null,
    ]);
    if (current !== document_) return;
    const panel = $('detail');
    renderEntryDetail(panel, {
      detail,
      kind: document_.summary.kind,
      total: document_.summary.entries,
      issues: document_.issues,
      focusIssue,
      issueSource,
      onIssue: (n) => showIssue(n),
      onOpenChild: openChild,
      onShowInTable: () => showInTable(index),
      showImages: document_.showImages === true,
      onShowImages: () => { document_.showImages = true; showEntry(index, focusIssue); },
    });
    panel.dataset.entry = String(index);
    // One column (a phone): the detail is below the table, so bring it on screen.
    if (matchMedia('(max-width: 900px)').matches) panel.scrollIntoView({ block: 'start' });
  } catch (error) {
    say(`Could not show the entry: ${error.message}`, 'error');
  }
}

/** Shows an issue: its source lines, and the entry it belongs to (also made the table's focused row). */
async function showIssue(n) {
  const document_ = current;
  const issue = document_.issues[n];
  const entry = document_.issueEntry[n];
  if (entry >= 0) {
    const position = document_.rows.indexOf(entry);
    if (position >= 0) entriesList.setActive(position, { align: 'center' });
    await showEntry(entry, issue);
    return;
  }
  const source = issue.line > 0 ? await worker.request('source', { id: document_.id, line: issue.line, column: issue.column }) : null;
  if (current !== document_) return;
  renderIssueDetail($('detail'), issue, source);
  delete $('detail').dataset.entry;
}

/** Switches to the entries tab with `index` focused (clearing filters that hide it). */
async function showInTable(index) {
  selectTab('tab-entries');
  let position = current.rows.indexOf(index);
  if (position < 0) {
    $('filter-text').value = '';
    for (const id of ['filter-issue', 'filter-extension', 'filter-changefreq']) $(id).value = '';
    Object.assign(current.query, { text: '', issue: '', extension: '', changefreq: '' });
    await requestView(current);
    position = current.rows.indexOf(index);
  }
  if (position >= 0) entriesList.setActive(position, { focus: true, align: 'center' });
}

// ------------------------------------------------------------------ issues

function setUpIssues(document_) {
  const { issues } = document_;
  $('issues-tab-count').textContent = document_.validated ? formatCount(issues.length) : '…';
  const codes = new Map();
  for (const issue of issues) {
    const count = codes.get(issue.code) ?? { code: issue.code, severity: issue.severity, count: 0 };
    count.count++;
    if (issue.severity === 'error') count.severity = 'error';
    codes.set(issue.code, count);
  }
  const sorted = [...codes.values()].sort((a, b) => (a.severity === b.severity ? b.count - a.count : a.severity === 'error' ? -1 : 1));
  $('issue-code').replaceChildren(option('', 'All codes', document_.issueFilter.code), ...sorted.map(({ code, count }) => option(code, `${code} (${formatCount(count)})`, document_.issueFilter.code)));
  $('issue-severity').value = document_.issueFilter.severity;
  $('issue-codes').replaceChildren(...sorted.map(({ code, severity, count }) => h('button', {
    type: 'button', className: `chip ${severity}`, title: searchConsoleReport[code] ? `Search Console: ${searchConsoleReport[code]}` : code,
    on: { click: () => { $('issue-code').value = code; filterIssues({ code }); } },
  }, h('code', {}, code), ` ${formatCount(count)}`)));

  issuesList?.destroy();
  issuesList = new VirtualList($('issues-table'), {
    label: 'Issues',
    rowHeight: 30,
    template: '5.5rem 6.5rem minmax(12rem, 16rem) minmax(8rem, 12rem) minmax(16rem, 1fr)',
    columns: [
      { key: 'severity', label: 'severity', sortable: true },
      { key: 'position', label: 'line:col', className: 'number', sortable: true },
      { key: 'code', label: 'code', className: 'code', sortable: true },
      { key: 'report', label: 'Search Console', sortable: true },
      { key: 'message', label: 'message', className: 'message', sortable: true },
    ],
    onSort: (key, descending) => filterIssues({ sort: key, descending }),
    renderCell(cell, position, column) {
      const issue = issues[current.issueRows[position]];
      switch (column.key) {
        case 'severity': cell.replaceChildren(h('span', { className: `severity ${issue.severity}` }, issue.severity)); break;
        case 'position': cell.textContent = issue.line > 0 ? `${issue.line}:${issue.column}` : '—'; break;
        case 'code': cell.textContent = issue.code; break;
        case 'report': cell.textContent = searchConsoleReport[issue.code] ?? ''; break;
        case 'message': cell.textContent = issue.message; cell.title = issue.path ? `${issue.message}\n${issue.path}` : issue.message; break;
      }
    },
    onActivate: (position) => showIssue(current.issueRows[position]),
  });
  issuesList.element.dataset.table = 'issues';
  if (document_.issueFilter.sort) issuesList.setSortIndicator(document_.issueFilter.sort, document_.issueFilter.descending);
  filterIssues({});
}

function filterIssues(change) {
  const document_ = current;
  Object.assign(document_.issueFilter, change);
  const { severity, code } = document_.issueFilter;
  const { issues } = document_;
  const rows = [];
  for (let n = 0; n < issues.length; n++) {
    if (severity && issues[n].severity !== severity) continue;
    if (code && issues[n].code !== code) continue;
    rows.push(n);
  }
  const { sort, descending } = document_.issueFilter;
  if (sort) {
    const keyOf = issueSortKeys[sort];
    const direction = descending ? -1 : 1;
    // Ties keep the document's order (line order), whichever way the column sorts.
    rows.sort((a, b) => { const x = keyOf(issues[a]), y = keyOf(issues[b]); return (x < y ? -direction : x > y ? direction : 0) || a - b; });
  }
  document_.issueRows = Uint32Array.from(rows);
  const filtered = severity || code;
  $('issue-count').textContent = filtered ? `${formatCount(rows.length)} of ${plural(issues.length, 'issue')}` : plural(issues.length, 'issue');
  const empty = !document_.validated ? 'Validating…' : issues.length === 0 ? 'No issues: the document follows every rule checked.' : 'No issue matches.';
  issuesList.setRowCount(rows.length, empty);
}

// ------------------------------------------------------------------ charts

/** Draws the charts of the current document (asked of the worker the first time). */
async function drawCharts() {
  const document_ = current;
  const panel = $('panel-charts');
  if (!document_ || panel.childElementCount > 0) return;
  if (!document_.charts) {
    panel.replaceChildren(h('p', { className: 'muted spinner-text' }, 'Counting…'));
    try {
      document_.charts = await worker.request('charts', { id: document_.id });
    } catch (error) {
      panel.replaceChildren(h('p', { className: 'bad' }, `Could not draw the charts: ${error.message}`));
      return;
    }
    if (current !== document_) return;
  }
  const { charts, summary } = document_;
  const filterAndShow = (change) => {
    if ('text' in change) $('filter-text').value = change.text;
    if ('changefreq' in change) $('filter-changefreq').value = change.changefreq;
    applyQuery(change);
    selectTab('tab-entries');
  };
  panel.replaceChildren(...[
    lastmodHistogram(charts.lastmod, { width: Math.max(300, Math.min(1200, panel.clientWidth - 50)) }),
    charts.changefreq ? barList('changefreq', charts.changefreq, (value) => filterAndShow({ changefreq: value })) : null,
    charts.priority ? barList('priority', charts.priority, null) : null,
    barList(listsSitemaps(summary.kind) ? 'Sitemaps per directory' : 'URLs per directory', charts.directories, (directory) => filterAndShow({ text: directory }), 'directories'),
  ].filter(Boolean));
}

// ------------------------------------------------------------------ tabs and keys

function selectTab(id) {
  for (const tab of document.querySelectorAll('[role=tab]')) {
    const selected = tab.id === id;
    tab.setAttribute('aria-selected', String(selected));
    tab.tabIndex = selected ? 0 : -1;
    $(tab.getAttribute('aria-controls')).hidden = !selected;
  }
  if (id === 'tab-charts') drawCharts();
  if (id === 'tab-entries') entriesList?.schedule();
  if (id === 'tab-issues') issuesList?.schedule();
}

function setUpTabs() {
  const tabs = [...document.querySelectorAll('[role=tab]')];
  for (const tab of tabs) {
    tab.addEventListener('click', () => selectTab(tab.id));
    tab.addEventListener('keydown', (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
      selectTab(next.id);
      next.focus();
      event.preventDefault();
    });
  }
}

function setUpKeys() {
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const typing = event.target.closest?.('input, textarea, select, [contenteditable]');
    if (event.key === '/' && !typing) {
      event.preventDefault();
      selectTab('tab-entries');
      $('filter-text').focus();
      $('filter-text').select();
    }
  });
}

// ------------------------------------------------------------------ start

setUpSources({ openFile, openUrl, openText: (text) => open({ type: 'text', text, name: 'pasted text' }) });
setUpFilters();
$('check-children').addEventListener('click', () => checkChildren(current, { worker, relay, say, onDone: (document_) => { if (current === document_) refreshIndex(document_); } }));
setUpTabs();
setUpKeys();
setUpExportButtons({ worker, currentDocument: () => current });
say('');

// First open: ?url=… if given, else the bundled example.
const requested = AddressBar.requested();
if (requested.url) openUrl(requested.url, { useLocation: requested.useLocation });
else openUrl(new URL('/examples/example-sitemap.xml', location.href).href, { useLocation: false, bundled: true });
