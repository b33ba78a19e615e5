// crawlSitemaps (src/site/crawl.ts) against real local web sites (test/fixtures/crawl-sites.ts, served
// by node:http from globalSetup), in Node and in Chromium: every case of issue #17's test list,
// each asserting the report (statuses, formats, issues, counts) and how often each path was asked.

import { describe, expect, inject, it } from 'vitest';
import { checkUrls, crawlSitemaps, CrawlIssueCode, gzip, parse, parseFeed, parseTextSitemap, searchConsoleReport, SitemapError, validate, type CrawledEntry, type CrawledSitemap, type CrawlProgress, type CrawlReport, type Issue, type IssueCode } from '../src/index';
import { inBrowser } from './fixtures';
import { inflatedBytesForTesting } from '../src/input/gzip';
import { addIssues } from '../src/site/crawl-records';
import { largeFeed, largeText } from './fixtures/crawl-texts';

const sites = inject('crawlSites');

async function requestCounts(origin: string): Promise<Record<string, number>> {
  return (await fetch(`${origin}/__requests`, { cache: 'no-store' })).json() as Promise<Record<string, number>>;
}

async function reset(origin: string): Promise<void> {
  await fetch(`${origin}/__reset`, { cache: 'no-store' });
}

function sitemapAt(report: CrawlReport, url: string): CrawledSitemap {
  const sitemap = report.sitemaps.find((candidate) => candidate.url === url);
  if (!sitemap) throw new Error(`no sitemap ${url} in the report: ${report.sitemaps.map((candidate) => candidate.url).join(', ')}`);
  return sitemap;
}

const codes = (issues: readonly Issue<IssueCode>[]) => issues.map((issue) => issue.code);

/** Quick retries for the tests; Retry-After (1 s) still has to be waited for. */
const FAST = { retryDelay: 10, maxRetryDelay: 5000, timeout: 5000 } as const;

/**
 * A fetch that counts the bytes taken from each body, by the URL's path (`taken`), to see how far a
 * body had been read when; and the largest chunk it passed on (the streams between it and the walk
 * hold a few of them).
 */
function countingFetch(): { fetch: (url: string | URL | Request, init?: RequestInit) => Promise<Response>; taken: Map<string, number>; largestChunk: () => number } {
  const taken = new Map<string, number>();
  let largest = 0;
  const counting = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const response = await fetch(url, init);
    const key = new URL(String(url)).pathname;
    taken.set(key, 0);
    if (!response.body) return response;
    const body = response.body.pipeThrough(new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        taken.set(key, taken.get(key)! + chunk.length);
        largest = Math.max(largest, chunk.length);
        controller.enqueue(chunk);
      },
    }));
    const counted = new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
    Object.defineProperty(counted, 'url', { value: response.url }); // where a browser's own redirects led: a new Response has none
    return counted;
  };
  return { fetch: counting, taken, largestChunk: () => largest };
}

describe('crawlSitemaps on a site with everything (robots.txt, indexes, errors, redirects, gzip)', () => {
  const { origin: o, otherOrigin: l } = sites.main;
  let report: CrawlReport;
  let counts: Record<string, number>;
  let entries: CrawledEntry[];
  let progress: CrawlProgress[];

  it('walks it to the end, iterating every entry', async () => {
    await reset(o);
    progress = [];
    entries = [];
    const walk = crawlSitemaps(`${o}/`, { ...FAST, onProgress: (state) => progress.push(state) });
    for await (const entry of walk) entries.push(entry);
    report = await walk.report();
    counts = await requestCounts(o);
    expect(report.cancelled).toBe(false);
    expect(report.start).toEqual([`${o}/`]);
  }, 30_000);

  it('reads robots.txt: its Sitemap lines (absolute, relative, another host, a repeat) with their issues', () => {
    expect(report.robotsTxt).toHaveLength(1);
    const robots = report.robotsTxt[0]!;
    expect(robots).toMatchObject({ url: `${o}/robots.txt`, status: 200, sitemaps: [`${o}/index.xml`, `${o}/plain.xml.gz`, `${l}/other-host.xml`] });
    expect(codes(robots.issues)).toEqual(['ROBOTS_SITEMAP_RELATIVE_URL', 'ROBOTS_SITEMAP_DUPLICATE']);
    expect(robots.issues[0]).toMatchObject({ line: 9, column: 10 });
    for (const url of robots.sitemaps) expect(sitemapAt(report, url)).toMatchObject({ via: 'robots', depth: 0, parent: `${o}/robots.txt` });
    expect(sitemapAt(report, `${l}/other-host.xml`)).toMatchObject({ status: 200, format: 'urlset', entries: 2, failed: false, issues: [] });
  });

  it('follows index → index → urlset, with the index rules: nested, cycle, child listed twice, stale lastmod, failed children', () => {
    const index = sitemapAt(report, `${o}/index.xml`);
    expect(index).toMatchObject({ format: 'sitemapindex', status: 200, entries: 16, failed: false });
    expect(index.children).toHaveLength(16);
    const nested = sitemapAt(report, `${o}/nested-index.xml`);
    expect(nested).toMatchObject({ via: 'index', depth: 1, parent: `${o}/index.xml`, format: 'sitemapindex' });
    expect(codes(nested.issues)).toEqual(['CRAWL_CYCLE']);
    expect(sitemapAt(report, `${o}/deep.xml`)).toMatchObject({ depth: 2, parent: `${o}/nested-index.xml`, format: 'urlset', entries: 2 });
    const indexCodes = codes(index.issues);
    expect(indexCodes).toContain('INDEX_NESTED');
    expect(indexCodes).toContain('CRAWL_REPEATED_SITEMAP');
    expect(indexCodes).toContain('CRAWL_UNSUPPORTED_URL');
    expect(index.issues.find((issue) => issue.code === 'CRAWL_STALE_INDEX_LASTMOD')).toMatchObject({ severity: 'warning', value: `${o}/pages.xml` });
    const failedChildren = index.issues.filter((issue) => issue.code === 'CRAWL_CHILD_FAILED').map((issue) => issue.value).sort();
    expect(failedChildren).toEqual([`${o}/gone.xml`, `${o}/loop-a.xml`, `${o}/missing.xml`, `${o}/soft-404.xml`]);
    // validate's own issues of the index are there too, with positions.
    expect(index.issues.find((issue) => issue.code === 'SITEMAP_BAD_LOC')).toMatchObject({ line: 18, column: 15 });
    expect(report.totals.indexes).toBe(2);
  });

  it('reports 404 and 410 once each, retries 500 and 429 (honouring Retry-After), and reads the HTML page as a soft 404', () => {
    expect(sitemapAt(report, `${o}/missing.xml`)).toMatchObject({ status: 404, failed: true, format: undefined });
    expect(codes(sitemapAt(report, `${o}/missing.xml`).issues)).toEqual(['CRAWL_HTTP_ERROR']);
    expect(sitemapAt(report, `${o}/gone.xml`)).toMatchObject({ status: 410, failed: true });
    expect(sitemapAt(report, `${o}/flaky.xml`)).toMatchObject({ status: 200, format: 'urlset', entries: 1, failed: false, issues: [] });
    expect(sitemapAt(report, `${o}/busy.xml`)).toMatchObject({ status: 200, format: 'urlset', entries: 1, failed: false, issues: [] });
    // Retry-After: 1 was waited for.
    expect(report.totals.durationMs).toBeGreaterThanOrEqual(900);
    const soft404 = sitemapAt(report, `${o}/soft-404.xml`);
    expect(soft404).toMatchObject({ status: 200, format: 'html', failed: true });
    expect(soft404.issues[0]).toMatchObject({ code: 'SITEMAP_HTML', line: 1, column: 1 });
    expect(counts['/missing.xml']).toBe(1);
    expect(counts['/gone.xml']).toBe(1);
    expect(counts['/flaky.xml']).toBe(2);
    expect(counts['/busy.xml']).toBe(2);
    expect(counts['/soft-404.xml']).toBe(1);
  });

  it('follows a redirect chain, stops a redirect loop, and reports a redirect to another host', () => {
    expect(sitemapAt(report, `${o}/redirect-1.xml`)).toMatchObject({ finalUrl: `${o}/moved.xml`, status: 200, format: 'urlset', entries: 1, issues: [] });
    expect(entries.find((entry) => entry.loc === `${o}/moved-1`)?.sitemap).toBe(`${o}/moved.xml`);
    const loop = sitemapAt(report, `${o}/loop-a.xml`);
    expect(loop.failed).toBe(true);
    const cross = sitemapAt(report, `${o}/cross.xml`);
    expect(cross).toMatchObject({ finalUrl: `${l}/cross-target.xml`, status: 200, entries: 1 });
    expect(codes(cross.issues)).toEqual(['CRAWL_CROSS_HOST_REDIRECT']);
    expect(counts['/moved.xml']).toBe(1);
    expect(counts['/cross-target.xml']).toBe(1);
    if (inBrowser) {
      // Chromium hides manual redirects (opaqueredirect): the first one is asked again with
      // redirect 'follow', and a loop ends as a network error after Chromium's 20 hops.
      expect(loop.status).toBe(0);
      expect(codes(loop.issues)).toEqual(['CRAWL_NETWORK_ERROR']);
    } else {
      expect(loop.status).toBe(302);
      expect(codes(loop.issues)).toEqual(['CRAWL_TOO_MANY_REDIRECTS']);
      expect(loop.issues[0]!.message).toMatch(/loop/);
      expect([counts['/redirect-1.xml'], counts['/redirect-2.xml'], counts['/loop-a.xml'], counts['/loop-b.xml'], counts['/cross.xml']]).toEqual([1, 1, 1, 1, 1]);
    }
  });

  it('reads .gz files, gzip transfer encoding and both at once, a text sitemap and an RSS feed', () => {
    expect(sitemapAt(report, `${o}/plain.xml.gz`)).toMatchObject({ compressed: true, format: 'urlset', entries: 2 });
    expect(sitemapAt(report, `${o}/encoded.xml`)).toMatchObject({ format: 'urlset', entries: 1 });
    expect(sitemapAt(report, `${o}/both.xml.gz`)).toMatchObject({ compressed: true, format: 'urlset', entries: 1, issues: [] });
    if (!inBrowser) expect(sitemapAt(report, `${o}/encoded.xml`).compressed).toBe(true);
    expect(sitemapAt(report, `${o}/urls.txt`)).toMatchObject({ format: 'text', entries: 3, failed: false });
    expect(sitemapAt(report, `${o}/feed.rss`)).toMatchObject({ format: 'rss', entries: 2, lastmod: { min: '2003-06-10T04:00:00+00:00', max: '2003-06-10T04:00:00+00:00' } });
    for (const path of ['/plain.xml.gz', '/encoded.xml', '/both.xml.gz', '/urls.txt', '/feed.rss']) expect(counts[path], path).toBe(1);
  });

  it('applies the site-level rules to entries: robots.txt Disallow (for * and Googlebot) and a URL in two sitemaps', () => {
    const pages = sitemapAt(report, `${o}/pages.xml`);
    const blocked = pages.issues.filter((issue) => issue.code === 'CRAWL_BLOCKED_BY_ROBOTS_TXT');
    expect(blocked.map((issue) => issue.value)).toEqual([`${o}/private/secret`, `${o}/no-google/page`]);
    expect(blocked.every((issue) => issue.severity === 'error')).toBe(true);
    expect(pages.lastmod).toEqual({ min: '2023-01-01', max: '2024-05-01' });
    const deep = sitemapAt(report, `${o}/deep.xml`);
    const duplicate = [...pages.issues, ...deep.issues].filter((issue) => issue.code === 'CRAWL_DUPLICATE_URL');
    expect(duplicate).toHaveLength(1);
    expect(duplicate[0]!.value).toBe(`${o}/a`);
  });

  it('hands every page entry on once, with the sitemap it came from, and counts what it did', () => {
    expect(entries).toHaveLength(21);
    expect(report.totals).toMatchObject({ sitemaps: 18, failed: 4, entries: 21 });
    // 23 paths, two of them asked twice (500, 429); Chromium follows redirects itself after the first (fewer requests of ours).
    if (inBrowser) expect(report.totals.requests).toBeGreaterThanOrEqual(20);
    else expect(report.totals.requests).toBe(25);
    expect(report.totals.errors).toBe([...report.sitemaps.flatMap((sitemap) => sitemap.issues), ...report.robotsTxt.flatMap((robots) => robots.issues), ...report.issues].filter((issue) => issue.severity === 'error').length);
    const locs = entries.map((entry) => entry.loc);
    expect(new Set(locs).size).toBe(20); // /a is listed twice (pages.xml and deep.xml), and handed on from each
    expect(entries.find((entry) => entry.loc === `${l}/x1`)?.sitemap).toBe(`${l}/other-host.xml`);
    expect(entries.find((entry) => entry.loc === `${o}/t2`)?.sitemap).toBe(`${o}/urls.txt`);
    expect(report.issues).toEqual([]);
    // Each sitemap URL was fetched once, however often it was listed (index.xml: robots.txt twice and a cycle; pages.xml twice).
    for (const path of ['/robots.txt', '/index.xml', '/nested-index.xml', '/pages.xml', '/deep.xml', '/other-host.xml']) expect(counts[path], path).toBe(1);
    expect(progress.length).toBeGreaterThan(5);
    const last = progress.at(-1)!;
    expect(last.sitemapsFound).toBeGreaterThanOrEqual(last.sitemapsDone);
  });

  it('gives the same report when report() runs the walk alone (entries counted, not kept)', async () => {
    const alone = await crawlSitemaps(`${o}/`, FAST).report();
    expect(alone.totals.entries).toBe(21);
    expect(alone.sitemaps.map((sitemap) => [sitemap.url, sitemap.status, sitemap.format, sitemap.entries])).toEqual(report.sitemaps.map((sitemap) => [sitemap.url, sitemap.status, sitemap.format, sitemap.entries]));
  }, 30_000);

  it('names a Search Console report for every code it reported', () => {
    const all = [...report.sitemaps.flatMap((sitemap) => sitemap.issues), ...report.robotsTxt.flatMap((robots) => robots.issues)];
    for (const issue of all) expect(typeof searchConsoleReport[issue.code], issue.code).toBe('string');
    expect(Object.values(CrawlIssueCode)).toContain('CRAWL_CHILD_FAILED');
  });

  it('waits out Retry-After outside fileTimeout: a retry\'s delay is the walk\'s wait, not the server\'s', async () => {
    await reset(o);
    const report = await crawlSitemaps(`${o}/busy.xml`, { ...FAST, fileTimeout: 500 }).report();
    expect(sitemapAt(report, `${o}/busy.xml`)).toMatchObject({ status: 200, entries: 1, failed: false, issues: [] });
    expect((await requestCounts(o))['/busy.xml']).toBe(2); // 429 with Retry-After: 1, then the file
  }, 30_000);
});

