// What the service worker knows how to do with a site: find its sitemaps (robots.txt `Sitemap:`
// lines, SPEC.md §4, else /sitemap.xml) and read one sitemap into a summary or its full entry list
// (sitemaps.org 0.9, text sitemaps and RSS/Atom feeds as the protocol allows; what a file is comes
// from the package's sniffFormat, gzip included). Uses only the package's built browser entry.

import { crawlSitemaps, gunzip, LIMITS, parse, parseFeed, parseTextSitemap, readRobotsTxtSitemaps, sniffFormat, SitemapError, validate } from './sitemapkit/index.js';

/** How many children of an index the popup may expand; the full list page shows all of them. */
export const CHILDREN_SHOWN = 50;

/**
 * The verdict on one sitemap's bytes, from sitemapkit's `validate()` (Google's profile): errors
 * and warnings counted by severity, and the first few issues to show. With `location` (where
 * the file was fetched from) the same-host and same-directory rules apply too; `crossSubmit`
 * names the hosts whose robots.txt declared it, which lifts the same-host rule for them.
 *
 * @example
 * const { errors, warnings } = verdictOf(bytes, { location: 'https://example.com/sitemap.xml' });
 */
export function verdictOf(bytes, { location, crossSubmit } = {}) {
  return verdictFromIssues(validationIssues(bytes, { location, crossSubmit }), 'validate');
}

/** validate()'s issues; it throws only for misuse, shown the same way. */
function validationIssues(bytes, options) {
  try {
    return validate(bytes, options).issues;
  } catch (error) {
    return [issueFromError(error)];
  }
}

/**
 * Errors and warnings counted, and the issues counted by code (errors first, then the most
 * frequent), each code with its first issue: the popup shows one line per code, not per issue.
 *
 * @example
 * verdictFromIssues(issues, 'parseFeed').codes[0]; // { code: 'SITEMAP_BAD_LASTMOD', severity: 'warning', count: 3, first: {…} }
 */
export function verdictFromIssues(issues, checkedBy) {
  const byCode = new Map();
  let errors = 0;
  for (const issue of issues) {
    if (issue.severity === 'error') errors++;
    const entry = byCode.get(issue.code);
    if (entry) {
      entry.count++;
      if (issue.severity === 'error') entry.severity = 'error';
    } else {
      byCode.set(issue.code, { code: issue.code, severity: issue.severity, count: 1, first: issue });
    }
  }
  const codes = [...byCode.values()].sort((a, b) => (a.severity === b.severity ? b.count - a.count : a.severity === 'error' ? -1 : 1));
  return { errors, warnings: issues.length - errors, firstIssues: issues.slice(0, 5), codes, checkedBy };
}

/** A thrown error as an Issue, so that one list says everything that is wrong. */
function issueFromError(error) {
  if (error instanceof SitemapError) {
    return error.toIssue('error', true); // its own position (0 when unknown), never inside the message
  }
  return { code: 'FETCH_FAILED', severity: 'error', message: String(error?.message ?? error), line: 0, column: 0, path: '' };
}

/** Fetches bytes; an HTTP error status is a failure (servers send HTML pages for missing sitemaps). */
async function fetchBytes(url) {
  // A <loc> can say anything: fetch only web URLs (the host permissions cover nothing else anyway).
  const { protocol } = new URL(url);
  if (protocol !== 'http:' && protocol !== 'https:') throw new Error(`Not fetched: ${url} is not an http(s) URL`);
  const response = await fetch(url, { credentials: 'omit', cache: 'no-cache' });
  if (!response.ok) throw new Error(`HTTP ${response.status} for ${url}`);
  return { bytes: new Uint8Array(await response.arrayBuffer()), finalUrl: response.url || url };
}

/**
 * The sitemaps a site declares: its robots.txt `Sitemap:` lines (and what was wrong with them),
 * or `/sitemap.xml` when robots.txt is missing or declares none.
 *
 * @example
 * const { sitemaps, source } = await discoverSitemaps('https://example.com/some/page');
 */
export async function discoverSitemaps(pageUrl) {
  const origin = new URL(pageUrl).origin;
  const robotsTxtUrl = `${origin}/robots.txt`;
  let robots;
  try {
    const { bytes, finalUrl } = await fetchBytes(robotsTxtUrl);
    const { sitemaps, issues } = readRobotsTxtSitemaps(new TextDecoder().decode(bytes), finalUrl);
    robots = { status: 'found', sitemaps, issues };
  } catch (error) {
    robots = { status: 'missing', sitemaps: [], issues: [], reason: String(error?.message ?? error) };
  }
  const fromRobots = robots.sitemaps.length > 0;
  return {
    origin,
    robotsTxtUrl,
    robots,
    source: fromRobots ? 'robots.txt' : 'fallback',
    sitemaps: fromRobots ? robots.sitemaps : [`${origin}/sitemap.xml`],
  };
}

