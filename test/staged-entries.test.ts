// Whole entries built in runs (SitemapParser.stageEntry and buildStaged), as the Node entry has
// it: Node makes strings of a megabyte or more more cheaply (text.ts cheapAsciiBytes), so the
// parser leaves the values of many entries in the core's arena (XmlReader.keepArena) and makes
// their strings together. The entries must
// be the same, in the same order, as when each is built at once: whatever the run size, the
// chunks, or the mix of entries the core reads whole and entries read record by record.

import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { parse, SitemapParser, SITEMAP_NAMESPACE, validate, type ParseResult } from '../src/index';
import { setBytesToString } from '../src/values/text';
import { getCore, loadBuildForTesting } from '../src/core/wasm';
import { loadCorpusFile, loadCorpusManifest } from './fixtures';

const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });
const encoder = new TextEncoder();
let asciiDecodes = 0;

/** Runs of `runBytes` (0: off, as in browsers), with a decoder that counts ASCII decodes. */
function useRuns(runBytes: number): void {
  setBytesToString((bytes, ascii) => {
    if (ascii) asciiDecodes++;
    return utf8.decode(bytes);
  }, runBytes);
}

afterEach(() => useRuns(0));

/** parse() of `bytes` (recover mode) with runs of `runBytes`. */
function parseWithRuns(bytes: Uint8Array, runBytes: number): ParseResult {
  useRuns(runBytes);
  return parse(bytes, { recover: true });
}

/**
 * The same through SitemapParser in chunks ending at `cuts`, taking entries after every push.
 * A stream must get each entry at the push that completes it (its memory stays bounded by a
 * chunk's entries): every entry that ends over 100 bytes before a cut is taken by then.
 */
function pushWithRuns(bytes: Uint8Array, runBytes: number, cuts: number[]): { entries: unknown[]; result: ParseResult } {
  useRuns(runBytes);
  const parser = new SitemapParser({ recover: true });
  const entries: unknown[] = [];
  let from = 0;
  for (const cut of [...cuts, bytes.length]) {
    parser.push(bytes.subarray(from, cut), cut === bytes.length);
    entries.push(...parser.takeEntries());
    const ended = utf8.decode(bytes.subarray(0, Math.max(0, cut - 100))).split(/<\/(?:url|sitemap)>/).length - 1;
    expect(entries.length, `entries taken after the push that ends at byte ${cut}`).toBeGreaterThanOrEqual(ended);
    from = cut;
  }
  return { entries, result: parser.result() };
}

const IMAGE = 'xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';

/** One `<url>` of the kinds the parser treats differently (see `kinds`). */
function urlXml(i: number, kind: string): string {
  switch (kind) {
    case 'plain': return `<url><loc>https://a.example/p/${i}?a=1&amp;b=2</loc><lastmod>2024-01-${String(1 + (i % 28)).padStart(2, '0')}</lastmod><changefreq>weekly</changefreq><priority>0.${i % 10}</priority></url>`;
    case 'padded': return `<url>\n  <loc>\n    https://a.example/padded/${i}\n  </loc>\n  <lastmod> 2024-02-03T04:05:06Z </lastmod>\n</url>`;
    case 'loc only': return `<url><loc>https://a.example/only/${i}</loc></url>`;
    case 'non-ASCII loc': return `<url><loc>https://a.example/caf\u00e9/${i}</loc><priority>1.0</priority></url>`;
    case 'non-ASCII lastmod': return `<url><loc>https://a.example/l/${i}</loc><lastmod>2024-01-01\u00a0</lastmod></url>`;
    case 'odd changefreq': return `<url><loc>https://a.example/c/${i}</loc><changefreq>Weekly</changefreq></url>`;
    // Staged by the facade, not the core (the changefreq), with ASCII values to trim.
    case 'padded odd': return `<url><lastmod>\t2024-01-0${1 + (i % 9)} </lastmod><loc> https://a.example/po/${i}\r\n</loc><changefreq>Weekly</changefreq></url>`;
    case 'extension': return `<url><loc>https://a.example/x/${i}</loc><image:image><image:loc>https://a.example/${i}.png</image:loc></image:image></url>`;
    case 'comment': return `<url><!-- note --><loc>https://a.example/n/${i}</loc></url>`;
    default: throw new Error(kind);
  }
}