describe('crawlSitemaps finding sitemaps without robots.txt', () => {
  it('tries the well-known places, follows a redirect among them, and reports only what it found', async () => {
    const { origin: o } = sites.guess;
    await reset(o);
    const report = await crawlSitemaps(`${o}/`, FAST).report();
    const counts = await requestCounts(o);
    expect(report.robotsTxt[0]).toMatchObject({ status: 404, sitemaps: [], issues: [] });
    // /sitemap.xml redirects to /sitemap_index.xml, itself a guess: that one file is read once, as itself.
    expect(report.sitemaps.map((sitemap) => [sitemap.url, sitemap.via, sitemap.format, sitemap.entries])).toEqual([
      [`${o}/sitemap_index.xml`, 'guess', 'sitemapindex', 1],
      [`${o}/post-sitemap.xml`, 'index', 'urlset', 2],
    ]);
    const found = report.guesses.filter((guess) => guess.found).map((guess) => guess.url).sort();
    expect(found).toEqual([`${o}/sitemap.xml`, `${o}/sitemap_index.xml`]);
    // The redirect leads to a guess: the guess has the redirect's status (a browser follows it
    // itself and gives the target's) and is found through that file.
    expect(report.guesses.find((guess) => guess.url === `${o}/sitemap.xml`)).toEqual({ url: `${o}/sitemap.xml`, finalUrl: `${o}/sitemap_index.xml`, status: inBrowser ? 200 : 301, found: true });
    expect(report.guesses.find((guess) => guess.url === `${o}/sitemap_index.xml`)).toEqual({ url: `${o}/sitemap_index.xml`, finalUrl: `${o}/sitemap_index.xml`, status: 200, found: true });
    // The redirect and its target are one sitemap: read once.
    expect(report.sitemaps.filter((sitemap) => sitemap.format === 'sitemapindex')).toHaveLength(1);
    expect(report.guesses.find((guess) => guess.url === `${o}/sitemap.txt`)).toMatchObject({ status: 200, found: false });
    expect(report.guesses.find((guess) => guess.url === `${o}/wp-sitemap.xml`)).toMatchObject({ status: 404, found: false });
    expect(report.guesses).toHaveLength(7);
    expect(report.totals.entries).toBe(2);
    expect(report.issues).toEqual([]);
    expect(counts['/post-sitemap.xml']).toBe(1);
    for (const path of ['/sitemap-index.xml', '/sitemap.xml.gz', '/wp-sitemap.xml', '/sitemap.txt', '/news-sitemap.xml', '/robots.txt']) expect(counts[path], path).toBe(1);
    // /sitemap_index.xml asked for once, though /sitemap.xml redirects there: the redirect is not
    // followed. A browser follows redirects itself (once the walk has seen one, every later one),
    // so there the target is asked for by both.
    if (inBrowser) expect(counts['/sitemap_index.xml']).toBe(2);
    else expect([counts['/sitemap.xml'], counts['/sitemap_index.xml']]).toEqual([1, 1]);
  }, 30_000);

  it('reads a large guess as it arrives, and takes no more of a page than its read-ahead', async () => {
    const { origin: o } = sites.largeGuess;
    await reset(o);
    const { fetch: counting, taken, largestChunk } = countingFetch();
    const crawl = crawlSitemaps(`${o}/`, { ...FAST, fetch: counting });
    let entries = 0;
    let takenAtFirst = -1;
    const from = new Set<string>();
    for await (const entry of crawl) {
      if (entries++ === 0) takenAtFirst = taken.get('/sitemap.xml')!;
      from.add(entry.sitemap);
    }
    expect([...from]).toEqual([`${o}/sitemap.xml`]);
    const report = await crawl.report();
    const size = sitemapAt(report, `${o}/sitemap.xml`).bytes;
    expect(size).toBeGreaterThan(3_000_000);
    expect(entries).toBe(40_000);
    expect(report.sitemaps.map((sitemap) => [sitemap.url, sitemap.via, sitemap.status, sitemap.format, sitemap.entries])).toEqual([[`${o}/sitemap.xml`, 'guess', 200, 'urlset', 40_000]]);
    // Its first entries came before its last bytes: read as it arrived, not gathered whole first
    // (within the read-ahead and the chunks in flight; Chromium may hand over a body in one piece).
    expect(takenAtFirst).toBeGreaterThan(0);
    expect(takenAtFirst).toBeLessThanOrEqual(1024 * 1024 + 3 * largestChunk());
    expect(taken.get('/sitemap.xml')).toBe(size);
    // The page at /sitemap.txt: its head sniffed, then dropped: no more of it taken than a file
    // waiting for its turn reads ahead.
    const page = report.guesses.find((guess) => guess.url === `${o}/sitemap.txt`)!;
    expect(page).toMatchObject({ status: 200, found: false });
    expect(taken.get('/sitemap.txt')).toBeLessThanOrEqual(1024 * 1024 + 3 * largestChunk());
    // /sitemap_index.xml redirects to /sitemap.xml, read already: not followed (a browser follows
    // it itself, and the body is dropped), and found through it.
    expect(report.guesses.find((guess) => guess.url === `${o}/sitemap_index.xml`)).toEqual({ url: `${o}/sitemap_index.xml`, finalUrl: `${o}/sitemap.xml`, status: inBrowser ? 200 : 301, found: true });
    expect(report.issues).toEqual([]);
    const counts = await requestCounts(o);
    expect(counts['/sitemap.txt']).toBe(1);
    if (inBrowser) expect(counts['/sitemap.xml']).toBe(2);
    else expect([counts['/sitemap.xml'], counts['/sitemap_index.xml']]).toEqual([1, 1]);
  }, 60_000);

  it('says CRAWL_NO_SITEMAP when neither robots.txt nor any well-known place has one (a guess that is missing is no issue)', async () => {
    const { origin: o } = sites.empty;
    await reset(o);
    const report = await crawlSitemaps(`${o}/`, FAST).report();
    expect(report.sitemaps).toEqual([]);
    expect(report.guesses.every((guess) => !guess.found)).toBe(true);
    expect(codes(report.issues)).toEqual(['CRAWL_NO_SITEMAP']);
    expect(report.issues[0]).toMatchObject({ severity: 'error', url: `${o}/` });
    const counts = await requestCounts(o);
    expect(counts['/robots.txt']).toBe(1);
    expect(counts['/sitemap.xml']).toBe(1);
  }, 30_000);
});

