// The crawl's page-URL set (src/site/crawl-url-set.ts, `UrlHashSet`) alone, for the
// CRAWL_DUPLICATE_URL rule: time per URL and memory for 1,000,000 and 2,000,000 distinct URLs
// (the default maxTrackedUrls), two or more builds side by side. Each build and size runs in a
// fresh process (its memory is its own), the builds alternated round by round so that this shared
// machine's load falls on all of them alike; medians printed.
//
//   node bench/crawl-url-set.mjs [--sets main=../main/dist/lib/site/crawl-url-set.js,branch=dist/lib/site/crawl-url-set.js]
//        [--sizes 1000000,2000000] [--rounds 5]      (after `npm run build`)
//
// Per run: add each URL once (new: the usual case in a walk; with identityOf since round 7, and
// again with the identities given, as the core gives most), add one URL in ten again (a repeat:
// its owner is read), find one in ten of the same and of URLs never added; byteLength of its
// tables at the end; the highest `arrayBuffers` and RSS seen while adding (what a table's growth
// costs while the old one is still held), each minus before the set was made; and (round 10) the
// identities given to a set told the count first (reserve), with its tables.

import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseArgs } from './common.mjs';

const args = parseArgs(process.argv.slice(2), ['child']);
const MB = 2 ** 20;

/** URLs like the bench site's (about 75 characters, a few hosts, sections, slugs and numbers). */
function makeUrls(count, salt) {
  const hosts = ['https://www.example.com', 'https://shop.example.co.uk', 'https://blog.example.org'];
  const sections = ['products', 'blog/2024', 'category/shoes-and-boots', 'help', 'stores'];
  const urls = new Array(count);
  for (let i = 0; i < count; i++) {
    const url = `${hosts[i % 3]}/s${(i >>> 15) + salt}/${sections[i % 5]}/item-${(i * 2654435761 >>> 0).toString(36)}-${i}.html`;
    // Flat, as the walk's URLs are (a concatenation would be flattened inside the first timed hash).
    urls[i] = url.length > 0 && Number.isNaN(Number(url)) ? url : url;
  }
  return urls;
}

