// The JS side of the core's tokenizer (assembly/tokenizer.ts): feeds bytes through its input
// window and hands each batch of token records to a handler. Mirrors the record layout.

import { SitemapError } from '../model/errors';
import { KNOWN_NAMES } from '../model/rules';
import { acquireCore, releaseCore, type Core } from './wasm';
import { bytesToString } from '../values/text';
import { positionOfByte } from '../values/file-limits';

/** Mirrors assembly/tokenizer.ts `TokenKind`. */
export const enum TokenKind {
  StartTag = 1,
  EndTag = 2,
  Attribute = 3,
  NamespaceDecl = 4,
  Text = 5,
  Comment = 6,
  ProcessingInstruction = 7,
  XmlDecl = 8,
  Error = 9,
  Doctype = 10,
  /** A whole simple sitemap entry (collapseEntries); EntryField has its layout. */
  Entry = 11,
  /** Always right after an Entry: the rest of its values. */
  EntryMore = 12,
  /** Always right after an EntryMore: the loc checks, when watchText asked for them. */
  EntryScan = 13,
  /** Like Entry (with its EntryMore and EntryScan), but the entry stays open: other children follow. */
  EntryHead = 14,
  /** A whole `<xhtml:link rel hreflang href/>` of a `<url>` (collapseAlternates): href in the arena, rel and hreflang as ids in Local and Prefix. */
  Alternate = 15,
  /** Whole entries in a row that the core staged (stageEntries): StagedRunField has the layout. */
  StagedRun = 16,
}

/** Mirrors assembly/tokenizer.ts stageWholeEntry: words of a StagedRun record. */
export const enum StagedRunField {
  /** Word index (in `words`) of the first entry's STAGED_WORDS words: loc start, end; lastmod start, end or -1; changefreq code or -1. */
  FirstWord = 1,
  Count = 2,
  /** Index (in `doubles`) of the first entry's priority, NaN for none. */
  FirstPriority = 3,
  /** Where the run's values end in the ASCII arena. */
  ArenaEnd = 4,
}

/** Mirrors assembly/tokenizer.ts `TokenFlag` (stored at bit 8 and up of the first word). */
export const enum TokenFlag {
  SelfClosing = 1,
  Implied = 2,
  HasEntity = 4,
  HasCdata = 8,
  NonAscii = 16,
  WhitespaceOnly = 32,
  /** A Text record whose loc checks ran (watchText): Local and Namespace hold the results. */
  LocScanned = 64,
  /** An EntryScan whose loc is in comparableUrl's form: words 4 and 5 hold its identity (assembly/loc-scan.ts locNormal). */
  LocIdentity = 128,
}

/** Mirrors assembly/entries.ts `EntryFlag` (bit 8 and up of an Entry's first word). */
export const enum EntryFlag {
  HasLastmod = 1,
  HasChangefreq = 2,
  HasPriority = 4,
  LocWide = 8,
  LastmodWide = 16,
  HasLoc = 64,
  LastmodChecked = 128,
}

/** Mirrors assembly/entries.ts `EntryField`: words of an Entry record, then of its EntryMore. */
export const enum EntryField {
  LocStart = 5,
  LocEnd = 6,
  LastmodStart = 7,
  LastmodEnd = 8,
  ChangefreqCode = 9,
  ChangefreqStart = 1,
  ChangefreqEnd = 2,
  FieldOrder = 3,
  PriorityValue = 4,
  PriorityStart = 6,
  PriorityEnd = 7,
  FieldOffsetsLow = 8,
  FieldOffsetsHigh = 9,
  LastmodTime = 2,
  /** With LocScanned: the loc's id in the document's loc set (XmlReader.locId), -1 when it has none. */
  LocId = 1,
}

/** Mirrors assembly/loc-set.ts: the longest loc (UTF-8 bytes) the core's loc set keeps. */
export const LOC_SET_MAX_BYTES = 4096;
/** XmlReader.locId: the loc is too long for the core's loc set (the caller keeps it itself). */
export const LOC_TOO_LONG = -2;

const encoder = new TextEncoder();

/** Records of a whole entry: Entry, EntryMore, EntryScan. */
export const ENTRY_RECORDS = 3;

