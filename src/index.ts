// sitemapkit: parse, serialize and validate sitemaps.org 0.9 sitemaps and sitemap indexes.
// This entry is what browsers, workers and extensions load: no Node built-ins below it.

export { parse, parseSitemap, parseSitemapIndex, SitemapParser } from './read/parse';
export type { SitemapParserOptions } from './read/parse';
export { serializeSitemap, serializeSitemapIndex } from './write/serialize';
export type { SitemapUrlInput, SitemapIndexEntryInput } from './write/serialize';
export { gzip, gunzip, gunzipPartial, isGzip } from './input/gzip';
export type { GunzipOptions, GzipLevel } from './input/gzip';
export { init, initSync } from './core/wasm';
export { SitemapError, ErrorCode, searchConsoleReport } from './model/errors';
export type { SitemapErrorInit } from './model/errors';
export { LIMITS, SITEMAP_NAMESPACE, LEGACY_SITEMAP_NAMESPACES, CHANGEFREQ_VALUES, IMAGE_NAMESPACE, VIDEO_NAMESPACE, NEWS_NAMESPACE, XHTML_NAMESPACE } from './model/limits';
export { sitemapsFromRobotsTxt, readRobotsTxtSitemaps, RobotsTxtIssueCode } from './formats/robots';
export type { RobotsTxtSitemaps } from './formats/robots';
export type * from './model/types';
export { validate } from './check/validate';
export { checkDatetime } from './values/datetime';
export type { DatetimeCheck, DatetimeGrammar } from './values/datetime';
// Streams (parsing and writing at any size) and splitting into files plus an index.
export { parseStream, SitemapParserStream, SitemapEntryStream } from './stream/parse-stream';
export type { SitemapEntry, EntryOfKind, StreamProgress, ParseStreamOptions, SitemapStreamSource } from './stream/parse-stream';
export { SitemapWriter } from './write/serialize';
export type { SitemapWriterOptions, SitemapEntryInput } from './write/serialize';
export { SitemapSerializerStream, SitemapIndexSerializerStream } from './stream/serialize-stream';
export { writeSitemaps } from './write/write-sitemaps';
export type { WriteSitemapsOptions, WriteSitemapsResult, WrittenSitemap } from './write/write-sitemaps';
// The other formats sitemaps.org accepts: text files (one URL per line) and RSS / Atom feeds.
export { parseTextSitemap } from './formats/text-sitemap';
export type { TextSitemapResult } from './formats/text-sitemap';
export { parseFeed } from './formats/feed';
export type { FeedFormat, FeedResult } from './formats/feed';
// Comparing two sitemaps by loc: added, removed, changed.
export { diffSitemaps, SitemapDiff } from './check/diff';
export type { DiffCounts, DiffField, DiffOptions, DiffSource, DiffValues, SitemapChange } from './check/diff';
// What a document is by content, and the walk of a whole site's sitemaps.
export { sniffFormat } from './input/sniff';
export type { DocumentFormat } from './input/sniff';
export { CrawlIssueCode } from './site/crawl-types';
export { crawlSitemaps } from './site/crawl';
export type { CrawlOptions, CrawlReport, CrawledSitemap, CrawledEntry, CrawledRobotsTxt, CrawlGuess, CrawlSiteIssue, CrawlTotals, CrawlProgress, CrawlFetch, CrawlVia, SitemapCrawl } from './site/crawl-types';
// Checking the pages a sitemap lists: status, redirects, noindex.
export { checkUrls } from './check/check-urls';
export type { CheckUrlsOptions, UrlCheck, UrlChecks } from './check/check-urls';
