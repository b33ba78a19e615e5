// Validating sitemaps and sitemap indexes against sitemaps.org 0.9, its XSDs and Google's rules
// (SPEC.md §1, §2, §5, §6): a SitemapParser observer, so the document is walked once.

import { DatetimeFields, DatetimeProblem, describeDatetimeProblem, isInBothGrammars, readDatetime, type DatetimeGrammar } from '../values/datetime';
import { SEVERITY } from '../model/codes';
import { SitemapError, type ErrorCode } from '../model/errors';
import { positionOfByte } from '../values/file-limits';
import { createIssue } from '../model/issue';
import { checkLimitOption, describeValue, type PreparedInput } from '../input/input';
import { openDocumentForReport } from '../input/front-door';
import { CHANGEFREQ_VALUES, LIMITS } from '../model/limits';
import { createObservedParser, wholeEntryText, SLOT_CHANGEFREQ, SLOT_LASTMOD, SLOT_LOC, SLOT_PRIORITY, type SitemapParserObserver } from '../read/parse';
import type { ExtensionItemSource } from '../read/extensions';
import type { DocumentRule } from '../model/rules';
import type { HostCount, Issue, IssueSeverity, SitemapIndexEntry, SitemapInput, SitemapUrl, SitemapKind, ValidateOptions, ValidateResult, ValidationProfile, ValidationStats } from '../model/types';
import { afterLeadingWhitespace, trimXmlSpace } from '../values/text';
import { codePointLength, collapseWhitespace, hostOf, isPlainUriReference, isXsdAnyUri, LocFinding, LocScan, noHostProblem, outOfScope, readCoreLocScan, readLocationScope, scanLoc, type LocationScope } from '../values/url-check';
import { ExtensionValidator, parserExtensionIssueSeverity } from './validate-extensions';
import { LongKeyMap } from '../values/long-key-map';
import { ENTRY_RECORDS, EntryField, EntryFlag, Field, ID_ENCODING, LOC_TOO_LONG, TOKEN_WORDS, TokenFlag, TokenKind, type XmlReader } from '../core/xml-reader';
import { isDecimal, isDecimalFromZeroToOne, significantDigits } from '../values/xsd-decimal';

const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
const CHANGEFREQ_SET = new Set<string>(CHANGEFREQ_VALUES);
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);
const FIELD_NAMES = ['loc', 'lastmod', 'changefreq', 'priority'];
/** Deepest element the core reports (assembly/tokenizer.ts MAX_DEPTH) plus the root. */
const MAX_DEPTH = 513;

/**
 * Severity of rules the authorities weigh differently, by profile (codes.ts SEVERITY): a rule the
 * XSD cannot express is a warning in the `xsd` profile, so that there `valid` is exactly the
 * XSD's verdict; a rule only the XSD has (order, foreign elements) is a warning for `google`.
 */
const RULE_SEVERITY = {
  /** sitemap.xsd: fixed child order; Google reads the fields in any order. */
  childOrder: SEVERITY.xsdOnly,
  /** Foreign-namespace elements where the XSD has no wildcard, stray text, undeclared attributes. */
  xsdOnly: SEVERITY.xsdOnly,
  /** The protocol's own rules: encoding, limits, host and directory scope, nested indexes. */
  protocolOnly: SEVERITY.googleOnly,
} as const satisfies Record<string, readonly [IssueSeverity, IssueSeverity]>;

type Rule = keyof typeof RULE_SEVERITY;

/**
 * The rules of one validation, fed by SitemapParser's walk. Per-entry work is one pass over the
 * loc's bytes (or its string when it is not plain ASCII) and short loops over the other values;
 * nothing is allocated per entry except issues (the locs themselves are in the core's loc set).
 */
class SitemapValidator implements SitemapParserObserver {
  readonly issues: Issue[] = [];
  /** Where its issues go: `issues`, or validationSteps' `issueSink` (the crawl keeps a few of a file's thousands). */
  sink = (issue: Issue): void => { this.issues.push(issue); };
  private readonly xsd: boolean;
  private readonly profileIndex: 0 | 1;
  private readonly nowTime: number;
  private readonly scope: LocationScope | undefined;
  private readonly crossSubmit: ReadonlySet<string>;
  private readonly childKinds: ((loc: string) => SitemapKind | undefined) | undefined;
  private reader: XmlReader | undefined;

  kind: SitemapKind | undefined;
  rootLine = 0;
  rootColumn = 0;
  private documentNamespace = 0;
  private entryId = -1;
  private otherEntryId = -1;
  private slotById: Int8Array = new Int8Array(0);
  private readonly names = new Int32Array(MAX_DEPTH);
  /** Local-name id of each field slot (issue paths of whole entries). */
  private fieldIds: number[] = [];
  /** The Entry record of the whole entry being checked. */
  private wholeRecord = -1;

  // Walk state.
  private skipDepth = -1; // an element whose subtree is not examined (reported already, or an extension)
  private entryDepth = -1;
  private entryCount = 0;
  private entryLine = 0;
  private entryColumn = 0;
  private lastSlot = -1;
  private extensionSeen = false;
  private fieldDepth = -1;
  private fieldSlot = -1;
  /** The open loc field is one ASCII text run in which the core's loc checks found nothing (`locScan` holds the rest). */
  private locScannedByCore = false;
  private textLine = 0;
  private textColumn = 0;
  private locLine = 0;
  private locColumn = 0;
  private locSeen = false;
  private entryPathNumber = -1;
  private entryPathText = '';
  /** The entry's loc; while `locPending`, not made yet (see locValue). */
  private loc = '';
  /** The loc of the current whole entry is clean and in the core's loc set: its string is made only if asked for. */
  private locPending = false;
  /** The loc's id in the core's loc set, -1 when the core did not add it (firstEntries adds it then). */
  private locId = -1;
  /** The id (EntryScan's LocId) of the whole entry's loc being checked, else -1. */
  private wholeLocId = -1;
  private locHostStart = 0;
  private locHostEnd = 0;
  private locHostHash = 0;

