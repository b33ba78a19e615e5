// The one front door (src/input/front-door.ts, issue #21): every entry point that reads a document
// gives the same code at the same place for what is wrong before the document itself (an HTML
// page, nothing, gzip of nothing, a byte-order mark alone, UTF-16, a declared ISO-8859-1, a file
// name given as the document, a size over maxBytes, an options argument that is no object), in
// strict and recover mode, whole or in chunks. Shared: runs in Node and in Chromium.

import { describe, expect, it } from 'vitest';
import { gzip, parse, parseFeed, parseStream, parseTextSitemap, SitemapError, SitemapParserStream, validate, type Issue, type SitemapInput } from '../src/index';
import { readableOf, readAll } from './fixtures/stream-helpers';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const encoder = new TextEncoder();

/** What an entry point ended with: the error it threw, or its issues. */
interface Outcome {
  thrown?: { code: string; line: number; column: number; offset: number; message: string };
  issues: Pick<Issue, 'code' | 'line' | 'column' | 'message'>[];
}

function thrownFields(error: unknown): Outcome['thrown'] {
  if (!(error instanceof SitemapError)) throw error;
  return { code: error.code, line: error.line, column: error.column, offset: error.offset, message: error.message };
}

function issueFields(issues: readonly Issue[]): Outcome['issues'] {
  return issues.map(({ code, line, column, message }) => ({ code, line, column, message }));
}

function whole(read: (input: SitemapInput, options: never) => { issues: readonly Issue[] }) {
  return async (input: SitemapInput, options: unknown): Promise<Outcome> => {
    try {
      return { issues: issueFields(read(input, options as never).issues) };
    } catch (error) {
      return { thrown: thrownFields(error), issues: [] };
    }
  };
}

/** The input as chunks of `size` bytes (a string as one chunk: it is already text). */
function chunksOf(input: SitemapInput, size: number): (Uint8Array | string)[] {
  if (typeof input === 'string') return [input];
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input as ArrayBuffer);
  const chunks: Uint8Array[] = [];
  for (let at = 0; at < bytes.length; at += size) chunks.push(bytes.subarray(at, at + size));
  return chunks;
}

function streamed(size: number) {
  return async (input: SitemapInput, options: unknown): Promise<Outcome> => {
    const issues: Issue[] = [];
    const withIssues = options !== null && typeof options === 'object' && !Array.isArray(options) ? { ...options, onIssue: (issue: Issue) => issues.push(issue) } : options;
    try {
      for await (const _ of parseStream(chunksOf(input, size), withIssues as never)) { /* entries are not what is compared */ }
      return { issues: issueFields(issues) };
    } catch (error) {
      return { thrown: thrownFields(error), issues: issueFields(issues) };
    }
  };
}

async function transformed(input: SitemapInput, options: unknown): Promise<Outcome> {
  let stream: SitemapParserStream;
  try {
    stream = new SitemapParserStream(options as never);
  } catch (error) {
    return { thrown: thrownFields(error), issues: [] };
  }
  try {
    await readAll(readableOf(chunksOf(input, 7)).pipeThrough(stream));
    return { issues: issueFields(stream.issues) };
  } catch (error) {
    return { thrown: thrownFields(error), issues: issueFields(stream.issues) };
  }
}

type Reader = (input: SitemapInput, options: unknown) => Promise<Outcome>;

/** The readers of XML sitemaps: the same verdicts throughout. */
const SITEMAP_READERS: [string, Reader][] = [
  ['parse', whole(parse)],
  ['parseStream, one chunk', streamed(1 << 20)],
  ['parseStream, 3-byte chunks', streamed(3)],
  ['SitemapParserStream, 7-byte chunks', transformed],
];
const FEED_READERS: [string, Reader][] = [['parseFeed', whole(parseFeed)]];
const TEXT_READERS: [string, Reader][] = [['parseTextSitemap', whole(parseTextSitemap)]];
const THROWING_READERS = [...SITEMAP_READERS, ...FEED_READERS, ...TEXT_READERS];

function utf16le(text: string): Uint8Array {
  const bytes = new Uint8Array(2 + text.length * 2);
  bytes[0] = 0xff;
  bytes[1] = 0xfe;
  for (let i = 0; i < text.length; i++) {
    bytes[2 + 2 * i] = text.charCodeAt(i) & 0xff;
    bytes[3 + 2 * i] = text.charCodeAt(i) >> 8;
  }
  return bytes;
}

const latin1 = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

