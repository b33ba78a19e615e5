// Streaming XML 1.0 + Namespaces tokenizer over UTF-8 bytes, writing fixed-size token records.
//
// How it is driven (src/read/parse.ts): JS copies bytes into the input window, calls tokenize(), reads
// the token records and the arena (decoded text and attribute values, UTF-16 offsets), then
// compactInput() keeps the unconsumed tail and JS appends the next chunk behind it.
//
// Chunk boundaries: the machine stops only between constructs (a tag, a text run, a comment…).
// A construct cut by the end of the window is rolled back and scanned again once more bytes are
// there, so a boundary inside a tag, a UTF-8 sequence, `]]>`, `&amp;` or CRLF gives the very same
// tokens. Constructs in sitemaps are short, so the re-scan costs next to nothing, and it keeps
// every state of the machine free of "half a token" bookkeeping.
//
// It never stops at an error: it emits an Error record and goes on with a documented recovery
// (the facade throws at the first one unless the caller asked to recover). A DOCTYPE is refused
// and skipped; no entity other than the five predefined ones and character references exists.

import { allocRegion, freeLastRegion } from './memory';
import { Char, isNameChar, isNameStart, isWhitespace, isXmlChar, TEXT_CLASS } from './chars';
import { XmlError } from './errors';
import { hashLocBytes, lastHash, locFindings, locHostEnd, locHostHash, locHostStart, locLength, locNormal, locStart, scanLoc } from './loc-scan';
import { LOC_SET_MAX_BYTES, locSetAdd, locSetReserve, locSetReset, locSetSlotWord } from './loc-set';
import { alternateHref, alternateHreflang, alternateLink, alternateNamespace, alternateRel, alternatesOn, entriesReset, entryBegin, entryFieldId, entryHasField, entryLaterRoot, entryNameId, entryPattern, entryPatternSlot, EntryField, entryRoot, entryValue, matchPattern, STAGE_CAPACITY, STAGED_WORDS, stageEntry, stagedCount, stagedPriorities, stagedReset, stagedWords, stagingOn, wholeEntryFields, wholeEntryLocal, wholeEntryNamespace, writeEntry } from './entries';
import { continuationsOf, equalBytes, hashBytes, intern, internReset, internFreezeAt, internCount, stringPointerOf, stringLengthOf } from './strings';

export const enum TokenKind {
  StartTag = 1, // <prefix:local …> (namespace resolved; attributes follow)
  EndTag = 2, // </prefix:local>, also emitted for <x/> (SelfClosing) and at recovery (Implied)
  Attribute = 3, // name="value" of the preceding StartTag or XmlDecl
  NamespaceDecl = 4, // xmlns[:prefix]="uri": Local = declared prefix id, Namespace = uri id
  Text = 5, // character data and CDATA of one run between markup, decoded into the arena
  Comment = 6, // <!-- … -->
  ProcessingInstruction = 7, // <?target data?>: Local = target id, arena = data
  XmlDecl = 8, // <?xml …?>: version / encoding / standalone follow as Attribute records
  Error = 9, // Local = XmlError code; Start = byte offset of the fault
  Doctype = 10, // <!DOCTYPE …> (always also an Error: refused, skipped)
  Entry = 11, // a whole simple <url>/<sitemap> (collapseEntries; entries.ts has the layout)
  EntryMore = 12, // always right after an Entry: the rest of its values
  EntryScan = 13, // always right after an EntryMore: the loc checks (when watched)
  EntryHead = 14, // an Entry whose element stays open: children other than fields follow as records
  Alternate = 15, // a whole <xhtml:link rel hreflang href/> in a <url> (entries.ts collapseAlternates)
  StagedRun = 16, // whole entries in a row that went to the staging table (entries.ts stageEntry): see stageWholeEntry
}

export const enum TokenFlag {
  SelfClosing = 1,
  Implied = 2,
  HasEntity = 4,
  HasCdata = 8,
  NonAscii = 16,
  WhitespaceOnly = 32,
  /** A Text record whose loc checks ran (watchText): Local and Namespace hold the results. */
  LocScanned = 64,
  /** An EntryScan whose loc is in comparableUrl's form (loc-scan.ts locNormal): words 4 and 5 hold its identity. */
  LocIdentity = 128,
}

/** Word offsets inside one token record (Int32). */
export const enum Field {
  KindFlags = 0, // kind | flags << 8
  Start = 1, // byte offset in the window where the construct starts
  End = 2, // byte offset just after it
  Line = 3, // 1-based
  Column = 4, // 1-based, in code points
  ArenaStart = 5, // UTF-16 offset of the decoded value in the arena string
  ArenaEnd = 6,
  Local = 7, // interned id of the local name (or error code / declared prefix / PI target)
  Prefix = 8, // interned id of the prefix (0: none)
  Namespace = 9, // interned id of the namespace URI (0: none, -1: unbound prefix)
}
const TOKEN_WORDS: i32 = 10;
const TOKEN_CAPACITY: i32 = 65536;
/** Most records one construct can write (1 tag + attributes + errors + implied end tags). */
const CONSTRUCT_HEADROOM: i32 = 2048;
const MAX_ATTRIBUTES: i32 = 1024;
const MAX_ERRORS_PER_CONSTRUCT: i32 = 256;
/** Error records per document; past it errors are only counted (memory stays bounded). */
const MAX_ERRORS_PER_DOCUMENT: i32 = 1000;
const MAX_DEPTH: i32 = 512;
const MAX_BINDINGS: i32 = 4096;

export const enum Status {
  NeedInput = 0, // every complete construct was tokenized; append more bytes (or pass final)
  OutputFull = 1, // drain the records and call again with the same window
  Done = 2, // final call: the document is finished
  Stopped = 3, // an error was found and StopAtFirstError is set
}

export const enum ResetFlag {
  KeepWhitespace = 1, // also emit whitespace-only Text records
  StopAtFirstError = 2,
  KeepLeafWhitespace = 4, // emit a whitespace-only run when it is all of an element's content: <x> </x>
}

// Construct results other than a position.
const INCOMPLETE: i32 = -1;
/** wholeEntry: not an entry it can read whole (the caller reads it record by record). */
const FALLBACK: i32 = -2;
/**
 * An entry not complete in this many bytes of window is read record by record: a construct cut
 * by the window end is read again when more bytes come, and one that never ends (a stream fed a
 * byte at a time) must not be read again from its start each time.
 */
const WHOLE_ENTRY_MAX_BYTES: i32 = 16384;
/** Field offsets in an Entry record are 16 bits: a longer entry (complete in one window) is read record by record. */
const WHOLE_ENTRY_MAX_OFFSET: i32 = 65535;

// Reserved string ids (interned first, in this order, by strings.ts).
const ID_EMPTY: i32 = 0;
const ID_XML: i32 = 1;
const ID_XMLNS: i32 = 2;
const ID_XML_NAMESPACE: i32 = 3;
const ID_XMLNS_NAMESPACE: i32 = 4;
const ID_VERSION: i32 = 5;
const ID_ENCODING: i32 = 6;
const ID_STANDALONE: i32 = 7;
const NAMESPACE_UNBOUND: i32 = -1;

// ---------------------------------------------------------------- regions
let tokens: usize = allocRegion(<usize>(TOKEN_CAPACITY * TOKEN_WORDS * 4));
let inputCap: i32 = 1 << 20;
// The input window and both arenas share one region (windowRegionBytes), so that growing them
// gives the old region back when nothing was allocated after it (reserveInput).
let windowRegion: usize = allocRegion(windowRegionBytes(inputCap));
let input: usize = windowRegion;
// Decoded values: ASCII ones in `arena`, the others (UTF-8) in `wideArena`, so JS can turn the
// first into a string with a one-byte copy and only the second needs a UTF-8 decode.
let arena: usize = windowRegion + <usize>inputCap + 16;
let wideArena: usize = arena + <usize>inputCap * 3 + 64;
const frames: usize = allocRegion(<usize>(MAX_DEPTH * 4 * 4)); // prefix, local, namespace, binding base
const bindings: usize = allocRegion(<usize>(MAX_BINDINGS * 2 * 4)); // prefix, uri
// Names read lately, direct-mapped by their first eight bytes: [those bytes (u64), prefix id,
// local id]. A sitemap repeats a handful of names (url, loc, lastmod, image:image, …), and a hit
// is one compare of the name's bytes instead of a hash per byte and a probe of the string table.
// Eight bytes, not four: prefixed names share their first four ("vide" for every video:*), which
// made them evict each other (mixed-50k.xml: scanQName + intern 19 ms of 110 in the core).
const NAME_CACHE_SLOTS: i32 = 256;
const NAME_CACHE_BYTES: i32 = NAME_CACHE_SLOTS * 16;
const nameCache: usize = allocRegion(<usize>NAME_CACHE_BYTES);

// ---------------------------------------------------------------- document state
let flags: i32 = 0;
let depth: i32 = 0;
let bindingCount: i32 = 1; // the xml prefix, always bound
let seenRoot = false;
let rootClosed = false;
let finished = false;
let compactedBytes: f64 = 0; // bytes of the document dropped from the window so far
let errorsSuppressed: i32 = 0;
let documentErrors: i32 = 0;

// ---------------------------------------------------------------- per-call state
let length: i32 = 0; // bytes in the window
let final = false;
let pos: i32 = 0; // start of the next construct
let tokenCountValue: i32 = 0;
let arenaBytes: i32 = 0;
let arenaUnits: i32 = 0; // UTF-16 units written to the arena
/** The start of the ASCII arena JS still refers to (keepArena): each batch appends after it. */
let arenaKeep: i32 = 0;
let wideBytes: i32 = 0;
let wideUnits: i32 = 0;
let stopRequested = false;
/**
 * The last construct was the start tag of the element still open, so nothing is in it yet: white
 * space up to its end tag is then its whole content (KeepLeafWhitespace), not layout.
 */
let leafOpen = false;

// Line tracking, fused into the loops that consume bytes: every line break and every UTF-8
// continuation byte before the scan point has been counted, none after it. So the column of a
// position p at or after the last of them is p - lineStart + 1 - continuations (code points).
// (A separate counting pass per token cost a quarter of the tokenizer's time: 9 of 37 ms on
// plain-50k.xml, measured 2026-11-22.)
// The three are exported as globals (no functions: 20 bytes of the bundle's gzip instead of 25,
// 2026-11-26), so that JS can ask where consumed() is: line `line`, column consumed() - lineStart
// + 1 - continuations (validate asks once, where a document crosses the 50 MB limit:
// src/core/xml-reader.ts positionAfterPushed, instead of counting every byte in JS).
export let line: i32 = 1;
export let lineStart: i32 = 0; // window offset of the current line's first byte (may be negative)
export let continuations: i32 = 0; // UTF-8 continuation bytes in [lineStart, scan point)

// Per-construct scratch.
let constructErrors: i32 = 0;
let runFlags: i32 = 0; // flags gathered while scanning character data
let watchedLocal: i32 = -1; // text directly in elements of this local name gets the loc checks (validate)
let locSetOn = false; // and whole entries' locs go to the loc set (validate; not the crawl's identities alone)
let runNonWhitespace = false;

// ---------------------------------------------------------------- exports
/** Starts a new document. */
/**
 * Whole entries (entries.ts) for this document: the names' ids are registered with entryNames
 * first; their bytes come from the string table.
 */
export function collapseEntries(on: i32): void {
  entriesReset(on != 0);
  if (on == 0) return;
  for (let slot = 0; slot < 4; slot++) {
    const id = entryFieldId(slot);
    if (id < 0 || stringLengthOf(id) > 14) { entriesReset(false); return; }
    entryPattern(slot, stringPointerOf(id), stringLengthOf(id));
  }
  const url = entryNameId(0), sitemap = entryNameId(1);
  if (stringLengthOf(url) > 14 || stringLengthOf(sitemap) > 14) { entriesReset(false); return; }
  entryPattern(4, stringPointerOf(url), stringLengthOf(url));
  entryPattern(5, stringPointerOf(sitemap), stringLengthOf(sitemap));
}

export function tokenizerReset(resetFlags: i32): void {
  flags = resetFlags;
  depth = 0;
  bindingCount = 1;
  store<i32>(bindings, ID_XML);
  store<i32>(bindings + 4, ID_XML_NAMESPACE);
  seenRoot = false;
  rootClosed = false;
  finished = false;
  compactedBytes = 0;
  errorsSuppressed = 0;
  documentErrors = 0;
  // The previous document's last construct may have hit its cap: this one starts afresh.
  constructErrors = 0;
  pos = 0;
  length = 0;
  line = 1;
  lineStart = 0;
  continuations = 0;
  leafOpen = false;
  internReset();
  memory.fill(nameCache, 0, <usize>NAME_CACHE_BYTES); // its ids were this document's
  watchedLocal = -1;
  arenaKeep = 0;
  locSetReset();
  pendingCount = 0;
  entriesReset(false); // until the facade asks for Entry records (collapseEntries)
}