  // Statistics.
  entries = 0;
  private readonly firstEntries = new FirstEntries();
  private readonly hosts: HostCount[] = [];
  private readonly hostIndex = new LongKeyMap<HostCount>(); // a host can be as long as a loc
  private lastHost: HostCount | undefined;
  private lastHostHash = 0;
  private lastHostLength = -1;
  private readonly extensionIds = new Set<number>();
  readonly extensions: string[] = [];
  private lastmodMin = '';
  private lastmodMax = '';
  private lastmodMinTime = Infinity;
  private lastmodMaxTime = -Infinity;
  encodingLine = 0;
  encodingColumn = 0;
  declaredEncoding: string | undefined;

  private readonly datetime = new DatetimeFields();
  /** For reading a lastmod with the other profile's grammar (checkLastmodOtherGrammar). */
  private readonly otherDatetime = new DatetimeFields();
  private readonly locScan = new LocScan();
  /** SPEC.md §3, fed by the parser's extension hook; made at the first extension item. */
  private extensionRules: ExtensionValidator | undefined;
  private readonly profile: ValidationProfile;

  constructor(options: CheckedOptions) {
    this.xsd = options.profile === 'xsd';
    this.profile = options.profile;
    this.profileIndex = this.xsd ? 1 : 0;
    this.nowTime = options.nowTime;
    this.scope = options.scope;
    this.crossSubmit = options.crossSubmit;
    this.childKinds = options.childKinds;
  }

  /** About how many entries the document has (sizes the duplicate table). */
  reserveEntries(entries: number): void {
    this.firstEntries.reserve(entries);
  }

  severity(rule: Rule): IssueSeverity {
    return RULE_SEVERITY[rule][this.profileIndex];
  }

  // ------------------------------------------------------------------ observer
  root(kind: SitemapKind, _rule: DocumentRule, namespaceId: number, entryId: number, fieldSlotById: Int8Array, reader: XmlReader, r: number): void {
    this.reader = reader;
    this.kind = kind;
    this.documentNamespace = namespaceId;
    this.entryId = entryId;
    this.otherEntryId = reader.ids.get(kind === 'urlset' ? 'sitemap' : 'url') ?? -2;
    this.slotById = fieldSlotById;
    this.fieldIds = FIELD_NAMES.map((name) => reader.ids.get(name) ?? -1);
    this.rootLine = reader.words[r + Field.Line]!;
    this.rootColumn = reader.words[r + Field.Column]!;
  }

  startElement(reader: XmlReader, r: number, depth: number): void {
    const words = reader.words;
    const local = words[r + Field.Local]!;
    const namespace = words[r + Field.Namespace]!;
    if (depth < MAX_DEPTH) this.names[depth] = local;
    if (namespace !== this.documentNamespace && namespace > 0 && !this.extensionIds.has(namespace)) {
      this.extensionIds.add(namespace);
      this.extensions.push(reader.name(namespace));
    }
    if (depth === 0) return;
    if (this.skipDepth >= 0) return;
    const line = words[r + Field.Line]!, column = words[r + Field.Column]!;
    const inSitemapNamespace = namespace === this.documentNamespace;
    if (inSitemapNamespace && local === this.entryId) {
      // Same test as the parser's; an entry inside an entry is its SITEMAP_NESTED_ENTRY.
      this.entryDepth = depth;
      this.entryCount++;
      this.entryLine = line;
      this.entryColumn = column;
      this.lastSlot = -1;
      this.extensionSeen = false;
      this.fieldDepth = -1;
      this.locSeen = false;
      this.locPending = false;
      return;
    }
    if (depth === 1) {
      const name = reader.name(local);
      if (inSitemapNamespace) this.misplacedSitemapElement(name, local, depth, line, column);
      else this.add('SITEMAP_UNEXPECTED_ELEMENT', this.severity('xsdOnly'), `<${name}> (namespace ${reader.name(namespace) || 'none'}) directly in <${this.rootName()}>, which may hold only <${this.entryName()}> elements`, line, column, depth);
      this.skipDepth = depth;
      return;
    }
    if (this.entryDepth >= 0 && depth === this.entryDepth + 1) {
      const slot = inSitemapNamespace && local < this.slotById.length ? this.slotById[local]! : -1;
      if (slot >= 0) {
        if (this.kind === 'urlset' && (this.extensionSeen || slot < this.lastSlot)) {
          const name = reader.name(local);
          // sitemap.xsd: a sequence loc, lastmod, changefreq, priority, then extensions (siteindex.xsd's xsd:all has no order).
          if (this.extensionSeen) this.add('SITEMAP_CHILD_ORDER', this.severity('childOrder'), `<${name}> after extension elements: sitemap.xsd wants loc, lastmod, changefreq, priority before any extension`, line, column, depth);
          else if (slot < this.lastSlot) this.add('SITEMAP_CHILD_ORDER', this.severity('childOrder'), `<${name}> after <${FIELD_NAMES[this.lastSlot]}>: sitemap.xsd wants the order loc, lastmod, changefreq, priority`, line, column, depth);
        }
        if (slot > this.lastSlot) this.lastSlot = slot;
        this.fieldDepth = depth;
        this.fieldSlot = slot;
        this.textLine = 0;
        this.locScannedByCore = false;
        return;
      }
      const name = reader.name(local);
      if (inSitemapNamespace) this.misplacedSitemapElement(name, local, depth, line, column);
      else if (this.kind === 'sitemapindex') {
        this.add('SITEMAP_UNEXPECTED_ELEMENT', this.severity('xsdOnly'), `<${name}> (namespace ${reader.name(namespace) || 'none'}) in a <sitemap> entry: siteindex.xsd allows only <loc> and <lastmod> there`, line, column, depth);
      } else if (namespace === 0) {
        this.add('SITEMAP_UNEXPECTED_ELEMENT', this.severity('xsdOnly'), `<${name}> in no namespace inside <url>: extension elements must be in their own namespace (sitemap.xsd's ##other)`, line, column, depth);
      } else {
        this.extensionSeen = true; // an extension: allowed, checked by its own rules
      }
      this.skipDepth = depth;
      return;
    }
    if (this.fieldDepth >= 0 && depth === this.fieldDepth + 1) {
      const name = reader.name(local);
      this.add('SITEMAP_UNEXPECTED_ELEMENT', 'error', `<${name}> inside <${reader.name(this.names[this.fieldDepth]!)}>: its value must be text only`, line, column, depth);
      this.skipDepth = depth;
    }
  }