/** Word offsets inside a token record; mirrors assembly/tokenizer.ts `Field`. */
export const enum Field {
  KindFlags = 0,
  Start = 1,
  End = 2,
  Line = 3,
  Column = 4,
  ArenaStart = 5,
  ArenaEnd = 6,
  Local = 7,
  Prefix = 8,
  Namespace = 9,
}
export const TOKEN_WORDS = 10;

const enum Status {
  NeedInput = 0,
  OutputFull = 1,
  Done = 2,
  Stopped = 3,
}

export const enum ReaderFlag {
  KeepWhitespace = 1,
  StopAtFirstError = 2,
  KeepLeafWhitespace = 4, // whitespace-only element content (<x> </x>) as a WhitespaceOnly Text record; layout is still dropped
}

/** Interned ids of the names every reader knows (assembly/strings.ts reserves 0..7). */
export const ID_EMPTY = 0;
export const ID_XML_NAMESPACE = 3;
export const ID_ENCODING = 6;
export const NAMESPACE_UNBOUND = -1;

/** Called once per batch: records [first, first + count) of `reader.words`. */
export type BatchHandler = (reader: XmlReader, first: number, count: number) => void;

// Names interned into each core before any document, so their ids are the same for every
// document (assembly/strings.ts keeps them across tokenizerReset): the element rules' names
// (rules.ts KNOWN_NAMES), read when a core is first used. No module sets them at import time, so
// a bundler that drops parse.ts (an app that reads only feeds) cannot leave a core without them.
const preparedCores = new WeakMap<Core, Map<string, number>>();

function prepare(core: Core, names: readonly string[]): Map<string, number> {
  let ids = preparedCores.get(core);
  if (ids) return ids;
  ids = new Map();
  const exports = core.exports;
  for (const name of names) {
    const bytes = encoder.encode(name);
    exports.reserveInput(bytes.length);
    core.u8.set(bytes, exports.inputPointer());
    ids.set(name, exports.internString(bytes.length));
  }
  exports.internFreeze();
  preparedCores.set(core, ids);
  return ids;
}

/**
 * The largest input window, so the longest construct: 256 MiB takes about 1.8 GiB of WebAssembly
 * memory with its arenas, within the 4 GiB a wasm32 memory has (and a sitemap has at most 50 MiB).
 */
const MAX_WINDOW_BYTES = 256 * 1024 * 1024;
let maxWindowBytes = MAX_WINDOW_BYTES;

/** Test hook, not part of the public API: a smaller largest window (undefined: the real one). */
export function setMaxWindowBytesForTesting(bytes: number | undefined): void {
  maxWindowBytes = bytes ?? MAX_WINDOW_BYTES;
}

/** Window bytes handed to the core's tokenizer, a construct scanned again counted again: the streaming cost. */
let scannedBytes = 0;

/**
 * Test hook, not part of the public API: bytes the tokenizer has scanned in this realm so far
 * (tests check that streaming a document costs work in proportion to its size).
 */
export function scannedBytesForTesting(): number {
  return scannedBytes;
}

/**
 * A push reader over a core instance. Each reader holds its own instance while it reads (the
 * tokenizer keeps one document's state), so any number of documents can be read at once;
 * instances go back to a small pool when a document ends or `release()` is called.
 */
export class XmlReader {
  readonly core: Core;
  /** Id of every known name (rules.ts KNOWN_NAMES). */
  readonly ids: Map<string, number>;
  /** The core's memory as words, valid during a handler call. */
  words!: Int32Array;
  /** The same memory as doubles (`words` index / 2), valid during a handler call. */
  doubles!: Float64Array;
  #windowLength = 0;
  /** The window length when the final push is read, else -1 (see endOfInput). */
  #finalLength = -1;
  #arenaText: string | null = null;
  #wideText: string | null = null;
  readonly #names: (string | undefined)[] = [];
  #finished = false;
  #bytesIn = 0;
  /**
   * The window length at which the tokenizer is tried again. The core rolls a construct cut by
   * the end of the window back and scans it from its start next time (assembly/tokenizer.ts), so
   * a construct spanning many chunks (2 MB of CDATA in 4 KiB chunks) was scanned once per chunk:
   * quadratic, 1.7 s. Waiting until the pending bytes have doubled makes the re-scans add up to
   * at most twice the construct: linear. Nothing is held back by it: the tokenizer can hand over
   * nothing after a construct it cannot finish.
   */
  #retryLength = 0;
  #released = false;
  /**
   * Keep the core instance when the document ends, until `release()`: its loc set then still
   * answers `locId` (validate() asks it about hreflang targets once every loc is known).
   */
  holdCoreAtEnd = false;

