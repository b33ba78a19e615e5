// Behaviour of validate() (src/check/validate.ts, src/values/url-check.ts, src/values/datetime.ts): one test per rule
// of SPEC.md §1-2, each with the exact line and column reported, both profiles where they differ,
// the Search Console names (§6), statistics, and "never throws for bad data" (§5).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gzip, parse, searchConsoleReport, SITEMAP_NAMESPACE, SitemapError, validate, type Issue, type SitemapInput, type ValidateOptions, type ValidateResult } from '../src/index';
import { collapseWhitespace, isPlainHttpUrl, isXsdAnyUri, LocScan, outOfScope, readLocationScope, scanLoc } from '../src/values/url-check';
import { acquireCore, getCore, loadBuildForTesting, releaseCore } from '../src/core/wasm';
import { coreLocScans as coreScans } from './core-loc-scans';
import { positionOfNeedle } from './fixtures';

const NS = SITEMAP_NAMESPACE;
const encoder = new TextEncoder();
const NOW = new Date('2026-11-22T00:00:00Z');

const urlset = (body: string, attributes = '') => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}"${attributes}>\n${body}\n</urlset>\n`;
const sitemapindex = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${NS}">\n${body}\n</sitemapindex>\n`;
const url = (inner: string) => `  <url>${inner}</url>`;


function run(document: SitemapInput, options: ValidateOptions = {}): ValidateResult {
  return validate(document, { now: NOW, ...options });
}

/** The issues with `code`; fails when there are none. */
function issuesWith(result: ValidateResult, code: string): Issue[] {
  const found = result.issues.filter((issue) => issue.code === code);
  expect(found, `expected ${code} in ${JSON.stringify(result.issues, null, 1)}`).not.toHaveLength(0);
  return found;
}

function only(result: ValidateResult, code: string): Issue {
  const found = issuesWith(result, code);
  expect(found).toHaveLength(1);
  return found[0]!;
}

const codes = (result: ValidateResult) => result.issues.map((issue) => issue.code);

describe('validate: a valid sitemap', () => {
  const document = urlset([
    url('<loc>https://example.com/</loc><lastmod>2024-05-01</lastmod><changefreq>daily</changefreq><priority>0.8</priority>'),
    url('<loc>https://example.com/a?x=1&amp;y=2</loc><lastmod>2024-05-02T10:00:00+02:00</lastmod>'),
  ].join('\n'));

  it('has no issues in either profile, and stats', () => {
    for (const profile of ['google', 'xsd'] as const) {
      const result = run(document, { profile });
      expect(result.issues).toEqual([]);
      expect(result.valid).toBe(true);
      expect(result.kind).toBe('urlset');
    }
    const { stats } = run(document);
    expect(stats.entries).toBe(2);
    // A string has no size as given: bytes is its UTF-8 length.
    expect(stats.bytes).toBe(encoder.encode(document).length);
    expect(stats.uncompressedBytes).toBe(encoder.encode(document).length);
    expect(stats.gzipped).toBe(false);
    expect(stats.hosts).toEqual([{ host: 'example.com', entries: 2 }]);
    expect(stats.extensions).toEqual([]);
    expect(stats.lastmod).toEqual({ min: '2024-05-01', max: '2024-05-02T10:00:00+02:00' });
  });

  it('reads gzip and bytes the same as the string; bytes is the size as given', () => {
    const bytes = encoder.encode(document);
    const zipped = gzip(bytes);
    const result = run(zipped);
    expect(result.valid).toBe(true);
    expect(result.stats.gzipped).toBe(true);
    expect(result.stats.bytes).toBe(zipped.length);
    expect(result.stats.uncompressedBytes).toBe(bytes.length);
    expect(run(bytes.buffer.slice(0) as ArrayBuffer).stats.entries).toBe(2);
  });

  it('checks what a truncated .gz inflates to, beside GZIP_INVALID (as parse in recover mode reads it)', () => {
    const many = urlset(Array.from({ length: 2000 }, (_, i) => url(`<loc>https://example.com/${i}</loc><lastmod>2020-13-01</lastmod>`)).join('\n'));
    const zipped = gzip(encoder.encode(many));
    const cut = zipped.subarray(0, zipped.length >> 1);
    const result = run(cut);
    expect(result.valid).toBe(false);
    expect(codes(result).filter((code) => code === 'GZIP_INVALID')).toHaveLength(1);
    const badDates = issuesWith(result, 'SITEMAP_BAD_LASTMOD');
    expect(badDates.length).toBeGreaterThan(100); // each readable entry was checked
    expect(result.stats.entries).toBe(badDates.length);
    expect(result.stats.uncompressedBytes).toBeGreaterThan(0);
    // The cut: the damage, the elements left open, and the entry it fell in.
    expect(codes(result).filter((code) => code !== 'SITEMAP_BAD_LASTMOD')).toEqual(['GZIP_INVALID', 'SITEMAP_TRUNCATED_ENTRY', 'XML_UNCLOSED_ELEMENT']);
  });

  it('puts an encoding it cannot decode at the declaration, as parse() does', () => {
    const bytes = new TextEncoder().encode(`<?xml version="1.0" encoding="x-no-such-encoding"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}"><url><loc>https://example.com/\u00e9</loc></url></urlset>`);
    const issue = only(run(bytes), 'INPUT_ENCODING');
    let thrown: SitemapError | undefined;
    try { parse(bytes); } catch (error) { thrown = error as SitemapError; }
    expect(thrown?.code).toBe('INPUT_ENCODING');
    expect([issue.line, issue.column]).toEqual([thrown!.line, thrown!.column]);
    expect([issue.line, issue.column]).toEqual([1, 21]);
    expect(issue.message).not.toMatch(/\(line \d+, column \d+\)$/);
  });

  it('says a file name given as the document is one, without a position in its message', () => {
    const issue = only(run('sitemap.xml'), 'XML_TEXT_OUTSIDE_ROOT');
    expect(issue.message).toMatch(/"sitemap\.xml", not a sitemap document/);
    expect(issue.message).not.toMatch(/\(line \d+, column \d+\)$/);
    expect([issue.line, issue.column]).toEqual([1, 1]);
  });

  it('is valid for a sitemap index', () => {
    const result = run(sitemapindex('  <sitemap><lastmod>2024-01-01</lastmod><loc>https://example.com/s1.xml</loc></sitemap>'), { profile: 'xsd' });
    // siteindex.xsd's xsd:all: lastmod may come first.
    expect(result.issues).toEqual([]);
    expect(result.kind).toBe('sitemapindex');
    expect(result.stats.entries).toBe(1);
  });
});

describe('validate: document-level rules', () => {
  it('reports a missing, legacy or wrong namespace as an error naming the expected one', () => {
    for (const namespace of ['', 'http://www.google.com/schemas/sitemap/0.84', 'https://www.sitemaps.org/schemas/sitemap/0.9', 'urn:other']) {
      const document = `<?xml version="1.0"?>\n<urlset${namespace ? ` xmlns="${namespace}"` : ''}><url><loc>https://example.com/</loc></url></urlset>`;
      for (const profile of ['google', 'xsd'] as const) {
        const result = run(document, { profile });
        const issue = only(result, 'SITEMAP_NAMESPACE');
        expect(issue.severity).toBe('error');
        expect(issue.message).toContain(NS);
        expect([issue.line, issue.column]).toEqual([2, 1]);
        expect(searchConsoleReport.SITEMAP_NAMESPACE).toBe('Incorrect namespace');
        expect(result.valid).toBe(false);
        expect(result.stats.entries).toBe(1);
      }
    }
  });

  it('makes a declared encoding other than UTF-8 an error (google) at the declaration; a warning for xsd', () => {
    const document = '<?xml version="1.0" encoding="ISO-8859-1"?>\n<urlset xmlns="' + NS + '"><url><loc>https://example.com/</loc></url></urlset>';
    const bytes = encoder.encode(document);
    const issue = only(run(bytes), 'INPUT_ENCODING');
    expect(issue.severity).toBe('error');
    expect([issue.line, issue.column]).toEqual([1, positionOfNeedle(document, 'encoding=').column]);
    expect(only(run(bytes, { profile: 'xsd' }), 'INPUT_ENCODING').severity).toBe('warning');
    // A string's declaration is checked too.
    const fromString = only(run(document), 'INPUT_ENCODING');
    expect(fromString.severity).toBe('error');
    expect(fromString.value).toBe('ISO-8859-1');
    // A UTF-16 byte-order mark: sniffed, reported, converted.
    const utf16 = new Uint8Array([0xff, 0xfe, ...Array.from(urlset(url('<loc>https://example.com/</loc>')).replace('UTF-8', 'UTF-16')).flatMap((c) => [c.charCodeAt(0), 0])]);
    const sniffed = run(utf16);
    expect(only(sniffed, 'INPUT_ENCODING').severity).toBe('error');
    expect(sniffed.stats.entries).toBe(1);
  });

  it('reports white space before the XML declaration as "Leading whitespace"', () => {
    const result = run('  \n' + urlset(url('<loc>https://example.com/</loc>')));
    const issue = only(result, 'XML_DECL_NOT_AT_START');
    expect([issue.line, issue.column]).toEqual([2, 1]);
    expect(searchConsoleReport[issue.code as keyof typeof searchConsoleReport]).toBe('Leading whitespace');
    expect(result.valid).toBe(false);
  });

  it('recognises an HTML page ("Sitemap is HTML") without throwing, at its <html>', () => {
    const page = '<!-- served for a 404 -->\n<!DOCTYPE html>\n<html><body><p>Not found</body></html>';
    const result = run(page);
    expect(codes(result)).toEqual(['SITEMAP_HTML']);
    expect([result.issues[0]!.line, result.issues[0]!.column]).toEqual([2, 1]);
    expect(searchConsoleReport.SITEMAP_HTML).toBe('Sitemap is HTML');
    expect(result.valid).toBe(false);
    expect(result.kind).toBeUndefined();
  });

  it('reports another root as an issue, not a throw', () => {
    const result = run('<?xml version="1.0"?>\n<rss version="2.0"><channel/></rss>');
    const issue = only(result, 'SITEMAP_NOT_A_SITEMAP');
    expect([issue.line, issue.column]).toEqual([2, 1]);
    expect(result.valid).toBe(false);
  });

  it('reports malformed XML with positions and keeps validating the rest', () => {
    const document = urlset([url('<loc>https://example.com/?a=1&b=2</loc>'), url('<loc>https://example.com/b</loc><priority>2</priority>')].join('\n'));
    const result = run(document);
    const entity = only(result, 'XML_BAD_ENTITY');
    expect(entity.severity).toBe('error');
    expect(entity.line).toBe(positionOfNeedle(document, '&b=').line);
    const priority = only(result, 'SITEMAP_BAD_PRIORITY');
    expect([priority.line, priority.column]).toEqual([positionOfNeedle(document, '2</priority>').line, positionOfNeedle(document, '2</priority>').column]);
  });

  it('reports an empty document and an empty sitemap as "Empty sitemap"', () => {
    const empty = run('');
    expect(codes(empty)).toEqual(['INPUT_EMPTY']);
    expect(searchConsoleReport.INPUT_EMPTY).toBe('Empty sitemap');
    const document = `<?xml version="1.0"?>\n<urlset xmlns="${NS}"/>`;
    for (const profile of ['google', 'xsd'] as const) {
      const issue = only(run(document, { profile }), 'SITEMAP_EMPTY');
      expect(issue.severity).toBe('error');
      expect([issue.line, issue.column]).toEqual([2, 1]);
    }
    expect(searchConsoleReport.SITEMAP_EMPTY).toBe('Empty sitemap');
    expect(only(run(sitemapindex('')), 'SITEMAP_EMPTY').message).toContain('<sitemap>');
  });

  it('reports more than 50,000 entries at the 50,001st', () => {
    const entries = Array.from({ length: 50_001 }, (_, i) => `<url><loc>https://example.com/${i}</loc></url>`);
    const document = urlset(entries.join('\n'));
    const result = run(document);
    const issue = only(result, 'SITEMAP_TOO_MANY_URLS');
    expect(issue.severity).toBe('error');
    expect([issue.line, issue.column]).toEqual([3 + 50_000, 1]);
    expect(issue.path).toBe('urlset/url[50001]');
    expect(searchConsoleReport.SITEMAP_TOO_MANY_URLS).toBe('Too many URLs');
    expect(result.stats.entries).toBe(50_001);
    // The XSD has no such limit: a warning in the xsd profile.
    expect(only(run(document, { profile: 'xsd' }), 'SITEMAP_TOO_MANY_URLS').severity).toBe('warning');
    expect(run(urlset(entries.slice(0, 50_000).join('\n'))).valid).toBe(true);
  });

  it('reports more than 52,428,800 bytes uncompressed, where the limit is crossed', () => {
    const head = urlset(url('<loc>https://example.com/</loc>')).replace('</urlset>', '');
    const padding = 52_428_800 - head.length; // the limit falls right after this comment's first characters
    const document = head + '<!--' + 'x'.repeat(padding) + '-->\n</urlset>\n';
    const result = run(gzip(encoder.encode(document), 1));
    const issue = only(result, 'SITEMAP_TOO_LARGE');
    expect(issue.severity).toBe('error');
    // Byte 52,428,800 (0-based) is character `padding` of the comment's line.
    expect([issue.line, issue.column]).toEqual([head.split('\n').length, padding + 1]);
    expect(searchConsoleReport.SITEMAP_TOO_LARGE).toBe('Sitemap file size error');
    expect(result.stats.uncompressedBytes).toBe(document.length);
    expect(only(run(document, { profile: 'xsd' }), 'SITEMAP_TOO_LARGE').severity).toBe('warning');
    const exactly = head + '<!--' + 'x'.repeat(52_428_800 - head.length - 17) + '-->\n</urlset>';
    expect(encoder.encode(exactly).length).toBe(52_428_800);
    expect(codes(run(exactly))).not.toContain('SITEMAP_TOO_LARGE');
  }, 60_000); // gzips and reads ~200 MB in all: seconds on a loaded 2-core machine
});

