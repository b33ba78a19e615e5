// validationSteps (src/check/validate.ts), the one walk the crawl reads a file with: on every XML file
// of the corpus (test/corpus, MANIFEST.tsv), a slice at a time, its entries are parse()'s in
// recover mode and its result is validate()'s, whatever the slice size. SPEC.md §1, §2, §5.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parse } from '../src/read/parse';
import { NEEDS_INPUT, PositionCounter, validate, validationSteps } from '../src/check/validate';
import { positionOfByte } from '../src/values/file-limits';
import { declaredEncoding, utf16ByteOrder } from '../src/input/input';
import { isGzip } from '../src/input/gzip';
import { LIMITS } from '../src/model/limits';
import type { SitemapIndexEntry, SitemapUrl, ValidateResult } from '../src/model/types';
import { loadCorpusFile, loadCorpusManifest } from './fixtures';

const NOW = new Date('2026-11-22T00:00:00Z');
const manifest = await loadCorpusManifest();
const xmlFiles = manifest.filter((entry) => !['text', 'robots', 'xsd'].includes(entry.category));
const bytesOf = new Map<string, Uint8Array>(await Promise.all(xmlFiles.map(async (entry) => [entry.file, await loadCorpusFile(entry.file)] as const)));

/** Runs the steps to the end: every entry they yielded, and their result. */
function runSteps(bytes: Uint8Array, sliceBytes: number): { entries: (SitemapUrl | SitemapIndexEntry)[]; result: ValidateResult; batches: number } {
  const steps = validationSteps(bytes, { now: NOW }, sliceBytes);
  const entries: (SitemapUrl | SitemapIndexEntry)[] = [];
  let batches = 0;
  let step = steps.next();
  for (; !step.done; step = steps.next()) {
    expect(step.value.length).toBeGreaterThan(0);
    batches++;
    for (const entry of step.value) entries.push(entry);
  }
  return { entries, result: step.value, batches };
}

/** parse()'s entries in recover mode, or none when the root is not a sitemap (parse throws even then). */
function parsedEntries(bytes: Uint8Array): (SitemapUrl | SitemapIndexEntry)[] {
  try {
    const result = parse(bytes, { recover: true, maxBytes: Infinity });
    return result.kind === 'urlset' ? result.urls : result.sitemaps;
  } catch {
    return [];
  }
}

