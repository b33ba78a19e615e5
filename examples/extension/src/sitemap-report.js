// What the service worker knows how to do with a site: find its sitemaps (robots.txt `Sitemap:`
// lines, SPEC.md §4, else /sitemap.xml) and read one sitemap into a summary or its full entry list
// (sitemaps.org 0.9, gzip sniffed by parse()). Uses only the package's built browser entry.

import { parse, readRobotsTxtSitemaps, SitemapError, validate } from './sitemapkit/index.js';

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
  let issues;
  try {
    issues = validate(bytes, { location, crossSubmit }).issues;
  } catch (error) {
    // validate() turns bad data into issues; it throws only for misuse, shown the same way.
    issues = [issueFromError(error)];
  }
  const count = (severity) => issues.filter((issue) => issue.severity === severity).length;
  return { errors: count('error'), warnings: count('warning'), firstIssues: issues.slice(0, 5), checkedBy: 'validate' };
}

/** A thrown error as an Issue, so that one list says everything that is wrong. */
function issueFromError(error) {
  if (error instanceof SitemapError) {
    return { code: error.code, severity: 'error', message: error.message, line: error.line, column: error.column, path: error.path };
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
      let result;
      let failure;
      try {
        result = parse(bytes, { recover: true });
      } catch (error) {
        failure = issueFromError(error);
      }
      const verdict = verdictOf(bytes, { location: finalUrl, crossSubmit });
      return { url, finalUrl, size: bytes.length, gzip: bytes[0] === 0x1f && bytes[1] === 0x8b, result, failure, verdict };
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
    const { finalUrl, size, gzip, result, failure, verdict } = await readSitemap(url, declaredBy);
    if (!result) return { url, finalUrl, ok: false, size, gzip, failure, verdict };
    const entries = result.kind === 'urlset' ? result.urls : result.sitemaps;
    return {
      url, finalUrl, ok: true, size, gzip, kind: result.kind, count: entries.length, verdict,
      children: result.kind === 'sitemapindex' ? entries.slice(0, CHILDREN_SHOWN).map((entry) => entry.loc) : [],
    };
  } catch (error) {
    const failure = issueFromError(error);
    return { url, ok: false, failure, verdict: { errors: 1, warnings: 0, firstIssues: [failure], checkedBy: 'fetch' } };
  }
}

/**
 * Every entry of one sitemap, and every issue the parse reported, for the full list page.
 *
 * @example
 * const { kind, entries, issues } = await listSitemapEntries('https://example.com/sitemap.xml');
 */
export async function listSitemapEntries(url, declaredBy) {
  try {
    const { finalUrl, result, failure, verdict } = await readSitemap(url, declaredBy);
    if (!result) return { url, finalUrl, ok: false, failure, verdict, entries: [], issues: [failure] };
    const entries = result.kind === 'urlset' ? result.urls : result.sitemaps;
    return { url, finalUrl, ok: true, kind: result.kind, entries, issues: result.issues, verdict };
  } catch (error) {
    const failure = issueFromError(error);
    return { url, ok: false, failure, entries: [], issues: [failure] };
  }
}