describe('validate: structure of entries', () => {
  it('requires a loc in each url, at the url', () => {
    const document = urlset([url('<loc>https://example.com/</loc>'), url('<lastmod>2024-01-01</lastmod>')].join('\n'));
    const issue = only(run(document), 'SITEMAP_MISSING_LOC');
    expect(issue.severity).toBe('error');
    expect([issue.line, issue.column]).toEqual([4, 3]);
    expect(issue.path).toBe('urlset/url[2]');
    expect(searchConsoleReport.SITEMAP_MISSING_LOC).toBe('Missing XML tag');
  });

  it('requires exactly one loc; other fields once (an error for xsd, a warning for google)', () => {
    const document = urlset(url('<loc>https://example.com/</loc><lastmod>2024-01-01</lastmod><lastmod>2024-01-02</lastmod>\n<loc>https://example.com/2</loc>'));
    const google = run(document);
    const fields = issuesWith(google, 'SITEMAP_DUPLICATE_FIELD');
    const loc = fields.find((issue) => issue.path.endsWith('/loc'))!;
    expect(loc.severity).toBe('error');
    expect([loc.line, loc.column]).toEqual([4, 1]);
    expect(fields.find((issue) => issue.path.endsWith('/lastmod'))!.severity).toBe('warning');
    expect(issuesWith(run(document, { profile: 'xsd' }), 'SITEMAP_DUPLICATE_FIELD').every((issue) => issue.severity === 'error')).toBe(true);
  });

  it('checks the child order of sitemap.xsd (an error for xsd, a warning for google); not in an index', () => {
    const document = urlset(url('<loc>https://example.com/</loc><changefreq>daily</changefreq>\n    <lastmod>2024-01-01</lastmod>'));
    const xsd = only(run(document, { profile: 'xsd' }), 'SITEMAP_CHILD_ORDER');
    expect(xsd.severity).toBe('error');
    expect([xsd.line, xsd.column]).toEqual([4, 5]);
    expect(xsd.path).toBe('urlset/url[1]/lastmod');
    expect(only(run(document), 'SITEMAP_CHILD_ORDER').severity).toBe('warning');
    // A sitemap field after an extension element breaks sitemap.xsd's sequence too.
    const afterExtension = urlset(url('<loc>https://example.com/</loc><x:y xmlns:x="urn:x"/><priority>0.5</priority>'));
    expect(only(run(afterExtension, { profile: 'xsd' }), 'SITEMAP_CHILD_ORDER').line).toBe(3);
    expect(run(sitemapindex('<sitemap><lastmod>2024-01-01</lastmod><loc>https://example.com/a.xml</loc></sitemap>'), { profile: 'xsd' }).issues).toEqual([]);
  });

  it('refuses unknown elements in the sitemap namespace and allows extensions in other namespaces', () => {
    const document = urlset(url('<loc>https://example.com/</loc>\n<title>Home</title><image:image xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><image:loc>https://example.com/i.png</image:loc></image:image>'));
    for (const profile of ['google', 'xsd'] as const) {
      const result = run(document, { profile });
      const issue = only(result, 'SITEMAP_UNKNOWN_ELEMENT');
      expect(issue.severity).toBe('error');
      expect([issue.line, issue.column]).toEqual([4, 1]);
      expect(issue.path).toBe('urlset/url[1]/title');
      expect(result.issues).toHaveLength(1); // the image extension is allowed
      expect(result.stats.extensions).toEqual(['http://www.google.com/schemas/sitemap-image/1.1']);
    }
  });

  it('reports foreign elements directly in <urlset> or in a sitemap index entry (an error for xsd, a warning for google)', () => {
    const document = urlset(`${url('<loc>https://example.com/</loc>')}\n  <x:note xmlns:x="urn:x">hi</x:note>`);
    const xsd = only(run(document, { profile: 'xsd' }), 'SITEMAP_UNEXPECTED_ELEMENT');
    expect(xsd.severity).toBe('error');
    expect([xsd.line, xsd.column]).toEqual([4, 3]);
    expect(only(run(document), 'SITEMAP_UNEXPECTED_ELEMENT').severity).toBe('warning');
    const index = sitemapindex('<sitemap><loc>https://example.com/a.xml</loc>\n<x:note xmlns:x="urn:x"/></sitemap>');
    expect(only(run(index, { profile: 'xsd' }), 'SITEMAP_UNEXPECTED_ELEMENT').line).toBe(4);
  });

  it('reports a <sitemap> inside a <urlset> and a <url> inside a <sitemapindex>', () => {
    const inUrlset = urlset(`${url('<loc>https://example.com/</loc>')}\n  <sitemap><loc>https://example.com/s.xml</loc></sitemap>`);
    const issue = only(run(inUrlset), 'SITEMAP_WRONG_ENTRY');
    expect([issue.line, issue.column, issue.severity]).toEqual([4, 3, 'error']);
    const inIndex = sitemapindex('<sitemap><loc>https://example.com/s.xml</loc></sitemap>\n<url><loc>https://example.com/</loc></url>');
    expect([only(run(inIndex), 'SITEMAP_WRONG_ENTRY').line]).toEqual([4]);
  });

  it('reports text where only elements belong, at its first character', () => {
    const document = urlset(`  <url>\n    oops <loc>https://example.com/</loc></url>`);
    const xsd = only(run(document, { profile: 'xsd' }), 'SITEMAP_UNEXPECTED_TEXT');
    expect([xsd.line, xsd.column, xsd.severity, xsd.value]).toEqual([4, 5, 'error', 'oops']);
    expect(xsd.path).toBe('urlset/url[1]');
    expect(only(run(document), 'SITEMAP_UNEXPECTED_TEXT').severity).toBe('warning');
    // Only XML white space is trimmed off the value shown: a no-break space is the text itself.
    const nbsp = only(run(urlset(`  <url>&#160;<loc>https://example.com/</loc></url>`), { profile: 'xsd' }), 'SITEMAP_UNEXPECTED_TEXT');
    expect([nbsp.line, nbsp.column, nbsp.value]).toEqual([3, 8, '\u00a0']);
  });

  it('reports elements inside a value', () => {
    const document = urlset(url('<loc>https://example.com/<b>x</b></loc>'));
    const issue = only(run(document), 'SITEMAP_UNEXPECTED_ELEMENT');
    expect([issue.line, issue.column, issue.severity]).toEqual([3, positionOfNeedle(document, '<b>').column, 'error']);
    expect(issue.path).toBe('urlset/url[1]/loc/b');
  });

  it('reports undeclared attributes on sitemap elements, but not xsi:*', () => {
    const xsi = ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd"';
    expect(run(urlset(url('<loc>https://example.com/</loc>'), xsi), { profile: 'xsd' }).issues).toEqual([]);
    const document = urlset('  <url id="7"><loc>https://example.com/</loc></url>');
    const issue = only(run(document, { profile: 'xsd' }), 'SITEMAP_UNEXPECTED_ATTRIBUTE');
    expect([issue.line, issue.column, issue.severity, issue.value]).toEqual([3, 8, 'error', '7']);
    expect(only(run(document), 'SITEMAP_UNEXPECTED_ATTRIBUTE').severity).toBe('warning');
  });

  it('reports each issue with a path like urlset/url[41]/lastmod', () => {
    const entries = Array.from({ length: 41 }, (_, i) => url(`<loc>https://example.com/${i}</loc><lastmod>${i === 40 ? '2024-13-01' : '2024-01-01'}</lastmod>`));
    const document = urlset(entries.join('\n'));
    const issue = only(run(document), 'SITEMAP_BAD_LASTMOD');
    expect(issue.path).toBe('urlset/url[41]/lastmod');
    expect([issue.line, issue.column]).toEqual([positionOfNeedle(document, '2024-13-01').line, positionOfNeedle(document, '2024-13-01').column]);
  });
});

