// The one walk over the core's token records (assembly/tokenizer.ts, assembly/entries.ts): the
// only reader of the record layout besides xml-reader.ts. It keeps the depth, the open elements'
// names, paths and entry numbers, recognises a sitemap's root by the element rules (rules.ts),
// turns XML error records into errors or issues, and raises typed events for one handler
// (SitemapParser, FeedReader) and one observer (validate), as htmlparser2's Tokenizer hands out
// callbacks with offsets: what a record holds is read through the walker's accessors, during the
// event only.

import { SitemapError, XML_ERRORS, type ErrorCode } from '../model/errors';
import { createIssue } from '../model/issue';
import { DOCUMENT_RULES, type DocumentRule } from '../model/rules';
import type { Issue } from '../model/types';
import { LocFinding, type LocScan } from '../values/url-check';
import { ENTRY_RECORDS, EntryField, EntryFlag, Field, StagedRunField, TOKEN_WORDS, TokenFlag, TokenKind, XmlReader } from '../core/xml-reader';

/**
 * The field names of an entry in slot order, from rules.ts: a `<url>`'s fields (a `<sitemap>`'s
 * are the first two). The core's Entry records take them in this order (assembly/entries.ts).
 */
export const FIELD_NAMES: readonly string[] = Object.keys(DOCUMENT_RULES.find((rule) => rule.root === 'urlset')!.fields);
// The slots as literals, which the hot switches compile to jump tables (test/walker.test.ts checks
// that they are FIELD_NAMES's indexes).
export const SLOT_LOC = 0;
export const SLOT_LASTMOD = 1;
export const SLOT_CHANGEFREQ = 2;
export const SLOT_PRIORITY = 3;

/**
 * Reads the loc checks the core ran on a text record (TokenFlag.LocScanned; assembly/loc-scan.ts)
 * into `scan`, when they found nothing to report: returns false otherwise, and the caller scans
 * the string (which also finds where the first problem is). `scan.length` is left to the caller:
 * the value's length (an ASCII value has one character per byte).
 *
 * @example
 * if (!readCoreLocScan(words, r, scan)) scanLoc(loc, scan);
 */
export function readCoreLocScan(words: Int32Array, r: number, scan: LocScan): boolean {
  const packed = words[r + Field.Local]!; // findings (LocFinding) | host start << 10 | host end << 14
  if ((packed & 0x1ff) !== 0) return false;
  scan.findings = 0; // so its firstBad is never read
  scan.noDotSegment = !(packed & LocFinding.DotSegment); // no "/" followed by "." or "%"
  scan.hostStart = (packed >>> 10) & 0xf;
  scan.hostEnd = packed >>> 14;
  scan.hostHash = words[r + Field.Namespace]!;
  return true;
}

/**
 * The loc identity for the crawl of the whole entry `entry` (assembly/loc-scan.ts: the core's
 * 64-bit hash of the loc's bytes, given only when they are comparableUrl's form of the loc) into
 * `into` at `at` (high) and `at + 1` (low); 0 when the core gave none (what it wrote then means
 * nothing: hash comparableUrl(loc) instead, src/site/crawl-url-set.ts identityOf), else
 * TokenFlag.LocIdentity. A function, not a member, so that `import { parse }` leaves it out.
 *
 * @example
 * const has = readLocIdentity(entry, identities, 1); // identities[1], identities[2]
 */
export function readLocIdentity(entry: WholeEntry, into: Int32Array, at: number): number {
  const words = entry.words, scan = entry.record + (ENTRY_RECORDS - 1) * TOKEN_WORDS;
  into[at + 1] = words[scan + 4]!; // the low word first in memory
  into[at] = words[scan + 5]!;
  return (words[scan]! >> 8) & TokenFlag.LocIdentity;
}

/** walker.documentNamespace once a later root started: no interned id (0: none, -1: an unbound prefix) is it. */
const LATER_ROOT = -2;

/** What the record after the current one is (DocumentWalker.advance). */
export const enum NextRecord {
  /** The batch has no more records. */
  End = 0,
  Attribute = 1,
  NamespaceDeclaration = 2,
  Error = 3,
  Other = 4,
}

