// Serializer of sitemaps.org 0.9 sitemaps (`<urlset>`) and sitemap indexes (`<sitemapindex>`) to
// UTF-8 bytes (sitemaps.org protocol, sitemap.xsd / siteindex.xsd, SPEC.md §1–2); the extension
// elements of a `<url>` (SPEC.md §3) are written by extension-writer.ts into the same batches,
// and the root declares the namespaces they use.
//
// Values are written as given, entity-escaped, never rewritten, so that
// `parse(serializeSitemap(urls)).urls` deep-equals `urls` for the strict form (`SitemapUrl`), and
// every document is valid against the official XSDs (sitemap.xsd, siteindex.xsd, Google's
// extension schemas). What cannot be written so throws `SitemapError` `SERIALIZE_INVALID_VALUE`
// with the path of the value (`urlset/url[3]/loc`, 1-based like the parser's):
// - characters XML 1.0 cannot carry: C0 controls other than tab, newline and carriage return,
//   U+FFFE, U+FFFF, lone surrogates (tab, newline and CR are written, CR as `&#13;`);
// - an empty value, or one with leading or trailing XML white space (space, tab, CR, LF: the
//   parser trims those, so such values would come back different);
// - a loc that is not an absolute URL or not 12 to 2,048 characters long (URI syntax is not
//   judged: xsd-values.ts locProblem says why);
// - a lastmod string that is not an xsd:date or xsd:dateTime (W3C Datetime's `2024-05` or a
//   time without seconds are not), or a `Date` outside the years 0001–9999;
// - a priority that is not a finite number from 0 to 1 (a string priority must be an
//   xsd:decimal from 0 to 1, compared exactly, and is written as given);
// - a changefreq other than the seven lowercase words of sitemap.xsd;
// - a 50,001st entry (maxOccurs in the XSDs);
// - in extensions, what their schemas refuse (their rows' facets in model/rules.ts, xsd-values.ts schemaFacet).
// Beyond the schemas, what a profile of the validator adds (http(s) only, a time zone on a
// lastmod's time, Google's extension limits) is the validator's business: the authorities
// disagree (SPEC.md §1), and the serializer does not guess which one the caller follows.
//
// How it is fast: values cross into WebAssembly in batches. One JS string per batch holds the
// values separated by marker characters (C0 controls, which no XML document may contain); it is
// UTF-8 encoded once with `TextEncoder.encodeInto` into the core's input region, and the core
// (assembly/escape.ts) escapes the values and turns each marker into its tag template in one
// pass. JS counts the markers it wrote and passes that count, so a control character inside a
// value can never pass for a marker.
//
// Measured 2026-11-22 (Node 20.20 on this 2-core machine, shared with other jobs, so medians
// wander by ±20%), 50,000 URLs of bench/data/serialize-50k.json, 7.79 MB of compact output:
//   pure JS: regex escape, string templates, one TextEncoder pass   45–65 ms   120–170 MB/s
//   one encodeInto per value (200,000 calls)                        ~20 ms for the encoding alone
//   batch strings, marker and value appended apart (prototype)      21 ms      370 MB/s
//   batch strings, "marker + value" appended as one string          19 ms      410 MB/s
//   + ready-made changefreq/priority pieces, output buffer kept     18 ms      430 MB/s (npm run bench)
// Tried and dropped: moving the 4.7% of locs with characters above U+00FF to a side string so
// batches stay one-byte (no faster: the regex test and the second encode ate the gain).
// What remains: ~35% building the batch strings (the entries' 8 property layouts make the loads
// megamorphic), ~30% flattening and encoding them, ~15% the WebAssembly escaper, ~10% copies.

import { invalidValueError, SitemapError } from '../model/errors';
import { describeCharacter, ExtensionWriter, NOT_XML_CHARACTER, show, type MarkupMarkers } from './extension-writer';
import { gzip } from '../input/gzip';
import { CHANGEFREQ_VALUES, SITEMAP_NAMESPACE } from '../model/limits';
import { trimXmlSpace } from '../values/text';
import type { ExtensionElement, OutputBytes, SerializeOptions, SitemapAlternateInput, SitemapImageInput, SitemapKind, SitemapNewsInput, SitemapVideoInput } from '../model/types';
import { getCore, type Core } from '../core/wasm';
import { isDecimal, isDecimalFromZeroToOne } from '../values/xsd-decimal';
import { dateObjectProblem, isCommonLoc, locProblem, MAX_ENTRIES_PER_DOCUMENT, xsdDateProblem } from '../values/xsd-values';

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

// ---------------------------------------------------------------------------------------------
// Templates: marker characters and the tags they stand for.

/** Control characters free to use as markers (C0 minus NUL, tab, newline, carriage return). */
const MARKER_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31];

interface DocumentShape {
  root: 'urlset' | 'sitemapindex';
  entry: 'url' | 'sitemap';
  /** Field element names in sitemap.xsd order; the first (loc) is required. */
  fields: readonly string[];
}

const URLSET: DocumentShape = { root: 'urlset', entry: 'url', fields: ['loc', 'lastmod', 'changefreq', 'priority'] };
const SITEMAP_INDEX: DocumentShape = { root: 'sitemapindex', entry: 'sitemap', fields: ['loc', 'lastmod'] };

