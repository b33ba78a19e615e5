// Public data types of sitemapkit: what parse returns and serialize accepts (sitemaps.org 0.9).

import type { ErrorCode, IssueCode, IssueSeverity } from './codes';

export type { IssueCode, IssueSeverity } from './codes';

/**
 * One `<url>` of a `<urlset>`, as parsed (strict output form). The extension fields are there
 * only when the entry has such elements: a plain entry is `{ loc, lastmod?, changefreq?, priority? }`.
 */
export interface SitemapUrl {
  /** Absolute URL of the page, entity-decoded and trimmed. */
  loc: string;
  /** `<lastmod>` exactly as written (trimmed); W3C Datetime when valid. */
  lastmod?: string;
  /** `<changefreq>` as written (trimmed). */
  changefreq?: string;
  /** `<priority>` as a number (0.0–1.0 when valid). */
  priority?: number;
  /** `<image:image>` elements (Google image extension 1.1), in document order. */
  images?: SitemapImage[];
  /** `<video:video>` elements (Google video extension 1.1), in document order. */
  videos?: SitemapVideo[];
  /** The `<news:news>` element (Google News extension 0.9); a second one in the same `<url>` is reported and left out. */
  news?: SitemapNews;
  /** `<xhtml:link hreflang="…">` language alternates, in document order. */
  alternates?: SitemapAlternate[];
  /**
   * Every other element in another namespace (Google's mobile and PageMap extensions, a site's
   * own…), kept whole so that serializing writes it back with the same meaning.
   */
  extensions?: ExtensionElement[];
}

// ------------------------------------------------------------------------------------------
// Extensions (SPEC.md §3), strict output form: what parse returns. Element and attribute values
// are entity-decoded and trimmed of XML white space; dates stay as written (like lastmod);
// numbers are numbers and yes/no values booleans. A value that cannot be read as its type (a
// duration "abc", a yes/no "maybe") is left out with a SITEMAP_EXTENSION_BAD_VALUE issue; a
// missing required child is an empty string with a SITEMAP_EXTENSION_MISSING_TAG issue.
// Namespaces are matched by URI, never by prefix.

/** `<image:image>` (`http://www.google.com/schemas/sitemap-image/1.1`). */
export interface SitemapImage {
  /** `<image:loc>`: the image URL (required). */
  loc: string;
  /** `<image:caption>` (deprecated by Google since 2022, still read and written). */
  caption?: string;
  /** `<image:geo_location>` (deprecated by Google since 2022). */
  geoLocation?: string;
  /** `<image:title>` (deprecated by Google since 2022). */
  title?: string;
  /** `<image:license>`: URL of the license (deprecated by Google since 2022). */
  license?: string;
  /**
   * Elements inside it that its schema does not have (another namespace's, or an unknown one in
   * its own), kept whole so that serializing writes them back; absent when there are none. They
   * are written after the schema's elements. Parse reports each one (SITEMAP_EXTENSION_IGNORED):
   * the XSD rejects them and Google ignores them.
   */
  extensions?: ExtensionElement[];
}

/** `<video:player_loc allow_embed="…" autoplay="…">`. */
export interface SitemapVideoPlayerLoc {
  /** The player URL (the element's text). */
  loc: string;
  /** `allow_embed` (yes/no). */
  allowEmbed?: boolean;
  /** `autoplay`: the string Google may append to the player's flashvars. */
  autoplay?: string;
}

/** `<video:content_segment_loc duration="…">`. */
export interface SitemapVideoContentSegment {
  loc: string;
  /** `duration` in seconds. */
  duration?: number;
}

/** `<video:restriction relationship="allow|deny">`: countries where the video may (not) play. */
export interface SitemapVideoRestriction {
  /** Space-separated ISO 3166 codes as written, e.g. `"US CA GB"`. */
  countries: string;
  /** `allow` or `deny` (required by the schema). */
  relationship: string;
}

/** `<video:platform relationship="allow|deny">`: platforms where the video may (not) play. */
export interface SitemapVideoPlatform {
  /** Space-separated `web`, `mobile`, `tv`, as written. */
  platforms: string;
  /** `allow` or `deny` (required by the schema). */
  relationship: string;
}

/** `<video:gallery_loc title="…">`. */
export interface SitemapVideoGalleryLoc {
  loc: string;
  title?: string;
}

/** `<video:price currency="…" type="…" resolution="…">`. */
export interface SitemapVideoPrice {
  /** The price; absent for an empty `<video:price/>` (which then needs a `type`). */
  amount?: number;
  /** ISO 4217, e.g. `EUR`. */
  currency?: string;
  /** `rent` or `purchase`. */
  type?: string;
  /** `hd` or `sd`. */
  resolution?: string;
}

