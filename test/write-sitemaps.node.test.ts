// writeSitemaps at the protocol's own limits (50,000 URLs, 52,428,800 bytes) into a directory
// (writeSitemapsToDirectory), every file and the index checked against the sitemaps.org XSDs with
// xmllint and read back in full; and the other Node helpers of `sitemapkit/node` (parseFileStream,
// the stream adapters). Node-only: files, xmllint, Node streams.

import { spawnSync } from 'node:child_process';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { fileURLToPath } from 'node:url';
import { createGzip, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  LIMITS,
  parse,
  parseFile,
  parseFileStream,
  parseStream,
  serializeSitemap,
  SitemapParserStream,
  SitemapSerializerStream,
  toNodeReadable,
  toWebReadable,
  toWebWritable,
  writeSitemapsToDirectory,
  type SitemapUrl,
  type WriteSitemapsResult,
} from '../src/node';
import { readableOf, readAll } from './fixtures/stream-helpers';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const xsdDirectory = resolve(repositoryRoot, 'test/corpus/xsd');
const SITEMAP_XSD = resolve(xsdDirectory, 'sitemap.xsd');
const SITEMAP_INDEX_XSD = resolve(xsdDirectory, 'siteindex.xsd');

let directory: string;

beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'sitemapkit-write-'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** `xmllint --stream --schema`: validates files of any size in a few MB of memory. */
function expectValid(schema: string, file: string): void {
  const result = spawnSync('xmllint', ['--noout', '--stream', '--schema', schema, file], { encoding: 'utf8' });
  expect(result.status, `xmllint on ${file}:\n${result.stderr}`).toBe(0);
  expect(result.stderr).toMatch(/validates/);
}

/**
 * Entry i of a deterministic list, made again when needed (never all held): long URLs full of
 * what must be escaped, the optional fields in turn.
 */
function longEntry(i: number): SitemapUrl {
  const length = 900 + ((i * 7919) % 1000); // 900..1,899 characters: the byte limit comes first
  let loc = `https://www.example.com/catalog/${i}/`;
  const pieces = ['section-', 'a&b', 'münchen', '<x>', "o'neil", '"q"', '東京', '/'];
  for (let k = i; loc.length < length; k++) loc += pieces[k % pieces.length];
  const url: SitemapUrl = { loc };
  if (i % 2 === 0) url.lastmod = `2024-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}T08:30:00+02:00`;
  if (i % 3 === 0) url.changefreq = 'monthly';
  if (i % 5 === 0) url.priority = (i % 11) / 10;
  return url;
}

function* entries(count: number, make: (i: number) => SitemapUrl): Generator<SitemapUrl> {
  for (let i = 0; i < count; i++) yield make(i);
}

const EMPTY_SITEMAP_BYTES = serializeSitemap([]).length;
const entryBytes = (url: SitemapUrl) => serializeSitemap([url]).length - EMPTY_SITEMAP_BYTES;

/** Reads every file back in order with parseFileStream and compares entry by entry. */
async function expectReadBack(result: WriteSitemapsResult, where: string, count: number, make: (i: number) => SitemapUrl): Promise<void> {
  let i = 0;
  for (const sitemap of result.sitemaps) {
    let inFile = 0;
    for await (const url of parseFileStream(join(where, sitemap.fileName), { kind: 'urlset', maxBytes: Infinity })) {
      const expected = make(i++);
      if (JSON.stringify(url) !== JSON.stringify(expected)) expect(url, `entry ${i} (${sitemap.fileName})`).toEqual(expected);
      inFile++;
    }
    expect(inFile, sitemap.fileName).toBe(sitemap.urls);
  }
  expect(i).toBe(count);
}

