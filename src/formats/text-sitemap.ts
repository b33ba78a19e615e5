// Reading text sitemaps: one absolute http(s) URL per line, UTF-8, nothing else, gzip allowed,
// the same 50,000-URL and 52,428,800-byte limits as XML (sitemaps.org "Text file", SPEC.md §4).
// The input is decoded once and split into lines by one native split (linear; indexOf resumed at
// each line was not, see readLines), far faster than a charCodeAt loop over the text.

import { SitemapError } from '../model/errors';
import { createIssue } from '../model/issue';
import { positionOfByte, tooLargeIssueAt, tooManyUrlsIssue } from '../values/file-limits';
import { markupStart, prepareInput } from '../input/input';
import { HTML_SNIFF_BYTES, htmlPageError, readReadingOptions } from '../input/front-door';
import { LIMITS } from '../model/limits';
import { bytesToString, concatenateBytes, stringToBytes, utf8Length } from '../values/text';
import type { Issue, ParseOptions, SitemapInput, SitemapUrl, UrlsetResult } from '../model/types';
import { isPlainHttpUrl, LocFinding, LocScan, noHostProblem, scanLoc } from '../values/url-check';

/** What `parseTextSitemap` returns: a urlset whose entries have a `loc` only. */
export interface TextSitemapResult extends UrlsetResult {
  format: 'text';
}

/** Findings that make a line no URL at all: it is left out. The others only want escaping. */
const NOT_A_URL = LocFinding.Empty | LocFinding.Relative | LocFinding.NotHttp | LocFinding.NoHost | LocFinding.Space | LocFinding.Control;
const NOT_ESCAPED = LocFinding.NonAscii | LocFinding.Unescaped | LocFinding.BadPercent;

/**
 * Lines left out that get an issue each; the rest are counted in one. An HTML page read in
 * recover mode has thousands of lines, and a list of each says no more than the first ones do.
 */
const MAX_LISTED_BAD_LINES = 1000;

/** A line break (CRLF, CR or LF), captured so that split() keeps it between the lines. */
const LINE_BREAK = /(\r\n?|\n)/;

/** An element name, read where markupStart found the first element's `<`. */
const ELEMENT_NAME = /[A-Za-z_][\w.:-]*/y;

/** What to tell someone who handed in another format, by the local name of its first element. */
const OTHER_FORMATS: ReadonlyMap<string, string> = new Map([
  ['urlset', 'an XML sitemap (<urlset>): read it with parse()'],
  ['sitemapindex', 'an XML sitemap index (<sitemapindex>): read it with parse()'],
  ['rss', 'an RSS feed (<rss>): read it with parseFeed()'],
  ['feed', 'an Atom feed (<feed>): read it with parseFeed()'],
]);

/**
 * Reads a text sitemap: one absolute http(s) URL per line (sitemaps.org). Takes what `parse`
 * takes (bytes, with gzip recognised by its magic bytes; an ArrayBuffer; a string) and returns
 * `{ kind: 'urlset', format: 'text', urls: [{ loc }], issues }`.
 *
 * Lines end with LF, CRLF or CR; white space around a URL is dropped and blank lines are
 * skipped. A text file has no syntax to break, so lines that are not URLs are issues in either
 * mode, each with its line and column (in code points): a line that is no absolute http(s) URL
 * (a relative path, a comment, markup, another scheme, white space inside) is left out
 * (`SITEMAP_BAD_LOC`, error); a URL that needs escaping (non-ASCII, `"<>\^`{|}`, a stray `%`) is
 * kept with a `SITEMAP_LOC_NOT_ESCAPED` warning. Also reported: a URL of 2,048 characters or
 * more (`SITEMAP_LOC_LENGTH`), more than 50,000 URLs (`SITEMAP_TOO_MANY_URLS`, at the
 * 50,001st), more than 52,428,800 bytes (`SITEMAP_TOO_LARGE`), no URL at all (`SITEMAP_EMPTY`).
 *
 * Strict by default, like `parse`: a file that is clearly another format throws `SitemapError`
 * at its first `<` (`SITEMAP_HTML` for an HTML page, `SITEMAP_NOT_A_SITEMAP` for XML such as a
 * `<urlset>`, naming the function that reads it), and so do bytes that are not UTF-8
 * (`INPUT_ENCODING`); `{ recover: true }` makes both an issue and reads every line it can.
 *
 * @example
 * const { urls, issues } = parseTextSitemap(await (await fetch('/sitemap.txt')).arrayBuffer());
 * for (const { loc } of urls) console.log(loc);
 * for (const issue of issues) console.log(`${issue.line}:${issue.column} ${issue.code} ${issue.message}`);
 */
