// One group of the stream benchmark (bench/stream.mjs) in a fresh process: with --check, every
// contender once, its entries checked against the generator's expectation; without, the timed
// rounds, contenders alternating (so that load from other work falls on all of them alike). Two
// processes, as in bench/run.mjs: collecting and hashing 50,000 entries first left the heap in a
// state that slowed parseStream's timed calls by a third (47 → 62 ms on plain-50k.xml, 2026-11-22).
//
//   node --expose-gc bench/stream-child.mjs --group parse|gzip|write --input FILE [--inflater native|portable] [--rounds N] [--check]
//
// --inflater portable removes the runtime's DecompressionStream before sitemapkit is loaded, so
// that the streams fall back to sitemapkit's own inflater (src/input/inflate.ts) as they do in a runtime
// without one.

import { readFileSync } from 'node:fs';
import { GzipInflater } from '../dist/lib/input/inflate.js';
import { parseArgs, verify, stats, emitResult } from './common.mjs';
import { dataPath, readExpect } from './data.mjs';
import { loadSitemapkit } from './sitemapkit.mjs';

const args = parseArgs(process.argv.slice(2), ['child', 'check']);
const group = args.group;
const input = args.input;
const rounds = Number(args.rounds ?? 9);
const CHUNK = 65536;
if (args.inflater === 'portable') delete globalThis.DecompressionStream;
const kit = await loadSitemapkit();

/** The file as 64 KiB chunks, the size Node's file streams and fetch bodies hand out. */
function* chunksOf(bytes) {
  for (let offset = 0; offset < bytes.length; offset += CHUNK) yield bytes.subarray(offset, offset + CHUNK);
}

async function* asyncChunksOf(bytes) {
  for (let offset = 0; offset < bytes.length; offset += CHUNK) yield bytes.subarray(offset, offset + CHUNK);
}

function readableOf(items) {
  const iterator = items[Symbol.iterator]();
  return new ReadableStream({
    pull(controller) {
      const step = iterator.next();
      if (step.done) controller.close();
      else controller.enqueue(step.value);
    },
  }, { highWaterMark: 0 });
}

async function drain(readable, onChunk = () => {}) {
  const reader = readable.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    onChunk(value);
  }
}

