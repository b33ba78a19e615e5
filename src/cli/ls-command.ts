// `sitemapkit ls <file|url|site|->`: every entry of a sitemap, index, text sitemap or feed (or of
// a whole site), streamed to stdout as TSV, CSV, NDJSON or JSON in flat memory.

import { SitemapError, type Issue, type IssueCode, type SitemapEntry } from '../node';
import { byteSize, CliFailure, ExitCode, oneOf, readArguments } from './command-line';
import { csvCell, DEFAULT_FIELDS, fieldText, pickFields, readFieldList, tsvCell, type EntryField } from './entry-fields';
import { readEntries } from './entries';
import { classifyInput, openInput } from './inputs';
import { issueLine } from './issue-report';
import type { Session } from './session';
import { siteEntries } from './site-inputs';

const FORMATS = ['tsv', 'csv', 'ndjson', 'json'] as const;

/**
 * Runs `ls`; resolves to the exit code (1 when reading stopped at malformed XML).
 *
 * @example
 * process.exitCode = await runLs(['sitemap.xml.gz', '--format', 'ndjson'], session);
 */
export async function runLs(argv: string[], session: Session): Promise<number> {
  const { values, positionals } = readArguments('ls', argv, {
    format: { type: 'string', short: 'f' },
    fields: { type: 'string' },
    recover: { type: 'boolean' },
    'max-bytes': { type: 'string' },
    header: { type: 'boolean' },
  });
  const format = oneOf('ls', '--format', values.format, FORMATS, 'tsv');
  let fields: readonly EntryField[] | undefined;
  if (values.fields !== undefined) {
    const read = readFieldList(values.fields);
    if (typeof read === 'string') throw new CliFailure('usage', `ls: ${read}`);
    fields = read;
  }
  // Streaming has no reason for a cap: memory stays flat whatever the size.
  const maxBytes = byteSize('ls', '--max-bytes', values['max-bytes'], Number.MAX_SAFE_INTEGER) ?? Infinity;
  if (positionals.length !== 1) throw new CliFailure('usage', `ls: give one file, URL or site (or - for stdin); got ${positionals.length}`);
  const input = classifyInput(positionals[0]!);
  const { out, progress, signal } = session;
  const columns = fields ?? DEFAULT_FIELDS;
  let count = 0;
  let bytesRead = 0;
  const onIssue = (issue: Issue<IssueCode>) => session.note(issueLine(input.name, issue, session.paintError));

  let entries: AsyncIterable<SitemapEntry & { sitemap?: string }>;
  if (input.kind === 'site') entries = siteEntries(input, session);
  else {
    const opened = await openInput(input, session);
    ({ entries } = await readEntries(opened, {
      recover: values.recover === true,
      maxBytes,
      onIssue,
      onBytes: (bytes) => {
        bytesRead = bytes;
        progress.update({ label: `ls ${input.name}`, bytes, totalBytes: opened.size, entries: count });
      },
    }));
  }

  if (format === 'csv' || (format === 'tsv' && values.header === true)) {
    await out.line(format === 'csv' ? columns.map(csvCell).join(',') : columns.join('\t'));
  }
  if (format === 'json') await out.write('[');
  let failure: SitemapError | undefined;
  try {
    for await (const entry of entries) {
      if (signal.aborted || out.closed) break;
      let line: string;
      if (format === 'tsv') line = columns.length === 1 ? tsvCell(fieldText(entry, columns[0]!)) : columns.map((field) => tsvCell(fieldText(entry, field))).join('\t');
      else if (format === 'csv') line = columns.map((field) => csvCell(fieldText(entry, field))).join(',');
      else line = (format === 'json' ? (count === 0 ? '\n' : ',\n') : '') + JSON.stringify(pickFields(entry, fields));
      count++;
      const waiting = format === 'json' ? out.write(line) : out.line(line);
      if (waiting) await waiting;
    }
  } catch (error) {
    if (signal.aborted) {
      // Ctrl-C during a download: the fetch's abort, reported below as an interruption.
    } else if (error instanceof SitemapError) failure = error;
    else throw error;
  }
  if (format === 'json') await out.write(count === 0 ? ']\n' : '\n]\n');
  await out.flush();
  progress.clear();
  if (failure !== undefined) {
    session.note(issueLine(input.name, failure.toIssue('error', true), session.paintError));
    session.note(`sitemapkit: ls stopped after ${count.toLocaleString('en-US')} entries (--recover reads past errors)`);
    return ExitCode.Invalid;
  }
  if (signal.aborted) {
    session.note(`sitemapkit: interrupted; ${count.toLocaleString('en-US')} entries written (${bytesRead.toLocaleString('en-US')} bytes read)`);
    return ExitCode.Interrupted;
  }
  return ExitCode.Valid;
}
