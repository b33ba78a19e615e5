// One opened sitemap, inside the worker: read once with the package (parse for the entries,
// validate for the issues and statistics), then kept here so that filters, sorting, details,
// source lines and exports never read the file again. What the page needs to draw the table
// leaves as a few big strings and typed arrays (see `tableColumns`), not 50,000 objects.

import { CHANGEFREQ_VALUES, gunzipPartial, isGzip, LIMITS, parse, parseFeed, readRobotsTxtSitemaps, SitemapError, sniffFormat, validate } from '/sitemapkit/index.js';
import { LINE_END, looksLikeTextSitemap, readTextSitemap, textIssuesOf } from './text-sitemap.js';

/** The fields every entry has a column for; any other own property is an extension (images, videos, …). */
const CORE_FIELDS = new Set(['loc', 'lastmod', 'changefreq', 'priority']);

/** Known extension namespaces, by what people call them. */
const NAMESPACE_NAMES = {
  'http://www.google.com/schemas/sitemap-image/1.1': 'image',
  'http://www.google.com/schemas/sitemap-video/1.1': 'video',
  'http://www.google.com/schemas/sitemap-news/0.9': 'news',
  'http://www.w3.org/1999/xhtml': 'xhtml (hreflang alternates)',
  'http://www.google.com/schemas/sitemap-mobile/1.0': 'mobile (retired)',
  'http://www.google.com/schemas/sitemap-pagemap/1.0': 'pagemap',
  'http://www.w3.org/2001/XMLSchema-instance': 'xsi (schema location)',
};

/** Resolves relative Sitemap lines of a robots.txt that came without a URL (a file, pasted text). */
const NO_ROBOTS_URL = 'https://robots-txt.invalid/robots.txt';
const decoderFor = (label) => { try { return new TextDecoder(label); } catch { return new TextDecoder('utf-8'); } };

/**
 * Reads `bytes` (what the user opened: XML, gzip or a text sitemap) into a document: its entries,
 * ready for the table. Validation is the second step (`runValidation`), so that the page can
 * draw the table while it runs. Never throws for bad content: everything wrong becomes an issue.
 *
 * `inflated`: the gzip input already inflated by the caller (else the package's gunzip runs).
 *
 * @example
 * const document = readSitemapDocument(bytes, { name: 'sitemap.xml', profile: 'google' });
 * postTable(document); runValidation(document); postIssues(document);
 */
export function readSitemapDocument(input, { name, url, profile = 'google', location, inflated, crossSubmit, tooLarge } = {}) {
  const started = performance.now();
  const document = {
    name, url, profile, location, crossSubmit, tooLarge,
    input,
    gzipped: isGzip(input),
    format: 'xml',
    xml: input,
    text: undefined,
    lineStarts: undefined,
    entryLines: undefined,
    kind: undefined,
    entries: [],
    readIssues: [],
    timings: {},
    lastView: undefined,
    sortCache: new Map(),
    validated: false,
    issues: [],
    issueEntry: new Int32Array(0),
  };
  if (document.gzipped && inflated) {
    document.xml = inflated; // the browser's own inflater got there first (see worker.js)
  } else if (document.gzipped) {
    try {
      const { bytes, damage } = gunzipPartial(input, { maxBytes: LIMITS.defaultMaxInputBytes });
      document.xml = bytes;
      if (damage) document.readIssues.push(issueFromError(damage, 'The gzip data is damaged or cut off; what inflated before that is shown'));
    } catch (error) {
      if (!(error instanceof SitemapError)) throw error;
      document.xml = new Uint8Array(0);
      document.readIssues.push(issueFromError(error));
    }
  }
  document.timings.gunzip = performance.now() - started;

  if (tooLarge !== undefined) {
    // Not read at all: the page says so where the verdict is and offers to read it as a stream.
    document.readIssues.push({ code: 'INPUT_TOO_LARGE', severity: 'error', message: `The file is ${tooLarge.toLocaleString('en-US')} bytes: more than the ${LIMITS.defaultMaxInputBytes.toLocaleString('en-US')} the viewer reads at once (and than the protocol's 52,428,800). Read it as a stream to see its entries.`, line: 0, column: 0, path: '' });
    document.parseIssues = [];
    document.leftOut = [];
    document.entryErrors = new Uint16Array(0);
    document.entryWarnings = new Uint16Array(0);
    document.timings.read = performance.now() - started;
    return document;
  }
  // What it is, by content (the library's one sniffing rule), picks the reader.
  const bytes = document.xml;
  const utf16 = (bytes[0] === 0xfe && bytes[1] === 0xff) || (bytes[0] === 0xff && bytes[1] === 0xfe);
  const head = utf16 ? '' : new TextDecoder().decode(bytes.subarray(0, 4096));
  const sniffed = sniffFormat(bytes);
  document.sniffed = sniffed;
  const parseStarted = performance.now();
  // Text that is no URL on its first line still reads best line by line: each bad line an issue.
  if (sniffed === 'text' || (sniffed === 'unknown' && !head.includes('\0') && looksLikeTextSitemap(head))) {
    readText(document);
  } else if (sniffed === 'robots') {
    readRobots(document);
  } else if (sniffed === 'rss' || sniffed === 'atom') {
    readFeed(document, sniffed);
  } else {
    try {
      const result = parse(document.xml, { recover: true });
      document.kind = result.kind;
      document.entries = result.kind === 'urlset' ? result.urls : result.sitemaps;
      document.parseIssues = result.issues;
    } catch (error) {
      // Not a sitemap at all (an HTML page, another root): validate() says what it is.
      if (!(error instanceof SitemapError)) throw error;
      document.parseIssues = [];
    }
  }
  document.timings.parse = performance.now() - parseStarted;
  document.leftOut = leftOutEntries(document.parseIssues);
  document.entryErrors = new Uint16Array(document.entries.length);
  document.entryWarnings = new Uint16Array(document.entries.length);
  document.timings.read = performance.now() - started;
  return document;
}