describe('validationSteps on the corpus', () => {
  it.each(xmlFiles.map((entry) => [entry.file]))('%s: parse()\'s entries and validate()\'s result, in slices of 4,096 and 65,536 bytes', (file) => {
    const bytes = bytesOf.get(file)!;
    const expected = validate(bytes, { now: NOW });
    const entries = parsedEntries(bytes);
    for (const sliceBytes of [4096, 65_536]) {
      const steps = runSteps(bytes, sliceBytes);
      expect(steps.entries).toEqual(entries);
      expect(steps.result).toEqual(expected);
    }
  });

  it('yields a large file\'s entries in several batches, and nothing with slice size 0 (validate itself)', () => {
    const largest = [...bytesOf.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
    const sliced = runSteps(largest[1], 4096);
    expect(sliced.batches).toBeGreaterThan(10);
    const whole = runSteps(largest[1], 0);
    expect(whole.batches).toBe(0);
    expect(whole.entries).toEqual([]);
    expect(whole.result).toEqual(sliced.result);
  });

  it('gives its core back when stopped early, so later calls still work', () => {
    const largest = [...bytesOf.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
    for (let i = 0; i < 40; i++) {
      const steps = validationSteps(largest[1], { now: NOW }, 4096);
      const first = steps.next();
      expect(first.done).toBe(false);
      steps.return(undefined as never);
    }
    expect(runSteps(largest[1], 4096).result).toEqual(validate(largest[1], { now: NOW }));
  });
});

/**
 * The steps over an ArrivingInput: `bytes` cut at `head` and then in pieces of `piece` bytes, with
 * "nothing yet" (undefined) before every other piece, as the crawl feeds a body off the network.
 */
function runArriving(bytes: Uint8Array, head: number, piece: number, sliceBytes = 4096): { entries: (SitemapUrl | SitemapIndexEntry)[]; result: ValidateResult; waits: number } {
  let at = Math.min(head, bytes.length);
  let wait = false;
  const input = {
    arriving: true as const,
    head: bytes.subarray(0, at),
    expectedBytes: 0,
    take(): Uint8Array | null | undefined {
      if (at >= bytes.length) return null;
      wait = !wait;
      if (wait) return undefined;
      const next = bytes.subarray(at, Math.min(bytes.length, at + piece));
      at += next.length;
      return next;
    },
  };
  const steps = validationSteps(input, { now: NOW }, sliceBytes);
  const entries: (SitemapUrl | SitemapIndexEntry)[] = [];
  let waits = 0;
  let step = steps.next();
  for (; !step.done; step = steps.next()) {
    if (step.value === NEEDS_INPUT) { waits++; continue; }
    expect(step.value.length).toBeGreaterThan(0);
    for (const entry of step.value) entries.push(entry);
  }
  return { entries, result: step.value, waits };
}

/** What the crawl reads as it arrives: UTF-8 as sent (no gzip, no UTF-16, no other declared encoding). */
const arrivesAsIs = (bytes: Uint8Array) => !isGzip(bytes) && !utf16ByteOrder(bytes) && declaredEncoding(bytes) === undefined;

describe('validationSteps on a document that arrives in pieces (the crawl\'s body)', () => {
  const files = xmlFiles.filter((entry) => arrivesAsIs(bytesOf.get(entry.file)!));

  it('reads most of the corpus that way', () => {
    expect(files.length).toBeGreaterThan(xmlFiles.length / 2);
  });

  it.each(files.map((entry) => [entry.file]))('%s: parse()\'s entries and validate()\'s issues, whatever the pieces', (file) => {
    const bytes = bytesOf.get(file)!;
    const expected = validate(bytes, { now: NOW });
    const entries = parsedEntries(bytes);
    for (const [head, piece] of [[32_768, 65_536], [600, 1], [512, 7_001]] as const) {
      if (piece === 1 && bytes.length > 20_000) continue; // byte by byte: small files only
      const arrived = runArriving(bytes, head, piece);
      expect(arrived.entries).toEqual(entries);
      // The stats count the bytes read: a root that is no sitemap stops the reading (and the download).
      const read = (result: ValidateResult) => ({ ...result, stats: { ...result.stats, bytes: 0, uncompressedBytes: expected.kind === undefined ? 0 : result.stats.uncompressedBytes } });
      expect(read(arrived.result)).toEqual(read(expected));
      if (bytes.length > head && expected.kind !== undefined) expect(arrived.waits).toBeGreaterThan(0);
    }
  });

  it('with slice size 0 pushes each piece whole and yields no entries, as validate() itself', () => {
    const largest = files.map((entry) => bytesOf.get(entry.file)!).sort((a, b) => b.length - a.length)[0]!;
    const arrived = runArriving(largest, 32_768, 65_536, 0);
    expect(arrived.entries).toEqual([]);
    expect(arrived.waits).toBeGreaterThan(0);
    expect(arrived.result.issues).toEqual(validate(largest, { now: NOW }).issues);
  });

  it.each([['LF', '\n'], ['CRLF', '\r\n'], ['a lone CR', '\r']])('says where a document over 50 MB crosses the limit, as validate() of the whole says (lines ending in %s)', (_name, lineEnd) => {
    // Mostly a comment (cheap to read) of lines of several lengths with two- and three-byte
    // characters, so that the column counts characters; entries before and after it. A lone CR
    // is a line break (XML 1.0 §2.11), as the core and positionOfByte count it.
    const line = (i: number) => `caf\u00e9 \u20ac${'x'.repeat(i % 97)}${lineEnd}`;
    const block = Array.from({ length: 997 }, (_, i) => line(i)).join('');
    const entry = '<url><loc>https://example.com/a</loc></url>\n';
    const text = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entry}<!--\n${block.repeat(Math.ceil(LIMITS.maxSitemapBytes / block.length) + 1)}-->\n<url><loc>https://example.com/b</loc></url>\n</urlset>\n`;
    const bytes = new TextEncoder().encode(text);
    const expected = validate(bytes, { now: NOW }).issues.filter((issue) => issue.code === 'SITEMAP_TOO_LARGE');
    expect(expected).toHaveLength(1);
    expect(expected[0]!.line).toBeGreaterThan(500_000); // inside the comment
    const arrived = runArriving(bytes, 32_768, 65_533).result.issues.filter((issue) => issue.code === 'SITEMAP_TOO_LARGE');
    expect(arrived).toEqual(expected);
  }, 60_000);
});

// Where the 50 MB limit is crossed, counted as the pieces pass (PositionCounter, four bytes at a
// time where a piece has no CR): the same line and column as positionOfByte on the whole, for any
// bytes, cuts, alignments (pieces are views at odd offsets of larger buffers) and limits.
describe('PositionCounter', () => {
  const piece = fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom('a', 'abcd', 'abcdefgh', '\n', '\r', '\r\n', '\n\r', '\r\r', '\u00e9', '\u20ac', '\u{1F600}', ' \t') },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
  );
  it('gives positionOfByte\'s line and column of the limit, whatever the cuts (fast-check)', () => {
    fc.assert(fc.property(fc.array(piece, { minLength: 1, maxLength: 60 }), fc.array(fc.nat(40), { maxLength: 12 }), fc.nat(), fc.nat(3), (parts, cuts, pick, shift) => {
      const bytes = new TextEncoder().encode(parts.join(''));
      if (bytes.length === 0) return;
      const limit = 1 + (pick % bytes.length);
      const counter = new PositionCounter(limit);
      let at = 0;
      for (const cut of [...cuts, bytes.length]) {
        const end = Math.min(bytes.length, at + cut);
        // A view at an offset of 0-3 into a larger buffer: every alignment of the words.
        const buffer = new Uint8Array(end - at + shift + 3);
        buffer.set(bytes.subarray(at, end), shift);
        counter.count(buffer.subarray(shift, shift + end - at));
        at = end;
        if (at === bytes.length) break;
      }
      expect(counter.at).toEqual(positionOfByte(bytes, limit));
    }), { numRuns: 3000 });
  });
});
