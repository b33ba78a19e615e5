// writeSitemaps: files split at exactly the right entry by count and by bytes (checked on the
// bytes produced), each file as full as it can be, an index with each file's newest lastmod,
// everything reading back as the input in order, gzip files that inflate to the plain ones.
// Shared: Node and Chromium (the full-size 50,000-URL / 52,428,800-byte runs with xmllint are
// in write-sitemaps.node.test.ts).

import fc from 'fast-check';
import { gunzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { parse, serializeSitemap, SitemapError, writeSitemaps, type SitemapUrl, type SitemapUrlInput, type WriteSitemapsOptions, type WriteSitemapsResult } from '../src/index';
import { asyncChunks, firstDifference, memoryWritable } from './fixtures/stream-helpers';
import { seededRandom } from './fixtures/parse/generate-document';

const NOW = new Date(Date.UTC(2026, 10, 22, 12, 0, 0));
const decoder = new TextDecoder();

/** A destination keeping every file in memory, in the order they were opened. */
function memoryDestination() {
  const files = new Map<string, ReturnType<typeof memoryWritable>>();
  const opened: string[] = [];
  return {
    opened,
    files,
    bytes: (name: string) => files.get(name)!.bytes(),
    destination: (name: string) => {
      const writable = memoryWritable();
      files.set(name, writable);
      opened.push(name);
      return writable.stream;
    },
  };
}

/** Entries in the strict form (what parse returns), so reading back compares directly. */
function makeUrls(count: number, seed: number, locLength: [number, number] = [30, 200]): SitemapUrl[] {
  const random = seededRandom(seed);
  return Array.from({ length: count }, (_, i) => {
    const length = locLength[0] + Math.floor(random() * (locLength[1] - locLength[0]));
    let loc = `https://example.com/${i}/`;
    while (loc.length < length) loc += ['a', 'b&c', 'é', '<x>', '/', "'", '東'][Math.floor(random() * 7)];
    const url: SitemapUrl = { loc };
    if (random() < 0.7) url.lastmod = `20${10 + Math.floor(random() * 15)}-0${1 + Math.floor(random() * 9)}-1${Math.floor(random() * 10)}`;
    if (random() < 0.3) url.changefreq = 'daily';
    if (random() < 0.3) url.priority = Math.floor(random() * 11) / 10;
    return url;
  });
}

const EMPTY_SITEMAP_BYTES = serializeSitemap([]).length;
const entryBytes = (url: SitemapUrlInput) => serializeSitemap([url]).length - EMPTY_SITEMAP_BYTES;

/**
 * Every file, checked: sizes on the produced bytes, limits, fullness, locs, and all of them read
 * back as the input. Returns how many files were found full by bytes (the next entry would not fit).
 */
function checkFiles(result: WriteSitemapsResult, memory: ReturnType<typeof memoryDestination>, input: readonly SitemapUrl[], limits: { maxUrls: number; maxBytes: number }, base = 'https://example.com/'): number {
  const readBack: SitemapUrl[] = [];
  let fullByBytes = 0;
  for (const [i, sitemap] of result.sitemaps.entries()) {
    const bytes = memory.bytes(sitemap.fileName);
    expect(memory.files.get(sitemap.fileName)!.closed(), sitemap.fileName).toBe(true);
    expect(sitemap.bytes, `${sitemap.fileName}: reported size`).toBe(bytes.length);
    expect(bytes.length, `${sitemap.fileName}: bytes`).toBeLessThanOrEqual(limits.maxBytes);
    expect(sitemap.urls, `${sitemap.fileName}: urls`).toBeLessThanOrEqual(limits.maxUrls);
    expect(sitemap.loc).toBe(new URL(sitemap.fileName, base).href);
    const parsed = parse(bytes);
    expect(parsed.kind).toBe('urlset');
    const urls = (parsed as { urls: SitemapUrl[] }).urls;
    expect(urls.length).toBe(sitemap.urls);
    readBack.push(...urls);
    const next = input[readBack.length];
    if (i < result.sitemaps.length - 1 && next !== undefined && sitemap.urls < limits.maxUrls) {
      // Split by bytes: the next entry would not have fit.
      expect(bytes.length + entryBytes(next), `${sitemap.fileName} is as full as it can be`).toBeGreaterThan(limits.maxBytes);
      fullByBytes++;
    }
  }
  expect(readBack.length).toBe(input.length);
  for (let i = 0; i < input.length; i++) {
    if (JSON.stringify(readBack[i]) !== JSON.stringify(input[i])) expect(readBack[i], `entry ${i + 1}`).toEqual(input[i]);
  }
  return fullByBytes;
}

async function write(entries: Iterable<SitemapUrlInput> | AsyncIterable<SitemapUrlInput>, options: Partial<WriteSitemapsOptions> = {}) {
  const memory = memoryDestination();
  const result = await writeSitemaps(entries, { baseUrl: 'https://example.com/', destination: memory.destination, now: NOW, ...options });
  return { result, memory };
}

describe('writeSitemaps splits exactly', () => {
  it('by count: a new file after maxUrls entries', async () => {
    const input = makeUrls(2500, 1);
    const { result, memory } = await write(input, { maxUrls: 1000 });
    expect(result.sitemaps.map((s) => s.urls)).toEqual([1000, 1000, 500]);
    expect(result.sitemaps.map((s) => s.fileName)).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']);
    expect(memory.opened).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap-index.xml']);
    checkFiles(result, memory, input, { maxUrls: 1000, maxBytes: 52_428_800 });
  });

  it('by bytes: a new file when the next entry would pass maxBytes, counting declaration, namespace and closing tag; each file as full as it can be', async () => {
    const input = makeUrls(3000, 2, [200, 1900]);
    const maxBytes = 100_000;
    const { result, memory } = await write(input, { maxBytes, maxUrls: 50_000 });
    expect(result.sitemaps.length).toBeGreaterThan(20);
    // The count limit never came near: the bytes decided every split.
    expect(Math.max(...result.sitemaps.map((s) => s.urls))).toBeLessThan(200);
    expect(checkFiles(result, memory, input, { maxUrls: 50_000, maxBytes })).toBe(result.sitemaps.length - 1);
    // The head counts: a file's bytes are its entries plus the empty document's bytes exactly.
    const first = result.sitemaps[0]!;
    const entriesBytes = input.slice(0, first.urls).reduce((sum, url) => sum + entryBytes(url), 0);
    expect(first.bytes).toBe(entriesBytes + EMPTY_SITEMAP_BYTES);
  });

  it('a file can end exactly at maxBytes', async () => {
    const input = makeUrls(50, 3);
    const maxBytes = EMPTY_SITEMAP_BYTES + input.slice(0, 7).reduce((sum, url) => sum + entryBytes(url), 0);
    const { result, memory } = await write(input, { maxBytes });
    expect(result.sitemaps[0]!.urls).toBe(7);
    expect(result.sitemaps[0]!.bytes).toBe(maxBytes);
    checkFiles(result, memory, input, { maxUrls: 50_000, maxBytes });
  });

  it('property: any entries and limits give files within both limits, as full as they can be, reading back as the input', async () => {
    await fc.assert(fc.asyncProperty(fc.integer({ min: 0, max: 400 }), fc.integer({ min: 1, max: 120 }), fc.integer({ min: 2_000, max: 40_000 }), fc.integer({ min: 1, max: 1000 }), async (count, maxUrls, maxBytes, seed) => {
      const input = makeUrls(count, seed, [20, 600]);
      const { result, memory } = await write(input, { maxUrls, maxBytes });
      checkFiles(result, memory, input, { maxUrls, maxBytes });
      expect(result.sitemaps.length).toBeGreaterThanOrEqual(Math.ceil(count / maxUrls));
    }), { numRuns: 40 });
  }, 60_000);
});

describe('the index', () => {
  it("lists every file at baseUrl with its newest lastmod, else now; the file's own lastmod says the same", async () => {
    const input: SitemapUrlInput[] = [
      { loc: 'https://example.com/a', lastmod: '2024-01-01' },
      { loc: 'https://example.com/b', lastmod: '2024-03-01T10:00:00+05:00' }, // 05:00Z
      { loc: 'https://example.com/c', lastmod: new Date(Date.UTC(2024, 1, 29, 23, 0)) },
      { loc: 'https://example.com/d', lastmod: '2024-03-01T04:59:59Z' },
      // second file: no lastmod at all
      { loc: 'https://example.com/e' },
      { loc: 'https://example.com/f' },
      { loc: 'https://example.com/g' },
      { loc: 'https://example.com/h', lastmod: '2023-01-01' },
      // third file: a Date is the newest
      { loc: 'https://example.com/i', lastmod: '2025-06-30T23:59:59-10:00' },
      { loc: 'https://example.com/j', lastmod: new Date(Date.UTC(2025, 6, 1, 10, 0, 1)) },
    ];
    const { result, memory } = await write(input, { maxUrls: 4, baseUrl: 'https://example.com/maps' });
    expect(result.sitemaps.map((s) => s.lastmod)).toEqual(['2024-03-01T10:00:00+05:00', '2023-01-01', '2025-07-01T10:00:01.000Z']);
    expect(result.index).toEqual({ fileName: 'sitemap-index.xml', loc: 'https://example.com/maps/sitemap-index.xml', bytes: memory.bytes('sitemap-index.xml').length });
    const index = parse(memory.bytes('sitemap-index.xml'));
    expect(index.kind === 'sitemapindex' && index.sitemaps).toEqual([
      { loc: 'https://example.com/maps/sitemap-1.xml', lastmod: '2024-03-01T10:00:00+05:00' },
      { loc: 'https://example.com/maps/sitemap-2.xml', lastmod: '2023-01-01' },
      { loc: 'https://example.com/maps/sitemap-3.xml', lastmod: '2025-07-01T10:00:01.000Z' },
    ]);
    const noDates = await write([{ loc: 'https://example.com/x' }]);
    expect(noDates.result.sitemaps[0]!.lastmod).toBe(NOW.toISOString());
  });

  it('no entries: no sitemap files, an index without entries', async () => {
    const { result, memory } = await write([]);
    expect(result.sitemaps).toEqual([]);
    expect(memory.opened).toEqual(['sitemap-index.xml']);
    expect(decoder.decode(memory.bytes('sitemap-index.xml'))).toBe('<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n</sitemapindex>\n');
  });
});

describe('writeSitemaps options', () => {
  it('gzip: every file inflates to exactly the bytes of the plain run; names end in .xml.gz', async () => {
    const input = makeUrls(1200, 4, [50, 900]);
    const plain = await write(input, { maxBytes: 150_000, pretty: true, stylesheet: '/sitemap.xsl' });
    const zipped = await write(input, { maxBytes: 150_000, pretty: true, stylesheet: '/sitemap.xsl', gzip: true });
    expect(zipped.result.sitemaps.map((s) => s.fileName)).toEqual(plain.result.sitemaps.map((s) => s.fileName.replace('.xml', '.xml.gz')));
    expect(zipped.result.index.fileName).toBe('sitemap-index.xml.gz');
    for (const [i, sitemap] of zipped.result.sitemaps.entries()) {
      const compressed = zipped.memory.bytes(sitemap.fileName);
      expect(compressed[0]).toBe(0x1f);
      const inflated = gunzipSync(compressed);
      expect(firstDifference(inflated, plain.memory.bytes(plain.result.sitemaps[i]!.fileName)), sitemap.fileName).toBe('');
      expect(sitemap.bytes).toBe(inflated.length);
    }
    expect(decoder.decode(gunzipSync(zipped.memory.bytes('sitemap-index.xml.gz')))).toBe(decoder.decode(plain.memory.bytes('sitemap-index.xml')).replaceAll('.xml<', '.xml.gz<'));
  });

  it('takes async iterables and generators alike', async () => {
    const input = makeUrls(700, 5);
    const fromArray = await write(input, { maxUrls: 300 });
    const fromAsync = await write(asyncChunks(input), { maxUrls: 300 });
    const fromGenerator = await write((function* () {
      yield* input;
    })(), { maxUrls: 300 });
    for (const other of [fromAsync, fromGenerator]) {
      expect(other.result).toEqual(fromArray.result);
      for (const name of fromArray.memory.opened) expect(firstDifference(other.memory.bytes(name), fromArray.memory.bytes(name)), name).toBe('');
    }
  });

  it('file names: a pattern, a function, an index name; baseUrl gets its final slash', async () => {
    const { result, memory } = await write(makeUrls(5, 6), { maxUrls: 2, fileName: 'maps/part-{index}-of-many.xml', indexFileName: 'index.xml', baseUrl: new URL('https://example.com/a/b?x=1#y') });
    expect(result.sitemaps.map((s) => s.loc)).toEqual([1, 2, 3].map((i) => `https://example.com/a/b/maps/part-${i}-of-many.xml`));
    expect(result.index.loc).toBe('https://example.com/a/b/index.xml');
    expect(memory.opened.at(-1)).toBe('index.xml');
    const named = await write(makeUrls(3, 7), { maxUrls: 1, fileName: (index) => `s${index * 10}.xml` });
    expect(named.result.sitemaps.map((s) => s.fileName)).toEqual(['s10.xml', 's20.xml', 's30.xml']);
    const stylesheets = await write(makeUrls(1, 8), { stylesheet: '/s.xsl', indexStylesheet: '/i.xsl' });
    expect(decoder.decode(stylesheets.memory.bytes('sitemap-1.xml'))).toContain('<?xml-stylesheet type="text/xsl" href="/s.xsl"?>');
    expect(decoder.decode(stylesheets.memory.bytes('sitemap-index.xml'))).toContain('<?xml-stylesheet type="text/xsl" href="/i.xsl"?>');
  });

  it('waits for a destination handed over as a promise', async () => {
    const memory = memoryDestination();
    const result = await writeSitemaps(makeUrls(10, 9), { baseUrl: 'https://example.com/', maxUrls: 4, destination: async (name) => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return memory.destination(name);
    } });
    expect(result.sitemaps.length).toBe(3);
    expect(memory.opened.length).toBe(4);
  });

  it('refuses bad options with INPUT_INVALID_OPTION', async () => {
    const base = { baseUrl: 'https://example.com/', destination: memoryDestination().destination };
    const bad: Array<Partial<WriteSitemapsOptions>> = [
      { baseUrl: undefined },
      { baseUrl: 'sitemaps/' },
      { baseUrl: 'ftp://example.com/' },
      { destination: undefined },
      { maxUrls: 50_001 },
      { maxUrls: 0 },
      { maxBytes: 52_428_801 },
      { maxBytes: 1.5 },
      { fileName: 'sitemap.xml' },
      { fileName: () => 'same.xml' },
      { fileName: 'sitemap-index{index}.xml', indexFileName: 'sitemap-index1.xml' },
      { now: new Date(Number.NaN) },
    ];
    for (const options of bad) {
      await expect(writeSitemaps(makeUrls(3, 1), { ...base, maxUrls: 1, ...options } as WriteSitemapsOptions), JSON.stringify(options)).rejects.toMatchObject({ code: 'INPUT_INVALID_OPTION' });
    }
    await expect(writeSitemaps(makeUrls(3, 1), { ...base, destination: () => ({}) as WritableStream<Uint8Array> })).rejects.toMatchObject({ code: 'INPUT_INVALID_OPTION' });
    await expect(writeSitemaps(42 as unknown as SitemapUrlInput[], base)).rejects.toMatchObject({ code: 'INPUT_TYPE' });
  });
});