describe('crawlSitemaps within limits', () => {
  const { origin: o } = sites.limits;

  for (const kind of ['text sitemap', 'feed'] as const) {
    const [extension, format, large, parseWhole] = kind === 'feed'
      ? ['rss', 'rss', largeFeed, (bytes: Uint8Array) => parseFeed(bytes, { recover: true, maxBytes: Infinity })] as const
      : ['txt', 'text', largeText, (bytes: Uint8Array) => parseTextSitemap(bytes, { recover: true, maxBytes: Infinity })] as const;
    it(`reads a large ${kind} as it arrives (plain, .gz, gzip transfer): ${kind === 'feed' ? 'parseFeed' : 'parseTextSitemap'}'s issues and every URL`, async () => {
      await reset(o);
      const files = [[`/large.${extension}`, 'plain'], [`/large.${extension}.gz`, 'gz'], [`/large-encoded.${extension}`, 'encoded']] as const;
      // Bytes taken from each body, to see that entries come before the end.
      const { fetch: counting, taken, largestChunk } = countingFetch();
      const crawl = crawlSitemaps(files.map(([path]) => `${o}${path}`), { ...FAST, concurrency: 1, fetch: counting });
      const locs = new Map<string, string[]>();
      let takenAtFirst = -1;
      for await (const entry of crawl) {
        if (takenAtFirst < 0) takenAtFirst = taken.get(files[0][0])!;
        const list = locs.get(entry.sitemap) ?? [];
        list.push(entry.loc);
        locs.set(entry.sitemap, list);
      }
      const report = await crawl.report();
      for (const [path, name] of files) {
        const bytes = large(o, name);
        const whole = parseWhole(bytes);
        const count = (code: string) => whole.issues.filter((issue) => issue.code === code).length;
        if (kind === 'feed') expect([count('SITEMAP_MISSING_LOC'), count('SITEMAP_BAD_LASTMOD')]).toEqual([100, 50]);
        else {
          expect([count('INPUT_ENCODING'), count('SITEMAP_BAD_LOC') >= 100, count('SITEMAP_LOC_NOT_ESCAPED') >= 41]).toEqual([1, true, true]);
          expect(whole.issues[0]!.line).toBeGreaterThan(19_000); // INPUT_ENCODING: first in the whole file's issues, half-way in the file
        }
        expect(whole.issues.length).toBeGreaterThan(100);
        // The record has what a whole file's issues give it: all counted, the first 100 kept, in the whole file's order.
        const expected = { issues: [], issueCounts: {}, errors: 0, warnings: 0 } as unknown as CrawledSitemap;
        addIssues(expected, whole.issues, 100);
        const sitemap = sitemapAt(report, `${o}${path}`);
        expect(sitemap, path).toMatchObject({ status: 200, failed: false, format, entries: whole.urls.length, compressed: name !== 'plain', bytes: bytes.length });
        expect({ path, issues: sitemap.issues, issueCounts: sitemap.issueCounts, errors: sitemap.errors, warnings: sitemap.warnings }).toEqual({ path, ...JSON.parse(JSON.stringify(expected)) });
        // In the same order too (two walks' reports are compared as JSON: found by the crawl fuzz family).
        expect(JSON.stringify(sitemap.issueCounts)).toBe(JSON.stringify(expected.issueCounts));
        expect(locs.get(`${o}${path}`), path).toEqual(whole.urls.map((url) => url.loc));
      }
      // Its first entries came before its last bytes (within the read-ahead and the chunks in flight).
      expect(takenAtFirst).toBeGreaterThan(0);
      expect(takenAtFirst).toBeLessThanOrEqual(1024 * 1024 + 3 * largestChunk());
      expect(taken.get(files[0][0])).toBe(sitemapAt(report, `${o}${files[0][0]}`).bytes);
      // Stopped at maxEntries half-way: the entries end there, and the file is still read to its end
      // for the issues of the whole file.
      const stopped = crawlSitemaps(`${o}${files[0][0]}`, { ...FAST, maxEntries: 1000 });
      let given = 0;
      for await (const entry of stopped) if (entry.loc.startsWith(`${o}/plain/`)) given++;
      const stoppedReport = await stopped.report();
      expect(given).toBe(1000);
      expect(codes(stoppedReport.issues)).toEqual(['CRAWL_LIMIT_REACHED']);
      const plain = sitemapAt(report, `${o}${files[0][0]}`);
      expect(sitemapAt(stoppedReport, `${o}${files[0][0]}`)).toMatchObject({ entries: 1000, bytes: plain.bytes, issues: plain.issues, issueCounts: plain.issueCounts });
    }, 60_000);
  }

  it('reads a file cut off past its head up to the cut, whether the cut is known by its turn or comes later', async () => {
    const bytes = new Uint8Array(await (await fetch(`${o}/large.xml`, { cache: 'no-store' })).arrayBuffer());
    const cut = 100_000; // past the 32 KiB head, a third of the way
    /**
     * A fetch whose body of /large.xml stops at `cut` with a network error, `pause` ms after its
     * bytes; /small.xml (read first) answers `delay` ms late, so that /large.xml waits for its turn.
     */
    const cutFetch = (pause: number, delay: number) => async (url: string | URL | Request): Promise<Response> => {
      if (String(url).endsWith('/small.xml')) {
        await new Promise((resolve) => setTimeout(resolve, delay));
        return fetch(url);
      }
      let pulls = 0;
      return new Response(new ReadableStream<Uint8Array>({
        async pull(controller) {
          if (pulls++ === 0) return controller.enqueue(bytes.slice(0, cut));
          await new Promise((resolve) => setTimeout(resolve, pause));
          controller.error(new TypeError('terminated'));
        },
      }), { status: 200, headers: { 'content-type': 'application/xml' } });
    };
    const walks = [];
    for (const [pause, delay] of [[0, 300], [300, 0]]) {
      const crawl = crawlSitemaps([`${o}/small.xml`, `${o}/large.xml`], { ...FAST, retries: 0, fetch: cutFetch(pause, delay) });
      const locs: string[] = [];
      for await (const entry of crawl) if (entry.sitemap.endsWith('/large.xml')) locs.push(entry.loc);
      const { status, failed, format, entries, issues } = sitemapAt(await crawl.report(), `${o}/large.xml`);
      walks.push({ locs: locs.length, status, failed, format, entries, issues: codes(issues) });
    }
    // The entries before the cut were handed on, and the file failed, in both walks alike (the
    // first: the cut known before its turn came; it was reported as failing at once, no entries).
    expect(walks[0]).toEqual(walks[1]);
    expect(walks[0]).toMatchObject({ status: 200, failed: true, format: undefined, issues: ['CRAWL_NETWORK_ERROR'] });
    expect(walks[0]!.locs).toBeGreaterThan(1000);
    expect(walks[0]!.entries).toBe(walks[0]!.locs);
  }, 30_000);

  it('stops a file over maxBytes and a gzip bomb at maxBytes, and reads the rest', async () => {
    await reset(o);
    const report = await crawlSitemaps([`${o}/big.xml`, `${o}/bomb.xml.gz`, `${o}/small.xml`], { ...FAST, maxBytes: 64 * 1024 }).report();
    for (const url of [`${o}/big.xml`, `${o}/bomb.xml.gz`]) {
      const sitemap = sitemapAt(report, url);
      expect(sitemap).toMatchObject({ status: 200, failed: true, format: undefined, via: 'start' });
      expect(codes(sitemap.issues)).toEqual(['CRAWL_TOO_LARGE']);
    }
    expect(sitemapAt(report, `${o}/small.xml`)).toMatchObject({ failed: false, entries: 1 });
    // The bomb inflates to 64 MiB; at most maxBytes of it (and the other files) were read.
    expect(report.totals.bytes).toBeLessThan(3 * 64 * 1024);
    const counts = await requestCounts(o);
    expect([counts['/big.xml'], counts['/bomb.xml.gz'], counts['/small.xml']]).toEqual([1, 1, 1]);
  }, 30_000);

  it('reads a large file as it arrives (plain, .gz, gzip transfer): validate()\'s issues and every entry', async () => {
    await reset(o);
    const paths = ['/large.xml', '/large.xml.gz', '/large-encoded.xml'];
    const crawl = crawlSitemaps(paths.map((path) => `${o}${path}`), { ...FAST, concurrency: 1, now: new Date('2026-01-01T00:00:00Z') });
    const locs = new Map<string, string[]>();
    for await (const entry of crawl) {
      const list = locs.get(entry.sitemap) ?? [];
      list.push(entry.loc);
      locs.set(entry.sitemap, list);
    }
    const report = await crawl.report();
    const plain = new Uint8Array(await (await fetch(`${o}/large.xml`, { cache: 'no-store' })).arrayBuffer());
    const expected = validate(plain, { location: `${o}/large.xml`, now: new Date('2026-01-01T00:00:00Z') });
    expect(codes(expected.issues).sort()).toEqual(['SITEMAP_BAD_LASTMOD', 'SITEMAP_DUPLICATE_LOC']);
    const parsed = parse(plain);
    const expectedLocs = parsed.kind === 'urlset' ? parsed.urls.map((url) => url.loc) : [];
    expect(expectedLocs).toHaveLength(4000);
    for (const path of paths) {
      const sitemap = sitemapAt(report, `${o}${path}`);
      expect(sitemap, path).toMatchObject({ status: 200, failed: false, format: 'urlset', entries: 4000, compressed: path !== '/large.xml', lastmod: { min: '2024-01-01', max: '2024-09-01' } });
      expect(sitemap.bytes, path).toBe(path === '/large.xml' ? plain.length : plain.length - 3); // inflated, with its byte-order mark (only /large.xml has one)
      const issues = sitemap.issues.filter((issue) => !issue.code.startsWith('CRAWL_'));
      expect(issues.map(({ code, line, column, path: at, value }) => ({ code, line, column, at, value })), path).toEqual(expected.issues.map(({ code, line, column, path: at, value }) => ({ code, line, column, at, value })));
      expect(locs.get(`${o}${path}`), path).toEqual(expectedLocs);
    }
  }, 30_000);

  /**
   * Waits until `measure()` (how far a waiting file was read ahead) is 1 MiB or more and has not
   * moved for 300 ms, or 20 s have passed (it never would); returns it then.
   */
  async function settled(measure: () => number): Promise<number> {
    const started = Date.now();
    let last = -1, stableSince = started;
    while (Date.now() - started < 20_000) {
      const now = measure();
      if (now !== last) { last = now; stableSince = Date.now(); }
      if (now >= 1024 * 1024 && Date.now() - stableSince >= 300) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return measure();
  }

  it('reads at most 1 MiB ahead of a file waiting for its turn, and the rest once it comes', async () => {
    // Bytes taken from each body, to see how far a waiting file was read.
    const { fetch: counting, taken, largestChunk } = countingFetch();
    const files = [`${o}/huge-a.xml`, `${o}/huge-b.xml`];
    const crawl = crawlSitemaps(files, { ...FAST, concurrency: 2, concurrencyPerHost: 2, fetch: counting });
    let first: string | undefined;
    let mostOfOther = 0;
    const counts = new Map<string, number>();
    for await (const entry of crawl) {
      first ??= entry.sitemap;
      counts.set(entry.sitemap, (counts.get(entry.sitemap) ?? 0) + 1);
      if (entry.sitemap !== first) continue;
      const other = () => taken.get(new URL(files.find((file) => file !== first)!).pathname) ?? 0;
      mostOfOther = Math.max(mostOfOther, other());
      // Half-way through the first file, the reader waits until the other has been read as far
      // ahead as it will be. Not a fixed pause: on a loaded machine its download may not have started.
      if (counts.get(first) === 20_000) mostOfOther = Math.max(mostOfOther, await settled(other));
    }
    const report = await crawl.report();
    const size = (url: string) => sitemapAt(report, url).bytes;
    expect(size(files[0]!)).toBeGreaterThan(3_000_000);
    expect([...counts.values()]).toEqual([40_000, 40_000]);
    // While the first file was read (3 MB), the other took its 1 MiB read-ahead and at most a few
    // chunks more: the one that crosses 1 MiB, and what the streams between this fetch's count and
    // the walk hold (Node's chunks are 64 KiB at most; Node 26's fetch holds one more than Node 20's
    // to 24's; Chromium may hand over a body in one piece).
    expect(mostOfOther).toBeGreaterThanOrEqual(Math.min(1024 * 1024, size(files[1]!)));
    expect(mostOfOther).toBeLessThanOrEqual(1024 * 1024 + 3 * largestChunk());
    for (const file of files) expect(taken.get(new URL(file).pathname)).toBe(size(file));
  }, 60_000);

  it('inflates a .gz file waiting for its turn ahead, about 1 MiB and at most 4 MiB of it, and the rest once its turn comes', async () => {
    const [plain, gz] = [`${o}/huge-a.xml`, `${o}/huge-c.xml.gz`];
    const compressedBytes = (await (await fetch(gz)).arrayBuffer()).byteLength;
    // The .gz file is answered once the plain one is being read, so that it is the one that waits
    // (a fixed delay let a loaded machine answer it first).
    let plainRead = (): void => {};
    const plainBeingRead = new Promise<void>((resolve) => { plainRead = resolve; });
    const laterFetch = async (url: string | URL | Request, init?: RequestInit): Promise<Response> => {
      if (String(url) === gz) await plainBeingRead;
      return fetch(url, init);
    };
    const crawl = crawlSitemaps([plain, gz], { ...FAST, concurrency: 2, concurrencyPerHost: 2, fetch: laterFetch });
    const before = inflatedBytesForTesting();
    let ahead = 0;
    const counts = new Map<string, number>();
    for await (const entry of crawl) {
      const count = (counts.get(entry.sitemap) ?? 0) + 1;
      counts.set(entry.sitemap, count);
      if (entry.sitemap !== plain) continue;
      if (count === 1) plainRead();
      // Only the waiting file inflates while the plain one is read.
      ahead = Math.max(ahead, inflatedBytesForTesting() - before);
      // Half-way through the plain file, the reader waits until the waiting file has inflated what
      // it will ahead. Not a fixed pause: on a loaded machine the .gz may not have started.
      if (count === 20_000) ahead = Math.max(ahead, await settled(() => inflatedBytesForTesting() - before));
    }
    const report = await crawl.report();
    expect([...counts]).toEqual([[plain, 40_000], [gz, 50_000]]);
    const inflatedSize = sitemapAt(report, gz).bytes;
    expect(sitemapAt(report, gz)).toMatchObject({ compressed: true, failed: false, issues: [] });
    expect(inflatedSize).toBeGreaterThan(6 * 1024 * 1024);
    // Inflated ahead: the download's queue (1 MiB) at least, and not all of it: the inflating stops
    // at 4 MiB queued, plus what two compressed slices in flight inflate to (src/input/gzip.ts).
    const slice = Math.floor(100 * 1024 * 1024 / 1032 / 4);
    expect(ahead).toBeGreaterThanOrEqual(1024 * 1024);
    expect(ahead).toBeLessThanOrEqual(4 * 1024 * 1024 + 2 * slice * (inflatedSize / compressedBytes) + 128 * 1024);
    expect(ahead).toBeLessThan(inflatedSize);
  }, 60_000);

  it('times out a server that never answers and a body that stops, retrying as told', async () => {
    await reset(o);
    const started = Date.now();
    const report = await crawlSitemaps([`${o}/hang.xml`, `${o}/stall.xml`], { timeout: 300, retries: 1, retryDelay: 10 }).report();
    expect(Date.now() - started).toBeLessThan(10_000);
    const hung = sitemapAt(report, `${o}/hang.xml`);
    expect(hung).toMatchObject({ status: 0, failed: true });
    expect(codes(hung.issues)).toEqual(['CRAWL_TIMEOUT']);
    const stalled = sitemapAt(report, `${o}/stall.xml`);
    expect(stalled).toMatchObject({ status: 200, failed: true });
    expect(codes(stalled.issues)).toEqual(['CRAWL_TIMEOUT']);
    expect(codes(report.issues)).toEqual(['CRAWL_NO_SITEMAP']);
    const counts = await requestCounts(o);
    expect(counts['/hang.xml']).toBe(2); // one retry
    expect(counts['/stall.xml']).toBe(1); // the body stopped after the answer: not retried
  }, 30_000);

  it('gives a file fileTimeout in all: a server sending a byte every 100 ms, which no idle timeout catches, fails it', async () => {
    await reset(o);
    const report = await crawlSitemaps(`${o}/drip.xml`, { timeout: 1000, fileTimeout: 600, retries: 1, retryDelay: 10 }).report();
    const dripped = sitemapAt(report, `${o}/drip.xml`);
    expect(dripped).toMatchObject({ status: 200, failed: true, entries: 0 });
    expect(dripped.issues.map((issue) => [issue.code, issue.message])).toEqual([['CRAWL_TIMEOUT', 'The server took more than fileTimeout (600 ms) for this file in all']]);
    expect((await requestCounts(o))['/drip.xml']).toBe(1); // the body failed after the answer: not retried
    // The idle timeout alone never fires on it: by default (5 minutes) the file is still arriving when the caller gives up.
    const patient = await crawlSitemaps(`${o}/drip.xml`, { timeout: 1000, signal: AbortSignal.timeout(1500) }).report();
    expect(patient.cancelled).toBe(true);
    expect(codes(sitemapAt(patient, `${o}/drip.xml`).issues)).not.toContain('CRAWL_TIMEOUT');
  }, 30_000);

  it('counts only the waits for the server against fileTimeout: not a body held back while the caller pauses', async () => {
    // 45,000 URLs (about 2.7 MB) made as the walk reads them: past its queue (1 MiB) the body waits for the caller.
    const asked: string[] = [];
    const encoder = new TextEncoder();
    const stub = async (url: string, init?: RequestInit): Promise<Response> => {
      asked.push(url);
      if (!url.endsWith('/big.xml')) return new Response('not here', { status: 404 });
      let block = 0;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          // As the runtime's fetch does: an aborted request errors its body.
          init?.signal?.addEventListener('abort', () => controller.error(init.signal!.reason));
        },
        pull(controller) {
          if (block === 45) return controller.close();
          const urls = Array.from({ length: 1000 }, (_, i) => `<url><loc>https://example.com/page-${block * 1000 + i}</loc></url>`).join('');
          controller.enqueue(encoder.encode(`${block === 0 ? '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">' : ''}${urls}${block === 44 ? '</urlset>' : ''}`));
          block++;
        },
      });
      return new Response(body, { status: 200, headers: { 'content-type': 'application/xml' } });
    };
    const crawl = crawlSitemaps('https://example.com/big.xml', { fetch: stub, fileTimeout: 300, timeout: 10_000 });
    let count = 0;
    for await (const entry of crawl) {
      if (entry.loc !== `https://example.com/page-${count}`) throw new Error(`entry ${count} is ${entry.loc}`);
      if (++count === 1000) await new Promise((resolve) => setTimeout(resolve, 800));
    }
    expect(count).toBe(45_000);
    const report = await crawl.report();
    expect(sitemapAt(report, 'https://example.com/big.xml')).toMatchObject({ failed: false, entries: 45_000, issues: [] });
    expect(asked.filter((url) => url.endsWith('/big.xml'))).toHaveLength(1);
  }, 30_000);

  it('fetches no URL with a user name or password, as fetch refuses one, and says so without the password', async () => {
    await reset(o);
    const report = await crawlSitemaps([`${o}/lists-credentials.xml`, `${o}/to-credentials.xml`, o.replace('//', '//me:secret@') + '/'], FAST).report();
    const message = `${o}/small.xml: a URL with a user name or password is not fetched, as fetch refuses one (send credentials with the headers option)`;
    const listed = sitemapAt(report, `${o}/lists-credentials.xml`);
    expect(listed.issues.map((issue) => [issue.code, issue.message, issue.value])).toEqual([['CRAWL_UNSUPPORTED_URL', message, `${o}/small.xml`]]);
    const redirected = sitemapAt(report, `${o}/to-credentials.xml`);
    expect(redirected.failed).toBe(true);
    if (!inBrowser) {
      // A browser follows the redirect itself and shows only where it ended.
      expect(redirected.issues.map((issue) => [issue.code, issue.message])).toEqual([['CRAWL_UNSUPPORTED_URL', message]]);
    }
    expect(report.issues.map((issue) => [issue.code, issue.message])).toContainEqual(['CRAWL_UNSUPPORTED_URL', `${o}/robots.txt: a URL with a user name or password is not fetched, as fetch refuses one (send credentials with the headers option)`]);
    // The password is in no issue's message or value (`start` and an index's `children` keep the URLs as written).
    const issues = [...report.issues, ...report.sitemaps.flatMap((sitemap) => sitemap.issues)];
    expect(issues.map((issue) => `${issue.message} ${issue.value}`).join('\n')).not.toContain('secret');
    expect((await requestCounts(o))['/small.xml']).toBeUndefined();
  }, 30_000);

  it('says when a body is not the coding its Content-Encoding names', async () => {
    const report = await crawlSitemaps(`${o}/not-gzip.xml`, FAST).report();
    const sitemap = sitemapAt(report, `${o}/not-gzip.xml`);
    expect(sitemap).toMatchObject({ status: 200, failed: true });
    // Chromium's fetch refuses such a body itself, with its own network error.
    if (!inBrowser) expect(sitemap.issues.map((issue) => [issue.code, issue.message])).toEqual([['CRAWL_NETWORK_ERROR', 'The body is not the gzip its Content-Encoding says (incorrect header check)']]);
    else expect(codes(sitemap.issues)).toEqual(['CRAWL_NETWORK_ERROR']);
  });

  it('stops at maxEntries and maxSitemaps, saying so', async () => {
    const { origin: a } = sites.abort;
    const few = await crawlSitemaps(`${a}/`, { ...FAST, maxEntries: 700, concurrency: 1 }).report();
    expect(few.totals.entries).toBe(700);
    expect(few.issues.map((issue) => [issue.code, issue.value])).toEqual([['CRAWL_LIMIT_REACHED', 'maxEntries']]);
    const shallow = await crawlSitemaps(`${a}/`, { ...FAST, maxSitemaps: 3 }).report();
    expect(shallow.sitemaps).toHaveLength(3);
    expect(shallow.issues.map((issue) => [issue.code, issue.value])).toEqual([['CRAWL_LIMIT_REACHED', 'maxSitemaps']]);
    const top = await crawlSitemaps(`${a}/`, { ...FAST, maxDepth: 0 }).report();
    expect(top.sitemaps).toHaveLength(1);
    expect(top.sitemaps[0]!.issues.filter((issue) => issue.code === 'CRAWL_LIMIT_REACHED')).toHaveLength(20);
  }, 30_000);

  it('stops remembering page URLs at maxTrackedUrls, saying so, and still reads every entry', async () => {
    const { origin: a } = sites.abort;
    const report = await crawlSitemaps(`${a}/`, { ...FAST, maxTrackedUrls: 100 }).report();
    expect(report.totals.entries).toBe(10_000);
    expect(report.issues.map((issue) => [issue.code, issue.value])).toEqual([['CRAWL_LIMIT_REACHED', 'maxTrackedUrls']]);
  }, 30_000);

  it('keeps the first maxIssuesPerSitemap issues of a file (100 by default) and counts them all; validate: false lists entries only', async () => {
    const brief = await crawlSitemaps(`${o}/many-bad.xml`, FAST).report();
    expect(brief.sitemaps[0]!.issues).toHaveLength(100);
    expect(brief.sitemaps[0]!.issueCounts.SITEMAP_LOC_NOT_ALLOWED).toBe(1500);
    const report = await crawlSitemaps(`${o}/many-bad.xml`, { ...FAST, maxIssuesPerSitemap: 1000 }).report();
    const sitemap = report.sitemaps[0]!;
    expect(sitemap.entries).toBe(1500);
    expect(sitemap.issues).toHaveLength(1000);
    expect(sitemap.issueCounts.SITEMAP_LOC_NOT_ALLOWED).toBe(1500);
    expect(sitemap.errors).toBe(1500);
    expect(report.totals.errors).toBe(1500);
    expect(sitemap.lastmod).toEqual({ min: '2024-01-01', max: '2024-01-28' });
    // The walk holds only the first issues while it reads (FirstIssues): they are validate()'s first, in its order.
    const whole = validate(new Uint8Array(await (await fetch(`${o}/many-bad.xml`)).arrayBuffer()), { location: sitemap.finalUrl });
    const summary = (issue: Issue<IssueCode>) => [issue.code, issue.severity, issue.line, issue.column, issue.path, issue.message, issue.value];
    expect(brief.sitemaps[0]!.issues.map(summary)).toEqual(whole.issues.slice(0, 100).map(summary));
    expect(sitemap.issues.map(summary)).toEqual(whole.issues.slice(0, 1000).map(summary));
    const listed = await crawlSitemaps(`${o}/many-bad.xml`, { ...FAST, validate: false }).report();
    expect(listed.sitemaps[0]).toMatchObject({ entries: 1500, issues: [], errors: 0, lastmod: { min: '2024-01-01', max: '2024-01-28' } });
  }, 30_000);

  it('refuses private addresses when asked to, without a request', async () => {
    await reset(o);
    const report = await crawlSitemaps([`${o}/small.xml`, o], { ...FAST, refusePrivateAddresses: true }).report();
    expect(report.sitemaps).toEqual([]);
    expect(codes(report.issues)).toEqual(['CRAWL_PRIVATE_ADDRESS', 'CRAWL_PRIVATE_ADDRESS', 'CRAWL_NO_SITEMAP']);
    expect(await requestCounts(o)).toEqual({});
  });
});