/**
 * The markers of one document shape and layout. A marker stands for the step between two
 * values, so each value costs exactly one marker plus one for the end of its entry:
 * `start` = open entry + open field 0; `step[a * n + b]` = close field a + open field b;
 * `end[a]` = close field a + close entry.
 */
interface TemplateSet {
  start: string;
  step: string[];
  end: string[];
  /**
   * Sitemaps only: marker + value, ready-made for the values that repeat, by the field before:
   * `changefreq[a].get('daily')` and `priority[a][50]` (0.50). One cons-string node per value
   * instead of a fresh flat string plus a node (measured ~1 ms of 19 on plain-50k, 2026-11-22).
   */
  changefreq: Array<Map<string, string>>;
  priority: string[][];
  /** Marker code and template text, to define in the core before a batch. */
  definitions: Array<[number, string]>;
  /** Sitemaps only: `close[a]` = close field a alone, then the extensions, then `entryEnd`. */
  close: string[];
  entryEnd: string;
  /** Sitemaps only: the markup pieces extension elements are made of. */
  markup: MarkupMarkers | null;
  pretty: boolean;
  /** The marker before a lastmod (a bit per marker code): the core checks the value's date form (flushBatch). */
  dateMarkers: number;
}

function buildTemplates(shape: DocumentShape, pretty: boolean): TemplateSet {
  const entryOpen = pretty ? `  <${shape.entry}>\n` : `<${shape.entry}>`;
  const entryClose = pretty ? `  </${shape.entry}>\n` : `</${shape.entry}>\n`;
  const open = (field: string) => (pretty ? `    <${field}>` : `<${field}>`);
  const close = (field: string) => (pretty ? `</${field}>\n` : `</${field}>`);
  const definitions: Array<[number, string]> = [];
  const define = (text: string): string => {
    const code = MARKER_CODES[definitions.length]!;
    definitions.push([code, text]);
    return String.fromCharCode(code);
  };
  const n = shape.fields.length;
  const start = define(entryOpen + open(shape.fields[0]!));
  const step: string[] = new Array<string>(n * n).fill('');
  const end: string[] = [];
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) step[a * n + b] = define(close(shape.fields[a]!) + open(shape.fields[b]!));
    end.push(define(close(shape.fields[a]!) + entryClose));
  }
  const changefreq: Array<Map<string, string>> = [];
  const priority: string[][] = [];
  const closeOnly: string[] = [];
  let entryEnd = '';
  let markup: MarkupMarkers | null = null;
  if (shape === URLSET) {
    for (let a = 0; a < 3; a++) {
      const marker = step[a * n + 3]!;
      priority.push(PRIORITY_HUNDREDTHS.map((text) => marker + text));
      if (a < 2) changefreq.push(new Map(CHANGEFREQ_VALUES.map((value) => [value, step[a * n + 2]! + value])));
    }
    // Extensions go between the last field and </url>; their markup is made of these pieces
    // (24 of the 28 marker codes in use).
    for (let a = 0; a < n; a++) closeOnly.push(define(close(shape.fields[a]!)));
    entryEnd = define(entryClose);
    markup = {
      open: define('<'), openClose: define('</'), close: define('>'), closeEmpty: define('/>'),
      valueOpen: define('="'), valueClose: define('"'), tab: define('&#9;'), lineFeed: define('&#10;'),
    };
  }
  // lastmod is field 1 of both shapes, reached only from the loc.
  const dateMarkers = 1 << step[1]!.charCodeAt(0);
  return { start, step, end, definitions, changefreq, priority, close: closeOnly, entryEnd, markup, pretty, dateMarkers };
}

/** Priority texts for the hundredths 0.00, 0.01 … 1.00 (what sitemaps use nearly always). */
const PRIORITY_HUNDREDTHS: readonly string[] = Array.from({ length: 101 }, (_, k) => formatPriority(k / 100));

const TEMPLATES = {
  urlset: [buildTemplates(URLSET, false), buildTemplates(URLSET, true)],
  sitemapindex: [buildTemplates(SITEMAP_INDEX, false), buildTemplates(SITEMAP_INDEX, true)],
} as const;

// ---------------------------------------------------------------------------------------------
// Values: checks and conversions done in JS (the core checks the characters).

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/** Priority texts by value; priorities repeat, so a small cache saves most conversions. */
const priorityTexts = new Map<number | string, string>();
const PRIORITY_CACHE_LIMIT = 1024;

function invalid(message: string, path: string, cause?: unknown): SitemapError {
  return invalidValueError(message, path, cause);
}

function fieldPath(shape: DocumentShape, index: number, field: string): string {
  return `${shape.root}/${shape.entry}[${index + 1}]/${field}`;
}

/**
 * The slow check behind the one-line fast test in the loops: called when the first or last
 * character of a value is not printable ASCII. Throws for an empty value or surrounding
 * XML white space (what the parser trims); anything else goes on to the core.
 */
function checkEnds(value: string, path: string): void {
  if (value.length === 0) throw invalid('is empty (an empty element does not round-trip; leave the field out instead)', path);
  if (trimXmlSpace(value) !== value) {
    throw invalid(`${show(value)} has leading or trailing whitespace, which parsers strip; trim it first`, path);
  }
}

/** Throws when a loc (its ends checked) is not as long as sitemap.xsd's tLoc takes, or not absolute (xsd-values.ts). */
function checkLoc(loc: string, path: string): void {
  const problem = locProblem(loc);
  if (problem !== '') throw invalid(`${show(loc)} ${problem}`, path);
}

