// Whole sitemap entries in one record group (sitemaps.org 0.9, "XML tag definitions"): a `<url>`
// (or an index's `<sitemap>`) written the plain way, `<url>` then only `<field>value</field>`
// children (each known field at most once, no attribute, comment, CDATA or error) then `</url>`,
// reaches JS as one Entry, EntryMore, EntryScan group instead of ~12 tag and text records. An
// entry whose fields are followed by something else (an extension) sends its fields so as an
// EntryHead and stays open; a plain hreflang `<xhtml:link rel hreflang href/>` becomes one
// Alternate record.
//
// Why: on plain-50k.xml the facade's record walk was ~10 of 26 ms of parse() (542,000 records),
// and the core spent ~5 ms writing records the walk then read. Read whole, the core takes 8 ms
// instead of 15 and parse() 15-16 ms instead of 26 (Node 20, this 2-core machine, 2026-11-23).
// Everything else keeps the ordinary records, so the facade's record-by-record reading stays the
// one reference for every issue; test/whole-entries.test.ts checks that both readings of the
// same bytes give the same result, for parse() and for validate().
//
// The tokenizer (wholeEntry, wholeAlternate) scans; this module knows the names, classifies the
// values and writes the records. It is off unless the facade turns it on (the token tests see
// every record); validate() turns Alternate records off, its observer reads every link.

import { Char } from './chars';
import { allocRegion } from './memory';

/** Field slots, as the facade numbers them (src/read/parse.ts SLOT_*). */
const SLOT_LOC: i32 = 0;
const SLOT_LASTMOD: i32 = 1;
const SLOT_CHANGEFREQ: i32 = 2;
const SLOT_PRIORITY: i32 = 3;
const FIELD_SLOTS: i32 = 4;

/** Entry flags (bits 8+ of the first word): which fields are present, and which are non-ASCII. */
export const enum EntryFlag {
  HasLastmod = 1,
  HasChangefreq = 2,
  HasPriority = 4,
  LocWide = 8, // the value is in the wide (UTF-8) arena
  LastmodWide = 16,
  // 32 is free: a non-ASCII changefreq or priority makes the entry go record by record
  HasLoc = 64, // always set in an Entry; an EntryHead may stop before its loc
  LastmodChecked = 128, // (checks on) the lastmod is a plain valid date or date-time: EntryScan holds its time
}

/**
 * Word offsets of the three records of a whole entry: Entry, EntryMore and EntryScan, always in
 * that order. Arena ranges are UTF-16 offsets of the untrimmed text, as in a Text record.
 */
export const enum EntryField {
  // Entry: KindFlags, Start, End, Line, Column (of the entry's start tag) as in every record, then:
  LocStart = 5,
  LocEnd = 6,
  LastmodStart = 7,
  LastmodEnd = 8,
  /** 1-7: the changefreq value, trimmed, is CHANGEFREQ_VALUES[code - 1]; 0: read the text. */
  ChangefreqCode = 9,
  // EntryMore: KindFlags, then:
  ChangefreqStart = 1,
  ChangefreqEnd = 2,
  /** The slots in document order, two bits each from bit 0, and their count at bit 8. */
  FieldOrder = 3,
  /** The priority as an f64 (words 4 and 5, 8-byte aligned): computed as the facade's decimalValue does. */
  PriorityValue = 4,
  PriorityStart = 6,
  PriorityEnd = 7,
  /** Where each field's start tag is, in bytes from the entry's Start: loc | lastmod << 16. */
  FieldOffsetsLow = 8,
  /** changefreq | priority << 16. */
  FieldOffsetsHigh = 9,
  // EntryScan: KindFlags (LocScanned when the loc checks ran), then the loc checks in the words
  // of a scanned Text record (Local and Namespace: see tokenizer.ts text()), and:
  /** With LastmodChecked: the earliest instant the lastmod denotes, ms since 1970 (f64, words 2 and 3). */
  LastmodTime = 2,
  /** With LocScanned: the loc's id in the document's loc set (loc-set.ts), -1 when it has none (empty, or too long). */
  LocId = 1,
}

