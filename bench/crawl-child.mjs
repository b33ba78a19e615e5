// One contender of the crawl benchmark (bench/crawl.mjs) in its own process: walks the local
// site's sitemap index, counts the URLs, and reports wall time and memory (RSS sampled every
// 20 ms, and the process's maxRSS), CPU time (process.cpuUsage, less moved by other load than
// wall time) and the time its main thread waited with nothing to do (the event loop's idle time:
// bytes from the socket, inflated bytes from zlib's thread pool) as one @@RESULT line.
//
//   node --expose-gc bench/crawl-child.mjs --url http://127.0.0.1:PORT/sitemap_index.xml --only sitemapkit --child [--options JSON]

import http from 'node:http';
import { Duplex } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { emitResult, parseArgs } from './common.mjs';
import { loadSitemapkit } from './sitemapkit.mjs';

const args = parseArgs(process.argv.slice(2), ['child']);
const url = args.url;
const name = args.only;
/** More crawlSitemaps options for the sitemapkit contenders (`--options '{"maxTrackedUrls":1000000}'`), to measure a trade. */
const extra = args.options ? JSON.parse(args.options) : {};

/** The contenders: each walks the site from its index and returns how many URLs it gave. */
const CONTENDERS = {
  // Entries iterated and dropped: what "every URL of a site" costs a caller who streams them on.
  async sitemapkit() {
    const { crawlSitemaps } = await loadSitemapkit();
    const crawl = crawlSitemaps(url, { concurrency: 4, concurrencyPerHost: 4, ...extra });
    let count = 0;
    for await (const entry of crawl) if (entry.loc) count++;
    const report = await crawl.report();
    if (report.totals.failed > 0) throw new Error(`${report.totals.failed} sitemaps failed`);
    return count;
  },
  // The same, a batch (up to 256 entries) at a time: one promise per batch instead of per entry.
  async 'sitemapkit batches()'() {
    const { crawlSitemaps } = await loadSitemapkit();
    const crawl = crawlSitemaps(url, { concurrency: 4, concurrencyPerHost: 4, ...extra });
    let count = 0;
    for await (const batch of crawl.batches()) for (const entry of batch) if (entry.loc) count++;
    const report = await crawl.report();
    if (report.totals.failed > 0) throw new Error(`${report.totals.failed} sitemaps failed`);
    return count;
  },
  // report() alone: the walk counts the entries, nobody receives them.
  async 'sitemapkit report()'() {
    const { crawlSitemaps } = await loadSitemapkit();
    const report = await crawlSitemaps(url, { concurrency: 4, concurrencyPerHost: 4, ...extra }).report();
    if (report.totals.failed > 0) throw new Error(`${report.totals.failed} sitemaps failed`);
    return report.totals.entries;
  },
  // validate: false: the entries and the site-level rules only, what sitemapper does.
  async 'sitemapkit validate: false'() {
    const { crawlSitemaps } = await loadSitemapkit();
    const crawl = crawlSitemaps(url, { concurrency: 4, concurrencyPerHost: 4, validate: false, ...extra });
    let count = 0;
    for await (const entry of crawl) if (entry.loc) count++;
    return count;
  },
  // Not a crawler: the runtime's fetch (and gunzip of the .gz files, as the walk does) of the
  // index's files, every byte read and dropped, nothing parsed. What a JavaScript crawler on this
  // runtime pays with fetch before it reads a byte (sitemapkit's walk asks through node:http in
  // Node, which costs it less: bench/README.md, Crawl, round 12).
  async 'fetch alone (no parsing)'() {
    return readEveryFile(await (await fetch(url)).text(), async (file) => {
      const response = await fetch(file);
      if (!response.ok || !response.body) throw new Error(`${file}: status ${response.status}`);
      return file.endsWith('.gz') ? response.body.pipeThrough(Duplex.toWeb(gunzipAsTheWalkDoes())) : response.body;
    });
  },
  // Not a crawler either: the same through what sitemapkit's walk asks through in Node (node:http:
  // src/site/crawl-fetch.node.ts), the floor under the walk's time and memory on this runtime.
  async 'node:http alone (no parsing)'() {
    const get = (target) => new Promise((resolve, reject) => http.get(target, resolve).on('error', reject));
    let index = '';
    for await (const chunk of await get(url)) index += chunk;
    return readEveryFile(index, async (file) => {
      const response = await get(file);
      if (response.statusCode !== 200) throw new Error(`${file}: status ${response.statusCode}`);
      return file.endsWith('.gz') ? response.pipe(gunzipAsTheWalkDoes()) : response;
    });
  },
  // sitemapper 4 (got + fast-xml-parser): every URL of every file in one array at the end.
  async sitemapper() {
    const { default: Sitemapper } = await import('sitemapper');
    const result = await new Sitemapper({ url, timeout: 300_000, concurrency: 4 }).fetch();
    if (result.errors.length > 0) throw new Error(`sitemapper: ${result.errors.length} errors, first ${JSON.stringify(result.errors[0]).slice(0, 200)}`);
    return result.sites.length;
  },
};

/**
 * The index's files (its `<loc>`s), 4 at a time, each body that `open` gives read to its end and
 * dropped; how many files. "URLs" of the rows that use it are files, not page URLs.
 */
async function readEveryFile(index, open) {
  const files = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]);
  let next = 0;
  await Promise.all(Array.from({ length: 4 }, async () => {
    while (next < files.length) {
      const file = files[next++];
      for await (const chunk of await open(file)) if (chunk.length === 0) throw new Error(`${file}: an empty chunk`);
    }
  }));
  return files.length;
}

/** A .gz file inflated as the walk inflates it in Node: zlib's stream, 512 KiB chunks (src/index.node.ts). */
const gunzipAsTheWalkDoes = () => createGunzip({ chunkSize: 512 * 1024 });

const run = CONTENDERS[name];
if (!run) {
  emitResult({ name, status: 'FAILED', detail: `no contender ${name}` });
  process.exit(0);
}
globalThis.gc?.();
const baseline = process.memoryUsage().rss;
let peak = baseline;
/** process.memoryUsage() at the highest RSS sample: where the memory is at the peak (MB). */
let atPeak = '';
const megabytes = (bytes) => (bytes / 2 ** 20).toFixed(0);
const sampler = setInterval(() => {
  const usage = process.memoryUsage();
  if (usage.rss <= peak) return;
  peak = usage.rss;
  atPeak = `heap ${megabytes(usage.heapTotal)} (used ${megabytes(usage.heapUsed)}), array buffers ${megabytes(usage.arrayBuffers)}, external ${megabytes(usage.external)}`;
}, 20);
const started = performance.now();
const cpuBefore = process.cpuUsage();
const loopBefore = performance.eventLoopUtilization();
try {
  const urls = await run();
  const ms = performance.now() - started;
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss, process.resourceUsage().maxRSS * 1024);
  const cpu = process.cpuUsage(cpuBefore);
  const idleMs = performance.eventLoopUtilization(loopBefore).idle;
  emitResult({ name, status: 'ok', urls, ms, cpuMs: (cpu.user + cpu.system) / 1000, idleMs, urlsPerSecond: urls / (ms / 1000), peakRssMB: peak / 2 ** 20, growthMB: (peak - baseline) / 2 ** 20, atPeak });
} catch (error) {
  clearInterval(sampler);
  emitResult({ name, status: 'FAILED', detail: String(error?.stack ?? error).slice(0, 400) });
}
