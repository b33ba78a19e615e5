// Sites as inputs (`validate example.com`, `ls https://example.com/`, either side of `diff`):
// crawlSitemaps (issue #17) finds the site's sitemaps through robots.txt and indexes and reads
// them; the CLI turns its report into per-file reports and its walk into entries.

import { crawlSitemaps, type CrawledEntry, type CrawlOptions, type CrawlReport, type ValidationProfile } from '../node';
import { CLI_HEADERS, type InputArgument } from './inputs';
import type { FileReport } from './issue-report';
import type { Session } from './session';

/** The crawl's progress on the progress line. */
function progressOptions(label: string, session: Session): Pick<CrawlOptions, 'onProgress' | 'signal' | 'headers' | 'refusePrivateAddresses'> {
  return {
    signal: session.signal,
    headers: CLI_HEADERS,
    refusePrivateAddresses: session.refusePrivateAddresses,
    onProgress: ({ bytes, entries, sitemapsDone }) => session.progress.update({ label, bytes, entries, files: sitemapsDone }),
  };
}

/**
 * Each sitemap of a report as validate prints a file (named by its final URL), then the
 * site-level issues under the site's name.
 *
 * @example
 * const files = reportFiles('example.com', await crawlSitemaps('example.com').report());
 */
export function reportFiles(name: string, report: CrawlReport): FileReport[] {
  const files: FileReport[] = [];
  for (const robots of report.robotsTxt) {
    if (robots.issues.length > 0) files.push({ name: robots.finalUrl, format: 'robots', kind: undefined, entries: robots.sitemaps.length, issues: robots.issues });
  }
  for (const sitemap of report.sitemaps) {
    files.push({ name: sitemap.finalUrl, format: sitemap.format ?? 'none', kind: sitemap.format === 'sitemapindex' ? 'sitemapindex' : sitemap.format === 'urlset' ? 'urlset' : undefined, entries: sitemap.entries, issues: sitemap.issues });
  }
  if (report.issues.length > 0) files.push({ name, format: 'site', kind: undefined, entries: report.totals.entries, issues: report.issues });
  return files;
}

/**
 * What validate found in each sitemap of a site, through the whole walk.
 *
 * @example
 * const files = await siteReports(classifyInput('example.com'), { profile: 'google', maxBytes, session });
 */
export async function siteReports(input: InputArgument, options: { profile: ValidationProfile; maxBytes: number; session: Session }): Promise<FileReport[]> {
  const report = await crawlSitemaps(input.argument, { ...progressOptions(`validate ${input.name}`, options.session), profile: options.profile, maxBytes: options.maxBytes }).report();
  options.session.progress.clear();
  return reportFiles(input.name, report);
}

/**
 * Every page entry of a site's sitemaps, each with the `sitemap` it came from (not validated:
 * listing only). Failed sitemaps are reported on stderr at the end.
 *
 * @example
 * for await (const entry of siteEntries(classifyInput('example.com'), session)) console.log(entry.loc);
 */
export async function* siteEntries(input: InputArgument, session: Session): AsyncGenerator<CrawledEntry> {
  const crawl = crawlSitemaps(input.argument, { ...progressOptions(`ls ${input.name}`, session), validate: false });
  yield* crawl;
  const report = await crawl.report();
  session.progress.clear();
  for (const sitemap of report.sitemaps) {
    if (sitemap.failed) session.note(`sitemapkit: ${sitemap.finalUrl}: not read (${sitemap.status === 0 ? 'no answer' : `HTTP ${sitemap.status}`}${sitemap.issues[0] ? `, ${sitemap.issues[0].code}` : ''})`);
  }
  for (const issue of report.issues) session.note(`sitemapkit: ${input.name}: ${issue.severity} ${issue.code} ${issue.message}`);
}