  endElement(_reader: XmlReader, _r: number, depth: number): void {
    if (depth === this.skipDepth) this.skipDepth = -1;
    else if (depth === this.fieldDepth) { this.fieldDepth = -1; this.fieldSlot = -1; }
    else if (depth === this.entryDepth) this.entryDepth = -1;
  }

  text(reader: XmlReader, r: number, depth: number): void {
    if (depth === this.fieldDepth) {
      const words = reader.words;
      if (this.textLine === 0) {
        this.textLine = words[r + Field.Line]!;
        this.textColumn = words[r + Field.Column]!;
        // A loc that is one ASCII run was checked by the core (watchText in createObservedParser).
        if (this.fieldSlot === SLOT_LOC && ((words[r]! >> 8) & TokenFlag.LocScanned) !== 0) {
          this.locScannedByCore = readCoreLocScan(words, r, this.locScan);
        }
      } else {
        this.locScannedByCore = false; // more than one run (a comment inside): read the string
      }
      return;
    }
    if (depth < 0 || this.skipDepth >= 0 || (depth !== 0 && depth !== this.entryDepth)) return;
    const words = reader.words;
    const raw = reader.text(words[r + Field.ArenaStart]!, words[r + Field.ArenaEnd]!, words[r]! >> 8);
    const text = trimXmlSpace(raw);
    const where = depth === 0 ? `<${this.rootName()}>` : `<${this.entryName()}>`;
    const [line, column] = afterLeadingWhitespace(raw, words[r + Field.Line]!, words[r + Field.Column]!);
    this.add('SITEMAP_UNEXPECTED_TEXT', this.severity('xsdOnly'), `Text directly inside ${where}, where only elements belong`, line, column, depth, text.length > 60 ? text.slice(0, 60) + '…' : text);
  }

  attribute(reader: XmlReader, r: number, depth: number): void {
    const words = reader.words;
    if (depth < 0) {
      if (words[r + Field.Local] === ID_ENCODING) {
        this.declaredEncoding = reader.text(words[r + Field.ArenaStart]!, words[r + Field.ArenaEnd]!, words[r]! >> 8);
        this.encodingLine = words[r + Field.Line]!;
        this.encodingColumn = words[r + Field.Column]!;
      }
      return;
    }
    if (this.skipDepth >= 0 || this.kind === undefined) return;
    const namespace = words[r + Field.Namespace]!;
    if (namespace < 0 || (namespace > 0 && reader.name(namespace) === XSI_NAMESPACE)) return; // xsi:schemaLocation and friends are always allowed; an unbound prefix is an XML error already
    const prefix = words[r + Field.Prefix]!;
    const name = (prefix > 0 ? reader.name(prefix) + ':' : '') + reader.name(words[r + Field.Local]!);
    const element = reader.name(this.names[depth]!);
    this.add('SITEMAP_UNEXPECTED_ATTRIBUTE', this.severity('xsdOnly'), `Attribute ${name} on <${element}>: the sitemap schemas declare no attributes`, words[r + Field.Line]!, words[r + Field.Column]!, depth,
      reader.text(words[r + Field.ArenaStart]!, words[r + Field.ArenaEnd]!, words[r]! >> 8));
  }

  field(slot: number, value: string, raw: string, line: number, column: number): void {
    // Point at the value itself when there is one (past leading white space), else at the element.
    let valueLine = line, valueColumn = column;
    if (this.textLine !== 0) {
      if (raw.charCodeAt(0) > 32) { valueLine = this.textLine; valueColumn = this.textColumn; }
      else [valueLine, valueColumn] = afterLeadingWhitespace(raw, this.textLine, this.textColumn);
    }
    this.checkField(slot, value, raw, valueLine, valueColumn);
  }

