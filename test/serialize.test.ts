// Tests of src/write/serialize.ts: exact output, the values it refuses, options, and properties over
// hostile input: well-formed XML (fast-xml-parser's validator) and parse(serialize(x)) equal to x.

import fc from 'fast-check';
import { XMLValidator } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { thrownBy } from './fixtures';
import { gunzip, isGzip } from '../src/input/gzip';
import { parse } from '../src/read/parse';
import { serializeSitemap, serializeSitemapIndex, type SitemapIndexEntryInput, type SitemapUrlInput } from '../src/write/serialize';
import type { SitemapIndexEntry, SitemapUrl } from '../src/model/types';
import { getCore, loadBuildForTesting } from '../src/core/wasm';

const HEAD = '<?xml version="1.0" encoding="UTF-8"?>\n';
const URLSET = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';
const INDEX = '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n';

const text = (bytes: Uint8Array) => new TextDecoder('utf-8', { fatal: true }).decode(bytes);


describe('serializeSitemap output', () => {
  it('writes every field in sitemap.xsd order, one <url> per line', () => {
    const xml = serializeSitemap([
      { loc: 'https://example.com/?a=1&b=2', lastmod: '2024-05-01', changefreq: 'daily', priority: 0.8 },
      { loc: 'https://example.com/only-loc' },
      { loc: 'https://example.com/p', priority: 1 },
    ]);
    expect(text(xml)).toBe(HEAD + URLSET +
      '<url><loc>https://example.com/?a=1&amp;b=2</loc><lastmod>2024-05-01</lastmod><changefreq>daily</changefreq><priority>0.8</priority></url>\n' +
      '<url><loc>https://example.com/only-loc</loc></url>\n' +
      '<url><loc>https://example.com/p</loc><priority>1.0</priority></url>\n' +
      '</urlset>\n');
  });

  it('indents by two spaces with { pretty: true }', () => {
    const xml = serializeSitemap([{ loc: 'https://example.com/', lastmod: '2024-05-01T10:00:00+02:00', changefreq: 'weekly', priority: 0.5 }, { loc: 'https://example.com/b', changefreq: 'never' }], { pretty: true });
    expect(text(xml)).toBe(HEAD + URLSET +
      '  <url>\n    <loc>https://example.com/</loc>\n    <lastmod>2024-05-01T10:00:00+02:00</lastmod>\n    <changefreq>weekly</changefreq>\n    <priority>0.5</priority>\n  </url>\n' +
      '  <url>\n    <loc>https://example.com/b</loc>\n    <changefreq>never</changefreq>\n  </url>\n' +
      '</urlset>\n');
  });

  it('escapes all five entities and CR; keeps tab, newline and non-ASCII as they are', () => {
    const xml = serializeSitemap([{ loc: `https://example.com/a&b<c>d"e'f>g`, images: [{ loc: 'https://example.com/i.png', caption: 'x\ry\tz\nw ]]> 東京 😀' }] }]);
    expect(text(xml)).toContain('<loc>https://example.com/a&amp;b&lt;c&gt;d&quot;e&apos;f&gt;g</loc>');
    expect(text(xml)).toContain('<image:caption>x&#13;y\tz\nw ]]&gt; 東京 😀</image:caption>');
  });

  it('adds the stylesheet instruction, its href attribute-escaped', () => {
    const xml = serializeSitemap([{ loc: 'https://example.com/' }], { stylesheet: '/sitemap.xsl?a="1"&b=<2>?>' });
    expect(text(xml)).toBe(HEAD + '<?xml-stylesheet type="text/xsl" href="/sitemap.xsl?a=&quot;1&quot;&amp;b=&lt;2&gt;?&gt;"?>\n' + URLSET +
      '<url><loc>https://example.com/</loc></url>\n</urlset>\n');
  });

  it('takes a URL for loc and a Date for lastmod', () => {
    const xml = serializeSitemap([{ loc: new URL('https://example.com/münchen?q=a b'), lastmod: new Date(Date.UTC(2024, 4, 1, 12, 30)) }]);
    expect(text(xml)).toContain('<loc>https://example.com/m%C3%BCnchen?q=a%20b</loc><lastmod>2024-05-01T12:30:00.000Z</lastmod>');
  });

  it('writes priorities so they parse back to the same number', () => {
    const cases: Array<[number | string, string]> = [[0, '0.0'], [-0, '0.0'], [1, '1.0'], [0.5, '0.5'], [0.1 + 0.2, '0.30000000000000004'],
      [1e-7, '0.0000001'], [1.5e-10, '0.00000000015'], [5e-324, '0.' + '0'.repeat(323) + '5'], ['0.50', '0.50'], ['1.', '1.'], ['.5', '.5']];
    for (const [priority, written] of cases) {
      const xml = text(serializeSitemap([{ loc: 'https://example.com/', priority }]));
      expect(xml).toContain(`<priority>${written}</priority>`);
      expect(Number(written)).toBe(Number(priority) === 0 ? 0 : Number(priority));
    }
  });

  it('skips fields that are undefined or null', () => {
    const url = { loc: 'https://example.com/', lastmod: undefined, changefreq: null, priority: undefined } as unknown as SitemapUrlInput;
    expect(text(serializeSitemap([url]))).toBe(HEAD + URLSET + '<url><loc>https://example.com/</loc></url>\n</urlset>\n');
  });

  it('writes an empty urlset for no URLs (the XSD and Search Console want at least one)', () => {
    expect(text(serializeSitemap([]))).toBe(HEAD + URLSET + '</urlset>\n');
  });

  it('reads any iterable, such as a generator', () => {
    function* urls() {
      for (let i = 0; i < 3; i++) yield { loc: `https://example.com/${i}` };
    }
    expect(parse(serializeSitemap(urls())).kind).toBe('urlset');
    expect(text(serializeSitemap(urls()))).toContain('<loc>https://example.com/2</loc>');
  });

  it('survives a serialize call made from inside its own iterator', () => {
    const inner: string[] = [];
    function* urls() {
      for (let i = 0; i < 3000; i++) {
        if (i % 1000 === 999) inner.push(text(serializeSitemapIndex([{ loc: `https://example.com/index-${i}.xml` }], { pretty: true })));
        yield { loc: `https://example.com/page-${i}?x=${'&'.repeat(i % 3)}`, lastmod: '2024-01-01' };
      }
    }
    const outer = parse(serializeSitemap(urls()));
    expect(outer.kind === 'urlset' && outer.urls.length).toBe(3000);
    expect(outer.kind === 'urlset' && outer.urls[2999]).toEqual({ loc: 'https://example.com/page-2999?x=&&', lastmod: '2024-01-01' });
    expect(inner).toHaveLength(3);
    expect(inner[2]).toBe(HEAD + INDEX + '  <sitemap>\n    <loc>https://example.com/index-2999.xml</loc>\n  </sitemap>\n</sitemapindex>\n');
  });

  it('returns bytes that do not share WebAssembly memory and stay put on the next call', () => {
    const first = serializeSitemap([{ loc: 'https://example.com/first' }]);
    const copy = text(first);
    expect(first.buffer).not.toBe(getCore().exports.memory.buffer);
    expect(first.byteOffset).toBe(0);
    expect(first.buffer.byteLength).toBe(first.length);
    serializeSitemap(Array.from({ length: 5000 }, (_, i) => ({ loc: `https://example.com/other-${i}` })));
    expect(text(first)).toBe(copy);
  });

  it('returns gzip bytes with { gzip: true } that inflate to the plain output', () => {
    const urls = Array.from({ length: 2000 }, (_, i) => ({ loc: `https://example.com/${i}?a&b`, lastmod: '2024-05-01', priority: (i % 11) / 10 }));
    const plain = serializeSitemap(urls, { stylesheet: '/s.xsl', pretty: true });
    const compressed = serializeSitemap(urls, { stylesheet: '/s.xsl', pretty: true, gzip: true });
    expect(isGzip(compressed)).toBe(true);
    expect(compressed.length).toBeLessThan(plain.length / 4);
    expect(text(gunzip(compressed, { maxBytes: plain.length }))).toBe(text(plain));
  });
});

