// Public data types of sitemapkit: what parse returns and serialize accepts (sitemaps.org 0.9).

/** One `<url>` of a `<urlset>`, as parsed (strict output form). */
export interface SitemapUrl {
  /** Absolute URL of the page, entity-decoded and trimmed. */
  loc: string;
  /** `<lastmod>` exactly as written (trimmed); W3C Datetime when valid. */
  lastmod?: string;
  /** `<changefreq>` as written (trimmed). */
  changefreq?: string;
  /** `<priority>` as a number (0.0–1.0 when valid). */
  priority?: number;
}

/** One `<sitemap>` of a `<sitemapindex>`. */
export interface SitemapIndexEntry {
  loc: string;
  lastmod?: string;
}

export type IssueSeverity = 'error' | 'warning';

/** A problem found in a document: plain data, never thrown. */
export interface Issue {
  /** A string constant with a domain prefix, e.g. `XML_UNBOUND_PREFIX` (see `ErrorCode`). */
  code: string;
  severity: IssueSeverity;
  /** A short sentence a person understands. */
  message: string;
  /** 1-based line of the offending construct (0 when unknown). */
  line: number;
  /** 1-based column, in characters (0 when unknown). */
  column: number;
  /** Element path such as `urlset/url[41]/loc` (empty when not inside an element). */
  path: string;
  /** The value at fault, when there is one. */
  value?: string;
}

export interface UrlsetResult {
  kind: 'urlset';
  urls: SitemapUrl[];
  issues: Issue[];
}

export interface SitemapIndexResult {
  kind: 'sitemapindex';
  sitemaps: SitemapIndexEntry[];
  issues: Issue[];
}

export type ParseResult = UrlsetResult | SitemapIndexResult;

/** What every parse function accepts. gzip is detected by its magic bytes, never by name. */
export type SitemapInput = Uint8Array | ArrayBuffer | string;

export interface ParseOptions {
  /**
   * Never throw for bad XML: keep every entry that could be read and list what was skipped in
   * `issues`. Default false (strict: malformed XML throws `SitemapError`).
   */
  recover?: boolean;
  /** Cap on the (decompressed) input size in bytes. Default 100 MiB. */
  maxBytes?: number;
}

export interface SerializeOptions {
  /** Return gzip bytes (`.xml.gz`). */
  gzip?: boolean;
  /** Adds `<?xml-stylesheet type="text/xsl" href="…"?>` (an XSL URL) after the XML declaration. */
  stylesheet?: string;
  /** Indent with two spaces and one element per line. Default false. */
  pretty?: boolean;
}