describe('writeSitemapsToDirectory at the protocol limits', () => {
  it('120,000 long URLs: the 52,428,800-byte limit splits, each file as full as it can be, all valid and read back', async () => {
    const where = join(directory, 'long');
    const result = await writeSitemapsToDirectory(entries(120_000, longEntry), { directory: where, baseUrl: 'https://www.example.com/sitemaps/' });
    expect(result.sitemaps.length).toBeGreaterThanOrEqual(3);
    let first = 0;
    for (const [n, sitemap] of result.sitemaps.entries()) {
      const size = (await stat(join(where, sitemap.fileName))).size;
      expect(size, sitemap.fileName).toBe(sitemap.bytes);
      expect(size).toBeLessThanOrEqual(LIMITS.maxSitemapBytes);
      expect(sitemap.urls).toBeLessThan(LIMITS.maxUrlsPerSitemap); // the bytes decided, not the count
      first += sitemap.urls;
      if (n < result.sitemaps.length - 1) expect(size + entryBytes(longEntry(first)), `${sitemap.fileName}: the next entry would not fit`).toBeGreaterThan(LIMITS.maxSitemapBytes);
      expectValid(SITEMAP_XSD, join(where, sitemap.fileName));
    }
    expect(first).toBe(120_000);
    expectValid(SITEMAP_INDEX_XSD, join(where, result.index.fileName));
    const index = parse(await readFile(join(where, 'sitemap-index.xml')));
    expect(index.kind === 'sitemapindex' && index.sitemaps.map((s) => s.loc)).toEqual(result.sitemaps.map((s) => `https://www.example.com/sitemaps/${s.fileName}`));
    expect((await readdir(where)).sort()).toEqual([...result.sitemaps.map((s) => s.fileName), 'sitemap-index.xml'].sort());
    await expectReadBack(result, where, 120_000, longEntry);
  }, 120_000);

  it('120,000 short URLs, gzip: the 50,000-URL limit splits; every file valid, inflating to what was counted', async () => {
    const where = join(directory, 'short');
    const short = (i: number): SitemapUrl => ({ loc: `https://example.com/p/${i}?a=1&b=2`, lastmod: `2025-0${1 + (i % 9)}-15` });
    const result = await writeSitemapsToDirectory(entries(120_000, short), { directory: where, baseUrl: 'https://example.com/', gzip: true });
    expect(result.sitemaps.map((s) => [s.fileName, s.urls])).toEqual([['sitemap-1.xml.gz', 50_000], ['sitemap-2.xml.gz', 50_000], ['sitemap-3.xml.gz', 20_000]]);
    for (const sitemap of [...result.sitemaps, result.index]) {
      const inflated = gunzipSync(await readFile(join(where, sitemap.fileName)));
      if ('urls' in sitemap) expect(inflated.length).toBe(sitemap.bytes);
      expectValid('urls' in sitemap ? SITEMAP_XSD : SITEMAP_INDEX_XSD, join(where, sitemap.fileName)); // xmllint reads gzip itself
    }
    expect(result.sitemaps.map((s) => s.lastmod)).toEqual(['2025-09-15', '2025-09-15', '2025-09-15']);
    await expectReadBack(result, where, 120_000, short);
  }, 120_000);

  it('keeps file names inside the directory, making subdirectories', async () => {
    const where = join(directory, 'names');
    await expect(writeSitemapsToDirectory([{ loc: 'https://example.com/' }], { directory: where, baseUrl: 'https://example.com/', fileName: '../escape-{index}.xml' })).rejects.toMatchObject({ code: 'INPUT_INVALID_OPTION' });
    const result = await writeSitemapsToDirectory([{ loc: 'https://example.com/' }], { directory: where, baseUrl: 'https://example.com/', fileName: 'parts/{index}/sitemap.xml' });
    expect(result.sitemaps[0]!.loc).toBe('https://example.com/parts/1/sitemap.xml');
    expect(parse(await readFile(join(where, 'parts/1/sitemap.xml'))).kind).toBe('urlset');
  });
});

describe('parseFileStream and the stream adapters', () => {
  const corpusFile = resolve(repositoryRoot, 'test/corpus/urlset/xmlsitemaps-crlf-24.xml');

  it('parseFileStream reads plain and gzip files as parseFile does', async () => {
    const expected = await parseFile(corpusFile);
    const gzipPath = join(directory, 'corpus.xml.gz');
    await pipeline(createReadStream(corpusFile), createGzip(), createWriteStream(gzipPath));
    for (const path of [corpusFile, gzipPath]) {
      const got = [];
      for await (const url of parseFileStream(path)) got.push(url);
      expect(got).toEqual(expected.kind === 'urlset' ? expected.urls : []);
    }
  });

  it('parseStream takes a Node Readable as it is, and breaking out of the loop destroys it', async () => {
    const bytes = serializeSitemap(Array.from({ length: 20_000 }, (_, i) => ({ loc: `https://example.com/${i}` })));
    const path = join(directory, 'twenty-thousand.xml');
    await pipeline(toNodeReadable(readableOf([bytes])), createWriteStream(path));
    const stream = createReadStream(path, { highWaterMark: 4096 });
    let seen = 0;
    for await (const _ of parseStream(stream)) {
      if (++seen === 10) break;
    }
    expect(stream.destroyed).toBe(true);
    expect(stream.bytesRead).toBeLessThan(bytes.length / 2);
  });

  it('toWebReadable feeds SitemapParserStream; toWebWritable takes SitemapSerializerStream output; toNodeReadable goes into pipeline()', async () => {
    const urls = Array.from({ length: 3000 }, (_, i) => ({ loc: `https://example.com/${i}?q=<${i}>` }));
    const path = join(directory, 'serialized.xml');
    await readableOf(urls).pipeThrough(new SitemapSerializerStream()).pipeTo(toWebWritable(createWriteStream(path)));
    expect(Buffer.from(await readFile(path)).equals(Buffer.from(serializeSitemap(urls)))).toBe(true);
    expect(await readAll(toWebReadable(createReadStream(path)).pipeThrough(new SitemapParserStream()))).toEqual(urls);
    const gzipPath = join(directory, 'serialized.xml.gz');
    await pipeline(toNodeReadable(readableOf(urls).pipeThrough(new SitemapSerializerStream({ gzip: true }))), createWriteStream(gzipPath));
    expect(gunzipSync(await readFile(gzipPath)).equals(Buffer.from(serializeSitemap(urls)))).toBe(true);
  });
});
