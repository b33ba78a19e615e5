// The command line against its library and its peers (issue #18 "Performance"): on the 50 MB
// input, `sitemapkit ls --format ndjson` (stdout to /dev/null) and `sitemapkit validate`, each a
// whole process (start-up included), against the library call doing the same work in one
// process's first call (target: CLI ≤ 1.5× the library call; a CLI run is always a first call, so
// that is the baseline, and the warm call's ratio is printed too), sitemap.js's CLI (`sitemap --parse`,
// `sitemap --validate`) and `xmllint --stream --noout`, all in the same run, the same bytes.
//
//   node bench/cli.mjs [--quick] [--markdown] [--memory-only]   (--memory-only: only the 1 GiB ls)
//
// Part of `npm run bench`; needs `npm run build` (dist/cli.js). Not part of npm test.

import { spawnSync } from 'node:child_process';
import { existsSync, openSync, closeSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, printTable, stats, f1 } from './common.mjs';
import { dataPath, ensureData, readExpect } from './data.mjs';

const args = parseArgs(process.argv.slice(2), ['quick', 'markdown', 'memory-only']);
const INPUT = 'limit-50mb.xml';
const CLI = fileURLToPath(new URL('../dist/cli.js', import.meta.url));
const NODE_ENTRY = new URL('../dist/node.js', import.meta.url);
const SITEMAP_JS = fileURLToPath(new URL('../node_modules/sitemap/dist/esm/cli.js', import.meta.url));
const SITEMAP_JS_ROOT = fileURLToPath(new URL('../node_modules/sitemap/', import.meta.url));
const TARGET = 1.5;

// ------------------------------------------------------------------ library child
// `node bench/cli.mjs --library ls|validate FILE`: the library call doing the command's work,
// timed after a warm-up in one process (no start-up), printed as JSON milliseconds.
if (args.library) {
  const kit = await import(NODE_ENTRY.href);
  kit.initSync();
  const file = args._?.[0] ?? process.argv.at(-1);
  const sink = openSync('/dev/null', 'w');
  const { writeSync } = await import('node:fs');
  const work = {
    // What `ls --format ndjson` does: stream, one JSON line per entry, written in 64 KiB blocks.
    ls: async () => {
      let buffer = '';
      let count = 0;
      for await (const entry of kit.parseFileStream(file, { maxBytes: Infinity })) {
        buffer += JSON.stringify(entry) + '\n';
        count++;
        if (buffer.length >= 65536) {
          writeSync(sink, buffer);
          buffer = '';
        }
      }
      writeSync(sink, buffer);
      return count;
    },
    // What `validate` does: read the file, validate() it.
    validate: async () => kit.validate(readFileSync(file)).stats.entries,
  }[args.library];
  // The first call in a fresh process is what a command-line run is: cold JIT, cold caches.
  const cold = performance.now();
  await work();
  const firstMs = performance.now() - cold;
  const times = [];
  for (let i = 0; i < (args.quick ? 2 : 4); i++) {
    const t0 = performance.now();
    await work();
    times.push(performance.now() - t0);
  }
  closeSync(sink);
  process.stdout.write(JSON.stringify({ firstMs, median: stats(times).median }) + '\n');
  process.exit(0);
}

// ------------------------------------------------------------------ harness
function timeProcess(command, commandArgs, options = {}) {
  const runs = args.quick ? 2 : 4;
  const times = [];
  let status;
  for (let i = 0; i < runs; i++) {
    const out = openSync('/dev/null', 'w');
    const t0 = performance.now();
    const child = spawnSync(command, commandArgs, { stdio: ['ignore', out, 'pipe'], cwd: options.cwd, maxBuffer: 1 << 26 });
    times.push(performance.now() - t0);
    closeSync(out);
    status = child.status;
    if (child.error) return { status: 'FAILED', detail: String(child.error.message) };
  }
  return { status: 'ok', exit: status, ms: stats(times) };
}

function libraryTime(kind, file) {
  const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), '--library', kind, ...(args.quick ? ['--quick'] : []), file], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (child.status !== 0) throw new Error(`library ${kind} failed: ${child.stderr}`);
  return JSON.parse(child.stdout.trim().split('\n').at(-1));
}

/**
 * `ls -` of a generated sitemap of 1 GiB (256 MiB with --quick) piped in as it is made, output
 * to /dev/null: peak RSS (from /usr/bin/time, or the kernel's ru_maxrss through a wrapper) must
 * stay flat, far below the input's size.
 */
function flatMemory() {
  const size = args.quick ? 256 * 2 ** 20 : 2 ** 30;
  const generator = `
    const head = '<?xml version="1.0" encoding="UTF-8"?>\\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\\n';
    process.stdout.write(head);
    let i = 0, bytes = 0;
    const more = () => {
      while (bytes < ${size}) {
        let chunk = '';
        for (let j = 0; j < 1000; j++, i++) chunk += '<url><loc>https://example.com/products/item-' + i + '?ref=x</loc><lastmod>2024-05-01</lastmod></url>\\n';
        bytes += chunk.length;
        if (!process.stdout.write(chunk)) return void process.stdout.once('drain', more);
      }
      process.stdout.end('</urlset>\\n');
    };
    more();`;
  // The CLI reports its own peak RSS through a preloaded hook: no dependency on /usr/bin/time.
  const hook = "process.on('exit', () => process.stderr.write('@@RSS ' + process.resourceUsage().maxRSS + '\\n'))";
  const t0 = performance.now();
  const run = spawnSync('sh', ['-c', `"${process.execPath}" -e "$GENERATOR" | "${process.execPath}" --import "data:text/javascript,${encodeURIComponent(hook)}" "${CLI}" ls - --format ndjson --no-progress > /dev/null`], {
    env: { ...process.env, GENERATOR: generator },
    encoding: 'utf8',
    maxBuffer: 1 << 26,
  });
  const ms = performance.now() - t0;
  const rss = /@@RSS (\d+)/.exec(run.stderr ?? '')?.[1];
  if (run.status !== 0 || rss === undefined) return `ls of ${size / 2 ** 20} MiB on stdin: FAILED (${run.status}) ${run.stderr?.slice(0, 300)}`;
  const peakMB = (Number(rss) * 1024) / 1e6;
  return `ls --format ndjson of a ${size / 2 ** 20} MiB sitemap on stdin: ${(ms / 1000).toFixed(1)} s, peak RSS ${peakMB.toFixed(0)} MB (target: flat, under 128 MB) ${peakMB < 128 ? 'MET' : 'NOT MET'}`;
}

