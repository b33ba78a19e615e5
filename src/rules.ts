// The element rules of sitemaps.org 0.9 as data: which root makes which kind, which child is an
// entry and which grandchildren are its fields. The parser (and later the validator and the
// extensions) are driven by this table, not by tag switches.

import { LEGACY_SITEMAP_NAMESPACES, SITEMAP_NAMESPACE } from './limits';

export type FieldType = 'string' | 'number';

export interface DocumentRule {
  /** Root element local name. */
  root: 'urlset' | 'sitemapindex';
  /** The entry element under the root. */
  entry: string;
  /** Fields of an entry, in the order sitemap.xsd lists them. */
  fields: Readonly<Record<string, FieldType>>;
}

export const DOCUMENT_RULES: readonly DocumentRule[] = [
  { root: 'urlset', entry: 'url', fields: { loc: 'string', lastmod: 'string', changefreq: 'string', priority: 'number' } },
  { root: 'sitemapindex', entry: 'sitemap', fields: { loc: 'string', lastmod: 'string' } },
];

/** Roots that are well-formed XML but not a sitemap, with what to tell the user. */
export const FOREIGN_ROOTS: Readonly<Record<string, string>> = {
  rss: 'an RSS feed (<rss>)',
  feed: 'an Atom feed (<feed>)',
  html: 'an HTML page (<html>)',
  stylesheet: 'an XSLT stylesheet (<xsl:stylesheet>)',
  transform: 'an XSLT stylesheet (<xsl:transform>)',
  siteMap: 'an ASP.NET site map (<siteMap>), not a sitemaps.org sitemap',
  'RDF': 'an RDF document (<rdf:RDF>)',
};

/** Every name the parser compares by id. */
export const KNOWN_NAMES: readonly string[] = [
  ...new Set([
    SITEMAP_NAMESPACE,
    ...LEGACY_SITEMAP_NAMESPACES,
    ...DOCUMENT_RULES.flatMap((rule) => [rule.root, rule.entry, ...Object.keys(rule.fields)]),
    ...Object.keys(FOREIGN_ROOTS),
  ]),
];
