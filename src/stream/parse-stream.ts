// Reading sitemaps and sitemap indexes from streams of any size (sitemaps.org 0.9, SPEC.md §1, §2,
// §5): `parseStream` (for await … of) and `SitemapParserStream` (a Web Streams transform). gzip is
// sniffed by its magic bytes and inflated as it arrives; entries are handed on after every chunk,
// so memory stays flat whatever the size. The same SitemapParser as parse() reads the XML.

import { SitemapError } from '../model/errors';
import { createIssue } from '../model/issue';
import { createStreamingGunzip, isGzip, type StreamingGunzip } from '../input/gzip';
import type { DocumentDecoder } from '../input/single-byte-decoder';
import { encodingContradiction, encodingContradictionError, encodingContradictionIssue, type MarkedEncoding } from '../input/document-encoding';
import { adviceFor, checkLimitOption, decoderFor, HTML_SNIFF_BYTES, declaredEncoding, declaredEncodingIssue, declaredEncodingLabel, declareUtf8, describeValue, encodingDeclarationOffset, encodingDeclarationPosition, firstByteToDecode, locatedError, notADocumentError, notADocumentIssue, utf16ByteOrder, utf16Issue } from '../input/input';
import { checkOpening, readReadingOptions, type Reading } from '../input/front-door';
import { checkKindOption, markByteOrderMarkRemoved, SitemapParser } from '../read/parse';
import { bytesToString, concatenateBytes, stringToBytes } from '../values/text';
import type { Issue, ParseOptions, SitemapIndexEntry, SitemapKind, SitemapUrl } from '../model/types';

/**
 * One entry of a stream: a `<url>` of a sitemap or a `<sitemap>` of an index.
 *
 * @example
 * const entry: SitemapEntry = { loc: 'https://example.com/sitemap-2.xml', lastmod: '2024-05-01' };
 */
export type SitemapEntry = SitemapUrl | SitemapIndexEntry;

/**
 * The entry type a stream yields for a demanded kind: `SitemapUrl` for `'urlset'`,
 * `SitemapIndexEntry` for `'sitemapindex'`, either when no kind is demanded.
 *
 * @example
 * const first: EntryOfKind<'urlset'> = { loc: 'https://example.com/' };
 */
export type EntryOfKind<Kind extends SitemapKind | undefined> = Kind extends 'urlset' ? SitemapUrl : Kind extends 'sitemapindex' ? SitemapIndexEntry : SitemapEntry;

/**
 * What `onProgress` is told: bytes read from the source (compressed bytes when it is gzip), XML
 * bytes read after inflating, and entries handed on so far.
 *
 * @example
 * const onProgress = ({ bytesIn, entries }: StreamProgress) => bar.update(bytesIn / total, { entries });
 */
export interface StreamProgress {
  bytesIn: number;
  bytesOut: number;
  entries: number;
}

/**
 * Options of {@link parseStream} and {@link SitemapParserStream}: those of `parse`, plus limits
 * and callbacks for streaming.
 *
 * @example
 * const options: ParseStreamOptions<'urlset'> = { kind: 'urlset', maxBytes: Infinity, onIssue: (issue) => log.push(issue) };
 */
export interface ParseStreamOptions<Kind extends SitemapKind | undefined = SitemapKind | undefined> extends ParseOptions {
  /** Demand this kind: another root errors the stream with `SITEMAP_WRONG_KIND`. Any other value is `INPUT_INVALID_OPTION`. */
  kind?: Kind;
  /**
   * Error (`INPUT_TOO_MANY_ENTRIES`) once more entries than this arrive; the first `maxEntries` are
   * handed on. A whole number >= 0 or `Infinity` (as `maxBytes`; anything else is
   * `INPUT_INVALID_OPTION`). Default: no limit.
   */
  maxEntries?: number;
  /** Called about ten times a second while bytes arrive, and once at the end. */
  onProgress?: (progress: StreamProgress) => void;
  /**
   * Called for every issue as it is found (in recover mode, malformed XML too). Without it,
   * issues are kept in the stream's `issues`, up to 1,000 (the rest are counted in `droppedIssues`).
   */
  onIssue?: (issue: Issue) => void;
}

/**
 * What `parseStream` reads: a Web stream, a fetch `Response`, a `Blob`, any (async) iterable of
 * chunks (Node streams are), or the whole input.
 *
 * @example
 * const source: SitemapStreamSource = await fetch('https://example.com/sitemap.xml');
 */
