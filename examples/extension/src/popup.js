// The popup: asks the service worker for the current site's sitemaps (robots.txt, else
// /sitemap.xml) and shows each one's kind, entry count and verdict; an index expands into its
// children; "List" opens the full entry list. `popup.html?url=…` names the page to look at
// instead of the active tab (for tests, or to open the popup as a page).

import { askServiceWorker } from './ask-service-worker.js';
import { linkTo } from './safe-link.js';
import { walkSite } from './site-walk.js';
import { codeCountText, entryCountText, issueText, verdictText } from './verdict-text.js';

/** Issue codes listed under a sitemap; the list page has the rest. */
const CODES_SHOWN = 4;
/** The short kind label of a card, by what the file is. */
const KIND_LABELS = { sitemapindex: 'index', rss: 'feed', atom: 'feed', text: 'text' };

/** The sitemapkit functions whose verdicts the cards show (validate, parseFeed, parseTextSitemap). */
const checkedBy = new Set();

/** Children of an index read at once: enough to be quick, few enough not to hammer a site. */
const CHILD_REQUESTS_AT_ONCE = 4;

const element = (tag, properties = {}, children = []) => {
  const node = Object.assign(document.createElement(tag), properties);
  node.append(...children);
  return node;
};

/** The page whose site is shown: `?url=` when given, else the active tab of this window. */
async function targetPageUrl() {
  const fromQuery = new URLSearchParams(location.search).get('url');
  if (fromQuery) return fromQuery;
  // The URL of a tab is visible to the extension because its host permissions match http(s) pages.
  const [tab] = await chrome.tabs.query({ active: true, currentWindow: true });
  return tab?.url;
}

function showMessage(text) {
  const message = document.getElementById('message');
  message.textContent = text;
  message.hidden = false;
}

/** Opens one sitemap in the full viewer bundled in the extension (viewer/index.html), in a new tab. */
function openViewer(url) {
  return chrome.tabs.create({ url: chrome.runtime.getURL(`viewer/index.html?${new URLSearchParams({ url })}`) });
}

/** Opens the full list page of one sitemap in a new tab. */
function openList(url, declaredBy) {
  const query = new URLSearchParams({ url });
  if (declaredBy) query.set('declaredBy', declaredBy);
  return chrome.tabs.create({ url: chrome.runtime.getURL(`entries.html?${query}`) });
}

/**
 * A list item for one sitemap, in the "loading" state until `summarize` answers. `declaredBy` is
 * the robots.txt that named it (it may then live on another host).
 */
function sitemapItem(url, declaredBy) {
  const item = element('li', { className: 'sitemap' }, [
    Object.assign(linkTo(url, url, 'url'), { title: url }),
    element('div', { className: 'facts' }, [element('span', { className: 'muted', textContent: 'Reading…' })]),
  ]);
  item.dataset.url = url;
  if (declaredBy) item.dataset.declaredBy = declaredBy;
  item.dataset.state = 'loading';
  return item;
}

/** Fills a sitemap's item from the service worker's summary. */
function showSummary(item, summary) {
  const facts = item.querySelector('.facts');
  facts.replaceChildren();
  const verdict = verdictText(summary.verdict);
  item.dataset.errors = String(summary.verdict.errors);
  item.dataset.warnings = String(summary.verdict.warnings);
  if (summary.ok) {
    item.dataset.kind = summary.kind;
    item.dataset.count = String(summary.count);
    facts.append(
      element('span', { className: `kind ${summary.kind}`, textContent: KIND_LABELS[summary.format] ?? KIND_LABELS[summary.kind] ?? 'sitemap' }),
      element('span', { className: 'count', textContent: entryCountText(summary.kind, summary.count) }),
    );
    if (summary.gzip) facts.append(element('span', { className: 'note', textContent: 'gzip', title: 'Served as gzip (recognised by its magic bytes)' }));
  } else {
    facts.append(element('span', { className: 'kind bad', textContent: 'unreadable' }));
  }
  facts.append(element('span', { className: `verdict ${verdict.tone}`, textContent: verdict.text }), element('span', { className: 'spacer' }));
  // The buttons stay together on one line, whatever the width of the facts before them.
  const actions = element('span', { className: 'actions' });
  if (summary.ok && summary.kind === 'sitemapindex' && summary.children.length > 0) {
    const expand = element('button', { className: 'expand', textContent: 'Expand' });
    expand.addEventListener('click', () => toggleChildren(item, summary, expand).catch((error) => showMessage(String(error.message ?? error))));
    actions.append(expand);
  }
  const list = element('button', { className: 'open-list', textContent: 'List', title: 'Every entry and every issue, in a new tab' });
  list.addEventListener('click', () => openList(summary.url, item.dataset.declaredBy));
  const viewer = element('button', { className: 'open-viewer', textContent: 'Viewer', title: 'Open in the full sitemapkit viewer (filters, charts, source lines, exports)' });
  viewer.addEventListener('click', () => openViewer(summary.finalUrl ?? summary.url));
  actions.append(list, viewer);
  facts.append(actions);
  // One line per issue code, with how often it occurs and where first (not one line per issue).
  const codes = summary.verdict.codes ?? [];
  if (codes.length > 0) {
    item.querySelector('.issues')?.remove();
    const more = codes.length - CODES_SHOWN;
    item.insertBefore(element('ul', { className: 'issues' }, [
      ...codes.slice(0, CODES_SHOWN).map((code) => element('li', { className: code.severity === 'error' ? 'bad' : 'warn', textContent: codeCountText(code) })),
      ...(more > 0 ? [element('li', { className: 'more', textContent: `and ${more.toLocaleString('en')} more ${more === 1 ? 'code' : 'codes'} (List shows every issue)` })] : []),
    ]), facts.nextSibling);
  }
  if (summary.verdict.checkedBy !== 'fetch') checkedBy.add(summary.verdict.checkedBy);
  item.dataset.state = summary.ok ? 'done' : 'failed';
}