/** A text sitemap, read by the package's text reader line by line. */
function readText(document) {
  document.format = 'text';
  document.kind = 'text';
  document.text = new TextDecoder().decode(document.xml);
  try {
    document.textSitemap = readTextSitemap(document.text);
  } catch (error) {
    if (!(error instanceof SitemapError)) throw error;
    document.textSitemap = { entries: [], entryLines: new Uint32Array(0), issues: [issueFromError(error)], xml: '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>' };
  }
  document.entries = document.textSitemap.entries;
  document.entryLines = document.textSitemap.entryLines;
  document.parseIssues = [];
}

/**
 * A robots.txt: its Sitemap lines are the entries (each opens in place, judged as cross-submitted
 * by this host), its issues those of the lines the reader skipped or read with a caveat.
 */
function readRobots(document) {
  document.format = 'robots';
  document.kind = 'robots';
  document.text = new TextDecoder().decode(document.xml);
  const base = document.url ?? document.location ?? NO_ROBOTS_URL;
  const robots = readRobotsTxtSitemaps(document.text, base);
  document.entries = robots.sitemaps.map((loc) => ({ loc }));
  document.robotsIssues = robots.issues;
  document.robotsHost = base === NO_ROBOTS_URL ? undefined : new URL(base).host;
  // Where each kept Sitemap line is: the line whose own reading gives the next URL, in order.
  const lines = document.text.split(LINE_END);
  const entryLines = new Uint32Array(document.entries.length);
  for (let i = 0, next = 0; i < lines.length && next < entryLines.length; i++) {
    if (!/^\s*site-?map/i.test(lines[i])) continue;
    if (readRobotsTxtSitemaps(lines[i], base).sitemaps[0] === document.entries[next].loc) entryLines[next++] = i + 1;
  }
  document.entryLines = entryLines;
  document.parseIssues = [];
}

/** An RSS or Atom feed, read as the urlset it stands for (each item's link and date). */
function readFeed(document, format) {
  document.format = format;
  try {
    const result = parseFeed(document.xml, { recover: true });
    document.kind = 'urlset';
    document.entries = result.urls;
    document.parseIssues = result.issues;
  } catch (error) {
    if (!(error instanceof SitemapError)) throw error;
    document.parseIssues = [issueFromError(error)];
  }
}

/**
 * (Re)validates with the document's profile and location, and maps each issue to its entry.
 *
 * @example
 * document.profile = 'xsd'; runValidation(document);
 */
