// The crawl family's walk over a real connection (test/fuzz/crawl.mjs serves its sites through
// options.fetch): the Node entry's own transport (src/site/crawl-fetch.node.ts: node:http, zlib
// for Content-Encoding, its own stream reader), which a walk in Node takes when it is given no
// fetch, against a node:http server that answers as the site says, bytes on the wire: statuses,
// headers as they are (lying Content-Encodings and charsets), bodies in random chunks, cut off by
// a dropped connection, a fetch that rejects as a connection reset before any answer. Its oracle:
// the transport "changes nothing but the speed", so the same walk through a standard fetch (the
// undici package's, which is Node's fetch, with its connections made to the same server) gives
// the same report and entries.
//
// The site's hosts (https://fuzz.example, http://other.example) reach the server through the
// connections the two clients are given: for the Node transport, http's and https's global agents
// replaced during the walk by agents whose connections go to the server's port for that scheme
// (plain TCP: the server tells the schemes apart by the port); for undici, an Agent with a
// `connect` of its own.

import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { Agent as UndiciAgent, fetch as undiciFetch } from 'undici';
import { randomHelpers, seededRandom } from './random.mjs';

const encoder = new TextEncoder();

/**
 * A node:http server for one site at a time, on two ports (one taken as http, one as https),
 * answering each URL with its answers in turn (`site.answers`, as crawl.mjs makes them).
 *
 * @example
 * const server = await SiteServer.start();
 * server.serve(site, seed); // then walk; server.requests counts them
 * await server.close();
 */
export class SiteServer {
  /** The site being served, its random source (delays, chunks) and the requests per URL. */
  #site = { answers: {} };
  #pick = randomHelpers(seededRandom(1));
  requests = new Map();
  #servers = [];
  ports = { 'http:': 0, 'https:': 0 };

