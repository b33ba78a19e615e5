// The one error class of sitemapkit (STYLE.md "Errors") and the core's well-formedness messages.
// The codes and their Search Console report names (SPEC.md §6) are in codes.ts, re-exported here.

import { ErrorCode, searchConsoleReport, type IssueSeverity } from './codes';
import { createIssue } from './issue';
import type { Issue } from './types';

export { ErrorCode, searchConsoleReport };

/** Where a SitemapError is, and what caused it (see the fields of `SitemapError`). */
export interface SitemapErrorInit {
  line?: number;
  column?: number;
  offset?: number;
  path?: string;
  /** The 1-based number of the entry it is about (an entry of the document, or of the serializer's input); 0 or absent for none. */
  entry?: number;
  /** For an entry's value: the part of `path` inside the entry (`lastmod`, `image:image[2]/image:loc`). */
  field?: string;
  cause?: unknown;
}

/**
 * The mark every SitemapError carries, in the runtime's global symbol registry: the package loads
 * as two copies when one program both `import`s it and `require`s it (the ES module build and the
 * CommonJS one, the "dual-package hazard"), and `instanceof` must hold across them.
 */
const SITEMAP_ERROR_BRAND = Symbol.for('sitemapkit.SitemapError');

/**
 * The only error sitemapkit throws. The message says what is wrong; where is in the fields, never
 * in the message (`toString()` puts the two together): position fields are 1-based (0 when unknown,
 * as for misuse such as a bad option); `offset` is the byte offset in the (decompressed) input, -1
 * when unknown. `instanceof SitemapError` is true for an error from any copy of sitemapkit in the
 * program (its `import` and `require` builds, its edge build), not only this one.
 *
 * @example
 * try { parse('<urlset>') } catch (e) { if (e instanceof SitemapError) console.log(e.code, e.line, e.column, e.message) }
 */
export class SitemapError extends Error {
  /** By brand, not prototype chain, so errors from another copy of the package count (see above). */
  static override [Symbol.hasInstance](value: unknown): boolean {
    if (this !== SitemapError) return Function.prototype[Symbol.hasInstance].call(this, value);
    return typeof value === 'object' && value !== null && (value as { [SITEMAP_ERROR_BRAND]?: unknown })[SITEMAP_ERROR_BRAND] === true;
  }

  /** The brand, on the prototype: not an own property, so not enumerated or compared. */
  get [SITEMAP_ERROR_BRAND](): true {
    return true;
  }

  readonly code: ErrorCode;
  readonly line: number;
  readonly column: number;
  readonly offset: number;
  readonly path: string;
  /** The 1-based number of the entry it is about (a document's entry, as in `path`, or the serializer's input entry); 0 for none. */
  readonly entry: number;
  /** For a value of one entry (the serializer's SERIALIZE_INVALID_VALUE): the part of `path` inside the entry, such as `lastmod` or `image:image[2]/image:loc`; '' otherwise. */
  readonly field: string;

  constructor(code: ErrorCode, message: string, init: SitemapErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'SitemapError';
    this.code = code;
    this.line = init.line ?? 0;
    this.column = init.column ?? 0;
    this.offset = init.offset ?? -1;
    this.path = init.path ?? '';
    this.entry = init.entry ?? 0;
    this.field = init.field ?? '';
  }

  /**
   * The error and where it is, for people: `SitemapError XML_BAD_ENTITY: A bare "&" … (at urlset/url[3]/loc, line 5, column 12)`.
   *
   * @example
   * String(new SitemapError('XML_NO_ROOT', 'No root element', { line: 1, column: 1 })); // 'SitemapError XML_NO_ROOT: No root element (line 1, column 1)'
   */
  override toString(): string {
    const where: string[] = [];
    if (this.path !== '') where.push(`at ${this.path}`);
    if (this.line > 0) where.push(`line ${this.line}, column ${this.column}`);
    return `${this.name} ${this.code}: ${this.message}${where.length > 0 ? ` (${where.join(', ')})` : ''}`;
  }

  /**
   * The error as an `Issue` (what validate and `recover` report instead of throwing): the same
   * code, message, position and entry. A position the error does not know (0) becomes 1:1, the
   * start of the document, unless `keepUnknownPosition`.
   *
   * @example
   * try { parse(bytes) } catch (e) { if (e instanceof SitemapError) issues.push(e.toIssue()) }
   */
  toIssue(severity: IssueSeverity = 'error', keepUnknownPosition = false): Issue {
    const line = keepUnknownPosition ? this.line : this.line || 1;
    const column = keepUnknownPosition ? this.column : this.column || 1;
    return createIssue(this.code, severity, this.message, line, column, this.path, this.entry);
  }
}