  /**
   * A whole entry (assembly/entries.ts): only its fields, each once, nothing else inside, so the
   * element rules have only the order to check. Positions are worked out only for issues: a
   * negative line is a marker that addAt resolves (see wholeEntryPosition). An EntryHead is the
   * same for the fields before an entry's first other child; the entry stays open.
   */
  wholeEntry(reader: XmlReader, r: number): void {
    const words = reader.words;
    const more = r + TOKEN_WORDS;
    const checks = r + (ENTRY_RECORDS - 1) * TOKEN_WORDS;
    const flags = words[r]! >> 8;
    this.wholeRecord = r;
    this.entryDepth = 1;
    this.entryCount++;
    this.entryLine = words[r + Field.Line]!;
    this.entryColumn = words[r + Field.Column]!;
    this.lastSlot = -1;
    this.extensionSeen = false;
    this.locSeen = false;
    this.locPending = false;
    this.names[1] = this.entryId;
    this.fieldDepth = 2;
    const order = words[more + EntryField.FieldOrder]!;
    for (let k = 0, count = (order >> 8) & 7; k < count; k++) {
      const slot = (order >> (k << 1)) & 3;
      if (slot < this.lastSlot && this.kind === 'urlset') {
        this.names[2] = this.fieldIds[slot]!;
        this.add('SITEMAP_CHILD_ORDER', this.severity('childOrder'), `<${FIELD_NAMES[slot]}> after <${FIELD_NAMES[this.lastSlot]}>: sitemap.xsd wants the order loc, lastmod, changefreq, priority`, -2 - 2 * slot, 0, 2);
      }
      if (slot > this.lastSlot) this.lastSlot = slot;
      // Values the core classified need no string when they pass: a changefreq that is one of the
      // seven with no white space around it (which sitemap.xsd refuses: an error for the xsd
      // profile, a warning for google), a priority in 0.0-1.0 (the core read it as a decimal, as
      // readDecimal would).
      if (slot === SLOT_CHANGEFREQ) {
        const code = words[r + EntryField.ChangefreqCode]!;
        if (code > 0 && words[more + EntryField.ChangefreqEnd]! - words[more + EntryField.ChangefreqStart]! === CHANGEFREQ_VALUES[code - 1]!.length) continue;
      } else if (slot === SLOT_PRIORITY) {
        const priority = reader.doubles[(more + EntryField.PriorityValue) >> 1]!;
        if (priority >= 0 && priority <= 1) continue;
      } else if (slot === SLOT_LASTMOD && (flags & EntryFlag.LastmodChecked) !== 0) {
        // A plain date or date-time the core read (valid in both grammars): only its time matters.
        const time = reader.doubles[(checks + EntryField.LastmodTime) >> 1]!;
        if (time > this.nowTime || time < this.lastmodMinTime || time > this.lastmodMaxTime) {
          this.names[2] = this.fieldIds[slot]!;
          this.lastmodTime(time, trimXmlSpace(wholeEntryText(reader, this.wholeRecord, slot)), -1 - 2 * slot, 0, 2);
        }
        continue;
      } else if (slot === SLOT_LOC && ((words[checks]! >> 8) & TokenFlag.LocScanned) !== 0) {
        this.wholeLocId = words[checks + EntryField.LocId]!;
        // The common case: a loc the core found clean and added to its loc set needs no string
        // (locValue makes it if an issue or a rule asks for it). Its raw length bounds it from
        // above; a host ending at 12 characters or later, from below (sitemap.xsd's minLength 12:
        // a shorter clean loc takes checkLoc for its warning).
        if (!this.xsd && this.wholeLocId >= 0 && !this.locSeen && words[r + EntryField.LocEnd]! - words[r + EntryField.LocStart]! < LIMITS.maxLocLength
          && readCoreLocScan(words, checks, this.locScan) && this.locScan.hostEnd >= LIMITS.minLocLength) {
          this.takeLoc('', -1 - 2 * SLOT_LOC, 0);
          this.locPending = true;
          continue;
        }
      }
      this.names[2] = this.fieldIds[slot]!;
      const raw = wholeEntryText(reader, this.wholeRecord, slot);
      const value = trimXmlSpace(raw);
      this.fieldSlot = slot;
      this.locScannedByCore = slot === SLOT_LOC && ((words[checks]! >> 8) & TokenFlag.LocScanned) !== 0 && readCoreLocScan(words, checks, this.locScan);
      // The value's position past leading white space, or the element's when it has no value (as field()).
      this.checkField(slot, value, raw, value === '' ? -2 - 2 * slot : -1 - 2 * slot, 0);
      this.wholeLocId = -1; // not taken when the entry has its loc already
    }
    this.fieldDepth = -1;
    this.fieldSlot = -1;
    if ((words[r]! & 0xff) === TokenKind.EntryHead) {
      // Open: entry() comes with the end tag, maybe in a later batch, when this window is gone.
      if (this.locSeen && this.locLine < 0) [this.locLine, this.locColumn] = this.wholeEntryPosition(this.locLine);
      this.locValue();
    } else this.entryDepth = -1;
  }

  /** Resolves a position marker of the current whole entry: -1 - 2 * slot (its value) or -2 - 2 * slot (its element). */
  private wholeEntryPosition(marker: number): [number, number] {
    const reader = this.reader!;
    const words = reader.words;
    const r = this.wholeRecord;
    const slot = (-1 - marker) >> 1;
    const offsets = words[r + TOKEN_WORDS + (slot < 2 ? EntryField.FieldOffsetsLow : EntryField.FieldOffsetsHigh)]!;
    const start = words[r + Field.Start]!;
    const element = start + ((slot & 1) === 0 ? offsets & 0xffff : offsets >>> 16);
    if (((-1 - marker) & 1) === 1) return reader.positionAt(start, words[r + Field.Line]!, words[r + Field.Column]!, element);
    const text = element + FIELD_NAMES[slot]!.length + 2; // <name>
    const [line, column] = reader.positionAt(start, words[r + Field.Line]!, words[r + Field.Column]!, text);
    const raw = wholeEntryText(reader, this.wholeRecord, slot);
    return raw.charCodeAt(0) > 32 ? [line, column] : afterLeadingWhitespace(raw, line, column);
  }

  private checkField(slot: number, value: string, raw: string, valueLine: number, valueColumn: number): void {
    const depth = this.fieldDepth;
    switch (slot) {
      case SLOT_LOC:
        this.checkLoc(value, valueLine, valueColumn, depth);
        if (!this.locSeen) this.takeLoc(value, valueLine, valueColumn);
        break;
      case SLOT_LASTMOD: this.checkLastmod(value, valueLine, valueColumn, depth); break;
      case SLOT_CHANGEFREQ: this.checkChangefreq(value, raw, valueLine, valueColumn, depth); break;
      case SLOT_PRIORITY: this.checkPriority(value, valueLine, valueColumn, depth); break;
    }
  }

  /** The entry's (first) loc, with what the loc scan found out about it, for entry(). */
  private takeLoc(value: string, line: number, column: number): void {
    const scan = this.locScan;
    this.locSeen = true;
    this.loc = value;
    this.locId = this.wholeLocId;
    this.wholeLocId = -1;
    this.locLine = line;
    this.locColumn = column;
    this.locHostStart = scan.hostStart;
    this.locHostEnd = scan.hostEnd;
    this.locHostHash = scan.hostHash;
  }

