// Smoke test of the packed package in a real browser: its browser entry (dist/index.js, its
// chunks, and fflate's browser ESM build) served as-is from 127.0.0.1 with an import map, used
// from a page (also with init() given the shipped .wasm compiled by the page, or its fetch()
// Response served as application/wasm or as application/octet-stream) and from a module Web
// Worker, in Debian Chromium (playwright-core, never a downloaded browser).

import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chromiumArguments, chromiumExecutablePath } from './chromium';
import { installPackedPackage, smokeSitemap, type InstalledPackage } from './packed-package';
import { exerciseModule, expectedExerciseReport, type ExerciseReport } from './runtime-exercise';
import { ASKED_ONCE_EACH, crawlExerciseModule, expectedCrawlReport, requestsDuring, startCrawlSite, type CrawlExerciseReport } from './runtime-crawl';
import type { SiteServer } from './fixtures/site-server';

// The page and the worker run test/runtime-exercise.ts, as every runtime does (parse, validate,
// a stream, serialize with gzip at once and as a stream), with the browser's own streams and
// CompressionStream, and test/runtime-crawl.ts (crawlSitemaps from a local site of another
// origin, which sends CORS), and must give the same reports.
const exercise = exerciseModule;

const sitemapkitBrowserEntry = '/node_modules/sitemapkit/dist/index.js';
const fflateBrowserEntry = '/node_modules/fflate/esm/browser.js';

const page = `<!doctype html>
<meta charset="utf-8">
<title>sitemapkit packed-package page</title>
<script type="importmap">${JSON.stringify({ imports: { sitemapkit: sitemapkitBrowserEntry, fflate: fflateBrowserEntry } })}</script>
<script type="module">
import * as sitemapkit from 'sitemapkit';
import { exercise } from '/exercise.js';
import { crawlExercise } from '/crawl-exercise.js';
const xml = await (await fetch('/smoke-sitemap.xml')).text();
window.pageReport = await exercise(sitemapkit, xml).catch((error) => ({ failure: String(error && error.stack || error) }));
window.pageCrawlReport = await crawlExercise(sitemapkit, CRAWL_ORIGIN).catch((error) => ({ failure: String(error && error.stack || error) }));
// The strict-CSP way: compile the shipped .wasm file from its URL and hand the module in.
window.precompiledUrlCount = await sitemapkit.init(WebAssembly.compileStreaming(fetch('/node_modules/sitemapkit/dist/sitemapkit.simd.wasm')))
  .then(() => sitemapkit.parse(xml).urls.length, (error) => String(error));
// The fetch() itself: compiled as it streams in (application/wasm), or read whole (another type).
window.fetchedUrlCounts = {};
for (const path of ['/node_modules/sitemapkit/dist/sitemapkit.scalar.wasm', '/as-octet-stream/node_modules/sitemapkit/dist/sitemapkit.scalar.wasm']) {
  window.fetchedUrlCounts[path] = await sitemapkit.init(fetch(path)).then(() => sitemapkit.parse(xml).urls.length, (error) => String(error));
}
const worker = new Worker('/worker.js', { type: 'module' });
worker.onmessage = (event) => { window.workerReport = event.data; };
worker.onerror = (event) => { window.workerReport = { failure: 'worker error: ' + event.message }; };
</script>
`;

// Chromium 156 does not apply a page's import map inside workers, so the worker imports
// /worker-view/…: the same files with the bare 'fflate' specifier rewritten to a URL, which is
// what a CDN (esm.sh, jsDelivr +esm) or a bundler does for users.
const worker = `
import * as sitemapkit from '/worker-view${sitemapkitBrowserEntry}';
import { exercise } from '/exercise.js';
import { crawlExercise } from '/crawl-exercise.js';
const xml = await (await fetch('/smoke-sitemap.xml')).text();
const failure = (error) => ({ failure: String(error && error.stack || error) });
const report = await exercise(sitemapkit, xml).catch(failure);
postMessage({ ...report, crawl: await crawlExercise(sitemapkit, CRAWL_ORIGIN).catch(failure) });
`;

