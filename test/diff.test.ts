// diffSitemaps (src/check/diff.ts): added, removed and changed entries by loc, from bytes, gzip, chunk
// streams and entry iterables, the counts, field selection, duplicates, errors; a corpus file
// against an edited copy of itself. Shared: runs in Node and in Chromium.

import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { diffSitemaps, parseTextSitemap, serializeSitemap, SitemapError, type SitemapChange, type SitemapUrlInput } from '../src/index';
import { loadCorpusFile } from './fixtures';
import { asyncChunks, cut, chunkSizes, readableOf } from './fixtures/stream-helpers';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const IMAGE_NS = 'http://www.google.com/schemas/sitemap-image/1.1';

async function collect(iterable: AsyncIterable<SitemapChange>): Promise<SitemapChange[]> {
  const changes: SitemapChange[] = [];
  for await (const change of iterable) changes.push(change);
  return changes;
}

const before: SitemapUrlInput[] = [
  { loc: 'https://example.com/same', lastmod: '2024-01-01', priority: 0.5 },
  { loc: 'https://example.com/gone', lastmod: '2024-01-02' },
  { loc: 'https://example.com/lastmod', lastmod: '2024-01-03' },
  { loc: 'https://example.com/freq-and-priority', changefreq: 'daily', priority: 0.4 },
  { loc: 'https://example.com/image', images: [{ loc: 'https://example.com/a.png' }] },
];
const after: SitemapUrlInput[] = [
  { loc: 'https://example.com/new', lastmod: '2024-02-01' },
  { loc: 'https://example.com/lastmod', lastmod: '2024-02-03' },
  { loc: 'https://example.com/same', lastmod: '2024-01-01', priority: 0.5 },
  { loc: 'https://example.com/freq-and-priority', changefreq: 'weekly', priority: 0.9 },
  { loc: 'https://example.com/image', images: [{ loc: 'https://example.com/b.png' }] },
];

