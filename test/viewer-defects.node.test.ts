// The viewer's defects of issue 19 ("tried as a new user would"), each driven in Debian Chromium
// against the real server (`node demo/serve.mjs`): text sitemaps read as the library reads them,
// a pasted URL fetched, the address bar following the view, a bad location refused at its
// field, the table's columns, the detail panel's labels and thumbnails, the phone layout, empty
// states and counts, and the CSV exports. Node-only (it launches the browser).

import { createServer, type Server } from 'node:http';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Download, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseTextSitemap, searchConsoleReport, validate } from '../src/index';
import { repositoryRoot } from './packed-package';
import { opensDocument, pasteText, readCsv, renderedRows, startViewerSession, type ViewerSession } from './viewer-harness';

let session: ViewerSession;
let page: Page;
/** A second local server: an image, a missing image, and a sitemap that lists them (CORS on). */
let assets: Server;
let assetsOrigin: string;
const assetRequests: string[] = [];

/** Entries /huge.xml wrote: a sitemap just over 100 MiB, sent without Content-Length. */
let hugeEntries = 0;
function streamHuge(response: import('node:http').ServerResponse): void {
  response.writeHead(200, { 'Content-Type': 'application/xml', 'Access-Control-Allow-Origin': '*' });
  const padding = 'p'.repeat(160);
  let written = 0;
  let n = 0;
  const target = 100 * 1024 * 1024 + 300_000;
  response.write('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
  const more = () => {
    while (written < target) {
      const lines = [];
      for (let k = 0; k < 1000; k++) lines.push(`<url><loc>https://www.example.com/${padding}/${n++}</loc></url>\n`);
      const chunk = lines.join('');
      written += chunk.length;
      if (!response.write(chunk)) { response.once('drain', more); return; }
    }
    hugeEntries = n;
    response.end('</urlset>\n');
  };
  more();
}

// A 1×1 PNG.
const PIXEL = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

beforeAll(async () => {
  assets = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    assetRequests.push(path);
    if (path === '/huge.xml') return void streamHuge(response);
    if (path === '/pixel.png') response.writeHead(200, { 'Content-Type': 'image/png', 'Access-Control-Allow-Origin': '*' }).end(PIXEL);
    else if (path === '/sitemap.xml') response.writeHead(200, { 'Content-Type': 'application/xml', 'Access-Control-Allow-Origin': '*' }).end(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${assetsOrigin}/page</loc></url></urlset>`);
    else response.writeHead(404, { 'Content-Type': 'text/plain', 'Access-Control-Allow-Origin': '*' }).end('not found');
  });
  await new Promise<void>((resolve) => assets.listen(0, '127.0.0.1', resolve));
  assetsOrigin = `http://127.0.0.1:${(assets.address() as { port: number }).port}`;
  session = await startViewerSession();
  page = await session.openPage();
}, 60_000);

afterAll(async () => {
  await session?.close();
  await new Promise((resolve) => assets ? assets.close(resolve) : resolve(undefined));
});

async function download(target: Page, format: string): Promise<{ name: string; text: string }> {
  await target.click('#tab-export');
  const [file] = await Promise.all([
    target.waitForEvent('download', { timeout: 20_000 }),
    target.click(`#panel-export button[data-format="${format}"]`),
  ]) as [Download, unknown];
  const text = new TextDecoder().decode(await readFile(await file.path()));
  await target.click('#tab-entries');
  return { name: file.suggestedFilename(), text };
}

describe('text sitemaps are read as the library reads them (item 3)', { timeout: 30_000 }, () => {
  it('splits CR-only lines, makes a # line and a blank line no entry, and speaks of lines', async () => {
    const text = 'https://docs.example.org/\r# the guides\rhttps://docs.example.org/guides\r\rhttps://docs.example.org/\rhttps://docs.example.org/faq\r';
    const library = parseTextSitemap(text, { recover: true });
    expect(library.urls.map((url) => url.loc)).toEqual(['https://docs.example.org/', 'https://docs.example.org/guides', 'https://docs.example.org/', 'https://docs.example.org/faq']);
    await pasteText(page, text);
    expect(await page.locator('#summary').getAttribute('data-kind')).toBe('text');
    expect(await page.locator('#entry-count').textContent()).toBe('4');
    const rows = await renderedRows(page, 'entries');
    expect(rows.map((row) => row.cells[1])).toEqual(library.urls.map((url) => url.loc));
    await page.click('#tab-issues');
    const issues = await renderedRows(page, 'issues');
    // The comment (line 2, the library's issue) and the repeated URL on line 5 (validate()'s rule, worded for lines).
    expect(issues.map((row) => [row.cells[1], row.cells[2]])).toEqual([['2:1', 'SITEMAP_BAD_LOC'], ['5:1', 'SITEMAP_DUPLICATE_LOC']]);
    expect(issues[0]!.cells[4]).toBe(library.issues[0]!.message);
    expect(issues[1]!.cells[4]).toBe('This URL is listed already, on line 1');
    for (const row of issues) expect(row.cells[4]).not.toMatch(/<loc>|<url>|urlset\//);
    // The detail of an issue shows its own text line, marked.
    await page.locator('[data-table=issues] .vlist-row', { hasText: 'SITEMAP_DUPLICATE_LOC' }).click();
    await page.waitForSelector('#detail .issue-context .source-line.hit');
    expect(await page.locator('#detail .issue-context .source-line.hit').textContent()).toBe('5https://docs.example.org/\n');
    expect(await page.locator('#detail .issue-context .path').textContent()).toBe('line 5');
    await page.click('#tab-entries');
  });
});

describe('Ctrl+V of a URL fetches it (item 4)', { timeout: 30_000 }, () => {
  it('opens the URL, not a one-URL text sitemap', async () => {
    const url = new URL('/samples/with-issues.xml', session.url).href;
    await opensDocument(page, () => page.evaluate((text) => {
      const data = new DataTransfer();
      data.setData('text/plain', `  ${text}\n`);
      document.body.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }));
    }, url));
    expect(await page.locator('#summary .source-name').textContent()).toBe(url);
    expect(await page.locator('#summary').getAttribute('data-kind')).toBe('urlset');
    expect(await page.locator('#entry-count').textContent()).toBe('12');
  });
});

