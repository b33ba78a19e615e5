// Downloads made in the worker from the current rows: CSV, JSON, and the sitemap itself written
// again with the package's serializer, split at the protocol's limits (50,000 entries, 52,428,800
// bytes uncompressed) into parts plus a sitemap index, delivered as one .zip when there are several.

import { CHANGEFREQ_VALUES, checkDatetime, gzip, LIMITS, searchConsoleReport, serializeSitemap, serializeSitemapIndex, SitemapError } from '/sitemapkit/index.js';
import { zipSync } from '/vendor/fflate.js';
import { issuesOfEntry } from './sitemap-document.js';

const encoder = new TextEncoder();
const CHANGEFREQ_SET = new Set(CHANGEFREQ_VALUES);
/** What XML 1.0 cannot carry (the serializer refuses it): C0 controls but tab/LF/CR, U+FFFE/FFFF, lone surrogates. */
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
const EDGE_SPACE = /^[ \t\r\n]|[ \t\r\n]$/;
/** A URI scheme: the serializer writes only absolute locs (and only xsd:anyURI ones of 12 to 2,048 characters). */
const ABSOLUTE = /^[A-Za-z][A-Za-z0-9+.-]*:/;
const CORE_FIELDS = ['loc', 'lastmod', 'changefreq', 'priority'];

/** A file to download: name, media type and bytes. */
const file = (name, type, bytes) => ({ name, type, bytes });

