// validationSteps (src/check/validate.ts), the one walk the crawl reads a file with: on every XML file
// of the corpus (test/corpus, MANIFEST.tsv), a slice at a time, its entries are parse()'s in
// recover mode and its result is validate()'s, whatever the slice size. SPEC.md §1, §2, §5.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createObservedParser, parse, xmlReaderOf } from '../src/read/parse';
import { NEEDS_INPUT, validate, validationSteps } from '../src/check/validate';
import { SitemapValidator } from '../src/check/sitemap-validator';
import { positionAfterPushed } from '../src/core/xml-reader';
import { positionOfByte } from '../src/values/file-limits';
import { declaredEncoding, utf16ByteOrder } from '../src/input/input';
import { isGzip } from '../src/input/gzip';
import { LIMITS } from '../src/model/limits';
import { outOfScope, readLocationScope } from '../src/values/url-check';
import type { Issue, SitemapIndexEntry, SitemapUrl, ValidateResult } from '../src/model/types';
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

// Where the 50 MB limit is crossed, asked of the core when the bytes before it are pushed
// (xml-reader.ts positionAfterPushed: the tokenizer's line counter where it stopped, then the bytes
// still in its window): the same line and column as positionOfByte on the whole, for any bytes,
// cuts and marks. Documents are made of XML's pieces (tags, whole entries, text, comments, CDATA,
// references) and of line ends (LF, CR, CRLF, LFCR) and multi-byte characters, so that a mark falls
// inside a tag, a text run, a comment, between a CR and its LF, inside a UTF-8 sequence.
const documentPiece = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('a', 'abcd', '\n', '\r', '\r\n', '\n\r', '\r\r', '\u00e9', '\u20ac', '\u{1F600}', ' \t', '  ') },
  { weight: 3, arbitrary: fc.constantFrom('<url>', '</url>', '<loc>', '</loc>', 'https://example.com/p', '<lastmod>2026-01-02</lastmod>', '<priority>0.5</priority>', '<url><loc>https://example.com/q</loc></url>', '<url>\r\n <loc>https://example.com/\u00e9</loc>\r\n</url>', '<!-- c\r\nd -->', '<![CDATA[x\ry]]>', '&amp;', '&#233;', '<x:y xmlns:x="urn:x" a=\'\r\n\'/>', '<?pi \n?>') },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 12 }) },
);
const PROLOG = '<?xml version="1.0" encoding="UTF-8"?>\r\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">';

/** `parts` after the prolog and a root, ending it, as UTF-8 bytes. */
function documentOf(parts: string[], prolog: boolean): Uint8Array {
  return new TextEncoder().encode((prolog ? PROLOG : '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">') + parts.join('') + '</urlset>');
}

