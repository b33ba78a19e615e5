// Validating sitemaps and sitemap indexes against sitemaps.org 0.9, its XSDs and Google's rules
// (SPEC.md §1, §2, §5, §6): the SitemapValidator (sitemap-validator.ts) observes SitemapParser's
// walk, so the document is walked once.

import { SitemapError } from '../model/errors';
import { positionOfByte } from '../values/file-limits';
import { checkLimitOption, describeValue, type PreparedInput } from '../input/input';
import { openDocumentForReport } from '../input/front-door';
import { LIMITS } from '../model/limits';
import { createObservedParser, trackLocIdentities, xmlReaderOf, type SitemapParser } from '../read/parse';
import type { LocIdentities } from '../read/loc-identities';
import { positionAfterPushed } from '../core/xml-reader';
import type { Issue, IssueSeverity, SitemapIndexEntry, SitemapInput, SitemapUrl, SitemapKind, ValidateOptions, ValidateResult, ValidationProfile } from '../model/types';
import { readLocationScope, type LocationScope } from '../values/url-check';
import { RULE_SEVERITY, SitemapValidator } from './sitemap-validator';

const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);

/** How each code the parser reports weighs in validation, by profile: `[google, xsd]`. */
function parserIssueSeverity(issue: Issue, profileIndex: 0 | 1, validator: SitemapValidator): IssueSeverity | null {
  switch (issue.code) {
    case 'SITEMAP_BAD_PRIORITY': return null; // validate reports it, at the value
    case 'SITEMAP_UNEXPECTED_ELEMENT': return null; // an element inside a field: validate reports it (startElement)
    // An error already (a declaration that contradicts the bytes, document-encoding.ts) stays one.
    case 'INPUT_ENCODING': return issue.severity === 'error' ? 'error' : RULE_SEVERITY.protocolOnly[profileIndex];
    case 'SITEMAP_NAMESPACE':
    case 'SITEMAP_MISSING_LOC':
    case 'SITEMAP_NESTED_ENTRY':
      return 'error';
    // SITEMAP_DUPLICATE_FIELD: weighed when the parser reported it, by what it is a second one of (SitemapValidator.duplicate).
    default: {
      const extension = validator.parserExtensionIssueSeverity(issue, profileIndex);
      return extension === undefined ? issue.severity : extension;
    }
  }
}


/**
 * A document that arrives in pieces (validationSteps): its first bytes, then `take()`: the next
 * piece, null at the end, or undefined when none has arrived yet.
 *
 * @example
 * const input: ArrivingInput = { arriving: true, head, expectedBytes: 0, take: () => pieces.shift() ?? (ended ? null : undefined) };
 */
export interface ArrivingInput {
  readonly arriving: true;
  readonly head: Uint8Array;
  /** A size hint (Content-Length), 0 when unknown. */
  readonly expectedBytes: number;
  take(): Uint8Array | null | undefined;
}

/** What validationSteps yields when an ArrivingInput has no piece yet: resume it once one has arrived. */
export const NEEDS_INPUT = Object.freeze([]) as unknown as (SitemapUrl | SitemapIndexEntry)[];

function isArrivingInput(input: unknown): input is ArrivingInput {
  return (input as Partial<ArrivingInput> | null | undefined)?.arriving === true; // a string or bytes have no `arriving`
}

/** Pushes a piece of an arriving document, `sliceBytes` at a time (0: whole), yielding the entries each push completed. */
function* pushPiece(parser: SitemapParser, piece: Uint8Array, sliceBytes: number): Generator<(SitemapUrl | SitemapIndexEntry)[], void, undefined> {
  const slice = sliceBytes > 0 ? sliceBytes : piece.length;
  for (let at = 0; at < piece.length; at += slice) {
    parser.push(piece.subarray(at, Math.min(piece.length, at + slice)), false);
    const entries = parser.takeEntries();
    if (entries.length > 0) yield entries;
  }
}

/** ValidateOptions, checked and read once (readOptions). */
interface CheckedOptions {
  profile: ValidationProfile;
  scope: LocationScope | undefined;
  /** Lowercase hosts (`hostname` or `hostname:port`). */
  crossSubmit: ReadonlySet<string>;
  childKinds: ((loc: string) => SitemapKind | undefined) | undefined;
  nowTime: number;
  maxBytes: number;
}

function invalidOption(message: string): SitemapError {
  return new SitemapError('INPUT_INVALID_OPTION', message, { offset: 0 }); // unplaced, as every reader's option errors
}

function isSitemapKind(value: unknown): value is SitemapKind {
  return value === 'urlset' || value === 'sitemapindex';
}

