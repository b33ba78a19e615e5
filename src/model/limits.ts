// Every number the protocol and Google set, in one place, each with its source (SPEC.md).

export const LIMITS = {
  /** sitemaps.org: "no more than 50,000 URLs" per sitemap; the same for index entries. */
  maxUrlsPerSitemap: 50_000,
  maxSitemapsPerIndex: 50_000,
  /** sitemaps.org: "no larger than 50MB (52,428,800 bytes)" uncompressed. */
  maxSitemapBytes: 52_428_800,
  /** sitemaps.org: `loc` "must be less than 2,048 characters". */
  maxLocLength: 2_048,
  /** sitemap.xsd `tLoc`: minLength 12. */
  minLocLength: 12,
  /** Default cap on decompressed input, above the protocol's limit so oversize files can be inspected. */
  defaultMaxInputBytes: 100 * 1024 * 1024,
} as const;

// Google's limits on the extensions per `<url>` and per file (SPEC.md §3). The limits of single
// values (a video title's 100 characters, 32 tags, 8 hours, a news article's two days) are in
// their rows in rules.ts and value-rules.ts.

/**
 * Google: at most 1,000 images per `<url>`.
 *
 * @example
 * if (images > MAX_IMAGES_PER_URL) report();
 */
export const MAX_IMAGES_PER_URL = 1000;
/**
 * Google News: at most 1,000 `<news:news>` per sitemap.
 *
 * @example
 * if (articles > MAX_NEWS_PER_SITEMAP) report();
 */
export const MAX_NEWS_PER_SITEMAP = 1000;

/** The sitemaps.org 0.9 namespace. */
export const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/**
 * Google's image extension (SPEC.md §3); parse reads its elements into `SitemapUrl.images`.
 *
 * @example
 * const own = url.extensions?.filter((element) => element.namespace !== IMAGE_NAMESPACE);
 */
export const IMAGE_NAMESPACE = 'http://www.google.com/schemas/sitemap-image/1.1';
/**
 * Google's video extension (`SitemapUrl.videos`).
 *
 * @example
 * validate(xml).stats.extensions.includes(VIDEO_NAMESPACE);
 */
export const VIDEO_NAMESPACE = 'http://www.google.com/schemas/sitemap-video/1.1';
/**
 * Google News (`SitemapUrl.news`).
 *
 * @example
 * validate(xml).stats.extensions.includes(NEWS_NAMESPACE);
 */
export const NEWS_NAMESPACE = 'http://www.google.com/schemas/sitemap-news/0.9';
/**
 * XHTML, for `<xhtml:link hreflang>` alternates (`SitemapUrl.alternates`).
 *
 * @example
 * const mobileLinks = url.extensions?.filter((element) => element.namespace === XHTML_NAMESPACE && element.name === 'link');
 */
export const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';
/**
 * Google's retired mobile extension (`<mobile:mobile/>`, sitemap-mobile.xsd): no typed value, an
 * unknown extension to parse; validate's `xsd` profile checks it against its schema.
 *
 * @example
 * const mobile = url.extensions?.some((element) => element.namespace === MOBILE_NAMESPACE);
 */
export const MOBILE_NAMESPACE = 'http://www.google.com/schemas/sitemap-mobile/1.0';

/** Namespaces seen on real sitemaps that mean the sitemap namespace: read with a warning. */
export const LEGACY_SITEMAP_NAMESPACES: readonly string[] = [
  'http://www.google.com/schemas/sitemap/0.84',
  'http://www.google.com/schemas/sitemap/0.9',
  'https://www.sitemaps.org/schemas/sitemap/0.9',
  'http://www.sitemaps.org/schemas/sitemap/0.9/',
  'https://www.sitemaps.org/schemas/sitemap/0.9/',
  'http://sitemaps.org/schemas/sitemap/0.9',
  'https://sitemaps.org/schemas/sitemap/0.9',
  'http://www.google.com/schemas/sitemap/0.84/',
  'http://www.google.com/schemas/sitemap/0.9/',
];

/** The changefreq values of sitemap.xsd (lowercase). */
export const CHANGEFREQ_VALUES = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'] as const;