// The names the facade interned before any document (their ids never change for a core).
let urlsetId: i32 = -1;
let urlId: i32 = -1;
let sitemapindexId: i32 = -1;
let sitemapId: i32 = -1;
const fieldIds = new StaticArray<i32>(FIELD_SLOTS);

let enabled = false;
/** This document's entry element (url or sitemap) when its entries may come whole, else -1. */
export let wholeEntryLocal: i32 = -1;
/** How many of the slots are fields here: 2 in an index (loc, lastmod), 4 in a urlset. */
export let wholeEntryFields: i32 = 0;
/** The root's namespace: the entry's, and its fields'. */
export let wholeEntryNamespace: i32 = 0;

// The entry being read.
let seenSlots: i32 = 0;
const valueStart = new StaticArray<i32>(FIELD_SLOTS);
const valueEnd = new StaticArray<i32>(FIELD_SLOTS);
const fieldOffset = new StaticArray<i32>(FIELD_SLOTS);
let valueFlags: i32 = 0;
let changefreqCode: i32 = 0;
let priorityValue: f64 = 0;
let fieldOrder: i32 = 0;
let lastmodTime: f64 = 0;
/** The checks validate() asks for (tokenizer.ts watchText) are on: lastmods are classified too. */
let checksOn = false;

/** Ids of the names involved (interned known names); -1 for any of them turns this off. */
export function entryNames(urlset: i32, url: i32, sitemapindex: i32, sitemap: i32, loc: i32, lastmod: i32, changefreq: i32, priority: i32): void {
  urlsetId = urlset; urlId = url; sitemapindexId = sitemapindex; sitemapId = sitemap;
  unchecked(fieldIds[SLOT_LOC] = loc);
  unchecked(fieldIds[SLOT_LASTMOD] = lastmod);
  unchecked(fieldIds[SLOT_CHANGEFREQ] = changefreq);
  unchecked(fieldIds[SLOT_PRIORITY] = priority);
}

// hreflang alternates (Google's xhtml:link in a <url>): the names of a whole one.
export let alternateNamespace: i32 = -1;
export let alternateLink: i32 = -1;
export let alternateRel: i32 = -1;
export let alternateHreflang: i32 = -1;
export let alternateHref: i32 = -1;
/** Alternate records are on (the facade asks for them only when nobody watches each element). */
export let alternatesOn = false;

/**
 * Has the core write each `<xhtml:link rel="…" hreflang="…" href="…"/>` of a `<url>` (exactly
 * those three unprefixed attributes, each once, self-closing) as one Alternate record instead
 * of five; the ids of the XHTML namespace and of those names, or -1 to turn it off. 60,008 of
 * mixed-50k.xml's 105,106 extension elements are such links (~10% of its parse time, 2026-11-23).
 */
export function collapseAlternates(namespace: i32, link: i32, rel: i32, hreflang: i32, href: i32): void {
  alternateNamespace = namespace; alternateLink = link; alternateRel = rel; alternateHreflang = hreflang; alternateHref = href;
  alternatesOn = namespace >= 0 && link >= 0 && rel >= 0 && hreflang >= 0 && href >= 0;
}

/** The local id of the url (0) or sitemap (1) element. */
export function entryNameId(which: i32): i32 {
  return which == 0 ? urlId : sitemapId;
}

// The tags of a whole entry as byte patterns, compared 8 bytes at a time: `name>` after a `<`
// (opening) and `/name>` (closing), for the fields by slot and for the two entry elements.
const PATTERN_SLOTS: i32 = 6; // 0-3 the fields, 4 url, 5 sitemap
const OPENING = 0;
const CLOSING = 1;
const patterns = new StaticArray<u64>(PATTERN_SLOTS * 2 * 2); // [slot][opening|closing][low|high]
const patternMasks = new StaticArray<u64>(PATTERN_SLOTS * 2 * 2);
const patternLengths = new StaticArray<i32>(PATTERN_SLOTS * 2);