describe('validate: <loc>', () => {
  const check = (loc: string, options: ValidateOptions = {}) => run(urlset(url(`<loc>${loc}</loc>`)), options);

  it('accepts absolute http and https URLs', () => {
    for (const loc of ['http://example.com/', 'https://example.com/a/b?c=d&amp;e=f#g', 'HTTPS://EXAMPLE.COM/', 'https://example.com:8443/x', 'https://example.com/%E2%82%AC']) {
      expect(check(loc).issues, loc).toEqual([]);
    }
  });

  it('needs an absolute http(s) URL (google: error; xsd: only when it is not a URI reference)', () => {
    const cases: Array<[string, string]> = [
      ['/relative/path/page', 'not an absolute URL'],
      ['ftp://example.com/file', 'scheme "ftp"'],
      ['mailto:someone@example.com', 'scheme "mailto"'],
      ['https:///path/only', 'no host'],
    ];
    for (const [loc, words] of cases) {
      const issue = only(check(loc), 'SITEMAP_BAD_LOC');
      expect(issue.severity, loc).toBe('error');
      expect(issue.message).toContain(words);
      expect([issue.line, issue.column]).toEqual([3, 13]);
      expect(issue.value).toBe(loc);
      // The XSD accepts these URI references: a warning there.
      expect(check(loc, { profile: 'xsd' }).valid, loc).toBe(true);
    }
    const xsd = check('..https://example.com/a', { profile: 'xsd' });
    expect(issuesWith(xsd, 'SITEMAP_BAD_LOC').some((issue) => issue.severity === 'error' && issue.message.includes('RFC 3986'))).toBe(true);
    expect(searchConsoleReport.SITEMAP_BAD_LOC).toBe('Invalid URL');
  });

  it('refuses a host with an empty label, in the core\'s scan and the string scan alike (#22.11)', () => {
    for (const loc of ['http://.example.com/', 'http://a..b.com/', 'https://example.com../x', 'https://./', 'https://user@.example.com/', 'https://a..b.com:8080/', 'https://u:p@/x', 'http://a..b.com/caf\u00e9']) {
      for (const profile of ['google', 'xsd'] as const) {
        const issue = only(check(loc, { profile }), 'SITEMAP_BAD_LOC');
        expect(issue.severity, loc).toBe(profile === 'google' ? 'error' : 'warning'); // the XSD takes any reg-name
        expect(issue.message, loc).toMatch(loc === 'https://u:p@/x' ? /no host/ : /empty label/);
        expect([issue.line, issue.column, issue.value]).toEqual([3, 13, loc]);
      }
    }
    // One dot at the end is the DNS root; an IP literal has no labels; dots elsewhere are fine.
    for (const loc of ['https://example.com./', 'https://[::ffff:1.2.3.4]/', 'https://[::1]:8080/a..b', 'https://a.b.c.example.com/..x?y=a..b#..', 'https://u.@example.com/']) {
      expect(check(loc).issues, loc).toEqual([]);
    }
  });

  it('is empty: an error', () => {
    for (const loc of ['', '   ']) {
      const issue = only(check(loc), 'SITEMAP_BAD_LOC');
      expect(issue.message).toContain('empty');
      expect([issue.line, issue.column]).toEqual([3, 8]); // the <loc> element when there is no value
    }
    expect(check('', { profile: 'xsd' }).valid).toBe(false);
  });

  it('needs escaping: spaces, control characters and bad % are errors (google); non-ASCII and {}| warnings', () => {
    expect(only(check('https://example.com/a b'), 'SITEMAP_BAD_LOC').message).toContain('space');
    expect(only(check('https://example.com/a&#9;b'), 'SITEMAP_BAD_LOC').message).toContain('control character');
    expect(only(check('https://example.com/100%'), 'SITEMAP_BAD_LOC').message).toContain('%25');
    const nonAscii = check('https://example.com/café');
    expect(nonAscii.valid).toBe(true);
    expect(only(nonAscii, 'SITEMAP_LOC_NOT_ESCAPED').severity).toBe('warning');
    expect(only(check('https://example.com/{id}'), 'SITEMAP_LOC_NOT_ESCAPED').message).toContain('"{"');
    // The XSD's anyURI lets spaces and non-ASCII through (libxml2 replaces them before parsing): warnings.
    const spaced = check('https://example.com/a b', { profile: 'xsd' });
    expect(spaced.valid).toBe(true);
    expect(only(spaced, 'SITEMAP_BAD_LOC').severity).toBe('warning');
    expect(check('https://example.com/100%', { profile: 'xsd' }).valid).toBe(false);
  });

  it('is under 2,048 characters: 2,048 is a warning (the XSD allows it), 2,049 an error', () => {
    const base = 'https://example.com/';
    const exactly = base + 'a'.repeat(2048 - base.length);
    const exact = only(check(exactly), 'SITEMAP_LOC_LENGTH');
    expect(exact.severity).toBe('warning');
    expect(check(exactly, { profile: 'xsd' }).valid).toBe(true);
    for (const profile of ['google', 'xsd'] as const) {
      const over = only(check(exactly + 'a', { profile }), 'SITEMAP_LOC_LENGTH');
      expect(over.severity).toBe('error');
      expect(over.message).toContain('2,049');
    }
  });

  it('is at least 12 characters in the xsd profile (an error), a warning in the google profile', () => {
    const issue = only(check('http://a.co', { profile: 'xsd' }), 'SITEMAP_LOC_LENGTH');
    expect([issue.severity, issue.line, issue.column]).toEqual(['error', 3, 13]);
    const google = only(check('http://a.co'), 'SITEMAP_LOC_LENGTH');
    expect([google.severity, google.line, google.column, google.value, google.path]).toEqual(['warning', 3, 13, 'http://a.co', 'urlset/url[1]/loc']);
    expect(google.message).toBe('<loc> is 11 characters long; sitemap.xsd wants at least 12 (an error in the xsd profile; Google has no minimum)');
    expect(check('http://a.co').valid).toBe(true);
    for (const profile of ['google', 'xsd'] as const) {
      expect(check('http://ab.co', { profile }).issues, profile).toEqual([]);
      // A short host with a longer path is long enough (the core's clean-loc path decides by the host's end).
      expect(check('http://a.c/long/path', { profile }).issues, profile).toEqual([]);
    }
  });

  it('counts the minimum length without the white space around the loc, in every way a loc is read', () => {
    // A whole entry (the core's path), white space around the loc, a comment splitting it, CDATA, an entity.
    const forms = ['<loc>http://a.co</loc><lastmod>2024-01-01</lastmod>', '<loc>\n      http://a.co\n    </loc>', '<loc>http://a<!-- -->.co</loc>', '<loc><![CDATA[http://a.co]]></loc>', '<loc>http://a&#46;co</loc>'];
    for (const inner of forms) {
      const document = urlset(url(inner));
      const google = only(run(document), 'SITEMAP_LOC_LENGTH');
      const xsd = only(run(document, { profile: 'xsd' }), 'SITEMAP_LOC_LENGTH');
      expect([google.severity, xsd.severity], inner).toEqual(['warning', 'error']);
      expect([google.line, google.column], inner).toEqual([xsd.line, xsd.column]);
      expect(google.value, inner).toBe('http://a.co');
      expect(run(document).issues, inner).toHaveLength(1);
    }
  });

  it('points at the value past leading white space and newlines', () => {
    const document = urlset('  <url>\n    <loc>\n      https://example.com/a b\n    </loc>\n  </url>');
    const issue = only(run(document), 'SITEMAP_BAD_LOC');
    expect([issue.line, issue.column]).toEqual([5, 7]);
    expect(issue.path).toBe('urlset/url[1]/loc');
  });

  it('warns about duplicate locs, at the second one', () => {
    const document = urlset([url('<loc>https://example.com/a</loc>'), url('<loc>https://example.com/b</loc>'), url('<loc>https://example.com/a</loc>')].join('\n'));
    const issue = only(run(document), 'SITEMAP_DUPLICATE_LOC');
    expect([issue.severity, issue.line, issue.column, issue.path]).toEqual(['warning', 5, 13, 'urlset/url[3]/loc']);
    expect(issue.message).toContain('<url> 1');
  });

  it('finds duplicates whichever way each loc was read (bytes, entities, CDATA, non-ASCII, white space)', () => {
    const document = urlset([
      url('<loc>https://example.com/a?x=1&amp;y=2</loc>'), // read from its bytes, entity decoded
      url('<loc><![CDATA[https://example.com/a?x=1&y=2]]></loc>'), // CDATA: read from the string
      url('<loc>\n   https://example.com/a?x=1&#38;y=2\n</loc>'), // a character reference: the string
      url('<loc>https://example.com/café</loc>'),
      url('<loc>https://example.com/caf&#233;</loc>'),
    ].join('\n'));
    const duplicates = issuesWith(run(document), 'SITEMAP_DUPLICATE_LOC');
    expect(duplicates.map((issue) => [issue.path, issue.message.endsWith('<url> 1') || issue.message.endsWith('<url> 4')])).toEqual([
      ['urlset/url[2]/loc', true], ['urlset/url[3]/loc', true], ['urlset/url[5]/loc', true],
    ]);
    expect(duplicates[1]!.line).toBe(6);
    expect(duplicates[1]!.column).toBe(4);
  });
});