export type SitemapStreamSource =
  | ReadableStream<Uint8Array>
  | Response
  | Blob
  | AsyncIterable<Uint8Array | string>
  | Iterable<Uint8Array | string>
  | Uint8Array
  | ArrayBuffer
  | string;

/** What parse() looks at to tell HTML and a declared encoding (src/input/input.ts). */
const HEAD_BYTES = HTML_SNIFF_BYTES;
const PROGRESS_INTERVAL_MS = 100;
/** Issues a stream keeps for its `issues` when nobody takes them with onIssue. */
const KEPT_ISSUES = 1000;
/**
 * The most of one chunk parsed at a time: a big chunk (Node's Blob#stream() hands over a whole
 * Blob as one) is read in slices, each one's entries handed on before the next is parsed, so
 * that no more than a slice's entries are ever held.
 */
const SLICE_BYTES = 65536;
const SLICE_CHARACTERS = 32768;
/** Entries queued for the reader (of parseStream or SitemapParserStream) before reading stops. */
const QUEUED_ENTRIES = 512;

/** The next slice of a chunk from `offset`, and the offset after it (the chunk's length when it is done). */
function sliceOf(chunk: unknown, offset: number): [unknown, number] {
  if (typeof chunk === 'string') {
    if (chunk.length - offset <= SLICE_CHARACTERS) return [offset === 0 ? chunk : chunk.slice(offset), chunk.length];
    return [chunk.slice(offset, offset + SLICE_CHARACTERS), offset + SLICE_CHARACTERS];
  }
  if (chunk instanceof Uint8Array) {
    if (chunk.length - offset <= SLICE_BYTES) return [offset === 0 ? chunk : chunk.subarray(offset), chunk.length];
    return [chunk.subarray(offset, offset + SLICE_BYTES), offset + SLICE_BYTES];
  }
  if (chunk instanceof ArrayBuffer) return sliceOf(new Uint8Array(chunk), offset);
  return [chunk, 1]; // not a chunk type: the document refuses it
}

function chunkLength(chunk: unknown): number {
  if (typeof chunk === 'string' || chunk instanceof Uint8Array) return chunk.length;
  if (chunk instanceof ArrayBuffer) return chunk.byteLength;
  return 1;
}

type EntrySink = (entries: SitemapEntry[]) => void;

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
 * One document read from a stream: gzip sniffing and inflating, the checks parse() makes on the
 * first bytes (HTML, byte-order marks, declared encodings, emptiness), the push parser, the
 * limits, and the hand-over of entries and issues after every chunk.
 */
class StreamedDocument {
  readonly issues: Issue[] = [];
  droppedIssues = 0;
  private parser: SitemapParser | null = null;
  private readonly options: ParseStreamOptions;
  /** The options every reader takes, as the front door read them. */
  private readonly reading: Reading;
  private readonly expectedKind: SitemapKind | undefined;
  private readonly maxBytes: number;
  private readonly maxEntries: number;
  private gunzip: StreamingGunzip | null = null;
  private mode = Mode.Start;
  /** Bytes held in Mode.Start, until gzip can be told from XML. */
  private sniffed: Uint8Array[] = [];
  private sniffedLength = 0;
  /** The first XML bytes, held until the checks parse() makes on them can be made (null after). */
  private head: Uint8Array[] | null = [];
  private headLength = 0;
  /** Transcoding to UTF-8 (UTF-16, or a declared encoding once a non-ASCII byte shows up). */
  private decoder: DocumentDecoder | null = null;
  private utf16Start = false;
  private declared: string | undefined;
  /** The decoder for `declared`, made (or refused) as soon as the declaration is read. */
  private declaredDecoder: DocumentDecoder | null = null;
  /** The byte order of a UTF-16 document, for its issue. */
  private utf16: 'utf-16le' | 'utf-16be' | undefined;
  /** Where the declaration names that encoding (line, column), for its issue, and its byte offset. */
  private declaredAt: readonly [number, number] = [1, 1];
  private declaredOffset = 0;
  /** A high surrogate that ended a string chunk, waiting for its pair. */
  private pendingSurrogate = '';
  private entries = 0;
  private bytesIn = 0;
  private bytesOut = 0;
  private lastProgress = 0;
  /** The parser saw its final push (the end, or recover mode after damaged gzip), or there is no document to parse (a file name in recover mode). */
  private parsed = false;
  private ended = false;
  /** Lets a DecompressionStream's inflating go on once the reader has room again. */
  private resumeInflating: (() => void) | null = null;

