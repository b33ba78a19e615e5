// Tells what a document is by its content alone (never its name or Content-Type), for the formats
// sitemaps.org accepts (SPEC.md §1, §2, §4) and what servers send instead (§5: HTML, robots.txt).

import { isGzip } from './gzip';

/**
 * What a document is, by content:
 * - `urlset` / `sitemapindex`: an XML sitemap / sitemap index (by the root's local name, whatever
 *   its namespace: a wrong namespace is still a sitemap, with an issue);
 * - `text`: a text sitemap (its first line is an http(s) URL);
 * - `rss` / `atom`: a feed (`<rss>`, `<feed>`), read with `parseFeed`;
 * - `robots`: a robots.txt (its first line is a directive such as `User-agent:` or a `#` comment);
 * - `html`: a web page (`<!DOCTYPE html>` or an `<html>` root), what servers send for a missing
 *   sitemap (a "soft 404");
 * - `xml`: XML with another root (`<xsl:stylesheet>`, `<siteMap>`, `<rdf:RDF>`…);
 * - `gzip`: gzip bytes (`1f 8b`): inflate them first (`gunzip`) and sniff again;
 * - `empty`: nothing, or only white space;
 * - `unknown`: anything else (JSON, a template, text that is no URL).
 */
export type DocumentFormat = 'urlset' | 'sitemapindex' | 'text' | 'rss' | 'atom' | 'robots' | 'html' | 'xml' | 'gzip' | 'empty' | 'unknown';

/**
 * A sniffed format and where the construct that decided it starts (a root or DOCTYPE `<`; 0 otherwise).
 *
 * @example
 * const { format, offset }: SniffedDocument = sniffDocument('<!-- x --><html>'); // 'html', 10
 */
export interface SniffedDocument {
  format: DocumentFormat;
  /** Offset of that construct, in bytes for bytes (the byte-order mark counted) and in UTF-16 units for a string. */
  offset: number;
}

/**
 * The most that is looked at. The root comes after the XML declaration, stylesheet instructions,
 * comments and a DOCTYPE; generators' comments run to a few hundred bytes, so 32 KiB leaves room
 * while keeping a sniff of a 50 MB file cheap.
 */
const HEAD_LENGTH = 32768;

// A robots.txt directive (RFC 9309 and the common extensions), or a `#` comment, on the first line that counts.
const ROBOTS_LINE = /^(?:user-agent|disallow|allow|sitemap|site-map|crawl-delay|host|clean-param|request-rate|visit-time|noindex)\s*:/i;
const URL_LINE = /^https?:\/\/\S/i;
const NAME_START = /[A-Za-z_:]/;
const NAME_END = /[\s/>]/;

/**
 * Tells what a document is by its first bytes: a sitemap, an index, a text sitemap, a feed, a
 * robots.txt, an HTML page, other XML, gzip, empty or unknown (see {@link DocumentFormat}). Never
 * throws and never looks past the first 32 KiB. The one sniffing rule that parse, validate and
 * `crawlSitemaps` share: use it to pick the reader for a body of unknown type. A UTF-8 or UTF-16
 * byte-order mark is allowed; gzip is answered `gzip` (inflate it with `gunzip` and ask again).
 *
 * @example
 * const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
 * switch (sniffFormat(bytes)) {
 *   case 'urlset': case 'sitemapindex': return parse(bytes);
 *   case 'text': return parseTextSitemap(bytes);
 *   case 'rss': case 'atom': return parseFeed(bytes);
 *   case 'robots': return readRobotsTxtSitemaps(new TextDecoder().decode(bytes), url);
 *   default: throw new Error(`not a sitemap: ${sniffFormat(bytes)}`);
 * }
 */
export function sniffFormat(input: Uint8Array | string): DocumentFormat {
  return sniffDocument(input).format;
}

/**
 * {@link sniffFormat} with the offset of what decided it (validate positions its SITEMAP_HTML issue there).
 *
 * @example
 * sniffDocument(new TextEncoder().encode('\n<!DOCTYPE html>')); // { format: 'html', offset: 1 }
 */
export function sniffDocument(input: Uint8Array | string): SniffedDocument {
  if (typeof input === 'string') {
    // Leading white space is skipped over the whole input (cheap), so that "empty" is true of all of it.
    let start = input.charCodeAt(0) === 0xfeff ? 1 : 0;
    while (start < input.length && isWhiteSpace(input.charCodeAt(start))) start++;
    if (start >= input.length) return { format: 'empty', offset: 0 };
    const sniffed = sniffText(input.slice(start, start + HEAD_LENGTH));
    return { format: sniffed.format, offset: start + sniffed.offset };
  }
  if (!(input instanceof Uint8Array)) return { format: 'unknown', offset: 0 };
  if (isGzip(input)) return { format: 'gzip', offset: 0 };
  if ((input[0] === 0xff && input[1] === 0xfe) || (input[0] === 0xfe && input[1] === 0xff)) {
    // UTF-16: decoded (only the head); the offset is in bytes again once counted back.
    const text = new TextDecoder(input[0] === 0xff ? 'utf-16le' : 'utf-16be').decode(input.subarray(0, HEAD_LENGTH * 2));
    const sniffed = sniffDocument(text);
    return { format: sniffed.format, offset: 2 + sniffed.offset * 2 };
  }
  let start = input[0] === 0xef && input[1] === 0xbb && input[2] === 0xbf ? 3 : 0;
  while (start < input.length && isWhiteSpace(input[start]!)) start++;
  if (start >= input.length) return { format: 'empty', offset: 0 };
  const sniffed = sniffText(headOf(input.subarray(start)));
  return { format: sniffed.format, offset: start + sniffed.offset };
}