/** Throws when a lastmod string (its ends checked) is not an xsd:date or xsd:dateTime; the path is made only then. */
function checkLastmod(lastmod: string, shape: DocumentShape, index: number): void {
  const problem = xsdDateProblem(lastmod);
  if (problem !== '') throw invalid(`${show(lastmod)} ${problem}`, fieldPath(shape, index, 'lastmod'));
}

/** The entry after the schemas' 50,000: refused, with where to go instead. */
function tooManyEntries(shape: DocumentShape, index: number): SitemapError {
  const what = shape.root === 'urlset' ? 'URLs' : 'sitemaps';
  const split = shape.root === 'urlset' ? 'writeSitemaps splits them into files and writes their index' : 'an index cannot list more (an index of indexes is not allowed)';
  return invalid(`a ${shape.root} holds at most ${MAX_ENTRIES_PER_DOCUMENT.toLocaleString('en-US')} ${what} (sitemaps.org, and maxOccurs in the XSD): ${split}`, `${shape.root}/${shape.entry}[${index + 1}]`);
}

/** loc as a string: a `URL`'s href, a string as is. */
function locText(value: unknown, path: string): string {
  if (typeof value === 'string') return value;
  if (typeof URL !== 'undefined' && value instanceof URL) return value.href;
  if (value === undefined) throw invalid('is required', path);
  throw invalid(`must be a string or a URL, got ${show(value)}`, path);
}

/** lastmod as a string: a `Date` as its ISO 8601 UTC form, a string as is. */
function lastmodText(value: unknown, path: string): string {
  if (typeof value === 'string') return value;
  if (value instanceof Date) {
    const problem = dateObjectProblem(value);
    if (problem !== '') throw invalid(problem, path);
    return value.toISOString();
  }
  throw invalid(`must be a string or a Date, got ${show(value)}`, path);
}

function changefreqError(value: unknown, path: string): SitemapError {
  return invalid(`must be one of ${CHANGEFREQ_VALUES.join(', ')} (lowercase), got ${show(value)}`, path);
}

/**
 * A number in the shortest decimal form that parses back to it: 0.5 → "0.5", 1 → "1.0",
 * 1e-7 → "0.0000001" (sitemap.xsd's xsd:decimal has no exponent form).
 */
function formatPriority(value: number): string {
  if (value === 0) return '0.0'; // also -0
  if (value === 1) return '1.0';
  const text = String(value);
  const exponentAt = text.indexOf('e');
  if (exponentAt < 0) return text;
  // Only tiny values reach here (0 < value < 1e-6): "d.ddde-N" → "0.000ddd".
  const digits = text.slice(0, exponentAt).replace('.', '');
  const exponent = Number(text.slice(exponentAt + 1));
  return '0.' + '0'.repeat(-exponent - 1) + digits;
}

/** The text of a priority; `index` names the entry in an error (`urlset/url[index + 1]`). */
function priorityText(value: unknown, index: number): string {
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
    if (!(value >= 0 && value <= 1)) throw invalid(`must be a number from 0.0 to 1.0, got ${show(value)}`, fieldPath(URLSET, index, 'priority'));
    text = formatPriority(value);
  } else if (typeof value === 'string') {
    if (!(isDecimal(value) && isDecimalFromZeroToOne(value))) throw invalid(`must be a decimal number from 0.0 to 1.0, got ${show(value)}`, fieldPath(URLSET, index, 'priority'));
    text = value;
  } else {
    throw invalid(`must be a number or a decimal string, got ${show(value)}`, fieldPath(URLSET, index, 'priority'));
  }
  if (priorityTexts.size < PRIORITY_CACHE_LIMIT) priorityTexts.set(value as number | string, text);
  return text;
}

// ---------------------------------------------------------------------------------------------
// Output: a growing byte buffer outside WebAssembly memory, kept between calls.

/**
 * Where escaped batches collect until the document is done; the caller gets an exact-size copy.
 * One buffer is kept for the next call (up to RETAINED_OUTPUT_BYTES): a fresh one per call
 * meant two output-sized allocations per document, and the external-memory pressure of those
 * set off a full mark-compact (~29 ms on this machine) every other 50,000-URL document.
 */
class OutputBuffer {
  bytes: Uint8Array;
  length = 0;

  constructor(capacity: number) {
    this.bytes = new Uint8Array(capacity);
  }

  /** Room for `extra` more bytes, doubling (so appends stay linear overall). */
  reserve(extra: number): void {
    const needed = this.length + extra;
    if (needed <= this.bytes.length) return;
    const grown = new Uint8Array(Math.max(needed, this.bytes.length * 2));
    grown.set(this.bytes.subarray(0, this.length));
    this.bytes = grown;
  }

  append(source: Uint8Array): void {
    this.reserve(source.length);
    this.bytes.set(source, this.length);
    this.length += source.length;
  }
}

const RETAINED_OUTPUT_BYTES = 16 * 1024 * 1024;
/** The kept buffer; null while a run holds it (a nested call, from an iterator, gets its own). */
let retainedOutput: OutputBuffer | null = null;

function takeOutput(): OutputBuffer {
  const output = retainedOutput ?? new OutputBuffer(65536);
  retainedOutput = null;
  output.length = 0;
  return output;
}

