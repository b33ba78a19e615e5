// One contender, one benchmark, one input, in a fresh process (started by run.mjs through
// common.mjs's runChild) so that its timings and peak RSS are its own.
//
//   node --expose-gc bench/child.mjs --bench parse|index|serialize --input FILE
//        (--once | --warmup W --iterations N) --only NAME --child
//
// Prints one `@@RESULT {...}` line: status (ok | WRONG | DIFFERS | FAILED | skipped), the
// per-call times, and memory: RSS just before the first call (after the library, the input
// and a forced GC), the process's peak RSS, and their difference (what the call added).

import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { parseArgs, verify, stats, timeIt, emitResult, rssMB, peakRssMB, saxCollector } from './common.mjs';
import { dataPath, readExpect } from './data.mjs';
import { PARSE_CONTENDERS } from './parse-contenders.mjs';
import { SERIALIZE_CONTENDERS } from './serialize-contenders.mjs';
import { NotBuiltError, loadSitemapkit } from './sitemapkit.mjs';

const args = parseArgs(process.argv.slice(2), ['once', 'child']);
const bench = args.bench;
const name = args.only;
const input = args.input;

/** A neutral reparse of serializer output: saxes, a conforming XML parser independent of sitemapkit. */
async function reparseWithSaxes(bytes) {
  const { SaxesParser } = await import('saxes');
  const collector = saxCollector();
  const parser = new SaxesParser();
  parser.on('opentag', (tag) => collector.open(tag.name));
  parser.on('text', (text) => collector.text(text));
  parser.on('closetag', (tag) => collector.close(tag.name));
  parser.write(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')).close();
  return collector.out;
}

/** Set up the timed function and the check of its first result. */
async function prepare() {
  if (bench === 'parse' || bench === 'index') {
    const contender = PARSE_CONTENDERS.find((c) => c.name === name);
    if (!contender) throw new Error(`no parse contender named ${name}`);
    const library = await contender.load();
    const parseOne = bench === 'index' ? library.parseIndex : library.parseUrlset;
    if (!parseOne) return { skipped: `${name} has no ${bench} contender` };
    const bytes = readFileSync(dataPath(input));
    const expect = readExpect(input);
    const gzipped = input.endsWith('.gz');
    const run = gzipped && !contender.readsGzip ? (b) => parseOne(gunzipSync(b)) : parseOne;
    return {
      run: () => run(bytes),
      dataBytes: expect.bytes, // MB/s always counts the uncompressed XML
      fileBytes: bytes.length,
      count: expect.count,
      check: async (result) => verify(result, expect),
    };
  }
  if (bench === 'serialize') {
    const contender = SERIALIZE_CONTENDERS.find((c) => c.name === name);
    if (!contender) throw new Error(`no serialize contender named ${name}`);
    const library = await contender.load();
    const urls = JSON.parse(readFileSync(dataPath(input), 'utf8'));
    const expect = readExpect(input);
    const prepared = library.prepare(urls);
    let outputBytes = 0;
    return {
      run: () => library.serialize(prepared),
      get dataBytes() { return outputBytes; },
      count: expect.count,
      async check(output) {
        if (!(output instanceof Uint8Array)) return { status: 'WRONG', detail: 'output is not a Uint8Array' };
        outputBytes = output.length;
        const reparsed = await reparseWithSaxes(output);
        const neutral = verify(reparsed, expect);
        if (name !== 'sitemapkit') {
          // peers only have to keep every entry; sitemap.js normalizes URLs and dates on purpose
          if (reparsed.length !== expect.count) return { status: 'WRONG', detail: `reparsed ${reparsed.length} entries, expected ${expect.count}` };
          return neutral.status === 'ok' ? neutral : { status: 'ok', detail: 'all entries kept; values rewritten by the library' };
        }
        if (neutral.status !== 'ok') return { ...neutral, detail: `saxes reparse: ${neutral.detail}` };
        const kit = await loadSitemapkit();
        const own = kit.parse(output);
        const ownCheck = verify(own.urls, expect);
        if (ownCheck.status !== 'ok') return { ...ownCheck, detail: `sitemapkit reparse: ${ownCheck.detail}` };
        return { status: 'ok', detail: 'reparsed by saxes and by sitemapkit: identical entries' };
      },
    };
  }
  throw new Error(`unknown --bench ${bench}`);
}

async function main() {
  const base = { name, bench, input };
  let job;
  try {
    job = await prepare();
  } catch (error) {
    if (error instanceof NotBuiltError) return emitResult({ ...base, status: 'skipped', detail: error.message });
    throw error;
  }
  if (job.skipped) return emitResult({ ...base, status: 'skipped', detail: job.skipped });

  globalThis.gc?.();
  const baseRssMB = rssMB();
  const t0 = performance.now();
  const first = await job.run();
  const firstMs = performance.now() - t0;
  const peakAfterFirstMB = peakRssMB(); // before the check below allocates anything
  const { status, detail } = await job.check(first);
  if (status !== 'ok' || args.once) {
    return emitResult({
      ...base, status, detail, ms: stats([firstMs]), firstMs, dataBytes: job.dataBytes, fileBytes: job.fileBytes,
      count: job.count, baseRssMB, peakRssMB: peakAfterFirstMB, callRssMB: peakAfterFirstMB - baseRssMB,
    });
  }
  const times = await timeIt(job.run, { warmup: Number(args.warmup ?? 1), iterations: Number(args.iterations ?? 5) });
  emitResult({
    ...base, status, detail, ms: stats(times), times, firstMs, dataBytes: job.dataBytes, fileBytes: job.fileBytes,
    count: job.count, baseRssMB, peakRssMB: peakRssMB(), callRssMB: peakRssMB() - baseRssMB,
  });
}

main().catch((error) => {
  emitResult({ name, bench, input, status: 'FAILED', detail: String(error?.stack ?? error).split('\n').slice(0, 3).join(' | ') });
  process.exitCode = 1;
});
