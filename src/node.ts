// `sitemapkit/node`: conveniences that need Node (files). Nothing here is loaded by the main
// entry, so browsers never see it.

import { readFile } from 'node:fs/promises';
import { parse, parseSitemap, parseSitemapIndex } from './index.node';
import type { ParseOptions, ParseResult, SitemapIndexResult, UrlsetResult } from './types';

export * from './index.node';

/**
 * Reads and parses a sitemap or sitemap index file (`.xml` or `.xml.gz`; gzip is detected by
 * its bytes, not its name).
 *
 * @example
 * import { parseFile } from 'sitemapkit/node';
 * const result = await parseFile('public/sitemap.xml.gz');
 */
export async function parseFile(path: string, options?: ParseOptions): Promise<ParseResult> {
  return parse(await readFile(path), options);
}

/**
 * Reads and parses a `<urlset>` file.
 *
 * @example
 * const { urls } = await parseSitemapFile('sitemap.xml');
 */
export async function parseSitemapFile(path: string, options?: ParseOptions): Promise<UrlsetResult> {
  return parseSitemap(await readFile(path), options);
}

/**
 * Reads and parses a `<sitemapindex>` file.
 *
 * @example
 * const { sitemaps } = await parseSitemapIndexFile('sitemap_index.xml');
 */
export async function parseSitemapIndexFile(path: string, options?: ParseOptions): Promise<SitemapIndexResult> {
  return parseSitemapIndex(await readFile(path), options);
}
