// Reading sitemaps.org 0.9 `<urlset>` and `<sitemapindex>` documents (SPEC.md §1, §2, §5) from
// the core's token records, driven by the element rules in rules.ts; the extension elements of a
// `<url>` (SPEC.md §3) go to extensions.ts in the same walk.

import { ErrorCode, SitemapError, XML_ERRORS } from '../model/errors';
import { ExtensionReader, type ExtensionItemSource } from './extensions';
import { createIssue, type IssueDetails } from '../model/issue';
import { CHANGEFREQ_VALUES, LEGACY_SITEMAP_NAMESPACES, LIMITS, SITEMAP_NAMESPACE, XHTML_NAMESPACE } from '../model/limits';
import { adviceFor, checkLimitOption, checkOptionsObject, describeValue } from '../input/input';
import { openDocument, readReadingOptions } from '../input/front-door';
import { DOCUMENT_RULES, FOREIGN_ROOTS, type DocumentRule } from '../model/rules';
import { bytesToString, cheapAsciiBytes, concatenateBytes, trimXmlSpace } from '../values/text';
import type { Issue, ParseOptions, ParseResult, SitemapIndexEntry, SitemapIndexResult, SitemapInput, SitemapUrl, UrlsetResult } from '../model/types';
import { ENTRY_RECORDS, EntryField, EntryFlag, Field, ReaderFlag, StagedRunField, TOKEN_WORDS, TokenFlag, TokenKind, XmlReader } from '../core/xml-reader';
import { decimalValue } from '../values/xsd-decimal';

/** The details of an issue whose entry is left out of the result (Issue.leftOut). */
const LEFT_OUT: IssueDetails = { leftOut: true };

type Kind = 'urlset' | 'sitemapindex';

// Field slots: where a field's value goes while its entry is open.
export const SLOT_LOC = 0;
export const SLOT_LASTMOD = 1;
export const SLOT_CHANGEFREQ = 2;
export const SLOT_PRIORITY = 3;
const SLOT_BY_NAME: Record<string, number> = { loc: SLOT_LOC, lastmod: SLOT_LASTMOD, changefreq: SLOT_CHANGEFREQ, priority: SLOT_PRIORITY };
/** The names assembly/entries.ts needs for Entry records, in the order it takes them (fields in slot order). */
const ENTRY_RECORD_NAMES = ['urlset', 'url', 'sitemapindex', 'sitemap', 'loc', 'lastmod', 'changefreq', 'priority'] as const;
/** The names of an Alternate record, in the order assembly/entries.ts takes them. */
const ALTERNATE_RECORD_NAMES = [XHTML_NAMESPACE, 'link', 'rel', 'hreflang', 'href'] as const;

const UTF8_BOM = [0xef, 0xbb, 0xbf];


/**
 * Words per staged entry (SitemapParser.stageEntry; the core writes the same for the entries it
 * stages, assembly/entries.ts stageEntry): loc start, end; lastmod start, end; changefreq code.
 */
const STAGED_WORDS = 5;
/** Entries presizeEntries makes room for at most (2^21: 16 MB of array); above, push grows it. */
const MAX_PRESIZED_ENTRIES = 1 << 21;
/** SitemapParser.documentNamespace once a later root started: no interned id (0: none, -1: an unbound prefix) is it. */
const LATER_ROOT = -2;
/** A staged entry's field that is absent. */
const NO_VALUE = -1;
/** A staged start or code at or below ASIDE: the value was made into a string at once, stagedAside[ASIDE - word]. */
const ASIDE = -2;
/**
 * Slots of a parser's cache of date-only lastmods (SitemapParser.stagedDate): a direct-mapped
 * table by day, so ten years of days fit with few collisions.
 */
const DATE_CACHE_SLOTS = 4096;
const CHANGEFREQ_CONSTANTS = new Map<string, string>(CHANGEFREQ_VALUES.map((value) => [value, value]));

export interface SitemapParserOptions extends ParseOptions {
  /** Demand this kind: another root throws SITEMAP_WRONG_KIND. Any other value is INPUT_INVALID_OPTION. */
  kind?: Kind;
}

/**
 * The `kind` option: undefined, 'urlset' or 'sitemapindex'. Checked, not trusted: an unchecked
 * 'sitemap' demanded an index and then refused one ("expected <sitemapindex>, found <sitemapindex>").
 *
 * @example
 * const expectedKind = checkKindOption(options.kind);
 */
export function checkKindOption(value: unknown): Kind | undefined {
  if (value === undefined || value === 'urlset' || value === 'sitemapindex') return value;
  throw new SitemapError('INPUT_INVALID_OPTION', `kind must be "urlset" (a sitemap) or "sitemapindex" (a sitemap index), or left out for either; got ${describeValue(value)}`);
}

/**
 * Called during the parser's walk, after the parser has handled each event itself. `r` is the
 * word index of the token record in `reader.words` (read `Field.*` from it, during the call
 * only); depths count from 0 at the root. Without an observer the walk pays one null check per
 * event.
 */
export interface SitemapParserObserver {
  /** The root was recognised; `fieldSlotById` maps a local-name id to a field slot (or -1). */
  root(kind: Kind, rule: DocumentRule, namespaceId: number, entryId: number, fieldSlotById: Int8Array, reader: XmlReader, r: number): void;
  /** Every start tag, the root included (depth 0). */
  startElement(reader: XmlReader, r: number, depth: number): void;
  /** Every end tag (also the implied ones of recovery); `depth` is that of the element. */
  endElement(reader: XmlReader, r: number, depth: number): void;
  /** A text run (whitespace-only runs are not reported); `depth` is that of its element. */
  text(reader: XmlReader, r: number, depth: number): void;
  /** An attribute of the element just started at `depth` (-1: of the XML declaration). */
  attribute(reader: XmlReader, r: number, depth: number): void;
  /** A field element ended: its slot, trimmed value and raw text (all of them, duplicates too). */
  field(slot: number, value: string, raw: string, line: number, column: number): void;
  /** An entry ended and counts (`index` 0-based); its values came through `field`. */
  entry(index: number): void;
  /**
   * A whole entry (Entry, EntryMore and EntryScan records from `r`: see assembly/entries.ts),
   * instead of its start, field, text and end events; `entry` follows. Without this method the
   * parser asks the core for every record.
   */
  wholeEntry?(reader: XmlReader, r: number): void;
  /**
   * An extension element of a `<url>` was read (image, video, news, alternate, or an unknown one),
   * with the position and raw text of everything in it; called before `entry` for its `<url>`.
   */
  extension?(item: ExtensionItemSource): void;
}

/**
 * A push parser: feed it UTF-8 XML in chunks of any size (a chunk may end anywhere, even inside
 * a tag or a UTF-8 sequence), then read `result()`. `parse()` is this with one chunk; the
 * stream API is built on it. It does not unzip or transcode: `parse()` does that first.
 *
 * @example
 * const parser = new SitemapParser();
 * for (const chunk of chunks) parser.push(chunk);
 * parser.push(new Uint8Array(0), true);
 * const { urls } = parser.result() as UrlsetResult;
 */
