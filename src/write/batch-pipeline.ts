// The serializer's batch pipeline (see the top of serialize.ts for why and the numbers): the
// marker templates of a document kind, the output buffer kept between calls, and a run that
// writes batch strings through the core's escaper (assembly/escape.ts) into it, with the root's
// head and its namespace declarations; an error in a batch is found again in JS, with its path.

import { SitemapError } from '../model/errors';
import { CHANGEFREQ_VALUES, SITEMAP_NAMESPACE } from '../model/limits';
import { URLSET_RULE, SITEMAP_INDEX_RULE, type DocumentRule } from '../model/rules';
import type { SerializeOptions } from '../model/types';
import { getCore, type Core } from '../core/wasm';
import { ExtensionWriter, LONE_SURROGATE, NOT_XML_CHARACTER, notXmlCharacter, show, type MarkupMarkers } from './extension-writer';
import { checkEnds, checkLastmod, fieldPath, invalid, lastmodText, locText, PRIORITY_HUNDREDTHS, priorityText } from './field-values';

// ---------------------------------------------------------------------------------------------
// Templates: marker characters and the tags they stand for.

/** Control characters free to use as markers (C0 minus NUL, tab, newline, carriage return). */
const MARKER_CODES = [1, 2, 3, 4, 5, 6, 7, 8, 11, 12, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31];


/**
 * The markers of one document shape and layout. A marker stands for the step between two
 * values, so each value costs exactly one marker plus one for the end of its entry:
 * `start` = open entry + open field 0; `step[a * n + b]` = close field a + open field b;
 * `end[a]` = close field a + close entry.
 */
export interface TemplateSet {
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

function buildTemplates(shape: DocumentRule, pretty: boolean): TemplateSet {
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
  const n = shape.fieldNames.length;
  const start = define(entryOpen + open(shape.fieldNames[0]!));
  const step: string[] = new Array<string>(n * n).fill('');
  const end: string[] = [];
  for (let a = 0; a < n; a++) {
    for (let b = a + 1; b < n; b++) step[a * n + b] = define(close(shape.fieldNames[a]!) + open(shape.fieldNames[b]!));
    end.push(define(close(shape.fieldNames[a]!) + entryClose));
  }
  const changefreq: Array<Map<string, string>> = [];
  const priority: string[][] = [];
  const closeOnly: string[] = [];
  let entryEnd = '';
  let markup: MarkupMarkers | null = null;
  if (shape === URLSET_RULE) {
    for (let a = 0; a < 3; a++) {
      const marker = step[a * n + 3]!;
      priority.push(PRIORITY_HUNDREDTHS.map((text) => marker + text));
      if (a < 2) changefreq.push(new Map(CHANGEFREQ_VALUES.map((value) => [value, step[a * n + 2]! + value])));
    }
    // Extensions go between the last field and </url>; their markup is made of these pieces
    // (24 of the 28 marker codes in use).
    for (let a = 0; a < n; a++) closeOnly.push(define(close(shape.fieldNames[a]!)));
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


export const TEMPLATES = {
  urlset: [buildTemplates(URLSET_RULE, false), buildTemplates(URLSET_RULE, true)],
  sitemapindex: [buildTemplates(SITEMAP_INDEX_RULE, false), buildTemplates(SITEMAP_INDEX_RULE, true)],
} as const;

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
export const BATCH_CHARACTERS = 16384;
/** Bytes of output a first estimate allows per entry when the entry count is known. */
const OUTPUT_SLACK = 1.02;

export const encoder = new TextEncoder();

export interface Run {
  core: Core;
  shape: DocumentRule;
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

export function defineTemplates(run: Run): void {
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

export function startRun(shape: DocumentRule, templates: TemplateSet): Run {
  const run: Run = { core: getCore(), shape, templates, output: takeOutput(), entryCount: 0, expectedEntries: 0, source: null, sourceStart: 0, batchEntries: [], sized: false, extensions: null, declarationsAt: 0, headTaken: false };
  defineTemplates(run);
  return run;
}

/** Escapes one batch string in the core and appends the result to the output. */
export function flushBatch(run: Run, batch: string, markers: number, firstEntry: number): void {
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
export function namespaceDeclarations(run: Run): Uint8Array | null {
  const declarations = run.extensions?.declarations ?? [];
  if (declarations.length === 0) return null;
  if (declarationCache !== null && declarationCache.run === run && declarationCache.count === declarations.length) return declarationCache.bytes;
  const parts: Uint8Array[] = [];
  const exports = run.core.exports;
  for (const [prefix, namespace] of declarations) {
    const bad = NOT_XML_CHARACTER.exec(namespace);
    if (bad) throw notXmlCharacter(`the namespace ${show(namespace)}`, namespace, bad.index, run.shape.root);
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
export function pendingDeclarationBytes(run: Run): number {
  return run.headTaken ? 0 : (namespaceDeclarations(run)?.length ?? 0);
}

/** Ends a run, finished or failed: the output buffer goes back for the next call. */
export function endRun(run: Run): void {
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
    for (const field of shape.fieldNames) {
      const raw = entry[field];
      if (raw === undefined || raw === null) continue;
      const text = field === 'loc' ? locText(raw, '') : field === 'lastmod' ? lastmodText(raw, '') : field === 'priority' ? priorityText(raw, firstEntry + i) : String(raw);
      const match = NOT_XML_CHARACTER.exec(text);
      if (match) {
        throw notXmlCharacter(show(text), text, match.index, fieldPath(shape, firstEntry + i, field));
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
export function writeHead(run: Run, options: SerializeOptions): void {
  const { core, output } = run;
  let head = '<?xml version="1.0" encoding="UTF-8"?>\n';
  const stylesheet: unknown = options.stylesheet;
  if (stylesheet !== undefined) {
    if (typeof stylesheet !== 'string') throw invalid(`must be a string (the URL of an XSL stylesheet), got ${show(stylesheet)}`, 'stylesheet');
    checkEnds(stylesheet, 'stylesheet');
    const bad = NOT_XML_CHARACTER.exec(stylesheet);
    if (bad) throw notXmlCharacter(show(stylesheet), stylesheet, bad.index, 'stylesheet');
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
