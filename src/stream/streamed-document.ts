// One sitemap document read from chunks (sitemaps.org 0.9, SPEC.md §1, §2, §5): gzip sniffed and
// inflated as it arrives, the front door's checks on the first bytes, byte-order marks and
// declared encodings transcoded on the way, the same SitemapParser as parse(), the stream limits,
// and entries handed to a sink after every chunk. parse-stream.ts wraps it in the public streams.

import { SitemapError } from '../model/errors';
import { createIssue } from '../model/issue';
import { createStreamingGunzip, isGzip, type StreamingGunzip } from '../input/gzip';
import type { DocumentDecoder } from '../input/single-byte-decoder';
import { encodingContradiction, encodingContradictionError, encodingContradictionIssue, type MarkedEncoding } from '../input/document-encoding';
import { adviceFor, checkLimitOption, decoderFor, declaredEncoding, declaredEncodingIssue, declaredEncodingLabel, declareUtf8, describeValue, encodingDeclarationOffset, encodingDeclarationPosition, firstByteToDecode, locatedError, utf16ByteOrder, utf16Issue } from '../input/input';
import { checkOpening, HTML_SNIFF_BYTES, readReadingOptions, refuseFileName, type Reading } from '../input/front-door';
import { checkKindOption, markByteOrderMarkRemoved, SitemapParser } from '../read/parse';
import { bytesToString, concatenateBytes, stringToBytes } from '../values/text';
import type { Issue, SitemapKind } from '../model/types';
import type { ParseStreamOptions, SitemapEntry } from './stream-types';

const NO_BYTES = new Uint8Array(0);
/** What parse() looks at to tell HTML and a declared encoding (src/input/input.ts). */
const HEAD_BYTES = HTML_SNIFF_BYTES;
const PROGRESS_INTERVAL_MS = 100;
/** Issues a stream keeps for its `issues` when nobody takes them with onIssue. */
const KEPT_ISSUES = 1000;

/**
 * Where a streamed document hands its entries, a batch at a time (the sink of its push contract).
 *
 * @example
 * const sink: EntrySink = (entries) => queue.push(entries);
 */
export type EntrySink = (entries: SitemapEntry[]) => void;

const enum Mode {
  /** Nothing decided: fewer than two bytes seen. */
  Start,
  Plain,
  Gzip,
  /** String chunks: already decoded, so a declared encoding no longer applies. */
  Text,
}


function toBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof Uint8Array) return chunk;
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  throw new SitemapError('INPUT_TYPE', `A sitemap stream takes Uint8Array or string chunks, got ${describeValue(chunk)}${adviceFor(chunk, true)}`);
}

function issueOf(error: SitemapError, message = error.message): Issue {
  // A damaged gzip stream has no place in the XML: its issue is at the start, as parse() puts it.
  return createIssue(error.code, 'error', message, error.line || 1, error.column || 1, error.path, error.entry);
}

/**
 * One document read from a stream: gzip sniffing and inflating, the front door's checks on the
 * first bytes (HTML, byte-order marks, declared encodings, emptiness), the push parser, the
 * limits, and the hand-over of entries and issues after every chunk. It speaks the push contract:
 * `push(chunk, final)`, entries to the sink it was made with; `cancel()` stops it.
 *
 * @example
 * const document = new StreamedDocument({ recover: true }, (entries) => batches.push(entries));
 * for (const chunk of chunks) await document.push(chunk, false);
 * await document.push(new Uint8Array(0), true);
 */