export class SitemapParser {
  readonly issues: Issue[] = [];
  private readonly reader: XmlReader;
  private readonly recover: boolean;
  private readonly maxBytes: number;
  private readonly expectedKind: Kind | undefined;
  private kind: Kind | undefined;
  private entries: (SitemapUrl | SitemapIndexEntry)[] = [];
  /**
   * While `entries` is longer than what it holds (presizeEntries), how many it holds; -1 when its
   * length is its count (flushEntries makes it so before anyone else uses it).
   */
  private entriesHeld = -1;
  /** The document's size when it came in one push (parse()): what presizeEntries estimates from. */
  private documentBytes = 0;
  private entriesKept = 0;
  /**
   * Cleared by createObservedParser: validate() reads every value through its observer and
   * returns no entries, so building 50,000 objects it would drop is skipped (less work and
   * garbage: plain-50k.xml validates ~15% faster).
   */
  private keepEntries = true;
  private done = false;
  /** The code of the error push() threw (it read no further), if it threw one; else undefined. */
  private failure: string | undefined = undefined;
  /** Set by abort() (which also sets done). */
  private aborted = false;
  /** Set only by createObservedParser (validate): kept out of the public options and types. */
  private readonly observer: SitemapParserObserver | null;
  /** The extension elements of the open `<url>`. */
  private readonly extensionReader: ExtensionReader;

  // Element state.
  private depth = 0;
  private readonly path: number[] = []; // local-name id per depth (for issue paths)
  /**
   * The path down to each depth, kept while the elements above it stay the same (pathString), so
   * that a run of issues deep in a document does not build a path of hundreds of names each time:
   * fuzz seed 20261129 input 9559, 998 XML_TOO_DEEP issues 512 levels down in 6.6 KB, took
   * 0.25–1.7 s in parse and validate, most of it collecting the garbage of those paths.
   */
  private readonly pathKeys: number[] = [];
  private readonly pathTexts: string[] = [];
  /** The records being read are an XML declaration's (its XmlDecl record, then its pseudo-attributes). */
  private inDeclaration = false;
  private documentNamespace = 0;
  private entryId = -1;
  /** Local-name id -> field slot, for the chosen rule; -1 for other names. */
  private slotById: Int8Array = new Int8Array(0);
  private entryDepth = -1;
  private entryCount = 0;
  private fieldSlot = -1;
  private fieldDepth = -1;
  private fieldText = '';
  private fieldLine = 0;
  private fieldColumn = 0;
  private bomChecked = false;
  private head: Uint8Array | null = null;
  // The open entry's fields.
  private loc: string | undefined;
  private lastmod: string | undefined;
  private changefreq: string | undefined;
  private priority: string | undefined;
  private entryLine = 0;
  /** entryPath's text, and the entry (entryCount, entryDepth) it is for. */
  private entryPathText = '';
  private entryPathNumber = -1;
  private entryPathDepth = -2;
  private priorityLine = 0;
  private priorityColumn = 0;
  private entryColumn = 0;
  // Whole entries not built yet (stageEntry). Their ASCII values stay in the core's arena, which
  // keeps them while later batches append theirs (XmlReader.keepArena); they are built together
  // from one string once `stageBytes` of values are gathered, or when entries are read.
  private readonly stageBytes = cheapAsciiBytes();
  /**
   * Off once an entry is read record by record (an extension, a comment…): in such documents
   * staging would decode each batch's values twice, for little gain (mixed-50k.xml: 10% slower).
   */
  private staging = this.stageBytes > 0;
  /** STAGED_WORDS per staged entry: arena offsets (a changefreq's code), NO_VALUE, or ASIDE - index in stagedAside. */
  private stagedWords = new Int32Array(0);
  /** Per staged entry: its priority, NaN for none. */
  private stagedPriorities = new Float64Array(0);
  private stagedCount = 0;
  /** Where the values of the staged entries end in the arena. */
  private stagedEnd = 0;
  /** Values of staged entries made into strings at once (non-ASCII, unknown changefreq). */
  private readonly stagedAside: string[] = [];
  /**
   * Date-only lastmods already made (stagedDate), by day; null until the first. A site's dates
   * repeat (3,811 distinct days among 19,233 in plain-50k.xml), and each string not made is
   * young-generation memory the next scavenge would copy.
   */
  private dateKeys: Int32Array | null = null;
  private dateStrings: string[] | null = null;

  constructor(options: SitemapParserOptions = {}) {
    options = checkOptionsObject(options, 'SitemapParser options (SitemapParserOptions)');
    this.recover = options.recover === true;
    this.maxBytes = checkLimitOption(options.maxBytes, 'maxBytes', LIMITS.defaultMaxInputBytes);
    this.expectedKind = checkKindOption(options.kind);
    this.observer = null;
    this.extensionReader = new ExtensionReader({ issues: this.issues, entryPath: () => this.entryPath(), entryNumber: () => this.entryNumber() });
    // Whitespace-only element content is kept for unknown extensions (`<x> </x>` holds " ").
    this.reader = new XmlReader(this.onBatch, ReaderFlag.KeepLeafWhitespace | (this.recover ? 0 : ReaderFlag.StopAtFirstError));
    // Simple entries arrive as one record group each (~40% less parse time on plain-50k.xml);
    // createObservedParser keeps them only for an observer that reads whole entries (validate).
    // Plain hreflang links arrive as one Alternate record each (off for an observer).
    this.reader.collapseEntries(ENTRY_RECORD_NAMES);
    this.reader.collapseAlternates(ALTERNATE_RECORD_NAMES);
    if (this.staging) this.reader.stageEntries(true);
  }

  /**
   * Feeds the next bytes of the document; `final` says they are the last. Bytes only (an
   * ArrayBuffer or another view is read as its bytes; a string is INPUT_TYPE: encode it, or hand
   * it to parse() or parseStream()); nothing after the final push, an abort() or an error this
   * parser threw (INPUT_TYPE, saying what to do instead).
   */
  push(chunk: Uint8Array, final = false): void {
    if (this.done || this.failure !== undefined) throw this.afterEnd('push()');
    if (!(chunk instanceof Uint8Array)) chunk = chunkBytes(chunk);
    try {
      this.read(chunk, final);
    } catch (error) {
      this.failure = error instanceof SitemapError ? error.code : 'an error';
      throw error;
    }
  }

  private read(chunk: Uint8Array, final: boolean): void {
    if (!this.bomChecked) {
      // Skip a UTF-8 byte-order mark, even one split over the first chunks: hold the first
      // bytes back until they can be told apart from one.
      const head = this.head === null ? chunk : concatenateBytes([this.head, chunk]);
      if (head.length < 3 && !final && UTF8_BOM.slice(0, head.length).every((byte, i) => head[i] === byte)) {
        this.head = head;
        return;
      }
      this.bomChecked = true;
      this.head = null;
      chunk = head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head;
    }
    if (final && this.reader.bytesRead === 0 && this.staging) this.documentBytes = chunk.length;
    if (this.reader.bytesRead + chunk.length > this.maxBytes) {
      this.reader.release();
      throw new SitemapError('INPUT_TOO_LARGE', `The input is over the maxBytes limit of ${this.maxBytes.toLocaleString('en-US')} bytes`, { offset: this.maxBytes });
    }
    try {
      this.reader.push(chunk, final);
    } catch (error) {
      this.reader.release();
      throw error;
    }
    if (final) {
      // The reader gave its core back at the end of the document: build from its arena before
      // anything else can use the core.
      this.buildStaged();
      this.done = true;
    }
  }

