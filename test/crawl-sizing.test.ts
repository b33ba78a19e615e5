// The walk sizing its page-URL set (src/site/crawl-walk.ts → UrlHashSet.reserve, src/site/crawl-url-set.ts)
// from what it can foresee: the URLs of the urlsets read so far and the files still to read. A guess
// far too large (a big first file, then tiny ones) or far too small (a tiny first file, then big
// ones) changes no CRAWL_DUPLICATE_URL, nor maxTrackedUrls' cut, and a guess costs at most the tables
// of maxTrackedUrls URLs, allocated only as URLs come. Served by options.fetch (no network), in Node and in Chromium.

import { afterEach, describe, expect, it, vi } from 'vitest';
import { crawlSitemaps, type CrawlReport } from '../src/index';
import { UrlHashSet } from '../src/site/crawl-url-set';

const site = 'https://example.com';
const urlset = (paths: string[]) => `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((path) => `<url><loc>${site}${path}</loc></url>`).join('\n')}</urlset>`;
const range = (count: number, map: (n: number) => string) => Array.from({ length: count }, (_, n) => map(n));

/** An index of the files (read in its order: concurrency 1), and a fetch that serves them. */
function siteOf(files: string[][]): { fetch: (url: string) => Promise<Response>; files: string[][] } {
  const bodies = new Map<string, string>([[`${site}/index.xml`, `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${files.map((_, k) => `<sitemap><loc>${site}/c${k}.xml</loc></sitemap>`).join('')}</sitemapindex>`]]);
  files.forEach((paths, k) => bodies.set(`${site}/c${k}.xml`, urlset(paths)));
  return { files, fetch: async (url) => (bodies.has(url) ? new Response(bodies.get(url)!, { status: 200 }) : new Response('', { status: 404 })) };
}

/** What the rule says for each file, by a Map: a URL listed again in a later file, of the first maxTrackedUrls distinct ones. */
function expectedDuplicates(files: string[][], maxTrackedUrls: number): string[][] {
  const first = new Map<string, number>();
  return files.map((paths, k) => paths.flatMap((path) => {
    const owner = first.get(path);
    if (owner === undefined && first.size < maxTrackedUrls) first.set(path, k);
    return owner !== undefined && owner !== k ? [`${site}${path}`] : [];
  }));
}

const duplicatesOf = (report: CrawlReport, count: number) => range(count, (k) => k).map((k) => report.sitemaps.find((sitemap) => sitemap.url === `${site}/c${k}.xml`)!.issues.filter((issue) => issue.code === 'CRAWL_DUPLICATE_URL').map((issue) => issue.value!));

/** The most a guess may cost: every shard grown to its share of maxTrackedUrls at 0.72 full, 10 bytes a slot (src/site/crawl-url-set.ts reserve). */
const capTables = (maxTrackedUrls: number) => 64 * Math.floor(maxTrackedUrls / 46) * 10;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the walk sizes its URL set for the walk it foresees', () => {
  // A big first file, then 39 of two URLs: after the first, the guess is 3,000 × 40 = 120,000.
  const tooLarge = siteOf([range(3000, (n) => `/a/${n}`), ...range(39, (k) => [`/a/${(k + 1) * 70}`, `/b/${k}`, ...(k > 0 ? [`/b/${k - 1}`] : [])])]);
  // A tiny first file, then nine of 3,000: after the first, the guess is 1 × 10 = 10.
  const tooSmall = siteOf([['/a/0'], ...range(9, (k) => [...range(3000, (n) => `/${k + 1}/${n}`), '/a/0', ...(k > 0 ? [`/${k}/5`, `/${k}/2999`] : [])])]);

  for (const validate of [false, true]) {
    it(`a guess far too large: the same duplicates, and the set no larger than maxTrackedUrls' tables (validate: ${validate})`, async () => {
      const reserve = vi.spyOn(UrlHashSet.prototype, 'reserve');
      const report = await crawlSitemaps(`${site}/index.xml`, { fetch: tooLarge.fetch, concurrency: 1, concurrencyPerHost: 1, validate, maxTrackedUrls: 5000 }).report();
      expect(report.totals.entries).toBe(3000 + 39 * 3 - 1);
      expect(duplicatesOf(report, 40)).toEqual(expectedDuplicates(tooLarge.files, 5000));
      expect(duplicatesOf(report, 40).flat()).toHaveLength(39 + 38);
      // Once a file before each urlset but the first: the URLs so far times (files read + files left) / files read.
      expect(reserve).toHaveBeenCalledTimes(39);
      expect(reserve.mock.calls[0]).toEqual([120_000, 5000]);
      expect(reserve.mock.calls[1]).toEqual([3001 * (1 + 38 / 2), 5000]);
      const set = reserve.mock.contexts[0] as UrlHashSet;
      expect(set.size).toBe(3000 + 39);
      // Its shards that filled grew to their share of the cap (108 slots), not of the guess (2,608).
      expect(set.byteLength).toBeGreaterThan(64 * 64 * 10);
      expect(set.byteLength).toBeLessThanOrEqual(capTables(5000));
      expect(report.issues).toEqual([]);
    });

    it(`a guess far too small: the same duplicates as the set grows on, and maxTrackedUrls' cut where it was (validate: ${validate})`, async () => {
      const reserve = vi.spyOn(UrlHashSet.prototype, 'reserve');
      const report = await crawlSitemaps(`${site}/index.xml`, { fetch: tooSmall.fetch, concurrency: 1, concurrencyPerHost: 1, validate }).report();
      expect(duplicatesOf(report, 10)).toEqual(expectedDuplicates(tooSmall.files, 2_000_000));
      expect(duplicatesOf(report, 10).flat()).toHaveLength(9 + 8 * 2);
      expect(reserve.mock.calls[0]).toEqual([10, 2_000_000]);
      expect((reserve.mock.contexts[0] as UrlHashSet).size).toBe(27_001);
      // Past maxTrackedUrls (here within the second file) URLs are looked up, not remembered.
      const capped = await crawlSitemaps(`${site}/index.xml`, { fetch: tooSmall.fetch, concurrency: 1, concurrencyPerHost: 1, validate, maxTrackedUrls: 2000 }).report();
      expect(duplicatesOf(capped, 10)).toEqual(expectedDuplicates(tooSmall.files, 2000));
      expect(capped.issues.map((issue) => [issue.code, issue.value])).toEqual([['CRAWL_LIMIT_REACHED', 'maxTrackedUrls']]);
      const set = reserve.mock.contexts.at(-1) as UrlHashSet;
      expect(set.size).toBe(2000);
      expect(set.byteLength).toBe(64 * 64 * 10); // 2,000 URLs fill no shard: the guess of 10,000 allocated nothing
    });
  }
});
