// The site view (issue 17, the viewer): given a site (`example.com`) the Fetch box walks it with
// the library's crawlSitemaps, in the worker, through `npm start`'s relay, and shows the tree:
// robots.txt → its sitemaps → an index's children, each with its HTTP status, format, entries
// and issue counts, a failed child visible on its parent; site totals and site-level issues on
// top. Any node opens in the table as any sitemap does, judged in its context (a sitemap that
// robots.txt lists, and its index's children, are cross-submitted by that host).

import { formatBytes, formatCount, h, plural } from './dom.js';

const FORMAT_NAMES = { urlset: 'sitemap', sitemapindex: 'index', text: 'text', rss: 'RSS', atom: 'Atom', robots: 'robots.txt', html: 'HTML page', xml: 'other XML', empty: 'empty', unknown: 'unknown', gzip: 'gzip' };
const VIA_NAMES = { robots: 'robots.txt', guess: 'guessed', index: 'index', start: 'given' };

/**
 * Whether what was typed in the Fetch box names a site rather than a file: a host alone, or a
 * URL whose path is `/` with no query.
 *
 * @example
 * isSiteAddress('example.com'); // true
 * isSiteAddress('https://example.com/sitemap.xml'); // false
 */
export function isSiteAddress(text) {
  const trimmed = text.trim();
  if (!trimmed || /\s/.test(trimmed)) return false;
  const hasScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed);
  try {
    const url = new URL(hasScheme ? trimmed : `https://${trimmed}`);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.pathname === '/' && url.search === '' && (hasScheme || !trimmed.includes('/') || trimmed.endsWith('/'));
  } catch {
    return false;
  }
}

/**
 * The hosts that cross-submit `sitemap` (its root ancestor was named by a robots.txt): what the
 * viewer passes as validate's crossSubmit when it opens that node.
 *
 * @example
 * crossSubmitOf(report, report.sitemaps[3]); // ['www.example.com']
 */
export function crossSubmitOf(report, sitemap) {
  const byUrl = new Map(report.sitemaps.map((each) => [each.url, each]));
  let root = sitemap;
  for (let steps = 0; root.parent && byUrl.has(root.parent) && steps < 100; steps++) root = byUrl.get(root.parent);
  if (root.via !== 'robots') return [];
  return report.robotsTxt.filter((robots) => robots.sitemaps.includes(root.url)).map((robots) => new URL(robots.finalUrl).host);
}

/**
 * Draws a site's walk into `container` and keeps it, so that the view can come back.
 *
 * @example
 * const site = new SiteView($('site-view'), { onOpen: (sitemap, crossSubmit) => openUrl(sitemap.finalUrl, { crossSubmit }) });
 * site.progress(start, { sitemapsFound: 3, sitemapsDone: 1, inFlight: 2, bytes: 0, entries: 0 });
 * site.show(start, report);
 */
export class SiteView {
  constructor(container, { onOpen, onStop }) {
    this.container = container;
    this.onOpen = onOpen;
    this.onStop = onStop;
    this.report = undefined;
    this.start = '';
  }

  /** While the walk runs: what it has found and read so far, and a Stop button. */
  progress(start, { sitemapsFound, sitemapsDone, inFlight, bytes, entries }) {
    this.start = start;
    this.container.dataset.state = 'walking';
    this.container.replaceChildren(
      h('h2', {}, 'Walking ', h('span', { className: 'site-name' }, start)),
      h('p', { className: 'spinner-text', id: 'site-progress' },
        `${formatCount(sitemapsDone)} of ${formatCount(sitemapsFound)} sitemaps read, ${formatCount(inFlight)} in flight; ${formatCount(entries)} ${entries === 1 ? 'entry' : 'entries'}, ${formatBytes(bytes)}.`),
      h('p', {}, h('button', { type: 'button', id: 'site-stop', on: { click: () => this.onStop() } }, 'Stop')));
  }

