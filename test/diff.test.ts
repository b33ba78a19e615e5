// diffSitemaps (src/check/diff.ts): added, removed and changed entries by loc, from bytes, gzip, chunk
// streams and entry iterables, the counts, field selection, duplicates, errors; a corpus file
// against an edited copy of itself; generated sides (fast-check) against a model of what the README
// says it gives, and the same changes both ways round. Shared: runs in Node and in Chromium.

import { gzipSync } from 'fflate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { diffSitemaps, parseSitemap, parseTextSitemap, serializeSitemap, SitemapError, type SitemapChange, type SitemapUrlInput } from '../src/index';
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

describe('diffSitemaps against a model of what it says (fast-check)', () => {
  const entry = fc.record({
    loc: fc.constantFrom(...Array.from({ length: 12 }, (_, i) => `https://example.com/p${i}`)),
    lastmod: fc.option(fc.constantFrom('2024-01-01', '2024-02-01', '2025-06-30T10:00:00Z'), { nil: undefined }),
    changefreq: fc.option(fc.constantFrom('daily' as const, 'weekly' as const), { nil: undefined }),
    priority: fc.option(fc.constantFrom(0.1, 0.5, 1), { nil: undefined }),
    images: fc.option(fc.array(fc.record({ loc: fc.constantFrom('https://example.com/a.png', 'https://example.com/b.png') }), { minLength: 1, maxLength: 2 }), { nil: undefined }),
  }, { requiredKeys: ['loc'] });
  const side = fc.array(entry, { maxLength: 20 });
  const fieldSets = fc.constantFrom(undefined, ['lastmod'] as const, ['changefreq', 'priority'] as const, ['extensions'] as const);

  /**
   * The README's account, on the entries as parse reads them: a loc's first occurrence on each side
   * is the one compared, repeats are counted as duplicates; added and changed come in b's order,
   * removed in a's; a change names the fields (of those asked for) that differ.
   */
  function model(a: readonly SitemapUrlInput[], b: readonly SitemapUrlInput[], fields: readonly string[] = ['lastmod', 'changefreq', 'priority', 'extensions']) {
    const read = (entries: readonly SitemapUrlInput[]) => (entries.length === 0 ? [] : parseSitemap(serializeSitemap(entries)).urls);
    const first = (urls: ReturnType<typeof read>) => { const kept = new Map<string, (typeof urls)[number]>(); for (const url of urls) if (!kept.has(url.loc)) kept.set(url.loc, url); return kept; };
    const urlsA = read(a), urlsB = read(b), keptA = first(urlsA), keptB = first(urlsB);
    const values = (url: (typeof urlsA)[number]) => Object.fromEntries((['lastmod', 'changefreq', 'priority'] as const).filter((key) => url[key] !== undefined).map((key) => [key, url[key]]));
    const changes: unknown[] = [];
    let unchanged = 0;
    for (const [loc, after] of keptB) {
      const before = keptA.get(loc);
      if (!before) { changes.push({ change: 'added', loc, after: values(after) }); continue; }
      const differ = fields.filter((field) => (field === 'extensions' ? JSON.stringify(before.images ?? null) !== JSON.stringify(after.images ?? null) : before[field as 'lastmod'] !== after[field as 'lastmod']));
      if (differ.length === 0) unchanged++;
      else changes.push({ change: 'changed', loc, fields: differ, before: values(before), after: values(after) });
    }
    for (const [loc, before] of keptA) if (!keptB.has(loc)) changes.push({ change: 'removed', loc, before: values(before) });
    const count = (kind: string) => changes.filter((change) => (change as { change: string }).change === kind).length;
    return { changes, counts: { added: count('added'), removed: count('removed'), changed: count('changed'), unchanged, entriesA: urlsA.length, entriesB: urlsB.length, duplicates: urlsA.length - keptA.size + urlsB.length - keptB.size } };
  }

  it('gives the changes and counts the model gives, from bytes in any chunks, gzip, or entries', async () => {
    await fc.assert(fc.asyncProperty(side, side, fieldSets, fc.integer({ min: 1, max: 97 }), fc.integer({ min: 0, max: 2 }), async (a, b, fields, chunk, form) => {
      const expected = model(a, b, fields);
      const xmlA = serializeSitemap(a), xmlB = serializeSitemap(b);
      const sideOf = (entries: SitemapUrlInput[], xml: Uint8Array) => (form === 0 ? readableOf(cut(xml, () => chunk)) : form === 1 ? gzipSync(xml) : (entries.length === 0 ? [] : parseSitemap(xml).urls));
      const diff = diffSitemaps(sideOf(a, xmlA), sideOf(b, xmlB), fields ? { fields: [...fields] } : {});
      expect(await collect(diff)).toEqual(expected.changes);
      expect(diff.counts).toEqual(expected.counts);
    }), { numRuns: 300 });
  });

  it('finds nothing between a side and itself, and the same changes the other way round', async () => {
    await fc.assert(fc.asyncProperty(side, side, async (a, b) => {
      const same = diffSitemaps(serializeSitemap(a), serializeSitemap(a));
      expect(await collect(same)).toEqual([]);
      expect(same.counts.unchanged).toBe(new Set(a.map((url) => url.loc)).size);
      const forward = await collect(diffSitemaps(serializeSitemap(a), serializeSitemap(b)));
      const backward = await collect(diffSitemaps(serializeSitemap(b), serializeSitemap(a)));
      const view = (changes: SitemapChange[], swap: boolean) => changes.map((change) => {
        const kind = swap && change.change !== 'changed' ? (change.change === 'added' ? 'removed' : 'added') : change.change;
        return `${kind} ${change.loc} ${change.fields?.join() ?? ''}`;
      }).sort();
      expect(view(backward, true)).toEqual(view(forward, false));
    }), { numRuns: 200 });
  });
});
