// The one error class and the issue codes of sitemapkit; each code names the Search Console
// report it matches (SPEC.md §6) so users can line it up with what Google told them.

import type { IssueCode } from './types';

/** Every code sitemapkit reports. Prefixes: XML_ (well-formedness), SITEMAP_, INDEX_, GZIP_, INPUT_, and IMAGE_, VIDEO_, NEWS_, HREFLANG_ (extensions). */
export const ErrorCode = {
  // --- well-formedness (mirrored by assembly/errors.ts: keep the numeric order in step) ---
  XML_UNEXPECTED_EOF: 'XML_UNEXPECTED_EOF',
  XML_INVALID_CHAR: 'XML_INVALID_CHAR',
  XML_INVALID_UTF8: 'XML_INVALID_UTF8',
  XML_INVALID_NAME: 'XML_INVALID_NAME',
  XML_TAG_SYNTAX: 'XML_TAG_SYNTAX',
  XML_ATTRIBUTE_SYNTAX: 'XML_ATTRIBUTE_SYNTAX',
  XML_DUPLICATE_ATTRIBUTE: 'XML_DUPLICATE_ATTRIBUTE',
  XML_LT_IN_ATTRIBUTE: 'XML_LT_IN_ATTRIBUTE',
  XML_MISMATCHED_END_TAG: 'XML_MISMATCHED_END_TAG',
  XML_UNEXPECTED_END_TAG: 'XML_UNEXPECTED_END_TAG',
  XML_UNCLOSED_ELEMENT: 'XML_UNCLOSED_ELEMENT',
  XML_BAD_ENTITY: 'XML_BAD_ENTITY',
  XML_BAD_CHAR_REF: 'XML_BAD_CHAR_REF',
  XML_CDATA_END_IN_TEXT: 'XML_CDATA_END_IN_TEXT',
  XML_BAD_COMMENT: 'XML_BAD_COMMENT',
  XML_BAD_PI: 'XML_BAD_PI',
  XML_DECL_NOT_AT_START: 'XML_DECL_NOT_AT_START',
  XML_BAD_DECL: 'XML_BAD_DECL',
  XML_DOCTYPE_FORBIDDEN: 'XML_DOCTYPE_FORBIDDEN',
  XML_TEXT_OUTSIDE_ROOT: 'XML_TEXT_OUTSIDE_ROOT',
  XML_MULTIPLE_ROOTS: 'XML_MULTIPLE_ROOTS',
  XML_NO_ROOT: 'XML_NO_ROOT',
  XML_UNBOUND_PREFIX: 'XML_UNBOUND_PREFIX',
  XML_BAD_NAMESPACE_DECL: 'XML_BAD_NAMESPACE_DECL',
  XML_TOO_DEEP: 'XML_TOO_DEEP',
  XML_TOO_MANY_NAMES: 'XML_TOO_MANY_NAMES',
  XML_TOO_MANY_ERRORS: 'XML_TOO_MANY_ERRORS',
  // --- input and encoding ---
  INPUT_TOO_LARGE: 'INPUT_TOO_LARGE',
  INPUT_TOO_MANY_ENTRIES: 'INPUT_TOO_MANY_ENTRIES',
  INPUT_EMPTY: 'INPUT_EMPTY',
  INPUT_TYPE: 'INPUT_TYPE',
  INPUT_ENCODING: 'INPUT_ENCODING',
  GZIP_INVALID: 'GZIP_INVALID',
  // --- sitemap structure (parse) ---
  SITEMAP_NOT_A_SITEMAP: 'SITEMAP_NOT_A_SITEMAP',
  SITEMAP_HTML: 'SITEMAP_HTML',
  SITEMAP_WRONG_KIND: 'SITEMAP_WRONG_KIND',
  SITEMAP_NAMESPACE: 'SITEMAP_NAMESPACE',
  SITEMAP_MISSING_LOC: 'SITEMAP_MISSING_LOC',
  SITEMAP_BAD_PRIORITY: 'SITEMAP_BAD_PRIORITY',
  SITEMAP_DUPLICATE_FIELD: 'SITEMAP_DUPLICATE_FIELD',
  SITEMAP_NESTED_ENTRY: 'SITEMAP_NESTED_ENTRY',
  SITEMAP_TRUNCATED_ENTRY: 'SITEMAP_TRUNCATED_ENTRY',
  SITEMAP_EXTENSION_MISSING_TAG: 'SITEMAP_EXTENSION_MISSING_TAG',
  SITEMAP_EXTENSION_BAD_VALUE: 'SITEMAP_EXTENSION_BAD_VALUE',
  SITEMAP_EXTENSION_IGNORED: 'SITEMAP_EXTENSION_IGNORED',
  SERIALIZE_INVALID_VALUE: 'SERIALIZE_INVALID_VALUE',
  // --- validation (validate) ---
  SITEMAP_EMPTY: 'SITEMAP_EMPTY',
  SITEMAP_TOO_MANY_URLS: 'SITEMAP_TOO_MANY_URLS',
  SITEMAP_TOO_LARGE: 'SITEMAP_TOO_LARGE',
  SITEMAP_UNKNOWN_ELEMENT: 'SITEMAP_UNKNOWN_ELEMENT',
  SITEMAP_UNEXPECTED_ELEMENT: 'SITEMAP_UNEXPECTED_ELEMENT',
  SITEMAP_WRONG_ENTRY: 'SITEMAP_WRONG_ENTRY',
  SITEMAP_CHILD_ORDER: 'SITEMAP_CHILD_ORDER',
  SITEMAP_UNEXPECTED_TEXT: 'SITEMAP_UNEXPECTED_TEXT',
  SITEMAP_UNEXPECTED_ATTRIBUTE: 'SITEMAP_UNEXPECTED_ATTRIBUTE',
  SITEMAP_BAD_LOC: 'SITEMAP_BAD_LOC',
  SITEMAP_LOC_NOT_ESCAPED: 'SITEMAP_LOC_NOT_ESCAPED',
  SITEMAP_LOC_LENGTH: 'SITEMAP_LOC_LENGTH',
  SITEMAP_LOC_NOT_ALLOWED: 'SITEMAP_LOC_NOT_ALLOWED',
  SITEMAP_DUPLICATE_LOC: 'SITEMAP_DUPLICATE_LOC',
  SITEMAP_BAD_LASTMOD: 'SITEMAP_BAD_LASTMOD',
  SITEMAP_FUTURE_LASTMOD: 'SITEMAP_FUTURE_LASTMOD',
  SITEMAP_BAD_CHANGEFREQ: 'SITEMAP_BAD_CHANGEFREQ',
  INDEX_TOO_MANY_SITEMAPS: 'INDEX_TOO_MANY_SITEMAPS',
  INDEX_LISTS_ITSELF: 'INDEX_LISTS_ITSELF',
  INDEX_NESTED: 'INDEX_NESTED',
  // --- extensions (validate, SPEC.md §3) ---
  SITEMAP_EXTENSION_BAD_DATE: 'SITEMAP_EXTENSION_BAD_DATE',
  SITEMAP_EXTENSION_BAD_URL: 'SITEMAP_EXTENSION_BAD_URL',
  IMAGE_TOO_MANY: 'IMAGE_TOO_MANY',
  IMAGE_DEPRECATED_TAG: 'IMAGE_DEPRECATED_TAG',
  VIDEO_MISSING_THUMBNAIL: 'VIDEO_MISSING_THUMBNAIL',
  VIDEO_MISSING_TITLE: 'VIDEO_MISSING_TITLE',
  VIDEO_MISSING_LOCATION: 'VIDEO_MISSING_LOCATION',
  VIDEO_LOCATION_IS_PAGE: 'VIDEO_LOCATION_IS_PAGE',
  VIDEO_BAD_DURATION: 'VIDEO_BAD_DURATION',
  VIDEO_BAD_RATING: 'VIDEO_BAD_RATING',
  VIDEO_TEXT_TOO_LONG: 'VIDEO_TEXT_TOO_LONG',
  VIDEO_TOO_MANY_TAGS: 'VIDEO_TOO_MANY_TAGS',
  VIDEO_BAD_COUNTRY_LIST: 'VIDEO_BAD_COUNTRY_LIST',
  NEWS_TOO_MANY: 'NEWS_TOO_MANY',
  NEWS_BAD_LANGUAGE: 'NEWS_BAD_LANGUAGE',
  NEWS_TOO_OLD: 'NEWS_TOO_OLD',
  HREFLANG_BAD_CODE: 'HREFLANG_BAD_CODE',
  HREFLANG_NO_SELF_REFERENCE: 'HREFLANG_NO_SELF_REFERENCE',
  HREFLANG_NO_RETURN_LINK: 'HREFLANG_NO_RETURN_LINK',
  INPUT_INVALID_OPTION: 'INPUT_INVALID_OPTION',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The Search Console report name each code corresponds to (SPEC.md §6): every `ErrorCode`,
 * every `RobotsTxtIssueCode` and every `CrawlIssueCode`, so `searchConsoleReport[issue.code]` works for any `Issue`.
 *
 * @example
 * searchConsoleReport.XML_UNBOUND_PREFIX; // 'Unbound namespace prefix'
 * for (const issue of validate(bytes).issues) console.log(issue.code, searchConsoleReport[issue.code]);
 */
export const searchConsoleReport: Record<IssueCode, string> = {
  XML_UNEXPECTED_EOF: 'Parsing error',
  XML_INVALID_CHAR: 'Parsing error',
  XML_INVALID_UTF8: 'Parsing error',
  XML_INVALID_NAME: 'Parsing error',
  XML_TAG_SYNTAX: 'Parsing error',
  XML_ATTRIBUTE_SYNTAX: 'Parsing error',
  XML_DUPLICATE_ATTRIBUTE: 'Parsing error',
  XML_LT_IN_ATTRIBUTE: 'Parsing error',
  XML_MISMATCHED_END_TAG: 'Parsing error',
  XML_UNEXPECTED_END_TAG: 'Parsing error',
  XML_UNCLOSED_ELEMENT: 'Parsing error',
  XML_BAD_ENTITY: 'Parsing error',
  XML_BAD_CHAR_REF: 'Parsing error',
  XML_CDATA_END_IN_TEXT: 'Parsing error',
  XML_BAD_COMMENT: 'Parsing error',
  XML_BAD_PI: 'Parsing error',
  XML_DECL_NOT_AT_START: 'Leading whitespace',
  XML_BAD_DECL: 'Parsing error',
  XML_DOCTYPE_FORBIDDEN: 'Parsing error',
  XML_TEXT_OUTSIDE_ROOT: 'Parsing error',
  XML_MULTIPLE_ROOTS: 'Parsing error',
  XML_NO_ROOT: 'Empty sitemap',
  XML_UNBOUND_PREFIX: 'Unbound namespace prefix',
  XML_BAD_NAMESPACE_DECL: 'Incorrect namespace',
  XML_TOO_DEEP: 'Parsing error',
  XML_TOO_MANY_NAMES: 'Parsing error',
  XML_TOO_MANY_ERRORS: 'Parsing error',
  INPUT_TOO_LARGE: 'Sitemap file size error',
  INPUT_TOO_MANY_ENTRIES: 'Too many URLs',
  INPUT_EMPTY: 'Empty sitemap',
  INPUT_TYPE: 'Parsing error',
  INPUT_ENCODING: 'Parsing error',
  GZIP_INVALID: 'Compression error',
  SITEMAP_NOT_A_SITEMAP: 'Parsing error',
  SITEMAP_HTML: 'Sitemap is HTML',
  SITEMAP_WRONG_KIND: 'Parsing error',
  SITEMAP_NAMESPACE: 'Incorrect namespace',
  SITEMAP_MISSING_LOC: 'Missing XML tag',
  SITEMAP_BAD_PRIORITY: 'Invalid tag value',
  SITEMAP_DUPLICATE_FIELD: 'Invalid tag value',
  SITEMAP_NESTED_ENTRY: 'Parsing error',
  SITEMAP_TRUNCATED_ENTRY: 'Parsing error',
  SITEMAP_EXTENSION_MISSING_TAG: 'Missing XML tag',
  SITEMAP_EXTENSION_BAD_VALUE: 'Invalid tag value',
  SITEMAP_EXTENSION_IGNORED: 'Parsing error',
  SERIALIZE_INVALID_VALUE: 'Invalid tag value',
  SITEMAP_EMPTY: 'Empty sitemap',
  SITEMAP_TOO_MANY_URLS: 'Too many URLs',
  SITEMAP_TOO_LARGE: 'Sitemap file size error',
  SITEMAP_UNKNOWN_ELEMENT: 'Parsing error',
  SITEMAP_UNEXPECTED_ELEMENT: 'Parsing error',
  SITEMAP_WRONG_ENTRY: 'Parsing error',
  SITEMAP_CHILD_ORDER: 'Parsing error',
  SITEMAP_UNEXPECTED_TEXT: 'Parsing error',
  SITEMAP_UNEXPECTED_ATTRIBUTE: 'Parsing error',
  SITEMAP_BAD_LOC: 'Invalid URL',
  SITEMAP_LOC_NOT_ESCAPED: 'Invalid URL',
  SITEMAP_LOC_LENGTH: 'Invalid URL',
  SITEMAP_LOC_NOT_ALLOWED: 'URL not allowed',
  SITEMAP_DUPLICATE_LOC: 'Invalid tag value',
  SITEMAP_BAD_LASTMOD: 'Invalid date',
  SITEMAP_FUTURE_LASTMOD: 'Invalid date',
  SITEMAP_BAD_CHANGEFREQ: 'Invalid tag value',
  INDEX_TOO_MANY_SITEMAPS: 'Too many URLs',
  INDEX_LISTS_ITSELF: 'Nested sitemap indexes',
  INDEX_NESTED: 'Nested sitemap indexes',
  SITEMAP_EXTENSION_BAD_DATE: 'Invalid date',
  SITEMAP_EXTENSION_BAD_URL: 'Invalid URL',
  IMAGE_TOO_MANY: 'Invalid tag value',
  IMAGE_DEPRECATED_TAG: 'Invalid tag value',
  VIDEO_MISSING_THUMBNAIL: 'Missing video thumbnail',
  VIDEO_MISSING_TITLE: 'Missing video title',
  VIDEO_MISSING_LOCATION: 'Missing XML tag',
  VIDEO_LOCATION_IS_PAGE: 'Invalid URL',
  VIDEO_BAD_DURATION: 'Invalid tag value',
  VIDEO_BAD_RATING: 'Invalid tag value',
  VIDEO_TEXT_TOO_LONG: 'Invalid tag value',
  VIDEO_TOO_MANY_TAGS: 'Invalid tag value',
  VIDEO_BAD_COUNTRY_LIST: 'Invalid tag value',
  NEWS_TOO_MANY: 'Too many News URLs',
  NEWS_BAD_LANGUAGE: 'Invalid tag value',
  NEWS_TOO_OLD: 'Invalid date',
  HREFLANG_BAD_CODE: 'Invalid tag value',
  HREFLANG_NO_SELF_REFERENCE: 'Invalid tag value',
  HREFLANG_NO_RETURN_LINK: 'Invalid tag value',
  INPUT_INVALID_OPTION: 'Parsing error',
  // --- robots.txt (src/robots.ts RobotsTxtIssueCode) ---
  // Search Console has no report about a robots.txt's Sitemap: lines (its robots.txt report
  // covers fetching and the rules; a sitemap it cannot fetch shows in the Sitemaps report). A
  // line whose value gives no usable sitemap URL is the nearest thing to "Invalid URL"; the two
  // codes about how a line was read (a repeat, a lenient field name) are "Parsing error", the
  // name this table gives everything that is about reading the file rather than a value in it.
  ROBOTS_SITEMAP_RELATIVE_URL: 'Invalid URL',
  ROBOTS_SITEMAP_INVALID_URL: 'Invalid URL',
  ROBOTS_SITEMAP_UNSUPPORTED_SCHEME: 'Invalid URL',
  ROBOTS_SITEMAP_EMPTY: 'Invalid URL',
  ROBOTS_SITEMAP_DUPLICATE: 'Parsing error',
  ROBOTS_SITEMAP_FIELD_VARIANT: 'Parsing error',
  // --- the crawl (src/crawl-types.ts CrawlIssueCode) ---
  // SPEC.md §6's list has no fetch statuses ("Couldn't fetch", "HTTP error"): a file that could
  // not be fetched or read is "Parsing error", as robots.txt's reading problems are; the rest
  // take the report of the rule they are about.
  CRAWL_NO_SITEMAP: 'Empty sitemap',
  CRAWL_HTTP_ERROR: 'Parsing error',
  CRAWL_NETWORK_ERROR: 'Parsing error',
  CRAWL_TIMEOUT: 'Parsing error',
  CRAWL_TOO_MANY_REDIRECTS: 'Parsing error',
  CRAWL_CROSS_HOST_REDIRECT: 'URL not allowed',
  CRAWL_UNSUPPORTED_URL: 'Invalid URL',
  CRAWL_PRIVATE_ADDRESS: 'URL not allowed',
  CRAWL_TOO_LARGE: 'Sitemap file size error',
  CRAWL_CHILD_FAILED: 'Parsing error',
  CRAWL_CYCLE: 'Nested sitemap indexes',
  CRAWL_REPEATED_SITEMAP: 'Invalid tag value',
  CRAWL_DUPLICATE_URL: 'Invalid tag value',
  CRAWL_BLOCKED_BY_ROBOTS_TXT: 'URL not allowed',
  CRAWL_STALE_INDEX_LASTMOD: 'Invalid date',
  CRAWL_TOO_MANY_INDEX_FILES: 'Too many URLs',
  CRAWL_LIMIT_REACHED: 'Sitemap file size error',
  CRAWL_ROBOTS_TXT_UNAVAILABLE: 'Parsing error',
  CRAWL_INVALID_START: 'Invalid URL',
};

export interface SitemapErrorInit {
  line?: number;
  column?: number;
  offset?: number;
  path?: string;
  cause?: unknown;
}

/**
 * The mark every SitemapError carries, in the runtime's global symbol registry: the package loads
 * as two copies when one program both `import`s it and `require`s it (the ES module build and the
 * CommonJS one, the "dual-package hazard"), and `instanceof` must hold across them.
 */
const SITEMAP_ERROR_BRAND = Symbol.for('sitemapkit.SitemapError');

/**
 * The only error sitemapkit throws. Position fields are 1-based (0 when unknown, as for misuse
 * such as a bad option); `offset` is the byte offset in the (decompressed) input, -1 when unknown.
 * `instanceof SitemapError` is true for an error from any copy of sitemapkit in the program (its
 * `import` and `require` builds, its edge build), not only this one.
 *
 * @example
 * try { parse('<urlset>') } catch (e) { if (e instanceof SitemapError) console.log(e.code, e.line, e.column) }
 */
export class SitemapError extends Error {
  /** By brand, not prototype chain, so errors from another copy of the package count (see above). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== SitemapError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [SITEMAP_ERROR_BRAND]?: unknown })[SITEMAP_ERROR_BRAND] === true;
  }

  /** The brand, on the prototype: not an own property, so not enumerated or compared. */
  get [SITEMAP_ERROR_BRAND](): true {
    return true;
  }

  readonly code: ErrorCode;
  readonly line: number;
  readonly column: number;
  readonly offset: number;
  readonly path: string;

  constructor(code: ErrorCode, message: string, init: SitemapErrorInit = {}) {
    super(init.line ? `${message} (line ${init.line}, column ${init.column ?? 0})` : message,
      init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SitemapError';
    this.code = code;
    this.line = init.line ?? 0;
    this.column = init.column ?? 0;
    this.offset = init.offset ?? -1;
    this.path = init.path ?? '';
  }
}

/**
 * The core's numeric well-formedness codes (assembly/errors.ts `XmlError`), by number, with the
 * sentence users read. Index 0 is "no error".
 */
export const XML_ERRORS: readonly (readonly [ErrorCode, string] | null)[] = [
  null,
  ['XML_UNEXPECTED_EOF', 'The document ends in the middle of a construct (truncated file?)'],
  ['XML_INVALID_CHAR', 'A character that XML does not allow (a control character or U+FFFE/U+FFFF)'],
  ['XML_INVALID_UTF8', 'Bytes that are not valid UTF-8 (sitemaps must be UTF-8)'],
  ['XML_INVALID_NAME', 'An element or attribute name that is not a valid XML name'],
  ['XML_TAG_SYNTAX', 'Malformed markup: "<" that does not start a tag, or a broken tag (escape a literal "<" as &lt;)'],
  ['XML_ATTRIBUTE_SYNTAX', 'Malformed attribute: expected name="value" separated by white space'],
  ['XML_DUPLICATE_ATTRIBUTE', 'The same attribute (or namespace declaration) appears twice on one element'],
  ['XML_LT_IN_ATTRIBUTE', 'A raw "<" inside an attribute value (escape it as &lt;)'],
  ['XML_MISMATCHED_END_TAG', 'An end tag that does not match the open element'],
  ['XML_UNEXPECTED_END_TAG', 'An end tag after the root element was closed'],
  ['XML_UNCLOSED_ELEMENT', 'The document ends while elements are still open (truncated file?)'],
  ['XML_BAD_ENTITY', 'A bare "&" or an unknown entity (escape "&" as &amp;; only &amp; &lt; &gt; &apos; &quot; exist)'],
  ['XML_BAD_CHAR_REF', 'A character reference (&#…;) that is malformed or names a character XML does not allow'],
  ['XML_CDATA_END_IN_TEXT', '"]]>" in text (escape ">" as &gt;)'],
  ['XML_BAD_COMMENT', '"--" inside a comment'],
  ['XML_BAD_PI', 'A malformed processing instruction (<?…?>)'],
  ['XML_DECL_NOT_AT_START', 'The XML declaration (<?xml …?>) is not at the very start of the file (remove what precedes it, such as white space)'],
  ['XML_BAD_DECL', 'A malformed XML declaration: XML 1.0 wants <?xml version="1.x" encoding="a name such as UTF-8" standalone="yes or no"?>, in that order, encoding and standalone optional, each value quoted'],
  ['XML_DOCTYPE_FORBIDDEN', 'A DOCTYPE declaration: refused, sitemaps have none (no DTD is read, no entity expanded)'],
  ['XML_TEXT_OUTSIDE_ROOT', 'Text outside the root element (is this an XML file?)'],
  ['XML_MULTIPLE_ROOTS', 'A second root element after the first one was closed'],
  ['XML_NO_ROOT', 'No root element: the document is empty or is not XML'],
  ['XML_UNBOUND_PREFIX', 'A namespace prefix that was never declared (add xmlns:prefix="…" on the root)'],
  ['XML_BAD_NAMESPACE_DECL', 'A namespace declaration that Namespaces in XML forbids'],
  ['XML_TOO_DEEP', 'Elements nested deeper than 512 levels'],
  ['XML_TOO_MANY_NAMES', 'More distinct names, namespaces or attributes than the reader keeps (65,536 names, 1,024 attributes)'],
];
