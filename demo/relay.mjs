// The fetch relay of `npm start`'s server (issue 17, the viewer): a browser page may not read a
// sitemap on another origin unless that server sends CORS headers (few do), so the viewer asks
// its own server, which fetches the URL and hands the answer back. Node-only.
//
// Safety, because a relay that fetches URLs is what an attacker would like to borrow:
// - the server listens on 127.0.0.1 only (serve.mjs), and the Host header must name this machine
//   (a DNS-rebinding page cannot use it);
// - only the viewer's own pages can ask: a request must carry `X-Sitemapkit-Relay: 1` (a header
//   no cross-origin page can send without a CORS preflight, which is never granted) and, when the
//   browser says so, come from the same origin (`Sec-Fetch-Site`);
// - GET of http(s) URLs only, no credentials or cookies passed on, one request per ask (redirects
//   are handed back, not followed: the caller decides, and loops stay bounded there);
// - the body is cut off after RELAY_MAX_BYTES (the package's 100 MiB input cap and a little more,
//   so that the caller sees a file over the limit as such) and after RELAY_TIMEOUT_MS.
//
// The answer: status 200 with the real status in `X-Relay-Status`, and the real Content-Type,
// Location and Retry-After as `X-Relay-*` headers (a 3xx from this server would be followed or
// hidden by the browser); a failure to reach the site is a 502 with `X-Relay-Error`.

/** Where the relay answers. */
export const RELAY_PATH = '/relay';
/** The most bytes passed on: the package's 100 MiB cap on input, plus 1 MiB. */
export const RELAY_MAX_BYTES = 101 * 1024 * 1024;
/** How long one fetch may take in all. */
export const RELAY_TIMEOUT_MS = 60_000;
const PASSED_ON = ['content-type', 'location', 'retry-after', 'last-modified', 'etag'];
const LOCAL_HOST = /^(?:localhost|127\.0\.0\.1|\[::1\])(?::\d+)?$/i;

function refuse(response, status, message) {
  response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8', 'X-Relay-Error': message, 'Cache-Control': 'no-store' }).end(`${message}\n`);
}

/**
 * Answers one relay request (`GET /relay?url=<http(s) URL>`; `GET /relay` says it is there).
 *
 * @example
 * createServer((request, response) => request.url.startsWith('/relay?') ? relayRequest(request, response) : serveFile(request, response));
 */
export async function relayRequest(request, response) {
  if (request.method !== 'GET') return refuse(response, 405, 'The relay only GETs');
  if (!LOCAL_HOST.test(request.headers.host ?? '')) return refuse(response, 403, 'The relay answers requests to localhost only');
  if (request.headers['x-sitemapkit-relay'] !== '1') return refuse(response, 403, 'The relay answers the viewer\'s own requests only (X-Sitemapkit-Relay: 1)');
  const site = request.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return refuse(response, 403, 'The relay answers the viewer\'s own pages only');
  const asked = new URL(request.url, 'http://localhost').searchParams.get('url');
  // An ask without a URL is the page checking that the relay is there.
  if (asked === null) return void response.writeHead(204, { 'X-Relay-Available': '1', 'Cache-Control': 'no-store' }).end();
  let target;
  try {
    target = new URL(asked);
  } catch {
    return refuse(response, 400, 'url= must be an absolute URL');
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:') return refuse(response, 400, `Only http and https URLs are relayed, not ${target.protocol}`);
  target.hash = '';

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new Error(`no complete answer within ${RELAY_TIMEOUT_MS / 1000} s`)), RELAY_TIMEOUT_MS);
  request.on('close', () => { if (!response.writableEnded) controller.abort(new Error('the viewer stopped asking')); });
  let answer;
  try {
    answer = await fetch(target, { redirect: 'manual', signal: controller.signal, credentials: 'omit', headers: { 'User-Agent': 'sitemapkit-viewer (local relay)', Accept: '*/*' } });
  } catch (error) {
    clearTimeout(timer);
    return refuse(response, 502, `Could not reach ${target.host}: ${error?.cause?.code ?? error?.message ?? error}`);
  }
  const headers = { 'Content-Type': 'application/octet-stream', 'X-Relay-Status': String(answer.status), 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' };
  for (const name of PASSED_ON) {
    const value = answer.headers.get(name);
    if (value !== null) headers[`X-Relay-${name.replace(/(^|-)(\w)/g, (_, dash, letter) => dash + letter.toUpperCase())}`] = value;
  }
  response.writeHead(200, headers);
  let sent = 0;
  try {
    for await (const chunk of answer.body ?? []) {
      sent += chunk.length;
      if (sent > RELAY_MAX_BYTES) { controller.abort(); response.destroy(new Error('over the relay\'s size cap')); return; }
      if (!response.write(chunk)) await new Promise((resolve) => response.once('drain', resolve));
    }
    response.end();
  } catch {
    response.destroy();
  } finally {
    clearTimeout(timer);
  }
}