/** Sets the patterns of `slot` from the name at `name` (`length` bytes, at most 14). */
export function entryPattern(slot: i32, name: usize, length: i32): void {
  for (let closing = 0; closing < 2; closing++) {
    let low: u64 = 0, high: u64 = 0;
    const total = length + 1 + closing;
    for (let i = 0; i < total; i++) {
      const b: u64 = closing == 1 && i == 0 ? 0x2f : i == total - 1 ? 0x3e : <u64>load<u8>(name + <usize>(i - closing));
      if (i < 8) low |= b << (<u64>i << 3);
      else high |= b << (<u64>(i - 8) << 3);
    }
    const index = (slot * 2 + closing) * 2;
    unchecked(patterns[index] = low);
    unchecked(patterns[index + 1] = high);
    unchecked(patternMasks[index] = total >= 8 ? <u64>-1 : (<u64>1 << (<u64>total << 3)) - 1);
    unchecked(patternMasks[index + 1] = total <= 8 ? 0 : total >= 16 ? <u64>-1 : (<u64>1 << (<u64>(total - 8) << 3)) - 1);
    unchecked(patternLengths[slot * 2 + closing] = total);
  }
}

/**
 * Bytes of the pattern (`closing`: `/name>`, else `name>`) of `slot` when it is at p, else 0.
 * It reads 16 bytes at p: the input window has that much slack, and the caller checks that the
 * match lies inside the window's content.
 */
// @ts-ignore: decorator
@inline export function matchPattern(p: usize, slot: i32, closing: i32): i32 {
  const index = (slot * 2 + closing) * 2;
  if ((load<u64>(p) & unchecked(patternMasks[index])) != unchecked(patterns[index])) return 0;
  if ((load<u64>(p, 8) & unchecked(patternMasks[index + 1])) != unchecked(patterns[index + 1])) return 0;
  return unchecked(patternLengths[slot * 2 + closing]);
}

/** The pattern slot of the entry element (4: url, 5: sitemap). */
export let entryPatternSlot: i32 = 4;

/** Per document (tokenizerReset: off; collapseEntries). */
export function entriesReset(on: bool): void {
  if (!on) { alternatesOn = false; stagingOn = false; }
  enabled = on && urlsetId >= 0 && urlId >= 0 && sitemapindexId >= 0 && sitemapId >= 0
    && unchecked(fieldIds[SLOT_LOC]) >= 0 && unchecked(fieldIds[SLOT_LASTMOD]) >= 0
    && unchecked(fieldIds[SLOT_CHANGEFREQ]) >= 0 && unchecked(fieldIds[SLOT_PRIORITY]) >= 0;
  wholeEntryLocal = -1;
}

/**
 * The root started. Entries come whole only under an unprefixed `<urlset>` or `<sitemapindex>`:
 * then an unprefixed `<url>` without attributes is in the root's namespace, as the facade
 * requires of an entry, with no lookup.
 */
export function entryRoot(local: i32, prefix: i32, namespace: i32): void {
  wholeEntryLocal = -1;
  wholeEntryNamespace = namespace;
  if (!enabled || prefix != 0) return;
  if (local == urlsetId) { wholeEntryLocal = urlId; wholeEntryFields = FIELD_SLOTS; entryPatternSlot = 4; }
  else if (local == sitemapindexId) { wholeEntryLocal = sitemapId; wholeEntryFields = 2; entryPatternSlot = 5; }
}

/** A later root (XML_MULTIPLE_ROOTS): nothing in it is read whole, whatever its name. */
export function entryLaterRoot(): void {
  wholeEntryLocal = -1;
}

/** The local id of field slot `slot`. */
// @ts-ignore: decorator
@inline export function entryFieldId(slot: i32): i32 {
  return unchecked(fieldIds[slot]);
}