/**
 * Runs the loc checks (loc-scan.ts) on every ASCII text run directly inside an element whose
 * local name has id `local` (a known name, interned before any document); -1 stops them. With
 * `identitiesOnly`, whole entries' locs get their checks and identity (LocIdentity) but neither
 * the loc set nor the lastmod checks: what the crawl asks when it does not validate.
 */
export function watchText(local: i32, identitiesOnly: i32): void {
  watchedLocal = local;
  locSetOn = identitiesOnly == 0;
}

/** The window region for an input window of `capacity` bytes: the window (+16 of slack), the ASCII arena, the wide arena. */
function windowRegionBytes(capacity: i32): usize {
  return <usize>capacity + 16 + 2 * (<usize>capacity * 3 + 64);
}

/**
 * Makes the input window at least `bytes` long, keeping its content. May grow memory. The old
 * region goes back when it is the last one allocated (it usually is after the first growth): a
 * 12 MB construct (10^6 attributes) had grown memory by every window on the way, 302 MB in all,
 * and now needs its last window only (issue #22 item 6).
 */
export function reserveInput(bytes: i32): usize {
  if (bytes > inputCap) {
    let capacity = inputCap;
    while (capacity < bytes) capacity <<= 1;
    const old = windowRegion, oldArena = arena;
    freeLastRegion(old); // its bytes stay until the copies below have read them
    const next = allocRegion(windowRegionBytes(capacity));
    // Taken back in place, the window is where it was; the kept arena moves up (memory.copy
    // copies overlapping ranges correctly).
    if (next != old) memory.copy(next, old, <usize>inputCap);
    const nextArena = next + <usize>capacity + 16;
    memory.copy(nextArena, oldArena, <usize>arenaKeep);
    windowRegion = next;
    input = next;
    inputCap = capacity;
    arena = nextArena;
    wideArena = nextArena + <usize>capacity * 3 + 64;
  }
  return input;
}

/**
 * Keeps the first `bytes` of the ASCII arena for the batches that follow, which then append
 * after them (the parser builds whole entries from one string of several batches' values:
 * src/read/parse.ts stageEntry), until called again; 0 lets each batch start the arena afresh. False,
 * changing nothing, above a window's worth: a batch writes at most a window of values, and the
 * arena holds three (reserveInput), so what is kept and the next batch always fit.
 */
export function keepArena(bytes: i32): bool {
  if (bytes < 0 || bytes > inputCap) return false;
  arenaKeep = bytes;
  return true;
}

export function inputPointer(): usize { return input; }
export function inputCapacity(): i32 { return inputCap; }
export function tokensPointer(): usize { return tokens; }
export function tokenCount(): i32 { return tokenCountValue; }
export function consumed(): i32 { return pos; }
export function arenaPointer(): usize { return arena; }
export function arenaLength(): i32 { return arenaBytes; }
export function wideArenaPointer(): usize { return wideArena; }
export function wideArenaLength(): i32 { return wideBytes; }
export function suppressedErrors(): i32 { return errorsSuppressed; }
/** Bytes of the document dropped from the front of the window by compactInput so far. */
export function windowOffset(): f64 { return compactedBytes; }

/** Moves the unconsumed tail [consumed, length) to the window start; returns its length. */
export function compactInput(windowLength: i32): i32 {
  const tail = windowLength - pos;
  if (tail > 0 && pos > 0) memory.copy(input, input + <usize>pos, <usize>tail);
  compactedBytes += <f64>pos;
  lineStart -= pos;
  pos = 0;
  length = tail;
  return tail;
}

/** Interns the `byteLength` bytes at the window start; returns their id (-1 when full). */
export function internString(byteLength: i32): i32 {
  return intern(input, byteLength, hashBytes(input, byteLength));
}
/** Names interned so far survive tokenizerReset (the facade's known names). */
export function internFreeze(): void { internFreezeAt(internCount()); }
export function stringPointer(id: i32): usize { return stringPointerOf(id); }
export function stringLength(id: i32): i32 { return stringLengthOf(id); }

/**
 * Tokenizes the window [consumed, windowLength). `isFinal` says no bytes follow.
 * Returns a Status; the records and arena stay valid until the next call.
 */
export function tokenize(windowLength: i32, isFinal: i32): i32 {
  const status = tokenizeWindow(windowLength, isFinal);
  addPendingLocs(); // before JS reads the batch's records, and before JS's own adds
  // validate() adds the locs of this batch's other entries while it reads the batch, and those
  // adds must not grow memory under its views. Room for: a loc per three records (an entry whose
  // loc JS adds has at least three here: an Entry group, or a loc's tag, text and end tags), as
  // many bytes as the batch's text, and one loc begun in earlier batches (at most LOC_SET_MAX_BYTES).
  if (watchedLocal >= 0 && locSetOn) locSetReserve(tokenCountValue / 3 + 1, arenaBytes + wideBytes + LOC_SET_MAX_BYTES);
  return status;
}

function tokenizeWindow(windowLength: i32, isFinal: i32): i32 {
  length = windowLength;
  final = isFinal != 0;
  tokenCountValue = 0;
  stagedReset();
  openRun = -1;
  arenaBytes = arenaKeep; // an ASCII arena holds one byte per UTF-16 unit
  arenaUnits = arenaKeep;
  wideBytes = 0;
  wideUnits = 0;
  stopRequested = false;
  while (pos < length) {
    if (tokenCountValue + CONSTRUCT_HEADROOM > TOKEN_CAPACITY || stagedCount == STAGE_CAPACITY) return Status.OutputFull;
    // Everything a construct changes, so that a construct cut by the window end rolls back.
    const savedTokens = tokenCountValue, savedArenaBytes = arenaBytes, savedArenaUnits = arenaUnits;
    const savedWideBytes = wideBytes, savedWideUnits = wideUnits;
    const savedLine = line, savedLineStart = lineStart, savedContinuations = continuations;
    const savedBindings = bindingCount, savedDepth = depth, savedSeenRoot = seenRoot, savedRootClosed = rootClosed;
    const savedSuppressed = errorsSuppressed, savedDocumentErrors = documentErrors;
    const savedLeafOpen = leafOpen;
    constructErrors = 0;
    const next = construct(pos);
    if (next == INCOMPLETE) {
      tokenCountValue = savedTokens; arenaBytes = savedArenaBytes; arenaUnits = savedArenaUnits;
      wideBytes = savedWideBytes; wideUnits = savedWideUnits;
      line = savedLine; lineStart = savedLineStart; continuations = savedContinuations;
      bindingCount = savedBindings; depth = savedDepth; seenRoot = savedSeenRoot; rootClosed = savedRootClosed;
      errorsSuppressed = savedSuppressed; documentErrors = savedDocumentErrors;
      leafOpen = savedLeafOpen;
      stopRequested = false;
      if (!final) return Status.NeedInput;
      // The document ends inside this construct.
      emitError(XmlError.UnexpectedEof, pos);
      countEvents(pos, length);
      pos = length;
      break;
    }
    pos = next;
    if (stopRequested) return Status.Stopped;
  }
  if (!final) return Status.NeedInput;
  if (!finished) {
    if (tokenCountValue + CONSTRUCT_HEADROOM > TOKEN_CAPACITY) return Status.OutputFull;
    finishDocument();
    finished = true;
    if (stopRequested) return Status.Stopped;
  }
  return Status.Done;
}

// ---------------------------------------------------------------- records
// @ts-ignore: decorator
@inline function record(index: i32): usize {
  return tokens + (<usize>index * <usize>TOKEN_WORDS << 2);
}

/** A record at `start`, which no counted line break or continuation byte follows. */
function emit(kind: i32, tokenFlags: i32, start: i32, end: i32): i32 {
  return emitAt(kind, tokenFlags, start, end, line, columnAt(start));
}

/** A record whose position was taken before the bytes after it were consumed. */
function emitAt(kind: i32, tokenFlags: i32, start: i32, end: i32, atLine: i32, atColumn: i32): i32 {
  const index = tokenCountValue++;
  const r = record(index);
  store<i32>(r, kind | (tokenFlags << 8));
  store<i32>(r, start, 4);
  store<i32>(r, end, 8);
  store<i32>(r, atLine, 12);
  store<i32>(r, atColumn, 16);
  store<i32>(r, 0, 20);
  store<i32>(r, 0, 24);
  store<i32>(r, 0, 28);
  store<i32>(r, 0, 32);
  store<i32>(r, 0, 36);
  return index;
}

// @ts-ignore: decorator
@inline function setField(index: i32, field: i32, value: i32): void {
  store<i32>(record(index) + (<usize>field << 2), value);
}

// @ts-ignore: decorator
@inline function getField(index: i32, field: i32): i32 {
  return load<i32>(record(index) + (<usize>field << 2));
}

function emitError(code: i32, at: i32): void {
  if (constructErrors >= MAX_ERRORS_PER_CONSTRUCT || documentErrors >= MAX_ERRORS_PER_DOCUMENT) {
    errorsSuppressed++;
    if (flags & ResetFlag.StopAtFirstError) stopRequested = true;
    return;
  }
  constructErrors++;
  documentErrors++;
  const index = emit(TokenKind.Error, 0, at, at);
  setField(index, Field.Local, code);
  if (flags & ResetFlag.StopAtFirstError) stopRequested = true;
}

/** An error about a construct already recorded (namespace and duplicate checks run at `>`). */
function emitErrorAt(code: i32, tokenIndex: i32): void {
  if (constructErrors >= MAX_ERRORS_PER_CONSTRUCT || documentErrors >= MAX_ERRORS_PER_DOCUMENT) {
    errorsSuppressed++;
    if (flags & ResetFlag.StopAtFirstError) stopRequested = true;
    return;
  }
  constructErrors++;
  documentErrors++;
  const index = tokenCountValue++;
  const r = record(index);
  store<i32>(r, TokenKind.Error);
  store<i32>(r, getField(tokenIndex, Field.Start), 4);
  store<i32>(r, getField(tokenIndex, Field.Start), 8);
  store<i32>(r, getField(tokenIndex, Field.Line), 12);
  store<i32>(r, getField(tokenIndex, Field.Column), 16);
  store<i32>(r, 0, 20);
  store<i32>(r, 0, 24);
  store<i32>(r, code, 28);
  store<i32>(r, 0, 32);
  store<i32>(r, 0, 36);
  if (flags & ResetFlag.StopAtFirstError) stopRequested = true;
}

// ---------------------------------------------------------------- line and column
// @ts-ignore: decorator
@inline function columnAt(p: i32): i32 {
  return p - lineStart + 1 - continuations;
}

/** A line break at p (a \n, or a \r not followed by \n). */
// @ts-ignore: decorator
@inline function lineBreakAt(p: i32): void {
  line++;
  lineStart = p + 1;
  continuations = 0;
}

/** Counts the line breaks and continuation bytes of [start, end): for the rarer constructs. */
function countEvents(start: i32, end: i32): void {
  for (let i = start; i < end; i++) {
    const b = byteAt(i);
    if (b == Char.LineFeed) lineBreakAt(i);
    else if (b == Char.CarriageReturn) {
      if (i + 1 >= length || byteAt(i + 1) != Char.LineFeed) lineBreakAt(i);
    } else if ((b & 0xc0) == 0x80) continuations++;
  }
}

// ---------------------------------------------------------------- helpers
// @ts-ignore: decorator
@inline function byteAt(p: i32): i32 {
  return <i32>load<u8>(input + <usize>p);
}


/** True when the window holds `text` (ASCII) at p; INCOMPLETE-safe callers check length first. */
function matchAscii(p: i32, text: string): bool {
  const n = text.length;
  if (p + n > length) return false;
  for (let i = 0; i < n; i++) if (byteAt(p + i) != text.charCodeAt(i)) return false;
  return true;
}

/** Could the bytes [p, length) still grow into `text`? (A cut inside a keyword.) */
function couldBecome(p: i32, text: string): bool {
  const n = min(text.length, length - p);
  for (let i = 0; i < n; i++) if (byteAt(p + i) != text.charCodeAt(i)) return false;
  return true;
}

/** Skips (and counts) white space; a \r at the window end waits for its possible \n. */
function skipWhitespace(p: i32): i32 {
  while (p < length) {
    const b = byteAt(p);
    if (b == Char.Space || b == Char.Tab) { p++; continue; }
    if (b == Char.LineFeed) { lineBreakAt(p); p++; continue; }
    if (b != Char.CarriageReturn) break;
    if (p + 1 < length && byteAt(p + 1) == Char.LineFeed) p++;
    lineBreakAt(p);
    p++;
  }
  return p;
}

// Results of scanQName.
let qnameEnd: i32 = 0;
let qnamePrefix: i32 = 0;
let qnameLocal: i32 = 0;
let qnameBad = false;

/**
 * Scans a QName at p (which must hold a name-start byte); interns prefix and local part.
 * Returns false when the window ends inside the name (or the string table is full: qnameLocal -1).
 */