  /**
   * Hands over the entries completed since the last call and forgets them: a stream drains them
   * after every push, so no more than one chunk's entries are ever held. `result()` then holds
   * only the entries not taken.
   *
   * @example
   * parser.push(chunk);
   * for (const entry of parser.takeEntries()) console.log(entry.loc);
   */
  takeEntries(): (SitemapUrl | SitemapIndexEntry)[] {
    this.flushEntries();
    return this.entries.splice(0);
  }

  /** The root's kind once the root element has been read (undefined before). */
  get documentKind(): Kind | undefined {
    return this.kind;
  }

  /**
   * Stops reading before the end (a cancelled stream), or lets go of a core held past the end
   * (createObservedParser's `holdCore`): gives the core instance back. Idempotent.
   */
  abort(): void {
    if (!this.done) this.aborted = true;
    this.done = true;
    this.reader.release();
  }

  /** The INPUT_TYPE error for `call` (push() or result()) when this parser has stopped reading. */
  private afterEnd(call: string): SitemapError {
    const why = this.failure !== undefined
      ? `after push() threw ${this.failure}: the parser stopped there and has no result (read past errors with { recover: true })`
      : this.aborted ? 'after abort(): the parser stopped reading' : 'after the final push: the document is read to its end';
    return new SitemapError('INPUT_TYPE', `${call} ${why}; make a new SitemapParser for another document`, { offset: 0 });
  }

  /**
   * The document read so far; call after the final push (or abort()). Before it, or after push()
   * threw, it throws INPUT_TYPE saying what to do instead.
   */
  result(): ParseResult {
    if (!this.done) {
      if (this.failure !== undefined) throw this.afterEnd('result()');
      throw new SitemapError('INPUT_TYPE', 'result() before the final push: pass the last chunk as push(chunk, true), or call push(new Uint8Array(0), true) when every chunk is in', { offset: 0 });
    }
    this.flushEntries();
    const suppressed = this.reader.suppressedErrors;
    if (suppressed > 0) {
      this.issues.push(createIssue('XML_TOO_MANY_ERRORS', 'error', `${suppressed} more well-formedness errors were found and not listed one by one`, 0, 0, ''));
    }
    const kind = this.kind ?? this.expectedKind ?? 'urlset';
    if (kind === 'urlset') return { kind, urls: this.entries as SitemapUrl[], issues: this.issues } satisfies UrlsetResult;
    return { kind, sitemaps: this.entries as SitemapIndexEntry[], issues: this.issues } satisfies SitemapIndexResult;
  }

  // ------------------------------------------------------------------ the token loop
  private readonly onBatch = (reader: XmlReader, first: number, count: number): void => {
    const words = reader.words;
    const end = first + count * TOKEN_WORDS;
    const observer = this.observer;
    const extensions = this.extensionReader;
    for (let r = first; r < end; r += TOKEN_WORDS) {
      const kindFlags = words[r]!;
      // Attribute records follow their start tag or their XML declaration.
      if ((kindFlags & 0xff) !== TokenKind.Attribute) this.inDeclaration = (kindFlags & 0xff) === TokenKind.XmlDecl;
      switch (kindFlags & 0xff) {
        case TokenKind.StartTag: {
          const local = words[r + Field.Local]!;
          const depth = this.depth++;
          this.path[depth] = local;
          if (this.fieldDepth >= 0 && depth === this.fieldDepth + 1) this.elementInField(reader, r);
          if (depth === 0) this.startRoot(reader, r);
          else if (words[r + Field.Namespace] === this.documentNamespace) {
            if (local === this.entryId) {
              extensions.closeAll(reader); // <url> inside an unclosed extension element: it ends here too
              this.startEntry(words[r + Field.Line]!, words[r + Field.Column]!);
            } else if (extensions.depth >= 0) extensions.start(reader, r, depth);
            else if (depth === this.entryDepth + 1 && local < this.slotById.length && this.slotById[local]! >= 0) {
              this.fieldSlot = this.slotById[local]!;
              this.fieldDepth = depth;
              this.fieldText = '';
              this.fieldLine = words[r + Field.Line]!;
              this.fieldColumn = words[r + Field.Column]!;
            }
          } else if (extensions.depth >= 0) extensions.start(reader, r, depth);
          else if (depth === this.entryDepth + 1 && this.kind === 'urlset') extensions.begin(reader, r, depth, end);
          if (observer !== null) observer.startElement(reader, r, depth);
          break;
        }
        case TokenKind.EndTag: {
          const depth = --this.depth;
          const implied = (kindFlags >> 8 & TokenFlag.Implied) !== 0;
          // Closed by the end of the input (not by an outer end tag): what it holds was cut off.
          const cut = implied && words[r + Field.Start] === reader.endOfInput;
          if (depth === this.fieldDepth) this.endField(cut);
          else if (extensions.depth >= 0 && depth >= extensions.depth) {
            if (cut) extensions.abandonOpen();
            extensions.end(reader, depth);
          } else if (depth === this.entryDepth) this.endEntry(implied, cut);
          if (observer !== null) observer.endElement(reader, r, depth);
          break;
        }
        case TokenKind.Text:
          if ((kindFlags >> 8 & TokenFlag.WhitespaceOnly) === 0) {
            if (this.fieldDepth >= 0 && this.depth === this.fieldDepth + 1) {
              const text = reader.text(words[r + Field.ArenaStart]!, words[r + Field.ArenaEnd]!, kindFlags >> 8);
              this.fieldText = this.fieldText === '' ? text : this.fieldText + text;
            } else if (extensions.depth >= 0) extensions.text(reader, r, this.depth - 1);
            if (observer !== null) observer.text(reader, r, this.depth - 1);
          } else if (extensions.depth >= 0) {
            // `<x> </x>`: white space that is all of an element's content (only extensions keep it).
            extensions.text(reader, r, this.depth - 1);
          }
          break;
        case TokenKind.Error:
          this.xmlError(reader, r);
          break;
        case TokenKind.Attribute:
          // The pseudo-attributes of an XML declaration misplaced inside an element (an error
          // already) are the declaration's, not the element's (found by the fuzzer: they became
          // attributes of an extension element, and validate reported them on the element).
          if (this.inDeclaration && this.depth > 0) break;
          if (extensions.depth >= 0) extensions.attribute(reader, r, this.depth - 1);
          if (observer !== null) observer.attribute(reader, r, this.depth - 1);
          break;
        case TokenKind.Entry:
          this.wholeEntry(reader, r);
          r += (ENTRY_RECORDS - 1) * TOKEN_WORDS; // its EntryMore and EntryScan
          break;
        case TokenKind.EntryHead:
          this.entryHead(reader, r);
          r += (ENTRY_RECORDS - 1) * TOKEN_WORDS;
          break;
        case TokenKind.StagedRun:
          this.stagedRun(reader, r);
          break;
        case TokenKind.Alternate:
          extensions.wholeAlternate(reader, r);
          break;
        default:
          // Attributes, namespace declarations, comments, PIs: nothing a sitemap entry needs.
          break;
      }
    }
    if (this.stagedCount > 0) {
      // Keep this batch's values in the arena for the next, up to a run of stageBytes.
      const length = this.stagedEnd;
      if (!this.staging || length >= this.stageBytes || !reader.keepArena(length)) this.buildStaged();
    }
  };