  /** The entry's loc, made now from the current whole entry if it was left pending. */
  private locValue(): string {
    if (this.locPending) {
      this.loc = trimXmlSpace(wholeEntryText(this.reader!, this.wholeRecord, SLOT_LOC));
      this.locPending = false;
    }
    return this.loc;
  }

  extension(item: ExtensionItemSource): void {
    (this.extensionRules ??= new ExtensionValidator(this.profile, this.nowTime, (issue) => this.sink(issue))).item(item);
  }

  /** The whole-file extension rules (hreflang reciprocity), once the document has ended. */
  finishExtensions(): void {
    const reader = this.reader;
    if (reader !== undefined) this.extensionRules?.finish((loc) => this.firstEntries.listed(reader, loc));
  }

  entry(index: number): void {
    this.entries = index + 1;
    if (this.extensionRules?.active === true) this.extensionRules.endEntry(this.locSeen ? this.locValue() : '');
    const limit = this.kind === 'sitemapindex' ? LIMITS.maxSitemapsPerIndex : LIMITS.maxUrlsPerSitemap;
    if (index === limit) {
      const code = this.kind === 'sitemapindex' ? 'INDEX_TOO_MANY_SITEMAPS' : 'SITEMAP_TOO_MANY_URLS';
      this.addAt(code, this.severity('protocolOnly'), `More than ${limit.toLocaleString('en-US')} <${this.entryName()}> entries in one file: this is entry ${(index + 1).toLocaleString('en-US')} (split the file and list the parts in a sitemap index)`, this.entryLine, this.entryColumn, this.entryPath(), undefined, this.entryCount);
    }
    if (!this.locSeen) return;
    // The parser keeps the first loc too. A pending one (locValue) is never empty.
    if (!this.locPending && this.loc === '') return;
    const first = this.locId >= 0
      ? this.firstEntries.firstWithId(this.locId, this.entryCount)
      : this.firstEntries.firstWith(this.reader!, this.loc, this.entryCount);
    if (first !== 0) {
      this.addAt('SITEMAP_DUPLICATE_LOC', 'warning', `This loc is listed already, in <${this.entryName()}> ${first}`, this.locLine, this.locColumn, this.entryPath() + '/loc', this.locValue(), this.entryCount);
    }
    if (this.locHostStart > 0) this.countHost();
    if (!this.scope && this.childKinds === undefined) return;
    const loc = this.locValue();
    if (this.scope) {
      const why = outOfScope(loc, this.scope, this.crossSubmit);
      if (why !== '') this.addAt('SITEMAP_LOC_NOT_ALLOWED', this.severity('protocolOnly'), `<loc> ${why}`, this.locLine, this.locColumn, this.entryPath() + '/loc', loc, this.entryCount);
      if (this.kind === 'sitemapindex' && this.isLocation(loc)) {
        this.addAt('INDEX_LISTS_ITSELF', this.severity('protocolOnly'), 'The sitemap index lists itself', this.locLine, this.locColumn, this.entryPath() + '/loc', loc, this.entryCount);
      }
    }
    if (this.kind === 'sitemapindex' && this.childKinds?.(loc) === 'sitemapindex') {
      this.addAt('INDEX_NESTED', this.severity('protocolOnly'), 'This child is itself a sitemap index; indexes may list only sitemaps (no nested indexes)', this.locLine, this.locColumn, this.entryPath() + '/loc', loc, this.entryCount);
    }
  }

  // ------------------------------------------------------------------ value rules
  private checkLoc(value: string, line: number, column: number, depth: number): void {
    const scan = this.locScan;
    if (this.locScannedByCore) scan.length = value.length;
    else scanLoc(value, scan);
    this.locScannedByCore = false;
    const findings = scan.findings;
    if (findings === 0 && scan.length < LIMITS.maxLocLength && scan.length >= LIMITS.minLocLength && !this.xsd) return; // the common case
    if (findings & LocFinding.Empty) {
      this.add('SITEMAP_BAD_LOC', 'error', '<loc> is empty', line, column, depth, value);
      return;
    }
    let length = scan.length;
    // sitemap.xsd tLoc: xsd:anyURI, 12..2,048 characters after white space is collapsed. The
    // minimum is the XSD's alone: an error in the xsd profile, a warning in the google profile.
    const xsdLength = findings & (LocFinding.Space | LocFinding.Control) ? codePointLength(collapseWhitespace(value)) : length;
    if (!this.xsd && xsdLength < LIMITS.minLocLength) this.add('SITEMAP_LOC_LENGTH', 'warning', `<loc> is ${xsdLength} characters long; sitemap.xsd wants at least ${LIMITS.minLocLength} (an error in the xsd profile; Google has no minimum)`, line, column, depth, value);
    if (this.xsd) {
      length = xsdLength;
      if (length < LIMITS.minLocLength) this.add('SITEMAP_LOC_LENGTH', 'error', `<loc> is ${length} characters long; sitemap.xsd wants at least ${LIMITS.minLocLength}`, line, column, depth, value);
      const plain = (findings & (LocFinding.Space | LocFinding.Control | LocFinding.NonAscii | LocFinding.Unescaped)) === 0;
      if (!(plain ? isPlainUriReference(value) : isXsdAnyUri(value))) this.add('SITEMAP_BAD_LOC', 'error', '<loc> is not a URI (RFC 3986): check the scheme, "%" escapes, "[", "]" and "#"', line, column, depth, value);
    }
    const protocol: IssueSeverity = this.xsd ? 'warning' : 'error';
    if (findings & LocFinding.Relative) this.add('SITEMAP_BAD_LOC', protocol, '<loc> is not an absolute URL: it must start with http:// or https://', line, column, depth, value);
    else if (findings & LocFinding.NotHttp) this.add('SITEMAP_BAD_LOC', protocol, `<loc> uses the scheme "${value.slice(0, value.indexOf(':'))}"; only http and https are allowed`, line, column, depth, value);
    else if (findings & LocFinding.NoHost) this.add('SITEMAP_BAD_LOC', protocol, `<loc> ${noHostProblem(value, scan)}`, line, column, depth, value);
    if (findings & LocFinding.Space) this.add('SITEMAP_BAD_LOC', protocol, '<loc> contains a space: escape it as %20', line, column, depth, value);
    if (findings & LocFinding.Control) this.add('SITEMAP_BAD_LOC', protocol, '<loc> contains a control character (tab, newline, …): percent-encode it or remove it', line, column, depth, value);
    if (findings & LocFinding.BadPercent && !this.xsd) this.add('SITEMAP_BAD_LOC', 'error', '<loc> has a "%" that is not followed by two hex digits (escape a literal % as %25)', line, column, depth, value);
    if (findings & LocFinding.NonAscii) this.add('SITEMAP_LOC_NOT_ESCAPED', 'warning', '<loc> has characters outside ASCII: percent-encode them as UTF-8 (RFC 3986)', line, column, depth, value);
    if (findings & LocFinding.Unescaped) this.add('SITEMAP_LOC_NOT_ESCAPED', 'warning', `<loc> has "${value[scan.firstBad] ?? ''}", which must be percent-encoded in a URL (RFC 3986)`, line, column, depth, value);
    if (length > LIMITS.maxLocLength) this.add('SITEMAP_LOC_LENGTH', 'error', `<loc> is ${length.toLocaleString('en-US')} characters long; the limit is 2,048`, line, column, depth, value);
    else if (length === LIMITS.maxLocLength) this.add('SITEMAP_LOC_LENGTH', 'warning', '<loc> is exactly 2,048 characters long: the protocol wants less than 2,048 (sitemap.xsd allows 2,048)', line, column, depth, value);
  }

