// Reading sitemaps.org 0.9 `<urlset>` and `<sitemapindex>` documents (SPEC.md §1, §2, §5): the
// handler of the walker's events (walker.ts) behind SitemapParser (parse.ts), driven by the
// element rules in rules.ts; the extension elements of a `<url>` (SPEC.md §3) go to
// extensions.ts in the same walk.

import { ErrorCode, SitemapError } from '../model/errors';
import { ExtensionReader, type ExtensionHost, type ExtensionItemSource } from './extensions';
import { createIssue, DuplicateKind, type IssueDetails } from '../model/issue';
import { LEGACY_SITEMAP_NAMESPACES, LIMITS, SITEMAP_NAMESPACE, XHTML_NAMESPACE } from '../model/limits';
import { checkLimitOption, checkOptionsObject, describeValue } from '../input/input';
import { DOCUMENT_RULES, FOREIGN_ROOTS } from '../model/rules';
import { concatenateBytes, trimXmlSpace } from '../values/text';
import type { Issue, ParseOptions, ParseResult, SitemapIndexEntry, SitemapIndexResult, SitemapUrl, UrlsetResult } from '../model/types';
import { ReaderFlag } from '../core/xml-reader';
import { DocumentWalker, FIELD_NAMES, SLOT_LASTMOD, SLOT_LOC, SLOT_PRIORITY, type WalkHandler, type WalkObserver, type WholeEntry } from './walker';
import { CHANGEFREQ_CONSTANTS, makeIndexEntry, makeUrl, makeUrlWithPriority, StagedEntries, wholeChangefreq } from './staged-entries';
import { decimalValue } from '../values/xsd-decimal';

/** The details of an issue whose entry is left out of the result (Issue.leftOut). */
const LEFT_OUT: IssueDetails = { leftOut: true };

export type Kind = 'urlset' | 'sitemapindex';

/**
 * The names assembly/entries.ts needs for Entry records, in the order it takes them: the two
 * roots and their entries (rules.ts), then the fields in slot order.
 */
const ENTRY_RECORD_NAMES = [...DOCUMENT_RULES.flatMap((rule) => [rule.root, rule.entry]), ...FIELD_NAMES];
/** The names of an Alternate record, in the order assembly/entries.ts takes them. */
const ALTERNATE_RECORD_NAMES = [XHTML_NAMESPACE, 'link', 'rel', 'hreflang', 'href'] as const;

const UTF8_BOM = [0xef, 0xbb, 0xbf];

/** Entries presizeEntries makes room for at most (2^21: 16 MB of array); above, push grows it. */
const MAX_PRESIZED_ENTRIES = 1 << 21;

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
 * What validate() sees of the parser's walk: the walker's element events (WalkObserver: depth,
 * names, positions and the entry number through the walker, during the call only), then what the
 * parser made of them. Without an observer the walk pays one null check per event.
 */
export interface SitemapParserObserver extends WalkObserver {
  /** The root was recognised (walker.rule, walker.entryId and walker.slotOf say what it holds). */
  root(walker: DocumentWalker): void;
  /** A field element ended: its slot, trimmed value and raw text (all of them, duplicates too). */
  field(slot: number, value: string, raw: string, line: number, column: number): void;
  /** An entry ended and counts (`index` 0-based); its values came through `field`. */
  entry(index: number): void;
  /**
   * A whole entry, instead of its start, field, text and end events; `entry` follows (for an
   * EntryHead, with its end tag). Without this method the parser asks the core for every record.
   */
  wholeEntry?(walker: DocumentWalker, entry: WholeEntry): void;
  /** A batch of the core's records was read: views of its arena are stale from here on. */
  endBatch?(): void;
  /**
   * An extension element of a `<url>` was read (image, video, news, alternate, or an unknown one),
   * with the position and raw text of everything in it; called before `entry` for its `<url>`.
   */
  extension?(item: ExtensionItemSource): void;
  /**
   * The parser kept the first of two and reported the second as `issue` (SITEMAP_DUPLICATE_FIELD,
   * added to its issues just now): what it is a second one of.
   */
  duplicate?(issue: Issue, kind: DuplicateKind): void;
}

/** Set by the class's static block: what createObservedParser and markByteOrderMarkRemoved do to a reader's own state. */
let observeParser: (parser: SitemapReader, observer: SitemapParserObserver, keepEntries: boolean, holdCore: boolean) => void;
let skipNoByteOrderMark: (parser: SitemapReader) => void;