  /**
   * `hasRoom` says whether the reader wants more entries now: inflating by a DecompressionStream
   * runs on its own (on another thread in Node) and waits while it says no, until `resume()`.
   */
  constructor(options: ParseStreamOptions | undefined, private readonly deliver: EntrySink, private readonly hasRoom: () => boolean = () => true) {
    // Checked now, not at the first bytes: a bad option throws from parseStream() itself.
    const door = readReadingOptions(options, 'sitemap', 'stream options (ParseStreamOptions)');
    this.options = door.options;
    this.reading = door.reading;
    this.expectedKind = checkKindOption(this.options.kind);
    this.maxBytes = door.reading.maxBytes;
    this.maxEntries = checkLimitOption(this.options.maxEntries, 'maxEntries', Infinity);
    this.lastProgress = Date.now();
  }

  get kind(): SitemapKind | undefined {
    return this.parser?.documentKind ?? undefined;
  }

  /** False once more input would be ignored (the end, or damaged gzip read in recover mode). */
  get wantsMore(): boolean {
    return !this.parsed && !this.ended;
  }

  /** Feeds the next chunk; when it returns a promise, wait for it before the next call. */
  write(chunk: unknown): Promise<void> | void {
    if (!this.wantsMore) return;
    try {
      if (typeof chunk === 'string') return this.afterWrite(this.writeText(chunk));
      const bytes = toBytes(chunk);
      this.bytesIn += bytes.length;
      if (this.mode === Mode.Start) {
        this.sniffed.push(bytes);
        this.sniffedLength += bytes.length;
        if (this.sniffedLength < 2) return;
        const start = this.takeSniffed();
        this.mode = isGzip(start) ? Mode.Gzip : Mode.Plain;
        return this.afterWrite(this.writeBytes(start));
      }
      return this.afterWrite(this.writeBytes(bytes));
    } catch (error) {
      return this.fail(error);
    }
  }

  /** Ends the document: the last entries and issues are handed on, or the error is thrown. */
  close(): Promise<void> | void {
    if (this.ended) return;
    try {
      if (this.mode === Mode.Start) {
        // Fewer than two bytes in all: not gzip.
        this.mode = Mode.Plain;
        this.xml(this.takeSniffed(), false);
      }
      if (this.mode === Mode.Gzip && !this.parsed) {
        const finishing = this.gunzip!.finish();
        if (finishing) return finishing.then(() => this.finishDocument(), (error: unknown) => this.fail(error));
      }
      this.finishDocument();
    } catch (error) {
      this.fail(error);
    }
  }

  /** Stops reading (a cancelled stream): the core instance goes back, pending input is dropped. */
  abort(): void {
    this.ended = true;
    this.gunzip?.cancel();
    this.parser?.abort();
    this.resume();
  }

  /** The reader has room again: inflating held back by `hasRoom` goes on. */
  resume(): void {
    const resume = this.resumeInflating;
    this.resumeInflating = null;
    resume?.();
  }

  private afterWrite(pending: Promise<void> | void): Promise<void> | void {
    if (pending) return pending.then(() => this.progress(false), (error: unknown) => this.fail(error));
    this.progress(false);
  }

  private takeSniffed(): Uint8Array {
    const bytes = concatenateBytes(this.sniffed);
    this.sniffed = [];
    this.sniffedLength = 0;
    return bytes;
  }

  private writeText(text: string): void {
    if (this.mode === Mode.Gzip) throw new SitemapError('INPUT_TYPE', 'A string chunk in a gzip stream: gzip arrives as bytes');
    if (this.mode === Mode.Start) {
      this.mode = Mode.Text;
      // A byte that came first is the start of the document.
      if (this.sniffedLength > 0) this.xml(this.takeSniffed(), false);
    }
    let piece = this.pendingSurrogate + text;
    this.pendingSurrogate = '';
    const last = piece.charCodeAt(piece.length - 1);
    if (last >= 0xd800 && last <= 0xdbff) {
      this.pendingSurrogate = piece.slice(-1);
      piece = piece.slice(0, -1);
    }
    const bytes = stringToBytes(piece);
    this.bytesIn += bytes.length;
    this.xml(bytes, false);
  }