function scanQName(p: i32): bool {
  const start = p;
  let cacheSlot: usize = 0;
  if (p + 8 <= length) {
    const key = load<u64>(input + <usize>p);
    cacheSlot = nameCache + (<usize>((key * 0x9e3779b97f4a7c15) >> 56) << 4);
    if (load<u64>(cacheSlot) == key) {
      const prefix = load<i32>(cacheSlot, 8), local = load<i32>(cacheSlot, 12);
      const end = matchName(p, prefix, local);
      if (end >= 0) {
        qnameEnd = end;
        qnamePrefix = prefix;
        qnameLocal = local;
        qnameBad = false;
        return true;
      }
    }
  }
  let colon = -1;
  qnameBad = false;
  // FNV-1a of the local part (and of the prefix, kept at the colon), fused with the scan.
  let hash: u32 = <u32>0x811c9dc5 ^ <u32>byteAt(p);
  hash *= 0x01000193;
  let prefixHash: u32 = 0;
  let nonAscii = byteAt(start) >= 0x80;
  p++;
  while (p < length) {
    const b = byteAt(p);
    if (b == Char.Colon) {
      if (colon >= 0) qnameBad = true; // a second colon: not a QName
      else { colon = p; prefixHash = hash; hash = 0x811c9dc5; p++; continue; }
    } else if (!isNameChar(b)) break;
    if (b >= 0x80) nonAscii = true;
    hash = (hash ^ <u32>b) * 0x01000193;
    p++;
  }
  if (p >= length && !final) return false;
  qnameEnd = p;
  // Name bytes >= 0x80 are taken as name characters; they must still be UTF-8. A name with bad
  // bytes is reported (each time it occurs: it is never put in the name cache).
  const badUtf8 = nonAscii && !checkNameUtf8(start, p);
  if (colon < 0) {
    qnamePrefix = ID_EMPTY;
    qnameLocal = intern(input + <usize>start, p - start, hash);
  } else if (qnameBad || colon == p - 1 || !isNameStart(byteAt(colon + 1))) {
    qnameBad = true;
    qnamePrefix = ID_EMPTY;
    qnameLocal = internRange(start, p);
  } else {
    qnamePrefix = intern(input + <usize>start, colon - start, prefixHash);
    qnameLocal = intern(input + <usize>colon + 1, p - colon - 1, hash);
  }
  // Columns count characters. A name's UTF-8 continuation bytes are counted by the string table,
  // once per name, so that every way of reading a name (this scan, the name cache, an end tag
  // matched against its start tag) counts them alike, whatever the chunking.
  if (qnameLocal >= 0 && qnamePrefix >= 0) continuations += continuationsOf(qnamePrefix) + continuationsOf(qnameLocal);
  else for (let i = start + 1; i < p; i++) if ((byteAt(i) & 0xc0) == 0x80) continuations++; // the table is full
  if (cacheSlot != 0 && !qnameBad && !badUtf8 && qnameLocal >= 0 && qnamePrefix >= 0) {
    store<u64>(cacheSlot, load<u64>(input + <usize>start));
    store<i32>(cacheSlot, qnamePrefix, 8);
    store<i32>(cacheSlot, qnameLocal, 12);
  }
  return true;
}

/**
 * Checks that the name bytes [start, end) are UTF-8 (shortest form, no surrogates, at most
 * U+10FFFF), XML characters and name characters; reports each bad byte or character where it is (the name's continuation bytes
 * are not counted in `continuations` yet: the column is worked out here). Returns false if any was bad.
 */
function checkNameUtf8(start: i32, end: i32): bool {
  let good = true;
  let skipped = 0; // continuation bytes of good sequences before i
  let i = start;
  while (i < end) {
    const b0 = <u32>byteAt(i);
    if (b0 < 0x80) { i++; continue; }
    let need = 0;
    let cp: u32 = 0;
    let lowest: u32 = 0;
    if (b0 >= 0xc2 && b0 <= 0xdf) { need = 1; cp = b0 & 0x1f; lowest = 0x80; }
    else if (b0 >= 0xe0 && b0 <= 0xef) { need = 2; cp = b0 & 0x0f; lowest = 0x800; }
    else if (b0 >= 0xf0 && b0 <= 0xf4) { need = 3; cp = b0 & 0x07; lowest = 0x10000; }
    let valid = need > 0 && i + need < end + 1;
    for (let k = 1; valid && k <= need; k++) {
      if (i + k >= end) { valid = false; break; }
      const b = <u32>byteAt(i + k);
      if ((b & 0xc0) != 0x80) valid = false;
      else cp = (cp << 6) | (b & 0x3f);
    }
    if (valid && (cp < lowest || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))) valid = false;
    if (valid && !isXmlChar(cp)) {
      emitErrorWithPosition(XmlError.InvalidChar, i, line, i - lineStart + 1 - continuations - skipped);
      good = false;
    } else if (valid && !(i == start ? isNameStartCodePoint(cp) : isNameCodePoint(cp))) {
      // A character outside XML 1.0's NameStartChar / NameChar (U+0085, U+00D7, U+2028…).
      emitErrorWithPosition(XmlError.InvalidName, i, line, i - lineStart + 1 - continuations - skipped);
      good = false;
    }
    if (!valid) {
      emitErrorWithPosition(XmlError.InvalidUtf8, i, line, i - lineStart + 1 - continuations - skipped);
      good = false;
      i++;
      continue;
    }
    skipped += need;
    i += need + 1;
  }
  return good;
}

/** XML 1.0 (5th ed.) NameStartChar, for a code point >= 0x80. */
function isNameStartCodePoint(cp: u32): bool {
  return (cp >= 0xc0 && cp <= 0xd6) || (cp >= 0xd8 && cp <= 0xf6) || (cp >= 0xf8 && cp <= 0x2ff) || (cp >= 0x370 && cp <= 0x37d)
    || (cp >= 0x37f && cp <= 0x1fff) || cp == 0x200c || cp == 0x200d || (cp >= 0x2070 && cp <= 0x218f) || (cp >= 0x2c00 && cp <= 0x2fef)
    || (cp >= 0x3001 && cp <= 0xd7ff) || (cp >= 0xf900 && cp <= 0xfdcf) || (cp >= 0xfdf0 && cp <= 0xfffd) || (cp >= 0x10000 && cp <= 0xeffff);
}

/** XML 1.0 (5th ed.) NameChar, for a code point >= 0x80. */
function isNameCodePoint(cp: u32): bool {
  return isNameStartCodePoint(cp) || cp == 0xb7 || (cp >= 0x300 && cp <= 0x36f) || cp == 0x203f || cp == 0x2040;
}

function internRange(start: i32, end: i32): i32 {
  const ptr = input + <usize>start;
  return intern(ptr, end - start, hashBytes(ptr, end - start));
}

// ---------------------------------------------------------------- constructs
/** Tokenizes one construct at p; returns the position after it, or INCOMPLETE. */
function construct(p: i32): i32 {
  const first = byteAt(p);
  if (first != Char.Lt) {
    // Fast path: the white space between tags, dropped unless asked for.
    if (isWhitespace(first) && !(flags & ResetFlag.KeepWhitespace)) {
      const savedLine = line, savedLineStart = lineStart, savedContinuations = continuations;
      const q = skipSpaceBeforeMarkup(p);
      if (q == INCOMPLETE) return q;
      if (q > p) {
        if (!keepsLeafWhitespace(q)) return q;
        // <x> </x> cut by a window end after <x>: the white space is x's content after all.
        line = savedLine; lineStart = savedLineStart; continuations = savedContinuations;
      }
    }
    return text(p);
  }
  if (p + 1 >= length) return final ? text(p) : INCOMPLETE;
  const b = byteAt(p + 1);
  if (isNameStart(b)) {
    if (depth == 1 && wholeEntryLocal >= 0) {
      const after = wholeEntryOrFallback(p);
      if (after != FALLBACK) return after;
    }
    return startTag(p);
  }
  if (b == Char.Slash) return endTag(p);
  if (b == Char.Question) return processingInstruction(p);
  if (b == Char.Bang) {
    if (couldBecome(p, '<![CDATA[')) {
      if (p + 9 > length) return final ? text(p) : INCOMPLETE;
      return text(p);
    }
    if (couldBecome(p, '<!--')) {
      if (p + 4 > length) return final ? text(p) : INCOMPLETE;
      return comment(p);
    }
    if (couldBecome(p, '<!DOCTYPE')) {
      if (p + 9 > length) return final ? text(p) : INCOMPLETE;
      return doctype(p);
    }
  }
  // '<' that starts no markup: an error; the '<' is taken as text.
  return text(p);
}

/**
 * Whether a whitespace-only run that ends at p is to be kept as the whole content of the element
 * opened just before it (p is at its end tag), under KeepLeafWhitespace: `<x> </x>` holds the
 * value " ", while the same white space between two tags is layout.
 */
// @ts-ignore: decorator
@inline function keepsLeafWhitespace(p: i32): bool {
  return leafOpen && (flags & ResetFlag.KeepLeafWhitespace) != 0 && p + 1 < length && byteAt(p) == Char.Lt && byteAt(p + 1) == Char.Slash;
}

/**
 * White space at p that runs up to markup (not CDATA, which joins the text run) is dropped:
 * returns the markup's position with the lines counted, or p when the space starts a text run.
 * Tags call it on what follows them, which saves a turn of the main loop per gap. A call in four
 * of its six places (construct, wholeEntry, startTag's rarer two): inlined in all six it was 2.4
 * KB of the SIMD core, 390 bytes of its gzip (bench/README.md, crawl round 10).
 */
function skipSpaceBeforeMarkup(p: i32): i32 {
  return skipSpaceBeforeMarkupInline(p);
}

/**
 * skipSpaceBeforeMarkup inlined, where most gaps are read (startTag's open element, endTag): as
 * a call there the core took up to 2% longer over mixed-50k.xml's tags.
 */
// @ts-ignore: decorator
@inline function skipSpaceBeforeMarkupInline(p: i32): i32 {
  let q = p;
  let breaks = 0, lastBreak = 0;
  if (ASC_FEATURE_SIMD) {
    // A gap is usually a line feed and some indentation: one block finds its end.
    const space = i8x16.splat(<i8>Char.Space), tab = i8x16.splat(<i8>Char.Tab);
    const lf = i8x16.splat(<i8>Char.LineFeed), cr = i8x16.splat(<i8>Char.CarriageReturn);
    while (q + 16 <= length) {
      const v = v128.load(input + <usize>q);
      const feeds = i8x16.bitmask(i8x16.eq(v, lf));
      const returns = i8x16.bitmask(i8x16.eq(v, cr));
      const blanks = i8x16.bitmask(v128.or(v128.or(i8x16.eq(v, space), i8x16.eq(v, tab)), i8x16.eq(v, lf))) | returns;
      const other = ~blanks & 0xffff;
      const n = other == 0 ? 16 : ctz<i32>(other);
      if (returns & ((1 << n) - 1)) break; // \r: the scalar loop below sorts out CRLF
      const counted = feeds & ((1 << n) - 1);
      if (counted) { breaks += popcnt<i32>(counted); lastBreak = q + 31 - clz<i32>(counted); }
      q += n;
      if (n < 16) break;
    }
  }
  while (q < length) {
    const b = byteAt(q);
    if (b == Char.Space || b == Char.Tab) { q++; continue; }
    if (b == Char.LineFeed) { breaks++; lastBreak = q; q++; continue; }
    if (b != Char.CarriageReturn) break;
    // \r\n counts once, at its \n; a lone \r is a line break of its own.
    if (q + 1 >= length || byteAt(q + 1) != Char.LineFeed) { breaks++; lastBreak = q; }
    q++;
  }
  if (q == p) return p;
  if (q + 2 >= length) {
    if (!final) return INCOMPLETE; // decided once more bytes are there
    if (q < length && byteAt(q) != Char.Lt) return p;
  } else if (byteAt(q) != Char.Lt || (byteAt(q + 1) == Char.Bang && byteAt(q + 2) == Char.OpenBracket)) return p;
  if (breaks > 0) {
    line += breaks;
    lineStart = lastBreak + 1;
    continuations = 0;
  }
  return q;
}

// Whole entries --------------------------------------------------------------
/**
 * `<url>` at p (or `<sitemap>` in an index), with Entry records on: reads the entry whole when
 * it can (wholeEntry), and the entries right after it while they are whole too, as one construct
 * that ends after the last of them; otherwise puts back everything that reading changed and
 * returns FALLBACK, and the entry is read record by record. At the end of the document an entry
 * cut short is FALLBACK too, so its errors are reported the usual way. An entry after the first
 * that is not whole (cut by the window, an extension, anything wholeEntry does not read) is put
 * back and ends the run there: the next construct starts at it. A run spares each entry after
 * the first tokenizeWindow's turn (its state saved a second time) and construct's dispatch.
 */
