// The incremental writer of one sitemap or sitemap index (sitemaps.org, sitemap.xsd /
// siteindex.xsd): the one path every document goes through — serializeSitemap,
// serializeSitemapIndex, the serializer stream and writeSitemaps all use it.

import { SitemapError } from '../model/errors';
import { SITEMAP_INDEX_RULE, URLSET_RULE } from '../model/rules';
import type { OutputBytes, SerializeOptions, SitemapKind } from '../model/types';
import { encoder, endRun, namespaceDeclarations, pendingDeclarationBytes, startRun, TEMPLATES, writeHead, type Run } from './batch-pipeline';
import { show } from './extension-writer';
import { checkOptions, iterableOf } from './field-values';
import { writeIndexEntries, writeUrls, type SitemapIndexEntryInput, type SitemapUrlInput } from './write-entries';

/**
 * What a {@link SitemapWriter} of a kind accepts: url entries, or index entries.
 *
 * @example
 * const entry: SitemapEntryInput<'sitemapindex'> = { loc: 'https://example.com/sitemap-1.xml.gz', lastmod: new Date() };
 */
export type SitemapEntryInput<Kind extends SitemapKind = SitemapKind> = Kind extends 'sitemapindex' ? SitemapIndexEntryInput : SitemapUrlInput;

/**
 * Options of {@link SitemapWriter}: the document kind and the options of `serializeSitemap`
 * (without `gzip`: the writer hands out plain bytes; compress them as they leave).
 *
 * @example
 * const options: SitemapWriterOptions<'sitemapindex'> = { kind: 'sitemapindex', stylesheet: '/index.xsl' };
 */
export interface SitemapWriterOptions<Kind extends SitemapKind = SitemapKind> extends Omit<SerializeOptions, 'gzip'> {
  /** `urlset` (a sitemap, the default) or `sitemapindex`. */
  kind?: Kind;
  /**
   * Where `push()` hands the bytes it wrote (the sink of the one incremental contract that every
   * chunk consumer in sitemapkit speaks, as fflate's do). Needed for `push()` only.
   */
  onData?: (bytes: OutputBytes) => void;
}

const CLOSING_TAGS = { urlset: encoder.encode('</urlset>\n'), sitemapindex: encoder.encode('</sitemapindex>\n') } as const;

/**
 * Writes one sitemap or sitemap index piece by piece, counting its bytes exactly: the head (XML
 * declaration, optional stylesheet, root start tag with its namespace declarations) on
 * construction, then batches of entries, then the closing tag. `take()` hands over the bytes
 * written since the last call, `end()` closes the document and hands over the rest, and
 * `push(entries, final)` does both for a writer made with an `onData` sink (the contract every
 * chunk consumer in sitemapkit speaks), and `writeWithin()` writes only as many entries as keep the finished document under a byte
 * limit — what `writeSitemaps` splits files with. The output is byte for byte what
 * `serializeSitemap` / `serializeSitemapIndex` make from the same entries (they use this class).
 * A value that cannot be written throws `SERIALIZE_INVALID_VALUE` and ends the writer.
 *
 * @example
 * const writer = new SitemapWriter();
 * await sink.write(writer.take()); // <?xml …?><urlset xmlns="…">
 * for await (const page of pagesInBatches()) {
 *   writer.write(page.map((product) => ({ loc: product.url, lastmod: product.updatedAt })));
 *   await sink.write(writer.take());
 * }
 * await sink.write(writer.end());
 * console.log(writer.bytes, writer.entries); // exact uncompressed size and entry count
 *
 * // The same with a sink: every push hands its bytes on, the final one closes the document.
 * const pushed = new SitemapWriter({ onData: (bytes) => chunks.push(bytes) });
 * for (const page of pages) pushed.push(page);
 * pushed.push([], true);
 */
export class SitemapWriter<Kind extends SitemapKind = 'urlset'> {
  #run: Run | null;
  readonly #kind: SitemapKind;
  /** Bytes already handed over by take(). */
  #takenBytes = 0;
  /** The entry count once the run is gone (ended or failed). */
  #entriesAtEnd = 0;
  readonly #onData: ((bytes: OutputBytes) => void) | undefined;

  constructor(options: SitemapWriterOptions<Kind> = {}) {
    const settings = checkOptions(options) as SitemapWriterOptions;
    const kind = settings.kind ?? 'urlset';
    if (kind !== 'urlset' && kind !== 'sitemapindex') throw new SitemapError('INPUT_INVALID_OPTION', `kind must be "urlset" or "sitemapindex", got ${show(kind)}`);
    this.#kind = kind;
    if (settings.onData !== undefined && typeof settings.onData !== 'function') throw new SitemapError('INPUT_INVALID_OPTION', `onData must be a function that takes the written bytes, got ${show(settings.onData)}`);
    this.#onData = settings.onData;
    const run = startRun(kind === 'urlset' ? URLSET_RULE : SITEMAP_INDEX_RULE, TEMPLATES[kind][settings.pretty ? 1 : 0]);
    this.#run = run;
    this.guard(() => writeHead(run, settings));
  }

