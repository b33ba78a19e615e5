// Property tests of the whole walk (crawlSitemaps, src/site/crawl-walk.ts) on random sites: robots.txt
// naming some of up to eight files, each a urlset (plain or .gz), an index of any of them (cycles,
// repeats, nesting), a text sitemap, a redirect to any of them, a 404, a 500 or an HTML page; served
// by options.fetch (no network), every answer a random few milliseconds late. Whatever the site and
// however its answers interleave: the walk ends; one file at a time and six at a time give the same
// report and the entries in the same order; every sitemap listed is in the report once; the entries
// are the files' entries; CRAWL_DUPLICATE_URL falls on every file but the first (in the order read)
// to list a page; no file is asked for twice but through a redirect. In Node and in Chromium.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { crawlSitemaps, gzip, type CrawlOptions, type CrawlReport } from '../src/index';

const ORIGIN = 'https://example.com';
const fileUrl = (id: number) => `${ORIGIN}/f${id}.xml`;
const pageUrl = (id: number) => `${ORIGIN}/page-${id}`;

type SiteFile =
  | { kind: 'urlset'; pages: number[]; gz: boolean }
  | { kind: 'index'; children: number[] }
  | { kind: 'text'; pages: number[] }
  | { kind: 'redirect'; to: number }
  | { kind: 'missing' | 'error' | 'html' };

interface Site {
  files: SiteFile[];
  /** The files robots.txt names (repeats allowed: robots.txt's own issue). */
  robots: number[];
}

const pages = fc.array(fc.nat(11), { maxLength: 6 });
const fileId = fc.nat(7);
const siteFile: fc.Arbitrary<SiteFile> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ kind: fc.constant('urlset' as const), pages, gz: fc.boolean() }) },
  { weight: 3, arbitrary: fc.record({ kind: fc.constant('index' as const), children: fc.array(fileId, { maxLength: 4 }) }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('text' as const), pages }) },
  { weight: 2, arbitrary: fc.record({ kind: fc.constant('redirect' as const), to: fileId }) },
  { weight: 1, arbitrary: fc.record({ kind: fc.constantFrom('missing' as const, 'error' as const, 'html' as const) }) },
);
/** Ids past the last file wrap around, so that every reference names a file of the site. */
const siteArbitrary: fc.Arbitrary<Site> = fc.record({ files: fc.array(siteFile, { minLength: 1, maxLength: 8 }), robots: fc.array(fileId, { minLength: 1, maxLength: 3 }) })
  .map(({ files, robots }) => {
    const wrap = (id: number) => id % files.length;
    return {
      robots: robots.map(wrap),
      files: files.map((file): SiteFile => (file.kind === 'index' ? { kind: 'index', children: file.children.map(wrap) } : file.kind === 'redirect' ? { kind: 'redirect', to: wrap(file.to) } : file)),
    };
  });

/** A small deterministic generator of answer delays (0–3 ms), one per walk. */
function delays(seed: number): () => number {
  let state = seed >>> 0 || 1;
  return () => {
    state ^= state << 13; state >>>= 0;
    state ^= state >>> 17;
    state ^= state << 5; state >>>= 0;
    return state % 4;
  };
}

const encoder = new TextEncoder();