  private startRoot(reader: XmlReader, r: number): void {
    // A second element at depth 0 is no root to check: the core's XML_MULTIPLE_ROOTS record for
    // it follows. Checked as a root, `<junk/>` after `</urlset>` was "not a sitemap". Nor is
    // anything in it an entry of the first root: no element is in the namespace LATER_ROOT, so
    // none in it starts an entry or a field (a <sitemapindex> after a <urlset> had its <sitemap>s
    // kept as pages), and the walk pays nothing for the check.
    if (this.kind !== undefined) {
      this.documentNamespace = LATER_ROOT;
      return;
    }
    const words = reader.words;
    const local = words[r + Field.Local]!;
    const name = reader.name(local);
    const namespaceId = words[r + Field.Namespace]!;
    const namespace = reader.name(namespaceId);
    const rule = DOCUMENT_RULES.find((candidate) => candidate.root === name);
    const line = words[r + Field.Line]!, column = words[r + Field.Column]!;
    if (!rule) {
      const what = FOREIGN_ROOTS[name] ?? `<${name}>${namespace ? ` in namespace ${namespace}` : ''}`;
      const code: ErrorCode = name === 'html' ? 'SITEMAP_HTML' : 'SITEMAP_NOT_A_SITEMAP';
      throw new SitemapError(code, `Not a sitemap: expected <urlset> or <sitemapindex>, found ${what}`, { line, column, offset: reader.windowOffset + words[r + Field.Start]!, path: name });
    }
    if (this.expectedKind && rule.root !== this.expectedKind) {
      throw new SitemapError('SITEMAP_WRONG_KIND', `Expected a ${this.expectedKind === 'urlset' ? 'sitemap (<urlset>)' : 'sitemap index (<sitemapindex>)'}, found <${rule.root}>`, { line, column, offset: reader.windowOffset + words[r + Field.Start]!, path: name });
    }
    this.kind = rule.root;
    this.documentNamespace = namespaceId;
    this.useRule(reader, rule);
    if (this.observer !== null) this.observer.root(rule.root, rule, namespaceId, this.entryId, this.slotById, reader, r);
    if (namespace !== SITEMAP_NAMESPACE) {
      const expected = `expected xmlns="${SITEMAP_NAMESPACE}"`;
      const message = namespace === ''
        ? `<${name}> declares no namespace; ${expected} (read anyway)`
        : LEGACY_SITEMAP_NAMESPACES.includes(namespace)
          ? `<${name}> uses the legacy or mistyped namespace "${namespace}"; ${expected} (read anyway)`
          : `<${name}> is in the namespace "${namespace}"; ${expected} (read anyway)`;
      this.issues.push(createIssue('SITEMAP_NAMESPACE', 'warning', message, line, column, name, 0, namespace, { expected: SITEMAP_NAMESPACE, received: namespace }));
    }
  }

  private useRule(reader: XmlReader, rule: DocumentRule): void {
    this.entryId = reader.ids.get(rule.entry)!;
    let size = 0;
    for (const field of Object.keys(rule.fields)) size = Math.max(size, reader.ids.get(field)! + 1);
    this.slotById = new Int8Array(size).fill(-1);
    for (const field of Object.keys(rule.fields)) this.slotById[reader.ids.get(field)!] = SLOT_BY_NAME[field]!;
  }

  private startEntry(line: number, column: number): void {
    if (this.entryDepth >= 0) {
      // An entry inside an entry (a missing end tag): the outer one ends here, kept if it has a loc.
      const kept = this.loc !== undefined;
      this.addIssue('SITEMAP_NESTED_ENTRY', 'warning', `<${this.entryName()}> inside another <${this.entryName()}>: the outer one ends here${kept ? '' : ' and, having no <loc>, is left out'}`, line, column, undefined, undefined, kept ? undefined : LEFT_OUT);
      if (kept) this.endEntry(false);
    }
    this.entryDepth = this.depth - 1;
    this.entryCount++;
    this.entryLine = line;
    this.entryColumn = column;
    this.loc = this.lastmod = this.changefreq = this.priority = undefined;
    this.extensionReader.reset();
  }

  /**
   * An element inside `<loc>`, `<lastmod>`, `<changefreq>` or `<priority>` (record `r`): the value
   * is its text only, so the element and what it holds are left out (`<loc><a>…</a></loc>` reads
   * as an empty loc); said, as for an element inside `<image:loc>` (validate reports it itself).
   */
  private elementInField(reader: XmlReader, r: number): void {
    const words = reader.words;
    const prefix = words[r + Field.Prefix]!;
    const name = (prefix > 0 ? reader.name(prefix) + ':' : '') + reader.name(words[r + Field.Local]!);
    const field = Object.keys(SLOT_BY_NAME)[this.fieldSlot]!;
    this.addIssue('SITEMAP_UNEXPECTED_ELEMENT', 'warning', `<${name}> inside <${field}>, which holds text only: it is left out, with what it holds`, words[r + Field.Line]!, words[r + Field.Column]!, undefined, `${field}/${name}`);
  }

  /** The open field ended; `cut`: by the end of the input, so its value is incomplete and left out. */
  private endField(cut = false): void {
    const raw = this.fieldText;
    const value = trimXmlSpace(raw);
    const slot = this.fieldSlot;
    this.fieldSlot = -1;
    this.fieldDepth = -1;
    if (cut) return;
    let previous: string | undefined;
    switch (slot) {
      case SLOT_LOC: previous = this.loc; this.loc ??= value; break;
      case SLOT_LASTMOD: previous = this.lastmod; this.lastmod ??= value; break;
      // The seven values become shared constants: 50,000 copies of "weekly" would live as long as the result.
      case SLOT_CHANGEFREQ: previous = this.changefreq; this.changefreq ??= CHANGEFREQ_CONSTANTS.get(value) ?? value; break;
      default:
        previous = this.priority;
        if (previous === undefined) {
          this.priority = value;
          this.priorityLine = this.fieldLine;
          this.priorityColumn = this.fieldColumn;
        }
        break;
    }
    if (previous !== undefined) {
      const name = Object.keys(SLOT_BY_NAME)[slot]!;
      this.addIssue('SITEMAP_DUPLICATE_FIELD', 'warning', `A second <${name}> in one <${this.entryName()}>: the first one is kept`, this.fieldLine, this.fieldColumn, value, name);
    }
    if (this.observer !== null) this.observer.field(slot, value, raw, this.fieldLine, this.fieldColumn);
  }

  /**
   * The open entry ended: `implied` by an outer end tag or, when `cut`, by the end of the input.
   * Such an entry is kept when its <loc> had ended (crawler-commons and ultimate-sitemap-parser
   * keep it too), with what else had ended before the cut; without one it is left out.
   */
  private endEntry(implied: boolean, cut = false): void {
    // Issues first, while the entry is still open, so their paths name it (urlset/url[3]/…).
    if (implied) {
      const how = cut ? 'was cut off by the end of the document' : 'has no end tag';
      if (this.loc === undefined) {
        this.addIssue('SITEMAP_TRUNCATED_ENTRY', 'warning', `<${this.entryName()}> #${this.entryCount} ${how} and is left out`, this.entryLine, this.entryColumn, undefined, undefined, LEFT_OUT);
        this.extensionReader.reset();
      } else {
        this.addIssue('SITEMAP_TRUNCATED_ENTRY', 'warning', `<${this.entryName()}> #${this.entryCount} ${how}; its <loc> had ended, so it is kept with what else had ended`, this.entryLine, this.entryColumn);
        this.keepEntry();
      }
    } else this.keepEntry();
    this.entryDepth = -1;
    this.fieldDepth = -1;
    this.fieldSlot = -1;
  }

