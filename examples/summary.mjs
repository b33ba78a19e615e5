// Prints a summary of a sitemap or sitemap index with the built package (`npm run summary`):
// kind, entry count, hosts, lastmod range, changefreq counts, priorities and issues.
// Usage: node examples/summary.mjs [file.xml | file.xml.gz]   (default: examples/example-sitemap.xml)

import { readFile } from 'node:fs/promises';
import { relative } from 'node:path';
import { fileURLToPath } from 'node:url';
// The package's own name: Node resolves it to this repository's dist/ (package self-reference),
// exactly as a user's `import` resolves the installed package.
import { parse, SitemapError } from 'sitemapkit';

const file = process.argv[2] ?? fileURLToPath(new URL('./example-sitemap.xml', import.meta.url));
const displayName = relative(process.cwd(), file) || file;
const bytes = await readFile(file);

let result;
try {
  // recover: report what is wrong as issues and keep every entry that could be read.
  result = parse(new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength), { recover: true });
} catch (error) {
  if (!(error instanceof SitemapError)) throw error;
  // Strict errors carry a code and a 1-based position (the message already names the position).
  console.error(`${displayName}:${error.line}:${error.column}: ${error.code}: ${error.message}`);
  process.exit(1);
}

const entries = result.kind === 'urlset' ? result.urls : result.sitemaps;

/** Counts of each value, most frequent first, as "value n, value n". */
function tally(values) {
  const counts = new Map();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || String(a[0]).localeCompare(String(b[0])));
}

function hostOf(loc) {
  try {
    return new URL(loc).host;
  } catch {
    return '(not a URL)';
  }
}

/** Earliest and latest lastmod, compared as instants (time zones differ), printed as written. */
function lastmodRange(values) {
  const dated = values.map((text) => ({ text, time: Date.parse(text) })).filter(({ time }) => !Number.isNaN(time));
  if (dated.length === 0) return 'none';
  dated.sort((a, b) => a.time - b.time);
  const unreadable = values.length - dated.length;
  return `${dated[0].text} … ${dated.at(-1).text} (${dated.length} of ${entries.length} entries${unreadable ? `, ${unreadable} unreadable` : ''})`;
}

const lines = [
  ['file', `${displayName} (${bytes.byteLength.toLocaleString('en')} bytes)`],
  ['kind', result.kind],
  [result.kind === 'urlset' ? 'URLs' : 'sitemaps', entries.length.toLocaleString('en')],
  ['hosts', tally(entries.map((entry) => hostOf(entry.loc))).map(([host, count]) => `${host} (${count})`).join(', ') || 'none'],
  ['lastmod', lastmodRange(entries.map((entry) => entry.lastmod).filter((value) => value !== undefined))],
];
if (result.kind === 'urlset') {
  const changefreqs = tally(result.urls.map((url) => url.changefreq).filter((value) => value !== undefined));
  lines.push(['changefreq', changefreqs.map(([value, count]) => `${value} ${count}`).join(', ') || 'none']);
  const priorities = result.urls.map((url) => url.priority).filter((value) => typeof value === 'number');
  lines.push(['priority', priorities.length === 0 ? 'none'
    : `${Math.min(...priorities).toFixed(1)} … ${Math.max(...priorities).toFixed(1)}, average ${(priorities.reduce((sum, value) => sum + value, 0) / priorities.length).toFixed(2)}`]);
}
const severities = tally(result.issues.map((issue) => issue.severity)).map(([severity, count]) => `${severity} ${count}`);
lines.push(['issues', result.issues.length === 0 ? 'none' : `${result.issues.length} (${severities.join(', ')})`]);

const width = Math.max(...lines.map(([label]) => label.length));
for (const [label, value] of lines) console.log(`${label.padEnd(width)}  ${value}`);
const shownIssues = 10;
for (const issue of result.issues.slice(0, shownIssues)) {
  console.log(`  ${issue.severity} ${issue.code} at ${issue.line}:${issue.column}${issue.path ? ` (${issue.path})` : ''}: ${issue.message}`);
}
if (result.issues.length > shownIssues) console.log(`  … and ${result.issues.length - shownIssues} more`);