describe('validate: duplicate locs, kept by the core\'s loc set (assembly/loc-set.ts)', () => {
  /** Ways to write the same loc: whole entries (the core adds the loc) and record by record (JS adds it). */
  const FORMS: Array<(loc: string) => string> = [
    (loc) => `<loc>${loc.replace(/&/g, '&amp;')}</loc>`, // plain: a whole entry
    (loc) => `<loc>\n  ${loc.replace(/&/g, '&amp;')}\n</loc><changefreq>daily</changefreq>`, // whole, trimmed
    (loc) => `<loc><![CDATA[${loc}]]></loc>`, // CDATA: record by record
    (loc) => `<loc>${loc.replace(/&/g, '&amp;').replace(/\//, '<!-- c -->/')}</loc>`, // text in two runs
    (loc) => `<loc>${loc.replace(/&/g, '&amp;')}</loc><x:y xmlns:x="urn:x">1</x:y>`, // an EntryHead
    (loc) => `<loc>${[...loc].map((c) => `&#${c.codePointAt(0)};`).join('')}</loc>`, // character references
  ];

  /** SITEMAP_DUPLICATE_LOC as [entry number, first entry number], and the reference from the locs themselves. */
  function duplicatesOf(locs: string[], forms: number[]): { found: number[][]; expected: number[][] } {
    const document = urlset(locs.map((loc, i) => url(FORMS[forms[i]! % FORMS.length]!(loc))).join('\n'));
    const found = run(document).issues.filter((issue) => issue.code === 'SITEMAP_DUPLICATE_LOC')
      .map((issue) => [Number(/url\[(\d+)\]/.exec(issue.path)![1]), Number(/ (\d+)$/.exec(issue.message)![1])]);
    const first = new Map<string, number>();
    const expected: number[][] = [];
    locs.forEach((loc, i) => {
      const seen = first.get(loc);
      if (seen === undefined) first.set(loc, i + 1);
      else expected.push([i + 1, seen]);
    });
    return { found, expected };
  }

  it('names the first entry whichever way each copy was written, in either order', () => {
    const locs = ['https://example.com/a?x=1&y=2', 'https://example.com/b', 'https://example.com/a?x=1&y=2', 'https://example.com/café', 'https://example.com/b', 'https://example.com/café'];
    for (let first = 0; first < FORMS.length; first++) {
      for (let second = 0; second < FORMS.length; second++) {
        const forms = [first, second, second, first, first, second];
        const { found, expected } = duplicatesOf(locs, forms);
        expect(found, `forms ${forms}`).toEqual(expected);
        expect(found).toHaveLength(3);
      }
    }
  });

  it('keeps locs at and past its 4,096-byte limit apart from shorter ones, exactly', () => {
    const base = 'https://example.com/';
    const at = base + 'a'.repeat(4096 - base.length); // 4,096 bytes: in the set
    const over = at + 'b'; // 4,097 bytes: kept by string in JS
    const wide = base + 'é'.repeat(2100); // 4,220 bytes but 2,120 units: kept by string in JS
    const locs = [at, over, wide, at, over, wide, over.slice(0, -1), wide + 'x'];
    for (let form = 0; form < FORMS.length; form++) {
      const forms = locs.map((_, i) => (form + i) % FORMS.length);
      const { found, expected } = duplicatesOf(locs, forms);
      expect(found, `forms ${forms}`).toEqual(expected);
      expect(found).toHaveLength(4);
    }
  });

  it('over many input windows and batches, as the set and its table grow (fast-check)', () => {
    // ~70,000 entries of ~60 bytes: past the core's 1 MiB window and 65,536-record batches, and
    // past the set's first sizes, with copies of earlier locs in every form at random places.
    fc.assert(fc.property(fc.integer({ min: 1, max: 2 ** 31 - 1 }), (seed) => {
      let state = seed;
      const random = (n: number) => { state = (Math.imul(state, 48271) + 11) % 2147483647; return Math.abs(state) % n; };
      const locs: string[] = [];
      const forms: number[] = [];
      for (let i = 0; i < 70_000; i++) {
        const copy = i > 0 && random(10) === 0;
        locs.push(copy ? locs[random(i)]! : `https://example.com/${i.toString(36)}/${random(1000)}`);
        forms.push(random(20) === 0 ? 1 + random(FORMS.length - 1) : 0);
      }
      const { found, expected } = duplicatesOf(locs, forms);
      expect(found.length).toBeGreaterThan(5000);
      expect(found).toEqual(expected);
    }), { numRuns: 3 });
  });

  it('names the first entry when copies come within the group of locs the core adds together, and just past it', () => {
    // The core adds whole entries' locs in groups of 64 (tokenizer.ts addPendingLocs), in order:
    // a copy in the same group as the first, at a group's edge, and in the next groups.
    const locs: string[] = [];
    for (let i = 0; i < 600; i++) {
      const back = [1, 2, 63, 64, 65, 127, 128, 129][i % 8]!;
      locs.push(i >= back && i % 3 === 0 ? locs[i - back]! : `https://example.com/${i}`);
    }
    for (const everyOther of [false, true]) {
      // Every other entry with a CDATA loc (JS adds it, between the core's groups) or none.
      const { found, expected } = duplicatesOf(locs, locs.map((_, i) => (everyOther && i % 2 ? 2 : 0)));
      expect(found.length).toBeGreaterThan(150);
      expect(found).toEqual(expected);
    }
  });

  it('keeps thousands of locs that only JS adds, batch after batch', () => {
    // Only CDATA locs: the core adds none, so every add comes from JS while it reads a batch.
    const locs = Array.from({ length: 30_000 }, (_, i) => `https://example.com/${i % 25_000}`);
    const { found, expected } = duplicatesOf(locs, locs.map(() => 2));
    expect(found).toHaveLength(5000);
    expect(found).toEqual(expected);
  });

  it('reuses its blocks document after document, and replaces one too small for a batch', () => {
    // The set keeps the locs' bytes in 256 KiB blocks, reused by the next document: one of
    // ~20,000 locs fills a few; then a document whose first batch holds 600 KB of text reserves
    // more than a block (the block made for the first document is replaced); then the first again.
    const many = Array.from({ length: 20_000 }, (_, i) => `https://example.com/${i % 15_000}/${'p'.repeat(40)}`);
    const first = duplicatesOf(many, many.map(() => 0));
    expect(first.found).toHaveLength(5000);
    expect(first.found).toEqual(first.expected);
    const big = urlset([
      url(`<loc>https://example.com/big</loc><x:note xmlns:x="urn:x">${'n'.repeat(600_000)}</x:note>`),
      ...many.slice(0, 3000).map((loc) => url(`<loc>${loc}</loc>`)),
      url('<loc>https://example.com/big</loc>'),
      url(`<loc>${many[2999]}</loc>`),
    ].join('\n'));
    const found = run(big).issues.filter((issue) => issue.code === 'SITEMAP_DUPLICATE_LOC').map((issue) => [Number(/url\[(\d+)\]/.exec(issue.path)![1]), Number(/ (\d+)$/.exec(issue.message)![1])]);
    expect(found).toEqual([[3002, 1], [3003, 3001]]);
    expect(duplicatesOf(many, many.map(() => 0))).toEqual(first);
  });

  it('gives its core instance back once done, errors or not', () => {
    const documents = [urlset(url('<loc>https://example.com/</loc>')), '<urlset', '<html><body>no</body></html>', '<rss version="2.0"></rss>'];
    for (const document of documents) {
      run(document);
      expect(getCore().busy, document).toBe(false);
    }
  });

  it('grows for long locs that only JS adds, without moving memory under the batch being read', () => {
    // ~24 MB of 4,000-byte CDATA locs: the set's store outgrows the core's memory, and every add
    // comes from JS while it reads a batch, so the core must have made the room before each batch.
    const locs = Array.from({ length: 6000 }, (_, i) => `https://example.com/${(i % 5400).toString().padStart(4, '0')}/${'x'.repeat(3970)}`);
    const { found, expected } = duplicatesOf(locs, locs.map(() => 2));
    expect(found).toHaveLength(600);
    expect(found).toEqual(expected);
  });

  it('does not keep a core whose memory a huge document grew: the next document gets a fresh one', () => {
    const document = urlset(url('<loc>https://example.com/a</loc>') + url('<loc>https://example.com/a</loc>'));
    const before = getCore();
    expect(before.exports.memory.buffer.byteLength).toBeLessThan(64 * 2 ** 20);
    const grown = acquireCore();
    expect(grown).toBe(before);
    grown.exports.reserveInput(40 * 2 ** 20); // a 40 MiB construct: the window and its arenas grow memory past 64 MiB
    expect(grown.exports.memory.buffer.byteLength).toBeGreaterThan(64 * 2 ** 20);
    releaseCore(grown);
    const after = getCore();
    expect(after).not.toBe(before);
    expect(after.exports.memory.buffer.byteLength).toBeLessThan(64 * 2 ** 20);
    expect(issuesWith(run(document), 'SITEMAP_DUPLICATE_LOC')).toHaveLength(1); // and it works
  });

  it('answers hreflang reciprocity with the locs of whole entries after the document ends', () => {
    const XHTML = 'http://www.w3.org/1999/xhtml';
    const link = (lang: string, href: string) => `<xhtml:link rel="alternate" hreflang="${lang}" href="${href}"/>`;
    const document = urlset([
      url(`<loc>https://example.com/en</loc>${link('en', 'https://example.com/en')}${link('de', 'https://example.com/de')}${link('fr', 'https://example.com/fr')}`),
      url('<loc>https://example.com/de</loc>'), // listed, plain: a whole entry, so only in the core's set
    ].join('\n'), ` xmlns:xhtml="${XHTML}"`);
    const noReturn = issuesWith(run(document), 'HREFLANG_NO_RETURN_LINK');
    expect(noReturn.map((issue) => issue.value)).toEqual(['https://example.com/de']); // fr is not in the file
  });
});

