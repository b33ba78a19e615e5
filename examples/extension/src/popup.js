// The popup: asks the service worker for the current site's sitemaps (robots.txt, else
// /sitemap.xml) and shows each one's kind, entry count and verdict; an index expands into its
// children; "List" opens the full entry list. `popup.html?url=…` names the page to look at
// instead of the active tab (for tests, or to open the popup as a page).

import { askServiceWorker } from './ask-service-worker.js';
import { linkTo } from './safe-link.js';
import { entryCountText, issueText, verdictText } from './verdict-text.js';

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
      element('span', { className: `kind ${summary.kind}`, textContent: summary.kind === 'sitemapindex' ? 'index' : 'sitemap' }),
      element('span', { className: 'count', textContent: entryCountText(summary.kind, summary.count) }),
    );
    if (summary.gzip) facts.append(element('span', { className: 'note', textContent: 'gzip', title: 'Served as gzip (recognised by its magic bytes)' }));
  } else {
    facts.append(element('span', { className: 'kind bad', textContent: 'unreadable' }));
  }
  facts.append(element('span', { className: `verdict ${verdict.tone}`, textContent: verdict.text }), element('span', { className: 'spacer' }));
  if (summary.ok && summary.kind === 'sitemapindex' && summary.children.length > 0) {
    const expand = element('button', { className: 'expand', textContent: 'Expand' });
    expand.addEventListener('click', () => toggleChildren(item, summary, expand).catch((error) => showMessage(String(error.message ?? error))));
    facts.append(expand);
  }
  const list = element('button', { className: 'open-list', textContent: 'List' });
  list.addEventListener('click', () => openList(summary.url, item.dataset.declaredBy));
  facts.append(list);
  const issues = summary.verdict.firstIssues.slice(0, 3);
  if (issues.length > 0) {
    item.querySelector('.issues')?.remove();
    const more = summary.verdict.errors + summary.verdict.warnings - issues.length;
    item.insertBefore(element('ul', { className: 'issues' }, [
      ...issues.map((issue) => element('li', { className: issue.severity === 'error' ? 'bad' : 'warn', textContent: issueText(issue) })),
      ...(more > 0 ? [element('li', { textContent: `and ${more} more (List shows them all)` })] : []),
    ]), facts.nextSibling);
  }
  if (summary.verdict.checkedBy !== 'fetch') document.body.dataset.checkedBy = summary.verdict.checkedBy;
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
  const { checkedBy } = document.body.dataset;
  document.getElementById('answered-by').textContent =
    `Fetched and parsed by the extension's service worker (${handled.length} requests answered)${checkedBy ? `; verdicts from sitemapkit's ${checkedBy}()` : ''}.`;
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
}

main().then(
  () => { document.body.dataset.ready = 'true'; },
  (error) => { showMessage(`Could not read the sitemaps: ${error.message ?? error}`); document.body.dataset.ready = 'failed'; },
);
