// The command line's URL inputs in process (src/cli/inputs.ts openInput), where the built CLI's
// tests (test/cli.node.test.ts) cannot reach: under --refuse-private-addresses, redirects followed
// one at a time with each target judged first (a stubbed fetch answering for public names), and a
// body read through the crawl's node:http transport, which hands a reader, not a fetch Response
// (the transport made to skip its refusal, and a name the test's DNS sends to a loopback server:
// a public server is what the option lets through, and none is at hand).

import dns from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { classifyInput, openInput, URL_INPUT_TIMEOUT } from '../src/cli/inputs';
import { nodeCrawlFetch } from '../src/site/crawl-fetch.node';
import { serve } from './cli-helpers';

/** What the CLI's transport under the option is, when a test says (else the real one). */
const transport = vi.hoisted(() => ({ instead: undefined as undefined | (() => unknown) }));
vi.mock('../src/site/crawl-fetch.node', async (importOriginal) => {
  const original = await importOriginal<typeof import('../src/site/crawl-fetch.node')>();
  return { ...original, crawlFetchOfNode: (...args: Parameters<typeof original.crawlFetchOfNode>) => (transport.instead ? transport.instead() : original.crawlFetchOfNode(...args)) };
});

afterEach(() => {
  transport.instead = undefined;
});

describe('--refuse-private-addresses, redirects (in process: a stubbed fetch)', () => {
  const moved = (location: string) => new Response(null, { status: 302, headers: { location } });
  const asked: { url: string; redirect: RequestRedirect | undefined; agent: string | null }[] = [];
  const answers = new Map<string, () => Response>([
    ['http://public.test/s.xml', () => moved('http://10.0.0.1/s.xml')],
    ['http://public.test/file.xml', () => moved('file:///etc/passwd')],
    ['http://public.test/loop.xml', () => moved('/loop.xml')],
    ['http://public.test/hop.xml', () => moved('https://other.test/final.xml')],
    ['https://other.test/final.xml', () => new Response('<urlset/>', { status: 200 })],
  ]);
  beforeAll(() => {
    vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
      asked.push({ url, redirect: init.redirect, agent: new Headers(init.headers).get('user-agent') });
      return answers.get(url)!();
    });
  });
  afterAll(() => vi.unstubAllGlobals());

  it('judges each redirect target before asking it, follows the others by hand, and says where it stopped', async () => {
    const session = { signal: new AbortController().signal, refusePrivateAddresses: true };
    const open = (url: string) => openInput(classifyInput(url), session);
    await expect(open('http://public.test/s.xml')).rejects.toThrow('http://public.test/s.xml: a redirect to http://10.0.0.1/s.xml: 10.0.0.1 is a loopback, private, link-local or reserved address, refused (--refuse-private-addresses)');
    await expect(open('http://public.test/file.xml')).rejects.toThrow('http://public.test/file.xml: a redirect to file:, not http(s)');
    await expect(open('http://public.test/loop.xml')).rejects.toThrow('http://public.test/loop.xml: more than 20 redirects');
    const opened = await open('http://public.test/hop.xml');
    expect(opened.finalUrl).toBe('https://other.test/final.xml');
    let text = '';
    for await (const chunk of opened.chunks) text += new TextDecoder().decode(chunk);
    expect(text).toBe('<urlset/>');
    expect(asked.filter((request) => request.url === 'http://public.test/loop.xml')).toHaveLength(21);
    expect(asked.filter((request) => request.url === 'http://10.0.0.1/s.xml')).toEqual([]);
    expect(new Set(asked.map((request) => `${request.redirect} ${request.agent}`))).toEqual(new Set(['manual sitemapkit-cli']));
  });

  it('leaves redirects to fetch without the option', async () => {
    asked.length = 0;
    answers.set('http://public.test/direct.xml', () => new Response('<urlset/>', { status: 200 }));
    const opened = await openInput(classifyInput('http://public.test/direct.xml'), { signal: new AbortController().signal, refusePrivateAddresses: false });
    expect(opened.finalUrl).toBe('http://public.test/direct.xml');
    expect(asked).toEqual([{ url: 'http://public.test/direct.xml', redirect: 'follow', agent: 'sitemapkit-cli' }]);
  });
});