describe('serializeSitemapIndex output', () => {
  it('writes <sitemap> entries with loc and lastmod', () => {
    const xml = serializeSitemapIndex([
      { loc: 'https://example.com/sitemap-1.xml.gz', lastmod: '2024-05-01T12:00:00Z' },
      { loc: new URL('https://example.com/sitemap-2.xml?a=1&b=2') },
      { loc: 'https://example.com/sitemap-3.xml', lastmod: new Date(0) },
    ]);
    expect(text(xml)).toBe(HEAD + INDEX +
      '<sitemap><loc>https://example.com/sitemap-1.xml.gz</loc><lastmod>2024-05-01T12:00:00Z</lastmod></sitemap>\n' +
      '<sitemap><loc>https://example.com/sitemap-2.xml?a=1&amp;b=2</loc></sitemap>\n' +
      '<sitemap><loc>https://example.com/sitemap-3.xml</loc><lastmod>1970-01-01T00:00:00.000Z</lastmod></sitemap>\n' +
      '</sitemapindex>\n');
  });

  it('honours pretty, stylesheet and gzip', () => {
    const entries = [{ loc: 'https://example.com/a.xml', lastmod: '2024-05-01' }];
    const pretty = text(serializeSitemapIndex(entries, { pretty: true, stylesheet: 'https://example.com/index.xsl' }));
    expect(pretty).toBe(HEAD + '<?xml-stylesheet type="text/xsl" href="https://example.com/index.xsl"?>\n' + INDEX +
      '  <sitemap>\n    <loc>https://example.com/a.xml</loc>\n    <lastmod>2024-05-01</lastmod>\n  </sitemap>\n</sitemapindex>\n');
    const compressed = serializeSitemapIndex(entries, { pretty: true, stylesheet: 'https://example.com/index.xsl', gzip: true });
    expect(text(gunzip(compressed, { maxBytes: 10_000 }))).toBe(pretty);
  });
});

