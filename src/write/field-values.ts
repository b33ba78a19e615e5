// The values of a sitemap's and an index's fields as the serializer takes them (sitemap.xsd,
// siteindex.xsd; the top of serialize.ts lists what is refused): loc, lastmod, changefreq and
// priority checked and turned into the text to write, and the errors with their paths.

import { invalidValueError, SitemapError } from '../model/errors';
import { CHANGEFREQ_VALUES } from '../model/limits';
import { URLSET_RULE, type DocumentRule } from '../model/rules';
import type { SerializeOptions } from '../model/types';
import { trimXmlSpace } from '../values/text';
import { isDecimal, isDecimalFromZeroToOne } from '../values/xsd-decimal';
import { dateObjectProblem, formatDecimal, locProblem, MAX_ENTRIES_PER_DOCUMENT, xsdDateProblem } from '../values/xsd-values';
import { show } from './extension-writer';

/** Priority texts by value; priorities repeat, so a small cache saves most conversions. */
const priorityTexts = new Map<number | string, string>();
const PRIORITY_CACHE_LIMIT = 1024;

export function invalid(message: string, path: string, cause?: unknown): SitemapError {
  return invalidValueError(message, path, cause);
}

export function fieldPath(shape: DocumentRule, index: number, field: string): string {
  return `${shape.root}/${shape.entry}[${index + 1}]/${field}`;
}

/**
 * The slow check behind the one-line fast test in the loops: called when the first or last
 * character of a value is not printable ASCII. Throws for an empty value or surrounding
 * XML white space (what the parser trims); anything else goes on to the core.
 */
export function checkEnds(value: string, path: string): void {
  if (value.length === 0) throw invalid('is empty (an empty element does not round-trip; leave the field out instead)', path);
  if (trimXmlSpace(value) !== value) {
    throw invalid(`${show(value)} has leading or trailing whitespace, which parsers strip; trim it first`, path);
  }
}

/** Throws when a loc (its ends checked) is not as long as sitemap.xsd's tLoc takes, or not absolute (xsd-values.ts). */
export function checkLoc(loc: string, path: string): void {
  const problem = locProblem(loc);
  if (problem !== '') throw invalid(`${show(loc)} ${problem}`, path);
}

/** Throws when a lastmod string (its ends checked) is not an xsd:date or xsd:dateTime; the path is made only then. */
export function checkLastmod(lastmod: string, shape: DocumentRule, index: number): void {
  const problem = xsdDateProblem(lastmod);
  if (problem !== '') throw invalid(`${show(lastmod)} ${problem}`, fieldPath(shape, index, 'lastmod'));
}

/** The entry after the schemas' 50,000: refused, with where to go instead. */
export function tooManyEntries(shape: DocumentRule, index: number): SitemapError {
  const what = shape.root === 'urlset' ? 'URLs' : 'sitemaps';
  const split = shape.root === 'urlset' ? 'writeSitemaps splits them into files and writes their index' : 'an index cannot list more (an index of indexes is not allowed)';
  return invalid(`a ${shape.root} holds at most ${MAX_ENTRIES_PER_DOCUMENT.toLocaleString('en-US')} ${what} (sitemaps.org, and maxOccurs in the XSD): ${split}`, `${shape.root}/${shape.entry}[${index + 1}]`);
}

/** loc as a string: a `URL`'s href, a string as is. */
export function locText(value: unknown, path: string): string {
  if (typeof value === 'string') return value;
  if (typeof URL !== 'undefined' && value instanceof URL) return value.href;
  if (value === undefined) throw invalid('is required', path);
  throw invalid(`must be a string or a URL, got ${show(value)}`, path);
}

/** lastmod as a string: a `Date` as its ISO 8601 UTC form, a string as is. */
export function lastmodText(value: unknown, path: string): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) {
    const problem = dateObjectProblem(value);
    if (problem !== '') throw invalid(problem, path);
    return value.toISOString();
  }
  throw invalid(`must be a string or a Date, got ${show(value)}`, path);
}

export function changefreqError(value: unknown, path: string): SitemapError {
  return invalid(`must be one of ${CHANGEFREQ_VALUES.join(', ')} (lowercase), got ${show(value)}`, path);
}

/**
 * A number in the shortest decimal form that parses back to it: 0.5 → "0.5", 1 → "1.0",
 * 1e-7 → "0.0000001" (sitemap.xsd's xsd:decimal has no exponent form).
 */
function formatPriority(value: number): string {
  if (value === 0) return '0.0'; // also -0
  if (value === 1) return '1.0';
  return formatDecimal(value);
}

/** The text of a priority; `index` names the entry in an error (`urlset/url[index + 1]`). */
export function priorityText(value: unknown, index: number): string {
  if (typeof value === 'number') {
    // k / 100 is the double nearest to the decimal k/100, so equality means "exactly that value"
    // (0.3 hits, 0.1 + 0.2 does not); a table load beats a Map lookup (4% of serializing).
    const hundredths = Math.round(value * 100);
    if (hundredths >= 0 && hundredths <= 100 && hundredths / 100 === value) return PRIORITY_HUNDREDTHS[hundredths]!;
  }
  const cached = priorityTexts.get(value as number | string);
  if (cached !== undefined) return cached;
  let text: string;
  if (typeof value === 'number') {
    if (!(value >= 0 && value <= 1)) throw invalid(`must be a number from 0.0 to 1.0, got ${show(value)}`, fieldPath(URLSET_RULE, index, 'priority'));
    text = formatPriority(value);
  } else if (typeof value === 'string') {
    if (!(isDecimal(value) && isDecimalFromZeroToOne(value))) throw invalid(`must be a decimal number from 0.0 to 1.0, got ${show(value)}`, fieldPath(URLSET_RULE, index, 'priority'));
    text = value;
  } else {
    throw invalid(`must be a number or a decimal string, got ${show(value)}`, fieldPath(URLSET_RULE, index, 'priority'));
  }
  if (priorityTexts.size < PRIORITY_CACHE_LIMIT) priorityTexts.set(value as number | string, text);
  return text;
}


/** Priority texts for the hundredths 0.00, 0.01 … 1.00 (what sitemaps use nearly always). */
export const PRIORITY_HUNDREDTHS: readonly string[] = Array.from({ length: 101 }, (_, k) => formatPriority(k / 100));

export function checkOptions(options: SerializeOptions | undefined): SerializeOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object') throw new SitemapError('INPUT_TYPE', `Serialize options must be an object, got ${show(options)}`);
  return options;
}

export function iterableOf<T>(entries: Iterable<T>, what: string): Iterable<T> {
  if (entries === null || typeof (entries as { [Symbol.iterator]?: unknown })?.[Symbol.iterator] !== 'function' || typeof entries === 'string') {
    throw new SitemapError('INPUT_TYPE', `${what} must be an array or another iterable of entries, got ${show(entries)}`);
  }
  return entries;
}

/** Does the fast test fail for this value (first or last character not printable ASCII)? */
export function needsEndCheck(value: string): boolean {
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  // NaN (empty string) fails every comparison, so it takes the slow path too.
  return !(first > 32 && first < 127 && last > 32 && last < 127);
}
