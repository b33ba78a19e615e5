// The viewer's site tree (issue 17, the viewer): the Fetch box takes a site, the worker walks it
// with crawlSitemaps through `npm start`'s relay (the test site sends no CORS headers, so only
// the relay can read it), and the tree shows each file's status, format, entries and issues, a
// failed child on its parent, and the site's totals, as crawlSitemaps reports them in Node; a
// node opens in the table, judged as cross-submitted by the robots.txt that led to it.
// Debian Chromium against the real server. Node-only.

import { createServer, type Server } from 'node:http';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crawlSitemaps, diffSitemaps, type CrawlReport } from '../src/index';
import { opensDocument, startViewerSession, type ViewerSession } from './viewer-harness';

let session: ViewerSession;
let page: Page;
let site: Server;
let origin: string;
const requests: string[] = [];

const files = (): Record<string, string> => ({
  '/robots.txt': `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap_index.xml\n`,
  '/sitemap_index.xml': `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${['pages.xml', 'gone.xml', 'posts.txt'].map((name) => `  <sitemap><loc>${origin}/sitemaps/${name}</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`,
  '/sitemaps/pages.xml': `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${['', 'about', 'contact'].map((path) => `  <url><loc>${origin}/${path}</loc></url>`).join('\n')}\n</urlset>\n`,
  '/sitemaps/posts.txt': `${origin}/posts/1\n${origin}/posts/2\n`,
  '/live/sitemap.xml': VERSION_B,
});

/** Two versions of one sitemap for the comparison: one removed, one added, two changed, one unchanged. */
const VERSION_A = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://shop.example.com/</loc><lastmod>2026-01-01</lastmod></url>
<url><loc>https://shop.example.com/old</loc></url>
<url><loc>https://shop.example.com/lamps</loc><lastmod>2026-01-01</lastmod><priority>0.5</priority></url>
<url><loc>https://shop.example.com/tables</loc><changefreq>weekly</changefreq></url>
</urlset>`;
const VERSION_B = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://shop.example.com/</loc><lastmod>2026-01-01</lastmod></url>
<url><loc>https://shop.example.com/lamps</loc><lastmod>2026-02-01</lastmod><priority>0.5</priority></url>
<url><loc>https://shop.example.com/tables</loc><changefreq>daily</changefreq></url>
<url><loc>https://shop.example.com/new</loc></url>
</urlset>`;

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(path);
    // Pages for the URL check: one fine, one moved, one noindex (the rest are 404).
    if (path === '/check/ok') return void response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><head></head><body>ok</body></html>');
    if (path === '/check/moved') return void response.writeHead(301, { Location: '/check/ok' }).end();
    if (path === '/check/noindex') return void response.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><head><meta name="robots" content="noindex"></head></html>');
    const body = files()[path];
    // No Access-Control-Allow-Origin: a browser page cannot read these without the relay.
    response.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'text/plain; charset=utf-8' }).end(body ?? 'not found');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(site.address() as { port: number }).port}`;
  session = await startViewerSession();
  page = await session.openPage();
}, 60_000);

afterAll(async () => {
  await session?.close();
  await new Promise((resolve) => site ? site.close(resolve) : resolve(undefined));
});

