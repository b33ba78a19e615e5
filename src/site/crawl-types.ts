// The types and issue codes of crawlSitemaps (src/site/crawl.ts): a site's sitemaps found through
// robots.txt (sitemaps.org "Specifying the Sitemap location in your robots.txt file"), indexes
// (SPEC.md §2) and the places generators publish them, fetched and walked with limits.

import type { DocumentFormat } from '../input/sniff';
import type { Issue, IssueCode, SitemapUrl, ValidationProfile } from '../model/types';

export { CrawlIssueCode } from '../model/codes';

/** How a sitemap was found: named by a robots.txt, guessed at a well-known place, listed by an index, or given. */
export type CrawlVia = 'robots' | 'guess' | 'index' | 'start';

/**
 * A page entry of the walk: the `SitemapUrl` that `parse` gives (from a sitemap, a text sitemap
 * or a feed) plus the final URL of the file it came from.
 *
 * @example
 * for await (const entry of crawlSitemaps('example.com')) console.log(entry.loc, entry.lastmod, 'from', entry.sitemap);
 */
export interface CrawledEntry extends SitemapUrl {
  /** The final URL (after redirects) of the sitemap that lists it. */
  sitemap: string;
}

/**
 * One sitemap file of the walk (an index, a urlset, a text sitemap, a feed, or whatever was
 * there), in the order they were found.
 *
 * @example
 * for (const sitemap of report.sitemaps) console.log(sitemap.depth, sitemap.status, sitemap.format, sitemap.url, sitemap.entries);
 */
export interface CrawledSitemap {
  /** The URL as listed (resolved to absolute). */
  url: string;
  /** The URL after redirects (`url` when there were none or it was never fetched). */
  finalUrl: string;
  via: CrawlVia;
  /** The `url` of the index or robots.txt that listed it; undefined for a start URL or a guess. */
  parent: string | undefined;
  /** 0 for what robots.txt, a guess or the caller named; an index's children are one deeper. */
  depth: number;
  /** The last HTTP status; 0 when there was no answer (network error, timeout, refused, never fetched). */
  status: number;
  /** What the body is, by content (`sniffFormat`, after inflating); undefined when there was no body. */
  format: DocumentFormat | undefined;
  /** The body was gzip (a `.gz` file) or came with `Content-Encoding: gzip`, or both. */
  compressed: boolean;
  /**
   * Bytes of the document after inflating (what the 50 MB limit counts). Of a file the walk
   * stopped reading at maxEntries without validating, the bytes read before it stopped, which
   * depends on how they arrived.
   */
  bytes: number;
  /** `<url>` (or text line, or feed item) entries read; for an index, its `<sitemap>` entries. */
  entries: number;
  /** Earliest and latest valid `<lastmod>` as written; undefined when there is none. */
  lastmod: { min: string; max: string } | undefined;
  /**
   * Everything wrong with this file (the first `maxIssuesPerSitemap`, 100 by default: `issueCounts` counts them all), in document
   * order where there is one: `validate`'s issues
   * (judged with `location` = `finalUrl` and `crossSubmit` = the hosts whose robots.txt listed
   * it or an index above it), the parse issues of a text sitemap or feed, a robots.txt's Sitemap-line issues, then the
   * crawl's (fetching, its children, site-level rules about its entries; line and column 0).
   */
  issues: Issue<IssueCode>[];
  /**
   * How many issues of each code it has, all of them: `issues` keeps the first
   * `maxIssuesPerSitemap` (a file of 50,000 bad URLs would otherwise hold 50,000 issues to the end
   * of the walk).
   */
  issueCounts: Partial<Record<IssueCode, number>>;
  /** Issues of severity error / warning, all of them. */
  errors: number;
  warnings: number;
  /** The sitemaps it lists (an index or a robots.txt), absolute, in document order. */
  children: string[];
  /** True when it failed: no answer, an HTTP error, over a limit, or a body that is no sitemap, text sitemap or feed. */
  failed: boolean;
}

/**
 * A robots.txt the walk read (the start site's), with the Sitemap lines it gave.
 *
 * @example
 * for (const robots of report.robotsTxt) console.log(robots.url, robots.status, robots.sitemaps);
 */
export interface CrawledRobotsTxt {
  url: string;
  finalUrl: string;
  /** HTTP status; 0 for no answer. A 4xx means "no robots.txt": everything is allowed (RFC 9309 §2.3.1.3). */
  status: number;
  /** The absolute http(s) sitemap URLs its Sitemap lines name. */
  sitemaps: string[];
  /** `readRobotsTxtSitemaps`' issues (line and column in the robots.txt), and the crawl's about fetching it. */
  issues: Issue<IssueCode>[];
}

/**
 * A well-known place tried because robots.txt named no sitemap; only those that held a sitemap
 * are in `CrawlReport.sitemaps` (with `via: 'guess'`).
 *
 * @example
 * console.log(report.guesses.filter((guess) => guess.found).map((guess) => guess.url));
 */