describe('crawlSitemaps stopped half-way', () => {
  const { origin: a } = sites.abort;

  it('cancel() stops fetching, ends iteration and resolves the report as cancelled', async () => {
    await reset(a);
    const crawl = crawlSitemaps(`${a}/`, { ...FAST, concurrency: 1 });
    let seen = 0;
    for await (const entry of crawl) {
      expect(entry.sitemap).toMatch(/\/part-\d+\.xml$/);
      if (++seen === 600) crawl.cancel('enough');
    }
    const report = await crawl.report();
    expect(report.cancelled).toBe(true);
    expect(seen).toBeLessThan(2000);
    const counts = await requestCounts(a);
    const parts = Object.keys(counts).filter((path) => path.startsWith('/part-'));
    expect(parts.length).toBeLessThan(20);
    expect(report.issues).toEqual([]); // cancelling is no site problem (no CRAWL_NO_SITEMAP)
  }, 30_000);

  it('an aborted options.signal stops it the same way, and leaving the loop does too', async () => {
    const controller = new AbortController();
    const crawl = crawlSitemaps(`${a}/`, { ...FAST, signal: controller.signal, concurrency: 1 });
    let seen = 0;
    for await (const _ of crawl) if (++seen === 10) controller.abort();
    expect((await crawl.report()).cancelled).toBe(true);
    const left = crawlSitemaps(`${a}/`, { ...FAST, concurrency: 1 });
    for await (const _ of left) break;
    expect((await left.report()).cancelled).toBe(true);
    const before = new AbortController();
    before.abort();
    const never = await crawlSitemaps(`${a}/`, { signal: before.signal }).report();
    expect(never).toMatchObject({ cancelled: true, sitemaps: [] });
  }, 30_000);
});

