// The incremental writer (SitemapWriter) and the serializer streams against the one-shot
// serializer: the same bytes whatever the batches, exact byte counts, writeWithin's exact cut,
// gzip output that inflates to the plain bytes (CompressionStream and fflate). Shared: Node and
// Chromium.

import fc from 'fast-check';
import { gunzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  parse,
  serializeSitemap,
  serializeSitemapIndex,
  SitemapError,
  SitemapIndexSerializerStream,
  SitemapSerializerStream,
  SitemapWriter,
  type SerializeOptions,
  type SitemapIndexEntryInput,
  type SitemapUrlInput,
} from '../src/index';
import { concatBytes, firstDifference, readableOf, readAll } from './fixtures/stream-helpers';

afterEach(() => {
  vi.unstubAllGlobals();
});

const decoder = new TextDecoder();

function urls(count: number, seed = 1): SitemapUrlInput[] {
  return Array.from({ length: count }, (_, i) => {
    const n = i + seed;
    const url: SitemapUrlInput = { loc: `https://example.com/${n % 7 === 0 ? 'münchen/東京' : 'p'}/${n}?a=1&b=<${'x'.repeat(n % 40)}>` };
    if (n % 2 === 0) url.lastmod = n % 4 === 0 ? new Date(Date.UTC(2024, 0, 1 + (n % 300))) : `2024-05-${String(1 + (n % 28)).padStart(2, '0')}T10:00:00+02:00`;
    if (n % 3 === 0) url.changefreq = 'weekly';
    if (n % 5 === 0) url.priority = (n % 11) / 10;
    return url;
  });
}

const entrySize = (url: SitemapUrlInput, options: SerializeOptions = {}) => serializeSitemap([url], options).length - serializeSitemap([], options).length;