  /** The finished (or stopped) walk. */
  show(start, report, { relayed = true } = {}) {
    this.start = start;
    this.report = report;
    const { totals } = report;
    this.container.dataset.state = 'done';
    this.container.dataset.sitemaps = String(totals.sitemaps);
    this.container.dataset.failed = String(totals.failed);
    const children = new Map();
    for (const sitemap of report.sitemaps) {
      const key = sitemap.parent ?? '';
      if (!children.has(key)) children.set(key, []);
      children.get(key).push(sitemap);
    }
    const parts = [
      h('h2', {}, 'Sitemaps of ', h('span', { className: 'site-name' }, start), report.cancelled ? h('span', { className: 'bad' }, ' (stopped)') : null),
      h('dl', { className: 'site-totals', id: 'site-totals' },
        total('Sitemaps', formatCount(totals.sitemaps), 'sitemaps'), total('Indexes', formatCount(totals.indexes), 'indexes'),
        total('Failed', formatCount(totals.failed), 'failed', totals.failed > 0 ? 'bad' : ''), total('URLs', formatCount(totals.entries), 'entries'),
        total('Errors', formatCount(totals.errors), 'errors', totals.errors > 0 ? 'bad' : ''), total('Warnings', formatCount(totals.warnings), 'warnings'),
        total('Read', `${formatBytes(totals.bytes)} in ${plural(totals.requests, 'request')}, ${(totals.durationMs / 1000).toFixed(1)} s`, 'read')),
    ];
    if (report.issues.length > 0) {
      parts.push(h('ul', { className: 'site-issues', id: 'site-issues' }, report.issues.map((issue) => h('li', { className: issue.severity === 'error' ? 'bad' : 'warn', dataset: { code: issue.code } },
        h('code', {}, issue.code), ` ${issue.message}`))));
    }
    const everyNetworkError = report.sitemaps.length > 0 && report.sitemaps.every((sitemap) => sitemap.status === 0) && report.robotsTxt.every((robots) => robots.status === 0);
    if (!relayed && everyNetworkError) {
      parts.push(h('p', { className: 'status-message error' }, 'Nothing could be read: this viewer is hosted without the local relay, and a browser page may read another site\'s files only when that site allows it (CORS), which sitemaps rarely do. Run the viewer with `npm start`, or use the browser extension.'));
    }
    const tree = h('ul', { className: 'site-tree', id: 'site-tree', attrs: { role: 'tree', 'aria-label': `Sitemaps of ${start}` } });
    for (const robots of report.robotsTxt) {
      const listed = (children.get(robots.url) ?? []).concat((children.get('') ?? []).filter((sitemap) => sitemap.via === 'robots' && robots.sitemaps.includes(sitemap.url)));
      tree.append(h('li', { className: 'site-node robots', attrs: { role: 'treeitem' }, dataset: { url: robots.url, status: String(robots.status), format: 'robots' } },
        h('div', { className: 'node-line' }, statusBadge(robots.status), h('span', { className: 'format' }, 'robots.txt'), h('span', { className: 'node-url' }, robots.finalUrl),
          h('span', { className: 'muted' }, robots.status >= 400 || robots.status === 0 ? ' none there' : ` ${plural(robots.sitemaps.length, 'Sitemap line')}`)),
        this.branch(listed, children)));
    }
    const shown = new Set(report.robotsTxt.flatMap((robots) => robots.sitemaps));
    const rest = (children.get('') ?? []).filter((sitemap) => !(sitemap.via === 'robots' && shown.has(sitemap.url)));
    if (rest.length > 0) tree.append(...this.branch(rest, children).children);
    parts.push(tree);
    const guesses = report.guesses.filter((guess) => !guess.found);
    if (guesses.length > 0) parts.push(h('p', { className: 'muted guesses' }, `Also tried (nothing there): ${guesses.map((guess) => `${new URL(guess.url).pathname} (${guess.status || 'no answer'})`).join(', ')}.`));
    this.container.replaceChildren(...parts);
  }

  /** A list of sitemaps and, under each, what it lists (a failed child shows on its parent). */
  branch(sitemaps, children, seen = new Set()) {
    const list = h('ul', { className: 'site-branch', attrs: { role: 'group' } });
    for (const sitemap of sitemaps) {
      if (seen.has(sitemap.url)) continue; // a cycle: shown once
      seen.add(sitemap.url);
      const issues = sitemap.errors + sitemap.warnings;
      const line = h('div', { className: 'node-line' },
        statusBadge(sitemap.status),
        h('span', { className: 'format' }, FORMAT_NAMES[sitemap.format] ?? '—'),
        h('span', { className: 'node-url', title: sitemap.finalUrl }, sitemap.finalUrl),
        h('span', { className: 'node-facts' },
          sitemap.format === 'sitemapindex' ? plural(sitemap.entries, 'sitemap') : plural(sitemap.entries, 'URL'),
          sitemap.compressed ? ', gzip' : '',
          `, ${VIA_NAMES[sitemap.via]}`),
        h('span', { className: `node-issues ${sitemap.errors ? 'bad' : sitemap.warnings ? 'warn' : 'good'}` }, issues === 0 ? 'valid' : [sitemap.errors ? plural(sitemap.errors, 'error') : '', sitemap.warnings ? plural(sitemap.warnings, 'warning') : ''].filter(Boolean).join(', ')),
        sitemap.bytes > 0 ? h('button', { type: 'button', className: 'small open-node', on: { click: () => this.onOpen(sitemap, crossSubmitOf(this.report, sitemap)) } }, 'Open') : null);
      const item = h('li', {
        className: `site-node${sitemap.failed ? ' failed' : ''}`, attrs: { role: 'treeitem' },
        dataset: { url: sitemap.url, status: String(sitemap.status), format: sitemap.format ?? '', entries: String(sitemap.entries), errors: String(sitemap.errors), warnings: String(sitemap.warnings), failed: String(sitemap.failed) },
      }, line);
      const listed = children.get(sitemap.url) ?? [];
      if (listed.length > 0) item.append(this.branch(listed, children, seen));
      list.append(item);
    }
    return list;
  }
}

function total(label, value, key, tone = '') {
  return h('div', { className: `site-total ${tone}`, dataset: { key } }, h('dt', {}, label), h('dd', {}, value));
}

function statusBadge(status) {
  const tone = status >= 200 && status < 300 ? 'good' : status === 0 ? 'bad' : status >= 400 ? 'bad' : 'warn';
  return h('span', { className: `status ${tone}`, title: status === 0 ? 'No answer' : `HTTP ${status}` }, status === 0 ? '—' : String(status));
}
