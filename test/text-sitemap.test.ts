// Tests of parseTextSitemap (SPEC.md §4 "Text", §5): line ends, byte-order marks, gzip, the
// limits, HTML or XML served instead, the position of every issue, a property over generated URL
// lists, and the corpus's text files against MANIFEST.tsv. Shared: runs in Node and in the browser.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gzip, parse, parseFeed, parseTextSitemap, sniffFormat, type Issue } from '../src/index';
import { TextSitemapLines } from '../src/formats/text-sitemap';
import { loadCorpusFile, loadCorpusManifest, thrownBy } from './fixtures';

const encoder = new TextEncoder();
const locs = (text: Parameters<typeof parseTextSitemap>[0], recover = false): string[] => parseTextSitemap(text, { recover }).urls.map((url) => url.loc);
const brief = (issue: Issue) => ({ code: issue.code, severity: issue.severity, line: issue.line, column: issue.column });

describe('parseTextSitemap: lines', () => {
  it('returns a urlset of locs with format "text"', () => {
    expect(parseTextSitemap('https://example.com/\nhttps://example.com/about\n')).toEqual({
      kind: 'urlset', format: 'text', urls: [{ loc: 'https://example.com/' }, { loc: 'https://example.com/about' }], issues: [],
    });
  });

  it('splits at LF, CRLF and CR, mixed in one file, with or without a final line end', () => {
    const expected = ['https://a.example/1', 'https://a.example/2', 'https://a.example/3', 'https://a.example/4'];
    for (const text of [
      'https://a.example/1\nhttps://a.example/2\nhttps://a.example/3\nhttps://a.example/4',
      'https://a.example/1\r\nhttps://a.example/2\r\nhttps://a.example/3\r\nhttps://a.example/4\r\n',
      'https://a.example/1\rhttps://a.example/2\rhttps://a.example/3\rhttps://a.example/4\r',
      'https://a.example/1\r\nhttps://a.example/2\rhttps://a.example/3\nhttps://a.example/4\n',
    ]) {
      expect(locs(text)).toEqual(expected);
      expect(locs(encoder.encode(text))).toEqual(expected);
    }
  });

  it('trims white space around a URL and skips blank lines, counting them for positions', () => {
    const result = parseTextSitemap('\n  https://example.com/a \t\n\r\n\t\f\n\r \r\vhttps://example.com/b\n   \n/c\n');
    expect(result.urls).toEqual([{ loc: 'https://example.com/a' }, { loc: 'https://example.com/b' }]);
    // Lines: 1 "", 2 a, 3 "", 4 blanks, 5 "", 6 " ", 7 b, 8 blanks, 9 "/c".
    expect(result.issues.map(brief)).toEqual([{ code: 'SITEMAP_BAD_LOC', severity: 'error', line: 9, column: 1 }]);
  });

  it('takes http and https in any case, with a port, query, fragment and brackets', () => {
    const urls = ['HTTPS://Example.COM/', 'http://example.com:8080/a?b=c&d=e#f', 'https://example.com/search?filter[brand]=a', 'https://[::1]/x'];
    const result = parseTextSitemap(urls.join('\n'));
    expect(result.urls.map((url) => url.loc)).toEqual(urls);
    expect(result.issues).toEqual([]);
  });

  it('reads a one-line string that is a URL as a text sitemap of one URL (parse() calls it a file name)', () => {
    expect(parseTextSitemap('https://example.com/sitemap.txt')).toMatchObject({ urls: [{ loc: 'https://example.com/sitemap.txt' }], issues: [] });
  });

  it('searches the whole text a fixed number of times, not once per line (#22: indexOf resumed per line grew super-linearly in V8)', () => {
    // Counting work, not timing it: every indexOf/lastIndexOf/search on the whole text is
    // counted while 20,000 lines are read, LF and CRLF; the lines must all come back.
    for (const lineEnd of ['\n', '\r\n']) {
      const text = Array.from({ length: 20_000 }, (_, i) => `https://example.com/p/${i}`).join(lineEnd);
      const methods = ['indexOf', 'lastIndexOf', 'search', 'match', 'charAt'] as const;
      const originals = methods.map((name) => String.prototype[name]);
      let wholeTextSearches = 0;
      methods.forEach((name, i) => {
        const original = originals[i] as (...args: unknown[]) => unknown;
        (String.prototype as unknown as Record<string, unknown>)[name] = function (this: string, ...args: unknown[]) {
          if (this.length === text.length) wholeTextSearches++;
          return original.apply(this, args);
        };
      });
      let urls: number;
      try {
        urls = parseTextSitemap(text).urls.length;
      } finally {
        methods.forEach((name, i) => { (String.prototype as unknown as Record<string, unknown>)[name] = originals[i]; });
      }
      expect(urls).toBe(20_000);
      expect(wholeTextSearches, JSON.stringify(lineEnd)).toBeLessThanOrEqual(4);
    }
  });
});