/**
 * Checks every option of validate() (the types are not there at run time, nor for JavaScript
 * callers): a wrong one throws SitemapError INPUT_INVALID_OPTION naming the option and what it
 * must be, never a TypeError from deep inside. Options it does not know are ignored.
 */
function readOptions(options: ValidateOptions): CheckedOptions {
  // An array too, as every reader's front door refuses one (readReadingOptions).
  if (options === null || typeof options !== 'object' || Array.isArray(options)) throw invalidOption(`options must be an object (ValidateOptions), not ${describeValue(options)}`);
  const profile = options.profile === undefined ? 'google' : options.profile;
  if (profile !== 'google' && profile !== 'xsd') throw invalidOption(`profile must be "google" or "xsd", not ${describeValue(profile)}`);
  const now: unknown = options.now;
  if (now !== undefined && !(now instanceof Date && !Number.isNaN(now.getTime()))) throw invalidOption(`now must be a valid Date, not ${now instanceof Date ? 'an Invalid Date' : describeValue(now)}`);
  let scope: LocationScope | undefined;
  if (options.location !== undefined) {
    const location: unknown = options.location;
    scope = typeof location === 'string' ? readLocationScope(location) : location instanceof URL ? readLocationScope(location.href) : undefined;
    if (!scope) throw invalidOption(`location must be an absolute URL, not ${describeValue(options.location)}`);
  }
  const crossSubmit = new Set<string>();
  const hosts: unknown = options.crossSubmit;
  if (hosts !== undefined) {
    // A string is iterable too (its characters): refused, it is the usual slip for ['host'].
    if (typeof hosts === 'string' || hosts === null || typeof (hosts as Partial<Iterable<unknown>>)[Symbol.iterator] !== 'function') {
      throw invalidOption(`crossSubmit must be a list of host names such as ["shop.example.com"], not ${describeValue(hosts)}`);
    }
    for (const host of hosts as Iterable<unknown>) {
      if (typeof host !== 'string' || host === '' || host.includes('/')) {
        throw invalidOption(`crossSubmit must hold host names such as "shop.example.com" (not URLs), not ${describeValue(host)}`);
      }
      crossSubmit.add(host.toLowerCase());
    }
  }
  let childKinds: CheckedOptions['childKinds'];
  const kinds: unknown = options.childKinds;
  if (kinds instanceof Map) {
    for (const [loc, kind] of kinds) {
      if (typeof loc !== 'string' || !isSitemapKind(kind)) throw invalidOption(`childKinds must map each child's loc (a string) to "urlset" or "sitemapindex"; it maps ${describeValue(loc)} to ${describeValue(kind)}`);
    }
    childKinds = (loc) => kinds.get(loc);
  } else if (kinds !== undefined) {
    const prototype = kinds === null || typeof kinds !== 'object' ? undefined : Object.getPrototypeOf(kinds);
    if (prototype !== Object.prototype && prototype !== null) throw invalidOption(`childKinds must be a Map or a plain object from each child's loc to "urlset" or "sitemapindex", not ${describeValue(kinds)}`);
    const record = kinds as Record<string, unknown>;
    for (const loc of Object.keys(record)) {
      if (!isSitemapKind(record[loc])) throw invalidOption(`childKinds must map each child's loc to "urlset" or "sitemapindex"; it maps ${describeValue(loc)} to ${describeValue(record[loc])}`);
    }
    childKinds = (loc) => (Object.prototype.hasOwnProperty.call(record, loc) ? record[loc] as SitemapKind : undefined);
  }
  // As the parse functions take it: NaN or null would compare as no cap at all (gzip bombs).
  const maxBytes = checkLimitOption(options.maxBytes, 'maxBytes', LIMITS.defaultMaxInputBytes);
  return { profile, scope, crossSubmit, childKinds, nowTime: (options.now ?? new Date()).getTime(), maxBytes };
}

/**
 * The order of validate()'s issues: by line, then column (a stable sort keeps the order they were found in among equals).
 *
 * @example
 * issues.sort(byDocumentOrder);
 */
export function byDocumentOrder(a: Pick<Issue, 'line' | 'column'>, b: Pick<Issue, 'line' | 'column'>): number {
  return a.line - b.line || a.column - b.column;
}

function inputSize(input: SitemapInput): number {
  if (typeof input === 'string') return -1;
  if (input instanceof ArrayBuffer) return input.byteLength;
  if (ArrayBuffer.isView(input)) return (input as ArrayBufferView).byteLength;
  return 0;
}

