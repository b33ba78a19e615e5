// Two builds of sitemapkit side by side in one process (issue #21's "within 3% of main"): each
// operation run on build A, then on build B, alternating for many rounds, so that load from other
// work on the machine falls on both alike; prints the median and p10 of each and B's ratio to A.
//
//   node --expose-gc bench/compare-builds.mjs BASE/dist/index.node.js NEW/dist/index.node.js [--rounds 25] [--only parse,validate]
//
// Operations: parse, validate and serializeSitemap of plain-50k.xml and mixed-50k.xml, parse of
// index-1000.xml, and parseStream() of plain-50k.xml and mixed-50k.xml in 64 KiB chunks. The data
// is bench/data (node bench/gen.mjs --standard bench/data makes it). On a loaded machine, time CPU
// instead of the wall clock, without V8's helper threads: `node --single-threaded --expose-gc
// bench/compare-builds.mjs A B --cpu` (bench/README.md, "Issue #21's walker").

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from './common.mjs';
import { dataPath } from './data.mjs';

const args = parseArgs(process.argv.slice(2), ['cpu']);
const [entryA, entryB] = args._;
const rounds = Number(args.rounds ?? 25);
const only = args.only ? String(args.only).split(',') : null;
const builds = await Promise.all([entryA, entryB].map(async (entry) => {
  const kit = await import(pathToFileURL(entry).href);
  kit.initSync();
  return kit;
}));

const CHUNK = 65536;
async function* chunksOf(bytes) {
  for (let offset = 0; offset < bytes.length; offset += CHUNK) yield bytes.subarray(offset, offset + CHUNK);
}

const plain = readFileSync(dataPath('plain-50k.xml'));
const mixed = readFileSync(dataPath('mixed-50k.xml'));
const index = readFileSync(dataPath('index-1000.xml'));
const entries = { plain: builds[0].parse(plain).urls, mixed: builds[0].parse(mixed).urls };

/** name → (kit) => a number that depends on the work (checked equal between the builds). */
const operations = {
  'parse plain-50k': (kit) => kit.parse(plain).urls.length,
  'parse mixed-50k': (kit) => kit.parse(mixed).urls.length,
  'parse index-1000': (kit) => kit.parse(index).sitemaps.length,
  'validate plain-50k': (kit) => kit.validate(plain, { now: new Date('2026-11-26T00:00:00Z') }).issues.length,
  'validate mixed-50k': (kit) => kit.validate(mixed, { now: new Date('2026-11-26T00:00:00Z') }).issues.length,
  'serialize plain-50k': (kit) => kit.serializeSitemap(entries.plain).length,
  'serialize mixed-50k': (kit) => kit.serializeSitemap(entries.mixed).length,
  'parseStream plain-50k': async (kit) => {
    let count = 0;
    for await (const url of kit.parseStream(chunksOf(plain))) count += url.loc.length > 0 ? 1 : 0;
    return count;
  },
  'parseStream mixed-50k': async (kit) => {
    let count = 0;
    for await (const url of kit.parseStream(chunksOf(mixed))) count += url.loc.length > 0 ? 1 : 0;
    return count;
  },
};

function quantile(sorted, q) {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * (sorted.length - 1)))];
}

console.log(`A = ${entryA}\nB = ${entryB}\n${rounds} rounds, alternating A and B (which goes first alternates too); ${args.cpu ? 'CPU' : 'wall-clock'} ms\n`);
console.log('operation               | A median | B median | B/A median | A p10  | B p10  | B/A p10 | B/A paired (median, p25–p75)');
console.log('------------------------|----------|----------|------------|--------|--------|---------|-----------------------------');
for (const [name, run] of Object.entries(operations)) {
  if (only && !only.some((part) => name.includes(part))) continue;
  const results = await Promise.all(builds.map((kit) => run(kit)));
  if (results[0] !== results[1]) throw new Error(`${name}: the builds disagree (${results[0]} and ${results[1]})`);
  const times = [[], []];
  for (let round = 0; round < rounds + 2; round++) {
    const order = round % 2 === 0 ? [0, 1] : [1, 0];
    for (const which of order) {
      globalThis.gc?.();
      const start = performance.now(), startCpu = process.cpuUsage();
      await run(builds[which]);
      const cpu = process.cpuUsage(startCpu);
      const time = args.cpu ? (cpu.user + cpu.system) / 1000 : performance.now() - start;
      if (round >= 2) times[which].push(time); // two rounds of warm-up
    }
  }
  // The ratio within each round (A and B run back to back), which slow drifts of the machine's load cancel out of.
  const paired = times[1].map((time, i) => time / times[0][i]).sort((x, y) => x - y);
  const [a, b] = times.map((list) => [...list].sort((x, y) => x - y));
  const medianA = quantile(a, 0.5), medianB = quantile(b, 0.5), p10A = quantile(a, 0.1), p10B = quantile(b, 0.1);
  console.log(`${name.padEnd(24)}| ${medianA.toFixed(1).padStart(8)} | ${medianB.toFixed(1).padStart(8)} | ${(medianB / medianA).toFixed(3).padStart(10)} | ${p10A.toFixed(1).padStart(6)} | ${p10B.toFixed(1).padStart(6)} | ${(p10B / p10A).toFixed(3).padStart(7)} | ${quantile(paired, 0.5).toFixed(3)} (${quantile(paired, 0.25).toFixed(3)}–${quantile(paired, 0.75).toFixed(3)})`);
}