describe('parseTextSitemap: encodings, gzip and sizes', () => {
  it('skips a UTF-8 byte-order mark in bytes and in a string', () => {
    const expected = ['https://example.com/', 'https://example.com/ä'];
    expect(locs(new Uint8Array([0xef, 0xbb, 0xbf, ...encoder.encode('https://example.com/\nhttps://example.com/ä\n')]))).toEqual(expected);
    expect(locs('\ufeffhttps://example.com/\nhttps://example.com/ä\n')).toEqual(expected);
  });

  it('reads UTF-16 with a byte-order mark, with a warning that text sitemaps are UTF-8', () => {
    const text = '\ufeffhttps://example.com/\r\nhttps://example.com/b\r\n';
    const bytes = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) { bytes[2 * i] = text.charCodeAt(i) & 0xff; bytes[2 * i + 1] = text.charCodeAt(i) >> 8; }
    const result = parseTextSitemap(bytes);
    expect(result.urls.map((url) => url.loc)).toEqual(['https://example.com/', 'https://example.com/b']);
    expect(result.issues).toEqual([expect.objectContaining({ code: 'INPUT_ENCODING', severity: 'warning' })]);
  });

  it('takes an ArrayBuffer and an offset view', () => {
    const bytes = encoder.encode('xxhttps://example.com/\n');
    expect(locs(bytes.buffer.slice(2) as ArrayBuffer)).toEqual(['https://example.com/']);
    expect(locs(bytes.subarray(2))).toEqual(['https://example.com/']);
  });

  it('inflates gzip, recognised by its magic bytes; damaged gzip throws, or gives what inflated with recover', () => {
    const lines = Array.from({ length: 2000 }, (_, i) => `https://example.com/page/${i}`);
    const compressed = gzip(encoder.encode(lines.join('\n') + '\n'));
    expect(locs(compressed)).toEqual(lines);
    const cut = compressed.subarray(0, compressed.length - 12);
    expect(thrownBy(() => parseTextSitemap(cut)).code).toBe('GZIP_INVALID');
    const partial = parseTextSitemap(cut, { recover: true });
    expect(partial.issues[0]).toMatchObject({ code: 'GZIP_INVALID', severity: 'error' });
    expect(lines.slice(0, partial.urls.length - 1)).toEqual(partial.urls.slice(0, -1).map((url) => url.loc));
  });

  it('reports an empty file, and one with only blank lines, as SITEMAP_EMPTY without throwing', () => {
    for (const input of [new Uint8Array(0), '', '\n\r\n  \n', gzip(new Uint8Array(0))]) {
      const result = parseTextSitemap(input);
      expect(result.urls).toEqual([]);
      expect(result.issues.map(brief)).toEqual([{ code: 'SITEMAP_EMPTY', severity: 'error', line: 1, column: 1 }]);
    }
  });

  it('checks maxBytes (after inflating), for bytes and strings', () => {
    const text = 'https://example.com/ä\n'; // 23 bytes, 22 characters
    expect(thrownBy(() => parseTextSitemap(encoder.encode(text), { maxBytes: 10 })).code).toBe('INPUT_TOO_LARGE');
    expect(thrownBy(() => parseTextSitemap(gzip(encoder.encode(text)), { maxBytes: 10 })).code).toBe('INPUT_TOO_LARGE');
    expect(thrownBy(() => parseTextSitemap(text, { maxBytes: 22 })).code).toBe('INPUT_TOO_LARGE');
    expect(locs(text)).toEqual(['https://example.com/ä']);
    expect(parseTextSitemap(text, { maxBytes: 23 }).urls).toHaveLength(1);
    expect(thrownBy(() => parseTextSitemap(text, { maxBytes: -1 })).code).toBe('INPUT_INVALID_OPTION');
  });

  it('throws INPUT_ENCODING at the first byte that is not UTF-8; recover reads on with U+FFFD', () => {
    const bytes = new Uint8Array([...encoder.encode('https://example.com/a\n\u00e9 https://example.com/'), 0xff, ...encoder.encode('x\n')]);
    const error = thrownBy(() => parseTextSitemap(bytes));
    expect(error).toMatchObject({ code: 'INPUT_ENCODING', line: 2, column: 23, offset: 45 });
    const result = parseTextSitemap(bytes, { recover: true });
    expect(result.urls.map((url) => url.loc)).toEqual(['https://example.com/a']);
    expect(result.issues.map(brief)).toEqual([
      { code: 'INPUT_ENCODING', severity: 'error', line: 2, column: 23 },
      { code: 'SITEMAP_BAD_LOC', severity: 'error', line: 2, column: 1 },
    ]);
    // A U+FFFD written as such is text like any other, not an encoding error.
    expect(parseTextSitemap(encoder.encode('https://example.com/\ufffd\n')).issues.map((issue) => issue.code)).toEqual(['SITEMAP_LOC_NOT_ESCAPED']);
  });

  it('reports more than 50,000 URLs at the 50,001st, and keeps them all', () => {
    const lines: string[] = [];
    for (let i = 0; i < 50_002; i++) {
      if (i % 10_000 === 0) lines.push(''); // before URLs 1, 10,001, 20,001 … 50,001: six blank lines
      lines.push(`https://example.com/${i}`);
    }
    const result = parseTextSitemap(lines.join('\n'));
    expect(result.urls).toHaveLength(50_002);
    expect(result.issues.map(brief)).toEqual([{ code: 'SITEMAP_TOO_MANY_URLS', severity: 'error', line: 50_007, column: 1 }]);
  });

  it('reports more than 52,428,800 bytes where the limit is crossed, for bytes and strings', () => {
    // 50,000 lines of 1,049 characters and a line end: 52,500,000 bytes. The first 52,428,800
    // bytes are 49,932 lines (52,428,600 bytes) and 200 more: the limit is crossed at 49,933:201.
    const tail = 'x'.repeat(1049 - 'https://example.com/00000/'.length);
    const lines = Array.from({ length: 50_000 }, (_, i) => `https://example.com/${String(i).padStart(5, '0')}/${tail}`);
    const text = lines.join('\n') + '\n';
    expect(text.length).toBe(52_500_000);
    for (const input of [text, encoder.encode(text)]) {
      const result = parseTextSitemap(input);
      expect(result.urls).toHaveLength(50_000);
      expect(result.issues.map(brief)).toEqual([{ code: 'SITEMAP_TOO_LARGE', severity: 'error', line: 49_933, column: 201 }]);
    }
  });
});

