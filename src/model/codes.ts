// Every code an Issue or a SitemapError can carry, each with the Search Console report it matches
// (SPEC.md §6), and the severity an issue has in each validation profile (SPEC.md §1). A leaf
// module: it imports nothing, so every other module can depend on it without an import cycle.

/**
 * Every code sitemapkit reports. Prefixes: XML_ (well-formedness), SITEMAP_, INDEX_, GZIP_, INPUT_, and IMAGE_, VIDEO_, NEWS_, HREFLANG_ (extensions); CORE_ (the runtime cannot run the WebAssembly core).
 *
 * @example
 * if (issue.code === ErrorCode.SITEMAP_BAD_LASTMOD) console.log(issue.entry, issue.value);
 */
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
  CORE_UNAVAILABLE: 'CORE_UNAVAILABLE',
} as const;

export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/**
 * The codes of the issues `readRobotsTxtSitemaps` reports. They belong to robots.txt, not to a
 * sitemap document, so they are not part of `ErrorCode` (which the WASM core mirrors).
 *
 * @example
 * const relative = readRobotsTxtSitemaps(text, url).issues.filter((issue) => issue.code === RobotsTxtIssueCode.ROBOTS_SITEMAP_RELATIVE_URL);
 */
export const RobotsTxtIssueCode = {
  /** The value is a relative reference; it was resolved against the robots.txt URL. */
  ROBOTS_SITEMAP_RELATIVE_URL: 'ROBOTS_SITEMAP_RELATIVE_URL',
  /**
   * The value is not a URL even relative to the robots.txt URL, or is an http(s) URL without
   * `//` and a host (`https:`, `https:sitemap.xml`, `http:/sitemap.xml`); the line was skipped.
   */
  ROBOTS_SITEMAP_INVALID_URL: 'ROBOTS_SITEMAP_INVALID_URL',
  /** The URL is not http: or https: (e.g. `ftp:`, `javascript:`); the line was skipped. */
  ROBOTS_SITEMAP_UNSUPPORTED_SCHEME: 'ROBOTS_SITEMAP_UNSUPPORTED_SCHEME',
  /** `Sitemap:` with nothing after it (or only a comment); the line was skipped. */
  ROBOTS_SITEMAP_EMPTY: 'ROBOTS_SITEMAP_EMPTY',
  /** The same sitemap URL was declared earlier; the repeat was dropped. */
  ROBOTS_SITEMAP_DUPLICATE: 'ROBOTS_SITEMAP_DUPLICATE',
  /**
   * The line is read as a sitemap only because Google's parser is lenient: a field name that
   * merely starts with `sitemap`/`site-map` (`Sitemaps:`, `Site-map:`), or no colon at all
   * (`Sitemap https://…`). Other crawlers may ignore it.
   */
  ROBOTS_SITEMAP_FIELD_VARIANT: 'ROBOTS_SITEMAP_FIELD_VARIANT',
  /**
   * The line does not end within the robots.txt's first 500 KiB, all that Google reads (RFC 9309
   * §2.5: at least 500 KiB): Google ignores it, and crawlSitemaps does not read it either.
   */
  ROBOTS_SITEMAP_PAST_LIMIT: 'ROBOTS_SITEMAP_PAST_LIMIT',
} as const;

export type RobotsTxtIssueCode = (typeof RobotsTxtIssueCode)[keyof typeof RobotsTxtIssueCode];

/**
 * The codes of the issues `crawlSitemaps` adds to what `validate` and `readRobotsTxtSitemaps`
 * report: fetching, the walk, and the rules that need the whole site. They are not part of
 * `ErrorCode` (which the WASM core mirrors); `searchConsoleReport` names a report for each.
 *
 * @example
 * const { sitemaps } = await crawlSitemaps('example.com').report();
 * const failed = sitemaps.filter((sitemap) => sitemap.issues.some((issue) => issue.code === CrawlIssueCode.CRAWL_HTTP_ERROR));
 */