describe('crawlSitemaps in batches', () => {
  const { origin: a } = sites.abort;

  it('batches() gives the same entries as iterating one by one, in arrays of at most 256, never empty', async () => {
    const single: string[] = [];
    for await (const entry of crawlSitemaps(`${a}/`, { ...FAST, concurrency: 1 })) single.push(entry.loc);
    const crawl = crawlSitemaps(`${a}/`, { ...FAST, concurrency: 1 });
    const batched: string[] = [];
    const sizes: number[] = [];
    let holes = 0;
    for await (const batch of crawl.batches()) {
      sizes.push(batch.length);
      // The channel fills arrays made at full size: a batch cut short has its length, no holes.
      holes += batch.length - Object.keys(batch).length;
      for (const entry of batch) {
        expect(entry.sitemap).toMatch(/\/part-\d+\.xml$/);
        batched.push(entry.loc);
      }
    }
    expect(single).toHaveLength(10_000);
    expect(batched).toEqual(single);
    expect(Math.max(...sizes)).toBe(256);
    expect(Math.min(...sizes)).toBeGreaterThan(0);
    // 500 entries a file, each file's last batch handed on when it ends: 256 + 244 per file.
    expect(sizes.length).toBe(40);
    expect(holes).toBe(0);
    const report = await crawl.report();
    expect(report).toMatchObject({ cancelled: false, totals: { entries: 10_000, failed: 0 } });
  }, 30_000);

  it('leaving the batches loop stops the walk; report() first refuses batches()', async () => {
    await reset(a);
    const crawl = crawlSitemaps(`${a}/`, { ...FAST, concurrency: 1 });
    let seen = 0;
    for await (const batch of crawl.batches()) {
      seen += batch.length;
      if (seen >= 600) break;
    }
    const report = await crawl.report();
    expect(report.cancelled).toBe(true);
    expect(report.totals.entries).toBeLessThan(2000);
    const parts = Object.keys(await requestCounts(a)).filter((path) => path.startsWith('/part-'));
    expect(parts.length).toBeLessThan(20);
    const counted = crawlSitemaps(`${a}/`, { ...FAST, maxSitemaps: 2 });
    const done = counted.report();
    expect(() => counted.batches()).toThrow(SitemapError);
    expect((await done).totals.entries).toBe(500);
  }, 30_000);
});

describe('crawlSitemaps judging the directory rule in the site\'s context', () => {
  it('a child of an index that robots.txt lists may list pages anywhere on the host; the same index opened alone may not', async () => {
    const { origin: o } = sites.context;
    const fromSite = await crawlSitemaps(`${o}/`, FAST).report();
    const child = fromSite.sitemaps.find((sitemap) => sitemap.url === `${o}/sitemaps/pages.xml`)!;
    expect(child).toMatchObject({ via: 'index', entries: 3, errors: 0 });
    expect(child.issueCounts.SITEMAP_LOC_NOT_ALLOWED).toBeUndefined();
    const alone = await crawlSitemaps(`${o}/sitemap_index.xml`, FAST).report();
    const unvouched = alone.sitemaps.find((sitemap) => sitemap.url === `${o}/sitemaps/pages.xml`)!;
    // Outside /sitemaps/: /about and /blog/post; /sitemaps/inside is in the file's directory.
    expect(unvouched.issueCounts.SITEMAP_LOC_NOT_ALLOWED).toBe(2);
  }, 30_000);
});

describe('crawlSitemaps on a robots.txt over 500 KiB', () => {
  const { origin: o, otherOrigin: l } = sites.largeRobots;

  it('reads its first 500 KiB as Google does: Sitemap lines and rules after them are ignored, with a warning', async () => {
    const report = await crawlSitemaps(`${o}/`, FAST).report();
    expect(report.robotsTxt).toHaveLength(1);
    const robots = report.robotsTxt[0]!;
    expect(robots.sitemaps).toEqual([`${o}/early.xml`]);
    expect(robots.issues.map((issue) => [issue.code, issue.severity, issue.value])).toEqual([['CRAWL_ROBOTS_TXT_TOO_LARGE', 'warning', '512000']]);
    expect(report.sitemaps.map((sitemap) => sitemap.url)).toEqual([`${o}/early.xml`]);
    // The rule before the limit holds; the one after it is not read.
    const blocked = sitemapAt(report, `${o}/early.xml`).issues.filter((issue) => issue.code === 'CRAWL_BLOCKED_BY_ROBOTS_TXT');
    expect(blocked.map((issue) => issue.value)).toEqual([`${o}/early-blocked/page`]);
  }, 30_000);

  it('reads 500 KiB of one that never ends, stops its download, and goes on', async () => {
    const report = await crawlSitemaps(`${l}/`, FAST).report();
    const robots = report.robotsTxt[0]!;
    expect(robots).toMatchObject({ status: 200, sitemaps: [`${l}/early.xml`] });
    expect(codes(robots.issues)).toEqual(['CRAWL_ROBOTS_TXT_TOO_LARGE']);
    expect(sitemapAt(report, `${l}/early.xml`)).toMatchObject({ failed: false, entries: 3 });
    expect(report.cancelled).toBe(false);
  }, 30_000);
});

