// `sitemapkit discover <site>`: the tree of a site's sitemaps as crawlSitemaps (issue #17) reports
// it (robots.txt → indexes → sitemaps, each with status, format, entries and issues), or the
// report as JSON; the crawl's limits as flags.

import { crawlSitemaps, LIMITS, type CrawledSitemap, type CrawlReport } from '../node';
import { byteSize, CliFailure, ExitCode, oneOf, readArguments, wholeNumber } from './command-line';
import { classifyInput, CLI_HEADERS, withFlagName } from './inputs';
import type { Session } from './session';
import type { Paint } from './terminal';

function plural(count: number, word: string): string {
  return `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
}

/** One node of the tree: status, format, entries, issues by code. */
function describeSitemap(sitemap: CrawledSitemap, paint: Paint): string {
  const status = sitemap.status === 0 ? paint.red('no answer') : sitemap.status >= 400 ? paint.red(String(sitemap.status)) : String(sitemap.status);
  const parts = [`${sitemap.finalUrl}`, status, sitemap.format ?? '-'];
  if (sitemap.compressed) parts.push('gzip');
  parts.push(plural(sitemap.entries, sitemap.format === 'sitemapindex' ? 'sitemap' : 'entry').replace('entrys', 'entries'));
  if (sitemap.errors > 0) parts.push(paint.red(plural(sitemap.errors, 'error')));
  if (sitemap.warnings > 0) parts.push(paint.yellow(plural(sitemap.warnings, 'warning')));
  const codes = Object.entries(sitemap.issueCounts).map(([code, count]) => `${code}×${count}`);
  if (codes.length > 0) parts.push(paint.dim(`(${codes.join(', ')})`));
  if (sitemap.finalUrl !== sitemap.url) parts.push(paint.dim(`← ${sitemap.url}`));
  return parts.join('  ');
}

/**
 * The report as a tree, like `tree`: robots.txt and the sitemaps it names, each index with its
 * children below it, guesses that held a sitemap, then site issues and totals.
 *
 * @example
 * for (const line of treeLines(report, createPaint(false))) console.log(line);
 */
export function treeLines(report: CrawlReport, paint: Paint): string[] {
  const lines: string[] = [];
  const byUrl = new Map(report.sitemaps.map((sitemap) => [sitemap.url, sitemap]));
  const childrenOf = new Map<string, CrawledSitemap[]>();
  const roots: CrawledSitemap[] = [];
  for (const sitemap of report.sitemaps) {
    if (sitemap.parent !== undefined && byUrl.has(sitemap.parent) && sitemap.parent !== sitemap.url) {
      const siblings = childrenOf.get(sitemap.parent) ?? [];
      siblings.push(sitemap);
      childrenOf.set(sitemap.parent, siblings);
    } else roots.push(sitemap);
  }
  for (const robots of report.robotsTxt) {
    const status = robots.status === 0 ? 'no answer' : String(robots.status);
    lines.push(`${robots.finalUrl}  ${status}  ${plural(robots.sitemaps.length, 'Sitemap line')}${robots.issues.length > 0 ? `  ${plural(robots.issues.length, 'issue')}` : ''}`);
  }
  const seen = new Set<CrawledSitemap>();
  const walk = (sitemap: CrawledSitemap, prefix: string, last: boolean) => {
    lines.push(`${prefix}${last ? '└── ' : '├── '}${sitemap.via === 'guess' ? paint.dim('(guessed) ') : ''}${describeSitemap(sitemap, paint)}`);
    if (seen.has(sitemap)) return;
    seen.add(sitemap);
    const children = childrenOf.get(sitemap.url) ?? [];
    children.forEach((child, index) => walk(child, prefix + (last ? '    ' : '│   '), index === children.length - 1));
  };
  roots.forEach((root, index) => walk(root, '', index === roots.length - 1));
  for (const issue of report.issues) {
    lines.push(`${issue.severity === 'error' ? paint.red('error') : paint.yellow('warning')} ${issue.code} ${withFlagName(issue.message)}${issue.url ? ` (${issue.url})` : ''}`);
  }
  const { totals } = report;
  lines.push(`${plural(totals.sitemaps, 'sitemap')} (${plural(totals.indexes, 'index')}${totals.failed > 0 ? `, ${totals.failed} failed` : ''}), ${totals.entries.toLocaleString('en-US')} URLs, ${plural(totals.errors, 'error')}, ${plural(totals.warnings, 'warning')}, ${plural(totals.requests, 'request')} in ${(totals.durationMs / 1000).toFixed(1)} s${report.cancelled ? ' (cancelled)' : ''}`.replace('indexs', 'indexes'));
  return lines;
}

/**
 * Runs `discover`; resolves to 0 (sitemaps found, no errors), 1 (errors, or none found) or 2.
 *
 * @example
 * process.exitCode = await runDiscover(['example.com', '--format', 'json'], session);
 */
export async function runDiscover(argv: string[], session: Session): Promise<number> {
  const { values, positionals } = readArguments('discover', argv, {
    format: { type: 'string', short: 'f' },
    profile: { type: 'string' },
    'max-depth': { type: 'string' },
    'max-sitemaps': { type: 'string' },
    'max-bytes': { type: 'string' },
    'max-entries': { type: 'string' },
    'max-tracked-urls': { type: 'string' },
    concurrency: { type: 'string' },
    timeout: { type: 'string' },
    'file-timeout': { type: 'string' },
    'no-validate': { type: 'boolean' },
  });
  const format = oneOf('discover', '--format', values.format, ['text', 'json'], 'text');
  const profile = oneOf('discover', '--profile', values.profile, ['google', 'xsd'], 'google');
  if (positionals.length !== 1) throw new CliFailure('usage', `discover: give one site (example.com or https://example.com/) or a robots.txt or sitemap URL; got ${positionals.length}`);
  const input = classifyInput(positionals[0]!);
  if (input.kind === 'file' || input.kind === 'stdin') throw new CliFailure('usage', `discover: ${input.name} is not a site or URL`);
  const timeout = wholeNumber('discover', '--timeout', values.timeout, 1, 3600);
  const fileTimeout = wholeNumber('discover', '--file-timeout', values['file-timeout'], 1, 86_400);
  const { signal, progress, out } = session;
  const crawl = crawlSitemaps(input.argument, {
    signal,
    headers: CLI_HEADERS,
    refusePrivateAddresses: session.refusePrivateAddresses,
    profile,
    validate: values['no-validate'] !== true,
    maxDepth: wholeNumber('discover', '--max-depth', values['max-depth'], 0, 100),
    maxSitemaps: wholeNumber('discover', '--max-sitemaps', values['max-sitemaps'], 1),
    maxBytes: byteSize('discover', '--max-bytes', values['max-bytes'], Number.MAX_SAFE_INTEGER) ?? LIMITS.defaultMaxInputBytes,
    maxEntries: wholeNumber('discover', '--max-entries', values['max-entries'], 0),
    maxTrackedUrls: wholeNumber('discover', '--max-tracked-urls', values['max-tracked-urls'], 0),
    concurrency: wholeNumber('discover', '--concurrency', values.concurrency, 1, 256),
    timeout: timeout === undefined ? undefined : timeout * 1000,
    fileTimeout: fileTimeout === undefined ? undefined : fileTimeout * 1000,
    onProgress: ({ bytes, entries, sitemapsDone, sitemapsFound }) => progress.update({ label: `discover ${input.name} ${sitemapsDone}/${sitemapsFound}`, bytes, entries }),
  });
  const report = await crawl.report();
  progress.clear();
  if (format === 'json') await out.line(JSON.stringify(report, null, 2));
  else for (const line of treeLines(report, session.paint)) await out.line(line);
  await out.flush();
  if (report.cancelled && signal.aborted) {
    session.note(`sitemapkit: interrupted; ${plural(report.totals.sitemaps, 'sitemap')} read so far (listed above)`);
    return ExitCode.Interrupted;
  }
  const found = report.sitemaps.some((sitemap) => !sitemap.failed);
  return !found || report.totals.errors > 0 ? ExitCode.Invalid : ExitCode.Valid;
}