export function runValidation(document) {
  const started = performance.now();
  if (document.tooLarge !== undefined) {
    // Read as a stream (or not at all): the stream's issues, and the size, are the verdict.
    const found = document.streamIssues ?? [];
    finishValidation(document, document.streamed ? found : [], { hosts: [], extensions: [], lastmod: undefined }, started, document.kind);
    return;
  }
  if (document.format === 'robots' || document.format === 'rss' || document.format === 'atom') {
    finishValidation(document, document.format === 'robots' ? document.robotsIssues : document.parseIssues, { hosts: [], extensions: [], lastmod: undefined }, started);
    return;
  }
  const options = { profile: document.profile };
  if (document.location) options.location = document.location;
  if (document.crossSubmit?.length) options.crossSubmit = document.crossSubmit;
  const source = document.format === 'text' ? document.textSitemap.xml : document.xml;
  let result;
  try {
    result = validate(source, options);
  } catch (error) {
    // A bad option (a location that is not a URL): say so, validate without it.
    if (!(error instanceof SitemapError) || error.code !== 'INPUT_INVALID_OPTION') throw error;
    result = validate(source, { profile: document.profile });
    result.issues.unshift(issueFromError(error, undefined, 'warning', '; validated without it'));
  }
  let issues = result.issues;
  if (document.format === 'text') issues = textSitemapIssues(document, issues);
  finishValidation(document, issues, result.stats, started, result.kind);
}

/** Keeps a validation's issues (after the reading issues) and statistics, and maps issues to entries. */
function finishValidation(document, found, stats, started, kind) {
  const issues = [...document.readIssues, ...found];
  document.issues = issues;
  document.valid = !issues.some((issue) => issue.severity === 'error');
  document.stats = stats;
  if (document.kind === undefined) document.kind = kind;
  mapIssuesToEntries(document);
  document.validated = true;
  document.sortCache.delete('issues');
  document.timings.validate = performance.now() - started;
}

/** Issues of a text sitemap: the line reader's, then validate()'s cross-entry rules worded for lines. */
function textSitemapIssues(document, issues) {
  const { textSitemap } = document;
  const order = (issue) => (issue.line > 0 ? issue.line : Number.MAX_SAFE_INTEGER);
  return [...textSitemap.issues, ...textIssuesOf(issues, textSitemap.entryLines)].sort((a, b) => order(a) - order(b) || a.column - b.column);
}

/** A SitemapError as an issue (its position as it has it, 0 when unknown), its message between `prefix: ` and `suffix`. */
function issueFromError(error, prefix, severity = 'error', suffix = '') {
  const issue = error.toIssue(severity, true);
  issue.message = `${prefix ? `${prefix}: ` : ''}${issue.message}${suffix}`;
  return issue;
}

/**
 * The entry elements (numbered as in paths, `urlset/url[41]`, from 1: `issue.entry`) the reader
 * left out of `entries` (`issue.leftOut`: cut off by the end of the document, nested and without
 * a loc, a feed item without a link). Ascending.
 */
function leftOutEntries(parseIssues) {
  const numbers = [];
  for (const issue of parseIssues) if (issue.leftOut && issue.entry > 0) numbers.push(issue.entry);
  return numbers.sort((a, b) => a - b);
}

/** The index in `entries` of the entry element numbered `number` in paths, or -1 if it was left out. */
function entryIndexOf(document, number) {
  const { leftOut } = document;
  let before = 0;
  while (before < leftOut.length && leftOut[before] < number) before++;
  if (leftOut[before] === number) return -1;
  return number - 1 - before;
}

/**
 * `issueEntry[i]`: the index in `entries` of issue i's entry, or -1 (document-level). Paths name
 * entries by their position among the document's entry elements (`urlset/url[41]`), which is the
 * index in `entries` plus the entries the reader left out before it.
 */
function mapIssuesToEntries(document) {
  const { issues, entries } = document;
  const issueEntry = new Int32Array(issues.length);
  const errors = new Uint16Array(entries.length);
  const warnings = new Uint16Array(entries.length);
  for (let i = 0; i < issues.length; i++) {
    const issue = issues[i];
    let index = -1;
    if (document.format === 'text' || document.format === 'robots') {
      index = binarySearch(document.entryLines, issue.line);
    } else {
      if (issue.entry > 0) index = entryIndexOf(document, issue.entry);
    }
    if (index >= entries.length) index = -1;
    issueEntry[i] = index;
    if (index >= 0) {
      if (issue.severity === 'error') errors[index] = Math.min(errors[index] + 1, 65535);
      else warnings[index] = Math.min(warnings[index] + 1, 65535);
    }
  }
  document.issueEntry = issueEntry;
  document.entryErrors = errors;
  document.entryWarnings = warnings;
  document.entryIssues = undefined; // rebuilt on demand
}

