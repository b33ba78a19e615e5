// The crawl benchmark (part of `npm run bench`): crawlSitemaps against sitemapper (npm) on a
// local site of 20 sitemaps × 50,000 URLs (plain and gzip mixed), then sitemapkit alone on a
// 200-sitemap site; wall time, URLs/s and peak RSS, each contender in its own process, the site
// served from another (bench/crawl-site.mjs). Targets (issue #17): at least 10× sitemapper's
// URLs/s; RSS growth under 128 MB for the whole walk, entries iterated and dropped, on both sites.
// ultimate-sitemap-parser (pip) is left out when it does not import (no Python, no PyPI access).
//
//   node bench/crawl.mjs [--quick] [--markdown]      (--quick: 5 and 50 sitemaps instead of 20 and 200)

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
  const results = [];
  try {
    for (const name of contenders) {
      progress(`${title}: ${name}`);
      const result = runChild(CHILD, ['--url', url], name);
      progress(`${title}: ${name} ${result.status}${result.ms ? ` ${f1(result.ms / 1000)} s, ${fInt(result.urls)} URLs` : ''}${result.detail ? ` — ${result.detail}` : ''}`);
      results.push(result);
    }
  } finally {
    site.stop();
  }
  console.log(`\n${title}: ${sitemaps} sitemaps × 50,000 URLs${plain ? '' : ' (every other one gzip)'}, from the index, concurrency 4`);
  const reference = results.find((result) => result.name === 'sitemapper' && result.status === 'ok');
  printTable(['contender', 'status', 'URLs', 'wall s', 'CPU s', 'URLs/s', 'vs sitemapper', 'peak RSS MB', 'RSS growth MB'], results.map((result) => [
    result.name, result.status, fInt(result.urls), result.ms ? f1(result.ms / 1000) : '-', result.cpuMs ? f1(result.cpuMs / 1000) : '-', fInt(result.urlsPerSecond),
    reference && result.urlsPerSecond ? `${f1(result.urlsPerSecond / reference.urlsPerSecond)}×` : '-', f1(result.peakRssMB), f1(result.growthMB),
  ]), !!args.markdown);
  return results;
}

const small = quick ? 5 : 20, large = quick ? 50 : 200;
const first = await runSite('Site', small, false, ['sitemapkit', 'sitemapkit batches()', 'sitemapkit report()', 'sitemapkit validate: false', 'sitemapper']);
if (!ultimateSitemapParserAvailable()) console.log('ultimate-sitemap-parser (pip): not installed here (python3 cannot import usp), not measured');
const second = await runSite('Large site', large, true, ['sitemapkit']);

console.log('\nTargets');
const kit = first.find((result) => result.name === 'sitemapkit');
const peer = first.find((result) => result.name === 'sitemapper');
const ratio = kit?.urlsPerSecond && peer?.urlsPerSecond ? kit.urlsPerSecond / peer.urlsPerSecond : undefined;
console.log(`  URLs/s ≥ ${SPEED_TARGET}× sitemapper's: ${ratio === undefined ? 'not measured' : `${f1(ratio)}× — ${ratio >= SPEED_TARGET ? 'met' : 'NOT met'}`}`);
for (const [label, result] of [[`${small}-sitemap site`, kit], [`${large}-sitemap site`, second[0]]]) {
  console.log(`  RSS growth < ${GROWTH_TARGET_MB} MB, ${label}: ${result?.growthMB === undefined ? 'not measured' : `${f1(result.growthMB)} MB — ${result.growthMB < GROWTH_TARGET_MB ? 'met' : 'NOT met'}`}`);
}
