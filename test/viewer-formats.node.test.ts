// The viewer reads every format the library reads (issue 19, items 1, 2 and 6): a robots.txt as
// robots.txt (its Sitemap lines listed and openable, never as a text sitemap of User-agent lines),
// RSS and Atom feeds through parseFeed, and a sitemap opened from its site's robots.txt judged
// as cross-submitted, with one plain note when the host and folder rule fires. Debian Chromium
// against the real server (`node demo/serve.mjs`) and a local test site. Node-only.

import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseFeed, readRobotsTxtSitemaps, validate } from '../src/index';
import { repositoryRoot } from './packed-package';
import { opensDocument, pasteText, renderedRows, startViewerSession, type ViewerSession } from './viewer-harness';

let session: ViewerSession;
let page: Page;
/** A site on 127.0.0.1 (CORS on): robots.txt → an index at the root → a child in /sitemaps/ listing root URLs. */
let site: Server;
let origin: string;
const requests: string[] = [];

const siteFiles = (): Record<string, string> => ({
  '/robots.txt': `User-agent: *\nDisallow: /private/\n\nSitemap: ${origin}/sitemap_index.xml\n`,
  '/sitemap_index.xml': `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  <sitemap><loc>${origin}/sitemaps/pages.xml</loc></sitemap>\n</sitemapindex>\n`,
  '/sitemaps/pages.xml': `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${[1, 2, 3].map((n) => `  <url><loc>${origin}/page-${n}</loc></url>`).join('\n')}\n</urlset>\n`,
  '/atom.xml': `<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">\n  <title>Posts</title>\n  <entry><title>One</title><link href="${origin}/posts/1"/><updated>2026-11-01T10:00:00Z</updated></entry>\n  <entry><title>Two</title><link rel="alternate" href="${origin}/posts/2"/><updated>2026-11-02T10:00:00Z</updated></entry>\n</feed>\n`,
});