// A browser without WebAssembly SIMD, as far as sitemapkit can tell (WebAssembly.validate refuses
// SIMD code): the first synchronous call cannot load the scalar build, which is a chunk of
// its own; init() fetches that chunk and the same calls then work.
const noSimdPage = `<!doctype html>
<meta charset="utf-8">
<title>sitemapkit without SIMD</title>
<script type="importmap">${JSON.stringify({ imports: { sitemapkit: sitemapkitBrowserEntry, fflate: fflateBrowserEntry } })}</script>
<script type="module">
// sitemapkit asks WebAssembly.validate only whether SIMD runs (a probe module); an engine without SIMD says no.
WebAssembly.validate = () => false;
const sitemapkit = await import('sitemapkit');
const { exercise } = await import('/exercise.js');
const xml = await (await fetch('/smoke-sitemap.xml')).text();
let syncErrorCode;
try { sitemapkit.parse(xml); } catch (error) { syncErrorCode = error.code; }
await sitemapkit.init();
window.noSimdReport = { syncErrorCode, report: await exercise(sitemapkit, xml).catch((error) => ({ failure: String(error && error.stack || error) })) };
</script>
`;

// A page whose Content-Security-Policy allows its scripts but not compiling WebAssembly (no
// 'wasm-unsafe-eval'), as many sites' and extensions' do: Chromium refuses every compilation, the
// embedded core's and one handed in as bytes or as a fetch() alike, and sitemapkit says so with its
// typed error, not the browser's CompileError, and names the directive (the same page with it
// parses: below).
const STRICT_POLICY = "script-src 'self' 'unsafe-inline'";
const strictPolicyPage = (wasmAllowed: boolean) => `<!doctype html>
<meta charset="utf-8">
<title>sitemapkit under a Content-Security-Policy${wasmAllowed ? " with 'wasm-unsafe-eval'" : ''}</title>
<script type="importmap">${JSON.stringify({ imports: { sitemapkit: sitemapkitBrowserEntry, fflate: fflateBrowserEntry } })}</script>
<script type="module">
const sitemapkit = await import('sitemapkit');
const xml = await (await fetch('/smoke-sitemap.xml')).text();
const outcome = (error) => ({ code: error.code, isSitemapError: error instanceof sitemapkit.SitemapError, message: error.message, cause: String(error.cause) });
const report = {};
try { report.parse = sitemapkit.parse(xml).urls.length; } catch (error) { report.parse = outcome(error); }
const bytes = await (await fetch('/node_modules/sitemapkit/dist/sitemapkit.simd.wasm')).arrayBuffer();
await sitemapkit.init(bytes).then(() => { report.initBytes = sitemapkit.parse(xml).urls.length; }, (error) => { report.initBytes = outcome(error); });
// Its fetch() (served as application/wasm: compiled as it streams in, where the policy allows it).
await sitemapkit.init(fetch('/node_modules/sitemapkit/dist/sitemapkit.simd.wasm')).then(() => { report.initFetch = sitemapkit.parse(xml).urls.length; }, (error) => { report.initFetch = outcome(error); });
window.strictPolicyReport = report;
</script>
`;

const contentTypes: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.xml': 'application/xml',
  '.wasm': 'application/wasm',
};

let installed: InstalledPackage;
/** The local site the page and the worker crawl (test/runtime-crawl.ts), on an origin of its own. */
let site: SiteServer;
let server: Server;
let origin: string;
let browser: Browser;
const pageErrors: string[] = [];
/** Every path the server was asked for, in order. */
const requestedPaths: string[] = [];

