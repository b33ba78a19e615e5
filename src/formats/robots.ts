// Reads the `Sitemap:` lines of a robots.txt (SPEC.md §4; sitemaps.org "Specifying the Sitemap
// location in your robots.txt file"; RFC 9309 §2.2 for the line syntax; Google's robots.txt spec
// and its open-source parser, google/robotstxt, for what Google accepts beyond that).
// Plain string work with the WHATWG URL class: no Node built-ins, runs in service workers.

import { RobotsTxtIssueCode } from '../model/codes';
import { SitemapError } from '../model/errors';
import { createIssue } from '../model/issue';
import { LongKeyMap } from '../values/long-key-map';
import { utf8Length } from '../values/text';
import type { Issue } from '../model/types';

export { RobotsTxtIssueCode };


/** What `readRobotsTxtSitemaps` returns. */
export interface RobotsTxtSitemaps {
  /** Absolute http(s) sitemap URLs (normalised `URL.href`), first occurrence order, no repeats. */
  sitemaps: string[];
  /**
   * Every `Sitemap:` line that was skipped, repeated, resolved or read leniently, with its 1-based
   * line and the column where the value starts; `path` is empty and `value` is the value as
   * written. Errors mean a line was skipped; warnings mean it was used, with a caveat.
   */
  issues: Issue<RobotsTxtIssueCode>[];
}

