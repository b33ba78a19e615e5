// sitemapkit: parse, serialize and validate sitemaps.org 0.9 sitemaps and sitemap indexes.
// This entry is what browsers, workers and extensions load: no Node built-ins below it.

export { parse, parseSitemap, parseSitemapIndex, SitemapParser } from './parse';
export type { SitemapParserOptions } from './parse';
export { serializeSitemap, serializeSitemapIndex } from './serialize';
export type { SitemapUrlInput, SitemapIndexEntryInput } from './serialize';
export { gzip, gunzip, gunzipPartial, isGzip } from './gzip';
export type { GunzipOptions, GzipLevel } from './gzip';
export { init, initSync } from './wasm';
export { SitemapError, ErrorCode, searchConsoleReport } from './errors';
export type { SitemapErrorInit } from './errors';
export { LIMITS, SITEMAP_NAMESPACE, LEGACY_SITEMAP_NAMESPACES, CHANGEFREQ_VALUES, IMAGE_NAMESPACE, VIDEO_NAMESPACE, NEWS_NAMESPACE, XHTML_NAMESPACE } from './limits';
export { sitemapsFromRobotsTxt, readRobotsTxtSitemaps, RobotsTxtIssueCode } from './robots';
export type { RobotsTxtSitemaps } from './robots';
export type * from './types';
export { validate } from './validate';
export { checkDatetime } from './datetime';
export type { DatetimeCheck, DatetimeGrammar } from './datetime';
// Streams (parsing and writing at any size) and splitting into files plus an index.
export { parseStream, SitemapParserStream, SitemapEntryStream } from './parse-stream';
export type { SitemapEntry, EntryOfKind, StreamProgress, ParseStreamOptions, SitemapStreamSource } from './parse-stream';
export { SitemapWriter } from './serialize';
export type { SitemapWriterOptions, SitemapEntryInput } from './serialize';
export { SitemapSerializerStream, SitemapIndexSerializerStream } from './serialize-stream';
export { writeSitemaps } from './write-sitemaps';
export type { WriteSitemapsOptions, WriteSitemapsResult, WrittenSitemap } from './write-sitemaps';
// The other formats sitemaps.org accepts: text files (one URL per line) and RSS / Atom feeds.
export { parseTextSitemap } from './text-sitemap';
export type { TextSitemapResult } from './text-sitemap';
export { parseFeed } from './feed';
export type { FeedFormat, FeedResult } from './feed';
// Comparing two sitemaps by loc: added, removed, changed.
export { diffSitemaps, SitemapDiff } from './diff';
export type { DiffCounts, DiffField, DiffOptions, DiffSource, DiffValues, SitemapChange } from './diff';
// What a document is by content, and the walk of a whole site's sitemaps.
export { sniffFormat } from './sniff';
export type { DocumentFormat } from './sniff';
export { CrawlIssueCode } from './crawl-types';
export { crawlSitemaps } from './crawl';
export type { CrawlOptions, CrawlReport, CrawledSitemap, CrawledEntry, CrawledRobotsTxt, CrawlGuess, CrawlSiteIssue, CrawlTotals, CrawlProgress, CrawlFetch, CrawlVia, SitemapCrawl } from './crawl-types';
// Checking the pages a sitemap lists: status, redirects, noindex.
export { checkUrls } from './check-urls';
export type { CheckUrlsOptions, UrlCheck, UrlChecks } from './check-urls';
