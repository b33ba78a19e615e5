// The crawl's requests in Node through node:http and node:https (the Node entry installs it:
// src/index.node.ts), in place of Node's fetch, whose body arrives through undici's HTTP client
// and a web stream: on the crawl benchmark's 20-sitemap site, reading the bodies this way took
// 10% less of the walk's CPU time and wall time (bench/README.md, Crawl, round 12). It answers
// what src/site/crawl-fetch.ts asks of a fetch Response and nothing more: a GET whose redirects
// the crawl follows itself, the status, headers, and a body read chunk by chunk, with the
// Content-Encoding decoded as fetch decodes it (gzip, deflate, br; several in order).
//
// It is used only where it changes nothing but the speed (crawlFetchOfNode): in Node itself (not
// Deno or Bun, whose fetch is their own), with no `fetch` option, `globalThis.fetch` still the one
// there when sitemapkit was loaded (a test's mock is honoured), and no undici dispatcher of the
// program's own installed (a ProxyAgent, a MockAgent, an Agent with options: Node's fetch goes
// through it, and this would not), nor Node's environment proxy turned on.
//
// Under refusePrivateAddresses it also sees what the crawl cannot see through fetch: the
// addresses a host name resolves to, checked where the connection is made (refusingLookup).
// checkUrls asks through it only then (src/check/check-urls.ts).

import type dns from 'node:dns';
import type http from 'node:http';
import type https from 'node:https';
import { Transform, type Readable } from 'node:stream';
import { constants, createBrotliDecompress, createGunzip, createInflate, createInflateRaw } from 'node:zlib';
import type { LookupFunction } from 'node:net';
import { NodeStreamReader } from '../input/node-streams.node';
import { addressRefusals, isPrivateAddress, PRIVATE_ADDRESS, type RuntimeCrawlFetchOptions } from './runtime-fetch';
import type { CrawlFetch } from './crawl-types';

/** The headers Node's fetch sends (Node 20), so that a server sees the same request either way; `br` added, which this decodes. */
const DEFAULT_HEADERS: Record<string, string> = { accept: '*/*', 'accept-language': '*', 'user-agent': 'node', 'accept-encoding': 'gzip, deflate, br' };
/** Inflated chunks of a Content-Encoding: gzip body: as the streaming gunzip's (src/index.node.ts). */
const DECODED_CHUNK_BYTES = 512 * 1024;
/**
 * A body cut short inflates to what came, with no error, as in fetch and browsers: zlib's
 * flush at the end, not its finish, which fails a stream without its end.
 */
const LENIENT = { flush: constants.Z_SYNC_FLUSH, finishFlush: constants.Z_SYNC_FLUSH };
const LENIENT_BROTLI = { flush: constants.BROTLI_OPERATION_FLUSH, finishFlush: constants.BROTLI_OPERATION_FLUSH };
/**
 * Where undici (Node's fetch, and the npm package) keeps the dispatcher that fetch goes through:
 * `.1` up to Node 22; in Node 24.21 the same Agent at `.1` and `.2`; from Node 26 (undici 8) at
 * `.2`, with `.1` a `Dispatcher1Wrapper` of it for older undici packages (one of which may also put
 * a dispatcher of its own there).
 */
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');
const GLOBAL_DISPATCHER_2 = Symbol.for('undici.globalDispatcher.2');

/**
 * node:http, node:https and node:dns, imported on first use rather than with the package: most
 * Node programs that import sitemapkit parse and never ask for a URL or look a name up under
 * refusePrivateAddresses; https and dns took 10 ms of the Node entry's 70 ms import (2026-11-27,
 * bench/README.md, Crawl, round 14). node:http was kept at first, loading it being most of what
 * https costs too, until Node 22 was found to crash a process that imports node:http when
 * WebAssembly is off (`--jitless`: it loads undici, whose llhttp is WebAssembly), where
 * sitemapkit has a typed error to give (CORE_UNAVAILABLE). `import()`, not createRequire: a
 * bundler's CommonJS output of the per-module build has no import.meta.url. The modules' default
 * exports, Node's own objects, where a test's spy on `dns.lookup` is seen.
 */