/** An entry starts. */
export function entryBegin(checks: bool): void {
  checksOn = checks;
  seenSlots = 0;
  valueFlags = 0;
  changefreqCode = 0;
  fieldOrder = 0;
  for (let slot = 0; slot < FIELD_SLOTS; slot++) unchecked(fieldOffset[slot] = 0);
}

/** Whether field `slot` was read already in this entry (a second one needs the facade's issue). */
// @ts-ignore: decorator
@inline export function entryHasField(slot: i32): bool {
  return (seenSlots & (1 << slot)) != 0;
}

/**
 * Field `slot`, whose start tag is `offset` bytes into the entry, holds [start, end) of its arena
 * (UTF-16 offsets; the bytes at `bytes` when not `wide`). False when the entry needs the facade's
 * own reading: a priority that is no short decimal (it gets an issue there), or a non-ASCII
 * changefreq or priority.
 */
// @ts-ignore: decorator
@inline export function entryValue(slot: i32, offset: i32, start: i32, end: i32, bytes: usize, wide: bool): bool {
  const count = (fieldOrder >> 8) & 7;
  fieldOrder = (fieldOrder & 0xff | slot << (count << 1)) | (count + 1) << 8;
  unchecked(fieldOffset[slot] = offset);
  seenSlots |= 1 << slot;
  unchecked(valueStart[slot] = start);
  unchecked(valueEnd[slot] = end);
  if (slot == SLOT_LOC) {
    if (wide) valueFlags |= EntryFlag.LocWide;
    return true;
  }
  if (wide) {
    if (slot == SLOT_LASTMOD) { valueFlags |= EntryFlag.LastmodWide; return true; }
    return false;
  }
  // Trim XML white space (the facade's trimXmlSpace) from both ends.
  let from: i32 = 0, to = end - start;
  while (from < to && isXmlSpace(<i32>load<u8>(bytes + <usize>from))) from++;
  while (to > from && isXmlSpace(<i32>load<u8>(bytes + <usize>to - 1))) to--;
  if (slot == SLOT_LASTMOD) {
    if (checksOn && readPlainLastmod(bytes + <usize>from, to - from)) valueFlags |= EntryFlag.LastmodChecked;
    return true;
  }
  if (slot == SLOT_CHANGEFREQ) {
    changefreqCode = changefreqCodeOf(bytes + <usize>from, to - from);
    return true;
  }
  return readDecimal(bytes + <usize>from, to - from);
}

/**
 * Writes Entry, EntryMore and EntryScan at `record` (Start, End, Line, Column are the
 * tokenizer's; `scan`, the two scan words and the loc's id are the loc checks, when they ran).
 */
