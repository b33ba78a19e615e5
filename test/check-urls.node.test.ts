// checkUrls (issue 19, item 11) against a real local HTTP server: statuses, redirect chains and
// loops, noindex by header and by meta tag (and what is not noindex), the concurrency limit, the
// timeout, other schemes refused, private addresses refused on request, and cancel. Node-only
// (node:http). Private addresses behind DNS: test/crawl-fetch-node.node.test.ts.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkUrls, type UrlCheck } from '../src/index';

let server: Server;
let origin: string;
const requests: string[] = [];
/** Each request's User-Agent, in order. */
const agents: string[] = [];
let inFlight = 0;
let mostInFlight = 0;

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    agents.push(request.headers['user-agent'] ?? '');
    inFlight++;
    mostInFlight = Math.max(mostInFlight, inFlight);
    const send = (status: number, headers: Record<string, string>, body = '') => setTimeout(() => { inFlight--; response.writeHead(status, headers).end(body); }, path.startsWith('/slow/') ? 30 : 0);
    if (path === '/ok' || path.startsWith('/slow/')) send(200, { 'Content-Type': 'text/html' }, '<html><head><title>ok</title></head><body>ok</body></html>');
    else if (path === '/gone') send(404, { 'Content-Type': 'text/plain' }, 'gone');
    else if (path === '/moved') send(301, { Location: '/moved-again' });
    else if (path === '/moved-again') send(302, { Location: `${origin}/ok` });
    else if (path === '/loop') send(301, { Location: '/loop' });
    else if (path === '/to-ftp') send(301, { Location: 'ftp://example.com/' });
    else if (path === '/to-credentials') send(302, { Location: `${origin.replace('//', '//me:secret@')}/ok` });
    else if (path === '/noindex-header') send(200, { 'Content-Type': 'text/html', 'X-Robots-Tag': 'noarchive, noindex' }, '<html></html>');
    else if (path === '/other-bot-header') send(200, { 'Content-Type': 'text/html', 'X-Robots-Tag': 'otherbot: noindex' }, '<html></html>');
    else if (path === '/noindex-meta') send(200, { 'Content-Type': 'text/html; charset=utf-8' }, '<!doctype html><html><head><meta charset="utf-8"><META NAME="robots" CONTENT="follow, noindex"></head><body>x</body></html>');
    else if (path === '/googlebot-none') send(200, { 'Content-Type': 'text/html' }, "<html><head><meta content='none' name='googlebot'></head></html>");
    else if (path === '/index-meta') send(200, { 'Content-Type': 'text/html' }, '<html><head><meta name="description" content="noindex is a word here"><meta name="robots" content="index, follow"></head></html>');
    else if (path === '/never') { /* never answers */ }
    else if (path === '/trickle' || path === '/cut') {
      // An answer whose head never completes: a byte every 50 ms, or the connection cut after the first bytes.
      response.writeHead(200, { 'Content-Type': 'text/html' });
      response.write('<html><head><title>slow</title>');
      if (path === '/cut') return void setTimeout(() => response.destroy(), 20);
      const timer = setInterval(() => response.write(' '), 50);
      response.on('close', () => { clearInterval(timer); inFlight--; });
    }
    else send(404, {}, '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

async function all(urls: string[], options = {}): Promise<Map<string, UrlCheck>> {
  const results = new Map<string, UrlCheck>();
  for await (const check of checkUrls(urls, options)) results.set(check.url, check);
  return results;
}

describe('checkUrls', () => {
  it('gives each URL its status, where its redirects lead, and noindex by header or meta tag', async () => {
    const paths = ['/ok', '/gone', '/moved', '/noindex-header', '/other-bot-header', '/noindex-meta', '/googlebot-none', '/index-meta'];
    const results = await all(paths.map((path) => `${origin}${path}`));
    const view = (path: string) => { const { status, finalUrl, redirects, noindex } = results.get(`${origin}${path}`)!; return { status, finalUrl: finalUrl.replace(origin, ''), redirects, noindex }; };
    expect(view('/ok')).toEqual({ status: 200, finalUrl: '/ok', redirects: 0, noindex: undefined });
    expect(view('/gone')).toEqual({ status: 404, finalUrl: '/gone', redirects: 0, noindex: undefined });
    expect(view('/moved')).toEqual({ status: 200, finalUrl: '/ok', redirects: 2, noindex: undefined });
    expect(view('/noindex-header').noindex).toBe('header');
    expect(view('/other-bot-header').noindex).toBeUndefined();
    expect(view('/noindex-meta').noindex).toBe('meta');
    expect(view('/googlebot-none').noindex).toBe('meta');
    expect(view('/index-meta').noindex).toBeUndefined();
  });

  it("reads a page's head and only its head, whatever its chunks: a robots meta tag in the body, past the first 64 KiB, or in a comment, script, style or title does not count", async () => {
    const meta = '<meta name="robots" content="noindex">';
    const pages: Record<string, [string, UrlCheck['noindex']]> = {
      '/in-head': [`<html><head><title>t</title>${meta}</head><body>x</body></html>`, 'meta'],
      '/in-body': [`<html><head><title>t</title></head><body>${meta}<p>x</p></body></html>`, undefined],
      '/no-head-end': [`<html><head><title>t</title>${meta}`, 'meta'],
      // </header> is no end of the head (a template's markup in a script, say).
      '/header-tag': [`<html><head><script>var t = "</header>";</script>${meta}</head><body></body></html>`, 'meta'],
      '/body-attributes': [`<html><head><title>t</title></head><body class="home">${meta}</body></html>`, undefined],
      '/past-64k': [`<html><head><title>t</title><!--${'x'.repeat(70_000)}-->${meta}</head></html>`, undefined],
      // A tag in a comment, a script, a style or the title is text, not a tag; nor is a <body or </head there.
      '/in-comment': [`<html><head><!-- ${meta} --><title>t</title></head><body></body></html>`, undefined],
      '/in-script': [`<html><head><script>document.write('${meta}');</script></head><body></body></html>`, undefined],
      '/after-comment': [`<html><head><!-- <body> </head> --><title>t</title>${meta}</head><body></body></html>`, 'meta'],
      '/after-script': [`<html><head><SCRIPT type="module">if (a<b) document.body.innerHTML = "<body class=x>";</SCRIPT >${meta}</head></html>`, 'meta'],
      '/after-style': [`<html><head><style>body{margin:0}</style><style media="print"><body</style>${meta}</head></html>`, 'meta'],
      '/after-title': [`<html><head><title>Why <body> and </head> are tags</title>${meta}</head></html>`, 'meta'],
      '/unclosed-comment': [`<html><head><title>t</title><!-- ${meta}`, undefined],
      '/between-comments': [`<html><head><!----><!-- a -->${meta}<!-- b --></head></html>`, 'meta'],
      // `<!-->` and `<!--->` are whole (empty) comments to a browser (HTML's abrupt-closing-of-empty-comment).
      '/abrupt-comment': [`<html><head><!-->${meta}<!-- b --></head></html>`, 'meta'],
      '/abrupt-dash-comment': [`<html><head><title>t</title><!--->${meta}</head><body><!-- x --></body></html>`, 'meta'],
    };
    const seen: Record<string, unknown[]> = {};
    for (const chunkBytes of [1, 3, 7, 64, 4096, Infinity]) {
      const fetch = async (url: string): Promise<Response> => {
        const bytes = new TextEncoder().encode(pages[new URL(url).pathname]![0]);
        return new Response(new ReadableStream<Uint8Array>({
          start(controller) {
            const step = Math.min(chunkBytes, bytes.length);
            for (let at = 0; at < bytes.length; at += step) controller.enqueue(bytes.slice(at, at + step));
            controller.close();
          },
        }), { status: 200, headers: { 'content-type': 'text/html' } });
      };
      for (const [path, check] of await all(Object.keys(pages).map((path) => `https://example.com${path}`), { fetch })) (seen[new URL(path).pathname] ??= []).push(check.noindex);
    }
    for (const [path, [, noindex]] of Object.entries(pages)) expect({ path, noindex: seen[path] }).toEqual({ path, noindex: Array(6).fill(noindex) });
  });

  it('sends the headers it is given on every request of a check, redirects included; refuses headers that are not strings', async () => {
    const before = agents.length;
    const check = (await all([`${origin}/moved`], { headers: { 'User-Agent': 'my-checker/1.0' } })).get(`${origin}/moved`);
    expect(check).toMatchObject({ status: 200, redirects: 2 });
    expect(agents.slice(before)).toEqual(['my-checker/1.0', 'my-checker/1.0', 'my-checker/1.0']);
    for (const headers of [['User-Agent'], { 'User-Agent': 7 }, 'User-Agent: x']) {
      expect(() => checkUrls([], { headers: headers as unknown as Record<string, string> })).toThrow(expect.objectContaining({ code: 'INPUT_INVALID_OPTION', message: expect.stringContaining('headers must be an object of header names to strings') }));
    }
  });

  it('stops at a redirect loop, a redirect to another scheme, and never fetches other schemes', async () => {
    const before = requests.length;
    const results = await all([`${origin}/loop`, `${origin}/to-ftp`, 'ftp://example.com/file', 'javascript:alert(1)', 'not a url'], { maxRedirects: 3 });
    expect(results.get(`${origin}/loop`)).toMatchObject({ status: 0, error: 'more than 3 redirects' });
    expect(results.get(`${origin}/to-ftp`)).toMatchObject({ status: 0, error: 'a redirect to ftp:, not http(s)' });
    expect(results.get('ftp://example.com/file')).toMatchObject({ status: 0, error: 'not an http(s) URL (ftp:)' });
    expect(results.get('javascript:alert(1)')).toMatchObject({ status: 0, error: 'not an http(s) URL (javascript:)' });
    expect(results.get('not a url')).toMatchObject({ status: 0, error: 'not a URL' });
    expect(requests.slice(before).filter((path) => path === '/loop')).toHaveLength(4);
  });

  it('keeps to its concurrency limit, and to its timeout', async () => {
    mostInFlight = 0;
    const results = await all(Array.from({ length: 12 }, (_, n) => `${origin}/slow/${n}`), { concurrency: 3 });
    expect(results.size).toBe(12);
    expect([...results.values()].every((check) => check.status === 200)).toBe(true);
    expect(mostInFlight).toBe(3);
    const slow = await all([`${origin}/never`], { timeout: 200 });
    expect(slow.get(`${origin}/never`)).toMatchObject({ status: 0, error: 'no answer within 200 ms' });
  });

  it('reports a page whose head does not arrive in time, or is cut off, with its status and why noindex is unknown; the other checks go on', async () => {
    const results = await all([`${origin}/trickle`, `${origin}/cut`, `${origin}/ok`], { timeout: 400 });
    expect(results.get(`${origin}/trickle`)).toEqual({ url: `${origin}/trickle`, status: 200, finalUrl: `${origin}/trickle`, redirects: 0, noindex: undefined, error: "the page's head did not arrive within 400 ms: its robots meta tag is unknown" });
    expect(results.get(`${origin}/cut`)).toMatchObject({ status: 200, noindex: undefined, error: expect.stringMatching(/^the page's head could not be read \(.+\): its robots meta tag is unknown$/) });
    expect(results.get(`${origin}/ok`)).toMatchObject({ status: 200 });
    expect(results.get(`${origin}/ok`)!.error).toBeUndefined();
  });

  it('fetches no URL with a user name or password, given or as a redirect\'s target, as fetch refuses one', async () => {
    requests.length = 0;
    const given = `${origin.replace('//', '//me:secret@')}/ok`;
    const results = await all([given, `${origin}/to-credentials`]);
    const refusal = `${origin}/ok: a URL with a user name or password is not fetched, as fetch refuses one (send credentials with the headers option)`;
    expect(results.get(given)).toEqual({ url: given, status: 0, finalUrl: `${origin}/ok`, redirects: 0, noindex: undefined, error: refusal });
    expect(results.get(`${origin}/to-credentials`)).toEqual({ url: `${origin}/to-credentials`, status: 0, finalUrl: `${origin}/ok`, redirects: 1, noindex: undefined, error: `a redirect to ${refusal}` });
    expect(requests).toEqual(['/to-credentials']);
  });

  it('stops on cancel() and on leaving the loop', async () => {
    const before = requests.filter((path) => path.startsWith('/slow/')).length;
    const checks = checkUrls(Array.from({ length: 50 }, (_, n) => `${origin}/slow/c${n}`), { concurrency: 2 });
    let seen = 0;
    for await (const check of checks) {
      expect(check.status).toBe(200);
      if (++seen === 3) checks.cancel();
    }
    expect(seen).toBe(3);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(requests.filter((path) => path.startsWith('/slow/')).length - before).toBeLessThanOrEqual(6);
    await expect(async () => checkUrls([], { concurrency: -1 })).rejects.toThrow(/concurrency/);
  });

  it('under refusePrivateAddresses, fetches no private, loopback or localhost URL, nor a redirect to one', async () => {
    // A fetch of the test's own (URLs only are judged behind it): who it was asked for, and a public
    // site that redirects to a private address.
    const asked: string[] = [];
    const fetch = async (url: string) => {
      asked.push(url);
      if (url === 'https://public.example/to-intranet') return new Response(null, { status: 302, headers: { Location: 'http://10.0.0.8/admin' } });
      if (url === 'https://public.example/to-public') return new Response(null, { status: 301, headers: { Location: '/page' } });
      return new Response('<html><head></head></html>', { status: 200, headers: { 'Content-Type': 'text/html' } });
    };
    const urls = ['http://127.0.0.1/x', 'http://localhost:8080/', 'http://[::1]/', 'http://192.168.1.1/', 'https://public.example/to-intranet', 'https://public.example/to-public'];
    const results = await all(urls, { fetch, refusePrivateAddresses: true });
    for (const url of urls.slice(0, 4)) expect(results.get(url), url).toMatchObject({ status: 0, error: expect.stringMatching(/is a loopback, private, link-local or reserved address, refused \(refusePrivateAddresses\)$/) });
    expect(results.get('https://public.example/to-intranet')).toMatchObject({ status: 0, finalUrl: 'http://10.0.0.8/admin', redirects: 1, error: 'a redirect to http://10.0.0.8/admin: 10.0.0.8 is a loopback, private, link-local or reserved address, refused (refusePrivateAddresses)' });
    expect(results.get('https://public.example/to-public')).toMatchObject({ status: 200, finalUrl: 'https://public.example/page', redirects: 1 });
    expect(asked.sort()).toEqual(['https://public.example/page', 'https://public.example/to-intranet', 'https://public.example/to-public']);
    // Without the option the same URLs are asked for.
    asked.length = 0;
    const open = await all(['http://192.168.1.1/', 'https://public.example/to-intranet'], { fetch });
    expect(open.get('http://192.168.1.1/')).toMatchObject({ status: 200 });
    expect(open.get('https://public.example/to-intranet')).toMatchObject({ status: 200, finalUrl: 'http://10.0.0.8/admin' });
    expect(asked.sort()).toEqual(['http://10.0.0.8/admin', 'http://192.168.1.1/', 'https://public.example/to-intranet']);
    expect(() => checkUrls([], { refusePrivateAddresses: 'yes' as unknown as boolean })).toThrow(/refusePrivateAddresses must be true or false/);
  });
});