describe('writeSitemaps errors', () => {
  it('a bad value stops it with its path; the file being written is aborted, finished ones stay', async () => {
    const input: SitemapUrlInput[] = [...makeUrls(7, 10), { loc: 'https://example.com/bad', changefreq: 'sometimes' }, ...makeUrls(3, 11)];
    const memory = memoryDestination();
    let caught: unknown;
    try {
      await writeSitemaps(input, { baseUrl: 'https://example.com/', destination: memory.destination, maxUrls: 5 });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SitemapError);
    expect(caught).toMatchObject({ code: 'SERIALIZE_INVALID_VALUE', path: 'urlset/url[3]/changefreq' });
    expect(memory.opened).toEqual(['sitemap-1.xml', 'sitemap-2.xml']);
    expect(memory.files.get('sitemap-1.xml')!.closed()).toBe(true);
    expect(memory.files.get('sitemap-2.xml')!.aborted()).toBe(caught);
  });

  it('an entry too large for a file of maxBytes is SITEMAP_TOO_LARGE', async () => {
    const input = [{ loc: 'https://example.com/short' }, { loc: 'https://example.com/big', images: [{ loc: 'https://example.com/i.png', caption: 'x'.repeat(3000) }] }];
    await expect(write(input, { maxBytes: 2000 })).rejects.toMatchObject({ code: 'SITEMAP_TOO_LARGE', message: expect.stringMatching(/Entry 2 /) });
  });

  it('an error from the destination stops it', async () => {
    const failing = () => new WritableStream<Uint8Array>({
      write() {
        throw new Error('disk full');
      },
    });
    await expect(writeSitemaps(makeUrls(3000, 12, [500, 600]), { baseUrl: 'https://example.com/', destination: failing })).rejects.toThrow('disk full');
  });
});
