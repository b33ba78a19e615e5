// sniffFormat (src/input/sniff.ts): every corpus file's format by content (expected formats written
// out here from MANIFEST.tsv's categories and notes, not computed by the code under test), the
// edge cases servers produce, and hostile input (never a throw, always one of the formats).

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { gzip, sniffFormat, type DocumentFormat } from '../src/index';
import { loadCorpusFile, loadCorpusManifest } from './fixtures';

const manifest = await loadCorpusManifest();

/** By category; the odd files one by one, as their MANIFEST.tsv notes describe them. */
const BY_CATEGORY: Record<string, DocumentFormat> = {
  urlset: 'urlset', image: 'urlset', video: 'urlset', news: 'urlset', hreflang: 'urlset', mixed: 'urlset',
  index: 'sitemapindex', text: 'text', robots: 'robots', xsd: 'xml',
};
const BY_FILE: Record<string, DocumentFormat> = {
  'feed/docusaurus-blog-atom.xml': 'atom',
  'feed/wordpress-rss2-motormahal.xml': 'rss',
  'feed/xmlsitemaps-ror-rss.xml': 'rss',
  'odd/aspnet-websitemap-format-bom.xml': 'xml',
  'odd/bom-crlf-mysitemapgenerator-97.xml': 'urlset',
  'odd/bom-truncated-nested-url.xml': 'urlset',
  'odd/chrome-viewer-paste-sitemap.txt': 'unknown',
  'odd/empty-selfclosing-news-urlset.xml': 'urlset',
  'odd/empty-zero-byte-sitemap.xml': 'empty',
  'odd/gb2312-custom-sitemap-format.xml': 'xml',
  'odd/gsitecrawler-2007-xsl-084-schemaloc.xml': 'urlset',
  'odd/gsitecrawler-2008-trailing-slash-dupes.xml': 'urlset',
  'odd/hexo-placeholder-host-baidusitemap.xml': 'urlset',
  'odd/https-namespace-typo.xml': 'urlset',
  'odd/jekyll-liquid-template-news.xml': 'unknown',
  'odd/leading-space-before-xmldecl.xml': 'urlset',
  'odd/localhost-loc-gss-xsl.xml': 'urlset',
  'odd/merchant-rss-unescaped-amp.xml': 'rss',
  'odd/missing-ns-undeclared-xsi.xml': 'urlset',
  'odd/news-named-plain-urlset.xml': 'urlset',
  'odd/nonascii-persian-query-389.xml': 'urlset',
  'odd/ripped-relative-locs-130.xml': 'urlset',
  'odd/skeleton-empty-elements-ellipsis.xml': 'urlset',
  'odd/stray-close-url-notwf.xml': 'urlset',
  'odd/symlink-blob-sitemap.xml': 'unknown',
  'odd/whitespace-linebreak-inside-loc-184.xml': 'urlset',
  'odd/wrong-image-ns-0.9-keploy-497.xml': 'urlset',
  'odd/wrong-ns-google-0.9-image.xml': 'urlset',
  'odd/xmlsitemaps-html-sitemap.html': 'html',
  'odd/xslt-stylesheet-as-sitemap.xml': 'xml',
};

const FORMATS = new Set<DocumentFormat>(['urlset', 'sitemapindex', 'text', 'rss', 'atom', 'robots', 'html', 'xml', 'gzip', 'empty', 'unknown']);

describe('sniffFormat on the corpus', () => {
  it('has an expected format for every file', () => {
    expect(manifest.length).toBeGreaterThan(80);
    for (const entry of manifest) expect(BY_FILE[entry.file] ?? BY_CATEGORY[entry.category], entry.file).toBeDefined();
  });

  for (const entry of manifest) {
    it(`${entry.file}: ${BY_FILE[entry.file] ?? BY_CATEGORY[entry.category]}, as bytes, as a string, gzipped and as UTF-16`, async () => {
      const expected = BY_FILE[entry.file] ?? BY_CATEGORY[entry.category];
      const bytes = await loadCorpusFile(entry.file);
      expect(sniffFormat(bytes)).toBe(expected);
      expect(sniffFormat(new TextDecoder().decode(bytes))).toBe(expected);
      expect(sniffFormat(gzip(bytes))).toBe('gzip');
      const text = new TextDecoder().decode(bytes).replace(/^\ufeff/, '');
      const utf16 = new Uint8Array(2 + text.length * 2);
      utf16[0] = 0xff; utf16[1] = 0xfe;
      for (let i = 0; i < text.length; i++) { utf16[2 + i * 2] = text.charCodeAt(i) & 0xff; utf16[3 + i * 2] = text.charCodeAt(i) >> 8; }
      expect(sniffFormat(utf16)).toBe(expected === 'empty' ? 'empty' : expected);
    });
  }
});