function wholeEntryOrFallback(p: i32): i32 {
  const first = p;
  while (true) {
    const savedTokens = tokenCountValue, savedArenaBytes = arenaBytes, savedArenaUnits = arenaUnits;
    const savedWideBytes = wideBytes, savedWideUnits = wideUnits;
    const savedLine = line, savedLineStart = lineStart, savedContinuations = continuations;
    const savedSuppressed = errorsSuppressed, savedDocumentErrors = documentErrors, savedConstructErrors = constructErrors;
    let after = wholeEntry(p);
    if (after == INCOMPLETE && length - p > WHOLE_ENTRY_MAX_BYTES) after = FALLBACK;
    if (after >= 0) {
      // The next entry, when a line feed and indentation lead to markup other than a CDATA section
      // or comment (any other gap as before), and the batch has room for it as tokenizeWindow
      // would check; never after an EntryHead, which leaves its entry open and ends at the "<" of
      // the next child. The indentation is read as one word, as skipGap reads it: through
      // skipSpaceBeforeMarkup's call the run saved half as much.
      if (byteAt(after) == Char.LineFeed && !(flags & ResetFlag.KeepWhitespace)
        && tokenCountValue + CONSTRUCT_HEADROOM <= TOKEN_CAPACITY && stagedCount < STAGE_CAPACITY) {
        // Up to eight spaces (more go the old way); ctz of no other byte is 64: the ninth byte.
        const next = after + 1 + <i32>(ctz<u64>(load<u64>(input + <usize>after, 1) ^ 0x2020202020202020) >> 3);
        if (next + 2 < length && byteAt(next) == Char.Lt && byteAt(next + 1) != Char.Bang) {
          lineBreakAt(after);
          p = next;
          continue;
        }
      }
      return skipSpaceAfterTag(after);
    }
    if (p == first && after == INCOMPLETE && !final) return after;
    tokenCountValue = savedTokens; arenaBytes = savedArenaBytes; arenaUnits = savedArenaUnits;
    wideBytes = savedWideBytes; wideUnits = savedWideUnits;
    line = savedLine; lineStart = savedLineStart; continuations = savedContinuations;
    errorsSuppressed = savedSuppressed; documentErrors = savedDocumentErrors; constructErrors = savedConstructErrors;
    stopRequested = false;
    return p == first ? FALLBACK : p;
  }
}

/**
 * Reads `<url>`, then only `<field>value</field>` children (each known field at most once, no
 * attributes, white space between them), then `</url>`, and writes one Entry record group: the
 * facade's record-by-record reading of the same bytes would find no issue and build the same
 * entry. Anything else (an extension, a comment, a CDATA section, an error, `<url >`…) is
 * FALLBACK; INCOMPLETE when the window ends first.
 */
function wholeEntry(p: i32): i32 {
  const atLine = line, atColumn = columnAt(p);
  const entrySlot = entryPatternSlot;
  let matched = matchPattern(input + <usize>p + 1, entrySlot, 0);
  if (matched == 0) return FALLBACK;
  if (p + 1 + matched >= length) return INCOMPLETE;
  const errorsBefore = documentErrors + errorsSuppressed;
  entryBegin(watchedLocal >= 0 && locSetOn);
  let scanned = 0, scanWord: i32 = 0, scanHostHash: i32 = 0, scanId: i32 = -1;
  let nextSlot = 0;
  let q = p + 1 + matched;
  while (true) {
    q = skipGap(q);
    if (q - p > WHOLE_ENTRY_MAX_OFFSET) return FALLBACK;
    if (q + 1 >= length) return INCOMPLETE;
    if (byteAt(q) != Char.Lt) return FALLBACK; // text directly in the entry
    const tag = input + <usize>q + 1;
    if (load<u8>(tag) == Char.Slash) {
      matched = matchPattern(tag, entrySlot, 1);
      if (matched == 0) return q + 2 + 16 > length ? INCOMPLETE : FALLBACK; // a cut </url>, or another end tag
      if (q + 1 + matched > length) return INCOMPLETE;
      if (!entryHasField(0)) return FALLBACK; // no <loc>: the facade's issue
      q += 1 + matched;
      break;
    }
    // <field>: which one, by its bytes, trying first the slot after the last one read (fields
    // usually come in the protocol's order).
    let slot = nextSlot;
    matched = 0;
    for (let tries = 0; tries < wholeEntryFields; tries++) {
      matched = matchPattern(tag, slot, 0);
      if (matched != 0) break;
      slot = slot + 1 == wholeEntryFields ? 0 : slot + 1;
    }
    if (matched == 0) {
      if (q + 1 + 16 > length && !final) return INCOMPLETE; // a field's tag may be cut here
      // Another element (an extension, mostly): what was read goes out as an EntryHead and the
      // entry stays open for the ordinary records of the rest.
      if (!isNameStart(byteAt(q + 1))) return FALLBACK;
      writeEntryGroup(TokenKind.EntryHead, p, q, atLine, atColumn, scanned, scanWord, scanHostHash, scanId);
      const frame = frames + (<usize>depth << 4);
      store<i32>(frame, ID_EMPTY);
      store<i32>(frame, wholeEntryLocal, 4);
      store<i32>(frame, wholeEntryNamespace, 8);
      store<i32>(frame, bindingCount, 12);
      depth++;
      leafOpen = false;
      return q;
    }
    if (q + 1 + matched >= length) return INCOMPLETE;
    if (entryHasField(slot)) return FALLBACK; // a second one: the facade's issue
    const startBytes = arenaBytes, startUnits = arenaUnits;
    runFlags = 0;
    const end = scanFieldValue(q + 1 + matched);
    if (end == INCOMPLETE) return INCOMPLETE;
    if (documentErrors + errorsSuppressed != errorsBefore) return FALLBACK;
    // </field> right after the value (a CDATA section or a child element is FALLBACK).
    const closing = matchPattern(input + <usize>end + 1, slot, 1);
    if (end + 1 + matched + 1 > length) return INCOMPLETE; // </field> is one byte longer than field>
    if (closing == 0) return FALLBACK;
    const wide = (runFlags & TokenFlag.NonAscii) != 0;
    // The loc checks of watchText, as text() runs them on a loc's Text record. A value with
    // non-ASCII is scanned for the crawl's identity only (its UTF-8 bytes are what identityOf
    // hashes; no errors in it, or this is FALLBACK): its checks' positions count bytes, not
    // characters, so validate scans its string, and adds it to the loc set from there.
    if (slot == 0 && watchedLocal >= 0 && scanLoc(arena + <usize>startBytes, arenaBytes - startBytes)) {
      scanned = wide ? 0 : TokenFlag.LocScanned;
      scanWord = locFindings | (locHostStart << 10) | (locHostEnd << 14);
      scanHostHash = locHostHash;
      // Its id in the document's loc set (validate's duplicate check): the loc is added with the
      // next entries' locs once this entry is written (addPendingLocs), so a cut entry adds nothing.
      // Its hash is also its identity for the crawl (lastHash: writeEntryGroup
      // writes them into the EntryScan when the loc is in comparableUrl's form).
      if (locLength > 0) {
        pendingLocPointer = arena + <usize>(startBytes + locStart);
        pendingLocLength = locLength;
        pendingLocHash = hashLocBytes(pendingLocPointer, locLength);
        if (locNormal) scanned |= TokenFlag.LocIdentity;
        if (locSetOn && !wide) scanId = PENDING_LOC_ID;
      }
    }
    // An ASCII value stays where it is (settleRun's first case, without the call).
    const valueStart = wide ? settleRun(startBytes, startUnits) : startUnits;
    const valueEnd = wide ? settledEnd : arenaUnits;
    if (!entryValue(slot, q - p, valueStart, valueEnd, arena + <usize>startBytes, wide)) return FALLBACK;
    nextSlot = slot + 1 == wholeEntryFields ? 0 : slot + 1;
    q = end + 1 + closing;
  }
  if (!(stagingOn && stageWholeEntry())) writeEntryGroup(TokenKind.Entry, p, q, atLine, atColumn, scanned, scanWord, scanHostHash, scanId);
  leafOpen = false;
  return q; // wholeEntryOrFallback skips the white space after it
}

/** The StagedRun record that the last staged entry joined, while it is the batch's last record; -1 when none. */
let openRun: i32 = -1;

/**
 * Stages the entry wholeEntry just read (entries.ts stageEntry), if it can be, and counts it in
 * a StagedRun record: the last record when it is one, else a new one. StagedRun: Start the word
 * index of the run's first staged entry, End their count, Line the f64 index of its priority,
 * Column where the run's values end in the arena. Runs keep the entries' place among the records.
 */
function stageWholeEntry(): bool {
  const end = stageEntry();
  if (end < 0) return false;
  if (openRun >= 0 && openRun == tokenCountValue - 1) {
    const r = record(openRun);
    store<i32>(r, load<i32>(r, 8) + 1, 8);
    store<i32>(r, end, 16); // values are appended to the arena in document order
    return true;
  }
  openRun = tokenCountValue++;
  const first = stagedCount - 1;
  const r = record(openRun);
  store<i32>(r, TokenKind.StagedRun);
  store<i32>(r, <i32>((stagedWords >> 2) + <usize>(first * STAGED_WORDS)), 4);
  store<i32>(r, 1, 8);
  store<i32>(r, <i32>((stagedPriorities >> 3) + <usize>first), 12);
  store<i32>(r, end, 16);
  return true;
}

/**
 * A field's value in wholeEntry, from p: printable ASCII is copied to the arena 16 bytes at a
 * time, inline, up to the '<' that ends it, and so is `&amp;` (decoded: URLs are full of it,
 * plain-50k.xml has 12,527); from any other byte on (another reference, a line break,
 * non-ASCII, the window's end…) scanCharData takes over, as if it had read the value from the
 * start. Spares the usual short value scanCharData's call and set-up (plain-50k.xml: 150,000
 * values). Nothing here reads runNonWhitespace, which only text() uses.
 */
// @ts-ignore: decorator
@inline function scanFieldValue(p: i32): i32 {
  if (ASC_FEATURE_SIMD) {
    const last = length - 16, source = input;
    const from = arena + <usize>arenaBytes;
    let out = from;
    const control = i8x16.splat(<i8>Char.Space), lt = i8x16.splat(<i8>Char.Lt);
    const amp = i8x16.splat(<i8>Char.Ampersand), bracket = i8x16.splat(<i8>Char.CloseBracket);
    while (p <= last) {
      const v = v128.load(source + <usize>p);
      const special = v128.or(
        i8x16.lt_s(v, control), // signed: C0 controls and every byte >= 0x80 (negative) at once
        v128.or(v128.or(i8x16.eq(v, lt), i8x16.eq(v, amp)), i8x16.eq(v, bracket)));
      v128.store(out, v);
      const bits = i8x16.bitmask(special);
      if (bits == 0) {
        p += 16;
        out += 16;
        continue;
      }
      const n = ctz<i32>(bits);
      p += n;
      out += <usize>n;
      // `&amp;` (its "amp;" as one little-endian word): an '&' in the arena, and on.
      if (load<u8>(source + <usize>p) == Char.Ampersand && p + 5 <= length && load<u32>(source + <usize>p, 1) == 0x3b706d61) {
        store<u8>(out, <u8>Char.Ampersand);
        out++;
        p += 5;
        runFlags |= TokenFlag.HasEntity;
        continue;
      }
      break;
    }
    const written = <i32>(out - from);
    arenaBytes += written;
    arenaUnits += written;
    if (p < length && load<u8>(source + <usize>p) == Char.Lt) return p;
  }
  return scanCharData(p, 0);
}

/**
 * The white space between an entry's children, counted as skipWhitespace counts it: the usual
 * line feed and indentation take a few loads; anything else goes to skipWhitespace. May return
 * a position past the window's content (the caller finds it INCOMPLETE).
 */
// @ts-ignore: decorator
@inline function skipGap(q: i32): i32 {
  while (q < length) {
    const b = byteAt(q);
    if (b == Char.LineFeed) {
      lineBreakAt(q);
      q++;
      // The indentation: spaces, eight at a time.
      let spaces = load<u64>(input + <usize>q) ^ 0x2020202020202020;
      while (spaces == 0 && q < length) {
        q += 8;
        spaces = load<u64>(input + <usize>q) ^ 0x2020202020202020;
      }
      q += <i32>(ctz<u64>(spaces) >> 3);
      continue;
    }
    if (b == Char.Space || b == Char.Tab || b == Char.CarriageReturn) return skipWhitespace(q);
    break;
  }
  return q;
}

/**
 * The self-closing tag recorded at `tagIndex` (ending at q), with exactly three attribute records
 * after it, becomes one Alternate record if it is `<xhtml:link rel="…" hreflang="…" href="…"/>`
 * directly in a `<url>` read whole up to it: Start, End, Line, Column as the tag's; ArenaStart,
 * ArenaEnd and the flags (bit 8 and up) of href's value; Local and Prefix the interned ids of
 * rel's and hreflang's values (a site repeats a few of them). False: the records stay.
 */