export function writeEntry(record: usize, kindEntry: i32, kindMore: i32, kindScan: i32, scan: i32, scanWord: i32, scanHostHash: i32, scanId: i32): void {
  let flags = valueFlags;
  if (seenSlots & (1 << SLOT_LOC)) flags |= EntryFlag.HasLoc;
  if (seenSlots & (1 << SLOT_LASTMOD)) flags |= EntryFlag.HasLastmod;
  if (seenSlots & (1 << SLOT_CHANGEFREQ)) flags |= EntryFlag.HasChangefreq;
  if (seenSlots & (1 << SLOT_PRIORITY)) flags |= EntryFlag.HasPriority;
  store<i32>(record, kindEntry | (flags << 8));
  store<i32>(record, unchecked(valueStart[SLOT_LOC]), EntryField.LocStart << 2);
  store<i32>(record, unchecked(valueEnd[SLOT_LOC]), EntryField.LocEnd << 2);
  store<i32>(record, unchecked(valueStart[SLOT_LASTMOD]), EntryField.LastmodStart << 2);
  store<i32>(record, unchecked(valueEnd[SLOT_LASTMOD]), EntryField.LastmodEnd << 2);
  store<i32>(record, changefreqCode, EntryField.ChangefreqCode << 2);
  const more = record + 40;
  store<i32>(more, kindMore);
  store<i32>(more, unchecked(valueStart[SLOT_CHANGEFREQ]), EntryField.ChangefreqStart << 2);
  store<i32>(more, unchecked(valueEnd[SLOT_CHANGEFREQ]), EntryField.ChangefreqEnd << 2);
  store<i32>(more, fieldOrder, EntryField.FieldOrder << 2);
  store<f64>(more, priorityValue, EntryField.PriorityValue << 2);
  store<i32>(more, unchecked(valueStart[SLOT_PRIORITY]), EntryField.PriorityStart << 2);
  store<i32>(more, unchecked(valueEnd[SLOT_PRIORITY]), EntryField.PriorityEnd << 2);
  store<i32>(more, unchecked(fieldOffset[SLOT_LOC]) | unchecked(fieldOffset[SLOT_LASTMOD]) << 16, EntryField.FieldOffsetsLow << 2);
  store<i32>(more, unchecked(fieldOffset[SLOT_CHANGEFREQ]) | unchecked(fieldOffset[SLOT_PRIORITY]) << 16, EntryField.FieldOffsetsHigh << 2);
  const checks = more + 40;
  store<i32>(checks, kindScan | scan << 8);
  store<i32>(checks, scanId, EntryField.LocId << 2);
  store<f64>(checks, lastmodTime, EntryField.LastmodTime << 2);
  store<i32>(checks, scanWord, 28);
  store<i32>(checks, 0, 32);
  store<i32>(checks, scanHostHash, 36);
}

// @ts-ignore: decorator
@inline function isXmlSpace(b: i32): bool {
  return b == Char.Space || b == Char.LineFeed || b == Char.Tab || b == Char.CarriageReturn;
}

/** 1-7 for always, hourly, daily, weekly, monthly, yearly, never (CHANGEFREQ_VALUES order); 0 otherwise. */
function changefreqCodeOf(p: usize, length: i32): i32 {
  // The names as little-endian words, compared a word at a time rather than byte by byte
  // against a string: this runs for every changefreq of a whole entry.
  if (length == 6) {
    const head = load<u32>(p), tail = <u32>load<u16>(p, 4);
    if (tail == 0x7379) return head == 0x61776c61 ? 1 : 0; // alwa|ys
    if (tail != 0x796c) return 0; // ..ly
    return head == 0x72756f68 ? 2 : head == 0x6b656577 ? 4 : head == 0x72616579 ? 6 : 0; // hour week year
  }
  if (length == 5) {
    const head = load<u32>(p), last = <u32>load<u8>(p, 4);
    return head == 0x6c696164 && last == 0x79 ? 3 : head == 0x6576656e && last == 0x72 ? 7 : 0; // dail|y neve|r
  }
  if (length == 7) return load<u32>(p) == 0x746e6f6d && load<u32>(p, 3) == 0x796c6874 ? 5 : 0; // mont|hly
  return 0;
}

const POWERS_OF_TEN = memory.data<f64>([1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15]);

/**
 * An xsd:decimal (`[+-]?(\d+(\.\d*)?|\.\d+)`) of at most 15 digits into `priorityValue`, the way
 * the facade's decimalValue computes it (digits / 10^fraction digits: one correctly rounded
 * division of two exact doubles, so the same double). False for anything else.
 */