let httpModule: Promise<typeof http> | undefined;
let httpsModule: Promise<typeof https> | undefined;
let dnsModule: Promise<typeof dns> | undefined;
const loadHttp = (): Promise<typeof http> => (httpModule ??= import('node:http').then((module) => module.default));
const loadHttps = (): Promise<typeof https> => (httpsModule ??= import('node:https').then((module) => module.default));
const loadDns = (): Promise<typeof dns> => (dnsModule ??= import('node:dns').then((module) => module.default));

/** `globalThis.fetch` when this module was loaded: one set later (a test's mock) is the caller's choice, and honoured. */
const fetchWhenLoaded = globalThis.fetch;

/**
 * The crawl's default way to fetch in Node: `nodeCrawlFetch` where it answers as Node's fetch
 * would (under refusePrivateAddresses, one that also refuses host names resolving to such
 * addresses), else undefined (the crawl then uses `globalThis.fetch`). Asked once per crawl.
 *
 * @example
 * const fetch = options.fetch ?? crawlFetchOfNode({ refusePrivateAddresses: false }) ?? globalThis.fetch;
 */
export function crawlFetchOfNode(options?: RuntimeCrawlFetchOptions): CrawlFetch | undefined {
  const runtime = globalThis as { Deno?: unknown; process?: { versions?: { bun?: string }; env?: Record<string, string | undefined>; execArgv?: string[] } };
  if (runtime.Deno !== undefined || runtime.process?.versions?.bun !== undefined) return undefined;
  if (globalThis.fetch !== fetchWhenLoaded) return undefined;
  // Node 22.21+ and 24 proxy fetch and http alike with this on; the agents' own reading of it is left to fetch.
  if (runtime.process?.env?.NODE_USE_ENV_PROXY || runtime.process?.execArgv?.includes('--use-env-proxy')) return undefined;
  if (!fetchGoesThroughNodesOwnDispatcher()) return undefined;
  return options?.refusePrivateAddresses ? nodeCrawlFetchRefusingPrivateAddresses : nodeCrawlFetch;
}

/**
 * Whether Node's fetch goes through the dispatcher Node makes for it: undici's global dispatcher
 * (`.2` where there is one, with nothing at `.1` but it or Node's wrapper of it; else `.1`) is that.
 */
function fetchGoesThroughNodesOwnDispatcher(): boolean {
  const dispatchers = globalThis as Record<symbol, unknown>;
  const first = dispatchers[GLOBAL_DISPATCHER], second = dispatchers[GLOBAL_DISPATCHER_2];
  if (second === undefined) return isNodesOwnDispatcher(first);
  return isNodesOwnDispatcher(second) && (first === undefined || first === second || first?.constructor?.name === 'Dispatcher1Wrapper');
}

/**
 * Whether undici's global dispatcher is none yet (Node's fetch has not run) or the plain Agent
 * that Node's fetch makes for itself: an Agent whose options are those of an Agent made with
 * none (`new Agent()`: none set in Node 20 and 22; `maxOrigins: Infinity` in Node 24's undici 7,
 * whose Agent Node makes as soon as `globalThis.fetch` is first read). Anything else (another
 * class, an Agent with options, a shape this does not know) is the program's, and fetch must be
 * used to go through it.
 */
function isNodesOwnDispatcher(dispatcher: unknown): boolean {
  if (dispatcher === undefined) return true;
  if (typeof dispatcher !== 'object' || dispatcher === null || dispatcher.constructor?.name !== 'Agent') return false;
  const options = agentOptions(dispatcher);
  if (typeof options !== 'object' || options === null) return false;
  let unset: Record<string, unknown>;
  try {
    unset = (agentOptions(new (dispatcher.constructor as new () => object)()) ?? {}) as Record<string, unknown>;
  } catch {
    return false; // a class of the program's that takes no such call: not Node's
  }
  return Object.entries(options).every(([name, value]) => value === undefined || Object.is(value, unset[name]));
}

