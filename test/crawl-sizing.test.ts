// The walk sizing its page-URL set (src/site/crawl-walk.ts → UrlHashSet.reserve, src/site/crawl-url-set.ts)
// from what it can foresee: the URLs of the urlsets read so far and the files still to read. A guess
// far too large (a big first file, then tiny ones) or far too small (a tiny first file, then big
// ones) changes no CRAWL_DUPLICATE_URL, nor maxTrackedUrls' cut; a guess costs tables for what it
// guessed only as URLs come, and a guess past maxTrackedUrls sizes nothing. Served by options.fetch
// (no network), in Node and in Chromium.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { crawlSitemaps, type CrawlReport } from '../src/index';
import { UrlHashSet } from '../src/site/crawl-url-set';

const site = 'https://example.com';
const urlset = (paths: string[]) => `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((path) => `<url><loc>${site}${path}</loc></url>`).join('\n')}</urlset>`;
const range = <T>(count: number, map: (n: number) => T): T[] => Array.from({ length: count }, (_, n) => map(n));

/** An index of the files (read in its order: concurrency 1), and a fetch that serves them. */
function siteOf(files: string[][]): { fetch: (url: string) => Promise<Response>; files: string[][] } {
  const bodies = new Map<string, string>([[`${site}/index.xml`, `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files.map((_, k) => `<sitemap><loc>${site}/c${k}.xml</loc></sitemap>`).join('')}</sitemapindex>`]]);
  files.forEach((paths, k) => bodies.set(`${site}/c${k}.xml`, urlset(paths)));
  return { files, fetch: async (url) => (bodies.has(url) ? new Response(bodies.get(url)!, { status: 200 }) : new Response('', { status: 404 })) };
}

/**
 * What the rule says for each file, by a Map: a URL listed again in a later file, of the first
 * maxTrackedUrls distinct ones, once a file (the file that lists it again has it from then on).
 */
function expectedDuplicates(files: string[][], maxTrackedUrls: number): string[][] {
  const last = new Map<string, number>();
  return files.map((paths, k) => paths.flatMap((path) => {
    const owner = last.get(path);
    if (owner === undefined && last.size < maxTrackedUrls) last.set(path, k);
    if (owner === undefined || owner === k) return [];
    last.set(path, k);
    return [`${site}${path}`];
  }));
}

