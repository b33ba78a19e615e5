// The simple types of the values the serializer writes, from the official schemas
// (test/corpus/xsd/: sitemap.xsd, siteindex.xsd, Google's image, video and news schemas and
// the XHTML one for hreflang links). The serializer refuses a value outside its type, so every
// document it writes is valid against those schemas (but for the URI syntax: see locProblem); a
// check returns why a value is refused, '' when it is not. The validator judges documents it did not write, by profile (validate.ts,
// validate-extensions.ts); here there is one bar, the schemas', plus the one rule every
// authority shares that the XSD leaves out: a loc is an absolute URL.

import { daysInMonth, DatetimeFields, DatetimeProblem, describeDatetimeProblem, readDatetime } from './datetime';
import { codePointLength } from './url-check';

/** sitemap.xsd and siteindex.xsd: `maxOccurs="50000"` entries per document. */
export const MAX_ENTRIES_PER_DOCUMENT = 50_000;

/** A URI scheme and its colon: what makes a URI absolute (RFC 3986 §3.1). */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * Why a `<loc>` cannot be written: sitemap.xsd's tLoc is 12 to 2,048 characters, and the
 * protocol, Google and the XSD's own documentation want the full URL, scheme first.
 *
 * Not checked: the URI syntax itself. XML Schema's xsd:anyURI takes nearly any string, while
 * libxml2 (xmllint, and validate's xsd profile, which agrees with it) refuses what RFC 3986 does,
 * such as the `[` and `]` that browsers' URL parser leaves unescaped in a query
 * (`?filter[brand]=x`, common on real sites). The serializer writes such URLs as given.
 */
export function locProblem(loc: string): string {
  const length = loc.length;
  if (!SCHEME.test(loc)) return 'is not an absolute URL: a loc starts with its protocol (https://…)';
  const characters = length > 2048 || length < 24 ? codePointLength(loc) : length;
  if (characters < 12 || characters > 2048) return `is ${characters.toLocaleString('en-US')} characters long; sitemap.xsd takes 12 to 2,048`;
  return '';
}

/** Whether a loc is one locProblem passes, cheaply: `http://` or `https://` first, and a length in range. */
export function isCommonLoc(loc: string): boolean {
  const length = loc.length;
  if (length < 24 || length > 2048) return false; // short ones may have too few characters (astral ones count once)
  // "http" then "://" or "s://", by character codes: no regex for the usual loc.
  if (loc.charCodeAt(0) !== 0x68 || loc.charCodeAt(1) !== 0x74 || loc.charCodeAt(2) !== 0x74 || loc.charCodeAt(3) !== 0x70) return false;
  const at = loc.charCodeAt(4) === 0x73 ? 5 : 4;
  return loc.charCodeAt(at) === 0x3a && loc.charCodeAt(at + 1) === 0x2f && loc.charCodeAt(at + 2) === 0x2f;
}

const fields = /* @__PURE__ */ new DatetimeFields();

/** The two decimal digits at `at`, or -1. */
function twoDigitsAt(value: string, at: number): number {
  const tens = value.charCodeAt(at) - 0x30, ones = value.charCodeAt(at + 1) - 0x30;
  return (tens >>> 0) <= 9 && (ones >>> 0) <= 9 ? tens * 10 + ones : -1;
}

/**
 * The shapes dates are written in (`toISOString()`'s, a plain date, a zone as ±hh:mm), checked in
 * one pass of character codes: readDatetime's general reading was an eighth of serializing a
 * 50,000-URL sitemap. True only for values readDatetime takes as xsd:date / xsd:dateTime (a
 * property test holds the two together); false sends the rest to it.
 */
export function isCommonXsdDate(value: string): boolean {
  const length = value.length;
  if (length !== 10 && length !== 19 && length !== 20 && length !== 23 && length !== 24 && length !== 25 && length !== 29) return false;
  const century = twoDigitsAt(value, 0), yearOfCentury = twoDigitsAt(value, 2);
  if (century < 0 || yearOfCentury < 0 || value.charCodeAt(4) !== 0x2d || value.charCodeAt(7) !== 0x2d) return false;
  const year = century * 100 + yearOfCentury, month = twoDigitsAt(value, 5), day = twoDigitsAt(value, 8);
  if (year === 0 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  if (length === 10) return true;
  if (value.charCodeAt(10) !== 0x54 /* T */ || value.charCodeAt(13) !== 0x3a || value.charCodeAt(16) !== 0x3a) return false;
  const hour = twoDigitsAt(value, 11), minute = twoDigitsAt(value, 14), second = twoDigitsAt(value, 17);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return false;
  let at = 19;
  if (value.charCodeAt(at) === 0x2e /* . */) {
    if (twoDigitsAt(value, 20) < 0 || ((value.charCodeAt(22) - 0x30) >>> 0) > 9) return false;
    at = 23;
  }
  if (at === length) return true; // no zone: xsd:dateTime's is optional
  const zone = value.charCodeAt(at);
  if (zone === 0x5a /* Z */) return at + 1 === length;
  if ((zone !== 0x2b && zone !== 0x2d) || at + 6 !== length || value.charCodeAt(at + 3) !== 0x3a) return false;
  const zoneHours = twoDigitsAt(value, at + 1), zoneMinutes = twoDigitsAt(value, at + 4);
  return zoneHours >= 0 && zoneMinutes >= 0 && zoneMinutes <= 59 && zoneHours * 60 + zoneMinutes <= 14 * 60;
}

/**
 * Why a date cannot be written where the schemas want `xsd:date | xsd:dateTime` (`<lastmod>`,
 * the extensions' dates). W3C Datetime's shorter forms (`2024`, `2024-05`, a time without
 * seconds) are not among them.
 */
export function xsdDateProblem(value: string): string {
  if (isCommonXsdDate(value)) return '';
  const problem = readDatetime(value, 'xsd', fields);
  if (problem === DatetimeProblem.None) return '';
  const w3c = readDatetime(value, 'w3c', fields) === DatetimeProblem.None;
  const reason = describeDatetimeProblem(problem, 'xsd');
  return w3c
    ? `is a W3C Datetime but not an xsd:date or xsd:dateTime, which the sitemap schemas require: write the full date, or the time with seconds (${reason})`
    : reason;
}

/** Why a `Date` cannot be written: its ISO form must be a four-digit year from 0001 (xsd:dateTime, XML Schema 1.0). */
export function dateObjectProblem(date: Date): string {
  const time = date.getTime();
  if (Number.isNaN(time)) return 'is an invalid Date';
  const year = date.getUTCFullYear();
  return year >= 1 && year <= 9999 ? '' : `is in the year ${year}; its ISO form is not an xsd:dateTime (years 0001 to 9999)`;
}

// ------------------------------------------------------------------ extension values

// The schemas' pattern facets, here once for the serializer (EXTENSION_FACETS below) and the
// validator (validate-extensions.ts), which apply the same bar to documents they did not write.
// The tables below are marked free of side effects (@__PURE__, @__NO_SIDE_EFFECTS__) so that a
// bundle of validate(), which imports only these patterns, leaves them out.

/** sitemap-video.xsd tCountryList: ISO 3166 codes, upper case, separated by spaces (or none). */
export const COUNTRY_LIST = /^([A-Z]{2}( +[A-Z]{2})*)?$/;
/** sitemap-video.xsd tPlatformList: web, mobile and tv, separated by single spaces (or none). */
export const PLATFORM_LIST = /^((web|mobile|tv)( (web|mobile|tv))*)?$/;
/** sitemap-video.xsd price@currency: an ISO 4217 code. */
export const CURRENCY = /^[A-Z]{3}$/;
/** sitemap-news.xsd publication/language: ISO 639, or zh-cn / zh-tw. */
export const NEWS_LANGUAGE = /^(zh-cn|zh-tw|[a-z]{2,3})$/;
/** sitemap-news.xsd genres: a comma-separated list of the six genres. */
export const NEWS_GENRES = /^(PressRelease|Satire|Blog|OpEd|Opinion|UserGenerated)(, *(PressRelease|Satire|Blog|OpEd|Opinion|UserGenerated))*$/;
/** sitemap-news.xsd stock_tickers: up to five EXCHANGE:SYMBOL, separated by commas. */
export const NEWS_STOCK_TICKERS = /^(\w+:\w+(, *\w+:\w+){0,4})?$/;
/** xsd:language (what xhtml1-strict.xsd's LanguageCode, the type of hreflang, is). */
export const XSD_LANGUAGE = /^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/;

/** A check of one extension value's text: why it cannot be written, '' when it can. */
export type ValueFacet = (text: string) => string;

const pattern = /* @__NO_SIDE_EFFECTS__ */ (expression: RegExp, what: string): ValueFacet => (text) => (expression.test(text) ? '' : `must be ${what}`);
const oneOf = /* @__NO_SIDE_EFFECTS__ */ (values: readonly string[]): ValueFacet => (text) => (values.includes(text) ? '' : `must be one of ${values.map((value) => `"${value}"`).join(', ')}`);
const maxLength = /* @__NO_SIDE_EFFECTS__ */ (limit: number): ValueFacet => (text) => {
  const length = text.length > limit ? codePointLength(text) : 0;
  return length > limit ? `is ${length.toLocaleString('en-US')} characters long; the schema allows ${limit.toLocaleString('en-US')}` : '';
};
/** An integer text (the writer has made numbers decimal text already) from `min` to `max`. */
const integerFrom = /* @__NO_SIDE_EFFECTS__ */ (min: number, max: number, type: string): ValueFacet => (text) => {
  if (!/^[+-]?[0-9]+$/.test(text)) return `must be a whole number (${type})`;
  const value = Number(text);
  return value >= min && value <= max ? '' : `must be from ${min.toLocaleString('en-US')}${max === Infinity ? ' up' : ` to ${max.toLocaleString('en-US')}`} (${type})`;
};
const DURATION = integerFrom(0, 28_800, 'seconds, xsd:nonNegativeInteger up to 28,800');

/**
 * The schemas' facets by value, keyed `property/element` (`@attribute` for an attribute, the
 * group's element between for a group's children): sitemap-video.xsd, sitemap-news.xsd,
 * sitemap-image.xsd and xhtml1-strict.xsd (hreflang is an xs:language). Dates and URLs are
 * found by their rule's input type (extension-writer.ts), the yes/no values and numbers' form by
 * the writer itself.
 */
export const EXTENSION_FACETS: ReadonlyMap<string, ValueFacet> = /* @__PURE__ */ new Map<string, ValueFacet>([
  ['videos/title', maxLength(100)],
  ['videos/description', maxLength(2048)],
  ['videos/duration', DURATION],
  ['videos/rating', (text) => {
    const value = Number(text); // the writer's decimal text
    return value >= 0 && value <= 5 ? '' : 'must be from 0.0 to 5.0';
  }],
  ['videos/content_segment_loc/@duration', DURATION],
  ['videos/view_count', integerFrom(0, Infinity, 'xsd:nonNegativeInteger')],
  ['videos/category', maxLength(256)],
  ['videos/restriction', pattern(COUNTRY_LIST, 'ISO 3166 country codes, upper case, separated by spaces')],
  ['videos/restriction/@relationship', oneOf(['allow', 'deny'])],
  ['videos/price/@currency', pattern(CURRENCY, 'an ISO 4217 currency code (three upper-case letters)')],
  ['videos/price/@type', oneOf(['purchase', 'PURCHASE', 'rent', 'RENT'])],
  ['videos/price/@resolution', oneOf(['sd', 'SD', 'hd', 'HD'])],
  ['videos/tvshow/video_type', oneOf(['full', 'preview', 'clip', 'interview', 'news', 'other'])],
  ['videos/tvshow/season_number', integerFrom(1, Infinity, 'xsd:integer from 1')],
  ['videos/tvshow/episode_number', integerFrom(1, Infinity, 'xsd:integer from 1')],
  ['videos/platform', pattern(PLATFORM_LIST, 'web, mobile and tv, separated by single spaces')],
  ['videos/platform/@relationship', oneOf(['allow', 'deny'])],
  ['videos/id/@type', oneOf(['tms:series', 'tms:program', 'rovi:series', 'rovi:program', 'freebase', 'url'])],
  ['news/publication/language', pattern(NEWS_LANGUAGE, 'an ISO 639 language code: two or three lower-case letters, or zh-cn / zh-tw')],
  ['news/access', oneOf(['Subscription', 'Registration'])],
  ['news/genres', pattern(NEWS_GENRES, 'PressRelease, Satire, Blog, OpEd, Opinion or UserGenerated, separated by commas')],
  ['news/stock_tickers', pattern(NEWS_STOCK_TICKERS, 'up to five EXCHANGE:SYMBOL tickers, separated by commas')],
  ['alternates/@hreflang', pattern(XSD_LANGUAGE, 'a language code (xs:language: letters, then "-" and letters or digits, like en-GB or x-default)')],
]);

/** How many times an element may repeat in an item (sitemap-video.xsd: `<video:tag maxOccurs="32">`). */
export const EXTENSION_MAX_OCCURS: ReadonlyMap<string, number> = /* @__PURE__ */ new Map([['videos/tag', 32]]);
