// How the parse API answers a caller's mistakes (src/read/parse.ts, src/input/input.ts, src/stream/parse-stream.ts):
// a `kind` or a limit it does not take is INPUT_INVALID_OPTION before anything is read; an input
// of the wrong type is INPUT_TYPE naming what was passed and what to pass instead; a file name or
// URL given as the document is XML_TEXT_OUTSIDE_ROOT saying so. Strict, recover mode and the
// stream readers alike. Shared: runs in Node and in Chromium.

import { describe, expect, it } from 'vitest';
import {
  parse, parseSitemap, parseSitemapIndex, parseStream, SitemapError, SitemapParser, SitemapParserStream, validate,
  type Issue, type ParseStreamOptions, type SitemapEntry, type SitemapInput, type SitemapParserOptions, type SitemapStreamSource,
} from '../src/index';
import { thrownBy } from './fixtures';
import { readableOf, readAll } from './fixtures/stream-helpers';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const encoder = new TextEncoder();
const sitemap = `<urlset xmlns="${NS}"><url><loc>https://example.com/</loc></url></urlset>`;
const index = `<sitemapindex xmlns="${NS}"><sitemap><loc>https://example.com/sitemap-1.xml</loc></sitemap></sitemapindex>`;

/** The fields of a SitemapError that a test compares. */
function fieldsOf(error: unknown) {
  if (!(error instanceof SitemapError)) throw error;
  return { code: error.code, message: error.message, line: error.line, column: error.column, offset: error.offset, path: error.path };
}

/** What the stream readers end with: entries and issues, or the error. */
async function streamOutcome(source: SitemapStreamSource, options: ParseStreamOptions = {}): Promise<{ entries: SitemapEntry[]; issues: Issue[]; error?: ReturnType<typeof fieldsOf> }> {
  const entries: SitemapEntry[] = [];
  const issues: Issue[] = [];
  try {
    for await (const entry of parseStream(source, { ...options, onIssue: (issue) => issues.push(issue) })) entries.push(entry);
    return { entries, issues };
  } catch (error) {
    return { entries, issues, error: fieldsOf(error) };
  }
}

async function transformOutcome(chunks: readonly (string | Uint8Array)[], options: ParseStreamOptions = {}): Promise<{ entries: SitemapEntry[]; issues: readonly Issue[]; error?: ReturnType<typeof fieldsOf> }> {
  const stream = new SitemapParserStream(options);
  try {
    return { entries: await readAll(readableOf(chunks).pipeThrough(stream)), issues: stream.issues };
  } catch (error) {
    return { entries: [], issues: stream.issues, error: fieldsOf(error) };
  }
}

// ------------------------------------------------------------------------------- kind

describe('the kind option takes "urlset", "sitemapindex" or nothing', () => {
  const message = (shown: string) => `kind must be "urlset" (a sitemap) or "sitemapindex" (a sitemap index), or left out for either; got ${shown}`;
  const wrongKinds: [unknown, string][] = [['sitemap', '"sitemap"'], ['index', '"index"'], ['URLSET', '"URLSET"'], ['', '""'], [null, 'null'], [1, '1']];

  it('kind: "sitemap" on an index is INPUT_INVALID_OPTION, not "expected <sitemapindex>, found <sitemapindex>"', async () => {
    const error = thrownBy(() => new SitemapParser({ kind: 'sitemap' } as unknown as SitemapParserOptions));
    expect({ code: error.code, message: error.message }).toEqual({ code: 'INPUT_INVALID_OPTION', message: message('"sitemap"') });
    const streamed = await streamOutcome(index, { kind: 'sitemap' } as unknown as ParseStreamOptions);
    expect(streamed.error).toMatchObject({ code: 'INPUT_INVALID_OPTION', message: message('"sitemap"') });
    expect(streamed.entries).toEqual([]);
  });

  it('SitemapParser, parseStream and SitemapParserStream refuse any other value at once, strict or recovering', () => {
    for (const [kind, shown] of wrongKinds) {
      for (const recover of [false, true]) {
        const options = { kind, recover } as unknown as ParseStreamOptions;
        for (const make of [() => new SitemapParser(options as SitemapParserOptions), () => parseStream(index, options), () => new SitemapParserStream(options)]) {
          const error = thrownBy(make);
          expect({ code: error.code, message: error.message }, `${String(kind)} ${make.toString()}`).toEqual({ code: 'INPUT_INVALID_OPTION', message: message(shown) });
        }
      }
    }
  });

  it('a refused option leaves a ReadableStream source unread and unlocked', () => {
    const source = readableOf([encoder.encode(index)]);
    expect(thrownBy(() => parseStream(source, { kind: 'sitemap' } as unknown as ParseStreamOptions)).code).toBe('INPUT_INVALID_OPTION');
    expect(source.locked).toBe(false);
  });

  it('the two kinds and undefined still read, and still demand their kind', async () => {
    for (const kind of ['sitemapindex', undefined] as const) {
      const parser = new SitemapParser({ kind });
      parser.push(encoder.encode(index), true);
      expect(parser.result()).toEqual({ kind: 'sitemapindex', sitemaps: [{ loc: 'https://example.com/sitemap-1.xml' }], issues: [] });
      expect((await streamOutcome(index, { kind })).entries).toEqual([{ loc: 'https://example.com/sitemap-1.xml' }]);
      expect((await transformOutcome([index], { kind })).entries).toEqual([{ loc: 'https://example.com/sitemap-1.xml' }]);
    }
    expect((await streamOutcome(sitemap, { kind: 'urlset' })).entries).toEqual([{ loc: 'https://example.com/' }]);
    expect((await streamOutcome(index, { kind: 'urlset' })).error).toMatchObject({
      code: 'SITEMAP_WRONG_KIND', message: 'Expected a sitemap (<urlset>), found <sitemapindex>', line: 1, column: 1, // the position in the fields only (#21)
    });
  });
});

