// The entries of one input for `ls` and `diff`, streamed whatever its format: XML sitemaps and
// indexes through parseStream (flat memory), text sitemaps line batch by line batch through
// parseTextSitemap, feeds whole through parseFeed, a robots.txt's Sitemap lines (SPEC.md §4). What is
// read whole is read up to --max-bytes or, without it, up to what parse reads by default (100 MiB),
// so that `ls` of an endless feed or a gzip bomb stops with INPUT_TOO_LARGE instead of taking memory.

import { createGunzip } from 'node:zlib';
import { Readable } from 'node:stream';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { LIMITS, parseFeed, parseStream, parseTextSitemap, readRobotsTxtSitemaps, SitemapError, type Issue, type IssueCode, type SitemapEntry } from '../node';
import { gatherChunks, peekHead, sniffInput, type InputFormat, type OpenedInput } from './inputs';

/**
 * How to read entries: the parse options, where issues go, and a byte counter for progress.
 *
 * @example
 * const options: EntryReadOptions = { recover: false, maxBytes: Infinity, onIssue: print, onBytes: (n) => progress.update(n) };
 */
export interface EntryReadOptions {
  recover: boolean;
  maxBytes: number;
  onIssue: (issue: Issue<IssueCode>) => void;
  /** Bytes of the input read so far (as stored: compressed for gzip). */
  onBytes?: (bytes: number) => void;
}

/** Text is parsed in batches of whole lines of about this many bytes. */
const TEXT_BATCH_BYTES = 1 << 20;
/** Issues about a whole file that a batch of lines cannot judge (the CLI's `validate` judges files). */
const WHOLE_FILE_CODES = new Set(['SITEMAP_TOO_MANY_URLS', 'SITEMAP_TOO_LARGE', 'SITEMAP_EMPTY']);

/** The most bytes of a file read whole (a feed, a robots.txt): --max-bytes, or without it (Infinity: streaming XML needs no cap) parse's default, since the whole file is held. */
const wholeFileCap = (maxBytes: number) => (Number.isFinite(maxBytes) ? maxBytes : LIMITS.defaultMaxInputBytes);

/** The chunks of a file read whole, joined: at most wholeFileCap as stored (compressed for gzip), else INPUT_TOO_LARGE. */
function readWholeFile(chunks: AsyncIterable<Uint8Array>, maxBytes: number): Promise<Uint8Array> {
  const cap = wholeFileCap(maxBytes);
  const advice = Number.isFinite(maxBytes) ? '' : ' (this format is read whole: give --max-bytes to read more)';
  return gatherChunks(chunks, cap, () => new SitemapError('INPUT_TOO_LARGE', `The input is over the maxBytes limit of ${cap.toLocaleString('en-US')} bytes${advice}`, { offset: cap }));
}

async function* counted(chunks: AsyncIterable<Uint8Array>, onBytes: ((bytes: number) => void) | undefined): AsyncGenerator<Uint8Array> {
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    onBytes?.(total);
    yield chunk;
  }
}

async function* inflated(chunks: AsyncIterable<Uint8Array>, gzip: boolean): AsyncGenerator<Uint8Array> {
  if (!gzip) {
    yield* chunks;
    return;
  }
  const gunzip = createGunzip();
  const source = Readable.from(chunks);
  source.on('error', (error) => gunzip.destroy(error));
  source.pipe(gunzip);
  yield* gunzip as AsyncIterable<Uint8Array>;
}

/** A text sitemap, batch by batch of whole lines, with the issues' lines counted from the file's start. */
async function* textEntries(chunks: AsyncIterable<Uint8Array>, options: EntryReadOptions): AsyncGenerator<SitemapEntry> {
  const decoder = new TextDecoder('utf-8', { ignoreBOM: false });
  let carry = '';
  let lineOffset = 0;
  const flushBatch = (text: string) => {
    const result = parseTextSitemap(text, { recover: true, maxBytes: Infinity });
    for (const issue of result.issues) {
      if (WHOLE_FILE_CODES.has(issue.code)) continue;
      options.onIssue({ ...issue, line: issue.line + lineOffset });
    }
    let lines = 0;
    for (let index = text.indexOf('\n'); index >= 0; index = text.indexOf('\n', index + 1)) lines++;
    lineOffset += lines;
    return result.urls;
  };
  for await (const chunk of chunks) {
    carry += decoder.decode(chunk, { stream: true });
    if (carry.length < TEXT_BATCH_BYTES) continue;
    const end = carry.lastIndexOf('\n');
    if (end < 0) continue;
    const batch = carry.slice(0, end + 1);
    carry = carry.slice(end + 1);
    yield* flushBatch(batch);
  }
  carry += decoder.decode();
  if (carry.length > 0) yield* flushBatch(carry);
}

/**
 * The entries of an input, in order, with the format it turned out to be. Malformed XML throws
 * parseStream's `SitemapError` (with line and column) after the entries before it, unless
 * `recover`, where every issue goes to `onIssue`.
 *
 * @example
 * const { format, entries } = await readEntries(await openInput(input, session), options);
 * for await (const entry of entries) console.log(entry.loc);
 */
export async function readEntries(input: OpenedInput, options: EntryReadOptions): Promise<{ format: InputFormat; gzip: boolean; entries: AsyncIterable<SitemapEntry> }> {
  const { head, chunks } = await peekHead(counted(input.chunks, options.onBytes));
  const { gzip, format } = sniffInput(head);
  if (format === 'text' || format === 'csv') {
    return { format: 'text', gzip, entries: textEntries(inflated(chunks, gzip), options) };
  }
  if (format === 'feed') {
    async function* feedEntries(): AsyncGenerator<SitemapEntry> {
      const bytes = await readWholeFile(chunks, options.maxBytes);
      // Its inflated size under the same cap: a gzip bomb stops at it.
      const result = parseFeed(bytes, { recover: options.recover, maxBytes: wholeFileCap(options.maxBytes) });
      for (const issue of result.issues) options.onIssue(issue);
      yield* result.urls;
    }
    return { format, gzip, entries: feedEntries() };
  }
  if (format === 'robots') {
    // A robots.txt lists sitemaps: its Sitemap lines are its entries (relative ones resolved
    // against its URL; a file has none, so they are reported and left out).
    async function* robotsEntries(): AsyncGenerator<SitemapEntry> {
      const bytes = await readWholeFile(chunks, options.maxBytes);
      const base = input.finalUrl ?? pathToFileURL(resolve(input.name)).href;
      const result = readRobotsTxtSitemaps(new TextDecoder().decode(bytes), base);
      for (const issue of result.issues) options.onIssue(issue);
      for (const loc of result.sitemaps) yield { loc };
    }
    return { format, gzip, entries: robotsEntries() };
  }
  const stream = parseStream(chunks, { recover: options.recover, maxBytes: options.maxBytes, onIssue: options.onIssue });
  return { format, gzip, entries: stream };
}
