// The crawl's requests in Node (src/site/crawl-fetch.node.ts): through node:http(s) where that
// answers as Node's fetch would, through fetch where the program made fetch its own (a mock, an
// undici dispatcher with options, the environment proxy), and the bodies decoded as fetch
// decodes them. A local server tells the two apart: Node's fetch sends `sec-fetch-mode: cors`,
// node:http sends what it is told. The whole crawl suite (test/crawl.test.ts) also runs through
// this transport: the `node-entry` project of vitest.config.ts.

import dns from 'node:dns';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { brotliCompressSync, createGzip, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { checkUrls, crawlSitemaps, type CrawlReport, type UrlCheck } from '../src/index.node';
import { crawlFetchOfNode, nodeCrawlFetch, nodeCrawlFetchRefusingPrivateAddresses } from '../src/site/crawl-fetch.node';
import { within } from './fixtures/stream-helpers';

const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');
const GLOBAL_DISPATCHER_2 = Symbol.for('undici.globalDispatcher.2');
/** globalThis, where undici keeps its global dispatchers. */
const globals = globalThis as Record<symbol, unknown>;
const PAGES = ['a', 'b', 'c'];

/** What the server saw: each request's path and headers. */
const requests: { path: string; headers: IncomingHttpHeaders }[] = [];
let server: Server;
let origin = '';
/** Resolves with the path of the next endless body whose connection the client closed. */
let sawClose: (path: string) => void = () => {};
let serverSawClose = new Promise<string>((resolve) => { sawClose = resolve; });


function urlset(): Buffer {
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${PAGES.map((page) => `<url><loc>${origin}/${page}</loc></url>`).join('')}</urlset>\n`);
}

/** Each path: the body's Content-Encoding and its bytes so encoded. */
const ENCODED: Record<string, [string, () => Buffer]> = {
  '/plain.xml': ['', () => urlset()],
  '/gzip.xml': ['gzip', () => gzipSync(urlset())],
  '/x-gzip.xml': ['x-gzip', () => gzipSync(urlset())],
  '/deflate.xml': ['deflate', () => deflateSync(urlset())],
  '/deflate-raw.xml': ['deflate', () => deflateRawSync(urlset())],
  '/br.xml': ['br', () => brotliCompressSync(urlset())],
  // Applied in the order named: gzip first, then br.
  '/gzip-br.xml': ['gzip, br', () => brotliCompressSync(gzipSync(urlset()))],
  '/upper.xml': ['GZIP', () => gzipSync(urlset())],
  '/damaged.xml': ['gzip', () => gzipSync(urlset()).subarray(0, 40)],
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push({ path, headers: request.headers });
    const encoded = ENCODED[path];
    if (path === '/endless.xml' || path === '/endless-gzip.xml') {
      // A body that never ends: only the client's closing the connection stops it.
      const gzip = path === '/endless-gzip.xml';
      response.writeHead(200, { 'content-type': 'application/xml', ...(gzip ? { 'content-encoding': 'gzip' } : {}) });
      const encoder = gzip ? createGzip() : undefined;
      encoder?.pipe(response);
      const timer = setInterval(() => (encoder ?? response).write(urlset()), 5);
      if (encoder) setTimeout(() => encoder.flush(), 20);
      request.socket.once('close', () => { clearInterval(timer); sawClose(path); });
      return;
    }
    if (path === '/reset.xml') {
      // Headers and half a body, then the connection cut.
      response.writeHead(200, { 'content-type': 'application/xml', 'content-length': '100000' });
      response.write(urlset().subarray(0, 60), () => response.destroy());
      return;
    }
    if (!encoded) {
      response.writeHead(404).end('not here');
      return;
    }
    const [encoding, body] = encoded;
    response.writeHead(200, { 'content-type': 'application/xml', ...(encoding ? { 'content-encoding': encoding } : {}) });
    response.end(body());
  });
  await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
});

afterAll(() => new Promise<void>((closed) => server.close(() => closed())));

/** Crawls one path of the server; its report, its entries' locs and the requests it made. */
async function crawl(path: string, options: Parameters<typeof crawlSitemaps>[1] = {}) {
  const before = requests.length;
  const walk = crawlSitemaps(`${origin}${path}`, { robotsTxt: false, guess: false, retries: 0, ...options });
  const locs: string[] = [];
  for await (const entry of walk) locs.push(entry.loc);
  const report: CrawlReport = await walk.report();
  return { report, locs, seen: requests.slice(before) };
}

/** Whether Node's fetch made a request (it sends the header; node:http here does not). */
const byFetch = (seen: { headers: IncomingHttpHeaders }[]) => seen.length > 0 && seen.every((request) => request.headers['sec-fetch-mode'] === 'cors');
const byNodeHttp = (seen: { headers: IncomingHttpHeaders }[]) => seen.length > 0 && seen.every((request) => request.headers['sec-fetch-mode'] === undefined);

describe('the crawl in Node', () => {
  it('asks through node:http by default, with the headers fetch sends and br', async () => {
    const { report, locs, seen } = await crawl('/plain.xml');
    expect(byNodeHttp(seen)).toBe(true);
    expect(seen[0]!.headers).toMatchObject({ accept: '*/*', 'user-agent': 'node', 'accept-encoding': 'gzip, deflate, br' });
    expect(locs).toEqual(PAGES.map((page) => `${origin}/${page}`));
    expect(report.sitemaps[0]).toMatchObject({ status: 200, format: 'urlset', entries: 3, failed: false });
  });

  it("sends the caller's headers in place of the defaults, whatever their case", async () => {
    const { seen } = await crawl('/plain.xml', { headers: { 'User-Agent': 'my-crawler/1.0', 'X-Extra': 'yes' } });
    expect(seen[0]!.headers['user-agent']).toBe('my-crawler/1.0');
    expect(seen[0]!.headers['x-extra']).toBe('yes');
  });

  it('decodes every Content-Encoding fetch decodes, as fetch does', async () => {
    for (const path of ['/gzip.xml', '/x-gzip.xml', '/deflate.xml', '/deflate-raw.xml', '/br.xml', '/gzip-br.xml', '/upper.xml']) {
      const ours = await crawl(path);
      expect(byNodeHttp(ours.seen), path).toBe(true);
      expect(ours.locs, path).toEqual(PAGES.map((page) => `${origin}/${page}`));
      expect(ours.report.sitemaps[0], path).toMatchObject({ status: 200, format: 'urlset', entries: 3, failed: false, compressed: /gzip/i.test(ENCODED[path]![0]) });
      if (path === '/deflate-raw.xml') continue; // Node 20's fetch reads only zlib's deflate
      const theirs = await crawl(path, { fetch: globalThis.fetch });
      expect(byFetch(theirs.seen), path).toBe(true);
      expect(ours.locs, path).toEqual(theirs.locs);
      expect(ours.report.sitemaps[0]!.issues, path).toEqual(theirs.report.sitemaps[0]!.issues);
    }
  });

  it('fails a damaged body, a cut connection and a 404 as fetch does', async () => {
    for (const path of ['/damaged.xml', '/reset.xml', '/missing.xml']) {
      const ours = await crawl(path), theirs = await crawl(path, { fetch: globalThis.fetch });
      expect(byNodeHttp(ours.seen) && byFetch(theirs.seen), path).toBe(true);
      const codes = (report: CrawlReport) => report.sitemaps[0]!.issues.map((issue) => issue.code);
      expect(ours.report.sitemaps[0]!.failed, path).toBe(true);
      expect(codes(ours.report), path).toEqual(codes(theirs.report));
      expect(ours.report.sitemaps[0]!.status, path).toBe(theirs.report.sitemaps[0]!.status);
    }
    const refused = await nodeCrawlFetch('http://127.0.0.1:1/', { redirect: 'manual', headers: {} }).then(() => 'answered', (error: Error) => error.message);
    expect(refused).toMatch(/ECONNREFUSED/);
  });

  it('closes the connection when a body is cancelled, a decoded one too', async () => {
    for (const path of ['/endless.xml', '/endless-gzip.xml']) {
      const response = await nodeCrawlFetch(`${origin}${path}`, { redirect: 'manual', headers: {} });
      const reader = response.body!.getReader();
      expect((await within(reader.read())).done).toBe(false);
      await reader.cancel();
      expect(await within(serverSawClose), path).toBe(path);
      serverSawClose = new Promise((resolve) => { sawClose = resolve; });
    }
  });

  it('goes through a fetch the program put in place after loading sitemapkit', async () => {
    const original = globalThis.fetch;
    const mock = vi.fn((input: string | URL | Request, init?: RequestInit) => original(input, init));
    vi.stubGlobal('fetch', mock);
    try {
      expect(crawlFetchOfNode()).toBeUndefined();
      const { seen, locs } = await crawl('/plain.xml');
      expect(mock).toHaveBeenCalledWith(`${origin}/plain.xml`, expect.objectContaining({ redirect: 'manual' }));
      expect(byFetch(seen)).toBe(true);
      expect(locs).toHaveLength(3);
    } finally {
      vi.unstubAllGlobals();
    }
    expect(crawlFetchOfNode()).toBe(nodeCrawlFetch);
  });

  it("goes through fetch where the program installed an undici dispatcher of its own, not where Node's fetch made its own", async () => {
    await (await fetch(`${origin}/plain.xml`)).arrayBuffer(); // Node's fetch makes its Agent
    // Where this Node's fetch keeps it: `.2` from Node 26 (undici 8, with a wrapper of it at `.1`), else `.1`.
    const slot = globals[GLOBAL_DISPATCHER_2] !== undefined ? GLOBAL_DISPATCHER_2 : GLOBAL_DISPATCHER;
    const nodesOwn = globals[slot] as object;
    expect(nodesOwn.constructor.name).toBe('Agent');
    expect(byNodeHttp((await crawl('/plain.xml')).seen)).toBe(true);
    const Agent = nodesOwn.constructor as new (options?: object) => object;
    class ProxyAgent extends Agent {}
    try {
      for (const dispatcher of [new Agent({ connect: { timeout: 10_000 } }), new ProxyAgent(), { dispatch() {} }]) {
        globals[slot] = dispatcher;
        expect(crawlFetchOfNode()).toBeUndefined();
      }
      globals[slot] = new Agent({ connect: { timeout: 10_000 } });
      const { seen, locs } = await crawl('/plain.xml');
      expect(byFetch(seen)).toBe(true);
      expect(locs).toHaveLength(3);
    } finally {
      globals[slot] = nodesOwn;
    }
    expect(crawlFetchOfNode()).toBe(nodeCrawlFetch);
  });

  /** Runs `check` with undici's two global dispatcher slots set to `first` and `second`, then puts back Node's. */
  function withDispatchers(first: unknown, second: unknown, check: () => void): void {
    const saved = [globals[GLOBAL_DISPATCHER], globals[GLOBAL_DISPATCHER_2]];
    try {
      // Node's slots are writable but not configurable: undefined stands for none.
      globals[GLOBAL_DISPATCHER] = first;
      globals[GLOBAL_DISPATCHER_2] = second;
      check();
    } finally {
      [globals[GLOBAL_DISPATCHER], globals[GLOBAL_DISPATCHER_2]] = saved;
    }
  }
  /** An undici Agent as Node 24 and 26 make it: `new Agent()` keeps `maxOrigins: Infinity` among its options. */
  const OPTIONS = Symbol('options');
  class Agent {
    [OPTIONS]: Record<string, unknown>;
    constructor(options: Record<string, unknown> = {}) { this[OPTIONS] = { maxOrigins: Infinity, ...options }; }
  }
  class Dispatcher1Wrapper {}

  it("takes Node 24's own Agent (at `.1`, and in 24.21 at `.2` too) for Node's (undici 7 keeps maxOrigins: Infinity in a plain Agent's options), not one given a limit", () => {
    withDispatchers(new Agent(), undefined, () => {
      expect(crawlFetchOfNode()).toBe(nodeCrawlFetch);
      expect(crawlFetchOfNode({ refusePrivateAddresses: true })).toBe(nodeCrawlFetchRefusingPrivateAddresses);
    });
    const both = new Agent();
    withDispatchers(both, both, () => expect(crawlFetchOfNode()).toBe(nodeCrawlFetch));
    for (const options of [{ maxOrigins: 5 }, { connect: { timeout: 10_000 } }]) {
      withDispatchers(new Agent(options), undefined, () => expect(crawlFetchOfNode(), JSON.stringify(options)).toBeUndefined());
    }
  });

  it("takes Node 26's own Agent at `.2`, with its wrapper at `.1`, for Node's; not a program's at either", () => {
    withDispatchers(new Dispatcher1Wrapper(), new Agent(), () => expect(crawlFetchOfNode()).toBe(nodeCrawlFetch));
    withDispatchers(undefined, new Agent(), () => expect(crawlFetchOfNode()).toBe(nodeCrawlFetch));
    // The program's through undici 8 (at `.2`), or through an older undici package (at `.1`).
    withDispatchers(new Dispatcher1Wrapper(), new Agent({ connect: { timeout: 10_000 } }), () => expect(crawlFetchOfNode()).toBeUndefined());
    withDispatchers(new Agent({ connect: { timeout: 10_000 } }), new Agent(), () => expect(crawlFetchOfNode()).toBeUndefined());
    withDispatchers({ dispatch() {} }, new Agent(), () => expect(crawlFetchOfNode()).toBeUndefined());
    // An `Agent` of the program's whose constructor wants arguments: the program's, and no throw.
    const made = new Agent();
    class StrictAgent extends Agent { constructor(url?: string) { if (url === undefined) throw new TypeError('a URL is required'); super(); } }
    Object.defineProperty(StrictAgent, 'name', { value: 'Agent' });
    Object.setPrototypeOf(made, StrictAgent.prototype);
    withDispatchers(made, undefined, () => expect(crawlFetchOfNode()).toBeUndefined());
  });

  it("leaves Deno's, Bun's and an environment proxy's requests to fetch", () => {
    const runtime = globalThis as { Deno?: unknown };
    runtime.Deno = {};
    try {
      expect(crawlFetchOfNode()).toBeUndefined();
    } finally {
      delete runtime.Deno;
    }
    const versions = process.versions as Record<string, string | undefined>;
    versions.bun = '1.0.0';
    try {
      expect(crawlFetchOfNode()).toBeUndefined();
    } finally {
      delete versions.bun;
    }
    vi.stubEnv('NODE_USE_ENV_PROXY', '1');
    try {
      expect(crawlFetchOfNode()).toBeUndefined();
    } finally {
      vi.unstubAllEnvs();
    }
    expect(crawlFetchOfNode()).toBe(nodeCrawlFetch);
  });
});

describe('refusePrivateAddresses in Node: the addresses a name resolves to', () => {
  // Host names the test's DNS answers (dns.lookup, which node:net asks at connect time, stubbed
  // for these names only): the server listens on 127.0.0.1, so a name it answers with loopback
  // reaches the server unless the crawl refuses it.
  const ANSWERS: Record<string, dns.LookupAddress[]> = {
    'intranet.test': [{ address: '127.0.0.1', family: 4 }],
    // A public address first: the connection could try it and then the loopback one.
    'mixed.test': [{ address: '93.184.215.14', family: 4 }, { address: '::ffff:127.0.0.1', family: 6 }],
    // An IPv6 address with a zone, which no URL can name (link-local).
    'zoned.test': [{ address: 'fe80::1%lo', family: 6 }],
    // NAT64's well-known prefix carrying 169.254.169.254 (a cloud's metadata service, through a NAT64 gateway).
    'nat64.test': [{ address: '64:ff9b::a9fe:a9fe', family: 6 }],
  };
  const asked: string[] = [];
  const realLookup = dns.lookup;
  const lookup = (hostname: string, options: dns.LookupOptions | ((...args: unknown[]) => void), callback?: (...args: unknown[]) => void) => {
    const done = (typeof options === 'function' ? options : callback)!;
    if (hostname === 'throws.test') { asked.push(hostname); throw new TypeError('lookup threw'); }
    const answer = ANSWERS[hostname];
    if (!answer) return (realLookup as (...args: unknown[]) => void)(hostname, options, callback);
    asked.push(hostname);
    if (typeof options === 'object' && options.all) done(null, answer);
    else done(null, answer[0]!.address, answer[0]!.family);
  };
  beforeAll(() => { vi.spyOn(dns, 'lookup').mockImplementation(lookup as unknown as typeof dns.lookup); });
  afterAll(() => { vi.restoreAllMocks(); });
  const port = () => new URL(origin).port;

  /** A walk of `path` through host `name` under the option: its one file, the names looked up, the requests the server saw. */
  async function refusedWalk(name: string, path = '/plain.xml') {
    asked.length = 0;
    const before = requests.length;
    const report = await crawlSitemaps(`http://${name}:${port()}${path}`, { robotsTxt: false, guess: false, retries: 2, retryDelay: 1, refusePrivateAddresses: true }).report();
    return { report, file: report.sitemaps[0]!, asked: [...asked], served: requests.length - before };
  }

  it('refuses a name that resolves to a loopback address, before connecting, and does not retry', async () => {
    const { report, file, asked, served } = await refusedWalk('intranet.test');
    expect(served).toBe(0);
    expect(asked).toEqual(['intranet.test']);
    expect(file.status).toBe(0);
    expect(file.issues.map((issue) => issue.code)).toEqual(['CRAWL_PRIVATE_ADDRESS']);
    expect(file.issues[0]!.message).toContain('intranet.test resolved to 127.0.0.1');
    expect(report.totals.failed).toBe(1);
  });

  it('reads the same name without the option: the answer reaches the server', async () => {
    asked.length = 0;
    const walk = crawlSitemaps(`http://intranet.test:${port()}/plain.xml`, { robotsTxt: false, guess: false, retries: 0 });
    const before = requests.length;
    const locs: string[] = [];
    for await (const entry of walk) locs.push(entry.loc);
    expect(locs).toEqual(PAGES.map((page) => `${origin}/${page}`));
    expect(requests.slice(before).map((request) => request.path)).toEqual(['/plain.xml']);
    expect(asked).toEqual(['intranet.test']);
  });

  it.each([
    ['an answer with any private address among public ones', 'mixed.test', '::ffff:127.0.0.1'],
    ['an address with a zone, which no URL can name (link-local), without failing the process', 'zoned.test', 'fe80::1%lo'],
    ['an IPv6 answer that carries a link-local IPv4 address (NAT64)', 'nat64.test', '64:ff9b::a9fe:a9fe'],
  ])('refuses %s', async (_, name, address) => {
    const { file, asked, served } = await refusedWalk(name);
    expect(file.issues.map((issue) => issue.code)).toEqual(['CRAWL_PRIVATE_ADDRESS']);
    expect(file.issues[0]!.message).toContain(`${name} resolved to ${address}`);
    expect(asked).toEqual([name]);
    expect(served).toBe(0);
  });

  it('fails the file, not the process, where the lookup itself throws', async () => {
    const { file, asked, served } = await refusedWalk('throws.test');
    expect(file.status).toBe(0);
    expect(file.issues.map((issue) => issue.code)).toEqual(['CRAWL_NETWORK_ERROR']);
    expect(file.issues[0]!.message).toContain('lookup threw');
    expect(asked).toEqual(['throws.test', 'throws.test', 'throws.test']); // retried as a network error
    expect(served).toBe(0);
  });

  it('does not take over a connection another crawl kept alive to that name', async () => {
    // A crawl without the option leaves a kept-alive connection to intranet.test in Node's global agent.
    for await (const entry of crawlSitemaps(`http://intranet.test:${port()}/plain.xml`, { robotsTxt: false, guess: false, retries: 0 })) expect(entry.loc).toMatch(/^http:/);
    const { file, asked, served } = await refusedWalk('intranet.test', '/gzip.xml');
    expect(file.issues.map((issue) => issue.code)).toEqual(['CRAWL_PRIVATE_ADDRESS']);
    expect(served).toBe(0);
    expect(asked).toEqual(['intranet.test']);
  });

  const checked = async (checks: AsyncIterable<UrlCheck>) => { const list: UrlCheck[] = []; for await (const check of checks) list.push(check); return list; };

  it('holds for checkUrls too: a name resolving to loopback is not asked for, and is without the option', async () => {
    asked.length = 0;
    const before = requests.length;
    const url = `http://intranet.test:${port()}/plain.xml`;
    const [refused] = await checked(checkUrls([url], { refusePrivateAddresses: true }));
    expect(refused).toMatchObject({ url, status: 0, finalUrl: url, redirects: 0 });
    expect(refused!.error).toBe('intranet.test resolved to 127.0.0.1, a loopback, private, link-local or reserved address, refused (refusePrivateAddresses)');
    expect(requests.length).toBe(before);
    expect(asked).toEqual(['intranet.test']);
    const [open] = await checked(checkUrls([url]));
    expect(open).toMatchObject({ url, status: 200, finalUrl: url });
    expect(requests.slice(before).map((request) => request.path)).toEqual(['/plain.xml']);
  });

  it("answers `ok` as fetch does, which checkUrls reads before it looks for a robots meta tag", async () => {
    for (const [path, ok] of [['/plain.xml', true], ['/missing.xml', false]] as const) {
      const response = await nodeCrawlFetch(`${origin}${path}`, { redirect: 'manual' });
      expect(response.ok, path).toBe(ok);
      await response.body?.cancel();
    }
  });

  it('is the transport the crawl chooses under the option', () => {
    expect(crawlFetchOfNode({ refusePrivateAddresses: true })).toBe(nodeCrawlFetchRefusingPrivateAddresses);
    expect(crawlFetchOfNode({ refusePrivateAddresses: false })).toBe(nodeCrawlFetch);
  });
});