describe('validate: location, host and directory scope', () => {
  const entries = (...locs: string[]) => urlset(locs.map((loc) => url(`<loc>${loc}</loc>`)).join('\n'));

  it('accepts locs on the same protocol, host and port, at or below the directory', () => {
    const document = entries('https://example.com/catalog/', 'https://example.com/catalog/a/b', 'https://EXAMPLE.com:443/catalog/c');
    expect(run(document, { location: 'https://example.com/catalog/sitemap.xml' }).issues).toEqual([]);
  });

  it('refuses other hosts, protocols, ports and directories ("URL not allowed")', () => {
    const locs = ['https://other.com/catalog/a', 'http://example.com/catalog/a', 'https://example.com:8443/catalog/a', 'https://example.com/other/a'];
    const document = entries(...locs);
    const result = run(document, { location: 'https://example.com/catalog/sitemap.xml' });
    const issues = issuesWith(result, 'SITEMAP_LOC_NOT_ALLOWED');
    expect(issues.map((issue) => issue.value)).toEqual(locs);
    expect(issues.map((issue) => issue.line)).toEqual([3, 4, 5, 6]);
    expect(issues.every((issue) => issue.severity === 'error' && issue.column === 13)).toBe(true);
    expect(searchConsoleReport.SITEMAP_LOC_NOT_ALLOWED).toBe('URL not allowed');
    // The XSD knows nothing of locations.
    expect(run(document, { location: 'https://example.com/catalog/sitemap.xml', profile: 'xsd' }).valid).toBe(true);
  });

  it('resolves dot-segments and percent-encoded unreserved characters before the directory check', () => {
    const location = 'https://example.com/catalog/sitemap.xml';
    const outside = ['https://example.com/catalog/../secret/a', 'https://example.com/catalog/%2e%2E/secret/a', 'https://example.com/catalog/./../a', 'https://example.com/catalog/sub/../../a'];
    const inside = ['https://example.com/%63atalog/a', 'https://example.com/catalog/sub/../a', 'https://example.com/catalog/./b', 'https://example.com/catalog/.well-known/c', 'https://example.com/catalog/d?next=/../e'];
    const result = run(entries(...outside, ...inside), { location });
    expect(issuesWith(result, 'SITEMAP_LOC_NOT_ALLOWED').map((issue) => issue.value)).toEqual(outside);
    // An index entry that climbs out of the index's directory is refused the same way.
    const index = sitemapindex('<sitemap><loc>https://example.com/public/../private/s.xml</loc></sitemap>');
    expect(only(run(index, { location: 'https://example.com/public/sitemap_index.xml' }), 'SITEMAP_LOC_NOT_ALLOWED').value).toBe('https://example.com/public/../private/s.xml');
  });

  it('lifts the host rule for cross-submitted hosts', () => {
    const document = entries('https://other.com/anything');
    expect(run(document, { location: 'https://example.com/sitemap.xml', crossSubmit: ['other.com'] }).issues).toEqual([]);
    expect(run(document, { location: 'https://example.com/sitemap.xml', crossSubmit: ['third.com'] }).valid).toBe(false);
  });

  it('checks an index: children in its directory or below, not itself, no nested index', () => {
    const document = sitemapindex([
      '<sitemap><loc>https://example.com/public/shared/a.xml</loc></sitemap>',
      '<sitemap><loc>https://example.com/other/b.xml</loc></sitemap>',
      '<sitemap><loc>https://example.com/public/sitemap_index.xml</loc></sitemap>',
      '<sitemap><loc>https://example.com/public/nested.xml</loc></sitemap>',
    ].join('\n'));
    const result = run(document, {
      location: 'https://example.com/public/sitemap_index.xml',
      childKinds: new Map([['https://example.com/public/nested.xml', 'sitemapindex'], ['https://example.com/public/shared/a.xml', 'urlset']]),
    });
    expect(only(result, 'SITEMAP_LOC_NOT_ALLOWED').line).toBe(4);
    const itself = only(result, 'INDEX_LISTS_ITSELF');
    expect([itself.line, itself.column, itself.severity]).toEqual([5, 15, 'error']);
    const nested = only(result, 'INDEX_NESTED');
    expect([nested.line, nested.severity]).toEqual([6, 'error']);
    expect(searchConsoleReport.INDEX_NESTED).toBe('Nested sitemap indexes');
    // childKinds as a plain record works the same.
    const record = run(document, { childKinds: { 'https://example.com/public/nested.xml': 'sitemapindex' } });
    expect(codes(record)).toEqual(['INDEX_NESTED']);
  });

  it('requires a loc in each index entry', () => {
    const issue = only(run(sitemapindex('<sitemap><lastmod>2024-01-01</lastmod></sitemap>')), 'SITEMAP_MISSING_LOC');
    expect([issue.line, issue.column, issue.severity]).toEqual([3, 1, 'error']);
  });
});

describe('validate: <lastmod>, <changefreq>, <priority>', () => {
  const withLastmod = (value: string, options: ValidateOptions = {}) => run(urlset(url(`<loc>https://example.com/</loc><lastmod>${value}</lastmod>`)), options);

  it('takes the W3C Datetime forms in the google profile, the XSD forms in the xsd profile', () => {
    const table: Array<[string, boolean, boolean]> = [
      // value, google, xsd
      ['2024', true, false],
      ['2024-05', true, false],
      ['2024-05-01', true, true],
      ['2024-05-01T10:00Z', true, false],
      ['2024-05-01T10:00:00+02:00', true, true],
      ['2024-05-01T10:00:00.123Z', true, true],
      ['2024-05-01T10:00:00', false, true],
      ['2024-05-01Z', false, true],
      ['2024-05-01 10:00:00', false, false],
      ['05/01/2024', false, false],
    ];
    for (const [value, google, xsd] of table) {
      expect(withLastmod(value).valid, `google ${value}`).toBe(google);
      expect(withLastmod(value, { profile: 'xsd' }).valid, `xsd ${value}`).toBe(xsd);
    }
    const missingZone = only(withLastmod('2024-05-01T10:00:00'), 'SITEMAP_BAD_LASTMOD');
    expect(missingZone.message).toContain('time zone');
    expect([missingZone.line, missingZone.column]).toEqual([3, 48]);
    expect(searchConsoleReport.SITEMAP_BAD_LASTMOD).toBe('Invalid date');
  });

  it('warns in each profile about a lastmod only the other profile refuses (an error there), at the value', () => {
    // W3C Datetime (Google) takes these, sitemap.xsd does not.
    for (const value of ['2024', '2024-05', '2024-01-01T10:00Z', '2024-01-01T10:00+02:00']) {
      const google = only(withLastmod(value), 'SITEMAP_BAD_LASTMOD');
      expect([google.severity, google.line, google.column, google.value, google.path], value).toEqual(['warning', 3, 48, value, 'urlset/url[1]/lastmod']);
      expect(google.message, value).toMatch(/is not an xsd:date or xsd:dateTime .*: sitemap\.xsd refuses it \(an error in the xsd profile\); W3C Datetime and Google accept it$/);
      expect(withLastmod(value).issues, value).toHaveLength(1);
      const xsd = only(withLastmod(value, { profile: 'xsd' }), 'SITEMAP_BAD_LASTMOD');
      expect([xsd.severity, xsd.line, xsd.column], value).toEqual(['error', 3, 48]);
    }
    // sitemap.xsd takes these, W3C Datetime (Google) does not.
    const xsdOnly: Array<[string, string]> = [
      ['2024-01-01T10:00:00', 'has a time but no time zone'],
      ['2024-01-01T10:00:00.5', 'has a time but no time zone'],
      ['2024-01-01Z', 'is not W3C Datetime'],
      ['2024-01-01+02:00', 'is not W3C Datetime'],
      ['-2024-01-01', 'is not W3C Datetime'],
      ['10000-01-01', 'is not W3C Datetime'],
      ['2024-01-01T24:00:00Z', 'is not a real date and time'],
    ];
    for (const [value, why] of xsdOnly) {
      const xsd = only(withLastmod(value, { profile: 'xsd' }), 'SITEMAP_BAD_LASTMOD');
      expect([xsd.severity, xsd.line, xsd.column, xsd.value], value).toEqual(['warning', 3, 48, value]);
      expect(xsd.message, value).toContain(`<lastmod> "${value}" ${why}`);
      expect(xsd.message, value).toMatch(/: Google and W3C Datetime refuse it \(an error in the google profile\); sitemap\.xsd accepts it$/);
      expect(withLastmod(value, { profile: 'xsd' }).valid, value).toBe(true);
      const google = only(withLastmod(value), 'SITEMAP_BAD_LASTMOD');
      expect([google.severity, google.line, google.column], value).toEqual(['error', 3, 48]);
    }
    // What both accept, and what both refuse, gets no warning on top.
    for (const value of ['2024-05-01', '2024-05-01T10:00:00+02:00', '2024-05-01T10:00:00.123Z', '0999-05-01']) {
      for (const profile of ['google', 'xsd'] as const) expect(withLastmod(value, { profile }).issues, `${profile} ${value}`).toEqual([]);
    }
    for (const value of ['2023-02-29', '05/01/2024']) {
      for (const profile of ['google', 'xsd'] as const) expect(codes(withLastmod(value, { profile })), `${profile} ${value}`).toEqual(['SITEMAP_BAD_LASTMOD']);
    }
  });

  it('gives the cross-profile lastmod warning however the value is read, and keeps the value in the stats', () => {
    // A whole entry (the core reads it), white space around it, a comment inside, CDATA, an entry with an extension first.
    const image = ' xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"';
    const forms = [
      '<loc>https://example.com/</loc><lastmod>2024-05</lastmod>',
      '<loc>https://example.com/</loc><lastmod>\n  2024-05\n</lastmod>',
      '<loc>https://example.com/</loc><lastmod>2024<!-- -->-05</lastmod>',
      '<loc>https://example.com/</loc><lastmod><![CDATA[2024-05]]></lastmod>',
      '<loc>https://example.com/</loc><image:image><image:loc>https://example.com/i.png</image:loc></image:image><lastmod>2024-05</lastmod>',
    ];
    for (const inner of forms) {
      const document = urlset(url(inner), image);
      const result = run(document);
      const issue = only(result, 'SITEMAP_BAD_LASTMOD');
      expect([issue.severity, issue.value], inner).toEqual(['warning', '2024-05']);
      // At the value (a CDATA section: at its start, as for any issue about a value written so).
      expect({ line: issue.line, column: issue.column }, inner).toEqual(positionOfNeedle(document, inner.includes('CDATA') ? '<![CDATA[' : '2024'));
      expect(result.stats.lastmod, inner).toEqual({ min: '2024-05', max: '2024-05' });
      const xsd = only(run(document, { profile: 'xsd' }), 'SITEMAP_BAD_LASTMOD');
      expect([xsd.severity, xsd.line, xsd.column], inner).toEqual(['error', issue.line, issue.column]);
    }
    // With a future-date warning too: both, in that order.
    expect(withLastmod('2027-01', {}).issues.map((issue) => [issue.code, issue.severity])).toEqual([['SITEMAP_BAD_LASTMOD', 'warning'], ['SITEMAP_FUTURE_LASTMOD', 'warning']]);
  });

  it('wants a real calendar date and time', () => {
    for (const value of ['2023-02-29', '2024-04-31', '2024-13-01', '2024-00-10', '2024-05-01T25:00:00Z', '2024-05-01T10:60:00Z', '2024-05-01T10:00:60Z']) {
      for (const profile of ['google', 'xsd'] as const) {
        const issue = only(withLastmod(value, { profile }), 'SITEMAP_BAD_LASTMOD');
        expect(issue.message, value).toContain('real date');
      }
    }
    expect(withLastmod('2024-02-29').valid).toBe(true);
    expect(withLastmod('2000-02-29', { profile: 'xsd' }).valid).toBe(true);
    expect(withLastmod('1900-02-29', { profile: 'xsd' }).valid).toBe(false);
  });

  it('warns about dates in the future, relative to `now`', () => {
    const issue = only(withLastmod('2026-12-01'), 'SITEMAP_FUTURE_LASTMOD');
    expect(issue.severity).toBe('warning');
    expect(withLastmod('2026-12-01', { now: new Date('2027-01-01') }).issues).toEqual([]);
    expect(withLastmod('2026-11-22').issues).toEqual([]); // today is not the future
    expect(withLastmod('2026-11-22T01:00:00Z').issues.map((i) => i.code)).toEqual(['SITEMAP_FUTURE_LASTMOD']);
  });

  it('wants one of the seven lowercase changefreq values (xsd: without white space)', () => {
    const withChangefreq = (value: string, options: ValidateOptions = {}) => run(urlset(url(`<loc>https://example.com/</loc><changefreq>${value}</changefreq>`)), options);
    expect(withChangefreq('weekly').issues).toEqual([]);
    const upper = only(withChangefreq('Weekly'), 'SITEMAP_BAD_CHANGEFREQ');
    expect([upper.line, upper.column, upper.severity]).toEqual([3, 51, 'error']);
    expect(upper.message).toContain('lowercase');
    expect(only(withChangefreq('fortnightly'), 'SITEMAP_BAD_CHANGEFREQ').message).toContain('always, hourly');
    expect(withChangefreq(' weekly ').valid).toBe(true);
    expect(only(withChangefreq(' weekly ', { profile: 'xsd' }), 'SITEMAP_BAD_CHANGEFREQ').message).toContain('white space');
  });

  it('warns about white space around a changefreq in the google profile (sitemap.xsd refuses it), at the value', () => {
    const withChangefreq = (inner: string, options: ValidateOptions = {}) => run(urlset(url(`<loc>https://example.com/</loc>${inner}`)), options);
    // A whole entry (the core classifies the value), and with a comment inside (the string is read).
    for (const inner of ['<changefreq> weekly </changefreq>', '<changefreq>\tweekly</changefreq><priority>0.5</priority>', '<changefreq>weekly\n</changefreq>', '<changefreq> week<!-- -->ly</changefreq>']) {
      const google = only(withChangefreq(inner), 'SITEMAP_BAD_CHANGEFREQ');
      const xsd = only(withChangefreq(inner, { profile: 'xsd' }), 'SITEMAP_BAD_CHANGEFREQ');
      expect([google.severity, xsd.severity], inner).toEqual(['warning', 'error']);
      expect([google.line, google.column, google.value, google.path], inner).toEqual([xsd.line, xsd.column, 'weekly', 'urlset/url[1]/changefreq']);
      expect(google.message, inner).toBe('<changefreq> "weekly" has white space around it, which sitemap.xsd does not allow (an error in the xsd profile; Google ignores it)');
      expect(withChangefreq(inner).issues, inner).toHaveLength(1);
    }
    expect(only(withChangefreq('<changefreq> weekly </changefreq>'), 'SITEMAP_BAD_CHANGEFREQ').column).toBe(52); // past the space
    expect(withChangefreq('<changefreq>weekly</changefreq>').issues).toEqual([]);
    expect(withChangefreq('<changefreq>week<!-- -->ly</changefreq>').issues).toEqual([]);
    // A value that is wrong anyway is one error, not an error and a warning.
    expect(withChangefreq('<changefreq> Weekly </changefreq>').issues.map((issue) => issue.severity)).toEqual(['error']);
  });

  it('wants a decimal priority in 0.0-1.0', () => {
    const withPriority = (value: string, options: ValidateOptions = {}) => run(urlset(url(`<loc>https://example.com/</loc><priority>${value}</priority>`)), options);
    for (const value of ['0', '0.0', '1', '1.0', '.5', '1.', '+0.5', '-0']) expect(withPriority(value, { profile: 'xsd' }).valid, value).toBe(true);
    for (const value of ['1.5', '-0.1', 'high', '0,5', '1e0', '.', '']) {
      const issue = only(withPriority(value), 'SITEMAP_BAD_PRIORITY');
      expect(issue.severity, value).toBe('error');
      expect(issue.line).toBe(3);
    }
    expect(only(withPriority('1.5'), 'SITEMAP_BAD_PRIORITY').column).toBe(49);
  });
});

