// Serializer of sitemaps.org 0.9 sitemaps (`<urlset>`) and sitemap indexes (`<sitemapindex>`) to
// UTF-8 bytes (sitemaps.org protocol, sitemap.xsd / siteindex.xsd, SPEC.md §1–2); the extension
// elements of a `<url>` (SPEC.md §3) are written by extension-writer.ts into the same batches,
// and the root declares the namespaces they use. The pieces: sitemap-writer.ts (SitemapWriter,
// which every document goes through), write-entries.ts (the loops over entries),
// field-values.ts (the fields' checks), batch-pipeline.ts (templates, batches, output).
//
// Values are written as given, entity-escaped, never rewritten, so that
// `parse(serializeSitemap(urls)).urls` deep-equals `urls` for the strict form (`SitemapUrl`), and
// every document is valid against the official XSDs (sitemap.xsd, siteindex.xsd, Google's
// extension schemas). What cannot be written so throws `SitemapError` `SERIALIZE_INVALID_VALUE`
// with the path of the value (`urlset/url[3]/loc`, 1-based like the parser's):
// - characters XML 1.0 cannot carry: C0 controls other than tab, newline and carriage return,
//   U+FFFE, U+FFFF, lone surrogates (tab, newline and CR are written, CR as `&#13;`);
// - an empty value, or one with leading or trailing XML white space (space, tab, CR, LF: the
//   parser trims those, so such values would come back different);
// - a loc that is not an absolute URL or not 12 to 2,048 characters long (URI syntax is not
//   judged: xsd-values.ts locProblem says why);
// - a lastmod string that is not an xsd:date or xsd:dateTime (W3C Datetime's `2024-05` or a
//   time without seconds are not), or a `Date` outside the years 0001–9999;
// - a priority that is not a finite number from 0 to 1 (a string priority must be an
//   xsd:decimal from 0 to 1, compared exactly, and is written as given);
// - a changefreq other than the seven lowercase words of sitemap.xsd;
// - a 50,001st entry (maxOccurs in the XSDs);
// - in extensions, what their schemas refuse (their rows' facets in model/value-rules.ts, xsd-values.ts schemaFacets).
// Beyond the schemas, what a profile of the validator adds (http(s) only, a time zone on a
// lastmod's time, Google's extension limits) is the validator's business: the authorities
// disagree (SPEC.md §1), and the serializer does not guess which one the caller follows.
//
// How it is fast: values cross into WebAssembly in batches. One JS string per batch holds the
// values separated by marker characters (C0 controls, which no XML document may contain); it is
// UTF-8 encoded once with `TextEncoder.encodeInto` into the core's input region, and the core
// (assembly/escape.ts) escapes the values and turns each marker into its tag template in one
// pass. JS counts the markers it wrote and passes that count, so a control character inside a
// value can never pass for a marker.
//
// Measured 2026-11-22 (Node 20.20 on this 2-core machine, shared with other jobs, so medians
// wander by ±20%), 50,000 URLs of bench/data/serialize-50k.json, 7.79 MB of compact output:
//   pure JS: regex escape, string templates, one TextEncoder pass   45–65 ms   120–170 MB/s
//   one encodeInto per value (200,000 calls)                        ~20 ms for the encoding alone
//   batch strings, marker and value appended apart (prototype)      21 ms      370 MB/s
//   batch strings, "marker + value" appended as one string          19 ms      410 MB/s
//   + ready-made changefreq/priority pieces, output buffer kept     18 ms      430 MB/s (npm run bench)
// Tried and dropped: moving the 4.7% of locs with characters above U+00FF to a side string so
// batches stay one-byte (no faster: the regex test and the second encode ate the gain).
// What remains: ~35% building the batch strings (the entries' 8 property layouts make the loads
// megamorphic), ~30% flattening and encoding them, ~15% the WebAssembly escaper, ~10% copies.

import { gzip } from '../input/gzip';
import type { OutputBytes, SerializeOptions } from '../model/types';
import { checkOptions, iterableOf } from './field-values';
import { SitemapWriter } from './sitemap-writer';
import type { SitemapIndexEntryInput, SitemapUrlInput } from './write-entries';

export { SitemapWriter, type SitemapEntryInput, type SitemapWriterOptions } from './sitemap-writer';
export type { SitemapIndexEntryInput, SitemapUrlInput } from './write-entries';

/**
 * Writes a sitemap (`<urlset>`) as UTF-8 bytes: the XML declaration, an optional
 * `<?xml-stylesheet?>`, and one `<url>` per entry with its fields in sitemap.xsd order. Compact by
 * default (one `<url>` per line); `{ pretty: true }` indents by two spaces; `{ gzip: true }`
 * returns gzip bytes. Throws `SitemapError` `SERIALIZE_INVALID_VALUE` (with `path`) for a value
 * that cannot be written so that it parses back the same (see the top of src/write/serialize.ts).
 *
 * @example
 * const xml = serializeSitemap([
 *   { loc: 'https://example.com/', lastmod: '2024-05-01', changefreq: 'daily', priority: 1 },
 *   { loc: new URL('https://example.com/a?b=1&c=2'), lastmod: new Date() },
 * ], { stylesheet: '/sitemap.xsl' });
 * await fs.writeFile('sitemap.xml', xml);
 */
export function serializeSitemap(urls: Iterable<SitemapUrlInput>, options?: SerializeOptions): OutputBytes {
  const settings = checkOptions(options);
  const entries = iterableOf(urls, 'urls');
  const writer = new SitemapWriter({ ...settings, kind: 'urlset' });
  writer.write(entries);
  const plain = writer.end();
  return settings.gzip ? gzip(plain) : plain;
}

/**
 * Writes a sitemap index (`<sitemapindex>`) as UTF-8 bytes: one `<sitemap>` per entry with its
 * `loc` and optional `lastmod`. Options and errors as for {@link serializeSitemap}.
 *
 * @example
 * const index = serializeSitemapIndex([
 *   { loc: 'https://example.com/sitemap-posts.xml.gz', lastmod: '2024-05-01T12:00:00Z' },
 *   { loc: 'https://example.com/sitemap-pages.xml.gz' },
 * ], { gzip: true });
 */
export function serializeSitemapIndex(entries: Iterable<SitemapIndexEntryInput>, options?: SerializeOptions): OutputBytes {
  const settings = checkOptions(options);
  const list = iterableOf(entries, 'entries');
  const writer = new SitemapWriter({ ...settings, kind: 'sitemapindex' });
  writer.write(list);
  const plain = writer.end();
  return settings.gzip ? gzip(plain) : plain;
}