beforeAll(async () => {
  site = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    requests.push(path);
    const body = siteFiles()[path];
    response.writeHead(body === undefined ? 404 : 200, { 'Content-Type': 'text/plain; charset=utf-8', 'Access-Control-Allow-Origin': '*' }).end(body ?? 'not found');
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

async function fetchUrl(target: Page, url: string): Promise<void> {
  await opensDocument(target, async () => { await target.fill('#url-input', url); await target.click('#url-form button'); });
}

describe('a robots.txt is read as robots.txt (item 1)', { timeout: 30_000 }, () => {
  it('lists its Sitemap lines (the relative one resolved, the repeat dropped), each openable, with the reader\'s issues at their lines', async () => {
    await opensDocument(page, () => page.selectOption('#sample-select', '/samples/robots.txt'));
    const robotsUrl = new URL('/samples/robots.txt', session.url).href;
    const text = (await readFile(join(repositoryRoot, 'demo/samples/robots.txt'), 'utf8')).replaceAll('{{origin}}', session.url.replace(/\/$/, ''));
    const expected = readRobotsTxtSitemaps(text, robotsUrl);
    expect(expected.sitemaps).toHaveLength(3);
    expect(await page.locator('#summary').getAttribute('data-kind')).toBe('robots');
    expect(await page.locator('#summary [data-key=kind] dd').textContent()).toBe('robots.txt its Sitemap lines, each openable');
    expect(await page.locator('#entry-count').textContent()).toBe('3');
    const rows = await renderedRows(page, 'entries');
    expect(rows.map((row) => row.cells[1])).toEqual(expected.sitemaps);
    expect(await page.locator('[data-table=entries] .vlist-row button.open-child').count()).toBe(3);
    await page.click('#tab-issues');
    const issues = (await renderedRows(page, 'issues')).map((row) => [row.cells[0], row.cells[1], row.cells[2]]);
    expect(issues).toEqual(expected.issues.map((issue) => [issue.severity, `${issue.line}:${issue.column}`, issue.code]));
    expect(issues.map((issue) => issue[2])).not.toContain('SITEMAP_BAD_LOC');
    await page.click('#tab-entries');
    // Open the feed it lists, in place.
    await opensDocument(page, () => page.locator('[data-table=entries] .vlist-row[data-position="1"] button.open-child').click());
    expect(await page.locator('#trail').textContent()).toBe('robots.txt › feed.rss');
    expect(await page.locator('#summary [data-key=kind] dd').textContent()).toMatch(/^RSS feed/);
  });

  it('fetched by URL, pasted, and with a Sitemap line on another host', async () => {
    await fetchUrl(page, `${origin}/robots.txt`);
    expect(await page.locator('#summary').getAttribute('data-kind')).toBe('robots');
    expect((await renderedRows(page, 'entries')).map((row) => row.cells[1])).toEqual([`${origin}/sitemap_index.xml`]);
    await pasteText(page, 'User-agent: *\nDisallow:\nSitemap: https://cdn.example.net/sitemaps/site.xml\n');
    expect(await page.locator('#summary').getAttribute('data-kind')).toBe('robots');
    expect((await renderedRows(page, 'entries')).map((row) => row.cells[1])).toEqual(['https://cdn.example.net/sitemaps/site.xml']);
    expect(await page.locator('#summary').getAttribute('data-valid')).toBe('true');
  });
});

describe('RSS and Atom feeds open (item 2)', { timeout: 30_000 }, () => {
  it('reads an RSS feed with parseFeed: links, pubDates as lastmod, its issues at their lines', async () => {
    await opensDocument(page, () => page.selectOption('#sample-select', '/samples/feed.rss'));
    const expected = parseFeed(await readFile(join(repositoryRoot, 'demo/samples/feed.rss')), { recover: true });
    expect(await page.locator('#summary [data-key=kind] dd').textContent()).toBe('RSS feed read as a sitemap: each item\'s link');
    expect(await page.locator('#entry-count').textContent()).toBe(String(expected.urls.length));
    const rows = await renderedRows(page, 'entries');
    expect(rows.map((row) => [row.cells[1], row.cells[2]])).toEqual(expected.urls.map((url) => [url.loc, url.lastmod ?? '']));
    await page.click('#tab-issues');
    const issues = (await renderedRows(page, 'issues')).map((row) => [row.cells[1], row.cells[2]]);
    expect(issues).toEqual(expected.issues.map((issue) => [`${issue.line}:${issue.column}`, issue.code]));
    expect(await page.locator('#issues-tab-count').textContent()).toBe('2');
    // The bad date belongs to the fourth item, the third entry (the linkless item is left out).
    await page.locator('[data-table=issues] .vlist-row', { hasText: 'SITEMAP_BAD_LASTMOD' }).click();
    await expect.poll(() => page.locator('#detail').getAttribute('data-entry'), { timeout: 5_000 }).toBe('2');
    await page.click('#tab-entries');
    expect(await page.locator('#file-input').getAttribute('accept')).toMatch(/\.rss,\.atom/);
  });

  it('reads an Atom feed fetched by URL', async () => {
    await fetchUrl(page, `${origin}/atom.xml`);
    expect(await page.locator('#summary [data-key=kind] dd').textContent()).toMatch(/^Atom feed/);
    expect((await renderedRows(page, 'entries')).map((row) => row.cells[1])).toEqual([`${origin}/posts/1`, `${origin}/posts/2`]);
    expect(await page.locator('#summary').getAttribute('data-valid')).toBe('true');
  });
});

describe('the site\'s context: cross-submission through robots.txt (item 6)', { timeout: 30_000 }, () => {
  it('judges a child in /sitemaps/ of a robots-listed index as cross-submitted', async () => {
    const child = siteFiles()['/sitemaps/pages.xml']!;
    const alone = validate(child, { location: `${origin}/sitemaps/pages.xml` }).issues.filter((issue) => issue.code === 'SITEMAP_LOC_NOT_ALLOWED');
    expect(alone).toHaveLength(3);
    const host = new URL(origin).host;
    expect(validate(child, { location: `${origin}/sitemaps/pages.xml`, crossSubmit: [host] }).valid).toBe(true);

    // Opened alone: the rule fires, and one note says why and what to do.
    await fetchUrl(page, `${origin}/sitemaps/pages.xml`);
    expect(await page.locator('#summary').getAttribute('data-errors')).toBe('3');
    const note = page.locator('#context-note');
    expect(await note.getAttribute('data-count')).toBe('3');
    expect(await note.textContent()).toContain(`3 URLs are outside ${origin}/sitemaps/`);
    expect(await page.locator('#summary .context-note').count()).toBe(1);

    // The note's button opens the site's robots.txt; from there the index, from the index the child.
    await opensDocument(page, () => note.locator('button.open-robots').click());
    expect(await page.locator('#summary').getAttribute('data-kind')).toBe('robots');
    await opensDocument(page, () => page.locator('[data-table=entries] .vlist-row[data-position="0"] button.open-child').click());
    expect(await page.locator('#summary').getAttribute('data-kind')).toBe('sitemapindex');
    await opensDocument(page, () => page.locator('[data-table=entries] .vlist-row[data-position="0"] button.open-child').click());
    expect(await page.locator('#trail').textContent()).toBe('robots.txt › sitemap_index.xml › pages.xml');
    expect(await page.locator('#summary').getAttribute('data-errors')).toBe('0');
    expect(await page.locator('#summary').getAttribute('data-valid')).toBe('true');
    expect(await page.locator('#context-note').count()).toBe(0);
  });
});

describe('afterwards', () => {
  it('made no requests to other hosts, and logged no unexpected errors', () => {
    expect([...session.requestedHosts].filter((host) => host !== new URL(session.url).host && !host.startsWith('127.0.0.1:'))).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });
});