  private keepEntry(): void {
    const loc = this.loc ?? '';
    if (this.loc === undefined) {
      this.addIssue('SITEMAP_MISSING_LOC', 'error', `<${this.entryName()}> has no <loc>; it is kept with an empty loc`, this.entryLine, this.entryColumn);
    }
    if (this.keepEntries) {
      this.flushEntries(); // entries stay in document order
      this.stopStaging();
      const lastmod = this.lastmod;
      if (this.kind === 'sitemapindex') this.entries.push(makeIndexEntry(loc, lastmod));
      else {
        const url = makeUrl(loc, lastmod, this.changefreq, this.priorityValue());
        if (this.extensionReader.hasValues) this.extensionReader.attachTo(url);
        this.entries.push(url);
      }
    }
    if (this.observer !== null) this.observer.entry(this.entriesKept);
    this.entriesKept++;
  }

  /**
   * An Entry record group (Entry, EntryMore, EntryScan) (assembly/entries.ts): an entry the core found to hold only its fields,
   * each once, with no error, attribute or other markup inside, so none of the checks of the
   * record-by-record path can fire. Builds what keepEntry would build from the same text.
   */
  private wholeEntry(reader: XmlReader, r: number): void {
    const words = reader.words;
    const flags = words[r]! >> 8;
    this.entryCount++;
    const observer = this.observer;
    if (observer !== null) observer.wholeEntry!(reader, r);
    if (this.keepEntries && !(observer === null && this.stageEntry(reader, r, flags))) {
      this.flushEntries(); // entries the core staged earlier in the batch come first
      const loc = trimXmlSpace(wholeEntryText(reader, r, SLOT_LOC));
      const lastmod = flags & EntryFlag.HasLastmod
        ? trimXmlSpace(wholeEntryText(reader, r, SLOT_LASTMOD))
        : undefined;
      if (this.kind === 'sitemapindex') this.entries.push(makeIndexEntry(loc, lastmod));
      else {
        const changefreq = flags & EntryFlag.HasChangefreq ? wholeChangefreq(reader, r) : undefined;
        this.entries.push(flags & EntryFlag.HasPriority
          ? makeUrlWithPriority(loc, lastmod, changefreq, reader.doubles[(r + TOKEN_WORDS + EntryField.PriorityValue) >> 1]!)
          : makeUrl(loc, lastmod, changefreq, undefined));
      }
    }
    if (observer !== null) observer.entry(this.entriesKept);
    this.entriesKept++;
  }

  /**
   * Keeps a whole entry's values for buildStaged instead of building it now, where the runtime
   * makes strings more cheaply in large runs (cheapAsciiBytes: Node). The entry keeps the offsets
   * of its values in the core's arena (kept across batches, XmlReader.keepArena); a non-ASCII
   * value or an unknown changefreq is made into a string now and kept aside. False: staging is off.
   */
  private stageEntry(reader: XmlReader, r: number, flags: number): boolean {
    if (!this.staging) return false;
    const words = reader.words;
    const count = this.stagedCount;
    if ((count + 1) * STAGED_WORDS > this.stagedWords.length) this.growStaged();
    const staged = this.stagedWords, at = count * STAGED_WORDS;
    let end = this.stagedEnd;
    const aside = this.stagedAside;
    if (flags & EntryFlag.LocWide) {
      staged[at] = ASIDE - aside.length;
      aside.push(trimXmlSpace(wholeEntryText(reader, r, SLOT_LOC)));
    } else {
      staged[at] = words[r + EntryField.LocStart]!;
      staged[at + 1] = words[r + EntryField.LocEnd]!;
      end = Math.max(end, staged[at + 1]!);
    }
    if (!(flags & EntryFlag.HasLastmod)) staged[at + 2] = NO_VALUE;
    else if (flags & EntryFlag.LastmodWide) {
      staged[at + 2] = ASIDE - aside.length;
      aside.push(trimXmlSpace(wholeEntryText(reader, r, SLOT_LASTMOD)));
    } else {
      staged[at + 2] = words[r + EntryField.LastmodStart]!;
      staged[at + 3] = words[r + EntryField.LastmodEnd]!;
      end = Math.max(end, staged[at + 3]!);
    }
    if (!(flags & EntryFlag.HasChangefreq)) staged[at + 4] = NO_VALUE;
    else {
      const code = words[r + EntryField.ChangefreqCode]!;
      if (code > 0) staged[at + 4] = code;
      else {
        staged[at + 4] = ASIDE - aside.length;
        aside.push(wholeChangefreq(reader, r));
      }
    }
    this.stagedPriorities[count] = flags & EntryFlag.HasPriority ? reader.doubles[(r + TOKEN_WORDS + EntryField.PriorityValue) >> 1]! : NaN;
    this.stagedEnd = end;
    this.stagedCount = count + 1;
    return true;
  }

  /**
   * Makes `entries` about as long as the document's entries will be, from the first run's share
   * of the document: one array instead of a push's dozen and more ever larger copies (plain-50k:
   * 1.2 MB of arrays, a third of it in the young generation). flushEntries cuts it to size.
   */
  private presizeEntries(count: number): void {
    const position = this.reader.documentPosition;
    if (position <= 0) return;
    const estimate = Math.ceil(count * (this.documentBytes / position) * 1.02) + 16;
    if (estimate > MAX_PRESIZED_ENTRIES) return;
    this.entries = new Array<SitemapUrl | SitemapIndexEntry>(estimate);
    this.entriesHeld = 0;
  }

  /** Builds what is staged and cuts `entries` to what it holds: before a push, a splice or the result. */
  private flushEntries(): void {
    this.buildStaged();
    if (this.entriesHeld < 0) return;
    this.entries.length = this.entriesHeld;
    this.entriesHeld = -1;
  }

  /** Staging off for the rest of the document, in the core too (from its next batch). */
  private stopStaging(): void {
    if (!this.staging) return;
    this.staging = false;
    this.reader.stageEntries(false);
  }

  /**
   * A StagedRun record: entries the core read whole and staged itself, in its table for this
   * batch. Their words are stageEntry's, so they join the staged entries as they are.
   */
  private stagedRun(reader: XmlReader, r: number): void {
    const words = reader.words;
    const count = words[r + StagedRunField.Count]!;
    const from = words[r + StagedRunField.FirstWord]!, priorityFrom = words[r + StagedRunField.FirstPriority]!;
    while ((this.stagedCount + count) * STAGED_WORDS > this.stagedWords.length) this.growStaged();
    // Copied by hand: a set() from a subarray makes two typed-array objects per run, and the runs
    // are short where entries the core could not stage come between (plain-50k.xml: ~20 entries).
    const staged = this.stagedWords, priorities = this.stagedPriorities, doubles = reader.doubles;
    const at = this.stagedCount * STAGED_WORDS;
    for (let i = 0, n = count * STAGED_WORDS; i < n; i++) staged[at + i] = words[from + i]!;
    for (let i = 0; i < count; i++) priorities[this.stagedCount + i] = doubles[priorityFrom + i]!;
    this.stagedCount += count;
    this.stagedEnd = Math.max(this.stagedEnd, words[r + StagedRunField.ArenaEnd]!);
    this.entryCount += count;
    this.entriesKept += count;
  }