/**
 * The walker's events for the one that reads the document (the parser, the feed reader). Depths
 * count from 0 at the root. During an event, the walker's accessors (`local`, `line`, `value()`…)
 * read the record it is about.
 */
export interface WalkHandler {
  /** A start tag at `depth`; `walker.startsEntry` says whether it is an entry of the document's rule. */
  startElement(walker: DocumentWalker, depth: number): void;
  /** An end tag (also the implied ones of recovery; `cut`: implied by the end of the input). */
  endElement(walker: DocumentWalker, depth: number, implied: boolean, cut: boolean): void;
  /** A text run of the element at `depth`; whitespace-only runs only with ReaderFlag.KeepLeafWhitespace. */
  text(walker: DocumentWalker, depth: number, whitespaceOnly: boolean): void;
  /** An attribute of the element just started at `depth` (-1: of the XML declaration). */
  attribute(walker: DocumentWalker, depth: number): void;
  /** A whole entry (collapseEntries): `entry` reads it; the walker has numbered it. */
  wholeEntry?(walker: DocumentWalker, entry: WholeEntry): void;
  /** A whole entry's start and leading fields; the entry stays open (its depth is the walker's). */
  entryHead?(walker: DocumentWalker, entry: WholeEntry): void;
  /** `count` whole entries the core staged (stageEntries): their STAGED_WORDS words from `words[firstWord]`, priorities from `doubles[firstPriority]`. */
  stagedRun?(words: Int32Array, firstWord: number, count: number, doubles: Float64Array, firstPriority: number, arenaEnd: number): void;
  /** A whole `<xhtml:link rel hreflang href/>` (collapseAlternates): `alternateRel()` and friends read it. */
  alternate?(walker: DocumentWalker): void;
  /** The batch's records are all read. */
  endBatch?(walker: DocumentWalker): void;
}

/** The events an observer of the walk gets, after the handler has had each. */
export interface WalkObserver {
  /** Every start tag, the root included (depth 0). */
  startElement(walker: DocumentWalker, depth: number): void;
  /** Every end tag (also the implied ones of recovery); `depth` is that of the element. */
  endElement(walker: DocumentWalker, depth: number): void;
  /** A text run (whitespace-only runs are not reported); `depth` is that of its element. */
  text(walker: DocumentWalker, depth: number): void;
  /** An attribute of the element just started at `depth` (-1: of the XML declaration). */
  attribute(walker: DocumentWalker, depth: number): void;
}

/** What names the levels of a path below an entry's child (the extension reader: qualified, numbered). */
export interface PathBelowEntry {
  /** Depth of the open extension element, -1 when none is open. */
  readonly depth: number;
  /** The path from that element down to `depth` (exclusive), e.g. `/image:image[2]/image:loc`. */
  pathBelowEntry(walker: DocumentWalker, depth: number): string;
}

/** How the walker reports XML errors: strict (the first throws) or into `issues`. */
export interface XmlErrorPolicy {
  readonly recover: boolean;
  readonly issues: Issue[];
  /** A document that starts with a URL is told to read it with parseTextSitemap(). */
  readonly textSitemapHint: boolean;
}

/**
 * A push walker over one document: `push` bytes, get events. Owns the XmlReader (its options
 * are set through `reader`), the element names by depth, the entry numbers, and the paths of
 * issues (`urlset/url[41]/loc`).
 *
 * @example
 * const walker = new DocumentWalker(handler, ReaderFlag.StopAtFirstError, DOCUMENT_RULES, { recover: false, issues, textSitemapHint: true });
 * walker.reader.push(bytes, true);
 */
