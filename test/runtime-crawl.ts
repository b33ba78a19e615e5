// The crawl every runtime runs against the packed package (issue #17: "the same walk runs in Node
// 18+, browsers, workers, … Deno, Bun and Cloudflare Workers"): crawlSitemaps from a small local
// site (robots.txt → index → a urlset, a .gz urlset and a text sitemap, with a URL robots.txt
// disallows and a URL listed twice; the text sitemap lists 4,000 more, so that the walk's URL set
// grows its tables, handing each outgrown one back, and still finds the one listed twice among them)
// on the crawl tests' fixture server (test/fixtures/site-server.ts,
// node:http with CORS), reported in a form that must be the same in every runtime, whichever way it
// fetches (Node's walk asks through node:http, the others through their fetch).
// test/runtimes.node.test.ts runs it in Node, Deno, Bun and workerd; test/package-browser.node.test.ts
// in a Chromium page and a module worker.

import { file, gzipped, startSiteServer, type SiteRoute, type SiteServer } from './fixtures/site-server';

/** The body of `crawlExercise(sitemapkit, origin)`, the same text for the ES module and the CommonJS one. */
const crawlExerciseBody = `
  const crawl = sitemapkit.crawlSitemaps(origin + '/', { concurrency: 2, retries: 0, timeout: 10000 });
  const entries = [];
  for await (const entry of crawl) entries.push(entry.loc.slice(origin.length) + ' from ' + entry.sitemap.slice(origin.length));
  const report = await crawl.report();
  const path = (url) => url.startsWith(origin) ? url.slice(origin.length) : url;
  // In the order read (the tree's, whichever file answers first) and the report's, as they come.
  return {
    entries,
    sitemaps: report.sitemaps.map((sitemap) => ({
      url: path(sitemap.url), via: sitemap.via, parent: sitemap.parent && path(sitemap.parent), depth: sitemap.depth,
      status: sitemap.status, format: sitemap.format, compressed: sitemap.compressed, entries: sitemap.entries,
      lastmod: sitemap.lastmod, failed: sitemap.failed, children: sitemap.children.map(path),
      issues: sitemap.issues.map((issue) => issue.code + ' ' + path(String(issue.value)) + (issue.code === 'CRAWL_DUPLICATE_URL' ? ' also in ' + path(issue.message.slice(issue.message.lastIndexOf(' ') + 1)) : '')),
    })),
    robotsTxt: report.robotsTxt.map((robots) => ({ url: path(robots.url), status: robots.status, sitemaps: robots.sitemaps.map(path) })),
    siteIssues: report.issues.map((issue) => issue.code).sort(),
    totals: { sitemaps: report.totals.sitemaps, indexes: report.totals.indexes, failed: report.totals.failed, entries: report.totals.entries, requests: report.totals.requests },
  };
`;

/** `crawl-exercise.mjs`: `export async function crawlExercise(sitemapkit, origin)`. */
export const crawlExerciseModule = `export async function crawlExercise(sitemapkit, origin) {${crawlExerciseBody}}\n`;

/** `crawl-exercise.cjs`: the same function for `require`. */
export const crawlExerciseCommonJs = `async function crawlExercise(sitemapkit, origin) {${crawlExerciseBody}}\nmodule.exports = { crawlExercise };\n`;

/** What `crawlExercise` returns. */
export interface CrawlExerciseReport {
  entries: string[];
  sitemaps: { url: string; via: string; parent: string | undefined; depth: number; status: number; format: string | undefined; compressed: boolean; entries: number; lastmod: { min: string; max: string } | undefined; failed: boolean; children: string[]; issues: string[] }[];
  robotsTxt: { url: string; status: number; sitemaps: string[] }[];
  siteIssues: string[];
  totals: { sitemaps: number; indexes: number; failed: number; entries: number; requests: number };
}