function wholeAlternate(tagIndex: i32, q: i32): bool {
  if (getField(tagIndex, Field.Namespace) != alternateNamespace || getField(tagIndex, Field.Local) != alternateLink) return false;
  if (tokenCountValue != tagIndex + 4) return false; // an error or an xmlns among them
  const parent = frames + 16; // the element at depth 1: a <url> of the root's namespace
  if (wholeEntryLocal < 0 || wholeEntryFields != 4 || load<i32>(parent, 4) != wholeEntryLocal || load<i32>(parent, 8) != wholeEntryNamespace) return false;
  let relId = -1, hreflangId = -1, hrefAt = -1;
  for (let a = tagIndex + 1; a <= tagIndex + 3; a++) {
    if ((getField(a, Field.KindFlags) & 0xff) != TokenKind.Attribute || getField(a, Field.Prefix) != ID_EMPTY) return false;
    const local = getField(a, Field.Local);
    if (local == alternateHref && hrefAt < 0) { hrefAt = a; continue; }
    if (local != alternateRel && local != alternateHreflang) return false;
    if ((getField(a, Field.KindFlags) >> 8) & TokenFlag.NonAscii) return false;
    const start = getField(a, Field.ArenaStart), valueLength = getField(a, Field.ArenaEnd) - start;
    const id = intern(arena + <usize>start, valueLength, hashBytes(arena + <usize>start, valueLength));
    if (id < 0) return false; // the string table is full
    if (local == alternateRel) { if (relId >= 0) return false; relId = id; }
    else { if (hreflangId >= 0) return false; hreflangId = id; }
  }
  if (relId < 0 || hreflangId < 0 || hrefAt < 0) return false;
  const r = record(tagIndex);
  store<i32>(r, TokenKind.Alternate | (getField(hrefAt, Field.KindFlags) & ~0xff));
  store<i32>(r, q, 8);
  store<i32>(r, getField(hrefAt, Field.ArenaStart), 20);
  store<i32>(r, getField(hrefAt, Field.ArenaEnd), 24);
  store<i32>(r, relId, 28);
  store<i32>(r, hreflangId, 32);
  store<i32>(r, 0, 36);
  tokenCountValue = tagIndex + 1;
  return true;
}

/**
 * Entry (or EntryHead), EntryMore and EntryScan for the entry read from p to q. A `scanId` of
 * PENDING_LOC_ID: the loc (pendingLoc*) goes to the loc set with the next ones, and its id to
 * EntryScan's LocId then.
 */
function writeEntryGroup(kind: i32, p: i32, q: i32, atLine: i32, atColumn: i32, scanned: i32, scanWord: i32, scanHostHash: i32, scanId: i32): void {
  const index = tokenCountValue;
  tokenCountValue += 3;
  const r = record(index);
  store<i32>(r, p, 4);
  store<i32>(r, q, 8);
  store<i32>(r, atLine, 12);
  store<i32>(r, atColumn, 16);
  writeEntry(r, kind, TokenKind.EntryMore, TokenKind.EntryScan, scanned, scanWord, scanHostHash, scanId);
  // The loc's identity (with LocIdentity), from its hash in wholeEntry: nothing was hashed since.
  store<u64>(r, lastHash, 96);
  if (scanId == PENDING_LOC_ID) {
    const at = pendingCount++;
    unchecked(pendingIdAt[at] = record(index + 2) + (<usize>EntryField.LocId << 2)); // in EntryScan
    unchecked(pendingPointer[at] = pendingLocPointer);
    unchecked(pendingLength[at] = pendingLocLength);
    unchecked(pendingHash[at] = pendingLocHash);
    if (pendingCount == PENDING_LOCS) addPendingLocs();
  }
}

// Whole entries' locs go to the loc set (validate's duplicate check) 64 at a time. Each add
// starts with a load from the set's table, a megabyte or more for a large document, which the
// document streaming through the cache has pushed out: ~100 ns a loc, 12% of validate()'s
// profile on plain-50k.xml. Made together first, those loads wait on memory at the same time:
// 6% of a profile 10% shorter (2026-11-24, this 2-core machine).
const PENDING_LOCS: i32 = 64;
/** A LocId that is still to come (never seen by JS: addPendingLocs writes the real one first). */
const PENDING_LOC_ID: i32 = -2;
const pendingIdAt = new StaticArray<usize>(PENDING_LOCS);
const pendingPointer = new StaticArray<usize>(PENDING_LOCS);
const pendingLength = new StaticArray<i32>(PENDING_LOCS);
const pendingHash = new StaticArray<u32>(PENDING_LOCS);
let pendingCount: i32 = 0;
/** The loc of the entry wholeEntry is reading, when it is to be added. */
let pendingLocPointer: usize = 0;
let pendingLocLength: i32 = 0;
let pendingLocHash: u32 = 0;
/** Where the sum of addPendingLocs' loads is stored: a store to memory keeps them from being optimized away. */
const pendingLoadSink: usize = memory.data(4);

/** Adds the pending locs in document order and writes their ids to their records. */
function addPendingLocs(): void {
  const count = pendingCount;
  if (count == 0) return;
  pendingCount = 0;
  let loads = 0;
  for (let i = 0; i < count; i++) loads += locSetSlotWord(unchecked(pendingHash[i]));
  store<i32>(pendingLoadSink, loads);
  for (let i = 0; i < count; i++) {
    store<i32>(unchecked(pendingIdAt[i]), locSetAdd(unchecked(pendingPointer[i]), unchecked(pendingLength[i]), unchecked(pendingHash[i])));
  }
}

// Character data ------------------------------------------------------------
// Text run: character data, references and CDATA sections up to the next markup other than
// CDATA. Written decoded to the arena as one record.
function text(p: i32): i32 {
  const start = p;
  const arenaStartBytes = arenaBytes, arenaStartUnits = arenaUnits;
  runFlags = 0;
  runNonWhitespace = false;
  const atLine = line, atColumn = columnAt(start);
  while (true) {
    if (p >= length) {
      if (!final) return INCOMPLETE;
      break;
    }
    if (byteAt(p) == Char.Lt) {
      if (p + 1 >= length) {
        if (!final) return INCOMPLETE;
        // A lone '<' at the very end.
        emitError(XmlError.TagSyntax, p);
        writeByte(Char.Lt);
        runNonWhitespace = true;
        p++;
        continue;
      }
      const next = byteAt(p + 1);
      if (next == Char.Bang && couldBecome(p, '<![CDATA[')) {
        if (p + 9 > length) { if (!final) return INCOMPLETE; }
        else {
          const after = cdata(p);
          if (after == INCOMPLETE) return INCOMPLETE;
          p = after;
          continue;
        }
      }
      let startsMarkup = isNameStart(next) || next == Char.Slash || next == Char.Question;
      if (next == Char.Bang) {
        const comment = couldBecome(p, '<!--'), doctype = couldBecome(p, '<!DOCTYPE');
        // A prefix that the window end cuts is decided by the bytes still to come, as construct()
        // waits for them: ending the run here made a chunk boundary inside `<!DOCT<` end a text
        // run that the whole document continues (fuzz seed 20261137 input 332625: parseStream in
        // 4-byte chunks reported text outside the root once per piece, parse once).
        if (!final && ((comment && p + 4 > length) || (doctype && p + 9 > length))) return INCOMPLETE;
        startsMarkup = comment || doctype;
      }
      if (startsMarkup && p > start) break;
      // Not markup (or markup cut off by the end of the document): a literal '<', reported,
      // taken as text so nothing is lost.
      emitError(XmlError.TagSyntax, p);
      writeByte(Char.Lt);
      runNonWhitespace = true;
      p++;
      continue;
    }
    const end = scanCharData(p, 0);
    if (end == INCOMPLETE) return INCOMPLETE;
    p = end;
  }
  if (p == start) return p;
  if (depth == 0) {
    // Outside the root only whitespace may stand.
    arenaBytes = arenaStartBytes; arenaUnits = arenaStartUnits;
    if (runNonWhitespace) emitErrorWithPosition(XmlError.TextOutsideRoot, start, atLine, atColumn);
    return p;
  }
  if (!runNonWhitespace && !(flags & ResetFlag.KeepWhitespace) && !keepsLeafWhitespace(p)) {
    arenaBytes = arenaStartBytes; arenaUnits = arenaStartUnits;
    return p;
  }
  leafOpen = false;
  let scanned = 0, scanWord: i32 = 0, scanHostHash: i32 = 0;
  if (watchedLocal >= 0 && !(runFlags & TokenFlag.NonAscii) && load<i32>(frames + (<usize>(depth - 1) << 4), 4) == watchedLocal
    && scanLoc(arena + <usize>arenaStartBytes, arenaBytes - arenaStartBytes)) {
    scanned = TokenFlag.LocScanned;
    scanWord = locFindings | (locHostStart << 10) | (locHostEnd << 14);
    scanHostHash = locHostHash;
  }
  const valueStart = settleRun(arenaStartBytes, arenaStartUnits);
  const index = tokenCountValue++;
  const r = record(index);
  store<i32>(r, TokenKind.Text | ((runFlags | scanned | (runNonWhitespace ? 0 : TokenFlag.WhitespaceOnly)) << 8));
  store<i32>(r, start, 4);
  store<i32>(r, p, 8);
  store<i32>(r, atLine, 12);
  store<i32>(r, atColumn, 16);
  store<i32>(r, valueStart, 20);
  store<i32>(r, settledEnd, 24);
  store<i32>(r, scanWord, 28);
  store<i32>(r, 0, 32);
  store<i32>(r, scanHostHash, 36);
  return p;
}

/** Errors found inside a run were emitted already; this one belongs at the run's start. */
function emitErrorWithPosition(code: i32, at: i32, atLine: i32, atColumn: i32): void {
  if (constructErrors >= MAX_ERRORS_PER_CONSTRUCT || documentErrors >= MAX_ERRORS_PER_DOCUMENT) {
    errorsSuppressed++;
    if (flags & ResetFlag.StopAtFirstError) stopRequested = true;
    return;
  }
  constructErrors++;
  documentErrors++;
  const index = tokenCountValue++;
  const r = record(index);
  store<i32>(r, TokenKind.Error);
  store<i32>(r, at, 4);
  store<i32>(r, at, 8);
  store<i32>(r, atLine, 12);
  store<i32>(r, atColumn, 16);
  store<i32>(r, 0, 20);
  store<i32>(r, 0, 24);
  store<i32>(r, code, 28);
  store<i32>(r, 0, 32);
  store<i32>(r, 0, 36);
  if (flags & ResetFlag.StopAtFirstError) stopRequested = true;
}

let settledEnd: i32 = 0;

/**
 * Ends a value written to the arena from (startBytes, startUnits): a value with non-ASCII
 * characters (runFlags has NonAscii) moves to the wide arena. Returns the value's start in
 * UTF-16 units of its arena; its end is in `settledEnd`.
 */
function settleRun(startBytes: i32, startUnits: i32): i32 {
  if (!(runFlags & TokenFlag.NonAscii)) {
    settledEnd = arenaUnits;
    return startUnits;
  }
  const byteLength = arenaBytes - startBytes;
  memory.copy(wideArena + <usize>wideBytes, arena + <usize>startBytes, <usize>byteLength);
  const start = wideUnits;
  wideBytes += byteLength;
  wideUnits += arenaUnits - startUnits;
  arenaBytes = startBytes;
  arenaUnits = startUnits;
  settledEnd = wideUnits;
  return start;
}

// @ts-ignore: decorator
@inline function writeByte(b: i32): void {
  store<u8>(arena + <usize>arenaBytes, <u8>b);
  arenaBytes++;
  arenaUnits++;
}

/** Writes code point cp as UTF-8 to the arena. */
function writeCodePoint(cp: u32): void {
  const out = arena + <usize>arenaBytes;
  if (cp < 0x80) { store<u8>(out, <u8>cp); arenaBytes += 1; arenaUnits += 1; return; }
  runFlags |= TokenFlag.NonAscii;
  if (cp < 0x800) {
    store<u8>(out, <u8>(0xc0 | (cp >> 6)));
    store<u8>(out, <u8>(0x80 | (cp & 0x3f)), 1);
    arenaBytes += 2; arenaUnits += 1;
  } else if (cp < 0x10000) {
    store<u8>(out, <u8>(0xe0 | (cp >> 12)));
    store<u8>(out, <u8>(0x80 | ((cp >> 6) & 0x3f)), 1);
    store<u8>(out, <u8>(0x80 | (cp & 0x3f)), 2);
    arenaBytes += 3; arenaUnits += 1;
  } else {
    store<u8>(out, <u8>(0xf0 | (cp >> 18)));
    store<u8>(out, <u8>(0x80 | ((cp >> 12) & 0x3f)), 1);
    store<u8>(out, <u8>(0x80 | ((cp >> 6) & 0x3f)), 2);
    store<u8>(out, <u8>(0x80 | (cp & 0x3f)), 3);
    arenaBytes += 4; arenaUnits += 2;
  }
}

