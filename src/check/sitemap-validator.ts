// The rules of one validation against sitemaps.org 0.9, its XSDs and Google's rules (SPEC.md §1,
// §2, §5, §6): an observer of SitemapParser's walk, so the document is walked once (validate.ts
// drives it).

import { DatetimeFields, DatetimeProblem, describeDatetimeProblem, isInBothGrammars, readDatetime, type DatetimeGrammar } from '../values/datetime';
import { SEVERITY } from '../model/codes';
import type { ErrorCode } from '../model/errors';
import { createIssue, DuplicateKind } from '../model/issue';
import type { PreparedInput } from '../input/input';
import { CHANGEFREQ_VALUES, LIMITS } from '../model/limits';
import { DOCUMENT_RULES } from '../model/rules';
import type { SitemapParserObserver } from '../read/parse';
import type { ExtensionItemSource } from '../read/extensions';
import type { HostCount, Issue, IssueSeverity, SitemapKind, ValidationProfile, ValidationStats } from '../model/types';
import { afterLeadingWhitespace, stringToBytes, trimXmlSpace } from '../values/text';
import { codePointLength, collapseWhitespace, hostOf, isPlainUriReference, isXsdAnyUri, LocFinding, LocScan, noHostProblem, outOfScope, scanLoc, type LocationScope } from '../values/url-check';
import { ExtensionValidator } from './validate-extensions';
import { LongKeyMap } from '../values/long-key-map';
import { ID_ENCODING } from '../core/xml-reader';
import { FIELD_NAMES, SLOT_CHANGEFREQ, SLOT_LASTMOD, SLOT_LOC, SLOT_PRIORITY, type DocumentWalker, type WholeEntry } from '../read/walker';
import { isDecimal, isDecimalFromZeroToOne, significantDigits } from '../values/xsd-decimal';
import { FirstEntries } from './first-entries';


const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
const CHANGEFREQ_SET = new Set<string>(CHANGEFREQ_VALUES);

/**
 * Severity of rules the authorities weigh differently, by profile (codes.ts SEVERITY): a rule the
 * XSD cannot express is a warning in the `xsd` profile, so that there `valid` is exactly the
 * XSD's verdict; a rule only the XSD has (order, foreign elements) is a warning for `google`.
 */
export const RULE_SEVERITY = {
  /** sitemap.xsd: fixed child order; Google reads the fields in any order. */
  childOrder: SEVERITY.xsdOnly,
  /** Foreign-namespace elements where the XSD has no wildcard, stray text, undeclared attributes. */
  xsdOnly: SEVERITY.xsdOnly,
  /** The protocol's own rules: encoding, limits, host and directory scope, nested indexes. */
  protocolOnly: SEVERITY.googleOnly,
} as const satisfies Record<string, readonly [IssueSeverity, IssueSeverity]>;

type Rule = keyof typeof RULE_SEVERITY;

/** What a validation is asked to check (validate.ts reads them from ValidateOptions). */
export interface ValidatorSettings {
  profile: ValidationProfile;
  scope: LocationScope | undefined;
  /** Lowercase hosts (`hostname` or `hostname:port`). */
  crossSubmit: ReadonlySet<string>;
  childKinds: ((loc: string) => SitemapKind | undefined) | undefined;
  nowTime: number;
}

/**
 * The rules of one validation, an observer of SitemapParser's walk: depths, names, paths and
 * entry numbers are the walker's (walker.ts). Per-entry work is one pass over the loc's bytes (or
 * its string when it is not plain ASCII) and short loops over the other values; nothing is
 * allocated per entry except issues (the locs themselves are in the core's loc set).
 *
 * @example
 * const validator = new SitemapValidator({ profile: 'google', scope: undefined, crossSubmit: new Set(), childKinds: undefined, nowTime: Date.now() });
 * createObservedParser({ recover: true }, validator).push(bytes, true);
 */
export class SitemapValidator implements SitemapParserObserver {
  readonly issues: Issue[] = [];
  /** Where its issues go: `issues`, or validationSteps' `issueSink` (the crawl keeps a few of a file's thousands). */
  sink = (issue: Issue): void => { this.issues.push(issue); };
  /**
   * validationSteps' `countsOnly`, asked before an issue is made: true when the caller would drop
   * an issue at this position, and has counted it; then its message, path and object are never
   * made (a crawled file can have thousands, of which the crawl keeps the first few). A negative
   * line (a whole entry's position, not worked out yet) must be answered false. An answer true for
   * a position must hold for every later one (the crawl's does: FirstIssues counts what comes at
   * or after its last kept issue): a whole entry's issue is asked about at the entry's start
   * first, so that one past the kept ones needs neither its position worked out nor its path.
   */
  countsOnly?: (code: ErrorCode, severity: IssueSeverity, line: number, column: number) => boolean;
  readonly #xsd: boolean;
  readonly #profileIndex: 0 | 1;
  readonly #nowTime: number;
  readonly #scope: LocationScope | undefined;
  readonly #crossSubmit: ReadonlySet<string>;
  readonly #childKinds: ((loc: string) => SitemapKind | undefined) | undefined;
  /** The walk's walker, from the root on. */
  #walker: DocumentWalker | undefined;

  kind: SitemapKind | undefined;
  rootLine = 0;
  rootColumn = 0;
  #otherEntryId = -1;
  /** The slot of the whole entry's field being checked (its issues' paths), -1 outside whole entries. */
  #wholeSlot = -1;