/**
 * Checks a sitemap or sitemap index against every rule of the protocol and of Google (or, with
 * `profile: 'xsd'`, exactly against sitemap.xsd / siteindex.xsd) and reports what is wrong as
 * plain `Issue`s with code, line, column and path. Accepts what `parse` accepts (bytes, gzip,
 * string); bad data never throws, it becomes issues: malformed XML, an HTML page, another
 * root. It throws `SitemapError` only for misuse (an input of another type, a bad option).
 * Each code's Search Console report name is `searchConsoleReport[issue.code]`.
 *
 * @example
 * const { valid, issues, stats } = validate(bytes, { location: 'https://example.com/sitemap.xml' });
 * for (const issue of issues) console.log(`${issue.line}:${issue.column} ${issue.severity} ${issue.code} ${issue.message}`);
 * console.log(valid, stats.entries, stats.hosts);
 *
 * @example
 * // Agree with `xmllint --schema sitemap.xsd`:
 * validate(xml, { profile: 'xsd' }).valid;
 */
export function validate(input: SitemapInput, options: ValidateOptions = {}): ValidateResult {
  const steps = validationSteps(input, options, 0);
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/**
 * validate(), with the entries parse(…, { recover: true }) gives, in one walk of the document: a
 * slice of `sliceBytes` bytes at a time, yielding the entries each slice completed (empty slices
 * yield nothing), then returning validate()'s result. How the crawl reads and validates a file at
 * the cost of one walk instead of two (parse, then validate). With `sliceBytes` 0 it is validate()
 * itself: one push, no entries built, nothing yielded. Stopping early (`return()`) gives the core
 * back; drain it to the end for the result. Internal: not exported from the package.
 *
 * @example
 * const steps = validationSteps(bytes, { location }, 262_144);
 * let step = steps.next();
 * for (; !step.done; step = steps.next()) for (const entry of step.value) console.log(entry.loc);
 * console.log(step.value.valid);
 *
 * An `ArrivingInput` (the crawl's body as it arrives) is read as it comes: `head` first, then each
 * piece `take()` gives; when it has none yet the steps yield NEEDS_INPUT, to be resumed once more
 * has arrived, so no more than a piece is held. Its head must be UTF-8 as sent: no gzip, no UTF-16,
 * no other declared encoding (those go whole through prepareInput). Its stats count the bytes read:
 * all of them, unless the root is no sitemap, which stops the reading there.
 *
 * With `issueSink`, the validator's own issues (the rules, one or more per bad entry) go to it as
 * they are found, in no particular order, instead of into the result, whose `issues` and `valid`
 * then cover only the rest (the input's, the parser's): a caller that keeps a few issues of a
 * file with 50,000 bad entries need not hold them all to the end, nor have them made: with
 * `countsOnly` it is asked first, and an issue it counts and would drop is not made at all
 * (SitemapValidator.countsOnly; the crawl: src/site/crawl-records.ts). With `locIdentities`, each
 * whole entry's loc identity is kept there by entry number (the crawl's page URLs).
 */
export function* validationSteps(input: SitemapInput | ArrivingInput, options: ValidateOptions, sliceBytes: number, issueSink?: (issue: Issue) => void, countsOnly?: SitemapValidator['countsOnly'], locIdentities?: LocIdentities): Generator<(SitemapUrl | SitemapIndexEntry)[], ValidateResult, undefined> {
  const arriving = isArrivingInput(input) ? input : undefined;
  let arrivedBytes = 0;
  const checked = readOptions(options);
  const validator = new SitemapValidator(checked);
  if (issueSink) validator.sink = issueSink;
  validator.countsOnly = countsOnly;
  const profileIndex = checked.profile === 'xsd' ? 1 : 0;

  let prepared: PreparedInput | undefined;
  const finish = (issues: Issue[]): ValidateResult => {
    issues.sort(byDocumentOrder);
    const size = arriving ? arrivedBytes : inputSize(input as SitemapInput);
    return {
      valid: !issues.some((issue) => issue.severity === 'error'),
      kind: validator.kind,
      issues,
      stats: arriving ? { ...validator.stats(prepared, size), uncompressedBytes: size } : validator.stats(prepared, size < 0 ? (prepared?.bytes.length ?? 0) : size),
    };
  };

  const door = openDocumentForReport(arriving ? arriving.head : input as SitemapInput, checked.maxBytes);
  prepared = door.opened;
  if (door.refused !== undefined || door.opened === undefined) return finish(door.refused ?? []);
  const opened = door.opened;
  const bytes = opened.bytes;

  // Entries are rarely shorter than 100 bytes; past the protocol's 50,000 the table grows as needed.
  validator.reserveEntries(Math.min(Math.ceil(Math.max(bytes.length, arriving?.expectedBytes ?? 0) / 100), LIMITS.maxUrlsPerSitemap));
  const parser = createObservedParser({ recover: true, maxBytes: Infinity }, validator, sliceBytes > 0, true);
  if (locIdentities) trackLocIdentities(parser, locIdentities, false);
  const issues: Issue[] = [];
  for (const issue of opened.issues) {
    issue.severity = parserIssueSeverity(issue, profileIndex, validator) ?? issue.severity;
    issues.push(issue);
  }
  let finished = false;
  /** Where an arriving document crossed the 50 MB limit (its bytes are gone by the end). */
  let tooLargeAt: [number, number] | undefined;
  let stoppedEarly = true; // the caller stopped the steps at a yield: give the core back
  try {
    if (arriving) {
      for (let piece: Uint8Array | null | undefined = bytes; piece !== null; piece = arriving.take()) {
        if (piece === undefined) { yield NEEDS_INPUT; continue; }
        const mark = LIMITS.maxSitemapBytes - arrivedBytes; // where the 50 MB limit is in this piece
        arrivedBytes += piece.length;
        if (mark >= 0 && mark < piece.length) {
          // Its line and column, which the end needs once these bytes are gone: asked of the core
          // once the bytes before it are in (xml-reader.ts positionAfterPushed), given the byte at it
          // (a CR just before is a break unless that is its LF). The same as positionOfByte on the whole.
          yield* pushPiece(parser, piece.subarray(0, mark), sliceBytes);
          tooLargeAt = positionAfterPushed(xmlReaderOf(parser), piece[mark]!);
          piece = piece.subarray(mark);
        }
        yield* pushPiece(parser, piece, sliceBytes);
      }
      parser.push(new Uint8Array(0), true);
      const entries = parser.takeEntries();
      if (entries.length > 0) yield entries;
    } else if (sliceBytes > 0) {
      for (let at = 0; at < bytes.length; at += sliceBytes) {
        const end = Math.min(bytes.length, at + sliceBytes);
        parser.push(bytes.subarray(at, end), end === bytes.length);
        const entries = parser.takeEntries();
        if (entries.length > 0) yield entries;
      }
    } else {
      parser.push(bytes, true);
    }
    finished = true;
    stoppedEarly = false;
  } catch (error) {
    if (!(error instanceof SitemapError)) throw error;
    stoppedEarly = false;
    // A root that is not a sitemap (HTML, RSS, …) stops the walk: one issue says what it is.
    issues.push(error.toIssue('error', true));
  } finally {
    if (stoppedEarly) parser.abort();
  }
  const parserIssues = finished ? parser.result().issues : parser.issues;
  for (const issue of parserIssues) {
    const severity = parserIssueSeverity(issue, profileIndex, validator);
    if (severity === null) continue;
    issue.severity = severity;
    issues.push(issue);
  }
  // A declared encoding: input.ts read it from bytes (its issue has no position yet); a string's declaration is checked here.
  const declared = validator.declaredEncoding;
  for (const issue of issues) {
    if (issue.code === 'INPUT_ENCODING' && issue.line === 0) { issue.line = validator.encodingLine || 1; issue.column = validator.encodingColumn || 1; }
  }
  if (typeof input === 'string' && declared !== undefined && !UTF8_LABELS.has(declared.toLowerCase())) {
    validator.addAt('INPUT_ENCODING', validator.severity('protocolOnly'), `The document declares encoding "${declared}"; sitemaps must be UTF-8`, validator.encodingLine, validator.encodingColumn, '', declared);
  }
  if (validator.kind !== undefined && validator.entries === 0 && finished) {
    validator.addAt('SITEMAP_EMPTY', 'error', `Empty sitemap: <${validator.rootName()}> has no ${validator.kind === 'urlset' ? '<url>' : '<sitemap>'} entries`, validator.rootLine, validator.rootColumn, validator.rootName());
  }
  const documentBytes = arriving ? arrivedBytes : bytes.length;
  if (documentBytes > LIMITS.maxSitemapBytes) {
    const [line, column] = tooLargeAt ?? positionOfByte(bytes, LIMITS.maxSitemapBytes);
    validator.addAt('SITEMAP_TOO_LARGE', validator.severity('protocolOnly'), `The file is ${documentBytes.toLocaleString('en-US')} bytes uncompressed; the limit is 52,428,800 (50 MB). This is where the limit is crossed`, line, column, '');
  }
  try {
    if (finished) validator.finishExtensions();
  } finally {
    parser.abort(); // gives back the core instance it held for finishExtensions (holdCoreAtEnd)
  }
  for (const issue of validator.issues) issues.push(issue);
  return finish(issues);
}