  private checkLastmod(value: string, line: number, column: number, depth: number): void {
    const grammar = this.xsd ? 'xsd' : 'w3c';
    const fields = this.datetime;
    const problem = readDatetime(value, grammar, fields);
    if (problem !== DatetimeProblem.None) {
      this.add('SITEMAP_BAD_LASTMOD', 'error', `<lastmod> "${value}" ${describeDatetimeProblem(problem, grammar)}`, line, column, depth, value);
      return;
    }
    const time = fields.earliestTime();
    // Valid here; the other profile's grammar is read only for a value outside the forms both
    // accept (a date, or a date-time with seconds and a zone), so the usual value pays nothing.
    if (!isInBothGrammars(fields)) this.checkLastmodOtherGrammar(value, this.xsd ? 'w3c' : 'xsd', line, column, depth);
    this.lastmodTime(time, value, line, column, depth);
  }

  /**
   * SPEC.md §1: W3C Datetime (Google) and sitemap.xsd disagree on some lastmods; what only the
   * other profile refuses is a warning here (README "Validate": a rule only one of them has is a
   * warning in the other's profile).
   */
  private checkLastmodOtherGrammar(value: string, other: DatetimeGrammar, line: number, column: number, depth: number): void {
    const problem = readDatetime(value, other, this.otherDatetime);
    if (problem === DatetimeProblem.None) return;
    const verdict = other === 'xsd'
      ? 'sitemap.xsd refuses it (an error in the xsd profile); W3C Datetime and Google accept it'
      : 'Google and W3C Datetime refuse it (an error in the google profile); sitemap.xsd accepts it';
    this.add('SITEMAP_BAD_LASTMOD', 'warning', `<lastmod> "${value}" ${describeDatetimeProblem(problem, other)}: ${verdict}`, line, column, depth, value);
  }

  /** A valid lastmod's earliest instant: the future rule and the range in the stats. */
  private lastmodTime(time: number, value: string, line: number, column: number, depth: number): void {
    if (time > this.nowTime) {
      this.add('SITEMAP_FUTURE_LASTMOD', 'warning', `<lastmod> "${value}" is in the future`, line, column, depth, value);
    }
    if (time < this.lastmodMinTime) { this.lastmodMinTime = time; this.lastmodMin = value; }
    if (time > this.lastmodMaxTime) { this.lastmodMaxTime = time; this.lastmodMax = value; }
  }

