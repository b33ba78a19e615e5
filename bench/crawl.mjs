// The crawl benchmark (part of `npm run bench`): crawlSitemaps against sitemapper (npm) on a
// local site of 20 sitemaps × 50,000 URLs (plain and gzip mixed), then sitemapkit alone on a
// 200-sitemap site; wall time, URLs/s and peak RSS, each contender in its own process, the site
// served from another (bench/crawl-site.mjs). Targets (issue #17): at least 10× sitemapper's
// URLs/s; RSS growth under 128 MB for the whole walk, entries iterated and dropped, on both sites.
// ultimate-sitemap-parser (pip) is left out when it does not import (no Python, no PyPI access).
//
// Each contender runs --runs times (default 3), the contenders taking turns round by round so that
// a change in the machine's load falls on all of them; the table gives each measure's median over
// the runs, and the targets are judged on those medians (one run's RSS growth moves by ±15 MB).
// A "fetch alone" row is no crawler: the same files fetched (and inflated) and dropped, what any
// crawler on this runtime pays before it parses a byte; "node:http alone" the same through what
// sitemapkit's walk asks through in Node. On the large site, sitemapkit runs once more in a Node
// started with --max-semi-space-size=4 (V8's young generation at 2 × 4 MiB instead of 2 × 16: a
// process's flag, which no library can set): the part of the growth that is V8's and not the walk's.
//
//   node bench/crawl.mjs [--quick] [--markdown] [--runs 3]   (--quick: 5 and 50 sitemaps instead of 20 and 200)