function giveBackOutput(output: OutputBuffer): void {
  if (output.bytes.length <= RETAINED_OUTPUT_BYTES && retainedOutput === null) retainedOutput = output;
}

// ---------------------------------------------------------------------------------------------
// The batch pipeline.

/**
 * Characters per batch string: large enough to amortize a call, small enough to stay in cache
 * and in V8's young generation (4 K–32 K within noise of each other; 64 K was ~50% slower;
 * plain-50k, 2026-11-22).
 */
const BATCH_CHARACTERS = 16384;
/** Bytes of output a first estimate allows per entry when the entry count is known. */
const OUTPUT_SLACK = 1.02;

const encoder = new TextEncoder();

interface Run {
  core: Core;
  shape: DocumentShape;
  templates: TemplateSet;
  output: OutputBuffer;
  /** Entries written so far (index of the next one). */
  entryCount: number;
  /** Entries the caller passed, when known (an array), to size the output once. */
  expectedEntries: number;
  /** The caller's array, when it passed one: what explains an error in a batch. */
  source: readonly unknown[] | null;
  /** Entry index of `source[0]` (a writer's later batches start past 0). */
  sourceStart: number;
  /** Otherwise the entries of the current batch, kept only to explain an error. */
  batchEntries: unknown[];
  sized: boolean;
  /** Writes extension elements (made at the first entry that has any). */
  extensions: ExtensionWriter | null;
  /**
   * Where the namespace declarations of extensions go in the output (just before the `>` of the
   * root start tag): they are added last, once the entries have said which namespaces they use.
   */
  declarationsAt: number;
  /**
   * The head went out (SitemapWriter.take() before the end): namespaces the entries use from then
   * on are declared on their own elements (ExtensionWriter.freeze()).
   */
  headTaken: boolean;
}

/** The run whose templates the core holds: a nested call (from an iterator) replaces them. */
let templateOwner: Run | null = null;

function defineTemplates(run: Run): void {
  const { core, templates } = run;
  const exports = core.exports;
  exports.escapeClearTemplates();
  let all = '';
  for (const [, text] of templates.definitions) all += text;
  const inputPointer = exports.escapeReserve(all.length);
  const written = encoder.encodeInto(all, core.u8.subarray(inputPointer, inputPointer + all.length)).written;
  if (written !== all.length) throw new SitemapError('INPUT_INVALID_OPTION', 'sitemapkit: templates must be ASCII');
  let offset = 0;
  for (const [code, text] of templates.definitions) {
    if (exports.escapeDefineTemplate(code, offset, text.length) !== 0) throw new SitemapError('INPUT_INVALID_OPTION', 'sitemapkit: the core refused a template');
    offset += text.length;
  }
  exports.escapeDateMarkers(templates.dateMarkers);
  templateOwner = run;
}

function startRun(shape: DocumentShape, templates: TemplateSet): Run {
  const run: Run = { core: getCore(), shape, templates, output: takeOutput(), entryCount: 0, expectedEntries: 0, source: null, sourceStart: 0, batchEntries: [], sized: false, extensions: null, declarationsAt: 0, headTaken: false };
  defineTemplates(run);
  return run;
}

/** Escapes one batch string in the core and appends the result to the output. */
function flushBatch(run: Run, batch: string, markers: number, firstEntry: number): void {
  if (batch.length === 0) return;
  if (templateOwner !== run) defineTemplates(run);
  const { core } = run;
  const exports = core.exports;
  const capacity = batch.length * 3; // UTF-8 needs at most 3 bytes per UTF-16 code unit
  const inputPointer = exports.escapeReserve(capacity);
  const written = encoder.encodeInto(batch, core.u8.subarray(inputPointer, inputPointer + capacity)).written;
  let length = exports.escapeText(written, markers);
  if (length === UNCOMMON_DATE) {
    // A lastmod in a shape the core does not take at a glance: read each in JS, which throws for
    // one the schema refuses; when they all pass, escape again without the date check.
    checkBatchLastmods(run, firstEntry);
    exports.escapeDateMarkers(0);
    length = exports.escapeText(written, markers);
    exports.escapeDateMarkers(run.templates.dateMarkers);
  }
  if (length < 0 || exports.escapeReplacementCount() > 0) explainBatch(run, batch, firstEntry, length);
  if (!run.sized) {
    // First batch: size the output for the whole document from what one batch made.
    run.sized = true;
    const entriesInBatch = run.entryCount - firstEntry;
    const remaining = run.expectedEntries - run.entryCount;
    if (remaining > 0 && entriesInBatch > 0) {
      run.output.reserve(Math.ceil((length / entriesInBatch) * remaining * OUTPUT_SLACK) + length + 64);
    }
  }
  const outputPointer = exports.escapeOutputPointer();
  run.output.append(core.u8.subarray(outputPointer, outputPointer + length));
  run.batchEntries.length = 0;
}

/** The root's declarations while the head has not gone out, cached by how many there are. */
let declarationCache: { run: Run; count: number; bytes: Uint8Array | null } | null = null;