describe('diffSitemaps', () => {
  it('reports added, changed (with the fields and both values) and removed, in that order, with counts', async () => {
    const diff = diffSitemaps(serializeSitemap(before), serializeSitemap(after));
    const changes = await collect(diff);
    expect(changes).toEqual([
      { change: 'added', loc: 'https://example.com/new', after: { lastmod: '2024-02-01' } },
      { change: 'changed', loc: 'https://example.com/lastmod', fields: ['lastmod'], before: { lastmod: '2024-01-03' }, after: { lastmod: '2024-02-03' } },
      { change: 'changed', loc: 'https://example.com/freq-and-priority', fields: ['changefreq', 'priority'], before: { changefreq: 'daily', priority: 0.4 }, after: { changefreq: 'weekly', priority: 0.9 } },
      { change: 'changed', loc: 'https://example.com/image', fields: ['extensions'], before: {}, after: {} },
      { change: 'removed', loc: 'https://example.com/gone', before: { lastmod: '2024-01-02' } },
    ]);
    expect(diff.counts).toEqual({ added: 1, removed: 1, changed: 3, unchanged: 1, entriesA: 5, entriesB: 5, duplicates: 0 });
  });

  it('finds nothing between a file and itself, whatever the form of each side', async () => {
    const xml = serializeSitemap(before);
    const sides = [
      () => xml,
      () => gzipSync(xml),
      () => readableOf(cut(xml, chunkSizes(7, 50))),
      () => asyncChunks(cut(gzipSync(xml), chunkSizes(3, 20))),
      () => cut(xml, chunkSizes(11, 30)),
      () => new TextDecoder().decode(xml),
    ];
    for (const a of sides) {
      for (const b of sides) {
        const diff = diffSitemaps(a(), b());
        expect(await collect(diff)).toEqual([]);
        expect(diff.counts.unchanged).toBe(5);
      }
    }
  });

  it('takes entries already read (a text sitemap, an async generator) on either side', async () => {
    const text = parseTextSitemap('https://example.com/same\nhttps://example.com/text-only\n');
    async function* generated() {
      yield { loc: 'https://example.com/same', lastmod: '2024-01-01' };
    }
    const changes = await collect(diffSitemaps(generated(), text.urls));
    expect(changes).toEqual([
      { change: 'changed', loc: 'https://example.com/same', fields: ['lastmod'], before: { lastmod: '2024-01-01' }, after: {} },
      { change: 'added', loc: 'https://example.com/text-only', after: {} },
    ]);
  });

  it('compares only the fields asked for', async () => {
    const counts = await diffSitemaps(serializeSitemap(before), serializeSitemap(after), { fields: ['lastmod'] }).summary();
    expect(counts).toMatchObject({ added: 1, removed: 1, changed: 1, unchanged: 3 });
    expect(() => diffSitemaps('', '', { fields: ['title' as 'lastmod'] })).toThrow(SitemapError);
  });

  it('compares each loc once when a side repeats it', async () => {
    const a = [{ loc: 'https://example.com/x' }, { loc: 'https://example.com/x', lastmod: '2024-01-01' }];
    const b = [{ loc: 'https://example.com/x' }, { loc: 'https://example.com/x' }, { loc: 'https://example.com/y' }, { loc: 'https://example.com/y' }];
    const diff = diffSitemaps(a, b);
    expect(await collect(diff)).toEqual([{ change: 'added', loc: 'https://example.com/y', after: {} }]);
    expect(diff.counts).toMatchObject({ unchanged: 1, added: 1, duplicates: 3 });
  });

  it('compares indexes by their children', async () => {
    const index = (lastmod: string) => `<sitemapindex xmlns="${NS}"><sitemap><loc>https://example.com/s1.xml</loc><lastmod>${lastmod}</lastmod></sitemap></sitemapindex>`;
    const changes = await collect(diffSitemaps(index('2024-01-01'), index('2024-03-01')));
    expect(changes).toEqual([{ change: 'changed', loc: 'https://example.com/s1.xml', fields: ['lastmod'], before: { lastmod: '2024-01-01' }, after: { lastmod: '2024-03-01' } }]);
  });

  it('sees an edited corpus file as exactly its edits', async () => {
    const original = new TextDecoder().decode(await loadCorpusFile('urlset/livejournal-1396.xml'));
    const locs = [...original.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1]!);
    expect(locs.length).toBe(1396);
    // Drop the 10th url, change the 20th's priority, add one at the end.
    const urls = original.split('<url>');
    urls.splice(10, 1);
    urls[19] = urls[19]!.replace(/<priority>[^<]*<\/priority>/, '<priority>0.01</priority>');
    const edited = urls.join('<url>').replace('</urlset>', `<url><loc>https://example.com/extra</loc><image:image xmlns:image="${IMAGE_NS}"><image:loc>https://example.com/i.png</image:loc></image:image></url></urlset>`);
    const diff = diffSitemaps(original, edited);
    const changes = await collect(diff);
    expect(changes.map(({ change, loc, fields }) => [change, loc, fields])).toEqual([
      ['changed', locs[19], ['priority']],
      ['added', 'https://example.com/extra', undefined],
      ['removed', locs[9], undefined],
    ]);
    expect(diff.counts).toMatchObject({ entriesA: 1396, entriesB: 1396, unchanged: 1394 });
  });

  it('throws the parse error of a malformed side, with its position', async () => {
    const broken = `<urlset xmlns="${NS}">\n<url><loc>https://example.com/</url>`;
    const error = await collect(diffSitemaps(serializeSitemap(before), broken)).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SitemapError);
    expect((error as SitemapError).code).toBe('XML_MISMATCHED_END_TAG');
    expect((error as SitemapError).line).toBe(2);
  });

  it('refuses a side that is neither input nor entries, and a second iteration', async () => {
    const error = await collect(diffSitemaps(42 as unknown as string, '')).catch((caught: unknown) => caught);
    expect((error as SitemapError).code).toBe('INPUT_TYPE');
    const diff = diffSitemaps([], []);
    await diff.summary();
    expect(() => diff[Symbol.asyncIterator]()).toThrow(/once/);
  });
});
