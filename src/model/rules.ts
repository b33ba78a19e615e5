// The element rules of sitemaps.org 0.9 and of Google's extensions as data: which root makes
// which kind, which child is an entry and which grandchildren are its fields; which extension
// elements become which typed values (SPEC.md §3, the XSDs in corpus/xsd/). The parser, the
// validator and the serializer are driven by these tables, not by tag switches.

import { IMAGE_NAMESPACE, LEGACY_SITEMAP_NAMESPACES, NEWS_NAMESPACE, SITEMAP_NAMESPACE, VIDEO_NAMESPACE, XHTML_NAMESPACE } from './limits';

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
  /** May occur more than once: the property is an array. */
  readonly repeated?: boolean;
  /** An element with attributes becomes an object: its text goes to this property… */
  readonly textProperty?: string;
  /** …and these are its attributes. */
  readonly attributes?: readonly ExtensionValueRule[];
  /** An empty text is no value (an empty `<video:price/>` has no amount) rather than a bad number. */
  readonly emptyIsAbsent?: boolean;
  /** A group (news:publication, video:tvshow): an object of these children. */
  readonly children?: readonly ExtensionValueRule[];
  /**
   * What else the serializer takes for a text value (the lenient input form): a `URL` (its
   * href), a `Date` (its ISO 8601 UTC form), or an array of strings joined with a space
   * (`spaces`) or a comma and a space (`commas`).
   */
  readonly input?: 'url' | 'date' | 'spaces' | 'commas';
  /** What the serializer writes for a required value the input leaves out (rel="alternate"). */
  readonly default?: string;
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

/** sitemap-image.xsd (1.1). */
const IMAGE: ExtensionItemRule = {
  property: 'images', namespace: IMAGE_NAMESPACE, prefix: 'image', element: 'image', single: false, attributes: [],
  children: [text('loc', 'loc', { required: true, input: 'url' }), text('caption', 'caption'), text('geo_location', 'geoLocation'), text('title', 'title'), text('license', 'license', { input: 'url' })],
};

/** sitemap-video.xsd (1.1): every element and attribute, in its order. */
const VIDEO: ExtensionItemRule = {
  property: 'videos', namespace: VIDEO_NAMESPACE, prefix: 'video', element: 'video', single: false, attributes: [],
  children: [
    text('thumbnail_loc', 'thumbnailLoc', { required: true, input: 'url' }),
    text('title', 'title', { required: true }),
    text('description', 'description', { required: true }),
    text('content_loc', 'contentLoc', { input: 'url' }),
    text('player_loc', 'playerLoc', { textProperty: 'loc', input: 'url', attributes: [yesNo('allow_embed', 'allowEmbed'), text('autoplay', 'autoplay')] }),
    number('duration', 'duration'),
    text('expiration_date', 'expirationDate', { input: 'date' }),
    number('rating', 'rating'),
    text('content_segment_loc', 'contentSegmentLocs', { repeated: true, textProperty: 'loc', input: 'url', attributes: [number('duration', 'duration')] }),
    number('view_count', 'viewCount'),
    text('publication_date', 'publicationDate', { input: 'date' }),
    text('tag', 'tags', { repeated: true }),
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
    text('title', 'title', { required: true }),
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
    ...DOCUMENT_RULES.flatMap((rule) => [rule.root, rule.entry, ...Object.keys(rule.fields)]),
    ...Object.keys(FOREIGN_ROOTS),
    ...EXTENSION_RULES.flatMap((rule) => [rule.namespace, rule.element, ...ruleNames(rule.children), ...ruleNames(rule.attributes)]),
  ]),
];
