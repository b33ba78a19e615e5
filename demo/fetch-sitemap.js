// Fetching a sitemap the user asked for, from the browser (worker), with errors a person can act
// on: an HTTP status, a size cap, and CORS told apart from an unreachable host.

import { LIMITS } from '/sitemapkit/index.js';
import { relayFetchFollowing } from './relay-fetch.js';

/** Bytes read from a response at most (the package's own cap on decompressed input). */
const MAX_DOWNLOAD = LIMITS.defaultMaxInputBytes;

/**
 * A fetch that failed, with a message for the page.
 *
 * @example
 * throw new FetchFailure('HTTP 404 Not Found for https://example.com/sitemap.xml', 'http');
 */
export class FetchFailure extends Error {
  constructor(message, reason) {
    super(message);
    this.name = 'FetchFailure';
    /** `cors`, `network`, `http`, `url`, `size`. */
    this.reason = reason;
  }
}

/**
 * An absolute http(s) URL from what the user typed (`example.com/sitemap.xml` gets `https://`,
 * `localhost:8080/sitemap.xml` gets `http://`).
 *
 * @example
 * normalizeUrl('example.com/sitemap.xml'); // 'https://example.com/sitemap.xml'
 */
export function normalizeUrl(typed) {
  const text = typed.trim();
  // A scheme is there unless what precedes the first ":" is a host followed by a port.
  const hasScheme = /^[a-z][a-z0-9+.-]*:/i.test(text) && !/^[^/:]+:\d/.test(text);
  const local = /^(localhost|127\.|\[::1\])/i.test(text);
  let url;
  try {
    url = new URL(hasScheme ? text : `${local ? 'http' : 'https'}://${text}`);
  } catch {
    throw new FetchFailure(`"${text}" is not a URL`, 'url');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new FetchFailure(`Only http and https URLs can be fetched, not ${url.protocol}`, 'url');
  return url.href;
}

/**
 * Fetches `url` for reading as a stream (a file over what is read at once): the response, its
 * body not yet read, through the relay for another origin when there is one.
 *
 * @example
 * for await (const entry of parseStream(await fetchForStream(url, { relay: true }))) count++;
 */
export async function fetchForStream(url, { relay = false } = {}) {
  const crossOrigin = new URL(url).origin !== self.location.origin;
  const response = relay && crossOrigin ? (await relayFetchFollowing(url)).response : await fetch(url, { credentials: 'omit', redirect: 'follow' });
  if (!response.ok) throw new FetchFailure(`HTTP ${response.status} for ${url}`, 'http');
  return response;
}

/**
 * Fetches `url` and returns its bytes (gzip stays gzip: the caller sniffs it). With `relay`
 * (the page's server has `npm start`'s relay), another origin is read through it, so that a
 * site without CORS headers can be read.
 *
 * @example
 * const { bytes, finalUrl } = await fetchSitemap('https://example.com/sitemap.xml', { relay: true });
 */
export async function fetchSitemap(url, { relay = false } = {}) {
  let response;
  let relayedUrl;
  const crossOrigin = new URL(url).origin !== self.location.origin;
  try {
    if (relay && crossOrigin) ({ response, finalUrl: relayedUrl } = await relayFetchFollowing(url));
    else response = await fetch(url, { credentials: 'omit', redirect: 'follow' });
  } catch (error) {
    if (relay && crossOrigin) throw new FetchFailure(String(error.message ?? error), 'network');
    throw await explainFailedFetch(url);
  }
  if (relayedUrl) Object.defineProperty(response, 'url', { value: relayedUrl });
  if (!response.ok) {
    throw new FetchFailure(`HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''} for ${url}`, 'http');
  }
  const declared = Number(response.headers.get('content-length'));
  if (declared > MAX_DOWNLOAD) {
    response.body?.cancel().catch(() => undefined);
    throw Object.assign(new FetchFailure(`${url} is ${declared.toLocaleString('en-US')} bytes; the viewer reads at most ${MAX_DOWNLOAD.toLocaleString('en-US')}`, 'size'), { size: declared, finalUrl: relayedUrl ?? (response.url || url) });
  }
  if (!response.body) return { bytes: new Uint8Array(await response.arrayBuffer()), finalUrl: response.url || url, contentType: response.headers.get('content-type') ?? '' };
  const reader = response.body.getReader();
  const chunks = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.length;
    if (total > MAX_DOWNLOAD) {
      await reader.cancel();
      throw Object.assign(new FetchFailure(`${url} is larger than ${MAX_DOWNLOAD.toLocaleString('en-US')} bytes, the most the viewer reads`, 'size'), { size: total, finalUrl: relayedUrl ?? (response.url || url) });
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let at = 0;
  for (const chunk of chunks) { bytes.set(chunk, at); at += chunk.length; }
  return { bytes, finalUrl: response.url || url, contentType: response.headers.get('content-type') ?? '' };
}

/**
 * Why fetch() rejected. It only says "Failed to fetch"; a second, opaque (`no-cors`) request to
 * the same URL tells the cases apart: if that one gets an answer, the server is there and the
 * browser withheld the content because the response did not allow this page to read it (CORS).
 */
async function explainFailedFetch(url) {
  const { origin, host } = new URL(url);
  let reachable = false;
  try {
    await fetch(url, { mode: 'no-cors', credentials: 'omit' });
    reachable = true;
  } catch { /* unreachable as well */ }
  if (reachable) {
    return new FetchFailure(
      `${host} answered, but the browser would not let this page read the sitemap: the response has no Access-Control-Allow-Origin header that allows ${self.location.origin} (CORS). ` +
      'Sitemaps are rarely served with CORS headers, and this viewer is hosted without the local relay that reads them for it. ' +
      'Run the viewer with `npm start` (its server relays such requests), use the browser extension, or download the file and open it here (drop it on the page).',
      'cors');
  }
  return new FetchFailure(
    `Could not reach ${origin}: the host did not answer (offline, a wrong name, a refused connection or a certificate problem). ` +
    'If you can open the URL in a tab, download the file and open it here.',
    'network');
}
