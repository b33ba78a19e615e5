// The stream readers (src/stream/parse-stream.ts) against parse(): every corpus file, plain and gzipped
// (the runtime's DecompressionStream and fflate), in seeded random chunks, through parseStream and
// through SitemapParserStream, gives the entries and issues parse() gives, or the same error.
// Then the stream-only behaviour: sources, multi-member gzip, errors with positions, recover
// mode, limits (maxBytes on plain and inflated bytes, maxEntries), progress, cancellation.
// Shared: runs in Node and in Chromium.

import { gzipSync } from 'fflate';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { parse, parseStream, SitemapError, SitemapParserStream, serializeSitemap, validate, type Issue, type ParseResult, type SitemapEntry, type ParseStreamOptions, type SitemapStreamSource } from '../src/index';
import { chooseStreamingGunzipForTesting, createStreamingGunzip, gunzip as gunzipWhole, setGunzipStreamImplementation } from '../src/input/gzip';
import { loadCorpusFile, loadCorpusManifest } from './fixtures';
import { zeroBomb } from './fixtures/gzip-bomb';
import { asyncChunks, chunkSizes, concatBytes, cut, readableOf, readAll } from './fixtures/stream-helpers';
import { seededRandom } from './fixtures/parse/generate-document';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const encoder = new TextEncoder();
const GUNZIPS = ['native', 'portable'] as const;

afterEach(() => {
  chooseStreamingGunzipForTesting('auto');
  setGunzipStreamImplementation(null);
});

interface Failure {
  code: string;
  message: string;
  line: number;
  column: number;
  path: string;
}

/** What reading ended with: entries and issues (sorted: streams report encoding and gzip issues when they know them), or an error and the entries before it. */
interface Outcome {
  entries: SitemapEntry[];
  issues?: string[];
  error?: Failure;
}

function failureOf(error: unknown): Failure {
  if (!(error instanceof SitemapError)) throw error;
  return { code: error.code, message: error.message, line: error.line, column: error.column, path: error.path };
}

const sortedIssues = (issues: readonly Issue[]) => issues.map((issue) => JSON.stringify(issue)).sort();

function parseOutcome(bytes: Uint8Array, recover: boolean): Outcome {
  try {
    const result: ParseResult = parse(bytes, { recover, maxBytes: Infinity });
    return { entries: result.kind === 'urlset' ? result.urls : result.sitemaps, issues: sortedIssues(result.issues) };
  } catch (error) {
    return { entries: [], error: failureOf(error) };
  }
}

async function streamOutcome(source: SitemapStreamSource, options: ParseStreamOptions): Promise<Outcome> {
  const issues: Issue[] = [];
  const entries: SitemapEntry[] = [];
  try {
    for await (const entry of parseStream(source, { maxBytes: Infinity, ...options, onIssue: (issue) => issues.push(issue) })) entries.push(entry);
    return { entries, issues: sortedIssues(issues) };
  } catch (error) {
    return { entries, error: failureOf(error) };
  }
}

async function transformOutcome(chunks: readonly Uint8Array[], options: ParseStreamOptions): Promise<Outcome> {
  const stream = new SitemapParserStream({ maxBytes: Infinity, ...options });
  try {
    const entries = await readAll(readableOf(chunks).pipeThrough(stream));
    return { entries, issues: sortedIssues(stream.issues) };
  } catch (error) {
    return { entries: [], error: failureOf(error) };
  }
}

/** Same entries and issues, or the same error (a stream may have handed out entries before it). */
function expectSame(actual: Outcome, expected: Outcome, label: string): void {
  if (expected.error || actual.error) {
    expect(actual.error, label).toEqual(expected.error);
    return;
  }
  expect(actual.entries.length, `${label}: number of entries`).toBe(expected.entries.length);
  for (let i = 0; i < actual.entries.length; i++) {
    if (JSON.stringify(actual.entries[i]) !== JSON.stringify(expected.entries[i])) expect(actual.entries[i], `${label}: entry ${i + 1}`).toEqual(expected.entries[i]);
  }
  expect(actual.issues, `${label}: issues`).toEqual(expected.issues);
}

// ------------------------------------------------------------------------------- corpus

const manifest = await loadCorpusManifest();
const corpusXml = manifest.filter((entry) => entry.category !== 'text' && entry.category !== 'robots');
const corpusBytes = new Map(await Promise.all(corpusXml.map(async (entry) => [entry.file, await loadCorpusFile(entry.file)] as const)));