/** An undici Agent's options, kept under a symbol described `options`. */
function agentOptions(agent: object): unknown {
  const key = Object.getOwnPropertySymbols(agent).find((symbol) => symbol.description === 'options');
  return key && (agent as Record<symbol, unknown>)[key];
}

/**
 * A GET with node:http(s), answered with what the crawl reads of a fetch Response. Redirects are
 * not followed (the crawl asks with `redirect: 'manual'` and follows them itself); one asked to
 * follow goes to fetch.
 *
 * @example
 * const response = await nodeCrawlFetch('https://example.com/sitemap.xml', { redirect: 'manual', headers: {} });
 */
export const nodeCrawlFetch: CrawlFetch = (url, init) => get(url, init, false);

/**
 * nodeCrawlFetch whose connections are refused where the host name resolves to a private address
 * (refusingLookup), through agents of its own: a connection kept alive by the global agents (made
 * by a crawl without the option, or by the program) is never handed to it unchecked.
 */
export const nodeCrawlFetchRefusingPrivateAddresses: CrawlFetch = (url, init) => get(url, init, true);

/** The agents of nodeCrawlFetchRefusingPrivateAddresses, by protocol, each made on its first use. */
const refusingAgents: Record<string, http.Agent> = {};

/**
 * node:net's `lookup` for refusePrivateAddresses: DNS as usual, every address of the answer
 * judged by isPrivateAddress, as a URL with that address would be; an answer with one such
 * address fails the connection (addressRefusals) before it is made, even where others are public
 * (the connection may try each in turn). Judged where the connection is made, on the addresses it
 * then uses: a DNS server that answers a check one way and the connection another (rebinding)
 * cannot slip an address through. An IP literal is not looked up; the crawl's URL check judged it.
 */
const refusingLookup = ((hostname: string, options: dns.LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | dns.LookupAddress[], family?: number) => void) => {
  const failed = (error: NodeJS.ErrnoException) => callback(error, options.all ? [] : '');
  const judged = (error: NodeJS.ErrnoException | null, addresses: dns.LookupAddress[]) => {
    if (error) return failed(error);
    const refused = addresses.find(({ address, family }) => isPrivateAnswer(address, family));
    if (refused) {
      const refusal = new DOMException(`${hostname} resolved to ${refused.address}, ${PRIVATE_ADDRESS}, refused (refusePrivateAddresses)`, 'NotAllowedError');
      addressRefusals.add(refusal);
      return failed(refusal as unknown as NodeJS.ErrnoException);
    }
    if (options.all) return callback(null, addresses);
    callback(null, addresses[0]?.address ?? '', addresses[0]?.family);
  };
  void loadDns().then((dns) => {
    // A lookup that throws (as it would have thrown into node:net) fails the connection.
    try {
      dns.lookup(hostname, { ...options, all: true }, judged);
    } catch (error) {
      failed(error as NodeJS.ErrnoException);
    }
  }, failed);
}) as unknown as LookupFunction;

/**
 * Whether refusePrivateAddresses refuses an address of a DNS answer: judged as a URL naming it
 * would be (isPrivateAddress); one no URL can name (an IPv6 address with a zone, `fe80::1%eth0`,
 * which is link-local) is refused too.
 */
function isPrivateAnswer(address: string, family: number): boolean {
  try {
    return isPrivateAddress(new URL(`http://${family === 6 ? `[${address}]` : address}/`));
  } catch {
    return true;
  }
}

/** A GET through node:http(s), through the refusing agents (refusingLookup) or Node's global agents. */
async function get(url: string, init: RequestInit, refusing: boolean): Promise<Response> {
  if (init.redirect === 'follow') return fetchWhenLoaded(url, init);
  const target = new URL(url);
  // https's get and Agent take what http's take (its Agent an http.Agent with TLS).
  const client = (await (target.protocol === 'https:' ? loadHttps() : loadHttp())) as Pick<typeof http, 'get' | 'Agent'>;
  // Node's global agents' settings (Node 19+), with the lookup.
  const agent = refusing ? (refusingAgents[target.protocol] ??= new client.Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000, lookup: refusingLookup })) : undefined;
  return new Promise((resolve, reject) => {
    const headers = { ...DEFAULT_HEADERS };
    // The caller's headers replace the defaults whatever their case (User-Agent and user-agent).
    for (const [name, value] of Object.entries((init.headers ?? {}) as Record<string, string>)) {
      for (const known of Object.keys(headers)) if (known.toLowerCase() === name.toLowerCase()) delete headers[known];
      headers[name] = value;
    }
    const request = client.get(target, { headers, ...(init.signal ? { signal: init.signal } : {}), ...(agent ? { agent } : {}) }, (message) => {
      resolve(new NodeResponse(message, url) as unknown as Response);
    });
    request.on('error', reject);
  });
}

