// Two or more builds side by side on the crawl benchmark's site (bench/crawl.mjs): one site
// process, the builds alternated run by run through the same bench/crawl-child.mjs, so that the
// load of this shared machine falls on all of them alike. Prints each run (CPU, wall, the main
// thread's idle time, RSS growth, memory at the peak, load average) and the medians.
//
//   node bench/crawl-compare.mjs --builds main=../main/dist/index.node.js,branch=dist/index.node.js
//        [--sitemaps 20] [--plain] [--runs 6] [--contender sitemapkit] [--options JSON] [--node-flags "--cpu-prof"] [--from-site]

import { spawn, spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from './common.mjs';

const args = parseArgs(process.argv.slice(2), ['plain', 'from-site']);
if (!args.builds) {
  console.error('usage: node bench/crawl-compare.mjs --builds name=path/to/index.node.js,other=… [--sitemaps 20] [--plain] [--runs 6]');
  process.exit(2);
}
const builds = String(args.builds).split(',').map((pair) => {
  const [name, entry] = pair.split('=');
  return { name, entry: resolve(entry) };
});
const sitemaps = String(args.sitemaps ?? 20);
const runs = Number(args.runs ?? 6);
const contender = args.contender ?? 'sitemapkit';
const nodeFlags = args['node-flags'] ? String(args['node-flags']).split(' ') : [];
const SITE = fileURLToPath(new URL('./crawl-site.mjs', import.meta.url));
const CHILD = fileURLToPath(new URL('./crawl-child.mjs', import.meta.url));

const site = spawn(process.execPath, [SITE, '--sitemaps', sitemaps, ...(args.plain ? ['--plain'] : [])], { stdio: ['ignore', 'pipe', 'inherit'] });
process.on('exit', () => site.kill());
const port = await new Promise((done, fail) => {
  let output = '';
  site.stdout.on('data', (chunk) => {
    output += chunk;
    const found = /@@LISTENING (\d+)/.exec(output)?.[1];
    if (found) done(found);
  });
  site.on('exit', (code) => fail(new Error(`crawl-site.mjs exited (${code}) before listening`)));
});
// --from-site: from the site (its robots.txt, whose rules every page URL is then checked against).
const url = args['from-site'] ? `http://127.0.0.1:${port}/` : `http://127.0.0.1:${port}/sitemap_index.xml`;

const results = new Map(builds.map((build) => [build.name, []]));
for (let run = 0; run < runs; run++) {
  for (const build of builds) {
    const child = spawnSync(process.execPath, [...nodeFlags, '--expose-gc', CHILD, '--url', url, '--only', contender, '--child', ...(args.options ? ['--options', args.options] : [])], {
      encoding: 'utf8', maxBuffer: 1 << 28, env: { ...process.env, SITEMAPKIT_BENCH_ENTRY: build.entry },
    });
    const line = child.stdout.split('\n').find((text) => text.startsWith('@@RESULT '));
    const result = line ? JSON.parse(line.slice('@@RESULT '.length)) : { status: 'FAILED', detail: child.stderr.slice(-400) };
    const load = loadavg()[0].toFixed(1);
    if (result.status !== 'ok') {
      console.log(`${build.name} run ${run}: ${result.status} ${result.detail ?? ''}`);
      continue;
    }
    console.log(`${build.name} run ${run}: ${result.urls} URLs, CPU ${(result.cpuMs / 1000).toFixed(2)} s, wall ${(result.ms / 1000).toFixed(2)} s, idle ${Math.round(result.idleMs)} ms, growth ${result.growthMB.toFixed(1)} MB (peak ${result.peakRssMB.toFixed(1)}: ${result.atPeak}), load ${load}`);
    results.get(build.name).push(result);
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length === 0 ? NaN : sorted[Math.floor(sorted.length / 2)];
};
for (const [name, done] of results) {
  console.log(`${name}: ${done.length} runs, median CPU ${(median(done.map((r) => r.cpuMs)) / 1000).toFixed(2)} s, wall ${(median(done.map((r) => r.ms)) / 1000).toFixed(2)} s, idle ${Math.round(median(done.map((r) => r.idleMs)))} ms, growth ${median(done.map((r) => r.growthMB)).toFixed(1)} MB`);
}
site.kill(); // the site's pipe would keep this process alive