  private writeBytes(bytes: Uint8Array): Promise<void> | void {
    if (this.mode !== Mode.Gzip) return this.xml(bytes, false);
    this.gunzip ??= createStreamingGunzip(this.maxBytes, (inflated) => {
      this.xml(inflated, false);
      if (this.hasRoom() || this.ended) return;
      return new Promise<void>((resolve) => {
        this.resumeInflating = resolve;
      });
    }, this.options.recover === true); // recover keeps every byte inflated before damage (gzip.ts)
    return this.gunzip.push(bytes);
  }

  /** XML bytes (inflated): held until the first bytes can be checked, then transcoded if need be and parsed. */
  private xml(bytes: Uint8Array, final: boolean): void {
    if (this.parsed) return;
    this.bytesOut += bytes.length;
    if (this.head !== null) {
      if (bytes.length > 0) this.head.push(bytes);
      this.headLength += bytes.length;
      if (this.headLength < HEAD_BYTES && !final) return;
      const head = this.chooseEncoding(concatenateBytes(this.head));
      this.head = null;
      bytes = this.toUtf8(head, final);
      if (!this.checkStart(bytes, final)) {
        this.parsed = true;
        return;
      }
    } else bytes = this.toUtf8(bytes, final);
    this.parse(bytes, final);
  }