  readonly #handler: BatchHandler;

  constructor(handler: BatchHandler, flags: number) {
    this.#handler = handler;
    this.core = acquireCore();
    this.ids = prepare(this.core, KNOWN_NAMES);
    this.core.exports.tokenizerReset(flags);
  }

  /** Gives the core instance back (done for you when the document ends). Idempotent. */
  release(): void {
    if (this.#released) return;
    this.#released = true;
    this.#finished = true;
    releaseCore(this.core);
  }

  /** Feeds bytes; `final` marks the end of the document. */
  push(chunk: Uint8Array, final = false): void {
    if (this.#finished) throw new SitemapError('INPUT_TYPE', 'sitemapkit: push after the end of the document', { offset: 0 });
    const exports = this.core.exports;
    let offset = 0;
    do {
      let room = exports.inputCapacity() - this.#windowLength;
      if (room === 0) {
        // One construct fills the whole window: make the window larger.
        this.growWindow(exports.inputCapacity() * 2);
        room = exports.inputCapacity() - this.#windowLength;
      }
      const n = Math.min(room, chunk.length - offset);
      if (n > 0) this.core.u8.set(chunk.subarray(offset, offset + n), exports.inputPointer() + this.#windowLength);
      this.#windowLength += n;
      offset += n;
      this.#bytesIn += n;
      const last = final && offset === chunk.length;
      // Also when the window is full: the construct may fit after all, and the window need not grow.
      if (last || this.#windowLength >= this.#retryLength || this.#windowLength === exports.inputCapacity()) this.run(last);
    } while (offset < chunk.length && !this.#finished);
  }

  /**
   * During the final push, the window offset of the end of the input, else -1: the Start of the
   * implied end tags of the elements the end of the input left open (other implied end tags, of
   * elements an outer end tag closed, start at that tag).
   */
  get endOfInput(): number {
    return this.#finalLength;
  }

  /**
   * Grows the input window to `capacity` bytes, or refuses: a construct (a tag, a text run, a
   * comment…) must fit in the window whole, which with its arenas takes seven times its size
   * (assembly/tokenizer.ts reserveInput), and WebAssembly memory ends at 4 GiB; a construct of
   * 600 MB (text with no markup, read with maxBytes: Infinity) made memory.grow fail inside the
   * core, a trap instead of a SitemapError.
   */
  private growWindow(capacity: number): void {
    const tooLarge = (cause?: unknown) => new SitemapError('INPUT_TOO_LARGE', `One construct of the document (a tag, a text run, a comment…) is over ${(maxWindowBytes / 1048576).toLocaleString('en-US')} MiB, more than can be read as one (the window of the core)`, { offset: this.windowOffset, cause });
    if (capacity > maxWindowBytes) throw tooLarge();
    try {
      this.core.exports.reserveInput(capacity);
    } catch (cause) {
      // Out of memory inside the core: its state is not to be trusted, so it is not kept.
      this.core.discard = true;
      throw tooLarge(cause);
    }
  }

  /** Absolute byte offset of the window start in the document. */
  get windowOffset(): number {
    return this.core.exports.windowOffset();
  }

  /** Absolute byte offset in the document where the core stopped (the end of the current batch). */
  get documentPosition(): number {
    const exports = this.core.exports;
    return exports.windowOffset() + exports.consumed();
  }

  /** Total bytes pushed so far. */
  get bytesRead(): number {
    return this.#bytesIn;
  }

  /**
   * Has the core run the loc checks (assembly/loc-scan.ts) on each ASCII text run directly inside
   * elements with the local name `name` (a registered known name); see walker.ts readCoreLocScan.
   * `identitiesOnly` (1): only whole entries' loc identities (the crawl's), no loc set.
   */
  watchText(name: string, identitiesOnly?: number): void {
    const id = this.ids.get(name);
    if (id === undefined) throw new SitemapError('INPUT_INVALID_OPTION', `sitemapkit: watchText(${name}): not a registered name`);
    this.core.exports.watchText(id, identitiesOnly);
  }

  /**
   * Has the core hand over each simple sitemap entry (only its known fields, nothing else inside)
   * as one Entry, EntryMore, EntryScan record group instead of its tag and text records (assembly/entries.ts).
   * `names`: urlset, url, sitemapindex, sitemap, loc, lastmod, changefreq, priority (registered
   * known names); null turns it off again. Call before the first push.
   */
  collapseEntries(names: readonly string[] | null): void {
    if (names === null) {
      this.core.exports.collapseEntries(0);
      return;
    }
    const ids = names.map((name) => this.ids.get(name) ?? -1) as [number, number, number, number, number, number, number, number];
    this.core.exports.entryNames(...ids);
    this.core.exports.collapseEntries(1);
  }

  /**
   * With collapseEntries on, has the core put each whole entry whose values are ASCII (and whose
   * changefreq is one of the seven) in its staging table, counted by StagedRun records, instead
   * of writing its Entry record group. From the next batch on; off again with false.
   */
  stageEntries(on: boolean): void {
    this.core.exports.stageEntries(on ? 1 : 0);
  }

  /**
   * With collapseEntries on, also has the core write each plain `<xhtml:link rel hreflang href/>`
   * of a `<url>` as one Alternate record (assembly/entries.ts collapseAlternates). `names`: the
   * XHTML namespace, link, rel, hreflang, href (registered known names); null turns it off.
   */
  collapseAlternates(names: readonly string[] | null): void {
    const ids = (names ?? ['', '', '', '', '']).map((name) => (name === '' ? -1 : this.ids.get(name) ?? -1)) as [number, number, number, number, number];
    this.core.exports.collapseAlternates(...ids);
  }

  /** Errors beyond the per-construct cap that have no record of their own. */
  get suppressedErrors(): number {
    return this.core.exports.suppressedErrors();
  }

  /**
   * The decoded value of a record of the current batch: UTF-16 range [start, end) of the ASCII
   * arena, or of the wide one when `flags` (the record's flag bits) has NonAscii.
   */
  text(start: number, end: number, flags: number): string {
    if (flags & TokenFlag.NonAscii) {
      if (this.#wideText === null) {
        const exports = this.core.exports;
        const pointer = exports.wideArenaPointer();
        this.#wideText = bytesToString(this.core.u8.subarray(pointer, pointer + exports.wideArenaLength()), false);
      }
      return this.#wideText.substring(start, end);
    }
    return this.asciiText().substring(start, end);
  }

  /**
   * The whole ASCII arena (asciiArena) as one string, made once per batch however often it is
   * asked for: every string sliced from it shares it.
   */
  asciiText(): string {
    return this.#arenaText ??= bytesToString(this.asciiArena(), true);
  }

  /**
   * The bytes of the ASCII arena, which `text` offsets without NonAscii index (one byte per
   * UTF-16 unit): the current batch's values, after those kept by `keepArena`. A view, valid
   * until the next push; after the last batch of a document, until the next use of its core.
   */
  asciiArena(): Uint8Array {
    const exports = this.core.exports;
    const pointer = exports.arenaPointer();
    return this.core.u8.subarray(pointer, pointer + exports.arenaLength());
  }

  /**
   * Keeps the first `bytes` of the ASCII arena (its offsets and content) for the batches that
   * follow, which append after them, until called again; 0 lets each batch start afresh. False
   * (nothing changes) when `bytes` is over a window's worth: build from the arena and let go.
   */
  keepArena(bytes: number): boolean {
    return this.core.exports.keepArena(bytes) !== 0;
  }

  /**
   * The id of a loc (decoded and trimmed) in this document's loc set (assembly/loc-set.ts), which
   * the core also fills with the loc of each whole entry it checks (EntryScan's LocId): adds it
   * when `add`. -1: not in the set (`add` false); LOC_TOO_LONG: over LOC_SET_MAX_BYTES. Adding
   * never grows memory while a batch is read (the core made room), so views stay valid.
   */
  locId(loc: string, add: boolean): number {
    if (loc.length > LOC_SET_MAX_BYTES) return LOC_TOO_LONG; // at least one byte per UTF-16 unit
    const exports = this.core.exports;
    const pointer = exports.locSetScratch();
    const { read, written } = encoder.encodeInto(loc, this.core.u8.subarray(pointer, pointer + LOC_SET_MAX_BYTES));
    if (read < loc.length) return LOC_TOO_LONG;
    return add ? exports.locSetAddScratch(written) : exports.locSetFindScratch(written);
  }

  /** The string of an interned id (element and attribute names, prefixes, namespace URIs). */
  name(id: number): string {
    if (id < 0) return '';
    let name = this.#names[id];
    if (name === undefined) {
      const exports = this.core.exports;
      const pointer = exports.stringPointer(id);
      name = bytesToString(this.core.u8.subarray(pointer, pointer + exports.stringLength(id)), false);
      this.#names[id] = name;
    }
    return name;
  }

  /**
   * The line and column of window byte `to`, counted on from window byte `from`, which is at
   * (`line`, `column`), as the core counts them (code points; CRLF and a lone CR are one line
   * break). For positions the core did not record (inside a whole entry); valid during a handler call.
   */
  positionAt(from: number, line: number, column: number, to: number): [number, number] {
    const base = this.core.exports.inputPointer();
    return positionOfByte(this.core.u8, base + to, base + from, line, column);
  }

  /** Raw source bytes of the current window, [start, end) (valid during a handler call). */
  source(start: number, end: number): string {
    const pointer = this.core.exports.inputPointer();
    return bytesToString(this.core.u8.subarray(pointer + start, pointer + end), false);
  }

  private run(final: boolean): void {
    const exports = this.core.exports;
    this.#finalLength = final ? this.#windowLength : -1;
    while (true) {
      scannedBytes += this.#windowLength - exports.consumed();
      const status = exports.tokenize(this.#windowLength, final ? 1 : 0);
      const count = exports.tokenCount();
      if (count > 0) {
        this.words = this.core.i32;
        this.doubles = this.core.f64;
        this.#arenaText = null;
        this.#wideText = null;
        this.#handler(this, exports.tokensPointer() >>> 2, count);
      }
      if (status === Status.OutputFull) continue;
      if (status === Status.NeedInput) {
        this.#windowLength = exports.compactInput(this.#windowLength);
        this.#retryLength = this.#windowLength * 2;
        return;
      }
      // Done, or Stopped at the first error.
      if (this.holdCoreAtEnd) this.#finished = true;
      else this.release();
      return;
    }
  }
}

/**
 * The line and column of the byte just after those pushed into `reader` so far, as positionOfByte
 * counts them in the whole document, given `next`, the byte that follows them (a CR last is a line
 * break unless `next` is its LF): from where the core's tokenizer stopped, whose line counter is
 * exact there (consumed(), line, lineStart, continuations), on over the bytes still in the window
 * (a construct not finished yet: rarely more than a few hundred). validate() asks it once, where a
 * document that arrives in pieces crosses the 50 MB limit, instead of counting the lines of every
 * byte in JS as they pass (about 0.12 s of CPU per 88 MB in the crawl's profile, 2026-11-26). Not
 * during a handler call, nor after the reader gave its core back. A function, not a method, so that
 * `import { parse }` leaves it out.
 *
 * @example
 * parser.push(bytes.subarray(0, mark));
 * const [line, column] = positionAfterPushed(xmlReaderOf(parser), bytes[mark]!);
 */
export function positionAfterPushed(reader: XmlReader, next: number): [number, number] {
  const exports = reader.core.exports;
  const consumed = exports.consumed();
  const end = reader.bytesRead - reader.windowOffset; // the window's length
  const carriageReturnLast = end > consumed && reader.core.u8[exports.inputPointer() + end - 1] === 0x0d;
  const column = consumed - (exports.lineStart.value as number) + 1 - (exports.continuations.value as number);
  const position = reader.positionAt(consumed, exports.line.value as number, column, end - +carriageReturnLast);
  return carriageReturnLast && next !== 0x0a ? [position[0] + 1, 1] : position;
}
