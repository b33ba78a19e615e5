// The protocol's per-file limits (at most 50,000 URLs and 52,428,800 bytes uncompressed;
// sitemaps.org, SPEC.md §1 and §4: "the same limits" for text files) as issues, for the formats
// that are read without validate(): text sitemaps and feeds. validate() checks XML files itself.

import { LIMITS } from '../model/limits';
import { createIssue } from '../model/issue';
import type { Issue } from '../model/types';

/** The issue for the URL that passes the 50,000 limit (the 50,001st, entry number `entry`), at its position. */
export function tooManyUrlsIssue(line: number, column: number, path: string, entry: number): Issue {
  const limit = LIMITS.maxUrlsPerSitemap;
  const message = `More than ${limit.toLocaleString('en-US')} URLs in one file: this is URL ${(limit + 1).toLocaleString('en-US')} (split the file and list the parts in a sitemap index)`;
  return createIssue('SITEMAP_TOO_MANY_URLS', 'error', message, line, column, path, entry);
}

/** SITEMAP_TOO_LARGE for UTF-8 `bytes` over 52,428,800 bytes, at the place where they cross it. */
export function tooLargeIssue(bytes: Uint8Array): Issue {
  const [line, column] = positionOfByte(bytes, LIMITS.maxSitemapBytes);
  return tooLargeIssueAt(bytes.length, line, column);
}

/** SITEMAP_TOO_LARGE for a file of `size` bytes whose limit is crossed at `line`:`column` (a text sitemap or a feed read in pieces). */
export function tooLargeIssueAt(size: number, line: number, column: number): Issue {
  const message = `The file is ${size.toLocaleString('en-US')} bytes uncompressed; the limit is 52,428,800 (50 MB). This is where the limit is crossed`;
  return createIssue('SITEMAP_TOO_LARGE', 'error', message, line, column, '');
}

/**
 * Line and column (1-based, the column in code points) of byte `offset` of UTF-8 `bytes`, with
 * LF, CRLF and a lone CR each one line break, as the core counts them; counted on from byte
 * `from`, which is at (`line`, `column`) (XmlReader.positionAt counts in the core's window so).
 *
 * @example
 * positionOfByte(new TextEncoder().encode('a\r\nb\u00e9c'), 6); // [2, 3]
 */
export function positionOfByte(bytes: Uint8Array, offset: number, from = 0, line = 1, column = 1): [number, number] {
  for (let i = from, end = Math.min(offset, bytes.length); i < end; i++) {
    const byte = bytes[i]!;
    if (byte === 0x0a || (byte === 0x0d && bytes[i + 1] !== 0x0a)) { line++; column = 1; }
    else if (byte !== 0x0d && (byte & 0xc0) !== 0x80) column++;
  }
  return [line, column];
}