/**
 * What SitemapParser (parse.ts) is made of: the walker's handler that reads a sitemap's entries,
 * with the parser's state. Apart, so that the parser's public type does not show the walker.
 *
 * @example
 * const reader = new SitemapReader({ recover: true });
 * reader.push(bytes, true);
 * const { urls } = reader.result() as UrlsetResult;
 */
export class SitemapReader implements WalkHandler, ExtensionHost {
  readonly issues: Issue[] = [];
  /** Read by parse.ts xmlReaderOf (validate), not part of SitemapParser's type. */
  readonly walker: DocumentWalker;
  readonly #recover: boolean;
  readonly #maxBytes: number;
  readonly #expectedKind: Kind | undefined;
  #kind: Kind | undefined;
  #entries: (SitemapUrl | SitemapIndexEntry)[] = [];
  /**
   * While `entries` is longer than what it holds (presizeEntries), how many it holds; -1 when its
   * length is its count (flushEntries makes it so before anyone else uses it).
   */
  #entriesHeld = -1;
  /** The document's size when it came in one push (parse()): what presizeEntries estimates from. */
  #documentBytes = 0;
  /** Entries kept so far: the next one's number (read by parse.ts trackLocIdentities too). */
  entriesKept = 0;
  /**
   * Cleared by createObservedParser: validate() reads every value through its observer and
   * returns no entries, so building 50,000 objects it would drop is skipped (less work and
   * garbage: plain-50k.xml validates ~15% faster).
   */
  #keepEntries = true;
  #done = false;
  /** The code of the error push() threw (it read no further), if it threw one; else undefined. */
  #failure: string | undefined = undefined;
  /** Set by abort() (which also sets done). */
  #aborted = false;
  /** Set only by createObservedParser (validate): kept out of the public options and types. */
  #observer: SitemapParserObserver | null = null;
  /** The extension elements of the open `<url>`. */
  readonly #extensionReader: ExtensionReader;

  // The open field.
  #fieldSlot = -1;
  #fieldDepth = -1;
  #fieldText = '';
  #fieldLine = 0;
  #fieldColumn = 0;
  #bomChecked = false;
  #head: Uint8Array | null = null;
  // The open entry's fields.
  #loc: string | undefined;
  #lastmod: string | undefined;
  #changefreq: string | undefined;
  #priority: string | undefined;
  #entryLine = 0;
  #entryColumn = 0;
  #priorityLine = 0;
  #priorityColumn = 0;
  /** Whole entries not built yet (see StagedEntries). */
  readonly #staged = new StagedEntries();
  /**
   * Off once an entry is read record by record (an extension, a comment…): in such documents
   * staging would decode each batch's values twice, for little gain (mixed-50k.xml: 10% slower).
   */
  #staging = this.#staged.stageBytes > 0;

  static {
    observeParser = (parser, observer, keepEntries, holdCore) => {
      const reader = parser.walker.reader;
      parser.#observer = observer;
      parser.walker.observer = observer;
      parser.#keepEntries = keepEntries; // validate() has no use for them
      // The observer reads every Entry record group, so the core stages none; entries kept (the
      // crawl's) are still staged here, and built at the end of each batch (endBatch).
      reader.stageEntries(false);
      parser.#staging &&= keepEntries;
      if (!observer.wholeEntry) reader.collapseEntries(null); // the observer wants every element
      reader.collapseAlternates(null); // and every extension element's sources
      reader.watchText('loc'); // validate reads each loc's checks from its text record
      // The core's loc set then still answers after the end (XmlReader.locId); abort() gives it back.
      reader.holdCoreAtEnd = holdCore;
      if (observer.extension) parser.#extensionReader.onItem = observer.extension.bind(observer);
    };
    skipNoByteOrderMark = (parser) => {
      parser.#bomChecked = true;
    };
  }