const duplicatesOf = (report: CrawlReport, count: number) => range(count, (k) => k).map((k) => report.sitemaps.find((sitemap) => sitemap.url === `${site}/c${k}.xml`)!.issues.filter((issue) => issue.code === 'CRAWL_DUPLICATE_URL').map((issue) => issue.value!));

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the walk sizes its URL set for the walk it foresees', () => {
  // A big first file, then 39 of 40 new URLs (and a repeat or two): after the first, the guess is
  // 2,900 × 40 = 116,000, for 4,460 URLs in all.
  const tooLarge = siteOf([range(2900, (n) => `/a/${n}`), ...range(39, (k) => [`/a/${(k + 1) * 70}`, ...range(40, (j) => `/b/${k}/${j}`), ...(k > 0 ? [`/b/${k - 1}/0`] : [])])]);
  // A tiny first file, then nine of 3,000: after the first, the guess is 1 × 10 = 10.
  const tooSmall = siteOf([['/a/0'], ...range(9, (k) => [...range(3000, (n) => `/${k + 1}/${n}`), '/a/0', ...(k > 0 ? [`/${k}/5`, `/${k}/2999`] : [])])]);

  for (const validate of [false, true]) {
    it(`a guess far too large: the same duplicates, and tables for the guess only as URLs come; past maxTrackedUrls, none (validate: ${validate})`, async () => {
      const reserve = vi.spyOn(UrlHashSet.prototype, 'reserve');
      const report = await crawlSitemaps(`${site}/index.xml`, { fetch: tooLarge.fetch, concurrency: 1, concurrencyPerHost: 1, validate }).report();
      expect(report.totals.entries).toBe(2900 + 39 * 41 + 38);
      expect(duplicatesOf(report, 40)).toEqual(expectedDuplicates(tooLarge.files, 2_000_000));
      expect(duplicatesOf(report, 40).flat()).toHaveLength(39 + 38);
      // Once a file before each urlset but the first: the URLs so far times (files read + files left) / files read.
      expect(reserve).toHaveBeenCalledTimes(39);
      expect(reserve.mock.calls[0]).toEqual([116_000, 2_000_000]);
      expect(reserve.mock.calls[1]).toEqual([2940 * (1 + 38 / 2), 2_000_000]);
      const set = reserve.mock.contexts[0] as UrlHashSet;
      expect(set.size).toBe(2900 + 39 * 40);
      // The shards that filled after the first file (11 buckets of 6 slots hold 57 URLs; each has
      // about 70 at the end) grew to their share of 116,000, 377 buckets: the guess's cost, which
      // the tables for maxTrackedUrls bound.
      expect(set.byteLength).toBeGreaterThanOrEqual(64 * 11 * 64 + (377 - 17) * 64);
      expect(set.byteLength).toBeLessThanOrEqual(64 * 377 * 64);
      expect(report.issues).toEqual([]);
      // A guess past maxTrackedUrls sizes nothing: the set grows by half as it did.
      const capped = await crawlSitemaps(`${site}/index.xml`, { fetch: tooLarge.fetch, concurrency: 1, concurrencyPerHost: 1, validate, maxTrackedUrls: 5000 }).report();
      expect(duplicatesOf(capped, 40)).toEqual(expectedDuplicates(tooLarge.files, 5000));
      expect(reserve.mock.calls[39]).toEqual([116_000, 5000]);
      // …and no shard grows by half past its share of maxTrackedUrls (16 buckets for 5,000) unless it fills that too.
      expect((reserve.mock.contexts[39] as UrlHashSet).byteLength).toBeLessThanOrEqual(64 * 24 * 64);
    });

    it(`a guess far too small: the same duplicates as the set grows on, and maxTrackedUrls' cut where it was (validate: ${validate})`, async () => {
      const reserve = vi.spyOn(UrlHashSet.prototype, 'reserve');
      const report = await crawlSitemaps(`${site}/index.xml`, { fetch: tooSmall.fetch, concurrency: 1, concurrencyPerHost: 1, validate }).report();
      expect(duplicatesOf(report, 10)).toEqual(expectedDuplicates(tooSmall.files, 2_000_000));
      expect(duplicatesOf(report, 10).flat()).toHaveLength(9 + 8 * 2);
      expect(reserve.mock.calls[0]).toEqual([10, 2_000_000]);
      expect((reserve.mock.contexts[0] as UrlHashSet).size).toBe(27_001);
      // Past maxTrackedUrls (here within the second file) URLs are looked up, not remembered.
      const formatted = vi.spyOn(Number.prototype, 'toLocaleString');
      const capped = await crawlSitemaps(`${site}/index.xml`, { fetch: tooSmall.fetch, concurrency: 1, concurrencyPerHost: 1, validate, maxTrackedUrls: 2000 }).report();
      expect(duplicatesOf(capped, 10)).toEqual(expectedDuplicates(tooSmall.files, 2000));
      expect(capped.issues.map((issue) => [issue.code, issue.value])).toEqual([['CRAWL_LIMIT_REACHED', 'maxTrackedUrls']]);
      expect(capped.issues[0]!.message).toMatch(/^More than maxTrackedUrls \(2,000\) page URLs/);
      // Its message made once, not for each of the 25,001 URLs past the cap (its number's
      // formatting took 1.7 s of the 200-sitemap walk's 12: bench/README.md, Crawl, round 26).
      expect(formatted.mock.contexts.filter((number) => Number(number) === 2000)).toHaveLength(1);
      const set = reserve.mock.contexts.at(-1) as UrlHashSet;
      expect(set.size).toBe(2000);
      expect(set.byteLength).toBe(64 * 11 * 64); // 2,000 URLs fill no shard: the guess of 10,000 allocated nothing
    });
  }
});