/** Index of `value` in sorted `array`, or -1. */
function binarySearch(array, value) {
  let low = 0, high = array.length - 1;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if (array[middle] === value) return middle;
    if (array[middle] < value) low = middle + 1; else high = middle - 1;
  }
  return -1;
}

/**
 * Issue indices of one entry (built once per validation: entry → its issues).
 *
 * @example
 * for (const n of issuesOfEntry(document, 40)) console.log(document.issues[n].code);
 */
export function issuesOfEntry(document, index) {
  if (!document.entryIssues) {
    const byEntry = new Map();
    const { issueEntry } = document;
    for (let i = 0; i < issueEntry.length; i++) {
      const entry = issueEntry[i];
      if (entry < 0) continue;
      let list = byEntry.get(entry);
      if (!list) byEntry.set(entry, (list = []));
      list.push(i);
    }
    document.entryIssues = byEntry;
  }
  return document.entryIssues.get(index) ?? [];
}

/** The extension fields of an entry that hold something (arrays with items, objects, values). */
function extensionKeysOf(entry) {
  const keys = [];
  for (const key of Object.keys(entry)) {
    if (CORE_FIELDS.has(key)) continue;
    const value = entry[key];
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue;
    keys.push(key);
  }
  return keys;
}

/** Per entry, a bit per extension field it uses; the field names in the order first seen. */
function extensionColumns(entries) {
  const names = [];
  const bits = new Map();
  let mask;
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i];
    // Fast path: the four core fields only (no extension branch has landed data on this entry).
    let hasExtra = false;
    for (const key in entry) if (!CORE_FIELDS.has(key)) { hasExtra = true; break; }
    if (!hasExtra) continue;
    for (const key of extensionKeysOf(entry)) {
      let bit = bits.get(key);
      if (bit === undefined) {
        if (names.length === 32) continue; // more than 32 kinds of extension field: the rest are not filterable
        bit = 1 << names.length;
        bits.set(key, bit);
        names.push(key);
      }
      mask ??= new Uint32Array(entries.length);
      mask[i] |= bit;
    }
  }
  const counts = names.map((_, n) => {
    let count = 0;
    if (mask) for (let i = 0; i < mask.length; i++) if (mask[i] & (1 << n)) count++;
    return count;
  });
  return { names, counts, mask: mask ?? new Uint32Array(entries.length) };
}

/** Many strings as one string and where each starts (offsets.length = count + 1). */
function stringColumn(entries, field) {
  const pieces = new Array(entries.length);
  const offsets = new Uint32Array(entries.length + 1);
  let at = 0;
  for (let i = 0; i < entries.length; i++) {
    const value = entries[i][field];
    const text = value === undefined ? '' : String(value);
    pieces[i] = text;
    offsets[i] = at;
    at += text.length;
  }
  offsets[entries.length] = at;
  return { text: pieces.join(''), offsets };
}

/**
 * What the page draws the table from (issue counts come with the issues, after validation), as a few strings and typed arrays (posting 50,000 objects
 * costs a structured clone per object; these cost one copy per string and nothing per array,
 * whose buffers are transferred). `transfer` lists those buffers.
 *
 * @example
 * const { columns, transfer } = tableColumns(document); postMessage(columns, transfer);
 */
export function tableColumns(document) {
  const { entries } = document;
  const loc = stringColumn(entries, 'loc');
  const lastmod = stringColumn(entries, 'lastmod');
  const changefreq = stringColumn(entries, 'changefreq');
  const priority = new Float64Array(entries.length);
  for (let i = 0; i < entries.length; i++) {
    const value = entries[i].priority;
    priority[i] = typeof value === 'number' ? value : NaN;
  }
  const extensions = extensionColumns(entries);
  document.extensionNames = extensions.names;
  document.extensionMask = extensions.mask;
  const extensionMask = extensions.mask.slice();
  const columns = {
    count: entries.length,
    loc, lastmod, changefreq, priority,
    extensionNames: extensions.names,
    extensionCounts: extensions.counts,
    extensionMask,
  };
  const transfer = [loc.offsets.buffer, lastmod.offsets.buffer, changefreq.offsets.buffer, priority.buffer, extensionMask.buffer];
  return { columns, transfer };
}

