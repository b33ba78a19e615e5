// The element rules of sitemaps.org 0.9 and of Google's extensions as data: which root makes
// which kind, which child is an entry and which grandchildren are its fields; which extension
// elements become which typed values, with each value's facets (the XSDs in corpus/xsd/ and
// Google's rules, SPEC.md §3), their severity per profile and their issue codes. The parser, the
// validator and the serializer are driven by these tables, not by tag switches: a new element or
// rule is one row here.

import { SEVERITY, type ErrorCode, type ProfileSeverity } from './codes';
import { EXTENSION_LIMITS, IMAGE_NAMESPACE, LEGACY_SITEMAP_NAMESPACES, NEWS_NAMESPACE, SITEMAP_NAMESPACE, VIDEO_NAMESPACE, XHTML_NAMESPACE } from './limits';

export type FieldType = 'string' | 'number';

export interface DocumentRule {
  /** Root element local name. */
  readonly root: 'urlset' | 'sitemapindex';
  /** The entry element under the root. */
  readonly entry: string;
  /** Fields of an entry, in the order sitemap.xsd lists them. */
  readonly fields: Readonly<Record<string, FieldType>>;
  /** The names of `fields` in that order: a field's index here is its slot (what the walk, validate and serialize number fields by). */
  readonly fieldNames: readonly string[];
}

const documentRule = (root: DocumentRule['root'], entry: string, fields: Record<string, FieldType>): DocumentRule => ({ root, entry, fields, fieldNames: Object.keys(fields) });

/**
 * `<urlset>` (sitemap.xsd): `<url>` entries of loc, lastmod, changefreq, priority.
 *
 * @example
 * URLSET_RULE.fieldNames.indexOf('priority'); // 3
 */
export const URLSET_RULE: DocumentRule = documentRule('urlset', 'url', { loc: 'string', lastmod: 'string', changefreq: 'string', priority: 'number' });

/**
 * `<sitemapindex>` (siteindex.xsd): `<sitemap>` entries of loc, lastmod.
 *
 * @example
 * SITEMAP_INDEX_RULE.entry; // 'sitemap'
 */
export const SITEMAP_INDEX_RULE: DocumentRule = documentRule('sitemapindex', 'sitemap', { loc: 'string', lastmod: 'string' });

/**
 * Both document rules.
 *
 * @example
 * const rule = DOCUMENT_RULES.find((candidate) => candidate.root === rootName);
 */
export const DOCUMENT_RULES: readonly DocumentRule[] = [URLSET_RULE, SITEMAP_INDEX_RULE];

/** Roots that are well-formed XML but not a sitemap, with what to tell the user. */
export const FOREIGN_ROOTS: Readonly<Record<string, string>> = {
  rss: 'an RSS feed (<rss>): read it with parseFeed()',
  feed: 'an Atom feed (<feed>): read it with parseFeed()',
  html: 'an HTML page (<html>)',
  stylesheet: 'an XSLT stylesheet (<xsl:stylesheet>)',
  transform: 'an XSLT stylesheet (<xsl:transform>)',
  siteMap: 'an ASP.NET site map (<siteMap>), not a sitemaps.org sitemap',
  'RDF': 'an RDF document (<rdf:RDF>)',
};

// ------------------------------------------------------------------------------------------
// Extensions

/**
 * How an extension value is read and written: `text` as written (trimmed of XML white space),
 * `number` an xsd:decimal read with Number(), `yesno` a boolean from yes/Yes/YES/no/No/NO.
 */
export type ExtensionValueType = 'text' | 'number' | 'yesno';

/**
 * One rule on an extension value, beyond its type: what it allows, how much it weighs per profile
 * (codes.ts SEVERITY) and the issue code validate reports. validate checks a value's facets in
 * order and stops at the first one it breaks; the serializer refuses what breaks a facet the
 * schemas have (an `error` in the `xsd` profile), so that what it writes is schema-valid.
 *
 * Message templates (validate's words) fill in `{element}` (`<video:title>`, or `The type
 * attribute of <video:price>`), `{value}` (the trimmed text), `{raw}` (the text as written) and
 * `{limit}`.
 */
