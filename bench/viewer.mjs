// Benchmark of the viewer (demo/, `npm run bench` after bench/run.mjs): "file chosen → table
// shown" in the real page (Debian Chromium via playwright-core, the real server), for the
// 50,000-URL benchmark file and its gzip and extension-heavy siblings. Target: under 1 s for
// plain-50k.xml on this machine.
//
//   node bench/viewer.mjs [--quick] [--markdown] [--inputs plain-50k.xml,plain-50k.xml.gz,mixed-50k.xml]
//
// Timed inside the page, from the file input's change event to the frame after the table's
// first rows are drawn (performance marks viewer:file-chosen → viewer:table-shown), so the time
// playwright takes to hand the file to the browser is not counted; and on to the verdict and
// issues (viewer:validated), which the worker sends after the table. The peer in the same run is
// what a page without sitemapkit would do: DOMParser on the main thread, then reading every
// <url>'s four fields (no validation, no table): ratio = viewer / DOMParser.

import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { f1, parseArgs, printTable, stats } from './common.mjs';
import { startViewer } from '../demo/serve.mjs';
import { dataPath, ensureData, readExpect } from './data.mjs';

// The same browser and flags as test/chromium.ts (a .ts file Node 20 cannot import): Debian's
// Chromium, never a downloaded one (TOOLCHAIN.md "Chromium").
const chromiumExecutablePath = '/usr/bin/chromium';
const chromiumArguments = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

const args = parseArgs(process.argv.slice(2), ['quick', 'markdown']);
const quick = !!args.quick;
const markdown = !!args.markdown;
const progress = (line) => process.stderr.write(`  … ${line}\n`);
const TARGET_MS = 1000;

/** The inputs (files of bench/data/, made by bench/data.mjs), the target's first. */
const INPUTS = (args.inputs ?? 'plain-50k.xml,plain-50k.xml.gz,mixed-50k.xml').split(',');
const TARGET_INPUT = 'plain-50k.xml';

/** One viewer run: a fresh page (the worker compiled and idle), then the file through the input. */
async function viewerRun(context, url, file) {
  const page = await context.newPage();
  const errors = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await page.goto(url);
  await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.shown, undefined, { timeout: 30_000 });
  await page.setInputFiles('#file-input', file);
  await page.waitForFunction(() => document.body.dataset.lastLoadMs !== undefined && document.body.dataset.validatedMs !== undefined, undefined, { timeout: 60_000 });
  const timing = await page.evaluate(() => {
    const { dataset } = document.body;
    return {
      table: Number(dataset.lastLoadMs),
      tableWorker: Number(dataset.tableWorkerMs),
      verdict: Number(dataset.validatedMs),
      count: Number(document.getElementById('summary').dataset.count),
    };
  });
  await page.close();
  if (errors.length) throw new Error(`page errors: ${errors.join('; ')}`);
  return timing;
}

/** The peer: DOMParser on the main thread, every <url>'s fields read into objects. */
async function domParserRun(context, url, file) {
  const page = await context.newPage();
  await page.goto(url);
  await page.evaluate(() => {
    const input = Object.assign(document.createElement('input'), { type: 'file', id: 'peer-input' });
    document.body.append(input);
    input.addEventListener('change', async () => {
      const started = performance.now();
      const file = input.files[0];
      let bytes = new Uint8Array(await file.arrayBuffer());
      if (bytes[0] === 0x1f && bytes[1] === 0x8b) bytes = new Uint8Array(await new Response(new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip'))).arrayBuffer());
      const xml = new DOMParser().parseFromString(new TextDecoder().decode(bytes), 'application/xml');
      const entries = [];
      for (const url of xml.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'url')) {
        const entry = {};
        for (const child of url.children) if (child.namespaceURI === 'http://www.sitemaps.org/schemas/sitemap/0.9') entry[child.localName] = child.textContent.trim();
        entries.push(entry);
      }
      window.peerResult = { ms: performance.now() - started, count: entries.length };
    });
  });
  await page.setInputFiles('#peer-input', file);
  await page.waitForFunction(() => window.peerResult !== undefined, undefined, { timeout: 60_000 });
  const result = await page.evaluate(() => window.peerResult);
  await page.close();
  return result;
}

async function main() {
  console.log(`${markdown ? '### ' : '\n== '}viewer: file chosen → table shown (Chromium ${chromiumExecutablePath}, ${availableParallelism()} cores, load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`);
  ensureData(progress);
  const { url, close } = await startViewer({ port: 0 });
  const browser = await chromium.launch({ executablePath: chromiumExecutablePath, args: chromiumArguments });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
  const rows = [];
  let targetMedian;
  try {
    for (const input of INPUTS) {
      const file = dataPath(input);
      const expect = readExpect(input);
      const runs = quick ? 3 : input === TARGET_INPUT ? 9 : 5;
      progress(`viewer ${input}: 1 warm-up + ${runs} runs`);
      await viewerRun(context, url, file);
      const timings = [];
      for (let i = 0; i < runs; i++) timings.push(await viewerRun(context, url, file));
      if (timings.some((timing) => timing.count !== expect.count)) throw new Error(`${input}: the viewer showed ${timings[0].count} entries, expected ${expect.count}`);
      progress(`DOMParser ${input}: ${runs} runs`);
      const peer = [];
      for (let i = 0; i < runs; i++) peer.push(await domParserRun(context, url, file));
      if (peer.some((result) => result.count !== expect.count)) throw new Error(`${input}: DOMParser read ${peer[0].count} entries, expected ${expect.count}`);
      const table = stats(timings.map((timing) => timing.table));
      const tableWorker = stats(timings.map((timing) => timing.tableWorker));
      const verdict = stats(timings.map((timing) => timing.verdict));
      const domParser = stats(peer.map((result) => result.ms));
      if (input === TARGET_INPUT) targetMedian = table.median;
      rows.push([
        `${input} (${f1(readFileSync(file).length / 1e6)} MB)`,
        `${f1(table.median)} (${f1(table.min)}–${f1(table.max)}, n=${table.n})`,
        f1(tableWorker.median),
        f1(verdict.median),
        f1(domParser.median),
        `${(table.median / domParser.median).toFixed(2)}x / ${(verdict.median / domParser.median).toFixed(2)}x`,
      ]);
    }
  } finally {
    await browser.close();
    await close();
  }
  printTable(['input', 'file chosen → table shown, median ms (min–max)', 'of which worker read + parse', '→ verdict and issues shown', 'peer: DOMParser, fields only', 'viewer / peer (table / verdict)'], rows, markdown);
  if (targetMedian !== undefined) console.log(`${markdown ? '\n' : ''}target: ${TARGET_INPUT} file chosen → table shown < ${TARGET_MS} ms: ${targetMedian < TARGET_MS ? 'PASS' : 'FAIL'} (median ${f1(targetMedian)} ms)`);
  console.log('The table is drawn from parse() as soon as the worker has the entries; validate() then reads the file a second time for the issues and statistics (the verdict column). The peer neither validates nor draws.');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) await main();