/**
 * The issues for the page: the objects themselves (bounded by the reader's error cap and by the
 * entries), the entry each belongs to, and each entry's error and warning counts (typed arrays,
 * transferred).
 *
 * @example
 * const { issues, issueEntry, transfer } = issueColumns(document);
 */
export function issueColumns(document) {
  const issueEntry = document.issueEntry.slice();
  const errors = document.entryErrors.slice();
  const warnings = document.entryWarnings.slice();
  return { issues: document.issues, issueEntry, errors, warnings, transfer: [issueEntry.buffer, errors.buffer, warnings.buffer] };
}

/**
 * Milliseconds since 1970 of each valid lastmod (NaN when missing or unreadable), computed once.
 *
 * @example
 * const newest = Math.max(...lastmodTimes(document).filter((time) => !Number.isNaN(time)));
 */
export function lastmodTimes(document) {
  if (!document.lastmodTimes) {
    const { entries } = document;
    const times = new Float64Array(entries.length);
    for (let i = 0; i < entries.length; i++) {
      const value = entries[i].lastmod;
      times[i] = value === undefined ? NaN : Date.parse(value);
    }
    document.lastmodTimes = times;
  }
  return document.lastmodTimes;
}

/**
 * The summary the page shows above the table.
 *
 * @example
 * summaryOf(document).verdict; // { valid: false, errors: 3, warnings: 12 }
 */
export function summaryOf(document) {
  const { issues } = document;
  let errors = 0, warnings = 0;
  for (const issue of issues) if (issue.severity === 'error') errors++; else warnings++;
  // Before validation has run, the statistics it gathers are not known yet.
  const stats = document.stats ?? { hosts: [], extensions: [], lastmod: undefined };
  const namespaces = stats.extensions.filter((namespace) => namespace !== 'http://www.w3.org/2001/XMLSchema-instance');
  return {
    validated: document.validated,
    name: document.name,
    url: document.url,
    kind: document.kind,
    format: document.format,
    entries: document.entries.length,
    bytes: document.tooLarge ?? document.input.length,
    uncompressedBytes: document.tooLarge ?? document.xml.length,
    gzipped: document.gzipped,
    hosts: stats.hosts.slice(0, 20),
    hostCount: stats.hosts.length,
    extensions: namespaces.map((namespace) => ({ namespace, name: NAMESPACE_NAMES[namespace] ?? namespace })),
    extensionFields: document.extensionNames ?? [],
    lastmod: stats.lastmod,
    verdict: document.validated ? { valid: document.valid, errors, warnings } : undefined,
    profile: document.profile,
    location: document.location,
    crossSubmit: document.crossSubmit ?? [],
    tooLarge: document.tooLarge,
    streamed: document.streamed,
    robotsHost: document.robotsHost,
    sniffed: document.sniffed,
    limits: { urls: document.kind === 'sitemapindex' ? LIMITS.maxSitemapsPerIndex : LIMITS.maxUrlsPerSitemap, bytes: LIMITS.maxSitemapBytes },
    timings: { ...document.timings },
  };
}

/**
 * Distributions for the charts: lastmod over time, changefreq, priority, URLs per directory.
 *
 * @example
 * chartsOf(document).changefreq; // [{ label: 'daily', count: 120 }, …]
 */
export function chartsOf(document) {
  const { entries } = document;
  const times = lastmodTimes(document);
  return {
    lastmod: lastmodHistogram(times, entries),
    changefreq: document.kind !== 'urlset' || document.format !== 'xml' ? null : changefreqCounts(entries),
    priority: document.kind !== 'urlset' || document.format !== 'xml' ? null : priorityCounts(entries),
    directories: directoryCounts(entries, (document.stats?.hosts.length ?? 0) > 1),
  };
}