export class DocumentWalker {
  readonly reader: XmlReader;
  /** Gets the element events after the handler (validate); null: nobody. */
  observer: WalkObserver | null = null;
  /** Names the levels below an entry's extension element in paths; null: local names only. */
  pathBelow: PathBelowEntry | null = null;
  /** Depth of the next start tag (the open elements). */
  depth = 0;
  /** Depth of the open entry (beginEntry), -1 when none is open. */
  entryDepth = -1;
  /** The number of the last entry begun (1 for the first): whole ones, staged ones and those begun by the handler. */
  entryNumber = 0;
  /** The rule of the document's root (sitemap documents: walkers made with rules). */
  rule: DocumentRule | undefined;
  /** The namespace id of the root; LATER_ROOT once a second root started. */
  documentNamespace = 0;
  /** The namespace id of the (first) root, which a second root does not change. */
  rootNamespace = 0;
  /** Local-name id of the rule's entry element, -1 before the root. */
  entryId = -1;
  /** Local-name id -> field slot (FIELD_NAMES) for the rule; -1 for other names. */
  slotById: Int8Array = new Int8Array(0);
  /** The whole entry being read (wholeEntry, entryHead events). */
  readonly entry: WholeEntry;
  readonly #handler: WalkHandler;
  readonly #rules: readonly DocumentRule[] | null;
  readonly #errors: XmlErrorPolicy;
  /** The record the current event is about (word index in reader.words). */
  #record = 0;
  #batchEnd = 0;
  #words: Int32Array = new Int32Array(0);
  /** The records being read are an XML declaration's (its XmlDecl record, then its pseudo-attributes). */
  #inDeclaration = false;
  #roots = 0;
  /** Local-name id per depth. */
  readonly #names: number[] = [];
  /**
   * The path down to each depth, kept while the elements above it stay the same, so that a run
   * of issues deep in a document does not build a path of hundreds of names each time: fuzz seed
   * 20261129 input 9559, 998 XML_TOO_DEEP issues 512 levels down in 6.6 KB, took 0.25–1.7 s in
   * parse and validate, most of it collecting the garbage of those paths.
   */
  readonly #pathKeys: number[] = [];
  readonly #pathTexts: string[] = [];
  /** entryPath's text, and the entry (entryNumber, entryDepth) it is for. */
  #entryPathText = '';
  #entryPathNumber = -1;
  #entryPathDepth = -2;

  constructor(handler: WalkHandler, readerFlags: number, rules: readonly DocumentRule[] | null, errors: XmlErrorPolicy) {
    this.#handler = handler;
    this.#rules = rules;
    this.#errors = errors;
    this.entry = new WholeEntry(this);
    // The loop is a method of its own, and nothing follows it there: V8 runs it as code optimized
    // on stack (OSR) and keeps that code for the next batches, compiled before the loop had ever
    // ended, so a property read after the loop had no type feedback and threw that code away at
    // the end of every batch (--trace-deopt: "Insufficient type feedback for generic named access").
    const endsBatches = handler.endBatch !== undefined;
    this.reader = new XmlReader((reader, first, count) => {
      this.readBatch(reader, first, count);
      if (endsBatches) handler.endBatch!(this);
    }, readerFlags);
  }

  // ------------------------------------------------------------------ the current record
  /** Local-name id of the current start tag or attribute. */
  get local(): number {
    return this.#words[this.#record + Field.Local]!;
  }

  /** Prefix id of the current start tag or attribute (0: none). */
  get prefix(): number {
    return this.#words[this.#record + Field.Prefix]!;
  }

  /** Namespace id of the current start tag or attribute (0: none, -1: an unbound prefix). */
  get namespace(): number {
    return this.#words[this.#record + Field.Namespace]!;
  }

  /** Line of the current record's start (1-based). */
  get line(): number {
    return this.#words[this.#record + Field.Line]!;
  }

  /** Column of the current record's start (1-based, in code points). */
  get column(): number {
    return this.#words[this.#record + Field.Column]!;
  }

  /** The window offset of the current record's start. */
  get start(): number {
    return this.#words[this.#record + Field.Start]!;
  }

  /** The decoded text of the current text run or attribute value. */
  value(): string {
    const words = this.#words, r = this.#record;
    return this.reader.text(words[r + Field.ArenaStart]!, words[r + Field.ArenaEnd]!, words[r]! >> 8);
  }

  /** `prefix:local` (or `local`) of the current start tag or attribute. */
  qualifiedName(): string {
    const prefix = this.prefix;
    return (prefix > 0 ? this.reader.name(prefix) + ':' : '') + this.reader.name(this.local);
  }

