// The benchmark suite (`npm run bench`): sitemapkit against its peers on the shared generator's
// seeded inputs (parse, gunzip+parse, sitemap index, serialize, WASM start-up); not part of npm test.
//
//   node bench/run.mjs [--quick] [--only NAME[,NAME…]] [--markdown]
//
// --only takes contender names (sitemapkit, sitemap.js, fast-xml-parser, saxes, htmlparser2,
// txml, "naive concat"), benchmark names (startup, parse, gzip, index, serialize) and input
// names (plain-50k, mixed-50k, limit-50mb); kinds not named are not filtered. `validate` times
// validate() against parse() on the same bytes (target: at most 1.5x).
// Every contender runs in fresh child processes (bench/child.mjs): one process for a single
// cold call (first-call time, and the memory one call needs), one for warm-up + timed calls.

import { readFileSync, existsSync } from 'node:fs';
import { execFileSync, spawnSync } from 'node:child_process';
import { availableParallelism, totalmem } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs, printTable, runChild, stats, f1, MB } from './common.mjs';
import { ensureData, dataPath, readExpect, URLSET_INPUTS, INDEX_INPUT, SERIALIZE_INPUT } from './data.mjs';
import { PARSE_CONTENDERS } from './parse-contenders.mjs';
import { SERIALIZE_CONTENDERS } from './serialize-contenders.mjs';
import { SITEMAPKIT_ENTRY } from './sitemapkit.mjs';
import { printResultTable, printStartupTable, printTargets } from './report.mjs';

const CHILD = fileURLToPath(new URL('./child.mjs', import.meta.url));
const STARTUP_CHILD = fileURLToPath(new URL('./startup-child.mjs', import.meta.url));
const VALIDATE_CHILD = fileURLToPath(new URL('./validate-child.mjs', import.meta.url));

const args = parseArgs(process.argv.slice(2), ['quick', 'markdown']);
const quick = !!args.quick;
const markdown = !!args.markdown;
const progress = (line) => process.stderr.write(`  … ${line}\n`);

// ---------------------------------------------------------------- --only
const BENCHMARKS = ['startup', 'parse', 'gzip', 'index', 'serialize', 'validate'];
const CONTENDER_NAMES = [...new Set([...PARSE_CONTENDERS, ...SERIALIZE_CONTENDERS].map((c) => c.name))];
const INPUT_NAMES = URLSET_INPUTS.map((n) => n.replace(/\.xml$/, ''));
const only = (args.only ?? '').split(',').map((s) => s.trim()).filter(Boolean);
for (const token of only) {
  if (![...BENCHMARKS, ...CONTENDER_NAMES, ...INPUT_NAMES].includes(token)) {
    console.error(`--only ${token}: not a benchmark (${BENCHMARKS.join(', ')}), contender (${CONTENDER_NAMES.join(', ')}) or input (${INPUT_NAMES.join(', ')})`);
    process.exit(2);
  }
}
const selected = (all, name) => { const named = only.filter((t) => all.includes(t)); return named.length === 0 || named.includes(name); };
const wantBenchmark = (b) => selected(BENCHMARKS, b);
const wantContender = (c) => selected(CONTENDER_NAMES, c);
const wantInput = (file) => selected(INPUT_NAMES, file.replace(/\.xml(\.gz)?$/, ''));

// ---------------------------------------------------------------- iterations
// A time budget per contender and input, so a 50 MB parse by sitemap.js (~10 s a call) does
// not run 30 times and a 1 ms index parse gets enough samples for a stable median.
function iterationPlan(firstMs) {
  const budgetMs = quick ? 1000 : 5000;
  const clamp = (x, lo, hi) => Math.max(lo, Math.min(hi, x));
  const warmup = firstMs < 100 ? (quick ? 5 : 20) : firstMs < 1000 ? (quick ? 1 : 3) : 1;
  const iterations = clamp(Math.ceil(budgetMs / Math.max(firstMs, 0.01)), quick ? 2 : firstMs > 2000 ? 3 : 5, quick ? 10 : 50);
  return { warmup, iterations };
}