describe('validate: results and misuse', () => {
  it('names a Search Console report for every code it reports', () => {
    const document = urlset([url('<loc>/a b</loc><lastmod>x</lastmod><changefreq>x</changefreq><priority>x</priority><foo/>'), url('<lastmod>2030-01-01</lastmod>')].join('\n'), ' bad="1"');
    const result = run(document, { profile: 'xsd' });
    expect(result.issues.length).toBeGreaterThan(6);
    for (const issue of result.issues) expect(searchConsoleReport[issue.code], issue.code).toBeTruthy();
  });

  it('lists issues in document order and is valid exactly when no issue is an error', () => {
    const document = urlset([url('<loc>https://example.com/ä</loc><priority>2</priority>'), url('<loc>https://example.com/ä</loc>')].join('\n'));
    const result = run(document);
    const positions = result.issues.map((issue) => issue.line * 1e6 + issue.column);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(result.valid).toBe(!result.issues.some((issue) => issue.severity === 'error'));
    expect(result.valid).toBe(false);
  });

  it('throws only for misuse', () => {
    const thrown = (action: () => unknown) => { try { action(); } catch (error) { return error; } return undefined; };
    expect((thrown(() => validate(42 as unknown as string)) as SitemapError).code).toBe('INPUT_TYPE');
    expect((thrown(() => validate('', { profile: 'strict' as 'xsd' })) as SitemapError).code).toBe('INPUT_INVALID_OPTION');
    expect((thrown(() => validate('', { location: 'sitemap.xml' })) as SitemapError).code).toBe('INPUT_INVALID_OPTION');
    expect(thrown(() => validate(new Uint8Array([0x1f, 0x8b, 1, 2, 3])))).toBeUndefined();
    expect(codes(validate(new Uint8Array([0x1f, 0x8b, 1, 2, 3])))).toEqual(['GZIP_INVALID']);
  });

  it('checks every option, with an INPUT_INVALID_OPTION that names it and says what it must be', () => {
    const document = urlset(url('<loc>https://example.com/</loc>'));
    const thrown = (options: unknown): SitemapError => {
      try {
        validate(document, options as ValidateOptions);
      } catch (error) {
        expect(error).toBeInstanceOf(SitemapError);
        return error as SitemapError;
      }
      throw new Error(`no error for ${String(options)}`);
    };
    const cases: Array<[unknown, string]> = [
      // The audit's case: a string, which `.map` could not take (a raw TypeError before).
      [{ crossSubmit: 'shop.example.com' }, 'crossSubmit must be a list of host names such as ["shop.example.com"], not "shop.example.com"'],
      [{ crossSubmit: null }, 'crossSubmit must be a list of host names such as ["shop.example.com"], not null'],
      [{ crossSubmit: 42 }, 'crossSubmit must be a list of host names such as ["shop.example.com"], not 42'],
      [{ crossSubmit: { host: 'shop.example.com' } }, 'crossSubmit must be a list of host names such as ["shop.example.com"], not an Object'],
      [{ crossSubmit: [42] }, 'crossSubmit must hold host names such as "shop.example.com" (not URLs), not 42'],
      [{ crossSubmit: [''] }, 'crossSubmit must hold host names such as "shop.example.com" (not URLs), not ""'],
      [{ crossSubmit: ['https://shop.example.com/'] }, 'crossSubmit must hold host names such as "shop.example.com" (not URLs), not "https://shop.example.com/"'],
      [{ childKinds: [['https://example.com/a.xml', 'sitemapindex']] }, 'childKinds must be a Map or a plain object from each child\'s loc to "urlset" or "sitemapindex", not an Array'],
      [{ childKinds: 'sitemapindex' }, 'childKinds must be a Map or a plain object from each child\'s loc to "urlset" or "sitemapindex", not "sitemapindex"'],
      [{ childKinds: new Set(['https://example.com/a.xml']) }, 'childKinds must be a Map or a plain object from each child\'s loc to "urlset" or "sitemapindex", not a Set'],
      [{ childKinds: null }, 'childKinds must be a Map or a plain object from each child\'s loc to "urlset" or "sitemapindex", not null'],
      [{ childKinds: { 'https://example.com/a.xml': 'index' } }, 'childKinds must map each child\'s loc to "urlset" or "sitemapindex"; it maps "https://example.com/a.xml" to "index"'],
      [{ childKinds: new Map([['https://example.com/a.xml', true]]) }, 'childKinds must map each child\'s loc (a string) to "urlset" or "sitemapindex"; it maps "https://example.com/a.xml" to true'],
      [{ childKinds: new Map([[new URL('https://example.com/a.xml'), 'urlset']]) }, 'childKinds must map each child\'s loc (a string) to "urlset" or "sitemapindex"; it maps a URL to "urlset"'],
      // As parse words it (NaN or null would lift the cap).
      [{ maxBytes: '1000' }, 'maxBytes must be a whole number >= 0, or Infinity for no limit; got "1000"'],
      [{ maxBytes: -1 }, 'maxBytes must be a whole number >= 0, or Infinity for no limit; got -1'],
      [{ maxBytes: Number.NaN }, 'maxBytes must be a whole number >= 0, or Infinity for no limit; got NaN'],
      [{ maxBytes: null }, 'maxBytes must be a whole number >= 0, or Infinity for no limit; got null'],
      [{ maxBytes: 1.5 }, 'maxBytes must be a whole number >= 0, or Infinity for no limit; got 1.5'],
      [{ now: '2024-01-01' }, 'now must be a valid Date, not "2024-01-01"'],
      [{ now: new Date('never') }, 'now must be a valid Date, not an Invalid Date'],
      [{ location: 'sitemap.xml' }, 'location must be an absolute URL, not "sitemap.xml"'],
      [{ location: 42 }, 'location must be an absolute URL, not 42'],
      [{ profile: 'strict' }, 'profile must be "google" or "xsd", not "strict"'],
      [{ profile: null }, 'profile must be "google" or "xsd", not null'],
      [{ location: null }, 'location must be an absolute URL, not null'],
      [{ now: null }, 'now must be a valid Date, not null'],
      [null, 'options must be an object (ValidateOptions), not null'],
      ['xsd', 'options must be an object (ValidateOptions), not "xsd"'],
    ];
    for (const [options, message] of cases) {
      const error = thrown(options);
      expect([error.code, error.message], message).toEqual(['INPUT_INVALID_OPTION', message]);
    }
    // What the types allow is taken: any iterable of hosts, a URL as location, a record without a prototype, no cap.
    const other = urlset(url('<loc>https://Shop.Example.com/a</loc>'));
    expect(run(other, { location: new URL('https://example.com/sitemap.xml'), crossSubmit: new Set(['SHOP.example.com']) }).issues).toEqual([]);
    expect(run(other, { location: 'https://example.com/sitemap.xml', crossSubmit: (function* hosts() { yield 'shop.example.com'; })() }).issues).toEqual([]);
    expect(codes(run(other, { location: 'https://example.com/sitemap.xml', crossSubmit: [] }))).toEqual(['SITEMAP_LOC_NOT_ALLOWED']);
    const kinds: Record<string, 'sitemapindex'> = Object.create(null);
    kinds['https://example.com/nested.xml'] = 'sitemapindex';
    expect(codes(run(sitemapindex('<sitemap><loc>https://example.com/nested.xml</loc></sitemap>'), { childKinds: kinds }))).toEqual(['INDEX_NESTED']);
    expect(run(document, { maxBytes: Infinity }).valid).toBe(true);
    expect(codes(run(document, { maxBytes: 0 }))).toEqual(['SITEMAP_TOO_LARGE']);
  });

  it('never throws for bad data (arbitrary bytes and mutated sitemaps)', () => {
    const base = urlset([url('<loc>https://example.com/a</loc><lastmod>2024-01-01</lastmod><changefreq>daily</changefreq><priority>0.5</priority>'), url('<loc>https://example.com/b</loc>')].join('\n'));
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      const result = validate(bytes);
      expect(typeof result.valid).toBe('boolean');
    }), { numRuns: 200 });
    fc.assert(fc.property(fc.nat(base.length), fc.nat(base.length), fc.string({ maxLength: 12 }), (start, length, insert) => {
      const mutated = base.slice(0, start) + insert + base.slice(start + length);
      for (const profile of ['google', 'xsd'] as const) {
        const result = validate(mutated, { profile, location: 'https://example.com/sitemap.xml' });
        expect(result.valid).toBe(!result.issues.some((issue) => issue.severity === 'error'));
        for (const issue of result.issues) {
          expect(issue.line).toBeGreaterThanOrEqual(0);
          expect(typeof issue.message).toBe('string');
        }
      }
    }), { numRuns: 300 });
  });
});

