// The viewer's controls that no other viewer test drives, each in its own section file since
// issue 21 split demo/app.js: the `/` key and Escape of the text filter (entry-filters.js), the
// severity and code filters and the code chips of the Issues tab (issues-table.js), a directory
// bar of the charts (charts-panel.js). Debian Chromium against the real server. Node-only.

import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validate } from '../src/index';
import { repositoryRoot } from './packed-package';
import { opensDocument, renderedRows, startViewerSession, type ViewerSession } from './viewer-harness';

let session: ViewerSession;
let page: Page;

beforeAll(async () => {
  session = await startViewerSession();
  page = await session.openPage();
}, 60_000);

afterAll(async () => { await session?.close(); });

const rowCount = async () => Number(await page.locator('#row-count').getAttribute('data-rows'));
const issueCount = () => page.locator('#issue-count').textContent();

describe('the entries filter from the keyboard', { timeout: 30_000 }, () => {
  it('`/` outside a field goes to the Entries tab and the text filter; Escape empties it and shows every entry', async () => {
    const all = await rowCount();
    expect(all).toBeGreaterThan(2);
    await page.click('#tab-issues');
    await page.locator('#summary h2').click(); // focus out of any field
    await page.keyboard.press('/');
    expect(await page.locator('#tab-entries').getAttribute('aria-selected')).toBe('true');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('filter-text');
    await page.keyboard.type('/breads/');
    await expect.poll(rowCount, { timeout: 5_000 }).toBeLessThan(all);
    const filtered = await rowCount();
    expect(filtered).toBeGreaterThan(0);
    for (const row of await renderedRows(page, 'entries')) expect(row.cells[1]).toContain('/breads/');
    await page.keyboard.press('Escape');
    expect(await page.inputValue('#filter-text')).toBe('');
    await expect.poll(rowCount, { timeout: 5_000 }).toBe(all);
  });

  it('`/` typed in a field stays in it', async () => {
    await page.click('#url-input');
    await page.keyboard.press('/');
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('url-input');
    expect(await page.inputValue('#url-input')).toBe('/');
    await page.fill('#url-input', '');
  });
});

describe('a directory bar of the charts', { timeout: 30_000 }, () => {
  it('puts the directory in the text filter and shows the entries it counts', async () => {
    const all = await rowCount();
    await page.click('#tab-charts');
    const bars = page.locator('[data-chart=directories] button.bar-row');
    await bars.first().waitFor();
    // A directory below the root: the text filter "/" would match every URL, not the root's own.
    const labels = await bars.locator('.label').allTextContents();
    const bar = bars.nth(labels.findIndex((label) => label !== '/'));
    const counted = Number((await bar.locator('.count').textContent())!.replaceAll(',', ''));
    expect(counted).toBeGreaterThan(0);
    expect(counted).toBeLessThan(all);
    await bar.click();
    expect(await page.locator('#tab-entries').getAttribute('aria-selected')).toBe('true');
    const directory = await page.inputValue('#filter-text');
    expect(directory).not.toBe('');
    await expect.poll(rowCount, { timeout: 5_000 }).toBe(counted);
    for (const row of await renderedRows(page, 'entries')) expect(row.cells[1]).toContain(directory);
    await page.click('#filter-clear');
    expect(await page.inputValue('#filter-text')).toBe('');
    await expect.poll(rowCount, { timeout: 5_000 }).toBe(all);
  });
});

describe('the Issues tab filters', { timeout: 30_000 }, () => {
  it('by severity, by code from the menu, and by a code chip, as the library counts them', async () => {
    const path = join(repositoryRoot, 'demo/samples/with-issues.xml');
    const { issues } = validate(await readFile(path, 'utf8'));
    const count = (test: (issue: (typeof issues)[number]) => boolean) => issues.filter(test).length;
    await opensDocument(page, () => page.selectOption('#sample-select', '/samples/with-issues.xml'));
    await page.click('#tab-issues');
    expect(await issueCount()).toBe(`${issues.length} issues`);

    await page.selectOption('#issue-severity', 'warning');
    const warnings = count((issue) => issue.severity === 'warning');
    expect(warnings).toBeGreaterThan(0);
    expect(await issueCount()).toBe(`${warnings} of ${issues.length} issues`);
    const shown = await renderedRows(page, 'issues');
    expect(shown.length).toBe(warnings);
    for (const row of shown) expect(row.cells[0]).toBe('warning');
    await page.selectOption('#issue-severity', '');
    expect(await issueCount()).toBe(`${issues.length} issues`);

    const code = 'SITEMAP_BAD_LOC';
    await page.selectOption('#issue-code', code);
    expect(await issueCount()).toBe(`${count((issue) => issue.code === code)} of ${issues.length} issues`);
    for (const row of await renderedRows(page, 'issues')) expect(row.cells[2]).toBe(code);
    await page.selectOption('#issue-code', '');

    const other = 'SITEMAP_BAD_LASTMOD';
    await page.locator('#issue-codes button.chip', { hasText: other }).click();
    expect(await page.inputValue('#issue-code')).toBe(other);
    expect(await issueCount()).toBe(`${count((issue) => issue.code === other)} of ${issues.length} issues`);
    for (const row of await renderedRows(page, 'issues')) expect(row.cells[2]).toBe(other);
    await page.selectOption('#issue-code', '');
  });
});

describe('afterwards', () => {
  it('logged no errors', () => {
    expect(session.pageErrors).toEqual([]);
  });
});