/**
 * The first bytes as one character per byte: markup and URLs are ASCII, so that is all the sniffing
 * needs. apply, not a spread: a spread of a typed array goes through its iterator, 0.52 ms for the
 * 32 KiB head against 0.08 (2026-11-26, Node 20), and the crawl sniffs every file's head twice.
 */
function headOf(bytes: Uint8Array): string {
  const end = Math.min(bytes.length, HEAD_LENGTH);
  let text = '';
  for (let start = 0; start < end; start += 8192) text += String.fromCharCode.apply(null, bytes.subarray(start, Math.min(end, start + 8192)) as unknown as number[]);
  return text;
}

function isWhiteSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d || code === 0x0c;
}

/** `text` starts with its first character that is not white space; offsets are into it. */
function sniffText(text: string): SniffedDocument {
  if (text.charCodeAt(0) === 0x3c /* < */) return sniffMarkup(text, 0);
  return { format: sniffLines(text, 0), offset: 0 };
}

/** Past the prolog (declaration, instructions, comments, DOCTYPE) to the root element's name. */
function sniffMarkup(text: string, start: number): SniffedDocument {
  let at = start;
  for (;;) {
    while (at < text.length && isWhiteSpace(text.charCodeAt(at))) at++;
    if (at >= text.length) return { format: 'xml', offset: start }; // a prolog longer than the head
    if (text.charCodeAt(at) !== 0x3c) return { format: 'unknown', offset: 0 };
    if (text.startsWith('<?', at)) {
      const end = text.indexOf('?>', at + 2);
      if (end < 0) return { format: 'xml', offset: start };
      at = end + 2;
    } else if (text.startsWith('<!--', at)) {
      const end = text.indexOf('-->', at + 4);
      if (end < 0) return { format: 'xml', offset: start };
      at = end + 3;
    } else if (/^<!doctype/i.test(text.slice(at, at + 9))) {
      if (/^<!doctype\s+html[\s>]/i.test(text.slice(at, at + 16))) return { format: 'html', offset: at };
      const end = doctypeEnd(text, at + 9);
      if (end < 0) return { format: 'xml', offset: start };
      at = end;
    } else {
      const nameStart = at + 1;
      if (!NAME_START.test(text.charAt(nameStart))) return { format: 'unknown', offset: 0 };
      let nameEnd = nameStart;
      while (nameEnd < text.length && !NAME_END.test(text.charAt(nameEnd))) nameEnd++;
      const name = text.slice(nameStart, nameEnd);
      const localName = name.slice(name.lastIndexOf(':') + 1);
      return { format: rootFormat(localName), offset: at };
    }
  }
}

/** The end of a DOCTYPE (after its `>`), skipping an internal subset in brackets; -1 when the head ends first. */
function doctypeEnd(text: string, from: number): number {
  let depth = 0;
  for (let at = from; at < text.length; at++) {
    const code = text.charCodeAt(at);
    if (code === 0x5b /* [ */) depth++;
    else if (code === 0x5d /* ] */) depth--;
    else if (code === 0x3e /* > */ && depth <= 0) return at + 1;
  }
  return -1;
}

function rootFormat(localName: string): DocumentFormat {
  switch (localName) {
    case 'urlset': return 'urlset';
    case 'sitemapindex': return 'sitemapindex';
    case 'rss': return 'rss';
    case 'feed': return 'atom';
    default: return localName.toLowerCase() === 'html' ? 'html' : 'xml';
  }
}

/** A text sitemap or a robots.txt, by its first line that is not blank (comments skipped: only robots.txt has them). */
function sniffLines(text: string, start: number): DocumentFormat {
  let sawComment = false;
  let at = start;
  while (at < text.length) {
    let end = at;
    while (end < text.length && text.charCodeAt(end) !== 0x0a && text.charCodeAt(end) !== 0x0d) end++;
    const line = text.slice(at, end).trim();
    at = end + 1;
    if (line === '') continue;
    if (line.startsWith('#')) { sawComment = true; continue; }
    if (ROBOTS_LINE.test(line)) return 'robots';
    if (!sawComment && URL_LINE.test(line)) return 'text';
    return 'unknown';
  }
  return sawComment ? 'robots' : 'empty';
}