const urlset = (origin: string, paths: string[], lastmod: string) => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${paths.map((path) => `  <url><loc>${origin}${path}</loc><lastmod>${lastmod}</lastmod></url>`).join('\n')}
</urlset>
`;

/**
 * The text sitemap's 4,000 pages: more than the URL set's first tables hold (64 shards of 66 slots,
 * each grown at 7/8 full), so every runtime's walk grows them (UrlHashSet's #grow, which transfers
 * each outgrown table with structuredClone to hand its bytes back) and looks the last one up after.
 */
const MANY_PAGES = Array.from({ length: 4000 }, (_, i) => `/p/${i}`);

/** The site's routes, by path. */
function siteRoutes(origin: string): Record<string, SiteRoute> {
  return {
    '/robots.txt': file(`User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap_index.xml\n`, { type: 'text/plain' }),
    '/sitemap_index.xml': file(`<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>${origin}/pages.xml</loc><lastmod>2026-11-02</lastmod></sitemap>
  <sitemap><loc>${origin}/posts.xml.gz</loc><lastmod>2026-11-03</lastmod></sitemap>
  <sitemap><loc>${origin}/more.txt</loc></sitemap>
</sitemapindex>
`),
    '/pages.xml': file(urlset(origin, ['/', '/private/drafts', '/shared'], '2026-11-02')),
    '/posts.xml.gz': file(gzipped(urlset(origin, ['/shared', '/posts/1', '/p/3999'], '2026-11-03')), { type: 'application/gzip' }),
    '/more.txt': file(`${origin}/about\n${MANY_PAGES.map((path) => origin + path + '\n').join('')}`, { type: 'text/plain' }),
  };
}

/** The report every runtime must give for the site. */
export const expectedCrawlReport: CrawlExerciseReport = {
  entries: [
    '/ from /pages.xml',
    '/private/drafts from /pages.xml',
    '/shared from /pages.xml',
    '/shared from /posts.xml.gz',
    '/posts/1 from /posts.xml.gz',
    '/p/3999 from /posts.xml.gz',
    '/about from /more.txt',
    ...MANY_PAGES.map((path) => `${path} from /more.txt`),
  ],
  sitemaps: [
    { url: '/sitemap_index.xml', via: 'robots', parent: '/robots.txt', depth: 0, status: 200, format: 'sitemapindex', compressed: false, entries: 3, lastmod: { min: '2026-11-02', max: '2026-11-03' }, failed: false, children: ['/pages.xml', '/posts.xml.gz', '/more.txt'], issues: [] },
    { url: '/pages.xml', via: 'index', parent: '/sitemap_index.xml', depth: 1, status: 200, format: 'urlset', compressed: false, entries: 3, lastmod: { min: '2026-11-02', max: '2026-11-02' }, failed: false, children: [], issues: ['CRAWL_BLOCKED_BY_ROBOTS_TXT /private/drafts'] },
    { url: '/posts.xml.gz', via: 'index', parent: '/sitemap_index.xml', depth: 1, status: 200, format: 'urlset', compressed: true, entries: 3, lastmod: { min: '2026-11-03', max: '2026-11-03' }, failed: false, children: [], issues: ['CRAWL_DUPLICATE_URL /shared also in /pages.xml'] },
    { url: '/more.txt', via: 'index', parent: '/sitemap_index.xml', depth: 1, status: 200, format: 'text', compressed: false, entries: 4001, lastmod: undefined, failed: false, children: [], issues: ['CRAWL_DUPLICATE_URL /p/3999 also in /posts.xml.gz'] },
  ],
  robotsTxt: [{ url: '/robots.txt', status: 200, sitemaps: ['/sitemap_index.xml'] }],
  siteIssues: [],
  totals: { sitemaps: 4, indexes: 1, failed: 0, entries: 4007, requests: 5 },
};

/** Serves the site on 127.0.0.1 (any port), with CORS for pages and workers of other origins. */
export function startCrawlSite(): Promise<SiteServer> {
  return startSiteServer(siteRoutes);
}

/** What `site` was asked, path by path, while `during` ran (its counts reset first). */
export async function requestsDuring<T>(site: SiteServer, during: () => Promise<T>): Promise<{ result: T; asked: Record<string, number> }> {
  await fetch(`${site.origin}/__reset`);
  const result = await during();
  return { result, asked: (await (await fetch(`${site.origin}/__requests`)).json()) as Record<string, number> };
}

/** Each path of the site asked once: no file fetched twice, no retry, no guess (robots.txt names the index). */
export const ASKED_ONCE_EACH: Record<string, number> = Object.fromEntries(Object.keys(siteRoutes('')).map((path) => [path, 1]));