/** A CSV field: quoted when needed; text that a spreadsheet would run as a formula gets a leading `'`. */
function csvField(value) {
  if (value === undefined || value === null) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  let text = String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

function itemCount(value) {
  if (value === undefined || value === null) return 0;
  return Array.isArray(value) ? value.length : 1;
}

/**
 * Every leaf of an extension value, keyed by its path of field names (`images_loc`,
 * `videos_playerLoc_loc`); several items' values under one key, in order.
 */
function extensionLeaves(value, path, into) {
  if (value === undefined || value === null) return into;
  if (Array.isArray(value)) {
    for (const item of value) extensionLeaves(item, path, into);
  } else if (typeof value === 'object' && !(value instanceof Date)) {
    for (const [key, item] of Object.entries(value)) extensionLeaves(item, `${path}_${key}`, into);
  } else {
    let list = into.get(path);
    if (!list) into.set(path, (list = []));
    list.push(value instanceof Date ? value.toISOString() : String(value));
  }
  return into;
}

/** Values of several items in one CSV cell. */
const ITEM_SEPARATOR = ' | ';

/**
 * The rows as CSV (RFC 4180, CRLF, UTF-8 with a byte-order mark so spreadsheets read it as
 * UTF-8): the entry's fields, its error and warning counts and issue codes, and for each
 * extension field how many items the entry has and then its values, one column per field of
 * the extension (`images_loc`, `videos_title`, …; several items' values joined with " | ").
 *
 * @example
 * entriesCsv(document, rows).name; // 'sitemap.csv'
 */
export function entriesCsv(document, rows, baseName) {
  const { entries, issues } = document;
  const extensions = document.extensionNames ?? [];
  const fields = document.kind === 'sitemapindex' ? ['loc', 'lastmod'] : ['loc', 'lastmod', 'changefreq', 'priority'];
  // First pass: the extension columns these rows fill, in the order first met.
  const leafColumns = new Set();
  const leavesByRow = new Array(rows.length);
  for (let n = 0; n < rows.length; n++) {
    const entry = entries[rows[n]];
    let leaves;
    for (const name of extensions) {
      if (entry[name] === undefined) continue;
      leaves = extensionLeaves(entry[name], name, leaves ?? new Map());
    }
    if (leaves) for (const key of leaves.keys()) leafColumns.add(key);
    leavesByRow[n] = leaves;
  }
  const leafNames = [...leafColumns];
  const header = [...fields, 'errors', 'warnings', 'issue_codes', ...extensions.map((name) => `${name}_count`), ...leafNames];
  const lines = [header.map(csvField).join(',')];
  for (let n = 0; n < rows.length; n++) {
    const i = rows[n];
    const entry = entries[i];
    const codes = [...new Set(issuesOfEntry(document, i).map((k) => issues[k].code))].join(' ');
    const cells = fields.map((field) => csvField(entry[field]));
    cells.push(String(document.entryErrors[i]), String(document.entryWarnings[i]), csvField(codes));
    for (const name of extensions) cells.push(String(itemCount(entry[name])));
    const leaves = leavesByRow[n];
    for (const key of leafNames) cells.push(csvField(leaves?.get(key)?.join(ITEM_SEPARATOR)));
    lines.push(cells.join(','));
  }
  return file(`${baseName}.csv`, 'text/csv;charset=utf-8', encoder.encode(`\uFEFF${lines.join('\r\n')}\r\n`));
}

/**
 * The issues as CSV (the same dialect as `entriesCsv`): severity, line, column, code, the Search
 * Console report it falls under, message, path, value, and the loc of the entry it belongs to.
 *
 * @example
 * issuesCsv(document, 'sitemap').name; // 'sitemap-issues.csv'
 */
export function issuesCsv(document, baseName) {
  const header = ['severity', 'line', 'column', 'code', 'search_console_report', 'message', 'path', 'value', 'entry_loc'];
  const lines = [header.join(',')];
  const { issues, issueEntry, entries } = document;
  for (let n = 0; n < issues.length; n++) {
    const issue = issues[n];
    const entry = issueEntry[n] >= 0 ? entries[issueEntry[n]] : undefined;
    lines.push([issue.severity, issue.line > 0 ? issue.line : '', issue.line > 0 ? issue.column : '', issue.code, searchConsoleReport[issue.code] ?? '', issue.message, issue.path ?? '', issue.value, entry?.loc]
      .map(csvField).join(','));
  }
  return file(`${baseName}-issues.csv`, 'text/csv;charset=utf-8', encoder.encode(`\uFEFF${lines.join('\r\n')}\r\n`));
}

/**
 * The rows as a JSON array of the entries as the package returned them (extension fields
 * included), one entry per line.
 *
 * @example
 * JSON.parse(new TextDecoder().decode(entriesJson(document, rows).bytes)).length === rows.length;
 */
export function entriesJson(document, rows, baseName) {
  const parts = new Array(rows.length);
  for (let n = 0; n < rows.length; n++) parts[n] = JSON.stringify(document.entries[rows[n]]);
  return file(`${baseName}.json`, 'application/json', encoder.encode(rows.length === 0 ? '[]\n' : `[\n${parts.join(',\n')}\n]\n`));
}

/**
 * The entries in a form the serializer accepts, and what had to be left out to get there (values
 * that a recovering reader kept but XML or the schema cannot hold).
 */
function writableEntries(document, rows) {
  const isIndex = document.kind === 'sitemapindex';
  const out = [];
  const dropped = { loc: 0, lastmod: 0, changefreq: 0, priority: 0, lowercased: 0 };
  for (const i of rows) {
    const entry = document.entries[i];
    if (!entry.loc || NOT_XML.test(entry.loc) || EDGE_SPACE.test(entry.loc) || !ABSOLUTE.test(entry.loc) || entry.loc.length < 12 || entry.loc.length > 2048) { dropped.loc++; continue; }
    let copy = entry;
    const change = (field, value) => {
      if (copy === entry) copy = { ...entry };
      if (value === undefined) delete copy[field]; else copy[field] = value;
    };
    // The schema's date forms only (xsd:date, xsd:dateTime): what the serializer writes.
    if (typeof entry.lastmod === 'string' && (EDGE_SPACE.test(entry.lastmod) || !checkDatetime(entry.lastmod, 'xsd').valid)) { change('lastmod'); dropped.lastmod++; }
    if (!isIndex) {
      const changefreq = entry.changefreq;
      if (changefreq !== undefined && !CHANGEFREQ_SET.has(changefreq)) {
        if (CHANGEFREQ_SET.has(changefreq.toLowerCase())) { change('changefreq', changefreq.toLowerCase()); dropped.lowercased++; } else { change('changefreq'); dropped.changefreq++; }
      }
      if (entry.priority !== undefined && !(typeof entry.priority === 'number' && entry.priority >= 0 && entry.priority <= 1)) { change('priority'); dropped.priority++; }
    }
    out.push(copy);
  }
  const count = (n, one, many) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
  const notes = [];
  if (dropped.loc) notes.push(`Left out: ${count(dropped.loc, 'entry', 'entries')} without a writable loc`);
  if (dropped.lastmod) notes.push(`Left out: ${count(dropped.lastmod, 'lastmod value', 'lastmod values')} the sitemap schema does not take as a date (YYYY-MM-DD, or a date and time with seconds)`);
  if (dropped.changefreq) notes.push(`Left out: ${count(dropped.changefreq, 'changefreq value', 'changefreq values')} not one of ${CHANGEFREQ_VALUES.join(', ')}`);
  if (dropped.lowercased) notes.push(`Lowercased: ${count(dropped.lowercased, 'changefreq value', 'changefreq values')}`);
  if (dropped.priority) notes.push(`Left out: ${count(dropped.priority, 'priority value', 'priority values')} outside 0.0–1.0`);
  return { entries: out, notes };
}

/**
 * Serializes one part; an entry the serializer still refuses (its error names it by path,
 * `urlset/url[3]/lastmod`) loses that field, or its extension data when the path points into
 * that, or is left out when the field is its loc; then the part is written again.
 */
function serializePart(list, isIndex, notes) {
  const write = isIndex ? serializeSitemapIndex : serializeSitemap;
  for (let attempt = 0; attempt < 50; attempt++) {
    try {
      return write(list);
    } catch (error) {
      if (!(error instanceof SitemapError) || error.code !== 'SERIALIZE_INVALID_VALUE') throw error;
      const index = error.entry - 1; // 0 (no entry): -1, no entry to leave out
      const entry = list[index];
      if (!entry) throw error;
      const field = error.field; // `lastmod`, or a path into extension data (`image:image[2]/image:loc`)
      const reason = error.message;
      if (!field || field === 'loc') {
        list.splice(index, 1);
        notes.push(`Left out ${entry.loc}: ${reason}`);
      } else if (Object.hasOwn(entry, field)) {
        list[index] = { ...entry };
        delete list[index][field];
        notes.push(`Left out the ${field} of ${entry.loc}: ${reason}`);
      } else {
        // A path into extension data (image:image[2]/…): write the entry without its extensions.
        list[index] = Object.fromEntries(Object.entries(entry).filter(([key]) => CORE_FIELDS.includes(key)));
        notes.push(`Left out the extension data of ${entry.loc}: ${reason}`);
      }
    }
  }
  throw new Error('Too many values the serializer refuses: nothing was written');
}

/** Splits `list` into parts of at most 52,428,800 bytes each (halving until every part fits). */
function partsBySize(list, isIndex, notes, parts) {
  const bytes = serializePart(list, isIndex, notes);
  if (bytes.length <= LIMITS.maxSitemapBytes || list.length <= 1) {
    parts.push({ entries: list, bytes });
    return;
  }
  const half = Math.ceil(list.length / 2);
  partsBySize(list.slice(0, half), isIndex, notes, parts);
  partsBySize(list.slice(half), isIndex, notes, parts);
}

/** The latest lastmod among `entries` (as written), for the index entry of their part. */
function latestLastmod(entries) {
  let best, bestTime = -Infinity;
  for (const entry of entries) {
    if (entry.lastmod === undefined) continue;
    const time = Date.parse(entry.lastmod);
    if (time > bestTime) { bestTime = time; best = entry.lastmod; }
  }
  return best;
}

/**
 * The rows written again as a sitemap (or index): one `.xml`/`.xml.gz` when they fit the limits,
 * else parts `NAME-1.xml…` plus `NAME-index.xml` listing them at `baseUrl`, zipped.
 *
 * @example
 * const { file, notes } = sitemapFiles(document, rows, { baseName: 'sitemap', gzip: true, baseUrl: 'https://example.com/' });
 */
export function sitemapFiles(document, rows, { baseName, gzip: compress = false, baseUrl = '' }) {
  if (document.kind !== 'urlset' && document.kind !== 'sitemapindex' && document.kind !== 'text') throw new Error('Only a sitemap or a sitemap index can be written');
  const isIndex = document.kind === 'sitemapindex';
  const { entries, notes } = writableEntries(document, rows);
  if (entries.length === 0) throw new Error('Nothing to write: no entries (an empty sitemap is not valid)');
  const limit = isIndex ? LIMITS.maxSitemapsPerIndex : LIMITS.maxUrlsPerSitemap;
  const parts = [];
  for (let start = 0; start < entries.length; start += limit) partsBySize(entries.slice(start, start + limit), isIndex, notes, parts);
  const extension = compress ? '.xml.gz' : '.xml';
  const finish = (bytes) => (compress ? gzip(bytes, 9) : bytes);
  const type = compress ? 'application/gzip' : 'application/xml';
  if (parts.length === 1) return { file: file(`${baseName}${extension}`, type, finish(parts[0].bytes)), notes, parts: 1 };

  const members = {};
  const names = parts.map((_, n) => `${baseName}-${n + 1}${extension}`);
  parts.forEach((part, n) => { members[names[n]] = finish(part.bytes); });
  if (isIndex) {
    notes.push(`${parts.length} index files: an index may not list other indexes, so submit each of them`);
  } else {
    let base;
    try {
      base = new URL(baseUrl);
      if (base.protocol !== 'http:' && base.protocol !== 'https:') throw new Error('not http(s)');
    } catch {
      throw new Error(`The parts need the URL of the folder they will be served from (an absolute http(s) URL), not "${baseUrl}"`);
    }
    if (!base.pathname.endsWith('/')) base.pathname += '/';
    const index = parts.map((part, n) => {
      const lastmod = latestLastmod(part.entries);
      return lastmod === undefined ? { loc: new URL(names[n], base).href } : { loc: new URL(names[n], base).href, lastmod };
    });
    members[`${baseName}-index.xml`] = serializeSitemapIndex(index, { pretty: true });
    notes.push(`${parts.length} sitemaps and ${baseName}-index.xml listing them at ${base.href}: submit the index`);
  }
  // Stored, not deflated again, when the parts are gzip already.
  const zip = zipSync(members, { level: compress ? 0 : 6 });
  return { file: file(`${baseName}${compress ? '-xml-gz' : ''}.zip`, 'application/zip', zip), notes, parts: parts.length };
}