import { spawn, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { f1, fInt, parseArgs, printTable, runChild } from './common.mjs';

const args = parseArgs(process.argv.slice(2), ['quick', 'markdown']);
const quick = !!args.quick;
const SITE = fileURLToPath(new URL('./crawl-site.mjs', import.meta.url));
const CHILD = fileURLToPath(new URL('./crawl-child.mjs', import.meta.url));
const progress = (line) => process.stderr.write(`  … ${line}\n`);
const GROWTH_TARGET_MB = 128;
const SPEED_TARGET = 10;
const RUNS = Math.max(1, Number(args.runs ?? 3));
const FETCH_ALONE = 'fetch alone (no parsing)';
const HTTP_ALONE = 'node:http alone (no parsing)';
const SMALL_YOUNG_GENERATION = 'sitemapkit, node --max-semi-space-size=4';
/** A row's contender in bench/crawl-child.mjs and the Node flags of its process (by default its name, none). */
const CHILDREN = { [SMALL_YOUNG_GENERATION]: { name: 'sitemapkit', flags: ['--max-semi-space-size=4'] } };
const NOT_CRAWLERS = new Set([FETCH_ALONE, HTTP_ALONE]);

/** The median of the runs' values of `key` (the lower middle one for an even count). */
function median(runs, key) {
  const values = runs.map((run) => run[key]).filter((value) => typeof value === 'number').sort((a, b) => a - b);
  return values.length === 0 ? undefined : values[(values.length - 1) >> 1];
}

/** One row from a contender's runs: the median of each measure, or the first failure. */
function summarize(name, runs) {
  const failed = runs.find((run) => run.status !== 'ok');
  if (failed) return failed;
  const row = { name, status: 'ok', urls: runs[0].urls, runs: runs.length };
  for (const key of ['ms', 'cpuMs', 'peakRssMB', 'growthMB']) row[key] = median(runs, key);
  row.urlsPerSecond = row.urls / (row.ms / 1000); // of the median wall time, so that the ratio is the walls' ratio
  row.growthRange = runs.map((run) => f1(run.growthMB)).join(', ');
  return row;
}

/** Starts the site in its own process; resolves with its origin and a stop function. */
function startSite(sitemaps, plain) {
  return new Promise((resolve, reject) => {
    const site = spawn(process.execPath, [SITE, '--sitemaps', String(sitemaps), ...(plain ? ['--plain'] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
    let output = '';
    site.stdout.on('data', (chunk) => {
      output += chunk;
      const port = /@@LISTENING (\d+)/.exec(output)?.[1];
      if (port) resolve({ origin: `http://127.0.0.1:${port}`, stop: () => site.kill() });
    });
    site.on('exit', (code) => reject(new Error(`crawl-site.mjs exited (${code}) before listening`)));
  });
}

function ultimateSitemapParserAvailable() {
  const python = spawnSync('python3', ['-c', 'import usp'], { encoding: 'utf8' });
  return python.status === 0;
}

async function runSite(title, sitemaps, plain, contenders) {
  progress(`${title}: generating and serving ${sitemaps} sitemaps`);
  const site = await startSite(sitemaps, plain);
  const url = `${site.origin}/sitemap_index.xml`;
  const runsOf = new Map(contenders.map((name) => [name, []]));
  try {
    for (let round = 1; round <= RUNS; round++) {
      for (const name of contenders) {
        progress(`${title}: ${name} (run ${round} of ${RUNS})`);
        const child = CHILDREN[name] ?? { name, flags: [] };
        const result = runChild(CHILD, ['--url', url], child.name, child.flags);
        progress(`${title}: ${name} ${result.status}${result.ms ? ` ${f1(result.ms / 1000)} s, ${fInt(result.urls)} ${NOT_CRAWLERS.has(name) ? 'files' : 'URLs'}, RSS growth ${f1(result.growthMB)} MB` : ''}${result.detail ? ` — ${result.detail}` : ''}`);
        runsOf.get(name).push(result);
      }
    }
  } finally {
    site.stop();
  }
  const results = contenders.map((name) => summarize(name, runsOf.get(name)));
  console.log(`\n${title}: ${sitemaps} sitemaps × 50,000 URLs${plain ? '' : ' (every other one gzip)'}, from the index, concurrency 4; medians of ${RUNS} run${RUNS === 1 ? '' : 's'} each`);
  const reference = results.find((result) => result.name === 'sitemapper' && result.status === 'ok');
  printTable(['contender', 'status', 'URLs', 'wall s', 'CPU s', 'URLs/s', 'vs sitemapper', 'peak RSS MB', 'RSS growth MB', 'growth, each run'], results.map((result) => {
    const crawler = !NOT_CRAWLERS.has(result.name);
    return [
      result.name, result.status, crawler ? fInt(result.urls) : '-', result.ms ? f1(result.ms / 1000) : '-', result.cpuMs ? f1(result.cpuMs / 1000) : '-', crawler ? fInt(result.urlsPerSecond) : '-',
      crawler && reference && result.urlsPerSecond ? `${f1(result.urlsPerSecond / reference.urlsPerSecond)}×` : '-', f1(result.peakRssMB), f1(result.growthMB), result.growthRange ?? '-',
    ];
  }), !!args.markdown);
  return results;
}

const small = quick ? 5 : 20, large = quick ? 50 : 200;
const first = await runSite('Site', small, false, ['sitemapkit', 'sitemapkit batches()', 'sitemapkit report()', 'sitemapkit validate: false', 'sitemapper', FETCH_ALONE, HTTP_ALONE]);
if (!ultimateSitemapParserAvailable()) console.log('ultimate-sitemap-parser (pip): not installed here (python3 cannot import usp), not measured');
const second = await runSite('Large site', large, true, ['sitemapkit', SMALL_YOUNG_GENERATION, FETCH_ALONE, HTTP_ALONE]);

console.log('\nTargets');
const kit = first.find((result) => result.name === 'sitemapkit');
const peer = first.find((result) => result.name === 'sitemapper');
const ratio = kit?.urlsPerSecond && peer?.urlsPerSecond ? kit.urlsPerSecond / peer.urlsPerSecond : undefined;
console.log(`  URLs/s ≥ ${SPEED_TARGET}× sitemapper's: ${ratio === undefined ? 'not measured' : `${f1(ratio)}× — ${ratio >= SPEED_TARGET ? 'met' : 'NOT met'}`}`);
for (const [label, result, rows] of [[`${small}-sitemap site`, kit, first], [`${large}-sitemap site`, second[0], second]]) {
  const floor = (name) => rows.find((row) => row.name === name)?.growthMB;
  const floors = [[FETCH_ALONE, 'fetch alone'], [HTTP_ALONE, 'node:http alone'], [SMALL_YOUNG_GENERATION, 'the walk with --max-semi-space-size=4']].filter(([name]) => floor(name) !== undefined);
  const context = floors.length === 0 ? '' : ` (${floors.map(([name, what]) => `${what}: ${f1(floor(name))} MB`).join('; ')})`;
  console.log(`  RSS growth < ${GROWTH_TARGET_MB} MB, ${label}: ${result?.growthMB === undefined ? 'not measured' : `${f1(result.growthMB)} MB — ${result.growthMB < GROWTH_TARGET_MB ? 'met' : 'NOT met'}${context}`}`);
}
