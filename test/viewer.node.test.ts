// End-to-end test of the viewer (demo/, issue 6): the real server (`node demo/serve.mjs`, what
// `npm start` runs after the build) started as a child process on a free port, driven in Debian
// Chromium with playwright-core. Inputs: the 50,000-URL benchmark file from bench/gen.mjs
// (and a 50,001-URL one for the split download), a generated 1,000-child index, and the samples
// in demo/samples/. Screenshots of the main states, light and dark, go to test-results/.
// Node-only (it launches the browser).

import { execFile, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { realpathSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gunzipSync, gzipSync } from 'node:zlib';
import { unzipSync } from 'fflate';
import { chromium, type Browser, type Download, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gunzipPartial, parseSitemap, parseSitemapIndex, parseTextSitemap, validate } from '../src/index';
import { chromiumArguments, chromiumExecutablePath } from './chromium';
import { repositoryRoot } from './packed-package';
import { readCsv, startServer } from './viewer-harness';

const run = promisify(execFile);
// Its real path: gen.mjs runs main() only when argv[1] is its own (resolved) file, so a checkout
// reached through a symlink would otherwise make it exit 0 having written nothing.
const generator = realpathSync(join(repositoryRoot, 'bench/gen.mjs'));
const screenshots = join(repositoryRoot, 'test-results');

let workDirectory: string;
let server: ChildProcessWithoutNullStreams;
let viewerUrl: string;
let browser: Browser;
let page: Page;
/** Console errors and uncaught exceptions of every page, unless a test said it expects them. */
const pageErrors: string[] = [];
let expectedErrors: RegExp[] = [];

const files = {
  plain: '', // 50,000 URLs: the benchmark file
  overLimit: '', // 50,001 URLs
  index: '', // a sitemap index of 1,000 children
};
let plainLocs: string[];

/** Hosts the page sent requests to. */
const requestedHosts = new Set<string>();

function watch(target: Page): void {
  target.on('request', (request) => { if (!request.url().startsWith('blob:') && !request.url().startsWith('data:')) requestedHosts.add(new URL(request.url()).host); });
  const record = (text: string) => { if (!expectedErrors.some((pattern) => pattern.test(text))) pageErrors.push(text); };
  target.on('console', (message) => { if (message.type() === 'error') record(`console: ${message.text()} (${message.location().url})`); });
  target.on('pageerror', (error) => record(`page error: ${error.message}`));
  target.on('worker', (worker) => worker.on('console', (message) => { if (message.type() === 'error') record(`worker console: ${message.text()}`); }));
}

/** Runs `action` and waits until the page shows a new document (the worker answered and the table drew). */
async function opensDocument(target: Page, action: () => Promise<unknown>): Promise<void> {
  const before = await target.evaluate(() => document.body.dataset.shown ?? '');
  await action();
  await target.waitForFunction((previous) => document.body.dataset.shown !== undefined && document.body.dataset.shown !== previous && document.body.dataset.state === 'ready', before, { timeout: 20_000 });
}

async function openFile(target: Page, path: string): Promise<void> {
  await opensDocument(target, () => target.setInputFiles('#file-input', path));
}

/** The rows the virtual table has rendered in view: position and cell texts, in order. */
async function renderedRows(target: Page, table: 'entries' | 'issues') {
  return target.locator(`[data-table=${table}] .vlist-spacer > .vlist-row:not([hidden])`).evaluateAll((rows) => rows
    .map((row) => ({ position: Number((row as HTMLElement).dataset.position), cells: [...row.children].map((cell) => cell.textContent ?? '') }))
    .sort((a, b) => a.position - b.position));
}

async function waitForRowCount(target: Page, count: number): Promise<void> {
  await target.waitForSelector(`#row-count[data-rows="${count}"]`, { timeout: 10_000 });
}

async function screenshot(target: Page, name: string, { dark = true } = {}): Promise<void> {
  await target.screenshot({ path: join(screenshots, `viewer-${name}-light.png`) });
  if (!dark) return;
  await target.emulateMedia({ colorScheme: 'dark' });
  await target.screenshot({ path: join(screenshots, `viewer-${name}-dark.png`) });
  await target.emulateMedia({ colorScheme: 'light' });
}

async function readDownload(download: Download): Promise<Uint8Array> {
  const path = await download.path();
  return new Uint8Array(await readFile(path));
}

async function exportAs(target: Page, format: string): Promise<{ name: string; bytes: Uint8Array }> {
  await target.click('#tab-export');
  const [download] = await Promise.all([
    target.waitForEvent('download', { timeout: 20_000 }),
    target.click(`#panel-export button[data-format="${format}"]`),
  ]);
  return { name: download.suggestedFilename(), bytes: await readDownload(download) };
}

beforeAll(async () => {
  workDirectory = await mkdtemp(join(tmpdir(), 'sitemapkit-viewer-'));
  files.plain = join(workDirectory, 'plain-50k.xml');
  files.overLimit = join(workDirectory, 'over-limit-50001.xml');
  files.index = join(workDirectory, 'index-1000.xml');
  await mkdir(screenshots, { recursive: true });
  const [started] = await Promise.all([
    startServer(),
    run(process.execPath, [generator, '--preset', 'limit-urls', '--out', files.plain]),
    run(process.execPath, [generator, '--urls', '50001', '--seed', '2', '--out', files.overLimit]),
    run(process.execPath, [generator, '--index', '1000', '--out', files.index]),
  ]);
  server = started.child;
  viewerUrl = started.url;
  plainLocs = parseSitemap(await readFile(files.plain)).urls.map((url) => url.loc);
  browser = await chromium.launch({ executablePath: chromiumExecutablePath, args: chromiumArguments });
  const context = await browser.newContext({ viewport: { width: 1400, height: 900 }, colorScheme: 'light', acceptDownloads: true });
  page = await context.newPage();
  watch(page);
  await page.goto(viewerUrl);
  await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.shown, undefined, { timeout: 20_000 });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  if (workDirectory) await rm(workDirectory, { recursive: true, force: true });
});