// ------------------------------------------------------------------------------- limits

describe('maxBytes and maxEntries take a whole number >= 0 or Infinity', () => {
  const message = (name: string, shown: string) => `${name} must be a whole number >= 0, or Infinity for no limit; got ${shown}`;
  const wrongLimits: [unknown, string][] = [[NaN, 'NaN'], [null, 'null'], [-1, '-1'], [-Infinity, '-Infinity'], [1.5, '1.5'], ['1000', '"1000"']];

  it('parse, parseSitemap, parseSitemapIndex and SitemapParser refuse other maxBytes with INPUT_INVALID_OPTION, strict or recovering', () => {
    for (const [maxBytes, shown] of wrongLimits) {
      for (const recover of [false, true]) {
        const options = { maxBytes, recover } as unknown as SitemapParserOptions;
        for (const read of [() => parse(sitemap, options), () => parseSitemap(sitemap, options), () => parseSitemapIndex(index, options), () => new SitemapParser(options)]) {
          const error = thrownBy(read);
          expect({ code: error.code, message: error.message }, `${shown} ${read.toString()}`).toEqual({ code: 'INPUT_INVALID_OPTION', message: message('maxBytes', shown) });
        }
      }
    }
  });

  it('NaN or null no longer lifts the cap: gzip is refused before it is inflated', () => {
    const compressed = new Uint8Array([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0xff]); // a gzip header: nothing is inflated
    for (const maxBytes of [NaN, null]) {
      expect(thrownBy(() => parse(compressed, { maxBytes } as unknown as SitemapParserOptions)).code).toBe('INPUT_INVALID_OPTION');
    }
  });

  it('parseStream and SitemapParserStream refuse other maxBytes and maxEntries at once', () => {
    for (const name of ['maxBytes', 'maxEntries']) {
      for (const [value, shown] of wrongLimits) {
        for (const recover of [false, true]) {
          const options = { [name]: value, recover } as unknown as ParseStreamOptions;
          for (const make of [() => parseStream(sitemap, options), () => new SitemapParserStream(options)]) {
            const error = thrownBy(make);
            expect({ code: error.code, message: error.message }, `${name} ${shown}`).toEqual({ code: 'INPUT_INVALID_OPTION', message: message(name, shown) });
          }
        }
      }
    }
  });

  it('takes 0, a whole number and Infinity', async () => {
    const size = encoder.encode(sitemap).length;
    expect(thrownBy(() => parse(sitemap, { maxBytes: 0 }))).toMatchObject({ code: 'INPUT_TOO_LARGE', message: `The input is ${size} bytes, over the maxBytes limit of 0` });
    expect(parse(sitemap, { maxBytes: size }).kind).toBe('urlset');
    expect(parse(sitemap, { maxBytes: Infinity }).kind).toBe('urlset');
    expect((await streamOutcome(sitemap, { maxBytes: Infinity, maxEntries: Infinity })).entries).toEqual([{ loc: 'https://example.com/' }]);
    expect((await streamOutcome(sitemap, { maxEntries: 1 })).entries).toEqual([{ loc: 'https://example.com/' }]);
    expect((await streamOutcome(sitemap, { maxEntries: 0 })).error).toMatchObject({ code: 'INPUT_TOO_MANY_ENTRIES', message: 'The document has more than the maxEntries limit of 0 entries' });
    expect((await transformOutcome([sitemap], { maxBytes: 10 })).error).toMatchObject({ code: 'INPUT_TOO_LARGE', message: 'The input is over the maxBytes limit of 10 bytes' });
  });
});