  static async start() {
    const server = new SiteServer();
    for (const scheme of ['http:', 'https:']) {
      const listening = http.createServer((request, response) => server.#answer(scheme, request, response));
      listening.keepAliveTimeout = 1000;
      await new Promise((resolve) => listening.listen(0, '127.0.0.1', resolve));
      server.#servers.push(listening);
      server.ports[scheme] = listening.address().port;
    }
    return server;
  }

  /** Serves `site` from now on, with a fresh count of requests and delays and chunks from `seed`. */
  serve(site, seed) {
    this.#site = site;
    this.#pick = randomHelpers(seededRandom(seed));
    this.requests = new Map();
  }

  /** Lets the process end while it listens. */
  unref() {
    for (const server of this.#servers) server.unref();
  }

  async close() {
    for (const server of this.#servers) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }

  #answer(scheme, request, response) {
    const pick = this.#pick;
    let url;
    // Joined, not resolved: a path that starts with // is no other host.
    try { url = new URL(`${scheme}//${request.headers.host}${request.url}`).href; } catch { url = `${scheme}//${request.headers.host}${request.url}`; }
    const count = this.requests.get(url) ?? 0;
    this.requests.set(url, count + 1);
    const sequence = this.#site.answers[url];
    const answer = sequence ? sequence[Math.min(count, sequence.length - 1)] : { status: 404, headers: {}, body: encoder.encode('Not found') };
    // The client may go away at any point (a walk that stopped reading, a cancelled body): no more is written then.
    response.on('error', () => {});
    request.on('error', () => {});
    setTimeout(() => {
      if (response.destroyed) return;
      // A fetch that rejects: the connection reset before an answer.
      if (answer.reject) { request.socket.destroy(); return; }
      const body = answer.body ?? new Uint8Array(0);
      const headers = { ...answer.headers };
      // Now and then the length said (a body cut short then ends before it, as a dropped connection
      // leaves it), the same for an answer in every walk: a body cut off after its last byte is
      // whole with its length said, and cut short without (no chunk ends it).
      if (saysItsLength(url, count)) headers['content-length'] = String(body.length);
      response.writeHead(answer.status, headers);
      response.flushHeaders(); // a body cut off before its first byte still had its answer
      const end = Math.min(body.length, answer.cut ?? Infinity);
      let at = 0;
      const more = () => {
        if (response.destroyed) return;
        while (at < end) {
          const next = Math.min(end, at + 1 + pick.skewed(4096));
          response.write(body.subarray(at, next));
          at = next;
          if (pick.chance(0.2)) { setTimeout(more, 0); return; }
        }
        if (answer.cut !== undefined) setTimeout(() => request.socket.destroy(), 1);
        else response.end();
      };
      more();
    }, pick.integer(0, 2));
  }
}

/** Whether the answer to request `count` (from 0) of `url` says its length: 3 in 10, by a hash of both. */
function saysItsLength(url, count) {
  let hash = count;
  for (let at = 0; at < url.length; at++) hash = Math.imul(hash ^ url.charCodeAt(at), 0x01000193);
  return (hash >>> 0) % 10 < 3;
}

/** An http.Agent whose connections all go to `port` on this machine, standing in for `scheme`'s global agent. */
function agentTo(scheme, port) {
  const agent = new http.Agent({ keepAlive: true, scheduling: 'lifo', timeout: 5000 });
  agent.protocol = scheme;
  agent.defaultPort = scheme === 'https:' ? 443 : 80;
  agent.createConnection = (_options, callback) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => callback?.(null, socket));
    socket.once('error', (error) => callback?.(error));
    return socket;
  };
  return agent;
}

/**
 * Walks `site` (served by `server`) through the Node build's own transport (no `fetch` option):
 * http's and https's global agents replaced meanwhile. `options` are the walk's (crawl.mjs walk()).
 */
export async function walkNodeTransport(build, server, site, seed, options) {
  server.serve(site, seed);
  const saved = [http.globalAgent, https.globalAgent];
  const agents = [agentTo('http:', server.ports['http:']), agentTo('https:', server.ports['https:'])];
  [http.globalAgent, https.globalAgent] = agents;
  try {
    return await collect(build, server, site, { ...options, fetch: undefined });
  } finally {
    [http.globalAgent, https.globalAgent] = saved;
    for (const agent of agents) agent.destroy();
  }
}

/**
 * The undici package's fetch (Node's fetch, as a package), its connections made to `server`;
 * `close()` ends them.
 *
 * @example
 * const wire = fetchOverTheWire(server);
 * const response = await wire.fetch('https://fuzz.example/f0.xml', { redirect: 'manual' });
 * await wire.close();
 */
export function fetchOverTheWire(server) {
  const dispatcher = new UndiciAgent({
    connect: (connectOptions, callback) => {
      const socket = net.connect(server.ports[connectOptions.protocol] ?? server.ports['http:'], '127.0.0.1');
      socket.once('connect', () => callback(null, socket));
      socket.once('error', (error) => callback(error, null));
    },
  });
  return { fetch: (url, init) => undiciFetch(url, { ...init, dispatcher }), close: () => dispatcher.destroy() };
}

/** Walks `site` (served by `server`) through the undici package's fetch, connected to the same server. */
export async function walkUndiciFetch(build, server, site, seed, options) {
  server.serve(site, seed);
  const wire = fetchOverTheWire(server);
  try {
    return await collect(build, server, site, { ...options, fetch: wire.fetch });
  } finally {
    await wire.close();
  }
}

/** The walk as crawl.mjs's walk() gives it: `{ report, entries, requests, progress, concurrency }` or `{ threw }`. */
async function collect(build, server, site, options) {
  const entries = [];
  const progress = [];
  try {
    const crawl = build.crawlSitemaps(site.start, { ...options, onProgress: (state) => { progress.push({ ...state }); } });
    for await (const entry of crawl) entries.push(entry);
    return { report: await crawl.report(), entries, requests: server.requests, progress, concurrency: options.concurrency };
  } catch (error) {
    return { threw: error, requests: server.requests };
  }
}

let started;

/**
 * The process's SiteServer, started on first use and never keeping the process alive; the same
 * one for every site, one site at a time.
 */
export function siteServer() {
  started ??= SiteServer.start().then((server) => { server.unref(); return server; });
  return started;
}
