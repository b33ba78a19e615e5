// The packed package in a Manifest V3 extension's module service worker (issue #20 §2), in Debian
// Chromium: a minimal extension whose service worker imports sitemapkit as the example's build
// script copies it (examples/extension/build.mjs, here from the installed tarball) and runs
// test/runtime-exercise.ts (parse, validate, a stream, serialize with gzip) and test/runtime-crawl.ts
// (crawlSitemaps from a local site, which sends CORS), which must give the same reports as every
// other runtime. TOOLCHAIN.md "Browser extension (MV3)".

import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain .mjs build script without type declarations
import { buildExtension } from '../examples/extension/build.mjs';
import { chromiumArguments, chromiumExecutablePath } from './chromium';
import { installPackedPackage, type InstalledPackage } from './packed-package';
import { exerciseModule, expectedExerciseReport, smokeSitemapModule, type ExerciseReport } from './runtime-exercise';
import { ASKED_ONCE_EACH, crawlExerciseModule, expectedCrawlReport, requestsDuring, startCrawlSite, type CrawlExerciseReport } from './runtime-crawl';
import type { SiteServer } from './fixtures/site-server';

const manifest = {
  manifest_version: 3,
  name: 'sitemapkit packed-package service worker test',
  version: '0.0.0',
  background: { service_worker: 'service-worker.js', type: 'module' },
  // Compiling the embedded core needs 'wasm-unsafe-eval' in extension pages and workers.
  content_security_policy: { extension_pages: "script-src 'self' 'wasm-unsafe-eval'; object-src 'self'" },
};

// Static imports only (MV3 service workers forbid import()); no top-level await in a service worker.
// The crawl runs when the test asks (runCrawl), so that the site's counts are of that walk alone.
const serviceWorker = `import * as sitemapkit from './sitemapkit/index.js';
import { exercise } from './exercise.js';
import { crawlExercise } from './crawl-exercise.js';
import { xml } from './smoke-sitemap.js';
const failure = (error) => ({ failure: String((error && error.stack) || error) });
globalThis.exerciseReport = exercise(sitemapkit, xml).catch(failure);
globalThis.runCrawl = (origin) => crawlExercise(sitemapkit, origin).catch(failure);
`;

let installed: InstalledPackage;
/** The local site the service worker crawls (test/runtime-crawl.ts). */
let site: SiteServer;
let context: BrowserContext;
const workerErrors: string[] = [];

beforeAll(async () => {
  site = await startCrawlSite();
  installed = await installPackedPackage();
  const sourceDirectory = join(installed.projectDirectory, 'extension-source');
  await mkdir(sourceDirectory);
  const files: Record<string, string> = {
    'manifest.json': JSON.stringify(manifest, null, 2),
    'service-worker.js': serviceWorker,
    'exercise.js': exerciseModule,
    'crawl-exercise.js': crawlExerciseModule,
    'smoke-sitemap.js': smokeSitemapModule,
  };
  for (const [name, contents] of Object.entries(files)) await writeFile(join(sourceDirectory, name), contents);
  const outDirectory = join(installed.projectDirectory, 'extension');
  buildExtension({ outDirectory, packageDirectory: installed.packageDirectory, sourceDirectory });
  context = await chromium.launchPersistentContext('', {
    executablePath: chromiumExecutablePath,
    headless: true,
    args: [...chromiumArguments, `--disable-extensions-except=${outDirectory}`, `--load-extension=${outDirectory}`],
  });
  context.on('weberror', (error) => workerErrors.push(error.error().message));
}, 90_000);

afterAll(async () => {
  await context?.close();
  await installed?.remove();
  await site?.close();
});

describe('the packed package in an MV3 extension service worker', () => {
  let report: ExerciseReport & { failure?: string };
  let crawlReport: CrawlExerciseReport & { failure?: string };
  let asked: Record<string, number>;

  beforeAll(async () => {
    const worker = context.serviceWorkers()[0] ?? await context.waitForEvent('serviceworker', { timeout: 20_000 });
    worker.on('console', (message) => { if (message.type() === 'error') workerErrors.push(message.text()); });
    report = await worker.evaluate(() => (globalThis as unknown as { exerciseReport: Promise<never> }).exerciseReport);
    ({ result: crawlReport, asked } = await requestsDuring(site, () => worker.evaluate((origin) => (globalThis as unknown as { runCrawl(origin: string): Promise<never> }).runCrawl(origin), site.origin)));
  }, 30_000);

  it('parses, validates, streams, and serializes with gzip, as everywhere', () => {
    expect(report.failure).toBeUndefined();
    expect(report).toEqual(expectedExerciseReport);
    expect(workerErrors).toEqual([]);
  });

  it('crawls a local site of another origin (CORS), asking for each file once, as everywhere', () => {
    expect(crawlReport).toEqual(expectedCrawlReport);
    expect(asked).toEqual(ASKED_ONCE_EACH);
  });
});
