// What each value of Google's sitemap extensions allows beyond its type (SPEC.md §3): the facets
// of the XSDs in corpus/xsd/ (lengths, enumerations, patterns, ranges) and Google's rules
// (non-empty values, ISO code lists, limits, news age), each with its
// severity per profile (codes.ts SEVERITY) and issue code, and the numbers Google and the XSDs
// set (each here once: a video title's 100 characters, 32 tags…); one row per value, keyed by the value's
// place in rules.ts's EXTENSION_RULES. validate checks values by these rows
// (check/extension-values.ts: one checker per facet kind) and the serializer refuses what breaks
// a schema facet (values/xsd-values.ts schemaFacets). Apart from rules.ts so that parse, which
// needs neither, does not load it (the `import { parse }` bundle budget: test/size.node.test.ts).

import { SEVERITY, type ErrorCode, type ProfileSeverity } from './codes';
import type { ValueMessage } from './rules';

/**
 * One rule on an extension value, beyond its type: what it allows, how much it weighs per profile
 * (codes.ts SEVERITY) and the issue code validate reports. validate checks a value's facets in
 * order and stops at the first one it breaks; the serializer refuses what breaks a facet the
 * schemas have (an `error` in the `xsd` profile), so that what it writes is schema-valid.
 *
 * Messages (validate's words) are made from the value (trimmed) and how a message names the
 * element (`<video:title>`, or `The type attribute of <video:price>`): ValueMessage.
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
   * An xsd:decimal (a whole number when `integer`: xsd:nonNegativeInteger from 0, xsd:integer
   * otherwise) from `min` to `max`. A text that is no decimal at all is the parser's
   * SITEMAP_EXTENSION_BAD_VALUE, not this facet's.
   */
  | { readonly kind: 'range'; readonly min: number; readonly max: number; readonly integer: boolean; readonly severity: ProfileSeverity; readonly code: ErrorCode; readonly message: ValueMessage }
  /**
   * Every code of the value is on an ISO list (`countries`: ISO 3166-1 alpha-2, space-separated;
   * `language`: ISO 639). A well-formed code that no list has (news:language `qq`, a restriction's
   * `UK`) is Google-only: the XSDs check only the form; Google cannot use the value (a news entry
   * needs its language to be placed, an unknown country allows or blocks nobody).
   */
  | { readonly kind: 'isoCodes'; readonly list: 'countries' | 'language'; readonly severity: ProfileSeverity; readonly code: ErrorCode }
  /** A date no older than `maxAgeMs` before validate's `now` (after the date check). */
  | { readonly kind: 'recent'; readonly maxAgeMs: number; readonly severity: ProfileSeverity; readonly code: ErrorCode; readonly message: ValueMessage };


// Facets, with the weights and codes most of them share.
const BAD_VALUE: ErrorCode = 'SITEMAP_EXTENSION_BAD_VALUE';
const maxLength = (max: number, severity: ProfileSeverity = SEVERITY.both): ValueFacet => ({ kind: 'length', max, severity, code: 'VIDEO_TEXT_TOO_LONG' });
const notEmpty = (code: ErrorCode = 'SITEMAP_EXTENSION_MISSING_TAG'): ValueFacet => ({ kind: 'notEmpty', severity: SEVERITY.googleOnly, code });
const oneOf = (...values: string[]): ValueFacet => ({ kind: 'enum', values, severity: SEVERITY.both, code: BAD_VALUE });
const pattern = (expression: RegExp, expected: string, code: ErrorCode = BAD_VALUE): ValueFacet => ({ kind: 'pattern', pattern: expression, expected, severity: SEVERITY.both, code });
const wholeNumber = (min: number, max: number, message: ValueMessage = (value, element) => `${element} "${value}" is not a whole number`, code: ErrorCode = BAD_VALUE): ValueFacet => ({ kind: 'range', min, max, integer: true, severity: SEVERITY.both, code, message });