describe('a site in the Fetch box', { timeout: 40_000 }, () => {
  let expected: CrawlReport;

  it('walks it and shows the tree with statuses, formats, entries and issues, as crawlSitemaps reports them', async () => {
    expected = await crawlSitemaps(`${origin}/`).report();
    expect(expected.sitemaps.map((sitemap) => [new URL(sitemap.url).pathname, sitemap.status])).toEqual([
      ['/sitemap_index.xml', 200], ['/sitemaps/pages.xml', 200], ['/sitemaps/gone.xml', 404], ['/sitemaps/posts.txt', 200],
    ]);
    session.expectedErrors.push(/status of 404/);
    await page.fill('#url-input', `${origin}/`);
    await page.click('#url-form button');
    await page.waitForFunction((start) => document.body.dataset.site === start && document.body.dataset.state === 'ready', `${origin}/`, { timeout: 30_000 });
    expect(await page.evaluate(() => document.body.dataset.view)).toBe('site');
    expect(await page.locator('#summary').isVisible()).toBe(false);
    const nodes = await page.locator('#site-tree li.site-node:not(.robots)').evaluateAll((items) => items.map((item) => {
      const data = (item as HTMLElement).dataset;
      return { url: data.url, status: Number(data.status), format: data.format, entries: Number(data.entries), errors: Number(data.errors), warnings: Number(data.warnings), failed: data.failed === 'true' };
    }));
    expect(nodes).toEqual(expected.sitemaps.map((sitemap) => ({ url: sitemap.url, status: sitemap.status, format: sitemap.format ?? '', entries: sitemap.entries, errors: sitemap.errors, warnings: sitemap.warnings, failed: sitemap.failed })));
    // The tree: robots.txt → the index → its three children, the failed one on its parent.
    const robots = page.locator('#site-tree > li.robots');
    expect(await robots.getAttribute('data-status')).toBe('200');
    const index = robots.locator(':scope > ul > li.site-node');
    expect(await index.getAttribute('data-url')).toBe(`${origin}/sitemap_index.xml`);
    expect(await index.locator(':scope > ul > li.site-node').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.url))).toEqual(['pages.xml', 'gone.xml', 'posts.txt'].map((name) => `${origin}/sitemaps/${name}`));
    expect(await index.locator(':scope > ul > li.failed').getAttribute('data-url')).toBe(`${origin}/sitemaps/gone.xml`);
    // Totals as the report says.
    const totals = await page.locator('#site-totals .site-total').evaluateAll((items) => Object.fromEntries(items.map((item) => [(item as HTMLElement).dataset.key, item.querySelector('dd')?.textContent])));
    expect(totals).toMatchObject({ sitemaps: String(expected.totals.sitemaps), indexes: String(expected.totals.indexes), failed: String(expected.totals.failed), entries: String(expected.totals.entries), errors: expected.totals.errors.toLocaleString('en-US') });
    expect(new URL(page.url()).searchParams.get('url')).toBe(`${origin}/`);
    await page.screenshot({ path: 'test-results/viewer-site-tree.png' });
  });

  it('opens a node in the table, cross-submitted by the robots.txt above it, and comes back to the tree', async () => {
    await opensDocument(page, () => page.locator(`#site-tree li.site-node[data-url="${origin}/sitemaps/pages.xml"] > .node-line button.open-node`).click());
    expect(await page.evaluate(() => document.body.dataset.view)).toBe('document');
    expect(await page.locator('#summary .source-name').textContent()).toBe(`${origin}/sitemaps/pages.xml`);
    expect(await page.locator('#entry-count').textContent()).toBe('3');
    // In /sitemaps/ yet listing root URLs: allowed, because the site's robots.txt leads to it.
    expect(await page.locator('#summary').getAttribute('data-errors')).toBe('0');
    expect(await page.locator('#trail').textContent()).toBe(`site ${origin}/ › pages.xml`);
    await page.click('#trail .site-crumb');
    expect(await page.evaluate(() => document.body.dataset.view)).toBe('site');
    expect(await page.locator('#site-tree').isVisible()).toBe(true);
    // Every file of the site was read through the relay (the browser could not have: no CORS).
    expect(requests).toContain('/sitemaps/posts.txt');
  });
});