/** What each group times: name → { run(collect): result, bytes }; `collect` keeps entries for the check. */
function contenders() {
  if (group === 'parse') {
    const bytes = readFileSync(dataPath(input));
    return {
      'parse() one-shot': async (collect) => {
        const result = kit.parse(bytes, { maxBytes: Infinity });
        return collect ? result.urls : result.urls.length;
      },
      'parseStream() for await': async (collect) => {
        const out = [];
        let count = 0;
        for await (const url of kit.parseStream(asyncChunksOf(bytes), { maxBytes: Infinity })) {
          if (collect) out.push(url);
          count++;
        }
        return collect ? out : count;
      },
      'SitemapParserStream pipeThrough': async (collect) => {
        const out = [];
        let count = 0;
        await drain(readableOf(chunksOf(bytes)).pipeThrough(new kit.SitemapParserStream({ maxBytes: Infinity })), (url) => {
          if (collect) out.push(url);
          count++;
        });
        return collect ? out : count;
      },
    };
  }
  if (group === 'gzip') {
    const bytes = readFileSync(dataPath(input));
    const inflateAlone = args.inflater === 'portable'
      ? async () => {
        // sitemapkit's inflater over the same chunks, output drained.
        let total = 0;
        const inflater = new GzipInflater((data) => {
          total += data.length;
        });
        for (const chunk of chunksOf(bytes)) inflater.push(chunk, false);
        inflater.push(new Uint8Array(0), true);
        return total;
      }
      : async () => {
        // The runtime's DecompressionStream over the same chunks, output drained.
        let total = 0;
        await drain(readableOf(chunksOf(bytes)).pipeThrough(new DecompressionStream('gzip')), (data) => {
          total += data.length;
        });
        return total;
      };
    return {
      'gunzip alone (streaming)': async () => inflateAlone(),
      'parseStream() gunzip + parse': async (collect) => {
        const out = [];
        let count = 0;
        for await (const url of kit.parseStream(asyncChunksOf(bytes), { maxBytes: Infinity })) {
          if (collect) out.push(url);
          count++;
        }
        return collect ? out : count;
      },
      'parse() one-shot (reference)': async (collect) => {
        const result = kit.parse(bytes, { maxBytes: Infinity });
        return collect ? result.urls : result.urls.length;
      },
    };
  }
  if (group === 'write') {
    // serialize-50k.json is the generator's entries; for limit-50mb.xml the entries parse() reads (long URLs).
    const urls = input.endsWith('.json') ? JSON.parse(readFileSync(dataPath(input), 'utf8')) : kit.parse(readFileSync(dataPath(input)), { maxBytes: Infinity }).urls;
    const counting = (sizes) => () => {
      let bytes = 0;
      return new WritableStream({
        write(chunk) {
          bytes += chunk.length;
        },
        close() {
          sizes.push(bytes);
        },
      });
    };
    return {
      'serializeSitemap() one-shot (reference)': async () => kit.serializeSitemap(urls).length,
      'writeSitemaps() to WritableStreams': async () => {
        const sizes = [];
        const result = await kit.writeSitemaps(urls, { baseUrl: 'https://example.com/', destination: counting(sizes) });
        return result.sitemaps.reduce((sum, sitemap) => sum + sitemap.bytes, 0);
      },
      'SitemapSerializerStream, one entry a chunk': async () => {
        let bytes = 0;
        await drain(readableOf(urls).pipeThrough(new kit.SitemapSerializerStream()), (chunk) => {
          bytes += chunk.length;
        });
        return bytes;
      },
      'SitemapSerializerStream, 500 entries a chunk': async () => {
        const batches = [];
        for (let i = 0; i < urls.length; i += 500) batches.push(urls.slice(i, i + 500));
        let bytes = 0;
        await drain(readableOf(batches).pipeThrough(new kit.SitemapSerializerStream()), (chunk) => {
          bytes += chunk.length;
        });
        return bytes;
      },
      'writeSitemaps() gzip (reference)': async () => {
        const sizes = [];
        const result = await kit.writeSitemaps(urls, { baseUrl: 'https://example.com/', destination: counting(sizes), gzip: true });
        return result.sitemaps.reduce((sum, sitemap) => sum + sitemap.bytes, 0);
      },
    };
  }
  throw new Error(`unknown --group ${group}`);
}

async function main() {
  const cases = contenders();
  const expect = readExpect(input);
  const results = {};
  if (args.check) {
    // Every contender once: its entries against the generator's digest, or the bytes it made.
    for (const [name, run] of Object.entries(cases)) {
      const outcome = await run(true);
      let status = 'ok';
      let detail = '';
      if (Array.isArray(outcome)) ({ status, detail } = verify(outcome, expect));
      results[name] = { status, detail, outputBytes: typeof outcome === 'number' ? outcome : undefined };
    }
    emitResult({ group, input, status: 'ok', xmlBytes: expect.bytes, count: expect.count, results });
    return;
  }
  for (const name of Object.keys(cases)) results[name] = { status: 'ok', times: [] };
  // Warm-up, then alternating timed rounds (no forced GC between calls: see common.mjs timeIt).
  // Each round starts with the next contender, so that none always runs in the garbage of the
  // same neighbour (parse() leaves 50,000 entries behind for whoever runs next).
  const order = Object.entries(cases);
  for (const [, run] of order) await run(false);
  for (let round = 0; round < rounds; round++) {
    for (let k = 0; k < order.length; k++) {
      const [name, run] = order[(round + k) % order.length];
      const started = performance.now();
      await run(false);
      results[name].times.push(performance.now() - started);
    }
  }
  for (const result of Object.values(results)) result.ms = stats(result.times);
  emitResult({ group, input, inflater: args.inflater ?? 'native', status: 'ok', xmlBytes: expect.bytes, count: expect.count, results });
}

main().catch((error) => {
  emitResult({ group, input, status: 'FAILED', detail: String(error?.stack ?? error).split('\n').slice(0, 3).join(' | ') });
  process.exitCode = 1;
});