  // Walk state.
  #skipDepth = -1; // an element whose subtree is not examined (reported already, or an extension)
  #entryLine = 0;
  #entryColumn = 0;
  #lastSlot = -1;
  #extensionSeen = false;
  #fieldDepth = -1;
  #fieldSlot = -1;
  /** The open loc field is one ASCII text run in which the core's loc checks found nothing (`locScan` holds the rest). */
  #locScannedByCore = false;
  #textLine = 0;
  #textColumn = 0;
  #locLine = 0;
  #locColumn = 0;
  #locSeen = false;
  /** The entry's loc; while `locPending`, not made yet (see locValue). */
  #loc = '';
  /** The loc of the current whole entry is clean and in the core's loc set: its string is made only if asked for. */
  #locPending = false;
  /** The loc's id in the core's loc set, -1 when the core did not add it (firstEntries adds it then). */
  #locId = -1;
  /** The id (EntryScan's LocId) of the whole entry's loc being checked, else -1. */
  #wholeLocId = -1;
  #locHostStart = 0;
  #locHostEnd = 0;
  #locHostHash = 0;
  /** The loc has no dot-segment (LocScan.noDotSegment): outOfScope need not look for one. */
  #locNoDotSegment = false;
  /** The scope's prefix as UTF-8 bytes (prefixAt), undefined without a scope. */
  readonly #prefixBytes: DataView | undefined;
  /** The ASCII arena of the current batch (prefixAt), taken at its first use in the batch; undefined before. */
  #arena: DataView | undefined;

  // Statistics.
  entries = 0;
  readonly #firstEntries = new FirstEntries();
  readonly #hosts: HostCount[] = [];
  readonly #hostIndex = new LongKeyMap<HostCount>(); // a host can be as long as a loc
  #lastHost: HostCount | undefined;
  #lastHostHash = 0;
  #lastHostLength = -1;
  readonly #extensionIds = new Set<number>();
  readonly extensions: string[] = [];
  #lastmodMin = '';
  #lastmodMax = '';
  #lastmodMinTime = Infinity;
  #lastmodMaxTime = -Infinity;
  encodingLine = 0;
  encodingColumn = 0;
  declaredEncoding: string | undefined;

  readonly #datetime = new DatetimeFields();
  /** For reading a lastmod with the other profile's grammar (checkLastmodOtherGrammar). */
  readonly #otherDatetime = new DatetimeFields();
  readonly #locScan = new LocScan();
  /** SPEC.md §3, fed by the parser's extension hook; made at the first extension item. */
  #extensionRules: ExtensionValidator | undefined;
  readonly #profile: ValidationProfile;