describe('values that cannot be written', () => {
  const cases: Array<[string, SitemapUrlInput, string, RegExp]> = [
    ['an empty loc', { loc: '' }, 'urlset/url[2]/loc', /empty/],
    ['a loc with a leading space', { loc: ' https://example.com/' }, 'urlset/url[2]/loc', /whitespace/],
    ['a loc with a trailing newline', { loc: 'https://example.com/\n' }, 'urlset/url[2]/loc', /whitespace/],
    ['a loc ending in a tab (XML white space, which parsers strip)', { loc: 'https://example.com/\t' }, 'urlset/url[2]/loc', /whitespace/],
    ['a missing loc', {} as SitemapUrlInput, 'urlset/url[2]/loc', /required/],
    ['a loc that is a number', { loc: 42 as unknown as string }, 'urlset/url[2]/loc', /string or a URL/],
    ['a control character', { loc: 'https://example.com/\u0001' }, 'urlset/url[2]/loc', /U\+0001 at index 20/],
    ['a NUL', { loc: 'https://example.com/a\u0000b' }, 'urlset/url[2]/loc', /U\+0000/],
    ['a marker-like control character in lastmod', { loc: 'https://example.com/', lastmod: '2024-05-01\u0002' }, 'urlset/url[2]/lastmod', /xsd:date|date/],
    ['U+FFFE', { loc: 'https://example.com/\ufffe' }, 'urlset/url[2]/loc', /U\+FFFE/],
    ['U+FFFF', { loc: 'https://example.com/\uffff/' }, 'urlset/url[2]/loc', /U\+FFFF/],
    ['a lone high surrogate', { loc: 'https://example.com/\ud83d/' }, 'urlset/url[2]/loc', /lone surrogate \(U\+D83D\)/],
    ['a lone low surrogate', { loc: 'https://example.com/\ude00/' }, 'urlset/url[2]/loc', /lone surrogate \(U\+DE00\)/],
    ['an empty lastmod', { loc: 'https://example.com/', lastmod: '' }, 'urlset/url[2]/lastmod', /empty/],
    ['a lastmod with spaces around it', { loc: 'https://example.com/', lastmod: ' 2024-05-01 ' }, 'urlset/url[2]/lastmod', /whitespace/],
    ['an invalid Date', { loc: 'https://example.com/', lastmod: new Date('not a date') }, 'urlset/url[2]/lastmod', /invalid Date/],
    ['a lastmod that is a number', { loc: 'https://example.com/', lastmod: 2024 as unknown as string }, 'urlset/url[2]/lastmod', /string or a Date/],
    ['a changefreq in capitals', { loc: 'https://example.com/', changefreq: 'Daily' }, 'urlset/url[2]/changefreq', /always, hourly/],
    ['an unknown changefreq', { loc: 'https://example.com/', changefreq: 'fortnightly' }, 'urlset/url[2]/changefreq', /lowercase/],
    ['a priority above 1', { loc: 'https://example.com/', priority: 1.5 }, 'urlset/url[2]/priority', /0\.0 to 1\.0/],
    ['a negative priority', { loc: 'https://example.com/', priority: -0.1 }, 'urlset/url[2]/priority', /0\.0 to 1\.0/],
    ['a NaN priority', { loc: 'https://example.com/', priority: NaN }, 'urlset/url[2]/priority', /NaN/],
    ['an infinite priority', { loc: 'https://example.com/', priority: Infinity }, 'urlset/url[2]/priority', /Infinity/],
    ['a priority string that is not a decimal', { loc: 'https://example.com/', priority: '0.5e0' }, 'urlset/url[2]/priority', /decimal/],
    ['a priority string out of range', { loc: 'https://example.com/', priority: '1.01' }, 'urlset/url[2]/priority', /decimal/],
    ['a priority string with spaces', { loc: 'https://example.com/', priority: ' 0.5' }, 'urlset/url[2]/priority', /decimal/],
    ['a priority of another type', { loc: 'https://example.com/', priority: true as unknown as number }, 'urlset/url[2]/priority', /number or a decimal string/],
    ['a priority string a hair above 1 (Number() would round it to 1)', { loc: 'https://example.com/', priority: '1.0000000000000000001' }, 'urlset/url[2]/priority', /decimal number from 0\.0 to 1\.0/],
    // What sitemap.xsd refuses (src/values/xsd-values.ts), and a loc that is no absolute URL.
    ['a relative loc', { loc: '/about-us/our-team' }, 'urlset/url[2]/loc', /not an absolute URL/],
    ['a loc of 11 characters', { loc: 'http://a.c/' }, 'urlset/url[2]/loc', /11 characters long; sitemap\.xsd takes 12 to 2,048/],
    ['a loc of 2,049 characters', { loc: `https://example.com/${'a'.repeat(2029)}` }, 'urlset/url[2]/loc', /2,049 characters long/],
    ['a lastmod that is no date', { loc: 'https://example.com/', lastmod: 'yesterday' }, 'urlset/url[2]/lastmod', /"yesterday" is not/],
    ['a lastmod that is no real day', { loc: 'https://example.com/', lastmod: '2023-02-29' }, 'urlset/url[2]/lastmod', /not a real date/],
    ['a lastmod of a month (W3C Datetime, not in the XSD)', { loc: 'https://example.com/', lastmod: '2024-05' }, 'urlset/url[2]/lastmod', /W3C Datetime but not an xsd:date or xsd:dateTime/],
    ['a lastmod time without seconds', { loc: 'https://example.com/', lastmod: '2024-05-01T10:00+02:00' }, 'urlset/url[2]/lastmod', /time with seconds/],
    ['a Date past the year 9999', { loc: 'https://example.com/', lastmod: new Date(Date.UTC(12_024, 0, 1)) }, 'urlset/url[2]/lastmod', /year 12024/],
  ];

  it.each(cases)('refuses %s', (_name, bad, path, message) => {
    const error = thrownBy(() => serializeSitemap([{ loc: 'https://example.com/fine' }, bad]));
    expect(error.code).toBe('SERIALIZE_INVALID_VALUE');
    expect(error.path).toBe(path);
    expect(error.message).toMatch(message);
  });

  it('takes what the schema takes at the edges of those rules', () => {
    const urls: SitemapUrlInput[] = [
      { loc: 'http://a.co/', lastmod: '2024-05-01T10:00:00' }, // 12 characters; a time without a zone is an xsd:dateTime
      { loc: `https://example.com/${'a'.repeat(2028)}`, lastmod: '-0044-03-15' }, // 2,048; a year BCE
      { loc: `https://example.com/${'😀'.repeat(1014)}` }, // 2,048 characters in 2,048 + 1,014 UTF-16 units
      { loc: 'ftp://example.com/file.txt', priority: '1.000' }, // absolute: the schemes are the validator's business
      { loc: 'https://user@example.com:8443/a%2Fb?c=%7e#top', priority: '-0.0' },
      { loc: 'https://[2001:db8::1]/x', priority: '0.99999999999999999999' },
      { loc: 'https://example.com/shop?filter[brand]=a&q=100%' }, // written as given: URI syntax is not judged
    ];
    const result = parse(serializeSitemap(urls));
    expect(result.kind === 'urlset' && result.urls).toEqual(urls.map((url) => (url.priority === undefined ? url : { ...url, priority: Number(url.priority) })));
  });

  it('refuses a 50,001st entry (maxOccurs), naming it; 50,000 are written', () => {
    const urls = Array.from({ length: 50_001 }, (_, i) => ({ loc: `https://example.com/${i}` }));
    const error = thrownBy(() => serializeSitemap(urls));
    expect([error.code, error.path]).toEqual(['SERIALIZE_INVALID_VALUE', 'urlset/url[50001]']);
    expect(error.message).toMatch(/at most 50,000 URLs.*writeSitemaps/);
    const written = parse(serializeSitemap(urls.slice(0, 50_000)));
    expect(written.kind === 'urlset' && written.urls.length).toBe(50_000);
    const index = thrownBy(() => serializeSitemapIndex(urls.map((url) => ({ loc: `${url.loc}.xml` }))));
    expect([index.code, index.path]).toEqual(['SERIALIZE_INVALID_VALUE', 'sitemapindex/sitemap[50001]']);
  });

  it('refuses an index entry whose loc is not absolute', () => {
    const error = thrownBy(() => serializeSitemapIndex([{ loc: 'https://example.com/a.xml' }, { loc: 'sitemap-2.xml' }]));
    expect([error.code, error.path]).toEqual(['SERIALIZE_INVALID_VALUE', 'sitemapindex/sitemap[2]/loc']);
  });

  it('refuses an entry that is not an object', () => {
    const error = thrownBy(() => serializeSitemap([{ loc: 'https://example.com/' }, null as unknown as SitemapUrlInput]));
    expect([error.code, error.path]).toEqual(['SERIALIZE_INVALID_VALUE', 'urlset/url[2]']);
  });

  it('names the right entry deep inside a later batch', () => {
    const urls: SitemapUrlInput[] = Array.from({ length: 5000 }, (_, i) => ({ loc: `https://example.com/${i}/${'x'.repeat(i % 50)}`, lastmod: '2024-05-01' }));
    urls[4321] = { loc: 'https://example.com/bad\u0007bell', lastmod: '2024-05-01' };
    const error = thrownBy(() => serializeSitemap(urls));
    expect([error.code, error.path]).toEqual(['SERIALIZE_INVALID_VALUE', 'urlset/url[4322]/loc']);
  });

  it('allows U+FFFD itself (TextEncoder writes it for lone surrogates, so it is checked twice)', () => {
    expect(text(serializeSitemap([{ loc: 'https://example.com/\ufffd' }]))).toContain('<loc>https://example.com/\ufffd</loc>');
  });

  it('refuses a bad index entry with its path', () => {
    const error = thrownBy(() => serializeSitemapIndex([{ loc: 'https://example.com/a.xml' }, { loc: 'https://example.com/b.xml', lastmod: '\t2024' }]));
    expect([error.code, error.path]).toEqual(['SERIALIZE_INVALID_VALUE', 'sitemapindex/sitemap[2]/lastmod']);
  });

  it('refuses a stylesheet it cannot write', () => {
    for (const stylesheet of ['', ' /s.xsl', '/s\u0000.xsl', 42]) {
      const error = thrownBy(() => serializeSitemap([], { stylesheet: stylesheet as string }));
      expect([error.code, error.path]).toEqual(['SERIALIZE_INVALID_VALUE', 'stylesheet']);
    }
  });

  it('refuses input that is not an iterable of entries', () => {
    expect(thrownBy(() => serializeSitemap(42 as unknown as SitemapUrlInput[])).code).toBe('INPUT_TYPE');
    expect(thrownBy(() => serializeSitemap('https://example.com/' as unknown as SitemapUrlInput[])).code).toBe('INPUT_TYPE');
    expect(thrownBy(() => serializeSitemapIndex(null as unknown as SitemapIndexEntryInput[])).code).toBe('INPUT_TYPE');
  });

  it('still works after a refusal (no state left behind)', () => {
    thrownBy(() => serializeSitemap([{ loc: 'https://example.com/\u0001' }]));
    expect(text(serializeSitemap([{ loc: 'https://example.com/' }]))).toBe(HEAD + URLSET + '<url><loc>https://example.com/</loc></url>\n</urlset>\n');
  });
});