/** A header read case-blind, as Headers.get reads it: several values of one name joined by ", ". */
class NodeHeaders {
  readonly #message: http.IncomingMessage;
  constructor(message: http.IncomingMessage) {
    this.#message = message;
  }
  get(name: string): string | null {
    const value = this.#message.headers[name.toLowerCase()];
    return value === undefined ? null : Array.isArray(value) ? value.join(', ') : value;
  }
}

/** An answer: what src/site/crawl-fetch.ts and checkUrls read of a Response (status, ok, headers, type, url), and its body, decoded, to read chunk by chunk. */
class NodeResponse {
  readonly status: number;
  readonly statusText: string;
  readonly url: string;
  readonly type = 'basic';
  readonly headers: NodeHeaders;
  readonly body: { getReader(): NodeStreamReader; cancel(): Promise<void> };

  constructor(message: http.IncomingMessage, url: string) {
    this.status = message.statusCode ?? 0;
    this.statusText = message.statusMessage ?? '';
    this.url = url;
    this.headers = new NodeHeaders(message);
    // Cancelled (a redirect's or an error's body, a stopped walk): the connection closes, as fetch's does.
    const reader = new NodeStreamReader(decoded(message, this.headers.get('content-encoding')), message);
    this.body = { getReader: () => reader, cancel: () => reader.cancel() };
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }
}

/**
 * The body with its Content-Encoding undone, the last coding named first (RFC 9110 §8.4): as
 * fetch does, gzip (x-gzip), deflate (zlib's wrapping or raw, as servers send both) and br,
 * leniently at the end; a coding it does not know leaves the bytes as they came, as fetch leaves them.
 */
function decoded(message: http.IncomingMessage, encoding: string | null): Readable {
  const codings = (encoding ?? '').toLowerCase().split(',').map((coding) => coding.trim()).filter((coding) => coding !== '' && coding !== 'identity');
  const known = codings.every((coding) => coding === 'gzip' || coding === 'x-gzip' || coding === 'deflate' || coding === 'br');
  if (codings.length === 0 || !known) return message;
  let body: Readable = message;
  for (const coding of codings.reverse()) {
    const decoder = coding === 'br' ? createBrotliDecompress(LENIENT_BROTLI) : coding === 'deflate' ? deflateDecoder() : createGunzip({ ...LENIENT, chunkSize: DECODED_CHUNK_BYTES });
    // pipe() does not pass errors on: a reset connection fails the read, not just the request.
    body.on('error', (error) => decoder.destroy(error));
    body = body.pipe(decoder);
  }
  return body;
}

/**
 * Inflates deflate as zlib's format (RFC 1950) or raw (RFC 1951), as servers send both: told
 * apart by the first byte: zlib's names method 8 in its low four bits, which in a raw stream
 * would be a stored block, not the last, with a padding bit set (encoders write those as 0).
 */
function deflateDecoder(): Transform {
  let inflater: Transform | undefined;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      if (chunk.length === 0) return done();
      if (!inflater) {
        inflater = (chunk[0]! & 0x0f) === 8 ? createInflate(LENIENT) : createInflateRaw(LENIENT);
        inflater.on('data', (data: Buffer) => this.push(data));
        inflater.on('error', (error) => this.destroy(error));
      }
      inflater.write(chunk, () => done());
    },
    flush(done) {
      if (!inflater) return done();
      inflater.once('end', () => done());
      inflater.end();
    },
  });
}
