// What `build` reads: a text list of URLs, NDJSON records (`{loc, lastmod, …, images,
// alternates}`), CSV with a header (the columns `ls --format csv` writes), or any sitemap, text
// sitemap or feed (through readEntries). Each entry is checked by the serializer with its input
// line, so a bad line stops the build saying where and why.

import { SitemapError, SitemapWriter, type SitemapUrlInput } from '../node';
import { readEntries } from './entries';
import { peekHead, sniffInput, type OpenedInput } from './inputs';

/**
 * A line of the input that cannot become a sitemap entry: where and why.
 *
 * @example
 * throw new BuildInputError('urls.txt', 12, 'not an absolute http(s) URL: "/about"');
 */
export class BuildInputError extends Error {
  readonly input: string;
  /** 1-based line; 0 when the input has no lines to point at (an entry of a sitemap given whole). */
  readonly line: number;
  readonly reason: string;
  constructor(input: string, line: number, reason: string) {
    super(`${input}:${line || 1}: ${reason}`);
    this.input = input;
    this.line = line;
    this.reason = reason;
    this.name = 'BuildInputError';
  }
}

/**
 * The forms `build` reads; `auto` tells them apart by content.
 *
 * @example
 * const form: BuildInputForm = 'ndjson';
 */
export type BuildInputForm = 'auto' | 'text' | 'ndjson' | 'csv' | 'sitemap';

interface Located {
  entry: SitemapUrlInput;
  line: number;
}

/** Lines of a byte stream (LF, CRLF or CR), decoded as UTF-8, with their 1-based numbers. */
async function* linesOf(chunks: AsyncIterable<Uint8Array>, name: string): AsyncGenerator<[string, number]> {
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let carry = '';
  let number = 0;
  const decode = (chunk?: Uint8Array) => {
    try {
      return chunk === undefined ? decoder.decode() : decoder.decode(chunk, { stream: true });
    } catch {
      throw new BuildInputError(name, number + 1 + (carry.match(/\r\n|\r|\n/g)?.length ?? 0), 'not UTF-8 (the input must be UTF-8 text)');
    }
  };
  for await (const chunk of chunks) {
    carry += decode(chunk);
    let start = 0;
    const breaks = /\r\n|\r|\n/g;
    for (let found = breaks.exec(carry); found !== null; found = breaks.exec(carry)) {
      // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
      if (found[0] === '\r' && found.index === carry.length - 1) break;
      yield [carry.slice(start, found.index), ++number];
      start = found.index + found[0].length;
    }
    carry = carry.slice(start);
  }
  carry += decode();
  if (carry.length > 0) yield [carry, ++number];
}

function httpUrlProblem(text: string): string | undefined {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return `not an absolute http(s) URL: ${JSON.stringify(text.slice(0, 200))}`;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return `not an http(s) URL: ${JSON.stringify(text.slice(0, 200))}`;
  return undefined;
}

async function* textRecords(chunks: AsyncIterable<Uint8Array>, name: string): AsyncGenerator<Located> {
  for await (const [raw, line] of linesOf(chunks, name)) {
    const text = (line === 1 ? raw.replace(/^\ufeff/, '') : raw).trim();
    if (text.length === 0) continue;
    const problem = httpUrlProblem(text);
    if (problem !== undefined) throw new BuildInputError(name, line, problem);
    yield { entry: { loc: text }, line };
  }
}

async function* ndjsonRecords(chunks: AsyncIterable<Uint8Array>, name: string): AsyncGenerator<Located> {
  for await (const [raw, line] of linesOf(chunks, name)) {
    const text = raw.trim();
    if (text.length === 0) continue;
    let record: unknown;
    try {
      record = JSON.parse(text);
    } catch (error) {
      throw new BuildInputError(name, line, `not JSON (${(error as Error).message})`);
    }
    if (record === null || typeof record !== 'object' || Array.isArray(record)) throw new BuildInputError(name, line, 'not a JSON object with a "loc"');
    const loc = (record as { loc?: unknown }).loc;
    if (typeof loc !== 'string') throw new BuildInputError(name, line, 'no "loc" string');
    const problem = httpUrlProblem(loc);
    if (problem !== undefined) throw new BuildInputError(name, line, `"loc" is ${problem}`);
    yield { entry: record as SitemapUrlInput, line };
  }
}

/** CSV records (RFC 4180: quoted cells may hold separators, quotes and line breaks), each with the line it starts on. */
async function* csvRows(chunks: AsyncIterable<Uint8Array>, separator: string, name: string): AsyncGenerator<[string[], number]> {
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let rowLine = 0;
  for await (const [text, line] of linesOf(chunks, name)) {
    if (!quoted) {
      row = [];
      cell = '';
      rowLine = line;
    } else cell += '\n';
    for (let index = 0; index < text.length; index++) {
      const character = text[index]!;
      if (quoted) {
        if (character === '"') {
          if (text[index + 1] === '"') {
            cell += '"';
            index++;
          } else quoted = false;
        } else cell += character;
      } else if (character === '"' && cell.length === 0) quoted = true;
      else if (character === separator) {
        row.push(cell);
        cell = '';
      } else cell += character;
    }
    if (quoted) continue;
    row.push(cell);
    if (row.length === 1 && row[0]!.trim() === '') continue;
    yield [row, rowLine];
  }
  if (quoted) throw new BuildInputError(name, rowLine, 'a quoted CSV cell is never closed');
}

const CSV_COLUMNS = new Set(['loc', 'url', 'lastmod', 'changefreq', 'priority', 'images', 'alternates']);

