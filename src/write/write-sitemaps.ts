// Splitting any number of urls into sitemap files plus a sitemap index (sitemaps.org: at most
// 50,000 URLs and 52,428,800 uncompressed bytes per file, SPEC.md §1–2). The byte limit is
// counted exactly — XML declaration, namespace declarations, every entry and the closing tag —
// by the same SitemapWriter that serializeSitemap uses, so a file holds as many entries as fit.

import { readDatetime, DatetimeFields, DatetimeProblem } from '../values/datetime';
import { SitemapError } from '../model/errors';
import { createGzipStream } from '../input/gzip';
import { LIMITS } from '../model/limits';
import { SitemapWriter, type SitemapUrlInput } from './serialize';

/**
 * Options of {@link writeSitemaps}.
 *
 * @example
 * const options: WriteSitemapsOptions = {
 *   baseUrl: 'https://example.com/',
 *   destination: (fileName) => storage.createWritable(fileName),
 *   gzip: true,
 * };
 */
export interface WriteSitemapsOptions {
  /** Where the files will be served from (a directory URL; a missing final `/` is added): each file's `loc` is this plus its name. */
  baseUrl: string | URL;
  /** Opens the stream one file is written to; called once per file, the index last. */
  destination: (fileName: string) => WritableStream<Uint8Array> | Promise<WritableStream<Uint8Array>>;
  /** gzip every file (the limits still count uncompressed bytes). Default false. */
  gzip?: boolean;
  /**
   * Names of the sitemap files: a pattern in which `{index}` is the 1-based file number, or a
   * function of that number. Default `sitemap-{index}.xml`, or `sitemap-{index}.xml.gz` with gzip.
   */
  fileName?: string | ((index: number) => string);
  /** Name of the index file. Default `sitemap-index.xml`, or `sitemap-index.xml.gz` with gzip. */
  indexFileName?: string;
  /** At most this many URLs per file: 1 to 50,000 (the default, the protocol's limit). */
  maxUrls?: number;
  /** At most this many uncompressed bytes per file: up to 52,428,800 (the default, the protocol's limit). */
  maxBytes?: number;
  /** `<?xml-stylesheet?>` for the sitemap files (as in `serializeSitemap`). */
  stylesheet?: string;
  /** `<?xml-stylesheet?>` for the index. */
  indexStylesheet?: string;
  /** Indent with two spaces and one element per line. Default false. */
  pretty?: boolean;
  /** "Now", the lastmod of a file none of whose entries has one. Default: the current time. */
  now?: Date;
}

/**
 * One sitemap file that was written.
 *
 * @example
 * const { fileName, loc, urls, bytes, lastmod }: WrittenSitemap = result.sitemaps[0];
 */
export interface WrittenSitemap {
  fileName: string;
  /** Its absolute URL (`baseUrl` + `fileName`), as listed in the index. */
  loc: string;
  /** Number of `<url>` entries. */
  urls: number;
  /** Exact uncompressed size: what the 52,428,800-byte limit counts. */
  bytes: number;
  /** The newest lastmod among its entries (as written), else the time of writing; the index says the same. */
  lastmod: string;
}

/**
 * What {@link writeSitemaps} wrote.
 *
 * @example
 * const { sitemaps, index } = await writeSitemaps(urls, options);
 * console.log(`${sitemaps.length} files; submit ${index.loc}`);
 */
export interface WriteSitemapsResult {
  sitemaps: WrittenSitemap[];
  index: { fileName: string; loc: string; bytes: number };
}

/** Entries taken from the source at a time: one batch for the core when they all fit. */
const GROUP_ENTRIES = 512;
/** Bytes collected before they go to the destination. */
const WRITE_BYTES = 256 * 1024;

function invalidOption(message: string): SitemapError {
  return new SitemapError('INPUT_INVALID_OPTION', message);
}

function limit(value: number | undefined, name: string, maximum: number): number {
  if (value === undefined) return maximum;
  if (!Number.isInteger(value) || value < 1 || value > maximum) {
    throw invalidOption(`${name} must be an integer from 1 to ${maximum.toLocaleString('en-US')} (the protocol's limit), got ${String(value)}`);
  }
  return value;
}

