// The simple types of the values the serializer writes, from the official schemas
// (../shared/corpus/xsd/: sitemap.xsd, siteindex.xsd, Google's image, video and news schemas and
// the XHTML one for hreflang links). The serializer refuses a value outside its type, so every
// document it writes is valid against those schemas; a check returns why a value is refused, ''
// when it is not. The validator judges documents it did not write, by profile (validate.ts,
// validate-extensions.ts); here there is one bar, the schemas', plus the one rule every
// authority shares that the XSD leaves out: a loc is an absolute URL.

import { DatetimeFields, DatetimeProblem, describeDatetimeProblem, readDatetime } from './datetime';
import { codePointLength, isXsdAnyUri } from './url-check';

/** sitemap.xsd and siteindex.xsd: `maxOccurs="50000"` entries per document. */
export const MAX_ENTRIES_PER_DOCUMENT = 50_000;

const HTTP = 0x70747468; // "http" read as four UTF-16 code units' low bytes, little-endian

function isHex(code: number): boolean {
  return (code >= 0x30 && code <= 0x39) || ((code | 0x20) >= 0x61 && (code | 0x20) <= 0x66);
}

/**
 * The common URL, cheaply: `http://` or `https://`, a host without user information or port, no
 * `#`, `[` or `]`, and every `%` followed by two hex digits. Such a value is an xsd:anyURI
 * (libxml2 replaces the characters URIs cannot hold by "_" before it parses: url-check.ts
 * isXsdAnyUri), so only the others take the full parse. A few indexOf calls, which V8 runs
 * as fast scans: ~40 ns a URL, against ~250 ns for a regex over the whole value.
 */
export function isCommonHttpUri(value: string): boolean {
  const length = value.length;
  if (length < 8) return false;
  const scheme = (value.charCodeAt(0) | (value.charCodeAt(1) << 8) | (value.charCodeAt(2) << 16) | (value.charCodeAt(3) << 24)) >>> 0;
  if (scheme !== HTTP) return false;
  let at = value.charCodeAt(4) === 0x73 /* s */ ? 5 : 4;
  if (value.charCodeAt(at) !== 0x3a || value.charCodeAt(at + 1) !== 0x2f || value.charCodeAt(at + 2) !== 0x2f) return false;
  at += 3;
  const hostStart = at;
  for (; at < length; at++) {
    const code = value.charCodeAt(at);
    if (code === 0x2f /* / */ || code === 0x3f /* ? */) break;
    // A port, user information, an escaped or bracketed host, or a "#" in it: the full parse.
    if (code === 0x3a /* : */ || code === 0x40 /* @ */ || code === 0x25 /* % */ || code === 0x23 /* # */ || code === 0x5b /* [ */ || code === 0x5d /* ] */) return false;
  }
  if (at === hostStart) return false;
  if (value.indexOf('#', at) >= 0 || value.indexOf('[', at) >= 0 || value.indexOf(']', at) >= 0) return false;
  for (let percent = value.indexOf('%', at); percent >= 0; percent = value.indexOf('%', percent + 1)) {
    if (!isHex(value.charCodeAt(percent + 1)) || !isHex(value.charCodeAt(percent + 2))) return false;
  }
  return true;
}

/** A URI scheme and its colon: what makes a URI absolute (RFC 3986 §3.1). */
const SCHEME = /^[A-Za-z][A-Za-z0-9+.-]*:/;

/**
 * Why a `<loc>` cannot be written: sitemap.xsd's tLoc is an xsd:anyURI of 12 to 2,048
 * characters, and the protocol, Google and the XSD's own documentation want the full URL.
 */
export function locProblem(loc: string): string {
  const length = loc.length;
  if (length >= 12 && length <= 2048 && isCommonHttpUri(loc)) return '';
  if (!SCHEME.test(loc)) return 'is not an absolute URL: a loc starts with its protocol (https://…)';
  const characters = length > 2048 || length < 24 ? codePointLength(loc) : length;
  if (characters < 12 || characters > 2048) return `is ${characters.toLocaleString('en-US')} characters long; sitemap.xsd takes 12 to 2,048`;
  if (!isXsdAnyUri(loc)) return 'is not a URI (xsd:anyURI): check its percent-escapes (% and two hex digits), its "#" and its host';
  return '';
}

/** Why an extension's URL (xsd:anyURI, of any length, relative allowed) cannot be written. */
export function anyUriProblem(value: string): string {
  if (isCommonHttpUri(value) || isXsdAnyUri(value)) return '';
  return 'is not a URI (xsd:anyURI): check its percent-escapes (% and two hex digits), its "#" and its host';
}

const fields = new DatetimeFields();

/**
 * Why a date cannot be written where the schemas want `xsd:date | xsd:dateTime` (`<lastmod>`,
 * the extensions' dates). W3C Datetime's shorter forms (`2024`, `2024-05`, a time without
 * seconds) are not among them.
 */