/** ` xmlns:image="…"` for each namespace the extensions used (URIs escaped by the core); null when none. */
function namespaceDeclarations(run: Run): Uint8Array | null {
  const declarations = run.extensions?.declarations ?? [];
  if (declarations.length === 0) return null;
  if (declarationCache !== null && declarationCache.run === run && declarationCache.count === declarations.length) return declarationCache.bytes;
  const parts: Uint8Array[] = [];
  const exports = run.core.exports;
  for (const [prefix, namespace] of declarations) {
    const bad = NOT_XML_CHARACTER.exec(namespace);
    if (bad) throw invalid(`the namespace ${show(namespace)} contains ${describeCharacter(namespace, bad.index)} at index ${bad.index}, which XML 1.0 does not allow`, run.shape.root);
    parts.push(encoder.encode(` xmlns:${prefix}="`));
    const capacity = namespace.length * 3;
    const inputPointer = exports.escapeReserve(capacity);
    const written = encoder.encodeInto(namespace, run.core.u8.subarray(inputPointer, inputPointer + capacity)).written;
    const length = exports.escapeAttribute(written, 0);
    if (length < 0) throw invalid(`the namespace ${show(namespace)} was refused by the escaper (status ${length})`, run.shape.root);
    const outputPointer = exports.escapeOutputPointer();
    parts.push(run.core.u8.slice(outputPointer, outputPointer + length), encoder.encode('"'));
  }
  const tag = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    tag.set(part, offset);
    offset += part.length;
  }
  declarationCache = { run, count: declarations.length, bytes: tag };
  return tag;
}

/** Bytes the root's namespace declarations will add when the head goes out (0 once it has). */
function pendingDeclarationBytes(run: Run): number {
  return run.headTaken ? 0 : (namespaceDeclarations(run)?.length ?? 0);
}

/** Ends a run, finished or failed: the output buffer goes back for the next call. */
function endRun(run: Run): void {
  if (templateOwner === run) templateOwner = null;
  giveBackOutput(run.output);
}

/**
 * The core refused the batch, or copied a U+FFFD that may stand for a lone surrogate: find the
 * value at fault in JS and throw with its path. Returns when the batch is fine after all.
 */
function explainBatch(run: Run, batch: string, firstEntry: number, status: number): void {
  // String#isWellFormed (ES2024) where the runtime has it, the regex elsewhere.
  const wellFormed = (batch as { isWellFormed?: () => boolean }).isWellFormed?.() ?? !LONE_SURROGATE.test(batch);
  if (status >= 0 && wellFormed) return;
  const { shape } = run;
  const entries = entriesOfBatch(run, firstEntry);
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i] as Record<string, unknown>;
    for (const field of shape.fields) {
      const raw = entry[field];
      if (raw === undefined || raw === null) continue;
      const text = field === 'loc' ? locText(raw, '') : field === 'lastmod' ? lastmodText(raw, '') : field === 'priority' ? priorityText(raw, firstEntry + i) : String(raw);
      const match = NOT_XML_CHARACTER.exec(text);
      if (match) {
        throw invalid(`${show(text)} contains ${describeCharacter(text, match.index)} at index ${match.index}, which XML 1.0 does not allow`, fieldPath(shape, firstEntry + i, field));
      }
    }
    run.extensions?.explain(entry, firstEntry + i);
  }
  // Not reached for input the checks above describe; kept so a core refusal is never silent.
  throw invalid(`the WebAssembly escaper refused the batch (status ${status}, byte ${run.core.exports.escapeErrorOffset()})`, `${shape.root}/${shape.entry}[${firstEntry + 1}]`);
}

/** The core's status for a lastmod it leaves to JS (assembly/escape.ts EscapeError.UncommonDate). */
const UNCOMMON_DATE = -3;

/** The entries of the batch that starts at entry `firstEntry`. */
function entriesOfBatch(run: Run, firstEntry: number): readonly unknown[] {
  return run.source ? run.source.slice(firstEntry - run.sourceStart, run.entryCount - run.sourceStart) : run.batchEntries;
}

/** Throws, with its path, for a lastmod string of the batch that is no xsd:date or xsd:dateTime. */
function checkBatchLastmods(run: Run, firstEntry: number): void {
  const entries = entriesOfBatch(run, firstEntry);
  for (let i = 0; i < entries.length; i++) {
    const lastmod = (entries[i] as { lastmod?: unknown }).lastmod;
    if (typeof lastmod === 'string') checkLastmod(lastmod, run.shape, firstEntry + i);
  }
}

/** Writes the XML declaration, the optional stylesheet instruction and the root start tag. */
function writeHead(run: Run, options: SerializeOptions): void {
  const { core, output } = run;
  let head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  const stylesheet: unknown = options.stylesheet;
  if (stylesheet !== undefined) {
    if (typeof stylesheet !== 'string') throw invalid(`must be a string (the URL of an XSL stylesheet), got ${show(stylesheet)}`, 'stylesheet');
    checkEnds(stylesheet, 'stylesheet');
    const bad = NOT_XML_CHARACTER.exec(stylesheet);
    if (bad) throw invalid(`${show(stylesheet)} contains ${describeCharacter(stylesheet, bad.index)} at index ${bad.index}, which XML 1.0 does not allow`, 'stylesheet');
    output.append(encoder.encode(head + '<?xml-stylesheet type="text/xsl" href="'));
    // A pseudo-attribute of the xml-stylesheet instruction: attribute escaping, so `?>` in the
    // URL cannot end the instruction (W3C "Associating Style Sheets with XML documents" §2).
    const exports = core.exports;
    const capacity = stylesheet.length * 3;
    const inputPointer = exports.escapeReserve(capacity);
    const written = encoder.encodeInto(stylesheet, core.u8.subarray(inputPointer, inputPointer + capacity)).written;
    const length = exports.escapeAttribute(written, 0);
    if (length < 0) throw invalid(`${show(stylesheet)} was refused by the escaper (status ${length})`, 'stylesheet');
    const outputPointer = exports.escapeOutputPointer();
    output.append(core.u8.subarray(outputPointer, outputPointer + length));
    head = '"?>\n';
  }
  const rootTag = `<${run.shape.root} xmlns="${SITEMAP_NAMESPACE}">\n`;
  output.append(encoder.encode(head + rootTag));
  run.declarationsAt = output.length - 2; // before ">\n": the extensions' namespaces go there (SitemapWriter.take)
}