export class StreamedDocument {
  readonly issues: Issue[] = [];
  droppedIssues = 0;
  #parser: SitemapParser | null = null;
  readonly #options: ParseStreamOptions;
  /** The options every reader takes, as the front door read them. */
  readonly #reading: Reading;
  readonly #expectedKind: SitemapKind | undefined;
  readonly #maxBytes: number;
  readonly #maxEntries: number;
  #gunzip: StreamingGunzip | null = null;
  #mode = Mode.Start;
  /** Bytes held in Mode.Start, until gzip can be told from XML. */
  #sniffed: Uint8Array[] = [];
  #sniffedLength = 0;
  /** The first XML bytes, held until the checks parse() makes on them can be made (null after). */
  #head: Uint8Array[] | null = [];
  #headLength = 0;
  /** Transcoding to UTF-8 (UTF-16, or a declared encoding once a non-ASCII byte shows up). */
  #decoder: DocumentDecoder | null = null;
  #utf16Start = false;
  #declared: string | undefined;
  /** The decoder for `declared`, made (or refused) as soon as the declaration is read. */
  #declaredDecoder: DocumentDecoder | null = null;
  /** The byte order of a UTF-16 document, for its issue. */
  #utf16: 'utf-16le' | 'utf-16be' | undefined;
  /** Where the declaration names that encoding (line, column), for its issue, and its byte offset. */
  #declaredAt: readonly [number, number] = [1, 1];
  #declaredOffset = 0;
  /** A high surrogate that ended a string chunk, waiting for its pair. */
  #pendingSurrogate = '';
  #entries = 0;
  #bytesIn = 0;
  #bytesOut = 0;
  #lastProgress = 0;
  /** The parser saw its final push (the end, or recover mode after damaged gzip), or there is no document to parse (a file name in recover mode). */
  #parsed = false;
  #ended = false;
  /** Lets a DecompressionStream's inflating go on once the reader has room again. */
  #resumeInflating: (() => void) | null = null;

  /**
   * `hasRoom` says whether the reader wants more entries now: inflating by a DecompressionStream
   * runs on its own (on another thread in Node) and waits while it says no, until `resume()`.
   */
  constructor(options: ParseStreamOptions | undefined, private readonly deliver: EntrySink, private readonly hasRoom: () => boolean = () => true) {
    // Checked now, not at the first bytes: a bad option throws from parseStream() itself.
    const door = readReadingOptions(options, 'sitemap', 'stream options (ParseStreamOptions)');
    this.#options = door.options;
    this.#reading = door.reading;
    this.#expectedKind = checkKindOption(this.#options.kind);
    this.#maxBytes = door.reading.maxBytes;
    this.#maxEntries = checkLimitOption(this.#options.maxEntries, 'maxEntries', Infinity);
    this.#lastProgress = Date.now();
  }

  get kind(): SitemapKind | undefined {
    return this.#parser?.documentKind ?? undefined;
  }

  /** False once more input would be ignored (the end, or damaged gzip read in recover mode). */
  get wantsMore(): boolean {
    return !this.#parsed && !this.#ended;
  }

  /**
   * The one incremental contract (as fflate's, and every chunk consumer's here): feeds the next
   * chunk, and with `final` ends the document after it, so that the last entries and issues go to
   * the sink, or the error is thrown. When it returns a promise, wait for it before the next call.
   */
  push(chunk: unknown, final: boolean): Promise<void> | void {
    const taking = this.take(chunk);
    if (!final) return taking;
    return taking ? taking.then(() => this.end()) : this.end();
  }

