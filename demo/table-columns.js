// The tables' columns and orders, and the check of the location field: what entries-table.js,
// issues-table.js and summary-view.js need to lay out the tables (issue 19, item 12) and to
// refuse a location that is not an http(s) URL.

import { searchConsoleReport } from 'sitemapkit';
import { listsSitemaps } from './document-kinds.js';
import { isWebUrl } from './dom.js';

/** Whether any entry has a value in a string column. */
const anyText = (column) => column.text.length > 0;

/** The length of the longest value of a string column (the first 1,000 rows tell). */
function longest(column) {
  let most = 0;
  for (let i = 0; i + 1 < column.offsets.length && i < 1000; i++) most = Math.max(most, column.offsets[i + 1] - column.offsets[i]);
  return most;
}

/**
 * The entries table's columns: the loc takes the room; a column no entry fills is left out (a
 * sitemap without changefreq shows none), and the fixed ones are as wide as what they hold.
 *
 * @example
 * const columns = entryColumns(document_); // [{ key: 'index', … }, { key: 'loc', width: 'minmax(14rem, 1fr)' }, …]
 */
export function entryColumns(document_) {
  const isIndex = listsSitemaps(document_.summary.kind);
  const data = document_.columns;
  const digits = String(Math.max(1, data.count)).length + Math.floor((String(Math.max(1, data.count)).length - 1) / 3);
  const columns = [
    // Room for the digits, and for "#" with its sort arrow when there are few.
    { key: 'index', label: '#', sortable: true, className: 'number', width: `${Math.max(2.8, digits * 0.62 + 1.6).toFixed(2)}rem` },
    { key: 'loc', label: isIndex ? 'sitemap (loc)' : 'loc', sortable: true, className: 'loc', width: 'minmax(14rem, 1fr)' },
  ];
  // lastmod as wide as its longest value (a date is 10 characters, a date and time up to 29).
  if (anyText(data.lastmod)) columns.push({ key: 'lastmod', label: 'lastmod', sortable: true, className: 'lastmod', width: `${(Math.min(29, Math.max(7, longest(data.lastmod))) * 0.47 + 1.05).toFixed(2)}rem` });
  if (document_.summary.kind === 'urlset') {
    if (anyText(data.changefreq)) columns.push({ key: 'changefreq', label: 'changefreq', sortable: true, width: '6.2rem' });
    if (data.priority.some((value) => !Number.isNaN(value))) columns.push({ key: 'priority', label: 'priority', sortable: true, className: 'number', width: '4.4rem' });
  }
  columns.push({ key: 'issues', label: 'issues', sortable: true, className: 'issues', width: '4.8rem' });
  if (data.extensionNames.length > 0) columns.push({ key: 'extensions', label: 'extensions', className: 'extensions', width: '7rem' });
  // What each child did, once opened or checked (item 7).
  if (document_.summary.kind === 'sitemapindex') columns.push({ key: 'status', label: 'status', className: 'status', width: '14rem' });
  if (isIndex) columns.push({ key: 'open', label: '', className: 'actions', width: '4.5rem' });
  return columns;
}

/**
 * What each issues column sorts by (errors before warnings; issues without a line last).
 *
 * @example
 * issues.sort((a, b) => issueSortKeys.code(a).localeCompare(issueSortKeys.code(b)));
 */
export const issueSortKeys = {
  severity: (issue) => (issue.severity === 'error' ? 0 : 1),
  position: (issue) => (issue.line > 0 ? issue.line * 1e7 + issue.column : Number.MAX_SAFE_INTEGER),
  code: (issue) => issue.code,
  report: (issue) => searchConsoleReport[issue.code] ?? '',
  message: (issue) => issue.message,
};

/**
 * Why a typed location (the URL a file lives at) cannot be used, or '' (an empty field
 * validates without one).
 *
 * @example
 * locationProblem('example.com/sitemap.xml'); // 'Not used: "example.com/sitemap.xml" is not an absolute URL. …'
 */
export function locationProblem(text) {
  if (!text) return '';
  if (isWebUrl(text)) return '';
  return /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^/:]+:\d/.test(text)
    ? `Not used: "${text}" is not an http(s) URL. Give the URL the file is served from, like https://example.com/sitemap.xml.`
    : `Not used: "${text}" is not an absolute URL. Give the whole URL the file is served from, like https://example.com/sitemap.xml.`;
}
