// Two builds of sitemapkit side by side in one process (issue #21's "within 3% of main"): each
// operation run on build A, then on build B, alternating for many rounds, so that load from other
// work on the machine falls on both alike; prints the median and p10 of each and B's ratio to A.
//
//   node --expose-gc bench/compare-builds.mjs BASE/dist/index.node.js NEW/dist/index.node.js [--rounds 25] [--only parse,validate]
//   node bench/compare-builds.mjs BASE/… NEW/… --processes 9 [--calls 15] [--only …]
//
// With --processes N, each operation instead runs in N pairs of fresh processes (one per build,
// in turn, which goes first alternating; `node --single-threaded`, CPU time, --calls timed calls
// after 5 untimed ones, no forced GC), and the medians of the per-process medians and p10s are
// compared: the two builds then share no heap, and a full GC between calls does not throw away
// the optimized code of either (in one process with --expose-gc, gc() before each call lets the
// hidden classes of the last call's objects die, and V8 drops every function compiled against
// them: bench/README.md, "Issue #21's walker").
//
// Operations: parse, validate and serializeSitemap of plain-50k.xml and mixed-50k.xml, parse of
// index-1000.xml, and parseStream() of plain-50k.xml and mixed-50k.xml in 64 KiB chunks. The data
// is bench/data (node bench/gen.mjs --standard bench/data makes it). On a loaded machine, time CPU
// instead of the wall clock, without V8's helper threads: `node --single-threaded --expose-gc
// bench/compare-builds.mjs A B --cpu` (bench/README.md, "Issue #21's walker").

import { readFileSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from './common.mjs';
import { dataPath } from './data.mjs';

const args = parseArgs(process.argv.slice(2), ['cpu', 'child']);
const [entryA, entryB] = args._;
const rounds = Number(args.rounds ?? 25);
const only = args.only ? String(args.only).split(',') : null;
const builds = await Promise.all((args.child ? [entryA] : args.processes ? [] : [entryA, entryB]).map(async (entry) => {
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
const entries = builds.length === 0 ? null : { plain: builds[0].parse(plain).urls, mixed: builds[0].parse(mixed).urls };

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

if (args.child) {
  // One build, one operation (--op): `--calls` CPU-timed calls after 5 untimed ones; prints {median, p10}.
  const run = operations[args.op];
  const times = [];
  for (let call = 0; call < Number(args.calls) + 5; call++) {
    const start = process.cpuUsage();
    await run(builds[0]);
    const cpu = process.cpuUsage(start);
    if (call >= 5) times.push((cpu.user + cpu.system) / 1000);
  }
  times.sort((x, y) => x - y);
  console.log(JSON.stringify({ median: quantile(times, 0.5), p10: quantile(times, 0.1) }));
  process.exit(0);
}

if (args.processes) {
  const pairs = Number(args.processes), calls = Number(args.calls ?? 15);
  const script = fileURLToPath(import.meta.url);
  const measure = (entry, op) => {
    const child = spawnSync(process.execPath, ['--single-threaded', script, entry, '--child', '--op', op, '--calls', String(calls)], { encoding: 'utf8' });
    if (child.status !== 0) throw new Error(`${op} on ${entry}: ${child.stderr}`);
    return JSON.parse(child.stdout.trim().split('\n').pop());
  };
  console.log(`A = ${entryA}\nB = ${entryB}\n${pairs} pairs of processes (one per build, in turn), ${calls} calls each after 5; CPU ms, node --single-threaded\n`);
  console.log('operation               | A median | B median | B/A median | A p10  | B p10  | B/A p10 | B/A paired (median, p25–p75)');
  console.log('------------------------|----------|----------|------------|--------|--------|---------|-----------------------------');
  for (const name of Object.keys(operations)) {
    if (only && !only.some((part) => name.includes(part))) continue;
    const results = [[], []];
    for (let pair = 0; pair < pairs; pair++) {
      const order = pair % 2 === 0 ? [0, 1] : [1, 0];
      for (const which of order) results[which].push(measure([entryA, entryB][which], name));
    }
    const paired = results[1].map((result, i) => result.median / results[0][i].median).sort((x, y) => x - y);
    const [medianA, medianB] = results.map((list) => quantile(list.map((result) => result.median).sort((x, y) => x - y), 0.5));
    const [p10A, p10B] = results.map((list) => quantile(list.map((result) => result.p10).sort((x, y) => x - y), 0.5));
    console.log(`${name.padEnd(24)}| ${medianA.toFixed(1).padStart(8)} | ${medianB.toFixed(1).padStart(8)} | ${(medianB / medianA).toFixed(3).padStart(10)} | ${p10A.toFixed(1).padStart(6)} | ${p10B.toFixed(1).padStart(6)} | ${(p10B / p10A).toFixed(3).padStart(7)} | ${quantile(paired, 0.5).toFixed(3)} (${quantile(paired, 0.25).toFixed(3)}–${quantile(paired, 0.75).toFixed(3)})`);
  }
  process.exit(0);
}

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