/** Asks for the summary of one sitemap and shows it; failures are shown, never thrown. */
async function summarizeInto(item) {
  try {
    showSummary(item, await askServiceWorker('summarize', { url: item.dataset.url, declaredBy: item.dataset.declaredBy }));
  } catch (error) {
    item.querySelector('.facts').replaceChildren(element('span', { className: 'verdict bad', textContent: String(error.message ?? error) }));
    item.dataset.state = 'failed';
  }
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited(items, limit, work) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(lanes);
}

/** Expands an index into its children (read on the first click), or folds it again. */
async function toggleChildren(item, summary, button) {
  let children = item.querySelector(':scope > .sitemaps');
  if (children) {
    children.hidden = !children.hidden;
    button.textContent = children.hidden ? 'Expand' : 'Fold';
    return;
  }
  const items = summary.children.map((url) => sitemapItem(url));
  children = element('ul', { className: 'sitemaps children' }, items);
  if (summary.count > summary.children.length) {
    children.append(element('li', { className: 'muted', textContent: `${summary.count - summary.children.length} more: List shows them all` }));
  }
  item.append(children);
  item.dataset.expanded = 'true';
  button.textContent = 'Fold';
  await eachLimited(items, CHILD_REQUESTS_AT_ONCE, summarizeInto);
  await showAnsweredBy();
}

async function showAnsweredBy() {
  const handled = await askServiceWorker('handled');
  const readers = [...checkedBy].map((name) => `${name}()`).join(' and ');
  document.getElementById('answered-by').textContent =
    `Fetched and parsed by the extension's service worker (${handled.length.toLocaleString('en')} requests answered)${readers ? `; verdicts from sitemapkit's ${readers}` : ''}.`;
}

async function main() {
  const pageUrl = await targetPageUrl();
  let protocol = '';
  try { protocol = new URL(pageUrl ?? '').protocol; } catch { /* not a URL: handled below */ }
  if (protocol !== 'http:' && protocol !== 'https:') {
    document.getElementById('site').textContent = 'this page';
    document.getElementById('source').textContent = '';
    showMessage('Open a web page (http or https) to see the sitemaps of its site.');
    return;
  }
  const discovery = await askServiceWorker('discover', { pageUrl });
  document.getElementById('site').textContent = discovery.origin;
  const source = document.getElementById('source');
  source.dataset.source = discovery.source;
  const lines = discovery.robots.sitemaps.length;
  source.textContent = discovery.source === 'robots.txt'
    ? `robots.txt declares ${lines} ${lines === 1 ? 'sitemap' : 'sitemaps'}.`
    : discovery.robots.status === 'found'
      ? 'robots.txt declares no sitemap; trying /sitemap.xml.'
      : `No robots.txt (${discovery.robots.reason ?? 'not found'}); trying /sitemap.xml.`;
  if (discovery.robots.issues.length > 0) {
    source.after(element('ul', { className: 'issues robots-issues' },
      discovery.robots.issues.map((issue) => element('li', { className: issue.severity === 'error' ? 'bad' : 'warn', textContent: `robots.txt ${issueText(issue)}` }))));
  }
  const items = discovery.sitemaps.map((url) => sitemapItem(url, discovery.source === 'robots.txt' ? discovery.robotsTxtUrl : undefined));
  document.getElementById('sitemaps').append(...items);
  await Promise.all(items.map(summarizeInto));
  await showAnsweredBy();
  // The whole site, on request: every index followed, the well-known places tried too.
  const walk = document.getElementById('walk-site');
  walk.hidden = false;
  walk.addEventListener('click', () => {
    walk.disabled = true;
    walkSite(document.getElementById('site-walk'), pageUrl, { openList: (url) => openList(url), openViewer })
      .catch((error) => showMessage(`Could not walk the site: ${error.message ?? error}`))
      .finally(() => { walk.disabled = false; });
  });
}

main().then(
  () => { document.body.dataset.ready = 'true'; },
  (error) => { showMessage(`Could not read the sitemaps: ${error.message ?? error}`); document.body.dataset.ready = 'failed'; },
);
