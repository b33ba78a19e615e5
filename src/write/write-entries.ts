// The serializer's hot loops (see the top of serialize.ts): sitemap and index entries, as the
// lenient input forms, into batch strings of markers and values, in the field order of
// model/rules.ts (URLSET_RULE, SITEMAP_INDEX_RULE).

import { URLSET_RULE, SITEMAP_INDEX_RULE, type DocumentRule } from '../model/rules';
import type { ExtensionElement, SitemapAlternateInput, SitemapImageInput, SitemapNewsInput, SitemapVideoInput } from '../model/types';
import { isCommonLoc, MAX_ENTRIES_PER_DOCUMENT } from '../values/xsd-values';
import { BATCH_CHARACTERS, flushBatch, type Run } from './batch-pipeline';
import { ExtensionWriter, show } from './extension-writer';
import { changefreqError, checkEnds, checkLoc, fieldPath, invalid, lastmodText, locText, needsEndCheck, priorityText, tooManyEntries } from './field-values';

/**
 * One `<url>` to write: the lenient input form. `loc` may be a `URL` (its `href` is written),
 * `lastmod` a `Date` (written as `toISOString()`, UTC with milliseconds), `priority` a number
 * (written so that it parses back to the same number: 0.5 → `0.5`, 1 → `1.0`) or an xsd:decimal
 * string (written as given). What `parse` returns (`SitemapUrl`) is accepted as is.
 *
 * @example
 * const url: SitemapUrlInput = { loc: new URL('/shop?page=2', site), lastmod: product.updatedAt, priority: 0.8 };
 */
export interface SitemapUrlInput {
  loc: string | URL;
  lastmod?: string | Date;
  /** One of `always hourly daily weekly monthly yearly never` (sitemap.xsd, lowercase). */
  changefreq?: string;
  /** 0.0 to 1.0. */
  priority?: number | string;
  /** Written as `<image:image>` elements (the lenient forms of the extension types are in types.ts). */
  images?: readonly SitemapImageInput[];
  videos?: readonly SitemapVideoInput[];
  news?: SitemapNewsInput;
  /** Written as `<xhtml:link rel="alternate" hreflang="…" href="…"/>`. */
  alternates?: readonly SitemapAlternateInput[];
  /** Unknown extension elements, written with their namespaces declared on the root. */
  extensions?: readonly ExtensionElement[];
}

/**
 * One `<sitemap>` of a sitemap index to write (lenient input form of `SitemapIndexEntry`).
 *
 * @example
 * const entry: SitemapIndexEntryInput = { loc: 'https://example.com/sitemap-2.xml.gz', lastmod: new Date() };
 */
export interface SitemapIndexEntryInput {
  loc: string | URL;
  lastmod?: string | Date;
}

/** Index of a step marker in `TemplateSet.step` for a sitemap (four fields). */
const URLSET_FIELDS = URLSET_RULE.fieldNames.length;

/**
 * The checks every entry starts with (an object, within the entry limit) and its loc as written:
 * a `URL`'s href, the string checked for its ends and, unless it is a common one, as a loc.
 *
 * @example
 * entryLoc(URLSET_RULE, { loc: 'https://example.com/' }, 0); // 'https://example.com/'
 */
function entryLoc(rule: DocumentRule, entry: { loc: string | URL } | null, index: number): string {
  if (entry === null || typeof entry !== 'object') throw invalid(`must be an object with a loc, got ${show(entry)}`, `${rule.root}/${rule.entry}[${index + 1}]`);
  if (index >= MAX_ENTRIES_PER_DOCUMENT) throw tooManyEntries(rule, index);
  const locValue = entry.loc;
  const loc = typeof locValue === 'string' ? locValue : locText(locValue, fieldPath(rule, index, 'loc'));
  if (needsEndCheck(loc)) checkEnds(loc, fieldPath(rule, index, 'loc'));
  if (!isCommonLoc(loc)) checkLoc(loc, fieldPath(rule, index, 'loc'));
  return loc;
}

/**
 * A lastmod as written: a string as given (its date form is checked by the core as it escapes the
 * batch, flushBatch), a `Date` or other value through lastmodText.
 *
 * @example
 * entryLastmod(URLSET_RULE, new Date(0), 0); // '1970-01-01T00:00:00.000Z'
 */
function entryLastmod(rule: DocumentRule, value: string | Date, index: number): string {
  if (typeof value !== 'string') return lastmodText(value, fieldPath(rule, index, 'lastmod'));
  if (needsEndCheck(value)) checkEnds(value, fieldPath(rule, index, 'lastmod'));
  return value;
}

