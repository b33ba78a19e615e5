// Reading sitemaps and sitemap indexes from streams of any size (sitemaps.org 0.9, SPEC.md §1, §2,
// §5): `parseStream` (for await … of) and `SitemapParserStream` (a Web Streams transform). Both
// push the source's chunks, a slice at a time, into one StreamedDocument (streamed-document.ts),
// which hands entries on after every slice, so memory stays flat whatever the size.

import { SitemapError } from '../model/errors';
import { adviceFor, describeValue } from '../input/input';
import type { Issue, SitemapKind } from '../model/types';
import { StreamedDocument } from './streamed-document';
import type { EntryOfKind, ParseStreamOptions, SitemapEntry, SitemapStreamSource } from './stream-types';

export type { EntryOfKind, ParseStreamOptions, SitemapEntry, SitemapStreamSource, StreamProgress } from './stream-types';

/** The last push of a document: no bytes, final. */
const NO_BYTES = new Uint8Array(0);

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
  readonly #document: StreamedDocument;

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
    this.#document = document;
    const fail = (error: unknown): never => {
      stopped = true;
      document.cancel();
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
        document.cancel();
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
            const writing = document.push(slice, false);
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
          await document.push(NO_BYTES, true);
          readableController.close();
        } catch (error) {
          fail(error);
        }
      },
      abort: (reason) => {
        stopped = true;
        document.cancel();
        readableController.error(reason);
      },
    });
  }

  /** `urlset` or `sitemapindex` once the root element has been read. */
  get kind(): SitemapKind | undefined {
    return this.#document.kind;
  }

  /** Issues found so far, when no `onIssue` takes them (the first 1,000). */
  get issues(): readonly Issue[] {
    return this.#document.issues;
  }

  /** Issues found beyond the 1,000 kept in `issues`. */
  get droppedIssues(): number {
    return this.#document.droppedIssues;
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
  readonly #document: StreamedDocument;
  readonly #source: ChunkSource;
  /**
   * The batch entries are being handed out from, and the batches after it (one per delivery).
   * TypeScript-private, not `#`: test/parse-stream.test.ts reads how many entries it holds.
   */
  private buffer: SitemapEntry[] = [];
  #index = 0;
  readonly #queued: SitemapEntry[][] = [];
  /** Entries delivered and not yet handed out. */
  #pending = 0;
  /** The loop that reads the source into the document, started by the first next(). */
  #pumping: Promise<void> | null = null;
  /** The pump has finished: the end was read, or it failed or was stopped. */
  #ended = false;
  #stopped = false;
  /** Wakes a next() waiting for entries (or the end). */
  #wakeReader: (() => void) | null = null;
  /** Wakes the pump waiting for room in the queue. */
  #wakePump: (() => void) | null = null;
  /** The source chunk being read, slice by slice (null when the next one is needed). */
  #chunk: unknown = null;
  #chunkOffset = 0;
  /** An error held back until the entries read before it have been handed out. */
  #failure: { error: unknown } | null = null;

  /** @internal Made by {@link parseStream}. */
  constructor(source: SitemapStreamSource, options: ParseStreamOptions) {
    // Batches are queued as they come, not appended to one array: entries handed out must not
    // stay referenced by the array still being read.
    this.#document = new StreamedDocument(options, (entries) => {
      this.#pending += entries.length;
      if (this.#index >= this.buffer.length && this.#queued.length === 0) {
        this.buffer = entries;
        this.#index = 0;
      } else this.#queued.push(entries);
      this.wake();
    }, () => this.#pending < QUEUED_ENTRIES);
    // After the document, which checks the options: a bad one must not leave a stream locked.
    this.#source = chunkSourceOf(source);
  }

  /** `urlset` or `sitemapindex` once the root element has been read. */
  get kind(): SitemapKind | undefined {
    return this.#document.kind;
  }

  /** Issues found so far, when no `onIssue` takes them (the first 1,000). */
  get issues(): readonly Issue[] {
    return this.#document.issues;
  }

  /** Issues found beyond the 1,000 kept in `issues`. */
  get droppedIssues(): number {
    return this.#document.droppedIssues;
  }

  [Symbol.asyncIterator](): this {
    return this;
  }

  next(): Promise<IteratorResult<Entry>> {
    // The hot path: an entry already read, without an async function's overhead.
    if (this.#index < this.buffer.length) return Promise.resolve({ value: this.take(), done: false });
    return this.wait();
  }

  /** Stops reading: the source is cancelled (what `break` in `for await` calls). */
  async return(value?: unknown): Promise<IteratorResult<Entry>> {
    this.buffer = [];
    this.#index = 0;
    this.#queued.length = 0;
    this.#pending = 0;
    this.#chunk = null;
    if (!this.#stopped && !this.#ended) {
      this.#stopped = true;
      this.#document.cancel();
      this.#wakePump?.();
      await this.#source.cancel();
    }
    this.#stopped = true;
    return { value: value as Entry, done: true };
  }

  private take(): Entry {
    const entry = this.buffer[this.#index++] as Entry;
    if (--this.#pending === QUEUED_ENTRIES >> 1) {
      // Half the queue handed out: reading goes on (and inflating held back at a full queue).
      const wake = this.#wakePump;
      this.#wakePump = null;
      wake?.();
      this.#document.resume();
    }
    return entry;
  }

  private wake(): void {
    const wake = this.#wakeReader;
    this.#wakeReader = null;
    wake?.();
  }

  private async wait(): Promise<IteratorResult<Entry>> {
    for (;;) {
      if (this.#index < this.buffer.length) return { value: this.take(), done: false };
      if (this.#queued.length > 0) {
        this.buffer = this.#queued.shift()!;
        this.#index = 0;
        continue;
      }
      if (this.#failure !== null) {
        const { error } = this.#failure;
        this.#failure = null;
        throw error;
      }
      if (this.#ended || this.#stopped) return { value: undefined, done: true };
      this.#document.resume();
      const wakePump = this.#wakePump;
      this.#wakePump = null;
      wakePump?.();
      this.#pumping ??= this.pump();
      await new Promise<void>((resolve) => {
        this.#wakeReader = resolve;
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
        while (this.#pending >= QUEUED_ENTRIES && !this.#stopped) {
          await new Promise<void>((resolve) => {
            this.#wakePump = resolve;
          });
        }
        if (this.#stopped) return;
        if (this.#chunk === null) {
          const { done, value } = await this.#source.read();
          if (this.#stopped) return;
          if (done || !this.#document.wantsMore) {
            if (!done) await this.#source.cancel();
            const closing = this.#document.push(NO_BYTES, true);
            if (closing) await closing;
            return;
          }
          this.#chunk = value;
          this.#chunkOffset = 0;
        }
        if (!this.#document.wantsMore) {
          this.#chunk = null; // the rest would be ignored
          continue;
        }
        const [slice, next] = sliceOf(this.#chunk, this.#chunkOffset);
        this.#chunkOffset = next;
        if (next >= chunkLength(this.#chunk)) this.#chunk = null;
        const writing = this.#document.push(slice, false);
        if (writing) await writing;
      }
    } catch (error) {
      if (!this.#stopped) {
        this.#failure = { error };
        this.#document.cancel();
        await this.#source.cancel(error);
      }
    } finally {
      this.#ended = true;
      this.#chunk = null;
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