describe('parseTextSitemap: what is not a URL, and where', () => {
  it('leaves out lines that are no absolute http(s) URL, each an error at its line and column', () => {
    const text = [
      'https://example.com/ok', // 1
      '/relative/path', // 2
      '  # a comment', // 3
      '<p>HTML in a text file</p>', // 4
      'ftp://example.com/file', // 5
      'mailto:someone@example.com', // 6
      'https://', // 7
      'https://example.com/two words', // 8
      'https://example.com/a\tb', // 9
      'example.com/no-scheme', // 10
      'https://example.com/x\u0000y', // 11
      'https://example.com/second https://example.com/third', // 12
    ].join('\r\n');
    const result = parseTextSitemap(text);
    expect(result.urls).toEqual([{ loc: 'https://example.com/ok' }]);
    expect(result.issues.map((issue) => [issue.line, issue.column, issue.code, issue.severity, issue.value])).toEqual([
      [2, 1, 'SITEMAP_BAD_LOC', 'error', '/relative/path'],
      [3, 3, 'SITEMAP_BAD_LOC', 'error', '# a comment'],
      [4, 1, 'SITEMAP_BAD_LOC', 'error', '<p>HTML in a text file</p>'],
      [5, 1, 'SITEMAP_BAD_LOC', 'error', 'ftp://example.com/file'],
      [6, 1, 'SITEMAP_BAD_LOC', 'error', 'mailto:someone@example.com'],
      [7, 1, 'SITEMAP_BAD_LOC', 'error', 'https://'],
      [8, 24, 'SITEMAP_BAD_LOC', 'error', 'https://example.com/two words'],
      [9, 22, 'SITEMAP_BAD_LOC', 'error', 'https://example.com/a\tb'],
      [10, 1, 'SITEMAP_BAD_LOC', 'error', 'example.com/no-scheme'],
      [11, 22, 'SITEMAP_BAD_LOC', 'error', 'https://example.com/x\u0000y'],
      [12, 27, 'SITEMAP_BAD_LOC', 'error', 'https://example.com/second https://example.com/third'],
    ]);
    const messages = result.issues.map((issue) => issue.message);
    expect(messages[1]).toMatch(/comment/);
    expect(messages[2]).toMatch(/markup/);
    expect(messages[3]).toMatch(/scheme "ftp"/);
    expect(messages[5]).toMatch(/no host/);
    expect(messages[6]).toMatch(/white space/);
    expect(messages[7]).toMatch(/control character/);
  });

  it('leaves out a URL whose host has an empty label, and keeps one ending in the root dot (#22.11)', () => {
    const result = parseTextSitemap('http://.example.com/\nhttp://a..b.com/\n  https://example.com../x\nhttps://example.com./\nhttp://a..b.com/caf\u00e9\n');
    expect(result.urls).toEqual([{ loc: 'https://example.com./' }]);
    expect(result.issues.map(brief)).toEqual([
      { code: 'SITEMAP_BAD_LOC', severity: 'error', line: 1, column: 1 },
      { code: 'SITEMAP_BAD_LOC', severity: 'error', line: 2, column: 1 },
      { code: 'SITEMAP_BAD_LOC', severity: 'error', line: 3, column: 3 },
      { code: 'SITEMAP_BAD_LOC', severity: 'error', line: 5, column: 1 },
    ]);
    for (const issue of result.issues) expect(issue.message).toMatch(/empty label/);
  });

  it('keeps URLs that only need escaping, with a warning at the character (columns in code points)', () => {
    const text = '\u{1F600}\n  https://example.com/\u{1F600}/caf\u00e9\nhttps://example.com/a|b\nhttps://example.com/100%\nhttps://example.com/\u0081x\n';
    const result = parseTextSitemap(text);
    expect(result.urls.map((url) => url.loc)).toEqual([
      'https://example.com/\u{1F600}/caf\u00e9', 'https://example.com/a|b', 'https://example.com/100%', 'https://example.com/\u0081x',
    ]);
    expect(result.issues.map((issue) => [issue.line, issue.column, issue.code, issue.severity])).toEqual([
      [1, 1, 'SITEMAP_BAD_LOC', 'error'], // the emoji line: no URL
      [2, 23, 'SITEMAP_LOC_NOT_ESCAPED', 'warning'], // the emoji after "  https://example.com/"
      [3, 22, 'SITEMAP_LOC_NOT_ESCAPED', 'warning'],
      [4, 24, 'SITEMAP_LOC_NOT_ESCAPED', 'warning'],
      // A C1 control is non-ASCII to a URL parser (it percent-encodes it), not a broken line.
      [5, 21, 'SITEMAP_LOC_NOT_ESCAPED', 'warning'],
    ]);
    expect(result.issues[3]!.message).toMatch(/%25/);
  });

  it('counts an emoji as one column when pointing past it', () => {
    const result = parseTextSitemap('https://example.com/\u{1F600}\u{1F600} x');
    expect(result.issues.map(brief)).toEqual([
      { code: 'SITEMAP_BAD_LOC', severity: 'error', line: 1, column: 23 },
      { code: 'SITEMAP_EMPTY', severity: 'error', line: 1, column: 1 },
    ]);
  });

  it('reports a URL of 2,048 characters (a warning) and over (an error), and keeps both', () => {
    const prefix = 'https://example.com/';
    const at = prefix + 'a'.repeat(2048 - prefix.length);
    const over = prefix + '\u00e9'.repeat(2049 - prefix.length);
    const result = parseTextSitemap(`${at}\n${over}\n${at.slice(1)}`);
    expect(result.urls.map((url) => url.loc)).toEqual([at, over]);
    expect(result.issues.filter((issue) => issue.code === 'SITEMAP_LOC_LENGTH').map(brief)).toEqual([
      { code: 'SITEMAP_LOC_LENGTH', severity: 'warning', line: 1, column: 1 },
      { code: 'SITEMAP_LOC_LENGTH', severity: 'error', line: 2, column: 1 },
    ]);
  });

  it('lists the first 1,000 lines left out and counts the rest in one issue', () => {
    const result = parseTextSitemap('not a url\n'.repeat(1500) + 'https://example.com/');
    expect(result.urls).toEqual([{ loc: 'https://example.com/' }]);
    expect(result.issues).toHaveLength(1001);
    expect(result.issues[1000]).toMatchObject({ code: 'SITEMAP_BAD_LOC', line: 1001, column: 1, message: expect.stringMatching(/^500 more lines/) });
  });
});