// A field that starts like "sitemap"/"site-map", as google/robotstxt's KeyIsSitemap matches it.
const SITEMAP_FIELD = /^site-?map/i;
const EXACT_SITEMAP_FIELD = /^sitemap$/i;
// An absolute URL starts with a scheme (RFC 3986 §3.1); anything else is a relative reference.
const HAS_SCHEME = /^[a-z][a-z0-9+.-]*:/i;
// An http(s) URL names its host after "//" (RFC 3986 §3.2, RFC 9110 §4.2: an http URI without a
// host is invalid). "https:sitemap.xml" or "https:/s.xml" has a scheme, so it is not a relative
// reference, yet the WHATWG URL parser resolves it against the base (and "http:sitemap.xml"
// against nothing, to http://sitemap.xml/): such values are refused, not guessed at. So are a
// backslash or a third slash where the host belongs, which that parser also skips silently.
const HTTP_SCHEME = /^https?:/i;
const HTTP_WITH_HOST = /^https?:\/\/[^/\\]/i;
/** C0 control characters, DEL and lone surrogates (C1 controls pass: mis-decoded UTF-8 has them, and URL parsers escape them like other non-ASCII). */
const NOT_IN_URL = /[\0-\x1f\x7f]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const INNER_WHITE_SPACE = /\s/;
// WHATWG URL "forbidden host code points" that a lenient parser may have let into a hostname.
// `[`, `]` and `:` are absent on purpose: an IPv6 hostname keeps them (the port is never in it).
const FORBIDDEN_IN_HOST = /[\s%<>^|"`{}\\#/?@]/;

/** What Google reads of a robots.txt: its first 500 KiB (RFC 9309 §2.5 asks for at least that); the rest is ignored. */
export const ROBOTS_TXT_MAX_BYTES = 500 * 1024;

/**
 * Reads every sitemap a robots.txt declares, and says what was wrong with the lines it skipped.
 *
 * The rules, with where they come from:
 * - Any number of `Sitemap:` lines, anywhere: they do not belong to `User-agent` groups
 *   (sitemaps.org; RFC 9309 §2.2.4 "other records").
 * - The field name is case-insensitive, white space around the name, the colon and the value is
 *   ignored, and `#` starts a comment, also inside a URL (RFC 9309 §2.2), so a fragment is
 *   dropped. Like Google's parser, a name that starts
 *   with `sitemap`/`site-map` and a missing colon (`Sitemap https://…`, exactly two words) are
 *   accepted, with a `ROBOTS_SITEMAP_FIELD_VARIANT` warning.
 * - The protocol asks for absolute URLs. A relative value (`/sitemap.php`) is resolved against
 *   `robotsTxtUrl`, as many crawlers do, with a `ROBOTS_SITEMAP_RELATIVE_URL` warning. A value
 *   with an http(s) scheme but no `//` and host after it (`https:`, `https:sitemap.xml`,
 *   `http:/sitemap.xml`) is neither absolute nor a relative reference: it is skipped with a
 *   `ROBOTS_SITEMAP_INVALID_URL` error (a URL parser would resolve it to a guess, the robots.txt
 *   itself for `https:`).
 * - A value with white space inside is not a URL (robots.txt values are one token); it is
 *   skipped with an error, as are values that do not parse as a URL.
 * - Only http: and https: URLs are returned: a sitemap is fetched over HTTP, and a caller can
 *   pass the list straight to `fetch`. Other schemes and unparsable values are skipped with an
 *   error issue rather than returned, so no caller has to re-check the list.
 * - A URL already returned (compared as normalised `URL.href`) is dropped with a warning.
 * - Sitemaps on other hosts are kept: robots.txt is how the protocol allows cross-host
 *   submission.
 * - A byte order mark and CRLF or CR line ends are accepted.
 *
 * @param text The robots.txt as text (decode the bytes as UTF-8 first).
 * @param robotsTxtUrl The URL the robots.txt was fetched from (after redirects); relative values
 *   are resolved against it. Throws `SitemapError` (`INPUT_INVALID_OPTION`) when it is not an absolute URL.
 *
 * @example
 * const robotsUrl = 'https://example.com/robots.txt';
 * const { sitemaps, issues } = readRobotsTxtSitemaps(await (await fetch(robotsUrl)).text(), robotsUrl);
 * for (const issue of issues) console.log(`robots.txt line ${issue.line}: ${issue.severity} ${issue.message}`);
 */
export function readRobotsTxtSitemaps(text: string, robotsTxtUrl: string | URL): RobotsTxtSitemaps {
  if (typeof text !== 'string') throw new SitemapError('INPUT_TYPE', `readRobotsTxtSitemaps takes the robots.txt text as a string (decode the response with await response.text()), got ${text === null ? 'null' : typeof text}`);
  let base: URL;
  try {
    base = new URL(robotsTxtUrl);
  } catch {
    throw new SitemapError('INPUT_INVALID_OPTION', `The robots.txt URL must be absolute (https://example.com/robots.txt): relative Sitemap values are resolved against it; got ${JSON.stringify(String(robotsTxtUrl))}`);
  }
  const sitemaps: string[] = [];
  const seen = new LongKeyMap<true>(); // a Set compared long URLs of one length with each other (see long-key-map.ts)
  const issues: Issue<RobotsTxtIssueCode>[] = [];
  const bom = text.charCodeAt(0) === 0xfeff;
  const body = bom ? text.slice(1) : text;
  const lines = body.split(/\r\n|\r|\n/);
  // Where each line ends in bytes, worked out while the text may still be within Google's 500 KiB:
  // once a line starts past it, so do all the later ones.
  let charAt = 0, byteAt = bom ? 3 : 0;
  const measure = byteAt + body.length * 3 > ROBOTS_TXT_MAX_BYTES;

  for (let index = 0; index < lines.length; index++) {
    let pastLimit = false;
    if (measure && byteAt >= ROBOTS_TXT_MAX_BYTES) pastLimit = true;
    else if (measure) {
      const end = charAt + lines[index]!.length;
      const separator = body.charCodeAt(end) === 13 && body.charCodeAt(end + 1) === 10 ? 2 : 1;
      const lineEnd = byteAt + utf8Length(lines[index]!);
      // Kept where its line break's first byte is within the limit (a line cut there is no whole
      // line, as crawlSitemaps cuts), or where the text ends within it (the last line has no break).
      pastLimit = index === lines.length - 1 ? lineEnd > ROBOTS_TXT_MAX_BYTES : lineEnd + 1 > ROBOTS_TXT_MAX_BYTES;
      byteAt = lineEnd + separator;
      charAt = end + separator;
    }
    const record = readSitemapRecord(lines[index]!);
    if (!record) continue;
    const line = index + 1;
    const report = (code: RobotsTxtIssueCode, severity: Issue['severity'], message: string): void => {
      issues.push(createIssue(code, severity, message, line, record.column, '', 0, record.value));
    };

    if (pastLimit) {
      report('ROBOTS_SITEMAP_PAST_LIMIT', 'warning', `This line does not end within the first 500 KiB of robots.txt (${ROBOTS_TXT_MAX_BYTES.toLocaleString('en-US')} bytes), all that Google reads: Google ignores it, and so does crawlSitemaps`);
    }
    if (record.variant) {
      report('ROBOTS_SITEMAP_FIELD_VARIANT', 'warning', `"${record.variant}" is read as a Sitemap line, as Google does; write "Sitemap: <absolute URL>" so that every crawler reads it`);
    }
    if (record.value === '') {
      report('ROBOTS_SITEMAP_EMPTY', 'error', 'A Sitemap line without a URL');
      continue;
    }
    const relative = !HAS_SCHEME.test(record.value);
    if (!relative && HTTP_SCHEME.test(record.value) && !HTTP_WITH_HOST.test(record.value)) {
      const scheme = record.value.slice(0, record.value.indexOf(':') + 1);
      report('ROBOTS_SITEMAP_INVALID_URL', 'error', `"${record.value}" is not an absolute URL: "${scheme}" must be followed by "//" and a host (write ${scheme.toLowerCase()}//host/path); the line was skipped`);
      continue;
    }
    // A control character or a lone surrogate is no part of a URL: the URL parser would escape or
    // replace it and hand back a URL nobody wrote.
    const bad = NOT_IN_URL.exec(record.value);
    if (bad) {
      report('ROBOTS_SITEMAP_INVALID_URL', 'error', `"${record.value}" has U+${bad[0].charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')} at index ${bad.index}, which no URL holds; the line was skipped`);
      continue;
    }
    let url: URL | undefined;
    // White space inside the value, or a host URL parsers disagree on (Chromium turns a space in
    // a host into %20, Node rejects it), is refused up front so that every runtime gives one answer.
    if (!INNER_WHITE_SPACE.test(record.value)) {
      try {
        url = new URL(record.value, base);
      } catch {
        url = undefined;
      }
    }
    if (!url || FORBIDDEN_IN_HOST.test(url.hostname)) {
      report('ROBOTS_SITEMAP_INVALID_URL', 'error', `"${record.value}" is not a URL; the line was skipped`);
      continue;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      report('ROBOTS_SITEMAP_UNSUPPORTED_SCHEME', 'error', `A sitemap URL must be http or https, not ${url.protocol}; the line was skipped`);
      continue;
    }
    if (relative) {
      report('ROBOTS_SITEMAP_RELATIVE_URL', 'warning', `The sitemap URL should be absolute; "${record.value}" was resolved against the robots.txt URL to ${url.href}`);
    }
    if (seen.has(url.href)) {
      report('ROBOTS_SITEMAP_DUPLICATE', 'warning', `${url.href} is declared more than once; the repeat was dropped`);
      continue;
    }
    seen.set(url.href, true);
    sitemaps.push(url.href);
  }
  return { sitemaps, issues };
}

/**
 * The sitemap URLs a robots.txt declares: absolute http(s) URLs in the order written, without
 * repeats, relative values resolved against the robots.txt URL. Lines that give no usable URL are
 * skipped; `readRobotsTxtSitemaps` applies the same rules and also says which lines and why.
 *
 * @param text The robots.txt as text.
 * @param robotsTxtUrl The URL the robots.txt was fetched from; throws `SitemapError` (`INPUT_INVALID_OPTION`) if not absolute.
 *
 * @example
 * sitemapsFromRobotsTxt('User-agent: *\nDisallow: /admin\nsitemap: /sitemap.xml # main\n', 'https://example.com/robots.txt');
 * // → ['https://example.com/sitemap.xml']
 */
export function sitemapsFromRobotsTxt(text: string, robotsTxtUrl: string | URL): string[] {
  return readRobotsTxtSitemaps(text, robotsTxtUrl).sitemaps;
}

interface SitemapRecord {
  /** The value, comment and surrounding white space removed. */
  value: string;
  /** 1-based column (in UTF-16 units) where the value starts in the line. */
  column: number;
  /** The field as written when it is a lenient variant (see ROBOTS_SITEMAP_FIELD_VARIANT). */
  variant?: string;
}

/** The value of one line if it is a sitemap record, else undefined. */
function readSitemapRecord(rawLine: string): SitemapRecord | undefined {
  const hash = rawLine.indexOf('#');
  const line = hash < 0 ? rawLine : rawLine.slice(0, hash);
  const colon = line.indexOf(':');
  let field = colon < 0 ? '' : trimBlanks(line.slice(0, colon));
  let valueStart = colon + 1;
  let withoutColon = false;
  // A field is one word: in `Sitemap https://…` the first colon is the URL's, not the separator.
  if (colon < 0 || /[ \t]/.test(field)) {
    // google/robotstxt: "some people forget the colon", so exactly two words are a field and a value.
    const words = trimBlanks(line).split(/[ \t]+/);
    if (words.length !== 2) return undefined;
    field = words[0]!;
    valueStart = line.indexOf(words[1]!, line.indexOf(field) + field.length);
    withoutColon = true;
  }
  if (!SITEMAP_FIELD.test(field)) return undefined;
  while (valueStart < line.length && (line[valueStart] === ' ' || line[valueStart] === '\t')) valueStart++;
  const value = trimBlanks(line.slice(valueStart));
  const record: SitemapRecord = { value, column: valueStart + 1 };
  if (withoutColon || !EXACT_SITEMAP_FIELD.test(field)) record.variant = withoutColon ? `${field} ${value}` : `${field}:`;
  return record;
}

/**
 * `text` without spaces and tabs at either end. Index loops, not /^[ \t]+|[ \t]+$/g: its second
 * branch, tried at each blank, runs to the end of the run before it fails, quadratic in a long run
 * of blanks inside a line (100,000 spaces: 3.3 s; a 250 KB line: 22 s; issue #22).
 */
function trimBlanks(text: string): string {
  let start = 0, end = text.length;
  while (start < end && isBlank(text.charCodeAt(start))) start++;
  while (end > start && isBlank(text.charCodeAt(end - 1))) end--;
  return text.substring(start, end);
}

function isBlank(code: number): boolean {
  return code === 0x20 || code === 0x09;
}