function main() {
  if (!existsSync(CLI)) {
    console.log(`NOTE: ${CLI} is missing (run npm run build): CLI benchmark skipped.`);
    return;
  }
  if (args['memory-only']) {
    console.log(flatMemory());
    return;
  }
  ensureData((line) => process.stderr.write(`  … ${line}\n`));
  const file = dataPath(INPUT);
  const { bytes, count } = readExpect(INPUT);
  console.log(`\n== Command line on ${INPUT} (${(bytes / 1e6).toFixed(2)} MB, ${count.toLocaleString('en-US')} URLs); wall time of whole processes, median of ${args.quick ? 2 : 4}`);
  const rows = [];
  const row = (task, name, result, library) => {
    const ms = result.ms?.median;
    rows.push([task, name, result.status === 'ok' ? `exit ${result.exit}` : result.status, f1(ms), ms ? f1(bytes / 1e6 / (ms / 1000)) : '-', library && ms ? `${(ms / library).toFixed(2)}×` : '']);
    return ms;
  };
  const progress = (line) => process.stderr.write(`  … ${line}\n`);

  progress('library calls');
  const lsLibrary = libraryTime('ls', file);
  const validateLibrary = libraryTime('validate', file);
  rows.push(['ls', 'library: parseFileStream + JSON lines, first call (no start-up)', 'ok', f1(lsLibrary.firstMs), f1(bytes / 1e6 / (lsLibrary.firstMs / 1000)), '1.00×']);
  rows.push(['ls', 'library: the same, warm (median after the first)', 'ok', f1(lsLibrary.median), f1(bytes / 1e6 / (lsLibrary.median / 1000)), `${(lsLibrary.median / lsLibrary.firstMs).toFixed(2)}×`]);
  progress('sitemapkit ls');
  const lsCli = row('ls', 'sitemapkit ls --format ndjson > /dev/null', timeProcess(process.execPath, [CLI, 'ls', '--format', 'ndjson', '--no-progress', file]), lsLibrary.firstMs);
  progress('sitemap --parse');
  row('ls', 'sitemap --parse (sitemap.js CLI) > /dev/null', timeProcess(process.execPath, [SITEMAP_JS, '--parse', file], { cwd: SITEMAP_JS_ROOT }), lsLibrary.firstMs);

  rows.push(['validate', 'library: readFile + validate(), first call (no start-up)', 'ok', f1(validateLibrary.firstMs), f1(bytes / 1e6 / (validateLibrary.firstMs / 1000)), '1.00×']);
  rows.push(['validate', 'library: the same, warm (median after the first)', 'ok', f1(validateLibrary.median), f1(bytes / 1e6 / (validateLibrary.median / 1000)), `${(validateLibrary.median / validateLibrary.firstMs).toFixed(2)}×`]);
  progress('sitemapkit validate');
  const validateCli = row('validate', 'sitemapkit validate', timeProcess(process.execPath, [CLI, 'validate', '--quiet', '--no-progress', file]), validateLibrary.firstMs);
  progress('sitemap --validate');
  row('validate', 'sitemap --validate (sitemap.js CLI: xmllint --schema)', timeProcess(process.execPath, [SITEMAP_JS, '--validate', file], { cwd: SITEMAP_JS_ROOT }), validateLibrary.firstMs);
  progress('xmllint --stream');
  row('validate', 'xmllint --stream --noout (well-formedness only)', timeProcess('xmllint', ['--stream', '--noout', file]), validateLibrary.firstMs);

  printTable(['task', 'contender', 'result', 'ms', 'MB/s', '× library'], rows, args.markdown);
  progress('ls of a 1 GiB sitemap on stdin');
  console.log(flatMemory());
  // The target compares a whole CLI run with the library's first call in a process (what a run
  // is); the warm ratio is printed beside it.
  const verdict = (name, cli, library) => `${name}: CLI ${f1(cli)} ms / library first call ${f1(library.firstMs)} ms = ${(cli / library.firstMs).toFixed(2)}× (target ≤ ${TARGET}×) ${cli / library.firstMs <= TARGET ? 'MET' : 'NOT MET'}; against the warm call ${(cli / library.median).toFixed(2)}×`;
  console.log(verdict('ls --format ndjson', lsCli, lsLibrary));
  console.log(verdict('validate', validateCli, validateLibrary));
  const [load] = readFileSync('/proc/loadavg', 'utf8').split(' ').map(Number);
  if (load > 2) console.log(`WARNING: load average ${load}: other work is running and these numbers are noisy.`);
}

main();