function lastmodHistogram(times, entries) {
  let min = Infinity, max = -Infinity, dated = 0, unreadable = 0;
  for (let i = 0; i < times.length; i++) {
    const time = times[i];
    if (Number.isNaN(time)) { if (entries[i].lastmod !== undefined) unreadable++; continue; }
    dated++;
    if (time < min) min = time;
    if (time > max) max = time;
  }
  const missing = entries.length - dated - unreadable;
  if (dated === 0) return { unit: 'none', buckets: [], missing, unreadable };
  const day = 86_400_000;
  const span = max - min;
  const unit = span <= 92 * day ? 'day' : span <= 15 * 366 * day ? 'month' : 'year';
  const keyOf = (time) => {
    const date = new Date(time);
    if (unit === 'day') return Math.floor(time / day);
    if (unit === 'month') return date.getUTCFullYear() * 12 + date.getUTCMonth();
    return date.getUTCFullYear();
  };
  const first = keyOf(min), last = keyOf(max);
  const counts = new Uint32Array(last - first + 1);
  for (let i = 0; i < times.length; i++) if (!Number.isNaN(times[i])) counts[keyOf(times[i]) - first]++;
  const labelOf = (key) => {
    if (unit === 'day') return new Date(key * day).toISOString().slice(0, 10);
    if (unit === 'month') return `${Math.floor(key / 12)}-${String((key % 12) + 1).padStart(2, '0')}`;
    return String(key);
  };
  return { unit, buckets: Array.from(counts, (count, i) => ({ label: labelOf(first + i), count })), missing, unreadable };
}

function changefreqCounts(entries) {
  const counts = new Map(CHANGEFREQ_VALUES.map((value) => [value, 0]));
  let none = 0, other = 0;
  for (const entry of entries) {
    const value = entry.changefreq;
    if (value === undefined) none++;
    else if (counts.has(value)) counts.set(value, counts.get(value) + 1);
    else other++;
  }
  const buckets = [...counts].map(([label, count]) => ({ label, count, filter: label }));
  if (other) buckets.push({ label: 'other', count: other, filter: '(other)' });
  buckets.push({ label: 'none', count: none, filter: '(none)' });
  return buckets;
}

function priorityCounts(entries) {
  const counts = new Uint32Array(11);
  let none = 0, outside = 0;
  for (const entry of entries) {
    const value = entry.priority;
    if (value === undefined) none++;
    else if (!(value >= 0 && value <= 1)) outside++;
    else counts[Math.round(value * 10)]++;
  }
  const buckets = Array.from(counts, (count, i) => ({ label: (i / 10).toFixed(1), count }));
  if (outside) buckets.push({ label: 'outside 0–1', count: outside });
  buckets.push({ label: 'none', count: none });
  return buckets;
}