export const CrawlIssueCode = {
  /** Neither robots.txt nor any of the well-known places gave a sitemap (site-level). */
  CRAWL_NO_SITEMAP: 'CRAWL_NO_SITEMAP',
  /** The server answered with an HTTP error status (4xx, 5xx; after the retries for 429 and 5xx). */
  CRAWL_HTTP_ERROR: 'CRAWL_HTTP_ERROR',
  /** The request failed without an HTTP answer (DNS, connection refused or reset, CORS in a browser); status 0. */
  CRAWL_NETWORK_ERROR: 'CRAWL_NETWORK_ERROR',
  /** No answer, or no more bytes, within `timeout` milliseconds. */
  CRAWL_TIMEOUT: 'CRAWL_TIMEOUT',
  /** More redirects than the crawl follows (10), or a redirect loop. */
  CRAWL_TOO_MANY_REDIRECTS: 'CRAWL_TOO_MANY_REDIRECTS',
  /** A redirect to another host (followed; a warning: Google reads such sitemaps only with cross-submission). */
  CRAWL_CROSS_HOST_REDIRECT: 'CRAWL_CROSS_HOST_REDIRECT',
  /** A sitemap URL that is not http: or https: (`file:`, `data:`, `javascript:`…) or no URL at all: never fetched. */
  CRAWL_UNSUPPORTED_URL: 'CRAWL_UNSUPPORTED_URL',
  /** A loopback, private, link-local or reserved address (or a name resolving to one, in Node) refused under `refusePrivateAddresses`. */
  CRAWL_PRIVATE_ADDRESS: 'CRAWL_PRIVATE_ADDRESS',
  /** The file is larger than `maxBytes` once inflated (a gzip bomb stops here): its download stopped there (a sitemap's entries before that point were handed on). */
  CRAWL_TOO_LARGE: 'CRAWL_TOO_LARGE',
  /** A sitemap listed by this index failed (HTTP error, network, HTML, not a sitemap, over a limit): an issue of the index too. */
  CRAWL_CHILD_FAILED: 'CRAWL_CHILD_FAILED',
  /** A sitemap refers back to one of its ancestors (a cycle); it is not fetched again. */
  CRAWL_CYCLE: 'CRAWL_CYCLE',
  /** A sitemap already fetched (the same URL after RFC 3986 normalisation, or the same final URL) is referred to again; it is not fetched again. */
  CRAWL_REPEATED_SITEMAP: 'CRAWL_REPEATED_SITEMAP',
  /** A page URL already listed by another sitemap of the walk. */
  CRAWL_DUPLICATE_URL: 'CRAWL_DUPLICATE_URL',
  /** A listed page URL that the site's robots.txt disallows (Search Console: "Submitted URL blocked by robots.txt"). */
  CRAWL_BLOCKED_BY_ROBOTS_TXT: 'CRAWL_BLOCKED_BY_ROBOTS_TXT',
  /** An index's `<lastmod>` for a child is older than the newest `<lastmod>` inside that child: crawlers may skip the fresh file. */
  CRAWL_STALE_INDEX_LASTMOD: 'CRAWL_STALE_INDEX_LASTMOD',
  /** More than 500 sitemap index files for one site (Search Console's limit; site-level). */
  CRAWL_TOO_MANY_INDEX_FILES: 'CRAWL_TOO_MANY_INDEX_FILES',
  /** `maxDepth`, `maxSitemaps` or `maxEntries` stopped the walk short: what is listed was not all read. */
  CRAWL_LIMIT_REACHED: 'CRAWL_LIMIT_REACHED',
  /** robots.txt answered 5xx or failed: its Sitemap lines and rules are unknown (RFC 9309 §2.3.1.4); well-known places were tried. */
  CRAWL_ROBOTS_TXT_UNAVAILABLE: 'CRAWL_ROBOTS_TXT_UNAVAILABLE',
  /** robots.txt is larger than 500 KiB: its first 500 KiB are read, as Google reads them (RFC 9309 §2.5), and the rest, Sitemap lines and rules, is not. */
  CRAWL_ROBOTS_TXT_TOO_LARGE: 'CRAWL_ROBOTS_TXT_TOO_LARGE',
  /** A starting point that is not a site or an http(s) URL (site-level). */
  CRAWL_INVALID_START: 'CRAWL_INVALID_START',
} as const;

export type CrawlIssueCode = (typeof CrawlIssueCode)[keyof typeof CrawlIssueCode];

export type IssueSeverity = 'error' | 'warning';

/**
 * How much a rule weighs in each validation profile (SPEC.md §1), `[google, xsd]`: the one
 * encoding of severity by profile, for validate's own rules and the extensions' alike. null: that
 * profile does not report the rule at all.
 *
 * @example
 * const weight: ProfileSeverity = SEVERITY.googleOnly;
 * const severity = weight[profile === 'xsd' ? 1 : 0]; // 'warning' in the xsd profile
 */
export type ProfileSeverity = readonly [google: IssueSeverity | null, xsd: IssueSeverity | null];

/**
 * The weights rules have (see ProfileSeverity); a rule names one of these.
 *
 * @example
 * SEVERITY.xsdOnly; // ['warning', 'error']: sitemap.xsd's child order
 */
export const SEVERITY = {
  /** Both authorities reject it. */
  both: ['error', 'error'],
  /**
   * Google's and the protocol's rules that the XSD cannot express (encoding, limits, host and
   * directory scope, nested indexes, Google's value rules): a warning in the `xsd` profile, so
   * that there `valid` is exactly the XSD's verdict.
   */
  googleOnly: ['error', 'warning'],
  /** Rules only the XSD has (fixed child order, foreign elements, stray text, undeclared attributes): a warning for `google`. */
  xsdOnly: ['warning', 'error'],
  /** Advice in both profiles. */
  advice: ['warning', 'warning'],
  /** What matters to the XSD alone and not at all to Google (a retired extension's schema, sitemap.xsd's strict wildcard). */
  schemaAlone: [null, 'error'],
} as const satisfies Record<string, ProfileSeverity>;

/**
 * Every code an `Issue` can carry: the sitemap codes (`ErrorCode`), the robots.txt codes
 * (`RobotsTxtIssueCode`) and the crawl's (`CrawlIssueCode`). `searchConsoleReport` has an entry for each.
 */
export type IssueCode = ErrorCode | RobotsTxtIssueCode | CrawlIssueCode;

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
  // Thrown before any document is read (the runtime cannot run the core): nothing in Search Console is
  // about that; "Parsing error" is what this table names everything about reading rather than a value.
  CORE_UNAVAILABLE: 'Parsing error',
  // --- robots.txt (src/formats/robots.ts RobotsTxtIssueCode) ---
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
  ROBOTS_SITEMAP_PAST_LIMIT: 'Parsing error',
  // --- the crawl (src/site/crawl-types.ts CrawlIssueCode) ---
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
  CRAWL_ROBOTS_TXT_TOO_LARGE: 'Sitemap file size error',
  CRAWL_INVALID_START: 'Invalid URL',
};