/**
 * Reads fetched bytes by what they are: an XML sitemap or index (parse, then validate's
 * verdict), a text sitemap (parseTextSitemap) or an RSS/Atom feed (parseFeed), each with the
 * reader's own issues as the verdict. `format` says which; `result` is missing when unreadable.
 */
function readDocument(bytes, { location, crossSubmit }) {
  let plain = bytes;
  let format;
  try {
    format = sniffFormat(bytes);
    if (format === 'gzip') {
      plain = gunzip(bytes, { maxBytes: LIMITS.defaultMaxInputBytes });
      format = sniffFormat(plain);
    }
    if (format === 'rss' || format === 'atom') {
      const result = parseFeed(plain, { recover: true });
      return { format, result, issues: result.issues, verdict: verdictFromIssues(result.issues, 'parseFeed') };
    }
    if (format === 'text') {
      const result = parseTextSitemap(plain, { recover: true });
      return { format, result, issues: result.issues, verdict: verdictFromIssues(result.issues, 'parseTextSitemap') };
    }
  } catch (error) {
    const failure = issueFromError(error);
    return { format, failure, issues: [failure], verdict: verdictFromIssues([failure], 'validate') };
  }
  let result;
  let failure;
  try {
    result = parse(bytes, { recover: true });
  } catch (error) {
    failure = issueFromError(error);
  }
  const issues = validationIssues(bytes, { location, crossSubmit });
  return { format, result, failure, issues, verdict: verdictFromIssues(issues, 'validate') };
}

// Recently read sitemaps, so that "open the list" after the summary does not fetch again.
const recent = new Map();
const RECENT_LIMIT = 20;

/**
 * Fetches, parses and validates one sitemap once; later calls within the cache share the result.
 * `declaredBy` is the robots.txt URL that named it, if any (cross-host submission).
 */
function readSitemap(url, declaredBy) {
  const key = `${url} ${declaredBy ?? ''}`;
  let pending = recent.get(key);
  if (!pending) {
    pending = (async () => {
      const { bytes, finalUrl } = await fetchBytes(url);
      const crossSubmit = declaredBy ? [new URL(declaredBy).host] : undefined;
      return { url, finalUrl, size: bytes.length, gzip: bytes[0] === 0x1f && bytes[1] === 0x8b, ...readDocument(bytes, { location: finalUrl, crossSubmit }) };
    })();
    recent.set(key, pending);
    if (recent.size > RECENT_LIMIT) recent.delete(recent.keys().next().value);
    pending.catch(() => recent.delete(key));
  }
  return pending;
}

/**
 * What the popup shows for one sitemap: kind, entry count, verdict, and an index's first children.
 *
 * @example
 * const summary = await summarizeSitemap('https://cdn.example.net/sitemap_index.xml', 'https://example.com/robots.txt');
 */
export async function summarizeSitemap(url, declaredBy) {
  try {
    const { finalUrl, size, gzip, format, result, failure, verdict } = await readSitemap(url, declaredBy);
    if (!result) return { url, finalUrl, ok: false, size, gzip, format, failure, verdict };
    const entries = result.kind === 'urlset' ? result.urls : result.sitemaps;
    return {
      url, finalUrl, ok: true, size, gzip, format, kind: result.kind, count: entries.length, verdict,
      children: result.kind === 'sitemapindex' ? entries.slice(0, CHILDREN_SHOWN).map((entry) => entry.loc) : [],
    };
  } catch (error) {
    const failure = issueFromError(error);
    return { url, ok: false, failure, verdict: verdictFromIssues([failure], 'fetch') };
  }
}

/**
 * Every entry of one sitemap, and every issue of its verdict (the ones the popup counts), for the
 * full list page.
 *
 * @example
 * const { kind, entries, issues } = await listSitemapEntries('https://example.com/sitemap.xml');
 */
export async function listSitemapEntries(url, declaredBy) {
  try {
    const { finalUrl, format, result, failure, verdict, issues } = await readSitemap(url, declaredBy);
    if (!result) return { url, finalUrl, ok: false, failure, verdict, entries: [], issues: issues ?? [failure] };
    const entries = result.kind === 'urlset' ? result.urls : result.sitemaps;
    return { url, finalUrl, ok: true, format, kind: result.kind, entries, issues, verdict };
  } catch (error) {
    const failure = issueFromError(error);
    return { url, ok: false, failure, entries: [], issues: [failure] };
  }
}

/** Sitemaps a walk reads at most: a popup is no crawler farm. */
const WALK_MAX_SITEMAPS = 200;

/**
 * The whole site of `pageUrl` walked with crawlSitemaps (robots.txt, the well-known places, every
 * index), its report without each file's issue list (the counts by code stay: `issueCounts`).
 *
 * @example
 * const { sitemaps, totals } = await walkSite('https://example.com/some/page');
 */
export async function walkSite(pageUrl) {
  const report = await crawlSitemaps(`${new URL(pageUrl).origin}/`, { maxSitemaps: WALK_MAX_SITEMAPS }).report();
  return { ...report, sitemaps: report.sitemaps.map(({ issues, ...sitemap }) => sitemap) };
}
