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

/**
 * Which authority `validate` follows where they disagree (SPEC.md §1): `google` (the protocol
 * text, W3C Datetime and Google's stricter rules) or `xsd` (exactly what sitemap.xsd and
 * siteindex.xsd accept, so that `valid` agrees with `xmllint --schema`).
 */
export type ValidationProfile = 'google' | 'xsd';

/** What a child of a sitemap index turned out to be, for nested-index detection. */
export type SitemapKind = 'urlset' | 'sitemapindex';

export interface ValidateOptions {
  /** Default `google`. */
  profile?: ValidationProfile;
  /**
   * The URL the file lives at. Enables the single-host and directory rules: every `loc` on the
   * same protocol, host and port and at or below the file's directory, and (for an index) no
   * entry listing the index itself.
   */
  location?: string;
  /** Hosts whose robots.txt names this sitemap (cross-submission): the host rule does not apply to them. */
  crossSubmit?: readonly string[];
  /** "Now" for time-relative rules (a lastmod in the future). Default: the current time. */
  now?: Date;
  /** For an index: what each child (by its `loc`) is; a child that is itself an index is an error. */
  childKinds?: ReadonlyMap<string, SitemapKind> | Readonly<Record<string, SitemapKind>>;
  /** Cap on the (decompressed) input size in bytes. Default 100 MiB, above the protocol's 50 MB. */
  maxBytes?: number;
}

/** How many entries point at one host. */
export interface HostCount {
  /** `hostname[:port]`, lowercase. */
  host: string;
  entries: number;
}

export interface ValidationStats {
  /** `<url>` or `<sitemap>` entries read. */
  entries: number;
  /** Size of the input as given (compressed size for gzip). */
  bytes: number;
  /** Size of the XML after decompression (what the 52,428,800-byte limit counts). */
  uncompressedBytes: number;
  gzipped: boolean;
  /** Hosts of the entries' locs, in the order first seen (`hosts.length` is the count). */
  hosts: HostCount[];
  /** Namespace URIs of elements outside the sitemap namespace (the extensions used), in the order first seen. */
  extensions: string[];
  /** Earliest and latest valid `<lastmod>`, as written; undefined when there is none. */
  lastmod: { min: string; max: string } | undefined;
}

export interface ValidateResult {
  /** False when any issue has severity `error`. */
  valid: boolean;
  /** The root that was found (undefined when there was no sitemap root). */
  kind: SitemapKind | undefined;
  /** Every problem, in document order; see `searchConsoleReport` for the Search Console name of each code. */
  issues: Issue[];
  stats: ValidationStats;
}