// ------------------------------------------------------------------------------- input types

describe('an input that is not bytes or a string is named, with what to pass instead', () => {
  const expected = 'Expected a Uint8Array, ArrayBuffer or string, got ';
  const cases: [string, () => unknown, string][] = [
    ['a Response', () => new Response(sitemap), 'a Response: pass its body, await response.arrayBuffer(), or read it as it arrives with parseStream(response)'],
    ['a Blob', () => new Blob([sitemap]), 'a Blob: pass its bytes, await blob.arrayBuffer(), or read it as it arrives with parseStream(blob)'],
    ['a Promise', () => Promise.resolve(encoder.encode(sitemap)), 'a Promise: did you forget await?'],
    ['a URL', () => new URL('https://example.com/sitemap.xml'), 'a URL: fetch it first and pass the body, await (await fetch(url)).arrayBuffer(), or read it as it arrives with parseStream(await fetch(url))'],
    ['a ReadableStream', () => readableOf([sitemap]), 'a ReadableStream: read it with parseStream(stream)'],
    ['an async iterable (a Node stream)', () => ({ async *[Symbol.asyncIterator]() { yield sitemap; } }), 'an Object: read it with parseStream(stream)'],
    ['an Array', () => [60, 117], 'an Array: bytes go in a Uint8Array; chunks go to parseStream(chunks)'],
    ['a plain object', () => ({}), 'an Object'],
    ['a number', () => 42, '42'],
    ['null', () => null, 'null'],
    ['undefined', () => undefined, 'undefined'],
  ];

  for (const [what, make, got] of cases) {
    it(`${what}: INPUT_TYPE from parse, parseSitemap, parseSitemapIndex and validate, strict or recovering`, () => {
      for (const read of [parse, parseSitemap, parseSitemapIndex, validate] as ((input: SitemapInput, options?: object) => unknown)[]) {
        for (const options of [{}, { recover: true }]) {
          const error = thrownBy(() => read(make() as SitemapInput, options));
          expect({ code: error.code, message: error.message }, `${read.name} ${JSON.stringify(options)}`).toEqual({ code: 'INPUT_TYPE', message: expected + got });
        }
      }
    });
  }

  it('recognises a response by its shape, not by a global Response (which a runtime may lack)', () => {
    const responseLike = { bodyUsed: false, body: null, arrayBuffer: async () => new ArrayBuffer(0) };
    expect(thrownBy(() => parse(responseLike as unknown as SitemapInput)).message).toBe(`${expected}an Object: pass its body, await response.arrayBuffer(), or read it as it arrives with parseStream(response)`);
    const blobLike = Object.assign(Object.create(null) as object, { arrayBuffer: async () => new ArrayBuffer(0), stream: () => readableOf([]) });
    expect(thrownBy(() => parse(blobLike as unknown as SitemapInput)).message).toBe(`${expected}an object: pass its bytes, await blob.arrayBuffer(), or read it as it arrives with parseStream(blob)`);
  });

  it('parseStream names a Promise, a URL or another value it cannot read', async () => {
    const reads = 'parseStream reads a ReadableStream, a Response, a Blob, an (async) iterable of Uint8Array chunks, bytes or a string; got ';
    const sources: [unknown, string][] = [
      [Promise.resolve(new Response(sitemap)), 'a Promise: did you forget await?'],
      [new URL('https://example.com/sitemap.xml'), 'a URL: fetch it first, parseStream(await fetch(url))'],
      [42, '42'],
      [null, 'null'],
    ];
    for (const [source, got] of sources) {
      const error = thrownBy(() => parseStream(source as SitemapStreamSource));
      expect({ code: error.code, message: error.message }).toEqual({ code: 'INPUT_TYPE', message: reads + got });
    }
    const chunks = [encoder.encode(sitemap).subarray(0, 10), Promise.resolve(encoder.encode(sitemap).subarray(10))];
    expect((await streamOutcome(chunks as unknown as SitemapStreamSource)).error).toMatchObject({
      code: 'INPUT_TYPE', message: 'A sitemap stream takes Uint8Array or string chunks, got a Promise: did you forget await?',
    });
  });
});

// ------------------------------------------------------------------------------- a name for a document