describe('--refuse-private-addresses through the node:http transport', () => {
  const realLookup = dns.lookup;
  beforeAll(() => {
    // sitemaps.test is the loopback server (node:net asks dns.lookup at connect time).
    vi.spyOn(dns, 'lookup').mockImplementation(((hostname: string, options: dns.LookupOptions | ((...args: unknown[]) => void), callback?: (...args: unknown[]) => void) => {
      if (hostname !== 'sitemaps.test') return (realLookup as (...args: unknown[]) => void)(hostname, options, callback);
      const done = (typeof options === 'function' ? options : callback)!;
      if (typeof options === 'object' && options.all) done(null, [{ address: '127.0.0.1', family: 4 }]);
      else done(null, '127.0.0.1', 4);
    }) as unknown as typeof dns.lookup);
  });
  afterAll(() => vi.restoreAllMocks());

  it('follows a redirect by hand and reads the body through its reader, with the CLI\'s User-Agent', async () => {
    const xml = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>';
    const agents: string[] = [];
    const server = await serve({ '/s.xml': xml, '/moved.xml': { status: 301, location: '/s.xml' } });
    const named = server.origin.replace('127.0.0.1', 'sitemaps.test');
    // The transport without its refusal: the loopback server stands in for a public one.
    transport.instead = () => (url: string, init: RequestInit) => {
      agents.push(new Headers(init.headers).get('user-agent') ?? '');
      return nodeCrawlFetch(url, init);
    };
    try {
      const opened = await openInput(classifyInput(`${named}/moved.xml`), { signal: new AbortController().signal, refusePrivateAddresses: true });
      expect(opened.finalUrl).toBe(`${named}/s.xml`);
      expect(opened.size).toBe(xml.length);
      let text = '';
      for await (const chunk of opened.chunks) text += new TextDecoder().decode(chunk);
      expect(text).toBe(xml);
      expect(server.requests).toEqual(['/moved.xml', '/s.xml']);
      expect(agents).toEqual(['sitemapkit-cli', 'sitemapkit-cli']);
    } finally {
      await server.close();
    }
  });

  it('with the real transport, refuses the same name where its DNS answer is loopback', async () => {
    const server = await serve({ '/s.xml': 'never read' });
    try {
      const named = server.origin.replace('127.0.0.1', 'sitemaps.test');
      await expect(openInput(classifyInput(`${named}/s.xml`), { signal: new AbortController().signal, refusePrivateAddresses: true })).rejects.toThrow(`${named}/s.xml: sitemaps.test resolved to 127.0.0.1, a loopback, private, link-local or reserved address, refused (--refuse-private-addresses)`);
      expect(server.requests).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('URL inputs: how long their server may take, and what their body is', () => {
  const saved = { ...URL_INPUT_TIMEOUT };
  let origin = '';
  let server: Server;
  const big = Buffer.from(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${'<url><loc>https://example.com/page</loc></url>'.repeat(60_000)}</urlset>`);
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === '/hang.xml') return; // never answers
      if (request.url === '/not-gzip.xml') return void response.writeHead(200, { 'content-type': 'application/xml', 'content-encoding': 'gzip' }).end('<urlset/>');
      response.writeHead(200, { 'content-type': 'application/xml' });
      if (request.url === '/big.xml') return void response.end(big);
      // A tarpit: a byte every 50 ms, forever.
      response.write('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const timer = setInterval(() => response.write(' '), 50);
      response.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    Object.assign(URL_INPUT_TIMEOUT, saved);
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });
  const session = () => ({ signal: new AbortController().signal, refusePrivateAddresses: false });
  const readAll = async (url: string, pause = 0) => {
    let bytes = 0, chunks = 0;
    for await (const chunk of (await openInput(classifyInput(url), session())).chunks) {
      bytes += chunk.length;
      if (++chunks === 1 && pause > 0) await new Promise((resolve) => setTimeout(resolve, pause));
    }
    return bytes;
  };

  it('gives up on a server that does not answer, or sends a byte now and then past the whole limit', async () => {
    Object.assign(URL_INPUT_TIMEOUT, { idle: 300, whole: 600 });
    await expect(openInput(classifyInput(`${origin}/hang.xml`), session())).rejects.toThrow(`${origin}/hang.xml: nothing arrived for 0.3 s`);
    // Every gap is shorter than the idle limit: only the whole limit stops it.
    await expect(readAll(`${origin}/drip.xml`)).rejects.toThrow(`${origin}/drip.xml: the server took more than 0.6 s for it in all`);
  });

  it('says when a body is not the coding its Content-Encoding names', async () => {
    Object.assign(URL_INPUT_TIMEOUT, saved);
    await expect(readAll(`${origin}/not-gzip.xml`)).rejects.toThrow(`${origin}/not-gzip.xml: the body is not the gzip its Content-Encoding says (incorrect header check)`);
  });

  it('does not count the time the command spends between chunks', async () => {
    Object.assign(URL_INPUT_TIMEOUT, { idle: 300, whole: 300 });
    expect(await readAll(`${origin}/big.xml`, 800)).toBe(big.length);
  });
});
