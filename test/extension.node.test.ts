// End-to-end test of the Manifest V3 example extension (examples/extension/, issue 7) in Debian
// Chromium: built by its build script from dist/, loaded unpacked in a persistent context, run
// against small test sites on 127.0.0.1 (robots.txt `Sitemap:` lines, SPEC.md §4; a gzipped
// index served without a .gz name or Content-Encoding, SPEC.md §5; a broken sitemap).
// The list page's "Check URLs" against pages answering 200, 301, 404, 500 and noindex (issue 19,
// item 11). TOOLCHAIN.md "Browser extension (MV3)" and "Chromium". Node-only (it launches the browser).

import { execFile } from 'node:child_process';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { chromium, type BrowserContext, type Page, type Worker } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crawlSitemaps, parse } from '../src/index';
import { chromiumArguments, chromiumExecutablePath } from './chromium';
import { repositoryRoot } from './packed-package';

const run = promisify(execFile);

/** A site: path → [content type, body]; `{origin}` in bodies becomes the site's origin. */
type SiteFiles = Record<string, [string, string | ((origin: string) => Uint8Array)]>;

const urlset = (locs: string[]): string => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${locs.map((loc) => `  <url><loc>${loc}</loc><lastmod>2026-11-01</lastmod></url>`).join('\n')}
</urlset>
`;

/**
 * The main test site: robots.txt names a gzipped index (two children) and a broken sitemap, and
 * repeats the index's line in a second user-agent group (Sitemap: lines belong to no group).
 */
const mainSite: SiteFiles = {
  '/': ['text/html; charset=utf-8', '<!doctype html><title>Test site</title><h1>A site with sitemaps</h1>'],
  '/robots.txt': ['text/plain; charset=utf-8', [
    '# Test site for the sitemapkit extension',
    'User-agent: *',
    'Disallow: /private/',
    '',
    'Sitemap: {origin}/sitemap-index',
    'sitemap: {origin}/broken-sitemap.xml   # lowercase field, comment after the URL',
    '',
    'User-agent: Googlebot',
    'Allow: /',
    'Sitemap: {origin}/sitemap-index',
    '',
  ].join('\n')],
  // Raw gzip bytes under a name without .gz and without Content-Encoding: only the magic says gzip.
  '/sitemap-index': ['application/octet-stream', (origin) => new Uint8Array(gzipSync(`<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>${origin}/sitemap-pages.xml</loc><lastmod>2026-11-01</lastmod></sitemap>
  <sitemap><loc>${origin}/sitemap-posts.xml</loc></sitemap>
</sitemapindex>
`))],
  '/sitemap-pages.xml': ['application/xml', urlset(['{origin}/', '{origin}/about', '{origin}/contact'])],
  '/sitemap-posts.xml': ['application/xml', urlset([1, 2, 3, 4, 5].map((n) => `{origin}/posts/${n}`))],
  // Not well-formed: </url> closes an open <lastmod>, then the file stops.
  '/broken-sitemap.xml': ['application/xml', `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>{origin}/old/1</loc></url>
  <url><loc>{origin}/old/2</loc><lastmod>2026-11-01</url>
`],
};

/**
 * A big site (issue 19, items 17, 18, 20): robots.txt names a 50,000-URL sitemap whose every
 * lastmod is bad (50,000 issues of one code) and an RSS feed.
 */
const BIG_COUNT = 50_000;
const bigSite: SiteFiles = {
  '/robots.txt': ['text/plain', 'User-agent: *\nAllow: /\nSitemap: {origin}/big-sitemap.xml\nSitemap: {origin}/feed.xml\n'],
  '/big-sitemap.xml': ['application/xml', `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${Array.from({ length: BIG_COUNT }, (_, n) => `<url><loc>{origin}/item/${String(n).padStart(5, '0')}</loc><lastmod>2026-13-01</lastmod></url>`).join('\n')}
</urlset>
`],
  '/feed.xml': ['application/rss+xml', `<?xml version="1.0"?>