/** The site's answers by URL, and a fetch that gives them late and counts the requests. */
function serve(site: Site, seed: number): { fetch: NonNullable<CrawlOptions['fetch']>; requests: Map<string, number> } {
  const requests = new Map<string, number>();
  const later = delays(seed);
  const answer = (url: string): Response => {
    if (url === `${ORIGIN}/robots.txt`) return new Response(site.robots.map((id) => `Sitemap: ${fileUrl(id)}`).join('\n'), { headers: { 'content-type': 'text/plain' } });
    const id = /\/f(\d+)\.xml$/.exec(url)?.[1];
    const file = id === undefined ? undefined : site.files[Number(id)];
    if (!file || file.kind === 'missing') return new Response('<!DOCTYPE html><title>Not found</title>', { status: 404, headers: { 'content-type': 'text/html' } });
    switch (file.kind) {
      case 'error': return new Response('oops', { status: 500 });
      case 'html': return new Response('<!DOCTYPE html><html><body>Hello</body></html>', { headers: { 'content-type': 'text/html' } });
      case 'redirect': return new Response(null, { status: 301, headers: { location: fileUrl(file.to) } });
      case 'text': return new Response(file.pages.map(pageUrl).join('\n'), { headers: { 'content-type': 'text/plain' } });
      case 'index': return new Response(`<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${file.children.map((child) => `<sitemap><loc>${fileUrl(child)}</loc></sitemap>`).join('')}</sitemapindex>`);
      case 'urlset': {
        const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${file.pages.map((page) => `<url><loc>${pageUrl(page)}</loc></url>`).join('')}</urlset>`;
        return new Response(file.gz ? gzip(encoder.encode(xml)) : xml, { headers: { 'content-type': file.gz ? 'application/gzip' : 'application/xml' } });
      }
    }
  };
  return {
    requests,
    fetch: (url) => {
      requests.set(url, (requests.get(url) ?? 0) + 1);
      return new Promise((resolve) => { setTimeout(() => resolve(answer(url)), later()); });
    },
  };
}

interface Walked {
  report: CrawlReport;
  /** `loc from sitemap`, in the order given. */
  entries: string[];
  requests: Map<string, number>;
}

async function walk(site: Site, seed: number, limits: Pick<CrawlOptions, 'concurrency' | 'concurrencyPerHost'>): Promise<Walked> {
  const served = serve(site, seed);
  const crawl = crawlSitemaps(`${ORIGIN}/`, { ...limits, fetch: served.fetch, retries: 0, maxDepth: 10, timeout: 10_000 });
  const entries: string[] = [];
  for await (const entry of crawl) entries.push(`${entry.loc} from ${entry.sitemap}`);
  return { report: await crawl.report(), entries, requests: served.requests };
}

/** The report without what depends on timing: the duration, and the requests and bytes of redirect targets asked for before the walk knew it would read them. */
const comparable = (report: CrawlReport) => ({ ...report, totals: { ...report.totals, durationMs: 0, requests: 0, bytes: 0 } });

describe('crawlSitemaps on random sites, answers in a random order', () => {
  it('gives the same report and entries one file at a time and six at a time, each consistent with itself', async () => {
    await fc.assert(fc.asyncProperty(siteArbitrary, fc.integer(), fc.integer(), async (site, seedA, seedB) => {
      const one = await walk(site, seedA, { concurrency: 1, concurrencyPerHost: 1 });
      const six = await walk(site, seedB, { concurrency: 6, concurrencyPerHost: 6 });
      expect(comparable(six.report)).toEqual(comparable(one.report));
      expect(six.entries).toEqual(one.entries);

      for (const { report, entries, requests } of [one, six]) {
        expect(report.cancelled).toBe(false);
        expect(report.totals.entries).toBe(entries.length);
        // Every sitemap robots.txt or a read index lists is in the report once, as itself or as
        // where a sitemap read before it redirected (which made it a repeat); nothing else is.
        const urls = report.sitemaps.map((sitemap) => sitemap.url);
        expect(new Set(urls).size).toBe(urls.length);
        const listed = new Set([...site.robots.map(fileUrl), ...report.sitemaps.filter((sitemap) => sitemap.format === 'sitemapindex').flatMap((sitemap) => sitemap.children)]);
        for (const url of urls) expect(listed).toContain(url);
        const finalUrls = new Set(report.sitemaps.map((sitemap) => sitemap.finalUrl));
        for (const url of listed) expect(urls.includes(url) || finalUrls.has(url)).toBe(true);
        // The entries are each file's, counted on its record.
        const bySitemap = new Map<string, number>();
        for (const entry of entries) {
          const from = entry.slice(entry.indexOf(' from ') + 6);
          bySitemap.set(from, (bySitemap.get(from) ?? 0) + 1);
        }
        for (const sitemap of report.sitemaps) {
          if (sitemap.format === 'urlset' || sitemap.format === 'text') expect(bySitemap.get(sitemap.finalUrl) ?? 0).toBe(sitemap.entries);
        }
        // A page listed again by a file read later carries CRAWL_DUPLICATE_URL there, once per page and file.
        const firstFrom = new Map<string, string>();
        const expected = new Map<string, Set<string>>();
        for (const entry of entries) {
          const [loc, from] = entry.split(' from ') as [string, string];
          const first = firstFrom.get(loc);
          if (first === undefined) firstFrom.set(loc, from);
          else if (first !== from) expected.set(from, (expected.get(from) ?? new Set()).add(loc));
        }
        // Each final URL is read once: the records read (they have a format) have distinct final
        // URLs, and the others (a repeat, a failure) share theirs with no entry.
        const read = report.sitemaps.filter((sitemap) => sitemap.format !== undefined);
        expect(new Set(read.map((sitemap) => sitemap.finalUrl)).size).toBe(read.length);
        for (const sitemap of report.sitemaps) {
          const duplicates = sitemap.issues.filter((issue) => issue.code === 'CRAWL_DUPLICATE_URL').map((issue) => issue.value);
          const mine = sitemap.format === undefined ? undefined : expected.get(sitemap.finalUrl);
          expect(new Set(duplicates)).toEqual(mine ?? new Set());
          expect(duplicates).toHaveLength(mine?.size ?? 0);
        }
        // Each file asked for once, but a redirect's target once more for each redirect to it.
        expect(requests.get(`${ORIGIN}/robots.txt`)).toBe(1);
        site.files.forEach((_, id) => {
          const redirects = site.files.filter((file) => file.kind === 'redirect' && file.to === id).length;
          expect(requests.get(fileUrl(id)) ?? 0).toBeLessThanOrEqual(1 + redirects);
        });
      }
    }), {
      numRuns: 60,
      examples: [
        // A redirect to a file robots.txt names too, after another file with the same page: the
        // redirect's record shares the final URL of the file that carries the duplicate.
        [{ robots: [3, 0, 1], files: [{ kind: 'urlset', pages: [0], gz: false }, { kind: 'redirect', to: 0 }, { kind: 'index', children: [] }, { kind: 'urlset', pages: [0], gz: false }, { kind: 'index', children: [] }] }, 0, 0],
        // A redirect to a sitemap an index lists (itself a redirect), answered before the index is
        // read: the first hop the walk reads anyway makes it the repeat, however late it knew.
        [{ robots: [5, 7], files: [{ kind: 'urlset', pages: [], gz: false }, { kind: 'urlset', pages: [], gz: false }, { kind: 'redirect', to: 0 }, { kind: 'redirect', to: 0 }, { kind: 'missing' }, { kind: 'index', children: [3] }, { kind: 'missing' }, { kind: 'redirect', to: 3 }] }, 0, -246596793],
      ],
    });
  }, 120_000);
});