/** `urlset/url[3]/lastmod` → the entry (3) and what is below it (`lastmod`): the serializer's own path form. */
const ENTRY_VALUE_PATH = /^[^/]+\/[^/[]+\[(\d+)\](?:\/(.*))?$/;

/**
 * The serializer's SERIALIZE_INVALID_VALUE for the value at `path` (a path it built itself, in the
 * form parse reports, `urlset/url[3]/lastmod`): `entry` and `field` are read from that path here,
 * once, so that no caller has to take the path or the message apart. The message names what is
 * wrong within the entry (`lastmod: "yesterday" is not…`); the entry is in the fields, as a
 * document position is (a path outside entries, `stylesheet`, stays in the message).
 *
 * @example
 * throw invalidValueError('is required', 'urlset/url[3]/loc'); // message 'loc: is required', entry 3, field 'loc'
 */
export function invalidValueError(reason: string, path: string, cause?: unknown): SitemapError {
  const match = ENTRY_VALUE_PATH.exec(path);
  const field = match?.[2] ?? '';
  const message = match === null ? `${path}: ${reason}` : field === '' ? reason : `${field}: ${reason}`;
  return new SitemapError('SERIALIZE_INVALID_VALUE', message, { path, entry: match === null ? 0 : Number(match[1]), field, cause });
}

/**
 * The core's numeric well-formedness codes (assembly/errors.ts `XmlError`), by number, with the
 * sentence users read. Index 0 is "no error".
 */
export const XML_ERRORS: readonly (readonly [ErrorCode, string] | null)[] = [
  null,
  ['XML_UNEXPECTED_EOF', 'The document ends in the middle of a construct (truncated file?)'],
  ['XML_INVALID_CHAR', 'A character that XML does not allow (a control character or U+FFFE/U+FFFF)'],
  ['XML_INVALID_UTF8', 'Bytes that are not valid UTF-8 (sitemaps must be UTF-8)'],
  ['XML_INVALID_NAME', 'An element or attribute name that is not a valid XML name'],
  ['XML_TAG_SYNTAX', 'Malformed markup: "<" that does not start a tag, or a broken tag (escape a literal "<" as &lt;)'],
  ['XML_ATTRIBUTE_SYNTAX', 'Malformed attribute: expected name="value" separated by white space'],
  ['XML_DUPLICATE_ATTRIBUTE', 'The same attribute (or namespace declaration) appears twice on one element'],
  ['XML_LT_IN_ATTRIBUTE', 'A raw "<" inside an attribute value (escape it as &lt;)'],
  ['XML_MISMATCHED_END_TAG', 'An end tag that does not match the open element'],
  ['XML_UNEXPECTED_END_TAG', 'An end tag after the root element was closed'],
  ['XML_UNCLOSED_ELEMENT', 'The document ends while elements are still open (truncated file?)'],
  ['XML_BAD_ENTITY', 'A bare "&" or an unknown entity (escape "&" as &amp;; only &amp; &lt; &gt; &apos; &quot; exist)'],
  ['XML_BAD_CHAR_REF', 'A character reference (&#…;) that is malformed or names a character XML does not allow'],
  ['XML_CDATA_END_IN_TEXT', '"]]>" in text (escape ">" as &gt;)'],
  ['XML_BAD_COMMENT', '"--" inside a comment'],
  ['XML_BAD_PI', 'A malformed processing instruction (<?…?>)'],
  ['XML_DECL_NOT_AT_START', 'The XML declaration (<?xml …?>) is not at the very start of the file (remove what precedes it, such as white space)'],
  ['XML_BAD_DECL', 'A malformed XML declaration: XML 1.0 wants <?xml version="1.x" encoding="a name such as UTF-8" standalone="yes or no"?>, in that order, encoding and standalone optional, each value quoted'],
  ['XML_DOCTYPE_FORBIDDEN', 'A DOCTYPE declaration: refused, sitemaps have none (no DTD is read, no entity expanded)'],
  ['XML_TEXT_OUTSIDE_ROOT', 'Text outside the root element (is this an XML file?)'],
  ['XML_MULTIPLE_ROOTS', 'A second root element after the first one was closed'],
  ['XML_NO_ROOT', 'No root element: the document is empty or is not XML'],
  ['XML_UNBOUND_PREFIX', 'A namespace prefix that was never declared (add xmlns:prefix="…" on the root)'],
  ['XML_BAD_NAMESPACE_DECL', 'A namespace declaration that Namespaces in XML forbids'],
  ['XML_TOO_DEEP', 'Elements nested deeper than 512 levels'],
  ['XML_TOO_MANY_NAMES', 'More distinct names, namespaces or attributes than the reader keeps (65,536 names, 1,024 attributes)'],
];