describe('a file name or URL passed as the document says so', () => {
  const fileAdvice = 'to read a file, pass its contents (Node: readFile, or parseFile from sitemapkit/node); to read a URL, fetch it or use parseStream(response)';
  const urlAdvice = 'to read a URL, fetch it and pass the body, await (await fetch(url)).arrayBuffer(), or read it as it arrives with parseStream(await fetch(url))';
  const names: [string, string][] = [
    ['sitemap.xml', fileAdvice],
    ['/var/www/sitemap.xml', fileAdvice],
    ['./public/sitemap.xml.gz', fileAdvice],
    ['C:\\sites\\sitemap.xml', fileAdvice],
    ['sitemaps/products', fileAdvice],
    ['example.com/sitemap.xml', fileAdvice],
    ['file:///var/www/sitemap.xml', fileAdvice],
    ['https://example.com/sitemap.xml', urlAdvice],
    ['HTTP://example.com/sitemap_index.xml?page=2', urlAdvice],
    // White space around the name (and a byte-order mark) is not part of it; the position is the
    // tokenizer's for text outside the root: 1:1, where the run starts.
    ['  sitemap.xml\n', fileAdvice],
    ['\ufeff\n\tsitemap.xml', fileAdvice],
  ];

  for (const [input, advice] of names) {
    const name = input.replace(/^\ufeff/, '').trim();
    const message = `The input is the text "${name}", not a sitemap document: ${advice}`;
    const issue: Issue = { code: 'XML_TEXT_OUTSIDE_ROOT', severity: 'error', message, line: 1, column: 1, path: '' };

    it(`${JSON.stringify(input)}: XML_TEXT_OUTSIDE_ROOT naming it (strict), the one issue (recover, validate)`, () => {
      for (const read of [parse, parseSitemap, parseSitemapIndex]) {
        expect(fieldsOf(thrownBy(() => read(input)))).toEqual({ code: 'XML_TEXT_OUTSIDE_ROOT', message, line: 1, column: 1, offset: 0, path: '' }); // the position in the fields only (#21)
      }
      expect(parse(input, { recover: true })).toEqual({ kind: 'urlset', urls: [], issues: [issue] });
      expect(parseSitemapIndex(input, { recover: true })).toEqual({ kind: 'sitemapindex', sitemaps: [], issues: [issue] });
      const { valid, issues } = validate(input);
      expect(valid).toBe(false);
      expect(issues).toHaveLength(1);
      expect(issues[0]).toMatchObject({ code: 'XML_TEXT_OUTSIDE_ROOT', severity: 'error', line: 1, column: 1, path: '' });
      expect(issues[0]!.message.startsWith(message)).toBe(true);
    });

    it(`${JSON.stringify(input)}: parseStream and SitemapParserStream say the same, whole or in pieces`, async () => {
      const pieces = [input.slice(0, 4), input.slice(4)];
      for (const source of [input, pieces]) {
        expect(await streamOutcome(source)).toEqual({ entries: [], issues: [], error: fieldsOf(thrownBy(() => parse(input))) });
        expect(await streamOutcome(source, { recover: true })).toEqual({ entries: [], issues: [issue] });
      }
      expect((await transformOutcome(pieces)).error).toEqual(fieldsOf(thrownBy(() => parse(input))));
      expect(await transformOutcome(pieces, { recover: true })).toEqual({ entries: [], issues: [issue] });
    });
  }

  it('other text, several lines, markup, bytes and documents are read as before', async () => {
    const generic = 'Text outside the root element (is this an XML file?)';
    for (const input of ['Not Found', 'hello', 'sitemap.xml\nsitemap-2.xml', `sitemap.xml ${sitemap}`, 'x'.repeat(600) + '.xml']) {
      expect(thrownBy(() => parse(input))).toMatchObject({ code: 'XML_TEXT_OUTSIDE_ROOT', message: generic, line: 1, column: 1 });
      expect((await streamOutcome(input)).error).toMatchObject({ code: 'XML_TEXT_OUTSIDE_ROOT', message: generic, line: 1, column: 1 });
    }
    // Only a string input is taken for a name: bytes are what a file or a response held.
    expect(thrownBy(() => parse(encoder.encode('sitemap.xml')))).toMatchObject({ code: 'XML_TEXT_OUTSIDE_ROOT', message: generic, line: 1, column: 1 });
    expect(parse(sitemap).issues).toEqual([]);
    expect((await streamOutcome(sitemap)).entries).toEqual([{ loc: 'https://example.com/' }]);
  });
});
