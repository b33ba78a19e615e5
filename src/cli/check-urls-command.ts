// `sitemapkit check-urls <file|url|site|->`: fetches every page a sitemap (or a whole site's
// sitemaps) lists with checkUrls (issue 19, item 11) and reports each one's HTTP status, redirect
// target and noindex, as text, TSV, NDJSON or JSON, then the counts by status on stderr.

import { checkUrls, SitemapError, type Issue, type IssueCode, type UrlCheck } from '../node';
import { CliFailure, ExitCode, oneOf, readArguments, wholeNumber } from './command-line';
import { readEntries } from './entries';
import { tsvCell } from './entry-fields';
import { classifyInput, CLI_HEADERS, openInput, withFlagName } from './inputs';
import { issueLine } from './issue-report';
import type { Session } from './session';
import { siteEntries } from './site-inputs';
import type { Paint } from './terminal';

const FORMATS = ['text', 'tsv', 'ndjson', 'json'] as const;

/** The columns of `--format tsv` and the keys of ndjson and json rows, in order. */
const COLUMNS = ['url', 'status', 'finalUrl', 'redirects', 'noindex', 'error'] as const;

/** A page Google would not index as listed: any status but 200, or noindex. */
function isProblem(check: UrlCheck): boolean {
  return check.status !== 200 || check.noindex !== undefined;
}

/** The key a row is counted under in the summary: its status, "no answer", or "200 noindex". */
function countKey(check: UrlCheck): string {
  if (check.status === 0) return 'no answer';
  return check.noindex !== undefined ? `${check.status} noindex` : String(check.status);
}

function textRow(check: UrlCheck, paint: Paint): string {
  const status = check.status === 0 ? paint.red('---') : check.status >= 400 ? paint.red(String(check.status)) : check.status >= 300 ? paint.yellow(String(check.status)) : String(check.status);
  const parts = [status, check.url];
  if (check.finalUrl !== check.url) parts.push(`→ ${check.finalUrl}${check.redirects > 0 ? ` (${check.redirects} redirect${check.redirects === 1 ? '' : 's'})` : ''}`);
  if (check.noindex !== undefined) parts.push(paint.yellow(`noindex (${check.noindex === 'header' ? 'X-Robots-Tag' : 'meta robots'})`));
  if (check.error !== undefined) parts.push(paint.red(withFlagName(check.error)));
  return parts.join('  ');
}

function record(check: UrlCheck): Record<string, string | number | null> {
  return { url: check.url, status: check.status, finalUrl: check.finalUrl, redirects: check.redirects, noindex: check.noindex ?? null, error: check.error === undefined ? null : withFlagName(check.error) };
}

/**
 * The summary line: URLs checked and the counts by status, most common first.
 *
 * @example
 * summaryLine(new Map([['200', 3], ['404', 1]]), 4); // '4 URLs checked: 200 ×3, 404 ×1'
 */
export function summaryLine(counts: Map<string, number>, total: number): string {
  const parts = [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([key, count]) => `${key} ×${count.toLocaleString('en-US')}`);
  return `${total.toLocaleString('en-US')} URL${total === 1 ? '' : 's'} checked${parts.length > 0 ? `: ${parts.join(', ')}` : ''}`;
}

/**
 * Runs `check-urls`; resolves to 0 (every page 200 without noindex), 1 (some other), 2 or 130.
 *
 * @example
 * process.exitCode = await runCheckUrls(['sitemap.xml', '--only-problems'], session);
 */
export async function runCheckUrls(argv: string[], session: Session): Promise<number> {
  const { values, positionals } = readArguments('check-urls', argv, {
    format: { type: 'string', short: 'f' },
    concurrency: { type: 'string' },
    timeout: { type: 'string' },
    'only-problems': { type: 'boolean' },
    header: { type: 'boolean' },
    recover: { type: 'boolean' },
  });
  const format = oneOf('check-urls', '--format', values.format, FORMATS, 'text');
  const concurrency = wholeNumber('check-urls', '--concurrency', values.concurrency, 1, 64) ?? 4;
  const timeoutSeconds = wholeNumber('check-urls', '--timeout', values.timeout, 1, 3600) ?? 15;
  const onlyProblems = values['only-problems'] === true;
  if (positionals.length !== 1) throw new CliFailure('usage', `check-urls: give one file, URL or site (or - for stdin); got ${positionals.length}`);
  const input = classifyInput(positionals[0]!);
  const { out, progress, signal } = session;
  const onIssue = (issue: Issue<IssueCode>) => session.note(issueLine(input.name, issue, session.paintError));

  let entries: AsyncIterable<{ loc: string }>;
  if (input.kind === 'site') entries = siteEntries(input, session);
  else {
    const opened = await openInput(input, session);
    ({ entries } = await readEntries(opened, { recover: values.recover === true, maxBytes: Infinity, onIssue }));
  }
  let listed = 0;
  let failure: SitemapError | undefined;
  // The sitemap is read as the checks need URLs (flat memory); a parse error ends the list there.
  async function* locs(): AsyncGenerator<string> {
    try {
      for await (const entry of entries) {
        listed++;
        yield entry.loc;
      }
    } catch (error) {
      if (error instanceof SitemapError && !signal.aborted) failure = error;
      else if (!signal.aborted) throw error;
    }
  }

  const checks = checkUrls(locs(), { concurrency, timeout: timeoutSeconds * 1000, signal, headers: CLI_HEADERS, refusePrivateAddresses: session.refusePrivateAddresses });
  const counts = new Map<string, number>();
  let checked = 0;
  let problems = 0;
  let written = 0;
  if (format === 'tsv' && values.header === true) await out.line(COLUMNS.join('\t'));
  if (format === 'json') await out.write('[');
  try {
    for await (const check of checks) {
      if (out.closed) break;
      checked++;
      counts.set(countKey(check), (counts.get(countKey(check)) ?? 0) + 1);
      if (isProblem(check)) problems++;
      progress.update({ label: `check-urls ${input.name} ${checked.toLocaleString('en-US')}/${listed.toLocaleString('en-US')}`, bytes: 0, entries: checked });
      if (onlyProblems && !isProblem(check)) continue;
      let line: string;
      if (format === 'text') line = textRow(check, session.paint);
      else if (format === 'tsv') line = COLUMNS.map((column) => tsvCell(String(record(check)[column] ?? ''))).join('\t');
      else line = (format === 'json' ? (written === 0 ? '\n' : ',\n') : '') + JSON.stringify(record(check));
      written++;
      const waiting = format === 'json' ? out.write(line) : out.line(line);
      if (waiting) await waiting;
    }
  } finally {
    checks.cancel();
  }
  if (format === 'json') await out.write(written === 0 ? ']\n' : '\n]\n');
  await out.flush();
  progress.clear();
  if (values.quiet !== true || signal.aborted) session.note(summaryLine(counts, checked) + (problems > 0 ? `; ${problems.toLocaleString('en-US')} not 200 or noindex` : ''));
  if (signal.aborted) {
    session.note(`sitemapkit: interrupted; ${checked.toLocaleString('en-US')} of ${listed.toLocaleString('en-US')} URLs read so far checked`);
    return ExitCode.Interrupted;
  }
  if (failure !== undefined) {
    session.note(issueLine(input.name, failure.toIssue('error', true), session.paintError));
    session.note(`sitemapkit: check-urls stopped reading after ${listed.toLocaleString('en-US')} URLs (--recover reads past errors)`);
    return ExitCode.Invalid;
  }
  return problems > 0 ? ExitCode.Invalid : ExitCode.Valid;
}