describe('compare two sitemaps (item 10)', { timeout: 40_000 }, () => {
  it('compares a file with its live URL (through the relay) and with another file: counts and a filterable list, as diffSitemaps says', async () => {
    const expectedChanges: { change: string; loc: string; fields?: string[] }[] = [];
    const diff = diffSitemaps(VERSION_A, VERSION_B);
    for await (const change of diff) expectedChanges.push(change);
    expect(diff.counts).toMatchObject({ added: 1, removed: 1, changed: 2, unchanged: 1 });
    const directory = await mkdtemp(join(tmpdir(), 'sitemapkit-compare-'));
    try {
      const fileA = join(directory, 'sitemap.xml');
      const fileB = join(directory, 'sitemap-new.xml');
      await writeFile(fileA, VERSION_A);
      await writeFile(fileB, VERSION_B);
      await opensDocument(page, () => page.setInputFiles('#file-input', fileA));
      // A file against its live URL: the URL it lives at, given in the verdict's field.
      const live = `${origin}/live/sitemap.xml`;
      await page.fill('#location', live);
      await page.locator('#location').press('Enter');
      await page.waitForFunction(() => document.body.dataset.state === 'ready' && !document.getElementById('location')?.hasAttribute('disabled'));
      await page.click('#tab-compare');
      expect(await page.locator('#compare-live').textContent()).toBe(`Compare with its live URL (${live})`);
      await page.click('#compare-live');
      await page.waitForSelector('#compare-result[data-state=done]', { timeout: 15_000 });
      const counts = await page.locator('#compare-result .compare-count').evaluateAll((chips) => chips.map((chip) => chip.textContent));
      expect(counts).toEqual(['1 added', '1 removed', '2 changed']);
      const rows = async () => (await page.locator('[data-table=compare] .vlist-spacer > .vlist-row:not([hidden])').evaluateAll((items) => items
        .map((row) => ({ position: Number((row as HTMLElement).dataset.position), cells: [...row.children].map((cell) => cell.textContent ?? '') }))
        .sort((a, b) => a.position - b.position))).map((row) => row.cells);
      expect((await rows()).map((cells) => [cells[0], cells[1], cells[2]])).toEqual(expectedChanges.map((change) => [change.change, change.loc, change.fields?.join(', ') ?? '']));
      // A count is a filter; the text filter narrows further.
      await page.click('#compare-result .compare-count[data-change=changed]');
      expect((await rows()).map((cells) => cells[1])).toEqual(['https://shop.example.com/lamps', 'https://shop.example.com/tables']);
      expect((await rows())[0]![3]).toBe('lastmod 2026-01-01, priority 0.5 → lastmod 2026-02-01, priority 0.5');
      await page.fill('#compare-filter', 'tables');
      expect(await page.locator('#compare-count').getAttribute('data-rows')).toBe('1');
      // Two files.
      await page.setInputFiles('#compare-file', fileB);
      await page.waitForSelector('#compare-result[data-state=done] .compare-count', { timeout: 15_000 });
      expect(await page.locator('#compare-result .compare-sides').textContent()).toContain('sitemap-new.xml');
      expect(await page.locator('#compare-count').textContent()).toBe('4 changes');
      await page.click('#tab-entries');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });
});

describe('check the listed URLs (item 11)', { timeout: 40_000 }, () => {
  it('fetches each listed page through the relay: status, redirect target and noindex, counted, with a filter for problems', async () => {
    const { pasteText } = await import('./viewer-harness');
    const paths = ['ok', 'moved', 'noindex', 'gone'];
    await pasteText(page, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths.map((path) => `<url><loc>${origin}/check/${path}</loc></url>`).join('')}</urlset>`);
    await page.click('#tab-check');
    await page.click('#check-start');
    await page.waitForSelector('#check-result[data-state=done]', { timeout: 20_000 });
    const counts = await page.locator('#check-counts .check-count').evaluateAll((chips) => Object.fromEntries(chips.map((chip) => [(chip as HTMLElement).dataset.group, Number((chip as HTMLElement).dataset.count)])));
    expect(counts).toEqual({ 200: 1, redirected: 1, noindex: 1, 404: 1 });
    await page.check('#check-problems');
    expect(await page.locator('#check-count').getAttribute('data-rows')).toBe('3');
    const rows = await page.locator('[data-table=check] .vlist-spacer > .vlist-row:not([hidden])').evaluateAll((items) => items.map((row) => [...row.children].map((cell) => cell.textContent)));
    expect(rows.map((cells) => cells[1]).sort()).toEqual(['gone', 'moved', 'noindex'].map((path) => `${origin}/check/${path}`));
    expect(rows.find((cells) => cells[1]!.endsWith('/moved'))![2]).toBe(`${origin}/check/ok`);
    expect(rows.find((cells) => cells[1]!.endsWith('/noindex'))![3]).toBe('meta');
    expect(rows.find((cells) => cells[1]!.endsWith('/gone'))![0]).toBe('404');
    await page.click('#tab-entries');
  });
});

describe('afterwards', () => {
  it('logged no unexpected errors', () => {
    expect(session.pageErrors).toEqual([]);
  });
});

describe('an index remembers what its children did (item 7)', { timeout: 40_000 }, () => {
  it('fills the status column as children are opened, or all at once, and counts failed children in the verdict', async () => {
    const index = `${origin}/sitemap_index.xml`;
    await opensDocument(page, async () => { await page.fill('#url-input', index); await page.click('#url-form button'); });
    expect(await page.locator('[data-table=entries] .vlist-head [data-key=status]').count()).toBe(1);
    const statusCells = () => page.locator('[data-table=entries] .vlist-spacer > .vlist-row:not([hidden]) .vlist-cell.status').allTextContents();
    expect(await statusCells()).toEqual(['', '', '']);
    // One child opened and back: its row says what it did.
    await opensDocument(page, () => page.locator('[data-table=entries] .vlist-row[data-position="2"] button.open-child').click());
    await opensDocument(page, () => page.locator('#trail button', { hasText: 'sitemap_index.xml' }).click());
    // Opened from the index alone (not from the site's robots.txt), the text sitemap in /sitemaps/
    // listing root URLs breaks the folder rule twice: that is what it did, and it was read.
    expect(await statusCells()).toEqual(['', '', '200 · 2 URLs · 2 errors']);
    expect(await page.locator('#verdict-text').textContent()).toMatch(/; 1 child checked, none failed$/);
    // All at once: the 404 shows, and the verdict counts it.
    await page.click('#check-children');
    await expect.poll(() => page.locator('#summary').getAttribute('data-failed-children'), { timeout: 20_000 }).toBe('1');
    const cells = await statusCells();
    expect(cells[1]).toBe('404 · failed');
    expect(cells[0]).toMatch(/^200 · 3 URLs · /);
    expect(await page.locator('#verdict-text').textContent()).toMatch(/; 1 of 3 children checked failed$/);
    expect(await page.locator('#summary .verdict').getAttribute('class')).toContain('bad');
  });
});