export interface CrawlGuess {
  url: string;
  /**
   * Where it led after redirects (`url` when it did not redirect). A redirect to a file the walk
   * reads anyway (another guess: Yoast's /sitemap.xml → /sitemap_index.xml) is not followed:
   * this is that file, and `status` the redirect's.
   */
  finalUrl: string;
  /** HTTP status; 0 for no answer. */
  status: number;
  /** True when it held a sitemap, index, text sitemap or feed (or led to a file that did). */
  found: boolean;
}

/** An issue about the site rather than one file, with the URL it concerns (a start URL, a robots.txt). */
export interface CrawlSiteIssue extends Issue<IssueCode> {
  /** The URL the issue is about ('' when none). */
  url: string;
}

/**
 * Sums over the walk.
 *
 * @example
 * const { totals } = await crawlSitemaps('example.com').report();
 * console.log(`${totals.entries} URLs in ${totals.sitemaps} sitemaps, ${totals.errors} errors`);
 */
export interface CrawlTotals {
  /** Files in `sitemaps`. */
  sitemaps: number;
  /** Of those, sitemap indexes. */
  indexes: number;
  /** Of those, failed ones. */
  failed: number;
  /** Page entries read (index entries not counted). */
  entries: number;
  /** Inflated bytes read. */
  bytes: number;
  /** HTTP requests made (retries, redirects, robots.txt and guesses included). */
  requests: number;
  /** Issues of severity error / warning, in every file and the site-level ones. */
  errors: number;
  warnings: number;
  /** Wall time of the walk in milliseconds. */
  durationMs: number;
}

/**
 * What a walk found.
 *
 * @example
 * const report = await crawlSitemaps('https://example.com/').report();
 * for (const issue of report.issues) console.log(issue.code, issue.message);
 */
export interface CrawlReport {
  /** The starting points as understood (absolute URLs). */
  start: string[];
  robotsTxt: CrawledRobotsTxt[];
  sitemaps: CrawledSitemap[];
  guesses: CrawlGuess[];
  /** Site-level issues: no sitemap found, too many index files, limits reached, an unusable start. */
  issues: CrawlSiteIssue[];
  totals: CrawlTotals;
  /** True when `cancel()`, `options.signal` or leaving the loop stopped the walk before its end. */
  cancelled: boolean;
}

/**
 * What `onProgress` is told, whenever a sitemap is found, starts or ends, and about ten times a
 * second while bytes arrive.
 *
 * @example
 * const onProgress = ({ sitemapsDone, sitemapsFound, entries }: CrawlProgress) => bar.update(sitemapsDone / sitemapsFound, { entries });
 */
export interface CrawlProgress {
  sitemapsFound: number;
  sitemapsDone: number;
  inFlight: number;
  /** Inflated bytes read so far. */
  bytes: number;
  /** Page entries read so far. */
  entries: number;
}

/** The `fetch` the walk uses: the runtime's, or any function with its shape. */
export type CrawlFetch = (url: string, init: RequestInit) => Promise<Response>;

/**
 * Options of `crawlSitemaps`. Each is checked: a wrong one throws `SitemapError`
 * `INPUT_INVALID_OPTION` naming it. Limits are whole numbers >= 0, or `Infinity` for none.
 *
 * @example
 * const options: CrawlOptions = { maxSitemaps: 200, concurrency: 8, timeout: 10_000, onProgress: console.log };
 */