describe('where the 50 MB limit is crossed (positionAfterPushed)', () => {
  it('gives positionOfByte\'s line and column of any byte after the bytes pushed before it, whatever the cuts (fast-check)', () => {
    fc.assert(fc.property(fc.array(documentPiece, { minLength: 1, maxLength: 60 }), fc.boolean(), fc.array(fc.nat(40), { maxLength: 12 }), fc.nat(), (parts, prolog, cuts, pick) => {
      const bytes = documentOf(parts, prolog);
      const mark = 1 + (pick % (bytes.length - 1)); // a byte follows it
      const parser = createObservedParser({ recover: true, maxBytes: Infinity }, new SitemapValidator({ profile: 'google', scope: undefined, crossSubmit: new Set(), childKinds: undefined, nowTime: NOW.getTime() }), true, true);
      try {
        let at = 0;
        for (const cut of [...cuts, mark]) {
          const end = Math.min(mark, at + cut);
          parser.push(bytes.subarray(at, end));
          at = end;
          if (at === mark) break;
        }
        expect(positionAfterPushed(xmlReaderOf(parser), bytes[mark]!)).toEqual(positionOfByte(bytes, mark));
      } finally {
        parser.abort();
      }
    }), { numRuns: 3000 });
  });

  // The same through validationSteps, with the limit made small for the test (it is read at each
  // call): the issue of a document that arrives in pieces is validate()'s of the whole.
  it('puts SITEMAP_TOO_LARGE where validate() of the whole does, for a document that arrives in pieces (fast-check)', () => {
    const limits = LIMITS as { maxSitemapBytes: number };
    const original = limits.maxSitemapBytes;
    try {
      fc.assert(fc.property(fc.array(documentPiece, { minLength: 1, maxLength: 60 }), fc.nat(), fc.integer({ min: 1, max: 64 }), fc.integer({ min: 1, max: 200 }), fc.constantFrom(0, 1, 3, 4096), (parts, pick, head, piece, sliceBytes) => {
        const bytes = documentOf(parts, true);
        limits.maxSitemapBytes = 1 + (pick % (bytes.length - 1));
        const tooLarge = (result: ValidateResult) => result.issues.filter((issue) => issue.code === 'SITEMAP_TOO_LARGE').map((issue) => [issue.line, issue.column]);
        const expected = tooLarge(validate(bytes, { now: NOW }));
        expect(expected).toEqual([positionOfByte(bytes, limits.maxSitemapBytes)]);
        expect(tooLarge(runArriving(bytes, head, piece, sliceBytes).result)).toEqual(expected);
      }), { numRuns: 1500 });
    } finally {
      limits.maxSitemapBytes = original;
    }
  });

  it('is right at the edges: the limit at a piece\'s first byte, in the last piece, after a CR whose LF is the next piece\'s, inside a tag and a UTF-8 sequence', () => {
    const limits = LIMITS as { maxSitemapBytes: number };
    const original = limits.maxSitemapBytes;
    const bytes = documentOf(['<url>\r', '\n<loc>https://example.com/\u20ac</loc>\r\n</url>\r', '<url><loc>https://example.com/b</loc></url>\n\r'], true);
    const text = new TextDecoder().decode(bytes);
    const marks = [
      text.indexOf('\r\n<loc>') + 1, // between a CR and its LF
      new TextEncoder().encode(text.slice(0, text.indexOf('\u20ac'))).length + 1, // inside the euro sign's three bytes
      text.indexOf('<loc>') + 2, // inside a tag
      text.indexOf('</url>\r<url>') + 7, // after a lone CR
      bytes.length - 1, // in the last piece, before its last byte
    ];
    try {
      for (const mark of marks) {
        limits.maxSitemapBytes = mark;
        const expected = positionOfByte(bytes, mark);
        // Pieces that start at the mark, end at it, and hold it inside; the head alone past it.
        for (const [head, piece] of [[mark, 5], [mark - 1, 1], [3, mark - 3], [mark + 1, 2], [Math.max(1, mark - 2), bytes.length]] as const) {
          const issues = runArriving(bytes, head, piece).result.issues.filter((issue) => issue.code === 'SITEMAP_TOO_LARGE');
          expect(issues.map((issue) => [issue.line, issue.column]), `mark ${mark}, head ${head}, pieces of ${piece}`).toEqual([expected]);
        }
      }
    } finally {
      limits.maxSitemapBytes = original;
    }
  });
});

