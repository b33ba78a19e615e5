// `sitemapkit diff <a> <b>`: URLs added, removed and changed (lastmod, changefreq, priority,
// extensions) between two sitemaps, files, URLs or sites, through diffSitemaps; exits 1 when they
// differ and 0 when not, as `diff` does.

import { diffSitemaps, SitemapError, type DiffField, type DiffValues, type Issue, type IssueCode, type SitemapChange, type SitemapEntry } from '../node';
import { byteSize, CliFailure, ExitCode, oneOf, readArguments } from './command-line';
import { readEntries } from './entries';
import { classifyInput, openInput, type InputArgument } from './inputs';
import { issueLine } from './issue-report';
import type { Session } from './session';
import { siteEntries } from './site-inputs';
import type { Paint } from './terminal';

const DIFF_FIELDS: readonly DiffField[] = ['lastmod', 'changefreq', 'priority', 'extensions'];

function show(values: DiffValues | undefined, field: DiffField): string {
  if (field === 'extensions') return '';
  const value = values?.[field];
  return value === undefined ? '(none)' : String(value);
}

/**
 * One change as a line: `+ loc`, `- loc`, or `~ loc  lastmod 2024-01-01 → 2024-02-01`.
 *
 * @example
 * changeLine({ change: 'added', loc: 'https://example.com/' }, createPaint(false)); // '+ https://example.com/'
 */
export function changeLine(change: SitemapChange, paint: Paint): string {
  if (change.change === 'added') return paint.green(`+ ${change.loc}`);
  if (change.change === 'removed') return paint.red(`- ${change.loc}`);
  const details = (change.fields ?? []).map((field) => (field === 'extensions' ? 'extensions differ' : `${field} ${show(change.before, field)} → ${show(change.after, field)}`));
  return `${paint.yellow(`~ ${change.loc}`)}  ${details.join('; ')}`;
}

/**
 * Runs `diff`; resolves to 0 (same), 1 (different) or 2.
 *
 * @example
 * process.exitCode = await runDiff(['old.xml', 'new.xml', '--format', 'ndjson'], session);
 */
export async function runDiff(argv: string[], session: Session): Promise<number> {
  const { values, positionals } = readArguments('diff', argv, {
    format: { type: 'string', short: 'f' },
    fields: { type: 'string' },
    recover: { type: 'boolean' },
    'max-bytes': { type: 'string' },
  });
  const format = oneOf('diff', '--format', values.format, ['text', 'ndjson'], 'text');
  let fields: DiffField[] | undefined;
  if (values.fields !== undefined) {
    fields = values.fields.split(',').map((field) => field.trim()) as DiffField[];
    const unknown = fields.filter((field) => !DIFF_FIELDS.includes(field));
    if (unknown.length > 0 || fields.length === 0) throw new CliFailure('usage', `diff: --fields takes names from ${DIFF_FIELDS.join(',')}; unknown: ${unknown.join(',')}`);
  }
  const maxBytes = byteSize('diff', '--max-bytes', values['max-bytes'], Number.MAX_SAFE_INTEGER) ?? Infinity;
  if (positionals.length !== 2) throw new CliFailure('usage', `diff: give two inputs to compare (files, URLs, sites or - for one of them); got ${positionals.length}`);
  const [a, b] = positionals.map(classifyInput) as [InputArgument, InputArgument];
  if (a.kind === 'stdin' && b.kind === 'stdin') throw new CliFailure('usage', 'diff: only one side can be - (stdin)');
  const { out, paint, signal } = session;

  const sideOf = async (input: InputArgument): Promise<AsyncIterable<SitemapEntry>> => {
    if (input.kind === 'site') return siteEntries(input, session);
    const opened = await openInput(input, session);
    const onIssue = (issue: Issue<IssueCode>) => session.note(issueLine(input.name, issue, session.paintError));
    return (await readEntries(opened, { recover: values.recover === true, maxBytes, onIssue })).entries;
  };
  const diff = diffSitemaps(await sideOf(a), await sideOf(b), { fields });
  try {
    for await (const change of diff) {
      if (signal.aborted || out.closed) break;
      const waiting = out.line(format === 'ndjson' ? JSON.stringify(change) : changeLine(change, paint));
      if (waiting) await waiting;
    }
  } catch (error) {
    if (!(error instanceof SitemapError)) throw error;
    await out.flush();
    session.note(`sitemapkit: diff: ${error.code} ${error.message}`);
    return ExitCode.Trouble;
  }
  const { added, removed, changed, unchanged } = diff.counts;
  const summary = `${added.toLocaleString('en-US')} added, ${removed.toLocaleString('en-US')} removed, ${changed.toLocaleString('en-US')} changed, ${unchanged.toLocaleString('en-US')} unchanged`;
  if (signal.aborted) {
    await out.flush();
    session.note(`sitemapkit: interrupted; so far ${summary}`);
    return ExitCode.Interrupted;
  }
  if (values.quiet !== true) {
    if (format === 'text') await out.line(summary);
    else session.note(summary);
  }
  await out.flush();
  return added + removed + changed > 0 ? ExitCode.Invalid : ExitCode.Valid;
}
