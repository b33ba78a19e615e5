// Text sitemaps (sitemaps.org "Text file": one absolute URL per line, UTF-8, same limits as XML)
// read with the package's own parseTextSitemap, so the viewer keeps and refuses exactly the lines
// the library does (LF, CRLF and CR line ends; blank lines skipped; a comment or other non-URL
// line an issue of its line, never an entry). The rules that compare entries with each other or
// with where the file lives (duplicates, host and folder) come from validate() run on a urlset
// of the kept URLs, each written on its text line, and are then worded for lines, not elements.

import { parseTextSitemap, SITEMAP_NAMESPACE } from '/sitemapkit/index.js';

const ROOT_OPEN = `<urlset xmlns="${SITEMAP_NAMESPACE}">`;
const ENTRY_OPEN = '<url><loc>';
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };
/** Line ends as the library reads them: LF, CRLF, or a lone CR. */
export const LINE_END = /\r\n|\r|\n/;

/**
 * What parseTextSitemap already checks line by line: validate()'s versions of these on the
 * wrapped urlset would say the same thing twice, in words about XML.
 */
const CHECKED_PER_LINE = new Set([
  'SITEMAP_BAD_LOC', 'SITEMAP_LOC_NOT_ESCAPED', 'SITEMAP_LOC_LENGTH', 'SITEMAP_TOO_MANY_URLS',
  'SITEMAP_TOO_LARGE', 'SITEMAP_EMPTY', 'SITEMAP_NAMESPACE',
]);

/**
 * Whether decoded text is a text sitemap rather than XML: its first character that is not white
 * space (or a byte-order mark) is not `<`.
 *
 * @example
 * looksLikeTextSitemap('https://example.com/\nhttps://example.com/a\n'); // true
 */
export function looksLikeTextSitemap(text) {
  const match = /^[\uFEFF\s]*(\S)/.exec(text.slice(0, 4096));
  return match !== null && match[1] !== '<';
}

/**
 * Reads a text sitemap: its entries (`{ loc }`), the 1-based line of each, the library's issues,
 * and `xml`, a urlset with each kept URL on its own line number, for validate().
 *
 * @example
 * const text = readTextSitemap('https://example.com/\n# not a URL\n');
 * text.entries; // [{ loc: 'https://example.com/' }]
 * text.issues[0].line; // 2
 */
export function readTextSitemap(text) {
  const result = parseTextSitemap(text, { recover: true });
  const entries = result.urls;
  const lines = text.split(LINE_END);
  const entryLines = new Uint32Array(entries.length);
  const out = new Array(lines.length).fill('');
  // The library keeps each URL as its trimmed line, in order: find each one's line.
  let next = 0;
  for (let i = 0; i < lines.length && next < entries.length; i++) {
    const line = (i === 0 ? lines[i].replace(/^\uFEFF/, '') : lines[i]).trim();
    if (line !== entries[next].loc) continue;
    entryLines[next++] = i + 1;
    out[i] = `${ENTRY_OPEN}${line.replace(/[&<>]/g, (c) => ESCAPES[c])}</loc></url>`;
  }
  out[0] = ROOT_OPEN + out[0];
  return { entries, entryLines, issues: result.issues, xml: `${out.join('\n')}</urlset>\n` };
}

/**
 * validate()'s issues of the wrapped urlset, turned into issues of the text file: only the rules
 * the line reader does not check, at the line and column of the URL, worded for lines.
 *
 * @example
 * const issues = textIssuesOf(validate(text.xml, { location }).issues, text.entryLines);
 */
export function textIssuesOf(issues, entryLines) {
  const kept = [];
  for (const issue of issues) {
    if (CHECKED_PER_LINE.has(issue.code)) continue;
    const line = issue.line;
    const column = issue.line < 1 || issue.column < 1 ? issue.column : Math.max(1, issue.column - (issue.line === 1 ? ROOT_OPEN.length + ENTRY_OPEN.length : ENTRY_OPEN.length));
    const message = issue.message
      .replace(/\bin <url> (\d+)/g, (_, number) => `on line ${entryLines[Number(number) - 1] ?? number}`)
      .replace(/^<loc>|^This loc\b/, 'This URL')
      .replace(/<loc>|\bthis loc\b/g, 'the URL')
      .replace(/<url>/g, 'line');
    kept.push({ ...issue, message, line, column, path: line > 0 ? `line ${line}` : '' });
  }
  return kept;
}