/** Serves the generated page files and, read-only, the consumer project's node_modules. */
async function respond(path: string): Promise<{ status: number; type: string; body: string | Uint8Array; policy?: string }> {
  requestedPaths.push(path);
  if (path === '/strict-policy.html') return { status: 200, type: contentTypes['.html']!, body: strictPolicyPage(false), policy: STRICT_POLICY };
  if (path === '/strict-policy-with-wasm.html') return { status: 200, type: contentTypes['.html']!, body: strictPolicyPage(true), policy: `${STRICT_POLICY} 'wasm-unsafe-eval'` };
  // The page and the worker learn the crawl site's origin from a constant written into them.
  const crawlOrigin = `const CRAWL_ORIGIN = ${JSON.stringify(site.origin)};\n`;
  const generated: Record<string, string> = {
    '/': page.replace('<script type="module">\n', `<script type="module">\n${crawlOrigin}`), '/no-simd.html': noSimdPage, '/exercise.js': exercise,
    '/crawl-exercise.js': crawlExerciseModule, '/worker.js': crawlOrigin + worker, '/smoke-sitemap.xml': smokeSitemap,
  };
  if (generated[path] !== undefined) return { status: 200, type: contentTypes[extname(path) || '.html']!, body: generated[path]! };
  const workerView = path.startsWith('/worker-view/');
  // The same file with a Content-Type that WebAssembly.compileStreaming refuses, as many servers send.
  const octetStream = path.startsWith('/as-octet-stream/');
  const filePath = workerView ? path.slice('/worker-view'.length) : octetStream ? path.slice('/as-octet-stream'.length) : path;
  if (!filePath.startsWith('/node_modules/')) return { status: 404, type: 'text/plain', body: 'not found' };
  const file = normalize(join(installed.projectDirectory, filePath));
  if (!file.startsWith(join(installed.projectDirectory, 'node_modules') + sep)) return { status: 403, type: 'text/plain', body: 'forbidden' };
  const body = await readFile(file);
  const type = octetStream ? 'application/octet-stream' : contentTypes[extname(file)] ?? 'application/octet-stream';
  if (!workerView || !type.startsWith('text/javascript')) return { status: 200, type, body };
  // Relative imports stay inside /worker-view/ by themselves; only the bare specifier changes.
  const rewritten = body.toString('utf8').replace(/(from\s*|import\s*)(['"])fflate\2/g, `$1'${fflateBrowserEntry}'`);
  return { status: 200, type, body: rewritten };
}

beforeAll(async () => {
  site = await startCrawlSite();
  installed = await installPackedPackage();
  server = createServer((request, response) => {
    respond(new URL(request.url ?? '/', 'http://127.0.0.1').pathname).then(
      ({ status, type, body, policy }) => response.writeHead(status, { 'Content-Type': type, 'Cache-Control': 'no-store', ...(policy ? { 'Content-Security-Policy': policy } : {}) }).end(body),
      () => response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found'),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await chromium.launch({ executablePath: chromiumExecutablePath, args: chromiumArguments, headless: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise((resolve) => server ? server.close(resolve) : resolve(undefined));
  await installed?.remove();
  await site?.close();
});

describe('the packed browser entry in Chromium', () => {
  let pageReport: ExerciseReport & { failure?: string };
  let workerReport: ExerciseReport & { failure?: string; crawl?: CrawlExerciseReport & { failure?: string } };
  let pageCrawlReport: CrawlExerciseReport & { failure?: string };
  let asked: Record<string, number>;
  let precompiledUrlCount: unknown;
  let fetchedUrlCounts: Record<string, unknown>;

  beforeAll(async () => {
    const tab = await browser.newPage();
    tab.on('pageerror', (error) => pageErrors.push(error.message));
    ({ asked } = await requestsDuring(site, async () => {
      await tab.goto(`${origin}/`);
      await tab.waitForFunction(() => 'pageReport' in window && 'pageCrawlReport' in window && 'precompiledUrlCount' in window && 'workerReport' in window, undefined, { timeout: 20_000 });
    }));
    [pageReport, pageCrawlReport, workerReport, precompiledUrlCount, fetchedUrlCounts] = await tab.evaluate(() => {
      const reports = window as unknown as { pageReport: never; pageCrawlReport: never; workerReport: never; precompiledUrlCount: unknown; fetchedUrlCounts: Record<string, unknown> };
      return [reports.pageReport, reports.pageCrawlReport, reports.workerReport, reports.precompiledUrlCount, reports.fetchedUrlCounts] as const;
    });
    await tab.close();
  }, 30_000);

  it('loads without page errors', () => {
    expect(pageErrors).toEqual([]);
    expect(pageReport.failure).toBeUndefined();
  });

  it('parses, validates, streams, and serializes with gzip in a page, as everywhere', () => {
    expect(pageReport).toEqual(expectedExerciseReport);
  });

  it('parses with a core compiled by the page from the shipped .wasm file', () => {
    expect(precompiledUrlCount).toBe(3);
  });

  it('parses with a core from init(fetch()) of the shipped .wasm file, whatever its Content-Type', () => {
    expect(fetchedUrlCounts).toEqual({
      '/node_modules/sitemapkit/dist/sitemapkit.scalar.wasm': 3,
      '/as-octet-stream/node_modules/sitemapkit/dist/sitemapkit.scalar.wasm': 3,
    });
  });

  it('parses, validates, streams, and serializes with gzip in a module Web Worker, as everywhere', () => {
    expect(workerReport.failure).toBeUndefined();
    const { crawl: _crawl, ...exercised } = workerReport;
    expect(exercised).toEqual(expectedExerciseReport);
  });

  it('crawls a site of another origin (CORS) from the page and from the worker, each file asked once by each, as everywhere', () => {
    expect(pageCrawlReport).toEqual(expectedCrawlReport);
    expect(workerReport.crawl).toEqual(expectedCrawlReport);
    expect(asked).toEqual(Object.fromEntries(Object.entries(ASKED_ONCE_EACH).map(([path, count]) => [path, 2 * count])));
  });
});

describe('the packed browser entry in a browser without WebAssembly SIMD', () => {
  let noSimdReport: { syncErrorCode: unknown; report: ExerciseReport & { failure?: string } };
  let scalarRequestsBefore: number;

  beforeAll(async () => {
    scalarRequestsBefore = requestedPaths.filter((path) => path.endsWith('/wasm-scalar.generated.js')).length;
    const tab = await browser.newPage();
    tab.on('pageerror', (error) => pageErrors.push(error.message));
    await tab.goto(`${origin}/no-simd.html`);
    await tab.waitForFunction(() => 'noSimdReport' in window, undefined, { timeout: 20_000 });
    noSimdReport = await tab.evaluate(() => (window as unknown as { noSimdReport: never }).noSimdReport);
    await tab.close();
  }, 30_000);

  it('asks for `await init()` on a synchronous first call (the scalar build loads asynchronously)', () => {
    expect(noSimdReport.syncErrorCode).toBe('INPUT_TYPE');
  });

  it('fetches the scalar chunk in init(), never before, and then gives the same answers', () => {
    expect(scalarRequestsBefore).toBe(0); // the pages with SIMD never asked for it
    expect(requestedPaths.filter((path) => path.endsWith('/wasm-scalar.generated.js'))).toEqual(['/node_modules/sitemapkit/dist/lib/core/wasm-scalar.generated.js']);
    expect(noSimdReport.report).toEqual(expectedExerciseReport);
  });
});

describe("the packed browser entry under a Content-Security-Policy without 'wasm-unsafe-eval'", () => {
  type Outcome = number | { code: string; isSitemapError: boolean; message: string; cause: string };
  const reports: Record<string, { parse: Outcome; initBytes: Outcome; initFetch: Outcome }> = {};

  beforeAll(async () => {
    for (const path of ['/strict-policy.html', '/strict-policy-with-wasm.html']) {
      const tab = await browser.newPage();
      await tab.goto(`${origin}${path}`);
      await tab.waitForFunction(() => 'strictPolicyReport' in window, undefined, { timeout: 20_000 });
      reports[path] = await tab.evaluate(() => (window as unknown as { strictPolicyReport: never }).strictPolicyReport);
      await tab.close();
    }
  }, 30_000);

  it('throws SitemapError CORE_UNAVAILABLE on the first parse, naming the directive, with the browser\'s refusal as its cause', () => {
    const refused = reports['/strict-policy.html']!.parse;
    expect(refused).toMatchObject({ code: 'CORE_UNAVAILABLE', isSitemapError: true });
    if (typeof refused === 'number') return;
    expect(refused.cause).toMatch(/^CompileError: .*Content Security Policy/);
    expect(refused.message).toContain(`(${refused.cause})`);
    expect(refused.message).toContain("allow 'wasm-unsafe-eval' in the Content-Security-Policy");
  });

  it('says the same when init() is handed the shipped .wasm as bytes or as its fetch(): a refusal, not bytes that are no module', () => {
    expect(reports['/strict-policy.html']!.initBytes).toMatchObject({ code: 'CORE_UNAVAILABLE', isSitemapError: true });
    expect(reports['/strict-policy.html']!.initFetch).toMatchObject({ code: 'CORE_UNAVAILABLE', isSitemapError: true });
  });

  it("parses once the policy allows 'wasm-unsafe-eval' (the same page otherwise)", () => {
    expect(reports['/strict-policy-with-wasm.html']).toEqual({ parse: 3, initBytes: 3, initFetch: 3 });
  });
});