/** `<video:uploader info="…">`. */
export interface SitemapVideoUploader {
  /** The uploader's name (the element's text). */
  name: string;
  /** `info`: URL of a page about the uploader. */
  info?: string;
}

/** `<video:tvshow>` (in the schema, no longer documented by Google). */
export interface SitemapVideoTvShow {
  showTitle: string;
  /** `full`, `preview`, `clip`, `interview`, `news` or `other`. */
  videoType: string;
  episodeTitle?: string;
  seasonNumber?: number;
  episodeNumber?: number;
  premierDate?: string;
  /** Elements inside `<video:tvshow>` that the schema does not have (see {@link SitemapImage.extensions}). */
  extensions?: ExtensionElement[];
}

/** `<video:id type="…">`. */
export interface SitemapVideoId {
  value: string;
  /** `tms:series`, `tms:program`, `rovi:series`, `rovi:program`, `freebase` or `url` (required by the schema). */
  type: string;
}

/** `<video:video>` (`http://www.google.com/schemas/sitemap-video/1.1`), every tag and attribute of its schema. */
export interface SitemapVideo {
  /** `<video:thumbnail_loc>` (required). */
  thumbnailLoc: string;
  /** `<video:title>` (required). */
  title: string;
  /** `<video:description>` (required). */
  description: string;
  /** `<video:content_loc>`: the media file (this or playerLoc is required). */
  contentLoc?: string;
  playerLoc?: SitemapVideoPlayerLoc;
  /** `<video:duration>` in seconds. */
  duration?: number;
  /** `<video:expiration_date>` as written (W3C Datetime). */
  expirationDate?: string;
  /** `<video:rating>`, 0.0–5.0. */
  rating?: number;
  contentSegmentLocs?: SitemapVideoContentSegment[];
  /** `<video:view_count>`. */
  viewCount?: number;
  /** `<video:publication_date>` as written (W3C Datetime). */
  publicationDate?: string;
  /** `<video:tag>` elements, in order. */
  tags?: string[];
  category?: string;
  /** `<video:family_friendly>` yes/no. */
  familyFriendly?: boolean;
  restriction?: SitemapVideoRestriction;
  galleryLoc?: SitemapVideoGalleryLoc;
  prices?: SitemapVideoPrice[];
  /** `<video:requires_subscription>` yes/no. */
  requiresSubscription?: boolean;
  uploader?: SitemapVideoUploader;
  tvshow?: SitemapVideoTvShow;
  platform?: SitemapVideoPlatform;
  /** `<video:live>` yes/no. */
  live?: boolean;
  ids?: SitemapVideoId[];
  /**
   * Elements inside it that its schema does not have (another namespace's, or an unknown one in
   * its own), kept whole so that serializing writes them back; absent when there are none. They
   * are written after the schema's elements. Parse reports each one (SITEMAP_EXTENSION_IGNORED):
   * the XSD rejects them and Google ignores them.
   */
  extensions?: ExtensionElement[];
}

/** `<news:publication>`. */
export interface SitemapNewsPublication {
  /** `<news:name>` (required). */
  name: string;
  /** `<news:language>`: ISO 639 code, or `zh-cn` / `zh-tw` (required). */
  language: string;
  /** Elements inside `<news:publication>` that the schema does not have (see {@link SitemapImage.extensions}). */
  extensions?: ExtensionElement[];
}

/** `<news:news>` (`http://www.google.com/schemas/sitemap-news/0.9`). */
export interface SitemapNews {
  publication: SitemapNewsPublication;
  /** `<news:publication_date>` as written (W3C Datetime; required). */
  publicationDate: string;
  /** `<news:title>` (required by Google). */
  title: string;
  /** `<news:access>`: `Subscription` or `Registration`. */
  access?: string;
  /** `<news:genres>`: comma-separated, as written. */
  genres?: string;
  /** `<news:keywords>`: comma-separated, as written (may be empty). */
  keywords?: string;
  /** `<news:stock_tickers>`: comma-separated, as written. */
  stockTickers?: string;
  /**
   * Elements inside it that its schema does not have (another namespace's, or an unknown one in
   * its own), kept whole so that serializing writes them back; absent when there are none. They
   * are written after the schema's elements. Parse reports each one (SITEMAP_EXTENSION_IGNORED):
   * the XSD rejects them and Google ignores them.
   */
  extensions?: ExtensionElement[];
}

/** `<xhtml:link rel="alternate" hreflang="…" href="…"/>` (`http://www.w3.org/1999/xhtml`). */
export interface SitemapAlternate {
  /** A BCP 47 language tag or `x-default`. */
  hreflang: string;
  /** The URL of that language version. */
  href: string;
  /** `alternate` in a valid file. */
  rel: string;
}

