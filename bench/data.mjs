// Benchmark inputs: the shared generator's standard files (bench/gen.mjs, vendored from the team's shared/bench), a gzip copy
// of each urlset for gunzip+parse, and the serializer's 50,000 entries as JSON; cached in bench/data/.

import { existsSync, readFileSync, writeFileSync, mkdirSync, realpathSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildUrlset, STANDARD, MAX_URLS } from './gen.mjs';
import { digestEntries } from './common.mjs';

const BENCH_DIRECTORY = dirname(fileURLToPath(import.meta.url));
export const DATA_DIRECTORY = join(BENCH_DIRECTORY, 'data');
// The real path: gen.mjs runs only when argv[1] is its own resolved file (a symlinked checkout would not).
export const GENERATOR = realpathSync(join(BENCH_DIRECTORY, 'gen.mjs'));

/** The urlset inputs of the parse benchmark, the main target first. */
export const URLSET_INPUTS = STANDARD.map(([name]) => name); // plain-50k.xml, mixed-50k.xml, limit-50mb.xml
export const INDEX_INPUT = 'index-1000.xml';
/** The serializer's input: the generator's entries for plain-50k.xml, priority as a number. */
export const SERIALIZE_INPUT = 'serialize-50k.json';

/** gzip level of the .gz copies: 6 is zlib's and nginx/Apache's usual default, what servers send. */
const GZIP_LEVEL = 6;

export const dataPath = (name) => join(DATA_DIRECTORY, name);

/** The .expect.json the generator wrote beside an input: {count, bytes, digest, …}. */
export function readExpect(name) {
  return JSON.parse(readFileSync(dataPath(name.replace(/\.gz$/, '') + '.expect.json'), 'utf8'));
}

/**
 * Make sure every input exists; regenerate what is missing (the generator is deterministic, so
 * a regenerated file is byte-identical to the one it replaces).
 * @param {(line: string) => void} log
 */
export function ensureData(log = () => {}) {
  const standard = [...URLSET_INPUTS, INDEX_INPUT];
  const missing = standard.filter((n) => !existsSync(dataPath(n)) || !existsSync(dataPath(n + '.expect.json')));
  if (missing.length) {
    log(`generating benchmark inputs in ${DATA_DIRECTORY} (missing: ${missing.join(', ')})`);
    const p = spawnSync(process.execPath, [GENERATOR, '--standard', DATA_DIRECTORY], { stdio: ['ignore', 'pipe', 'inherit'], encoding: 'utf8' });
    if (p.status !== 0) throw new Error(`gen.mjs --standard failed (exit ${p.status})`);
  }
  for (const name of URLSET_INPUTS) {
    const gz = dataPath(name + '.gz');
    if (existsSync(gz)) continue;
    log(`writing ${name}.gz (gzip level ${GZIP_LEVEL})`);
    writeFileSync(gz, gzipSync(readFileSync(dataPath(name)), { level: GZIP_LEVEL }));
  }
  const serializePath = dataPath(SERIALIZE_INPUT);
  if (!existsSync(serializePath)) {
    log(`writing ${SERIALIZE_INPUT} (the generator's ${MAX_URLS} entries of plain-50k.xml)`);
    const [, options] = STANDARD[0];
    const { entries } = buildUrlset(options, false);
    // SitemapUrl form: absent fields left out, priority a number (as sitemapkit's parse returns it)
    const urls = entries.map((e) => {
      const u = { loc: e.loc };
      if (e.lastmod !== undefined) u.lastmod = e.lastmod;
      if (e.changefreq !== undefined) u.changefreq = e.changefreq;
      if (e.priority !== undefined) u.priority = Number(e.priority);
      return u;
    });
    const expect = { count: urls.length, digest: digestEntries(urls) };
    if (expect.digest !== readExpect(STANDARD[0][0]).digest) throw new Error('serializer entries differ from plain-50k.xml');
    mkdirSync(DATA_DIRECTORY, { recursive: true });
    writeFileSync(serializePath, JSON.stringify(urls));
    writeFileSync(serializePath + '.expect.json', JSON.stringify(expect, null, 2) + '\n');
  }
}
