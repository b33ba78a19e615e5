// Every screen of the viewer in light and dark, on a desktop (1,400×900) and a phone (390×844):
// a screenshot of each into test-results/ (gitignored), and a check that the layout holds as a
// person would judge it: the page never wider than the window, no header or label cut inside a
// word or cut off at its edge (issue 19). Node-only (it launches the browser).

import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { layoutProblems, opensDocument, pasteText, screenshotDirectory, startViewerSession, type ViewerSession } from './viewer-harness';

let session: ViewerSession;

beforeAll(async () => { session = await startViewerSession(); }, 60_000);
afterAll(async () => { await session?.close(); });

const select = (page: Page, sample: string) => opensDocument(page, () => page.selectOption('#sample-select', sample));
const tab = async (page: Page, id: string) => { await page.click(`#${id}`); };
const firstRow = async (page: Page, table: 'entries' | 'issues') => {
  await page.locator(`[data-table=${table}] .vlist-spacer > .vlist-row[data-position="0"]`).click();
  await page.waitForSelector('#detail .detail-head');
};

/** Each screen: how to get there from a fresh page showing the bundled example. */
const SCREENS: [string, (page: Page) => Promise<void>][] = [
  ['entries', async () => {}],
  ['entry-detail', async (page) => { await firstRow(page, 'entries'); }],
  ['extension-detail', async (page) => { await page.locator('[data-table=entries] .vlist-row[data-position="3"]').click(); await page.waitForSelector('#detail section.extension'); }],
  ['charts', async (page) => { await tab(page, 'tab-charts'); await page.waitForSelector('#panel-charts [data-chart=lastmod]'); }],
  ['export', async (page) => { await tab(page, 'tab-export'); }],
  ['issues', async (page) => { await select(page, '/samples/with-issues.xml'); await tab(page, 'tab-issues'); await firstRow(page, 'issues'); }],
  ['index', async (page) => { await select(page, '/samples/sitemap-index.xml'); }],
  ['robots', async (page) => { await select(page, '/samples/robots.txt'); }],
  ['feed', async (page) => { await select(page, '/samples/feed.rss'); }],
  ['text', async (page) => { await select(page, '/samples/urls.txt'); await tab(page, 'tab-issues'); }],
  ['not-a-sitemap', async (page) => { await pasteText(page, '<!doctype html><html><body><h1>Not found</h1></body></html>'); }],
  ['no-match', async (page) => { await page.fill('#filter-text', 'nothing matches this'); await page.waitForSelector('#row-count[data-rows="0"]'); }],
  ['paste-dialog', async (page) => { await page.click('#paste-button'); }],
  ['compare', async (page) => {
    await tab(page, 'tab-compare');
    await page.fill('#compare-url', new URL('/samples/with-issues.xml', page.url()).href);
    await page.click('#compare-form button[type=submit]');
    await page.waitForSelector('#compare-result[data-state=done]');
  }],
  ['site-tree', async (page) => {
    // The viewer's own server as a site: no robots.txt, so the well-known places are tried.
    await page.fill('#url-input', new URL('/', page.url()).href);
    await page.click('#url-form button');
    await page.waitForFunction(() => document.body.dataset.site && document.body.dataset.state === 'ready');
  }],
];

const VARIANTS = [
  { name: 'desktop-light', width: 1400, height: 900, dark: false },
  { name: 'desktop-dark', width: 1400, height: 900, dark: true },
  { name: 'phone-light', width: 390, height: 844, dark: false },
  { name: 'phone-dark', width: 390, height: 844, dark: true },
];

describe.each(VARIANTS)('the viewer on a $name screen', ({ name, width, height, dark }) => {
  it.each(SCREENS)('%s: holds its layout', async (screen, reach) => {
    const page = await session.openPage({ width, height, dark });
    try {
      await reach(page);
      await page.waitForFunction(() => document.body.dataset.state === 'ready');
      await page.screenshot({ path: join(screenshotDirectory, `viewer-screen-${screen}-${name}.png`), fullPage: width < 500 });
      const problems = await layoutProblems(page);
      expect(problems, `${screen} on ${name}: ${problems.join('; ')}`).toEqual([]);
    } finally {
      await page.context().close();
    }
  }, 30_000);
});

describe('afterwards', () => {
  it('logged no errors', () => {
    expect(session.pageErrors).toEqual([]);
  });
});