describe('sniffFormat on what servers send', () => {
  const cases: Array<[string, DocumentFormat]> = [
    ['<!DOCTYPE html><html><body>Not found</body></html>', 'html'],
    ['\n  <!-- cached --> <!doctype HTML>\n<html lang="en">', 'html'],
    ['<HTML><HEAD><TITLE>404</TITLE>', 'html'],
    ['<?xml version="1.0"?>\n<!DOCTYPE html PUBLIC "-//W3C//DTD XHTML 1.0 Strict//EN" "x.dtd">\n<html xmlns="http://www.w3.org/1999/xhtml">', 'html'],
    ['<?xml version="1.0"?><?xml-stylesheet href="s.xsl"?><!-- Yoast --><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">', 'sitemapindex'],
    ['<sm:urlset xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"/>', 'urlset'],
    ['<?xml version="1.0"?><!DOCTYPE urlset [<!ENTITY a "b">]><urlset>', 'urlset'],
    ['<rss version="2.0"><channel>', 'rss'],
    ['<feed xmlns="http://www.w3.org/2005/Atom">', 'atom'],
    ['<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">', 'xml'],
    ['User-agent: *\nDisallow: /admin\n', 'robots'],
    ['# robots.txt for example.com\n\nSitemap: https://example.com/sitemap.xml\n', 'robots'],
    ['# only a comment\n', 'robots'],
    ['sitemap:https://example.com/s.xml', 'robots'],
    ['https://example.com/\r\nhttps://example.com/a\r\n', 'text'],
    ['\n\nhttp://example.com/a b\n', 'text'],
    ['', 'empty'],
    [' \r\n\t ', 'empty'],
    ['\ufeff', 'empty'],
    ['{"urls": []}', 'unknown'],
    ['example.com/page\n', 'unknown'],
    ['< urlset>', 'unknown'],
    ['<?xml version="1.0"?>', 'xml'],
    [`<?xml version="1.0"?><!--${'x'.repeat(40000)}-->`, 'xml'],
    [`<!--${'x'.repeat(40000)}--><urlset>`, 'xml'],
  ];
  for (const [text, expected] of cases) {
    it(`${JSON.stringify(text.slice(0, 60))} is ${expected}`, () => {
      expect(sniffFormat(text)).toBe(expected);
      expect(sniffFormat(new TextEncoder().encode(text))).toBe(expected);
    });
  }

  it('takes a UTF-8 byte-order mark before markup and before text', () => {
    expect(sniffFormat(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('<urlset/>')]))).toBe('urlset');
    expect(sniffFormat(new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('https://example.com/\n')]))).toBe('text');
  });

  it('answers gzip for gzip, whatever it holds, and for the two magic bytes alone', () => {
    expect(sniffFormat(gzip(new TextEncoder().encode('<html>')))).toBe('gzip');
    expect(sniffFormat(new Uint8Array([0x1f, 0x8b]))).toBe('gzip');
    expect(sniffFormat(new Uint8Array([0x1f]))).toBe('unknown');
  });
});

describe('sniffFormat on hostile input', () => {
  it('never throws and always answers a format, for any bytes', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), (bytes) => {
      expect(FORMATS.has(sniffFormat(bytes))).toBe(true);
    }), { numRuns: 500 });
  });

  it('never throws for any string, markup-like or not', () => {
    const markup = fc.array(fc.constantFrom('<', '>', '?', '!', '--', '<!DOCTYPE', '[', ']', 'html', 'urlset', ':', ' ', '\n', 'http://', '#', 'User-agent:', '\ufeff', '\ud800'), { maxLength: 40 }).map((parts) => parts.join(''));
    fc.assert(fc.property(fc.oneof(fc.string({ maxLength: 200 }), markup), (text) => {
      expect(FORMATS.has(sniffFormat(text))).toBe(true);
    }), { numRuns: 500 });
  });

  it('looks at a bounded head: a 20 MB document answers from its first bytes', () => {
    const big = new Uint8Array(20 * 1024 * 1024).fill(0x20);
    big.set(new TextEncoder().encode('<urlset>'), 0);
    expect(sniffFormat(big)).toBe('urlset');
    const allSpace = new Uint8Array(20 * 1024 * 1024).fill(0x20);
    expect(sniffFormat(allSpace)).toBe('empty');
  });

  it('answers unknown for what is no document at all', () => {
    expect(sniffFormat(undefined as unknown as string)).toBe('unknown');
    expect(sniffFormat(42 as unknown as string)).toBe('unknown');
  });
});
