// The full list page (`entries.html?url=…`): every entry of one sitemap, as the service worker
// parsed it, and every issue with its line and column; an index's entries link to their own lists.

import { askServiceWorker } from './ask-service-worker.js';
import { isWebUrl, linkTo } from './safe-link.js';
import { entryCountText, verdictText } from './verdict-text.js';

const cell = (text, className = '') => Object.assign(document.createElement('td'), { textContent: text ?? '', className });

function row(cells) {
  const tr = document.createElement('tr');
  tr.append(...cells);
  return tr;
}

function locCell(loc, kind) {
  const td = cell('', 'loc');
  td.append(linkTo(loc, loc));
  if (kind === 'sitemapindex' && isWebUrl(loc)) {
    const list = Object.assign(document.createElement('a'), { textContent: ' (list)', href: `entries.html?url=${encodeURIComponent(loc)}` });
    td.append(list);
  }
  return td;
}

async function main() {
  const query = new URLSearchParams(location.search);
  const url = query.get('url');
  const declaredBy = query.get('declaredBy') ?? undefined;
  if (!url) throw new Error('No sitemap given: open this page as entries.html?url=<sitemap URL>');
  document.getElementById('sitemap-url').textContent = url;
  document.title = `Entries of ${url}`;
  const listing = await askServiceWorker('entries', { url, declaredBy });
  const summary = document.getElementById('summary');

  if (listing.issues.length > 0) {
    document.getElementById('issues-section').hidden = false;
    document.querySelector('#issues tbody').append(...listing.issues.map((issue) => row([
      cell(issue.line > 0 ? `${issue.line}:${issue.column}` : '', 'number'),
      cell(issue.severity, issue.severity === 'error' ? 'bad' : 'warn'),
      cell(issue.code),
      cell(issue.message),
      cell(issue.path),
    ])));
  }
  if (!listing.ok) {
    summary.textContent = `Could not read this sitemap: ${listing.failure.message}`;
    return;
  }
  const verdict = verdictText(listing.verdict);
  summary.textContent = `${listing.kind === 'sitemapindex' ? 'Sitemap index' : 'Sitemap'}: ${entryCountText(listing.kind, listing.entries.length)}; ${verdict.text}.`;
  summary.className = verdict.tone;

  const isIndex = listing.kind === 'sitemapindex';
  const headings = isIndex ? ['#', 'loc', 'lastmod'] : ['#', 'loc', 'lastmod', 'changefreq', 'priority'];
  document.querySelector('#entries thead').append(row(headings.map((heading) => Object.assign(document.createElement('th'), { textContent: heading }))));
  document.querySelector('#entries tbody').append(...listing.entries.map((entry, index) => row(isIndex
    ? [cell(String(index + 1), 'number'), locCell(entry.loc, listing.kind), cell(entry.lastmod)]
    : [cell(String(index + 1), 'number'), locCell(entry.loc, listing.kind), cell(entry.lastmod), cell(entry.changefreq), cell(entry.priority?.toString())])));
}

main().then(
  () => { document.body.dataset.ready = 'true'; },
  (error) => {
    document.getElementById('summary').textContent = String(error.message ?? error);
    document.body.dataset.ready = 'failed';
  },
);