  private take(chunk: unknown): Promise<void> | void {
    if (!this.wantsMore) return;
    try {
      if (typeof chunk === 'string') return this.afterWrite(this.writeText(chunk));
      const bytes = toBytes(chunk);
      this.#bytesIn += bytes.length;
      if (this.#mode === Mode.Start) {
        this.#sniffed.push(bytes);
        this.#sniffedLength += bytes.length;
        if (this.#sniffedLength < 2) return;
        const start = this.takeSniffed();
        this.#mode = isGzip(start) ? Mode.Gzip : Mode.Plain;
        return this.afterWrite(this.writeBytes(start));
      }
      return this.afterWrite(this.writeBytes(bytes));
    } catch (error) {
      return this.fail(error);
    }
  }

  /** Ends the document: the last entries and issues are handed on, or the error is thrown. */
  private end(): Promise<void> | void {
    if (this.#ended) return;
    try {
      if (this.#mode === Mode.Start) {
        // Fewer than two bytes in all: not gzip.
        this.#mode = Mode.Plain;
        this.xml(this.takeSniffed(), false);
      }
      if (this.#mode === Mode.Gzip && !this.#parsed) {
        const finishing = this.#gunzip!.push(NO_BYTES, true);
        if (finishing) return finishing.then(() => this.finishDocument(), (error: unknown) => this.fail(error));
      }
      this.finishDocument();
    } catch (error) {
      this.fail(error);
    }
  }

  /** Stops reading (a cancelled stream): the core instance goes back, pending input is dropped. */
  cancel(): void {
    this.#ended = true;
    this.#gunzip?.cancel();
    this.#parser?.abort();
    this.resume();
  }

  /** The reader has room again: inflating held back by `hasRoom` goes on. */
  resume(): void {
    const resume = this.#resumeInflating;
    this.#resumeInflating = null;
    resume?.();
  }

  private afterWrite(pending: Promise<void> | void): Promise<void> | void {
    if (pending) return pending.then(() => this.progress(false), (error: unknown) => this.fail(error));
    this.progress(false);
  }

  private takeSniffed(): Uint8Array {
    const bytes = concatenateBytes(this.#sniffed);
    this.#sniffed = [];
    this.#sniffedLength = 0;
    return bytes;
  }

  private writeText(text: string): void {
    if (this.#mode === Mode.Gzip) throw new SitemapError('INPUT_TYPE', 'A string chunk in a gzip stream: gzip arrives as bytes');
    if (this.#mode === Mode.Start) {
      this.#mode = Mode.Text;
      // A byte that came first is the start of the document.
      if (this.#sniffedLength > 0) this.xml(this.takeSniffed(), false);
    }
    let piece = this.#pendingSurrogate + text;
    this.#pendingSurrogate = '';
    const last = piece.charCodeAt(piece.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.#pendingSurrogate = piece.slice(-1);
      piece = piece.slice(0, -1);
    }
    const bytes = stringToBytes(piece);
    this.#bytesIn += bytes.length;
    this.xml(bytes, false);
  }

  private writeBytes(bytes: Uint8Array): Promise<void> | void {
    if (this.#mode !== Mode.Gzip) return this.xml(bytes, false);
    this.#gunzip ??= createStreamingGunzip(this.#maxBytes, (inflated) => {
      this.xml(inflated, false);
      if (this.hasRoom() || this.#ended) return;
      return new Promise<void>((resolve) => {
        this.#resumeInflating = resolve;
      });
    }, this.#options.recover === true); // recover keeps every byte inflated before damage (gzip.ts)
    return this.#gunzip.push(bytes, false);
  }

  /** XML bytes (inflated): held until the first bytes can be checked, then transcoded if need be and parsed. */
  private xml(bytes: Uint8Array, final: boolean): void {
    if (this.#parsed) return;
    this.#bytesOut += bytes.length;
    if (this.#head !== null) {
      if (bytes.length > 0) this.#head.push(bytes);
      this.#headLength += bytes.length;
      if (this.#headLength < HEAD_BYTES && !final) return;
      const head = this.chooseEncoding(concatenateBytes(this.#head));
      this.#head = null;
      bytes = this.toUtf8(head, final);
      if (!this.checkStart(bytes, final)) {
        this.#parsed = true;
        return;
      }
    } else bytes = this.toUtf8(bytes, final);
    this.parse(bytes, final);
  }

  /** Byte-order marks and declared encodings, as parse() reads them (src/input/input.ts); returns the head without a UTF-8 BOM. */
  private chooseEncoding(head: Uint8Array): Uint8Array {
    const marked = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
    if (marked) head = head.subarray(3);
    if (this.#mode === Mode.Text) return head; // already decoded: a declared encoding no longer applies
    if (marked) {
      this.checkDeclaration('UTF-8', head);
      return head;
    }
    const utf16 = utf16ByteOrder(head);
    if (utf16) {
      this.#utf16 = utf16; // reported once decoded, at its declaration (transcode)
      this.#decoder = new TextDecoder(utf16); // drops the BOM, then keeps its state from chunk to chunk
      this.#utf16Start = true;
    } else if (!this.checkDeclaration(undefined, head)) {
      this.#declared = declaredEncoding(head);
      if (this.#declared !== undefined) {
        this.#declaredAt = encodingDeclarationPosition(head);
        this.#declaredOffset = encodingDeclarationOffset(head);
        // Refused here, before any byte is parsed, as parse() refuses it whether or not a byte needs decoding.
        try {
          this.#declaredDecoder = decoderFor(this.#declared.toLowerCase());
        } catch (error) {
          // Where parse() puts it: at the declaration's encoding.
          throw error instanceof SitemapError ? locatedError(error, this.#declaredAt[0], this.#declaredAt[1], this.#declaredOffset) : error;
        }
      }
    }
    return head;
  }

  /**
   * A declaration that contradicts the byte-order mark (or declares UTF-16 without one), as
   * parse() reads it (src/input/input.ts, document-encoding.ts): thrown, or in recover mode reported
   * (true: the document is read as the mark says, UTF-8 without one).
   */
  private checkDeclaration(marked: MarkedEncoding, declaration: Uint8Array): boolean {
    const label = declaredEncodingLabel(declaration);
    const message = encodingContradiction(marked, label);
    if (message === undefined) return false;
    const at = encodingDeclarationPosition(declaration);
    if (!this.#options.recover) throw encodingContradictionError(message, at, encodingDeclarationOffset(declaration));
    this.report(encodingContradictionIssue(message, label!, at));
    return true;
  }

  private toUtf8(bytes: Uint8Array, final: boolean): Uint8Array {
    if (this.#decoder !== null) return this.transcode(bytes, final);
    if (this.#declared !== undefined) return this.transcodeFromFirstByteToDecode(bytes, final);
    return bytes;
  }

  /**
   * The front door's checks on the first bytes, as parse() makes them on the whole input
   * (checkOpening: HTML, emptiness; refuseFileName: a string that is a file name or URL, which
   * recover mode reports and reads no further: returns false).
   */
  private checkStart(head: Uint8Array, final: boolean): boolean {
    const issues: Issue[] = [];
    checkOpening(head, final, this.#mode === Mode.Gzip, this.#reading, issues);
    for (const issue of issues) this.report(issue);
    // parseStream('sitemap.xml'): parse() checks a whole string input; here the whole input is the head.
    if (final && this.#mode === Mode.Text) {
      const refused = refuseFileName(bytesToString(head, false), this.#reading);
      if (refused !== undefined) {
        this.report(refused);
        return false;
      }
    }
    return true;
  }

  private transcode(bytes: Uint8Array, final: boolean): Uint8Array {
    let text = this.#decoder!.decode(bytes, { stream: !final });
    if (this.#utf16Start && text.length > 0) {
      this.#utf16Start = false;
      // The issue at the declaration's encoding name, as parse() places it in the decoded text.
      const declaration = stringToBytes(text.slice(0, 512));
      this.checkDeclaration(this.#utf16 === 'utf-16le' ? 'UTF-16LE' : 'UTF-16BE', declaration);
      this.report(utf16Issue(this.#utf16!, encodingDeclarationPosition(declaration)));
      text = declareUtf8(text); // TextDecoder dropped the byte-order mark: a second one stays, and is reported
    } else if (this.#utf16Start && final) {
      // A byte-order mark and nothing after it: still a UTF-16 document, as parse() says.
      this.#utf16Start = false;
      this.report(utf16Issue(this.#utf16!, encodingDeclarationPosition(new Uint8Array(0))));
    }
    return stringToBytes(text);
  }

  /**
   * A declared non-UTF-8 encoding: bytes pass as they are while the encoding reads them as
   * themselves (ASCII but for a few control bytes in some encodings: firstByteToDecode), and are
   * decoded as declared from the first byte it does not, which is what parse() makes of the
   * whole document.
   */
  private transcodeFromFirstByteToDecode(bytes: Uint8Array, final: boolean): Uint8Array {
    const first = firstByteToDecode(bytes, this.#declared!.toLowerCase());
    if (first < 0) return bytes;
    this.report(declaredEncodingIssue(this.#declared!, true, this.#declaredAt));
    this.#decoder = this.#declaredDecoder;
    this.#declared = undefined;
    return concatenateBytes([bytes.subarray(0, first), this.transcode(bytes.subarray(first), final)]);
  }

  private parse(bytes: Uint8Array, final: boolean): void {
    if (this.#parser === null) {
      this.#parser = new SitemapParser({ recover: this.#options.recover === true, maxBytes: this.#maxBytes, kind: this.#expectedKind });
      markByteOrderMarkRemoved(this.#parser); // chooseEncoding took it (or the decoder did): a second one is text before the root
    }
    try {
      this.#parser.push(bytes, final);
    } finally {
      // Entries read before an error are handed on before the error is.
      this.handOver();
    }
    if (final) this.#parsed = true;
  }

  private handOver(): void {
    const parser = this.#parser;
    if (parser === null) return;
    if (parser.issues.length > 0) for (const issue of parser.issues.splice(0)) this.report(issue);
    const entries = parser.takeEntries();
    if (entries.length === 0) return;
    const room = this.#maxEntries - this.#entries;
    if (entries.length > room) {
      if (room > 0) this.deliver(entries.slice(0, room));
      this.#entries += Math.max(0, room);
      throw new SitemapError('INPUT_TOO_MANY_ENTRIES', `The document has more than the maxEntries limit of ${this.#maxEntries.toLocaleString('en-US')} entries`);
    }
    this.#entries += entries.length;
    this.deliver(entries);
  }

  private report(issue: Issue): void {
    if (this.#options.onIssue) this.#options.onIssue(issue);
    else if (this.issues.length < KEPT_ISSUES) this.issues.push(issue);
    else this.droppedIssues++;
  }

  private progress(final: boolean): void {
    const onProgress = this.#options.onProgress;
    if (!onProgress) return;
    const now = Date.now();
    if (!final && now - this.#lastProgress < PROGRESS_INTERVAL_MS) return;
    this.#lastProgress = now;
    onProgress({ bytesIn: this.#bytesIn, bytesOut: this.#bytesOut, entries: this.#entries });
  }

  private finishDocument(): void {
    try {
      if (this.#pendingSurrogate !== '') {
        // A lone high surrogate at the very end: encoded as parse() would (U+FFFD).
        const bytes = stringToBytes(this.#pendingSurrogate);
        this.#pendingSurrogate = '';
        this.#bytesIn += bytes.length;
        this.xml(bytes, false);
      }
      this.xml(new Uint8Array(0), true);
      this.#parser?.result(); // adds the count of errors beyond the cap, if any (no parser: no document)
      this.handOver();
      if (this.#declared !== undefined) this.report(declaredEncodingIssue(this.#declared, false, this.#declaredAt));
      this.#ended = true;
      this.progress(true);
    } catch (error) {
      this.cancel();
      throw error;
    }
  }

  /** An error from a push: damaged gzip in recover mode is an issue and the end; anything else ends the stream. */
  private fail(error: unknown): void {
    if (this.#options.recover && error instanceof SitemapError && error.code === 'GZIP_INVALID' && !this.#parsed) {
      this.report(issueOf(error, `${error.message}; what inflated before the damage was read`));
      this.#gunzip?.cancel();
      this.finishDocument();
      return;
    }
    this.cancel();
    // Damage has no place in the XML: at the start, as parse() reports it.
    throw error instanceof SitemapError && error.code === 'GZIP_INVALID' && error.line === 0 ? locatedError(error, 1, 1, 0) : error;
  }
}