/** The loc urlXml(i, kind) holds, as parse gives it (decoded, trimmed). */
function locOf(i: number, kind: string): string {
  const path = { plain: 'p', padded: 'padded', 'loc only': 'only', 'non-ASCII loc': 'caf\u00e9', 'non-ASCII lastmod': 'l', 'odd changefreq': 'c', 'padded odd': 'po', extension: 'x', comment: 'n' }[kind];
  return `https://a.example/${path}/${i}${kind === 'plain' ? '?a=1&b=2' : ''}`;
}

const KINDS = ['plain', 'padded', 'loc only', 'non-ASCII loc', 'non-ASCII lastmod', 'odd changefreq', 'padded odd', 'extension', 'comment'] as const;

function urlsetBytes(urls: string[]): Uint8Array {
  return encoder.encode(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}" ${IMAGE}>\n${urls.join('\n')}\n</urlset>\n`);
}

/** About 3.3 MB of plain entries: several input windows and token batches of the core. */
const LARGE_COUNT = 24_000;
const large = urlsetBytes(Array.from({ length: LARGE_COUNT }, (_, i) => urlXml(i, 'plain')));

describe('whole entries built in runs', () => {
  it('are the entries built one by one, for every run size, in a document of several batches', () => {
    const expected = parseWithRuns(large, 0);
    expect(expected.kind === 'urlset' && expected.urls.length).toBe(LARGE_COUNT);
    for (const runBytes of [1, 1000, 65_536, 1 << 20, 1 << 30]) {
      expect(parseWithRuns(large, runBytes), `runs of ${runBytes} bytes`).toStrictEqual(expected);
    }
  });

  it('really make the strings in runs: fewer decodes of the values than one per batch, and runs of up to a window', () => {
    asciiDecodes = 0;
    parseWithRuns(large, 0);
    const perBatch = asciiDecodes;
    expect(perBatch).toBeGreaterThanOrEqual(3);
    asciiDecodes = 0;
    parseWithRuns(large, 1 << 20);
    expect(asciiDecodes).toBeGreaterThanOrEqual(1);
    expect(asciiDecodes).toBeLessThan(perBatch);
    // About 1.3 MB of values: the core keeps at most an input window (1 MiB) of them, so a run
    // longer than the document still ends there.
    asciiDecodes = 0;
    parseWithRuns(large, 1 << 30);
    expect(asciiDecodes).toBe(2);
  });

  it('keep the document order when entries read record by record come between them, and each kind of value', () => {
    for (const kind of KINDS) {
      const urls = [
        ...Array.from({ length: 3000 }, (_, i) => urlXml(i, 'plain')),
        urlXml(3000, kind),
        ...Array.from({ length: 3000 }, (_, i) => urlXml(3001 + i, i % 7 === 0 ? 'padded' : 'plain')),
      ];
      const bytes = urlsetBytes(urls);
      const expected = parseWithRuns(bytes, 0);
      const staged = parseWithRuns(bytes, 1 << 20);
      expect(staged, kind).toStrictEqual(expected);
      if (staged.kind !== 'urlset') throw new Error('not a urlset');
      expect(staged.urls.map((url) => url.loc), kind).toStrictEqual(urls.map((_, i) => locOf(i, i < 3000 ? 'plain' : i === 3000 ? kind : (i - 3001) % 7 === 0 ? 'padded' : 'plain')));
    }
  });

  it('keep their values when the core enlarges its input window for a construct longer than it', () => {
    // 2.5 MB of comment between entries: the core doubles its 1 MiB window (and makes a new arena,
    // into which the values it keeps must move), in one push and in chunks.
    const urls = [
      ...Array.from({ length: 4000 }, (_, i) => urlXml(i, 'plain')),
      `<!-- ${'x'.repeat(2_500_000)} -->`,
      ...Array.from({ length: 4000 }, (_, i) => urlXml(4000 + i, 'plain')),
    ];
    const bytes = urlsetBytes(urls);
    const expected = parseWithRuns(bytes, 0);
    expect(expected.kind === 'urlset' && expected.urls.length).toBe(8000);
    expect(parseWithRuns(bytes, 1 << 20)).toStrictEqual(expected);
    const { entries } = pushWithRuns(bytes, 1 << 20, [300_000, 700_000, 1_200_000, 2_000_000, 3_000_000]);
    expect(entries).toStrictEqual(expected.kind === 'urlset' ? expected.urls : []);
  });

  it('are built when a document ends, before its core can serve another document', () => {
    const other = urlsetBytes(Array.from({ length: 5000 }, (_, i) => urlXml(i, 'loc only')));
    const expected = parseWithRuns(large, 0);
    useRuns(1 << 20);
    const first = new SitemapParser();
    first.push(large, true); // its core goes back to the pool here
    const second = new SitemapParser();
    second.push(other, true); // and serves this one next
    expect(first.result()).toStrictEqual(expected);
    expect(second.result()).toStrictEqual(parseWithRuns(other, 0));
  });

  it('hand a stream every entry of a push when the push ends, in any chunks', () => {
    const expected = parseWithRuns(large, 0);
    if (expected.kind !== 'urlset') throw new Error('not a urlset');
    const cuts = [1, 7, 100_000, 100_001, 1_500_000, 2_900_000];
    const { entries, result } = pushWithRuns(large, 1 << 20, cuts);
    expect(entries).toStrictEqual(expected.urls);
    expect(result.kind === 'urlset' && result.urls).toStrictEqual([]);
    expect(result.issues).toStrictEqual(expected.issues);
  });

  it('build sitemap index entries', () => {
    const bytes = encoder.encode(`<sitemapindex xmlns="${SITEMAP_NAMESPACE}">${Array.from({ length: 9000 }, (_, i) =>
      `<sitemap><loc>https://a.example/s${i}.xml</loc>${i % 3 ? `<lastmod>2024-03-0${1 + (i % 9)}</lastmod>` : ''}</sitemap>`).join('\n')}</sitemapindex>`);
    const expected = parseWithRuns(bytes, 0);
    expect(expected.kind === 'sitemapindex' && expected.sitemaps.length).toBe(9000);
    expect(parseWithRuns(bytes, 4096)).toStrictEqual(expected);
  });

  it('give every date-only lastmod its own value, with the dates of forty years colliding in the date cache (fast-check)', () => {
    // buildStaged takes a YYYY-MM-DD lastmod from a cache of 4,096 slots by day: forty years of
    // days take each slot several times, so a stale slot must never answer for another date.
    // The other 10-character values look like dates and are not, or are dates written with a
    // character reference (10 characters once decoded).
    const date = fc.record({ year: fc.integer({ min: 1990, max: 2030 }), month: fc.integer({ min: 1, max: 12 }), day: fc.integer({ min: 1, max: 31 }) })
      .map(({ year, month, day }) => `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`);
    const lookalike = fc.constantFrom('2024-1-011', '2024/01/01', '20x4-01-01', '2024-01-0a', '0000-00-00', '9999-99-99', '2024-01-01'.replace('-', ':'), ' 024-01-01', '2024-01-0 ');
    // Three dates of one slot (same day of the month, 13 * year + month equal modulo 128).
    const colliding = fc.constantFrom('2000-05-07', '2010-03-07', '2020-01-07');
    const lastmod = fc.oneof({ weight: 6, arbitrary: fc.noBias(date) }, { weight: 2, arbitrary: colliding }, { weight: 1, arbitrary: lookalike });
    fc.assert(fc.property(
      fc.array(lastmod, { minLength: 1, maxLength: 40 }),
      fc.array(fc.nat(), { minLength: 200, maxLength: 3000 }),
      fc.integer({ min: 1, max: 8192 }),
      fc.boolean(),
      (dates, picks, runBytes, index) => {
        const values = picks.map((pick) => dates[pick % dates.length]!);
        // Every seventh written with a reference for its first hyphen: its raw text is 14 bytes.
        const written = values.map((value, i) => (i % 7 === 3 ? value.replace('-', '&#45;') : value));
        const bytes = index
          ? encoder.encode(`<sitemapindex xmlns="${SITEMAP_NAMESPACE}">${written.map((value, i) => `<sitemap><loc>https://a.example/s${i}.xml</loc><lastmod>${value}</lastmod></sitemap>`).join('\n')}</sitemapindex>`)
          : urlsetBytes(written.map((value, i) => `<url><loc>https://a.example/d/${i}</loc><lastmod>${value}</lastmod></url>`));
        const expected = parseWithRuns(bytes, 0);
        const staged = parseWithRuns(bytes, runBytes);
        expect(staged).toStrictEqual(expected);
        const entries = staged.kind === 'urlset' ? staged.urls : staged.sitemaps;
        expect(entries.map((entry) => entry.lastmod)).toStrictEqual(values.map((value) => value.trim()));
      },
    ), { numRuns: 60 });
  });

  it('fill an array sized from the first run whatever the rest of the document holds: no holes, no entry lost', () => {
    // parse() makes the array as long as the first run's share of the document says; here the
    // rest holds twenty times as many entries per byte (more than the estimate) or none at all
    // (far fewer), or entries read record by record take over.
    const long = (i: number) => `<url><loc>https://a.example/${'long/'.repeat(60)}${i}</loc><lastmod>2024-05-0${1 + (i % 9)}</lastmod></url>`;
    const short = (i: number) => `<url><loc>https://a.example/${i}</loc></url>`;
    const documents = {
      'denser later': [...Array.from({ length: 4000 }, (_, i) => long(i)), ...Array.from({ length: 40_000 }, (_, i) => short(i))],
      'sparser later': [...Array.from({ length: 9000 }, (_, i) => short(i)), `<!--${'x'.repeat(3_000_000)}-->`, short(9000)],
      'record by record later': [...Array.from({ length: 9000 }, (_, i) => short(i)), ...Array.from({ length: 9000 }, (_, i) => urlXml(i, i % 2 ? 'extension' : 'plain'))],
    };
    for (const [name, urls] of Object.entries(documents)) {
      const bytes = urlsetBytes(urls);
      const expected = parseWithRuns(bytes, 0);
      const staged = parseWithRuns(bytes, 1 << 20);
      expect(staged, name).toStrictEqual(expected);
      if (staged.kind !== 'urlset') throw new Error('not a urlset');
      expect(staged.urls.length, name).toBe(urls.length - (name === 'sparser later' ? 1 : 0));
      expect(Object.keys(staged.urls).length, `${name}: no holes`).toBe(staged.urls.length);
    }
  });

  it('stay out of validate(), which reads every entry itself: its report is the same with runs on', () => {
    // Entries the core staged would reach no observer: validate() must turn staging off. Every
    // kind of entry, duplicates (a loc seen twice) and bad values among plain ones.
    const urls = [
      ...Array.from({ length: 4000 }, (_, i) => urlXml(i, KINDS[i % KINDS.length]!)),
      ...Array.from({ length: 2000 }, (_, i) => urlXml(i, 'plain')), // duplicates of the first plain ones
      '<url><loc>/relative</loc><lastmod>2024-13-01</lastmod><priority>2</priority></url>',
    ];
    const bytes = urlsetBytes(urls);
    useRuns(0);
    const expected = validate(bytes);
    expect(expected.issues.length).toBeGreaterThan(1000);
    useRuns(1 << 20);
    expect(validate(bytes)).toStrictEqual(expected);
  });

  it('read every well-formed corpus sitemap as entries built one by one do', async () => {
    const manifest = await loadCorpusManifest();
    let compared = 0;
    for (const entry of manifest) {
      if (!entry.file.endsWith('.xml') || entry.wellFormed !== 'yes') continue;
      const bytes = await loadCorpusFile(entry.file);
      let expected: ParseResult;
      try {
        expected = parseWithRuns(bytes, 0);
      } catch {
        continue; // not a sitemap (a feed, HTML): the corpus tests cover those
      }
      expect(parseWithRuns(bytes, 1024), entry.file).toStrictEqual(expected);
      compared++;
    }
    expect(compared).toBeGreaterThanOrEqual(40);
  });

  it('are the same from the scalar build as from the SIMD one (whose core scans values inline), one by one and in runs', async () => {
    // The SIMD build reads a whole entry's values with an inline scan (assembly/tokenizer.ts
    // scanFieldValue); the scalar build, for runtimes without SIMD, with scanCharData only.
    const documents: Uint8Array[] = [large, urlsetBytes(Array.from({ length: 3000 }, (_, i) => urlXml(i, KINDS[i % KINDS.length]!)))];
    const manifest = await loadCorpusManifest();
    for (const entry of manifest) if (entry.file.endsWith('.xml') && entry.wellFormed === 'yes') documents.push(await loadCorpusFile(entry.file));
    const readAll = (runBytes: number) => documents.map((bytes) => {
      try {
        return parseWithRuns(bytes, runBytes);
      } catch (error) {
        return String(error); // not a sitemap: the same error from both builds
      }
    });
    const defaultBuild: 'simd' | 'scalar' = getCore().simd ? 'simd' : 'scalar';
    try {
      loadBuildForTesting('simd');
      const simd = [readAll(0), readAll(1 << 20)];
      loadBuildForTesting('scalar');
      const scalar = [readAll(0), readAll(1 << 20)];
      expect(scalar).toStrictEqual(simd);
      expect(simd[1]).toStrictEqual(simd[0]);
      expect(simd[0]!.filter((result) => typeof result !== 'string').length).toBeGreaterThanOrEqual(40);
    } finally {
      loadBuildForTesting(defaultBuild);
    }
  });

  it('damaged documents read the same in runs as one by one, strict and in recover mode (fast-check)', () => {
    // Kinds the core reads whole, so that staging is on until an edit makes an entry otherwise.
    const base = urlsetBytes(Array.from({ length: 40 }, (_, i) => urlXml(i, KINDS[i % 6]!)));
    /** The result, or the error's code and position: what a caller sees. */
    const outcome = (bytes: Uint8Array, runBytes: number, recover: boolean): unknown => {
      useRuns(runBytes);
      try {
        return parse(bytes, { recover });
      } catch (error) {
        const { code, line, column } = error as { code?: string; line?: number; column?: number };
        return { code, line, column };
      }
    };
    fc.assert(fc.property(
      fc.array(fc.record({ at: fc.nat(), length: fc.integer({ min: 0, max: 8 }), bytes: fc.uint8Array({ maxLength: 6 }) }), { minLength: 1, maxLength: 4 }),
      fc.integer({ min: 1, max: 2048 }),
      (edits, runBytes) => {
        let bytes = base;
        for (const { at, length, bytes: inserted } of edits) {
          const from = at % bytes.length;
          const next = new Uint8Array(bytes.length - Math.min(length, bytes.length - from) + inserted.length);
          next.set(bytes.subarray(0, from));
          next.set(inserted, from);
          next.set(bytes.subarray(from + length), from + inserted.length);
          bytes = next;
        }
        for (const recover of [false, true]) {
          expect(outcome(bytes, runBytes, recover)).toStrictEqual(outcome(bytes, 0, recover));
        }
      },
    ), { numRuns: 300 });
  });

  it('any mix of entries, run size and chunks gives the entries built one by one (fast-check)', () => {
    fc.assert(fc.property(
      fc.array(fc.constantFrom(...KINDS, 'plain', 'plain', 'plain'), { minLength: 1, maxLength: 60 }),
      fc.integer({ min: 1, max: 4096 }),
      fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: 6 }),
      (kinds, runBytes, cutFractions) => {
        const bytes = urlsetBytes(kinds.map((kind, i) => urlXml(i, kind)));
        const expected = parseWithRuns(bytes, 0);
        expect(parseWithRuns(bytes, runBytes)).toStrictEqual(expected);
        const cuts = [...new Set(cutFractions.map((f) => Math.floor(f * bytes.length)))].filter((cut) => cut > 0 && cut < bytes.length).sort((a, b) => a - b);
        const { entries, result } = pushWithRuns(bytes, runBytes, cuts);
        expect(entries).toStrictEqual(expected.kind === 'urlset' ? expected.urls : []);
        expect(result.issues).toStrictEqual(expected.issues);
      },
    ), { numRuns: 150 });
  });
});
