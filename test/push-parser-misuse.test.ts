// How the push parser (src/read/parse.ts SitemapParser) and parse()'s options answer a caller's
// mistakes: always a SitemapError with a code (INPUT_TYPE for a chunk that is not bytes or a call
// out of turn, INPUT_INVALID_OPTION for options that are not an object), a message saying what to
// do instead, and no position (line and column 0, offset 0). They had been TypeErrors and plain
// Errors. Shared: runs in Node and in Chromium.

import { describe, expect, it } from 'vitest';
import { parse, parseSitemap, parseSitemapIndex, SitemapParser, type ParseOptions, type SitemapParserOptions } from '../src/index';
import { thrownBy } from './fixtures';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const document = new TextEncoder().encode(`<urlset xmlns="${NS}"><url><loc>https://e.com/</loc></url></urlset>`);

/** code, message and position of the SitemapError `action` throws. */
function refusal(action: () => unknown) {
  const error = thrownBy(action);
  return { code: error.code, message: error.message, line: error.line, column: error.column, offset: error.offset };
}

const unplaced = { line: 0, column: 0, offset: 0 };

describe('options that are not an object', () => {
  const shown: [unknown, string][] = [[null, 'null'], ['recover', '"recover"'], [42, '42'], [true, 'true'], [[], 'an Array']];

  it('new SitemapParser(null) and the like: INPUT_INVALID_OPTION, not a TypeError', () => {
    for (const [options, name] of shown) {
      expect(refusal(() => new SitemapParser(options as SitemapParserOptions))).toEqual({
        code: 'INPUT_INVALID_OPTION', message: `SitemapParser options (SitemapParserOptions) must be an object such as { recover: true }, or left out; got ${name}`, ...unplaced,
      });
    }
    expect(() => new SitemapParser(undefined)).not.toThrow();
  });

  it('parse(), parseSitemap() and parseSitemapIndex() with such options: INPUT_INVALID_OPTION', () => {
    for (const read of [parse, parseSitemap, parseSitemapIndex]) {
      for (const [options, name] of shown) {
        expect(refusal(() => read(document, options as ParseOptions))).toEqual({
          code: 'INPUT_INVALID_OPTION', message: `parse options (ParseOptions) must be an object such as { recover: true }, or left out; got ${name}`, ...unplaced,
        });
      }
    }
    expect(parse(document, undefined).issues).toEqual([]);
  });
});

describe('push() takes bytes', () => {
  it('an ArrayBuffer or another view is read as its bytes, as parse() reads it', () => {
    const padded = new Uint8Array(document.length + 6);
    padded.set(document, 3);
    for (const chunk of [document.slice().buffer, new DataView(padded.buffer, 3, document.length), new Int8Array(padded.buffer, 3, document.length)]) {
      const parser = new SitemapParser();
      parser.push(chunk as unknown as Uint8Array, true);
      expect(parser.result()).toEqual({ kind: 'urlset', urls: [{ loc: 'https://e.com/' }], issues: [] });
    }
  });

  const cases: [unknown, string][] = [
    ['<urlset/>', 'got "<urlset/>": encode text first, new TextEncoder().encode(text), or read it with parse(text) or parseStream(text)'],
    [Promise.resolve(document), 'got a Promise: did you forget await?'],
    [null, 'got null'],
    [[60, 117], 'got an Array'],
  ];
  for (const [chunk, what] of cases) {
    it(`refuses ${what.split(':')[0]} with INPUT_TYPE, and reads on when bytes follow`, () => {
      const parser = new SitemapParser();
      expect(refusal(() => parser.push(chunk as Uint8Array, true))).toEqual({ code: 'INPUT_TYPE', message: `SitemapParser.push() takes Uint8Array chunks of UTF-8 XML, ${what}`, ...unplaced });
      // Nothing was read: the parser is as it was.
      parser.push(document, true);
      expect(parser.result()).toEqual({ kind: 'urlset', urls: [{ loc: 'https://e.com/' }], issues: [] });
    });
  }
});

describe('calls out of turn', () => {
  const anotherDocument = 'make a new SitemapParser for another document';

  it('push() after the final push: INPUT_TYPE (the result stays)', () => {
    const parser = new SitemapParser();
    parser.push(document, true);
    expect(refusal(() => parser.push(document))).toEqual({ code: 'INPUT_TYPE', message: `push() after the final push: the document is read to its end; ${anotherDocument}`, ...unplaced });
    expect(refusal(() => parser.push(new Uint8Array(0), true)).code).toBe('INPUT_TYPE');
    expect(parser.result()).toEqual({ kind: 'urlset', urls: [{ loc: 'https://e.com/' }], issues: [] });
  });

  it('result() before the final push: INPUT_TYPE saying how to end the document', () => {
    const parser = new SitemapParser();
    expect(refusal(() => parser.result()).message).toBe('result() before the final push: pass the last chunk as push(chunk, true), or call push(new Uint8Array(0), true) when every chunk is in');
    parser.push(document);
    expect(refusal(() => parser.result())).toEqual({
      code: 'INPUT_TYPE', message: 'result() before the final push: pass the last chunk as push(chunk, true), or call push(new Uint8Array(0), true) when every chunk is in', ...unplaced,
    });
    parser.push(new Uint8Array(0), true);
    expect(parser.result()).toEqual({ kind: 'urlset', urls: [{ loc: 'https://e.com/' }], issues: [] });
  });

  it('push() after abort(): INPUT_TYPE; result() gives what was read', () => {
    const parser = new SitemapParser();
    parser.push(document.subarray(0, 60));
    parser.abort();
    expect(refusal(() => parser.push(document.subarray(60), true))).toEqual({ code: 'INPUT_TYPE', message: `push() after abort(): the parser stopped reading; ${anotherDocument}`, ...unplaced });
    expect(parser.result()).toEqual({ kind: 'urlset', urls: [], issues: [] });
  });

  it('push() and result() after push() threw (strict mode): INPUT_TYPE naming the error', () => {
    const parser = new SitemapParser();
    const bad = new TextEncoder().encode(`<urlset xmlns="${NS}"><url><loc>a&b</loc></url>`);
    expect(thrownBy(() => parser.push(bad)).code).toBe('XML_BAD_ENTITY');
    const stopped = `after push() threw XML_BAD_ENTITY: the parser stopped there and has no result (read past errors with { recover: true }); ${anotherDocument}`;
    expect(refusal(() => parser.push(new TextEncoder().encode('</urlset>'), true))).toEqual({ code: 'INPUT_TYPE', message: `push() ${stopped}`, ...unplaced });
    expect(refusal(() => parser.result())).toEqual({ code: 'INPUT_TYPE', message: `result() ${stopped}`, ...unplaced });
  });

  it('the same after a refused root (SITEMAP_NOT_A_SITEMAP, thrown in recover mode too)', () => {
    const parser = new SitemapParser({ recover: true });
    expect(thrownBy(() => parser.push(new TextEncoder().encode('<rss version="2.0">'))).code).toBe('SITEMAP_NOT_A_SITEMAP');
    expect(refusal(() => parser.push(new Uint8Array(0), true)).message).toMatch(/^push\(\) after push\(\) threw SITEMAP_NOT_A_SITEMAP: /);
  });
});