/**
 * Copies character data from p into the arena until the terminator: '<' in text (quote == 0)
 * or the closing quote in an attribute value. Decodes references, normalises line ends
 * (and, in attribute values, whitespace), checks characters and UTF-8.
 * Returns the terminator's position, or INCOMPLETE when the window ends first (not final).
 */
function scanCharData(p: i32, quote: i32): i32 {
  const inAttribute = quote != 0;
  while (true) {
    if (ASC_FEATURE_SIMD) {
      // Bulk copy 16 bytes at a time while none needs a closer look.
      const control = i8x16.splat(<i8>Char.Space);
      const lt = i8x16.splat(<i8>Char.Lt), amp = i8x16.splat(<i8>Char.Ampersand);
      const third = i8x16.splat(<i8>(inAttribute ? quote : Char.CloseBracket));
      const space = i8x16.splat(<i8>Char.Space);
      while (p + 16 <= length) {
        const v = v128.load(input + <usize>p);
        const special = v128.or(
          i8x16.lt_s(v, control), // signed: C0 controls and every byte >= 0x80 (negative) at once
          v128.or(v128.or(i8x16.eq(v, lt), i8x16.eq(v, amp)), i8x16.eq(v, third)));
        const bits = i8x16.bitmask(special);
        const notSpace = ~i8x16.bitmask(i8x16.eq(v, space)) & 0xffff;
        v128.store(arena + <usize>arenaBytes, v);
        if (bits == 0) {
          if (notSpace) runNonWhitespace = true;
          p += 16; arenaBytes += 16; arenaUnits += 16;
          continue;
        }
        const n = ctz<i32>(bits);
        if (notSpace & ((1 << n) - 1)) runNonWhitespace = true;
        p += n; arenaBytes += n; arenaUnits += n;
        break;
      }
    }
    if (p >= length) return final ? p : INCOMPLETE;
    const b = byteAt(p);
    if (load<u8>(TEXT_CLASS + <usize>b) == 0 && !(inAttribute && (b == quote || b < Char.Space))) {
      writeByte(b);
      if (b == Char.LineFeed) lineBreakAt(p);
      else if (!isWhitespace(b)) runNonWhitespace = true;
      p++;
      continue;
    }
    if (b == quote && inAttribute) return p;
    if (b == Char.Lt) {
      if (!inAttribute) return p;
      emitError(XmlError.LtInAttribute, p);
      writeByte(b);
      runNonWhitespace = true;
      p++;
    } else if (b == Char.Ampersand) {
      const after = reference(p);
      if (after == INCOMPLETE) return INCOMPLETE;
      p = after;
    } else if (b == Char.CarriageReturn) {
      // XML end-of-line handling: \r\n and lone \r become \n (a space in attribute values).
      if (p + 1 >= length && !final) return INCOMPLETE;
      writeByte(inAttribute ? Char.Space : Char.LineFeed);
      if (p + 1 < length && byteAt(p + 1) == Char.LineFeed) p++;
      lineBreakAt(p);
      p++;
    } else if (b == Char.LineFeed || b == Char.Tab) {
      writeByte(inAttribute ? Char.Space : b);
      if (b == Char.LineFeed) lineBreakAt(p);
      p++;
    } else if (b == Char.CloseBracket) {
      // ']]>' may not appear in text (it may in attribute values).
      if (!inAttribute) {
        if (p + 2 >= length && !final) return INCOMPLETE;
        if (p + 2 < length && byteAt(p + 1) == Char.CloseBracket && byteAt(p + 2) == Char.Gt) emitError(XmlError.CdataEndInText, p);
      }
      writeByte(b);
      runNonWhitespace = true;
      p++;
    } else if (b < 0x80) {
      // C0 control other than \t \n \r: not an XML character. Kept so nothing is lost.
      emitError(XmlError.InvalidChar, p);
      writeByte(b);
      runNonWhitespace = true;
      p++;
    } else {
      const after = copyUtf8(p);
      if (after == INCOMPLETE) return INCOMPLETE;
      runNonWhitespace = true;
      p = after;
    }
  }
  return INCOMPLETE; // not reached
}

/**
 * Validates and copies one UTF-8 sequence at p (lead byte >= 0x80). An invalid byte is an
 * error and becomes U+FFFD, as TextDecoder would make it. Returns the next position.
 */
function copyUtf8(p: i32): i32 {
  const b0 = <u32>byteAt(p);
  let need = 0;
  let cp: u32 = 0;
  let lowest: u32 = 0;
  if (b0 >= 0xc2 && b0 <= 0xdf) { need = 1; cp = b0 & 0x1f; lowest = 0x80; }
  else if (b0 >= 0xe0 && b0 <= 0xef) { need = 2; cp = b0 & 0x0f; lowest = 0x800; }
  else if (b0 >= 0xf0 && b0 <= 0xf4) { need = 3; cp = b0 & 0x07; lowest = 0x10000; }
  else return invalidUtf8(p);
  if (p + need >= length && !final && p + need + 1 > length) return INCOMPLETE;
  for (let i = 1; i <= need; i++) {
    if (p + i >= length) return invalidUtf8(p);
    const b = <u32>byteAt(p + i);
    if ((b & 0xc0) != 0x80) return invalidUtf8(p);
    cp = (cp << 6) | (b & 0x3f);
  }
  if (cp < lowest || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) return invalidUtf8(p);
  if (!isXmlChar(cp) && copyReportsErrors) emitError(XmlError.InvalidChar, p);
  memory.copy(arena + <usize>arenaBytes, input + <usize>p, <usize>(need + 1));
  continuations += need;
  arenaBytes += need + 1;
  arenaUnits += cp >= 0x10000 ? 2 : 1;
  runFlags |= TokenFlag.NonAscii;
  return p + need + 1;
}

/**
 * False while copyRaw copies bytes that checkChars has already checked and reported (PI data):
 * reporting them again would list each bad byte twice, the second time at a position computed
 * from the line state after the whole construct (a negative column after a line break in it).
 */
let copyReportsErrors = true;

function invalidUtf8(p: i32): i32 {
  if (copyReportsErrors) emitError(XmlError.InvalidUtf8, p);
  writeCodePoint(0xfffd);
  return p + 1;
}

/**
 * Validates UTF-8 and XML characters in [p, end) without copying (comment and PI content),
 * counting its lines; in comments also reports "--".
 */
function checkChars(p: i32, end: i32, isComment: bool): void {
  while (p < end) {
    const b = byteAt(p);
    if (b < 0x80) {
      if (b == Char.LineFeed) lineBreakAt(p);
      else if (b == Char.CarriageReturn) { if (p + 1 >= length || byteAt(p + 1) != Char.LineFeed) lineBreakAt(p); }
      else if (b < Char.Space && b != Char.Tab) emitError(XmlError.InvalidChar, p);
      else if (isComment && b == Char.Dash && p + 1 < end && byteAt(p + 1) == Char.Dash) emitError(XmlError.BadComment, p);
      p++;
      continue;
    }
    // Reuse the copying decoder's checks (and its continuation count), then drop what it wrote.
    const savedBytes = arenaBytes, savedUnits = arenaUnits, savedFlags = runFlags;
    const savedLength = length, savedFinal = final;
    length = end; final = true; // a sequence cut at `end` is invalid here
    p = copyUtf8(p);
    length = savedLength; final = savedFinal;
    arenaBytes = savedBytes; arenaUnits = savedUnits; runFlags = savedFlags;
  }
}

/**
 * Decodes the reference at p ('&'): a predefined entity or a character reference. Anything
 * else is an error and the '&' is kept as a literal character. Returns the next position.
 */
function reference(p: i32): i32 {
  const maxLength = 40; // longest reference worth reading: &#x0000…10FFFF; with leading zeros
  let q = p + 1;
  if (q >= length) {
    if (!final) return INCOMPLETE;
    return badReference(p, XmlError.BadEntity);
  }
  if (byteAt(q) == Char.Hash) {
    q++;
    let hex = false;
    if (q < length && byteAt(q) == Char.LowerX) { hex = true; q++; }
    let cp: u32 = 0;
    let digits = 0;
    while (q < length && q - p < maxLength) {
      const b = byteAt(q);
      let d: u32 = 0;
      if (b >= Char.Zero && b <= Char.Nine) d = <u32>(b - Char.Zero);
      else if (hex && b >= Char.LowerA && b <= Char.LowerF) d = <u32>(b - Char.LowerA + 10);
      else if (hex && b >= Char.UpperA && b <= Char.UpperF) d = <u32>(b - Char.UpperA + 10);
      else break;
      cp = cp * (hex ? 16 : 10) + d;
      if (cp > 0x10ffff) cp = 0x110000; // saturate: stays invalid
      digits++;
      q++;
    }
    if (q >= length && !final && q - p < maxLength) return INCOMPLETE;
    if (q >= length || byteAt(q) != Char.Semicolon || digits == 0 || !isXmlChar(cp)) return badReference(p, XmlError.BadCharRef);
    writeCodePoint(cp);
    runFlags |= TokenFlag.HasEntity;
    runNonWhitespace = true;
    return q + 1;
  }
  // Predefined entities: lt gt amp apos quot.
  const nameStart = q;
  while (q < length && q - p < 8 && isNameChar(byteAt(q))) q++;
  if (q >= length && !final && q - p < 8) return INCOMPLETE;
  if (q >= length || byteAt(q) != Char.Semicolon) return badReference(p, XmlError.BadEntity);
  const n = q - nameStart;
  let c: i32 = 0;
  if (n == 2 && byteAt(nameStart + 1) == 0x74) { // lt, gt
    const first = byteAt(nameStart);
    if (first == 0x6c) c = Char.Lt; else if (first == 0x67) c = Char.Gt;
  } else if (n == 3 && matchAscii(nameStart, 'amp')) c = Char.Ampersand;
  else if (n == 4 && matchAscii(nameStart, 'apos')) c = Char.SingleQuote;
  else if (n == 4 && matchAscii(nameStart, 'quot')) c = Char.DoubleQuote;
  if (c == 0) return badReference(p, XmlError.BadEntity);
  writeByte(c);
  runFlags |= TokenFlag.HasEntity;
  runNonWhitespace = true;
  return q + 1;
}

function badReference(p: i32, code: i32): i32 {
  emitError(code, p);
  writeByte(Char.Ampersand);
  runNonWhitespace = true;
  return p + 1;
}

/** <![CDATA[ … ]]> inside a text run: copied verbatim (line ends normalised). */
function cdata(p: i32): i32 {
  let q = p + 9;
  const atLine = line, atColumn = columnAt(p);
  runFlags |= TokenFlag.HasCdata;
  while (true) {
    if (q + 2 >= length) {
      if (!final) return INCOMPLETE;
      emitErrorWithPosition(XmlError.UnexpectedEof, p, atLine, atColumn);
      while (q < length) q = cdataByte(q);
      return length;
    }
    const b = byteAt(q);
    if (b == Char.CloseBracket && byteAt(q + 1) == Char.CloseBracket && byteAt(q + 2) == Char.Gt) return q + 3;
    q = cdataByte(q);
    if (q == INCOMPLETE) return INCOMPLETE;
  }
}

function cdataByte(q: i32): i32 {
  const b = byteAt(q);
  if (b >= 0x80) {
    runNonWhitespace = true;
    return copyUtf8(q);
  }
  if (b == Char.CarriageReturn) {
    writeByte(Char.LineFeed);
    if (q + 1 < length && byteAt(q + 1) == Char.LineFeed) q++;
    lineBreakAt(q);
    return q + 1;
  }
  if (b == Char.LineFeed) lineBreakAt(q);
  else if (b < Char.Space && b != Char.Tab) emitError(XmlError.InvalidChar, q);
  if (!isWhitespace(b)) runNonWhitespace = true;
  writeByte(b);
  return q + 1;
}