/**
 * The hot loop of serializeSitemap: one batch string of markers and values at a time.
 *
 * @example
 * writeUrls(run, [{ loc: 'https://example.com/' }]); // then flushBatch has escaped them into run.output
 */
export function writeUrls(run: Run, entries: Iterable<SitemapUrlInput>): void {
  const { start, step, end, changefreq: changefreqSteps, priority: prioritySteps } = run.templates;
  const batchEntries = run.source ? null : run.batchEntries;
  let batch = '';
  let markers = 0;
  let index = run.entryCount;
  let firstEntry = index;
  for (const url of entries) {
    const loc = entryLoc(URLSET_RULE, url, index);
    batchEntries?.push(url);
    // Each value is appended as "marker + value" in one go: a short result is one flat string
    // and a long one a single cons node, so the batch string flattens faster (see the top).
    batch += start + loc;
    let field = 0;
    let written = 1; // fields written for this entry
    const lastmodValue = url.lastmod;
    if (lastmodValue !== undefined && lastmodValue !== null) {
      batch += step[1]! + entryLastmod(URLSET_RULE, lastmodValue, index);
      field = 1;
      written++;
      markers++;
    }
    const changefreq = url.changefreq;
    if (changefreq !== undefined && changefreq !== null) {
      const piece = changefreqSteps[field]!.get(changefreq);
      if (piece === undefined) throw changefreqError(changefreq, fieldPath(URLSET_RULE, index, 'changefreq'));
      batch += piece;
      field = 2;
      written++;
      markers++;
    }
    const priority = url.priority;
    if (priority !== undefined && priority !== null) {
      // The hundredths are ready-made (see priorityText for why the equality test is exact).
      const hundredths = typeof priority === 'number' ? Math.round(priority * 100) : -1;
      batch += hundredths >= 0 && hundredths <= 100 && hundredths / 100 === priority
        ? prioritySteps[field]![hundredths]!
        : step[field * URLSET_FIELDS + 3]! + priorityText(priority, index);
      field = 3;
      written++;
      markers++;
    }
    // Extensions. A plain object whose keys are only the fields written so far has none: its keys
    // are counted from V8's cached key list, which with the constructor test costs 1.0 ms for
    // 50,000 entries against 1.7 ms for five property loads that miss (1.3 ms with
    // Object.getPrototypeOf; measured 2026-11-22). Any other entry (more keys, a null field, a
    // class instance whose getters may hold extensions, a null prototype) has them looked up.
    let keys = 0;
    for (const _ in url) keys++;
    if ((keys > written || url.constructor !== Object) &&
      (url.images !== undefined || url.videos !== undefined || url.news !== undefined || url.alternates !== undefined || url.extensions !== undefined)) {
      const writer = run.extensions ??= new ExtensionWriter(run.templates.markup!, run.templates.pretty, run.headTaken);
      batch += run.templates.close[field]! + writer.write(url as unknown as Record<string, unknown>, index) + run.templates.entryEnd;
      markers += 3 + writer.markers; // start, close and entry end
    } else {
      batch += end[field]!;
      markers += 2; // start and end
    }
    index++;
    if (batch.length >= BATCH_CHARACTERS) {
      run.entryCount = index;
      flushBatch(run, batch, markers, firstEntry);
      batch = '';
      markers = 0;
      firstEntry = index;
    }
  }
  run.entryCount = index;
  flushBatch(run, batch, markers, firstEntry);
}

/**
 * The loop of serializeSitemapIndex (see writeUrls).
 *
 * @example
 * writeIndexEntries(run, [{ loc: 'https://example.com/sitemap-1.xml' }]);
 */
export function writeIndexEntries(run: Run, list: Iterable<SitemapIndexEntryInput>): void {
  const { start, step, end } = run.templates;
  const batchEntries = run.source ? null : run.batchEntries;
  let batch = '';
  let markers = 0;
  let index = run.entryCount;
  let firstEntry = index;
  for (const entry of list) {
    const loc = entryLoc(SITEMAP_INDEX_RULE, entry, index);
    batchEntries?.push(entry);
    batch += start + loc;
    const lastmodValue = entry.lastmod;
    if (lastmodValue !== undefined && lastmodValue !== null) {
      batch += step[1]! + entryLastmod(SITEMAP_INDEX_RULE, lastmodValue, index) + end[1]!;
      markers += 3;
    } else {
      batch += end[0]!;
      markers += 2;
    }
    index++;
    if (batch.length >= BATCH_CHARACTERS) {
      run.entryCount = index;
      flushBatch(run, batch, markers, firstEntry);
      batch = '';
      markers = 0;
      firstEntry = index;
    }
  }
  run.entryCount = index;
  flushBatch(run, batch, markers, firstEntry);
}