export function parseTextSitemap(input: SitemapInput, options: ParseOptions = {}): TextSitemapResult {
  const { reading } = readReadingOptions(options, 'text sitemap');
  const { recover, maxBytes } = reading;
  const issues: Issue[] = [];
  const lines = new TextSitemapLines((issue) => issues.push(issue));
  const text = decodeInput(input, maxBytes, recover, lines, issues);
  const markup = markupAtStart(text);
  if (markup !== undefined) {
    if (!recover) throw new SitemapError(markup.code, markup.message, { line: markup.line, column: markup.column, offset: markup.offset });
    issues.push(createIssue(markup.code, 'error', markup.message, markup.line, markup.column, ''));
  }
  const urls = lines.read(text, true);
  lines.finish();
  return { kind: 'urlset', format: 'text', urls, issues };
}

/**
 * The input as one string (without a byte-order mark), its size and encoding told to `lines`
 * (bytes only; a string only when it may be over the size limit), and the issues of getting there
 * (gzip, an encoding) in `issues`.
 */
function decodeInput(input: SitemapInput, maxBytes: number, recover: boolean, lines: TextSitemapLines, issues: Issue[]): string {
  if (typeof input === 'string') {
    // Already decoded: prepareInput would encode it only to have it decoded again here, and it
    // refuses a one-line string that is a URL (a file name given as an XML document), which here
    // is a text sitemap of one URL. Measured only when it may be too large (at most 3 bytes per
    // UTF-16 unit).
    const text = input.charCodeAt(0) === 0xfeff ? input.slice(1) : input;
    const size = text.length * 3 > Math.min(maxBytes, LIMITS.maxSitemapBytes) ? utf8Length(text) : 0;
    // At the limit, as the front door places it for bytes (prepareInput).
    if (size > maxBytes) throw new SitemapError('INPUT_TOO_LARGE', `The input is ${size.toLocaleString('en-US')} bytes, over the maxBytes limit of ${maxBytes.toLocaleString('en-US')}`, { offset: maxBytes });
    if (size > LIMITS.maxSitemapBytes) lines.measure(stringToBytes(text));
    return text;
  }
  const prepared = prepareInput(input, maxBytes, recover, true);
  issues.push(...prepared.issues);
  return lines.decode(prepared.bytes, recover);
}

/**
 * A text sitemap's lines, read in order a run of whole lines at a time, with what the whole file
 * is judged on counted across runs: line numbers, URLs (the 50,001st), bad lines listed, the first
 * bytes that are not UTF-8, the size. parseTextSitemap reads a file as one run; the crawl reads the
 * runs as they arrive (`push`, `end`), so that no text sitemap is held whole, and gets the issues
 * parseTextSitemap gives, in its order but for INPUT_ENCODING, which it reports apart
 * (`onEncodingIssue`): parseTextSitemap has it first, before any line's. It does not look for
 * markup at the start (an HTML page, an XML sitemap): the crawl reads only what sniffFormat
 * called a text sitemap, whose first line is a URL.
 *
 * @example
 * const lines = new TextSitemapLines((issue) => issues.push(issue));
 * for await (const piece of body) for (const url of lines.push(piece)) console.log(url.loc);
 * for (const url of lines.end()) console.log(url.loc);
 */
export class TextSitemapLines {
  #line = 0;
  #urls = 0;
  #listed = 0;
  #unlisted = 0;
  #unlistedLine = 0;
  #unlistedColumn = 0;
  #sawText = false;
  #size = 0;
  /** Where the size limit is crossed, once it is: [line, column]. */
  #crossed: [number, number] | undefined;
  #encodingTold = false;
  /** Bytes of the line not ended yet (push), in the pieces they came in. */
  #carry: Uint8Array[] = [];
  #started = false;
  readonly #scan = new LocScan();
  readonly #onIssue: (issue: Issue) => void;
  readonly #onEncodingIssue: (issue: Issue) => void;

  constructor(onIssue: (issue: Issue) => void, onEncodingIssue = onIssue) {
    this.#onIssue = onIssue;
    this.#onEncodingIssue = onEncodingIssue;
  }