// Tags ------------------------------------------------------------------------
// <prefix:local attr="v" xmlns:p="uri" …> or …/>
function startTag(p: i32): i32 {
  const atLine = line, atColumn = columnAt(p);
  if (!scanQName(p + 1)) return INCOMPLETE;
  if (qnameLocal < 0) { emitError(XmlError.TooManyNames, p); return skipTag(qnameEnd); }
  const tagIndex = emitAt(TokenKind.StartTag, 0, p, 0, atLine, atColumn);
  setField(tagIndex, Field.Local, qnameLocal);
  setField(tagIndex, Field.Prefix, qnamePrefix);
  if (qnameBad) emitErrorAt(XmlError.InvalidName, tagIndex);
  const bindingBase = bindingCount;
  let q = qnameEnd;
  let attributes = 0;
  let selfClosing = false;
  while (true) {
    const beforeSpace = q;
    if (q < length && byteAt(q) != Char.Gt) q = skipWhitespace(q); // most tags end right after a name
    if (q >= length) {
      if (!final) return INCOMPLETE;
      emitError(XmlError.UnexpectedEof, q);
      break;
    }
    const b = byteAt(q);
    if (b == Char.Gt) { q++; break; }
    if (b == Char.Slash) {
      if (q + 1 >= length) { if (!final) return INCOMPLETE; emitError(XmlError.UnexpectedEof, q); q++; break; }
      if (byteAt(q + 1) == Char.Gt) { selfClosing = true; q += 2; break; }
      emitError(XmlError.TagSyntax, q);
      q++;
      continue;
    }
    if (b == Char.Lt) { emitError(XmlError.TagSyntax, q); break; } // "<url <loc>": end the tag here
    if (!isNameStart(b)) { emitError(XmlError.TagSyntax, q); q++; continue; }
    if (q == beforeSpace) emitError(XmlError.AttributeSyntax, q); // attributes need white space between them
    const next = attribute(q, attributes);
    if (next == INCOMPLETE) return INCOMPLETE;
    q = next;
    attributes++;
  }
  setField(tagIndex, Field.End, q);
  if (selfClosing) store<i32>(record(tagIndex), TokenKind.StartTag | (TokenFlag.SelfClosing << 8));
  resolveNamespaces(tagIndex);
  if (depth == 0) {
    // Only the first root sets up whole entries. A later one is XML_MULTIPLE_ROOTS, and nothing in
    // it is read whole: a <sitemapindex> after a <urlset> had its <sitemap>s read as the first
    // root's entries, and a second <urlset> its <url>s.
    if (rootClosed) {
      emitErrorAt(XmlError.MultipleRoots, tagIndex);
      entryLaterRoot();
    } else entryRoot(getField(tagIndex, Field.Local), getField(tagIndex, Field.Prefix), getField(tagIndex, Field.Namespace));
    seenRoot = true;
  }
  leafOpen = false;
  if (selfClosing && depth == 2 && attributes == 3 && alternatesOn && wholeAlternate(tagIndex, q)) {
    bindingCount = bindingBase;
    return skipSpaceAfterTag(q);
  }
  if (selfClosing) {
    const endIndex = emit(TokenKind.EndTag, TokenFlag.SelfClosing, q, q);
    copyName(endIndex, tagIndex);
    bindingCount = bindingBase;
    if (depth == 0) rootClosed = true;
  } else if (depth >= MAX_DEPTH) {
    emitErrorAt(XmlError.TooDeep, tagIndex);
    // Too deep to track: treat as empty so the stack stays bounded.
    const endIndex = emit(TokenKind.EndTag, TokenFlag.Implied, q, q);
    copyName(endIndex, tagIndex);
    bindingCount = bindingBase;
  } else {
    const frame = frames + (<usize>depth << 4);
    store<i32>(frame, getField(tagIndex, Field.Prefix));
    store<i32>(frame, getField(tagIndex, Field.Local), 4);
    store<i32>(frame, getField(tagIndex, Field.Namespace), 8);
    store<i32>(frame, bindingBase, 12);
    depth++;
    leafOpen = true;
    // Fused: the usual <name>value</name> is read in one turn of the main loop. If the window
    // ends inside it, the whole of it is read again later (INCOMPLETE rolls back to the '<').
    const contentStart = q;
    const savedLine = line, savedLineStart = lineStart, savedContinuations = continuations;
    q = skipSpaceAfterTagInline(q);
    if (q > contentStart && keepsLeafWhitespace(q)) {
      // <x> </x>: the white space is x's whole content, read as a text run after all.
      line = savedLine; lineStart = savedLineStart; continuations = savedContinuations;
      q = contentStart;
    }
    if (q < length && byteAt(q) != Char.Lt) {
      q = text(q);
      if (q == INCOMPLETE) return INCOMPLETE;
      if (q + 1 < length && byteAt(q + 1) == Char.Slash) return endTag(q);
    }
    return q;
  }
  return skipSpaceAfterTag(q);
}

/** After a tag: drop the white space up to the next markup now (see skipSpaceBeforeMarkup). */
// @ts-ignore: decorator
@inline function skipSpaceAfterTag(q: i32): i32 {
  if (flags & ResetFlag.KeepWhitespace) return q;
  const after = skipSpaceBeforeMarkup(q);
  return after == INCOMPLETE ? q : after;
}

/** skipSpaceAfterTag with the skip inlined. */
// @ts-ignore: decorator
@inline function skipSpaceAfterTagInline(q: i32): i32 {
  if (flags & ResetFlag.KeepWhitespace) return q;
  const after = skipSpaceBeforeMarkupInline(q);
  return after == INCOMPLETE ? q : after;
}

function copyName(to: i32, from: i32): void {
  setField(to, Field.Local, getField(from, Field.Local));
  setField(to, Field.Prefix, getField(from, Field.Prefix));
  setField(to, Field.Namespace, getField(from, Field.Namespace));
}

/** Skips to the next '>' after an unrecoverable tag problem. */
function skipTag(p: i32): i32 {
  const start = p;
  while (p < length && byteAt(p) != Char.Gt) p++;
  if (p >= length && !final) return INCOMPLETE;
  countEvents(start, p);
  return p >= length ? length : p + 1;
}

/** name = "value" at q; emits an Attribute or NamespaceDecl record. */
function attribute(q: i32, attributes: i32): i32 {
  const nameStart = q;
  const atLine = line, atColumn = columnAt(q);
  if (!scanQName(q)) return INCOMPLETE;
  if (qnameLocal < 0) { emitError(XmlError.TooManyNames, q); return skipTag(qnameEnd); }
  const prefix = qnamePrefix, local = qnameLocal, bad = qnameBad;
  q = skipWhitespace(qnameEnd);
  if (q >= length) return final ? q : INCOMPLETE;
  if (byteAt(q) != Char.Equals) {
    // A name without a value (HTML style): an error; the name is dropped.
    emitErrorWithPosition(XmlError.AttributeSyntax, nameStart, atLine, atColumn);
    return q;
  }
  q = skipWhitespace(q + 1);
  if (q >= length) return final ? q : INCOMPLETE;
  const quote = byteAt(q);
  if (quote != Char.DoubleQuote && quote != Char.SingleQuote) {
    emitError(XmlError.AttributeSyntax, q);
    // Unquoted value: skip it up to white space or the tag end.
    const skipped = q;
    while (q < length && !isWhitespace(byteAt(q)) && byteAt(q) != Char.Gt) q++;
    countEvents(skipped, q);
    return q;
  }
  const arenaStartUnits = arenaUnits, arenaStartBytes = arenaBytes;
  runFlags = 0;
  runNonWhitespace = false;
  const end = scanCharData(q + 1, quote);
  if (end == INCOMPLETE) return INCOMPLETE;
  if (end >= length) { emitError(XmlError.UnexpectedEof, end); return end; }
  if (attributes >= MAX_ATTRIBUTES) {
    emitErrorWithPosition(XmlError.TooManyNames, nameStart, atLine, atColumn);
    arenaBytes = arenaStartBytes; arenaUnits = arenaStartUnits;
    return end + 1;
  }
  const isDecl = prefix == ID_XMLNS || (prefix == ID_EMPTY && local == ID_XMLNS);
  // A namespace URI is interned from its decoded bytes before they may move.
  const uriBytes = arenaBytes - arenaStartBytes;
  const uriPtr = arena + <usize>arenaStartBytes;
  const uri = isDecl ? intern(uriPtr, uriBytes, hashBytes(uriPtr, uriBytes)) : 0;
  const valueFlags = runFlags;
  const valueStart = settleRun(arenaStartBytes, arenaStartUnits);
  const index = emitAt(isDecl ? TokenKind.NamespaceDecl : TokenKind.Attribute, valueFlags, nameStart, end + 1, atLine, atColumn);
  setField(index, Field.ArenaStart, valueStart);
  setField(index, Field.ArenaEnd, settledEnd);
  if (bad) emitErrorAt(XmlError.InvalidName, index);
  if (!isDecl) {
    setField(index, Field.Local, local);
    setField(index, Field.Prefix, prefix);
    return end + 1;
  }
  // Namespace declaration: bind now, so the element and its attributes resolve against it.
  const declared = prefix == ID_XMLNS ? local : ID_EMPTY;
  setField(index, Field.Local, declared);
  setField(index, Field.Prefix, prefix);
  setField(index, Field.Namespace, uri);
  if (uri < 0) { emitErrorAt(XmlError.TooManyNames, index); return end + 1; }
  // Namespaces in XML 1.0 §3: xml/xmlns are reserved; a prefix cannot be undeclared.
  const misuse = (declared == ID_XMLNS) || (declared == ID_XML) != (uri == ID_XML_NAMESPACE)
    || uri == ID_XMLNS_NAMESPACE || (declared != ID_EMPTY && uriBytes == 0);
  if (misuse) emitErrorAt(XmlError.BadNamespaceDecl, index);
  if (bindingCount >= MAX_BINDINGS) { emitErrorAt(XmlError.TooManyNames, index); return end + 1; }
  const slot = bindings + (<usize>bindingCount << 3);
  store<i32>(slot, declared);
  store<i32>(slot, uriBytes == 0 ? ID_EMPTY : uri, 4);
  bindingCount++;
  return end + 1;
}

function lookupPrefix(prefix: i32): i32 {
  for (let i = bindingCount - 1; i >= 0; i--) {
    const slot = bindings + (<usize>i << 3);
    if (load<i32>(slot) == prefix) return load<i32>(slot, 4);
  }
  return prefix == ID_EMPTY ? ID_EMPTY : NAMESPACE_UNBOUND;
}

/** At '>': the element's and attributes' namespaces, and duplicate attributes. */
function resolveNamespaces(tagIndex: i32): void {
  const elementNamespace = lookupPrefix(getField(tagIndex, Field.Prefix));
  setField(tagIndex, Field.Namespace, elementNamespace);
  if (elementNamespace == NAMESPACE_UNBOUND) emitErrorAt(XmlError.UnboundPrefix, tagIndex);
  const last = tokenCountValue;
  for (let i = tagIndex + 1; i < last; i++) {
    const kind = getField(i, Field.KindFlags) & 0xff;
    if (kind == TokenKind.Attribute) {
      const prefix = getField(i, Field.Prefix);
      // Unprefixed attributes are in no namespace (Namespaces in XML §6.2).
      const ns = prefix == ID_EMPTY ? ID_EMPTY : lookupPrefix(prefix);
      setField(i, Field.Namespace, ns);
      if (ns == NAMESPACE_UNBOUND) emitErrorAt(XmlError.UnboundPrefix, i);
    } else if (kind != TokenKind.NamespaceDecl) continue;
    // Duplicates: same expanded name (attributes) or same declared prefix (declarations).
    for (let j = tagIndex + 1; j < i; j++) {
      if ((getField(j, Field.KindFlags) & 0xff) != kind) continue;
      if (kind == TokenKind.Attribute) {
        if (getField(j, Field.Local) == getField(i, Field.Local) && getField(j, Field.Namespace) == getField(i, Field.Namespace)
          && (getField(i, Field.Namespace) != NAMESPACE_UNBOUND || getField(j, Field.Prefix) == getField(i, Field.Prefix))) {
          emitErrorAt(XmlError.DuplicateAttribute, i);
          break;
        }
      } else if (getField(j, Field.Local) == getField(i, Field.Local)) {
        emitErrorAt(XmlError.DuplicateAttribute, i);
        break;
      }
    }
  }
}

// </prefix:local>
function endTag(p: i32): i32 {
  if (p + 2 >= length) return final ? text(p) : INCOMPLETE;
  const atLine = line, atColumn = columnAt(p);
  if (!isNameStart(byteAt(p + 2))) {
    emitError(XmlError.TagSyntax, p);
    return skipTag(p + 2);
  }
  // Nearly always it closes the open element: compare its name's bytes, no hashing needed.
  let nameEnd = depth > 0 ? matchOpenName(p + 2) : -1;
  let prefix: i32, local: i32;
  if (nameEnd >= 0) {
    const frame = frames + (<usize>(depth - 1) << 4);
    prefix = load<i32>(frame);
    local = load<i32>(frame, 4);
  } else {
    if (!scanQName(p + 2)) return INCOMPLETE;
    prefix = qnamePrefix;
    local = qnameLocal;
    nameEnd = qnameEnd;
  }
  let q = nameEnd < length && byteAt(nameEnd) == Char.Gt ? nameEnd : skipWhitespace(nameEnd);
  if (q >= length) {
    if (!final) return INCOMPLETE;
    emitError(XmlError.UnexpectedEof, q);
  } else if (byteAt(q) != Char.Gt) {
    emitError(XmlError.TagSyntax, q);
    q = skipTag(q);
    if (q == INCOMPLETE) return INCOMPLETE;
  } else q++;
  if (depth == 0) {
    emitErrorWithPosition(XmlError.UnexpectedEndTag, p, atLine, atColumn);
    return q;
  }
  // Find the open element it closes: normally the top one.
  let match = -1;
  for (let d = depth - 1; d >= 0; d--) {
    const frame = frames + (<usize>d << 4);
    if (load<i32>(frame) == prefix && load<i32>(frame, 4) == local) { match = d; break; }
  }
  if (match < 0) {
    // Closes nothing that is open: reported and ignored.
    emitErrorWithPosition(XmlError.MismatchedEndTag, p, atLine, atColumn);
    return q;
  }
  if (match != depth - 1) {
    // Closes an outer element: the inner ones are closed implicitly.
    emitErrorWithPosition(XmlError.MismatchedEndTag, p, atLine, atColumn);
    while (depth - 1 > match) popElement(p, p, TokenFlag.Implied, atLine, atColumn);
  }
  popElement(p, q, 0, atLine, atColumn);
  return skipSpaceAfterTagInline(q);
}

