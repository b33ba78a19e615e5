// The page's side of `npm start`'s fetch relay (relay.mjs): a `fetch` for other origins that goes
// through the viewer's own server, so that sitemaps without CORS headers can be read. A
// statically hosted viewer has no relay: `relayAvailable()` says so, and fetches go direct.

/** Where the relay answers (relay.mjs RELAY_PATH), and the header that proves the viewer asks. */
const RELAY_PATH = '/relay';
const RELAY_HEADERS = { 'X-Sitemapkit-Relay': '1' };

/**
 * Whether this page's server has the relay: it answers an ask without a URL with 204 and
 * `X-Relay-Available` (a static host answers 404, or a page).
 *
 * @example
 * const relay = await relayAvailable();
 */
export async function relayAvailable() {
  // Only a page served over http(s) can have a server with a relay (not the copy in the extension).
  if (self.location.protocol !== 'http:' && self.location.protocol !== 'https:') return false;
  try {
    const response = await fetch(RELAY_PATH, { headers: RELAY_HEADERS, credentials: 'omit' });
    return response.status === 204 && response.headers.get('x-relay-available') === '1';
  } catch {
    return false;
  }
}

/**
 * A WHATWG-`fetch`-shaped function that asks the relay for `url` and answers with the site's own
 * status and headers (Content-Type, Location, Retry-After…). Redirects are not followed: the
 * 3xx comes back with its Location, as with `redirect: 'manual'` in Node. A site that cannot be
 * reached rejects with a TypeError, as fetch does. Same-origin URLs are fetched directly.
 *
 * @example
 * const report = await crawlSitemaps('example.com', { fetch: relayFetch }).report();
 */
export async function relayFetch(url, init = {}) {
  const target = new URL(url, self.location.href);
  if (target.origin === self.location.origin) return fetch(target, init);
  const relayUrl = `${RELAY_PATH}?url=${encodeURIComponent(target.href)}`;
  const answer = await fetch(relayUrl, { method: 'GET', headers: RELAY_HEADERS, signal: init.signal, credentials: 'omit' });
  const error = answer.headers.get('x-relay-error');
  if (error !== null) throw new TypeError(`The relay could not fetch ${target.href}: ${error}`);
  const status = Number(answer.headers.get('x-relay-status'));
  const headers = new Headers();
  for (const [name, value] of answer.headers) if (name.startsWith('x-relay-') && name !== 'x-relay-status') headers.set(name.slice('x-relay-'.length), value);
  // 204/205/304 carry no body; every other status keeps the stream as it arrives.
  const body = status === 204 || status === 205 || status === 304 ? null : answer.body;
  return new Response(body, { status: status >= 200 && status <= 599 ? status : 502, headers });
}

/**
 * Fetches `url` through the relay following redirects (at most 10), for one file the user asked
 * for: the final response and the URL it came from.
 *
 * @example
 * const { response, finalUrl } = await relayFetchFollowing('https://example.com/sitemap.xml');
 */
export async function relayFetchFollowing(url, init = {}) {
  let current = url;
  for (let hop = 0; hop <= 10; hop++) {
    const response = await relayFetch(current, init);
    const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (location === null) return { response, finalUrl: current };
    await response.body?.cancel();
    current = new URL(location, current).href;
  }
  throw new TypeError(`More than 10 redirects from ${url}`);
}