export function xsdDateProblem(value: string): string {
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

/**
 * Whether an xsd:decimal text (already matched as one) is from 0 to 1 inclusive, decided on its
 * digits: Number('1.0000000000000000001') is 1, but the schema compares the exact decimal.
 */
export function isDecimalFromZeroToOne(text: string): boolean {
  let at = 0;
  const sign = text.charCodeAt(0);
  if (sign === 0x2b || sign === 0x2d) at = 1;
  const dot = text.indexOf('.');
  const integerEnd = dot < 0 ? text.length : dot;
  let integer = 0;
  for (let i = at; i < integerEnd; i++) {
    integer = integer * 10 + text.charCodeAt(i) - 0x30;
    if (integer > 1) return false;
  }
  let fractionIsZero = true;
  for (let i = integerEnd + 1; i < text.length; i++) if (text.charCodeAt(i) !== 0x30) fractionIsZero = false;
  if (sign === 0x2d) return integer === 0 && fractionIsZero; // -0.0 is 0
  return integer === 0 || fractionIsZero;
}

// ------------------------------------------------------------------ extension values

/** A check of one extension value's text: why it cannot be written, '' when it can. */
export type ValueFacet = (text: string) => string;

const pattern = (expression: RegExp, what: string): ValueFacet => (text) => (expression.test(text) ? '' : `must be ${what}`);
const oneOf = (values: readonly string[]): ValueFacet => (text) => (values.includes(text) ? '' : `must be one of ${values.map((value) => `"${value}"`).join(', ')}`);
const maxLength = (limit: number): ValueFacet => (text) => {
  const length = text.length > limit ? codePointLength(text) : 0;
  return length > limit ? `is ${length.toLocaleString('en-US')} characters long; the schema allows ${limit.toLocaleString('en-US')}` : '';
};
/** An integer text (the writer has made numbers decimal text already) from `min` to `max`. */
const integerFrom = (min: number, max: number, type: string): ValueFacet => (text) => {
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
export const EXTENSION_FACETS: ReadonlyMap<string, ValueFacet> = new Map<string, ValueFacet>([
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
  ['videos/restriction', pattern(/^([A-Z]{2}( +[A-Z]{2})*)?$/, 'ISO 3166 country codes, upper case, separated by spaces')],
  ['videos/restriction/@relationship', oneOf(['allow', 'deny'])],
  ['videos/price/@currency', pattern(/^[A-Z]{3}$/, 'an ISO 4217 currency code (three upper-case letters)')],
  ['videos/price/@type', oneOf(['purchase', 'PURCHASE', 'rent', 'RENT'])],
  ['videos/price/@resolution', oneOf(['sd', 'SD', 'hd', 'HD'])],
  ['videos/tvshow/video_type', oneOf(['full', 'preview', 'clip', 'interview', 'news', 'other'])],
  ['videos/tvshow/season_number', integerFrom(1, Infinity, 'xsd:integer from 1')],
  ['videos/tvshow/episode_number', integerFrom(1, Infinity, 'xsd:integer from 1')],
  ['videos/platform', pattern(/^((web|mobile|tv)( (web|mobile|tv))*)?$/, 'web, mobile and tv, separated by single spaces')],
  ['videos/platform/@relationship', oneOf(['allow', 'deny'])],
  ['videos/id/@type', oneOf(['tms:series', 'tms:program', 'rovi:series', 'rovi:program', 'freebase', 'url'])],
  ['news/publication/language', pattern(/^(zh-cn|zh-tw|[a-z]{2,3})$/, 'an ISO 639 language code: two or three lower-case letters, or zh-cn / zh-tw')],
  ['news/access', oneOf(['Subscription', 'Registration'])],
  ['news/genres', pattern(/^(PressRelease|Satire|Blog|OpEd|Opinion|UserGenerated)(, *(PressRelease|Satire|Blog|OpEd|Opinion|UserGenerated))*$/, 'PressRelease, Satire, Blog, OpEd, Opinion or UserGenerated, separated by commas')],
  ['news/stock_tickers', pattern(/^(\w+:\w+(, *\w+:\w+){0,4})?$/, 'up to five EXCHANGE:SYMBOL tickers, separated by commas')],
  ['alternates/@hreflang', pattern(/^[a-zA-Z]{1,8}(-[a-zA-Z0-9]{1,8})*$/, 'a language code (xs:language: letters, then "-" and letters or digits, like en-GB or x-default)')],
]);

/** How many times an element may repeat in an item (sitemap-video.xsd: `<video:tag maxOccurs="32">`). */
export const EXTENSION_MAX_OCCURS: ReadonlyMap<string, number> = new Map([['videos/tag', 32]]);
