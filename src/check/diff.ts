// Comparing two sitemaps (or indexes, or any entries) by `loc` (sitemaps.org 0.9, SPEC.md §1–2):
// which URLs were added, removed, and changed in lastmod, changefreq, priority or extensions.
// Both sides stream through parseStream; no Node built-ins (the viewer uses it too).

import { SitemapError } from '../model/errors';
import { parseStream, type ParseStreamOptions, type SitemapEntry, type SitemapStreamSource } from '../stream/parse-stream';
import type { SitemapUrl } from '../model/types';

/**
 * A field of an entry that `diffSitemaps` compares. `extensions` stands for everything beyond the
 * four protocol fields: images, videos, news, hreflang alternates and other extension elements.
 *
 * @example
 * const field: DiffField = 'lastmod';
 */
export type DiffField = 'lastmod' | 'changefreq' | 'priority' | 'extensions';

/**
 * The protocol fields of one side of a change, as written in that file.
 *
 * @example
 * const before: DiffValues = { lastmod: '2024-05-01', priority: 0.8 };
 */
export interface DiffValues {
  lastmod?: string;
  changefreq?: string;
  priority?: number;
}

/**
 * One difference between the two sides: a `loc` only in `b` (`added`), only in `a` (`removed`),
 * or in both with different fields (`changed`, listing them with the values before and after).
 *
 * @example
 * const change: SitemapChange = { change: 'changed', loc: 'https://example.com/a', fields: ['lastmod'], before: { lastmod: '2024-05-01' }, after: { lastmod: '2024-06-01' } };
 */
export interface SitemapChange {
  change: 'added' | 'removed' | 'changed';
  loc: string;
  /** For `changed`: which fields differ, in the order lastmod, changefreq, priority, extensions. */
  fields?: DiffField[];
  /** The fields in `a` (for `removed` and `changed`). */
  before?: DiffValues;
  /** The fields in `b` (for `added` and `changed`). */
  after?: DiffValues;
}

/**
 * How many entries fell in each class. `duplicates` counts entries whose `loc` came again on
 * the same side (the first one is compared; the repeats are skipped).
 *
 * @example
 * const { added, removed, changed, unchanged } = await diffSitemaps(a, b).summary();
 */
export interface DiffCounts {
  added: number;
  removed: number;
  changed: number;
  unchanged: number;
  /** Entries read from `a` and from `b`. */
  entriesA: number;
  entriesB: number;
  duplicates: number;
}

/**
 * Either side of a comparison: anything `parseStream` reads (bytes, a `Response`, a stream, a
 * `Blob`, an async iterable of chunks), or entries already read (an iterable or async iterable of
 * objects with a `loc`, such as `parseTextSitemap(…).urls`, `parseFeed(…).urls` or a crawl).
 *
 * @example
 * const side: DiffSource = [{ loc: 'https://example.com/', lastmod: '2024-05-01' }];
 */
export type DiffSource = SitemapStreamSource | Iterable<SitemapEntry> | AsyncIterable<SitemapEntry>;

/**
 * Options of {@link diffSitemaps}: what parseStream takes for each side (`maxBytes`, `recover`,
 * `maxEntries`…), and which fields to compare.
 *
 * @example
 * const options: DiffOptions = { fields: ['lastmod'], maxBytes: Infinity };
 */
export interface DiffOptions extends Pick<ParseStreamOptions, 'maxBytes' | 'recover' | 'maxEntries' | 'onIssue'> {
  /** Fields whose difference makes a `changed`. Default: all four. */
  fields?: readonly DiffField[];
}

const ALL_FIELDS: readonly DiffField[] = ['lastmod', 'changefreq', 'priority', 'extensions'];

/**
 * What is kept of an entry of `a` until `b` has been read: its protocol fields and a 53-bit hash
 * of its extensions (never the extension objects themselves, which can be kilobytes).
 */
interface Remembered {
  lastmod: string | undefined;
  changefreq: string | undefined;
  priority: number | undefined;
  extensions: number;
  /** Seen in `b` already. */
  matched: boolean;
}

