// Serializer output checked against the official sitemaps.org XSDs (sitemap.xsd, siteindex.xsd in
// the shared corpus) with `xmllint --schema` (Debian libxml2-utils; test/ensure-tools.mjs installs
// it). Node-only: it runs a program.

import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { serializeSitemap, serializeSitemapIndex, type SitemapUrlInput } from '../src/write/serialize';

// The corpus is vendored in test/corpus/, never read at an absolute path.
const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const xsdDirectory = resolve(repositoryRoot, 'test/corpus/xsd');
const SITEMAP_XSD = resolve(xsdDirectory, 'sitemap.xsd');
const SITEMAP_INDEX_XSD = resolve(xsdDirectory, 'siteindex.xsd');

/** xmllint's verdict on `document` against `schema`: exit status and what it printed. */
function xmllint(schema: string, document: Uint8Array | string): { status: number | null; verdict: string } {
  const result = spawnSync('xmllint', ['--noout', '--schema', schema, '-'], { input: document, encoding: 'utf8' });
  if (result.error) throw result.error;
  return { status: result.status, verdict: `${result.stderr}${result.stdout}`.trim() };
}

function expectValid(schema: string, document: Uint8Array): void {
  const { status, verdict } = xmllint(schema, document);
  expect(status, `xmllint says:\n${verdict}\n--- document ---\n${new TextDecoder().decode(document).slice(0, 2000)}`).toBe(0);
  expect(verdict).toMatch(/validates/);
}

const EVERY_CHANGEFREQ = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];

/** Every field, every changefreq, priorities at the edges, and values full of what must be escaped. */
const URLS: SitemapUrlInput[] = [
  { loc: 'https://example.com/', lastmod: '2024-05-01', changefreq: 'daily', priority: 1 },
  { loc: `https://example.com/search?q=a&b=<2>&c="3"&d='4'&e=>`, lastmod: '2024-05-01T12:30:00+02:00', changefreq: 'hourly', priority: 0 },
  { loc: 'https://example.com/東京/münchen/😀?x=ü', lastmod: '2024-05-01T12:30:00.123Z', priority: 0.30000000000000004 },
  { loc: new URL('https://example.com/straße?a=1&b=2'), lastmod: new Date(Date.UTC(2023, 11, 31, 23, 59, 59, 999)), priority: 1e-7 },
  { loc: 'https://example.com/priority-as-text', priority: '0.50' },
  ...EVERY_CHANGEFREQ.map((changefreq, i) => ({ loc: `https://example.com/changefreq/${changefreq}`, changefreq, priority: i / 10 })),
];

describe('serializer output against the sitemaps.org XSDs (xmllint)', () => {
  it('finds xmllint and the XSDs', () => {
    expect(existsSync(SITEMAP_XSD), SITEMAP_XSD).toBe(true);
    expect(existsSync(SITEMAP_INDEX_XSD), SITEMAP_INDEX_XSD).toBe(true);
    expect(spawnSync('xmllint', ['--version']).status, 'xmllint missing: apt-get install -y libxml2-utils').toBe(0);
  });

  it('rejects an invalid document (so a pass below means something)', () => {
    const invalid = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc><priority>1.5</priority></url></urlset>\n';
    const { status, verdict } = xmllint(SITEMAP_XSD, invalid);
    expect(status).not.toBe(0);
    expect(verdict).toMatch(/priority/);
  });

  it('validates the values at the edges of what the serializer takes', () => {
    const edges: SitemapUrlInput[] = [
      { loc: 'http://a.co/', lastmod: '2024-05-01T10:00:00' },
      { loc: `https://example.com/${'a'.repeat(2028)}`, lastmod: '-0044-03-15' },
      { loc: `https://example.com/${'😀'.repeat(1014)}`, lastmod: '2024-02-29T24:00:00Z' },
      { loc: 'ftp://example.com/file.txt', priority: '1.000' },
      { loc: 'https://user@example.com:8443/a%2Fb?c=%7e#top', priority: '-0.0' },
      { loc: 'https://[2001:db8::1]/x', priority: '0.99999999999999999999' },
      { loc: 'https://example.com/a b<c>"d"{e}|f\\g^h`i\'j', lastmod: new Date(Date.UTC(1, 0, 1)) },
    ];
    expectValid(SITEMAP_XSD, serializeSitemap(edges));
  });

  it('every loc, lastmod and priority the serializer refuses for its type, the XSD refuses too (but for a relative loc)', () => {
    const refused: Array<[string, string]> = [
      ['loc', 'http://a.c/'], ['loc', `https://example.com/${'a'.repeat(2029)}`],
      ['lastmod', 'yesterday'], ['lastmod', '2023-02-29'], ['lastmod', '2024-05'], ['lastmod', '2024'], ['lastmod', '2024-05-01T10:00+02:00'], ['lastmod', '2024-05-01T25:00:00Z'],
      ['priority', '1.0000000000000000001'], ['priority', '-0.1'],
    ];
    for (const [field, value] of refused) {
      expect(() => serializeSitemap([{ loc: 'https://example.com/', [field]: value }]), `${field} ${value}`).toThrow(expect.objectContaining({ code: 'SERIALIZE_INVALID_VALUE', path: expect.stringMatching(/^urlset\/url\[1\]/) })); // the path: a field, no longer in the message (#21)
      const loc = field === 'loc' ? value : 'https://example.com/';
      const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${loc}</loc>${field === 'loc' ? '' : `<${field}>${value}</${field}>`}</url></urlset>\n`;
      expect(xmllint(SITEMAP_XSD, xml).status, `xmllint takes ${field} ${value}`).not.toBe(0);
    }
  });

  it('validates a urlset with every field (compact)', () => {
    expectValid(SITEMAP_XSD, serializeSitemap(URLS));
  });

  it('validates a urlset with every field (pretty, with a stylesheet)', () => {
    expectValid(SITEMAP_XSD, serializeSitemap(URLS, { pretty: true, stylesheet: 'https://example.com/sitemap.xsl?a="1"&b=<2>?>' }));
  });

  it('validates a urlset of 5,000 URLs written across many batches', () => {
    const urls = Array.from({ length: 5000 }, (_, i) => ({
      loc: `https://example.com/products/${i}?color=${i % 7}&size=${'l'.repeat(i % 5 + 1)}`,
      lastmod: new Date(Date.UTC(2020, 0, 1) + i * 3_600_000),
      changefreq: EVERY_CHANGEFREQ[i % 7],
      priority: (i % 11) / 10,
    }));
    expectValid(SITEMAP_XSD, serializeSitemap(urls));
  });

  it('validates a sitemap index with every field', () => {
    const entries = [
      { loc: 'https://example.com/sitemap-posts.xml.gz', lastmod: '2024-05-01T12:00:00Z' },
      { loc: `https://example.com/sitemap.xml?part=1&kind=<all>&q="x"&r='y'`, lastmod: '2024-05-01' },
      { loc: new URL('https://example.com/karten/straße.xml'), lastmod: new Date(0) },
      { loc: 'https://example.com/sitemap-pages.xml' },
    ];
    expectValid(SITEMAP_INDEX_XSD, serializeSitemapIndex(entries));
    expectValid(SITEMAP_INDEX_XSD, serializeSitemapIndex(entries, { pretty: true, stylesheet: '/index.xsl' }));
  });
});
