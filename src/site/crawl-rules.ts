// The crawl's site-level rules and inputs: what a starting point is, where sites publish sitemaps
// when robots.txt names none, which addresses are private (RFC 1918, RFC 6890, RFC 4193, RFC
// 4291), robots.txt matching (RFC 9309, with the robots-parser package; a page URL's origin and
// path as the WHATWG URL Standard parses them), and the crawl's options.

import robotsParser from 'robots-parser';
import { SitemapError } from '../model/errors';
import { checkHeadersOption, checkLimitOption, checkOptionsObject, describeValue } from '../input/input';
import type { CrawlFetch, CrawlOptions, CrawlProgress } from './crawl-types';
import { browserHidesRedirects, runtimeFetch } from './runtime-fetch';
import type { ValidationProfile } from '../model/types';
import { DatetimeFields, DatetimeProblem, readDatetime, type DatetimeGrammar } from '../values/datetime';

/**
 * Where generators and CMSs publish a sitemap, tried in this order when robots.txt names none:
 * - `/sitemap.xml`: the protocol's example, and what most publish there (Shopify, Wix,
 *   Squarespace, Blogger, Ghost, All in One SEO, Drupal simple_sitemap, Next.js, Docusaurus, Hugo,
 *   jekyll-sitemap, Magento, Gatsby before v5) — often an index;
 * - `/sitemap_index.xml`: Yoast SEO, Rank Math, SEOPress (WordPress plugins);
 * - `/sitemap-index.xml`: @astrojs/sitemap, gatsby-plugin-sitemap v5+;
 * - `/sitemap.xml.gz`: the gzip form many generators write beside or instead of it;
 * - `/wp-sitemap.xml`: WordPress core since 5.5, when no plugin replaces it;
 * - `/sitemap.txt`: the protocol's text format;
 * - `/news-sitemap.xml`: Yoast News SEO and Rank Math's news sitemap (not in their index).
 *
 * @example
 * const guesses = WELL_KNOWN_SITEMAP_PATHS.map((path) => new URL(path, 'https://example.com/').href);
 */
export const WELL_KNOWN_SITEMAP_PATHS: readonly string[] = [
  '/sitemap.xml', '/sitemap_index.xml', '/sitemap-index.xml', '/sitemap.xml.gz', '/wp-sitemap.xml', '/sitemap.txt', '/news-sitemap.xml',
];

/**
 * A starting point, understood.
 *
 * @example
 * const start: StartingPoint = { kind: 'robots', url: 'https://example.com/robots.txt' };
 */
export type StartingPoint =
  | { kind: 'site'; url: string }
  | { kind: 'robots'; url: string }
  | { kind: 'document'; url: string }
  | { kind: 'invalid'; url: string; message: string };

const HAS_SCHEME = /^[a-z][a-z\d+.-]*:/i;
const HTTP_URL = /^https?:\/\//i;

/**
 * What the caller named: a site (`example.com`, `https://example.com/`: its robots.txt, then the
 * well-known places), a robots.txt (`…/robots.txt`), or a document (any other http(s) URL).
 *
 * @example
 * readStartingPoint('example.com'); // { kind: 'site', url: 'https://example.com/' }
 */