describe('the loc scan: the core and the string scan agree', () => {
  it('gives the same verdict, hashes and host for a value and its escaped text, in every form', () => {
    const alphabet = ['a', 'B', '0', '/', ':', '?', '#', '.', '-', '%', '%2', '%41', ' ', '\t', '&', '<', '>', '"', "'", '{', '|', '^', '`', '\\', '[', '@', '~', '\u0001', 'é'];
    const prefixes = ['https://', 'HTTP://', 'ftp:', 'mailto:', '', '/', 'http:///', 'https://Example.COM:8080'];
    const escape = (value: string, form: number) => form === 2
      ? `<![CDATA[${value.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`
      : value.replace(/[&<>"']/g, (char) => (char === '&' ? '&amp;' : char === '<' ? '&lt;' : char === '>' ? '&gt;' : form === 0 ? char : `&#${char.charCodeAt(0)};`));
    fc.assert(fc.property(fc.constantFrom(...prefixes), fc.array(fc.constantFrom(...alphabet), { maxLength: 40 }), fc.constantFrom(0, 1, 2), fc.constantFrom('', ' ', '\n  '), (prefix, parts, form, padding) => {
      const value = (prefix + parts.join('')).replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '');
      if (/[\u0001]/.test(value) && form === 2) return; // not an XML character: an error record first
      const [core] = coreScans(`<urlset><url><loc>${padding}${escape(value, form)}${padding}</loc></url></urlset>`);
      const fromString = new LocScan();
      scanLoc(value, fromString);
      if (value === '') {
        expect(core ?? null, 'an empty or blank loc has no text record to scan').toBeNull();
        return;
      }
      if (/[^\x00-\x7f]/.test(value)) {
        expect(core, 'non-ASCII values are left to the string scan').toBeNull();
        return;
      }
      if (fromString.findings !== 0) {
        expect(core, JSON.stringify(value)).toBeNull(); // found something: the string scan says where
        return;
      }
      expect(core, JSON.stringify(value)).not.toBeNull();
      expect({ ...core!, length: value.length }, JSON.stringify(value)).toEqual({ ...fromString });
    }), { numRuns: 1000 });
  });

  // The core keeps the last plain loc's scheme, host and "/" (assembly/loc-scan.ts LAST_HOST) and
  // reuses what it found of that host when the next loc starts with the same bytes: hosts that
  // start alike, differ in case, port, user information or length (over the 64 bytes it keeps).
  it('gives each loc its own host and findings whatever the locs before it (the core\'s kept last host), in the SIMD and the scalar build (fast-check)', () => {
    const schemes = ['https://', 'https://', 'https://', 'http://', 'HTTPS://'];
    const hosts = ['e.com', 'e.com', 'e.com', 'e.com', 'e.com.x', 'e.co', 'E.com', 'e.com:8080', 'e.com:80', 'e.com:08080', 'e.com:8080x', 'u@e.com', 'e..com', 'e.com.', '[::1]', `${'a'.repeat(52)}.com`, `${'a'.repeat(53)}.com`, '127.0.0.1:39889', ''];
    const tails = ['/', '/', '/a', '/p/1?q=2', '?q', '#f', '', '/x/.y', '/b%41', '/%zz'];
    const defaultBuild: 'simd' | 'scalar' = getCore().simd ? 'simd' : 'scalar';
    let hits = 0;
    try {
      for (const build of ['simd', 'scalar'] as const) {
        loadBuildForTesting(build);
        // Runs of one to three locs on a scheme and host, so that most follow one alike.
        fc.assert(fc.property(fc.array(fc.tuple(fc.constantFrom(...schemes), fc.constantFrom(...hosts), fc.array(fc.constantFrom(...tails), { minLength: 1, maxLength: 3 })), { minLength: 1, maxLength: 12 }), (parts) => {
          const values = parts.flatMap(([scheme, host, paths]) => paths.map((tail) => scheme + host + tail));
          const scans = coreScans(`<urlset>${values.map((value) => `<url><loc>${value}</loc></url>`).join('')}</urlset>`);
          expect(scans).toHaveLength(values.length);
          values.forEach((value, i) => {
            const fromString = new LocScan();
            scanLoc(value, fromString);
            if (fromString.findings !== 0) expect(scans[i], value).toBeNull();
            else {
              expect({ ...scans[i]!, length: value.length }, `${build}: ${value} after ${values[i - 1]}`).toEqual({ ...fromString });
              if (i > 0 && values[i - 1]!.slice(0, fromString.hostEnd + 1) === value.slice(0, fromString.hostEnd + 1)) hits++;
            }
          });
        }), { numRuns: 400 });
      }
    } finally {
      loadBuildForTesting(defaultBuild);
    }
    expect(hits, 'locs after one with the same scheme and host').toBeGreaterThan(500);
  });

  it('flags each character it must, at every place in 16-byte blocks and in the last bytes, in the SIMD and the scalar build', () => {
    // The SIMD build tests 16 bytes at a time, then the value's last 16 (overlapping), and short
    // values byte by byte: every length from 0 to 40 after the prefix, the character at each place.
    const characters = ['"', '%', '<', '>', '\\', '^', '`', '{', '|', '}', ' ', '\u007f', '~', '[', ']', '@', '+', '=', '!', '%4', '%41'];
    // (A space at either end is trimmed like any XML white space, so the scan sees the value without it.)
    const values: string[] = [];
    for (const character of characters) {
      for (let n = 0; n <= 40; n++) {
        for (let at = 0; at <= n; at++) values.push(`https://e.com/${'a'.repeat(at)}${character}${'b'.repeat(n - at)}`);
      }
    }
    // Host names with and without an empty label (#22.11), over 16 bytes and under.
    for (const host of ['.e.com', 'e..com', 'e.com.', 'e.com..', 'u@.e.com', 'u.@e.com', '..@e.com', 'u@', 'u:p@:80', '[::1.2]', '[::1]:8', 'e.com:8..', '.', 'a.b.c.d.e.f.g.h.i.j.k', 'a.b.c.d.e.f.g.h.i..k']) {
      for (const tail of ['', '/', '/x..y', '?a..b', '#.']) values.push(`https://${host}${tail}`);
    }
    const xmlText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    const xml = `<urlset>${values.map((value) => `<url><loc>${xmlText(value)}</loc></url>`).join('')}</urlset>`;
    const expected = values.map((value) => {
      const scan = new LocScan();
      scanLoc(value.trim(), scan);
      return scan.findings === 0;
    });
    expect(expected.filter(Boolean).length, 'the list has clean values (~ [ ] @ + = !, %41) and flagged ones').toBeGreaterThan(5000);
    expect(expected.filter((clean) => !clean).length).toBeGreaterThan(9000);
    const defaultBuild: 'simd' | 'scalar' = getCore().simd ? 'simd' : 'scalar';
    try {
      for (const build of ['simd', 'scalar'] as const) {
        loadBuildForTesting(build);
        const clean = coreScans(xml).map((scan) => scan !== null);
        const first = clean.findIndex((value, i) => value !== expected[i]);
        expect(first, `${build}: ${JSON.stringify(values[first])}`).toBe(-1);
      }
    } finally {
      loadBuildForTesting(defaultBuild);
    }
  });

  it('says where a dot-segment may be ("/" then "." or "%") as the string scan does, at every place in 16-byte blocks and in the last bytes, in the SIMD and the scalar build', () => {
    const values: string[] = [];
    for (const piece of ['/.', '/..', '/%2e', '/%2E', '/%41', '/a', './', '%41/', '/', '/./', '//.']) {
      for (let n = 0; n <= 40; n++) {
        for (let at = 0; at <= n; at++) values.push(`https://e.com${'a'.repeat(at)}${piece}${'b'.repeat(n - at)}`);
      }
    }
    const xml = `<urlset>${values.map((value) => `<url><loc>${value}</loc></url>`).join('')}</urlset>`;
    const expected = values.map((value) => {
      const scan = new LocScan();
      scanLoc(value, scan);
      expect(scan.findings, value).toBe(0);
      return scan.noDotSegment;
    });
    expect(expected.filter(Boolean).length, 'values with no dot-segment (/a, ./, %41/, /)').toBeGreaterThan(3000);
    expect(expected.filter((none) => !none).length, 'and values that may have one').toBeGreaterThan(5000);
    const defaultBuild: 'simd' | 'scalar' = getCore().simd ? 'simd' : 'scalar';
    try {
      for (const build of ['simd', 'scalar'] as const) {
        loadBuildForTesting(build);
        const none = coreScans(xml).map((scan) => scan?.noDotSegment);
        const first = none.findIndex((value, i) => value !== expected[i]);
        expect(first, `${build}: ${JSON.stringify(values[first])}`).toBe(-1);
      }
    } finally {
      loadBuildForTesting(defaultBuild);
    }
  });

  // outOfScope skips RESOLVED_PATH_PART for a loc the scan says has no dot-segment: validate's
  // SITEMAP_LOC_NOT_ALLOWED must be what outOfScope with the regular expression always run says,
  // for locs full of dots, "%2e"s and backslashes, in whole entries, entries read record by record
  // (a comment in the <url>) and locs in two text runs (a comment in the <loc>).
  it('reports SITEMAP_LOC_NOT_ALLOWED exactly where outOfScope with its regular expression always run does (fast-check)', () => {
    const location = 'https://example.com/shop/sitemap.xml';
    const scope = readLocationScope(location)!;
    // Dot-segments in every spelling, most often right after the directory (which a "%2e%2e/" leaves).
    const piece = fc.constantFrom('/', '/', '.', '..', '%2e', '%2E', '%2e%2e', '.%2E', '%2E.', '%2', '%', '%41', 'a', 'b.c', '?', '#', '\\', '\u00e9', '&amp;', '-');
    const loc = fc.tuple(fc.constantFrom('https://example.com/shop/', 'https://example.com/shop', 'https://example.com/', 'http://example.com/shop/', 'https://example.com/shop/./', 'https://example.com/shop/x/'), fc.array(piece, { maxLength: 12 }));
    fc.assert(fc.property(fc.array(fc.tuple(loc, fc.constantFrom(0, 1, 2)), { minLength: 1, maxLength: 20 }), (entries) => {
      const locs = entries.map(([[prefix, parts]]) => prefix + parts.join(''));
      const body = entries.map(([, form], i) => {
        const text = locs[i]!.replace(/&(?!amp;)/g, '&amp;');
        if (form === 1) return url(`<!-- read record by record --><loc>${text}</loc>`);
        if (form === 2) return url(`<loc>${text.slice(0, 20)}<!-- two runs -->${text.slice(20)}</loc>`);
        return url(`<loc>${text}</loc>`);
      }).join('\n');
      const result = run(urlset(body), { location });
      const reported = result.issues.filter((issue) => issue.code === 'SITEMAP_LOC_NOT_ALLOWED').map((issue) => [issue.entry, issue.message]);
      const decoded = locs.map((value) => value.replace(/&amp;/g, '&'));
      const model = decoded.map((value, i) => [i + 1, outOfScope(value, scope, new Set())] as const).filter(([, why]) => why !== '').map(([entry, why]) => [entry, `<loc> ${why}`]);
      expect(reported).toEqual(model);
    }), { numRuns: 1000 });
  });

  // The string scan (a non-ASCII loc, one with a space, a control, a bad "%" or a character to
  // escape) says noDotSegment whatever else it found, but a "\\": outOfScope then skips its regular
  // expression, which must not change its verdict.
  it('says "no dot-segment" of a loc with findings exactly where outOfScope\'s verdict is the same without its regular expression (fast-check)', () => {
    const scope = readLocationScope('https://example.com/shop/sitemap.xml')!;
    const piece = fc.constantFrom('/', '.', '..', '%2e', '%2E', '%', '%41', 'a', '\u00e9', '\u{1F600}', ' ', '\t', '^', '\\', '?', '#', '%zz', 'https://example.com/shop/');
    const prefix = fc.constantFrom('https://example.com/shop/', 'https://example.com/shop', 'https://other.com/', 'HTTPS://example.com/shop/', '');
    let skipped = 0;
    fc.assert(fc.property(prefix, fc.array(piece, { maxLength: 10 }), (start, parts) => {
      const loc = start + parts.join('');
      const scan = new LocScan();
      scanLoc(loc, scan);
      if (!scan.noDotSegment) return;
      skipped++;
      expect(outOfScope(loc, scope, new Set(), true), JSON.stringify(loc)).toBe(outOfScope(loc, scope, new Set(), false));
    }), { numRuns: 3000 });
    expect(skipped, 'locs that skip it').toBeGreaterThan(500);
    for (const [loc, none] of [['https://example.com/shop/caf\u00e9', true], ['https://example.com/shop/a b', true], ['https://example.com/shop/\u00e9/./x', false], ['https://example.com/shop/\u00e9/%2e%2e/x', false], ['https://example.com/shop/\u00e9\\x', false]] as const) {
      const scan = new LocScan();
      scanLoc(loc, scan);
      expect(scan.findings, loc).not.toBe(0);
      expect(scan.noDotSegment, loc).toBe(none);
    }
  });

  it('finds the scope\'s prefix at the start of a loc only, wherever else it is', () => {
    const scope = readLocationScope('https://example.com/shop/sitemap.xml')!;
    expect(outOfScope('https://example.com/shop/a?next=https://example.com/shop/b', scope, new Set(), true)).toBe('');
    expect(outOfScope('https://example.com/shop/https://example.com/shop/', scope, new Set(), true)).toBe('');
    expect(outOfScope('https://other.com/?next=https://example.com/shop/b', scope, new Set(), true)).not.toBe('');
    expect(outOfScope('https://example.com/sho', scope, new Set(), true)).not.toBe('');
  });

  it('takes as plain http(s) URLs exactly what a byte-by-byte reading does, and nothing the scan would report', () => {
    // Byte by byte, as the regex replaced it (validate's quick path for extension URLs), with the
    // host rule scanLoc has: that reading took "https://#" and "https://?q" as plain.
    const hex = (code: number) => (code >= 48 && code <= 57) || ((code | 0x20) >= 97 && (code | 0x20) <= 102);
    const reference = (value: string): boolean => {
      let at = value.startsWith('https://') ? 8 : value.startsWith('http://') ? 7 : -1;
      if (at < 0 || at === value.length || '/?#:'.includes(value[at]!)) return false;
      // No empty host name or label (a dot at the very end is the DNS root).
      const authority = value.slice(at).split(/[/?#]/)[0]!;
      const hostname = authority.slice(authority.lastIndexOf('@') + 1);
      if (!hostname.startsWith('[')) {
        const name = hostname.split(':')[0]!;
        if (name === '' || name.split('.').slice(0, -1).includes('')) return false;
      }
      for (; at < value.length; at++) {
        const code = value.charCodeAt(at);
        if (code <= 32 || code >= 127 || '"<>\\^`{|}'.includes(value[at]!)) return false;
        if (code === 37 && !(hex(value.charCodeAt(at + 1)) && hex(value.charCodeAt(at + 2)))) return false;
      }
      return true;
    };
    const printable = Array.from({ length: 95 }, (_, i) => String.fromCharCode(32 + i));
    const pieces = [...printable, '\t', '\n', '\u007f', '\u0080', 'é', '€', '😀', '%41', '%4', '%zz', '%aF', '/', 'a', 'b', '-'];
    const prefixes = ['https://', 'http://', 'HTTP://', 'http:/', 'https:///', 'ftp://', ''];
    let plain = 0;
    fc.assert(fc.property(fc.constantFrom(...prefixes), fc.array(fc.constantFrom(...pieces), { maxLength: 30 }), (prefix, parts) => {
      const value = prefix + parts.join('');
      const verdict = isPlainHttpUrl(value);
      expect(verdict, JSON.stringify(value)).toBe(reference(value));
      if (verdict) {
        plain++;
        const scan = new LocScan();
        scanLoc(value, scan);
        expect(scan.findings, JSON.stringify(value)).toBe(0);
      }
    }), { numRuns: 3000 });
    // …and with parts that are all allowed, so that plain values are common, not just possible.
    fc.assert(fc.property(fc.constantFrom('https://', 'http://'), fc.array(fc.constantFrom(...printable.filter((c) => !' "%<>\\^`{|}'.includes(c)), '%41', '%7e'), { minLength: 1, maxLength: 30 }), (prefix, parts) => {
      const value = prefix + parts.join('');
      expect(isPlainHttpUrl(value), JSON.stringify(value)).toBe(reference(value));
      if (reference(value)) plain++;
    }), { numRuns: 1000 });
    expect(plain).toBeGreaterThan(500);
  });

  it('scans only the watched name, in any namespace, and long values too', () => {
    const long = 'https://example.com/' + 'a'.repeat(70_000);
    const scans = coreScans(`<urlset xmlns:i="urn:i"><url><loc>https://e.com/</loc><lastmod>2024</lastmod><i:loc>https://e.com/i</i:loc><loc>${long}</loc></url></urlset>`);
    expect(scans.length).toBe(4);
    expect(scans[1]).toBeNull(); // lastmod
    expect(scans.map((scan) => scan?.hostEnd ?? null)).toEqual(['https://e.com'.length, null, 'https://e.com'.length, 'https://example.com'.length]);
  });
});

// isXsdAnyUri replaces what libxml2 replaces with one regular expression (`u`: one "_" a code
// point): the same verdicts as the loop over code points it had (2026-11-27), for strings of URI
// characters, the replaced ones, controls, non-ASCII, characters outside the BMP and lone surrogates.
describe('isXsdAnyUri', () => {
  const replaced = new Set([' ', '<', '>', '"', '{', '}', '|', '\\', '^', '`', "'"]);
  function byCodePoints(value: string): boolean {
    const collapsed = collapseWhitespace(value);
    if (collapsed === '') return true;
    let text = '';
    for (const char of collapsed) {
      const code = char.codePointAt(0)!;
      text += code < 32 || code >= 127 || replaced.has(char) ? '_' : char;
    }
    return isXsdAnyUri(text); // nothing left to replace: the parse alone decides
  }

  it('says what replacing code point by code point said (fast-check)', () => {
    const piece = fc.constantFrom('http:', '//', 'a', '/', '%', '%2e', '%zz', '[', ']', '::1', '#', '?', '@', ':80', ' ', '\t', '\n', '<', '"', '{', '|', '\\', '^', '`', "'", '\u00e9', '\u{1F600}', '\ud800', '\udc00', '\u007f', '\u0001', '_');
    let replacedSome = 0;
    fc.assert(fc.property(fc.array(piece, { maxLength: 12 }), (parts) => {
      const value = parts.join('');
      if (/[^\x21-\x7e]|[<>"{}|\\^`']/u.test(collapseWhitespace(value))) replacedSome++;
      expect(isXsdAnyUri(value), JSON.stringify(value)).toBe(byCodePoints(value));
    }), { numRuns: 3000 });
    expect(replacedSome).toBeGreaterThan(1000);
  });
});