export type ValueFacet =
  /** At most `max` characters (code points): the XSD counts the raw text, Google the trimmed one. */
  | { readonly kind: 'length'; readonly max: number; readonly severity: ProfileSeverity; readonly code: ErrorCode }
  /** Google needs a value: empty or white space is as good as missing (the XSDs' xsd:string takes ''). */
  | { readonly kind: 'notEmpty'; readonly severity: ProfileSeverity; readonly code: ErrorCode }
  /** One of `values` (the XSD's enumeration; white space counts in the `xsd` profile). */
  | { readonly kind: 'enum'; readonly values: readonly string[]; readonly severity: ProfileSeverity; readonly code: ErrorCode }
  /** Matches `pattern` (the XSD's pattern facet); `expected` says what it is (`…is not {expected}` / `must be {expected}`). */
  | { readonly kind: 'pattern'; readonly pattern: RegExp; readonly expected: string; readonly severity: ProfileSeverity; readonly code: ErrorCode }
  /**
   * An xsd:decimal (a whole number when `integer`) from `min` to `max`. A text that is no decimal
   * at all is the parser's SITEMAP_EXTENSION_BAD_VALUE, not this facet's. `schemaType` names the
   * XSD type in the serializer's words.
   */
  | { readonly kind: 'range'; readonly min: number; readonly max: number; readonly integer: boolean; readonly severity: ProfileSeverity; readonly code: ErrorCode; readonly message: string; readonly schemaType: string }
  /** Every code of the value is on an ISO list (`countries`: ISO 3166-1 alpha-2, space-separated; `language`: ISO 639): the XSDs check only the form. */
  | { readonly kind: 'isoCodes'; readonly list: 'countries' | 'language'; readonly severity: ProfileSeverity; readonly code: ErrorCode }
  /** A date no older than `maxAgeMs` before validate's `now` (after the date check). */
  | { readonly kind: 'recent'; readonly maxAgeMs: number; readonly severity: ProfileSeverity; readonly code: ErrorCode; readonly message: string };

/** A bound on how often a repeated element occurs in one item (`<video:tag maxOccurs="32">`). */
export interface OccurrenceLimit {
  readonly max: number;
  readonly severity: ProfileSeverity;
  readonly code: ErrorCode;
  /** validate's words, at the first element past the bound (`{element}`, `{limit}`). */
  readonly message: string;
}

/** What validate reports for a required value that is missing, when it is not SITEMAP_EXTENSION_MISSING_TAG in both profiles. */
export interface MissingRule {
  readonly severity: ProfileSeverity;
  readonly code: ErrorCode;
}