  /** The current text run is one loc the core checked (watchText): its findings into `scan`; false when it found something (read the string). */
  readLocScan(scan: LocScan): boolean {
    return ((this.#words[this.#record]! >> 8) & TokenFlag.LocScanned) !== 0 && readCoreLocScan(this.#words, this.#record, scan);
  }

  /** An Alternate record's rel, hreflang and href (untrimmed). */
  alternateRel(): string {
    return this.reader.name(this.local);
  }

  alternateHreflang(): string {
    return this.reader.name(this.prefix);
  }

  /** The current start tag marks the start of an entry of the document's rule. */
  get startsEntry(): boolean {
    const words = this.#words, r = this.#record;
    return words[r + Field.Local] === this.entryId && words[r + Field.Namespace] === this.documentNamespace;
  }

  /** The root started now is a second one (XML_MULTIPLE_ROOTS follows): nothing in it is read as the document's. */
  get isLaterRoot(): boolean {
    return this.documentNamespace === LATER_ROOT;
  }

  /** Where the current record is, for a look at the records after it (advance, then back with `restore`). */
  mark(): number {
    return this.#record;
  }

  /** Makes the record after the current one current; what it is. */
  advance(): NextRecord {
    const next = this.#record + TOKEN_WORDS;
    if (next >= this.#batchEnd) return NextRecord.End;
    this.#record = next;
    switch (this.#words[next]! & 0xff) {
      case TokenKind.Attribute: return NextRecord.Attribute;
      case TokenKind.NamespaceDecl: return NextRecord.NamespaceDeclaration;
      case TokenKind.Error: return NextRecord.Error;
      default: return NextRecord.Other;
    }
  }

  /** Back to the record `mark` gave. */
  restore(mark: number): void {
    this.#record = mark;
  }

  // ------------------------------------------------------------------ entries and paths
  /** The element just started at `depth` is an entry: numbered now. */
  beginEntry(depth: number): void {
    this.entryDepth = depth;
    this.entryNumber++;
  }

  /** The open entry ended (or was dropped). */
  endEntry(): void {
    this.entryDepth = -1;
  }

  /** The number of the open entry (as its path has it), 0 outside entries. */
  openEntryNumber(): number {
    return this.entryDepth >= 0 ? this.entryNumber : 0;
  }

  /** The number of the entry that holds depth `depth` (an issue there), 0 for none. */
  entryAt(depth: number): number {
    return this.entryDepth >= 0 && depth >= this.entryDepth ? this.entryNumber : 0;
  }

  /** Local-name id of the element open at `depth`. */
  nameAt(depth: number): number {
    return this.#names[depth]!;
  }

  /**
   * The open entry's path (`urlset/url[3]`), made once per entry: an observer's every extension
   * item (validate) and every issue in it start with it (mixed-50k.xml: 140,000 items).
   */
  entryPath(): string {
    if (this.#entryPathNumber !== this.entryNumber || this.#entryPathDepth !== this.entryDepth) {
      this.#entryPathNumber = this.entryNumber;
      this.#entryPathDepth = this.entryDepth;
      // An entry directly in the root (all but broken documents): one string, without path()'s caches.
      this.#entryPathText = this.entryDepth === 1
        ? `${this.reader.name(this.#names[0]!)}/${this.reader.name(this.#names[1]!)}[${this.entryNumber}]`
        : this.path(this.entryDepth + 1, true);
    }
    return this.#entryPathText;
  }

  /**
   * `urlset/url[41]/loc`: element names down to `depth` (exclusive), the entry numbered; inside
   * an extension element (unless `plain`), qualified names with the item numbered
   * (`urlset/url[3]/image:image[2]/image:loc`).
   */
  path(depth = this.depth, plain = false): string {
    const below = plain ? null : this.pathBelow;
    const extensionDepth = below === null ? -1 : below.depth;
    const plainDepth = extensionDepth >= 0 ? Math.min(depth, extensionDepth) : depth;
    const keys = this.#pathKeys, texts = this.#pathTexts, names = this.#names;
    let path = '';
    let cached = true;
    for (let d = 0; d < plainDepth; d++) {
      const id = names[d]!;
      const numbered = d === this.entryDepth;
      // Names are ids >= -1; an entry's level is keyed by its number, below -2.
      const key = numbered ? -2 - this.entryNumber : id;
      if (cached && keys[d] === key) {
        path = texts[d]!;
        continue;
      }
      cached = false;
      const name = this.reader.name(id);
      const part = numbered ? `${name}[${this.entryNumber}]` : name;
      path = d === 0 ? part : `${path}/${part}`;
      keys[d] = key;
      texts[d] = path;
    }
    // A level made afresh: the deeper levels kept were made below the old one (urlset/url[1]/loc
    // came back for urlset/url[2]/loc once urlset/url[2] alone had been asked for).
    if (!cached && keys.length > plainDepth) keys.length = plainDepth;
    return extensionDepth >= 0 && depth > extensionDepth ? path + below!.pathBelowEntry(this, depth) : path;
  }

  // ------------------------------------------------------------------ the token loop
  private readBatch(reader: XmlReader, first: number, count: number): void {
    const words = reader.words;
    this.#words = words;
    const end = first + count * TOKEN_WORDS;
    this.#batchEnd = end;
    const handler = this.#handler;
    const observer = this.observer;
    for (let r = first; r < end; r += TOKEN_WORDS) {
      this.#record = r;
      const kindFlags = words[r]!;
      // Attribute records follow their start tag or their XML declaration.
      if ((kindFlags & 0xff) !== TokenKind.Attribute) this.#inDeclaration = (kindFlags & 0xff) === TokenKind.XmlDecl;
      switch (kindFlags & 0xff) {
        case TokenKind.StartTag: {
          const depth = this.depth++;
          this.#names[depth] = words[r + Field.Local]!;
          if (depth === 0 && this.#rules !== null) this.startRoot();
          handler.startElement(this, depth);
          if (observer !== null) observer.startElement(this, depth);
          break;
        }
        case TokenKind.EndTag: {
          const depth = --this.depth;
          const implied = (kindFlags >> 8 & TokenFlag.Implied) !== 0;
          // Closed by the end of the input (not by an outer end tag): what it holds was cut off.
          const cut = implied && words[r + Field.Start] === reader.endOfInput;
          handler.endElement(this, depth, implied, cut);
          if (observer !== null) observer.endElement(this, depth);
          break;
        }
        case TokenKind.Text: {
          const whitespaceOnly = (kindFlags >> 8 & TokenFlag.WhitespaceOnly) !== 0;
          handler.text(this, this.depth - 1, whitespaceOnly);
          if (observer !== null && !whitespaceOnly) observer.text(this, this.depth - 1);
          break;
        }
        case TokenKind.Error:
          this.xmlError();
          break;
        case TokenKind.Attribute:
          // The pseudo-attributes of an XML declaration misplaced inside an element (an error
          // already) are the declaration's, not the element's (found by the fuzzer: they became
          // attributes of an extension element, and validate reported them on the element).
          if (this.#inDeclaration && this.depth > 0) break;
          handler.attribute(this, this.depth - 1);
          if (observer !== null) observer.attribute(this, this.depth - 1);
          break;
        case TokenKind.Entry:
          // A whole entry directly in the root: numbered, and open while it is read.
          this.entry.words = words;
          this.entry.doubles = reader.doubles;
          this.entry.record = r;
          this.entryNumber++;
          this.entryDepth = this.depth;
          this.#names[this.depth] = this.entryId;
          handler.wholeEntry!(this, this.entry);
          this.entryDepth = -1;
          r += (ENTRY_RECORDS - 1) * TOKEN_WORDS; // its EntryMore and EntryScan
          break;
        case TokenKind.EntryHead: {
          this.entry.words = words;
          this.entry.doubles = reader.doubles;
          this.entry.record = r;
          const depth = this.depth++;
          this.#names[depth] = this.entryId;
          handler.entryHead!(this, this.entry);
          r += (ENTRY_RECORDS - 1) * TOKEN_WORDS;
          break;
        }
        case TokenKind.StagedRun: {
          const count = words[r + StagedRunField.Count]!;
          handler.stagedRun!(words, words[r + StagedRunField.FirstWord]!, count, reader.doubles, words[r + StagedRunField.FirstPriority]!, words[r + StagedRunField.ArenaEnd]!);
          this.entryNumber += count;
          break;
        }
        case TokenKind.Alternate:
          handler.alternate!(this);
          break;
        default:
          // Namespace declarations, comments, PIs: nothing a reader of entries needs.
          break;
      }
    }
  }

  /**
   * A root started: its rule (DOCUMENT_RULES), or none (the handler says what it is instead). A
   * second element at depth 0 is no root to check: the core's XML_MULTIPLE_ROOTS record for it
   * follows. Checked as a root, `<junk/>` after `</urlset>` was "not a sitemap". Nor is anything in
   * it an entry of the first root: no element is in the namespace LATER_ROOT, so none in it starts
   * an entry or a field (a <sitemapindex> after a <urlset> had its <sitemap>s kept as pages).
   */
  private startRoot(): void {
    if (this.#roots++ > 0) {
      this.documentNamespace = LATER_ROOT;
      return;
    }
    const name = this.reader.name(this.local);
    const rule = this.#rules!.find((candidate) => candidate.root === name);
    if (rule === undefined) return;
    this.rule = rule;
    this.documentNamespace = this.rootNamespace = this.namespace;
    const ids = this.reader.ids;
    this.entryId = ids.get(rule.entry)!;
    const fields = Object.keys(rule.fields);
    let size = 0;
    for (const field of fields) size = Math.max(size, ids.get(field)! + 1);
    this.slotById = new Int8Array(size).fill(-1);
    for (const field of fields) this.slotById[ids.get(field)!] = FIELD_NAMES.indexOf(field);
  }

  /** Field slot of local-name id `local` in the document's namespace, -1 for other names. */
  slotOf(local: number): number {
    return local < this.slotById.length ? this.slotById[local]! : -1;
  }

  /** An Error record: thrown as a SitemapError in strict mode, an issue when recovering. */
  private xmlError(): void {
    const words = this.#words, r = this.#record, reader = this.reader;
    const known = XML_ERRORS[words[r + Field.Local]!];
    const [code, knownMessage] = known ?? (['XML_TAG_SYNTAX', 'Malformed XML'] as const);
    const line = words[r + Field.Line]!, column = words[r + Field.Column]!;
    let message: string = knownMessage;
    // A document that starts with a URL is most likely the protocol's text format.
    if (this.#errors.textSitemapHint && code === 'XML_TEXT_OUTSIDE_ROOT' && line === 1 && column === 1 && reader.windowOffset === 0 && /^https?:\/\//i.test(reader.source(words[r + Field.Start]!, words[r + Field.Start]! + 8))) {
      message += ': it starts with a URL, as a text sitemap (one URL per line) does: read it with parseTextSitemap()';
    }
    const entry = this.entryDepth >= 0 && this.depth > this.entryDepth ? this.entryNumber : 0; // as path() numbers it
    if (!this.#errors.recover) {
      throw new SitemapError(code as ErrorCode, message, { line, column, offset: reader.windowOffset + words[r + Field.Start]!, path: this.path(), entry });
    }
    this.#errors.issues.push(createIssue(code, 'error', message, line, column, this.path(), entry));
  }
}

/**
 * The whole entry the walker is at (an Entry or EntryHead record group, assembly/entries.ts): an
 * entry the core found to hold only its fields, each once, with no error, attribute or other
 * markup inside. Its values are read from the core's arenas, valid during the event only.
 */
export class WholeEntry {
  /** The batch's records (as words and as doubles) and the entry's first record in them: set by the walker before each event. */
  words: Int32Array = new Int32Array(0);
  doubles: Float64Array = new Float64Array(0);
  record = 0;

  readonly #walker: DocumentWalker;

  constructor(walker: DocumentWalker) {
    this.#walker = walker;
  }

  private get flags(): number {
    return this.words[this.record]! >> 8;
  }

  get hasLoc(): boolean { return (this.flags & EntryFlag.HasLoc) !== 0; }
  get hasLastmod(): boolean { return (this.flags & EntryFlag.HasLastmod) !== 0; }
  get hasChangefreq(): boolean { return (this.flags & EntryFlag.HasChangefreq) !== 0; }
  get hasPriority(): boolean { return (this.flags & EntryFlag.HasPriority) !== 0; }
  /** The loc is not ASCII (it is in the wide arena, not at locStart..locEnd of the ASCII one). */
  get locWide(): boolean { return (this.flags & EntryFlag.LocWide) !== 0; }
  get lastmodWide(): boolean { return (this.flags & EntryFlag.LastmodWide) !== 0; }
  /** The core read the lastmod as a plain date or date-time valid in both grammars: `lastmodTime` is its earliest instant. */
  get lastmodChecked(): boolean { return (this.flags & EntryFlag.LastmodChecked) !== 0; }
  /** The entry stays open: other children and its end tag follow. */
  get isHead(): boolean { return (this.words[this.record]! & 0xff) === TokenKind.EntryHead; }

  get line(): number { return this.words[this.record + Field.Line]!; }
  get column(): number { return this.words[this.record + Field.Column]!; }

  /** ASCII-arena offsets of the loc and lastmod (when not wide). */
  get locStart(): number { return this.words[this.record + EntryField.LocStart]!; }
  get locEnd(): number { return this.words[this.record + EntryField.LocEnd]!; }
  get lastmodStart(): number { return this.words[this.record + EntryField.LastmodStart]!; }
  get lastmodEnd(): number { return this.words[this.record + EntryField.LastmodEnd]!; }

  /** 1..7: the changefreq is CHANGEFREQ_VALUES[code - 1] (maybe with white space around it); 0 or less: another value. */
  get changefreqCode(): number { return this.words[this.record + EntryField.ChangefreqCode]!; }

  /** Length of the raw changefreq text. */
  get changefreqLength(): number {
    const more = this.record + TOKEN_WORDS;
    return this.words[more + EntryField.ChangefreqEnd]! - this.words[more + EntryField.ChangefreqStart]!;
  }

  /** The priority the core read (a short decimal). */
  get priorityValue(): number {
    return this.doubles[(this.record + TOKEN_WORDS + EntryField.PriorityValue) >> 1]!;
  }

  /** With lastmodChecked: the lastmod's earliest instant (ms since the epoch). */
  get lastmodTime(): number {
    return this.doubles[(this.record + (ENTRY_RECORDS - 1) * TOKEN_WORDS + EntryField.LastmodTime) >> 1]!;
  }

  /** How many fields, in document order (fieldAt). */
  get fieldCount(): number {
    return (this.words[this.record + TOKEN_WORDS + EntryField.FieldOrder]! >> 8) & 7;
  }

  /** The slot of the `k`th field in document order. */
  fieldAt(k: number): number {
    return (this.words[this.record + TOKEN_WORDS + EntryField.FieldOrder]! >> (k << 1)) & 3;
  }

  /** The core ran its loc checks on the loc (watchText). */
  get locScanned(): boolean {
    return ((this.words[this.record + (ENTRY_RECORDS - 1) * TOKEN_WORDS]! >> 8) & TokenFlag.LocScanned) !== 0;
  }

  /** With locScanned: the loc's id in the core's loc set, -1 when it has none. */
  get locId(): number {
    return this.words[this.record + (ENTRY_RECORDS - 1) * TOKEN_WORDS + EntryField.LocId]!;
  }

  /** With locScanned: its findings into `scan`; false when it found something (read the string). */
  readLocScan(scan: LocScan): boolean {
    return readCoreLocScan(this.words, this.record + (ENTRY_RECORDS - 1) * TOKEN_WORDS, scan);
  }

  /**
   * The raw (untrimmed) text of field `slot`. A changefreq or priority the core took is always
   * ASCII (a non-ASCII one is read record by record).
   */
  text(slot: number): string {
    const words = this.words, r = this.record, reader = this.#walker.reader;
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
   * Line and column of field `slot`'s start tag (`element`), or of its text (as the core counts
   * them, from the entry's start tag).
   */
  fieldPosition(slot: number, element: boolean): [number, number] {
    const words = this.words, r = this.record;
    const offsets = words[r + TOKEN_WORDS + (slot < 2 ? EntryField.FieldOffsetsLow : EntryField.FieldOffsetsHigh)]!;
    const start = words[r + Field.Start]!;
    const at = start + ((slot & 1) === 0 ? offsets & 0xffff : offsets >>> 16);
    const to = element ? at : at + FIELD_NAMES[slot]!.length + 2; // past <name>
    return this.#walker.reader.positionAt(start, words[r + Field.Line]!, words[r + Field.Column]!, to);
  }
}