  private growStaged(): void {
    const words = new Int32Array(Math.max(1024 * STAGED_WORDS, this.stagedWords.length * 2));
    words.set(this.stagedWords);
    this.stagedWords = words;
    const priorities = new Float64Array(words.length / STAGED_WORDS);
    priorities.set(this.stagedPriorities);
    this.stagedPriorities = priorities;
  }

  /**
   * Builds the staged entries (stageEntry), in order, from one string of their ASCII values, and
   * lets the core's arena go (the next batch starts it afresh).
   */
  private buildStaged(): void {
    const count = this.stagedCount;
    if (count === 0) return;
    // The batch's arena string, not a string of the staged values alone: after staging stops in
    // a document, entries the core staged are built a few at a time, and each of those builds
    // would make (and its entries keep) a string of the arena so far (mixed-50k.xml: 120 MB).
    const bytes = this.reader.asciiArena();
    const text = this.reader.asciiText();
    if (this.entriesHeld < 0 && this.entries.length === 0 && this.documentBytes > 0) this.presizeEntries(count);
    const words = this.stagedWords, priorities = this.stagedPriorities, aside = this.stagedAside, entries = this.entries;
    // Stores at [held], not push: a presized array is longer than what it holds.
    let held = this.entriesHeld >= 0 ? this.entriesHeld : entries.length;
    const index = this.kind === 'sitemapindex';
    for (let i = 0, at = 0; i < count; i++, at += STAGED_WORDS) {
      const locStart = words[at]!;
      const loc = locStart < 0 ? aside[ASIDE - locStart]! : stagedValue(text, bytes, locStart, words[at + 1]!);
      const lastmodStart = words[at + 2]!;
      let lastmod: string | undefined;
      if (lastmodStart >= 0) {
        const lastmodEnd = words[at + 3]!;
        lastmod = lastmodEnd - lastmodStart === 10 ? this.stagedDate(text, bytes, lastmodStart) : stagedValue(text, bytes, lastmodStart, lastmodEnd);
      } else if (lastmodStart !== NO_VALUE) lastmod = aside[ASIDE - lastmodStart]!;
      if (index) entries[held++] = makeIndexEntry(loc, lastmod);
      else {
        const code = words[at + 4]!, priority = priorities[i]!;
        const changefreq = code > 0 ? CHANGEFREQ_VALUES[code - 1] : code === NO_VALUE ? undefined : aside[ASIDE - code]!;
        entries[held++] = priority === priority ? makeUrlWithPriority(loc, lastmod, changefreq, priority) : makeUrl(loc, lastmod, changefreq, undefined);
      }
    }
    if (this.entriesHeld >= 0) this.entriesHeld = held;
    this.stagedCount = 0;
    this.stagedEnd = 0;
    if (aside.length > 0) aside.length = 0;
    this.reader.keepArena(0);
  }

  /**
   * The 10-character lastmod at `start` of `text` (buildStaged; `bytes` are text's): a YYYY-MM-DD
   * date is the string made for the same date before, when the cache has it; anything else is
   * made as usual (trimmed).
   */
  private stagedDate(text: string, bytes: Uint8Array, start: number): string {
    const key = dateKey(bytes, start);
    if (key < 0) return trimXmlSpace(text.substring(start, start + 10));
    const slot = dateSlot;
    const keys = this.dateKeys ??= new Int32Array(DATE_CACHE_SLOTS).fill(-1);
    const strings = this.dateStrings ??= new Array<string>(DATE_CACHE_SLOTS).fill('');
    if (keys[slot] === key) return strings[slot]!;
    const date = text.substring(start, start + 10);
    keys[slot] = key;
    strings[slot] = date;
    return date;
  }

  /**
   * An EntryHead record group: an entry's start tag and its leading fields, read whole by the
   * core, which stopped at another child (an extension, mostly). The entry is open, as after
   * those records one by one: its other children and its end tag follow as records.
   */
  private entryHead(reader: XmlReader, r: number): void {
    const words = reader.words;
    const flags = words[r]! >> 8;
    const depth = this.depth++;
    this.path[depth] = this.entryId;
    this.startEntry(words[r + Field.Line]!, words[r + Field.Column]!);
    if (flags & EntryFlag.HasLoc) this.loc = trimXmlSpace(wholeEntryText(reader, r, SLOT_LOC));
    if (flags & EntryFlag.HasLastmod) this.lastmod = trimXmlSpace(wholeEntryText(reader, r, SLOT_LASTMOD));
    if (flags & EntryFlag.HasChangefreq) this.changefreq = wholeChangefreq(reader, r);
    // A priority the core read is a short decimal: its value is decimalValue's, never an issue.
    if (flags & EntryFlag.HasPriority) this.priority = trimXmlSpace(wholeEntryText(reader, r, SLOT_PRIORITY));
    if (this.observer !== null) this.observer.wholeEntry!(reader, r);
  }

  /**
   * The open entry's priority as a number; a value that is not a decimal, or one too large for a
   * number (decimalValue), is left out, with an issue.
   */
  private priorityValue(): number | undefined {
    if (this.priority === undefined) return undefined;
    const value = decimalValue(this.priority);
    if (value - value === 0) return value; // finite (Infinity - Infinity and NaN are NaN)
    const what = value === value ? 'is too large to be a number' : 'is not a decimal number';
    const shown = this.priority.length > 40 ? `${this.priority.slice(0, 40)}…` : this.priority;
    this.addIssue('SITEMAP_BAD_PRIORITY', 'warning', `<priority> "${shown}" ${what}; it is left out`, this.priorityLine, this.priorityColumn, this.priority, 'priority');
    return undefined;
  }

  private xmlError(reader: XmlReader, r: number): void {
    const words = reader.words;
    const known = XML_ERRORS[words[r + Field.Local]!];
    const [code, knownMessage] = known ?? (['XML_TAG_SYNTAX', 'Malformed XML'] as const);
    const line = words[r + Field.Line]!, column = words[r + Field.Column]!;
    let message: string = knownMessage;
    // A document that starts with a URL is most likely the protocol's text format.
    if (code === 'XML_TEXT_OUTSIDE_ROOT' && line === 1 && column === 1 && reader.windowOffset === 0 && /^https?:\/\//i.test(reader.source(words[r + Field.Start]!, words[r + Field.Start]! + 8))) {
      message += ': it starts with a URL, as a text sitemap (one URL per line) does: read it with parseTextSitemap()';
    }
    const entry = this.entryDepth >= 0 && this.depth > this.entryDepth ? this.entryCount : 0; // as pathString numbers it
    if (!this.recover) {
      throw new SitemapError(code, message, { line, column, offset: reader.windowOffset + words[r + Field.Start]!, path: this.pathString(reader), entry });
    }
    this.issues.push(createIssue(code, 'error', message, line, column, this.pathString(reader), entry));
  }

  private entryName(): string {
    return this.kind === 'sitemapindex' ? 'sitemap' : 'url';
  }

  /** An issue at the open entry (or `child`, a path below it), or at the open element outside entries. */
  private addIssue(code: ErrorCode, severity: Issue['severity'], message: string, line: number, column: number, value?: string, child?: string, details?: IssueDetails): void {
    const inEntry = this.entryDepth >= 0;
    let path = this.pathString(this.reader, inEntry ? this.entryDepth + 1 : this.depth);
    if (child) path += '/' + child;
    this.issues.push(createIssue(code, severity, message, line, column, path, inEntry ? this.entryCount : 0, value, details));
  }

