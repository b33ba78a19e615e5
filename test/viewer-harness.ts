// What the viewer's Playwright tests share: the real server (`node demo/serve.mjs`, what `npm
// start` runs) as a child process on a free port, Debian Chromium, and helpers that wait for the
// page's own signals (`body[data-state]`, `body[data-shown]`) instead of sleeping. Node-only.

import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArguments, chromiumExecutablePath } from './chromium';
import { repositoryRoot } from './packed-package';

/** Where screenshots go (gitignored). */
export const screenshotDirectory = join(repositoryRoot, 'test-results');

/** A running viewer server and a browser driving it. */
export interface ViewerSession {
  url: string;
  browser: Browser;
  /** Console errors and uncaught exceptions of every watched page, unless expected. */
  pageErrors: string[];
  /** Patterns of console errors a test provokes on purpose (a 404 it asked for). */
  expectedErrors: RegExp[];
  /** Hosts the watched pages sent requests to. */
  requestedHosts: Set<string>;
  /** A new page (own context) at `path` of the viewer, watched, ready when the first document shows. */
  openPage(options?: { path?: string; width?: number; height?: number; dark?: boolean; waitForDocument?: boolean }): Promise<Page>;
  close(): Promise<void>;
}

/** Starts `node demo/serve.mjs` with PORT=0 and resolves with the URL it prints. */
export function startServer(): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const child = spawn(process.execPath, [join(repositoryRoot, 'demo/serve.mjs')], { cwd: repositoryRoot, env: { ...process.env, PORT: '0' } });
  return new Promise((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`the server printed no URL within 10 s: ${output}`)), 10_000);
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /(http:\/\/localhost:\d+\/)/.exec(output);
      if (match) { clearTimeout(timer); resolve({ child, url: match[1]! }); }
    });
    child.stderr.on('data', (chunk: Buffer) => { output += chunk.toString(); });
    child.on('exit', (code) => { clearTimeout(timer); reject(new Error(`the server exited (${code}): ${output}`)); });
  });
}

/**
 * Starts the server and the browser.
 *
 * @example
 * const session = await startViewerSession();
 * const page = await session.openPage({ width: 390, height: 844 });
 */
export async function startViewerSession(): Promise<ViewerSession> {
  await mkdir(screenshotDirectory, { recursive: true });
  const [{ child, url }, browser] = await Promise.all([
    startServer(),
    chromium.launch({ executablePath: chromiumExecutablePath, args: chromiumArguments }),
  ]);
  const session: ViewerSession = {
    url,
    browser,
    pageErrors: [],
    expectedErrors: [],
    requestedHosts: new Set(),
    async openPage({ path = '', width = 1400, height = 900, dark = false, waitForDocument = true } = {}) {
      const context = await browser.newContext({ viewport: { width, height }, colorScheme: dark ? 'dark' : 'light', acceptDownloads: true, isMobile: width < 500, hasTouch: width < 500 });
      const page = await context.newPage();
      page.on('request', (request) => { if (/^https?:/.test(request.url())) session.requestedHosts.add(new URL(request.url()).host); });
      const record = (text: string) => { if (!session.expectedErrors.some((pattern) => pattern.test(text))) session.pageErrors.push(text); };
      page.on('console', (message) => { if (message.type() === 'error') record(`console: ${message.text()} (${message.location().url})`); });
      page.on('pageerror', (error) => record(`page error: ${error.message}`));
      page.on('worker', (worker) => worker.on('console', (message) => { if (message.type() === 'error') record(`worker console: ${message.text()}`); }));
      await page.goto(new URL(path, url).href);
      if (waitForDocument) await page.waitForFunction(() => document.body.dataset.state === 'ready' && document.body.dataset.shown, undefined, { timeout: 20_000 });
      return page;
    },
    async close() {
      await browser.close();
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
  return session;
}

/** Runs `action` and waits until the page shows a new document (the worker answered and the table drew). */
export async function opensDocument(page: Page, action: () => Promise<unknown>): Promise<void> {
  const before = await page.evaluate(() => document.body.dataset.shown ?? '');
  await action();
  await page.waitForFunction((previous) => document.body.dataset.shown !== undefined && document.body.dataset.shown !== previous && document.body.dataset.state === 'ready', before, { timeout: 20_000 });
}

/** The rows the virtual table has rendered in view: position and cell texts, in order. */
export async function renderedRows(page: Page, table: 'entries' | 'issues') {
  return page.locator(`[data-table=${table}] .vlist-spacer > .vlist-row:not([hidden])`).evaluateAll((rows) => rows
    .map((row) => ({ position: Number((row as HTMLElement).dataset.position), cells: [...row.children].map((cell) => cell.textContent ?? '') }))
    .sort((a, b) => a.position - b.position));
}

/** Opens text as if pasted in the Paste dialog. */
export async function pasteText(page: Page, text: string): Promise<void> {
  await page.click('#paste-button');
  await page.fill('#paste-text', text);
  await opensDocument(page, () => page.click('#paste-dialog button[value=open]'));
}

/** Minimal RFC 4180 reader (quoted fields with "" and commas) for the CSV exports. */
export function readCsv(text: string): string[][] {
  const rows: string[][] = [];
  for (const line of text.replace(/^\uFEFF/, '').split('\r\n')) {
    if (line === '') continue;
    const cells: string[] = [];
    for (const match of line.matchAll(/("((?:[^"]|"")*)"|[^,]*)(,|$)/g)) {
      cells.push(match[2] !== undefined ? match[2].replaceAll('""', '"') : match[1]!);
      if (match[3] === '') break;
    }
    rows.push(cells);
  }
  return rows;
}

/**
 * What a person would call a broken layout: the page wider than the window (sideways scrolling
 * of the whole page), and header or label text cut inside a word (a word wider than its box, or
 * a line break that splits a word). Returns the problems found, described.
 */
export async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const root = document.documentElement;
    if (root.scrollWidth > root.clientWidth + 1) problems.push(`the page is ${root.scrollWidth - root.clientWidth}px wider than the window`);
    const headers = document.querySelectorAll('h1, h2, h3, th, dt, [role=columnheader], [role=tab], button, label, figcaption');
    for (const element of headers) {
      const box = element as HTMLElement;
      if (!box.offsetParent || box.closest('[hidden]')) continue;
      const text = (box.innerText ?? '').trim();
      if (!text) continue;
      // A word broken across lines: some line starts inside a word of the text.
      const range = document.createRange();
      const walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.nodeValue ?? '';
        let lastTop: number | undefined;
        for (let at = 0; at < value.length; at++) {
          range.setStart(node, at);
          range.setEnd(node, at + 1);
          const rect = range.getClientRects()[0];
          if (!rect) continue;
          if (lastTop !== undefined && rect.top > lastTop + 2 && at > 0 && /\w/.test(value[at - 1]!) && /\w/.test(value[at]!)) {
            problems.push(`"${text.slice(0, 40)}" breaks inside a word ("${value.slice(Math.max(0, at - 6), at)}|${value.slice(at, at + 6)}")`);
            break;
          }
          lastTop = rect.top;
        }
      }
    }
    // Header text cut at its box's edge (an ellipsis in a column header or a tab).
    for (const element of document.querySelectorAll('[role=columnheader] .sort, th, [role=tab], .summary-item dt')) {
      const box = element as HTMLElement;
      if (!box.offsetParent || box.closest('[hidden]')) continue;
      if (box.scrollWidth > box.clientWidth + 1) problems.push(`"${box.innerText.trim().slice(0, 40)}" is cut off (${box.scrollWidth}px of text in ${box.clientWidth}px)`);
    }
    return problems;
  });
}
