// How `validate` prints what it found: `path:line:col: severity CODE message` lines (what
// terminals and editors open at the spot) and a summary by Search Console report, JSON, NDJSON,
// or GitHub workflow annotations (https://docs.github.com/actions/reference/workflow-commands).

import { searchConsoleReport, type Issue, type IssueCode } from '../node';
import type { Paint } from './terminal';

/**
 * What validate found in one input.
 *
 * @example
 * const file: FileReport = { name: 'sitemap.xml', format: 'xml', kind: 'urlset', entries: 3, issues: [] };
 */
export interface FileReport {
  name: string;
  format: string;
  kind: string | undefined;
  entries: number;
  issues: Issue<IssueCode>[];
}

/**
 * One issue as a line: `path:line:col: severity CODE message` (`path: severity CODE message` for
 * an issue without a position).
 *
 * @example
 * issueLine('a.xml', issue, createPaint(false)); // 'a.xml:3:7: error SITEMAP_BAD_LASTMOD Invalid date …'
 */
export function issueLine(name: string, issue: Issue<IssueCode>, paint: Paint): string {
  const severity = issue.severity === 'error' ? paint.red('error') : paint.yellow('warning');
  // Issues about the file as a whole (a crawl's HTTP status, a failed child) have no position.
  const where = issue.line > 0 ? `${name}:${issue.line}:${issue.column || 1}` : name;
  return `${where}: ${severity} ${paint.bold(issue.code)} ${issue.message}`;
}

/** GitHub's workflow commands escape `%`, CR and LF in data, and also `:` and `,` in properties. */
function escapeData(text: string): string {
  return text.replace(/%/g, '%25').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
function escapeProperty(text: string): string {
  return escapeData(text).replace(/:/g, '%3A').replace(/,/g, '%2C');
}

/**
 * One issue as a GitHub Actions annotation (`::error file=…,line=…,col=…,title=…::message`).
 *
 * @example
 * githubAnnotation('public/sitemap.xml', issue); // '::error file=public/sitemap.xml,line=3,col=7,title=SITEMAP_BAD_LASTMOD (Invalid date)::…'
 */
export function githubAnnotation(name: string, issue: Issue<IssueCode>): string {
  const command = issue.severity === 'error' ? 'error' : 'warning';
  const title = `${issue.code} (${searchConsoleReport[issue.code] ?? 'sitemapkit'})`;
  const position = issue.line > 0 ? `,line=${issue.line},col=${issue.column || 1}` : '';
  return `::${command} file=${escapeProperty(name)}${position},title=${escapeProperty(title)}::${escapeData(issue.message)}`;
}

/**
 * One issue as a plain object for JSON and NDJSON, with its Search Console report name.
 *
 * @example
 * issueRecord('a.xml', issue).report; // 'Invalid date'
 */
export function issueRecord(name: string, issue: Issue<IssueCode>): Record<string, unknown> {
  return {
    file: name,
    line: issue.line,
    column: issue.column,
    severity: issue.severity,
    code: issue.code,
    report: searchConsoleReport[issue.code],
    message: issue.message,
    path: issue.path,
    // The issue's data fields, as the library gives them (issue #21): no consumer of the JSON
    // should have to take the path or message apart for them.
    ...(issue.entry === undefined ? {} : { entry: issue.entry }),
    ...(issue.leftOut === undefined ? {} : { leftOut: issue.leftOut }),
    ...(issue.value === undefined ? {} : { value: issue.value }),
    ...(issue.expected === undefined ? {} : { expected: issue.expected }),
    ...(issue.received === undefined ? {} : { received: issue.received }),
  };
}

/**
 * Errors and warnings counted over several files.
 *
 * @example
 * const { errors, warnings } = countIssues(files);
 */
export function countIssues(files: readonly FileReport[]): { errors: number; warnings: number } {
  let errors = 0;
  let warnings = 0;
  for (const file of files) for (const issue of file.issues) issue.severity === 'error' ? errors++ : warnings++;
  return { errors, warnings };
}

/**
 * The summary after the text lines: one line per file, then the issues grouped by the Search
 * Console report that says the same thing (most frequent first), with their codes.
 *
 * @example
 * summaryLines(files, paint).join('\n');
 */
export function summaryLines(files: readonly FileReport[], paint: Paint): string[] {
  const lines: string[] = [];
  const plural = (count: number, word: string) => `${count.toLocaleString('en-US')} ${word}${count === 1 ? '' : 's'}`;
  for (const file of files) {
    const errors = file.issues.filter((issue) => issue.severity === 'error').length;
    const warnings = file.issues.length - errors;
    const verdict = errors > 0 ? paint.red('invalid') : paint.green('valid');
    const what = file.kind === 'sitemapindex' ? 'sitemaps' : file.format === 'robots' ? 'sitemap lines' : 'URLs';
    lines.push(`${file.name}: ${verdict} (${file.format}${file.kind && file.kind !== 'urlset' && file.kind !== file.format ? ` ${file.kind}` : ''}, ${file.entries.toLocaleString('en-US')} ${what}), ${plural(errors, 'error')}, ${plural(warnings, 'warning')}`);
  }
  const byReport = new Map<string, { count: number; codes: Set<string> }>();
  for (const file of files) {
    for (const issue of file.issues) {
      const report = searchConsoleReport[issue.code] ?? issue.code;
      const group = byReport.get(report) ?? { count: 0, codes: new Set<string>() };
      group.count++;
      group.codes.add(issue.code);
      byReport.set(report, group);
    }
  }
  if (byReport.size > 0) {
    lines.push('By Search Console report:');
    const groups = [...byReport].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0]));
    for (const [report, { count, codes }] of groups) lines.push(`  ${report}: ${count.toLocaleString('en-US')} ${paint.dim(`(${[...codes].join(', ')})`)}`);
  }
  return lines;
}