describe('parseTextSitemap: another format handed in', () => {
  const page = '\r\n  <!DOCTYPE html>\n<html><head><title>Not found</title></head>\n<body>\nhttps://example.com/\n</body></html>\n';

  it('throws SITEMAP_HTML at the first "<" of an HTML page', () => {
    const error = thrownBy(() => parseTextSitemap(page));
    expect(error).toMatchObject({ code: 'SITEMAP_HTML', line: 2, column: 3, offset: 4 });
    expect(thrownBy(() => parseTextSitemap(gzip(encoder.encode(page)))).code).toBe('SITEMAP_HTML');
  });

  it('in recover mode reports the page and reads what it can', () => {
    const result = parseTextSitemap(page, { recover: true });
    expect(result.urls).toEqual([{ loc: 'https://example.com/' }]);
    expect(result.issues.map(brief)).toEqual([
      { code: 'SITEMAP_HTML', severity: 'error', line: 2, column: 3 },
      { code: 'SITEMAP_BAD_LOC', severity: 'error', line: 2, column: 3 },
      { code: 'SITEMAP_BAD_LOC', severity: 'error', line: 3, column: 1 },
      { code: 'SITEMAP_BAD_LOC', severity: 'error', line: 4, column: 1 },
      { code: 'SITEMAP_BAD_LOC', severity: 'error', line: 6, column: 1 },
    ]);
  });

  it('throws SITEMAP_NOT_A_SITEMAP for XML, naming the function that reads it', () => {
    const cases: Array<[string, RegExp]> = [
      ['<?xml version="1.0"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>', /XML sitemap \(<urlset>\): read it with parse\(\)/],
      ['<!-- index --><sitemapindex/>', /sitemap index \(<sitemapindex>\)/],
      ['<rss version="2.0"><channel/></rss>', /RSS feed \(<rss>\): read it with parseFeed\(\)/],
      ['<a:feed xmlns:a="http://www.w3.org/2005/Atom"/>', /Atom feed \(<feed>\): read it with parseFeed\(\)/],
      ['<note>hello</note>', /markup \(<note>\)/],
    ];
    for (const [text, message] of cases) {
      const error = thrownBy(() => parseTextSitemap(text));
      expect(error.code).toBe('SITEMAP_NOT_A_SITEMAP');
      expect(error.message).toMatch(message);
      expect([error.line, error.column]).toEqual([1, 1]);
    }
  });
});