function directoryUrl(baseUrl: unknown): URL {
  if (baseUrl === undefined || baseUrl === null || baseUrl === '') throw invalidOption('baseUrl is required: the URL of the directory the files will be served from');
  let url: URL;
  try {
    url = new URL(String(baseUrl));
  } catch {
    throw invalidOption(`baseUrl must be an absolute URL (where the files will be served), got ${JSON.stringify(String(baseUrl))}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw invalidOption(`baseUrl must be an http or https URL, got ${url.href}`);
  if (!url.pathname.endsWith('/')) url.pathname += '/';
  url.search = '';
  url.hash = '';
  return url;
}

function nameOf(pattern: string | ((index: number) => string), index: number): string {
  const name = typeof pattern === 'function' ? pattern(index) : pattern.replaceAll('{index}', String(index));
  if (typeof name !== 'string' || name.length === 0) throw invalidOption(`fileName gave ${JSON.stringify(name)} for file ${index}: a file name must be a non-empty string`);
  return name;
}

const DAY_MS = 86_400_000;

/**
 * The newest lastmod of a file: kept as written, compared as instants. Reading every value as a
 * date cost a quarter of writeSitemaps (7 of 28 ms on 50,000 urls, 2026-11-22), so a value is
 * only read when it could be newer: W3C dates start `YYYY-MM-DD`, which sorts as text, and no
 * time zone moves an instant by a day, so a value that sorts below the date two days before the
 * newest cannot be newer.
 */
class NewestLastmod {
  text: string | undefined;
  #time = -Infinity;
  /** `YYYY-MM-DD` two days before the newest instant ('' when there is none yet). */
  #below = '';
  readonly #fields = new DatetimeFields();

  add(value: unknown): void {
    if (typeof value === 'string') {
      if (value < this.#below || value === this.text) return;
      // W3C Datetime (what sitemaps use), else xsd:dateTime (a time without a zone); other
      // strings are not dates and cannot be compared, so they never become a file's lastmod.
      if (readDatetime(value, 'w3c', this.#fields) !== DatetimeProblem.None && readDatetime(value, 'xsd', this.#fields) !== DatetimeProblem.None) return;
      this.consider(this.#fields.earliestTime(), value);
    } else if (value instanceof Date) {
      const time = value.getTime();
      if (time > this.#time) this.consider(time, value.toISOString());
    }
  }

  private consider(time: number, text: string): void {
    if (!(time > this.#time)) return;
    this.#time = time;
    this.text = text;
    const floor = new Date(time - 2 * DAY_MS);
    const year = floor.getUTCFullYear();
    this.#below = year >= 1000 && year <= 9999 ? floor.toISOString().slice(0, 10) : '';
  }
}

/** Hands bytes to a destination stream, gzipping them on the way when asked. */
class FileOutput {
  readonly #writer: WritableStreamDefaultWriter<Uint8Array>;
  readonly #piping: Promise<void> | null;
  #pending: Uint8Array[] = [];
  #pendingBytes = 0;

  constructor(destination: WritableStream<Uint8Array>, gzip: boolean) {
    if (!gzip) {
      this.#writer = destination.getWriter();
      this.#piping = null;
      return;
    }
    const compressor = createGzipStream();
    this.#piping = compressor.readable.pipeTo(destination);
    this.#piping.catch(() => {}); // reported by close() or abort()
    this.#writer = compressor.writable.getWriter();
  }

  /** Queues bytes; they are written once enough have gathered. */
  async add(bytes: Uint8Array, flush = false): Promise<void> {
    if (bytes.length > 0) {
      this.#pending.push(bytes);
      this.#pendingBytes += bytes.length;
    }
    if (this.#pendingBytes < WRITE_BYTES && !flush) return;
    const parts = this.#pending;
    this.#pending = [];
    this.#pendingBytes = 0;
    for (const part of parts) await this.#writer.write(part);
  }

  async close(): Promise<void> {
    await this.add(new Uint8Array(0), true);
    await this.#writer.close();
    if (this.#piping) await this.#piping;
  }

  async abort(reason: unknown): Promise<void> {
    this.#pending = [];
    await this.#writer.abort(reason).catch(() => {});
    if (this.#piping) await this.#piping.catch(() => {});
  }
}

async function openDestination(options: WriteSitemapsOptions, fileName: string): Promise<FileOutput> {
  const stream = await options.destination(fileName);
  if (stream === null || typeof stream !== 'object' || typeof (stream as WritableStream).getWriter !== 'function') {
    throw invalidOption(`destination("${fileName}") must return a WritableStream, got ${stream === null ? 'null' : typeof stream}`);
  }
  return new FileOutput(stream, options.gzip === true);
}

/** The sitemap file being filled. */
interface OpenSitemap {
  fileName: string;
  writer: SitemapWriter;
  output: FileOutput;
  newest: NewestLastmod;
}

/** Pulls entries from a sync or async iterable in groups, without an await per entry for a sync one. */
function groupReader(entries: Iterable<SitemapUrlInput> | AsyncIterable<SitemapUrlInput>): { next(group: SitemapUrlInput[]): Promise<boolean> | boolean; stop(): Promise<void> } {
  const source = entries as Partial<Iterable<SitemapUrlInput> & AsyncIterable<SitemapUrlInput>> | null;
  if (source !== null && typeof source === 'object' && typeof source[Symbol.iterator] === 'function') {
    const iterator = source[Symbol.iterator]!();
    let done = false;
    return {
      next(group) {
        while (!done && group.length < GROUP_ENTRIES) {
          const step = iterator.next();
          if (step.done) done = true;
          else group.push(step.value);
        }
        return !done;
      },
      async stop() {
        if (!done) iterator.return?.();
      },
    };
  }
  if (source !== null && typeof source === 'object' && typeof source[Symbol.asyncIterator] === 'function') {
    const iterator = source[Symbol.asyncIterator]!();
    let done = false;
    return {
      async next(group) {
        while (!done && group.length < GROUP_ENTRIES) {
          const step = await iterator.next();
          if (step.done) done = true;
          else group.push(step.value);
        }
        return !done;
      },
      async stop() {
        if (!done) await iterator.return?.();
      },
    };
  }
  throw new SitemapError('INPUT_TYPE', `writeSitemaps takes an iterable or async iterable of url entries, got ${entries === null ? 'null' : typeof entries}`);
}

/**
 * Writes any number of url entries (an array, any iterable or async iterable: a database
 * cursor, a Node stream in object mode, `parseStream` output) as sitemap files plus a sitemap
 * index, in order, with flat memory. A new file starts whenever the next entry would take a file
 * past `maxUrls` (50,000) or past `maxBytes` (52,428,800 uncompressed bytes), counted exactly,
 * XML declaration, namespace declarations and closing tag included; so every file is within both
 * limits and holds as many entries as fit. Files go to `destination(fileName)` as they are
 * written — a `WritableStream`, so this runs in browsers (collect Blobs, build a zip) as in Node
 * (`writeSitemapsToDirectory` in `sitemapkit/node`). The index, written last, lists every file
 * at `baseUrl` + its name with the newest `lastmod` among the file's entries (else now).
 *
 * No entries make no sitemap files and an index without entries. A value that cannot be written
 * throws `SERIALIZE_INVALID_VALUE` (path numbered within its file); an entry too large for an
 * empty file throws `SITEMAP_TOO_LARGE`; more than 50,000 files throw
 * `INDEX_TOO_MANY_SITEMAPS`. On an error the file being written is aborted; files already
 * finished stay where they were written.
 *
 * @example
 * // Browser: collect the files as Blobs.
 * const files = new Map<string, Blob>();
 * const { index } = await writeSitemaps(products.map((p) => ({ loc: p.url, lastmod: p.updatedAt })), {
 *   baseUrl: 'https://example.com/',
 *   gzip: true,
 *   destination: (name) => {
 *     const parts: Uint8Array[] = [];
 *     return new WritableStream({ write: (chunk) => void parts.push(chunk), close: () => void files.set(name, new Blob(parts)) });
 *   },
 * });
 * console.log('submit', index.loc);
 */
export async function writeSitemaps(entries: Iterable<SitemapUrlInput> | AsyncIterable<SitemapUrlInput>, options: WriteSitemapsOptions): Promise<WriteSitemapsResult> {
  if (options === null || typeof options !== 'object') throw invalidOption('writeSitemaps needs options with baseUrl and destination');
  const base = directoryUrl(options.baseUrl);
  if (typeof options.destination !== 'function') throw invalidOption('destination must be a function from a file name to a WritableStream');
  const maxUrls = limit(options.maxUrls, 'maxUrls', LIMITS.maxUrlsPerSitemap);
  const maxBytes = limit(options.maxBytes, 'maxBytes', LIMITS.maxSitemapBytes);
  const extension = options.gzip ? '.xml.gz' : '.xml';
  const pattern = options.fileName ?? `sitemap-{index}${extension}`;
  if (typeof pattern === 'string' && !pattern.includes('{index}')) throw invalidOption(`fileName must contain {index} (or be a function), got ${JSON.stringify(pattern)}`);
  if (typeof pattern !== 'string' && typeof pattern !== 'function') throw invalidOption('fileName must be a pattern string with {index} or a function');
  const indexFileName = options.indexFileName ?? `sitemap-index${extension}`;
  if (typeof indexFileName !== 'string' || indexFileName.length === 0) throw invalidOption('indexFileName must be a non-empty string');
  const now = options.now ?? new Date();
  if (!(now instanceof Date) || Number.isNaN(now.getTime())) throw invalidOption('now must be a valid Date');
  const writerOptions = { kind: 'urlset' as const, stylesheet: options.stylesheet, pretty: options.pretty };
  // Checks stylesheet and pretty before any file is opened.
  new SitemapWriter(writerOptions).end();

  const reader = groupReader(entries);
  const written: WrittenSitemap[] = [];
  const names = new Set<string>([indexFileName]);
  let file: OpenSitemap | null = null;
  /** Entries written to finished and open files. */
  let total = 0;

  const open = async (): Promise<OpenSitemap> => {
    const number = written.length + 1;
    if (number > LIMITS.maxSitemapsPerIndex) {
      throw new SitemapError('INDEX_TOO_MANY_SITEMAPS', `More than ${LIMITS.maxSitemapsPerIndex.toLocaleString('en-US')} sitemap files would be needed, more than one index may list`);
    }
    const fileName = nameOf(pattern, number);
    if (names.has(fileName)) throw invalidOption(`fileName gave "${fileName}" twice (or the index's name)`);
    names.add(fileName);
    const writer = new SitemapWriter(writerOptions);
    const output = await openDestination(options, fileName);
    return { fileName, writer, output, newest: new NewestLastmod() };
  };

  const close = async (current: OpenSitemap): Promise<void> => {
    const { writer, output, fileName, newest } = current;
    await output.add(writer.end());
    await output.close();
    written.push({ fileName, loc: new URL(fileName, base).href, urls: writer.entries, bytes: writer.bytes, lastmod: newest.text ?? now.toISOString() });
  };

  try {
    const group: SitemapUrlInput[] = [];
    for (let more = true; more;) {
      const pending = reader.next(group);
      more = typeof pending === 'boolean' ? pending : await pending;
      let offset = 0;
      while (offset < group.length) {
        file ??= await open();
        const { writer } = file;
        const room = maxUrls - writer.entries;
        const end = Math.min(group.length, offset + room);
        const candidates = offset === 0 && end === group.length ? group : group.slice(offset, end);
        const taken = candidates.length === 0 ? 0 : writer.writeWithin(candidates, maxBytes);
        for (let i = 0; i < taken; i++) file.newest.add(candidates[i]!.lastmod);
        offset += taken;
        total += taken;
        await file.output.add(writer.take());
        if (offset < group.length) {
          if (writer.entries === 0) {
            throw new SitemapError('SITEMAP_TOO_LARGE', `Entry ${total + 1} of the input is too large for a sitemap file of at most ${maxBytes.toLocaleString('en-US')} bytes, even on its own`);
          }
          await close(file);
          file = null;
        }
      }
      group.length = 0;
    }
    if (file !== null) {
      await close(file);
      file = null;
    }
  } catch (error) {
    await file?.output.abort(error);
    await reader.stop();
    throw error;
  }

  const indexWriter = new SitemapWriter({ kind: 'sitemapindex', stylesheet: options.indexStylesheet, pretty: options.pretty });
  indexWriter.write(written.map(({ loc, lastmod }) => ({ loc, lastmod })));
  const indexBytes = indexWriter.end();
  if (indexBytes.length > LIMITS.maxSitemapBytes) {
    throw new SitemapError('SITEMAP_TOO_LARGE', `The sitemap index would be ${indexBytes.length.toLocaleString('en-US')} bytes, over the limit of ${LIMITS.maxSitemapBytes.toLocaleString('en-US')} (shorten baseUrl or the file names)`);
  }
  const indexOutput = await openDestination(options, indexFileName);
  try {
    await indexOutput.add(indexBytes);
    await indexOutput.close();
  } catch (error) {
    await indexOutput.abort(error);
    throw error;
  }
  return { sitemaps: written, index: { fileName: indexFileName, loc: new URL(indexFileName, base).href, bytes: indexBytes.length } };
}