describe('every corpus file through the stream API reads as parse() reads it', () => {
  it('covers the corpus', () => {
    expect(corpusXml.length).toBeGreaterThanOrEqual(70);
  });

  for (const [n, entry] of corpusXml.entries()) {
    const bytes = corpusBytes.get(entry.file)!;

    it(`${entry.file}: parseStream and SitemapParserStream, seeded random chunks, recover and strict`, async () => {
      const expected = parseOutcome(bytes, true);
      const small = bytes.length < 20_000;
      expectSame(await streamOutcome(asyncChunks(cut(bytes, chunkSizes(n, small ? 7 : 3000))), { recover: true }), expected, 'parseStream, recover');
      expectSame(await transformOutcome(cut(bytes, chunkSizes(n + 100, 5000)), { recover: true }), expected, 'SitemapParserStream, recover');
      if (small) expectSame(await streamOutcome(asyncChunks(cut(bytes, () => 1)), { recover: true }), expected, 'parseStream, 1-byte chunks');
      expectSame(await streamOutcome(asyncChunks(cut(bytes, chunkSizes(n + 200, 70_000))), {}), parseOutcome(bytes, false), 'parseStream, strict');
    }, 30_000);

    it(`${entry.file}: gzipped, inflated as it streams (native and fflate)`, async () => {
      const compressed = gzipSync(bytes, { level: 6 });
      const expected = parseOutcome(compressed, true);
      for (const [k, gunzip] of GUNZIPS.entries()) {
        chooseStreamingGunzipForTesting(gunzip);
        expectSame(await streamOutcome(asyncChunks(cut(compressed, chunkSizes(n * 3 + k, 2000))), { recover: true }), expected, `${gunzip}, recover`);
      }
    }, 30_000);
  }
});

describe('the first bytes read as parse() reads them: byte-order marks, declared encodings, damaged gzip', () => {
  const document = `<?xml version="1.0" encoding="ISO-8859-1"?>\n<urlset xmlns="${NS}"><url><loc>https://example.com/caf\u00e9</loc></url></urlset>\n`;
  const latin1 = Uint8Array.from(document, (character) => character.charCodeAt(0));
  /** A document declaring `label` with the bytes 0x80, 0x97 and 0x9F (C1 controls in ISO-8859-1, "€—Ÿ" in windows-1252) in its loc. */
  const highLatin1 = (label: string) => Uint8Array.from([
    ...encoder.encode(`<?xml version="1.0" encoding="${label}"?>\n<urlset xmlns="${NS}"><url><loc>https://example.com/a`), 0x80, 0x97, 0x9f,
    ...encoder.encode('b</loc></url></urlset>\n'),
  ]);
  it('refuses a declared encoding it cannot decode at the declaration in parse, validate and parseStream, whether or not a byte needs it (#22 item 9)', async () => {
    for (const label of ['UTF-7', 'x-user-defined', 'no-such-encoding']) {
      const head = `<?xml version="1.0" encoding="${label}"?>`;
      for (const body of [`<urlset xmlns="${NS}"><url><loc>https://example.com/a</loc></url></urlset>`, `<!DOCTYPE x><urlset xmlns="${NS}"><url><loc>https://example.com/\u00e9</loc></url></urlset>`]) {
        const bytes = encoder.encode(head + body);
        const where = { code: 'INPUT_ENCODING', line: 1, column: 21 }; // the name `encoding`
        for (const recover of [false, true]) {
          const parsed = parseOutcome(bytes, recover).error;
          expect({ code: parsed?.code, line: parsed?.line, column: parsed?.column }, `parse ${label}`).toEqual(where);
          for (const size of [1, 9, 4096]) {
            const streamed = (await streamOutcome(asyncChunks(cut(bytes, () => size)), { recover })).error;
            expect({ code: streamed?.code, line: streamed?.line, column: streamed?.column }, `parseStream ${label}, ${size}-byte chunks`).toEqual(where);
          }
        }
        const issues = validate(bytes).issues.filter((issue) => issue.code === 'INPUT_ENCODING');
        expect(issues.map((issue) => ({ code: issue.code, line: issue.line, column: issue.column, severity: issue.severity })), `validate ${label}`).toEqual([{ ...where, severity: 'error' }]);
      }
    }
  });
  it('decodes ISO-8859-1 as ISO-8859-1 and windows-1252 as windows-1252 in parse and parseStream, chunked or not (#22 item 9)', async () => {
    for (const [label, loc] of [['ISO-8859-1', 'https://example.com/a\u0080\u0097\u009fb'], ['latin1', 'https://example.com/a\u0080\u0097\u009fb'], ['windows-1252', 'https://example.com/a\u20ac\u2014\u0178b']] as const) {
      const bytes = highLatin1(label);
      for (const recover of [false, true]) {
        expect(parseOutcome(bytes, recover).entries.map((entry) => entry.loc), `parse ${label}`).toEqual([loc]);
        for (const size of [1, 5, 4096]) {
          expect((await streamOutcome(asyncChunks(cut(bytes, () => size)), { recover })).entries.map((entry) => entry.loc), `parseStream ${label}, ${size}-byte chunks`).toEqual([loc]);
        }
      }
    }
  });
  const utf8 = encoder.encode(`<urlset xmlns="${NS}"><url><loc>https://example.com/a</loc></url></urlset>`);
  const bom = Uint8Array.of(0xef, 0xbb, 0xbf);
  const utf16le = (text: string) => Uint8Array.from([0xff, 0xfe, ...Array.from(text).flatMap((character) => [character.charCodeAt(0) & 0xff, character.charCodeAt(0) >> 8])]);
  const zipped = gzipSync(encoder.encode(urlset(400)), { level: 6 });
  const inputs: Array<[string, Uint8Array]> = [
    ['two UTF-8 byte-order marks', concatBytes([bom, bom, utf8])],
    ['one UTF-8 byte-order mark', concatBytes([bom, utf8])],
    ['UTF-16LE with two byte-order marks', utf16le(`\ufeff<?xml version="1.0" encoding="UTF-16"?><urlset xmlns="${NS}"><url><loc>https://example.com/b</loc></url></urlset>`)],
    ['UTF-16LE', utf16le(`<?xml version="1.0" encoding="UTF-16"?>\n<urlset xmlns="${NS}"><url><loc>https://example.com/\u00fc</loc></url></urlset>`)],
    ['a declared ISO-8859-1 encoding', latin1],
    ['ISO-8859-1 bytes 0x80-0x9F', highLatin1('ISO-8859-1')],
    ['windows-1252 bytes 0x80-0x9F', highLatin1('windows-1252')],
    ['gzip cut in half', zipped.subarray(0, zipped.length >> 1)],
  ];
  for (const [name, bytes] of inputs) {
    it(`${name}: the same entries, issues (with their positions) or error`, async () => {
      // The inflaters word the same damage differently (zlib, fflate, DecompressionStream): not the message.
      const unworded = (outcome: Outcome): Outcome => (name.startsWith('gzip')
        ? { ...outcome, issues: outcome.issues?.map((issue) => JSON.stringify({ ...JSON.parse(issue), message: '' })), error: outcome.error && { ...outcome.error, message: '' } }
        : outcome);
      for (const recover of [true, false]) {
        const expected = unworded(parseOutcome(bytes, recover));
        for (const size of [1, 7, 4096]) expectSame(unworded(await streamOutcome(asyncChunks(cut(bytes, () => size)), { recover })), expected, `${recover ? 'recover' : 'strict'}, ${size}-byte chunks`);
      }
      const issues = parseOutcome(bytes, true).issues ?? [];
      for (const issue of issues) expect(JSON.parse(issue).line, issue).toBeGreaterThan(0);
    });
  }
});