/** One contender on one input: a one-call process, then (if that was right) a timed process. */
function measure(bench, input, name) {
  const base = ['--bench', bench, '--input', input];
  const once = runChild(CHILD, [...base, '--once'], name);
  if (once.status !== 'ok') return { ...once, name, input };
  const { warmup, iterations } = iterationPlan(once.firstMs);
  const timed = runChild(CHILD, [...base, '--warmup', String(warmup), '--iterations', String(iterations)], name);
  // first call and memory come from the one-call process: a cold call, and the RSS one call adds
  return { ...timed, name, input, firstMs: once.firstMs, peakRssMB: once.peakRssMB, callRssMB: once.callRssMB, peakRssAllMB: timed.peakRssMB };
}

function runBenchmark(bench, input, contenders) {
  const results = [];
  for (const c of contenders) {
    if (!wantContender(c.name)) continue;
    progress(`${bench} ${input}: ${c.name}`);
    const r = measure(bench, input, c.name);
    progress(`${bench} ${input}: ${c.name} ${r.status}${r.ms ? ` median ${f1(r.ms.median)} ms (n=${r.ms.n})` : ''}${r.detail ? ' — ' + r.detail : ''}`);
    if (r.status === 'skipped' && bench === 'index' && c.name !== 'sitemapkit') continue; // peer without an index parser
    results.push(r);
  }
  return results;
}

// ---------------------------------------------------------------- xmllint reference row
function xmllintPath() {
  const p = spawnSync('sh', ['-c', 'command -v xmllint'], { encoding: 'utf8' });
  return p.status === 0 ? p.stdout.trim() : undefined;
}

/** `xmllint --noout --stream FILE`: a C reader's speed on the same file, process start included. */
function measureXmllint(xmllint, input) {
  const expect = readExpect(input);
  const file = dataPath(input);
  const run = () => {
    const t0 = performance.now();
    const p = spawnSync(xmllint, ['--noout', '--stream', file], { stdio: 'ignore' });
    if (p.status !== 0) throw new Error(`xmllint exit ${p.status}`);
    return performance.now() - t0;
  };
  try {
    const firstMs = run();
    const times = [];
    for (let i = 0; i < (quick ? 2 : 5); i++) times.push(run());
    return { name: 'xmllint --stream (reference)', input, status: 'ok', detail: 'well-formedness only, no entries; includes process start', ms: stats(times), firstMs, dataBytes: expect.bytes, count: expect.count };
  } catch (error) {
    return { name: 'xmllint --stream (reference)', input, status: 'FAILED', detail: String(error.message) };
  }
}

/** What each contender does, from the contender tables, so a saved run explains itself. */
function printContenders() {
  const list = (title, contenders) => {
    console.log(markdown ? `\n#### ${title}\n` : `\n== ${title}`);
    for (const c of contenders.filter((x) => wantContender(x.name))) console.log(`- ${c.name}: ${c.does}`);
  };
  if (wantBenchmark('startup') || wantBenchmark('parse') || wantBenchmark('gzip') || wantBenchmark('index')) list('Parse contenders', PARSE_CONTENDERS);
  if (wantBenchmark('serialize')) list('Serialize contenders', SERIALIZE_CONTENDERS);
}

// ---------------------------------------------------------------- machine
function describeMachine() {
  const cpu = (readFileSync('/proc/cpuinfo', 'utf8').match(/^model name\s*:\s*(.*)$/m) ?? [])[1] ?? 'unknown CPU';
  let memory = `${(totalmem() / 2 ** 30).toFixed(1)} GiB`;
  try { memory = execFileSync('free', ['-h'], { encoding: 'utf8' }).split('\n')[1].trim().split(/\s+/)[1]; } catch { /* keep os.totalmem */ }
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  return `Node ${process.version}, ${availableParallelism()} cores (${cpu}), ${memory} RAM, load average ${load}`;
}