describe('the server', () => {
  it('prints its URL, serves the page with a strict CSP, and the built package, nothing private', async () => {
    expect(viewerUrl).toMatch(/^http:\/\/localhost:\d+\/$/);
    const pageResponse = await fetch(viewerUrl);
    expect(pageResponse.status).toBe(200);
    const csp = pageResponse.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toMatch(/script-src 'self' 'wasm-unsafe-eval' 'sha256-[A-Za-z0-9+/=]+'/);
    const html = await pageResponse.text();
    expect(JSON.parse(/<script type="importmap">([\s\S]*?)<\/script>/.exec(html)![1]!)).toEqual({ imports: { sitemapkit: '/sitemapkit/index.js' } });
    // The package's browser entry, as built, with only the bare fflate import pointed at its URL.
    const served = await (await fetch(new URL('/sitemapkit/index.js', viewerUrl))).text();
    expect(served).toBe(await readFile(join(repositoryRoot, 'dist/index.js'), 'utf8'));
    const packageJson = JSON.parse(await readFile(join(repositoryRoot, 'package.json'), 'utf8'));
    expect(packageJson.exports['.'].import.default).toBe('./dist/index.js');
    // No source or private paths reachable, and no way out of the served folders.
    for (const path of ['/src/index.ts', '/sitemapkit/index.node.js', '/sitemapkit/node.js', '/package.json', '/serve.mjs', '/sitemapkit/../package.json', '/%2e%2e/package.json', '/examples/summary.mjs']) {
      expect((await fetch(new URL(path, viewerUrl))).status, path).toBe(404);
    }
  });

  it('says clearly when the port it was told to use is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      const failed = await run(process.execPath, [join(repositoryRoot, 'demo/serve.mjs')], { env: { ...process.env, PORT: String(port) } }).then(() => null, (error: { code: number; stderr: string }) => error);
      expect(failed?.code).toBe(1);
      expect(failed?.stderr).toContain(`Port ${port} is already in use`);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe('the viewer', { timeout: 30_000 }, () => {
  it('opens with the bundled example sitemap', async () => {
    const summary = page.locator('#summary');
    expect(await summary.getAttribute('data-kind')).toBe('urlset');
    expect(await summary.getAttribute('data-count')).toBe('20');
    expect(await summary.getAttribute('data-valid')).toBe('true');
    expect(await page.locator('#verdict-text').textContent()).toBe('Valid');
    expect(await page.locator('#summary [data-key=extensions] dd').textContent()).toContain('image');
    const rows = await renderedRows(page, 'entries');
    expect(rows).toHaveLength(20);
    expect(rows[0]!.cells.slice(0, 5)).toEqual(['1', 'https://www.example.com/', '2026-11-20T09:30:00+00:00', 'daily', '1.0']);
    await screenshot(page, 'example');
  });

  it('loads the 50,000-URL benchmark file through the file input and shows its count', async () => {
    await openFile(page, files.plain);
    const expected = JSON.parse(await readFile(`${files.plain}.expect.json`, 'utf8'));
    expect(expected.count).toBe(50_000);
    expect(await page.locator('#entry-count').textContent()).toBe('50,000');
    expect(await page.locator('#summary').getAttribute('data-count')).toBe('50000');
    expect(await page.locator('#row-count').textContent()).toBe('50,000 entries');
    expect(Number(await page.evaluate(() => document.body.dataset.lastLoadMs))).toBeGreaterThan(0);
    const [first] = await renderedRows(page, 'entries');
    expect(first!.cells[1]).toBe(plainLocs[0]);
    // Virtualised: only the rows in view exist.
    expect(await page.locator('[data-table=entries] .vlist-row').count()).toBeLessThan(100);
    await screenshot(page, 'table-50k', { dark: false });
  });

  it('scrolls to the last row, by scrolling and with the End key', async () => {
    await page.locator('[data-table=entries] .vlist-viewport').evaluate((viewport) => { viewport.scrollTop = viewport.scrollHeight; });
    await expect.poll(async () => (await renderedRows(page, 'entries')).at(-1)?.cells.slice(0, 2), { timeout: 5_000 }).toEqual(['50,000', plainLocs.at(-1)]);
    // Keyboard: Home, End, Enter opens the detail of the focused row.
    await page.locator('[data-table=entries] .vlist-row[tabindex="0"]').first().focus();
    await page.keyboard.press('Home');
    await page.keyboard.press('End');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#detail').getAttribute('data-entry'), { timeout: 5_000 }).toBe('49999');
    expect(await page.locator('#detail [data-field=loc]').textContent()).toBe(plainLocs.at(-1));
    await page.keyboard.press('ArrowUp');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.locator('#detail').getAttribute('data-entry'), { timeout: 5_000 }).toBe('49998');
    await screenshot(page, 'last-row');
  });

  it('narrows the rows with the text filter (focused with /) and the issue filter, to exact counts', async () => {
    const term = 'blog/2013';
    const matching = plainLocs.filter((loc) => loc.toLowerCase().includes(term));
    expect(matching.length).toBeGreaterThan(0);
    await page.locator('body').press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('filter-text');
    await page.keyboard.type(term);
    await waitForRowCount(page, matching.length);
    expect(await page.locator('#row-count').textContent()).toBe(`${matching.length.toLocaleString('en-US')} of 50,000 entries`);
    // A new filter starts at its first row.
    const rows = await renderedRows(page, 'entries');
    expect(rows[0]!.position).toBe(0);
    expect(rows.map((row) => row.cells[1])).toEqual(matching.slice(0, rows.length));

    // By issue code: the entries validate() gives that code, computed here in Node.
    const { issues } = validate(await readFile(files.plain));
    const withCode = new Set(issues.filter((issue) => issue.code === 'SITEMAP_LOC_NOT_ESCAPED').map((issue) => /url\[(\d+)\]/.exec(issue.path)![1]));
    expect(withCode.size).toBeGreaterThan(0);
    await page.fill('#filter-text', '');
    await page.selectOption('#filter-issue', 'code:SITEMAP_LOC_NOT_ESCAPED');
    await waitForRowCount(page, withCode.size);
    await page.selectOption('#filter-issue', '');
    await page.fill('#filter-text', term);
    await waitForRowCount(page, matching.length);
  });

  it('exports the filtered rows as CSV and JSON', async () => {
    const matching = plainLocs.filter((loc) => loc.toLowerCase().includes('blog/2013'));
    const csv = await exportAs(page, 'csv');
    expect(csv.name).toBe('plain-50k.csv');
    const table = readCsv(new TextDecoder().decode(csv.bytes));
    expect(table[0]).toEqual(['loc', 'lastmod', 'changefreq', 'priority', 'errors', 'warnings', 'issue_codes']);
    expect(table.slice(1).map((row) => row[0])).toEqual(matching);
    const json = await exportAs(page, 'json');
    const entries = JSON.parse(new TextDecoder().decode(json.bytes)) as { loc: string }[];
    expect(entries.map((entry) => entry.loc)).toEqual(matching);
    expect(await page.locator('#export-notes').textContent()).toContain(`${matching.length} entries`);
    await page.click('#tab-entries');
  });

  it('sorts by a column, both ways', async () => {
    await page.fill('#filter-text', '');
    await waitForRowCount(page, 50_000);
    await page.click('[data-table=entries] .vlist-head [data-key=loc] button');
    const sorted = [...plainLocs].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    await expect.poll(async () => (await renderedRows(page, 'entries'))[0]?.cells[1], { timeout: 5_000 }).toBe(sorted[0]);
    await page.click('[data-table=entries] .vlist-head [data-key=loc] button');
    await expect.poll(async () => (await renderedRows(page, 'entries'))[0]?.cells[1], { timeout: 5_000 }).toBe(sorted.at(-1));
    expect(await page.locator('[data-table=entries] .vlist-head [data-key=loc]').getAttribute('aria-sort')).toBe('descending');
  });

  it('draws the charts, and a changefreq bar filters the entries', async () => {
    await page.click('#tab-charts');
    await page.waitForSelector('#panel-charts [data-chart=lastmod] svg');
    expect(await page.locator('#panel-charts figure').count()).toBe(4);
    // By month from the earliest lastmod to the latest (2015-01 … 2025-06 in the generator's data).
    const times = parseSitemap(await readFile(files.plain)).urls.map((url) => Date.parse(url.lastmod ?? '')).filter((time) => !Number.isNaN(time));
    const month = (time: number) => new Date(time).getUTCFullYear() * 12 + new Date(time).getUTCMonth();
    const months = month(Math.max(...times)) - month(Math.min(...times)) + 1;
    expect(months).toBeGreaterThan(100);
    expect(await page.locator('[data-chart=lastmod] rect.bar').count()).toBe(months);
    await screenshot(page, 'charts');
    const daily = parseSitemap(await readFile(files.plain)).urls.filter((url) => url.changefreq === 'daily').length;
    await page.locator('[data-chart=changefreq] button', { hasText: 'daily' }).click();
    await waitForRowCount(page, daily);
    expect(await page.locator('#tab-entries').getAttribute('aria-selected')).toBe('true');
    await page.click('#filter-clear');
    await waitForRowCount(page, 50_000);
  });

  it('lists the issues of a file with known errors at the right lines, and jumps to their entries', async () => {
    const path = join(repositoryRoot, 'demo/samples/with-issues.xml');
    await openFile(page, path);
    expect(await page.locator('#summary').getAttribute('data-valid')).toBe('false');
    await page.click('#tab-issues');
    const rows = await renderedRows(page, 'issues');
    const listed = rows.map((row) => [row.cells[1], row.cells[2]]);
    // Written by hand from the file (see the comments on each mistake's line).
    expect(listed).toEqual([
      ['17:14', 'SITEMAP_BAD_LASTMOD'], // 2026-13-01
      ['18:17', 'SITEMAP_BAD_CHANGEFREQ'], // Weekly
      ['25:10', 'SITEMAP_BAD_LOC'], // relative
      ['26:15', 'SITEMAP_BAD_PRIORITY'], // 1.5
      ['29:10', 'SITEMAP_DUPLICATE_LOC'],
      ['33:10', 'SITEMAP_BAD_LOC'], // a space
      ['34:14', 'SITEMAP_BAD_LASTMOD'], // a time without zone
      ['36:3', 'SITEMAP_MISSING_LOC'],
      ['53:14', 'SITEMAP_FUTURE_LASTMOD'],
      ['59:5', 'SITEMAP_UNKNOWN_ELEMENT'], // <colour>
      ['68:50', 'XML_BAD_ENTITY'], // a bare &
    ]);
    // …and exactly what validate() says in Node, with the Search Console report names.
    const expected = validate(await readFile(path)).issues;
    expect(rows.map((row) => row.cells.slice(0, 4))).toEqual(expected.map((issue) => [issue.severity, `${issue.line}:${issue.column}`, issue.code, expect.any(String)]));
    expect(rows.find((row) => row.cells[2] === 'XML_BAD_ENTITY')?.cells[3]).toBe('Parsing error');

    // Choosing an issue shows its source lines (the line marked) and its entry.
    await page.locator('[data-table=issues] .vlist-row', { hasText: 'SITEMAP_BAD_LASTMOD' }).first().click();
    await page.waitForSelector('#detail .issue-context');
    expect(await page.locator('#detail .issue-context .source-line.hit').getAttribute('data-line')).toBe('17');
    expect(await page.locator('#detail .issue-context .source-line.hit mark').textContent()).toBe('2');
    expect(await page.locator('#detail [data-field=loc]').textContent()).toBe('https://shop.example.com/lamps/desk-lamp');
    expect(await page.locator('#detail').getAttribute('data-entry')).toBe('1');
    const lines = await page.locator('#detail .issue-context .source-line').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.line));
    expect(lines).toEqual(['13', '14', '15', '16', '17', '18', '19', '20', '21']);
    await screenshot(page, 'issues');

    // The issue filter of the table and "Show in table".
    await page.click('#detail .show-in-table');
    expect(await page.locator('#tab-entries').getAttribute('aria-selected')).toBe('true');
    expect(await page.locator('[data-table=entries] .vlist-row.active').getAttribute('data-position')).toBe('1');
    const entriesWithErrors = new Set(expected.filter((issue) => issue.severity === 'error').map((issue) => Number(/url\[(\d+)\]/.exec(issue.path)![1])));
    expect([...entriesWithErrors]).toEqual([2, 3, 5, 6, 9, 11]);
    await page.selectOption('#filter-issue', 'errors');
    await waitForRowCount(page, entriesWithErrors.size);
  });

  it('reads gzip by its bytes, and a cut-off gzip download as far as it goes, saying so', async () => {
    const xml = await readFile(join(repositoryRoot, 'demo/samples/with-issues.xml'));
    const compressed = gzipSync(xml);
    const gzipped = join(workDirectory, 'with-issues.xml.gz');
    await writeFile(gzipped, compressed);
    await openFile(page, gzipped);
    expect(await page.locator('#summary [data-key=bytes] dd').textContent()).toMatch(/^[\d,]+ bytes gzip → 2\.\d KiB/);
    expect(await page.locator('#entry-count').textContent()).toBe('12');
    expect(await page.locator('#summary').getAttribute('data-errors')).toBe('9');

    // Cut off: the browser's inflater refuses it, the package's gunzipPartial reads what is there.
    const truncated = join(workDirectory, 'truncated.xml.gz');
    const whole = gzipSync(await readFile(files.plain));
    const cut = whole.subarray(0, Math.floor(whole.length * 0.6));
    await writeFile(truncated, cut);
    await openFile(page, truncated);
    const partial = parseSitemap(gunzipPartial(new Uint8Array(cut), { maxBytes: 1 << 30 }).bytes, { recover: true });
    expect(partial.urls.length).toBeGreaterThan(20_000);
    expect(partial.urls.length).toBeLessThan(50_000);
    expect(await page.locator('#entry-count').textContent()).toBe(partial.urls.length.toLocaleString('en-US'));
    expect(await page.locator('#summary').getAttribute('data-valid')).toBe('false');
    await page.click('#tab-issues');
    const first = (await renderedRows(page, 'issues'))[0]!;
    expect(first.cells[2]).toBe('GZIP_INVALID');
    expect(first.cells[4]).toMatch(/^The gzip data is damaged or cut off; what inflated before that is shown/);
    await page.click('#tab-entries');
    await openFile(page, join(repositoryRoot, 'demo/samples/with-issues.xml'));
    await page.selectOption('#filter-issue', 'errors');
    await waitForRowCount(page, 6);
  });

  it('writes a file with errors again as a valid .xml, saying what it left out', async () => {
    const { name, bytes } = await exportAs(page, 'xml');
    expect(name).toBe('with-issues.xml');
    const written = parseSitemap(bytes);
    const validated = validate(bytes);
    // The "errors" filter's 6 entries, less the one without a loc and the relative one (the
    // serializer writes absolute locs only).
    expect(written.urls.map((url) => url.loc)).toEqual([
      'https://shop.example.com/lamps/desk-lamp', 'https://shop.example.com/search?q=reading lamp',
      'https://shop.example.com/tables/', 'https://shop.example.com/sale?colour=red&size=m',
    ]);
    expect(written.urls[0]!.changefreq).toBe('weekly');
    const codes = validated.issues.map((issue) => issue.code);
    expect(codes).not.toContain('SITEMAP_BAD_CHANGEFREQ');
    expect(codes).not.toContain('SITEMAP_BAD_PRIORITY');
    expect(codes).not.toContain('XML_BAD_ENTITY');
    const notes = await page.locator('#export-notes').textContent();
    expect(notes).toContain('with-issues.xml: ');
    expect(notes).toContain('Left out: 2 entries without a writable loc');
    expect(notes).toContain('Lowercased: 1 changefreq value');
    await page.click('#tab-entries');
    await page.click('#filter-clear');
  });

  it('validates again with the XSD profile or with the URL the file lives at', async () => {
    const bytes = await readFile(join(repositoryRoot, 'demo/samples/with-issues.xml'));
    const errorsOf = (options: Parameters<typeof validate>[1]) => String(validate(bytes, options).issues.filter((issue) => issue.severity === 'error').length);
    const location = 'https://shop.example.com/lamps/sitemap.xml';
    const revalidated = async (action: () => Promise<void>) => {
      await action();
      await page.waitForFunction(() => document.body.dataset.state === 'ready' && !document.getElementById('location')?.hasAttribute('disabled'), undefined, { timeout: 10_000 });
    };
    expect(await page.locator('#summary').getAttribute('data-errors')).toBe(errorsOf({}));
    await revalidated(async () => {
      await page.fill('#location', location);
      await page.locator('#location').press('Enter');
    });
    // Only URLs under https://shop.example.com/lamps/ are allowed there.
    expect(await page.locator('#summary').getAttribute('data-errors')).toBe(errorsOf({ location }));
    expect(Number(errorsOf({ location }))).toBeGreaterThan(Number(errorsOf({})));
    await revalidated(() => page.selectOption('#profile', 'xsd').then(() => undefined));
    expect(await page.locator('#summary').getAttribute('data-errors')).toBe(errorsOf({ location, profile: 'xsd' }));
    await page.click('#tab-issues');
    expect((await renderedRows(page, 'issues')).some((row) => row.cells[2] === 'SITEMAP_LOC_NOT_ALLOWED')).toBe(true);
    await page.click('#tab-entries');
  });

  it('splits a sitemap over 50,000 URLs into parts and an index, zipped', async () => {
    await openFile(page, files.overLimit);
    expect(await page.locator('#entry-count').textContent()).toBe('50,001');
    expect(await page.locator('#verdict-text').textContent()).toMatch(/^Not valid/);
    await page.click('#tab-export');
    // Suggested from the entries (the file has no URL of its own); the parts will live in /sitemaps/.
    const original = parseSitemap(await readFile(files.overLimit)).urls;
    expect(await page.inputValue('#base-url')).toBe(`${new URL(original[0]!.loc).origin}/`);
    await page.fill('#base-url', 'https://www.example.com/sitemaps/');
    const { name, bytes } = await exportAs(page, 'xml.gz');
    expect(name).toBe('over-limit-50001-xml-gz.zip');
    const members = unzipSync(bytes);
    expect(Object.keys(members).sort()).toEqual(['over-limit-50001-1.xml.gz', 'over-limit-50001-2.xml.gz', 'over-limit-50001-index.xml']);
    const first = parseSitemap(gunzipSync(members['over-limit-50001-1.xml.gz']!));
    const second = parseSitemap(gunzipSync(members['over-limit-50001-2.xml.gz']!));
    expect([first.urls.length, second.urls.length]).toEqual([50_000, 1]);
    expect(second.urls[0]).toEqual(original.at(-1));
    expect(first.urls[0]).toEqual(original[0]);
    const index = parseSitemapIndex(members['over-limit-50001-index.xml']!);
    expect(index.sitemaps.map((sitemap) => sitemap.loc)).toEqual([
      'https://www.example.com/sitemaps/over-limit-50001-1.xml.gz',
      'https://www.example.com/sitemaps/over-limit-50001-2.xml.gz',
    ]);
    expect(validate(members['over-limit-50001-index.xml']!).valid).toBe(true);
    expect(await page.locator('#export-notes').textContent()).toContain('2 sitemaps and over-limit-50001-index.xml');
    await page.click('#tab-entries');
  });

  it('shows an index\'s children, and opens a child in place (fetched) and goes back', async () => {
    await openFile(page, files.index);
    const expected = parseSitemapIndex(await readFile(files.index)).sitemaps;
    expect(await page.locator('#summary').getAttribute('data-kind')).toBe('sitemapindex');
    expect(await page.locator('#entry-count').textContent()).toBe('1,000');
    const rows = await renderedRows(page, 'entries');
    expect(rows[0]!.cells.slice(1, 3)).toEqual([expected[0]!.loc, expected[0]!.lastmod ?? '']);
    expect(await page.locator('[data-table=entries] .vlist-head').textContent()).not.toContain('changefreq');

    // The sample index lists children on this server: open one in place.
    await opensDocument(page, () => page.selectOption('#sample-select', '/samples/sitemap-index.xml'));
    expect(await page.locator('#entry-count').textContent()).toBe('4');
    const children = await renderedRows(page, 'entries');
    expect(children.map((row) => row.cells[1])).toEqual(['examples/example-sitemap.xml', 'samples/with-issues.xml', 'samples/urls.txt', 'samples/sitemap-archive.xml.gz'].map((path) => new URL(path, viewerUrl).href));
    await screenshot(page, 'index');
    await opensDocument(page, () => page.locator('[data-table=entries] .vlist-row[data-position="1"] button.open-child').click());
    expect(await page.locator('#trail').textContent()).toBe('sitemap-index.xml › with-issues.xml');
    expect(await page.locator('#entry-count').textContent()).toBe('12');
    await opensDocument(page, () => page.locator('#trail button', { hasText: 'sitemap-index.xml' }).click());
    expect(await page.locator('#entry-count').textContent()).toBe('4');

    // A child that is not there: the HTTP status, and the index stays open.
    expectedErrors = [/status of 404/];
    await page.locator('[data-table=entries] .vlist-row[data-position="3"]').click();
    await page.locator('#detail button.open-child').click();
    await expect.poll(() => page.locator('#message').textContent(), { timeout: 10_000 }).toContain('HTTP 404');
    expect(await page.locator('#entry-count').textContent()).toBe('4');
    expectedErrors = [];
  });

  it('reads a text sitemap (one URL per line) with issues at their lines', async () => {
    await opensDocument(page, () => page.selectOption('#sample-select', '/samples/urls.txt'));
    expect(await page.locator('#summary').getAttribute('data-kind')).toBe('text');
    // Read as the library's parseTextSitemap reads it (issue 19, item 3): the relative line 8 is
    // an issue of its line and no entry (it was entry 8 of 10 when the viewer wrapped lines in XML).
    const library = parseTextSitemap(await readFile(join(repositoryRoot, 'demo/samples/urls.txt')), { recover: true });
    expect(library.urls).toHaveLength(9);
    expect(await page.locator('#entry-count').textContent()).toBe('9');
    await page.click('#tab-issues');
    const issues = (await renderedRows(page, 'issues')).map((row) => [row.cells[1], row.cells[2]]);
    expect(issues).toEqual([['8:1', 'SITEMAP_BAD_LOC'], ['11:1', 'SITEMAP_DUPLICATE_LOC']]);
    await page.click('#tab-entries');
  });

  it('opens the URL given as ?url= and checks it against where it lives', async () => {
    const second = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    watch(second);
    const sample = new URL('samples/with-issues.xml', viewerUrl).href;
    await second.goto(`${viewerUrl}?url=${encodeURIComponent(sample)}`);
    await second.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.shown, undefined, { timeout: 20_000 });
    expect(await second.locator('#summary .source-name').textContent()).toBe(sample);
    expect(await second.inputValue('#location')).toBe(sample);
    const expected = validate(await readFile(join(repositoryRoot, 'demo/samples/with-issues.xml')), { location: sample });
    expect(await second.locator('#summary').getAttribute('data-errors')).toBe(String(expected.issues.filter((issue) => issue.severity === 'error').length));
    expect(expected.issues.filter((issue) => issue.code === 'SITEMAP_LOC_NOT_ALLOWED')).toHaveLength(10); // every absolute loc: another host
    await second.close();
  });

  it('says what a document is when it is not a sitemap', async () => {
    await page.click('#paste-button');
    await page.fill('#paste-text', '<!doctype html>\n<html><body><h1>Not found</h1></body></html>');
    await opensDocument(page, () => page.click('#paste-dialog button[value=open]'));
    expect(await page.locator('#summary').getAttribute('data-kind')).toBe('unknown');
    expect(await page.locator('#summary [data-key=kind] dd').textContent()).toBe('Not a sitemap');
    expect(await page.locator('#entry-count').textContent()).toBe('0');
    expect(await page.locator('[data-table=entries] .vlist-empty').textContent()).toBe('This document has no entries.');
    await page.click('#tab-issues');
    expect((await renderedRows(page, 'issues')).map((row) => row.cells.slice(1, 4))).toEqual([['1:1', 'SITEMAP_HTML', 'Sitemap is HTML']]);
    await page.click('#tab-entries');
  });

  it('opens pasted XML', async () => {
    await page.click('#paste-button');
    await page.fill('#paste-text', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>https://example.com/pasted</loc></url>\n</urlset>');
    await opensDocument(page, () => page.click('#paste-dialog button[value=open]'));
    expect(await page.locator('#summary .source-name').textContent()).toBe('pasted text');
    expect((await renderedRows(page, 'entries')).map((row) => row.cells[1])).toEqual(['https://example.com/pasted']);
  });

  it('says why a URL cannot be read: CORS, or a host that does not answer', async () => {
    // A server that answers but sends no Access-Control-Allow-Origin: the browser withholds the body.
    const noCors: Server = createServer((_request, response) => response.writeHead(200, { 'Content-Type': 'application/xml' }).end('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>'));
    await new Promise<void>((resolve) => noCors.listen(0, '127.0.0.1', resolve));
    const corsUrl = `http://127.0.0.1:${(noCors.address() as { port: number }).port}/sitemap.xml`;
    // `npm start`'s server relays other origins (issue 17), so the page that has it reads the file;
    // the CORS explanation is for a viewer hosted without it, played here by refusing /relay.
    const statics = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    await statics.route((url) => url.pathname === '/relay', (route) => route.fulfill({ status: 404, body: 'not found' }));
    watch(statics);
    expectedErrors = [/CORS policy/, /Failed to load resource/, /ERR_CONNECTION_REFUSED/];
    await statics.goto(viewerUrl);
    await statics.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.shown, undefined, { timeout: 20_000 });
    try {
      await statics.fill('#url-input', corsUrl);
      await statics.click('#url-form button');
      await statics.waitForSelector('#message.error', { timeout: 10_000 });
      expect(await statics.locator('#message').textContent()).toMatch(/answered, but the browser would not let this page read the sitemap.*\(CORS\)/);
      expect(await statics.locator('#message').textContent()).toContain('npm start');
      expect(await statics.evaluate(() => document.body.dataset.lastError)).toBe('cors');
      // The same URL through the relay of `npm start`'s server: read.
      await opensDocument(page, async () => { await page.fill('#url-input', corsUrl); await page.click('#url-form button'); });
      expect(await page.locator('#summary .source-name').textContent()).toBe(corsUrl);
      expect(await page.locator('#summary').getAttribute('data-kind')).toBe('urlset');
    } finally {
      await new Promise((resolve) => noCors.close(resolve));
    }
    await statics.fill('#url-input', corsUrl); // now closed: nothing answers
    await statics.click('#url-form button');
    await expect.poll(() => statics.evaluate(() => document.body.dataset.lastError), { timeout: 10_000 }).toBe('network');
    expect(await statics.locator('#message').textContent()).toContain('Could not reach');
    // Through the relay, a host that does not answer is a network failure too, said by the relay.
    await page.fill('#url-input', corsUrl);
    await page.click('#url-form button');
    await expect.poll(() => page.evaluate(() => document.body.dataset.lastError), { timeout: 10_000 }).toBe('network');
    expect(await page.locator('#message').textContent()).toMatch(/Could not reach 127\.0\.0\.1:\d+/);
    await statics.close();
    expectedErrors = [];
  });

  it('shows extension data of any shape in the detail panel (arrays of objects as tables)', async () => {
    // A string, so that vitest does not rewrite the page's import() into its own loader.
    const shape = await page.evaluate(`(async () => {
      const { renderValue } = await import('/detail-panel.js');
      const images = renderValue([{ loc: 'https://cdn.example.com/a.jpg', title: 'A' }, { loc: 'javascript:alert(1)', caption: 'B' }]);
      const news = renderValue({ publication: { name: 'The Times', language: 'en' }, title: 'Hello' });
      return {
        headers: [...images.querySelectorAll('th')].map((th) => th.textContent),
        links: [...images.querySelectorAll('a')].map((a) => a.getAttribute('href')),
        cells: images.querySelectorAll('tbody tr').length,
        terms: [...news.querySelectorAll('dt')].map((dt) => dt.textContent),
      };
    })()`);
    expect(shape).toEqual({ headers: ['#', 'loc', 'title', 'caption'], links: ['https://cdn.example.com/a.jpg'], cells: 2, terms: ['publication', 'name', 'language', 'title'] });
  });

  it('writes an entry the serializer refuses a value of without that value, and says so', async () => {
    // The export's safety net, driven with a document whose lastmod is an invalid Date (parse
    // never returns one; extension data from newer parsers may be refused the same way).
    const written = await page.evaluate(`(async () => {
      const { sitemapFiles } = await import('/export-files.js');
      const document = { kind: 'urlset', entries: [{ loc: 'https://a.example/x', lastmod: new Date(NaN) }, { loc: 'https://a.example/y', priority: 0.5 }, { loc: 'https://a.example/z', priority: 1.5, lastmod: '2024-05' }], issues: [] };
      const { file, notes } = sitemapFiles(document, Uint32Array.of(0, 1, 2), { baseName: 't' });
      return { name: file.name, xml: new TextDecoder().decode(file.bytes), notes };
    })()`) as { name: string; xml: string; notes: string[] };
    expect(written.name).toBe('t.xml');
    expect(parseSitemap(written.xml).urls).toEqual([{ loc: 'https://a.example/x' }, { loc: 'https://a.example/y', priority: 0.5 }, { loc: 'https://a.example/z' }]);
    // Values left out before writing (a priority out of range, a lastmod the schema does not take), then the serializer's refusal.
    expect(written.notes).toEqual([
      'Left out: 1 lastmod value the sitemap schema does not take as a date (YYYY-MM-DD, or a date and time with seconds)',
      'Left out: 1 priority value outside 0.0–1.0',
      expect.stringMatching(/^Left out the lastmod of https:\/\/a\.example\/x: /),
    ]);
  });

  it('maps issues to entries by issue.entry, past the entries the reader left out (issue.leftOut)', async () => {
    // Entry 1 is nested and has no loc, entry 4 is cut off before its loc: both left out, so
    // entries 2 and 3 are rows 0 and 1 (#21: the numbers come from the issues' fields, not their paths).
    const mapped = await page.evaluate(`(async () => {
      const { readSitemapDocument, runValidation, issuesOfEntry } = await import('/sitemap-document.js');
      const xml = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><lastmod>2024-01-01</lastmod><url><loc>https://a.example/b</loc><lastmod>someday</lastmod></url></url>'
        + '<url><loc>https://a.example/c</loc><changefreq>sometimes</changefreq></url><url><lastmod>2024';
      const document = readSitemapDocument(new TextEncoder().encode(xml), { name: 't.xml' });
      runValidation(document);
      const codesOf = (index) => issuesOfEntry(document, index).map((n) => document.issues[n].code);
      return { locs: document.entries.map((entry) => entry.loc), leftOut: [...document.leftOut], first: codesOf(0), second: codesOf(1) };
    })()`) as { locs: string[]; leftOut: number[]; first: string[]; second: string[] };
    expect(mapped.locs).toEqual(['https://a.example/b', 'https://a.example/c']);
    expect(mapped.leftOut).toEqual([1, 4]);
    expect(mapped.first).toContain('SITEMAP_BAD_LASTMOD');
    expect(mapped.first).not.toContain('SITEMAP_BAD_CHANGEFREQ');
    expect(mapped.second).toContain('SITEMAP_BAD_CHANGEFREQ');
    expect(mapped.second).not.toContain('SITEMAP_BAD_LASTMOD');
  });

  it('made no requests to other hosts than the ones asked for, and logged no errors', () => {
    // The viewer's own server, and the test's CORS server (asked for by URL); never www.example.com & co.
    expect([...requestedHosts].filter((host) => host !== new URL(viewerUrl).host && !host.startsWith('127.0.0.1:'))).toEqual([]);
    expect(pageErrors).toEqual([]);
  });
});