function readDecimal(p: usize, length: i32): bool {
  let i: i32 = 0;
  const sign = length > 0 ? <i32>load<u8>(p) : 0;
  if (sign == 0x2b || sign == 0x2d) i = 1;
  let digits: i32 = 0, fractionDigits: i32 = -1;
  let mantissa: f64 = 0;
  for (; i < length; i++) {
    const c = <i32>load<u8>(p + <usize>i);
    if (c >= Char.Zero && c <= Char.Nine) {
      digits++;
      mantissa = mantissa * 10 + <f64>(c - Char.Zero);
      if (fractionDigits >= 0) fractionDigits++;
    } else if (c == Char.Dot && fractionDigits < 0) fractionDigits = 0;
    else return false;
  }
  if (digits == 0 || digits > 15) return false;
  const magnitude = fractionDigits > 0 ? mantissa / load<f64>(POWERS_OF_TEN + (<usize>fractionDigits << 3)) : mantissa;
  priorityValue = sign == 0x2d ? -magnitude : magnitude;
  return true;
}

/**
 * A lastmod both of validate()'s grammars accept as it is (src/values/datetime.ts readDatetime: W3C
 * Datetime and xsd:date | xsd:dateTime), in its two usual shapes: `YYYY-MM-DD`, and
 * `YYYY-MM-DDThh:mm:ss(.s+)?` with `Z` or `±hh:mm`, a real calendar date, hour 00-23. Its
 * earliest instant goes to lastmodTime, computed as DatetimeFields.earliestTime() does (a date
 * alone is read at +14:00). Anything else is false: the facade reads the string.
 */
function readPlainLastmod(p: usize, length: i32): bool {
  if (length != 10 && length < 20) return false;
  const year = fourDigits(p);
  if (year <= 0 || load<u8>(p, 4) != 0x2d || load<u8>(p, 7) != 0x2d) return false;
  const month = twoDigits(p + 5), day = twoDigits(p + 8);
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  const days = <i64>daysFromCivil(year, month, day);
  if (length == 10) {
    lastmodTime = <f64>((days * 24 * 60 - 14 * 60) * 60000);
    return true;
  }
  if (load<u8>(p, 10) != 0x54 || load<u8>(p, 13) != 0x3a || load<u8>(p, 16) != 0x3a) return false; // T : :
  const hour = twoDigits(p + 11), minute = twoDigits(p + 14), second = twoDigits(p + 17);
  if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return false;
  let at: i32 = 19;
  let millisecond: i32 = 0;
  if (load<u8>(p + <usize>at) == 0x2e) { // .fraction: its first three digits are the milliseconds
    at++;
    const fractionStart = at;
    while (at < length && isDigitAt(p, at)) {
      if (at - fractionStart < 3) millisecond = millisecond * 10 + <i32>load<u8>(p + <usize>at) - Char.Zero;
      at++;
    }
    const digits = at - fractionStart;
    if (digits == 0) return false;
    for (let d = digits; d < 3; d++) millisecond *= 10;
  }
  let zone: i32 = 0;
  const sign = at < length ? <i32>load<u8>(p + <usize>at) : 0;
  if (sign == 0x5a) { // Z
    if (at + 1 != length) return false;
  } else if (sign == 0x2b || sign == 0x2d) {
    if (at + 6 != length || load<u8>(p + <usize>at, 3) != 0x3a) return false;
    const hours = twoDigits(p + <usize>at + 1), minutes = twoDigits(p + <usize>at + 4);
    if (hours < 0 || minutes < 0 || minutes > 59 || hours * 60 + minutes > 14 * 60) return false;
    zone = (sign == 0x2d ? -1 : 1) * (hours * 60 + minutes);
  } else return false; // no zone: W3C Datetime wants one with a time
  lastmodTime = <f64>((((days * 24 + <i64>hour) * 60 + <i64>minute - <i64>zone) * 60000) + <i64>second * 1000 + <i64>millisecond);
  return true;
}

// @ts-ignore: decorator
@inline function isDigitAt(p: usize, at: i32): bool {
  const c = <i32>load<u8>(p + <usize>at);
  return c >= Char.Zero && c <= Char.Nine;
}

/** Two ASCII digits at p as a number, or -1. */
function twoDigits(p: usize): i32 {
  const a = <i32>load<u8>(p) - Char.Zero, b = <i32>load<u8>(p, 1) - Char.Zero;
  return <u32>a <= 9 && <u32>b <= 9 ? a * 10 + b : -1;
}

