// The full list page (`entries.html?url=…`): every entry of one sitemap, as the service worker
// read it, and every issue the popup counted, with its line and column; both tables draw only
// the rows in view (50,000 entries scroll like 50), the entries filter by URL text and sort by
// any column; an index's entries link to their own lists. "Check URLs" fetches the listed pages
// (url-check.js).

import { askServiceWorker } from './ask-service-worker.js';
import { isWebUrl, linkTo } from './safe-link.js';
import { showUrlCheck } from './url-check.js';
import { entryCountText, verdictText } from './verdict-text.js';
import { VirtualTable } from './virtual-table.js';

const ROW_HEIGHT = 26;
const cell = (text, className = '') => Object.assign(document.createElement('td'), { textContent: text ?? '', className, title: text ?? '' });
const count = (n) => n.toLocaleString('en');

function row(cells) {
  const tr = document.createElement('tr');
  tr.append(...cells);
  return tr;
}

function locCell(loc, kind) {
  const td = cell('', 'loc');
  td.title = loc;
  td.append(linkTo(loc, loc));
  if (kind === 'sitemapindex' && isWebUrl(loc)) {
    const list = Object.assign(document.createElement('a'), { textContent: ' (list)', href: `entries.html?url=${encodeURIComponent(loc)}` });
    td.append(list);
  }
  return td;
}

/** Compares two values of a column: numbers as numbers, missing values last. */
function compareValues(a, b) {
  if (a === undefined || a === '') return b === undefined || b === '' ? 0 : 1;
  if (b === undefined || b === '') return -1;
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0;
}

function showIssues(issues) {
  if (issues.length === 0) return;
  document.getElementById('issues-section').hidden = false;
  const select = document.getElementById('issue-code');
  const codes = new Map();
  for (const issue of issues) codes.set(issue.code, (codes.get(issue.code) ?? 0) + 1);
  select.append(...[...codes].sort((a, b) => b[1] - a[1]).map(([code, n]) => Object.assign(document.createElement('option'), { value: code, textContent: `${code} (${count(n)})` })));
  let shown = issues;
  const table = new VirtualTable(document.querySelector('.issues-box'), {
    rowHeight: ROW_HEIGHT,
    renderRow: (n) => {
      const issue = shown[n];
      return row([
        cell(issue.line > 0 ? `${issue.line}:${issue.column}` : '', 'number'),
        cell(issue.severity, issue.severity === 'error' ? 'bad' : 'warn'),
        cell(issue.code),
        cell(issue.message),
        cell(issue.path),
      ]);
    },
  });
  const update = () => {
    shown = select.value ? issues.filter((issue) => issue.code === select.value) : issues;
    document.getElementById('issue-count').textContent = shown.length === issues.length ? `(${count(issues.length)})` : `(${count(shown.length)} of ${count(issues.length)})`;
    table.setRowCount(shown.length);
  };
  select.addEventListener('change', update);
  update();
}

function showEntries(listing) {
  const isIndex = listing.kind === 'sitemapindex';
  const columns = isIndex ? ['#', 'loc', 'lastmod'] : ['#', 'loc', 'lastmod', 'changefreq', 'priority'];
  const { entries } = listing;
  let order = Uint32Array.from(entries.keys());
  let shown = order;
  const sort = { column: '#', descending: false };
  const head = row(columns.map((name) => {
    const th = Object.assign(document.createElement('th'), { className: `c-${name === '#' ? 'index' : name}` });
    const button = Object.assign(document.createElement('button'), { type: 'button', className: 'sort', textContent: name, title: `Sort by ${name}` });
    button.addEventListener('click', () => {
      sort.descending = sort.column === name ? !sort.descending : false;
      sort.column = name;
      for (const other of head.children) other.removeAttribute('aria-sort');
      th.setAttribute('aria-sort', sort.descending ? 'descending' : 'ascending');
      const direction = sort.descending ? -1 : 1;
      const indices = Array.from(entries.keys());
      if (name === '#') { if (sort.descending) indices.reverse(); } else indices.sort((a, b) => direction * compareValues(entries[a][name], entries[b][name]) || a - b);
      order = Uint32Array.from(indices);
      update();
    });
    th.append(button);
    return th;
  }));
  document.querySelector('#entries thead').append(head);
  const table = new VirtualTable(document.querySelector('.entries-box'), {
    rowHeight: ROW_HEIGHT,
    renderRow: (n) => {
      const index = shown[n];
      const entry = entries[index];
      return row(isIndex
        ? [cell(count(index + 1), 'number'), locCell(entry.loc, listing.kind), cell(entry.lastmod)]
        : [cell(count(index + 1), 'number'), locCell(entry.loc, listing.kind), cell(entry.lastmod), cell(entry.changefreq), cell(entry.priority?.toString())]);
    },
  });
  const filter = document.getElementById('filter');
  const update = () => {
    const text = filter.value.trim().toLowerCase();
    shown = text ? order.filter((index) => entries[index].loc.toLowerCase().includes(text)) : order;
    document.getElementById('entry-count').textContent = shown.length === entries.length ? `(${count(entries.length)})` : `(${count(shown.length)} of ${count(entries.length)})`;
    document.body.dataset.rows = String(shown.length);
    table.setRowCount(shown.length);
  };
  let timer = 0;
  filter.addEventListener('input', () => { clearTimeout(timer); timer = setTimeout(update, 100); });
  update();
}

async function main() {
  const query = new URLSearchParams(location.search);
  const url = query.get('url');
  const declaredBy = query.get('declaredBy') ?? undefined;
  if (!url) throw new Error('No sitemap given: open this page as entries.html?url=<sitemap URL>');
  document.getElementById('sitemap-url').textContent = url;
  document.title = `Entries of ${url}`;
  const viewer = document.getElementById('open-viewer');
  viewer.hidden = false;
  viewer.addEventListener('click', () => { location.href = chrome.runtime.getURL(`viewer/index.html?${new URLSearchParams({ url })}`); });
  const listing = await askServiceWorker('entries', { url, declaredBy });
  const summary = document.getElementById('summary');
  showIssues(listing.issues);
  if (!listing.ok) {
    summary.textContent = `Could not read this sitemap: ${listing.failure.message}`;
    document.getElementById('entries-section').hidden = true;
    return;
  }
  const verdict = verdictText(listing.verdict);
  const name = listing.kind === 'sitemapindex' ? 'Sitemap index' : listing.format === 'rss' || listing.format === 'atom' ? 'Feed' : 'Sitemap';
  summary.textContent = `${name}: ${entryCountText(listing.kind, listing.entries.length)}; ${verdict.text}.`;
  summary.className = verdict.tone;
  showEntries(listing);
  // The pages of a sitemap or feed can be checked; an index lists sitemaps, each with its own list page.
  if (listing.kind !== 'sitemapindex' && listing.entries.length > 0) showUrlCheck(document.getElementById('check-section'), listing.entries.map((entry) => entry.loc));
}

main().then(
  () => { document.body.dataset.ready = 'true'; },
  (error) => {
    document.getElementById('summary').textContent = String(error.message ?? error);
    document.body.dataset.ready = 'failed';
  },
);
