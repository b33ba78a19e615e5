// Filtering and sorting the entries of a document in the worker: the answer is the row order as
// one Uint32Array of entry indices (transferred), so the page never holds or sorts entries.

import { CHANGEFREQ_VALUES } from '/sitemapkit/index.js';
import { lastmodTimes } from './sitemap-document.js';

const CHANGEFREQ_ORDER = new Map(CHANGEFREQ_VALUES.map((value, i) => [value, i]));

/**
 * The sort keys the table offers, each a comparable number or string per entry (missing values
 * sort last in ascending order).
 */
const SORT_KEYS = {
  index: null,
  loc: (document) => document.entries.map((entry) => entry.loc),
  lastmod: (document) => lastmodTimes(document),
  changefreq: (document) => Float64Array.from(document.entries, (entry) => (entry.changefreq === undefined ? NaN : CHANGEFREQ_ORDER.get(entry.changefreq) ?? 7)),
  priority: (document) => Float64Array.from(document.entries, (entry) => (typeof entry.priority === 'number' ? entry.priority : NaN)),
  issues: (document) => Float64Array.from(document.entryErrors, (errors, i) => errors * 65536 + document.entryWarnings[i]),
};

/**
 * Entry indices in ascending order of `key`, computed once per key and document; the first
 * `present` have a value (the rest, without one, stay last in either direction).
 */
function sortedOrder(document, key) {
  const cached = document.sortCache.get(key);
  if (cached) return cached;
  const count = document.entries.length;
  const order = new Uint32Array(count);
  for (let i = 0; i < count; i++) order[i] = i;
  const keyOf = SORT_KEYS[key];
  let present = count;
  if (keyOf) {
    const values = keyOf(document);
    const missing = (value) => value === undefined || (typeof value === 'number' && Number.isNaN(value));
    for (let i = 0; i < count; i++) if (missing(values[i])) present--;
    // Plain comparison, not localeCompare: byte order is what a URL list wants, and it is 20x faster.
    order.sort((a, b) => {
      const x = values[a], y = values[b];
      const mx = missing(x), my = missing(y);
      if (mx || my) return mx === my ? a - b : mx ? 1 : -1;
      return x < y ? -1 : x > y ? 1 : a - b;
    });
  }
  const sorted = { order, present };
  document.sortCache.set(key, sorted);
  return sorted;
}

/** Lowercased locs for the text filter (once per document). */
function lowercaseLocs(document) {
  document.lowercaseLocs ??= document.entries.map((entry) => entry.loc.toLowerCase());
  return document.lowercaseLocs;
}

/** A per-entry test for the issue filter, or null for "any entry". */
function issueTest(document, issue) {
  const { entryErrors: errors, entryWarnings: warnings } = document;
  switch (issue) {
    case '': return null;
    case 'errors': return (i) => errors[i] > 0;
    case 'warnings': return (i) => warnings[i] > 0;
    case 'any': return (i) => errors[i] > 0 || warnings[i] > 0;
    case 'none': return (i) => errors[i] === 0 && warnings[i] === 0;
    default: {
      const code = issue.replace(/^code:/, '');
      const marked = new Uint8Array(document.entries.length);
      const { issues, issueEntry } = document;
      for (let n = 0; n < issues.length; n++) if (issueEntry[n] >= 0 && issues[n].code === code) marked[issueEntry[n]] = 1;
      return (i) => marked[i] === 1;
    }
  }
}

function extensionTest(document, extension) {
  if (!extension) return null;
  const mask = document.extensionMask;
  if (extension === '(none)') return (i) => mask[i] === 0;
  if (extension === '(any)') return (i) => mask[i] !== 0;
  const position = document.extensionNames.indexOf(extension);
  if (position < 0) return () => false;
  const bit = 1 << position;
  return (i) => (mask[i] & bit) !== 0;
}

function changefreqTest(document, changefreq) {
  if (!changefreq) return null;
  const { entries } = document;
  if (changefreq === '(none)') return (i) => entries[i].changefreq === undefined;
  if (changefreq === '(other)') return (i) => entries[i].changefreq !== undefined && !CHANGEFREQ_ORDER.has(entries[i].changefreq);
  return (i) => entries[i].changefreq === changefreq;
}

/**
 * The rows of the table for a filter and a sort, as entry indices. Also remembered as the
 * document's current view, which is what exports write.
 *
 * @example
 * queryEntries(document, { text: 'blog', issue: 'errors', sort: 'lastmod', descending: true });
 */
export function queryEntries(document, { text = '', extension = '', issue = '', changefreq = '', sort = 'index', descending = false } = {}) {
  const { order, present } = sortedOrder(document, SORT_KEYS[sort] === undefined ? 'index' : sort);
  const terms = text.toLowerCase().split(/\s+/).filter(Boolean);
  const tests = [issueTest(document, issue), extensionTest(document, extension), changefreqTest(document, changefreq)].filter(Boolean);
  const locs = terms.length > 0 ? lowercaseLocs(document) : null;
  const rows = new Uint32Array(order.length);
  let count = 0;
  for (let n = 0; n < order.length; n++) {
    // Descending: the entries with a value from the highest down, then those without one.
    const i = order[!descending ? n : n < present ? present - 1 - n : n];
    if (locs !== null) {
      const loc = locs[i];
      let all = true;
      for (const term of terms) if (!loc.includes(term)) { all = false; break; }
      if (!all) continue;
    }
    let pass = true;
    for (const test of tests) if (!test(i)) { pass = false; break; }
    if (pass) rows[count++] = i;
  }
  const view = rows.slice(0, count);
  document.lastView = view;
  return view;
}