function fourDigits(p: usize): i32 {
  const high = twoDigits(p), low = twoDigits(p + 2);
  return high < 0 || low < 0 ? -1 : high * 100 + low;
}

function daysInMonth(year: i32, month: i32): i32 {
  if (month == 2) return (year % 4 == 0 && year % 100 != 0) || year % 400 == 0 ? 29 : 28;
  return month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31;
}

/** Days since 1970-01-01 (H. Hinnant's days_from_civil, as src/values/datetime.ts); years 1-9999 here. */
function daysFromCivil(year: i32, month: i32, day: i32): i32 {
  const y = month <= 2 ? year - 1 : year;
  const era = y / 400; // y >= 0: truncation is the floor
  const yearOfEra = y - era * 400;
  const dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1;
  const dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear;
  return era * 146097 + dayOfEra - 719468;
}

// Staged entries --------------------------------------------------------------
// With staging on (stageEntries), a whole entry whose values are all in the ASCII arena and whose
// changefreq, if any, is one of the seven goes to a table of STAGED_WORDS words and a priority
// instead of an Entry record group: the facade's parse builds such entries in runs from the
// arena (src/read/parse.ts buildStaged) and needs nothing else of them, so it copies a run's words
// at once instead of reading three records per entry (plain-50k.xml: 50,000 entries, ~1.5 ms of
// JS per parse). Off for validate(), which reads every Entry record group.

/** Words per staged entry, as the facade's stagedWords: loc start, end; lastmod start, end (or -1); changefreq code (or -1). */
export const STAGED_WORDS: i32 = 5;
/** Staged entries a batch holds at most (the tokenizer ends the batch when the table is full). */
export const STAGE_CAPACITY: i32 = 16384;
export const stagedWords: usize = allocRegion(<usize>(STAGE_CAPACITY * STAGED_WORDS * 4));
/** Each staged entry's priority (NaN: none). */
export const stagedPriorities: usize = allocRegion(<usize>(STAGE_CAPACITY * 8));
export let stagingOn = false;
/** Entries staged in this batch. */
export let stagedCount: i32 = 0;

export function stageEntries(on: i32): void {
  stagingOn = on != 0;
}

// @ts-ignore: decorator
@inline export function stagedReset(): void {
  stagedCount = 0;
}

/**
 * Stages the entry just read whole (after its last entryValue) when it can be: returns where its
 * values end in the arena, or -1 (a non-ASCII loc or lastmod, or an unknown changefreq: it goes
 * out as an Entry record group, which the facade reads one by one).
 */
export function stageEntry(): i32 {
  if (valueFlags & (EntryFlag.LocWide | EntryFlag.LastmodWide)) return -1;
  const hasChangefreq = (seenSlots & (1 << SLOT_CHANGEFREQ)) != 0;
  if (hasChangefreq && changefreqCode == 0) return -1;
  const at = stagedWords + (<usize>(stagedCount * STAGED_WORDS) << 2);
  let end = unchecked(valueEnd[SLOT_LOC]);
  store<i32>(at, unchecked(valueStart[SLOT_LOC]));
  store<i32>(at, end, 4);
  if (seenSlots & (1 << SLOT_LASTMOD)) {
    const lastmodEnd = unchecked(valueEnd[SLOT_LASTMOD]);
    store<i32>(at, unchecked(valueStart[SLOT_LASTMOD]), 8);
    store<i32>(at, lastmodEnd, 12);
    if (lastmodEnd > end) end = lastmodEnd;
  } else store<i32>(at, -1, 8);
  store<i32>(at, hasChangefreq ? changefreqCode : -1, 16);
  store<f64>(stagedPriorities + (<usize>stagedCount << 3), seenSlots & (1 << SLOT_PRIORITY) ? priorityValue : NaN);
  stagedCount++;
  return end;
}