<rss version="2.0"><channel><title>News</title>
<item><link>{origin}/news/1</link><pubDate>Tue, 10 Nov 2026 04:00:00 GMT</pubDate></item>
<item><link>{origin}/news/2</link></item>
<item><link>{origin}/news/3</link></item>
</channel></rss>
`],
};

/** A second site with no robots.txt: the popup falls back to /sitemap.xml. */
const fallbackSite: SiteFiles = {
  '/sitemap.xml': ['application/xml', urlset(['{origin}/only-page'])],
};

interface TestSite {
  server: Server;
  origin: string;
  /** Paths requested, in order. */
  requests: string[];
  bytesOf(path: string): Uint8Array;
}

async function serveSite(files: SiteFiles): Promise<TestSite> {
  const requests: string[] = [];
  let origin = '';
  const bytesOf = (path: string): Uint8Array => {
    const body = files[path]![1];
    return typeof body === 'function' ? body(origin) : new TextEncoder().encode(body.replaceAll('{origin}', origin));
  };
  const server = createServer((request: IncomingMessage, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(path);
    const file = files[path];
    if (!file) {
      response.writeHead(404, { 'Content-Type': 'text/plain' }).end('not found');
      return;
    }
    response.writeHead(200, { 'Content-Type': file[0], 'Cache-Control': 'no-store' }).end(bytesOf(path));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  return { server, origin, requests, bytesOf };
}

let workDirectory: string;
let extensionDirectory: string;
let site: TestSite;
let otherSite: TestSite;
let emptySite: TestSite;
let big: TestSite;
let context: BrowserContext;
let serviceWorker: Worker;
let extensionId: string;
/** Console errors and uncaught exceptions of the extension's pages and service worker. */
const pageErrors: string[] = [];

/** Opens an extension page and records its console errors and exceptions. */
async function openExtensionPage(path: string): Promise<Page> {
  const page = await context.newPage();
  watchForErrors(page);
  await page.goto(`chrome-extension://${extensionId}/${path}`);
  return page;
}

function watchForErrors(page: Page): void {
  page.on('console', (message) => { if (message.type() === 'error') pageErrors.push(`${page.url()}: ${message.text()}`); });
  page.on('pageerror', (error) => pageErrors.push(`${page.url()}: ${error.message}`));
}

beforeAll(async () => {
  workDirectory = await mkdtemp(join(tmpdir(), 'sitemapkit-extension-'));
  extensionDirectory = join(workDirectory, 'extension');
  // The build script the user runs (`npm run build:extension` = `npm run build` + this), writing
  // to a temporary folder so parallel runs never share one; dist/ comes from the pretest build.
  await run(process.execPath, [join(repositoryRoot, 'examples/extension/build.mjs'), '--out', extensionDirectory], { cwd: repositoryRoot });
  [site, otherSite, emptySite, big] = await Promise.all([serveSite(mainSite), serveSite(fallbackSite), serveSite({}), serveSite(bigSite)]);
  await mkdir(join(repositoryRoot, 'test-results'), { recursive: true });
  context = await chromium.launchPersistentContext('', {
    executablePath: chromiumExecutablePath,
    headless: true,
    args: [...chromiumArguments, `--disable-extensions-except=${extensionDirectory}`, `--load-extension=${extensionDirectory}`],
  });
  context.on('weberror', (error) => pageErrors.push(`uncaught: ${error.error().message}`));
  serviceWorker = context.serviceWorkers()[0] ?? await context.waitForEvent('serviceworker', { timeout: 15_000 });
  serviceWorker.on('console', (message) => { if (message.type() === 'error') pageErrors.push(`service worker: ${message.text()}`); });
  extensionId = new URL(serviceWorker.url()).host;
}, 60_000);

afterAll(async () => {
  await context?.close();
  await Promise.all([site, otherSite, emptySite, big].map((each) => new Promise((resolve) => each ? each.server.close(resolve) : resolve(undefined))));
  if (workDirectory) await rm(workDirectory, { recursive: true, force: true });
});

/** What one sitemap item of the popup shows. */
async function readItem(page: Page, selector: string) {
  return page.locator(selector).evaluate((item: HTMLElement) => ({
    url: item.dataset.url,
    state: item.dataset.state,
    kind: item.dataset.kind,
    count: Number(item.dataset.count),
    errors: Number(item.dataset.errors),
    warnings: Number(item.dataset.warnings),
    facts: item.querySelector('.facts')?.textContent ?? '',
    issues: [...item.querySelectorAll(':scope > .issues li')].map((issue) => issue.textContent ?? ''),
  }));
}