describe('a bad location is refused at its field (item 9)', { timeout: 30_000 }, () => {
  it('says why beside the field and keeps the last verdict', async () => {
    const errorsBefore = await page.locator('#summary').getAttribute('data-errors');
    await page.fill('#location', 'shop.example.com/sitemap.xml');
    await page.locator('#location').press('Enter');
    await expect.poll(() => page.locator('#location-error').isVisible(), { timeout: 5_000 }).toBe(true);
    expect(await page.locator('#location-error').textContent()).toMatch(/^Not used: "shop\.example\.com\/sitemap\.xml" is not an absolute URL/);
    expect(await page.locator('#location').getAttribute('aria-invalid')).toBe('true');
    expect(await page.locator('#summary').getAttribute('data-errors')).toBe(errorsBefore);
    await page.fill('#location', 'ftp://shop.example.com/sitemap.xml');
    await page.locator('#location').press('Enter');
    await expect.poll(() => page.locator('#location-error').textContent(), { timeout: 5_000 }).toMatch(/is not an http\(s\) URL/);
    // A good one is taken and the message goes.
    const location = 'https://shop.example.com/sitemap.xml';
    await page.fill('#location', location);
    await page.locator('#location').press('Enter');
    const bytes = await readFile(join(repositoryRoot, 'demo/samples/with-issues.xml'));
    const expected = validate(bytes, { location }).issues.filter((issue) => issue.severity === 'error').length;
    await expect.poll(() => page.locator('#summary').getAttribute('data-errors'), { timeout: 10_000 }).toBe(String(expected));
    await page.waitForFunction(() => document.body.dataset.state === 'ready');
    expect(await page.locator('#location-error').isVisible()).toBe(false);
  });
});