// ------------------------------------------------------------------------------- sources

function urlset(count: number, extra = ''): string {
  let xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n`;
  for (let i = 1; i <= count; i++) xml += `<url><loc>https://example.com/page/${i}?a=1&amp;b=${'é😀'.repeat(i % 3)}</loc><lastmod>2024-05-0${1 + (i % 9)}</lastmod></url>\n`;
  return xml + extra + '</urlset>\n';
}

async function collect(source: SitemapStreamSource, options: ParseStreamOptions = {}): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [];
  for await (const entry of parseStream(source, options)) entries.push(entry);
  return entries;
}

describe('parseStream sources', () => {
  const xml = urlset(300);
  const bytes = encoder.encode(xml);
  const expected = (parse(bytes) as { urls: SitemapEntry[] }).urls;

  it('reads a ReadableStream, a Response, a Blob, async and sync iterables, bytes, an ArrayBuffer and a string alike', async () => {
    const chunks = cut(bytes, chunkSizes(5, 500));
    expect(expected.length).toBe(300);
    expect(await collect(readableOf(chunks))).toEqual(expected);
    expect(await collect(new Response(readableOf(chunks)))).toEqual(expected);
    expect(await collect(new Blob(chunks as BlobPart[]))).toEqual(expected);
    expect(await collect(asyncChunks(chunks))).toEqual(expected);
    expect(await collect(chunks)).toEqual(expected);
    expect(await collect(bytes)).toEqual(expected);
    expect(await collect(bytes.slice().buffer)).toEqual(expected);
    expect(await collect(xml)).toEqual(expected);
  });

  it('reads string chunks, with surrogate pairs cut between chunks', async () => {
    const pieces: string[] = [];
    for (let offset = 0, size = chunkSizes(9, 40); offset < xml.length;) {
      const length = size();
      pieces.push(xml.slice(offset, offset + length)); // cuts 😀 in half now and then
      offset += length;
    }
    expect(pieces.some((piece) => /[\ud800-\udbff]$/.test(piece))).toBe(true);
    expect(await collect(asyncChunks(pieces))).toEqual(expected);
  });

  it('reads a gzip Blob and a gzip Response', async () => {
    const compressed = gzipSync(bytes);
    for (const gunzip of GUNZIPS) {
      chooseStreamingGunzipForTesting(gunzip);
      expect(await collect(new Blob([compressed as BlobPart]))).toEqual(expected);
      expect(await collect(new Response(compressed as BodyInit))).toEqual(expected);
    }
  });

  it('reads one big chunk in slices, handing entries on slice by slice', async () => {
    const big = encoder.encode(urlset(5000));
    const stream = parseStream([big]);
    const first = await stream.next();
    expect(first.done).toBe(false);
    // The first slice's entries, not the whole chunk's, are held.
    expect((stream as unknown as { buffer: unknown[] }).buffer.length).toBeLessThan(1000);
    let count = 1;
    for await (const _ of stream) count++;
    expect(count).toBe(5000);
  });

  it('refuses what is not a source, and chunks that are not bytes or strings', async () => {
    expect(() => parseStream(42 as unknown as SitemapStreamSource)).toThrow(SitemapError);
    await expect(collect([bytes.subarray(0, 10), 7 as unknown as Uint8Array])).rejects.toMatchObject({ code: 'INPUT_TYPE' });
  });

  it('tells the kind once the root has been read, and demands one when asked', async () => {
    const stream = parseStream(bytes);
    expect(stream.kind).toBeUndefined();
    await stream.next();
    expect(stream.kind).toBe('urlset');
    await stream.return();
    const index = `<sitemapindex xmlns="${NS}"><sitemap><loc>https://example.com/a.xml</loc></sitemap></sitemapindex>`;
    expect(await collect(index, { kind: 'sitemapindex' })).toEqual([{ loc: 'https://example.com/a.xml' }]);
    await expect(collect(index, { kind: 'urlset' })).rejects.toMatchObject({ code: 'SITEMAP_WRONG_KIND', line: 1, column: 1 });
  });
});

