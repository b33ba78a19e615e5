// What an index's children did (issue 19, item 7): each child's HTTP status, format, entries and
// issue counts, filled as children are opened one by one or all at once by "Check all children"
// (crawlSitemaps from the index, one level deep, in the worker), shown in the entries table's
// status column and counted in the index's verdict.

import { formatCount, plural } from './dom.js';

/**
 * A child's status from a crawl record (CrawledSitemap).
 *
 * @example
 * recordChild(index, sitemap.url, statusFromCrawl(sitemap));
 */
export function statusFromCrawl(sitemap) {
  return { status: sitemap.status, format: sitemap.format, entries: sitemap.entries, errors: sitemap.errors, warnings: sitemap.warnings, failed: sitemap.failed };
}

/**
 * Records what one child did, by its loc, on the index's document (`childStatus`, a Map).
 *
 * @example
 * recordChild(index, 'https://example.com/a.xml', { status: 404, failed: true });
 */
export function recordChild(document_, loc, status) {
  document_.childStatus ??= new Map();
  document_.childStatus.set(loc, { errors: 0, warnings: 0, entries: 0, ...status });
}

/**
 * The status column's text for a child: "404 failed", "200 sitemap · 1,204 URLs · 3 errors", or ''.
 *
 * @example
 * childStatusText({ status: 200, format: 'urlset', entries: 3, errors: 0, warnings: 0, failed: false }); // '200 · 3 URLs · valid'
 */
export function childStatusText(status) {
  if (!status) return '';
  const code = status.status === 0 ? 'no answer' : String(status.status);
  if (status.failed) return `${code} · failed${status.format && status.format !== 'urlset' ? ` (${status.format})` : ''}`;
  const issues = status.errors || status.warnings ? [status.errors ? plural(status.errors, 'error') : '', status.warnings ? plural(status.warnings, 'warning') : ''].filter(Boolean).join(', ') : 'valid';
  return `${code} · ${formatCount(status.entries)} ${status.entries === 1 ? 'URL' : 'URLs'} · ${issues}`;
}

/**
 * How many children were checked and how many failed (for the index's verdict).
 *
 * @example
 * const { checked, failed } = childCounts(index);
 */
export function childCounts(document_) {
  let checked = 0, failed = 0;
  for (const status of document_.childStatus?.values() ?? []) {
    checked++;
    if (status.failed) failed++;
  }
  return { checked, failed };
}

/**
 * "Check all children": walks the index one level deep with crawlSitemaps (in the worker, through
 * the relay when there is one), records what each child did, then `onDone(index)`.
 *
 * @example
 * checkChildren(current, { worker, relay, say, onDone: (index) => redraw(index) });
 */
export async function checkChildren(document_, { worker, relay, say, onDone }) {
  const button = document.getElementById('check-children');
  button.disabled = true;
  button.textContent = 'Checking…';
  try {
    const { report } = await worker.request('crawl', { start: document_.summary.url, relay: await relay, maxDepth: 1 });
    for (const sitemap of report.sitemaps) if (sitemap.parent !== undefined) recordChild(document_, sitemap.url, statusFromCrawl(sitemap));
    onDone(document_);
  } catch (error) {
    say(`Could not check the children: ${error.message}`, 'error');
  } finally {
    button.disabled = false;
    button.textContent = 'Check all children';
  }
}
