// What the walk (src/site/crawl-walk.ts) keeps about each file it reads: its issues (the first
// maxIssuesPerSitemap kept, every one counted, site-level rules capped per code), its entries read a slice of the
// document at a time, and its lastmod range (W3C Datetime, SPEC.md §1).

import type { CrawledEntry, CrawledSitemap } from './crawl-types';
import { datetimeValue } from './crawl-rules';
import { daysFromCivil, type DatetimeGrammar } from '../values/datetime';
import { declaredEncoding, firstByteToDecode, utf16ByteOrder } from '../input/input';
import { parse, SitemapParser, trackLocIdentities } from '../read/parse';
import { setUrlMaker } from '../read/staged-entries';
import type { LocIdentities } from '../read/loc-identities';
import type { Issue, IssueCode, IssueSeverity, ParseResult, SitemapIndexEntry, SitemapUrl } from '../model/types';
import { isGzip } from '../input/gzip';
import { SitemapError } from '../model/errors';
import { otherCharset } from './crawl-fetch';
import { byDocumentOrder, NEEDS_INPUT, type ArrivingInput } from '../check/validate';

/**
 * The slice of a document parsed (or validated) at a time for its entries: about 350 entries a
 * step. The entries of a step are alive together until the walk has handed them on, and fewer of
 * them at once survive fewer of V8's scavenges: 256 KiB (a whole arriving piece) made the
 * 200-sitemap walk's RSS growth 164–166 MB against 145–152 with this, 8 KiB no better, the speed
 * the same within the noise (bench/README.md, Crawl, round 12).
 */
export const ENTRY_SLICE_BYTES = 32_768;

/** The final URL of the file whose entries makeCrawledUrl makes (makeEntriesOf). */
let sitemapOfEntries = '';
/** makeCrawledUrl's shapes with a priority were given a priority of null once (makeEntriesOf). */
let primed = false;

/**
 * src/read/staged-entries.ts makeUrl for the crawl: the same literals, with the entry's `sitemap`
 * last (as CrawledEntry has it), so that the walk does not add it to a finished entry.
 */
function makeCrawledUrl(loc: string, lastmod: string | undefined, changefreq: string | undefined, priority: number | undefined): CrawledEntry {
  const sitemap = sitemapOfEntries;
  const mask = (lastmod === undefined ? 0 : 1) | (changefreq === undefined ? 0 : 2) | (priority === undefined ? 0 : 4);
  switch (mask) {
    case 0: return { loc, sitemap };
    case 1: return { loc, lastmod: lastmod!, sitemap };
    case 2: return { loc, changefreq: changefreq!, sitemap };
    case 3: return { loc, lastmod: lastmod!, changefreq: changefreq!, sitemap };
    case 4: return { loc, priority: priority!, sitemap };
    case 5: return { loc, lastmod: lastmod!, priority: priority!, sitemap };
    case 6: return { loc, changefreq: changefreq!, priority: priority!, sitemap };
    default: return { loc, lastmod: lastmod!, changefreq: changefreq!, priority: priority!, sitemap };
  }
}

/**
 * Url entries built from here on carry `sitemap` (a file's final URL) from their making;
 * undefined: entries as parse() makes them again. The walk puts it in around each step of a
 * file's reading and takes it out before anything else runs (parse() in the caller's loop).
 *
 * @example
 * makeEntriesOf(record.finalUrl); step = steps.next(); makeEntriesOf(undefined);
 */
export function makeEntriesOf(sitemap: string | undefined): void {
  if (!primed) {
    primed = true;
    // As staged-entries.ts SHARED_PRIORITIES does for makeUrl: a priority field that has held
    // null holds references, so a shared priority number is not boxed again for each entry.
    for (let mask = 0; mask < 4; mask++) makeCrawledUrl('', mask & 1 ? '' : undefined, mask & 2 ? '' : undefined, null as unknown as number);
  }
  sitemapOfEntries = sitemap ?? '';
  setUrlMaker(sitemap === undefined ? undefined : makeCrawledUrl);
}

/**
 * The earliest and latest valid `<lastmod>` seen, as written, ordered as validate orders them
 * (datetimeValue): a crawl that does not validate gives the range a validating one does.
 *
 * @example
 * const range = new LastmodRange('w3c');
 * for (const url of urls) range.add(url.lastmod);
 * range.value(); // { min: '2023-01-01', max: '2024-05-01' }
 */
