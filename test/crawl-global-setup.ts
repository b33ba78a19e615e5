// vitest globalSetup (each project runs its own): starts the crawl tests' fixture sites
// (test/fixtures/crawl-sites.ts) on 127.0.0.1, port 0, and provides their origins to the tests
// as `inject('crawlSites')`, in Node and in Chromium alike.

import type { TestProject } from 'vitest/node';
import { startCrawlSites, type CrawlSiteOrigins } from './fixtures/crawl-sites';

declare module 'vitest' {
  export interface ProvidedContext {
    crawlSites: CrawlSiteOrigins;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const { origins, close } = await startCrawlSites();
  project.provide('crawlSites', origins);
  return close;
}
