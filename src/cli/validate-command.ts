// `sitemapkit validate <file|url|site>...`: validate (SPEC.md §1–6) on each input, judged by its
// format (XML sitemap or index, text sitemap, feed, robots.txt), printed as lines, JSON, NDJSON or
// GitHub annotations; exit 0 valid, 1 invalid (or over --max-warnings), 2 when an input cannot be read.

import { pathToFileURL } from 'node:url';
import { resolve } from 'node:path';
import { LIMITS, parseFeed, parseTextSitemap, readRobotsTxtSitemaps, SitemapError, validate, type Issue, type IssueCode, type ValidationProfile } from '../node';
import { byteSize, CliFailure, ExitCode, oneOf, readArguments, wholeNumber } from './command-line';
import { classifyInput, openInput, readWhole, sniffInput, type InputArgument } from './inputs';
import { countIssues, githubAnnotation, issueLine, issueRecord, summaryLines, type FileReport } from './issue-report';
import type { Session } from './session';
import { siteReports } from './site-inputs';

const FORMATS = ['text', 'json', 'ndjson', 'github'] as const;

/** Judges one document's bytes by what it is. */
function judge(bytes: Uint8Array, name: string, location: string | undefined, profile: ValidationProfile, maxBytes: number): FileReport {
  const { format } = sniffInput(bytes.subarray(0, 8192));
  if (format === 'text' || format === 'csv') {
    const result = parseTextSitemap(bytes, { recover: true, maxBytes });
    return { name, format: 'text', kind: 'urlset', entries: result.urls.length, issues: result.issues };
  }
  if (format === 'feed') {
    try {
      const result = parseFeed(bytes, { recover: true, maxBytes });
      return { name, format: result.format, kind: 'urlset', entries: result.urls.length, issues: result.issues };
    } catch (error) {
      if (!(error instanceof SitemapError)) throw error;
      return { name, format: 'feed', kind: undefined, entries: 0, issues: [error.toIssue('error', true)] };
    }
  }
  if (format === 'robots') {
    const base = location ?? pathToFileURL(resolve(name)).href.replace(/[^/]*$/, 'robots.txt');
    const result = readRobotsTxtSitemaps(new TextDecoder().decode(bytes), base);
    return { name, format: 'robots', kind: undefined, entries: result.sitemaps.length, issues: result.issues };
  }
  const result = validate(bytes, { profile, location, maxBytes });
  return { name, format, kind: result.kind, entries: result.stats.entries, issues: result.issues };
}

/**
 * Runs `validate`; resolves to the exit code.
 *
 * @example
 * process.exitCode = await runValidate(['sitemap.xml', '--format', 'github'], session);
 */
export async function runValidate(argv: string[], session: Session): Promise<number> {
  const { values, positionals } = readArguments('validate', argv, {
    profile: { type: 'string' },
    location: { type: 'string' },
    format: { type: 'string', short: 'f' },
    'max-warnings': { type: 'string' },
    'max-bytes': { type: 'string' },
  });
  const profile = oneOf('validate', '--profile', values.profile, ['google', 'xsd'], 'google');
  const format = oneOf('validate', '--format', values.format, FORMATS, 'text');
  const maxWarnings = wholeNumber('validate', '--max-warnings', values['max-warnings'], 0);
  const maxBytes = byteSize('validate', '--max-bytes', values['max-bytes'], Number.MAX_SAFE_INTEGER) ?? LIMITS.defaultMaxInputBytes;
  if (positionals.length === 0) throw new CliFailure('usage', 'validate: give at least one file, URL or site (or - for stdin)');
  if (values.location !== undefined) {
    if (positionals.length > 1) throw new CliFailure('usage', 'validate: --location names where one file lives; give one input with it');
    try {
      new URL(values.location);
    } catch {
      throw new CliFailure('usage', `validate: --location takes an absolute URL, got "${values.location}"`);
    }
  }
  const inputs: InputArgument[] = positionals.map(classifyInput);
  const quiet = values.quiet === true;
  const { out, paint } = session;
  const files: FileReport[] = [];
  let unreadable = 0;

  const print = async (file: FileReport) => {
    const shown = quiet ? file.issues.filter((issue) => issue.severity === 'error') : file.issues;
    for (const issue of shown) {
      if (format === 'text') await out.line(issueLine(file.name, issue, paint));
      else if (format === 'github') await out.line(githubAnnotation(file.name, issue));
      else if (format === 'ndjson') await out.line(JSON.stringify({ type: 'issue', ...issueRecord(file.name, issue) }));
    }
    if (format === 'ndjson') {
      const { errors, warnings } = countIssues([file]);
      await out.line(JSON.stringify({ type: 'file', file: file.name, format: file.format, kind: file.kind ?? null, entries: file.entries, valid: errors === 0, errors, warnings }));
    }
  };

  for (const input of inputs) {
    if (session.signal.aborted) break;
    try {
      if (input.kind === 'site') {
        for (const file of await siteReports(input, { profile, maxBytes, session })) {
          files.push(file);
          await print(file);
        }
        continue;
      }
      const opened = await openInput(input, session);
      const bytes = await readWhole(opened, maxBytes, (read) => session.progress.update({ label: `validate ${input.name}`, bytes: read, totalBytes: opened.size, entries: 0 }));
      session.progress.clear();
      const location = values.location ?? opened.finalUrl;
      const file = judge(bytes, input.name, location, profile, maxBytes);
      files.push(file);
      await print(file);
    } catch (error) {
      if (!(error instanceof CliFailure) || error.kind !== 'io') throw error;
      unreadable++;
      session.note(`sitemapkit: ${error.message}`);
    }
  }
  session.progress.clear();

  const { errors, warnings } = countIssues(files);
  const tooManyWarnings = maxWarnings !== undefined && warnings > maxWarnings;
  if (format === 'text' && !quiet) {
    for (const line of summaryLines(files, paint)) await out.line(line);
    if (tooManyWarnings) await out.line(`${warnings.toLocaleString('en-US')} warnings: more than --max-warnings ${maxWarnings!.toLocaleString('en-US')}`);
  } else if (format === 'json') {
    const records = files.map((file) => {
      const counts = countIssues([file]);
      const shown = quiet ? file.issues.filter((issue) => issue.severity === 'error') : file.issues;
      return { file: file.name, format: file.format, kind: file.kind ?? null, entries: file.entries, valid: counts.errors === 0, errors: counts.errors, warnings: counts.warnings, issues: shown.map((issue: Issue<IssueCode>) => issueRecord(file.name, issue)) };
    });
    await out.line(JSON.stringify({ valid: errors === 0 && unreadable === 0, errors, warnings, unreadable, files: records }, null, 2));
  }
  await out.flush();
  if (session.signal.aborted) {
    session.note(`sitemapkit: interrupted; ${files.length} of ${inputs.length} inputs checked (reported above)`);
    return ExitCode.Interrupted;
  }
  if (unreadable > 0) return ExitCode.Trouble;
  return errors > 0 || tooManyWarnings ? ExitCode.Invalid : ExitCode.Valid;
}