/** One child element (or attribute) of an extension item and the property it fills. */
export interface ExtensionValueRule {
  /** Local name: of an element in the item's namespace, or of an unprefixed attribute. */
  readonly name: string;
  /** Property of the typed object (camelCase of the name). */
  readonly property: string;
  /** Type of the element's text (or the attribute's value). */
  readonly type: ExtensionValueType;
  /** The schema requires it: missing, it is an empty string with a SITEMAP_EXTENSION_MISSING_TAG issue. */
  readonly required?: boolean;
  /** What validate reports when it is required and missing (default: SITEMAP_EXTENSION_MISSING_TAG, SEVERITY.both). */
  readonly missing?: MissingRule;
  /** May occur more than once: the property is an array. */
  readonly repeated?: boolean;
  /** How often it may occur (repeated values). */
  readonly maxOccurs?: OccurrenceLimit;
  /** An element with attributes becomes an object: its text goes to this property… */
  readonly textProperty?: string;
  /** …and these are its attributes. */
  readonly attributes?: readonly ExtensionValueRule[];
  /** An empty text is no value (an empty `<video:price/>` has no amount) rather than a bad number. */
  readonly emptyIsAbsent?: boolean;
  /** A group (news:publication, video:tvshow): an object of these children. */
  readonly children?: readonly ExtensionValueRule[];
  /**
   * What the value is beyond its type, and so what else the serializer takes for it (the lenient
   * input form): `url` an absolute http(s) URL and xsd:anyURI (validate checks it; the serializer
   * also takes a `URL`, writing its href), `date` an xsd:date or xsd:dateTime (W3C Datetime for
   * Google; the serializer also takes a `Date`), or an array of strings joined with a space
   * (`spaces`) or a comma and a space (`commas`).
   */
  readonly input?: 'url' | 'date' | 'spaces' | 'commas';
  /** What the serializer writes for a required value the input leaves out (rel="alternate"). */
  readonly default?: string;
  /** The value's facets, checked in this order (see ValueFacet). */
  readonly facets?: readonly ValueFacet[];
  /** Google no longer reads it (since `since`): advice with this code in the `google` profile only. */
  readonly deprecated?: { readonly since: string; readonly code: ErrorCode };
}

/** An extension whose item element (a child of `<url>`) becomes a typed value. */
export interface ExtensionItemRule {
  /** The `SitemapUrl` property. */
  readonly property: 'images' | 'videos' | 'news' | 'alternates';
  readonly namespace: string;
  /** The prefix the serializer writes (when no other namespace of the file has it). */
  readonly prefix: string;
  /** Local name of the item element. */
  readonly element: string;
  /** At most one per `<url>` (a second one is reported and left out); the property is not an array. */
  readonly single: boolean;
  /** Only an element with this attribute is the item (xhtml:link needs hreflang); others are unknown extensions. */
  readonly marker?: string;
  /** Children, in schema order (the order properties are created and elements written). */
  readonly children: readonly ExtensionValueRule[];
  readonly attributes: readonly ExtensionValueRule[];
}

const text = (name: string, property: string, extra: Partial<ExtensionValueRule> = {}): ExtensionValueRule => ({ name, property, type: 'text', ...extra });
const number = (name: string, property: string, extra: Partial<ExtensionValueRule> = {}): ExtensionValueRule => ({ name, property, type: 'number', ...extra });
const yesNo = (name: string, property: string): ExtensionValueRule => ({ name, property, type: 'yesno' });

// Facets, with the weights and codes most of them share.
const BAD_VALUE: ErrorCode = 'SITEMAP_EXTENSION_BAD_VALUE';
/**
 * A well-formed code that no ISO list has (news:language `qq`, a restriction's `UK`): the XSDs
 * check only the form, so a warning where `valid` is the XSDs' verdict; for Google an error, as it
 * cannot use the value (a news entry needs its language to be placed, an unknown country in a
 * restriction list allows or blocks nobody).
 */
const UNKNOWN_CODE = SEVERITY.googleOnly;
const maxLength = (max: number, severity: ProfileSeverity = SEVERITY.both): ValueFacet => ({ kind: 'length', max, severity, code: 'VIDEO_TEXT_TOO_LONG' });
const notEmpty = (code: ErrorCode = 'SITEMAP_EXTENSION_MISSING_TAG'): ValueFacet => ({ kind: 'notEmpty', severity: SEVERITY.googleOnly, code });
const oneOf = (...values: string[]): ValueFacet => ({ kind: 'enum', values, severity: SEVERITY.both, code: BAD_VALUE });
const pattern = (expression: RegExp, expected: string, code: ErrorCode = BAD_VALUE): ValueFacet => ({ kind: 'pattern', pattern: expression, expected, severity: SEVERITY.both, code });
const wholeNumber = (min: number, max: number, schemaType: string, message = '{element} "{value}" is not a whole number', code: ErrorCode = BAD_VALUE): ValueFacet => ({ kind: 'range', min, max, integer: true, severity: SEVERITY.both, code, message, schemaType });

