// The public types of the sitemap streams (parseStream, SitemapParserStream; sitemaps.org 0.9,
// SPEC.md §1, §2, §5): what they read, what they yield, their options. A leaf, so that the document
// reader (streamed-document.ts) and the stream classes (parse-stream.ts) share them without a cycle.

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