  constructor(options: ValidatorSettings) {
    this.#xsd = options.profile === 'xsd';
    this.#profile = options.profile;
    this.#profileIndex = this.#xsd ? 1 : 0;
    this.#nowTime = options.nowTime;
    this.#scope = options.scope;
    this.#crossSubmit = options.crossSubmit;
    this.#childKinds = options.childKinds;
    if (this.#scope) this.#prefixBytes = new DataView(stringToBytes(this.#scope.prefix).buffer);
  }

  /** About how many entries the document has (sizes the duplicate table). */
  reserveEntries(entries: number): void {
    this.#firstEntries.reserve(entries);
  }

  severity(rule: Rule): IssueSeverity {
    return RULE_SEVERITY[rule][this.#profileIndex];
  }

  // ------------------------------------------------------------------ observer
  root(walker: DocumentWalker): void {
    const kind = walker.rule!.root;
    this.#walker = walker;
    this.kind = kind;
    this.#otherEntryId = walker.reader.ids.get(DOCUMENT_RULES.find((rule) => rule.root !== kind)!.entry) ?? -2;
    this.rootLine = walker.line;
    this.rootColumn = walker.column;
  }

  startElement(walker: DocumentWalker, depth: number): void {
    const reader = walker.reader;
    const local = walker.local;
    const namespace = walker.namespace;
    if (namespace !== walker.rootNamespace && namespace > 0 && !this.#extensionIds.has(namespace)) {
      this.#extensionIds.add(namespace);
      this.extensions.push(reader.name(namespace));
    }
    if (depth === 0) return;
    if (this.#skipDepth >= 0) return;
    const line = walker.line, column = walker.column;
    const inSitemapNamespace = namespace === walker.rootNamespace;
    if (inSitemapNamespace && local === walker.entryId) {
      // The parser began it (the walker numbered it); an entry inside an entry is its SITEMAP_NESTED_ENTRY.
      this.#entryLine = line;
      this.#entryColumn = column;
      this.#lastSlot = -1;
      this.#extensionSeen = false;
      this.#fieldDepth = -1;
      this.#locSeen = false;
      this.#locPending = false;
      return;
    }
    if (depth === 1) {
      const name = reader.name(local);
      if (inSitemapNamespace) this.misplacedSitemapElement(name, local, depth, line, column);
      else this.add('SITEMAP_UNEXPECTED_ELEMENT', this.severity('xsdOnly'), `<${name}> (namespace ${reader.name(namespace) || 'none'}) directly in <${this.rootName()}>, which may hold only <${this.entryName()}> elements`, line, column, depth);
      this.#skipDepth = depth;
      return;
    }
    if (walker.entryDepth >= 0 && depth === walker.entryDepth + 1) {
      const slot = inSitemapNamespace ? walker.slotOf(local) : -1;
      if (slot >= 0) {
        if (this.kind === 'urlset' && (this.#extensionSeen || slot < this.#lastSlot)) {
          const name = reader.name(local);
          // sitemap.xsd: a sequence loc, lastmod, changefreq, priority, then extensions (siteindex.xsd's xsd:all has no order).
          if (this.#extensionSeen) this.add('SITEMAP_CHILD_ORDER', this.severity('childOrder'), `<${name}> after extension elements: sitemap.xsd wants loc, lastmod, changefreq, priority before any extension`, line, column, depth);
          else if (slot < this.#lastSlot) this.add('SITEMAP_CHILD_ORDER', this.severity('childOrder'), `<${name}> after <${FIELD_NAMES[this.#lastSlot]}>: sitemap.xsd wants the order loc, lastmod, changefreq, priority`, line, column, depth);
        }
        if (slot > this.#lastSlot) this.#lastSlot = slot;
        this.#fieldDepth = depth;
        this.#fieldSlot = slot;
        this.#textLine = 0;
        this.#locScannedByCore = false;
        return;
      }
      const name = reader.name(local);
      if (inSitemapNamespace) this.misplacedSitemapElement(name, local, depth, line, column);
      else if (this.kind === 'sitemapindex') {
        this.add('SITEMAP_UNEXPECTED_ELEMENT', this.severity('xsdOnly'), `<${name}> (namespace ${reader.name(namespace) || 'none'}) in a <sitemap> entry: siteindex.xsd allows only <loc> and <lastmod> there`, line, column, depth);
      } else if (namespace === 0) {
        this.add('SITEMAP_UNEXPECTED_ELEMENT', this.severity('xsdOnly'), `<${name}> in no namespace inside <url>: extension elements must be in their own namespace (sitemap.xsd's ##other)`, line, column, depth);
      } else {
        this.#extensionSeen = true; // an extension: allowed, checked by its own rules
      }
      this.#skipDepth = depth;
      return;
    }
    if (this.#fieldDepth >= 0 && depth === this.#fieldDepth + 1) {
      const name = reader.name(local);
      this.add('SITEMAP_UNEXPECTED_ELEMENT', 'error', `<${name}> inside <${reader.name(walker.nameAt(this.#fieldDepth))}>: its value must be text only`, line, column, depth);
      this.#skipDepth = depth;
    }
  }

  endElement(_walker: DocumentWalker, depth: number): void {
    if (depth === this.#skipDepth) this.#skipDepth = -1;
    else if (depth === this.#fieldDepth) { this.#fieldDepth = -1; this.#fieldSlot = -1; }
  }

  text(walker: DocumentWalker, depth: number): void {
    if (depth === this.#fieldDepth) {
      if (this.#textLine === 0) {
        this.#textLine = walker.line;
        this.#textColumn = walker.column;
        // A loc that is one ASCII run was checked by the core (watchText in createObservedParser).
        if (this.#fieldSlot === SLOT_LOC) this.#locScannedByCore = walker.readLocScan(this.#locScan);
      } else {
        this.#locScannedByCore = false; // more than one run (a comment inside): read the string
      }
      return;
    }
    if (depth < 0 || this.#skipDepth >= 0 || (depth !== 0 && depth !== walker.entryDepth)) return;
    const raw = walker.value();
    const text = trimXmlSpace(raw);
    const where = depth === 0 ? `<${this.rootName()}>` : `<${this.entryName()}>`;
    const [line, column] = afterLeadingWhitespace(raw, walker.line, walker.column);
    this.add('SITEMAP_UNEXPECTED_TEXT', this.severity('xsdOnly'), `Text directly inside ${where}, where only elements belong`, line, column, depth, text.length > 60 ? text.slice(0, 60) + '…' : text);
  }

  attribute(walker: DocumentWalker, depth: number): void {
    if (depth < 0) {
      if (walker.local === ID_ENCODING) {
        this.declaredEncoding = walker.value();
        this.encodingLine = walker.line;
        this.encodingColumn = walker.column;
      }
      return;
    }
    if (this.#skipDepth >= 0 || this.kind === undefined) return;
    const reader = walker.reader;
    const namespace = walker.namespace;
    if (namespace < 0 || (namespace > 0 && reader.name(namespace) === XSI_NAMESPACE)) return; // xsi:schemaLocation and friends are always allowed; an unbound prefix is an XML error already
    const element = reader.name(walker.nameAt(depth));
    this.add('SITEMAP_UNEXPECTED_ATTRIBUTE', this.severity('xsdOnly'), `Attribute ${walker.qualifiedName()} on <${element}>: the sitemap schemas declare no attributes`, walker.line, walker.column, depth, walker.value());
  }

  field(slot: number, value: string, raw: string, line: number, column: number): void {
    // Point at the value itself when there is one (past leading white space), else at the element.
    let valueLine = line, valueColumn = column;
    if (this.#textLine !== 0) {
      if (raw.charCodeAt(0) > 32) { valueLine = this.#textLine; valueColumn = this.#textColumn; }
      else [valueLine, valueColumn] = afterLeadingWhitespace(raw, this.#textLine, this.#textColumn);
    }
    this.checkField(slot, value, raw, valueLine, valueColumn);
  }

  /**
   * A whole entry (assembly/entries.ts): only its fields, each once, nothing else inside, so the
   * element rules have only the order to check. Positions are worked out only for issues: a
   * negative line is a marker that addAt resolves (see wholeEntryPosition). An EntryHead is the
   * same for the fields before an entry's first other child; the entry stays open.
   */
  wholeEntry(_walker: DocumentWalker, entry: WholeEntry): void {
    this.#entryLine = entry.line;
    this.#entryColumn = entry.column;
    this.#lastSlot = -1;
    this.#extensionSeen = false;
    this.#locSeen = false;
    this.#locPending = false;
    this.#fieldDepth = 2;
    for (let k = 0, count = entry.fieldCount; k < count; k++) {
      const slot = entry.fieldAt(k);
      this.#wholeSlot = slot;
      if (slot < this.#lastSlot && this.kind === 'urlset') {
        this.add('SITEMAP_CHILD_ORDER', this.severity('childOrder'), `<${FIELD_NAMES[slot]}> after <${FIELD_NAMES[this.#lastSlot]}>: sitemap.xsd wants the order loc, lastmod, changefreq, priority`, -2 - 2 * slot, 0, 2);
      }
      if (slot > this.#lastSlot) this.#lastSlot = slot;
      // Values the core classified need no string when they pass: a changefreq that is one of the
      // seven with no white space around it (which sitemap.xsd refuses: an error for the xsd
      // profile, a warning for google), a priority in 0.0-1.0 (the core read it as a decimal, as
      // readDecimal would).
      if (slot === SLOT_CHANGEFREQ) {
        const code = entry.changefreqCode;
        if (code > 0 && entry.changefreqLength === CHANGEFREQ_VALUES[code - 1]!.length) continue;
      } else if (slot === SLOT_PRIORITY) {
        const priority = entry.priorityValue;
        if (priority >= 0 && priority <= 1) continue;
      } else if (slot === SLOT_LASTMOD && entry.lastmodChecked) {
        // A plain date or date-time the core read (valid in both grammars): only its time matters.
        const time = entry.lastmodTime;
        if (time > this.#nowTime || time < this.#lastmodMinTime || time > this.#lastmodMaxTime) {
          this.lastmodTime(time, trimXmlSpace(entry.text(slot)), -1 - 2 * slot, 0, 2);
        }
        continue;
      } else if (slot === SLOT_LOC && entry.locScanned) {
        this.#wholeLocId = entry.locId;
        // The common case: a loc the core found clean and added to its loc set needs no string
        // (locValue makes it if an issue or a rule asks for it). Its raw length bounds it from
        // above; a host ending at 12 characters or later, from below (sitemap.xsd's minLength 12:
        // a shorter clean loc takes checkLoc for its warning).
        if (!this.#xsd && this.#wholeLocId >= 0 && !this.#locSeen && entry.locEnd - entry.locStart < LIMITS.maxLocLength
          && entry.readLocScan(this.#locScan) && this.#locScan.hostEnd >= LIMITS.minLocLength) {
          this.takeLoc('', -1 - 2 * SLOT_LOC, 0);
          this.#locPending = true;
          continue;
        }
      }
      const raw = entry.text(slot);
      const value = trimXmlSpace(raw);
      this.#fieldSlot = slot;
      this.#locScannedByCore = slot === SLOT_LOC && entry.locScanned && entry.readLocScan(this.#locScan);
      // The value's position past leading white space, or the element's when it has no value (as field()).
      this.checkField(slot, value, raw, value === '' ? -2 - 2 * slot : -1 - 2 * slot, 0);
      this.#wholeLocId = -1; // not taken when the entry has its loc already
    }
    this.#wholeSlot = -1;
    this.#fieldDepth = -1;
    this.#fieldSlot = -1;
    if (entry.isHead) {
      // Open: entry() comes with the end tag, maybe in a later batch, when this window is gone.
      if (this.#locSeen && this.#locLine < 0) [this.#locLine, this.#locColumn] = this.wholeEntryPosition(this.#locLine);
      this.locValue();
    }
  }

  /** Resolves a position marker of the current whole entry: -1 - 2 * slot (its value) or -2 - 2 * slot (its element). */
  private wholeEntryPosition(marker: number): [number, number] {
    const entry = this.#walker!.entry;
    const slot = (-1 - marker) >> 1;
    if (((-1 - marker) & 1) === 1) return entry.fieldPosition(slot, true);
    const [line, column] = entry.fieldPosition(slot, false);
    const raw = entry.text(slot);
    return raw.charCodeAt(0) > 32 ? [line, column] : afterLeadingWhitespace(raw, line, column);
  }

  private checkField(slot: number, value: string, raw: string, valueLine: number, valueColumn: number): void {
    const depth = this.#fieldDepth;
    switch (slot) {
      case SLOT_LOC:
        this.checkLoc(value, valueLine, valueColumn, depth);
        if (!this.#locSeen) this.takeLoc(value, valueLine, valueColumn);
        break;
      case SLOT_LASTMOD: this.checkLastmod(value, valueLine, valueColumn, depth); break;
      case SLOT_CHANGEFREQ: this.checkChangefreq(value, raw, valueLine, valueColumn, depth); break;
      case SLOT_PRIORITY: this.checkPriority(value, valueLine, valueColumn, depth); break;
    }
  }

  /** The entry's (first) loc, with what the loc scan found out about it, for entry(). */
  private takeLoc(value: string, line: number, column: number): void {
    const scan = this.#locScan;
    this.#locSeen = true;
    this.#loc = value;
    this.#locId = this.#wholeLocId;
    this.#wholeLocId = -1;
    this.#locLine = line;
    this.#locColumn = column;
    this.#locHostStart = scan.hostStart;
    this.#locHostEnd = scan.hostEnd;
    this.#locHostHash = scan.hostHash;
    this.#locNoDotSegment = scan.noDotSegment;
  }

  /**
   * Whether the pending loc (locValue) starts with the scope's prefix, read on its bytes in the
   * core's ASCII arena (its untrimmed start is then its start; a prefix that is not ASCII never
   * matches): no string is made for it. The arena's view is taken once a batch (endBatch).
   */
  private prefixAt(): boolean {
    const prefix = this.#prefixBytes!, entry = this.#walker!.entry, start = entry.locStart;
    let at = prefix.byteLength - 4;
    if (entry.locEnd - start < at + 4) return false;
    let arena = this.#arena;
    if (!arena) {
      const bytes = this.#walker!.reader.asciiArena();
      arena = this.#arena = new DataView(bytes.buffer, bytes.byteOffset);
    }
    for (; at > 0; at -= 4) if (arena.getInt32(start + at) !== prefix.getInt32(at)) return false;
    return arena.getInt32(start) === prefix.getInt32(0);
  }

  /** The entry's loc, made now from the current whole entry if it was left pending. */
  private locValue(): string {
    if (this.#locPending) {
      this.#loc = trimXmlSpace(this.#walker!.entry.text(SLOT_LOC));
      this.#locPending = false;
    }
    return this.#loc;
  }

  endBatch(): void {
    this.#arena = undefined; // the next batch's arena may be elsewhere, or in grown memory
  }

  extension(item: ExtensionItemSource): void {
    this.extensionValidator().item(item);
  }

  /** The extension rules, made at the first extension item or issue (a document without any pays nothing). */
  private extensionValidator(): ExtensionValidator {
    return this.#extensionRules ??= new ExtensionValidator(this.#profile, this.#nowTime, (issue) => this.sink(issue));
  }

  /** How validate weighs an extension issue the parser reported (ExtensionValidator.parserIssueSeverity); undefined for other codes. */
  parserExtensionIssueSeverity(issue: Issue, profileIndex: 0 | 1): IssueSeverity | null | undefined {
    if (issue.code !== 'SITEMAP_EXTENSION_MISSING_TAG' && issue.code !== 'SITEMAP_EXTENSION_BAD_VALUE' && issue.code !== 'SITEMAP_EXTENSION_IGNORED') return undefined;
    return this.extensionValidator().parserIssueSeverity(issue, profileIndex);
  }

  /**
   * The parser's hook: it reported `issue` (SITEMAP_DUPLICATE_FIELD) for a second `kind`, which
   * this weighs in the profile: "exactly one loc", for everyone; a second news:news is the
   * parser's choice (sitemap.xsd's ##other wildcard takes any number); a field (sitemap.xsd and
   * the extensions' schemas allow each once) as the child order.
   *
   * @example
   * validator.duplicate(issue, DuplicateKind.Loc); // issue.severity: 'error'
   */
  duplicate(issue: Issue, kind: DuplicateKind): void {
    issue.severity = kind === DuplicateKind.Loc ? 'error' : kind === DuplicateKind.Item ? 'warning' : this.severity('childOrder');
  }

  /** The whole-file extension rules (hreflang reciprocity), once the document has ended. */
  finishExtensions(): void {
    const reader = this.#walker?.reader;
    if (reader !== undefined) this.#extensionRules?.finish((loc) => this.#firstEntries.listed(reader, loc));
  }

  entry(index: number): void {
    this.entries = index + 1;
    if (this.#extensionRules?.active === true) this.#extensionRules.endEntry(this.#locSeen ? this.locValue() : '');
    const limit = this.kind === 'sitemapindex' ? LIMITS.maxSitemapsPerIndex : LIMITS.maxUrlsPerSitemap;
    if (index === limit) {
      const code = this.kind === 'sitemapindex' ? 'INDEX_TOO_MANY_SITEMAPS' : 'SITEMAP_TOO_MANY_URLS';
      this.addAt(code, this.severity('protocolOnly'), `More than ${limit.toLocaleString('en-US')} <${this.entryName()}> entries in one file: this is entry ${(index + 1).toLocaleString('en-US')} (split the file and list the parts in a sitemap index)`, this.#entryLine, this.#entryColumn, this.entryPath(), undefined, this.entryNumber());
    }
    if (!this.#locSeen) return;
    // The parser keeps the first loc too. A pending one (locValue) is never empty.
    if (!this.#locPending && this.#loc === '') return;
    const number = this.entryNumber();
    const first = this.#locId >= 0
      ? this.#firstEntries.firstWithId(this.#locId, number)
      : this.#firstEntries.firstWith(this.#walker!.reader, this.#loc, number);
    // (A whole entry's duplicate asked about at the entry's start first: see countsOnly.)
    if (first !== 0 && !(this.#locLine < 0 && this.countsOnly?.('SITEMAP_DUPLICATE_LOC', 'warning', this.#entryLine, this.#entryColumn))) {
      // Asked before the message and path are made: a crawled file's duplicates past its first
      // kept issues are only counted (the bench site's files have about 3,900 each).
      if (this.#locLine < 0) [this.#locLine, this.#locColumn] = this.wholeEntryPosition(this.#locLine);
      if (!this.countsOnly?.('SITEMAP_DUPLICATE_LOC', 'warning', this.#locLine, this.#locColumn)) this.addAt('SITEMAP_DUPLICATE_LOC', 'warning', `This loc is listed already, in <${this.entryName()}> ${first}`, this.#locLine, this.#locColumn, this.entryPath() + '/loc', this.locValue(), number);
    }
    if (this.#locHostStart > 0) this.countHost();
    if (!this.#scope && this.#childKinds === undefined) return;
    // A url entry's pending loc with no dot-segment that starts with the prefix is in scope (as
    // outOfScope's fast path says), found on its bytes: 23 ns a loc less than outOfScope on its
    // string and the string itself (the crawl bench's, Node 20, 2026-11-27).
    if (this.#locPending && this.#locNoDotSegment && this.#scope && this.kind === 'urlset' && this.prefixAt()) return;
    const loc = this.locValue();
    if (this.#scope) {
      const why = outOfScope(loc, this.#scope, this.#crossSubmit, this.#locNoDotSegment);
      if (why !== '') this.addAt('SITEMAP_LOC_NOT_ALLOWED', this.severity('protocolOnly'), `<loc> ${why}`, this.#locLine, this.#locColumn, this.entryPath() + '/loc', loc, number);
      if (this.kind === 'sitemapindex' && this.isLocation(loc)) {
        this.addAt('INDEX_LISTS_ITSELF', this.severity('protocolOnly'), 'The sitemap index lists itself', this.#locLine, this.#locColumn, this.entryPath() + '/loc', loc, number);
      }
    }
    if (this.kind === 'sitemapindex' && this.#childKinds?.(loc) === 'sitemapindex') {
      this.addAt('INDEX_NESTED', this.severity('protocolOnly'), 'This child is itself a sitemap index; indexes may list only sitemaps (no nested indexes)', this.#locLine, this.#locColumn, this.entryPath() + '/loc', loc, number);
    }
  }

  // ------------------------------------------------------------------ value rules
  private checkLoc(value: string, line: number, column: number, depth: number): void {
    const scan = this.#locScan;
    if (this.#locScannedByCore) scan.length = value.length;
    else scanLoc(value, scan);
    this.#locScannedByCore = false;
    const findings = scan.findings;
    if (findings === 0 && scan.length < LIMITS.maxLocLength && scan.length >= LIMITS.minLocLength && !this.#xsd) return; // the common case
    if (findings & LocFinding.Empty) {
      this.add('SITEMAP_BAD_LOC', 'error', '<loc> is empty', line, column, depth, value);
      return;
    }
    let length = scan.length;
    // sitemap.xsd tLoc: xsd:anyURI, 12..2,048 characters after white space is collapsed. The
    // minimum is the XSD's alone: an error in the xsd profile, a warning in the google profile.
    const xsdLength = findings & (LocFinding.Space | LocFinding.Control) ? codePointLength(collapseWhitespace(value)) : length;
    if (!this.#xsd && xsdLength < LIMITS.minLocLength) this.add('SITEMAP_LOC_LENGTH', 'warning', `<loc> is ${xsdLength} characters long; sitemap.xsd wants at least ${LIMITS.minLocLength} (an error in the xsd profile; Google has no minimum)`, line, column, depth, value);
    if (this.#xsd) {
      length = xsdLength;
      if (length < LIMITS.minLocLength) this.add('SITEMAP_LOC_LENGTH', 'error', `<loc> is ${length} characters long; sitemap.xsd wants at least ${LIMITS.minLocLength}`, line, column, depth, value);
      const plain = (findings & (LocFinding.Space | LocFinding.Control | LocFinding.NonAscii | LocFinding.Unescaped)) === 0;
      if (!(plain ? isPlainUriReference(value) : isXsdAnyUri(value))) this.add('SITEMAP_BAD_LOC', 'error', '<loc> is not a URI (RFC 3986): check the scheme, "%" escapes, "[", "]" and "#"', line, column, depth, value);
    }
    const protocol: IssueSeverity = this.#xsd ? 'warning' : 'error';
    if (findings & LocFinding.Relative) this.add('SITEMAP_BAD_LOC', protocol, '<loc> is not an absolute URL: it must start with http:// or https://', line, column, depth, value);
    else if (findings & LocFinding.NotHttp) this.add('SITEMAP_BAD_LOC', protocol, `<loc> uses the scheme "${value.slice(0, value.indexOf(':'))}"; only http and https are allowed`, line, column, depth, value);
    else if (findings & LocFinding.NoHost) this.add('SITEMAP_BAD_LOC', protocol, `<loc> ${noHostProblem(value, scan)}`, line, column, depth, value);
    if (findings & LocFinding.Space) this.add('SITEMAP_BAD_LOC', protocol, '<loc> contains a space: escape it as %20', line, column, depth, value);
    if (findings & LocFinding.Control) this.add('SITEMAP_BAD_LOC', protocol, '<loc> contains a control character (tab, newline, …): percent-encode it or remove it', line, column, depth, value);
    if (findings & LocFinding.BadPercent && !this.#xsd) this.add('SITEMAP_BAD_LOC', 'error', '<loc> has a "%" that is not followed by two hex digits (escape a literal % as %25)', line, column, depth, value);
    if (findings & LocFinding.NonAscii) this.add('SITEMAP_LOC_NOT_ESCAPED', 'warning', '<loc> has characters outside ASCII: percent-encode them as UTF-8 (RFC 3986)', line, column, depth, value);
    if (findings & LocFinding.Unescaped) this.add('SITEMAP_LOC_NOT_ESCAPED', 'warning', `<loc> has "${value[scan.firstBad] ?? ''}", which must be percent-encoded in a URL (RFC 3986)`, line, column, depth, value);
    if (length > LIMITS.maxLocLength) this.add('SITEMAP_LOC_LENGTH', 'error', `<loc> is ${length.toLocaleString('en-US')} characters long; the limit is 2,048`, line, column, depth, value);
    else if (length === LIMITS.maxLocLength) this.add('SITEMAP_LOC_LENGTH', 'warning', '<loc> is exactly 2,048 characters long: the protocol wants less than 2,048 (sitemap.xsd allows 2,048)', line, column, depth, value);
  }

  private checkLastmod(value: string, line: number, column: number, depth: number): void {
    const grammar = this.#xsd ? 'xsd' : 'w3c';
    const fields = this.#datetime;
    const problem = readDatetime(value, grammar, fields);
    if (problem !== DatetimeProblem.None) {
      this.add('SITEMAP_BAD_LASTMOD', 'error', `<lastmod> "${value}" ${describeDatetimeProblem(problem, grammar)}`, line, column, depth, value);
      return;
    }
    const time = fields.earliestTime();
    // Valid here; the other profile's grammar is read only for a value outside the forms both
    // accept (a date, or a date-time with seconds and a zone), so the usual value pays nothing.
    if (!isInBothGrammars(fields)) this.checkLastmodOtherGrammar(value, this.#xsd ? 'w3c' : 'xsd', line, column, depth);
    this.lastmodTime(time, value, line, column, depth);
  }

  /**
   * SPEC.md §1: W3C Datetime (Google) and sitemap.xsd disagree on some lastmods; what only the
   * other profile refuses is a warning here (README "Validate": a rule only one of them has is a
   * warning in the other's profile).
   */
  private checkLastmodOtherGrammar(value: string, other: DatetimeGrammar, line: number, column: number, depth: number): void {
    const problem = readDatetime(value, other, this.#otherDatetime);
    if (problem === DatetimeProblem.None) return;
    const verdict = other === 'xsd'
      ? 'sitemap.xsd refuses it (an error in the xsd profile); W3C Datetime and Google accept it'
      : 'Google and W3C Datetime refuse it (an error in the google profile); sitemap.xsd accepts it';
    this.add('SITEMAP_BAD_LASTMOD', 'warning', `<lastmod> "${value}" ${describeDatetimeProblem(problem, other)}: ${verdict}`, line, column, depth, value);
  }

  /** A valid lastmod's earliest instant: the future rule and the range in the stats. */
  private lastmodTime(time: number, value: string, line: number, column: number, depth: number): void {
    if (time > this.#nowTime) {
      this.add('SITEMAP_FUTURE_LASTMOD', 'warning', `<lastmod> "${value}" is in the future`, line, column, depth, value);
    }
    if (time < this.#lastmodMinTime) { this.#lastmodMinTime = time; this.#lastmodMin = value; }
    if (time > this.#lastmodMaxTime) { this.#lastmodMaxTime = time; this.#lastmodMax = value; }
  }

  private checkChangefreq(value: string, raw: string, line: number, column: number, depth: number): void {
    // xsd:string keeps white space: sitemap.xsd compares the raw text with the seven values.
    if (isChangefreq(this.#xsd ? raw : value)) {
      // Google reads the trimmed value; the XSD's refusal of the white space is a warning here.
      if (!this.#xsd && raw.length !== value.length) {
        this.add('SITEMAP_BAD_CHANGEFREQ', 'warning', `<changefreq> "${value}" has white space around it, which sitemap.xsd does not allow (an error in the xsd profile; Google ignores it)`, line, column, depth, value);
      }
      return;
    }
    let message = `<changefreq> "${value}" is not one of ${CHANGEFREQ_VALUES.join(', ')}`;
    if (CHANGEFREQ_SET.has(value)) message = `<changefreq> "${value}" has white space around it, which sitemap.xsd does not allow`;
    else if (CHANGEFREQ_SET.has(value.toLowerCase())) message = `<changefreq> "${value}" must be lowercase ("${value.toLowerCase()}")`;
    this.add('SITEMAP_BAD_CHANGEFREQ', 'error', message, line, column, depth, value);
  }

  private checkPriority(value: string, line: number, column: number, depth: number): void {
    const decimal = readDecimal(value);
    if (decimal === Decimal.NotDecimal) {
      this.add('SITEMAP_BAD_PRIORITY', 'error', `<priority> "${value}" is not a decimal number (such as 0.8)`, line, column, depth, value);
    } else if (decimal === Decimal.OutOfRange) {
      this.add('SITEMAP_BAD_PRIORITY', 'error', `<priority> ${value} is outside 0.0-1.0`, line, column, depth, value);
    }
  }

  // ------------------------------------------------------------------ helpers
  private misplacedSitemapElement(name: string, local: number, depth: number, line: number, column: number): void {
    if (local === this.#otherEntryId) {
      const message = this.kind === 'urlset' ? '<sitemap> inside a <urlset>: sitemap entries belong in a <sitemapindex>' : '<url> inside a <sitemapindex>: url entries belong in a <urlset>';
      this.add('SITEMAP_WRONG_ENTRY', 'error', message, line, column, depth);
    } else {
      const allowed = depth === 1 ? `<${this.entryName()}>` : this.kind === 'urlset' ? '<loc>, <lastmod>, <changefreq>, <priority>' : '<loc>, <lastmod>';
      this.add('SITEMAP_UNKNOWN_ELEMENT', 'error', `<${name}> is not a sitemap element here (allowed: ${allowed}; extensions need their own namespace)`, line, column, depth);
    }
  }

  /** Counts the loc's host; most files have one host, so only a change of host slices a string. */
  private countHost(): void {
    const hostLength = this.#locHostEnd - this.#locHostStart;
    const last = this.#lastHost;
    if (last !== undefined && this.#locHostHash === this.#lastHostHash && hostLength === this.#lastHostLength) {
      last.entries++;
      return;
    }
    const host = hostOf(this.locValue(), this.#locHostStart);
    let count = this.#hostIndex.get(host);
    if (count === undefined) {
      count = { host, entries: 0 };
      this.#hostIndex.set(host, count);
      this.#hosts.push(count);
    }
    count.entries++;
    this.#lastHost = count;
    this.#lastHostHash = this.#locHostHash;
    this.#lastHostLength = hostLength;
  }

  private isLocation(loc: string): boolean {
    const scope = this.#scope!;
    if (loc === scope.href) return true;
    try {
      return new URL(loc).href === scope.href;
    } catch {
      return false;
    }
  }

  rootName(): string {
    return this.kind ?? 'urlset';
  }

  private entryName(): string {
    return this.kind === 'sitemapindex' ? 'sitemap' : 'url';
  }

  /** The open entry's number (the walker's; the last entry's once it has ended). */
  private entryNumber(): number {
    return this.#walker!.entryNumber;
  }

  /** The open entry's path, `urlset/url[41]` (the walker makes it once per entry). */
  private entryPath(): string {
    return this.#walker!.entryPath();
  }

  /** `urlset/url[41]/lastmod`: the local names of the open elements down to `depth` (exclusive), the entry numbered. */
  private pathTo(depth: number): string {
    const walker = this.#walker;
    if (walker === undefined) return '';
    if (this.#wholeSlot >= 0 && depth === 3) return walker.entryPath() + '/' + FIELD_NAMES[this.#wholeSlot]; // a whole entry's field
    if (walker.entryDepth === 1 && depth === 3) return walker.entryPath() + '/' + walker.reader.name(walker.nameAt(2)); // urlset/url[n]/field, the common case
    return walker.path(depth, true);
  }

  /** An issue at the element open at `depth`: in the open entry when that is at or below it (as pathTo numbers it). */
  private add(code: ErrorCode, severity: IssueSeverity, message: string, line: number, column: number, depth: number, value?: string): void {
    // A whole entry's issue (a negative line, its position not worked out) is asked about at the
    // entry's start (see countsOnly): working the position out here made validate() of
    // plain-50k.xml (7,000 issues) 5% slower (2026-11-27).
    const whole = line < 0;
    if (this.countsOnly?.(code, severity, whole ? this.#entryLine : line, whole ? this.#entryColumn : column)) return;
    const entry = this.#walker === undefined ? 0 : this.#walker.entryAt(depth);
    this.addAt(code, severity, message, line, column, this.pathTo(depth + 1), value, entry);
  }

  /** An issue at `path`; `entry`: the number of the entry it belongs to, 0 for none. */
  addAt(code: ErrorCode, severity: IssueSeverity, message: string, line: number, column: number, path: string, value?: string, entry = 0): void {
    if (line < 0) [line, column] = this.wholeEntryPosition(line);
    if (this.countsOnly?.(code, severity, line, column)) return;
    this.sink(createIssue(code, severity, message, line, column, path, entry, value));
  }

  stats(prepared: PreparedInput | undefined, inputBytes: number): ValidationStats {
    return {
      entries: this.entries,
      bytes: inputBytes,
      uncompressedBytes: prepared?.bytes.length ?? 0,
      gzipped: prepared?.gzipped ?? false,
      hosts: this.#hosts,
      extensions: this.extensions,
      lastmod: this.#lastmodMin === '' ? undefined : { min: this.#lastmodMin, max: this.#lastmodMax },
    };
  }
}

/** One of the seven changefreq values, compared without hashing the (fresh) string. */
function isChangefreq(value: string): boolean {
  switch (value.length) {
    case 5: return value === 'daily' || value === 'never';
    case 6: return value === 'weekly' || value === 'always' || value === 'hourly' || value === 'yearly';
    case 7: return value === 'monthly';
    default: return false;
  }
}

/** What `readDecimal` found. */
const enum Decimal {
  InRange = 0,
  OutOfRange = 1,
  NotDecimal = 2,
}

/**
 * Whether a value is an xsd:decimal (xsd-decimal.ts) of at most 24 significant digits, as
 * libxml2 reads it (significantDigits), within 0.0-1.0.
 */
function readDecimal(value: string): Decimal {
  if (!isDecimal(value) || significantDigits(value) > 24) return Decimal.NotDecimal;
  return isDecimalFromZeroToOne(value) ? Decimal.InRange : Decimal.OutOfRange;
}