  /** The number of the open entry (as its path has it), 0 outside entries: for the extension reader's issues. */
  entryNumber(): number {
    return this.entryDepth >= 0 ? this.entryCount : 0;
  }

  /**
   * The open entry's path (`urlset/url[3]`), made once per entry: an observer's every extension
   * item (validate) and every issue in it start with it (mixed-50k.xml: 140,000 items).
   */
  private entryPath(): string {
    if (this.entryPathNumber !== this.entryCount || this.entryPathDepth !== this.entryDepth) {
      this.entryPathNumber = this.entryCount;
      this.entryPathDepth = this.entryDepth;
      this.entryPathText = this.pathString(this.reader, this.entryDepth + 1);
    }
    return this.entryPathText;
  }

  /**
   * `urlset/url[41]/loc`: element names down to `depth`, the entry numbered; inside an extension
   * element, qualified names with the item numbered (`urlset/url[3]/image:image[2]/image:loc`).
   */
  private pathString(reader: XmlReader, depth = this.depth): string {
    const extensionDepth = this.extensionReader.depth;
    const plainDepth = extensionDepth >= 0 ? Math.min(depth, extensionDepth) : depth;
    const keys = this.pathKeys, texts = this.pathTexts;
    let path = '';
    let cached = true;
    for (let d = 0; d < plainDepth; d++) {
      const id = this.path[d]!;
      const numbered = id === this.entryId && d === this.entryDepth;
      // Names are ids >= -1; an entry's level is keyed by its number, below -2.
      const key = numbered ? -2 - this.entryCount : id;
      if (cached && keys[d] === key) {
        path = texts[d]!;
        continue;
      }
      cached = false;
      const name = reader.name(id);
      const part = numbered ? `${name}[${this.entryCount}]` : name;
      path = d === 0 ? part : `${path}/${part}`;
      keys[d] = key;
      texts[d] = path;
    }
    return extensionDepth >= 0 && depth > extensionDepth ? path + this.extensionReader.pathBelowEntry(reader, depth) : path;
  }
}

/**
 * The raw (untrimmed) text of field `slot` of the Entry or EntryHead record group at `r`; valid
 * during the batch. A changefreq or priority the core took is always ASCII (a non-ASCII one is
 * read record by record).
 */
export function wholeEntryText(reader: XmlReader, r: number, slot: number): string {
  const words = reader.words;
  const more = r + TOKEN_WORDS;
  const flags = words[r]! >> 8;
  switch (slot) {
    case SLOT_LOC: return reader.text(words[r + EntryField.LocStart]!, words[r + EntryField.LocEnd]!, flags & EntryFlag.LocWide ? TokenFlag.NonAscii : 0);
    case SLOT_LASTMOD: return reader.text(words[r + EntryField.LastmodStart]!, words[r + EntryField.LastmodEnd]!, flags & EntryFlag.LastmodWide ? TokenFlag.NonAscii : 0);
    case SLOT_CHANGEFREQ: return reader.text(words[more + EntryField.ChangefreqStart]!, words[more + EntryField.ChangefreqEnd]!, 0);
    default: return reader.text(words[more + EntryField.PriorityStart]!, words[more + EntryField.PriorityEnd]!, 0);
  }
}

/**
 * The changefreq of an Entry or EntryHead record group: one of the seven as the shared constant
 * the core found it to be (its code), else its trimmed text.
 */
function wholeChangefreq(reader: XmlReader, r: number): string {
  const words = reader.words;
  const code = words[r + EntryField.ChangefreqCode]!;
  if (code > 0) return CHANGEFREQ_VALUES[code - 1]!;
  const value = trimXmlSpace(wholeEntryText(reader, r, SLOT_CHANGEFREQ));
  return CHANGEFREQ_CONSTANTS.get(value) ?? value;
}

/**
 * A parser whose walk `observer` sees, event by event: how validate() reuses the one walker
 * instead of keeping a second one. Unless `keepEntries`, it builds no entries (`result()` lists
 * none): the observer has every value. With `holdCore`, the core instance stays taken after the
 * document ends, until `abort()` (validate() asks its loc set about hreflang targets then).
 * Internal (not exported from the package): the observer reads the core's token records, whose
 * layout is not a public contract. It is fed bytes as prepareInput makes them, whose byte-order
 * mark is gone: it skips none itself (markByteOrderMarkRemoved), so a second one is reported.
 *
 * @example
 * const parser = createObservedParser({ recover: true }, validator);
 * parser.push(prepareInput(input).bytes, true);
 */
export function createObservedParser(options: SitemapParserOptions, observer: SitemapParserObserver, keepEntries = false, holdCore = false): SitemapParser {
  const parser = new SitemapParser(options);
  markByteOrderMarkRemoved(parser);
  const internals = parser as unknown as { observer: SitemapParserObserver | null; reader: XmlReader; keepEntries: boolean; extensionReader: ExtensionReader; stopStaging(): void };
  internals.observer = observer;
  internals.keepEntries = keepEntries; // validate() has no use for them
  internals.stopStaging(); // the observer reads every Entry record group
  if (!observer.wholeEntry) internals.reader.collapseEntries(null); // the observer wants every element
  internals.reader.collapseAlternates(null); // and every extension element's sources
  internals.reader.watchText('loc'); // validate reads each loc's checks from its text record
  // The core's loc set then still answers after the end (XmlReader.locId); abort() gives it back.
  internals.reader.holdCoreAtEnd = holdCore;
  if (observer.extension) internals.extensionReader.onItem = observer.extension.bind(observer);
  return parser;
}

/**
 * Tells a parser that the bytes it is fed have had the document's byte-order mark removed
 * already (prepareInput's, or a stream's that sniffed the encoding): it then skips none of its
 * own, and a second mark (EF BB BF EF BB BF) reads as what it is, a character before the root
 * (XML_TEXT_OUTSIDE_ROOT; xmllint: "Start tag expected"). Skipped by both, it went unnoticed.
 * Call before the first push.
 *
 * @example
 * const parser = new SitemapParser(options);
 * markByteOrderMarkRemoved(parser);
 * parser.push(prepareInput(input).bytes, true);
 */
export function markByteOrderMarkRemoved(parser: SitemapParser): void {
  (parser as unknown as { bomChecked: boolean }).bomChecked = true;
}

/**
 * [start, end) of `text` (whose bytes are `bytes`), trimmed of XML white space. The usual value
 * has none: its end bytes say so, which is cheaper than reading them back from the string.
 */
function stagedValue(text: string, bytes: Uint8Array, start: number, end: number): string {
  const value = text.substring(start, end);
  return start < end && bytes[start]! > 0x20 && bytes[end - 1]! > 0x20 ? value : trimXmlSpace(value);
}

/** The cache slot of the date dateKey read last: by day, roughly, so consecutive days take consecutive slots. */
let dateSlot = 0;

/**
 * YYYYMMDD for the YYYY-MM-DD at `start` of `bytes`, or -1; its slot in a parser's date cache
 * goes to dateSlot (both from the digits: no division). From the bytes, one load each: a
 * character of a slice of a large string takes several.
 */