  /**
   * The URLs of the lines that `piece` (the next bytes of the file, UTF-8 as sent, a byte-order
   * mark allowed at its start) ends, read as recover mode reads them. A line break ends a run; a
   * CR at the end of a piece waits for the next piece, which may start with its LF.
   */
  push(piece: Uint8Array): SitemapUrl[] {
    let cut = piece.lastIndexOf(0x0a);
    if (piece.length >= 2) cut = Math.max(cut, piece.lastIndexOf(0x0d, piece.length - 2));
    if (cut < 0) {
      if (piece.length > 0) this.#carry.push(piece);
      return [];
    }
    this.#carry.push(piece.subarray(0, cut + 1));
    const run = this.#takeCarry();
    if (cut + 1 < piece.length) this.#carry.push(piece.subarray(cut + 1));
    return this.read(this.decode(run, true), false);
  }

  /** The URLs of the last line (push), then the issues of the whole file (finish). */
  end(): SitemapUrl[] {
    const urls = this.read(this.decode(this.#takeCarry(), true), true);
    this.finish();
    return urls;
  }

  #takeCarry(): Uint8Array {
    let run = this.#carry.length === 1 ? this.#carry[0]! : concatenateBytes(this.#carry);
    this.#carry = [];
    if (!this.#started) {
      this.#started = true;
      if (run[0] === 0xef && run[1] === 0xbb && run[2] === 0xbf) run = run.subarray(3); // the byte-order mark, as prepareInput drops it
    }
    return run;
  }

  /** Counts a run's bytes against the size limit, noting where it is crossed (the run starts a line). */
  measure(run: Uint8Array): void {
    const before = this.#size;
    this.#size += run.length;
    if (before <= LIMITS.maxSitemapBytes && this.#size > LIMITS.maxSitemapBytes) {
      const [line, column] = positionOfByte(run, LIMITS.maxSitemapBytes - before);
      this.#crossed = [this.#line + line, column];
    }
  }

  /**
   * A run of whole lines (or the last one) as text, measured; the first bytes of the file that are
   * not UTF-8 an INPUT_ENCODING issue (thrown, unless `recover`).
   */
  decode(run: Uint8Array, recover: boolean): string {
    this.measure(run);
    const text = bytesToString(run, false);
    // The decoder turns each bad sequence into U+FFFD; only then is it worth finding the first one.
    if (!this.#encodingTold && text.includes('\ufffd')) {
      const offset = firstInvalidUtf8(run);
      if (offset >= 0) {
        this.#encodingTold = true;
        const [line, column] = positionOfByte(run, offset);
        const message = 'Bytes that are not valid UTF-8 (text sitemaps must be UTF-8); they read as U+FFFD';
        if (!recover) throw new SitemapError('INPUT_ENCODING', message, { line: this.#line + line, column, offset: this.#size - run.length + offset });
        this.#onEncodingIssue(createIssue('INPUT_ENCODING', 'error', message, this.#line + line, column, ''));
      }
    }
    return text;
  }

  /** The URLs of `text`'s lines: whole lines (each ended by a line break), or with `last` all the rest of the file. */
  read(text: string, last: boolean): SitemapUrl[] {
    const urls: SitemapUrl[] = [];
    if (text.length > 0) this.#sawText = true;
    const scan = this.#scan;
    // Lines come from one native split, not from indexOf resuming at each line: in V8 (Node 20),
    // once indexOf has searched the whole text for a character it lacks (a CR in an LF file),
    // later indexOf calls with a start position on that text can cost time in proportion to the
    // text, not to the line, so 1 MB of short lines took 0.3-0.8 s instead of milliseconds (issue #22;
    // the same shape measured with the loop alone, 2026-11-26). A capturing split keeps the line
    // breaks, which only a file with a CR needs.
    const hasCr = text.includes('\r');
    const parts = hasCr ? text.split(LINE_BREAK) : text.split('\n');
    const step = hasCr ? 2 : 1;
    // Whole lines end with a break: the empty part after the last one is no line of its own.
    const end = last ? parts.length : parts.length - 1;
    for (let index = 0; index < end; index += step) {
      const line = ++this.#line;
      const lineText = parts[index]!;
      let first = 0, lastChar = lineText.length;
      while (first < lastChar && isBlank(lineText.charCodeAt(first))) first++;
      while (lastChar > first && isBlank(lineText.charCodeAt(lastChar - 1))) lastChar--;
      if (first === lastChar) continue;
      const value = first === 0 && lastChar === lineText.length ? lineText : lineText.substring(first, lastChar);
      const column = first + 1; // the blanks before it are one code point each
      let urlLength = value.length;
      let keep = true;
      // The common line settles with one native regex pass; the others are scanned for details.
      if (!isPlainHttpUrl(value)) {
        scanLoc(value, scan);
        urlLength = scan.length;
        let findings = scan.findings;
        // C1 controls (U+0080–U+009F) are non-ASCII characters like others to a URL parser, which
        // percent-encodes them; they are what a file decoded as Windows-1252 and encoded again holds.
        if (findings & LocFinding.Control && !hasAsciiControl(value)) findings = (findings & ~LocFinding.Control) | LocFinding.NonAscii;
        const problem = findings & NOT_A_URL ? notAUrl(value, findings, scan) : undefined;
        if (problem !== undefined) {
          keep = false;
          const problemColumn = column + codePointsBefore(value, problem.index);
          if (this.#listed < MAX_LISTED_BAD_LINES) {
            this.#listed++;
            this.#onIssue(createIssue('SITEMAP_BAD_LOC', 'error', problem.message, line, problemColumn, '', 0, value)); // a line that is no URL is no entry
          } else if (this.#unlisted++ === 0) {
            this.#unlistedLine = line;
            this.#unlistedColumn = problemColumn;
          }
        } else if (findings & NOT_ESCAPED) {
          const index = scan.firstBad;
          const message = value.charCodeAt(index) === 0x25
            ? 'The URL has a "%" that is not followed by two hex digits (escape a literal % as %25); kept as written'
            : value.charCodeAt(index) >= 0x80
              ? 'The URL has characters outside ASCII: percent-encode them as UTF-8 (RFC 3986); kept as written'
              : `The URL has "${value[index] ?? ''}", which must be percent-encoded in a URL (RFC 3986); kept as written`;
          this.#onIssue(createIssue('SITEMAP_LOC_NOT_ESCAPED', 'warning', message, line, column + codePointsBefore(value, index), '', this.#urls + 1, value)); // the entry it is about to be
        }
      }
      if (keep) {
        urls.push({ loc: value });
        const entry = ++this.#urls;
        if (urlLength >= LIMITS.maxLocLength) {
          const message = urlLength > LIMITS.maxLocLength
            ? `The URL is ${urlLength.toLocaleString('en-US')} characters long; the limit is 2,048`
            : 'The URL is exactly 2,048 characters long: the protocol wants less than 2,048';
          this.#onIssue(createIssue('SITEMAP_LOC_LENGTH', urlLength > LIMITS.maxLocLength ? 'error' : 'warning', message, line, column, '', entry, value));
        }
        if (entry === LIMITS.maxUrlsPerSitemap + 1) this.#onIssue(tooManyUrlsIssue(line, column, '', entry));
      }
    }
    return urls;
  }

  /** The issues about the whole file, once it has been read: bad lines not listed, no URL at all, over 52,428,800 bytes. */
  finish(): void {
    if (this.#unlisted > 0) {
      const message = `${this.#unlisted.toLocaleString('en-US')} more lines are not absolute http(s) URLs and were left out (not listed one by one; this is the first)`;
      this.#onIssue(createIssue('SITEMAP_BAD_LOC', 'error', message, this.#unlistedLine, this.#unlistedColumn, ''));
    }
    if (this.#urls === 0) {
      const message = this.#sawText ? 'Empty sitemap: no line of the file is a URL' : 'Empty sitemap: the file is empty';
      this.#onIssue(createIssue('SITEMAP_EMPTY', 'error', message, 1, 1, ''));
    }
    if (this.#crossed) this.#onIssue(tooLargeIssueAt(this.#size, this.#crossed[0], this.#crossed[1]));
  }
}

interface Markup {
  code: 'SITEMAP_HTML' | 'SITEMAP_NOT_A_SITEMAP';
  message: string;
  line: number;
  column: number;
  offset: number;
}

/** The document starts with markup (an HTML page, an XML sitemap or feed): what it is and where. */
function markupAtStart(text: string): Markup | undefined {
  let at = 0, line = 1, lineStart = 0;
  for (; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x0a || (code === 0x0d && text.charCodeAt(at + 1) !== 0x0a)) { line++; lineStart = at + 1; }
    else if (!isBlank(code) && code !== 0x0d) break;
  }
  if (text.charCodeAt(at) !== 0x3c /* < */) return undefined;
  // The front door's verdict and place for an HTML page, as every reader gives them.
  const html = htmlPageError(stringToBytes(text.slice(0, HTML_SNIFF_BYTES)), 'text sitemap');
  if (html !== undefined) return { code: 'SITEMAP_HTML', message: html.message, line: html.line, column: html.column, offset: html.offset };
  const position = { line, column: at - lineStart + 1, offset: at }; // blanks are one byte each
  // After `<?…?>` and comments (markupStart is linear: a regex for this backtracked exponentially
  // on `<?a?>` repeated, issue #22).
  const head = text.slice(at, at + 4096);
  const element = markupStart(head, true);
  ELEMENT_NAME.lastIndex = element + 1;
  const name = element < 0 ? undefined : ELEMENT_NAME.exec(head)?.[0];
  const what = name === undefined ? 'markup' : OTHER_FORMATS.get(name.slice(name.indexOf(':') + 1)) ?? `markup (<${name}>)`;
  return { code: 'SITEMAP_NOT_A_SITEMAP', message: `Not a text sitemap (one URL per line): this is ${what}`, ...position };
}

/** Why a line with NOT_A_URL `findings` (LocFinding bits) is no URL, and the index in it to point at. */
function notAUrl(value: string, findings: number, scan: LocScan): { message: string; index: number } {
  const first = value.charCodeAt(0);
  if (first === 0x3c /* < */) return { message: 'This line is markup (HTML or XML), not a URL: a text sitemap has one absolute URL per line and nothing else', index: 0 };
  if (first === 0x23 /* # */) return { message: 'This line looks like a comment: a text sitemap has one absolute URL per line and nothing else', index: 0 };
  if (findings & LocFinding.Relative) return { message: 'This line is not an absolute URL: it must start with http:// or https://', index: 0 };
  if (findings & LocFinding.NotHttp) return { message: `This line uses the scheme "${value.slice(0, value.indexOf(':'))}"; only http and https URLs are allowed`, index: 0 };
  if (findings & LocFinding.NoHost) return { message: `This line ${noHostProblem(value, scan)}`, index: 0 };
  if (findings & LocFinding.Space) return { message: 'This line has white space inside: one URL per line, and a space in a URL is written %20', index: value.indexOf(' ') };
  let index = 0;
  while (index < value.length && !isAsciiControl(value.charCodeAt(index))) index++;
  return { message: 'This line has a control character (a tab, a NUL…) inside: it is no URL, or one written with white space in it', index };
}

/** Space, tab, vertical tab, form feed: white space that may surround a URL on its line. */
function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0b || code === 0x0c;
}

/** C0 controls and DEL: not in text that is a list of URLs (a tab inside a line, binary data, UTF-16 read as UTF-8). */
function isAsciiControl(code: number): boolean {
  return code < 0x20 || code === 0x7f;
}

function hasAsciiControl(value: string): boolean {
  for (let i = 0; i < value.length; i++) if (isAsciiControl(value.charCodeAt(i))) return true;
  return false;
}

/** Code points in `value` before UTF-16 index `index` (a surrogate pair is one). */
function codePointsBefore(value: string, index: number): number {
  let count = index;
  for (let i = 0; i < index; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) count--;
  }
  return count;
}

/** Byte offset of the first sequence that is not UTF-8 (overlong forms and surrogates included), or -1. */
function firstInvalidUtf8(bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    if (lead < 0x80) { i++; continue; }
    const trailing = lead >= 0xc2 && lead <= 0xdf ? 1 : lead >= 0xe0 && lead <= 0xef ? 2 : lead >= 0xf0 && lead <= 0xf4 ? 3 : 0;
    if (trailing === 0) return i;
    // The second byte's range is narrower after E0, ED, F0 and F4 (RFC 3629 §4).
    const low = lead === 0xe0 ? 0xa0 : lead === 0xf0 ? 0x90 : 0x80;
    const high = lead === 0xed ? 0x9f : lead === 0xf4 ? 0x8f : 0xbf;
    const second = bytes[i + 1];
    if (second === undefined || second < low || second > high) return i;
    for (let k = 2; k <= trailing; k++) if (((bytes[i + k] ?? 0) & 0xc0) !== 0x80) return i;
    i += trailing + 1;
  }
  return -1;
}