/** cyrb53 (public domain): a fast 53-bit string hash, so that two extension sets compare by number. */
function hash53(text: string): number {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    h1 = Math.imul(h1 ^ c, 2654435761);
    h2 = Math.imul(h2 ^ c, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

/** The hash of an entry's extensions; 0 when it has none. */
function extensionsHash(entry: SitemapEntry): number {
  const url = entry as SitemapUrl;
  if (url.images === undefined && url.videos === undefined && url.news === undefined && url.alternates === undefined && url.extensions === undefined) return 0;
  // parse builds these objects with a fixed key order, so equal content serializes equally.
  return hash53(JSON.stringify([url.images, url.videos, url.news, url.alternates, url.extensions]));
}

function valuesOf(entry: { lastmod?: string | undefined; changefreq?: string | undefined; priority?: number | undefined }): DiffValues {
  const values: DiffValues = {};
  if (entry.lastmod !== undefined) values.lastmod = entry.lastmod;
  if (entry.changefreq !== undefined) values.changefreq = entry.changefreq;
  if (entry.priority !== undefined) values.priority = entry.priority;
  return values;
}

function isChunkSource(value: unknown): boolean {
  return typeof value === 'string' || value instanceof Uint8Array || value instanceof ArrayBuffer
    || (typeof Blob !== 'undefined' && value instanceof Blob)
    || (typeof Response !== 'undefined' && value instanceof Response)
    || (typeof ReadableStream !== 'undefined' && value instanceof ReadableStream);
}

function isEntry(value: unknown): value is SitemapEntry {
  return typeof value === 'object' && value !== null && !(value instanceof Uint8Array) && typeof (value as { loc?: unknown }).loc === 'string';
}

/**
 * The entries of one side. An iterable is told apart by its first item: an object with a `loc`
 * makes it entries, anything else chunks for parseStream (with that first item put back).
 */
async function* entriesOf(source: DiffSource, options: DiffOptions, side: 'a' | 'b'): AsyncGenerator<SitemapEntry> {
  const streamOptions: ParseStreamOptions = { maxBytes: options.maxBytes, recover: options.recover, maxEntries: options.maxEntries, onIssue: options.onIssue };
  if (isChunkSource(source)) {
    yield* parseStream(source as SitemapStreamSource, streamOptions);
    return;
  }
  const iterable = source as Iterable<unknown> & AsyncIterable<unknown>;
  const iterator: AsyncIterator<unknown> | Iterator<unknown> | undefined = typeof iterable?.[Symbol.asyncIterator] === 'function'
    ? iterable[Symbol.asyncIterator]()
    : typeof iterable?.[Symbol.iterator] === 'function' ? iterable[Symbol.iterator]() : undefined;
  if (iterator === undefined) {
    throw new SitemapError('INPUT_TYPE', `diffSitemaps: side ${side} must be what parseStream reads or an iterable of entries with a loc`);
  }
  let finished = false;
  try {
    const first = await iterator.next();
    if (first.done) {
      finished = true;
      return;
    }
    if (!isEntry(first.value)) {
      // Chunks: hand the whole iterable, first chunk included, to parseStream.
      const rest: AsyncIterable<Uint8Array | string> = {
        [Symbol.asyncIterator]: () => {
          let pending: IteratorResult<unknown> | undefined = first;
          return {
            next: async () => {
              if (pending !== undefined) {
                const result = pending;
                pending = undefined;
                return result as IteratorResult<Uint8Array | string>;
              }
              return (await iterator.next()) as IteratorResult<Uint8Array | string>;
            },
            return: async () => {
              await iterator.return?.();
              return { value: undefined, done: true };
            },
          };
        },
      };
      finished = true; // parseStream now owns the iterator
      yield* parseStream(rest, streamOptions);
      return;
    }
    yield first.value;
    for (;;) {
      const next = await iterator.next();
      if (next.done) break;
      if (!isEntry(next.value)) throw new SitemapError('INPUT_TYPE', `diffSitemaps: side ${side} mixes entries with something that has no loc`);
      yield next.value;
    }
    finished = true;
  } finally {
    if (!finished) await iterator.return?.();
  }
}

/**
 * The differences between two sitemaps, as an async iterable of {@link SitemapChange}s, with
 * running {@link DiffCounts}. Made by {@link diffSitemaps}.
 *
 * @example
 * const diff = diffSitemaps(oldBytes, newBytes);
 * for await (const change of diff) console.log(change.change, change.loc);
 * console.log(diff.counts);
 */
export class SitemapDiff implements AsyncIterable<SitemapChange> {
  /** Counts so far; final once iteration has ended (or `summary()` resolved). */
  readonly counts: DiffCounts = { added: 0, removed: 0, changed: 0, unchanged: 0, entriesA: 0, entriesB: 0, duplicates: 0 };
  #started = false;
  readonly #a: DiffSource;
  readonly #b: DiffSource;
  readonly #options: DiffOptions;
  readonly #fields: ReadonlySet<DiffField>;

  /** @internal Made by {@link diffSitemaps}. */
  constructor(a: DiffSource, b: DiffSource, options: DiffOptions) {
    this.#a = a;
    this.#b = b;
    this.#options = options;
    const fields = options.fields ?? ALL_FIELDS;
    if (!Array.isArray(fields) || fields.some((field) => !ALL_FIELDS.includes(field))) {
      throw new SitemapError('INPUT_INVALID_OPTION', `fields must be an array of ${ALL_FIELDS.join(', ')}; got ${JSON.stringify(fields)}`);
    }
    this.#fields = new Set(fields);
  }

  [Symbol.asyncIterator](): AsyncIterator<SitemapChange> {
    if (this.#started) throw new SitemapError('INPUT_INVALID_OPTION', 'A SitemapDiff can be iterated once');
    this.#started = true;
    return this.run();
  }

  /**
   * Runs the comparison to its end without keeping the changes, and gives the counts.
   *
   * @example
   * const { added, removed, changed } = await diffSitemaps(a, b).summary();
   */
  async summary(): Promise<DiffCounts> {
    for await (const _change of this) {
      // counted, not kept
    }
    return this.counts;
  }

  private async *run(): AsyncGenerator<SitemapChange> {
    const counts = this.counts;
    const compareExtensions = this.#fields.has('extensions');
    // `a` is read first and held as loc → fields + extension hash (about 100 bytes an entry
    // beside the loc string); `b` then streams past it. Besides that map, only the locs that are
    // new in `b` are kept, to skip their repeats.
    const remembered = new Map<string, Remembered>();
    for await (const entry of entriesOf(this.#a, this.#options, 'a')) {
      counts.entriesA++;
      if (remembered.has(entry.loc)) {
        counts.duplicates++;
        continue;
      }
      const url = entry as SitemapUrl;
      remembered.set(entry.loc, { lastmod: url.lastmod, changefreq: url.changefreq, priority: url.priority, extensions: compareExtensions ? extensionsHash(entry) : 0, matched: false });
    }
    const addedLocs = new Set<string>();
    for await (const entry of entriesOf(this.#b, this.#options, 'b')) {
      counts.entriesB++;
      const before = remembered.get(entry.loc);
      if (before === undefined) {
        if (addedLocs.has(entry.loc)) {
          counts.duplicates++;
          continue;
        }
        addedLocs.add(entry.loc);
        counts.added++;
        yield { change: 'added', loc: entry.loc, after: valuesOf(entry as SitemapUrl) };
        continue;
      }
      if (before.matched) {
        counts.duplicates++;
        continue;
      }
      before.matched = true;
      const after = entry as SitemapUrl;
      const fields: DiffField[] = [];
      if (this.#fields.has('lastmod') && before.lastmod !== after.lastmod) fields.push('lastmod');
      if (this.#fields.has('changefreq') && before.changefreq !== after.changefreq) fields.push('changefreq');
      if (this.#fields.has('priority') && before.priority !== after.priority) fields.push('priority');
      if (compareExtensions && before.extensions !== extensionsHash(entry)) fields.push('extensions');
      if (fields.length === 0) {
        counts.unchanged++;
        continue;
      }
      counts.changed++;
      yield { change: 'changed', loc: entry.loc, fields, before: valuesOf(before), after: valuesOf(after) };
    }
    addedLocs.clear();
    for (const [loc, before] of remembered) {
      if (before.matched) continue;
      counts.removed++;
      yield { change: 'removed', loc, before: valuesOf(before) };
    }
  }
}

/**
 * Compares two sitemaps (or two indexes, text sitemaps read with `parseTextSitemap`, feeds, a
 * crawl's entries) by `loc`: URLs `added` (only in `b`), `removed` (only in `a`) and `changed`
 * (in both, with a different lastmod, changefreq, priority or extensions). Both sides stream:
 * `a` is read first and held as a map from loc to its fields and a hash of its extensions, then
 * `b` streams past it, so memory is about `a`'s locs plus the locs new in `b`. Added and changed
 * entries come in `b`'s order as `b` is read, removed ones at the end in `a`'s order. A `loc`
 * repeated on one side is compared once (`counts.duplicates`). Malformed XML throws the
 * `SitemapError` that parseStream throws (with `recover: true`, issues go to `onIssue`).
 *
 * @example
 * import { diffSitemaps } from 'sitemapkit';
 * const diff = diffSitemaps(await fetch(yesterdayUrl), await fetch(todayUrl));
 * for await (const { change, loc, fields } of diff) console.log(change, loc, fields ?? '');
 * const { added, removed, changed } = diff.counts;
 *
 * @example
 * // Counts only:
 * const counts = await diffSitemaps(oldBytes, newBytes, { fields: ['lastmod'] }).summary();
 */
export function diffSitemaps(a: DiffSource, b: DiffSource, options: DiffOptions = {}): SitemapDiff {
  if (options === null || typeof options !== 'object') throw new SitemapError('INPUT_INVALID_OPTION', 'diffSitemaps options must be an object');
  return new SitemapDiff(a, b, options);
}