/** URLs per first path segment (`/blog/`), with the host when there are several; the top 15 and the rest. */
function directoryCounts(entries, withHost) {
  const counts = new Map();
  for (const entry of entries) {
    const loc = entry.loc;
    const scheme = loc.indexOf('://');
    let directory = '(not a URL)';
    if (scheme > 0) {
      const pathStart = loc.indexOf('/', scheme + 3);
      if (pathStart < 0) directory = '/';
      else {
        const next = loc.slice(pathStart + 1).search(/[/?#]/);
        directory = next >= 0 && loc[pathStart + 1 + next] === '/' ? loc.slice(pathStart, pathStart + 2 + next) : '/';
      }
      if (withHost) directory = loc.slice(scheme + 3, pathStart < 0 ? undefined : pathStart) + directory;
    }
    counts.set(directory, (counts.get(directory) ?? 0) + 1);
  }
  const sorted = [...counts].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  const top = sorted.slice(0, 15).map(([label, count]) => ({ label, count, filter: label }));
  const rest = sorted.slice(15).reduce((sum, [, count]) => sum + count, 0);
  if (rest) top.push({ label: `${sorted.length - 15} more`, count: rest });
  return top;
}

// ------------------------------------------------------------------ source text

/** The document as text (decoded once, in the encoding its byte-order mark or declaration names). */
function sourceText(document) {
  if (document.text === undefined) {
    const bytes = document.xml;
    let label = 'utf-8';
    if (bytes[0] === 0xfe && bytes[1] === 0xff) label = 'utf-16be';
    else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = 'utf-16le';
    else {
      const declared = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/.exec(new TextDecoder('latin1').decode(bytes.subarray(0, 200)));
      if (declared) label = declared[1];
    }
    document.text = decoderFor(label).decode(bytes).replace(/^\uFEFF/, '');
  }
  return document.text;
}

function lineStarts(document) {
  if (!document.lineStarts) {
    const text = sourceText(document);
    const starts = [0];
    if (text.includes('\r')) {
      // CR and CRLF end lines too (XML normalises them; the text reader splits on them).
      const ends = new RegExp(LINE_END.source, 'g');
      for (let match = ends.exec(text); match; match = ends.exec(text)) starts.push(match.index + match[0].length);
    } else {
      for (let at = text.indexOf('\n'); at >= 0; at = text.indexOf('\n', at + 1)) starts.push(at + 1);
    }
    document.lineStarts = Uint32Array.from(starts);
  }
  return document.lineStarts;
}

/** How much of a very long line (a one-line sitemap) to show around the column of interest. */
const LONG_LINE = 240;

/**
 * Source lines `from`..`to` (1-based, clipped), each at most ~240 characters: a long line is cut
 * around `column` (the one-line sitemaps some generators write are megabytes long).
 *
 * @example
 * sourceLines(document, 40, 48, 12); // [{ number: 40, text: '  <url>', start: 0 }, …]
 */
export function sourceLines(document, from, to, column = 1) {
  const text = sourceText(document);
  const starts = lineStarts(document);
  const first = Math.max(1, from), last = Math.min(starts.length, to);
  const lines = [];
  for (let number = first; number <= last; number++) {
    const start = starts[number - 1];
    let end = number < starts.length ? starts[number] : text.length;
    // Drop the line's end: LF, CRLF or CR.
    if (end > start && text.charCodeAt(end - 1) === 10) end--;
    if (end > start && text.charCodeAt(end - 1) === 13) end--;
    let clipStart = 0;
    if (end - start > LONG_LINE) clipStart = Math.max(0, Math.min(column - 1 - LONG_LINE / 3, end - start - LONG_LINE));
    const clipEnd = Math.min(end - start, clipStart + LONG_LINE);
    lines.push({ number, text: text.slice(start + clipStart, start + clipEnd), start: clipStart, cutBefore: clipStart > 0, cutAfter: clipEnd < end - start });
  }
  return { lines, lineCount: starts.length };
}

/**
 * Where each entry's element starts: `{ lines, columns }` (1-based), or null. For XML, one scan
 * of the text for entry start tags outside comments and CDATA, trusted only when it finds as many
 * as the reader counted (kept plus left out); else positions come from the entry's issues only.
 *
 * @example
 * const { lines, columns } = entryPositions(document) ?? {};
 */
export function entryPositions(document) {
  if (document.entryPositions !== undefined) return document.entryPositions;
  if (document.format === 'text' || document.format === 'robots') {
    document.entryPositions = { lines: document.entryLines, columns: new Uint32Array(document.entryLines.length).fill(1) };
    return document.entryPositions;
  }
  const text = sourceText(document);
  const name = { sitemapindex: 'sitemap', rss: 'item', atom: 'entry' }[document.format === 'xml' ? document.kind : document.format] ?? 'url';
  const pattern = new RegExp(`<!--[\\s\\S]*?-->|<!\\[CDATA\\[[\\s\\S]*?\\]\\]>|<(?:[A-Za-z_][\\w.-]*:)?${name}(?=[\\s/>])`, 'g');
  const lines = [];
  const columns = [];
  let line = 1, lineStart = 0;
  for (const match of text.matchAll(pattern)) {
    if (match[0].charCodeAt(1) === 33) continue; // a comment or CDATA section
    for (let at = text.indexOf('\n', lineStart); at >= 0 && at < match.index; at = text.indexOf('\n', at + 1)) { line++; lineStart = at + 1; }
    lines.push(line);
    columns.push(match.index - lineStart + 1);
  }
  let found = null;
  if (lines.length === document.entries.length + document.leftOut.length) {
    const keep = (_, n) => !document.leftOut.includes(n + 1);
    found = { lines: Uint32Array.from(lines.filter(keep)), columns: Uint32Array.from(columns.filter(keep)) };
  }
  document.entryPositions = found;
  return found;
}