  private checkChangefreq(value: string, raw: string, line: number, column: number, depth: number): void {
    // xsd:string keeps white space: sitemap.xsd compares the raw text with the seven values.
    if (isChangefreq(this.xsd ? raw : value)) {
      // Google reads the trimmed value; the XSD's refusal of the white space is a warning here.
      if (!this.xsd && raw.length !== value.length) {
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
    if (local === this.otherEntryId) {
      const message = this.kind === 'urlset' ? '<sitemap> inside a <urlset>: sitemap entries belong in a <sitemapindex>' : '<url> inside a <sitemapindex>: url entries belong in a <urlset>';
      this.add('SITEMAP_WRONG_ENTRY', 'error', message, line, column, depth);
    } else {
      const allowed = depth === 1 ? `<${this.entryName()}>` : this.kind === 'urlset' ? '<loc>, <lastmod>, <changefreq>, <priority>' : '<loc>, <lastmod>';
      this.add('SITEMAP_UNKNOWN_ELEMENT', 'error', `<${name}> is not a sitemap element here (allowed: ${allowed}; extensions need their own namespace)`, line, column, depth);
    }
  }

  /** Counts the loc's host; most files have one host, so only a change of host slices a string. */
  private countHost(): void {
    const hostLength = this.locHostEnd - this.locHostStart;
    const last = this.lastHost;
    if (last !== undefined && this.locHostHash === this.lastHostHash && hostLength === this.lastHostLength) {
      last.entries++;
      return;
    }
    const host = hostOf(this.locValue(), this.locHostStart);
    let count = this.hostIndex.get(host);
    if (count === undefined) {
      count = { host, entries: 0 };
      this.hostIndex.set(host, count);
      this.hosts.push(count);
    }
    count.entries++;
    this.lastHost = count;
    this.lastHostHash = this.locHostHash;
    this.lastHostLength = hostLength;
  }

  private isLocation(loc: string): boolean {
    const scope = this.scope!;
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

  private entryPath(): string {
    // Built once per entry that has issues (the benchmark file has thousands of warnings).
    if (this.entryPathNumber !== this.entryCount) {
      this.entryPathNumber = this.entryCount;
      this.entryPathText = `${this.rootName()}/${this.entryName()}[${this.entryCount}]`;
    }
    return this.entryPathText;
  }

  /** `urlset/url[41]/lastmod`: the names of the open elements down to `depth` (exclusive). */
  private pathTo(depth: number): string {
    const reader = this.reader;
    if (reader === undefined) return '';
    if (this.entryDepth === 1 && depth === 3) return this.entryPath() + '/' + reader.name(this.names[2]!); // urlset/url[n]/field, the common case
    let path = '';
    for (let d = 0; d < depth && d < MAX_DEPTH; d++) {
      const name = reader.name(this.names[d]!);
      path += (d === 0 ? '' : '/') + (d === this.entryDepth ? `${name}[${this.entryCount}]` : name);
    }
    return path;
  }

  /** An issue at the element open at `depth`: in the open entry when that is at or below it (as pathTo numbers it). */
  private add(code: ErrorCode, severity: IssueSeverity, message: string, line: number, column: number, depth: number, value?: string): void {
    const entry = this.entryDepth >= 0 && this.entryDepth <= depth ? this.entryCount : 0;
    this.addAt(code, severity, message, line, column, this.pathTo(depth + 1), value, entry);
  }

  /** An issue at `path`; `entry`: the number of the entry it belongs to, 0 for none. */
  addAt(code: ErrorCode, severity: IssueSeverity, message: string, line: number, column: number, path: string, value?: string, entry = 0): void {
    if (line < 0) [line, column] = this.wholeEntryPosition(line);
    this.sink(createIssue(code, severity, message, line, column, path, entry, value));
  }

  stats(prepared: PreparedInput | undefined, inputBytes: number): ValidationStats {
    return {
      entries: this.entries,
      bytes: inputBytes,
      uncompressedBytes: prepared?.bytes.length ?? 0,
      gzipped: prepared?.gzipped ?? false,
      hosts: this.hosts,
      extensions: this.extensions,
      lastmod: this.lastmodMin === '' ? undefined : { min: this.lastmodMin, max: this.lastmodMax },
    };
  }
}

/**
 * Which entry first listed each loc, for SITEMAP_DUPLICATE_LOC. The locs themselves are in the
 * core's loc set (assembly/loc-set.ts: the tokenizer adds each whole entry's loc, `firstWith` the
 * others), which numbers the distinct ones 0, 1, 2, …; this keeps the entry number per id. The
 * core adds a batch's whole entries before this sees the batch's other entries, so the first
 * entry is the first one *this* is told about, in document order. Locs too long for the set
 * (over LOC_SET_MAX_BYTES) are kept by string. Measured on plain-50k.xml (2026-11-23): with a
 * JS table of the 50,000 loc strings, validate() took ~44 ms (median) and ~32 by its best
 * time; with the ids, ~30 and ~26.
 */
class FirstEntries {
  private byId = new Int32Array(1024); // entry number per loc id; 0: no entry yet
  /** Locs over LOC_SET_MAX_BYTES: a LongKeyMap, as a Map took quadratic time on long locs of one length. */
  private readonly long = new LongKeyMap<number>();

  /** Sizes the table for about `entries` locs up front. */
  reserve(entries: number): void {
    if (entries > this.byId.length) this.byId = new Int32Array(entries);
  }

  /** The entry that listed the loc with id `id` first, or 0 after noting `entry` as that entry. */
  firstWithId(id: number, entry: number): number {
    if (id >= this.byId.length) {
      const grown = new Int32Array(Math.max(id + 1, this.byId.length * 2));
      grown.set(this.byId);
      this.byId = grown;
    }
    const first = this.byId[id]!;
    if (first !== 0) return first;
    this.byId[id] = entry;
    return 0;
  }

  /** firstWithId for a loc the core has not added (it is added now). */
  firstWith(reader: XmlReader, loc: string, entry: number): number {
    const id = reader.locId(loc, true);
    if (id >= 0) return this.firstWithId(id, entry);
    const first = this.long.get(loc);
    if (first !== undefined) return first;
    this.long.set(loc, entry);
    return 0;
  }

  /** Whether an entry listed `loc` (for hreflang targets, once the document has ended). */
  listed(reader: XmlReader, loc: string): boolean {
    const id = reader.locId(loc, false);
    if (id === LOC_TOO_LONG) return this.long.has(loc);
    return id >= 0 && id < this.byId.length && this.byId[id] !== 0;
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

/** How each code the parser reports weighs in validation, by profile: `[google, xsd]`. */
function parserIssueSeverity(issue: Issue, profileIndex: 0 | 1): IssueSeverity | null {
  switch (issue.code) {
    case 'SITEMAP_BAD_PRIORITY': return null; // validate reports it, at the value
    case 'SITEMAP_UNEXPECTED_ELEMENT': return null; // an element inside a field: validate reports it (startElement)
    // An error already (a declaration that contradicts the bytes, document-encoding.ts) stays one.
    case 'INPUT_ENCODING': return issue.severity === 'error' ? 'error' : RULE_SEVERITY.protocolOnly[profileIndex];
    case 'SITEMAP_NAMESPACE':
    case 'SITEMAP_MISSING_LOC':
    case 'SITEMAP_NESTED_ENTRY':
      return 'error';
    case 'SITEMAP_DUPLICATE_FIELD':
      // "exactly one loc" for everyone; sitemap.xsd allows each field once; a second news:news is
      // the parser's choice (sitemap.xsd's ##other wildcard takes any number).
      if (issue.path.endsWith(']')) return 'warning';
      return issue.path.endsWith('/loc') ? 'error' : RULE_SEVERITY.childOrder[profileIndex];
    default: {
      const extension = parserExtensionIssueSeverity(issue, profileIndex);
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
  return typeof input === 'object' && input !== null && (input as ArrivingInput).arriving === true;
}

/**
 * positionOfByte for a document that passes in pieces: counts line breaks as the pieces go by,
 * up to byte `limit`, and then knows the line and column of that byte (LF, CRLF and a lone CR
 * each one break, as the core and positionOfByte count them). Four bytes at a time where a piece
 * has no CR (a zero-byte test on each 32-bit word XOR "\n\n\n\n"): about 30 ms for the crawl
 * benchmark's 90 MB instead of about 70 ms byte by byte (2026-11-26); nothing once past the limit.
 */
class PositionCounter {
  private line = 1;
  private column = 1;
  private passed = 0;
  /** The last byte counted was a CR: a break unless the next byte is LF. */
  private afterCarriageReturn = false;
  private reached = false;
  constructor(private readonly limit: number) {}

  /** Line and column of byte `limit`, once the pieces have passed it (a CR just before it: a break, as at the end of a document). */
  get at(): [number, number] | undefined {
    if (!this.reached) return undefined;
    return this.afterCarriageReturn ? [this.line + 1, 1] : [this.line, this.column];
  }

  count(piece: Uint8Array): void {
    if (piece.length === 0) return;
    if (this.afterCarriageReturn) {
      // The CR before this piece: a break of its own unless this piece starts with its LF.
      this.afterCarriageReturn = false;
      if (piece[0] !== 0x0a) {
        this.line++;
        this.column = 1;
      }
    }
    if (this.reached) return;
    const end = Math.min(piece.length, this.limit - this.passed);
    const carriageReturn = piece.indexOf(0x0d);
    if (carriageReturn >= 0 && carriageReturn < end) this.countEach(piece, end);
    else this.countWords(piece, end);
    this.passed += end;
    if (this.passed >= this.limit) this.reached = true;
  }

  private countEach(piece: Uint8Array, end: number): void {
    let line = this.line, column = this.column;
    for (let i = 0; i < end; i++) {
      const byte = piece[i]!;
      if (byte === 0x0a) {
        line++;
        column = 1;
      } else if (byte === 0x0d) {
        if (i + 1 === end && end === piece.length) this.afterCarriageReturn = true; // the next piece decides
        else if (piece[i + 1] !== 0x0a) {
          line++;
          column = 1;
        }
      } else if ((byte & 0xc0) !== 0x80) column++;
    }
    this.line = line;
    this.column = column;
  }

  private countWords(piece: Uint8Array, end: number): void {
    let line = this.line;
    let i = Math.min(end, (4 - (piece.byteOffset & 3)) & 3);
    for (let j = 0; j < i; j++) if (piece[j] === 10) line++;
    const wordCount = (end - i) >>> 2;
    if (wordCount > 0) {
      const words = new Uint32Array(piece.buffer, piece.byteOffset + i, wordCount);
      for (let w = 0; w < wordCount; w++) {
        const value = words[w]! ^ 0x0a0a0a0a;
        // 0x80 in each byte that is zero (a line break), exactly (no borrow between bytes).
        const zero = ~(((value & 0x7f7f7f7f) + 0x7f7f7f7f) | value | 0x7f7f7f7f);
        if (zero !== 0) line += Math.imul(zero >>> 7, 0x01010101) >>> 24;
      }
    }
    for (i += wordCount * 4; i < end; i++) if (piece[i] === 10) line++;
    const lastBreak = end > 0 ? piece.lastIndexOf(10, end - 1) : -1;
    let column = lastBreak < 0 ? this.column : 1;
    for (let k = lastBreak + 1; k < end; k++) if ((piece[k]! & 0xc0) !== 0x80) column++;
    this.line = line;
    this.column = column;
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
 * file with 50,000 bad entries need not hold them all to the end (the crawl: src/site/crawl-records.ts).
 */
export function* validationSteps(input: SitemapInput | ArrivingInput, options: ValidateOptions, sliceBytes: number, issueSink?: (issue: Issue) => void): Generator<(SitemapUrl | SitemapIndexEntry)[], ValidateResult, undefined> {
  const arriving = isArrivingInput(input) ? input : undefined;
  let arrivedBytes = 0;
  const checked = readOptions(options);
  const validator = new SitemapValidator(checked);
  if (issueSink) validator.sink = issueSink;
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
  const issues: Issue[] = [];
  for (const issue of opened.issues) {
    issue.severity = parserIssueSeverity(issue, profileIndex) ?? issue.severity;
    issues.push(issue);
  }
  let finished = false;
  /** Where an arriving document crossed the 50 MB limit (its bytes are gone by the end). */
  let tooLargeAt: [number, number] | undefined;
  let stoppedEarly = true; // the caller stopped the steps at a yield: give the core back
  try {
    if (arriving) {
      const position = new PositionCounter(LIMITS.maxSitemapBytes);
      for (let piece: Uint8Array | null | undefined = bytes; piece !== null; piece = arriving.take()) {
        if (piece === undefined) { yield NEEDS_INPUT; continue; }
        position.count(piece);
        arrivedBytes += piece.length;
        const slice = sliceBytes > 0 ? sliceBytes : piece.length; // 0: each piece in one push
        for (let at = 0; at < piece.length; at += slice) {
          parser.push(piece.subarray(at, Math.min(piece.length, at + slice)), false);
          const entries = parser.takeEntries();
          if (entries.length > 0) yield entries;
        }
      }
      parser.push(new Uint8Array(0), true);
      const entries = parser.takeEntries();
      if (entries.length > 0) yield entries;
      tooLargeAt = position.at;
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
    const severity = parserIssueSeverity(issue, profileIndex);
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