describe('crawlSitemaps on charsets and odd starting points', () => {
  it('honours a Content-Type charset where the document declares none, and not where it does', async () => {
    const { origin: o } = sites.charset;
    const crawl = crawlSitemaps([`${o}/latin1.txt`, `${o}/latin1.xml`, `${o}/declared.xml`], FAST);
    const locs: string[] = [];
    for await (const entry of crawl) locs.push(entry.loc);
    expect(locs.sort()).toEqual([`${o}/caf\u00e9`, `${o}/cr\u00e8me`, `${o}/na\u00efve`, `${o}/plain`]);
    const report = await crawl.report();
    expect(sitemapAt(report, `${o}/latin1.txt`).issues.map((issue) => [issue.code, issue.value])).toContainEqual(['INPUT_ENCODING', 'iso-8859-1']);
    expect(codes(sitemapAt(report, `${o}/declared.xml`).issues)).not.toContain('INPUT_ENCODING');
  });

  it('reports a start that is no http(s) URL as an issue, and a bad option as a SitemapError', async () => {
    const report = await crawlSitemaps(['javascript:alert(1)', 'file:///etc/passwd', 'http://'], FAST).report();
    // Nothing usable was given: three issues, and no walk to find "no sitemap" in.
    expect(codes(report.issues)).toEqual(['CRAWL_INVALID_START', 'CRAWL_INVALID_START', 'CRAWL_INVALID_START']);
    expect(() => crawlSitemaps('example.com', { concurrency: 0 })).toThrow(SitemapError);
    expect(() => crawlSitemaps('example.com', { maxBytes: Number.NaN })).toThrow(/maxBytes/);
    expect(() => crawlSitemaps('example.com', { retries: Infinity })).toThrow(/retries/);
    expect(() => crawlSitemaps('example.com', { fileTimeout: 0 })).toThrow('fileTimeout must be at least 1, got 0');
    expect(() => crawlSitemaps('example.com', { fileTimeout: -5 })).toThrow(/fileTimeout/);
    expect(() => crawlSitemaps('example.com', { fetch: 'no' as unknown as typeof fetch })).toThrow(/fetch/);
  });

  it('takes a bare host as https://host/ and uses options.fetch (nothing leaves this machine)', async () => {
    const asked: string[] = [];
    const report = await crawlSitemaps('example.com', {
      ...FAST,
      fetch: async (url) => {
        asked.push(url);
        if (url === 'https://example.com/robots.txt') return new Response('Sitemap: https://example.com/s.xml\n', { status: 200 });
        if (url === 'https://example.com/s.xml') return new Response('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>', { status: 200 });
        return new Response('', { status: 404 });
      },
    }).report();
    expect(asked).toEqual(['https://example.com/robots.txt', 'https://example.com/s.xml']);
    expect(report.start).toEqual(['https://example.com/']);
    expect(report.totals.entries).toBe(1);
  });

  it('never throws out of the walk for a fetch that throws or answers nonsense', async () => {
    let calls = 0;
    const report = await crawlSitemaps(['https://example.com/a.xml', 'https://example.com/b.xml'], {
      ...FAST,
      retries: 1,
      fetch: async (url) => {
        calls++;
        if (url.endsWith('a.xml')) throw new TypeError('fetch failed');
        return new Response(new Uint8Array([0x1f, 0x8b, 1, 2, 3]), { status: 200 });
      },
    }).report();
    expect(calls).toBe(3); // a.xml tried twice, b.xml once
    expect(codes(sitemapAt(report, 'https://example.com/a.xml').issues)).toEqual(['CRAWL_NETWORK_ERROR']);
    const damaged = sitemapAt(report, 'https://example.com/b.xml');
    expect(damaged.failed).toBe(true);
    expect(codes(damaged.issues)).toContain('GZIP_INVALID');
  });
});

describe('crawled entries are parse()\'s entries with their sitemap', () => {
  // Every shape makeUrl makes (lastmod, changefreq, priority each present or not), priorities
  // shared (0.5, 1) and not (0.123, 0), a date-only lastmod and a dateTime, an unknown changefreq,
  // a non-ASCII loc and lastmod, white space around values, and more entries than a batch holds.
  const entry = (i: number) => {
    const lastmod = i % 2 ? `<lastmod>${i % 4 === 1 ? '2024-03-0' + (1 + (i % 9)) : '2024-03-01T10:00:00+01:00'}</lastmod>` : '';
    const changefreq = (i >> 1) % 2 ? `<changefreq>${i % 7 === 0 ? 'often' : 'weekly'}</changefreq>` : '';
    const priority = (i >> 2) % 2 ? `<priority>${['0.5', '0.123', '1', '0'][i % 4]}</priority>` : '';
    const loc = i % 13 === 0 ? `https://example.com/café/${i}` : i % 17 === 0 ? ` https://example.com/p${i} ` : `https://example.com/p${i}`;
    return `<url><loc>${loc}</loc>${lastmod}${changefreq}${priority}</url>`;
  };
  const open = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n';
  const whole = `${open}${Array.from({ length: 700 }, (_, i) => entry(i)).join('\n')}\n</urlset>\n`;
  // Whole entries, then an entry read record by record (an image): the rest is read that way too.
  const mixed = `${open}${Array.from({ length: 300 }, (_, i) => (i === 150 ? `<url><loc>https://example.com/i${i}</loc><lastmod>2024-01-01</lastmod><image:image><image:loc>https://example.com/i.png</image:loc></image:image></url>` : entry(i + 1000))).join('\n')}\n</urlset>\n`;
  const files: Record<string, string> = {
    '/index.xml': '<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://example.com/whole.xml</loc></sitemap><sitemap><loc>https://example.com/mixed.xml</loc></sitemap></sitemapindex>',
    '/whole.xml': whole,
    '/mixed.xml': mixed,
  };
  const fetchFile = async (url: string) => (files[url.slice('https://example.com'.length)] === undefined ? new Response('', { status: 404 }) : new Response(files[url.slice('https://example.com'.length)]!, { status: 200 }));
  const urlsOf = (xml: string, sitemap: string) => {
    const result = parse(xml);
    return result.kind === 'urlset' ? result.urls.map((url) => ({ ...url, sitemap })) : [];
  };
  const expected = [...urlsOf(whole, 'https://example.com/whole.xml'), ...urlsOf(mixed, 'https://example.com/mixed.xml')];

  it('leaves a parse() in the caller\'s loop making entries without a sitemap (the crawl makes its entries its own way only within its steps)', async () => {
    const plain = parse(whole);
    expect(plain.kind === 'urlset' && plain.urls.length === 700 && !plain.urls.some((url) => 'sitemap' in url)).toBe(true);
    let count = 0;
    for await (const one of crawlSitemaps('https://example.com/index.xml', { fetch: fetchFile, concurrency: 1, concurrencyPerHost: 1 })) {
      expect(one.sitemap).toMatch(/^https:\/\/example\.com\/(whole|mixed)\.xml$/);
      if (count++ % 50 === 0) expect(parse(whole)).toStrictEqual(plain);
    }
    expect(count).toBe(1000);
  });

  for (const validate of [true, false]) {
    for (const how of ['for await', 'batches()'] as const) {
      it(`gives the same keys in the same order, sitemap last (validate: ${validate}, ${how})`, async () => {
        const crawl = crawlSitemaps('https://example.com/index.xml', { fetch: fetchFile, concurrency: 1, concurrencyPerHost: 1, validate });
        const entries: CrawledEntry[] = [];
        if (how === 'for await') for await (const one of crawl) entries.push(one);
        else for await (const batch of crawl.batches()) entries.push(...batch);
        expect(entries).toHaveLength(1000);
        expect(entries).toStrictEqual(expected);
        expect(entries.map((one) => Object.keys(one).join())).toEqual(expected.map((one) => Object.keys(one).join()));
        expect(entries.find((one) => one.loc === 'https://example.com/i150')).toMatchObject({ images: [{ loc: 'https://example.com/i.png' }], sitemap: 'https://example.com/mixed.xml' });
      });
    }
  }
});