// ------------------------------------------------------------------------------- gzip

describe('gzip while streaming', () => {
  const bytes = encoder.encode(urlset(2000));
  const expected = (parse(bytes) as { urls: SitemapEntry[] }).urls;

  for (const gunzip of GUNZIPS) {
    it(`${gunzip}: reads concatenated members (cat a.gz b.gz) in chunks of every size, as parse() does`, async () => {
      chooseStreamingGunzipForTesting(gunzip);
      for (const [document, sizes] of [[encoder.encode(urlset(300)), [1, 2, 3, 5]], [bytes, [64, 4096, 1 << 20]]] as const) {
        const cuts = [0, 10_000, 10_001, Math.floor(document.length * 0.7), document.length];
        const members = cuts.slice(1).map((end, i) => gzipSync(document.subarray(cuts[i], end)));
        const joined = concatBytes(members);
        const expectedEntries = (parse(document) as { urls: SitemapEntry[] }).urls;
        expect((parse(joined) as { urls: SitemapEntry[] }).urls).toEqual(expectedEntries);
        for (const max of sizes) {
          const entries = await collect(asyncChunks(cut(joined, max === 1 ? () => 1 : chunkSizes(max, max))));
          expect(entries.length, `chunks of 1..${max}`).toBe(expectedEntries.length);
          expect(entries, `chunks of 1..${max}`).toEqual(expectedEntries);
        }
      }
    }, 30_000);

    it(`${gunzip}: a truncated stream is GZIP_INVALID; in recover mode what inflated before is read, as parse() reads it`, async () => {
      chooseStreamingGunzipForTesting(gunzip);
      const compressed = gzipSync(bytes);
      const truncated = compressed.subarray(0, Math.floor(compressed.length * 0.6));
      await expect(collect(asyncChunks(cut(truncated, chunkSizes(1, 999))))).rejects.toMatchObject({ code: 'GZIP_INVALID' });
      const issues: Issue[] = [];
      const entries = await collect(asyncChunks(cut(truncated, chunkSizes(2, 999))), { recover: true, onIssue: (issue) => issues.push(issue) });
      expect(entries.length).toBeGreaterThan(100);
      expect(entries.slice(0, -1)).toEqual(expected.slice(0, entries.length - 1));
      // The entry the cut fell in is kept once its <loc> ended, with what else ended before the cut (#22.12).
      expect(expected[entries.length - 1]).toMatchObject(entries.at(-1)!);
      expect(issues.map((issue) => issue.code)).toContain('GZIP_INVALID');
      expect(issues.find((issue) => issue.code === 'GZIP_INVALID')!.message).toMatch(/what inflated before the damage was read/);
    });

    it(`${gunzip}: trailing bytes that are not another member are GZIP_INVALID`, async () => {
      chooseStreamingGunzipForTesting(gunzip);
      const junk = concatBytes([gzipSync(bytes), new Uint8Array([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21])]);
      expect(() => parse(junk)).toThrow(expect.objectContaining({ code: 'GZIP_INVALID' }));
      await expect(collect(asyncChunks(cut(junk, chunkSizes(3, 700))))).rejects.toMatchObject({ code: 'GZIP_INVALID' });
    });

    it(`${gunzip}: a gzip bomb stops at maxBytes, having handed on no more than maxBytes`, async () => {
      chooseStreamingGunzipForTesting(gunzip);
      const maxBytes = 1 << 20;
      const bomb = zeroBomb(512 << 20);
      let handed = 0;
      const inflater = createStreamingGunzip(maxBytes, (data) => {
        handed += data.length;
      });
      const run = async () => {
        for (const chunk of cut(bomb, () => 4096)) await inflater.push(chunk, false);
        await inflater.push(new Uint8Array(0), true);
      };
      await expect(run()).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
      expect(handed).toBeLessThanOrEqual(maxBytes);
      expect(handed).toBeGreaterThan(maxBytes / 2);
      await expect(collect(asyncChunks(cut(bomb, () => 65536)), { recover: true, maxBytes })).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
    });
  }

  it('chooses the runtime DecompressionStream by default (Node and Chromium have one)', () => {
    expect(typeof DecompressionStream).toBe('function');
    expect(createStreamingGunzip(100, () => {}).constructor.name).toMatch(/Native/);
  });
});