describe('parseTextSitemap: properties', () => {
  const lineEnd = fc.constantFrom('\n', '\r\n', '\r');
  const blank = fc.constantFrom('', ' ', '\t', '  \t ');
  /** A text sitemap of `urls`: each URL with blanks around it, then one or more line ends, some lines blank. */
  const document = fc.array(fc.webUrl({ validSchemes: ['http', 'https'], withQueryParameters: true, withFragments: true }), { minLength: 1, maxLength: 40 })
    .chain((urls) => fc.tuple(fc.constant(urls), fc.array(fc.tuple(blank, blank, lineEnd, fc.array(fc.tuple(blank, lineEnd), { maxLength: 2 })), { minLength: urls.length, maxLength: urls.length }), fc.boolean())
      .map(([list, layout, bom]) => ({
        urls: list,
        text: (bom ? '\ufeff' : '') + list.map((url, i) => {
          const [before, after, end, blanks] = layout[i]!;
          return before + url + after + end + blanks.map(([space, blankEnd]) => space + blankEnd).join('');
        }).join(''),
      })));

  it('reads any list of valid URLs, one per line with any line ends and blank lines, back as the same list', () => {
    fc.assert(fc.property(document, fc.boolean(), ({ urls, text }, asBytes) => {
      const result = parseTextSitemap(asBytes ? encoder.encode(text) : text);
      expect(result.urls.map((url) => url.loc)).toEqual(urls);
      expect(result.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    }));
  });

  it('never throws on arbitrary text in recover mode, and keeps only http(s) URLs without white space or C0 controls', () => {
    fc.assert(fc.property(fc.string({ unit: 'binary' }), (text) => {
      const result = parseTextSitemap(text, { recover: true });
      for (const url of result.urls) expect(url.loc).toMatch(/^https?:\/\/[^\x00-\x20\x7f]+$/i);
    }));
  });
});

describe('TextSitemapLines: a text sitemap read as it arrives (the crawl)', () => {
  /** The URLs and issues of `bytes` pushed in `cuts` pieces, INPUT_ENCODING first as parseTextSitemap has it. */
  function readInPieces(bytes: Uint8Array, cuts: number[]): { urls: string[]; issues: Issue[] } {
    const issues: Issue[] = [];
    let encoding: Issue | undefined;
    const lines = new TextSitemapLines((issue) => issues.push(issue), (issue) => { encoding = issue; });
    const urls: string[] = [];
    let at = 0;
    for (const cut of [...cuts.filter((cut) => cut > 0 && cut < bytes.length)].sort((a, b) => a - b).concat(bytes.length)) {
      for (const url of lines.push(bytes.subarray(at, cut))) urls.push(url.loc);
      at = cut;
    }
    for (const url of lines.end()) urls.push(url.loc);
    return { urls, issues: encoding ? [encoding, ...issues] : issues };
  }

  // Lines of every kind: URLs, ones to escape, too long, not URLs, blank; any line ends; bytes that are no UTF-8.
  const line = fc.oneof(
    fc.webUrl({ validSchemes: ['http', 'https'] }),
    fc.constantFrom('https://example.com/caf\u00e9', 'https://example.com/a b', '/relative', '# comment', '<p>markup</p>', 'ftp://example.com/x', 'https://example.com/%zz', `https://example.com/${'x'.repeat(2100)}`, '', ' \t ', 'https://\u00e9xample.com/\ud83d\ude00'),
  );
  const piece = fc.oneof({ weight: 8, arbitrary: line.map((text) => encoder.encode(text)) }, { weight: 1, arbitrary: fc.constantFrom(new Uint8Array([0xff]), new Uint8Array([0xe2, 0x82]), new Uint8Array([0xc0, 0xaf]), new Uint8Array([0xef, 0xbf, 0xbd])) });
  // It starts with a URL, as any file the crawl reads so does (sniffFormat says 'text': no markup first).
  const file = fc.tuple(fc.boolean(), fc.webUrl({ validSchemes: ['http', 'https'] }), fc.array(fc.tuple(fc.array(piece, { minLength: 1, maxLength: 2 }), fc.constantFrom('\n', '\r\n', '\r', '\n\n', '\r\r\n')), { maxLength: 60 }), fc.boolean())
    .map(([bom, first, lines, endsWithBreak]) => {
      const parts: Uint8Array[] = bom ? [new Uint8Array([0xef, 0xbb, 0xbf])] : [];
      parts.push(encoder.encode(`${first}${lines.length > 0 ? '\n' : ''}`));
      lines.forEach(([pieces, end], index) => {
        parts.push(...pieces);
        if (index < lines.length - 1 || endsWithBreak) parts.push(encoder.encode(end));
      });
      const bytes = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
      let at = 0;
      for (const part of parts) { bytes.set(part, at); at += part.length; }
      return bytes;
    });

  it('gives the URLs and issues parseTextSitemap gives for the whole file, however its bytes are cut', () => {
    fc.assert(fc.property(file, fc.array(fc.nat(), { maxLength: 30 }), (bytes, cuts) => {
      expect(sniffFormat(bytes)).toBe('text');
      const whole = parseTextSitemap(bytes, { recover: true, maxBytes: Infinity });
      // A cut after every byte too: a CR alone at a piece's end, a byte-order mark split.
      for (const pieces of [cuts.map((cut) => cut % (bytes.length + 1)), Array.from({ length: bytes.length }, (_, i) => i)]) {
        const read = readInPieces(bytes, pieces);
        expect(read.urls).toEqual(whole.urls.map((url) => url.loc));
        expect(read.issues).toEqual(whole.issues);
      }
    }), { numRuns: 300 });
  });

  it('counts lines, URLs and bytes across pieces: the 50,001st URL, the 1,001st bad line and the size limit where a whole file has them', () => {
    const long = `https://example.com/${'p'.repeat(1100)}`;
    const text = `${Array.from({ length: 1005 }, (_, i) => `bad line ${i}`).join('\r\n')}\r\n${Array.from({ length: 50_001 }, (_, i) => `${long}/${i}`).join('\n')}\n`;
    const bytes = encoder.encode(text);
    expect(bytes.length).toBeGreaterThan(52_428_800);
    const whole = parseTextSitemap(bytes, { recover: true, maxBytes: Infinity });
    expect(whole.issues.map((issue) => issue.code).filter((code) => code !== 'SITEMAP_BAD_LOC')).toEqual(['SITEMAP_TOO_MANY_URLS', 'SITEMAP_TOO_LARGE']);
    expect(whole.issues.filter((issue) => issue.code === 'SITEMAP_BAD_LOC')).toHaveLength(1001);
    const read = readInPieces(bytes, Array.from({ length: 900 }, (_, i) => i * 65_521 + 7));
    expect(read.urls).toHaveLength(50_001);
    expect(read.issues).toEqual(whole.issues);
  });
});

describe('parseTextSitemap: the corpus', async () => {
  const manifest = await loadCorpusManifest();
  /** Files named .txt that are not robots.txt files: the text sitemaps and one file that only looks like one. */
  const textFiles = manifest.filter((entry) => entry.category === 'text' || (entry.file.endsWith('.txt') && entry.category !== 'robots'));
  /**
   * odd/chrome-viewer-paste-sitemap.txt is an XML <urlset> (its url_count counts <url>s) with a
   * line of prose from Chrome's XML viewer before it: as text, no line of it is a URL. It does
   * not start with "<", so nothing says "another format" before the lines are read.
   */
  const EXPECTED_URLS: Record<string, number> = { 'odd/chrome-viewer-paste-sitemap.txt': 0 };

  it('has the text files MANIFEST.tsv lists', () => {
    expect(textFiles.map((entry) => entry.file).sort()).toEqual([
      'odd/chrome-viewer-paste-sitemap.txt', 'text/bom-rawamp-urllist-405.txt', 'text/gsitecrawler-urllist-140.txt',
      'text/livejournal-sitemap-1396.txt', 'text/xmlsitemaps-urllist-24.txt',
    ]);
  });

  for (const entry of textFiles) {
    const expected = EXPECTED_URLS[entry.file] ?? entry.urlCount;
    it(`${entry.file}: reads ${expected} URLs (url_count ${entry.urlCount})`, async () => {
      const bytes = await loadCorpusFile(entry.file);
      const result = parseTextSitemap(bytes);
      expect(result.urls).toHaveLength(expected);
      if (entry.category === 'text') {
        expect(result.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
        // The same list from a string, and from gzip.
        expect(parseTextSitemap(new TextDecoder().decode(bytes)).urls).toEqual(result.urls);
        expect(parseTextSitemap(gzip(bytes)).urls).toEqual(result.urls);
      }
    });
  }

  it('text/bom-rawamp-urllist-405.txt: its BOM is skipped and its mis-decoded Persian URLs kept with a warning', async () => {
    const result = parseTextSitemap(await loadCorpusFile('text/bom-rawamp-urllist-405.txt'));
    expect(result.urls[0]).toEqual({ loc: 'http://www.bazaremarzi.com' });
    expect(new Set(result.issues.map((issue) => issue.code))).toEqual(new Set(['SITEMAP_LOC_NOT_ESCAPED']));
  });

  it('text/livejournal-sitemap-1396.txt: the URLs of urlset/livejournal-1396.xml, in the same order', async () => {
    const text = parseTextSitemap(await loadCorpusFile('text/livejournal-sitemap-1396.txt'));
    const xml = new TextDecoder().decode(await loadCorpusFile('urlset/livejournal-1396.xml'));
    const xmlLocs = [...xml.matchAll(/<loc>\s*([^<]*?)\s*<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
    // The files differ in one URL, as committed: line 1,139 of the text is …/cat/s1.html, the XML has …/cat/s.html1.
    expect(xmlLocs[1138]).toBe('http://www.livejournal.com/support/faq/cat/s.html1');
    xmlLocs[1138] = 'http://www.livejournal.com/support/faq/cat/s1.html';
    expect(text.urls.map((url) => url.loc)).toEqual(xmlLocs);
  });

  it('odd/chrome-viewer-paste-sitemap.txt: every line is an issue, and the file is empty as a text sitemap', async () => {
    const result = parseTextSitemap(await loadCorpusFile('odd/chrome-viewer-paste-sitemap.txt'));
    expect(result.issues[0]).toMatchObject({ code: 'SITEMAP_BAD_LOC', line: 1, column: 1 });
    expect(result.issues[1]).toMatchObject({ code: 'SITEMAP_BAD_LOC', line: 2, column: 1, message: expect.stringMatching(/markup/) });
    expect(result.issues.at(-1)).toMatchObject({ code: 'SITEMAP_EMPTY' });
  });
});

describe('parseTextSitemap: the README example', () => {
  it('runs as written there', () => {
    const text = parseTextSitemap('https://example.com/\r\nhttps://example.com/about\n\n/relative\n');
    expect(text.urls).toEqual([{ loc: 'https://example.com/' }, { loc: 'https://example.com/about' }]);
    expect(text.issues.map(brief)).toEqual([{ code: 'SITEMAP_BAD_LOC', severity: 'error', line: 4, column: 1 }]);
  });
});

describe('parse() on a text sitemap and on feeds', () => {
  it('points to parseTextSitemap and parseFeed', () => {
    const text = 'https://example.com/a\nhttps://example.com/b\n';
    expect(() => parse(text)).toThrow(expect.objectContaining({ code: 'XML_TEXT_OUTSIDE_ROOT', line: 1, column: 1, message: expect.stringMatching(/read it with parseTextSitemap\(\)/) }));
    const recovered = parse(text, { recover: true });
    expect(recovered.issues[0]!.message).toMatch(/parseTextSitemap/);
    expect(parseTextSitemap(text).urls).toEqual([{ loc: 'https://example.com/a' }, { loc: 'https://example.com/b' }]);
    expect(() => parse('<rss version="2.0"><channel></channel></rss>')).toThrow(/RSS feed \(<rss>\): read it with parseFeed\(\)/);
    expect(() => parse('<feed xmlns="http://www.w3.org/2005/Atom"></feed>')).toThrow(/Atom feed \(<feed>\): read it with parseFeed\(\)/);
    // Other text at the start keeps the usual message.
    expect(() => parse('Not Found')).toThrow(expect.objectContaining({ message: expect.not.stringMatching(/parseTextSitemap/) }));
  });

  it('refuses null options with SitemapError, as parse() does', () => {
    expect(() => parseTextSitemap('https://example.com/', null as never)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID_OPTION' }));
    expect(() => parseFeed('<rss/>', null as never)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID_OPTION' }));
  });
});