if (args.child) {
  const module = await import(pathToFileURL(resolve(args.set)).href);
  const { UrlHashSet, identityOf } = module;
  const count = Number(args.size);
  const urls = makeUrls(count, 0);
  const absent = makeUrls(count / 10, 1_000_000);
  // Since round 7 the set takes a URL's identity (two words): identityOf makes it from the string
  // (the crawl's fallback: in the core), or the core gives it with the entry (the usual case). Both
  // are timed: "add" with identityOf, "given" with the identities made beforehand. A build before
  // round 7 takes the string, and has no "given".
  const words = new Int32Array(2);
  const add = identityOf
    ? (set, url, owner) => { identityOf(url, words, 0); return set.add(words[0], words[1], owner); }
    : (set, url, owner) => set.add(url, owner);
  const find = identityOf
    ? (set, url) => { identityOf(url, words, 0); return set.find(words[0], words[1]); }
    : (set, url) => set.find(url);
  globalThis.gc?.();
  const before = process.memoryUsage();
  let peakBuffers = 0, peakRss = 0;
  const sample = () => {
    const usage = process.memoryUsage();
    peakBuffers = Math.max(peakBuffers, usage.arrayBuffers - before.arrayBuffers);
    peakRss = Math.max(peakRss, usage.rss - before.rss);
  };
  const set = new UrlHashSet();
  let wrong = 0;
  let started = performance.now();
  for (let i = 0; i < count; i++) {
    if (add(set, urls[i], i >>> 15) !== -1) wrong++;
    if ((i & 0x3fff) === 0) sample();
  }
  const addMs = performance.now() - started;
  sample();
  started = performance.now();
  for (let i = 0; i < count; i += 10) if (add(set, urls[i], 9) !== i >>> 15) wrong++;
  const repeatMs = performance.now() - started;
  started = performance.now();
  // Since 2026-11-28 a URL added again for another sitemap goes over to it (the "repeat" above gave
  // it to sitemap 9); a build before that keeps the first owner.
  for (let i = 0; i < count; i += 10) {
    const owner = find(set, urls[i]);
    if (owner !== 9 && owner !== i >>> 15) wrong++;
  }
  for (let i = 0; i < absent.length; i++) if (find(set, absent[i]) !== -1) wrong++;
  const findMs = performance.now() - started;
  if (set.size !== count) wrong++;
  let givenNs = 0, reservedNs = 0, reservedBytes = 0;
  if (identityOf) {
    const identities = new Int32Array(count * 2);
    for (let i = 0; i < count; i++) identityOf(urls[i], identities, i * 2);
    const given = new UrlHashSet();
    started = performance.now();
    for (let i = 0; i < count; i++) if (given.add(identities[i * 2], identities[i * 2 + 1], i >>> 15) !== -1) wrong++;
    givenNs = ((performance.now() - started) * 1e6) / count;
    // Since round 10: the same with the set told the count first (reserve, as the walk tells it what
    // it foresees): each shard grows once.
    if (given.reserve) {
      const reserved = new UrlHashSet();
      reserved.reserve(count, count);
      started = performance.now();
      for (let i = 0; i < count; i++) if (reserved.add(identities[i * 2], identities[i * 2 + 1], i >>> 15) !== -1) wrong++;
      reservedNs = ((performance.now() - started) * 1e6) / count;
      reservedBytes = reserved.byteLength;
    }
  }
  console.log(`@@RESULT ${JSON.stringify({ wrong, addNs: (addMs * 1e6) / count, givenNs, reservedNs, reservedBytes, repeatNs: (repeatMs * 1e6) / (count / 10), findNs: (findMs * 1e6) / (count / 5), bytes: set.byteLength, peakBuffers, peakRss })}`);
  process.exit(0);
}

const here = fileURLToPath(new URL('.', import.meta.url));
const sets = String(args.sets ?? `branch=${resolve(here, '../dist/lib/site/crawl-url-set.js')}`).split(',').map((pair) => {
  const [name, path] = pair.split('=');
  return { name, path: resolve(path) };
});
const sizes = String(args.sizes ?? '1000000,2000000').split(',').map(Number);
const rounds = Number(args.rounds ?? 5);
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

for (const size of sizes) {
  const results = new Map(sets.map((set) => [set.name, []]));
  for (let round = 0; round < rounds; round++) {
    for (const set of sets) {
      const child = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url), '--child', '--set', set.path, '--size', String(size)], { encoding: 'utf8' });
      const line = child.stdout.split('\n').find((text) => text.startsWith('@@RESULT '));
      if (!line) throw new Error(`${set.name}: ${child.stderr.slice(-400)}`);
      const result = JSON.parse(line.slice('@@RESULT '.length));
      if (result.wrong !== 0) throw new Error(`${set.name}: ${result.wrong} wrong answers`);
      results.get(set.name).push(result);
    }
  }
  for (const [name, done] of results) {
    const m = (key) => median(done.map((result) => result[key]));
    console.log(`${size.toLocaleString('en-US')} URLs, ${name}: add ${m('addNs').toFixed(0)} ns (${done.map((r) => r.addNs.toFixed(0)).join(' ')}), identity given ${m('givenNs') ? `${m('givenNs').toFixed(0)} ns` : '-'}, reserved first ${m('reservedNs') ? `${m('reservedNs').toFixed(0)} ns (tables ${(m('reservedBytes') / MB).toFixed(1)} MB)` : '-'}, repeat ${m('repeatNs').toFixed(0)} ns, find ${m('findNs').toFixed(0)} ns; tables ${(m('bytes') / MB).toFixed(1)} MB (${(m('bytes') / size).toFixed(1)} bytes a URL), peak array buffers +${(m('peakBuffers') / MB).toFixed(1)} MB, peak RSS +${(m('peakRss') / MB).toFixed(1)} MB`);
  }
}
