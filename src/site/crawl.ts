// crawlSitemaps: a site's sitemaps found through robots.txt (sitemaps.org "Specifying the Sitemap
// location in your robots.txt file"), indexes (SPEC.md §2) and well-known places, fetched with
// the runtime's fetch, each read by content (src/input/sniff.ts), validated and walked with limits.
// This file is the handle a caller gets (SitemapCrawl); the walk itself is src/site/crawl-walk.ts.

import { EntryChannel } from './crawl-entry-channel';
import { readCrawlOptions, type CrawlSettings } from './crawl-rules';
import type { CrawledEntry, CrawlOptions, CrawlReport, SitemapCrawl } from './crawl-types';
import { Walk } from './crawl-walk';
import { SitemapError } from '../model/errors';

function ignore(): void {}

/** The SitemapCrawl crawlSitemaps returns: runs the walk when first iterated or asked for its report. */
class Crawl implements SitemapCrawl {
  readonly #controller = new AbortController();
  #walk: Promise<CrawlReport> | undefined;
  #mode: 'none' | 'iterate' | 'count' = 'none';
  readonly #channel = new EntryChannel();
  #iterator: AsyncIterator<CrawledEntry> | undefined;

  readonly #starts: readonly unknown[];
  readonly #settings: CrawlSettings;

  constructor(starts: readonly unknown[], settings: CrawlSettings) {
    this.#starts = starts;
    this.#settings = settings;
    const signal = settings.signal;
    if (signal) {
      if (signal.aborted) this.#controller.abort(signal.reason);
      else signal.addEventListener('abort', () => this.cancel(signal.reason), { once: true });
    }
  }

  #begin(mode: 'iterate' | 'count'): Promise<CrawlReport> {
    if (!this.#walk) {
      this.#mode = mode;
      const walk = new Walk(this.#settings, this.#controller.signal, mode === 'iterate' ? this.#channel : undefined);
      this.#controller.signal.addEventListener('abort', () => { this.#channel.drop(); walk.changed(); }, { once: true });
      this.#walk = walk.run(this.#starts);
      this.#walk.then(() => this.#channel.close(), (error: unknown) => this.#channel.close(error));
    }
    return this.#walk;
  }

  [Symbol.asyncIterator](): AsyncIterator<CrawledEntry> {
    this.#refuseAfterReport('iterating', 'iterate first');
    // Once: each .catch() on the pending walk is a reaction it keeps until it ends (one per entry leaked a million promises).
    return this.#iterator ??= this.#reader(() => this.#channel.next());
  }

  batches(): AsyncIterableIterator<CrawledEntry[]> {
    this.#refuseAfterReport('batches()', 'call batches() first');
    return this.#reader(() => this.#channel.nextBatch());
  }

  /** A walk that counts (report() first) hands out no entries. */
  #refuseAfterReport(what: string, instead: string): void {
    if (this.#mode === 'count') throw new SitemapError('INPUT_TYPE', `report() was called before ${what}: the walk counts entries without keeping them; ${instead}, then call report()`, { offset: 0 });
  }

  /** An iterator over the channel by `next` (entries or batches): the first call starts the walk, leaving the loop (break, return, throw) stops it. */
  #reader<T>(next: () => Promise<IteratorResult<T>>): AsyncIterableIterator<T> {
    const reader: AsyncIterableIterator<T> = {
      next: () => {
        if (!this.#walk) void this.#begin('iterate').catch(ignore);
        return next();
      },
      return: async () => {
        if (this.#mode === 'iterate') this.cancel('iteration ended');
        this.#channel.drop();
        return { done: true, value: undefined };
      },
      [Symbol.asyncIterator]: () => reader,
    };
    return reader;
  }

  report(): Promise<CrawlReport> {
    return this.#begin(this.#mode === 'iterate' ? 'iterate' : 'count');
  }

  cancel(reason?: unknown): void {
    if (!this.#controller.signal.aborted) this.#controller.abort(reason ?? new DOMException('The crawl was cancelled', 'AbortError')); // the platform's own abort reason, as abort() gives
  }
}

/**
 * Walks a site's sitemaps: from a site (`example.com` or `https://example.com/`) its robots.txt
 * `Sitemap:` lines, or when it names none the places generators publish sitemaps at; from a
 * robots.txt URL its lines; from any other URL that file. Each file is read by its content
 * (sitemap, index, text sitemap, RSS/Atom, robots.txt; an HTML page is an issue), validated
 * (`validate`, with the file's final URL as `location`), and indexes are followed. Iterate the
 * result for every page entry, or call `report()` alone to run the walk counting them.
 *
 * It uses the runtime's `fetch` (or `options.fetch`), so it runs in Node 18+, browsers (for
 * sites that allow it by CORS), workers and extensions. Nothing a site sends makes it throw:
 * every failure is an issue with a code (`CrawlIssueCode`, `ErrorCode`). It throws `SitemapError`
 * `INPUT_INVALID_OPTION` only for a wrong option.
 *
 * Memory: entries are not kept (iteration hands each on once, `batches()` an array at a time). A
 * sitemap or index is read as it arrives, validated a piece at a time (no such file is held
 * whole); a file waiting for its turn reads 1 MiB ahead; text sitemaps, feeds and files in
 * other encodings are gathered whole (at most `maxBytes`). Page URLs are remembered as a 64-bit
 * hash (20 bytes a URL at most) for the "listed in two sitemaps" rule: two URLs with the same hash
 * (about n² / 2^65) would be reported as one listed twice.
 *
 * @example
 * // Every URL of a site.
 * for await (const entry of crawlSitemaps('example.com')) console.log(entry.loc, entry.lastmod);
 *
 * @example
 * // Faster: an array of entries at a time.
 * for await (const batch of crawlSitemaps('example.com').batches()) console.log(batch.length);
 *
 * @example
 * // A health report, with limits and progress.
 * const report = await crawlSitemaps('https://example.com/', { maxSitemaps: 500, onProgress: (p) => console.log(p.sitemapsDone, '/', p.sitemapsFound) }).report();
 * for (const sitemap of report.sitemaps) console.log(sitemap.status, sitemap.format, sitemap.url, sitemap.issues.length);
 * for (const issue of report.issues) console.log(issue.code, issue.message);
 */
export function crawlSitemaps(start: string | URL | readonly (string | URL)[], options?: CrawlOptions): SitemapCrawl {
  const settings = readCrawlOptions(options);
  const starts: readonly unknown[] = Array.isArray(start) ? start : [start];
  return new Crawl(starts, settings);
}