// ------------------------------------------------------------------------------- errors and limits

/**
 * A DecompressionStream that reads one member and errors on any byte after it, as Chromium's and
 * Node 24's and 26's do, in one of two shapes. `'transform'`: a TransformStream, whose writes wait
 * until the output before them is read (Chromium). `'takes-writes'`: every write taken at once and
 * the output made a task later (the web side of Node's zlib stream: Node 24, and 26 before zlib
 * has inflated anything). The member's end is found by gunzip() of each prefix that may end it.
 */
function oneMemberDecompressionStream(shape: 'transform' | 'takes-writes', made: { streams: number }): ReadableWritablePair<Uint8Array, BufferSource> {
  made.streams++;
  let held: Uint8Array = new Uint8Array(0);
  let done = false;
  /** The member's output once its last byte is in, and an error for bytes after it. */
  const take = (chunk: BufferSource): Uint8Array[] => {
    const bytes = chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk as ArrayBuffer);
    if (done && bytes.length > 0) throw new Error('Trailing junk found after the end of the compressed stream');
    held = concatBytes([held, bytes]);
    for (let end = 18; end <= held.length && !done; end++) {
      if (end < held.length && !(held[end] === 0x1f && held[end + 1] === 0x8b)) continue;
      let output: Uint8Array;
      try {
        output = gunzipWhole(held.subarray(0, end), { maxBytes: 1 << 30 });
      } catch {
        continue;
      }
      done = true;
      if (end < held.length) throw new Error('Trailing junk found after the end of the compressed stream');
      const pieces: Uint8Array[] = [];
      for (let at = 0; at < output.length; at += 16384) pieces.push(output.slice(at, at + 16384));
      return pieces;
    }
    return [];
  };
  const ended = () => {
    if (!done) throw new Error('unexpected end of file');
  };
  if (shape === 'transform') {
    return new TransformStream<BufferSource, Uint8Array>({
      transform(chunk, controller) {
        for (const piece of take(chunk)) controller.enqueue(piece);
      },
      flush: ended,
    });
  }
  let output!: ReadableStreamDefaultController<Uint8Array>;
  const readable = new ReadableStream<Uint8Array>({ start: (controller) => void (output = controller) }, { highWaterMark: 1 << 30, size: (chunk) => chunk.length });
  let work = Promise.resolve();
  const later = (step: () => void) => {
    work = work.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0))).then(() => {
      try {
        step();
      } catch (error) {
        output.error(error);
      }
    });
  };
  const writable = new WritableStream<BufferSource>(
    {
      write(chunk) {
        const copy = (chunk instanceof Uint8Array ? chunk : new Uint8Array(chunk as ArrayBuffer)).slice();
        later(() => {
          for (const piece of take(copy)) output.enqueue(piece);
        });
      },
      close() {
        later(() => {
          ended();
          output.close();
        });
        return work;
      },
    },
    { highWaterMark: 1 << 30, size: (chunk) => (chunk as Uint8Array).byteLength },
  );
  return { readable, writable };
}