describe('SitemapWriter', () => {
  const OPTIONS: SerializeOptions[] = [{}, { pretty: true }, { stylesheet: '/sitemap.xsl?a=1&b="2"' }];

  it('makes the bytes serializeSitemap makes, whatever the batches, and counts them exactly', () => {
    const entries = urls(1000);
    for (const options of OPTIONS) {
      const expected = serializeSitemap(entries, options);
      for (const batch of [1, 7, 100, 1000]) {
        const writer = new SitemapWriter(options);
        const parts: Uint8Array[] = [writer.take()];
        let handed = parts[0]!.length;
        expect(writer.bytes).toBe(handed);
        for (let i = 0; i < entries.length; i += batch) {
          writer.write(entries.slice(i, i + batch));
          if (i % 3 === 0) {
            parts.push(writer.take());
            handed += parts.at(-1)!.length;
            expect(writer.bytes).toBe(handed);
          }
        }
        expect(writer.entries).toBe(1000);
        const before = writer.bytes;
        parts.push(writer.end());
        const all = concatBytes(parts);
        expect(firstDifference(all, expected), `${JSON.stringify(options)}, batches of ${batch}`).toBe('');
        expect(writer.bytes).toBe(all.length);
        expect(writer.bytes - before).toBe(writer.closingBytes);
        expect(writer.entries).toBe(1000);
      }
    }
  });

  it('bytes is the size of what take() and end() handed over, at every step', () => {
    const writer = new SitemapWriter();
    let handed = 0;
    for (const batch of [urls(3), urls(50, 3), urls(1, 53)]) {
      writer.write(batch);
      const before = writer.bytes;
      handed += writer.take().length;
      expect(handed).toBe(before);
    }
    handed += writer.end().length;
    expect(writer.bytes).toBe(handed);
  });

  it('writes sitemap indexes as serializeSitemapIndex does', () => {
    const entries: SitemapIndexEntryInput[] = Array.from({ length: 300 }, (_, i) => ({ loc: `https://example.com/sitemap-${i}.xml.gz`, lastmod: i % 2 ? new Date(Date.UTC(2024, 1, 1 + (i % 20))) : undefined }));
    const writer = new SitemapWriter({ kind: 'sitemapindex', pretty: true });
    const parts = [writer.take()];
    for (let i = 0; i < entries.length; i += 64) writer.write(entries.slice(i, i + 64));
    parts.push(writer.end());
    expect(firstDifference(concatBytes(parts), serializeSitemapIndex(entries, { pretty: true }))).toBe('');
  });

  it('takes any iterable, a generator included', () => {
    const entries = urls(200);
    const writer = new SitemapWriter();
    writer.write((function* () {
      yield* entries;
    })());
    expect(firstDifference(writer.end(), serializeSitemap(entries))).toBe('');
  });

  it('writeWithin writes the longest first part that keeps the finished document within the limit', () => {
    const entries = urls(300);
    const empty = serializeSitemap([]).length;
    for (const limit of [empty - 1, empty, empty + entrySize(entries[0]!) - 1, empty + entrySize(entries[0]!), 5_000, 12_345, 40_000, 1_000_000]) {
      const writer = new SitemapWriter();
      const written = writer.writeWithin(entries, limit);
      const document = writer.end();
      expect(document.length, `limit ${limit}`).toBeLessThanOrEqual(Math.max(limit, empty));
      expect(firstDifference(document, serializeSitemap(entries.slice(0, written))), `limit ${limit}`).toBe('');
      if (written < entries.length) expect(document.length + entrySize(entries[written]!), `limit ${limit}: the next entry would not have fit`).toBeGreaterThan(limit);
    }
  });

  it('writeWithin counts what was written before, and can be called again after a cut', () => {
    const entries = urls(500);
    const limit = 20_000;
    const writer = new SitemapWriter();
    writer.write(entries.slice(0, 10));
    const first = writer.take();
    let taken = 10;
    let written: number;
    do {
      written = writer.writeWithin(entries.slice(taken, taken + 37), limit);
      taken += written;
    } while (written === 37);
    const document = concatBytes([first, writer.end()]);
    expect(document.length).toBeLessThanOrEqual(limit);
    expect(document.length + entrySize(entries[taken]!)).toBeGreaterThan(limit);
    expect(firstDifference(document, serializeSitemap(entries.slice(0, taken)))).toBe('');
  });

  it('property: any entries in any batches give the one-shot bytes', () => {
    const url = fc.record({
      loc: fc.string({ minLength: 1, maxLength: 60 }).map((s) => `https://e.com/${encodeURIComponent(s)}&<>'"`),
      lastmod: fc.option(fc.constantFrom('2024-01-01', '2024-05-01T12:00:00Z'), { nil: undefined }),
      priority: fc.option(fc.integer({ min: 0, max: 10 }).map((n) => n / 10), { nil: undefined }),
    }, { requiredKeys: ['loc'] });
    fc.assert(fc.property(fc.array(url, { maxLength: 80 }), fc.array(fc.integer({ min: 1, max: 30 }), { minLength: 1, maxLength: 10 }), fc.boolean(), (entries, batches, pretty) => {
      const writer = new SitemapWriter({ pretty });
      const parts: Uint8Array[] = [];
      for (let i = 0, b = 0; i < entries.length; b++) {
        const size = batches[b % batches.length]!;
        writer.write(entries.slice(i, i + size));
        if (b % 2) parts.push(writer.take());
        i += size;
      }
      parts.push(writer.end());
      return firstDifference(concatBytes(parts), serializeSitemap(entries, { pretty })) === '' && writer.bytes === concatBytes(parts).length;
    }), { numRuns: 150 });
  });

  it('push(entries, final) hands each batch\'s bytes to its onData sink, the final one closed: the one-shot bytes', () => {
    const url = fc.record({ loc: fc.webUrl().map((loc) => `${loc}/page`), lastmod: fc.option(fc.constantFrom('2024-01-01', '2024-05-01T12:00:00Z'), { nil: undefined }) }, { requiredKeys: ['loc'] });
    fc.assert(fc.property(fc.array(url, { maxLength: 60 }), fc.array(fc.integer({ min: 0, max: 20 }), { minLength: 1, maxLength: 8 }), fc.boolean(), (entries, batches, pretty) => {
      const handed: Uint8Array[] = [];
      const writer = new SitemapWriter({ pretty, onData: (bytes) => handed.push(bytes) });
      let i = 0;
      for (const size of batches) { // empty pushes among them
        writer.push(entries.slice(i, i + size));
        i += size;
      }
      writer.push(entries.slice(i), true);
      expect(handed.every((bytes) => bytes.length > 0)).toBe(true); // a push that writes nothing calls no sink
      expect(firstDifference(concatBytes(handed), serializeSitemap(entries, { pretty }))).toBe('');
      expect(writer.bytes).toBe(concatBytes(handed).length);
    }), { numRuns: 100 });
  });

  it('push: the sink is an option of its own, and the final push ends the writer', () => {
    expect(() => new SitemapWriter().push(urls(1))).toThrow(expect.objectContaining({ code: 'INPUT_TYPE', message: expect.stringMatching(/onData/) }));
    expect(() => new SitemapWriter({ onData: 'stdout' as never })).toThrow(expect.objectContaining({ code: 'INPUT_INVALID_OPTION', message: expect.stringMatching(/onData must be a function/) }));
    const handed: Uint8Array[] = [];
    const writer = new SitemapWriter({ kind: 'sitemapindex', onData: (bytes) => handed.push(bytes) });
    writer.push([{ loc: 'https://example.com/a.xml' }], true);
    expect(decoder.decode(concatBytes(handed))).toBe(decoder.decode(serializeSitemapIndex([{ loc: 'https://example.com/a.xml' }])));
    expect(() => writer.push([])).toThrow(expect.objectContaining({ code: 'INPUT_TYPE', message: expect.stringMatching(/ended/) }));
  });

  it('names a bad value by its place in the whole document, and is done after it', () => {
    const writer = new SitemapWriter();
    writer.write(urls(10));
    let caught: unknown;
    try {
      writer.write([...urls(2, 11), { loc: 'https://example.com/\u0001' }]);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(SitemapError);
    expect(caught).toMatchObject({ code: 'SERIALIZE_INVALID_VALUE', path: 'urlset/url[13]/loc' });
    expect(() => writer.write(urls(1))).toThrow(expect.objectContaining({ code: 'INPUT_TYPE', message: expect.stringMatching(/ended/) }));
    expect(() => writer.end()).toThrow(SitemapError);
    expect(writer.entries).toBe(10); // those written before the failed call
  });

  it('refuses bad options when it is made', () => {
    expect(() => new SitemapWriter({ stylesheet: ' x' })).toThrow(expect.objectContaining({ code: 'SERIALIZE_INVALID_VALUE', path: 'stylesheet' }));
    expect(() => new SitemapWriter({ kind: 'feed' as 'urlset' })).toThrow(expect.objectContaining({ code: 'INPUT_INVALID_OPTION', message: expect.stringMatching(/kind must be/) }));
  });

  it('a writer left open does not disturb the one-shot serializer (templates are per document)', () => {
    const open = new SitemapWriter({ pretty: true });
    open.write(urls(5));
    const index = serializeSitemapIndex([{ loc: 'https://example.com/a.xml' }]);
    open.write(urls(5, 6));
    expect(decoder.decode(index)).toContain('<sitemap><loc>https://example.com/a.xml</loc></sitemap>');
    expect(firstDifference(open.end(), serializeSitemap(urls(10), { pretty: true }))).toBe('');
  });
});

// ------------------------------------------------------------------------------- streams

async function throughStream(entries: readonly unknown[], stream: ReadableWritablePair<Uint8Array, never>): Promise<Uint8Array> {
  return concatBytes(await readAll(readableOf(entries as never[]).pipeThrough(stream)));
}

describe('SitemapWriter with extensions', () => {
  const withExtensions = (n: number): SitemapUrlInput => ({
    loc: `https://example.com/e/${n}`,
    images: [{ loc: `https://cdn.example.com/${n}.jpg` }],
    alternates: [{ hreflang: 'de', href: `https://example.com/de/${n}` }],
    extensions: [{ namespace: 'urn:x:shop', prefix: 'shop', name: 'item', attributes: [{ namespace: 'urn:x:attr', prefix: 'a', name: 'id', value: String(n) }], children: [{ namespace: 'urn:x:shop', prefix: 'shop', name: 'price', children: [`${n}.00`] }] }],
  });
  const plain = (n: number): SitemapUrlInput => ({ loc: `https://example.com/p/${n}` });
  const readBack = (bytes: Uint8Array) => {
    const result = parse(bytes); // strict: an undeclared prefix would throw XML_UNBOUND_PREFIX
    expect(result.issues).toEqual([]);
    return result.kind === 'urlset' ? result.urls : [];
  };

  it('declares on the root what the entries before the head went out use, exactly as serializeSitemap does', () => {
    const entries = [withExtensions(1), plain(2), withExtensions(3)];
    const writer = new SitemapWriter();
    writer.write(entries);
    const bytes = concatBytes([writer.take(), writer.end()]);
    expect(bytes).toEqual(serializeSitemap(entries));
    const root = decoder.decode(bytes).split('\n')[1]!;
    for (const namespace of ['sitemap-image/1.1', 'xhtml', 'urn:x:shop', 'urn:x:attr']) expect(root).toContain(namespace);
  });

  it('declares namespaces first used after the head went out on the elements that use them, and counts every byte', () => {
    const entries = [plain(1), withExtensions(2), plain(3), withExtensions(4)];
    const writer = new SitemapWriter();
    writer.write([entries[0]!]);
    const parts = [writer.take()];
    expect(decoder.decode(parts[0]).split('\n')[1]).toBe('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    for (const entry of entries.slice(1)) {
      writer.write([entry]);
      const counted = writer.bytes;
      parts.push(writer.take());
      expect(parts.reduce((sum, part) => sum + part.length, 0)).toBe(counted);
    }
    parts.push(writer.end());
    const bytes = concatBytes(parts);
    expect(writer.bytes).toBe(bytes.length);
    const text = decoder.decode(bytes);
    expect(text).toContain('<image:image xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">');
    expect(text).toMatch(/<shop:item a:id="2" xmlns:shop="urn:x:shop" xmlns:a="urn:x:attr">/);
    expect(readBack(bytes)).toEqual(readBack(serializeSitemap(entries)));
    expect(readBack(bytes).map((url) => url.loc)).toEqual(entries.map((entry) => entry.loc));
  });

  it('counts the root declarations still to come in bytes and writeWithin', () => {
    const writer = new SitemapWriter();
    const first = writer.writeWithin([withExtensions(1), withExtensions(2)], 10_000);
    expect(first).toBe(2);
    const expected = serializeSitemap([withExtensions(1), withExtensions(2)]).length;
    expect(writer.bytes + writer.closingBytes).toBe(expected);
    const limit = serializeSitemap([withExtensions(1), withExtensions(2), withExtensions(3)]).length;
    expect(writer.writeWithin([withExtensions(3), withExtensions(4)], limit)).toBe(1);
    expect(concatBytes([writer.take(), writer.end()]).length).toBe(limit);
  });
});

describe('SitemapSerializerStream and SitemapIndexSerializerStream', () => {
  it('write what serializeSitemap writes, for any number of entries', async () => {
    for (const count of [0, 1, 255, 256, 257, 1500]) {
      const entries = urls(count);
      for (const options of [{}, { pretty: true, stylesheet: '/s.xsl' }]) {
        const bytes = await throughStream(entries, new SitemapSerializerStream(options));
        expect(firstDifference(bytes, serializeSitemap(entries, options)), `${count} entries`).toBe('');
      }
    }
  });

  it('takes arrays of entries as chunks too, mixed with single entries, in order', async () => {
    const entries = urls(1300);
    const chunks: unknown[] = [entries.slice(0, 500), ...entries.slice(500, 510), entries.slice(510, 1000), [], ...entries.slice(1000)];
    expect(firstDifference(await throughStream(chunks, new SitemapSerializerStream()), serializeSitemap(entries))).toBe('');
    const index = Array.from({ length: 20 }, (_, i) => ({ loc: `https://example.com/s-${i}.xml` }));
    expect(firstDifference(await throughStream([index.slice(0, 7), index[7], index.slice(8)], new SitemapIndexSerializerStream()), serializeSitemapIndex(index))).toBe('');
  });

  it('hands bytes on as it goes, not only at the end', async () => {
    const chunks = await readAll(readableOf(urls(3000)).pipeThrough(new SitemapSerializerStream()));
    expect(chunks.length).toBeGreaterThan(5);
  });

  it('write indexes as serializeSitemapIndex does', async () => {
    const entries = Array.from({ length: 600 }, (_, i) => ({ loc: `https://example.com/s-${i}.xml`, lastmod: '2024-01-01' }));
    expect(firstDifference(await throughStream(entries, new SitemapIndexSerializerStream()), serializeSitemapIndex(entries))).toBe('');
  });

  for (const compressor of ['CompressionStream', 'fflate'] as const) {
    it(`gzip (${compressor}): output inflates to exactly the plain bytes`, async () => {
      if (compressor === 'fflate') vi.stubGlobal('CompressionStream', undefined);
      else expect(typeof CompressionStream).toBe('function');
      const entries = urls(2000);
      const compressed = await throughStream(entries, new SitemapSerializerStream({ gzip: true }));
      expect(compressed[0]).toBe(0x1f);
      expect(compressed[1]).toBe(0x8b);
      expect(compressed.length).toBeLessThan(serializeSitemap(entries).length / 3);
      expect(firstDifference(gunzipSync(compressed), serializeSitemap(entries))).toBe('');
      const index = [{ loc: 'https://example.com/a.xml.gz' }];
      expect(firstDifference(gunzipSync(await throughStream(index, new SitemapIndexSerializerStream({ gzip: true }))), serializeSitemapIndex(index))).toBe('');
    });
  }

  it('a bad value errors the stream with its path; bad options throw from the constructor', async () => {
    const entries = [...urls(300), { loc: '' }];
    await expect(throughStream(entries, new SitemapSerializerStream())).rejects.toMatchObject({ code: 'SERIALIZE_INVALID_VALUE', path: 'urlset/url[301]/loc' });
    expect(() => new SitemapSerializerStream({ stylesheet: 42 as unknown as string })).toThrow(expect.objectContaining({ code: 'SERIALIZE_INVALID_VALUE' }));
  });

  it('reads back through parse() as the entries that went in', async () => {
    const entries = urls(700).map((url) => ({ ...url, loc: String(url.loc), lastmod: url.lastmod instanceof Date ? url.lastmod.toISOString() : url.lastmod }));
    const result = parse(await throughStream(entries, new SitemapSerializerStream({ gzip: true })));
    expect(result.kind === 'urlset' && result.urls).toEqual(entries.map((url) => JSON.parse(JSON.stringify(url))));
  });
});