describe('the address bar follows the view (item 8)', { timeout: 40_000 }, () => {
  it('gives each drill-down its ?url=, goes Back, and never shows a failed URL over the last document', async () => {
    const second = await session.openPage();
    expect(new URL(second.url()).search).toBe(''); // the bundled example
    const index = new URL('/samples/sitemap-index.xml', session.url).href;
    const child = new URL('/samples/with-issues.xml', session.url).href;
    await opensDocument(second, async () => { await second.fill('#url-input', index); await second.click('#url-form button'); });
    expect(new URL(second.url()).searchParams.get('url')).toBe(index);
    await opensDocument(second, () => second.locator('[data-table=entries] .vlist-row[data-position="1"] button.open-child').click());
    expect(new URL(second.url()).searchParams.get('url')).toBe(child);
    expect(await second.locator('#entry-count').textContent()).toBe('12');
    // Back: the index again (from the trail, not fetched again), then the example.
    await opensDocument(second, () => second.goBack());
    expect(new URL(second.url()).searchParams.get('url')).toBe(index);
    expect(await second.locator('#entry-count').textContent()).toBe('4');
    expect(await second.locator('#summary .source-name').textContent()).toBe(index);
    await opensDocument(second, () => second.goForward());
    expect(await second.locator('#summary .source-name').textContent()).toBe(child);

    // A URL that fails: the address keeps naming what is on screen, and the message says so.
    session.expectedErrors.push(/status of 404/);
    const missing = `${assetsOrigin}/missing.xml`;
    await second.fill('#url-input', missing);
    await second.click('#url-form button');
    await second.waitForSelector('#message.error', { timeout: 10_000 });
    expect(await second.locator('#message').textContent()).toContain(`HTTP 404`);
    expect(await second.locator('#message').textContent()).toContain(`Still showing ${child}.`);
    expect(new URL(second.url()).searchParams.get('url')).toBe(child);
    expect(await second.locator('#summary .source-name').textContent()).toBe(child);
    await second.context().close();
  });

  it('a reload of a ?url= address opens that document', async () => {
    const url = `${assetsOrigin}/sitemap.xml`;
    const third = await session.openPage({ path: `?url=${encodeURIComponent(url)}` });
    expect(await third.locator('#summary .source-name').textContent()).toBe(url);
    expect(await third.locator('#entry-count').textContent()).toBe('1');
    await third.context().close();
  });
});

describe('the entries and issues tables (item 12)', { timeout: 30_000 }, () => {
  it('gives the URL column the room, lets columns be resized, and sorts from anywhere in a header cell', async () => {
    await opensDocument(page, () => page.selectOption('#sample-select', '/examples/example-sitemap.xml'));
    const widths = await page.locator('[data-table=entries] .vlist-head > [role=columnheader]').evaluateAll((cells) => cells.map((cell) => [(cell as HTMLElement).dataset.key, cell.getBoundingClientRect().width] as const));
    const table = widths.reduce((sum, [, width]) => sum + width, 0);
    const loc = widths.find(([key]) => key === 'loc')![1];
    // At 1,400 px the loc column is the widest by far (it had ~30 characters beside empty columns):
    // over 55 characters of its monospace text, and more than twice any other column.
    const characterWidth = await page.locator('[data-table=entries] .vlist-spacer > .vlist-row[data-position="0"] .loc').evaluate((cell) => {
      const probe = document.createElement('span');
      probe.textContent = 'x'.repeat(100);
      cell.append(probe);
      const width = probe.getBoundingClientRect().width / 100;
      probe.remove();
      return width;
    });
    expect(loc / characterWidth).toBeGreaterThan(55);
    for (const [key, width] of widths) if (key !== 'loc') expect(loc, key).toBeGreaterThan(2 * width);
    expect(loc / table).toBeGreaterThan(0.4);

    // Resize lastmod with the keyboard (its handle is a focusable separator): 3 × 16 px wider.
    const lastmodWidth = () => page.locator('[data-table=entries] .vlist-head [data-key=lastmod]').evaluate((cell) => cell.getBoundingClientRect().width);
    const before = await lastmodWidth();
    const handle = page.locator('[data-table=entries] .vlist-head [data-key=lastmod] .resize-handle');
    await handle.focus();
    for (let n = 0; n < 3; n++) await handle.press('ArrowRight');
    expect(Math.round(await lastmodWidth() - before)).toBe(48);
    // And with the mouse: drag it 60 px narrower; the rows follow the header.
    const box = (await handle.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + box.width / 2 - 60, box.y + box.height / 2, { steps: 4 });
    await page.mouse.up();
    const after = await lastmodWidth();
    expect(Math.round(before + 48 - after)).toBe(60);
    const rowCell = await page.locator('[data-table=entries] .vlist-spacer > .vlist-row[data-position="0"] > :nth-child(3)').evaluate((cell) => cell.getBoundingClientRect().width);
    expect(Math.round(rowCell)).toBe(Math.round(after));

    // A click at the far right of the lastmod header cell (not on its word) sorts.
    const cell = (await page.locator('[data-table=entries] .vlist-head [data-key=priority]').boundingBox())!;
    await page.mouse.click(cell.x + cell.width - 12, cell.y + cell.height / 2);
    expect(await page.locator('[data-table=entries] .vlist-head [data-key=priority]').getAttribute('aria-sort')).toBe('ascending');
  });

  it('sorts the issues table by any column', async () => {
    await opensDocument(page, () => page.selectOption('#sample-select', '/samples/with-issues.xml'));
    await page.click('#tab-issues');
    const expected = validate(await readFile(join(repositoryRoot, 'demo/samples/with-issues.xml'))).issues;
    await page.click('[data-table=issues] .vlist-head [data-key=code] .sort');
    const byCode = [...expected].map((issue, n) => ({ issue, n })).sort((a, b) => (a.issue.code < b.issue.code ? -1 : a.issue.code > b.issue.code ? 1 : a.n - b.n));
    await expect.poll(async () => (await renderedRows(page, 'issues')).map((row) => row.cells[2]), { timeout: 5_000 }).toEqual(byCode.map(({ issue }) => issue.code));
    await page.click('[data-table=issues] .vlist-head [data-key=code] .sort');
    await expect.poll(async () => (await renderedRows(page, 'issues'))[0]?.cells[2], { timeout: 5_000 }).toBe(byCode.at(-1)!.issue.code);
    expect(await page.locator('[data-table=issues] .vlist-head [data-key=code]').getAttribute('aria-sort')).toBe('descending');
    await page.click('[data-table=issues] .vlist-head [data-key=report] .sort');
    const reports = (await renderedRows(page, 'issues')).map((row) => row.cells[3]);
    expect(reports).toEqual(expected.map((issue) => searchConsoleReport[issue.code] ?? '').sort());
    await page.click('#tab-entries');
  });
});