function checkOptions(options: SerializeOptions | undefined): SerializeOptions {
  if (options === undefined || options === null) return {};
  if (typeof options !== 'object') throw new SitemapError('INPUT_TYPE', `Serialize options must be an object, got ${show(options)}`);
  return options;
}

function iterableOf<T>(entries: Iterable<T>, what: string): Iterable<T> {
  if (entries === null || typeof (entries as { [Symbol.iterator]?: unknown })?.[Symbol.iterator] !== 'function' || typeof entries === 'string') {
    throw new SitemapError('INPUT_TYPE', `${what} must be an array or another iterable of entries, got ${show(entries)}`);
  }
  return entries;
}

/** Does the fast test fail for this value (first or last character not printable ASCII)? */
function needsEndCheck(value: string): boolean {
  const first = value.charCodeAt(0);
  const last = value.charCodeAt(value.length - 1);
  // NaN (empty string) fails every comparison, so it takes the slow path too.
  return !(first > 32 && first < 127 && last > 32 && last < 127);
}

// ---------------------------------------------------------------------------------------------
// Public API.

/** Index of a step marker in `TemplateSet.step` for a sitemap (four fields). */
const URLSET_FIELDS = 4;

/**
 * Writes a sitemap (`<urlset>`) as UTF-8 bytes: the XML declaration, an optional
 * `<?xml-stylesheet?>`, and one `<url>` per entry with its fields in sitemap.xsd order. Compact by
 * default (one `<url>` per line); `{ pretty: true }` indents by two spaces; `{ gzip: true }`
 * returns gzip bytes. Throws `SitemapError` `SERIALIZE_INVALID_VALUE` (with `path`) for a value
 * that cannot be written so that it parses back the same (see the top of src/write/serialize.ts).
 *
 * @example
 * const xml = serializeSitemap([
 *   { loc: 'https://example.com/', lastmod: '2024-05-01', changefreq: 'daily', priority: 1 },
 *   { loc: new URL('https://example.com/a?b=1&c=2'), lastmod: new Date() },
 * ], { stylesheet: '/sitemap.xsl' });
 * await fs.writeFile('sitemap.xml', xml);
 */
export function serializeSitemap(urls: Iterable<SitemapUrlInput>, options?: SerializeOptions): OutputBytes {
  const settings = checkOptions(options);
  const entries = iterableOf(urls, 'urls');
  const writer = new SitemapWriter({ ...settings, kind: 'urlset' });
  writer.write(entries);
  const plain = writer.end();
  return settings.gzip ? gzip(plain) : plain;
}

