// Text sitemaps (sitemaps.org "Text file": one absolute URL per line, UTF-8, same limits as XML)
// read through the package's XML reader: each line becomes one <url> ON THE SAME LINE, so the
// issues validate() reports keep the text file's line numbers; columns are shifted back here.

import { SITEMAP_NAMESPACE } from '/sitemapkit/index.js';

const ROOT_OPEN = `<urlset xmlns="${SITEMAP_NAMESPACE}">`;
const ENTRY_OPEN = '<url><loc>';
const ESCAPES = { '&': '&amp;', '<': '&lt;', '>': '&gt;' };

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
 * The urlset that says what a text sitemap says, line for line, and how to map positions back.
 *
 * @example
 * const wrapped = wrapTextSitemap(text);
 * const result = validate(wrapped.xml);
 * for (const issue of result.issues) wrapped.fixPosition(issue);
 */
export function wrapTextSitemap(text) {
  const lines = text.split(/\r?\n/);
  /** 1-based line of each entry, in order (blank lines make none). */
  const entryLines = [];
  const out = new Array(lines.length);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i].replace(/^\uFEFF/, '');
    const prefix = i === 0 ? ROOT_OPEN : '';
    if (line.trim() === '') {
      out[i] = prefix;
      continue;
    }
    entryLines.push(i + 1);
    out[i] = `${prefix}${ENTRY_OPEN}${line.replace(/[&<>]/g, (c) => ESCAPES[c])}</loc></url>`;
  }
  const xml = `${out.join('\n')}</urlset>\n`;
  const firstLineShift = ROOT_OPEN.length + ENTRY_OPEN.length;
  return {
    xml,
    entryLines,
    /** Moves an issue's column from the wrapped line back to the text line (the value's start). */
    fixPosition(issue) {
      if (issue.line < 1 || issue.column < 1) return issue;
      issue.column = Math.max(1, issue.column - (issue.line === 1 ? firstLineShift : ENTRY_OPEN.length));
      return issue;
    },
  };
}