async function* csvRecords(chunks: AsyncIterable<Uint8Array>, name: string, note: (text: string) => void): AsyncGenerator<Located> {
  let columns: string[] | undefined;
  let separator = ',';
  let rows: AsyncGenerator<[string[], number]> | undefined;
  // The header decides the separator: peek at the first line.
  const { head, chunks: all } = await peekHead(chunks);
  const firstLine = new TextDecoder().decode(head).split(/\r\n|\r|\n/, 1)[0]!;
  if (!firstLine.includes(',')) separator = firstLine.includes('\t') ? '\t' : firstLine.includes(';') ? ';' : ',';
  rows = csvRows(all, separator, name);
  for await (const [cells, line] of rows) {
    if (columns === undefined) {
      columns = cells.map((cell, index) => (index === 0 ? cell.replace(/^\ufeff/, '') : cell).trim().toLowerCase());
      if (!columns.includes('loc') && !columns.includes('url')) throw new BuildInputError(name, line, 'the CSV header has no "loc" (or "url") column');
      const ignored = columns.filter((column) => !CSV_COLUMNS.has(column));
      if (ignored.length > 0) note(`sitemapkit: ${name}: ignoring CSV columns ${ignored.join(', ')} (build reads ${[...CSV_COLUMNS].join(', ')})`);
      continue;
    }
    const entry: Record<string, unknown> = {};
    for (let index = 0; index < columns.length; index++) {
      const value = (cells[index] ?? '').trim();
      if (value === '') continue;
      const column = columns[index]!;
      if (column === 'loc' || column === 'url') entry.loc = value;
      else if (column === 'priority') entry.priority = value;
      else if (column === 'lastmod' || column === 'changefreq') entry[column] = value;
      else if (column === 'images') entry.images = value.split(/\s+/).map((loc) => ({ loc }));
      else if (column === 'alternates') {
        entry.alternates = value.split(/\s+/).map((pair) => {
          const at = pair.indexOf('=');
          if (at <= 0) throw new BuildInputError(name, line, `an alternate is written hreflang=href, got ${JSON.stringify(pair)}`);
          return { hreflang: pair.slice(0, at), href: pair.slice(at + 1) };
        });
      }
    }
    if (typeof entry.loc !== 'string') throw new BuildInputError(name, line, 'no loc in this row');
    const problem = httpUrlProblem(entry.loc);
    if (problem !== undefined) throw new BuildInputError(name, line, problem);
    yield { entry: entry as unknown as SitemapUrlInput, line };
  }
}

/** Entries of a sitemap, text sitemap or feed, numbered (they have no lines of their own). */
async function* sitemapRecords(input: OpenedInput, note: (text: string) => void): AsyncGenerator<Located> {
  const { entries } = await readEntries(input, { recover: false, maxBytes: Infinity, onIssue: () => {} });
  let number = 0;
  for await (const entry of entries) {
    number++;
    if ((entries as { kind?: string }).kind === 'sitemapindex') {
      throw new BuildInputError(input.name, 0, 'this is a sitemap index: it lists sitemaps, not pages; give its sitemaps');
    }
    yield { entry: entry as SitemapUrlInput, line: 0 };
  }
  if (number === 0) note(`sitemapkit: ${input.name}: no entries`);
}

/** Entries checked by the serializer at a time. */
const CHECK_BATCH = 512;

/**
 * The entries of one build input, each checked by the serializer before it is handed on, so
 * that a value it cannot write stops the build at its line (`BuildInputError`), not somewhere in
 * file 3. `count` is called with the number of entries read so far.
 *
 * @example
 * for await (const entry of buildEntries(opened, 'auto', note)) console.log(entry.loc);
 */
export async function* buildEntries(input: OpenedInput, form: BuildInputForm, note: (text: string) => void): AsyncGenerator<SitemapUrlInput> {
  let chosen = form;
  let chunks = input.chunks;
  if (chosen === 'auto') {
    const peeked = await peekHead(chunks);
    chunks = peeked.chunks;
    const { format } = sniffInput(peeked.head);
    chosen = format === 'ndjson' ? 'ndjson' : format === 'csv' ? 'csv' : format === 'text' || format === 'empty' ? 'text' : 'sitemap';
    if (format === 'text' && sniffInput(peeked.head).gzip) chosen = 'sitemap';
  }
  const opened: OpenedInput = { ...input, chunks };
  const records = chosen === 'text' ? textRecords(chunks, input.name)
    : chosen === 'ndjson' ? ndjsonRecords(chunks, input.name)
      : chosen === 'csv' ? csvRecords(chunks, input.name, note)
        : sitemapRecords(opened, note);
  let batch: Located[] = [];
  let number = 0;
  const check = (located: Located[]) => {
    const checker = new SitemapWriter();
    try {
      checker.write(located.map(({ entry }) => entry));
      checker.end();
    } catch (error) {
      if (!(error instanceof SitemapError)) throw error;
      // The error's entry is the batch's entry number; its message names the field within it ("lastmod: …").
      const at = error.entry > 0 ? located[error.entry - 1] : undefined;
      const where = at === undefined ? 0 : at.line;
      const what = where === 0 && at !== undefined ? `entry ${number - located.length + error.entry}: ` : '';
      throw new BuildInputError(input.name, where, `${what}${error.field === '' ? 'entry: ' : ''}${error.message}`);
    }
  };
  for await (const located of records) {
    batch.push(located);
    number++;
    if (batch.length === CHECK_BATCH) {
      check(batch);
      for (const { entry } of batch) yield entry;
      batch = [];
    }
  }
  if (batch.length > 0) {
    check(batch);
    for (const { entry } of batch) yield entry;
  }
}