/** If the bytes at p are exactly the open element's qualified name, the position after it; else -1. */
function matchOpenName(p: i32): i32 {
  const frame = frames + (<usize>(depth - 1) << 4);
  return matchName(p, load<i32>(frame), load<i32>(frame, 4));
}

/**
 * If the bytes at p are exactly the qualified name prefix:local (followed by a byte that
 * ends a name, which must be in the window), the position after it; else -1.
 */
function matchName(p: i32, prefix: i32, local: i32): i32 {
  if (prefix != ID_EMPTY) {
    const prefixLength = stringLengthOf(prefix);
    if (p + prefixLength >= length || !equalBytes(input + <usize>p, stringPointerOf(prefix), prefixLength)) return -1;
    p += prefixLength;
    if (byteAt(p) != Char.Colon) return -1;
    p++;
  }
  const localLength = stringLengthOf(local);
  if (p + localLength >= length || !equalBytes(input + <usize>p, stringPointerOf(local), localLength)) return -1;
  p += localLength;
  const b = byteAt(p);
  if (isNameChar(b) || b == Char.Colon) return -1;
  // Non-ASCII names: their continuation bytes count for the column.
  continuations += continuationsOf(local) + continuationsOf(prefix);
  return p;
}

function popElement(start: i32, end: i32, tokenFlags: i32, atLine: i32, atColumn: i32): void {
  depth--;
  leafOpen = false;
  const frame = frames + (<usize>depth << 4);
  const index = emitAt(TokenKind.EndTag, tokenFlags, start, end, atLine, atColumn);
  setField(index, Field.Prefix, load<i32>(frame));
  setField(index, Field.Local, load<i32>(frame, 4));
  setField(index, Field.Namespace, load<i32>(frame, 8));
  bindingCount = load<i32>(frame, 12);
  if (depth == 0) rootClosed = true;
}

// Other markup ----------------------------------------------------------------
// <!-- … -->
function comment(p: i32): i32 {
  let q = p + 4;
  // Find "-->" first; the content is checked (and its lines counted) afterwards, in order.
  while (true) {
    while (q < length && byteAt(q) != Char.Dash) q++;
    if (q + 2 >= length) {
      if (!final) return INCOMPLETE;
      emitError(XmlError.UnexpectedEof, p);
      emit(TokenKind.Comment, 0, p, length);
      checkChars(p + 4, length, true);
      return length;
    }
    if (byteAt(q + 1) == Char.Dash && byteAt(q + 2) == Char.Gt) break;
    q++;
  }
  emit(TokenKind.Comment, 0, p, q + 3);
  leafOpen = false;
  // Up to the first '-' of "-->": "--" may not occur in a comment (XML 1.0 §2.5), so a comment
  // may not end in '-' either, and `<!-- a --->` is reported at its "--" like `<!-- a -- b -->`.
  checkChars(p + 4, q + 1, true);
  return q + 3;
}

// <?target data?> and the XML declaration
function processingInstruction(p: i32): i32 {
  if (p + 2 >= length) return final ? text(p) : INCOMPLETE;
  if (!isNameStart(byteAt(p + 2))) {
    emitError(XmlError.BadPi, p);
    return skipPi(p);
  }
  const atLine = line, atColumn = columnAt(p);
  if (!scanQName(p + 2)) return INCOMPLETE;
  const target = qnameLocal;
  const targetEnd = qnameEnd;
  // Find "?>".
  let q = targetEnd;
  while (true) {
    while (q < length && byteAt(q) != Char.Question) q++;
    if (q + 1 >= length) {
      if (!final) return INCOMPLETE;
      emitErrorWithPosition(XmlError.UnexpectedEof, p, atLine, atColumn);
      countEvents(targetEnd, length);
      return length;
    }
    if (byteAt(q + 1) == Char.Gt) break;
    q++;
  }
  const end = q + 2;
  const targetLength = targetEnd - (p + 2);
  if (targetLength == 3 && qnamePrefix == ID_EMPTY && matchAscii(p + 2, 'xml')) return xmlDeclaration(p, targetEnd, q, end);
  if (targetLength == 3 && (byteAt(p + 2) | 0x20) == 0x78 && (byteAt(p + 3) | 0x20) == 0x6d && (byteAt(p + 4) | 0x20) == 0x6c) {
    emitErrorWithPosition(XmlError.BadPi, p, atLine, atColumn); // reserved target name in another case
  }
  const index = emitAt(TokenKind.ProcessingInstruction, 0, p, end, atLine, atColumn);
  leafOpen = false;
  setField(index, Field.Local, target);
  if (targetEnd < q && !isWhitespace(byteAt(targetEnd))) emitError(XmlError.BadPi, targetEnd);
  // Data (after the white space following the target) to the arena, raw.
  const dataStart = skipWhitespace(targetEnd);
  checkChars(dataStart, q, false);
  copyReportsErrors = false;
  copyValue(index, dataStart, q);
  copyReportsErrors = true;
  return end;
}

function skipPi(p: i32): i32 {
  let q = p + 2;
  while (q + 1 < length && !(byteAt(q) == Char.Question && byteAt(q + 1) == Char.Gt)) q++;
  if (q + 1 >= length) {
    if (!final) return INCOMPLETE;
    countEvents(p, length);
    return length;
  }
  countEvents(p, q);
  return q + 2;
}

/** Copies [start, end) undecoded as the value of record `index` (PI data, declaration values). */
function copyValue(index: i32, start: i32, end: i32): void {
  const startBytes = arenaBytes, startUnits = arenaUnits;
  runFlags = 0;
  if (start < end) copyRaw(start, end);
  setField(index, Field.ArenaStart, settleRun(startBytes, startUnits));
  setField(index, Field.ArenaEnd, settledEnd);
  setField(index, Field.KindFlags, getField(index, Field.KindFlags) | (runFlags << 8));
}

/** Copies valid UTF-8 bytes [start, end) to the arena (invalid bytes become U+FFFD). */
function copyRaw(start: i32, end: i32): void {
  let i = start;
  while (i < end) {
    const b = byteAt(i);
    if (b < 0x80) { writeByte(b); i++; continue; }
    // Its lines and continuation bytes were counted by whoever checked it (checkChars,
    // countEvents): copying must not count them again.
    const savedFinal = final, savedLength = length, savedContinuations = continuations;
    final = true; length = end; // a sequence cut at `end` is invalid here
    i = copyUtf8(i);
    final = savedFinal; length = savedLength; continuations = savedContinuations;
  }
}

/** <?xml version="1.0" encoding="UTF-8" standalone="yes"?>: only at byte 0 of the document. */
function xmlDeclaration(p: i32, targetEnd: i32, close: i32, end: i32): i32 {
  if (compactedBytes + <f64>p != 0) emitError(XmlError.DeclNotAtStart, p);
  const declIndex = emit(TokenKind.XmlDecl, 0, p, end);
  let q = targetEnd;
  let seen = 0; // 1 version, 2 encoding, 4 standalone: in this order only
  let broken = false; // an error already said what is wrong (no second one for a missing version)
  const savedLength = length, savedFinal = final;
  length = close; final = true; // pseudo-attributes end at "?>"
  while (true) {
    const before = q;
    q = skipWhitespace(q);
    if (q >= close) break;
    if (q == before || !isNameStart(byteAt(q))) { emitError(XmlError.BadDecl, q); broken = true; break; }
    const nameStart = q;
    const nameLine = line, nameColumn = columnAt(q);
    while (q < close && isNameChar(byteAt(q))) q++;
    const nameLength = q - nameStart;
    let which = 0;
    if (nameLength == 7 && matchAscii(nameStart, 'version')) which = 1;
    else if (nameLength == 8 && matchAscii(nameStart, 'encoding')) which = 2;
    else if (nameLength == 10 && matchAscii(nameStart, 'standalone')) which = 4;
    q = skipWhitespace(q);
    if (which == 0 || which <= seen || q >= close || byteAt(q) != Char.Equals) { emitErrorWithPosition(XmlError.BadDecl, nameStart, nameLine, nameColumn); broken = true; break; }
    q = skipWhitespace(q + 1);
    const quote = q < close ? byteAt(q) : 0;
    if (quote != Char.DoubleQuote && quote != Char.SingleQuote) { emitError(XmlError.BadDecl, q); broken = true; break; }
    const valueStart = q + 1;
    q = valueStart;
    while (q < close && byteAt(q) != quote) q++;
    if (q >= close) { emitError(XmlError.BadDecl, valueStart); q = valueStart; broken = true; break; }
    seen |= which;
    if (!declarationValueValid(which, valueStart, q)) {
      // Not the grammar's: reported at the value, and not handed on (validate would read an
      // encoding named "UTF 8" as a declared encoding).
      emitError(XmlError.BadDecl, valueStart);
    } else {
      const index = emitAt(TokenKind.Attribute, 0, nameStart, q + 1, nameLine, nameColumn);
      setField(index, Field.Local, which == 1 ? ID_VERSION : which == 2 ? ID_ENCODING : ID_STANDALONE);
      copyValue(index, valueStart, q);
    }
    countEvents(valueStart, q);
    q++;
  }
  if (q < close) countEvents(q, close); // what an error left unread
  length = savedLength; final = savedFinal;
  if (!(seen & 1) && !broken) emitErrorAt(XmlError.BadDecl, declIndex);
  return end;
}

/**
 * The value [start, end) of the declaration's `which` (1 version, 2 encoding, 4 standalone) is
 * what XML 1.0 allows: VersionNum `1.` and digits (§2.8), EncName `[A-Za-z] [A-Za-z0-9._-]*`
 * (§4.3.1), SDDecl `yes` or `no` (§2.9).
 */
function declarationValueValid(which: i32, start: i32, end: i32): bool {
  const length = end - start;
  if (which == 4) return (length == 3 && matchAscii(start, 'yes')) || (length == 2 && matchAscii(start, 'no'));
  if (which == 1) {
    if (length < 3 || byteAt(start) != 0x31 /* 1 */ || byteAt(start + 1) != Char.Dot) return false;
    for (let i = start + 2; i < end; i++) if (!isDigit(byteAt(i))) return false;
    return true;
  }
  if (length == 0 || !isLetter(byteAt(start))) return false;
  for (let i = start + 1; i < end; i++) {
    const b = byteAt(i);
    if (!isLetter(b) && !isDigit(b) && b != Char.Dot && b != Char.Underscore && b != Char.Dash) return false;
  }
  return true;
}

// @ts-ignore: decorator
@inline function isLetter(b: i32): bool {
  return (b | 0x20) >= Char.LowerA && (b | 0x20) <= Char.LowerZ;
}

// @ts-ignore: decorator
@inline function isDigit(b: i32): bool {
  return b >= Char.Zero && b <= Char.Nine;
}

// <!DOCTYPE …>: refused (no DTD is ever read, no entity expanded), skipped to its end.
function doctype(p: i32): i32 {
  let q = p + 9;
  let bracket = 0;
  let quote: i32 = 0;
  while (q < length) {
    const b = byteAt(q);
    if (quote != 0) { if (b == quote) quote = 0; }
    else if (b == Char.DoubleQuote || b == Char.SingleQuote) quote = b;
    else if (b == Char.OpenBracket) bracket++;
    else if (b == Char.CloseBracket) { if (bracket > 0) bracket--; }
    else if (b == Char.Gt && bracket == 0) break;
    q++;
  }
  if (q >= length) {
    if (!final) return INCOMPLETE;
    emitError(XmlError.DoctypeForbidden, p);
    emit(TokenKind.Doctype, 0, p, length);
    countEvents(p, length);
    return length;
  }
  emitError(XmlError.DoctypeForbidden, p);
  emit(TokenKind.Doctype, 0, p, q + 1);
  countEvents(p, q + 1);
  return q + 1;
}

// End of input ----------------------------------------------------------------
function finishDocument(): void {
  // The end of input is a construct of its own: the errors of the last one do not silence it.
  constructErrors = 0;
  if (depth > 0) {
    emitError(XmlError.UnclosedElement, length);
    const atColumn = columnAt(length);
    while (depth > 0) popElement(length, length, TokenFlag.Implied, line, atColumn);
  }
  if (!seenRoot) emitError(XmlError.NoRoot, length);
}