/** sitemap-video.xsd's durations: whole seconds up to 8 hours (xsd:nonNegativeInteger); Google wants at least 1. */
const DURATION: readonly ValueFacet[] = [
  wholeNumber(0, 28_800, (value) => `Video duration "${value}" must be a whole number of seconds from 1 to 28,800 (8 hours)`, 'VIDEO_BAD_DURATION'),
  { kind: 'range', min: 1, max: 28_800, integer: true, severity: SEVERITY.googleOnly, code: 'VIDEO_BAD_DURATION', message: (value) => `Video duration ${value}: Google wants 1 to 28,800 seconds` },
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

const WHOLE_FROM_ONE = wholeNumber(1, Infinity, (value, element) => `${element} "${value}" is not a whole number from 1`);

/**
 * The value rows, keyed `property/name` by rules.ts's EXTENSION_RULES: the item's property, then
 * the value's path in the item by local names (`videos/title`, `news/publication/language`), an
 * attribute after `@` (`videos/price@currency`, `alternates/@hreflang` on the item itself). A key
 * that names no rule there fails test/rule-table.test.ts.
 *
 * @example
 * VALUE_FACETS.get('videos/title'); // [not empty (Google), at most 100 characters]
 */
export const VALUE_FACETS: ReadonlyMap<string, readonly ValueFacet[]> = new Map<string, readonly ValueFacet[]>([
  // sitemap-video.xsd (1.1) and Google's video rules.
  ['videos/title', [notEmpty('VIDEO_MISSING_TITLE'), maxLength(100)]],
  ['videos/description', [maxLength(2048)]],
  ['videos/duration', DURATION],
  ['videos/rating', [{ kind: 'range', min: 0, max: 5, integer: false, severity: SEVERITY.both, code: 'VIDEO_BAD_RATING', message: (value) => `Video rating ${value} is outside 0.0-5.0` }]],
  ['videos/content_segment_loc@duration', DURATION],
  ['videos/view_count', [wholeNumber(0, Infinity)]],
  ['videos/category', [maxLength(256)]],
  ['videos/restriction', [COUNTRY_LIST, { kind: 'isoCodes', list: 'countries', severity: SEVERITY.googleOnly, code: 'VIDEO_BAD_COUNTRY_LIST' }]],
  ['videos/restriction@relationship', [RELATIONSHIP]],
  ['videos/price@currency', [pattern(/^[A-Z]{3}$/, 'an ISO 4217 currency code (three capital letters)')]],
  ['videos/price@type', [oneOf('purchase', 'PURCHASE', 'rent', 'RENT')]],
  ['videos/price@resolution', [oneOf('sd', 'SD', 'hd', 'HD')]],
  ['videos/uploader', [maxLength(255, SEVERITY.googleOnly)]],
  ['videos/tvshow/video_type', [oneOf('full', 'preview', 'clip', 'interview', 'news', 'other')]],
  ['videos/tvshow/season_number', [WHOLE_FROM_ONE]],
  ['videos/tvshow/episode_number', [WHOLE_FROM_ONE]],
  ['videos/platform', [PLATFORM_LIST]],
  ['videos/platform@relationship', [RELATIONSHIP]],
  ['videos/id@type', [oneOf('tms:series', 'tms:program', 'rovi:series', 'rovi:program', 'freebase', 'url')]],
  // sitemap-news.xsd (0.9) and Google News.
  ['news/publication/name', [notEmpty()]],
  ['news/publication/language', [pattern(/^(zh-cn|zh-tw|[a-z]{2,3})$/, 'an ISO 639 language code (two or three lowercase letters, or zh-cn / zh-tw)', 'NEWS_BAD_LANGUAGE'), { kind: 'isoCodes', list: 'language', severity: SEVERITY.googleOnly, code: 'NEWS_BAD_LANGUAGE' }]],
  ['news/access', [oneOf('Subscription', 'Registration')]],
  ['news/genres', [pattern(/^(PressRelease|Satire|Blog|OpEd|Opinion|UserGenerated)(, *(PressRelease|Satire|Blog|OpEd|Opinion|UserGenerated))*$/, 'a comma-separated list of PressRelease, Satire, Blog, OpEd, Opinion, UserGenerated')]],
  ['news/publication_date', [{ kind: 'recent', maxAgeMs: 2 * 24 * 60 * 60 * 1000, severity: SEVERITY.advice, code: 'NEWS_TOO_OLD', message: (value) => `News publication date ${value} is more than two days old: Google News sitemaps should list only recent articles` }]],
  ['news/title', [notEmpty()]],
  ['news/stock_tickers', [pattern(/^(\w+:\w+(, *\w+:\w+){0,4})?$/, 'up to 5 comma-separated EXCHANGE:SYMBOL tickers')]],
  // xhtml1-strict.xsd: hreflang is an xs:language (validate's hreflang rules, check/hreflang.ts, add BCP 47 and the ISO lists).
  ['alternates/@hreflang', [pattern(XSD_LANGUAGE, 'a language code (xs:language: letters, then "-" and letters or digits, like en-GB or x-default)', 'HREFLANG_BAD_CODE')]],
]);