export interface CrawlOptions {
  /** The `fetch` to use (a proxy, a cache, a test double). Default: the runtime's `fetch`. */
  fetch?: CrawlFetch;
  /** Stops the walk when aborted, as `cancel()` does. */
  signal?: AbortSignal;
  /** Deepest index level followed: 0 reads only what robots.txt, a guess or the caller named. Default 5 (Google allows 1). */
  maxDepth?: number;
  /** Most sitemap files fetched (guesses that found nothing not counted). Default 10,000. */
  maxSitemaps?: number;
  /** Most bytes of one file once inflated; a larger file (or gzip bomb) stops there and fails. Default 100 MiB, as `parse`. */
  maxBytes?: number;
  /** Most page entries read in the whole walk; the walk stops there. Default no limit (memory stays flat). */
  maxEntries?: number;
  /**
   * Most page URLs remembered for the "listed in two sitemaps" rule (CRAWL_DUPLICATE_URL), at
   * 13–20 bytes each (10-byte slots, kept 1/2 to 3/4 full; 12 bytes a slot once a walk has read
   * more than 65,535 sitemaps): the default 2,000,000 takes about 27 MB. The set grows 1/64 of
   * itself at a time, so it never needs twice its size while it grows. Past the cap, URLs are still
   * checked against those remembered, and a CRAWL_LIMIT_REACHED warning says the rest were not kept.
   *
   * The trade is memory against that one rule: past the cap, a URL whose first listing came after
   * it is not reported when it is listed again (every other rule still runs, on every entry). The
   * default covers 40 full sitemaps of 50,000 URLs, most sites whole. A service walking many sites
   * in one process may set 1,000,000 (18 MB); an audit of a very large site, 10,000,000 (about
   * 140 MB).
   */
  maxTrackedUrls?: number;
  /**
   * Issues kept per sitemap in the report (`CrawledSitemap.issues`); all are counted in
   * `issueCounts`, `errors` and `warnings`. The report lives to the end of the walk: 100 issues of
   * 200 files is 20,000 objects, 1,000 each would be 200,000. While a file is read, no more than
   * twice this many of its validation issues are held either. Default 100.
   */
  maxIssuesPerSitemap?: number;
  /** Requests in flight at once. Default 4. */
  concurrency?: number;
  /** Requests in flight at once to one host (`hostname:port`). Default 2. */
  concurrencyPerHost?: number;
  /** Milliseconds to wait for an answer, and then between two chunks of its body. Default 30,000. */
  timeout?: number;
  /**
   * Milliseconds one file's server may take in all: its answers (redirects and retries included)
   * and its body, so that a server sending a byte now and then, which no idle timeout catches,
   * cannot hold the walk. Only waits for the server count, not the walk's own (a retry's delay, a
   * body waiting for its turn to be read). Default 300,000 (5 minutes: 50 MB at 170 KB/s).
   */
  fileTimeout?: number;
  /** Retries of a request after a network error, a timeout, 429 or 5xx. Default 2. */
  retries?: number;
  /** First retry delay in milliseconds, doubled each time; a `Retry-After` header takes its place. Default 1,000. */
  retryDelay?: number;
  /** Longest wait before a retry, `Retry-After` included (a longer one is cut to this). Default 30,000. */
  maxRetryDelay?: number;
  /** Told how the walk is going (see {@link CrawlProgress}). */
  onProgress?: (progress: CrawlProgress) => void;
  /**
   * Validate each sitemap and index (`validate`: its issues in `CrawledSitemap.issues`). False
   * only lists entries (the site-level rules still apply): about a fifth less time (bench/README.md,
   * Crawl, rounds 25–26). Default true.
   */
  validate?: boolean;
  /** `validate`'s profile for each sitemap. Default `google`. */
  profile?: ValidationProfile;
  /** "Now" for validate's time-relative rules. Default: the current time. */
  now?: Date;
  /**
   * Refuse sitemap URLs (and redirects) to `localhost` names and to IP literals that no public
   * web server has (loopback, private, shared, link-local, unspecified, multicast, reserved, and
   * IPv6 ones carrying such an IPv4 address: IPv4-mapped, NAT64, 6to4), for services that crawl
   * URLs their users submit. In Node, where the crawl asks through `node:http(s)` (no `fetch`
   * option, no undici dispatcher or proxy of the program's own), also a host name whose DNS
   * answer has such an address, judged where the connection is made, on connections of its own.
   * Elsewhere it sees only the URL (a browser cannot see DNS answers; behind your own `fetch` or a
   * proxy, filter there). Default false.
   */
  refusePrivateAddresses?: boolean;
  /** User agents whose robots.txt rules a listed URL is checked against (any one disallowing it is reported). Default `['Googlebot', '*']`. */
  userAgent?: string | readonly string[];
  /** Headers sent with every request (e.g. `{ 'user-agent': 'mybot/1.0' }` in Node; browsers may refuse some). */
  headers?: Record<string, string>;
  /** Read the site's robots.txt when starting from a site. Default true. */
  robotsTxt?: boolean;
  /** Try the well-known places when robots.txt names no sitemap. Default true. */
  guess?: boolean;
}

/**
 * A walk in progress: iterate it for every page entry (entries are not kept; iterating holds the
 * walk back to the reader's pace), or call `report()` alone to run it to its end counting them.
 *
 * @example
 * const crawl = crawlSitemaps('example.com', { maxSitemaps: 100 });
 * for await (const entry of crawl) console.log(entry.loc);
 * const report = await crawl.report();
 *
 * @example
 * // Faster: the entries in arrays.
 * for await (const batch of crawlSitemaps('example.com').batches()) console.log(batch.length);
 */
export interface SitemapCrawl extends AsyncIterable<CrawledEntry> {
  [Symbol.asyncIterator](): AsyncIterator<CrawledEntry>;
  /**
   * The same entries in arrays (up to 256 each, in order, never empty): one promise per array
   * instead of one per entry, for callers who want speed. Iterate either this or the crawl itself.
   *
   * @example
   * for await (const batch of crawl.batches()) for (const entry of batch) console.log(entry.loc);
   */
  batches(): AsyncIterableIterator<CrawledEntry[]>;
  /**
   * The report: runs the walk to its end when nobody iterates (entries counted, not kept), else
   * resolves when iteration ends. Never rejects for anything a site sends.
   */
  report(): Promise<CrawlReport>;
  /** Stops everything: requests are aborted, iteration ends, `report()` resolves with `cancelled: true`. */
  cancel(reason?: unknown): void;
}