/** The hot loop of serializeSitemap: one batch string of markers and values at a time. */
function writeUrls(run: Run, entries: Iterable<SitemapUrlInput>): void {
  const { start, step, end, changefreq: changefreqSteps, priority: prioritySteps } = run.templates;
  const batchEntries = run.source ? null : run.batchEntries;
  let batch = '';
  let markers = 0;
  let index = run.entryCount;
  let firstEntry = index;
  for (const url of entries) {
    if (url === null || typeof url !== 'object') throw invalid(`must be an object with a loc, got ${show(url)}`, `urlset/url[${index + 1}]`);
    if (index >= MAX_ENTRIES_PER_DOCUMENT) throw tooManyEntries(URLSET, index);
    batchEntries?.push(url);
    // Each value is appended as "marker + value" in one go: a short result is one flat string
    // and a long one a single cons node, so the batch string flattens faster (see the top).
    const locValue = url.loc;
    const loc = typeof locValue === 'string' ? locValue : locText(locValue, fieldPath(URLSET, index, 'loc'));
    if (needsEndCheck(loc)) checkEnds(loc, fieldPath(URLSET, index, 'loc'));
    if (!isCommonLoc(loc)) checkLoc(loc, fieldPath(URLSET, index, 'loc'));
    batch += start + loc;
    let field = 0;
    let written = 1; // fields written for this entry
    const lastmodValue = url.lastmod;
    if (lastmodValue !== undefined && lastmodValue !== null) {
      let lastmod: string;
      if (typeof lastmodValue === 'string') {
        lastmod = lastmodValue;
        if (needsEndCheck(lastmod)) checkEnds(lastmod, fieldPath(URLSET, index, 'lastmod'));
        // Its date form is checked by the core as it escapes the batch (flushBatch).
      } else lastmod = lastmodText(lastmodValue, fieldPath(URLSET, index, 'lastmod'));
      batch += step[1]! + lastmod;
      field = 1;
      written++;
      markers++;
    }
    const changefreq = url.changefreq;
    if (changefreq !== undefined && changefreq !== null) {
      const piece = changefreqSteps[field]!.get(changefreq);
      if (piece === undefined) throw changefreqError(changefreq, fieldPath(URLSET, index, 'changefreq'));
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
 * Writes a sitemap index (`<sitemapindex>`) as UTF-8 bytes: one `<sitemap>` per entry with its
 * `loc` and optional `lastmod`. Options and errors as for {@link serializeSitemap}.
 *
 * @example
 * const index = serializeSitemapIndex([
 *   { loc: 'https://example.com/sitemap-posts.xml.gz', lastmod: '2024-05-01T12:00:00Z' },
 *   { loc: 'https://example.com/sitemap-pages.xml.gz' },
 * ], { gzip: true });
 */
export function serializeSitemapIndex(entries: Iterable<SitemapIndexEntryInput>, options?: SerializeOptions): OutputBytes {
  const settings = checkOptions(options);
  const list = iterableOf(entries, 'entries');
  const writer = new SitemapWriter({ ...settings, kind: 'sitemapindex' });
  writer.write(list);
  const plain = writer.end();
  return settings.gzip ? gzip(plain) : plain;
}

/** The loop of serializeSitemapIndex (see writeUrls). */
function writeIndexEntries(run: Run, list: Iterable<SitemapIndexEntryInput>): void {
  const { start, step, end } = run.templates;
  const batchEntries = run.source ? null : run.batchEntries;
  let batch = '';
  let markers = 0;
  let index = run.entryCount;
  let firstEntry = index;
  for (const entry of list) {
    if (entry === null || typeof entry !== 'object') throw invalid(`must be an object with a loc, got ${show(entry)}`, `sitemapindex/sitemap[${index + 1}]`);
    if (index >= MAX_ENTRIES_PER_DOCUMENT) throw tooManyEntries(SITEMAP_INDEX, index);
    batchEntries?.push(entry);
    const locValue = entry.loc;
    const loc = typeof locValue === 'string' ? locValue : locText(locValue, fieldPath(SITEMAP_INDEX, index, 'loc'));
    if (needsEndCheck(loc)) checkEnds(loc, fieldPath(SITEMAP_INDEX, index, 'loc'));
    if (!isCommonLoc(loc)) checkLoc(loc, fieldPath(SITEMAP_INDEX, index, 'loc'));
    batch += start + loc;
    const lastmodValue = entry.lastmod;
    if (lastmodValue !== undefined && lastmodValue !== null) {
      let lastmod: string;
      if (typeof lastmodValue === 'string') {
        lastmod = lastmodValue;
        if (needsEndCheck(lastmod)) checkEnds(lastmod, fieldPath(SITEMAP_INDEX, index, 'lastmod'));
        // Its date form is checked by the core as it escapes the batch (flushBatch).
      } else lastmod = lastmodText(lastmodValue, fieldPath(SITEMAP_INDEX, index, 'lastmod'));
      batch += step[1]! + lastmod;
      batch += end[1]!;
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

// ---------------------------------------------------------------------------------------------
// The incremental writer: the one path every document goes through.

/**
 * What a {@link SitemapWriter} of a kind accepts: url entries, or index entries.
 *
 * @example
 * const entry: SitemapEntryInput<'sitemapindex'> = { loc: 'https://example.com/sitemap-1.xml.gz', lastmod: new Date() };
 */
export type SitemapEntryInput<Kind extends SitemapKind = SitemapKind> = Kind extends 'sitemapindex' ? SitemapIndexEntryInput : SitemapUrlInput;

/**
 * Options of {@link SitemapWriter}: the document kind and the options of `serializeSitemap`
 * (without `gzip`: the writer hands out plain bytes; compress them as they leave).
 *
 * @example
 * const options: SitemapWriterOptions<'sitemapindex'> = { kind: 'sitemapindex', stylesheet: '/index.xsl' };
 */
export interface SitemapWriterOptions<Kind extends SitemapKind = SitemapKind> extends Omit<SerializeOptions, 'gzip'> {
  /** `urlset` (a sitemap, the default) or `sitemapindex`. */
  kind?: Kind;
}

const CLOSING_TAGS = { urlset: encoder.encode('</urlset>\n'), sitemapindex: encoder.encode('</sitemapindex>\n') } as const;

/**
 * Writes one sitemap or sitemap index piece by piece, counting its bytes exactly: the head (XML
 * declaration, optional stylesheet, root start tag with its namespace declarations) on
 * construction, then batches of entries, then the closing tag. `take()` hands over the bytes
 * written since the last call, `end()` closes the document and hands over the rest, and
 * `writeWithin()` writes only as many entries as keep the finished document under a byte
 * limit — what `writeSitemaps` splits files with. The output is byte for byte what
 * `serializeSitemap` / `serializeSitemapIndex` make from the same entries (they use this class).
 * A value that cannot be written throws `SERIALIZE_INVALID_VALUE` and ends the writer.
 *
 * @example
 * const writer = new SitemapWriter();
 * await sink.write(writer.take()); // <?xml …?><urlset xmlns="…">
 * for await (const page of pagesInBatches()) {
 *   writer.write(page.map((product) => ({ loc: product.url, lastmod: product.updatedAt })));
 *   await sink.write(writer.take());
 * }
 * await sink.write(writer.end());
 * console.log(writer.bytes, writer.entries); // exact uncompressed size and entry count
 */
export class SitemapWriter<Kind extends SitemapKind = 'urlset'> {
  private run: Run | null;
  private readonly kind: SitemapKind;
  /** Bytes already handed over by take(). */
  private takenBytes = 0;
  /** The entry count once the run is gone (ended or failed). */
  private entriesAtEnd = 0;

  constructor(options: SitemapWriterOptions<Kind> = {}) {
    const settings = checkOptions(options) as SitemapWriterOptions;
    const kind = settings.kind ?? 'urlset';
    if (kind !== 'urlset' && kind !== 'sitemapindex') throw new SitemapError('INPUT_INVALID_OPTION', `kind must be "urlset" or "sitemapindex", got ${show(kind)}`);
    this.kind = kind;
    const shape = kind === 'urlset' ? URLSET : SITEMAP_INDEX;
    const run = startRun(shape, TEMPLATES[kind][settings.pretty ? 1 : 0]);
    this.run = run;
    this.guard(() => writeHead(run, settings));
  }

  /** Exact size in bytes of the document so far (uncompressed), taken or not; the closing tag counts once `end()` wrote it. */
  get bytes(): number {
    const run = this.run;
    return this.takenBytes + (run === null ? 0 : run.output.length + pendingDeclarationBytes(run));
  }

  /** Entries written so far (after a failed write: those before it). */
  get entries(): number {
    return this.run?.entryCount ?? this.entriesAtEnd;
  }

  /** Bytes `end()` will add (the closing tag). */
  get closingBytes(): number {
    return CLOSING_TAGS[this.kind].length;
  }

  /** Appends entries (any iterable: an array is fastest). */
  write(entries: Iterable<SitemapEntryInput<Kind>>): void {
    const run = this.open();
    const list = iterableOf(entries, this.kind === 'urlset' ? 'urls' : 'entries');
    this.guard(() => {
      run.source = Array.isArray(list) ? (list as unknown[]) : null;
      run.sourceStart = run.entryCount;
      if (!run.sized) run.expectedEntries = run.entryCount + (run.source?.length ?? 0);
      try {
        if (this.kind === 'urlset') writeUrls(run, list as Iterable<SitemapUrlInput>);
        else writeIndexEntries(run, list as Iterable<SitemapIndexEntryInput>);
      } finally {
        run.source = null;
      }
    });
  }

  /**
   * Appends the longest first part of `entries` with which the finished document (closing tag
   * included) stays within `maxBytes`, and returns how many entries that is (0 when not even the
   * first fits). Entries are written in one batch when they all fit, else one at a time, so the
   * cut is exact.
   */
  writeWithin(entries: readonly SitemapEntryInput<Kind>[], maxBytes: number): number {
    const run = this.open();
    const room = maxBytes - this.closingBytes - this.takenBytes;
    const mark = run.output.length;
    const markEntries = run.entryCount;
    this.write(entries);
    if (run.output.length + pendingDeclarationBytes(run) <= room) return entries.length;
    run.output.length = mark;
    run.entryCount = markEntries;
    let written = 0;
    for (; written < entries.length; written++) {
      const before = run.output.length;
      this.write([entries[written]!]);
      if (run.output.length + pendingDeclarationBytes(run) > room) {
        run.output.length = before;
        run.entryCount--;
        break;
      }
    }
    return written;
  }

  /** Hands over the bytes written since the last call (a copy the caller owns). */
  take(): OutputBytes {
    const run = this.run;
    if (run === null) return new Uint8Array(0);
    const { output } = run;
    let bytes: OutputBytes;
    const declarations = run.headTaken ? null : namespaceDeclarations(run);
    if (declarations === null) bytes = output.bytes.slice(0, output.length);
    else {
      // The head goes out now: the root declares the namespaces used so far.
      const at = run.declarationsAt;
      bytes = new Uint8Array(output.length + declarations.length);
      bytes.set(output.bytes.subarray(0, at));
      bytes.set(declarations, at);
      bytes.set(output.bytes.subarray(at, output.length), at + declarations.length);
    }
    if (!run.headTaken) {
      run.headTaken = true;
      run.extensions?.freeze(); // later namespaces are declared where they are used
    }
    this.takenBytes += bytes.length;
    output.length = 0;
    return bytes;
  }

  /** Writes the closing tag and hands over every byte not taken yet; the writer is done. */
  end(): OutputBytes {
    const run = this.open();
    run.output.append(CLOSING_TAGS[this.kind]);
    const bytes = this.take();
    this.entriesAtEnd = run.entryCount;
    this.run = null;
    endRun(run);
    return bytes;
  }

  private open(): Run {
    if (this.run === null) throw new SitemapError('INPUT_TYPE', 'This SitemapWriter has ended (end() was called, or a write failed)');
    return this.run;
  }

  /** Runs a step; a failure ends the writer and gives its buffer back. */
  private guard(step: () => void): void {
    const entriesBefore = this.entries;
    try {
      step();
    } catch (error) {
      const run = this.run;
      if (run !== null) {
        this.entriesAtEnd = entriesBefore;
        this.run = null;
        endRun(run);
      }
      throw error;
    }
  }
}