// ---------------------------------------------------------------- main
function main() {
  console.log(`${markdown ? '### ' : ''}sitemapkit benchmark${quick ? ' (--quick)' : ''}`);
  console.log(`${markdown ? '\n' : ''}${describeMachine()}`);
  const [load1] = readFileSync('/proc/loadavg', 'utf8').split(' ').map(Number);
  if (load1 > availableParallelism() / 2) console.log(`WARNING: load average ${load1} on ${availableParallelism()} cores: other work is running and the numbers will be noisy.`);
  const built = existsSync(fileURLToPath(SITEMAPKIT_ENTRY));
  if (!built) console.log(`NOTE: ${fileURLToPath(SITEMAPKIT_ENTRY)} is missing: sitemapkit rows are skipped (run npm run build).`);
  ensureData(progress);

  if (wantBenchmark('startup')) {
    const samplesPerContender = quick ? 3 : 10;
    const byName = new Map();
    for (const c of PARSE_CONTENDERS) {
      if (!wantContender(c.name)) continue;
      progress(`startup: ${c.name} × ${samplesPerContender} processes`);
      const samples = [];
      for (let i = 0; i < samplesPerContender; i++) {
        const s = runChild(STARTUP_CHILD, [], c.name);
        samples.push(s);
        if (s.status !== 'ok') break;
      }
      byName.set(c.name, samples);
    }
    printStartupTable(byName, { markdown });
  }

  const parseResults = [];
  const xmllint = xmllintPath();
  if (wantBenchmark('parse')) {
    for (const input of URLSET_INPUTS.filter(wantInput)) {
      const expect = readExpect(input);
      const results = runBenchmark('parse', input, PARSE_CONTENDERS);
      if (xmllint) results.push(measureXmllint(xmllint, input));
      parseResults.push(...results);
      printResultTable(`parse ${input} (${f1(expect.bytes / MB)} MB, ${expect.count.toLocaleString('en-US')} URLs)`, results, { markdown, sizeLabel: 'input' });
    }
    if (!xmllint) console.log(`${markdown ? '\n' : ''}(xmllint not installed: no xmllint --stream reference row)`);
  }
  if (wantBenchmark('gzip')) {
    for (const input of URLSET_INPUTS.filter(wantInput).map((n) => n + '.gz')) {
      const expect = readExpect(input);
      const gzipBytes = readFileSync(dataPath(input)).length;
      const results = runBenchmark('parse', input, PARSE_CONTENDERS);
      parseResults.push(...results);
      printResultTable(`gunzip + parse ${input} (${f1(gzipBytes / MB)} MB gzip → ${f1(expect.bytes / MB)} MB; MB/s counts uncompressed bytes; peers inflate with node:zlib gunzipSync)`, results, { markdown, sizeLabel: 'XML' });
    }
  }
  if (wantBenchmark('index')) {
    const expect = readExpect(INDEX_INPUT);
    const results = runBenchmark('index', INDEX_INPUT, PARSE_CONTENDERS);
    printResultTable(`parse sitemap index ${INDEX_INPUT} (${f1(expect.bytes / MB)} MB, ${expect.count} sitemaps; "URLs/s" = entries/s)`, results, { markdown, sizeLabel: 'input' });
  }
  let serializeResults = [];
  if (wantBenchmark('serialize')) {
    serializeResults = runBenchmark('serialize', SERIALIZE_INPUT, SERIALIZE_CONTENDERS);
    printResultTable('serialize 50,000 URLs to bytes (MB/s = each contender\'s own output bytes; ratio = time for the same entries)', serializeResults, { markdown, sizeLabel: 'output' });
    const sizes = serializeResults.filter((r) => r.status === 'ok').map((r) => `${r.name} ${f1(r.dataBytes / MB)} MB`);
    if (sizes.length) console.log(`${markdown ? '\n' : ''}output sizes: ${sizes.join(', ')}`);
  }
  if (wantBenchmark('validate') && wantContender('sitemapkit')) {
    const rows = [];
    for (const input of URLSET_INPUTS.filter(wantInput).filter((name) => name !== 'limit-50mb.xml')) {
      progress(`validate ${input}: sitemapkit`);
      const r = runChild(VALIDATE_CHILD, ['--input', input, ...(quick ? ['--quick'] : [])], 'sitemapkit');
      if (r.status !== 'ok') { rows.push([input, '-', '-', '-', `${r.status}: ${r.detail ?? ''}`]); continue; }
      const ratio = r.validate.median / r.parse.median;
      rows.push([input, f1(r.parse.median), f1(r.validate.median), `${ratio.toFixed(2)}x`, `${ratio <= 1.5 ? 'PASS' : 'FAIL'} (target <= 1.5x; ${r.issues} issues, valid=${r.valid})`]);
    }
    console.log(markdown ? '\n#### validate() against parse() (same bytes, alternated calls)\n' : '\n== validate() against parse() (same bytes, alternated calls)');
    printTable(['input', 'parse median ms', 'validate median ms', 'validate / parse', 'target'], rows, markdown);
  }
  if (wantBenchmark('parse') || wantBenchmark('serialize')) printTargets(parseResults, serializeResults, { markdown });
  printContenders();
  console.log(`${markdown ? '\n' : ''}load average at the end: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
}

main();