export class LastmodRange {
  #min: string | undefined;
  #max: string | undefined;
  #minValue = Infinity;
  #maxValue = -Infinity;
  #last: string | undefined;
  /** Days (since 1970-01-01) a value's date may be on and not be read: it cannot move the range. */
  #insideFrom = Infinity;
  #insideTo = -Infinity;
  readonly #grammar: DatetimeGrammar;
  /** `grammar`: the profile's (xsd:date and xsd:dateTime for xsd, W3C Datetime for google). */
  constructor(grammar: DatetimeGrammar) {
    this.#grammar = grammar;
  }
  add(lastmod: string | undefined): void {
    if (lastmod === undefined) return;
    // A value written YYYY-MM-DD… is an instant from a day before that date's midnight UTC to two
    // days after it (a zone moves it by less than a day, hour 24 by one): on a day that far inside
    // the range (from two days after the earliest's date in UTC to two days before the latest's),
    // it is neither a new earliest nor a new latest, valid or not. Once a file's first entries have
    // set the range, most values are only looked at this far (without validating, datetimeValue
    // was 78 of the crawl's 1,280 ms, bench/README.md, Crawl, round 7). This test comes first: the
    // compare with the last value read, before it, compared the characters of two different
    // strings of one length up to where they differ, a time's digits (bench/README.md, Crawl, round 10).
    const day = dayOfDatePrefix(lastmod);
    if (day >= this.#insideFrom && day <= this.#insideTo) return;
    // Neighbouring entries often share a date: the same string changes nothing.
    if (lastmod === this.#last) return;
    this.#last = lastmod;
    const value = datetimeValue(lastmod, this.#grammar); // NaN (not a valid datetime) is neither
    if (!(value < this.#minValue || value > this.#maxValue)) return;
    if (value < this.#minValue) { this.#minValue = value; this.#min = lastmod; }
    if (value > this.#maxValue) { this.#maxValue = value; this.#max = lastmod; }
    this.#insideFrom = Math.floor(this.#minValue / DAY_MS) + 2;
    this.#insideTo = Math.floor(this.#maxValue / DAY_MS) - 2;
  }
  value(): { min: string; max: string } | undefined {
    return this.#min === undefined ? undefined : { min: this.#min, max: this.#max! };
  }
}

const DAY_MS = 86_400_000;

/**
 * The day number (daysFromCivil) of the date a value starts with, YYYY-MM-DD; NaN when it has no
 * "-" at 4 and 7 or is shorter. Digits are not checked: where they are not digits the value is not
 * valid, and LastmodRange may skip it or read it alike.
 */
function dayOfDatePrefix(value: string): number {
  // The digits' code points less 48 each, folded into constants; no arrow for them (a context and
  // a closure per value where it was not inlined).
  return value.charCodeAt(4) === 45 && value.charCodeAt(7) === 45
    ? daysFromCivil(value.charCodeAt(0) * 1000 + value.charCodeAt(1) * 100 + value.charCodeAt(2) * 10 + value.charCodeAt(3) - 53_328, value.charCodeAt(5) * 10 + value.charCodeAt(6) - 528, value.charCodeAt(8) * 10 + value.charCodeAt(9) - 528)
    : NaN;
}

/**
 * A sitemap's entries, a slice of the document at a time, so that no more than one slice's
 * entries are held: how the crawl reads a file it does not validate (validating, it reads the
 * entries from validationSteps, in the same walk). A document that must
 * be transcoded first (UTF-16, a declared encoding other than UTF-8) goes through parse(), which
 * does that. Recover mode: issues are validate's business, and entries are read past errors; what
 * stops even recover mode (an encoding the runtime cannot decode, a root that is no sitemap) ends
 * the entries and goes to `onStop`, so that a walk without validate can say why a file has none.
 *
 * @example
 * for (const batch of entriesOf(bytes, undefined, (error) => issues.push(error.toIssue()))) for (const entry of batch) console.log(entry.loc);
 *
 * With `identities`, the core gives each whole entry's loc identity there, by entry number
 * (trackLocIdentities; a transcoded document gets none: its entries' identities are made from
 * their strings).
 */
export function* entriesOf(input: Uint8Array | ArrivingInput, identities?: LocIdentities, onStop: (error: SitemapError) => void = () => {}): Generator<(SitemapUrl | SitemapIndexEntry)[]> {
  if (!(input instanceof Uint8Array)) {
    yield* arrivingEntriesOf(input, identities, onStop);
    return;
  }
  const bytes = input;
  const declared = declaredEncoding(bytes);
  let result: ParseResult | undefined;
  try {
    // A declared encoding this runtime cannot decode throws here, as parse() would.
    if (utf16ByteOrder(bytes) || (declared !== undefined && firstByteToDecode(bytes, declared.toLowerCase()) >= 0)) result = parse(bytes, { recover: true, maxBytes: Infinity });
  } catch (error) {
    if (error instanceof SitemapError) return onStop(error); // what stops even recover mode: an encoding it cannot decode, a root that is no sitemap
    throw error;
  }
  if (result) {
    yield result.kind === 'urlset' ? result.urls : result.sitemaps;
    return;
  }
  // Held whole: read as a body that has all arrived (one code path for both).
  yield* arrivingEntriesOf({ arriving: true, head: bytes, expectedBytes: 0, take: () => null }, identities, onStop);
}

/** entriesOf for a body that arrives in pieces (UTF-8 as sent): NEEDS_INPUT when none has arrived yet. */
function* arrivingEntriesOf(input: ArrivingInput, identities: LocIdentities | undefined, onStop: (error: SitemapError) => void): Generator<(SitemapUrl | SitemapIndexEntry)[]> {
  const parser = new SitemapParser({ recover: true, maxBytes: Infinity });
  if (identities) trackLocIdentities(parser, identities, true);
  try {
    for (let piece: Uint8Array | null | undefined = input.head; piece !== null; piece = input.take()) {
      if (piece === undefined) { yield NEEDS_INPUT; continue; }
      for (let at = 0; at < piece.length; at += ENTRY_SLICE_BYTES) {
        parser.push(piece.subarray(at, Math.min(piece.length, at + ENTRY_SLICE_BYTES)), false);
        yield parser.takeEntries();
      }
    }
    parser.push(new Uint8Array(0), true);
    yield parser.takeEntries();
  } catch (error) {
    // A root that is no sitemap stops the parser even in recover mode.
    if (error instanceof SitemapError) onStop(error);
    else throw error;
  } finally {
    parser.abort();
  }
}

/**
 * Whether a body can be read as it arrives, from its head: UTF-8 as sent (no gzip left, no UTF-16,
 * no other declared encoding, no other charset in Content-Type), which is what the validator and
 * the parser take a piece at a time; the rest is transcoded whole first.
 *
 * @example
 * arrivesAsIs(head, 'application/xml'); // true for a plain UTF-8 sitemap
 */
export function arrivesAsIs(head: Uint8Array, contentType: string): boolean {
  return otherCharset(contentType) === undefined && !isGzip(head) && utf16ByteOrder(head) === undefined && declaredEncoding(head) === undefined;
}

/**
 * Adds issues to a sitemap: every one counted (issueCounts, errors, warnings), the first `kept` (maxIssuesPerSitemap) kept.
 *
 * @example
 * addIssues(record, validate(bytes).issues, 100);
 */
export function addIssues(record: CrawledSitemap, issues: readonly Issue<IssueCode>[], kept: number): void {
  for (const issue of issues) addIssue(record, issue, kept);
}

/**
 * Adds one issue to a sitemap (see addIssues).
 *
 * @example
 * addIssue(parent, crawlIssue('CRAWL_CHILD_FAILED', 'error', 'The sitemap it lists failed', child.url), 100);
 */
export function addIssue(record: CrawledSitemap, issue: Issue<IssueCode>, kept: number): void {
  record.issueCounts[issue.code] = (record.issueCounts[issue.code] ?? 0) + 1;
  if (issue.severity === 'error') record.errors++;
  else record.warnings++;
  if (record.issues.length < kept) record.issues.push(keptIssue(issue));
}

/** Where FirstIssues, HeldIssues and RuleIssues count what they take (addIssue with nothing kept), for addCounts once the file is done. */
const issueTally = (): CrawledSitemap => ({ issueCounts: {}, errors: 0, warnings: 0, issues: [] }) as unknown as CrawledSitemap;

/**
 * A file's issues as the validator finds them (validationSteps' issueSink): each counted, and only
 * the first `kept` in document order held, instead of all of them to the end of the file (a file
 * of 50,000 entries with a bad loc each made 50,000 issue objects that outlived the young
 * generation: about 40 MB of the walk's memory). The record gets the same issues, counts and order
 * as addIssues(record, sorted issues, kept) would give it, once the file is done: a file that fails
 * half-way gets none of them.
 *
 * How: an unsorted buffer of at most 2 × `kept`; when full, sorted by document order (stably, so
 * that issues at the same position keep the order they came in) and cut to `kept`. Whatever is cut
 * has `kept` issues before it, so it cannot be among the first `kept` of the whole file. Nor can
 * an issue found later at or after the position of the last one kept by a cut (at the same
 * position it would come after it): `countsOnly` counts those when the validator asks, and it
 * does not make their message, path and object (most of the 7,000 a file on the bench site).
 *
 * @example
 * const first = new FirstIssues(100);
 * const steps = validationSteps(input, { location }, ENTRY_SLICE_BYTES, first.add, first.countsOnly);
 * // … drain steps, then:
 * first.finish(record, result.issues);
 */
export class FirstIssues {
  /** Not an ES private field (#): test/crawl-records.test.ts reads how many it holds. */
  private held: Issue<IssueCode>[] = [];
  /** The counts of what it took (as addIssue keeps them), added to the record once the file is done. */
  readonly #taken = issueTally();
  /** The last issue kept by the latest cut: nothing found at or after its position is kept (none before a cut). */
  #last: Issue<IssueCode> | undefined;

  readonly #kept: number;

  constructor(kept: number) {
    this.#kept = kept;
  }

  /** Takes one issue (bound: hand it to validationSteps as it is). */
  readonly add = (issue: Issue<IssueCode>): void => {
    addIssue(this.#taken, issue, 0);
    if (this.held.length >= this.#kept * 2) {
      this.held.sort(byDocumentOrder);
      this.held.length = this.#kept;
      this.#last = this.held[this.#kept - 1];
    }
    this.held.push(issue);
  };

  /**
   * True when an issue at this position cannot be among the first `kept` (it is counted then, as
   * add() counts it, and is not to be made); false when it may be: add() it (bound, as add).
   */
  readonly countsOnly = (code: IssueCode, severity: IssueSeverity, line: number, column: number): boolean => {
    if (this.#last === undefined || byDocumentOrder({ line, column }, this.#last) < 0) return false;
    addIssue(this.#taken, { code, severity } as Issue<IssueCode>, 0);
    return true;
  };

  /**
   * Adds to `record` what it took and `others` (the rest of the file's issues, which come before
   * the taken ones at the same position, as validate() orders them): all counted, the first
   * `kept` kept.
   */
  finish(record: CrawledSitemap, others: readonly Issue<IssueCode>[]): void {
    addIssues(record, others, 0);
    addCounts(record, this.#taken);
    for (const issue of others.concat(this.held).sort(byDocumentOrder)) {
      if (record.issues.length >= this.#kept) break;
      record.issues.push(keptIssue(issue));
    }
  }
}

/**
 * A text sitemap's or a feed's issues as it is read as it arrives (TextSitemapLines, ArrivingFeed):
 * each counted and the first `kept` held in the order they come, but a text sitemap's
 * INPUT_ENCODING (`addFirst`) before them, as parseTextSitemap orders a whole file's; the record
 * gets them once the file has been read
 * (`finish`), so that a file that fails half-way gets none, as with FirstIssues.
 *
 * @example
 * const held = new HeldIssues(100);
 * const lines = new TextSitemapLines(held.add, held.addFirst);
 * // … push the file's pieces, then:
 * held.finish(record);
 */
export class HeldIssues {
  readonly #held: Issue<IssueCode>[] = [];
  #first: Issue<IssueCode> | undefined;
  /** The counts, as addIssue keeps them, added to the record by finish(). */
  readonly #taken = issueTally();
  readonly #kept: number;

  constructor(kept: number) {
    this.#kept = kept;
  }

  /** Takes one issue, in the order found (bound). */
  readonly add = (issue: Issue<IssueCode>): void => {
    addIssue(this.#taken, issue, 0);
    if (this.#held.length < this.#kept) this.#held.push(keptIssue(issue));
  };

  /** Takes the one issue that goes before all the others, whenever it is found (bound). */
  readonly addFirst = (issue: Issue<IssueCode>): void => {
    this.#first = keptIssue(issue);
  };

  /** Adds to `record` what it took: all counted (the first issue's code first, as in `issueCounts` of a whole file), the first `kept` kept. */
  finish(record: CrawledSitemap): void {
    if (this.#first) addIssue(record, this.#first, 0);
    addCounts(record, this.#taken);
    for (const issue of this.#first ? [this.#first, ...this.#held] : this.#held) {
      if (record.issues.length >= this.#kept) break;
      record.issues.push(issue);
    }
  }
}

/** Adds the issue counts that addIssue kept in `taken` (FirstIssues', HeldIssues') to `record`'s. */
function addCounts(record: CrawledSitemap, taken: CrawledSitemap): void {
  const counts = taken.issueCounts as Record<IssueCode, number>;
  for (const code in counts) record.issueCounts[code as IssueCode] = (record.issueCounts[code as IssueCode] ?? 0) + counts[code as IssueCode];
  record.errors += taken.errors;
  record.warnings += taken.warnings;
}

/**
 * An issue to keep to the end of the walk, copied: a value read from a document is a slice of
 * the string its batch was decoded into, and would keep that whole string alive. Copied through
 * JSON, the copy has every property in the object itself (createIssue adds `value` after its
 * literal, which takes a second, 40-byte object) and its strings flat; the code (a constant) and
 * the message (sharedMessage) are shared. About 360 bytes a kept issue instead of 390
 * (bench/README.md, Crawl, round 9).
 */
function keptIssue(issue: Issue<IssueCode>): Issue<IssueCode> {
  const kept = JSON.parse(JSON.stringify(issue)) as Issue<IssueCode>;
  kept.code = issue.code;
  kept.message = sharedMessage(issue.message);
  return kept;
}

/** Messages kept at most once each (sharedMessage), up to MAX_SHARED_MESSAGES of them. */
let sharedMessages: Map<string, string> | undefined;
/** Enough for every fixed message of every code; a cache that fills is emptied, so it stays small. */
const MAX_SHARED_MESSAGES = 4096;

/**
 * `message` copied (copyString), but one copy for every issue with the same text: most codes'
 * messages do not vary (`<loc> has characters outside ASCII: …`), and a copy each made them 20%
 * of a report's kept issues (1.3 of 6.9 MB on a site of 200 sitemaps with 100 issues each; a walk
 * of 10,000 such sitemaps keeps a million issues). The cache holds only copies, never a string
 * of a document, and lives across walks: what it keeps is bounded by MAX_SHARED_MESSAGES.
 */
function sharedMessage(message: string): string {
  sharedMessages ??= new Map();
  let copy = sharedMessages.get(message);
  if (copy === undefined) {
    copy = copyString(message);
    if (sharedMessages.size >= MAX_SHARED_MESSAGES) sharedMessages.clear();
    sharedMessages.set(copy, copy);
  }
  return copy;
}

/** A string with no tie to the one it was sliced from (engines keep a slice as a view of its parent). */
function copyString(text: string): string {
  return text.length === 0 ? '' : JSON.parse(JSON.stringify(text)) as string;
}

/**
 * The site-level issues of one file (a page listed in another sitemap, a page robots.txt disallows,
 * a robots.txt's Sitemap line it cannot take): every one counted, only the first `kept` (the file's
 * maxIssuesPerSitemap, all a record keeps) made and held. The walk asks `countsOnly` before it makes
 * one, so a file whose 50,000 pages are all listed elsewhere makes 100 issues, not 50,000, and its
 * record counts 50,000 (it had counted 101: the first 100 of each code and one issue saying how
 * many more, whose count issueCounts, errors and warnings did not see).
 *
 * @example
 * const rules = new RuleIssues(100);
 * if (!rules.countsOnly('CRAWL_DUPLICATE_URL', 'warning')) rules.issues.push(crawlIssue('CRAWL_DUPLICATE_URL', 'warning', 'Listed twice', loc));
 * rules.finish(record);
 */
export class RuleIssues {
  /** The issues made, in the order found (also pushed to directly: a robots.txt's few line issues). */
  readonly issues: Issue<IssueCode>[] = [];
  /** The counts of the issues counted and not made, as FirstIssues keeps them. */
  readonly #taken = issueTally();
  readonly #kept: number;

  constructor(kept: number) {
    this.#kept = kept;
  }

  /** True when an issue of `code` is only to be counted (as many are held as the record keeps): it is, here. */
  countsOnly(code: IssueCode, severity: Issue['severity']): boolean {
    if (this.issues.length < this.#kept) return false;
    addIssue(this.#taken, { code, severity } as Issue<IssueCode>, 0);
    return true;
  }

  /** Gives the record its issues: those made as addIssues adds them, the others counted. */
  finish(record: CrawledSitemap): void {
    addIssues(record, this.issues, this.#kept);
    addCounts(record, this.#taken);
  }
}
