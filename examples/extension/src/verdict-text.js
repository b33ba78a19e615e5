// How the extension pages word a sitemap's verdict (errors and warnings from sitemapkit's issues)
// and its entry count.

/**
 * "valid", "2 errors", "1 error, 3 warnings" …, and the CSS class for its colour.
 *
 * @example
 * const { text, tone } = verdictText({ errors: 0, warnings: 2 }); // '2 warnings', 'warn'
 */
export function verdictText({ errors, warnings }) {
  const parts = [];
  if (errors > 0) parts.push(`${errors.toLocaleString('en')} ${errors === 1 ? 'error' : 'errors'}`);
  if (warnings > 0) parts.push(`${warnings.toLocaleString('en')} ${warnings === 1 ? 'warning' : 'warnings'}`);
  return { text: parts.length > 0 ? parts.join(', ') : 'valid', tone: errors > 0 ? 'bad' : warnings > 0 ? 'warn' : 'good' };
}

/**
 * "1 URL", "3 URLs", "2 sitemaps" for a sitemap of `kind` with `count` entries.
 *
 * @example
 * entryCountText('sitemapindex', 2); // '2 sitemaps'
 */
export function entryCountText(kind, count) {
  const noun = kind === 'sitemapindex' ? 'sitemap' : 'URL';
  return `${count.toLocaleString('en')} ${noun}${count === 1 ? '' : 's'}`;
}

/**
 * An issue on one line: "line 3:14 XML_MISMATCHED_END_TAG: An end tag that …".
 *
 * @example
 * issueText({ line: 3, column: 14, code: 'XML_BAD_ENTITY', message: 'A bare "&"' });
 */
export function issueText(issue) {
  const where = issue.line > 0 ? `line ${issue.line}:${issue.column} ` : '';
  return `${where}${issue.code}: ${issue.message}`;
}

/**
 * One issue code on one line: its first issue, and how many more there are.
 * "line 3:14 SITEMAP_LOC_NOT_ALLOWED ×50,000: <loc> is on …".
 *
 * @example
 * codeCountText({ code: 'XML_BAD_ENTITY', count: 2, first: { line: 3, column: 9, code: 'XML_BAD_ENTITY', message: 'A bare "&"' } });
 */
export function codeCountText({ count, first }) {
  const where = first.line > 0 ? `line ${first.line}:${first.column} ` : '';
  const times = count > 1 ? ` ×${count.toLocaleString('en')}` : '';
  return `${where}${first.code}${times}: ${first.message}${count > 1 ? ' (the first shown)' : ''}`;
}