export function readStartingPoint(value: unknown): StartingPoint {
  const text = value instanceof URL ? value.href : typeof value === 'string' ? value.trim() : undefined;
  if (text === undefined) return { kind: 'invalid', url: '', message: `A starting point must be a URL or a host name such as "example.com", not ${describeValue(value)}` };
  // A host without a scheme ("example.com", "localhost:8080": the URL parser would read "localhost:" as a scheme).
  const withScheme = HTTP_URL.test(text) || (HAS_SCHEME.test(text) && !/^[^:/]+:\d+(?:[/?#]|$)/.test(text)) ? text : `https://${text}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { kind: 'invalid', url: text, message: `"${text}" is not a URL or a host name` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { kind: 'invalid', url: url.href, message: `Only http and https are crawled, not ${url.protocol} ("${text}")` };
  if (url.hostname === '') return { kind: 'invalid', url: url.href, message: `"${text}" names no host` };
  url.hash = '';
  if (url.pathname === '/' && url.search === '') return { kind: 'site', url: url.href };
  if (url.pathname.toLowerCase() === '/robots.txt') return { kind: 'robots', url: url.href };
  return { kind: 'document', url: url.href };
}

/**
 * A path and query that the WHATWG URL parser (url.spec.whatwg.org, "basic URL parser": path and
 * query states of a special scheme) leaves as written, up to a fragment; sticky, read from where
 * an origin ends (where a `/` is). It admits no `/` followed by `.` or `%2e` (dot-segments are
 * removed; in a query too, for a shorter pattern), no `?` at the end (an empty query is dropped),
 * and printable ASCII but `\` (a `/` to the parser), `#` (where the fragment starts, which is no
 * part of either; after it anything) and what the parser percent-encodes in some scheme or part:
 * space, `"`, `'`, `<`, `>`, `^`, `` ` ``, `{`, `}`, and `|`, which Chromium encodes in a path
 * (control and non-ASCII characters are encoded too). One character per step, so that a URL it
 * refuses costs no backtracking beyond one step back per character.
 *
 * @example
 * PLAIN_PATH.lastIndex = 19;
 * PLAIN_PATH.exec('https://example.com/shop?page=2#top')?.[0]; // '/shop?page=2'
 */
export const PLAIN_PATH = /(?:\/(?!\.|%2[eE])|\?(?!#|$)|[!$%&(-.\d:;=@-[\]_a-z~])+(?=#|$)/y;

/**
 * The origin and the `pathname + search` that `new URL(url)` gives, for the robots.txt check of a
 * page URL; undefined when it is no URL. The crawl asks this for every page URL, and parsing one
 * costs about 0.45 µs (2026-11-26, bench URLs): the usual one is one of `origins` (as the URL
 * parser writes an origin, which it leaves as it is when it parses it again) followed by a plain
 * path (PLAIN_PATH), and is read off the string instead; any other is parsed.
 *
 * @example
 * originAndPath('https://example.com/a?b', new Set(['https://example.com'])); // { origin: 'https://example.com', path: '/a?b' }
 */
export function originAndPath(url: string, origins: { has(origin: string): boolean }): { origin: string; path: string } | undefined {
  const originEnd = url.indexOf('/', 8); // past "https://" and a host's first character
  const origin = url.slice(0, originEnd);
  PLAIN_PATH.lastIndex = originEnd;
  if (originEnd > 0 && origins.has(origin) && PLAIN_PATH.test(url)) return { origin, path: url.slice(originEnd, PLAIN_PATH.lastIndex) };
  try {
    const parsed = new URL(url);
    return { origin: parsed.origin, path: parsed.pathname + parsed.search };
  } catch {
    return undefined;
  }
}

/**
 * A site's robots.txt rules, asked whether a URL is disallowed for any of the user agents. Only
 * URLs on the robots.txt's own origin are judged (RFC 9309 §2.1: the rules apply to that origin).
 *
 * @example
 * const rules = new RobotsTxtRules('https://example.com/robots.txt', 'User-agent: *\nDisallow: /private');
 * rules.disallowingAgent('https://example.com/private/a', ['Googlebot', '*']); // '*'
 */
export class RobotsTxtRules {
  readonly #robots: ReturnType<typeof robotsParser>;
  /**
   * Each Disallow pattern as its literal pieces between `*`s (a final `$`, the path's end, left
   * off); null when they could not be read. Asking robots-parser costs a crawl about 2.7 µs a URL
   * for two agents (it parses the URL again per agent and tries every rule); most URLs can match
   * no Disallow pattern, and such a URL is disallowed for no agent, whatever the groups (only a
   * matching Disallow rule disallows). So the parser is asked only about the others.
   */
  readonly #disallowPieces: readonly (readonly string[])[] | null;

  constructor(robotsTxtUrl: string, text: string) {
    this.#robots = robotsParser(robotsTxtUrl, text);
    this.#disallowPieces = disallowPatternPieces(this.#robots);
  }

  /**
   * The first user agent the rules disallow `url` for, or undefined when all may fetch it (or it
   * is on another origin). `path`: `url`'s pathname and search as the URL parser gives them
   * (originAndPath), when the caller has them.
   */
  disallowingAgent(url: string, userAgents: readonly string[], path?: string): string | undefined {
    if (path !== undefined && this.#disallowPieces !== null) {
      // The path robots-parser matches: pathname and query, percent-escapes upper-cased.
      if (path.includes('%')) path = path.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());
      let candidate = false; // a loop, not some(): no closure made per page URL
      for (const pieces of this.#disallowPieces) if (mayMatch(pieces, path)) { candidate = true; break; }
      if (!candidate) return undefined;
    }
    for (const agent of userAgents) {
      // robots-parser picks the group of the agent, else `*`; "*" itself matches no named group.
      // isAllowed, not isDisallowed: that one is `!isAllowed`, true for a URL of another origin.
      if (this.#robots.isAllowed(url, agent === '*' ? 'sitemapkit-any-agent' : agent) === false) return agent;
    }
    return undefined;
  }
}

/**
 * The Disallow patterns robots-parser read (read and encoded by it: its `_rules`, by agent, of
 * the pinned 3.0.1), as pieces between `*`s; null when they are not there as expected, and then
 * the parser is asked about every URL: a speed-up that can only be lost, never a verdict changed.
 */
function disallowPatternPieces(robots: ReturnType<typeof robotsParser>): string[][] | null {
  const pieces: string[][] = [];
  try {
    // A rule without `allow` would count as a Disallow one: more URLs asked about, none fewer.
    for (const rules of Object.values((robots as unknown as { _rules: Record<string, { pattern: string; allow: boolean }[]> })._rules)) {
      for (const rule of rules) if (!rule.allow) pieces.push((rule.pattern.endsWith('$') ? rule.pattern.slice(0, -1) : rule.pattern).split('*'));
    }
  } catch {
    return null;
  }
  return pieces;
}

/**
 * Whether a pattern of these pieces can match the start of `path`, its end aside: the first piece
 * starts it, the others follow in order (the leftmost place of each leaves the most room for the
 * rest). A necessary condition for robots-parser's match, never a verdict.
 */
function mayMatch(pieces: readonly string[], path: string): boolean {
  if (!path.startsWith(pieces[0]!)) return false;
  let at = pieces[0]!.length;
  for (let i = 1; i < pieces.length; i++) {
    const found = path.indexOf(pieces[i]!, at);
    if (found < 0) return false;
    at = found + pieces[i]!.length;
  }
  return true;
}

/** The fields datetimeValue reads into: one object for every value (no allocation per entry). */
const datetimeFields = new DatetimeFields();

/**
 * A `<lastmod>` as the instant the crawl orders by: the earliest one it can mean, in milliseconds
 * since 1970, as validate reads it (readDatetime and DatetimeFields.earliestTime: a date alone
 * starts at +14:00, the first place its day begins); NaN when it is no valid datetime of the
 * profile's grammar (W3C Datetime for google, xsd:date or xsd:dateTime for xsd). So a crawl gives
 * a file the same lastmod range with `validate: false` as validating, and the range holds only
 * the valid lastmods its type promises.
 *
 * @example
 * datetimeValue('2020-01-01') < datetimeValue('2024-05-01T10:00:00+02:00'); // true
 * datetimeValue('2023-02-30'); // NaN: no such day
 */
export function datetimeValue(value: string, grammar: DatetimeGrammar = 'w3c'): number {
  return readDatetime(value, grammar, datetimeFields) === DatetimeProblem.None ? datetimeFields.earliestTime() : NaN;
}

/**
 * CrawlOptions, checked once (readCrawlOptions).
 *
 * @example
 * const { maxDepth, userAgents }: CrawlSettings = readCrawlOptions({});
 */
export interface CrawlSettings {
  fetch: CrawlFetch;
  /** `fetch` is a browser's own (browserHidesRedirects): it follows redirects itself from the first request, and is told not to answer from its HTTP cache. */
  browserFetch: boolean;
  signal: AbortSignal | undefined;
  maxDepth: number;
  maxSitemaps: number;
  maxBytes: number;
  maxEntries: number;
  maxTrackedUrls: number;
  maxIssuesPerSitemap: number;
  concurrency: number;
  concurrencyPerHost: number;
  timeout: number;
  fileTimeout: number;
  retries: number;
  retryDelay: number;
  maxRetryDelay: number;
  onProgress: ((progress: CrawlProgress) => void) | undefined;
  validate: boolean;
  profile: ValidationProfile;
  now: Date | undefined;
  refusePrivateAddresses: boolean;
  userAgents: readonly string[];
  headers: Record<string, string>;
  robotsTxt: boolean;
  guess: boolean;
}

function invalidOption(message: string): SitemapError {
  return new SitemapError('INPUT_INVALID_OPTION', message, { offset: 0 });
}

function positive(value: unknown, name: string, fallback: number): number {
  const checked = checkLimitOption(value, name, fallback);
  if (checked === 0) throw invalidOption(`${name} must be at least 1, got 0`);
  return checked;
}

/** A limit that must be finite: an endless retry loop is no setting anyone wants. */
function finite(value: unknown, name: string, fallback: number): number {
  const checked = checkLimitOption(value, name, fallback);
  if (checked === Infinity) throw invalidOption(`${name} must be a finite whole number, got Infinity`);
  return checked;
}

function flag(value: unknown, name: string, fallback: boolean): boolean {
  if (value === undefined) return fallback;
  if (typeof value !== 'boolean') throw invalidOption(`${name} must be true or false, not ${describeValue(value)}`);
  return value;
}

/**
 * Checks every option of crawlSitemaps (the types are not there at run time): a wrong one throws
 * SitemapError INPUT_INVALID_OPTION naming it, before anything is fetched.
 *
 * @example
 * const settings = readCrawlOptions({ maxSitemaps: 100 }); // settings.concurrency === 4
 */
export function readCrawlOptions(options: CrawlOptions | undefined): CrawlSettings {
  options = checkOptionsObject(options, 'crawlSitemaps options (CrawlOptions)');
  const refusePrivateAddresses = flag(options.refusePrivateAddresses, 'refusePrivateAddresses', false);
  const ownFetch: unknown = options.fetch ?? runtimeFetch({ refusePrivateAddresses });
  const fetchFunction: unknown = ownFetch ?? (typeof fetch === 'function' ? fetch.bind(globalThis) : undefined);
  if (typeof fetchFunction !== 'function') throw invalidOption(`fetch must be a function like the runtime's fetch${options.fetch === undefined ? ' (this runtime has none: pass one)' : `, not ${describeValue(options.fetch)}`}`);
  const signal: unknown = options.signal;
  if (signal !== undefined && (signal === null || typeof (signal as AbortSignal).addEventListener !== 'function' || typeof (signal as AbortSignal).aborted !== 'boolean')) {
    throw invalidOption(`signal must be an AbortSignal, not ${describeValue(signal)}`);
  }
  const profile = options.profile ?? 'google';
  if (profile !== 'google' && profile !== 'xsd') throw invalidOption(`profile must be "google" or "xsd", not ${describeValue(profile)}`);
  const now: unknown = options.now;
  if (now !== undefined && !(now instanceof Date && !Number.isNaN(now.getTime()))) throw invalidOption(`now must be a valid Date, not ${describeValue(now)}`);
  if (options.onProgress !== undefined && typeof options.onProgress !== 'function') throw invalidOption(`onProgress must be a function, not ${describeValue(options.onProgress)}`);
  const agents: unknown = options.userAgent ?? ['Googlebot', '*'];
  const userAgents = typeof agents === 'string' ? [agents] : agents;
  if (!Array.isArray(userAgents) || userAgents.length === 0 || !userAgents.every((agent) => typeof agent === 'string' && agent !== '')) {
    throw invalidOption(`userAgent must be a user agent name such as "Googlebot" or a list of them, not ${describeValue(options.userAgent)}`);
  }
  const headers = checkHeadersOption(options.headers);
  // Each option by its name, once: read(check, 'maxDepth', 5) is check(options.maxDepth, 'maxDepth', 5).
  const read = <T>(check: (value: unknown, name: string, fallback: T) => T, name: keyof CrawlOptions, fallback: T): T => check(options![name], name, fallback);
  return {
    fetch: fetchFunction as CrawlFetch,
    browserFetch: ownFetch === undefined && browserHidesRedirects(),
    signal: signal as AbortSignal | undefined,
    maxDepth: read(checkLimitOption, 'maxDepth', 5),
    maxSitemaps: read(positive, 'maxSitemaps', 10_000),
    maxBytes: read(checkLimitOption, 'maxBytes', 100 * 1024 * 1024),
    maxEntries: read(checkLimitOption, 'maxEntries', Infinity),
    maxTrackedUrls: read(checkLimitOption, 'maxTrackedUrls', 2_000_000),
    maxIssuesPerSitemap: read(checkLimitOption, 'maxIssuesPerSitemap', 100),
    concurrency: read(positive, 'concurrency', 4),
    concurrencyPerHost: read(positive, 'concurrencyPerHost', 2),
    timeout: read(positive, 'timeout', 30_000),
    fileTimeout: read(positive, 'fileTimeout', 300_000),
    retries: read(finite, 'retries', 2),
    retryDelay: read(checkLimitOption, 'retryDelay', 1000),
    maxRetryDelay: read(checkLimitOption, 'maxRetryDelay', 30_000),
    onProgress: options.onProgress,
    validate: read(flag, 'validate', true),
    profile,
    now: now as Date | undefined,
    refusePrivateAddresses,
    userAgents: [...userAgents] as string[],
    headers,
    robotsTxt: read(flag, 'robotsTxt', true),
    guess: read(flag, 'guess', true),
  };
}