// ------------------------------------------------------------------------------------------
// Extensions, lenient input form: what serializeSitemap also takes. The strict form above is
// accepted as it is; these widen it with what callers naturally have, normalised when written:
// a `URL` for a URL (its href), a `Date` for a date (its ISO 8601 UTC form), a number or an
// xsd:decimal string for a number, `true`/`false` or yes/no in any case for a yes/no value
// (written `yes`/`no`), an array of strings for a list.

/** A yes/no value as the serializer takes it (written as `yes` or `no`). */
export type YesNoInput = boolean | 'yes' | 'no' | 'Yes' | 'No' | 'YES' | 'NO';
/** A URL as the serializer takes it. */
export type UrlInput = string | URL;
/** A W3C Datetime as the serializer takes it (a `Date` is written with `toISOString()`). */
export type DateInput = string | Date;
/** A number as the serializer takes it: a finite number, or an xsd:decimal string written as given. */
export type NumberInput = number | string;

/** Lenient form of {@link SitemapImage}. */
export interface SitemapImageInput {
  loc: UrlInput;
  caption?: string;
  geoLocation?: string;
  title?: string;
  license?: UrlInput;
  /** Elements the schema does not have, written after its own (see {@link SitemapImage.extensions}). */
  extensions?: readonly ExtensionElement[];
}

/** Lenient form of {@link SitemapVideo}. */
export interface SitemapVideoInput {
  thumbnailLoc: UrlInput;
  title: string;
  description: string;
  contentLoc?: UrlInput;
  playerLoc?: { loc: UrlInput; allowEmbed?: YesNoInput; autoplay?: string };
  /** Seconds. */
  duration?: NumberInput;
  expirationDate?: DateInput;
  rating?: NumberInput;
  contentSegmentLocs?: readonly { loc: UrlInput; duration?: NumberInput }[];
  viewCount?: NumberInput;
  publicationDate?: DateInput;
  tags?: readonly string[];
  category?: string;
  familyFriendly?: YesNoInput;
  /** Countries as a space-separated string or an array of ISO 3166 codes. */
  restriction?: { countries: string | readonly string[]; relationship: string };
  galleryLoc?: { loc: UrlInput; title?: string };
  prices?: readonly { amount?: NumberInput; currency?: string; type?: string; resolution?: string }[];
  requiresSubscription?: YesNoInput;
  uploader?: { name: string; info?: UrlInput };
  tvshow?: { showTitle: string; videoType: string; episodeTitle?: string; seasonNumber?: NumberInput; episodeNumber?: NumberInput; premierDate?: DateInput; extensions?: readonly ExtensionElement[] };
  /** Platforms as a space-separated string or an array (`web`, `mobile`, `tv`). */
  platform?: { platforms: string | readonly string[]; relationship: string };
  live?: YesNoInput;
  ids?: readonly { value: string; type: string }[];
  /** Elements the schema does not have, written after its own (see {@link SitemapImage.extensions}). */
  extensions?: readonly ExtensionElement[];
}

/** Lenient form of {@link SitemapNews}; lists may be arrays (joined with ", "). */
export interface SitemapNewsInput {
  publication: { name: string; language: string; extensions?: readonly ExtensionElement[] };
  publicationDate: DateInput;
  title: string;
  access?: string;
  genres?: string | readonly string[];
  keywords?: string | readonly string[];
  stockTickers?: string | readonly string[];
  /** Elements the schema does not have, written after its own (see {@link SitemapImage.extensions}). */
  extensions?: readonly ExtensionElement[];
}

/** Lenient form of {@link SitemapAlternate}: `rel` defaults to `alternate`. */
export interface SitemapAlternateInput {
  hreflang: string;
  href: UrlInput;
  rel?: string;
}

/**
 * An element sitemapkit has no typed form for (any namespace but the sitemap's and the typed
 * extensions' items), kept as a tree: names, namespaces, attributes and text, so a parse and
 * a serialize give back the same meaning. Chosen over an XML string so that it can be read
 * without a second parser and written with every value escaped (nothing can inject markup).
 *
 * What is kept: every element with its namespace URI and local name, every attribute, every
 * text run (entity-decoded, CDATA merged, line ends normalised as XML does, never trimmed),
 * including the white space that is all of an element's content (`<x> </x>`). What is not:
 * comments, processing instructions, the white space between two tags, and prefixes other
 * than as a preference (a prefix is a spelling, the namespace URI is the meaning).
 *
 * @example
 * // <mobile:mobile xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0"/>
 * const mobile: ExtensionElement = { namespace: 'http://www.google.com/schemas/sitemap-mobile/1.0', name: 'mobile', prefix: 'mobile' };
 */