describe('a DecompressionStream that stops after the first member', () => {
  const document = encoder.encode(urlset(2000));
  const expected = (parse(document) as { urls: SitemapEntry[] }).urls;
  const cuts = [0, 10_000, 10_001, Math.floor(document.length * 0.7), document.length];
  const joined = concatBytes(cuts.slice(1).map((end, i) => gzipSync(document.subarray(cuts[i], end))));

  it('and whose writes wait for their reader (Chromium): the members are split, a stream each', async () => {
    const made = { streams: 0 };
    setGunzipStreamImplementation(() => oneMemberDecompressionStream('transform', made));
    chooseStreamingGunzipForTesting('native');
    for (const max of [7, 4096, 1 << 20]) {
      expect(await collect(asyncChunks(cut(joined, chunkSizes(max, max)))), `chunks of ${max}`).toEqual(expected);
    }
    // Two probes, then one stream for each of the 4 members of each of the 3 reads.
    expect(made.streams).toBe(2 + 3 * 4);
  });

  it('and that takes writes before their output is read (Node 24 and 26): the portable inflater reads them all', async () => {
    const made = { streams: 0 };
    setGunzipStreamImplementation(() => oneMemberDecompressionStream('takes-writes', made));
    chooseStreamingGunzipForTesting('native');
    for (const max of [7, 4096, 1 << 20]) {
      expect(await collect(asyncChunks(cut(joined, chunkSizes(max, max)))), `chunks of ${max}`).toEqual(expected);
    }
    // The two probes only: where a member ends cannot be told through such a stream.
    expect(made.streams).toBe(2);
    const junk = concatBytes([joined, new Uint8Array(21).fill(7)]);
    await expect(collect(asyncChunks(cut(junk, chunkSizes(3, 700))))).rejects.toMatchObject({ code: 'GZIP_INVALID' });
  });

  it('the probe of the runtime\'s stream waits for no timer (a hidden tab runs its timers once a second)', async () => {
    setGunzipStreamImplementation(() => oneMemberDecompressionStream('transform', { streams: 0 }));
    chooseStreamingGunzipForTesting('native');
    const timers = vi.spyOn(globalThis, 'setTimeout');
    try {
      expect(await collect(asyncChunks(cut(joined, chunkSizes(4096, 4096))))).toEqual(expected);
      expect(timers).not.toHaveBeenCalled();
    } finally {
      timers.mockRestore();
    }
  });

  it('one member reads the same through either shape', async () => {
    for (const shape of ['transform', 'takes-writes'] as const) {
      setGunzipStreamImplementation(() => oneMemberDecompressionStream(shape, { streams: 0 }));
      chooseStreamingGunzipForTesting('native');
      expect(await collect(asyncChunks(cut(gzipSync(document), chunkSizes(1000, 9000)))), shape).toEqual(expected);
    }
  });
});