describe('crawlSitemaps reads files in the order of the tree, whichever answers first', () => {
  const WIDE = { ...FAST, concurrency: 8, concurrencyPerHost: 8 } as const;
  /** The report without its duration: what two walks of one site must agree on. */
  const withoutTime = (report: CrawlReport) => ({ ...report, totals: { ...report.totals, durationMs: 0 } });
  /** Each CRAWL_DUPLICATE_URL as "page in file (also in file)", paths only. */
  const duplicates = (report: CrawlReport, origin: string) => report.sitemaps.flatMap((sitemap) => sitemap.issues
    .filter((issue) => issue.code === 'CRAWL_DUPLICATE_URL')
    .map((issue) => `${String(issue.value).replace(origin, '')} in ${sitemap.url.replace(origin, '')} (${issue.message.replace(`${issue.value} is also listed in ${origin}`, 'also in ')})`));
  const tree = ['/index.xml', '/alias.xml', '/a.xml', '/b.xml.gz', '/c.txt', '/nested.xml', '/d.xml', '/e.xml'];
  const pageOrder = ['/p1', '/p2', '/shared-ab', '/shared-all', '/p3', '/shared-ab', '/shared-bd', '/shared-all', '/blocked/page', '/p4', '/shared-all', '/shared-bd', '/p5', '/shared-all', '/p6'];
  const listedTwice = [
    '/shared-ab in /b.xml.gz (also in /a.xml)', '/shared-all in /b.xml.gz (also in /a.xml)', '/shared-all in /c.txt (also in /b.xml.gz)',
    '/shared-bd in /d.xml (also in /b.xml.gz)', '/shared-all in /d.xml (also in /c.txt)',
  ];

  it('a first file that answers last is read first: its entries lead and the files after it carry the duplicates', async () => {
    const { origin: o } = sites.slowFirst;
    await reset(o);
    const crawl = crawlSitemaps(`${o}/`, WIDE);
    const entries: CrawledEntry[] = [];
    for await (const entry of crawl) entries.push(entry);
    const report = await crawl.report();
    expect(entries.map((entry) => entry.loc.replace(o, ''))).toEqual(pageOrder);
    expect(entries.map((entry) => entry.sitemap.replace(o, ''))).toEqual([...Array(4).fill('/a.xml'), ...Array(5).fill('/b.xml.gz'), '/c.txt', '/c.txt', ...Array(3).fill('/d.xml'), '/e.xml']);
    expect(duplicates(report, o)).toEqual(listedTwice);
    expect(report.sitemaps.map((sitemap) => sitemap.url.replace(o, ''))).toEqual(tree);
    // The redirect to a file the index lists too is the repeat, whichever of the two answers first;
    // where redirects are seen hop by hop (not in a browser: README), its status is the redirect's.
    expect(sitemapAt(report, `${o}/alias.xml`)).toMatchObject({ status: inBrowser ? 200 : 301, finalUrl: `${o}/a.xml`, format: undefined, entries: 0 });
    expect(codes(sitemapAt(report, `${o}/alias.xml`).issues)).toEqual(['CRAWL_REPEATED_SITEMAP']);
    expect(sitemapAt(report, `${o}/a.xml`)).toMatchObject({ status: 200, entries: 4, issues: [] });
    expect(codes(sitemapAt(report, `${o}/b.xml.gz`).issues)).toEqual(['CRAWL_DUPLICATE_URL', 'CRAWL_DUPLICATE_URL', 'CRAWL_BLOCKED_BY_ROBOTS_TXT']);
    expect(codes(sitemapAt(report, `${o}/index.xml`).issues)).toEqual(['INDEX_NESTED']);
    expect(report.totals).toMatchObject({ sitemaps: 8, indexes: 2, failed: 0, entries: 15, errors: 2, warnings: 6 });
    // /a.xml once, from the index: the redirect to it is not followed (a browser follows it itself).
    expect(await requestCounts(o)).toEqual({ '/robots.txt': 1, '/index.xml': 1, '/alias.xml': 1, '/a.xml': inBrowser ? 2 : 1, '/b.xml.gz': 1, '/c.txt': 1, '/nested.xml': 1, '/d.xml': 1, '/e.xml': 1 });
  }, 30_000);

  it('answers arriving in a random order each time give the same report and entries, walk after walk (validating or not, wide or by the default limits, on two hosts)', async () => {
    const { origin: o, otherOrigin: l } = sites.shuffled;
    const walks: Array<{ report: ReturnType<typeof withoutTime>; entries: string[] }> = [];
    for (let walk = 0; walk < 8; walk++) {
      const crawl = crawlSitemaps(`${o}/`, { ...(walk % 2 === 0 ? WIDE : FAST), validate: walk % 4 < 2 });
      const entries: string[] = [];
      for await (const entry of crawl) entries.push(`${entry.loc.replace(o, '').replace(l, 'L')} from ${entry.sitemap.replace(o, '').replace(l, 'L')}`);
      const report = await crawl.report();
      walks.push({ report: withoutTime(report), entries });
      expect(entries.map((entry) => entry.split(' ')[0])).toEqual([...pageOrder.slice(0, -1), 'L/p6']);
      expect(entries.at(-1)).toBe('L/p6 from L/e.xml');
      expect(duplicates(report, o)).toEqual(listedTwice);
      // The index on one host lists a sitemap on the other: validate's issue of the index, which the walk still reads.
      expect(codes(sitemapAt(report, `${o}/nested.xml`).issues)).toEqual(walk % 4 < 2 ? ['SITEMAP_LOC_NOT_ALLOWED'] : []);
    }
    for (const walk of walks.slice(1)) expect(walk.entries).toEqual(walks[0]!.entries);
    // Validating or not, a walk reports the crawl's own issues the same way: the same reports two by two.
    for (const [a, b] of [[0, 1], [2, 3], [4, 5], [6, 7], [0, 4], [2, 6]] as const) expect(walks[b]!.report).toEqual(walks[a]!.report);
  }, 60_000);

  it('a redirect to a file the walk reads anyway is the repeat with the redirect\'s status, whether its target was known when it answered or only by its turn', async () => {
    const { origin: o } = sites.redirects;
    await reset(o);
    const report = await crawlSitemaps(`${o}/`, WIDE).report();
    const seen = (path: string) => {
      const { status, failed, entries, issues } = sitemapAt(report, `${o}${path}`);
      return { status, failed, entries, issues: codes(issues) };
    };
    // Where redirects are seen hop by hop; a browser follows them itself and gives the target's status.
    expect(seen('/to-early.xml')).toEqual({ status: inBrowser ? 200 : 301, failed: false, entries: 0, issues: ['CRAWL_REPEATED_SITEMAP'] });
    expect(seen('/to-page.xml')).toEqual({ status: inBrowser ? 200 : 301, failed: false, entries: 0, issues: ['CRAWL_REPEATED_SITEMAP'] });
    // Its target is gone: that is the target's failure (on its index), not the redirect's.
    expect(seen('/to-gone.xml')).toEqual({ status: inBrowser ? 410 : 302, failed: false, entries: 0, issues: ['CRAWL_REPEATED_SITEMAP'] });
    expect(seen('/gone.xml')).toMatchObject({ status: 410, failed: true, issues: ['CRAWL_HTTP_ERROR'] });
    expect(seen('/page.xml')).toEqual({ status: 200, failed: false, entries: 1, issues: [] });
    expect(codes(sitemapAt(report, `${o}/index-a.xml`).issues)).toEqual([]);
    expect(sitemapAt(report, `${o}/index-b.xml`).issues.filter((issue) => issue.code === 'CRAWL_CHILD_FAILED').map((issue) => issue.value)).toEqual([`${o}/gone.xml`]);
    expect(report.totals).toMatchObject({ sitemaps: 8, failed: 1, entries: 2 });
    // /early.xml was known when /to-early.xml answered: not asked for through it. The slow index's
    // files were not known yet: followed, then not read. A browser's fetch follows every redirect
    // itself, from the first request (it hides where a manual one goes): each redirect is asked for
    // once there too (the first was asked twice, the walk learning from its opaque answer), and each
    // target once directly and once through its redirect.
    // Its HTTP cache is not asked (it would answer the second request for /gone.xml, a 410, itself).
    const counts = await requestCounts(o);
    if (!inBrowser) expect(counts).toMatchObject({ '/early.xml': 1, '/page.xml': 2, '/gone.xml': 2, '/to-early.xml': 1, '/to-page.xml': 1, '/to-gone.xml': 1 });
    else expect(counts).toMatchObject({ '/early.xml': 2, '/page.xml': 2, '/gone.xml': 2, '/to-early.xml': 1, '/to-page.xml': 1, '/to-gone.xml': 1 });
  }, 30_000);

  it('checkUrls asks for each redirecting URL once, in a browser too (and not its HTTP cache), and says whether it was redirected', async () => {
    const { origin: o } = sites.redirects;
    await reset(o);
    const checks = [];
    // The walk above asked for these paths: a browser's HTTP cache is not asked (it holds a 301 and a 410 now).
    for await (const check of checkUrls([`${o}/to-page.xml`, `${o}/page.xml`, `${o}/to-gone.xml`, `${o}/to-early.xml`], { concurrency: 1 })) checks.push(check);
    // Node sees each hop (one); a browser follows them itself and says only that it did (-1).
    const redirected = inBrowser ? -1 : 1;
    expect(checks.map(({ url, status, finalUrl, redirects }) => ({ url, status, finalUrl, redirects }))).toEqual([
      { url: `${o}/to-page.xml`, status: 200, finalUrl: `${o}/page.xml`, redirects: redirected },
      { url: `${o}/page.xml`, status: 200, finalUrl: `${o}/page.xml`, redirects: 0 },
      { url: `${o}/to-gone.xml`, status: 410, finalUrl: `${o}/gone.xml`, redirects: redirected },
      { url: `${o}/to-early.xml`, status: 200, finalUrl: `${o}/early.xml`, redirects: redirected },
    ]);
    expect(await requestCounts(o)).toEqual({ '/to-page.xml': 1, '/page.xml': 2, '/to-gone.xml': 1, '/gone.xml': 1, '/to-early.xml': 1, '/early.xml': 1 });
  });

  it('files spread over two hosts, each host within its own limit: the same report and entries walk after walk, under any limits', async () => {
    const { origin: o, otherOrigin: l } = sites.twoHosts;
    const limits = [{ concurrency: 3, concurrencyPerHost: 1 }, { concurrency: 8, concurrencyPerHost: 4 }, { concurrency: 4, concurrencyPerHost: 2 }];
    const walks: Array<Array<{ report: ReturnType<typeof withoutTime>; entries: string[] }>> = limits.map(() => []);
    for (let walk = 0; walk < 12; walk++) {
      const crawl = crawlSitemaps(`${o}/`, { ...FAST, ...limits[walk % 3], validate: false });
      const entries: string[] = [];
      for await (const entry of crawl) entries.push(`${entry.loc.replace(o, '')} from ${entry.sitemap.replace(o, '').replace(l, 'L')}`);
      const report = await crawl.report();
      expect(report.totals).toMatchObject({ sitemaps: 18, failed: 0, entries: 48 });
      // The page every urlset lists is reported on each file but the first read.
      expect(report.sitemaps.filter((sitemap) => sitemap.issues.some((issue) => issue.value === `${o}/shared`))).toHaveLength(15);
      walks[walk % 3]!.push({ report: withoutTime(report), entries });
    }
    for (const same of walks) for (const walk of same.slice(1)) expect(walk).toEqual(same[0]);
    // Files start, and are read, in the order they were found, a host at its limit holding back
    // the files after it: so the limits change when files download, not the report.
    expect(walks[1]![0]).toEqual(walks[0]![0]);
    expect(walks[2]![0]).toEqual(walks[0]![0]);
    // On each host, an index's files are read in the order it lists them.
    for (const same of walks) {
      const files = [...new Set(same[0]!.entries.map((entry) => entry.split(' from ')[1]!))];
      expect(files).toHaveLength(16);
      for (const prefix of ['/f', '/g', 'L/f', 'L/g']) {
        const listed = files.filter((path) => path.startsWith(prefix));
        expect(listed.length).toBeGreaterThanOrEqual(2);
        expect(listed).toEqual([...listed].sort());
      }
    }
  }, 60_000);
});