/** Each reader's own document, so that what follows the door reads cleanly. */
const DOCUMENTS: Record<string, string> = {
  sitemap: `<urlset xmlns="${NS}"><url><loc>https://example.com/caf\u00e9</loc></url></urlset>`,
  feed: '<rss version="2.0"><channel><item><link>https://example.com/caf\u00e9</link></item></channel></rss>',
  text: 'https://example.com/caf\u00e9\n',
};
const documentOf = (name: string) => (name === 'parseFeed' ? DOCUMENTS.feed! : name === 'parseTextSitemap' ? DOCUMENTS.text! : DOCUMENTS.sitemap!);

// Comments and white space before the DOCTYPE, a lone CR among them: the page is placed at its
// `<!DOCTYPE` (line 3, column 3), counted as the tokenizer counts lines.
const HTML_PAGE = '<!-- served for a 404 -->\r\n\r  <!DOCTYPE html><html><body>Not found</body></html>';
const HTML_AT = { line: 3, column: 3, offset: HTML_PAGE.indexOf('<!DOCTYPE') };
const EMPTY_MESSAGE = 'The document is empty (0 bytes)';
const GZIP_EMPTY_MESSAGE = 'The document is empty (the gzip data inflates to 0 bytes)';

const EMPTIES: [string, Uint8Array, string][] = [
  ['no bytes', new Uint8Array(0), EMPTY_MESSAGE],
  ['gzip of no bytes', gzip(new Uint8Array(0)), GZIP_EMPTY_MESSAGE],
  ['a UTF-8 byte-order mark alone', Uint8Array.of(0xef, 0xbb, 0xbf), EMPTY_MESSAGE],
];