/** sitemap-video.xsd's durations: whole seconds up to 8 hours (xsd:nonNegativeInteger); Google wants at least 1. */
const DURATION: readonly ValueFacet[] = [
  wholeNumber(0, EXTENSION_LIMITS.videoMaxDuration, 'seconds, xsd:nonNegativeInteger up to 28,800', 'Video duration "{value}" must be a whole number of seconds from 1 to 28,800 (8 hours)', 'VIDEO_BAD_DURATION'),
  { kind: 'range', min: 1, max: EXTENSION_LIMITS.videoMaxDuration, integer: true, severity: SEVERITY.googleOnly, code: 'VIDEO_BAD_DURATION', message: 'Video duration {value}: Google wants 1 to 28,800 seconds', schemaType: '' },
];
/** sitemap-video.xsd tCountryList and tPlatformList: space-separated; the restriction's relationship. */
const COUNTRY_LIST = pattern(/^([A-Z]{2}( +[A-Z]{2})*)?$/, 'a space-separated list of ISO 3166 country codes (such as "US CA GB")', 'VIDEO_BAD_COUNTRY_LIST');
const PLATFORM_LIST = pattern(/^((web|mobile|tv)( (web|mobile|tv))*)?$/, 'a space-separated list of web, mobile and tv');
const RELATIONSHIP = oneOf('allow', 'deny');

/**
 * xsd:language (xhtml1-strict.xsd's LanguageCode, the type of hreflang).
 *
 * @example
 * XSD_LANGUAGE.test('en-GB'); // true
 */
export const XSD_LANGUAGE = /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/;

const IMAGE_DEPRECATED = { since: 'August 2022', code: 'IMAGE_DEPRECATED_TAG' } as const;

/** sitemap-image.xsd (1.1); Google reads only image:loc since August 2022. */
const IMAGE: ExtensionItemRule = {
  property: 'images', namespace: IMAGE_NAMESPACE, prefix: 'image', element: 'image', single: false, attributes: [],
  children: [
    text('loc', 'loc', { required: true, input: 'url' }),
    text('caption', 'caption', { deprecated: IMAGE_DEPRECATED }),
    text('geo_location', 'geoLocation', { deprecated: IMAGE_DEPRECATED }),
    text('title', 'title', { deprecated: IMAGE_DEPRECATED }),
    text('license', 'license', { input: 'url', deprecated: IMAGE_DEPRECATED }),
  ],
};

