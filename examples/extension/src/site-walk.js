// The popup's walk of the whole site (issue 17, the extension): the service worker runs the
// library's crawlSitemaps from the tab's site (robots.txt, the well-known places, every index)
// and the popup shows the tree: each file's HTTP status, format, entries and issues counted by
// code, a failed child on its parent, and the site's totals; any node opens in the list page or
// the full viewer.

import { askServiceWorker } from './ask-service-worker.js';

const FORMAT_LABELS = { urlset: 'sitemap', sitemapindex: 'index', text: 'text', rss: 'feed', atom: 'feed', html: 'HTML', xml: 'XML', empty: 'empty', unknown: 'unknown' };
const count = (n) => n.toLocaleString('en');
const plural = (n, one, many = `${one}s`) => `${count(n)} ${n === 1 ? one : many}`;

const element = (tag, properties = {}, children = []) => {
  const node = Object.assign(document.createElement(tag), properties);
  node.append(...children);
  return node;
};

/** "SITEMAP_LOC_NOT_ALLOWED ×3, SITEMAP_BAD_LASTMOD ×1": a file's issues counted by code, the most frequent first. */
function codesText(issueCounts, shown = 3) {
  const codes = Object.entries(issueCounts).sort((a, b) => b[1] - a[1]);
  const text = codes.slice(0, shown).map(([code, n]) => (n > 1 ? `${code} ×${count(n)}` : code)).join(', ');
  return codes.length > shown ? `${text}, and ${plural(codes.length - shown, 'more code')}` : text;
}

/**
 * Walks the site of `pageUrl` in the service worker and draws the tree into `section`.
 * `openList(url)` and `openViewer(url)` open a node.
 *
 * @example
 * await walkSite(document.getElementById('site-walk'), 'https://example.com/page', { openList, openViewer });
 */
export async function walkSite(section, pageUrl, { openList, openViewer }) {
  section.hidden = false;
  section.dataset.state = 'walking';
  section.replaceChildren(element('p', { className: 'muted', textContent: 'Walking the site: robots.txt, the well-known places and every index…' }));
  const report = await askServiceWorker('crawl', { pageUrl });
  const { totals } = report;
  // The tree's roots: what a robots.txt named, a guess found, or the walk started from.
  const robotsUrls = new Set(report.robotsTxt.map((robots) => robots.url));
  const children = new Map();
  for (const sitemap of report.sitemaps) {
    const key = sitemap.parent === undefined || robotsUrls.has(sitemap.parent) ? '' : sitemap.parent;
    if (!children.has(key)) children.set(key, []);
    children.get(key).push(sitemap);
  }
  const branch = (sitemaps, seen) => element('ul', { className: 'sitemaps walk-branch' }, sitemaps.filter((sitemap) => !seen.has(sitemap.url)).map((sitemap) => {
    seen.add(sitemap.url);
    const tone = sitemap.failed || sitemap.errors ? 'bad' : sitemap.warnings ? 'warn' : 'good';
    const list = element('button', { className: 'open-list', textContent: 'List' });
    list.addEventListener('click', () => openList(sitemap.finalUrl));
    const viewer = element('button', { className: 'open-viewer', textContent: 'Viewer' });
    viewer.addEventListener('click', () => openViewer(sitemap.finalUrl));
    const item = element('li', { className: `sitemap site-node${sitemap.failed ? ' failed' : ''}` }, [
      element('span', { className: 'url', textContent: sitemap.finalUrl, title: sitemap.finalUrl }),
      element('div', { className: 'facts' }, [
        element('span', { className: `status ${sitemap.status >= 200 && sitemap.status < 300 ? 'good' : 'bad'}`, textContent: sitemap.status === 0 ? 'no answer' : `HTTP ${sitemap.status}` }),
        element('span', { className: `kind ${sitemap.format === 'sitemapindex' ? 'sitemapindex' : sitemap.failed ? 'bad' : ''}`, textContent: FORMAT_LABELS[sitemap.format] ?? '—' }),
        element('span', { className: 'count', textContent: sitemap.format === 'sitemapindex' ? plural(sitemap.entries, 'sitemap') : plural(sitemap.entries, 'URL') }),
        element('span', { className: `verdict ${tone}`, textContent: sitemap.errors + sitemap.warnings === 0 ? 'valid' : [sitemap.errors ? plural(sitemap.errors, 'error') : '', sitemap.warnings ? plural(sitemap.warnings, 'warning') : ''].filter(Boolean).join(', ') }),
        element('span', { className: 'spacer' }),
        element('span', { className: 'actions' }, sitemap.bytes > 0 ? [list, viewer] : []),
      ]),
      ...(Object.keys(sitemap.issueCounts).length > 0 ? [element('p', { className: `issues ${tone}`, textContent: codesText(sitemap.issueCounts) })] : []),
    ]);
    Object.assign(item.dataset, { url: sitemap.url, status: String(sitemap.status), format: sitemap.format ?? '', entries: String(sitemap.entries), errors: String(sitemap.errors), failed: String(sitemap.failed) });
    const listed = children.get(sitemap.url) ?? [];
    if (listed.length > 0) item.append(branch(listed, seen));
    return item;
  }));
  const siteIssues = report.issues.length > 0
    ? [element('ul', { className: 'issues site-issues' }, report.issues.map((issue) => element('li', { className: issue.severity === 'error' ? 'bad' : 'warn', textContent: `${issue.code}: ${issue.message}` })))]
    : [];
  section.dataset.state = 'done';
  section.dataset.sitemaps = String(totals.sitemaps);
  section.replaceChildren(
    element('h2', { textContent: 'The whole site' }),
    element('p', { className: 'walk-totals', textContent: `${plural(totals.sitemaps, 'sitemap')} (${plural(totals.indexes, 'index', 'indexes')}, ${count(totals.failed)} failed), ${plural(totals.entries, 'URL')}, ${plural(totals.errors, 'error')}, ${plural(totals.warnings, 'warning')}; ${plural(totals.requests, 'request')} in ${(totals.durationMs / 1000).toFixed(1)} s.` }),
    ...siteIssues,
    branch(children.get('') ?? [], new Set()));
}