  /** Byte-order marks and declared encodings, as parse() reads them (src/input/input.ts); returns the head without a UTF-8 BOM. */
  private chooseEncoding(head: Uint8Array): Uint8Array {
    const marked = head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf;
    if (marked) head = head.subarray(3);
    if (this.mode === Mode.Text) return head; // already decoded: a declared encoding no longer applies
    if (marked) {
      this.checkDeclaration('UTF-8', head);
      return head;
    }
    const utf16 = utf16ByteOrder(head);
    if (utf16) {
      this.utf16 = utf16; // reported once decoded, at its declaration (transcode)
      this.decoder = new TextDecoder(utf16); // drops the BOM, then keeps its state from chunk to chunk
      this.utf16Start = true;
    } else if (!this.checkDeclaration(undefined, head)) {
      this.declared = declaredEncoding(head);
      if (this.declared !== undefined) {
        this.declaredAt = encodingDeclarationPosition(head);
        this.declaredOffset = encodingDeclarationOffset(head);
        // Refused here, before any byte is parsed, as parse() refuses it whether or not a byte needs decoding.
        try {
          this.declaredDecoder = decoderFor(this.declared.toLowerCase());
        } catch (error) {
          // Where parse() puts it: at the declaration's encoding.
          throw error instanceof SitemapError ? locatedError(error, this.declaredAt[0], this.declaredAt[1], this.declaredOffset) : error;
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
    if (!this.options.recover) throw encodingContradictionError(message, at, encodingDeclarationOffset(declaration));
    this.report(encodingContradictionIssue(message, label!, at));
    return true;
  }

  private toUtf8(bytes: Uint8Array, final: boolean): Uint8Array {
    if (this.decoder !== null) return this.transcode(bytes, final);
    if (this.declared !== undefined) return this.transcodeFromFirstByteToDecode(bytes, final);
    return bytes;
  }

  /**
   * What parse() refuses from the first bytes: HTML, (strict) an empty document, and a string
   * that is a file name or URL, which recover mode reports and reads no further (returns false).
   */
  private checkStart(head: Uint8Array, final: boolean): boolean {
    const issues: Issue[] = [];
    checkOpening(head, final, this.mode === Mode.Gzip, this.reading, issues);
    for (const issue of issues) this.report(issue);
    // parseStream('sitemap.xml'): parse() checks a whole string input; here the whole input is the head.
    if (final && this.mode === Mode.Text) {
      const notADocument = notADocumentIssue(bytesToString(head, false));
      if (notADocument !== undefined) {
        if (!this.reading.recover) throw notADocumentError(notADocument);
        this.report(notADocument);
        return false;
      }
    }
    return true;
  }

  private transcode(bytes: Uint8Array, final: boolean): Uint8Array {
    let text = this.decoder!.decode(bytes, { stream: !final });
    if (this.utf16Start && text.length > 0) {
      this.utf16Start = false;
      // The issue at the declaration's encoding name, as parse() places it in the decoded text.
      const declaration = stringToBytes(text.slice(0, 512));
      this.checkDeclaration(this.utf16 === 'utf-16le' ? 'UTF-16LE' : 'UTF-16BE', declaration);
      this.report(utf16Issue(this.utf16!, encodingDeclarationPosition(declaration)));
      text = declareUtf8(text); // TextDecoder dropped the byte-order mark: a second one stays, and is reported
    } else if (this.utf16Start && final) {
      // A byte-order mark and nothing after it: still a UTF-16 document, as parse() says.
      this.utf16Start = false;
      this.report(utf16Issue(this.utf16!, encodingDeclarationPosition(new Uint8Array(0))));
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
    const first = firstByteToDecode(bytes, this.declared!.toLowerCase());
    if (first < 0) return bytes;
    this.report(declaredEncodingIssue(this.declared!, true, this.declaredAt));
    this.decoder = this.declaredDecoder;
    this.declared = undefined;
    return concatenateBytes([bytes.subarray(0, first), this.transcode(bytes.subarray(first), final)]);
  }

  private parse(bytes: Uint8Array, final: boolean): void {
    if (this.parser === null) {
      this.parser = new SitemapParser({ recover: this.options.recover === true, maxBytes: this.maxBytes, kind: this.expectedKind });
      markByteOrderMarkRemoved(this.parser); // chooseEncoding took it (or the decoder did): a second one is text before the root
    }
    try {
      this.parser.push(bytes, final);
    } finally {
      // Entries read before an error are handed on before the error is.
      this.handOver();
    }
    if (final) this.parsed = true;
  }

  private handOver(): void {
    const parser = this.parser;
    if (parser === null) return;
    if (parser.issues.length > 0) for (const issue of parser.issues.splice(0)) this.report(issue);
    const entries = parser.takeEntries();
    if (entries.length === 0) return;
    const room = this.maxEntries - this.entries;
    if (entries.length > room) {
      if (room > 0) this.deliver(entries.slice(0, room));
      this.entries += Math.max(0, room);
      throw new SitemapError('INPUT_TOO_MANY_ENTRIES', `The document has more than the maxEntries limit of ${this.maxEntries.toLocaleString('en-US')} entries`);
    }
    this.entries += entries.length;
    this.deliver(entries);
  }

  private report(issue: Issue): void {
    if (this.options.onIssue) this.options.onIssue(issue);
    else if (this.issues.length < KEPT_ISSUES) this.issues.push(issue);
    else this.droppedIssues++;
  }

  private progress(final: boolean): void {
    const onProgress = this.options.onProgress;
    if (!onProgress) return;
    const now = Date.now();
    if (!final && now - this.lastProgress < PROGRESS_INTERVAL_MS) return;
    this.lastProgress = now;
    onProgress({ bytesIn: this.bytesIn, bytesOut: this.bytesOut, entries: this.entries });
  }

  private finishDocument(): void {
    try {
      if (this.pendingSurrogate !== '') {
        // A lone high surrogate at the very end: encoded as parse() would (U+FFFD).
        const bytes = stringToBytes(this.pendingSurrogate);
        this.pendingSurrogate = '';
        this.bytesIn += bytes.length;
        this.xml(bytes, false);
      }
      this.xml(new Uint8Array(0), true);
      this.parser?.result(); // adds the count of errors beyond the cap, if any (no parser: no document)
      this.handOver();
      if (this.declared !== undefined) this.report(declaredEncodingIssue(this.declared, false, this.declaredAt));
      this.ended = true;
      this.progress(true);
    } catch (error) {
      this.abort();
      throw error;
    }
  }

  /** An error from a write: damaged gzip in recover mode is an issue and the end; anything else ends the stream. */
  private fail(error: unknown): void {
    if (this.options.recover && error instanceof SitemapError && error.code === 'GZIP_INVALID' && !this.parsed) {
      this.report(issueOf(error, `${error.message}; what inflated before the damage was read`));
      this.gunzip?.cancel();
      this.finishDocument();
      return;
    }
    this.abort();
    // Damage has no place in the XML: at the start, as parse() reports it.
    throw error instanceof SitemapError && error.code === 'GZIP_INVALID' && error.line === 0 ? locatedError(error, 1, 1, 0) : error;
  }
}

// ---------------------------------------------------------------------------------------------
// The Web Streams transform.

/**
 * A `TransformStream` from the bytes (or text) of a sitemap or sitemap index to its entries, for
 * `pipeThrough`: `<url>` entries as `SitemapUrl`, `<sitemap>` entries as `SitemapIndexEntry`
 * (`kind` says which once the root has been read). gzip is recognised by its first bytes and
 * inflated as it streams. Malformed XML errors the stream with a `SitemapError` (code, line,
 * column); with `{ recover: true }` it is reported (`onIssue`, or `issues`) and reading goes on.
 * Cancelling the readable side cancels what is piped in.
 *
 * @example
 * const response = await fetch('https://example.com/sitemap.xml.gz');
 * const entries = response.body!.pipeThrough(new SitemapParserStream({ kind: 'urlset' }));
 * for await (const url of entries) console.log(url.loc, url.lastmod);
 */
export class SitemapParserStream<Kind extends SitemapKind | undefined = undefined> implements TransformStream<Uint8Array | string, EntryOfKind<Kind>> {
  readonly readable: ReadableStream<EntryOfKind<Kind>>;
  readonly writable: WritableStream<Uint8Array | string>;
  private readonly document: StreamedDocument;

  // Built from a readable and a writable rather than a TransformStream: a transform cannot wait
  // for its reader between slices of one big chunk, and handing 50,000 entries to Node's stream
  // queue at once made dequeuing quadratic (1.7 s for plain-50k.xml as one Blob chunk).
  constructor(options: ParseStreamOptions<Kind> = {}) {
    let readableController!: ReadableStreamDefaultController<EntryOfKind<Kind>>;
    let writableController!: WritableStreamDefaultController;
    let wakeWriter: (() => void) | null = null;
    let stopped = false;
    const wake = (): void => {
      const resume = wakeWriter;
      wakeWriter = null;
      resume?.();
    };
    const document = new StreamedDocument(options, (entries) => {
      for (const entry of entries) readableController.enqueue(entry as EntryOfKind<Kind>);
    }, () => (readableController.desiredSize ?? 1) > 0);
    this.document = document;
    const fail = (error: unknown): never => {
      stopped = true;
      document.abort();
      readableController.error(error);
      throw error;
    };
    this.readable = new ReadableStream<EntryOfKind<Kind>>({
      start: (controller) => {
        readableController = controller;
      },
      pull: () => {
        wake();
        document.resume();
      },
      cancel: (reason) => {
        stopped = true;
        document.abort();
        writableController.error(reason);
        wake();
      },
    }, { highWaterMark: QUEUED_ENTRIES });
    this.writable = new WritableStream<Uint8Array | string>({
      start: (controller) => {
        writableController = controller;
      },
      write: async (chunk) => {
        try {
          for (let offset = 0, length = chunkLength(chunk); offset < length && !stopped;) {
            const [slice, next] = sliceOf(chunk, offset);
            offset = next;
            const writing = document.write(slice);
            if (writing) await writing;
            while (!stopped && (readableController.desiredSize ?? 1) <= 0) {
              await new Promise<void>((resolve) => {
                wakeWriter = resolve;
              });
            }
          }
        } catch (error) {
          fail(error);
        }
      },
      close: async () => {
        try {
          await document.close();
          readableController.close();
        } catch (error) {
          fail(error);
        }
      },
      abort: (reason) => {
        stopped = true;
        document.abort();
        readableController.error(reason);
      },
    });
  }

  /** `urlset` or `sitemapindex` once the root element has been read. */
  get kind(): SitemapKind | undefined {
    return this.document.kind;
  }

  /** Issues found so far, when no `onIssue` takes them (the first 1,000). */
  get issues(): readonly Issue[] {
    return this.document.issues;
  }

  /** Issues found beyond the 1,000 kept in `issues`. */
  get droppedIssues(): number {
    return this.document.droppedIssues;
  }
}

// ---------------------------------------------------------------------------------------------
// parseStream: for await … of.

interface ChunkSource {
  read(): Promise<IteratorResult<unknown>>;
  cancel(reason?: unknown): Promise<void>;
}

function readerSource(stream: ReadableStream<unknown>): ChunkSource {
  const reader = stream.getReader();
  return {
    read: () => reader.read() as Promise<IteratorResult<unknown>>,
    cancel: (reason) => reader.cancel(reason).catch(() => {}),
  };
}

function iteratorSource(iterator: Iterator<unknown> | AsyncIterator<unknown>): ChunkSource {
  return {
    read: async () => iterator.next(),
    cancel: async (reason) => {
      try {
        await iterator.return?.(reason);
      } catch {
        // A source that fails while being stopped has nothing more to say.
      }
    },
  };
}

function chunkSourceOf(source: SitemapStreamSource): ChunkSource {
  if (typeof source === 'string' || source instanceof Uint8Array || source instanceof ArrayBuffer) return iteratorSource([source][Symbol.iterator]());
  if (source !== null && typeof source === 'object') {
    const candidate = source as unknown as Record<string | symbol, unknown>;
    if (typeof candidate.getReader === 'function') return readerSource(source as ReadableStream<unknown>);
    if ('body' in candidate && typeof candidate.arrayBuffer === 'function') {
      const response = source as Response;
      if (response.bodyUsed) throw new SitemapError('INPUT_TYPE', 'The Response body has already been read');
      return response.body === null ? iteratorSource([][Symbol.iterator]()) : readerSource(response.body);
    }
    if (typeof candidate.stream === 'function' && typeof candidate.arrayBuffer === 'function') return readerSource((source as Blob).stream());
    if (typeof candidate[Symbol.asyncIterator] === 'function') return iteratorSource((source as AsyncIterable<unknown>)[Symbol.asyncIterator]());
    if (typeof candidate[Symbol.iterator] === 'function') return iteratorSource((source as Iterable<unknown>)[Symbol.iterator]());
  }
  throw new SitemapError('INPUT_TYPE', `parseStream reads a ReadableStream, a Response, a Blob, an (async) iterable of Uint8Array chunks, bytes or a string; got ${describeValue(source)}${adviceFor(source, true)}`);
}

/**
 * The entries of a document being read from a stream, for `for await … of`. Breaking out of the
 * loop (or calling `return()`) cancels the source. `kind`, `issues` and `droppedIssues` tell
 * what has been found so far.
 *
 * @example
 * const entries = parseStream(response, { recover: true });
 * for await (const entry of entries) index(entry.loc);
 * console.log(entries.kind, entries.issues.length);
 */
export class SitemapEntryStream<Entry extends SitemapEntry = SitemapEntry> implements AsyncIterableIterator<Entry> {
  private readonly document: StreamedDocument;
  private readonly source: ChunkSource;
  /** The batch entries are being handed out from, and the batches after it (one per delivery). */
  private buffer: SitemapEntry[] = [];
  private index = 0;
  private readonly queued: SitemapEntry[][] = [];
  /** Entries delivered and not yet handed out. */
  private pending = 0;
  /** The loop that reads the source into the document, started by the first next(). */
  private pumping: Promise<void> | null = null;
  /** The pump has finished: the end was read, or it failed or was stopped. */
  private ended = false;
  private stopped = false;
  /** Wakes a next() waiting for entries (or the end). */
  private wakeReader: (() => void) | null = null;
  /** Wakes the pump waiting for room in the queue. */
  private wakePump: (() => void) | null = null;
  /** The source chunk being read, slice by slice (null when the next one is needed). */
  private chunk: unknown = null;
  private chunkOffset = 0;
  /** An error held back until the entries read before it have been handed out. */
  private failure: { error: unknown } | null = null;

  /** @internal Made by {@link parseStream}. */
  constructor(source: SitemapStreamSource, options: ParseStreamOptions) {
    // Batches are queued as they come, not appended to one array: entries handed out must not
    // stay referenced by the array still being read.
    this.document = new StreamedDocument(options, (entries) => {
      this.pending += entries.length;
      if (this.index >= this.buffer.length && this.queued.length === 0) {
        this.buffer = entries;
        this.index = 0;
      } else this.queued.push(entries);
      this.wake();
    }, () => this.pending < QUEUED_ENTRIES);
    // After the document, which checks the options: a bad one must not leave a stream locked.
    this.source = chunkSourceOf(source);
  }

  /** `urlset` or `sitemapindex` once the root element has been read. */
  get kind(): SitemapKind | undefined {
    return this.document.kind;
  }

  /** Issues found so far, when no `onIssue` takes them (the first 1,000). */
  get issues(): readonly Issue[] {
    return this.document.issues;
  }

  /** Issues found beyond the 1,000 kept in `issues`. */
  get droppedIssues(): number {
    return this.document.droppedIssues;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<Entry>> {
    // The hot path: an entry already read, without an async function's overhead.
    if (this.index < this.buffer.length) return Promise.resolve({ value: this.take(), done: false });
    return this.wait();
  }

  /** Stops reading: the source is cancelled (what `break` in `for await` calls). */
  async return(value?: unknown): Promise<IteratorResult<Entry>> {
    this.buffer = [];
    this.index = 0;
    this.queued.length = 0;
    this.pending = 0;
    this.chunk = null;
    if (!this.stopped && !this.ended) {
      this.stopped = true;
      this.document.abort();
      this.wakePump?.();
      await this.source.cancel();
    }
    this.stopped = true;
    return { value: value as Entry, done: true };
  }

  private take(): Entry {
    const entry = this.buffer[this.index++] as Entry;
    if (--this.pending === QUEUED_ENTRIES >> 1) {
      // Half the queue handed out: reading goes on (and inflating held back at a full queue).
      const wake = this.wakePump;
      this.wakePump = null;
      wake?.();
      this.document.resume();
    }
    return entry;
  }

  private wake(): void {
    const wake = this.wakeReader;
    this.wakeReader = null;
    wake?.();
  }

  private async wait(): Promise<IteratorResult<Entry>> {
    for (;;) {
      if (this.index < this.buffer.length) return { value: this.take(), done: false };
      if (this.queued.length > 0) {
        this.buffer = this.queued.shift()!;
        this.index = 0;
        continue;
      }
      if (this.failure !== null) {
        const { error } = this.failure;
        this.failure = null;
        throw error;
      }
      if (this.ended || this.stopped) return { value: undefined, done: true };
      this.document.resume();
      const wakePump = this.wakePump;
      this.wakePump = null;
      wakePump?.();
      this.pumping ??= this.pump();
      await new Promise<void>((resolve) => {
        this.wakeReader = resolve;
      });
    }
  }

  /**
   * Reads the source into the document while the queue has room, ahead of the reader: so that a
   * DecompressionStream has input to inflate (on its own thread) while entries are handed out.
   */
  private async pump(): Promise<void> {
    try {
      for (;;) {
        while (this.pending >= QUEUED_ENTRIES && !this.stopped) {
          await new Promise<void>((resolve) => {
            this.wakePump = resolve;
          });
        }
        if (this.stopped) return;
        if (this.chunk === null) {
          const { done, value } = await this.source.read();
          if (this.stopped) return;
          if (done || !this.document.wantsMore) {
            if (!done) await this.source.cancel();
            const closing = this.document.close();
            if (closing) await closing;
            return;
          }
          this.chunk = value;
          this.chunkOffset = 0;
        }
        if (!this.document.wantsMore) {
          this.chunk = null; // the rest would be ignored
          continue;
        }
        const [slice, next] = sliceOf(this.chunk, this.chunkOffset);
        this.chunkOffset = next;
        if (next >= chunkLength(this.chunk)) this.chunk = null;
        const writing = this.document.write(slice);
        if (writing) await writing;
      }
    } catch (error) {
      if (!this.stopped) {
        this.failure = { error };
        this.document.abort();
        await this.source.cancel(error);
      }
    } finally {
      this.ended = true;
      this.chunk = null;
      this.wake();
    }
  }
}

/**
 * Reads a sitemap or sitemap index as it arrives and yields its entries with `for await`: from a
 * `ReadableStream`, a fetch `Response`, a `Blob`, any async iterable of `Uint8Array` chunks
 * (Node streams are), or bytes/a string. gzip is sniffed from the first bytes and inflated as it
 * streams. Memory stays flat whatever the size: entries are handed on chunk by chunk and
 * nothing keeps the document. Malformed XML throws a `SitemapError` with line and column from
 * the loop (after the entries before it); `{ recover: true }` reports and goes on. `maxBytes`
 * (default 100 MiB, as for `parse`; `Infinity` for none) and `maxEntries` are checked as it
 * streams. Breaking out of the loop cancels the source.
 *
 * @example
 * for await (const url of parseStream(await fetch('https://example.com/sitemap.xml.gz'), { kind: 'urlset' })) {
 *   console.log(url.loc, url.lastmod);
 * }
 *
 * @example
 * // Node: a file of any size, with a progress bar.
 * import { createReadStream } from 'node:fs';
 * const urls = parseStream(createReadStream('huge.xml.gz'), { maxBytes: Infinity, onProgress: ({ bytesIn }) => bar.update(bytesIn) });
 * for await (const entry of urls) await db.insert(entry);
 */
export function parseStream<Kind extends SitemapKind | undefined = undefined>(source: SitemapStreamSource, options: ParseStreamOptions<Kind> = {}): SitemapEntryStream<EntryOfKind<Kind>> {
  return new SitemapEntryStream<EntryOfKind<Kind>>(source, options);
}
