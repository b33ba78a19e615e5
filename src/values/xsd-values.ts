// The simple types of the values the serializer writes, from the official schemas
// (test/corpus/xsd/: sitemap.xsd, siteindex.xsd, Google's image, video and news schemas and
// the XHTML one for hreflang links). The serializer refuses a value outside its type, so every
// document it writes is valid against those schemas (but for the URI syntax: see locProblem); a
// check returns why a value is refused, '' when it is not. The extension values' facets are
// their rows' in model/value-rules.ts (schemaFacets, facetProblem). The validator judges documents it did not write,
// by profile (validate.ts, validate-extensions.ts); here there is one bar, the schemas', plus the one rule every
// authority shares that the XSD leaves out: a loc is an absolute URL.

import { daysInMonth, DatetimeFields, DatetimeProblem, describeDatetimeProblem, readDatetime } from './datetime';
import { codePointLength } from './url-check';
import { SEVERITY } from '../model/codes';
import type { ExtensionValueRule } from '../model/rules';
import { VALUE_FACETS, type ValueFacet } from '../model/value-rules';

/** xsd:integer's form (a sign, digits). */
const INTEGER = /^[+-]?[0-9]+$/;

/**
 * Whether a decimal text is an xsd:integer (a sign and digits, no point): what range facets of
 * whole numbers check, in the serializer and the validator alike.
 *
 * @example
 * isXsdInteger('+7'); // true
 * isXsdInteger('7.0'); // false
 */
export function isXsdInteger(text: string): boolean {
  return INTEGER.test(text);
}

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

/**
 * A finite number in a decimal form that reads back as the same number (xsd:decimal has no
 * exponent): 600 → "600", 4.5 → "4.5", 1e21 → "1000000000000000000000", 1e-7 → "0.0000001".
 * What the serializer writes for a number (a priority, an extension's numbers).
 *
 * @example
 * formatDecimal(1e-7); // '0.0000001'
 */
export function formatDecimal(value: number): string {
  if (Object.is(value, -0)) return '-0';
  const text = String(value);
  const exponentAt = text.indexOf('e');
  if (exponentAt < 0) return text;
  const sign = value < 0 ? '-' : '';
  const mantissa = text.slice(sign.length, exponentAt);
  const exponent = Number(text.slice(exponentAt + 1));
  const dot = mantissa.indexOf('.');
  const digits = dot < 0 ? mantissa : mantissa.slice(0, dot) + mantissa.slice(dot + 1);
  const point = (dot < 0 ? mantissa.length : dot) + exponent; // where the decimal point goes in digits
  if (point <= 0) return `${sign}0.${'0'.repeat(-point)}${digits}`;
  if (point >= digits.length) return sign + digits + '0'.repeat(point - digits.length);
  return `${sign}${digits.slice(0, point)}.${digits.slice(point)}`;
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

/** The facets of the schemas: those an `error` in the `xsd` profile (others are Google's, which a schema-valid file may break). */
function isSchemaFacet(facet: ValueFacet): boolean {
  return facet.severity[1] === 'error';
}

/**
 * The schema facets of a value row (model/value-rules.ts, by its key: `videos/title`,
 * `videos/price@currency`): what the serializer refuses a value for, so that what it writes is
 * valid against the schemas. Dates and URLs are checked by their input type
 * (extension-writer.ts), yes/no values and numbers' form by the writer itself.
 *
 * @example
 * schemaFacets('videos/rating'); // [the 0.0–5.0 range]
 */
export function schemaFacets(key: string): readonly ValueFacet[] {
  return (VALUE_FACETS.get(key) ?? []).filter(isSchemaFacet);
}

/**
 * Why `text` breaks one of `facets`, in the serializer's words ('' when it keeps to them all).
 *
 * @example
 * facetProblem(schemaFacets('videos/rating'), '5.5'); // 'must be from 0.0 to 5.0'
 */
export function facetProblem(facets: readonly ValueFacet[], text: string): string {
  for (const facet of facets) {
    switch (facet.kind) {
      case 'length': {
        const length = text.length > facet.max ? codePointLength(text) : 0;
        if (length > facet.max) return `is ${length.toLocaleString('en-US')} characters long; the schema allows ${facet.max.toLocaleString('en-US')}`;
        break;
      }
      case 'enum':
        if (!facet.values.includes(text)) return `must be one of ${facet.values.map((value) => `"${value}"`).join(', ')}`;
        break;
      case 'pattern':
        if (!facet.pattern.test(text)) return `must be ${facet.expected}`;
        break;
      case 'range': {
        // The writer has made numbers decimal text already.
        const value = Number(text);
        if (!facet.integer) {
          if (!(value >= facet.min && value <= facet.max)) return `must be from ${facet.min.toFixed(1)} to ${facet.max.toFixed(1)}`;
        } else if (!(isXsdInteger(text) && value >= facet.min && value <= facet.max)) {
          return `must be a whole number from ${facet.min.toLocaleString('en-US')}${facet.max === Infinity ? ' up' : ` to ${facet.max.toLocaleString('en-US')}`} (${facet.min === 0 ? 'xsd:nonNegativeInteger' : 'xsd:integer'})`;
        }
        break;
      }
      // Google's rules (non-empty, ISO lists, age) are no schema facets.
    }
  }
  return '';
}

/**
 * How many times a row's element may repeat in an item by its schema (`<video:tag
 * maxOccurs="32">`), Infinity when the schema sets no bound.
 *
 * @example
 * schemaMaxOccurs(videoTagRule); // 32
 */
export function schemaMaxOccurs(rule: ExtensionValueRule): number {
  const limit = rule.maxOccurs;
  return limit !== undefined && SEVERITY[limit.severity][1] === 'error' ? limit.max : Infinity;
}
