// The element rules of sitemaps.org 0.9 and of Google's extensions as data: which root makes
// which kind, which child is an entry and which grandchildren are its fields, in schema order;
// which extension elements become which typed values, how often they occur and of which type
// (SPEC.md §3, the XSDs in corpus/xsd/). What each value allows beyond its type (facets, their
// weights per profile and codes) is in value-rules.ts, by the same names: the parser loads only
// this table, validate and serialize both. The parser, the validator and the serializer are
// driven by these tables, not by tag switches: a new element is one row here (and its facets one
// row there).

import type { ErrorCode, SEVERITY } from './codes';
import { IMAGE_NAMESPACE, LEGACY_SITEMAP_NAMESPACES, NEWS_NAMESPACE, SITEMAP_NAMESPACE, VIDEO_NAMESPACE, XHTML_NAMESPACE } from './limits';

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

/**
 * `<urlset>` (sitemap.xsd): `<url>` entries of loc, lastmod, changefreq, priority.
 *
 * @example
 * URLSET_RULE.fieldNames.indexOf('priority'); // 3
 */
export const URLSET_RULE: DocumentRule = { root: 'urlset', entry: 'url', fields: { loc: 'string', lastmod: 'string', changefreq: 'string', priority: 'number' }, fieldNames: ['loc', 'lastmod', 'changefreq', 'priority'] };

/**
 * `<sitemapindex>` (siteindex.xsd): `<sitemap>` entries of loc, lastmod.
 *
 * @example
 * SITEMAP_INDEX_RULE.entry; // 'sitemap'
 */
export const SITEMAP_INDEX_RULE: DocumentRule = { root: 'sitemapindex', entry: 'sitemap', fields: { loc: 'string', lastmod: 'string' }, fieldNames: ['loc', 'lastmod'] };

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
 * validate's message for a value that breaks a rule (here and in value-rules.ts): from the value (trimmed) and the element as
 * messages name it (`<video:tag>`, `The duration attribute of <video:content_segment_loc>`).
 */
export type ValueMessage = (value: string, element: string) => string;

/** A bound on how often a repeated element occurs in one item (`<video:tag maxOccurs="32">`). */
export interface OccurrenceLimit {
  readonly max: number;
  readonly severity: SeverityName;
  readonly code: ErrorCode;
  /** validate's words, at the first element past the bound. */
  readonly message: ValueMessage;
}

/** What validate reports for a required value that is missing, when it is not SITEMAP_EXTENSION_MISSING_TAG in both profiles. */
export interface MissingRule {
  /** `both` when left out. */
  readonly severity?: SeverityName;
  readonly code: ErrorCode;
}

/**
 * A weight of codes.ts SEVERITY by its name (the table names it, so that parse, which loads this
 * module but reports none of these, does not load the weights).
 */
export type SeverityName = keyof typeof SEVERITY;

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

/** sitemap-video.xsd (1.1): every element and attribute, in its order. */
const VIDEO: ExtensionItemRule = {
  property: 'videos', namespace: VIDEO_NAMESPACE, prefix: 'video', element: 'video', single: false, attributes: [],
  children: [
    text('thumbnail_loc', 'thumbnailLoc', { required: true, missing: { code: 'VIDEO_MISSING_THUMBNAIL' }, input: 'url' }),
    text('title', 'title', { required: true, missing: { code: 'VIDEO_MISSING_TITLE' } }),
    text('description', 'description', { required: true }),
    text('content_loc', 'contentLoc', { input: 'url' }),
    text('player_loc', 'playerLoc', { textProperty: 'loc', input: 'url', attributes: [yesNo('allow_embed', 'allowEmbed'), text('autoplay', 'autoplay')] }),
    number('duration', 'duration'),
    text('expiration_date', 'expirationDate', { input: 'date' }),
    number('rating', 'rating'),
    text('content_segment_loc', 'contentSegmentLocs', { repeated: true, textProperty: 'loc', input: 'url', attributes: [number('duration', 'duration')] }),
    number('view_count', 'viewCount'),
    text('publication_date', 'publicationDate', { input: 'date' }),
    text('tag', 'tags', { repeated: true, maxOccurs: { max: 32, severity: 'both', code: 'VIDEO_TOO_MANY_TAGS', message: (_, element) => `More than 32 ${element} in one video` } }),
    text('category', 'category'),
    yesNo('family_friendly', 'familyFriendly'),
    text('restriction', 'restriction', { textProperty: 'countries', input: 'spaces', attributes: [text('relationship', 'relationship', { required: true })] }),
    text('gallery_loc', 'galleryLoc', { textProperty: 'loc', input: 'url', attributes: [text('title', 'title')] }),
    number('price', 'prices', { repeated: true, textProperty: 'amount', emptyIsAbsent: true, attributes: [text('currency', 'currency'), text('type', 'type'), text('resolution', 'resolution')] }),
    yesNo('requires_subscription', 'requiresSubscription'),
    text('uploader', 'uploader', { textProperty: 'name', attributes: [text('info', 'info', { input: 'url' })] }),
    text('tvshow', 'tvshow', {
      children: [
        text('show_title', 'showTitle', { required: true }),
        text('video_type', 'videoType', { required: true }),
        text('episode_title', 'episodeTitle'),
        number('season_number', 'seasonNumber'),
        number('episode_number', 'episodeNumber'),
        text('premier_date', 'premierDate', { input: 'date' }),
      ],
    }),
    text('platform', 'platform', { textProperty: 'platforms', input: 'spaces', attributes: [text('relationship', 'relationship', { required: true })] }),
    yesNo('live', 'live'),
    text('id', 'ids', { repeated: true, textProperty: 'value', attributes: [text('type', 'type', { required: true })] }),
  ],
};

/** sitemap-news.xsd (0.9); the title is optional there but required by Google. */
const NEWS: ExtensionItemRule = {
  property: 'news', namespace: NEWS_NAMESPACE, prefix: 'news', element: 'news', single: true, attributes: [],
  children: [
    text('publication', 'publication', { required: true, children: [text('name', 'name', { required: true }), text('language', 'language', { required: true })] }),
    text('access', 'access'),
    text('genres', 'genres', { input: 'commas' }),
    text('publication_date', 'publicationDate', { required: true, input: 'date' }),
    // sitemap-news.xsd: title minOccurs="0"; Google requires it.
    text('title', 'title', { required: true, missing: { code: 'SITEMAP_EXTENSION_MISSING_TAG', severity: 'googleOnly' } }),
    text('keywords', 'keywords', { input: 'commas' }),
    text('stock_tickers', 'stockTickers', { input: 'commas' }),
  ],
};

/** `<xhtml:link rel="alternate" hreflang="…" href="…"/>`: an xhtml:link without hreflang stays an unknown extension. */
const ALTERNATE: ExtensionItemRule = {
  property: 'alternates', namespace: XHTML_NAMESPACE, prefix: 'xhtml', element: 'link', single: false, marker: 'hreflang', children: [],
  attributes: [text('rel', 'rel', { required: true, default: 'alternate' }), text('hreflang', 'hreflang', { required: true }), text('href', 'href', { required: true, input: 'url' })],
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