describe('the detail panel (item 13)', { timeout: 30_000 }, () => {
  it('labels video, image and news fields for people, and shows thumbnails that load when asked', async () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
<url><loc>${assetsOrigin}/watch</loc>
  <image:image><image:loc>${assetsOrigin}/pixel.png</image:loc></image:image>
  <image:image><image:loc>${assetsOrigin}/gone.png</image:loc></image:image>
  <video:video><video:thumbnail_loc>${assetsOrigin}/pixel.png</video:thumbnail_loc><video:title>Baking bread</video:title><video:description>How to</video:description><video:content_loc>${assetsOrigin}/bread.mp4</video:content_loc><video:duration>600</video:duration><video:publication_date>2026-11-01T10:00:00+00:00</video:publication_date><video:family_friendly>yes</video:family_friendly></video:video>
  <news:news><news:publication><news:name>The Bakery Times</news:name><news:language>en</news:language></news:publication><news:publication_date>2026-11-20</news:publication_date><news:title>Fresh bread</news:title></news:news>
</url>
</urlset>`;
    await pasteText(page, xml);
    const requestsBefore = assetRequests.length;
    await page.locator('[data-table=entries] .vlist-row[data-position="0"]').click();
    await page.waitForSelector('#detail section.extension[data-extension=videos]');
    const headings = await page.locator('#detail section.extension h3').allInnerTexts();
    expect(headings.map((text) => text.replace(/\s*\(\d+\)$/, '').toLowerCase())).toEqual(['images', 'videos', 'news article']);
    const videoTerms = await page.locator('#detail section[data-extension=videos] dt').allTextContents();
    expect(videoTerms).toEqual(['Thumbnail', 'Title', 'Description', 'Video file', 'Duration (s)', 'Published', 'Family friendly']);
    expect(await page.locator('#detail section[data-extension=news] dt').allTextContents()).toEqual(['Publication', 'Name', 'Language', 'Published', 'Title']);
    expect(await page.locator('#detail').innerText()).not.toMatch(/thumbnailLoc|contentLoc|publicationDate/);
    // No image is fetched until asked for (loading one tells its host someone looked).
    expect(assetRequests.length).toBe(requestsBefore);
    session.expectedErrors.push(/Failed to load resource.*404/);
    await page.locator('#detail section[data-extension=images] button.show-images').click();
    await expect.poll(() => page.locator('#detail section[data-extension=images] .thumbnail').evaluateAll((items) => items.map((item) => (item as HTMLElement).dataset.state)), { timeout: 10_000 }).toEqual(['loaded', 'failed']);
    expect(await page.locator('#detail section[data-extension=images] .thumbnail[data-state=failed]').textContent()).toBe('did not load');
    expect(await page.locator('#detail section[data-extension=videos] .thumbnail').getAttribute('data-state')).toBe('loaded');
    expect(assetRequests).toContain('/pixel.png');
  });
});

describe('counts, numbers and empty states (item 15)', { timeout: 30_000 }, () => {
  it('says "1 entry", and puts "No entry matches" right under the header', async () => {
    await pasteText(page, '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/one</loc><lastmod>2026-01-01</lastmod></url></urlset>');
    expect(await page.locator('#row-count').textContent()).toBe('1 entry');
    await page.fill('#filter-text', 'nothing-like-this');
    await page.waitForSelector('#row-count[data-rows="0"]');
    const empty = page.locator('[data-table=entries] .vlist-empty');
    expect(await empty.textContent()).toBe('No entry matches the filters.');
    const headBottom = (await page.locator('[data-table=entries] .vlist-head').boundingBox())!;
    const emptyBox = (await empty.boundingBox())!;
    expect(emptyBox.y - (headBottom.y + headBottom.height)).toBeLessThan(4);
    expect(await page.locator('#row-count').textContent()).toBe('0 of 1 entry');
    await page.fill('#filter-text', '');
    await page.waitForSelector('#row-count[data-rows="1"]');
  });

  it('draws the lastmod chart with round y ticks', async () => {
    const days = [1, 1, 1, 1, 1, 2, 3, 3];
    await pasteText(page, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${days.map((day, n) => `<url><loc>https://example.com/${n}</loc><lastmod>2026-01-0${day}</lastmod></url>`).join('')}</urlset>`);
    await page.click('#tab-charts');
    await page.waitForSelector('#panel-charts [data-chart=lastmod] svg');
    expect(await page.locator('[data-chart=lastmod] .y-tick').allTextContents()).toEqual(['0', '1', '2', '3', '4', '5']);
    await page.click('#tab-entries');
  });

  it('groups every number of a 50,000-error verdict and issue badges', async () => {
    // 1,200 copies of one URL: 1,199 duplicate warnings on the entries after the first.
    const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${'<url><loc>https://example.com/same</loc></url>'.repeat(1200)}</urlset>`;
    await pasteText(page, xml);
    expect(await page.locator('#verdict-text').textContent()).toBe('Valid, 1,199 warnings');
    expect(await page.locator('#issues-tab-count').textContent()).toBe('1,199');
    expect(await page.locator('#row-count').textContent()).toBe('1,200 entries');
  });
});

describe('exports (item 16)', { timeout: 30_000 }, () => {
  it('writes the issues list as CSV, and extension fields (not only counts) into the entries CSV', async () => {
    await opensDocument(page, () => page.selectOption('#sample-select', '/examples/example-sitemap.xml'));
    const entries = await download(page, 'csv');
    const table = readCsv(entries.text);
    const header = table[0]!;
    expect(header).toContain('images_count');
    expect(header).toContain('images_loc');
    const example = (await import('../src/index')).parseSitemap(await readFile(join(repositoryRoot, 'examples/example-sitemap.xml')));
    const withImages = example.urls.findIndex((url) => (url.images?.length ?? 0) > 0);
    const row = table[withImages + 1]!;
    expect(row[header.indexOf('images_loc')]).toBe(example.urls[withImages]!.images!.map((image) => image.loc).join(' | '));

    await opensDocument(page, () => page.selectOption('#sample-select', '/samples/with-issues.xml'));
    const issues = await download(page, 'issues-csv');
    expect(issues.name).toBe('with-issues-issues.csv');
    const rows = readCsv(issues.text);
    expect(rows[0]).toEqual(['severity', 'line', 'column', 'code', 'search_console_report', 'message', 'path', 'value', 'entry_loc']);
    const expected = validate(await readFile(join(repositoryRoot, 'demo/samples/with-issues.xml'))).issues;
    expect(rows.slice(1).map((cells) => [cells[0], cells[1], cells[2], cells[3], cells[4], cells[5]]))
      .toEqual(expected.map((issue) => [issue.severity, String(issue.line), String(issue.column), issue.code, searchConsoleReport[issue.code] ?? '', issue.message]));
    expect(rows.find((cells) => cells[3] === 'SITEMAP_BAD_LASTMOD')![8]).toBe('https://shop.example.com/lamps/desk-lamp');
  });
});

describe('on a phone, 390×844 (item 14)', { timeout: 30_000 }, () => {
  it('shows a tapped row\'s detail on screen, scrolls the table in its box, and draws readable chart text', async () => {
    const phone = await session.openPage({ width: 390, height: 844 });
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.locator('[data-table=entries] .vlist-row[data-position="2"]').tap();
    await expect.poll(() => phone.locator('#detail').getAttribute('data-entry'), { timeout: 5_000 }).toBe('2');
    await expect.poll(async () => { const box = await phone.locator('#detail').boundingBox(); return box !== null && box.y >= -1 && box.y < 844 - 120; }, { timeout: 5_000 }).toBe(true);
    // The table is wider than the phone: it scrolls sideways inside its box, not the page.
    const table = phone.locator('[data-table=entries]');
    expect(await table.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await phone.click('#tab-charts');
    await phone.waitForSelector('#panel-charts [data-chart=lastmod] svg');
    const fontSize = await phone.locator('[data-chart=lastmod] .axis-label').first().evaluate((text) => text.getBoundingClientRect().height);
    expect(fontSize).toBeGreaterThanOrEqual(10);
    await phone.context().close();
  });
});

describe('afterwards', () => {
  it('made no requests to other hosts than the ones asked for, and logged no unexpected errors', () => {
    expect([...session.requestedHosts].filter((host) => host !== new URL(session.url).host && !host.startsWith('127.0.0.1:'))).toEqual([]);
    expect(session.pageErrors).toEqual([]);
  });
});

describe('a file over the 100 MiB the viewer reads at once (item 5)', { timeout: 90_000 }, () => {
  it('says so where the verdict is, in red, and reads it as a stream on request', async () => {
    const { createWriteStream } = await import('node:fs');
    const { mkdtemp, rm } = await import('node:fs/promises');
    const { tmpdir } = await import('node:os');
    const directory = await mkdtemp(join(tmpdir(), 'sitemapkit-viewer-big-'));
    const path = join(directory, 'huge.xml');
    // ~101 MiB: 500,000 long URLs, written as a stream.
    const count = 500_000;
    const padding = 'p'.repeat(160);
    await new Promise<void>((resolve, reject) => {
      const out = createWriteStream(path);
      out.on('error', reject);
      out.write('<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n');
      let n = 0;
      const more = () => {
        while (n < count) {
          const line = `<url><loc>https://www.example.com/${padding}/${n}</loc></url>\n`;
          n++;
          if (!out.write(line)) { out.once('drain', more); return; }
        }
        out.end('</urlset>\n', () => resolve());
      };
      more();
    });
    try {
      const size = (await import('node:fs')).statSync(path).size;
      expect(size).toBeGreaterThan(100 * 1024 * 1024);
      await opensDocument(page, () => page.setInputFiles('#file-input', path));
      const note = page.locator('#too-large');
      expect(await note.locator('.bad').textContent()).toMatch(/^Too large to read at once: \d+\.\d MiB \([\d,]+ bytes\)/);
      expect(await note.locator('.bad').evaluate((element) => getComputedStyle(element).color)).toBe('rgb(180, 35, 24)');
      expect(await page.locator('#summary [data-key=kind] dd').textContent()).toBe('Not read: too large');
      expect(await page.locator('#summary').getAttribute('data-valid')).toBe('false');
      // Read as a stream: the table fills as entries arrive; the first 200,000 are listed, all are counted.
      await page.click('#read-stream');
      await page.waitForFunction(() => document.getElementById('stream-state')?.textContent?.startsWith(' Read as a stream') && document.body.dataset.state === 'ready', undefined, { timeout: 60_000 });
      expect(await page.locator('#stream-state').textContent()).toBe(` Read as a stream: ${count.toLocaleString('en-US')} entries, the first 200,000 listed.`);
      expect(await page.locator('#entry-count').textContent()).toBe('200,000');
      const rows = await renderedRows(page, 'entries');
      expect(rows[0]!.cells[1]).toBe(`https://www.example.com/${padding}/0`);
      expect(await page.locator('#summary').getAttribute('data-kind')).toBe('urlset');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('does the same for a URL (through the relay), streaming it from the server when asked', async () => {
    await opensDocument(page, async () => { await page.fill('#url-input', `${assetsOrigin}/huge.xml`); await page.click('#url-form button'); });
    expect(await page.locator('#too-large .bad').textContent()).toMatch(/^Too large to read at once: /);
    expect(await page.locator('#summary .source-name').textContent()).toBe(`${assetsOrigin}/huge.xml`);
    await page.click('#read-stream');
    await page.waitForFunction(() => document.getElementById('stream-state')?.textContent?.startsWith(' Read as a stream') && document.body.dataset.state === 'ready', undefined, { timeout: 60_000 });
    expect(hugeEntries).toBeGreaterThan(400_000);
    expect(await page.locator('#stream-state').textContent()).toBe(` Read as a stream: ${hugeEntries.toLocaleString('en-US')} entries, the first 200,000 listed.`);
  });
});
