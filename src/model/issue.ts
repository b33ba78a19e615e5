// The one factory of `Issue` objects (the plain-data problems of STYLE.md "Errors"): every module
// that reports a problem builds it here, so every issue has the same fields in the same order.

import type { ErrorCode, IssueCode, IssueSeverity } from './codes';
import type { Issue } from './types';

/**
 * The rarer fields of an issue (see `Issue`), given only where they help.
 *
 * @example
 * const details: IssueDetails = { expected: 'http://www.sitemaps.org/schemas/sitemap/0.9', received: '' };
 */
export interface IssueDetails {
  /** The issue's entry is not in the result because of it (`Issue.leftOut`). */
  leftOut?: boolean;
  /** What the rule wants (`Issue.expected`). */
  expected?: string;
  /** What the document has instead (`Issue.received`). */
  received?: string;
}

/**
 * Builds an issue. Parse and validate call it once per problem, on their hot paths: the common
 * fields are always set in one order (one object shape for the engine), the optional ones only
 * when they have a value, so an issue compares and serializes as it did before they existed.
 *
 * @param entry The 1-based number of the entry the problem belongs to; 0 for none (left out of the issue).
 * @example
 * const issue = createIssue('SITEMAP_BAD_LASTMOD', 'error', 'not a W3C Datetime', 4, 14, 'urlset/url[2]/lastmod', 2, 'yesterday');
 * // → { code: 'SITEMAP_BAD_LASTMOD', severity: 'error', message: 'not a W3C Datetime', line: 4, column: 14, path: 'urlset/url[2]/lastmod', entry: 2, value: 'yesterday' }
 */
export function createIssue<Code extends IssueCode = ErrorCode>(
  code: Code, severity: IssueSeverity, message: string, line: number, column: number, path: string,
  entry = 0, value?: string, details?: IssueDetails,
): Issue<Code> {
  // Two literals rather than adding `entry` after: most issues have one, and a property in the
  // literal is stored in the object itself, not in a second store allocated when it is added.
  const issue: Issue<Code> = entry > 0 ? { code, severity, message, line, column, path, entry } : { code, severity, message, line, column, path };
  if (value !== undefined) issue.value = value;
  if (details !== undefined) {
    if (details.leftOut === true) issue.leftOut = true;
    if (details.expected !== undefined) issue.expected = details.expected;
    if (details.received !== undefined) issue.received = details.received;
  }
  return issue;
}

/**
 * What a SITEMAP_DUPLICATE_FIELD is a second one of, as the reader that reports it knows (it
 * keeps the first): validate weighs the kinds differently per profile (validate.ts
 * parserIssueSeverity), from this and not from the issue's path.
 *
 * @example
 * observer.duplicate?.(issue, DuplicateKind.Loc); // a second <loc> in one <url>
 */
export const enum DuplicateKind {
  /** The entry's `<loc>`: the protocol wants exactly one. */
  Loc = 1,
  /** Another sitemap field (`<lastmod>`…) or a child of an extension item (`<image:loc>`): each once in the schemas. */
  Field = 2,
  /** An extension element that is a whole item (a second `<news:news>`): the parser keeps one, the schema takes any number. */
  Item = 3,
}