describe('crawlSitemaps on what its fuzzer found (test/fuzz/crawl.mjs)', () => {
  const ORIGIN = 'https://example.com';
  const urlset = (pages: readonly string[], declaration = '<?xml version="1.0" encoding="UTF-8"?>') => `${declaration}<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${pages.map((page) => `<url><loc>${ORIGIN}${page}</loc></url>`).join('')}</urlset>`;
  const index = (paths: readonly string[]) => `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((path) => `<sitemap><loc>${ORIGIN}${path}</loc></sitemap>`).join('')}</sitemapindex>`;
  /** A site served by options.fetch (no network), each answer `delays[path]` ms late, counting requests by path. */
  function serving(files: Record<string, string | Uint8Array>, delays: Record<string, number> = {}, chunkBytes = Infinity) {
    const requests: Record<string, number> = {};
    const fetch = async (url: string): Promise<Response> => {
      const path = new URL(url).pathname;
      requests[path] = (requests[path] ?? 0) + 1;
      await new Promise((resolve) => { setTimeout(resolve, delays[path] ?? 0); });
      const file = files[path];
      if (file === undefined) return new Response('Not found', { status: 404 });
      const bytes = typeof file === 'string' ? new TextEncoder().encode(file) : file;
      return new Response(new ReadableStream<Uint8Array>({
        start(controller) {
          for (let at = 0; at < bytes.length; at += Math.min(chunkBytes, bytes.length)) controller.enqueue(bytes.slice(at, at + Math.min(chunkBytes, bytes.length)));
          controller.close();
        },
      }));
    };
    return { fetch, requests };
  }
  /** What two walks of one site must agree on: not the time, nor the requests and bytes of files fetched but never read. */
  const comparable = (report: CrawlReport) => ({ ...report, totals: { ...report.totals, durationMs: 0, requests: 0, bytes: 0 } });

  it('reads a robots.txt once when the site is given with it, or twice, and still guesses where it names no sitemap', async () => {
    const site = serving({ '/robots.txt': 'User-agent: *\nDisallow: /private\n', '/sitemap.xml': urlset(['/a', '/private/b']) });
    const report = await crawlSitemaps(['https://example.com/robots.txt', 'example.com', 'https://example.com/'], { fetch: site.fetch }).report();
    expect(site.requests['/robots.txt']).toBe(1);
    expect(report.robotsTxt.map((robots) => robots.url)).toEqual([`${ORIGIN}/robots.txt`]);
    // The robots.txt given first names nothing; the site given after it is guessed all the same.
    expect(report.sitemaps.map((sitemap) => [sitemap.url, sitemap.via])).toEqual([[`${ORIGIN}/sitemap.xml`, 'guess']]);
    expect(codes(report.sitemaps[0]!.issues)).toEqual(['CRAWL_BLOCKED_BY_ROBOTS_TXT']);
    expect(site.requests['/sitemap.xml']).toBe(1);
  });

  it('counts a sitemap found at a well-known place as found before it is done (a progress bar never passes 100%)', async () => {
    const site = serving({ '/robots.txt': 'User-agent: *\n', '/sitemap.xml': index(['/a.xml']), '/a.xml': urlset(['/a1', '/a2']) });
    const progress: CrawlProgress[] = [];
    const report = await crawlSitemaps('example.com', { fetch: site.fetch, onProgress: (state) => { progress.push({ ...state }); } }).report();
    expect(report.sitemaps.map((sitemap) => [sitemap.url.replace(ORIGIN, ''), sitemap.via])).toEqual([['/sitemap.xml', 'guess'], ['/a.xml', 'index']]);
    for (const state of progress) expect(state.sitemapsDone).toBeLessThanOrEqual(state.sitemapsFound);
    expect(progress.at(-1)).toMatchObject({ sitemapsFound: 2, sitemapsDone: 2, entries: 2 });
  });

  it('a walk stopped at maxEntries leaves the files it had not read as not read, one file at a time as six at a time', async () => {
    const files = { '/index.xml': index(['/a.xml', '/b.xml', '/c.xml', '/d.xml']), '/a.xml': urlset(['/a1', '/a2', '/a3']), '/b.xml': urlset(['/b1', '/b2']), '/c.xml': urlset(['/c1']), '/d.xml': urlset(['/d1']) };
    const walks = [];
    for (const concurrency of [1, 6]) {
      // /a.xml answers last: six at a time, /b.xml, /c.xml and /d.xml have answered when the walk stops in /b.xml.
      const site = serving(files, { '/a.xml': 40 });
      const crawl = crawlSitemaps(`${ORIGIN}/index.xml`, { fetch: site.fetch, concurrency, concurrencyPerHost: concurrency, maxEntries: 4 });
      const entries: string[] = [];
      for await (const entry of crawl) entries.push(entry.loc.replace(ORIGIN, ''));
      const report = await crawl.report();
      expect(entries).toEqual(['/a1', '/a2', '/a3', '/b1']);
      for (const path of ['/c.xml', '/d.xml']) expect(sitemapAt(report, `${ORIGIN}${path}`)).toMatchObject({ status: 0, format: undefined, entries: 0, bytes: 0, failed: false, issues: [] });
      expect(codes(report.issues)).toEqual(['CRAWL_LIMIT_REACHED']);
      walks.push({ report: comparable(report), requests: site.requests });
    }
    expect(walks[1]!.report).toEqual(walks[0]!.report);
    // Six at a time did fetch them (that is what concurrency is for); their answers were dropped unread.
    expect(walks[1]!.requests).toMatchObject({ '/c.xml': 1, '/d.xml': 1 });
    expect(walks[0]!.requests['/c.xml']).toBeUndefined();
  });

  it('says why a sitemap in an encoding the runtime cannot decode has no entries, validating or not (without validate it threw out of the walk)', async () => {
    const site = serving({ '/s.xml': urlset(['/a'], '<?xml version="1.0" encoding="utf-32"?>') });
    for (const validate of [true, false]) {
      const crawl = crawlSitemaps(`${ORIGIN}/s.xml`, { fetch: site.fetch, validate });
      const entries: CrawledEntry[] = [];
      for await (const entry of crawl) entries.push(entry);
      const [sitemap] = (await crawl.report()).sitemaps;
      expect(entries).toEqual([]);
      expect(sitemap).toMatchObject({ status: 200, format: 'urlset', entries: 0 });
      expect(codes(sitemap!.issues)).toEqual(['INPUT_ENCODING']);
    }
  });

  it('reads all of a .gz file before its trailer says it is damaged, and as much of one cut short, however its bytes arrive', async () => {
    const xml = new TextEncoder().encode(urlset(Array.from({ length: 30 }, (_, i) => `/page-${i}`)));
    const badCrc = gzip(xml);
    badCrc[badCrc.length - 6]! ^= 0xff; // the CRC-32 no longer matches
    const cut = gzip(xml).slice(0, -20);
    // Other bytes after the member (more than its 8-byte trailer holds back), and damage inside the
    // deflate data: the runtime's inflater drops the output that came with its error, which the
    // streaming gunzip now inflates again from the input it kept (src/input/gzip.ts replayLost).
    const junk = new Uint8Array([...gzip(xml), ...new TextEncoder().encode('<!-- served by a proxy that appends this -->\n')]);
    const inside = gzip(xml);
    inside[Math.floor(inside.length * 0.8)]! ^= 0x55;
    for (const [body, maxBytes, expected] of [
      // The runtime's inflater checks the trailer as it takes it and drops the output that came
      // with its error: this file (one write) read as empty, "what inflated before the damage was read" but nothing.
      [badCrc, undefined, { bytes: xml.length, entries: 30, issues: ['GZIP_INVALID'] }],
      [badCrc, 600, { bytes: 0, entries: 0, issues: ['CRAWL_TOO_LARGE'] }],
      [cut, undefined, undefined],
      [junk, undefined, { bytes: xml.length, entries: 30, issues: ['GZIP_INVALID'] }],
      [inside, undefined, undefined],
    ] as const) {
      const seen = [];
      for (const chunkBytes of [1, 5, 13, 64, Infinity]) {
        const site = serving({ '/s.xml.gz': body }, {}, chunkBytes);
        const crawl = crawlSitemaps(`${ORIGIN}/s.xml.gz`, { fetch: site.fetch, ...(maxBytes ? { maxBytes } : {}) });
        let entries = 0;
        for await (const _ of crawl) entries++;
        const [sitemap] = (await crawl.report()).sitemaps;
        seen.push({ bytes: sitemap!.bytes, entries, issues: codes(sitemap!.issues).filter((code) => code.startsWith('GZIP') || code.startsWith('CRAWL')) });
      }
      if (expected) expect(seen[0]).toEqual(expected);
      else expect(seen[0]).toMatchObject({ entries: expect.any(Number), issues: ['GZIP_INVALID'] });
      for (const other of seen.slice(1)) expect(other).toEqual(seen[0]);
    }
  });

  it('judges a .gz inside a .gz cut off past maxBytes on all that arrived, however its bytes arrive', async () => {
    // The outer gzip's end fails where the body was cut; what it gave the inner one was left
    // half-inflated, so the file was cut off (a network error) or too large by the inflaters'
    // timing (found over a real connection: test/fuzz/crawl-transport.mjs).
    const xml = new TextEncoder().encode(urlset(Array.from({ length: 60 }, (_, i) => `/page-${(i * 7919) % 1000}-${i * i}`)));
    const twice = gzip(gzip(xml));
    // 3,353 bytes of XML, 501 twice gzipped (zlib), of which the first 300 inflate, both layers, to
    // 1,466 bytes: more than maxBytes, less than the file (it is cut off: the last expectation).
    const cut = Math.floor(twice.length * 0.6);
    for (const [maxBytes, expected] of [[600, 'CRAWL_TOO_LARGE'], [1_000_000, 'CRAWL_NETWORK_ERROR']] as const) {
      for (const [chunkBytes, pause] of [[1, false], [7, true], [64, false], [64, true], [4096, false], [4096, true]] as const) {
        const fetch = async (): Promise<Response> => {
          let at = 0;
          return new Response(new ReadableStream<Uint8Array>({
            async pull(controller) {
              if (at >= cut) { controller.error(new TypeError('terminated')); return; }
              if (pause) await new Promise((resolve) => { setTimeout(resolve, 0); });
              controller.enqueue(twice.slice(at, Math.min(cut, at + chunkBytes)));
              at += chunkBytes;
            },
          }));
        };
        const [sitemap] = (await crawlSitemaps(`${ORIGIN}/s.xml.gz`, { fetch, maxBytes, retries: 0, robotsTxt: false }).report()).sitemaps;
        expect({ maxBytes, chunkBytes, pause, issues: codes(sitemap!.issues) }).toEqual({ maxBytes, chunkBytes, pause, issues: [expected] });
      }
    }
  });

  it('judges a .gz inside a .gz that is itself cut short (the body whole, the gzip not) on all its inner layer got, however its bytes arrive', async () => {
    // The outer gzip's end fails (it is truncated) when the body ends: the inner one, left
    // half-inflated, read to a point set by the inflaters' timing, and met maxBytes or not by it.
    const xml = new TextEncoder().encode(urlset(Array.from({ length: 60 }, (_, i) => `/page-${(i * 7919) % 1000}-${i * i}`)));
    const truncated = gzip(gzip(xml)).slice(0, -30);
    for (const [maxBytes, expected] of [[600, ['CRAWL_TOO_LARGE']], [1_000_000, ['GZIP_INVALID']]] as const) {
      const seen = [];
      for (const [chunkBytes, pause] of [[1, false], [7, true], [64, false], [64, true], [200, true], [4096, false]] as const) {
        const fetch = async (): Promise<Response> => {
          let at = 0;
          return new Response(new ReadableStream<Uint8Array>({
            async pull(controller) {
              if (at >= truncated.length) { controller.close(); return; }
              if (pause) await new Promise((resolve) => { setTimeout(resolve, 0); });
              controller.enqueue(truncated.slice(at, at + chunkBytes));
              at += chunkBytes;
            },
          }));
        };
        const [sitemap] = (await crawlSitemaps(`${ORIGIN}/s.xml.gz`, { fetch, maxBytes, retries: 0, robotsTxt: false, validate: false }).report()).sitemaps;
        seen.push({ maxBytes, bytes: sitemap!.bytes, issues: codes(sitemap!.issues).filter((code) => code.startsWith('GZIP') || code.startsWith('CRAWL')) });
      }
      expect(seen[0]!.issues).toEqual(expected);
      for (const other of seen.slice(1)) expect(other).toEqual(seen[0]);
    }
  });
});