  /** Exact size in bytes of the document so far (uncompressed), taken or not; the closing tag counts once `end()` wrote it. */
  get bytes(): number {
    const run = this.#run;
    return this.#takenBytes + (run === null ? 0 : run.output.length + pendingDeclarationBytes(run));
  }

  /** Entries written so far (after a failed write: those before it). */
  get entries(): number {
    return this.#run?.entryCount ?? this.#entriesAtEnd;
  }

  /** Bytes `end()` will add (the closing tag). */
  get closingBytes(): number {
    return CLOSING_TAGS[this.#kind].length;
  }

  /** Appends entries (any iterable: an array is fastest). */
  write(entries: Iterable<SitemapEntryInput<Kind>>): void {
    const run = this.open();
    const list = iterableOf(entries, this.#kind === 'urlset' ? 'urls' : 'entries');
    this.guard(() => {
      run.source = Array.isArray(list) ? (list as unknown[]) : null;
      run.sourceStart = run.entryCount;
      if (!run.sized) run.expectedEntries = run.entryCount + (run.source?.length ?? 0);
      try {
        if (this.#kind === 'urlset') writeUrls(run, list as Iterable<SitemapUrlInput>);
        else writeIndexEntries(run, list as Iterable<SitemapIndexEntryInput>);
      } finally {
        run.source = null;
      }
    });
  }

  /**
   * Appends `entries` and hands the bytes written since the last hand-over to the `onData` sink;
   * with `final`, closes the document first (`end()`): the incremental contract of every chunk
   * consumer in sitemapkit, `push(chunk, final)` with a sink. A push that writes no byte calls no sink.
   */
  push(entries: Iterable<SitemapEntryInput<Kind>>, final = false): void {
    const onData = this.#onData;
    if (onData === undefined) throw new SitemapError('INPUT_TYPE', 'SitemapWriter.push() hands its bytes to the onData option: make the writer with one, or use write() and take()');
    this.write(entries);
    const bytes = final ? this.end() : this.take();
    if (bytes.length > 0) onData(bytes);
  }

  /**
   * Appends the longest first part of `entries` with which the finished document (closing tag
   * included) stays within `maxBytes`, and returns how many entries that is (0 when not even the
   * first fits). Entries are written in one batch when they all fit, else one at a time, so the
   * cut is exact.
   */
  writeWithin(entries: readonly SitemapEntryInput<Kind>[], maxBytes: number): number {
    const run = this.open();
    const room = maxBytes - this.closingBytes - this.#takenBytes;
    const mark = run.output.length;
    const markEntries = run.entryCount;
    this.write(entries);
    if (run.output.length + pendingDeclarationBytes(run) <= room) return entries.length;
    run.output.length = mark;
    run.entryCount = markEntries;
    let written = 0;
    for (; written < entries.length; written++) {
      const before = run.output.length;
      this.write([entries[written]!]);
      if (run.output.length + pendingDeclarationBytes(run) > room) {
        run.output.length = before;
        run.entryCount--;
        break;
      }
    }
    return written;
  }

  /** Hands over the bytes written since the last call (a copy the caller owns). */
  take(): OutputBytes {
    const run = this.#run;
    if (run === null) return new Uint8Array(0);
    const { output } = run;
    let bytes: OutputBytes;
    const declarations = run.headTaken ? null : namespaceDeclarations(run);
    if (declarations === null) bytes = output.bytes.slice(0, output.length);
    else {
      // The head goes out now: the root declares the namespaces used so far.
      const at = run.declarationsAt;
      bytes = new Uint8Array(output.length + declarations.length);
      bytes.set(output.bytes.subarray(0, at));
      bytes.set(declarations, at);
      bytes.set(output.bytes.subarray(at, output.length), at + declarations.length);
    }
    if (!run.headTaken) {
      run.headTaken = true;
      run.extensions?.freeze(); // later namespaces are declared where they are used
    }
    this.#takenBytes += bytes.length;
    output.length = 0;
    return bytes;
  }

  /** Writes the closing tag and hands over every byte not taken yet; the writer is done. */
  end(): OutputBytes {
    const run = this.open();
    run.output.append(CLOSING_TAGS[this.#kind]);
    const bytes = this.take();
    this.#entriesAtEnd = run.entryCount;
    this.#run = null;
    endRun(run);
    return bytes;
  }

  private open(): Run {
    if (this.#run === null) throw new SitemapError('INPUT_TYPE', 'This SitemapWriter has ended (end() was called, or a write failed)');
    return this.#run;
  }

  /** Runs a step; a failure ends the writer and gives its buffer back. */
  private guard(step: () => void): void {
    const entriesBefore = this.entries;
    try {
      step();
    } catch (error) {
      const run = this.#run;
      if (run !== null) {
        this.#entriesAtEnd = entriesBefore;
        this.#run = null;
        endRun(run);
      }
      throw error;
    }
  }
}