export interface ExtensionElement {
  /** The namespace URI ('' for none). */
  namespace: string;
  /** The local name. */
  name: string;
  /**
   * The prefix it was written with; absent when it was unprefixed (in the default namespace).
   * The serializer keeps it unless another namespace in the same file already has it.
   */
  prefix?: string;
  /** Attributes in document order (namespace declarations are not attributes). */
  attributes?: ExtensionAttribute[];
  /** Child elements and text, in document order; adjacent text is one string. */
  children?: (ExtensionElement | string)[];
}

/** An attribute of an {@link ExtensionElement}. */
export interface ExtensionAttribute {
  /** The local name. */
  name: string;
  /** The value, entity-decoded (attribute-value normalisation applied, as XML does). */
  value: string;
  /** The namespace URI of a prefixed attribute; absent for an unprefixed one (no namespace). */
  namespace?: string;
  /** The prefix it was written with (with `namespace`). */
  prefix?: string;
}

/** One `<sitemap>` of a `<sitemapindex>`. */
export interface SitemapIndexEntry {
  loc: string;
  lastmod?: string;
}


/**
 * A problem found in a document: plain data, never thrown. `Code` narrows what `code` can be:
 * `ErrorCode` (the default) for what parse and validate report, `RobotsTxtIssueCode` for
 * `readRobotsTxtSitemaps`, so comparing `issue.code` with a misspelt code fails to typecheck.
 *
 * @example
 * for (const issue of validate(bytes).issues) {
 *   if (issue.code === 'SITEMAP_BAD_LASTMOD') console.log(issue.line, searchConsoleReport[issue.code]); // 'Invalid date'
 * }
 */
export interface Issue<Code extends IssueCode = ErrorCode> {
  /** A string constant with a domain prefix, e.g. `XML_UNBOUND_PREFIX` (see `ErrorCode` and `RobotsTxtIssueCode`). */
  code: Code;
  severity: IssueSeverity;
  /** A short sentence a person understands. */
  message: string;
  /** 1-based line of the offending construct (0 when unknown). */
  line: number;
  /** 1-based column, in characters (0 when unknown). */
  column: number;
  /** Element path such as `urlset/url[41]/loc` (empty when not inside an element). */
  path: string;
  /**
   * The 1-based number of the entry (`<url>`, `<sitemap>`, a feed's item, a text sitemap's URL
   * line) the problem belongs to, counted over every entry element of the document (41 for
   * `urlset/url[41]/loc`); absent when it belongs to no entry (the root, the declaration, the file).
   */
  entry?: number;
  /**
   * True when the entry (`entry`) is not in the result because of this problem (an entry cut off
   * by the end of the document, or nested in another and without a `<loc>`); absent otherwise.
   * So `urls[i]` is entry number `i + 1` plus the entries left out before it.
   */
  leftOut?: true;
  /** The value at fault, when there is one. */
  value?: string;
  /** What the rule wants, where one thing is wanted (a namespace URI, a root element, an entry element). */
  expected?: string;
  /** What the document has instead of `expected`. */
  received?: string;
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

/**
 * Bytes that sitemapkit made and hands over (serializers, gzip, streams): a `Uint8Array` over a
 * plain `ArrayBuffer`. TypeScript 5.7+ reads this as `Uint8Array<ArrayBuffer>`, which `new Blob()`,
 * `new Response()` and `crypto.subtle` take (a bare `Uint8Array` may be over a SharedArrayBuffer,
 * which they refuse); older TypeScript, whose Uint8Array has no type parameter, as `Uint8Array`.
 * Written as what `slice()` returns because that is exactly this type in both.
 *
 * @example
 * const bytes: OutputBytes = serializeSitemap(urls);
 * const blob = new Blob([bytes], { type: 'application/xml' });
 */
export type OutputBytes = ReturnType<Uint8Array['slice']>;

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

/** Options of `validate`. Each is checked: a wrong one throws `SitemapError` `INPUT_INVALID_OPTION`, naming it. */
export interface ValidateOptions {
  /** Default `google`. */
  profile?: ValidationProfile;
  /**
   * The URL the file lives at. Enables the single-host and directory rules: every `loc` on the
   * same protocol, host and port and at or below the file's directory, and (for an index) no
   * entry listing the index itself.
   */
  location?: string | URL;
  /**
   * Hosts whose robots.txt names this sitemap (cross-submission): the host rule does not apply to
   * them. Host names (`shop.example.com`, or with a port `shop.example.com:8443`), not URLs; any
   * iterable (an array, a Set).
   */
  crossSubmit?: Iterable<string>;
  /** "Now" for time-relative rules (a lastmod in the future). Default: the current time. */
  now?: Date;
  /** For an index: what each child (by its `loc`) is; a child that is itself an index is an error. */
  childKinds?: ReadonlyMap<string, SitemapKind> | Readonly<Record<string, SitemapKind>>;
  /** Cap on the (decompressed) input size in bytes: a whole number >= 0, or `Infinity` for no cap. Default 100 MiB, above the protocol's 50 MB. */
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