/** sitemap-video.xsd (1.1): every element and attribute, in its order, with its facets and Google's. */
const VIDEO: ExtensionItemRule = {
  property: 'videos', namespace: VIDEO_NAMESPACE, prefix: 'video', element: 'video', single: false, attributes: [],
  children: [
    text('thumbnail_loc', 'thumbnailLoc', { required: true, missing: { code: 'VIDEO_MISSING_THUMBNAIL', severity: SEVERITY.both }, input: 'url' }),
    text('title', 'title', { required: true, missing: { code: 'VIDEO_MISSING_TITLE', severity: SEVERITY.both }, facets: [notEmpty('VIDEO_MISSING_TITLE'), maxLength(EXTENSION_LIMITS.videoTitleLength)] }),
    text('description', 'description', { required: true, facets: [maxLength(EXTENSION_LIMITS.videoDescriptionLength)] }),
    text('content_loc', 'contentLoc', { input: 'url' }),
    text('player_loc', 'playerLoc', { textProperty: 'loc', input: 'url', attributes: [yesNo('allow_embed', 'allowEmbed'), text('autoplay', 'autoplay')] }),
    number('duration', 'duration', { facets: DURATION }),
    text('expiration_date', 'expirationDate', { input: 'date' }),
    number('rating', 'rating', { facets: [{ kind: 'range', min: 0, max: EXTENSION_LIMITS.videoMaxRating, integer: false, severity: SEVERITY.both, code: 'VIDEO_BAD_RATING', message: 'Video rating {value} is outside 0.0-5.0', schemaType: '' }] }),
    text('content_segment_loc', 'contentSegmentLocs', { repeated: true, textProperty: 'loc', input: 'url', attributes: [number('duration', 'duration', { facets: DURATION })] }),
    number('view_count', 'viewCount', { facets: [wholeNumber(0, Infinity, 'xsd:nonNegativeInteger')] }),
    text('publication_date', 'publicationDate', { input: 'date' }),
    text('tag', 'tags', { repeated: true, maxOccurs: { max: EXTENSION_LIMITS.videoTags, severity: SEVERITY.both, code: 'VIDEO_TOO_MANY_TAGS', message: 'More than {limit} {element} in one video' } }),
    text('category', 'category', { facets: [maxLength(EXTENSION_LIMITS.videoCategoryLength)] }),
    yesNo('family_friendly', 'familyFriendly'),
    text('restriction', 'restriction', {
      textProperty: 'countries', input: 'spaces', facets: [COUNTRY_LIST, { kind: 'isoCodes', list: 'countries', severity: UNKNOWN_CODE, code: 'VIDEO_BAD_COUNTRY_LIST' }],
      attributes: [text('relationship', 'relationship', { required: true, facets: [RELATIONSHIP] })],
    }),
    text('gallery_loc', 'galleryLoc', { textProperty: 'loc', input: 'url', attributes: [text('title', 'title')] }),
    number('price', 'prices', {
      repeated: true, textProperty: 'amount', emptyIsAbsent: true,
      attributes: [
        text('currency', 'currency', { facets: [pattern(/^[A-Z]{3}$/, 'an ISO 4217 currency code (three capital letters)')] }),
        text('type', 'type', { facets: [oneOf('purchase', 'PURCHASE', 'rent', 'RENT')] }),
        text('resolution', 'resolution', { facets: [oneOf('sd', 'SD', 'hd', 'HD')] }),
      ],
    }),
    yesNo('requires_subscription', 'requiresSubscription'),
    text('uploader', 'uploader', { textProperty: 'name', facets: [maxLength(EXTENSION_LIMITS.videoUploaderLength, SEVERITY.googleOnly)], attributes: [text('info', 'info', { input: 'url' })] }),
    text('tvshow', 'tvshow', {
      children: [
        text('show_title', 'showTitle', { required: true }),
        text('video_type', 'videoType', { required: true, facets: [oneOf('full', 'preview', 'clip', 'interview', 'news', 'other')] }),
        text('episode_title', 'episodeTitle'),
        number('season_number', 'seasonNumber', { facets: [wholeNumber(1, Infinity, 'xsd:integer from 1', '{element} "{value}" is not a whole number from 1')] }),
        number('episode_number', 'episodeNumber', { facets: [wholeNumber(1, Infinity, 'xsd:integer from 1', '{element} "{value}" is not a whole number from 1')] }),
        text('premier_date', 'premierDate', { input: 'date' }),
      ],
    }),
    text('platform', 'platform', { textProperty: 'platforms', input: 'spaces', facets: [PLATFORM_LIST], attributes: [text('relationship', 'relationship', { required: true, facets: [RELATIONSHIP] })] }),
    yesNo('live', 'live'),
    text('id', 'ids', { repeated: true, textProperty: 'value', attributes: [text('type', 'type', { required: true, facets: [oneOf('tms:series', 'tms:program', 'rovi:series', 'rovi:program', 'freebase', 'url')] })] }),
  ],
};