describe('the built extension', { timeout: 20_000 }, () => {
  it('is what the build script says: MV3 manifest, least permissions, the WebAssembly CSP, a zip', async () => {
    const manifest = JSON.parse(await readFile(join(extensionDirectory, 'manifest.json'), 'utf8'));
    const packageJson = JSON.parse(await readFile(join(repositoryRoot, 'package.json'), 'utf8'));
    expect(manifest).toMatchObject({
      manifest_version: 3,
      version: packageJson.version,
      background: { service_worker: 'service-worker.js', type: 'module' },
      action: { default_popup: 'popup.html' },
      host_permissions: ['http://*/*', 'https://*/*'],
      content_security_policy: { extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'" },
    });
    // No API permissions: tab URLs come with the host permissions, tabs.create needs none.
    expect(manifest.permissions).toBeUndefined();
    expect(manifest.optional_permissions).toBeUndefined();

    const files = (await readdir(extensionDirectory, { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile() && entry.name !== 'sitemapkit-extension.zip')
      .map((entry) => relative(extensionDirectory, join(entry.parentPath, entry.name)).split('\\').join('/'))
      .sort();
    expect(files).toContain('sitemapkit/index.js');
    expect(files).toContain('vendor/fflate.js');
    const zipped = unzipSync(new Uint8Array(await readFile(join(extensionDirectory, 'sitemapkit-extension.zip'))));
    expect(Object.keys(zipped).sort()).toEqual(files);
    expect(new TextDecoder().decode(zipped['manifest.json'])).toBe(await readFile(join(extensionDirectory, 'manifest.json'), 'utf8'));

    // Built from the package's browser entry only, and static imports only (MV3 service workers).
    for (const file of files.filter((name) => name.endsWith('.js'))) {
      const code = await readFile(join(extensionDirectory, file), 'utf8');
      expect(code, file).not.toMatch(/\bimport\s*\(/);
      expect(code, file).not.toMatch(/^(?:import|export)\b[^'"]*from\s*['"](?!\.\.?\/)/m);
      expect(code, file).not.toMatch(/\/src\//);
    }
  });

  it('has icons: PNGs of 16, 32, 48 and 128 px, named in the manifest and shown by the action', async () => {
    const manifest = JSON.parse(await readFile(join(extensionDirectory, 'manifest.json'), 'utf8'));
    expect(Object.keys(manifest.icons)).toEqual(['16', '32', '48', '128']);
    expect(manifest.action.default_icon).toEqual({ 16: manifest.icons['16'], 32: manifest.icons['32'] });
    for (const [size, path] of Object.entries(manifest.icons as Record<string, string>)) {
      const png = await readFile(join(extensionDirectory, path));
      expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
      expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([Number(size), Number(size)]);
    }
  });

  it('starts its module service worker from the extension', () => {
    expect(extensionId).toMatch(/^[a-p]{32}$/);
    expect(serviceWorker.url()).toBe(`chrome-extension://${extensionId}/service-worker.js`);
  });
});

describe('the popup on a site whose robots.txt names a gzipped index and a broken sitemap', { timeout: 30_000 }, () => {
  let popup: Page;
  let index: Awaited<ReturnType<typeof readItem>>;
  let broken: Awaited<ReturnType<typeof readItem>>;

  beforeAll(async () => {
    // The tab the user would be on; the popup is told its URL, as the active tab would give it.
    const tab = await context.newPage();
    await tab.goto(`${site.origin}/`);
    popup = await openExtensionPage(`popup.html?url=${encodeURIComponent(`${site.origin}/some/page?x=1`)}`);
    await popup.setViewportSize({ width: 548, height: 400 });
    await popup.waitForSelector('body[data-ready]', { timeout: 20_000 });
    index = await readItem(popup, `#sitemaps > li[data-url="${site.origin}/sitemap-index"]`);
    broken = await readItem(popup, `#sitemaps > li[data-url="${site.origin}/broken-sitemap.xml"]`);
  }, 30_000);

  it('reads robots.txt and lists its two sitemaps in order, the repeated line once', async () => {
    expect(await popup.locator('body').getAttribute('data-ready')).toBe('true');
    expect(await popup.locator('#site').textContent()).toBe(site.origin);
    expect(await popup.locator('#source').textContent()).toBe('robots.txt declares 2 sitemaps.');
    expect(await popup.locator('#sitemaps > li.sitemap').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.url)))
      .toEqual([`${site.origin}/sitemap-index`, `${site.origin}/broken-sitemap.xml`]);
    expect(await popup.locator('.robots-issues li').allTextContents())
      .toEqual([`robots.txt line 10:10 ROBOTS_SITEMAP_DUPLICATE: ${site.origin}/sitemap-index is declared more than once; the repeat was dropped`]);
  });

  it('shows the gzipped index (no .gz name, no Content-Encoding) with its count and a clean verdict', () => {
    expect([...site.bytesOf('/sitemap-index').subarray(0, 2)]).toEqual([0x1f, 0x8b]);
    expect(index).toMatchObject({ state: 'done', kind: 'sitemapindex', count: 2, errors: 0, warnings: 0 });
    expect(index.facts).toContain('2 sitemaps');
    expect(index.facts).toContain('gzip');
    expect(index.facts).toContain('valid');
    expect(index.issues).toEqual([]);
  });

  it('shows the broken sitemap with its errors and where they are', () => {
    // What sitemapkit itself reads from those bytes in recover mode, computed here in Node.
    const expected = parse(site.bytesOf('/broken-sitemap.xml'), { recover: true });
    expect(broken.state).toBe('done');
    expect(broken.kind).toBe('urlset');
    expect(broken.count).toBe(expected.kind === 'urlset' ? expected.urls.length : -1);
    expect(broken.errors).toBeGreaterThan(0);
    expect(broken.facts).toMatch(/\d+ errors?/);
    expect(broken.issues.join('\n')).toMatch(/line 4:\d+ XML_MISMATCHED_END_TAG/);
  });

  it('expands the index into its two children, each fetched and parsed with its own count', async () => {
    await popup.locator(`#sitemaps > li[data-url="${site.origin}/sitemap-index"] button.expand`).click();
    const children = popup.locator(`#sitemaps > li[data-url="${site.origin}/sitemap-index"] > ul.children > li.sitemap`);
    await expect.poll(() => children.evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.state)), { timeout: 15_000 })
      .toEqual(['done', 'done']);
    const pages = await readItem(popup, `li[data-url="${site.origin}/sitemap-pages.xml"]`);
    const posts = await readItem(popup, `li[data-url="${site.origin}/sitemap-posts.xml"]`);
    expect(pages).toMatchObject({ kind: 'urlset', count: 3, errors: 0 });
    expect(posts).toMatchObject({ kind: 'urlset', count: 5, errors: 0 });
    expect(pages.facts).toContain('3 URLs');
    expect(posts.facts).toContain('5 URLs');
    await popup.screenshot({ path: join(repositoryRoot, 'test-results/extension-popup.png'), fullPage: true });
  });

  it('opens the full list of a sitemap in a new tab', async () => {
    const opened = context.waitForEvent('page', { timeout: 10_000 });
    await popup.locator(`li[data-url="${site.origin}/sitemap-posts.xml"] button.open-list`).click();
    const list = await opened;
    watchForErrors(list);
    await list.waitForSelector('body[data-ready]', { timeout: 15_000 });
    expect(new URL(list.url()).pathname).toBe('/entries.html');
    expect(await list.locator('#summary').textContent()).toBe('Sitemap: 5 URLs; valid.');
    expect(await list.locator('#entries tbody td.loc > a:first-child').allTextContents()).toEqual([1, 2, 3, 4, 5].map((n) => `${site.origin}/posts/${n}`));
    await list.close();
  });

  it('lists the broken sitemap\'s issues with line and column on its list page', async () => {
    const list = await openExtensionPage(`entries.html?url=${encodeURIComponent(`${site.origin}/broken-sitemap.xml`)}`);
    await list.waitForSelector('body[data-ready]', { timeout: 15_000 });
    const rows = await list.locator('#issues tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent)));
    expect(rows.some(([line, severity, code]) => /^4:\d+$/.test(line ?? '') && severity === 'error' && code === 'XML_MISMATCHED_END_TAG')).toBe(true);
    expect(await list.locator('#entries tbody tr').count()).toBe(broken.count);
    await list.setViewportSize({ width: 1000, height: 400 });
    await list.screenshot({ path: join(repositoryRoot, 'test-results/extension-list.png') });
    await list.close();
  });

  it('had the service worker do the fetching and parsing', async () => {
    const handled = await serviceWorker.evaluate(() => (globalThis as unknown as { handledRequests: { type: string; url: string }[] }).handledRequests);
    expect(handled).toEqual(expect.arrayContaining([
      expect.objectContaining({ type: 'discover', url: `${site.origin}/some/page?x=1` }),
      expect.objectContaining({ type: 'summarize', url: `${site.origin}/sitemap-index` }),
      expect.objectContaining({ type: 'summarize', url: `${site.origin}/broken-sitemap.xml` }),
      expect.objectContaining({ type: 'summarize', url: `${site.origin}/sitemap-pages.xml` }),
      expect.objectContaining({ type: 'summarize', url: `${site.origin}/sitemap-posts.xml` }),
      expect.objectContaining({ type: 'entries', url: `${site.origin}/sitemap-posts.xml` }),
    ]));
    expect(await popup.locator('#answered-by').textContent()).toMatch(/service worker \(\d+ requests answered\); verdicts from sitemapkit's validate\(\)/);
    // The site saw the extension's requests; the list page reused the summary's fetch.
    for (const path of ['/robots.txt', '/sitemap-index', '/broken-sitemap.xml', '/sitemap-pages.xml', '/sitemap-posts.xml']) {
      expect(site.requests, path).toContain(path);
    }
    expect(site.requests.filter((path) => path === '/sitemap-posts.xml')).toHaveLength(1);
  });
});

describe('the popup opened from the toolbar', () => {
  it('looks at the active tab\'s site, whose URL the host permissions make visible', async () => {
    const tab = await context.newPage();
    await tab.goto(`${site.origin}/from-the-toolbar`);
    // Loaded in a background tab, so that the site's tab stays the active one, as with a real popup.
    const popup = await context.newPage();
    watchForErrors(popup);
    await tab.bringToFront();
    await popup.goto(`chrome-extension://${extensionId}/popup.html`);
    await popup.waitForSelector('body[data-ready]', { timeout: 20_000 });
    expect(await popup.locator('#site').textContent()).toBe(site.origin);
    expect(await popup.locator('#sitemaps > li.sitemap[data-state="done"]').count()).toBe(2);
    await Promise.all([popup.close(), tab.close()]);
  }, 30_000);
});

describe('the popup on sites without robots.txt, and off the web', () => {
  it('falls back to /sitemap.xml', async () => {
    const popup = await openExtensionPage(`popup.html?url=${encodeURIComponent(`${otherSite.origin}/`)}`);
    await popup.waitForSelector('body[data-ready]', { timeout: 20_000 });
    expect(await popup.locator('#source').textContent()).toMatch(/^No robots\.txt \(HTTP 404 .*\); trying \/sitemap\.xml\.$/);
    const item = await readItem(popup, '#sitemaps > li.sitemap');
    expect(item).toMatchObject({ url: `${otherSite.origin}/sitemap.xml`, state: 'done', kind: 'urlset', count: 1, errors: 0 });
    expect(otherSite.requests).toEqual(['/robots.txt', '/sitemap.xml']);
    await popup.close();
  }, 30_000);

  it('shows a sitemap that cannot be fetched as unreadable, with the HTTP status', async () => {
    const popup = await openExtensionPage(`popup.html?url=${encodeURIComponent(`${emptySite.origin}/`)}`);
    await popup.waitForSelector('body[data-ready]', { timeout: 20_000 });
    const item = await readItem(popup, '#sitemaps > li.sitemap');
    expect(item).toMatchObject({ url: `${emptySite.origin}/sitemap.xml`, state: 'failed', errors: 1 });
    expect(item.facts).toContain('unreadable');
    expect(item.issues).toEqual([`FETCH_FAILED: HTTP 404 for ${emptySite.origin}/sitemap.xml`]);
    await popup.close();
  }, 30_000);

  it('tells the user when the page is not a web page', async () => {
    const popup = await openExtensionPage(`popup.html?url=${encodeURIComponent('chrome://settings/')}`);
    await popup.waitForSelector('body[data-ready]', { timeout: 10_000 });
    expect(await popup.locator('#message').textContent()).toBe('Open a web page (http or https) to see the sitemaps of its site.');
    expect(await popup.locator('#sitemaps > li').count()).toBe(0);
    await popup.close();
  }, 20_000);
});

describe('a site with a 50,000-URL sitemap of 50,000 issues and a feed (issue 19, items 17-20)', { timeout: 60_000 }, () => {
  let popup: Page;

  beforeAll(async () => {
    popup = await openExtensionPage(`popup.html?url=${encodeURIComponent(`${big.origin}/`)}`);
    await popup.setViewportSize({ width: 548, height: 600 });
    await popup.waitForSelector('body[data-ready]', { timeout: 40_000 });
  }, 60_000);

  it('counts the issues by code (one line, not 50,000), keeps the card\'s buttons on one line, groups numbers', async () => {
    const item = await readItem(popup, `#sitemaps > li[data-url="${big.origin}/big-sitemap.xml"]`);
    expect(item).toMatchObject({ state: 'done', kind: 'urlset', count: BIG_COUNT, errors: BIG_COUNT });
    expect(item.facts).toContain('50,000 URLs');
    expect(item.facts).toContain('50,000 errors');
    expect(item.issues).toHaveLength(1);
    expect(item.issues[0]).toMatch(/^line 3:\d+ SITEMAP_BAD_LASTMOD ×50,000: /);
    // The popup stays short (it grew to ~2,400 px with a line per issue).
    expect(await popup.evaluate(() => document.body.getBoundingClientRect().height)).toBeLessThan(400);
    const buttonTops = await popup.locator(`#sitemaps > li[data-url="${big.origin}/big-sitemap.xml"] .facts button`).evaluateAll((buttons) => buttons.map((button) => Math.round(button.getBoundingClientRect().top)));
    expect(buttonTops.length).toBe(2);
    expect(new Set(buttonTops).size).toBe(1);
    await popup.screenshot({ path: join(repositoryRoot, 'test-results/extension-popup-big.png'), fullPage: true });
    // Dark mode follows the system: dark page, light text, and the layout holds.
    await popup.emulateMedia({ colorScheme: 'dark' });
    expect(await popup.evaluate(() => getComputedStyle(document.body).backgroundColor)).toBe('rgb(32, 33, 36)');
    expect(await popup.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await popup.screenshot({ path: join(repositoryRoot, 'test-results/extension-popup-big-dark.png'), fullPage: true });
    await popup.emulateMedia({ colorScheme: 'light' });
  });

  it('reads the feed robots.txt declares with parseFeed (it was UNREADABLE)', async () => {
    const feed = await readItem(popup, `#sitemaps > li[data-url="${big.origin}/feed.xml"]`);
    expect(feed).toMatchObject({ state: 'done', kind: 'urlset', count: 3, errors: 0 });
    expect(feed.facts).toContain('feed');
    expect(feed.facts).toContain('3 URLs');
    expect(feed.facts).not.toContain('unreadable');
  });

  it('lists all 50,000 entries and the issues the popup promised, drawing only the rows in view, with a filter and sort', async () => {
    const started = Date.now();
    const list = await openExtensionPage(`entries.html?url=${encodeURIComponent(`${big.origin}/big-sitemap.xml`)}`);
    await list.setViewportSize({ width: 1200, height: 800 });
    await list.waitForSelector('body[data-ready=true]', { timeout: 30_000 });
    const loadMs = Date.now() - started;
    expect(await list.locator('#summary').textContent()).toBe('Sitemap: 50,000 URLs; 50,000 errors.');
    expect(await list.locator('#entry-count').textContent()).toBe('(50,000)');
    expect(await list.locator('#issue-count').textContent()).toBe('(50,000)');
    // Virtual: a few dozen <tr>, not 50,002.
    expect(await list.locator('tr').count()).toBeLessThan(200);
    const issueRow = await list.locator('#issues tbody tr').first().evaluate((tr) => [...tr.children].map((td) => td.textContent));
    expect(issueRow[2]).toBe('SITEMAP_BAD_LASTMOD');
    // Scrolled to the end: the last entry is drawn.
    await list.locator('.entries-box').evaluate((box) => { box.scrollTop = box.scrollHeight; });
    await expect.poll(() => list.locator('#entries tbody td.loc > a:first-child').last().textContent(), { timeout: 5_000 }).toBe(`${big.origin}/item/49999`);
    // Filter: "item/0012" matches 00120 … 00129.
    await list.fill('#filter', 'item/0012');
    await list.waitForSelector('body[data-rows="10"]', { timeout: 5_000 });
    expect(await list.locator('#entries tbody td.loc > a:first-child').allTextContents()).toEqual(Array.from({ length: 10 }, (_, n) => `${big.origin}/item/0012${n}`));
    // Sort by loc, descending.
    await list.locator('#entries thead th.c-loc button').click();
    await list.locator('#entries thead th.c-loc button').click();
    await expect.poll(() => list.locator('#entries tbody td.loc > a:first-child').first().textContent(), { timeout: 5_000 }).toBe(`${big.origin}/item/00129`);
    expect(await list.locator('#entries thead th.c-loc').getAttribute('aria-sort')).toBe('descending');
    await list.screenshot({ path: join(repositoryRoot, 'test-results/extension-list-big.png') });
    await list.emulateMedia({ colorScheme: 'dark' });
    expect(await list.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth)).toBe(true);
    await list.screenshot({ path: join(repositoryRoot, 'test-results/extension-list-big-dark.png') });
    expect(loadMs).toBeGreaterThan(0);
    await list.close();
  });

  it('opens a sitemap in the full viewer bundled in the extension', async () => {
    const opened = context.waitForEvent('page', { timeout: 10_000 });
    await popup.locator(`#sitemaps > li[data-url="${big.origin}/feed.xml"] button.open-viewer`).click();
    const viewer = await opened;
    watchForErrors(viewer);
    expect(new URL(viewer.url()).pathname).toBe('/viewer/index.html');
    await viewer.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.shown, undefined, { timeout: 20_000 });
    // Fetched by the extension page itself: its host permissions make the site readable without CORS.
    expect(await viewer.locator('#summary .source-name').textContent()).toBe(`${big.origin}/feed.xml`);
    expect(await viewer.locator('#summary [data-key=kind] dd').textContent()).toMatch(/^RSS feed/);
    expect(await viewer.locator('#entry-count').textContent()).toBe('3');
    await viewer.close();
  });
});

describe('the popup walks the whole site with crawlSitemaps (issue 17)', { timeout: 40_000 }, () => {
  it('shows the tree with each file\'s status, format, entries and errors, as crawlSitemaps reports them in Node', async () => {
    const expected = await crawlSitemaps(`${site.origin}/`).report();
    const popup = await openExtensionPage(`popup.html?url=${encodeURIComponent(`${site.origin}/a/page`)}`);
    await popup.setViewportSize({ width: 548, height: 700 });
    await popup.waitForSelector('body[data-ready=true]', { timeout: 20_000 });
    await popup.click('#walk-site');
    await popup.waitForSelector('#site-walk[data-state=done]', { timeout: 30_000 });
    const nodes = await popup.locator('#site-walk li.site-node').evaluateAll((items) => items.map((item) => {
      const data = (item as HTMLElement).dataset;
      return { url: data.url, status: Number(data.status), format: data.format, entries: Number(data.entries), errors: Number(data.errors), failed: data.failed === 'true' };
    }));
    // In tree order (an index's children under it), the report lists them as found: compare by URL.
    const byUrl = (a: { url?: string }, b: { url?: string }) => ((a.url ?? '') < (b.url ?? '') ? -1 : 1);
    expect(nodes.sort(byUrl)).toEqual(expected.sitemaps.map((sitemap) => ({ url: sitemap.url, status: sitemap.status, format: sitemap.format ?? '', entries: sitemap.entries, errors: sitemap.errors, failed: sitemap.failed })).sort(byUrl));
    // The index's children hang under it.
    const index = popup.locator(`#site-walk li.site-node[data-url="${site.origin}/sitemap-index"]`);
    expect(await index.locator(':scope > ul > li.site-node').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.url))).toEqual([`${site.origin}/sitemap-pages.xml`, `${site.origin}/sitemap-posts.xml`]);
    expect(await popup.locator('#site-walk').getAttribute('data-sitemaps')).toBe(String(expected.totals.sitemaps));
    // Issues counted by code on the broken file's node.
    expect(await popup.locator(`#site-walk li.site-node[data-url="${site.origin}/broken-sitemap.xml"] > .issues`).textContent()).toContain('XML_MISMATCHED_END_TAG');
    await popup.screenshot({ path: join(repositoryRoot, 'test-results/extension-popup-walk.png'), fullPage: true });
    await popup.close();
  });
});

describe('the list page checks the listed pages with checkUrls (issue 19, item 11)', { timeout: 60_000 }, () => {
  let server: Server;
  let origin: string;
  const PAGES = ['/ok', '/moved', '/gone', '/broken', '/noindex-header', '/noindex-meta'];
  const SLOW_PAGES = Array.from({ length: 24 }, (_, n) => `/slow-${n}`);

  beforeAll(async () => {
    // Pages that answer 200, 301 → 200, 404, 500, X-Robots-Tag: noindex and a robots meta noindex.
    server = createServer((request, response) => {
      const path = request.url ?? '/';
      const html = (headers: Record<string, string> = {}, head = '') => response.writeHead(200, { 'Content-Type': 'text/html', ...headers }).end(`<html><head>${head}</head><body>x</body></html>`);
      if (path === '/sitemap.xml') response.writeHead(200, { 'Content-Type': 'application/xml' }).end(urlset(PAGES.map((page) => `${origin}${page}`)));
      else if (path === '/slow-sitemap.xml') response.writeHead(200, { 'Content-Type': 'application/xml' }).end(urlset(SLOW_PAGES.map((page) => `${origin}${page}`)));
      else if (path === '/ok') html();
      else if (path === '/moved') response.writeHead(301, { Location: '/ok' }).end();
      else if (path === '/gone') response.writeHead(404, { 'Content-Type': 'text/plain' }).end('gone');
      else if (path === '/broken') response.writeHead(500, { 'Content-Type': 'text/plain' }).end('oops');
      else if (path === '/noindex-header') html({ 'X-Robots-Tag': 'noindex' });
      else if (path === '/noindex-meta') html({}, '<meta name="robots" content="noindex, follow">');
      else if (path.startsWith('/slow-')) setTimeout(() => { if (!response.destroyed) html(); }, 3000);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    origin = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });

  afterAll(async () => {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives each page its status, redirect target and noindex, counts them, and filters the problem rows', async () => {
    // Chromium logs each 4xx/5xx answer as a console error ("Failed to load resource: … 404"):
    // here the test site's /gone and /broken give them on purpose; every other error still counts.
    const list = await context.newPage();
    list.on('console', (message) => {
      if (message.type() === 'error' && !/^Failed to load resource: the server responded with a status of (?:404|500) /.test(message.text())) pageErrors.push(`${list.url()}: ${message.text()}`);
    });
    list.on('pageerror', (error) => pageErrors.push(`${list.url()}: ${error.message}`));
    await list.goto(`chrome-extension://${extensionId}/entries.html?url=${encodeURIComponent(`${origin}/sitemap.xml`)}`);
    await list.setViewportSize({ width: 1200, height: 900 });
    await list.waitForSelector('body[data-ready=true]', { timeout: 20_000 });
    expect(await list.locator('#check-section').isVisible()).toBe(true);
    await list.click('#check-start');
    await list.waitForSelector('#check-section[data-state=done]', { timeout: 30_000 });
    await list.waitForSelector('#check-section[data-rows="6"]', { timeout: 5_000 });
    const rows = await list.locator('#checks tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.children].map((td) => td.textContent ?? '')));
    const byPath = new Map(rows.map(([status, url, redirected, noindex, error]) => [url!.replace(origin, ''), { status, redirected: redirected!.replace(origin, ''), noindex, error }]));
    expect([...byPath.keys()].sort()).toEqual([...PAGES].sort());
    expect(byPath.get('/ok')).toEqual({ status: '200', redirected: '', noindex: '', error: '' });
    // Fetched by the page with its host permissions: a browser follows the redirect itself and tells where it led.
    expect(byPath.get('/moved')).toEqual({ status: '200', redirected: '/ok', noindex: '', error: '' });
    expect(byPath.get('/gone')?.status).toBe('404');
    expect(byPath.get('/broken')?.status).toBe('500');
    // The X-Robots-Tag header is readable: host permissions lift CORS's header filter.
    expect(byPath.get('/noindex-header')).toMatchObject({ status: '200', noindex: 'noindex (X-Robots-Tag)' });
    expect(byPath.get('/noindex-meta')).toMatchObject({ status: '200', noindex: 'noindex (meta robots)' });
    const counts = await list.locator('#check-counts').textContent();
    expect(counts).toMatch(/^6 of 6 checked: /);
    for (const part of ['200 ×2', '200 noindex ×2', '404 ×1', '500 ×1', '4 not 200 or noindex']) expect(counts).toContain(part);

    await list.check('#check-only-problems');
    await list.waitForSelector('#check-section[data-rows="4"]', { timeout: 5_000 });
    const problemUrls = await list.locator('#checks tbody td.loc').allTextContents();
    expect(problemUrls.map((url) => url.replace(origin, '')).sort()).toEqual(['/broken', '/gone', '/noindex-header', '/noindex-meta']);
    expect(await list.locator('#check-counts').textContent()).toContain('(showing 4)');
    await list.screenshot({ path: join(repositoryRoot, 'test-results/extension-list-check-urls.png') });
    await list.close();
  });

  it('stops at the stop button: requests in flight are dropped and no new one starts', async () => {
    const list = await openExtensionPage(`entries.html?url=${encodeURIComponent(`${origin}/slow-sitemap.xml`)}`);
    await list.waitForSelector('body[data-ready=true]', { timeout: 20_000 });
    await list.click('#check-start');
    await list.waitForSelector('#check-section[data-state=running]');
    expect(await list.locator('#check-stop').isVisible()).toBe(true);
    await list.click('#check-stop');
    await list.waitForSelector('#check-section[data-state=stopped]', { timeout: 5_000 });
    // Each page takes three seconds: stopped before any answered, and with the start button back.
    expect(await list.locator('#check-section').getAttribute('data-checked')).toBe('0');
    expect(await list.locator('#check-stop').isVisible()).toBe(false);
    expect(await list.locator('#check-start').textContent()).toBe('Check again');
    expect(await list.locator('#check-counts').textContent()).toBe('0 of 24 checked');
    await list.close();
  });
});

describe('the extension pages and service worker', () => {
  it('logged no console errors and threw no exceptions', () => {
    expect(pageErrors).toEqual([]);
  });
});
