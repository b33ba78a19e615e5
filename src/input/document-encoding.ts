// Which encoding a document's bytes are in, the same way for parse(), validate() and the streams
// (XML 1.0 §4.3.3 and Appendix F): a byte-order mark decides, and an XML declaration that names
// another encoding is an error; without a mark, a declaration of UTF-16 in bytes whose first
// characters read as ASCII is one too (UTF-16 documents begin with a mark, §4.3.3).

import { SitemapError } from '../model/errors';
import { createIssue } from '../model/issue';
import type { Issue } from '../model/types';

/**
 * What a byte-order mark says; undefined without one.
 *
 * @example
 * const marked: MarkedEncoding = bytes[0] === 0xef ? 'UTF-8' : undefined;
 */
export type MarkedEncoding = 'UTF-8' | 'UTF-16LE' | 'UTF-16BE' | undefined;

/** The WHATWG name of an encoding label (`latin1` → `windows-1252`), or undefined when this runtime does not know it. */
function encodingNamed(label: string): string | undefined {
  try {
    return new TextDecoder(label).encoding;
  } catch {
    return undefined;
  }
}

/**
 * Why the declared `label` contradicts what the bytes are (`marked`, their byte-order mark),
 * or undefined when it does not (or nothing is declared). A label this runtime does not know
 * contradicts a mark: the mark decides, whatever the declaration says.
 *
 * @example
 * encodingContradiction('UTF-8', 'ISO-8859-1'); // 'The document starts with a UTF-8 byte-order mark but declares encoding "ISO-8859-1"…'
 */
export function encodingContradiction(marked: MarkedEncoding, label: string | undefined): string | undefined {
  if (label === undefined) return undefined;
  const named = encodingNamed(label);
  const utf16 = named === 'utf-16le' || named === 'utf-16be';
  if (marked === undefined) {
    if (!utf16) return undefined;
    return `The document declares encoding "${label}" but has no byte-order mark and its bytes read as ASCII; a UTF-16 document begins with one (XML 1.0 §4.3.3), so it is read as UTF-8`;
  }
  if (marked === 'UTF-8' ? named === 'utf-8' : utf16) return undefined;
  return `The document starts with a ${marked} byte-order mark but declares encoding "${label}"; the mark decides (XML 1.0 Appendix F), so it is read as ${marked}`;
}

/**
 * The issue (recover mode, validate) for an encodingContradiction `message` about `label`, at
 * `at`, the declaration's `encoding` (line, column).
 *
 * @example
 * issues.push(encodingContradictionIssue(message, 'ISO-8859-1', [1, 21]));
 */
export function encodingContradictionIssue(message: string, label: string, [line, column]: readonly [number, number]): Issue {
  return createIssue('INPUT_ENCODING', 'error', message, line, column, '', 0, label);
}

/**
 * The error strict mode throws for an encodingContradiction `message`, at `at` (line, column)
 * and byte `offset` of the declaration's `encoding`.
 *
 * @example
 * throw encodingContradictionError(message, [1, 21], 20);
 */
export function encodingContradictionError(message: string, [line, column]: readonly [number, number], offset: number): SitemapError {
  return new SitemapError('INPUT_ENCODING', message, { line, column, offset });
}
