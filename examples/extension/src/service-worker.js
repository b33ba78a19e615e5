// The extension's background module service worker (Manifest V3): answers the popup's and the
// list page's chrome.runtime messages by fetching and parsing with sitemapkit. Static imports
// only: MV3 service workers forbid dynamic imports.

import { discoverSitemaps, listSitemapEntries, summarizeSitemap, walkSite } from './sitemap-report.js';

/** Every request answered since the worker started: the popup's "answered by" line and the tests read it. */
const handledRequests = [];
globalThis.handledRequests = handledRequests;

const handlers = {
  discover: (message) => discoverSitemaps(message.pageUrl),
  summarize: (message) => summarizeSitemap(message.url, message.declaredBy),
  entries: (message) => listSitemapEntries(message.url, message.declaredBy),
  crawl: (message) => walkSite(message.pageUrl),
  handled: () => Promise.resolve(handledRequests.slice()),
};

chrome.runtime.onMessage.addListener((message, sender, sendResponse) => {
  // Only this extension's own pages talk to it.
  if (sender.id !== chrome.runtime.id) return false;
  const handler = handlers[message?.type];
  if (!handler) return false;
  const started = performance.now();
  handler(message).then(
    (answer) => {
      if (message.type !== 'handled') handledRequests.push({ type: message.type, url: message.url ?? message.pageUrl, milliseconds: Math.round(performance.now() - started) });
      sendResponse({ ok: true, answer });
    },
    (error) => sendResponse({ ok: false, error: String(error?.stack ?? error) }),
  );
  return true; // the answer comes asynchronously
});