  constructor(options: SitemapParserOptions = {}) {
    options = checkOptionsObject(options, 'SitemapParser options (SitemapParserOptions)');
    this.#recover = options.recover === true;
    this.#maxBytes = checkLimitOption(options.maxBytes, 'maxBytes', LIMITS.defaultMaxInputBytes);
    this.#expectedKind = checkKindOption(options.kind);
    // Whitespace-only element content is kept for unknown extensions (`<x> </x>` holds " ").
    const walker = new DocumentWalker(this, ReaderFlag.KeepLeafWhitespace | (this.#recover ? 0 : ReaderFlag.StopAtFirstError), DOCUMENT_RULES, { recover: this.#recover, issues: this.issues, textSitemapHint: true });
    this.walker = walker;
    this.#extensionReader = new ExtensionReader(this);
    walker.pathBelow = this.#extensionReader;
    // Simple entries arrive as one record group each (~40% less parse time on plain-50k.xml);
    // createObservedParser keeps them only for an observer that reads whole entries (validate).
    // Plain hreflang links arrive as one Alternate record each (off for an observer).
    walker.reader.collapseEntries(ENTRY_RECORD_NAMES);
    walker.reader.collapseAlternates(ALTERNATE_RECORD_NAMES);
    if (this.#staging) walker.reader.stageEntries(true);
  }

  /**
   * Feeds the next bytes of the document; `final` says they are the last. Bytes only (an
   * ArrayBuffer or another view is read as its bytes; a string is INPUT_TYPE: encode it, or hand
   * it to parse() or parseStream()); nothing after the final push, an abort() or an error this
   * parser threw (INPUT_TYPE, saying what to do instead).
   */
  push(chunk: Uint8Array, final = false): void {
    this.checkOpen();
    try {
      this.read(chunk, final);
    } catch (error) {
      this.#failure = error instanceof SitemapError ? error.code : 'an error';
      throw error;
    }
  }

  /** Throws INPUT_TYPE when this parser reads no more (after the final push, an abort() or an error it threw). */
  checkOpen(): void {
    if (this.#done || this.#failure !== undefined) throw this.afterEnd('push()');
  }

  private read(chunk: Uint8Array, final: boolean): void {
    const reader = this.walker.reader;
    if (!this.#bomChecked) {
      // Skip a UTF-8 byte-order mark, even one split over the first chunks: hold the first
      // bytes back until they can be told apart from one.
      const head = this.#head === null ? chunk : concatenateBytes([this.#head, chunk]);
      if (head.length < 3 && !final && UTF8_BOM.slice(0, head.length).every((byte, i) => head[i] === byte)) {
        this.#head = head;
        return;
      }
      this.#bomChecked = true;
      this.#head = null;
      chunk = head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? head.subarray(3) : head;
    }
    if (final && reader.bytesRead === 0 && this.#staging) this.#documentBytes = chunk.length;
    if (reader.bytesRead + chunk.length > this.#maxBytes) {
      reader.release();
      throw new SitemapError('INPUT_TOO_LARGE', `The input is over the maxBytes limit of ${this.#maxBytes.toLocaleString('en-US')} bytes`, { offset: this.#maxBytes });
    }
    try {
      reader.push(chunk, final);
    } catch (error) {
      reader.release();
      throw error;
    }
    if (final) {
      // The reader gave its core back at the end of the document: build from its arena before
      // anything else can use the core.
      this.buildStaged();
      this.#done = true;
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
    return this.#entries.splice(0);
  }

  /** The root's kind once the root element has been read (undefined before). */
  get documentKind(): Kind | undefined {
    return this.#kind;
  }

  /**
   * Stops reading before the end (a cancelled stream), or lets go of a core held past the end
   * (createObservedParser's `holdCore`): gives the core instance back. Idempotent.
   */
  abort(): void {
    if (!this.#done) this.#aborted = true;
    this.#done = true;
    this.walker.reader.release();
  }

  /** The INPUT_TYPE error for `call` (push() or result()) when this parser has stopped reading. */
  private afterEnd(call: string): SitemapError {
    const why = this.#failure !== undefined
      ? `after push() threw ${this.#failure}: the parser stopped there and has no result (read past errors with { recover: true })`
      : this.#aborted ? 'after abort(): the parser stopped reading' : 'after the final push: the document is read to its end';
    return new SitemapError('INPUT_TYPE', `${call} ${why}; make a new SitemapParser for another document`, { offset: 0 });
  }

  /**
   * The document read so far; call after the final push (or abort()). Before it, or after push()
   * threw, it throws INPUT_TYPE saying what to do instead.
   */
  result(): ParseResult {
    if (!this.#done) {
      if (this.#failure !== undefined) throw this.afterEnd('result()');
      throw new SitemapError('INPUT_TYPE', 'result() before the final push: pass the last chunk as push(chunk, true), or call push(new Uint8Array(0), true) when every chunk is in', { offset: 0 });
    }
    this.flushEntries();
    const suppressed = this.walker.reader.suppressedErrors;
    if (suppressed > 0) {
      this.issues.push(createIssue('XML_TOO_MANY_ERRORS', 'error', `${suppressed} more well-formedness errors were found and not listed one by one`, 0, 0, ''));
    }
    const kind = this.#kind ?? this.#expectedKind ?? 'urlset';
    if (kind === 'urlset') return { kind, urls: this.#entries as SitemapUrl[], issues: this.issues } satisfies UrlsetResult;
    return { kind, sitemaps: this.#entries as SitemapIndexEntry[], issues: this.issues } satisfies SitemapIndexResult;
  }

  // ------------------------------------------------------------------ the walker's events
  /** The walker's events (WalkHandler, walker.ts). */
  startElement(walker: DocumentWalker, depth: number): void {
    const extensions = this.#extensionReader;
    if (this.#fieldDepth >= 0 && depth === this.#fieldDepth + 1) this.elementInField(walker);
    if (depth === 0) this.startRoot(walker);
    else if (walker.namespace === walker.documentNamespace) {
      const local = walker.local;
      if (local === walker.entryId) {
        extensions.closeAll(walker); // <url> inside an unclosed extension element: it ends here too
        this.startEntry(depth, walker.line, walker.column);
      } else if (extensions.depth >= 0) extensions.start(walker, depth);
      else if (depth === walker.entryDepth + 1) {
        const slot = walker.slotOf(local);
        if (slot >= 0) {
          this.#fieldSlot = slot;
          this.#fieldDepth = depth;
          this.#fieldText = '';
          this.#fieldLine = walker.line;
          this.#fieldColumn = walker.column;
        }
      }
    } else if (extensions.depth >= 0) extensions.start(walker, depth);
    else if (depth === walker.entryDepth + 1 && this.#kind === 'urlset') extensions.begin(walker, depth);
  }

  endElement(walker: DocumentWalker, depth: number, implied: boolean, cut: boolean): void {
    const extensions = this.#extensionReader;
    if (depth === this.#fieldDepth) this.endField(cut);
    else if (extensions.depth >= 0 && depth >= extensions.depth) {
      if (cut) extensions.abandonOpen();
      extensions.end(walker, depth);
    } else if (depth === walker.entryDepth) this.endEntry(implied, cut);
  }

  text(walker: DocumentWalker, depth: number, whitespaceOnly: boolean): void {
    if (!whitespaceOnly && this.#fieldDepth >= 0 && depth === this.#fieldDepth) {
      const text = walker.value();
      this.#fieldText = this.#fieldText === '' ? text : this.#fieldText + text;
    } else if (this.#extensionReader.depth >= 0) {
      // With whitespaceOnly, `<x> </x>`: white space that is all of an element's content (only extensions keep it).
      this.#extensionReader.text(walker, depth);
    }
  }

  attribute(walker: DocumentWalker, depth: number): void {
    if (this.#extensionReader.depth >= 0) this.#extensionReader.attribute(walker, depth);
  }

  alternate(walker: DocumentWalker): void {
    this.#extensionReader.wholeAlternate(walker);
  }

  endBatch(walker: DocumentWalker): void {
    this.#observer?.endBatch?.();
    const staged = this.#staged;
    if (staged.count > 0) {
      // Keep this batch's values in the arena for the next, up to a run of stageBytes; not with an
      // observer, which makes the arena's string for every batch (a kept arena would be made again).
      const length = staged.end;
      if (!this.#staging || this.#observer || length >= staged.stageBytes || !walker.reader.keepArena(length)) this.buildStaged();
    }
  }

  private startRoot(walker: DocumentWalker): void {
    if (walker.isLaterRoot) return; // see DocumentWalker.startRoot
    const reader = walker.reader;
    const name = reader.name(walker.local);
    const namespace = reader.name(walker.namespace);
    const rule = walker.rule;
    const line = walker.line, column = walker.column;
    if (!rule) {
      const what = FOREIGN_ROOTS[name] ?? `<${name}>${namespace ? ` in namespace ${namespace}` : ''}`;
      const code: ErrorCode = name === 'html' ? 'SITEMAP_HTML' : 'SITEMAP_NOT_A_SITEMAP';
      throw new SitemapError(code, `Not a sitemap: expected <urlset> or <sitemapindex>, found ${what}`, { line, column, offset: reader.windowOffset + walker.start, path: name });
    }
    if (this.#expectedKind && rule.root !== this.#expectedKind) {
      throw new SitemapError('SITEMAP_WRONG_KIND', `Expected a ${this.#expectedKind === 'urlset' ? 'sitemap (<urlset>)' : 'sitemap index (<sitemapindex>)'}, found <${rule.root}>`, { line, column, offset: reader.windowOffset + walker.start, path: name });
    }
    this.#kind = rule.root;
    if (this.#observer !== null) this.#observer.root(walker);
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

  private startEntry(depth: number, line: number, column: number): void {
    if (this.walker.entryDepth >= 0) {
      // An entry inside an entry (a missing end tag): the outer one ends here, kept if it has a loc.
      const kept = this.#loc !== undefined;
      this.addIssue('SITEMAP_NESTED_ENTRY', 'warning', `<${this.entryName()}> inside another <${this.entryName()}>: the outer one ends here${kept ? '' : ' and, having no <loc>, is left out'}`, line, column, undefined, undefined, kept ? undefined : LEFT_OUT);
      if (kept) this.endEntry(false);
    }
    this.walker.beginEntry(depth);
    this.#entryLine = line;
    this.#entryColumn = column;
    this.#loc = this.#lastmod = this.#changefreq = this.#priority = undefined;
    this.#extensionReader.reset();
  }

  /**
   * An element inside `<loc>`, `<lastmod>`, `<changefreq>` or `<priority>`: the value is its text
   * only, so the element and what it holds are left out (`<loc><a>…</a></loc>` reads as an empty
   * loc); said, as for an element inside `<image:loc>` (validate reports it itself).
   */
  private elementInField(walker: DocumentWalker): void {
    const name = walker.qualifiedName();
    const field = FIELD_NAMES[this.#fieldSlot]!;
    this.addIssue('SITEMAP_UNEXPECTED_ELEMENT', 'warning', `<${name}> inside <${field}>, which holds text only: it is left out, with what it holds`, walker.line, walker.column, undefined, `${field}/${name}`);
  }

  /** The open field ended; `cut`: by the end of the input, so its value is incomplete and left out. */
  private endField(cut = false): void {
    const raw = this.#fieldText;
    const value = trimXmlSpace(raw);
    const slot = this.#fieldSlot;
    this.#fieldSlot = -1;
    this.#fieldDepth = -1;
    if (cut) return;
    let previous: string | undefined;
    switch (slot) {
      case SLOT_LOC: previous = this.#loc; this.#loc ??= value; break;
      case SLOT_LASTMOD: previous = this.#lastmod; this.#lastmod ??= value; break;
      case SLOT_PRIORITY:
        previous = this.#priority;
        if (previous === undefined) {
          this.#priority = value;
          this.#priorityLine = this.#fieldLine;
          this.#priorityColumn = this.#fieldColumn;
        }
        break;
      // The seven values become shared constants: 50,000 copies of "weekly" would live as long as the result.
      default: previous = this.#changefreq; this.#changefreq ??= CHANGEFREQ_CONSTANTS.get(value) ?? value; break;
    }
    if (previous !== undefined) {
      const name = FIELD_NAMES[slot]!;
      const issue = this.addIssue('SITEMAP_DUPLICATE_FIELD', 'warning', `A second <${name}> in one <${this.entryName()}>: the first one is kept`, this.#fieldLine, this.#fieldColumn, value, name);
      this.duplicate(issue, slot === SLOT_LOC ? DuplicateKind.Loc : DuplicateKind.Field);
    }
    if (this.#observer !== null) this.#observer.field(slot, value, raw, this.#fieldLine, this.#fieldColumn);
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
      const number = this.walker.entryNumber;
      if (this.#loc === undefined) {
        this.addIssue('SITEMAP_TRUNCATED_ENTRY', 'warning', `<${this.entryName()}> #${number} ${how} and is left out`, this.#entryLine, this.#entryColumn, undefined, undefined, LEFT_OUT);
        this.#extensionReader.reset();
      } else {
        this.addIssue('SITEMAP_TRUNCATED_ENTRY', 'warning', `<${this.entryName()}> #${number} ${how}; its <loc> had ended, so it is kept with what else had ended`, this.#entryLine, this.#entryColumn);
        this.keepEntry();
      }
    } else this.keepEntry();
    this.walker.endEntry();
    this.#fieldDepth = -1;
    this.#fieldSlot = -1;
  }

  private keepEntry(): void {
    const loc = this.#loc ?? '';
    if (this.#loc === undefined) {
      this.addIssue('SITEMAP_MISSING_LOC', 'error', `<${this.entryName()}> has no <loc>; it is kept with an empty loc`, this.#entryLine, this.#entryColumn);
    }
    if (this.#keepEntries) {
      this.flushEntries(); // entries stay in document order
      this.stopStaging();
      const lastmod = this.#lastmod;
      if (this.#kind === 'sitemapindex') this.#entries.push(makeIndexEntry(loc, lastmod));
      else {
        const url = makeUrl(loc, lastmod, this.#changefreq, this.priorityValue());
        if (this.#extensionReader.hasValues) this.#extensionReader.attachTo(url);
        this.#entries.push(url);
      }
    }
    if (this.#observer !== null) this.#observer.entry(this.entriesKept);
    this.entriesKept++;
  }

  /**
   * A whole entry (assembly/entries.ts): an entry the core found to hold only its
   * fields, each once, with no error, attribute or other markup inside, so none of the checks of
   * the record-by-record path can fire. Builds what keepEntry would build from the same text.
   */
  wholeEntry(walker: DocumentWalker, entry: WholeEntry): void {
    const observer = this.#observer;
    if (observer !== null) observer.wholeEntry!(walker, entry);
    if (this.#keepEntries) {
      if (this.#staging) this.#staged.stage(entry);
      else {
        this.flushEntries(); // entries the core staged earlier in the batch come first
        const loc = trimXmlSpace(entry.text(SLOT_LOC));
        const lastmod = entry.hasLastmod ? trimXmlSpace(entry.text(SLOT_LASTMOD)) : undefined;
        if (this.#kind === 'sitemapindex') this.#entries.push(makeIndexEntry(loc, lastmod));
        else {
          const changefreq = entry.hasChangefreq ? wholeChangefreq(entry) : undefined;
          this.#entries.push(entry.hasPriority
            ? makeUrlWithPriority(loc, lastmod, changefreq, entry.priorityValue)
            : makeUrl(loc, lastmod, changefreq, undefined));
        }
      }
    }
    if (observer !== null) observer.entry(this.entriesKept);
    this.entriesKept++;
  }

  /** Entries the core read whole and staged itself (see StagedEntries.addRun). */
  stagedRun(words: Int32Array, firstWord: number, count: number, doubles: Float64Array, firstPriority: number, arenaEnd: number): void {
    this.#staged.addRun(words, firstWord, count, doubles, firstPriority, arenaEnd);
    this.entriesKept += count;
  }

  /**
   * Makes `entries` about as long as the document's entries will be, from the first run's share
   * of the document: one array instead of a push's dozen and more ever larger copies (plain-50k:
   * 1.2 MB of arrays, a third of it in the young generation). flushEntries cuts it to size.
   */
  private presizeEntries(count: number): void {
    const position = this.walker.reader.documentPosition;
    if (position <= 0) return;
    const estimate = Math.ceil(count * (this.#documentBytes / position) * 1.02) + 16;
    if (estimate > MAX_PRESIZED_ENTRIES) return;
    this.#entries = new Array<SitemapUrl | SitemapIndexEntry>(estimate);
    this.#entriesHeld = 0;
  }

  /** Builds what is staged and cuts `entries` to what it holds: before a push, a splice or the result. */
  private flushEntries(): void {
    this.buildStaged();
    if (this.#entriesHeld < 0) return;
    this.#entries.length = this.#entriesHeld;
    this.#entriesHeld = -1;
  }

  /** Staging off for the rest of the document, in the core too (from its next batch). */
  private stopStaging(): void {
    if (!this.#staging) return;
    this.#staging = false;
    this.walker.reader.stageEntries(false);
  }

  /** Builds the staged entries (StagedEntries.build) onto `entries`. */
  private buildStaged(): void {
    const count = this.#staged.count;
    if (count === 0) return;
    if (this.#entriesHeld < 0 && this.#entries.length === 0 && this.#documentBytes > 0) this.presizeEntries(count);
    const held = this.#staged.build(this.walker.reader, this.#entries, this.#entriesHeld >= 0 ? this.#entriesHeld : this.#entries.length, this.#kind === 'sitemapindex');
    if (this.#entriesHeld >= 0) this.#entriesHeld = held;
  }

  /**
   * An EntryHead: an entry's start tag and its leading fields, read whole by the core, which
   * stopped at another child (an extension, mostly). The entry is open, as after those records
   * one by one: its other children and its end tag follow as records.
   */
  entryHead(walker: DocumentWalker, entry: WholeEntry): void {
    this.startEntry(walker.depth - 1, entry.line, entry.column);
    if (entry.hasLoc) this.#loc = trimXmlSpace(entry.text(SLOT_LOC));
    if (entry.hasLastmod) this.#lastmod = trimXmlSpace(entry.text(SLOT_LASTMOD));
    if (entry.hasChangefreq) this.#changefreq = wholeChangefreq(entry);
    // A priority the core read is a short decimal: its value is decimalValue's, never an issue.
    if (entry.hasPriority) this.#priority = trimXmlSpace(entry.text(SLOT_PRIORITY));
    if (this.#observer !== null) this.#observer.wholeEntry!(walker, entry);
  }

  /**
   * The open entry's priority as a number; a value that is not a decimal, or one too large for a
   * number (decimalValue), is left out, with an issue.
   */
  private priorityValue(): number | undefined {
    if (this.#priority === undefined) return undefined;
    const value = decimalValue(this.#priority);
    if (value - value === 0) return value; // finite (Infinity - Infinity and NaN are NaN)
    const what = value === value ? 'is too large to be a number' : 'is not a decimal number';
    const shown = this.#priority.length > 40 ? `${this.#priority.slice(0, 40)}…` : this.#priority;
    this.addIssue('SITEMAP_BAD_PRIORITY', 'warning', `<priority> "${shown}" ${what}; it is left out`, this.#priorityLine, this.#priorityColumn, this.#priority, 'priority');
    return undefined;
  }

  // ------------------------------------------------------------------ the extension reader's host (ExtensionHost)
  /**
   * Path of the open entry, e.g. `urlset/url[3]`.
   *
   * @example
   * const path = host.entryPath() + '/' + itemLabel; // urlset/url[3]/image:image[1]
   */
  entryPath(): string {
    return this.walker.entryPath();
  }

  /**
   * Number of the open entry, as its path has it (0 outside entries).
   *
   * @example
   * createIssue(code, 'warning', message, line, column, path, host.entryNumber());
   */
  entryNumber(): number {
    return this.walker.openEntryNumber();
  }

  /**
   * `issue` (SITEMAP_DUPLICATE_FIELD, in `issues` already) is about a second `kind`: the observer
   * is told (validate weighs it by that).
   *
   * @example
   * host.duplicate(issue, DuplicateKind.Item); // a second <news:news>
   */
  duplicate(issue: Issue, kind: DuplicateKind): void {
    this.#observer?.duplicate?.(issue, kind);
  }

  private entryName(): string {
    return this.#kind === 'sitemapindex' ? 'sitemap' : 'url';
  }

  /** An issue at the open entry (or `child`, a path below it), or at the open element outside entries. */
  private addIssue(code: ErrorCode, severity: Issue['severity'], message: string, line: number, column: number, value?: string, child?: string, details?: IssueDetails): Issue {
    const walker = this.walker;
    const inEntry = walker.entryDepth >= 0;
    let path = walker.path(inEntry ? walker.entryDepth + 1 : walker.depth);
    if (child) path += '/' + child;
    const issue = createIssue(code, severity, message, line, column, path, inEntry ? walker.entryNumber : 0, value, details);
    this.issues.push(issue);
    return issue;
  }
}

/**
 * Makes `reader` the one validate() observes (createObservedParser in parse.ts says how).
 *
 * @example
 * observeReader(reader, validator, false, true);
 */
export function observeReader(reader: SitemapReader, observer: SitemapParserObserver, keepEntries: boolean, holdCore: boolean): void {
  observeParser(reader, observer, keepEntries, holdCore);
}

/**
 * Tells `reader` that its bytes have no byte-order mark left to skip (markByteOrderMarkRemoved in parse.ts).
 *
 * @example
 * skipReaderByteOrderMark(reader);
 */
export function skipReaderByteOrderMark(reader: SitemapReader): void {
  skipNoByteOrderMark(reader);
}