describe('countsOnly (the crawl asks it before an issue is made)', () => {
  // A whole entry's issues carry a marker for a position until one is asked for; the validator
  // asks at the entry's start first, so that an issue the crawl only counts is never given its
  // position or path (the crawl bench's non-ASCII locs: 60,000 SITEMAP_LOC_NOT_ESCAPED a walk).
  it('is asked about an issue it counts once, at or before its position (never with a whole entry\'s marker), and that issue is never made', () => {
    const locs = ['https://example.com/caf\u00e9', 'https://example.com/a', 'https://example.com/b^c', 'https://example.com/a', 'https://example.com/\u00e9/x', 'https://example.com/x y', 'https://example.com/\u00fc?q=1'];
    const body = locs.map((loc, i) => `<url>\n  <loc>${loc}</loc>${i % 2 === 1 ? '<lastmod>2026-13-01</lastmod>' : ''}<priority>${i === 2 ? '2' : '0.5'}</priority>\n</url>`).join('\n');
    const bytes = new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`);
    const all = validate(bytes, { now: NOW, location: 'https://example.com/sitemap.xml' }).issues;
    const counted = all.filter((issue) => issue.code === 'SITEMAP_LOC_NOT_ESCAPED');
    expect(counted.length, 'non-ASCII and "^" locs').toBe(4);
    expect(all.length - counted.length, 'and other issues (duplicate, lastmod, priority, space)').toBeGreaterThanOrEqual(4);
    for (const sliceBytes of [0, 64, 1 << 20]) {
      const asked: [string, number, number][] = [];
      const made: Issue[] = [];
      const steps = validationSteps(bytes, { now: NOW, location: 'https://example.com/sitemap.xml' }, sliceBytes, (issue) => made.push(issue), (code, _severity, line, column) => {
        asked.push([code, line, column]);
        return code === 'SITEMAP_LOC_NOT_ESCAPED';
      });
      let step = steps.next();
      while (!step.done) step = steps.next();
      expect(asked.filter(([code, line, column]) => code === 'SITEMAP_LOC_NOT_ESCAPED' && (line <= 0 || column <= 0)), `slice ${sliceBytes}: a counted issue asked about with a marker`).toEqual([]);
      const key = (issue: Issue) => `${issue.line}:${issue.column} ${issue.code} ${issue.message}`;
      expect(made.map(key).sort(), `slice ${sliceBytes}: made`).toEqual(all.filter((issue) => issue.code !== 'SITEMAP_LOC_NOT_ESCAPED').map(key).sort());
      // Each counted once, asked about at its position or before it in its entry (a whole entry's start: countsOnly's answer holds for what follows).
      const countedAsks = asked.filter(([code]) => code === 'SITEMAP_LOC_NOT_ESCAPED');
      expect(countedAsks.length, `slice ${sliceBytes}: counted once each`).toBe(counted.length);
      countedAsks.forEach(([, line, column], i) => {
        const issue = counted[i]!;
        expect(line < issue.line || (line === issue.line && column <= issue.column), `slice ${sliceBytes}: asked at ${line}:${column} for ${issue.line}:${issue.column}`).toBe(true);
        expect(issue.line - line, 'within its entry').toBeLessThanOrEqual(1);
      });
    }
  });
});

describe('the entries of a validating walk with a location (the crawl\'s)', () => {
  // With an observer the core stages no entries (the validator reads each one's records); the
  // reader still stages the entries it keeps (in Node: StagedEntries) and builds them at the end of
  // each batch, while the validator makes each loc's string for its scope rule from the same arena.
  // Entries of every shape, over many batches and slice sizes, must be parse()'s, key for key, and
  // the issues validate()'s.
  const shapes = [
    (i: number) => `<url><loc>https://example.com/p/${i}</loc></url>`,
    (i: number) => `<url><loc> https://example.com/p/${i}\n</loc><lastmod>2026-0${1 + (i % 9)}-1${i % 10}</lastmod></url>`,
    (i: number) => `<url><loc>https://example.com/caf\u00e9/${i}</loc><changefreq>weekly</changefreq><priority>0.${i % 10}</priority></url>`,
    (i: number) => `<url><loc>https://example.com/p/${i % 7}</loc><lastmod>2026-02-0${1 + (i % 9)}T10:00:00+01:00</lastmod><changefreq>Sometimes</changefreq></url>`,
    (i: number) => `<url><loc>https://other.example/q?i=${i}</loc><priority>0.25</priority><changefreq> daily </changefreq></url>`,
    (i: number) => `<url><loc>https://example.com/img/${i}</loc><image:image><image:loc>https://example.com/i/${i}.png</image:loc></image:image></url>`,
    (i: number) => `<url><lastmod>2026-01-0${1 + (i % 9)}</lastmod><loc>https://example.com/late/${i}</loc></url>`,
    (i: number) => `<url><loc>https://example.com/&amp;${i}</loc></url>`,
  ];
  const documentOf = (picks: number[], index: boolean) => {
    const head = '<?xml version="1.0" encoding="UTF-8"?>\n';
    if (index) return head + `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${picks.map((pick, i) => `<sitemap><loc>https://example.com/s${pick % 3 === 0 ? 'caf\u00e9' : ''}${i % 5}.xml</loc>${pick % 2 ? `<lastmod>2026-01-0${1 + (i % 9)}</lastmod>` : ''}</sitemap>`).join('\n')}\n</sitemapindex>\n`;
    return head + `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${picks.map((pick, i) => shapes[pick]!(i)).join('\n')}\n</urlset>\n`;
  };
  const location = 'https://example.com/sitemap.xml';

  it('are parse()\'s, with the same keys in the same order, and the issues validate()\'s, whatever the slices (fast-check)', () => {
    fc.assert(fc.property(fc.array(fc.nat(shapes.length - 1), { minLength: 1, maxLength: 600 }), fc.boolean(), fc.constantFrom(1, 64, 4096, 65_536), (picks, index, sliceBytes) => {
      const bytes = new TextEncoder().encode(documentOf(picks, index));
      const parsed = parse(bytes, { recover: true });
      const expected = parsed.kind === 'urlset' ? parsed.urls : parsed.sitemaps;
      const steps = validationSteps(bytes, { now: NOW, location }, sliceBytes);
      const entries: (SitemapUrl | SitemapIndexEntry)[] = [];
      let step = steps.next();
      for (; !step.done; step = steps.next()) entries.push(...step.value);
      expect(entries).toEqual(expected);
      expect(entries.map((entry) => Object.keys(entry).join())).toEqual(expected.map((entry) => Object.keys(entry).join()));
      expect(step.value).toEqual(validate(bytes, { now: NOW, location }));
    }), { numRuns: 150 });
  });

  it('holds each entry\'s own loc, ASCII or not, in batches of thousands (staged, then built at the end of each batch)', () => {
    const picks = Array.from({ length: 5000 }, (_, i) => (i % 3 === 0 ? 2 : 0));
    const bytes = new TextEncoder().encode(documentOf(picks, false));
    const steps = validationSteps(bytes, { now: NOW, location }, 1 << 16);
    const locs: string[] = [];
    let step = steps.next();
    for (; !step.done; step = steps.next()) for (const entry of step.value) locs.push(entry.loc);
    expect(locs).toEqual(picks.map((pick, i) => (pick === 2 ? `https://example.com/caf\u00e9/${i}` : `https://example.com/p/${i}`)));
    expect(step.value.issues.filter((issue) => issue.code === 'SITEMAP_LOC_NOT_ESCAPED')).toHaveLength(Math.ceil(5000 / 3));
  });
});

// A url entry's clean loc is found in scope on its bytes in the core's ASCII arena
// (SitemapValidator.prefixAt, four bytes a read, the arena's view taken once a batch); every other
// loc goes through outOfScope on its string. SITEMAP_LOC_NOT_ALLOWED must be what outOfScope says
// of each loc, whatever the prefix's length (the last read overlaps the one before it), for locs on
// hosts that change, one byte off the prefix anywhere, shorter than it, non-ASCII, with
// dot-segments or white space around them, and in slices that make many batches, with a loc long
// enough to grow the core's window (its arena moves: a view kept from an earlier batch reads the
// wrong bytes).
describe('the scope tested on a loc\'s bytes (the crawl\'s validating walk)', () => {
  it('reports SITEMAP_LOC_NOT_ALLOWED exactly where outOfScope does, and the issues validate() of the whole does, whatever the slices (fast-check)', () => {
    // The last: a loc cut short right after the host is followed in the arena by the next loc, whose
    // bytes complete the prefix (the loc's own length must be checked first).
    const directory = fc.constantFrom('/', '/a/', '/ab/', '/abc/', '/shop/', '/shop/xy/', '/a/b/c/d/e/', '/https://example.com/');
    const host = fc.constantFrom('example.com', 'example.com', 'example.co', 'exampla.com', 'EXAMPLE.com', 'example.com:8080', 'e.com', 'example.com.');
    const tail = fc.array(fc.constantFrom('a', 'b/', 'shop/', 'xy/', '.', '../', '%2e', '\u00e9', '?q=1', '#f', '-'), { maxLength: 6 });
    const loc = fc.oneof(
      // Near the scope's prefix: as it is, one byte changed anywhere, cut short.
      fc.tuple(fc.constantFrom('same', 'changed', 'short'), fc.nat(60), fc.constantFrom('x', 'E', '/', ':', '0'), tail),
      fc.tuple(fc.constantFrom('https://', 'http://'), host, directory, tail),
      fc.constant('long'),
    );
    fc.assert(fc.property(directory, fc.array(fc.tuple(loc, fc.constantFrom('', '', ' ', '\n  ')), { minLength: 1, maxLength: 30 }), fc.constantFrom(1, 7, 64, 4096), (scopeDirectory, drawn, sliceBytes) => {
      const location = `https://example.com${scopeDirectory}sitemap.xml`;
      const scope = readLocationScope(location)!;
      const locs = drawn.map(([pick]) => {
        if (pick === 'long') return `${scope.prefix}${'a'.repeat(70_000)}`;
        if (pick[0] === 'same' || pick[0] === 'changed' || pick[0] === 'short') {
          const [how, at, char, rest] = pick as [string, number, string, string[]];
          const prefix = scope.prefix, index = at % prefix.length;
          if (how === 'short') return prefix.slice(0, index);
          const near = how === 'changed' ? prefix.slice(0, index) + char + prefix.slice(index + 1) : prefix;
          return near + rest.join('');
        }
        const [scheme, name, path, rest] = pick as [string, string, string, string[]];
        return scheme + name + path + rest.join('');
      });
      const body = locs.map((value, i) => `<url><loc>${drawn[i]![1]}${value}${drawn[i]![1]}</loc></url>`).join('\n');
      const bytes = new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`);
      const options = { location, now: NOW };
      const steps = validationSteps(bytes, options, sliceBytes);
      let step = steps.next();
      while (!step.done) step = steps.next();
      const result = step.value;
      const reported = result.issues.filter((issue) => issue.code === 'SITEMAP_LOC_NOT_ALLOWED').map((issue) => [issue.entry, issue.message]);
      const model = locs.map((value, i) => [i + 1, outOfScope(value, scope, new Set())] as const).filter(([, why]) => why !== '').map(([entry, why]) => [entry, `<loc> ${why}`]);
      expect(reported).toEqual(model);
      expect(result.issues).toEqual(validate(bytes, options).issues);
    }), { numRuns: 300 });
  });

  it('reads each batch\'s own arena, also after the core\'s memory grew for a long loc', () => {
    // A loc of 4 MB grows the core's window, and with it its memory: the arena moves, and a view of
    // the memory before is detached. In scope and out of scope alike, before and after it.
    const location = 'https://example.com/shop/sitemap.xml';
    const locs = Array.from({ length: 3000 }, (_, i) => (i === 1500
      ? `https://example.com/shop/${'a'.repeat(4 << 20)}`
      : i % 3 === 0 ? `https://example.org/shop/${i}` : i % 3 === 1 ? `https://example.com/shop/${i}` : `https://example.com/other/${i}`));
    const body = locs.map((value) => `<url><loc>${value}</loc></url>`).join('\n');
    const bytes = new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${body}\n</urlset>\n`);
    const steps = validationSteps(bytes, { location, now: NOW }, 65_536);
    let step = steps.next();
    while (!step.done) step = steps.next();
    const outside = step.value.issues.filter((issue) => issue.code === 'SITEMAP_LOC_NOT_ALLOWED').map((issue) => issue.entry);
    expect(outside).toEqual(locs.flatMap((_, i) => (i % 3 === 1 || i === 1500 ? [] : [i + 1])));
  });

  it('reads no further than the loc: one shorter than the prefix is not in scope when the next loc completes it', () => {
    const location = 'https://example.com/https://example.com/sitemap.xml';
    const document = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/a</loc></url><url><loc>https://example.com/</loc></url><url><loc>https://example.com/x</loc></url></urlset>`;
    const outside = validate(document, { location, now: NOW }).issues.filter((issue) => issue.code === 'SITEMAP_LOC_NOT_ALLOWED').map((issue) => issue.entry);
    expect(outside).toEqual([1, 2, 3]);
  });
});