describe('the front door: one verdict, one place, whatever the entry point', () => {
  it('an HTML page is SITEMAP_HTML at its <!DOCTYPE, strict or recovering (validate: its one issue)', async () => {
    for (const [name, read] of [...SITEMAP_READERS, ...FEED_READERS]) {
      const noun = name === 'parseFeed' ? 'feed' : 'sitemap';
      for (const recover of [false, true]) {
        for (const input of [HTML_PAGE, encoder.encode(HTML_PAGE), gzip(encoder.encode(HTML_PAGE))]) {
          const outcome = await read(input, { recover });
          expect(outcome.thrown, `${name} ${recover}`).toEqual({ code: 'SITEMAP_HTML', ...HTML_AT, message: `Not a ${noun}: this is an HTML page (servers often send one for a missing ${noun})` });
        }
      }
    }
    // A text sitemap reads lines on in recover mode: the page is its first issue.
    expect((await whole(parseTextSitemap)(HTML_PAGE, {})).thrown).toMatchObject({ code: 'SITEMAP_HTML', ...HTML_AT });
    expect((await whole(parseTextSitemap)(HTML_PAGE, { recover: true })).issues[0]).toMatchObject({ code: 'SITEMAP_HTML', line: HTML_AT.line, column: HTML_AT.column });
    expect(issueFields(validate(encoder.encode(HTML_PAGE)).issues)).toEqual([
      { code: 'SITEMAP_HTML', line: HTML_AT.line, column: HTML_AT.column, message: 'Not a sitemap: this is an HTML page (servers often send one for a missing sitemap)' },
    ]);
  });

  it('nothing, gzip of nothing and a byte-order mark alone are INPUT_EMPTY at 1:1, thrown in strict mode, the first issue in recover mode', async () => {
    for (const [what, input, message] of EMPTIES) {
      for (const [name, read] of [...SITEMAP_READERS, ...FEED_READERS]) {
        const strict = await read(input, {});
        expect(strict.thrown, `${name}: ${what}`).toEqual({ code: 'INPUT_EMPTY', line: 1, column: 1, offset: 0, message });
        const recovered = await read(input, { recover: true });
        expect(recovered.thrown, `${name}: ${what}`).toBeUndefined();
        expect(recovered.issues[0], `${name}: ${what}`).toEqual({ code: 'INPUT_EMPTY', line: 1, column: 1, message });
      }
      expect(issueFields(validate(input).issues), what).toEqual([{ code: 'INPUT_EMPTY', line: 1, column: 1, message }]);
      // A text sitemap with no line is a text sitemap without URLs (its own rule, in either mode).
      for (const recover of [false, true]) {
        expect((await whole(parseTextSitemap)(input, { recover })).issues, what).toEqual([{ code: 'SITEMAP_EMPTY', line: 1, column: 1, message: 'Empty sitemap: the file is empty' }]);
      }
    }
  });

  it('UTF-16 is decoded, with one INPUT_ENCODING warning at 1:1 (no declaration) before anything else', async () => {
    for (const [name, read] of THROWING_READERS) {
      const outcome = await read(utf16le(documentOf(name)), { recover: true });
      expect(outcome.thrown, name).toBeUndefined();
      expect(outcome.issues[0], name).toEqual({ code: 'INPUT_ENCODING', line: 1, column: 1, message: 'The document is UTF-16LE; sitemaps must be UTF-8 (it was converted)' });
      expect(outcome.issues.filter((issue) => issue.code === 'INPUT_ENCODING'), name).toHaveLength(1);
    }
    expect(issueFields(validate(utf16le(DOCUMENTS.sitemap!)).issues)[0]).toEqual({ code: 'INPUT_ENCODING', line: 1, column: 1, message: 'The document is UTF-16LE; sitemaps must be UTF-8 (it was converted)' });
  });

  it('a declared ISO-8859-1 is decoded as declared, with one INPUT_ENCODING warning at the declaration', async () => {
    const declaration = '<?xml version="1.0" encoding="ISO-8859-1"?>\n';
    const message = 'The document declares encoding "ISO-8859-1"; sitemaps must be UTF-8 (it was converted from ISO-8859-1)';
    for (const [name, read] of [...SITEMAP_READERS, ...FEED_READERS]) {
      for (const recover of [false, true]) {
        const outcome = await read(latin1(declaration + documentOf(name)), { recover });
        expect(outcome.thrown, name).toBeUndefined();
        expect(outcome.issues, name).toEqual([{ code: 'INPUT_ENCODING', line: 1, column: 21, message }]);
      }
    }
    expect(issueFields(validate(latin1(declaration + DOCUMENTS.sitemap!)).issues)[0]).toEqual({ code: 'INPUT_ENCODING', line: 1, column: 21, message });
  });

  it('a file name given as the document is XML_TEXT_OUTSIDE_ROOT at 1:1: thrown, or the one issue when recovering', async () => {
    for (const [name, read] of [...SITEMAP_READERS, ...FEED_READERS]) {
      const strict = await read('sitemap.xml', {});
      expect(strict.thrown, name).toMatchObject({ code: 'XML_TEXT_OUTSIDE_ROOT', line: 1, column: 1, offset: 0, message: expect.stringMatching(/^The input is the text "sitemap.xml", not a sitemap document/) });
      const recovered = await read('sitemap.xml', { recover: true });
      expect(recovered.thrown, name).toBeUndefined();
      expect(recovered.issues.map((issue) => [issue.code, issue.line, issue.column]), name).toEqual([['XML_TEXT_OUTSIDE_ROOT', 1, 1]]);
    }
    expect(validate('sitemap.xml').issues.map((issue) => [issue.code, issue.line, issue.column])).toEqual([['XML_TEXT_OUTSIDE_ROOT', 1, 1]]);
    // A text sitemap's one line: there a name is a line that is no URL.
    expect((await whole(parseTextSitemap)('sitemap.xml', { recover: true })).issues[0]).toMatchObject({ code: 'SITEMAP_BAD_LOC', line: 1, column: 1 });
  });

  it('more bytes than maxBytes is INPUT_TOO_LARGE at the limit, in either mode (validate: SITEMAP_TOO_LARGE at 1:1)', async () => {
    for (const [name, read] of THROWING_READERS) {
      for (const recover of [false, true]) {
        for (const input of [documentOf(name), encoder.encode(documentOf(name)), gzip(encoder.encode(documentOf(name)))]) {
          const outcome = await read(input, { recover, maxBytes: 10 });
          expect(outcome.thrown, `${name} ${recover}`).toMatchObject({ code: 'INPUT_TOO_LARGE', line: 0, column: 0, offset: 10 });
        }
      }
    }
    expect(validate(encoder.encode(DOCUMENTS.sitemap!), { maxBytes: 10 }).issues.map((issue) => [issue.code, issue.line, issue.column])).toEqual([['SITEMAP_TOO_LARGE', 1, 1]]);
  });

  it('an options argument that is no object is INPUT_INVALID_OPTION, unplaced, before anything is read', async () => {
    for (const options of [null, 'recover', 1, [true]]) {
      for (const [name, read] of THROWING_READERS) {
        const outcome = await read(encoder.encode(documentOf(name)), options);
        expect(outcome.thrown, `${name} ${String(options)}`).toMatchObject({ code: 'INPUT_INVALID_OPTION', line: 0, column: 0, offset: 0, message: expect.stringMatching(/options \((Parse|ParseStream)Options\) must be an object/) });
      }
      let error: unknown;
      try {
        validate(DOCUMENTS.sitemap!, options as never);
      } catch (caught) {
        error = caught;
      }
      expect(thrownFields(error)).toMatchObject({ code: 'INPUT_INVALID_OPTION', line: 0, column: 0, offset: 0 });
    }
  });
});
