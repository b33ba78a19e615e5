// sitemapkit's own inflater (src/input/inflate.ts: the browser build's gunzip, and recover mode's in
// every build) against fflate, which it replaced there, and Node's zlib, whose verdicts it keeps:
// MB/s of inflated output over the benchmark's .gz inputs, one shot and in 64 KiB chunks.
// Contenders alternate within each round, so load from other work falls on all of them alike.
//
//   node bench/inflate.mjs [--rounds N] [--markdown]      (after `npm run build`)

import { readFileSync } from 'node:fs';
import { gunzipSync as zlibGunzip } from 'node:zlib';
import { Gunzip, gunzipSync as fflateGunzip } from 'fflate';
import { GzipInflater } from '../dist/lib/input/inflate.js';
import { parseArgs, printTable, stats } from './common.mjs';
import { dataPath, ensureData, URLSET_INPUTS } from './data.mjs';

const args = parseArgs(process.argv.slice(2), ['markdown']);
const rounds = Number(args.rounds ?? 9);
const markdown = Boolean(args.markdown);
const CHUNK = 65536;
ensureData((line) => console.error(line));

function inflaterOneShot(bytes) {
  let total = 0;
  new GzipInflater((data) => { total += data.length; }).push(bytes, true);
  return total;
}

function inflaterChunked(bytes) {
  let total = 0;
  const inflater = new GzipInflater((data) => { total += data.length; });
  for (let at = 0; at < bytes.length; at += CHUNK) inflater.push(bytes.subarray(at, at + CHUNK), false);
  inflater.push(new Uint8Array(0), true);
  return total;
}

function fflateChunked(bytes) {
  let total = 0;
  const inflater = new Gunzip((data) => { total += data.length; });
  for (let at = 0; at < bytes.length; at += CHUNK) inflater.push(bytes.subarray(at, at + CHUNK));
  inflater.push(new Uint8Array(0), true);
  return total;
}

const CONTENDERS = {
  'sitemapkit inflater, one shot': inflaterOneShot,
  'sitemapkit inflater, 64 KiB chunks': inflaterChunked,
  'fflate gunzipSync': (bytes) => fflateGunzip(bytes).length,
  'fflate Gunzip, 64 KiB chunks': fflateChunked,
  'node:zlib gunzipSync': (bytes) => zlibGunzip(bytes).length,
};

for (const name of URLSET_INPUTS) {
  const bytes = new Uint8Array(readFileSync(dataPath(`${name}.gz`)));
  const expected = zlibGunzip(bytes).length;
  const times = Object.fromEntries(Object.keys(CONTENDERS).map((contender) => [contender, []]));
  for (let round = 0; round < rounds; round++) {
    for (const [contender, run] of Object.entries(CONTENDERS)) {
      const start = performance.now();
      const total = run(bytes);
      times[contender].push(performance.now() - start);
      if (total !== expected) throw new Error(`${contender} inflated ${total} bytes of ${name}.gz, zlib ${expected}`);
    }
  }
  const reference = stats(times['fflate gunzipSync']).median;
  console.log(`${markdown ? '\n' : ''}inflate ${name}.gz (${(bytes.length / 1e6).toFixed(1)} MB → ${(expected / 1e6).toFixed(1)} MB), median of ${rounds}`);
  printTable(['contender', 'ms', 'MB/s', 'vs fflate gunzipSync'], Object.entries(times).map(([contender, list]) => {
    const median = stats(list).median;
    return [contender, median.toFixed(1), (expected / 1e6 / (median / 1000)).toFixed(0), `${(reference / median).toFixed(2)}×`];
  }), markdown);
}