// ---------------------------------------------------------------------------------------------
// Properties over hostile values.

/** Characters XML 1.0 cannot carry, as UTF-16 (what the serializer refuses). */
const NOT_XML = /[\0-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;

/** Any text the serializer must accept: XML characters only, no whitespace at either end. */
const value = fc.array(fc.oneof(
  fc.string({ unit: 'binary', maxLength: 30 }),
  fc.constantFrom('&', '<', '>', '"', "'", ']]>', '&amp;', '<![CDATA[', '\t', '\n', '\r', '\r\n', '\u00a0', '\u0085', '\ufffd', '😀', 'é', '東京', '\u2028'),
), { maxLength: 12 }).map((parts) => parts.join('').replace(NOT_XML, '').trim() || 'a');

const changefreq = fc.constantFrom('always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never');
const priority = fc.double({ min: 0, max: 1, noNaN: true }).map((number) => (number === 0 ? 0 : number));

// A loc and a lastmod are typed (an absolute xsd:anyURI, an xsd:date or dateTime: see the
// schema-type tests), so hostile text goes into a loc's path and query, without what a URI
// cannot hold even after libxml2 replaces characters ("[", "]", a second "#", a stray "%").
const loc = value.map((text) => `https://example.com/${text.replace(/[[\]#%]/g, '')}`.replace(/[ \t\r\n]+$/, ''));
const lastmod = fc.oneof(
  fc.constantFrom('2024-05-01', '2024-05-01T10:00:00+02:00', '2024-05-01T10:00:00', '2024-02-29Z', '1999-12-31T23:59:59.999999-14:00', '-0044-03-15'),
  fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((date) => date.toISOString()),
);
const url: fc.Arbitrary<SitemapUrl> = fc.record({ loc, lastmod, changefreq, priority }, { requiredKeys: ['loc'] });
const indexEntry: fc.Arbitrary<SitemapIndexEntry> = fc.record({ loc, lastmod }, { requiredKeys: ['loc'] });
const options = fc.record({ pretty: fc.boolean(), stylesheet: fc.option(value, { nil: undefined }) }, { requiredKeys: [] });

describe('properties', () => {
  it('writes well-formed XML for any valid URLs', () => {
    fc.assert(fc.property(fc.array(url, { maxLength: 20 }), options, (urls, settings) => {
      const verdict = XMLValidator.validate(text(serializeSitemap(urls, settings)));
      expect(verdict).toBe(true);
    }), { numRuns: 300 });
  });

  it('parse(serializeSitemap(urls)) gives back the same URLs', () => {
    fc.assert(fc.property(fc.array(url, { maxLength: 20 }), options, (urls, settings) => {
      const result = parse(serializeSitemap(urls, settings));
      expect(result.kind).toBe('urlset');
      expect(result.issues).toEqual([]);
      expect(result.kind === 'urlset' && result.urls).toEqual(urls);
    }), { numRuns: 300 });
  });

  it('keeps Unicode spaces at the ends of values: only XML white space is trimmed by parse', () => {
    // (A loc cannot start with one: it starts with its scheme. Values of extensions can.)
    const urls = [
      { loc: 'https://example.com/nbsp\u00a0', changefreq: 'daily' },
      { loc: 'https://example.com/em-space\u3000', images: [{ loc: 'https://example.com/i.png', caption: '\ufeffbom and em space\u2003' }] },
    ];
    const result = parse(serializeSitemap(urls));
    expect(result.kind === 'urlset' && result.urls).toEqual(urls);
  });

  it('parse(serializeSitemapIndex(entries)) gives back the same entries', () => {
    fc.assert(fc.property(fc.array(indexEntry, { maxLength: 20 }), options, (entries, settings) => {
      const bytes = serializeSitemapIndex(entries, settings);
      expect(XMLValidator.validate(text(bytes))).toBe(true);
      const result = parse(bytes);
      expect(result.kind === 'sitemapindex' && result.sitemaps).toEqual(entries);
    }), { numRuns: 200 });
  });

  it('round-trips thousands of URLs across many batches', () => {
    const urls = fc.sample(url, { numRuns: 4000, seed: 42 });
    const result = parse(serializeSitemap(urls));
    expect(result.kind === 'urlset' && result.urls.length).toBe(4000);
    expect(result.kind === 'urlset' && result.urls).toEqual(urls);
  });

  it('writes the same bytes with the scalar build as with the SIMD build', () => {
    // Loading a build compiles it: sample once, then write every sample with each build.
    const samples = fc.sample(fc.tuple(fc.array(url, { maxLength: 40 }), options), { numRuns: 150, seed: 7 });
    try {
      loadBuildForTesting('simd');
      const simd = samples.map(([urls, settings]) => text(serializeSitemap(urls, settings)));
      loadBuildForTesting('scalar');
      const scalar = samples.map(([urls, settings]) => text(serializeSitemap(urls, settings)));
      expect(scalar).toEqual(simd);
    } finally {
      loadBuildForTesting('simd');
    }
  });

  it('refuses a value with a character XML cannot carry, wherever it is', () => {
    const bad = fc.tuple(value, fc.constantFrom('\u0000', '\u0001', '\u0008', '\u000b', '\u001f', '\ufffe', '\uffff', '\ud800', '\udfff'), value)
      .map(([before, character, after]) => `${before}${character}${after}`);
    fc.assert(fc.property(fc.array(url, { minLength: 1, maxLength: 10 }), fc.nat(), bad, fc.constantFrom('loc', 'lastmod'), (urls, at, badValue, field) => {
      const index = at % urls.length;
      const poisoned = urls.map((entry, i) => (i === index ? { ...entry, [field]: badValue } : entry));
      const error = thrownBy(() => serializeSitemap(poisoned));
      expect(error.code).toBe('SERIALIZE_INVALID_VALUE');
      expect(error.path).toBe(`urlset/url[${index + 1}]/${field}`);
    }), { numRuns: 200 });
  });
});