describe('errors, recover mode and limits', () => {
  const broken = `<urlset xmlns="${NS}">\n<url><loc>https://example.com/1</loc></url>\n<url><loc>https://example.com/2</loc></url>\n<url><loc>a &amp b</loc></url>\n<url><loc>https://example.com/4</loc></url>\n</urlset>`;

  it('malformed XML errors the stream with the SitemapError parse() throws (code, line, column), after the entries before it', async () => {
    let parseError: SitemapError | undefined;
    try {
      parse(broken);
    } catch (error) {
      parseError = error as SitemapError;
    }
    expect(parseError).toMatchObject({ code: 'XML_BAD_ENTITY', line: 4 });
    for (const max of [1, 9, 1000]) {
      const entries: SitemapEntry[] = [];
      let caught: unknown;
      try {
        for await (const entry of parseStream(asyncChunks(cut(encoder.encode(broken), chunkSizes(max, max))))) entries.push(entry);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(SitemapError);
      expect(failureOf(caught)).toEqual(failureOf(parseError));
      expect(entries.map((entry) => entry.loc)).toEqual(['https://example.com/1', 'https://example.com/2']);
    }
    await expect(readAll(readableOf([encoder.encode(broken)]).pipeThrough(new SitemapParserStream()))).rejects.toMatchObject({ code: 'XML_BAD_ENTITY', line: 4, column: parseError!.column });
  });

  it('an element after the root was closed: XML_MULTIPLE_ROOTS as parse() gives it, after the entries before it; recover reads on', async () => {
    for (const second of ['<junk/>', `<sitemapindex xmlns="${NS}"/>`, '<html><body/></html>']) {
      const xml = urlset(3, '') + second;
      const bytes = encoder.encode(xml);
      const strict = parseOutcome(bytes, false);
      expect(strict.error).toMatchObject({ code: 'XML_MULTIPLE_ROOTS', line: 7, column: 1, path: /^<(\w+)/.exec(second)![1] });
      for (const max of [1, 7, 4096]) {
        const chunks = cut(bytes, chunkSizes(max, max));
        const streamed = await streamOutcome(asyncChunks(chunks), {});
        expect(streamed.error, `${second} in chunks of up to ${max}`).toEqual(strict.error);
        expect(streamed.entries).toHaveLength(3);
        expectSame(await streamOutcome(asyncChunks(chunks), { recover: true }), parseOutcome(bytes, true), `${second} recover, chunks of up to ${max}`);
        expect((await transformOutcome(chunks, {})).error).toEqual(strict.error);
      }
      const recovered = parseOutcome(bytes, true);
      expect(recovered.entries).toHaveLength(3);
      expect(recovered.issues!.map((issue) => JSON.parse(issue).code)).toEqual(['XML_MULTIPLE_ROOTS']);
    }
  });

  it('recover mode reports through onIssue (or keeps issues) and reads on', async () => {
    const issues: Issue[] = [];
    const entries = await collect(broken, { recover: true, onIssue: (issue) => issues.push(issue) });
    const expected = parse(broken, { recover: true }) as ParseResult & { urls: SitemapEntry[] };
    expect(entries.map((entry) => entry.loc)).toEqual(['https://example.com/1', 'https://example.com/2', 'a &amp b', 'https://example.com/4']);
    expect(entries).toEqual(expected.urls);
    expect(issues).toEqual(expected.issues);
    expect(issues.map((issue) => issue.code)).toContain('XML_BAD_ENTITY');
    const stream = parseStream(broken, { recover: true });
    for await (const _ of stream) void _;
    expect(stream.issues).toEqual(issues);
  });

  it('keeps the first 1,000 issues and counts the rest', async () => {
    const xml = `<urlset xmlns="${NS}">${'<url><lastmod>2024-01-01</lastmod></url>'.repeat(1500)}</urlset>`;
    const stream = parseStream(xml, { recover: true });
    let count = 0;
    for await (const _ of stream) count++;
    expect(count).toBe(1500);
    expect(stream.issues.length).toBe(1000);
    expect(stream.issues[0]!.code).toBe('SITEMAP_MISSING_LOC');
    expect(stream.droppedIssues).toBe(500);
  });

  it('refuses HTML and (strict) an empty document, as parse() does', async () => {
    await expect(collect(asyncChunks([encoder.encode('<!DOCTYPE html>\n<html><body>Not found</body></html>')]))).rejects.toMatchObject({ code: 'SITEMAP_HTML' });
    await expect(collect(asyncChunks([]))).rejects.toMatchObject({ code: 'INPUT_EMPTY' });
    await expect(collect(gzipSync(new Uint8Array(0)))).rejects.toMatchObject({ code: 'INPUT_EMPTY', message: expect.stringMatching(/gzip/) });
    const issues: Issue[] = [];
    expect(await collect(asyncChunks([]), { recover: true, onIssue: (issue) => issues.push(issue) })).toEqual([]);
    expect(issues.map((issue) => issue.code)).toEqual(sortedCodes((parse(new Uint8Array(0), { recover: true }) as ParseResult).issues));
  });

  it('maxBytes applies as the bytes arrive', async () => {
    const bytes = encoder.encode(urlset(2000));
    const limit = Math.floor(bytes.length / 2);
    const entries: SitemapEntry[] = [];
    const run = async () => {
      for await (const entry of parseStream(asyncChunks(cut(bytes, () => 4096)), { maxBytes: limit })) entries.push(entry);
    };
    await expect(run()).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThan(1000);
    expect(await collect(bytes, { maxBytes: bytes.length })).toHaveLength(2000);
  });

  it('maxEntries hands on exactly that many entries, then INPUT_TOO_MANY_ENTRIES', async () => {
    const bytes = encoder.encode(urlset(500));
    for (const max of [0, 1, 137, 499]) {
      const entries: SitemapEntry[] = [];
      let caught: unknown;
      try {
        for await (const entry of parseStream(asyncChunks(cut(bytes, chunkSizes(max, 3000))), { maxEntries: max })) entries.push(entry);
      } catch (error) {
        caught = error;
      }
      expect(caught).toMatchObject({ code: 'INPUT_TOO_MANY_ENTRIES' });
      expect(entries.length).toBe(max);
    }
    expect(await collect(bytes, { maxEntries: 500 })).toHaveLength(500);
    expect(() => parseStream(bytes, { maxEntries: -1 })).toThrow(expect.objectContaining({ code: 'INPUT_INVALID_OPTION' }));
  });
});

// ------------------------------------------------------------------------------- progress and cancellation

describe('progress and cancellation', () => {
  it('onProgress is told bytes in and out and entries, a few times a second and once at the end', async () => {
    const bytes = encoder.encode(urlset(3000));
    const compressed = gzipSync(bytes);
    const calls: Array<{ bytesIn: number; bytesOut: number; entries: number }> = [];
    const started = Date.now();
    const chunks = cut(compressed, () => 4);
    const entries = await collect(asyncChunks(chunks), { onProgress: (progress) => calls.push({ ...progress }) });
    const elapsed = Date.now() - started;
    expect(entries).toHaveLength(3000);
    expect(calls.at(-1)).toEqual({ bytesIn: compressed.length, bytesOut: bytes.length, entries: 3000 });
    // Far fewer calls than chunks: at most one per 100 ms, plus the last.
    expect(chunks.length).toBeGreaterThan(1000);
    expect(calls.length).toBeLessThanOrEqual(Math.floor(elapsed / 100) + 2);
    for (let i = 1; i < calls.length; i++) expect(calls[i]!.bytesIn).toBeGreaterThanOrEqual(calls[i - 1]!.bytesIn);
  });

  it('breaking out of for await cancels a ReadableStream source: no more reads', async () => {
    const chunks = cut(encoder.encode(urlset(2000)), () => 1000);
    let pulls = 0;
    let cancelled: unknown = 'not cancelled';
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls < chunks.length) controller.enqueue(chunks[pulls]!);
        pulls++;
      },
      cancel(reason) {
        cancelled = reason;
      },
    }, { highWaterMark: 0 });
    let seen = 0;
    for await (const _ of parseStream(source)) {
      if (++seen === 3) break;
    }
    expect(cancelled).toBeUndefined();
    const pullsAtBreak = pulls;
    expect(pullsAtBreak).toBeLessThan(chunks.length / 4);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(pulls).toBe(pullsAtBreak);
  });

  it('breaking out of for await stops an async generator source (its finally runs), gzip inflated on the way', async () => {
    // Random tokens keep the gzip large (about 2 MB): more than the 1 MiB a DecompressionStream may be fed ahead.
    const random = seededRandom(11);
    let xml = `<urlset xmlns="${NS}">`;
    for (let i = 0; i < 100_000; i++) xml += `<url><loc>https://example.com/${i}/${Math.floor(random() * 2 ** 52).toString(36)}${Math.floor(random() * 2 ** 52).toString(36)}</loc></url>\n`;
    const compressed = gzipSync(encoder.encode(xml + '</urlset>'));
    expect(compressed.length).toBeGreaterThan(1_500_000);
    const chunks = cut(compressed, () => 4096);
    for (const gunzip of GUNZIPS) {
      chooseStreamingGunzipForTesting(gunzip);
      let produced = 0;
      let stopped = false;
      async function* source(): AsyncGenerator<Uint8Array> {
        try {
          for (const chunk of chunks) {
            produced++;
            yield chunk;
          }
        } finally {
          stopped = true;
        }
      }
      for await (const entry of parseStream(source())) {
        if (entry.loc.startsWith('https://example.com/10/')) break;
      }
      expect(stopped, gunzip).toBe(true);
      expect(produced, gunzip).toBeLessThan(chunks.length * 0.75);
    }
  });

  it('an error cancels the source too', async () => {
    let cancelled = false;
    const chunks = cut(encoder.encode(`<urlset xmlns="${NS}"><url><loc>a</loc></urlset>` + ' '.repeat(100_000)), () => 100);
    let index = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        controller.enqueue(chunks[index++]!);
      },
      cancel() {
        cancelled = true;
      },
    }, { highWaterMark: 0 });
    await expect(collect(source)).rejects.toMatchObject({ code: 'XML_MISMATCHED_END_TAG' });
    expect(cancelled).toBe(true);
    expect(index).toBeLessThan(10);
  });

  it('cancelling the readable side of SitemapParserStream cancels what is piped into it', async () => {
    const chunks = cut(encoder.encode(urlset(3000)), () => 500);
    let pulls = 0;
    let cancelled = false;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls < chunks.length) controller.enqueue(chunks[pulls]!);
        else controller.close();
        pulls++;
      },
      cancel() {
        cancelled = true;
      },
    }, { highWaterMark: 0 });
    const reader = source.pipeThrough(new SitemapParserStream()).getReader();
    const first = await reader.read();
    expect(first.value).toMatchObject({ loc: 'https://example.com/page/1?a=1&b=é😀' });
    await reader.cancel('enough');
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(cancelled).toBe(true);
    expect(pulls).toBeLessThan(chunks.length / 2);
  });

  it('SitemapParserStream waits for its reader: what it reads ahead stays bounded', async () => {
    const chunks = cut(encoder.encode(urlset(20_000)), () => 500); // about 5 entries a chunk
    let pulls = 0;
    const source = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulls < chunks.length) controller.enqueue(chunks[pulls]!);
        else controller.close();
        pulls++;
      },
    }, { highWaterMark: 0 });
    const reader = source.pipeThrough(new SitemapParserStream()).getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 50));
    // Nothing read for a while: it stopped after about 512 queued entries (~100 chunks), not at the end.
    expect(pulls).toBeGreaterThan(50);
    expect(pulls).toBeLessThan(300);
    let rest = 0;
    while (!(await reader.read()).done) rest++;
    expect(rest).toBe(19_999);
    expect(pulls).toBe(chunks.length + 1);
  });
});

function sortedCodes(issues: readonly Issue[]): string[] {
  return issues.map((issue) => issue.code);
}

// ------------------------------------------------------------------------------- round trip with the serializer

describe('streams and the serializer agree', () => {
  it('parseStream reads back what serializeSitemap wrote, gzip included', async () => {
    const urls = Array.from({ length: 1234 }, (_, i) => ({ loc: `https://example.com/${i}/<&>"'?q=${'x'.repeat(i % 50)}`, lastmod: '2024-05-01T12:00:00Z', priority: (i % 11) / 10 }));
    expect(await collect(asyncChunks(cut(serializeSitemap(urls), chunkSizes(4, 3000))))).toEqual(urls);
    expect(await collect(asyncChunks(cut(serializeSitemap(urls, { gzip: true }), chunkSizes(5, 300))))).toEqual(urls);
  });
});