function dateKey(bytes: Uint8Array, start: number): number {
  if (bytes[start + 4] !== 0x2d || bytes[start + 7] !== 0x2d) return -1;
  const y1 = bytes[start]! - 0x30, y2 = bytes[start + 1]! - 0x30, y3 = bytes[start + 2]! - 0x30, y4 = bytes[start + 3]! - 0x30;
  const m1 = bytes[start + 5]! - 0x30, m2 = bytes[start + 6]! - 0x30, d1 = bytes[start + 8]! - 0x30, d2 = bytes[start + 9]! - 0x30;
  // A byte below '0' wraps to a large unsigned value: one test per digit for both ends.
  if ((y1 >>> 0) > 9 || (y2 >>> 0) > 9 || (y3 >>> 0) > 9 || (y4 >>> 0) > 9 || (m1 >>> 0) > 9 || (m2 >>> 0) > 9 || (d1 >>> 0) > 9 || (d2 >>> 0) > 9) return -1;
  const year = ((y1 * 10 + y2) * 10 + y3) * 10 + y4, month = m1 * 10 + m2, day = d1 * 10 + d2;
  dateSlot = (year * 416 + month * 32 + day) & (DATE_CACHE_SLOTS - 1);
  return (year * 100 + month) * 100 + day;
}

/**
 * A url entry with only the fields that are present, made as one object literal: adding them
 * one by one goes through a hidden-class transition per field (measurably slower on 50,000).
 */
function makeUrl(loc: string, lastmod: string | undefined, changefreq: string | undefined, priority: number | undefined): SitemapUrl {
  const mask = (lastmod === undefined ? 0 : 1) | (changefreq === undefined ? 0 : 2) | (priority === undefined ? 0 : 4);
  switch (mask) {
    case 0: return { loc };
    case 1: return { loc, lastmod: lastmod! };
    case 2: return { loc, changefreq: changefreq! };
    case 3: return { loc, lastmod: lastmod!, changefreq: changefreq! };
    case 4: return { loc, priority: priority! };
    case 5: return { loc, lastmod: lastmod!, priority: priority! };
    case 6: return { loc, changefreq: changefreq!, priority: priority! };
    default: return { loc, lastmod: lastmod!, changefreq: changefreq!, priority: priority! };
  }
}

/**
 * makeUrl with a priority, which is one of SHARED_PRIORITIES when it can be (the hot paths that
 * build entries). Two calls, not one with the value picked first: the shared number must reach the
 * object as it is, not as a copy of its value.
 */
function makeUrlWithPriority(loc: string, lastmod: string | undefined, changefreq: string | undefined, priority: number): SitemapUrl {
  const shared = SHARED_PRIORITIES[Math.round(priority * 100)];
  return shared === priority ? makeUrl(loc, lastmod, changefreq, shared) : makeUrl(loc, lastmod, changefreq, priority);
}

/**
 * The priorities 0.01 to 1.00 as numbers entries can share (index: priority × 100; slot 0 holds
 * no number, so 0 and -0 are never shared and stay what they are).
 *
 * Why: a field of V8 objects that has only ever held numbers is a "double" field, and each object
 * gets its own 16-byte box for its value, which the next scavenge copies; a field that has held
 * anything else holds references, and a shared number is one. So makeUrl's shapes with a priority
 * are given a priority of null once, here; the entries stay in slot 0 (no bundler drops the calls
 * as unused), which also keeps this an array of references rather than of raw doubles (V8 would
 * box those afresh on every read). plain-50k.xml: 24,842 boxes fewer per parse, 0.4 MB less for
 * the result to hold. Other engines store numbers their own way; the entries are the same.
 */
const SHARED_PRIORITIES: unknown[] = [
  [undefined, ''].flatMap((lastmod) => [undefined, ''].map((changefreq) => makeUrl('', lastmod, changefreq, null as unknown as number))),
  ...Array.from({ length: 100 }, (_, i) => (i + 1) / 100),
];

/** A sitemap index entry with only the fields that are present (one literal each, as makeUrl). */
function makeIndexEntry(loc: string, lastmod: string | undefined): SitemapIndexEntry {
  return lastmod === undefined ? { loc } : { loc, lastmod };
}

/**
 * The bytes of a chunk pushed that is not a Uint8Array (of this realm): the bytes of an
 * ArrayBuffer or of another view, as parse() takes them (a Uint8Array from another realm, such
 * as an iframe's or jsdom's, is such a view). Anything else is INPUT_TYPE, saying what to pass.
 */
function chunkBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  const advice = typeof chunk === 'string'
    ? ': encode text first, new TextEncoder().encode(text), or read it with parse(text) or parseStream(text)'
    : adviceFor(chunk, true);
  throw new SitemapError('INPUT_TYPE', `SitemapParser.push() takes Uint8Array chunks of UTF-8 XML, got ${describeValue(chunk)}${advice}`, { offset: 0 });
}

function parseAs(input: SitemapInput, options: ParseOptions, kind: Kind | undefined): ParseResult {
  const door = readReadingOptions(options, 'sitemap');
  const opened = openDocument(input, door.reading);
  if (opened.refused !== undefined) {
    return kind === 'sitemapindex' ? { kind, sitemaps: [], issues: [opened.refused] } : { kind: 'urlset', urls: [], issues: [opened.refused] };
  }
  const parser = new SitemapParser({ ...door.options, kind });
  markByteOrderMarkRemoved(parser);
  parser.issues.push(...opened.issues);
  parser.push(opened.bytes, true);
  return parser.result();
}

/**
 * Parses a sitemap or a sitemap index; the root element decides which. Accepts bytes (gzip is
 * detected by its magic bytes), an ArrayBuffer or a string. Strict by default: malformed XML
 * throws `SitemapError` with code, line and column; `{ recover: true }` keeps every complete
 * entry and lists the problems in `issues` instead. Misuse throws in either mode: another input
 * type is `INPUT_TYPE` (naming it: a Response, a Promise…), a `maxBytes` that is not a whole
 * number >= 0 or Infinity is `INPUT_INVALID_OPTION`; a file name or URL passed as the document
 * is `XML_TEXT_OUTSIDE_ROOT` saying so (in recover mode, the one issue).
 *
 * @example
 * const result = parse(await (await fetch('/sitemap.xml.gz')).arrayBuffer());
 * if (result.kind === 'urlset') for (const url of result.urls) console.log(url.loc, url.lastmod);
 * else for (const sitemap of result.sitemaps) console.log(sitemap.loc);
 */
export function parse(input: SitemapInput, options: ParseOptions = {}): ParseResult {
  return parseAs(input, options, undefined);
}

/**
 * Parses a `<urlset>` sitemap; any other root throws `SitemapError` (`SITEMAP_WRONG_KIND` for an index).
 *
 * @example
 * const { urls, issues } = parseSitemap(xml);
 */
export function parseSitemap(input: SitemapInput, options: ParseOptions = {}): UrlsetResult {
  return parseAs(input, options, 'urlset') as UrlsetResult;
}

/**
 * Parses a `<sitemapindex>`; any other root throws `SitemapError` (`SITEMAP_WRONG_KIND` for a urlset).
 *
 * @example
 * const { sitemaps } = parseSitemapIndex(xml);
 */
export function parseSitemapIndex(input: SitemapInput, options: ParseOptions = {}): SitemapIndexResult {
  return parseAs(input, options, 'sitemapindex') as SitemapIndexResult;
}