/** sitemap-news.xsd (0.9); the title is optional there but required by Google. */
const NEWS: ExtensionItemRule = {
  property: 'news', namespace: NEWS_NAMESPACE, prefix: 'news', element: 'news', single: true, attributes: [],
  children: [
    text('publication', 'publication', {
      required: true,
      children: [
        text('name', 'name', { required: true, facets: [notEmpty()] }),
        text('language', 'language', {
          required: true,
          facets: [pattern(/^(zh-cn|zh-tw|[a-z]{2,3})$/, 'an ISO 639 language code (two or three lowercase letters, or zh-cn / zh-tw)', 'NEWS_BAD_LANGUAGE'), { kind: 'isoCodes', list: 'language', severity: UNKNOWN_CODE, code: 'NEWS_BAD_LANGUAGE' }],
        }),
      ],
    }),
    text('access', 'access', { facets: [oneOf('Subscription', 'Registration')] }),
    text('genres', 'genres', { input: 'commas', facets: [pattern(/^(PressRelease|Satire|Blog|OpEd|Opinion|UserGenerated)(, *(PressRelease|Satire|Blog|OpEd|Opinion|UserGenerated))*$/, 'a comma-separated list of PressRelease, Satire, Blog, OpEd, Opinion, UserGenerated')] }),
    text('publication_date', 'publicationDate', {
      required: true, input: 'date',
      facets: [{ kind: 'recent', maxAgeMs: EXTENSION_LIMITS.newsMaxAgeMs, severity: SEVERITY.advice, code: 'NEWS_TOO_OLD', message: 'News publication date {value} is more than two days old: Google News sitemaps should list only recent articles' }],
    }),
    // sitemap-news.xsd: title minOccurs="0"; Google requires it.
    text('title', 'title', { required: true, missing: { code: 'SITEMAP_EXTENSION_MISSING_TAG', severity: SEVERITY.googleOnly }, facets: [notEmpty()] }),
    text('keywords', 'keywords', { input: 'commas' }),
    text('stock_tickers', 'stockTickers', { input: 'commas', facets: [pattern(/^(\w+:\w+(, *\w+:\w+){0,4})?$/, 'up to 5 comma-separated EXCHANGE:SYMBOL tickers')] }),
  ],
};

/**
 * `<xhtml:link rel="alternate" hreflang="…" href="…"/>`: an xhtml:link without hreflang stays an
 * unknown extension. Its rules (BCP 47 and the ISO lists for hreflang, reciprocity across the
 * file) are validate's hreflang checks (check/hreflang.ts); the schema's facet is xsd:language.
 */
const ALTERNATE: ExtensionItemRule = {
  property: 'alternates', namespace: XHTML_NAMESPACE, prefix: 'xhtml', element: 'link', single: false, marker: 'hreflang', children: [],
  attributes: [
    text('rel', 'rel', { required: true, default: 'alternate' }),
    text('hreflang', 'hreflang', { required: true, facets: [pattern(XSD_LANGUAGE, 'a language code (xs:language: letters, then "-" and letters or digits, like en-GB or x-default)', 'HREFLANG_BAD_CODE')] }),
    text('href', 'href', { required: true, input: 'url' }),
  ],
};

/** The typed extensions, in the order their properties appear on a `SitemapUrl` (and are written). */
export const EXTENSION_RULES: readonly ExtensionItemRule[] = [IMAGE, VIDEO, NEWS, ALTERNATE];

/** Every element and attribute name in a rule tree. */
function ruleNames(rules: readonly ExtensionValueRule[]): string[] {
  return rules.flatMap((rule) => [rule.name, ...ruleNames(rule.attributes ?? []), ...ruleNames(rule.children ?? [])]);
}

/** Every name the parser compares by id. */
export const KNOWN_NAMES: readonly string[] = [
  ...new Set([
    SITEMAP_NAMESPACE,
    ...LEGACY_SITEMAP_NAMESPACES,
    ...DOCUMENT_RULES.flatMap((rule) => [rule.root, rule.entry, ...rule.fieldNames]),
    ...Object.keys(FOREIGN_ROOTS),
    ...EXTENSION_RULES.flatMap((rule) => [rule.namespace, rule.element, ...ruleNames(rule.children), ...ruleNames(rule.attributes)]),
  ]),
];
