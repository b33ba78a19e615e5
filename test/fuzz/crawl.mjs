// The crawl family of the fuzzer (issue #17's "never a crash, a hang, a silent drop"): input i of
// seed S is a small random site, up to eight files on two hosts and a robots.txt, served by
// options.fetch (no network) with hostile answers: bodies from the fuzzer's grammars and corpus
// mutations, indexes and urlsets that list the site's own files (cycles, repeats, other hosts,
// URLs that are no http(s)), redirects to anywhere (loops, garbage, other hosts), 4xx, 429 with
// any Retry-After, 5xx then 200, fetch rejecting, bodies cut off mid-stream, gzip files, gzip of
// gzip, damaged gzip, Content-Encoding and Content-Type charsets that may lie, answers a few
// milliseconds late and bodies in random chunks. Oracles (checkCrawl): the walk ends and never
// throws; every issue is well formed; the report agrees with the entries given and with itself;
// onProgress only counts up, never more done than found; only http(s) URLs are fetched, none more
// often than its redirects and retries explain; six at a time, again with other timing and read
// by batches(), in the browser build, and one file at a time give the same report and entries; a
// walk cancelled after some entries gave the first of them and says it was cancelled. Then the
// same site over a real connection (crawl-transport.mjs): the Node entry's own transport and a
// standard fetch give the same report and entries (transport-agrees).

import { brotliCompressSync, brotliDecompressSync, constants, deflateRawSync, deflateSync, gunzipSync, gzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import fc from 'fast-check';
import { GENERATORS } from './generate.mjs';
import { mutate } from './mutate.mjs';
import { seededRandom, randomHelpers } from './random.mjs';
import { siteServer, walkNodeTransport, walkUndiciFetch } from './crawl-transport.mjs';

const HOST = 'https://fuzz.example';
const OTHER_HOST = 'http://other.example';
const encoder = new TextEncoder();
const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
/** Places the walk guesses when robots.txt names nothing (src/site/crawl-rules.ts has the whole list). */
const GUESSED_PATHS = ['/sitemap.xml', '/sitemap_index.xml', '/sitemap.txt', '/wp-sitemap.xml', '/sitemap-index.xml', '/sitemap.xml.gz'];
/** URLs no walk may fetch, and ones it must read as the same file as another. */
const ODD_REFERENCES = ['javascript:alert(1)', 'file:///etc/passwd', 'data:text/xml,<urlset/>', 'ftp://fuzz.example/f0.xml', 'f1.xml', '/f2.xml',
  'https://fuzz.example/f0.xml#part', 'HTTPS://FUZZ.EXAMPLE/f0.xml', 'https://fuzz.example:443/f1.xml', 'https://fuzz.example/./f2.xml', 'https://fuzz.example/a/../f3.xml',
  'https://user:secret@fuzz.example/f0.xml', 'http://127.0.0.1/sitemap.xml', `https://fuzz.example/${'x'.repeat(2100)}.xml`, 'https://fuzz.example/f 1.xml', 'https:// bad', '', '  '];
const escapeXml = (text) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;');

/**
 * The site of a crawl input, made by `pick` (randomHelpers of the input's seed): `{ start, options,
 * answers }`, `answers` mapping a URL to the answers of its first, second… request (the last one
 * repeats). An answer is `{ status, headers, body }` (body bytes or null), `{ reject: true }` (fetch
 * rejects) or has `cut`: its body stream fails after that many bytes.
 *
 * @example
 * const site = crawlSiteAt(randomHelpers(seededRandom(7)), 7, seeds);
 */
export function crawlSiteAt(pick, inputSeed, seeds) {
  const fileCount = 1 + pick.skewed(7);
  const guess = pick.chance(0.3);
  const files = Array.from({ length: fileCount }, (_, i) => {
    const host = pick.chance(0.12) ? OTHER_HOST : HOST;
    const path = guess && pick.chance(0.3) ? pick.oneOf(GUESSED_PATHS) : `/f${i}${pick.oneOf(['.xml', '.xml', '.xml.gz', '.txt', '', '/', '.rss'])}`;
    return `${host}${path}`;
  });
  const pages = [...Array.from({ length: 10 }, (_, i) => `${HOST}/p${i}`), `${HOST}/private/p1`, `${HOST}/private/p2`, `${OTHER_HOST}/p1`, `${HOST}/p1?a=1&b=2`];
  const reference = () => (pick.chance(0.85) ? pick.oneOf(files) : pick.oneOf(ODD_REFERENCES));
  const references = (max) => Array.from({ length: pick.integer(0, max) }, reference);
  const lastmod = () => (pick.chance(0.5) ? '' : `<lastmod>${pick.oneOf(['2024-05-01', '2025-01-01T10:00:00Z', '2023-12-31T23:59:59+02:00', '2024-13-01', 'soon', '2026-11-28'])}</lastmod>`);

  const answers = {};
  const robots = [
    ...(pick.chance(0.8) ? ['User-agent: *', pick.oneOf(['Disallow: /private', 'Disallow: /', 'Allow: /', 'Disallow:'])] : []),
    ...references(3).map((url) => `${pick.oneOf(['Sitemap', 'sitemap', 'SITEMAP'])}: ${pick.chance(0.1) && url.startsWith(HOST) ? url.slice(HOST.length) : url}`),
  ].join(pick.oneOf(['\n', '\r\n']));
  const robotsBody = pick.chance(0.15)
    ? encoder.encode(fc.sample(GENERATORS.robots, { seed: inputSeed ^ 0x51ed, numRuns: 1 })[0] + robots)
    : encoder.encode(robots);
  answers[`${HOST}/robots.txt`] = [pick.chance(0.85) ? { status: 200, headers: { 'content-type': 'text/plain' }, body: robotsBody } : answerOther(pick, files)];

  files.forEach((url, i) => {
    if (answers[url]) return; // two files drew the same guessed place: the first one's answer stands
    const sequence = [];
    // Now and then a failure first (5xx, 429, a rejected fetch), then the real answer, for the retries.
    if (pick.chance(0.15)) sequence.push(pick.chance(0.5) ? { status: pick.oneOf([500, 502, 503, 429]), headers: retryAfter(pick), body: encoder.encode('busy') } : { reject: true });
    sequence.push(pick.chance(0.75) ? { status: 200, ...bodyOf(pick, inputSeed + i, seeds, { reference, references, pages, lastmod }) } : answerOther(pick, files));
    answers[url] = sequence;
  });

  // A file that fails first and then answers is asked for in one order only where one task asks
  // for it: a redirect's target may be asked for by the redirect and by its own task, in either
  // order, as a real server's state would be too. Those answer the same every time.
  for (const sequence of Object.values(answers)) {
    for (const answer of sequence) {
      const location = answer.headers?.location;
      if (location === undefined) continue;
      let target;
      try { target = new URL(location, HOST).href; } catch { continue; }
      for (const [url, other] of Object.entries(answers)) if (url === target && other.length > 1) answers[url] = [other.at(-1)];
    }
  }
  const site = HOST + pick.oneOf(['/', '', '/robots.txt']);
  const startPool = [site, site, site, 'fuzz.example', pick.oneOf(files), pick.oneOf(ODD_REFERENCES)];
  const start = pick.chance(0.8) ? pick.oneOf(startPool) : [pick.oneOf(startPool), pick.oneOf(startPool)];
  const options = {
    retries: pick.integer(0, 2),
    maxDepth: pick.oneOf([0, 1, 2, 5, 5]),
    maxSitemaps: pick.oneOf([2, 5, 20, 20]),
    maxEntries: pick.oneOf([3, 100_000, 100_000]),
    maxBytes: pick.oneOf([600, 100 * 1024 * 1024, 100 * 1024 * 1024]),
    maxIssuesPerSitemap: pick.oneOf([1, 100]),
    validate: pick.chance(0.7),
    guess,
    robotsTxt: pick.chance(0.9),
  };
  return { start, options, answers };
}

function retryAfter(pick) {
  return pick.chance(0.6) ? { 'retry-after': pick.oneOf(['0', '1', '120', 'soon', '-5', '99999999999', 'Wed, 21 Oct 2015 07:28:00 GMT', 'Fri, 31 Dec 2100 23:59:59 GMT', '']) } : {};
}

/** An answer that is not a file: a redirect (anywhere), an HTTP error, a rejected fetch, an HTML page. */
function answerOther(pick, files) {
  switch (pick.integer(0, 5)) {
    case 0: case 1: {
      const to = pick.chance(0.8) ? pick.oneOf(files) : pick.oneOf([...ODD_REFERENCES, `${HOST}/nowhere.xml`]);
      const location = pick.chance(0.2) && to.startsWith(HOST) ? to.slice(HOST.length) : to;
      return { status: pick.oneOf([301, 302, 303, 307, 308]), headers: pick.chance(0.9) ? { location } : {}, body: null };
    }
    case 2: return { status: pick.oneOf([404, 410, 403, 401]), headers: { 'content-type': 'text/html' }, body: encoder.encode('<!DOCTYPE html><title>Not found</title>') };
    case 3: return { status: pick.oneOf([500, 503, 429, 502]), headers: retryAfter(pick), body: encoder.encode('busy') };
    case 4: return { reject: true };
    default: return { status: 200, headers: { 'content-type': 'text/html; charset=utf-8' }, body: encoder.encode('<!DOCTYPE html><html><head><title>Welcome</title></head><body>Soft 404</body></html>') };
  }
}

/** A file's body and headers: a sitemap of the site's own files and pages (perhaps damaged), or any fuzz document; perhaps gzip, cut off, or with lying headers. */
function bodyOf(pick, seed, seeds, { reference, references, pages, lastmod }) {
  let bytes;
  const kind = pick.integer(0, 9);
  if (kind <= 1) bytes = encoder.encode(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}">${references(5).map((url) => `<sitemap><loc>${escapeXml(url)}</loc>${lastmod()}</sitemap>`).join('\n')}</sitemapindex>`);
  else if (kind <= 4) bytes = encoder.encode(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}">${Array.from({ length: pick.integer(0, 6) }, () => `<url><loc>${escapeXml(pick.oneOf(pages))}</loc>${lastmod()}</url>`).join('\n')}</urlset>`);
  else if (kind === 5 && pick.chance(0.25)) {
    // A text sitemap past the 32 KiB head, which the walk reads as it arrives, a run of whole lines
    // at a time (TextSitemapLines): lines that are no URL, any line ends, perhaps a byte that is no UTF-8.
    const lines = Array.from({ length: pick.integer(400, 1200) }, (_, i) => (pick.chance(0.03) ? pick.oneOf(['not a URL', '# comment', '', 'https://fuzz.example/caf\u00e9']) : `${pick.oneOf(pages)}?n=${i}&${'p'.repeat(pick.integer(0, 80))}`));
    bytes = encoder.encode(lines.map((line) => line + pick.oneOf(['\n', '\n', '\r\n', '\r'])).join(''));
    if (pick.chance(0.2)) bytes[pick.integer(0, bytes.length - 1)] = 0xff;
  } else if (kind === 5) bytes = encoder.encode(Array.from({ length: pick.integer(0, 5) }, () => (pick.chance(0.7) ? pick.oneOf(pages) : reference())).join(pick.oneOf(['\n', '\r\n'])));
  else if (kind === 6 && pick.chance(0.25)) {
    // A feed past the 32 KiB head, which the walk reads as it arrives (FeedReader a piece at a
    // time): items without a link, dates that are none, perhaps damage.
    const items = Array.from({ length: pick.integer(150, 500) }, (_, i) => `<item><title>${'t'.repeat(pick.integer(0, 60))}</title>${pick.chance(0.05) ? '' : `<link>${escapeXml(pick.oneOf(pages))}?n=${i}</link>`}<pubDate>${pick.chance(0.05) ? 'soon' : 'Tue, 10 Jun 2003 04:00:00 GMT'}</pubDate></item>`);
    bytes = encoder.encode(`${pick.chance(0.2) ? '\ufeff' : ''}<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>T</title>\n${items.join(pick.oneOf(['\n', '\r\n']))}</channel></rss>`);
    if (pick.chance(0.2)) bytes = mutate(pick, bytes, seeds.feed).bytes;
  } else if (kind === 6) bytes = encoder.encode(`<rss version="2.0"><channel><title>T</title>${Array.from({ length: pick.integer(0, 4) }, () => `<item><link>${escapeXml(pick.oneOf(pages))}</link><pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate></item>`).join('')}</channel></rss>`);
  else {
    const family = pick.oneOf(['xml', 'xml', 'feed', 'text']);
    bytes = pick.chance(0.5) ? encoder.encode(fc.sample(GENERATORS[family], { seed, numRuns: 1 })[0]) : mutate(pick, pick.oneOf(seeds[family]).bytes, seeds[family]).bytes;
  }
  if (kind <= 4 && pick.chance(0.25)) bytes = mutate(pick, bytes, seeds.xml).bytes;
  const headers = {};
  if (pick.chance(0.25)) bytes = new Uint8Array(gzipSync(bytes, { level: 1 }));
  if (pick.chance(0.05)) bytes = new Uint8Array(gzipSync(bytes, { level: 1 })); // gzip of (maybe) gzip
  if (pick.chance(0.05) && bytes.length > 12) bytes = bytes.slice(0, pick.integer(10, bytes.length - 1)); // cut short, as a lost connection leaves it
  if (pick.chance(0.1)) {
    // Coded as its Content-Encoding says, as a server sends it (a real connection's client undoes
    // it: crawl-transport.mjs; options.fetch hands the coded bytes on, as a Response made of them
    // does): deflate both ways servers send it, zlib's wrapping and raw.
    const coding = pick.oneOf(['gzip', 'x-gzip', 'deflate', 'deflate (raw)', 'br', 'gzip, br', 'deflate, gzip']);
    const encode = { gzip: gzipSync, 'x-gzip': gzipSync, deflate: deflateSync, 'deflate (raw)': deflateRawSync, br: brotliCompressSync };
    for (const one of coding.split(', ')) bytes = new Uint8Array(encode[one](bytes));
    headers['content-encoding'] = coding.replace(' (raw)', '');
  } else if (pick.chance(0.15)) headers['content-encoding'] = pick.oneOf(['gzip', 'gzip', 'br', 'x-gzip', 'identity', 'gzip, gzip', 'deflate']);
  if (pick.chance(0.6)) headers['content-type'] = pick.oneOf(['application/xml', 'text/xml; charset=utf-8', 'text/plain; charset=iso-8859-1', 'application/gzip', 'text/html', 'text/xml; charset=shift_jis', 'text/xml; charset=nonsense', 'application/rss+xml']);
  return { headers, body: bytes, ...(pick.chance(0.05) ? { cut: pick.integer(0, bytes.length) } : {}) };
}

/** The answers of a site as JSON (bodies in base64), for a regression file. */
export function siteToJson(site) {
  const answers = Object.fromEntries(Object.entries(site.answers).map(([url, sequence]) => [url, sequence.map((answer) => (answer.body ? { ...answer, body: Buffer.from(answer.body).toString('base64') } : answer))]));
  return { ...site, answers };
}

/** siteToJson's inverse. */
export function siteFromJson(json) {
  const answers = Object.fromEntries(Object.entries(json.answers).map(([url, sequence]) => [url, sequence.map((answer) => (typeof answer.body === 'string' ? { ...answer, body: new Uint8Array(Buffer.from(answer.body, 'base64')) } : answer))]));
  return { ...json, answers };
}

/** Bytes of all the site's bodies (for the time budget and reports). */
export const siteBytes = (site) => Object.values(site.answers).flat().reduce((sum, answer) => sum + (answer.body?.length ?? 0), 0);

/**
 * A fetch that serves `site`, each answer 0–2 ms late and each body in random chunks (a pure
 * function of `seed`), counting the requests per URL.
 *
 * @example
 * const served = serve(site, 7); // served.fetch as options.fetch, then served.requests
 */
export function serve(site, seed) {
  const pick = randomHelpers(seededRandom(seed));
  const requests = new Map();
  const fetch = (asked) => {
    const url = asked.replace(/#.*$/s, ''); // as fetch sends it
    const count = requests.get(url) ?? 0;
    requests.set(url, count + 1);
    const sequence = site.answers[url];
    const answer = sequence ? sequence[Math.min(count, sequence.length - 1)] : { status: 404, headers: {}, body: encoder.encode('Not found') };
    const delay = pick.integer(0, 2);
    return new Promise((resolve, reject) => {
      setTimeout(() => {
        if (answer.reject) { reject(new TypeError('fetch failed')); return; }
        resolve(new Response(answer.body === null ? null : chunked(answer.body, answer.cut, pick), { status: answer.status, headers: answer.headers }));
      }, delay);
    });
  };
  return { fetch, requests };
}

function chunked(bytes, cut, pick) {
  let at = 0;
  return new ReadableStream({
    async pull(controller) {
      if (pick.chance(0.2)) await new Promise((resolve) => { setTimeout(resolve, 0); });
      if (cut !== undefined && at >= cut) { controller.error(new TypeError('terminated')); return; }
      const end = Math.min(bytes.length, cut ?? Infinity, at + 1 + pick.skewed(4096));
      if (end > at) controller.enqueue(bytes.slice(at, end));
      at = end;
      if (at >= bytes.length && cut === undefined) controller.close();
    },
  });
}

/** The options of every walk of a site but its own (`site.options`) and how it fetches. */
const walkOptions = (concurrency) => ({ concurrency, concurrencyPerHost: concurrency, retryDelay: 1, maxRetryDelay: 3, timeout: 60_000, fileTimeout: 120_000, now: new Date('2026-01-01T00:00:00Z') });

/**
 * Walks `site` with `build`; resolves with the report, the entries and the requests, or `{ threw }`.
 * `how`: 'entries' (for await), 'batches' (batches()), or a number of entries after which the walk
 * is cancelled through options.signal.
 */
async function walk(build, site, seed, concurrency, how = 'entries') {
  const served = serve(site, seed);
  const entries = [];
  const progress = [];
  const controller = new AbortController();
  try {
    const crawl = build.crawlSitemaps(site.start, {
      ...site.options, ...walkOptions(concurrency), fetch: served.fetch,
      onProgress: (state) => { progress.push({ ...state }); }, signal: controller.signal,
    });
    if (how === 'batches') {
      for await (const batch of crawl.batches()) {
        if (batch.length === 0) throw new Error('batches() gave an empty batch');
        entries.push(...batch);
      }
    } else {
      if (how === 0) controller.abort();
      for await (const entry of crawl) {
        entries.push(entry);
        if (entries.length === how) controller.abort();
      }
    }
    return { report: await crawl.report(), entries, requests: served.requests, progress, concurrency, aborted: controller.signal.aborted };
  } catch (error) {
    return { threw: error, requests: served.requests };
  }
}

/** The report without what depends on timing: the duration, and the requests and bytes of redirect targets asked for before the walk knew it would read them. */
export const comparable = (walked) => {
  const { report } = walked;
  // A file the walk stopped reading at maxEntries (without validating) counts the bytes read before it stopped: as they arrived (CrawledSitemap.bytes).
  const stopped = report.issues.some((issue) => issue.code === 'CRAWL_LIMIT_REACHED' && issue.value === 'maxEntries');
  const sitemaps = stopped ? report.sitemaps.map((sitemap) => ({ ...sitemap, bytes: 0 })) : report.sitemaps;
  return JSON.stringify({ report: { ...report, sitemaps, totals: { ...report.totals, durationMs: 0, requests: 0, bytes: 0 } }, entries: walked.entries });
};

/** Where two strings first differ, with some of each around it. */
export function firstDifference(a, b) {
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  return `…${a.slice(Math.max(0, at - 120), at + 300)} ≠ …${b.slice(Math.max(0, at - 120), at + 300)}`;
}

const ISSUE_CODE = /^[A-Z]+_[A-Z0-9_]+$/;
const VIA = new Set(['robots', 'guess', 'index', 'start']);

/** What must hold within one walk. */
function checkWalk(name, walked, site, fail) {
  const { report, entries, requests } = walked;
  const issues = [...report.issues, ...report.robotsTxt.flatMap((robots) => robots.issues), ...report.sitemaps.flatMap((sitemap) => sitemap.issues)];
  const malformed = issues.find((issue) => typeof issue.code !== 'string' || !ISSUE_CODE.test(issue.code) || (issue.severity !== 'error' && issue.severity !== 'warning')
    || !Number.isInteger(issue.line) || !Number.isInteger(issue.column) || issue.line < 0 || issue.column < 0 || typeof issue.message !== 'string' || issue.message === '');
  if (malformed) fail('issue-shape', `${name}: a malformed issue: ${JSON.stringify(malformed).slice(0, 300)}`);
  if (report.cancelled) fail('crawl-consistent', `${name}: cancelled without being cancelled`);
  if (report.totals.entries !== entries.length) fail('crawl-consistent', `${name}: totals.entries ${report.totals.entries}, ${entries.length} entries given`);
  if (report.totals.sitemaps !== report.sitemaps.length) fail('crawl-consistent', `${name}: totals.sitemaps ${report.totals.sitemaps}, ${report.sitemaps.length} in the report`);
  const urls = report.sitemaps.map((sitemap) => sitemap.url);
  if (new Set(urls).size !== urls.length) fail('crawl-consistent', `${name}: a sitemap is in the report twice: ${urls.find((url, i) => urls.indexOf(url) !== i)}`);
  const read = report.sitemaps.filter((sitemap) => sitemap.format !== undefined);
  const finals = read.map((sitemap) => sitemap.finalUrl);
  if (new Set(finals).size !== finals.length) fail('crawl-consistent', `${name}: two records read the same final URL ${finals.find((url, i) => finals.indexOf(url) !== i)}`);
  const bySitemap = new Map();
  for (const entry of entries) {
    if (typeof entry.loc !== 'string') fail('crawl-consistent', `${name}: an entry without a loc: ${JSON.stringify(entry).slice(0, 200)}`);
    bySitemap.set(entry.sitemap, (bySitemap.get(entry.sitemap) ?? 0) + 1);
  }
  // A file that failed half-way (cut off, too large) handed on the entries before that point: it
  // has no format then, but counts them.
  const givers = new Set(report.sitemaps.filter((sitemap) => sitemap.format !== undefined || sitemap.entries > 0).map((sitemap) => sitemap.finalUrl));
  for (const from of bySitemap.keys()) if (!givers.has(from)) fail('crawl-consistent', `${name}: entries from ${from}, which no record read`);
  for (const sitemap of report.sitemaps) {
    if (!VIA.has(sitemap.via) || !Number.isInteger(sitemap.status) || sitemap.status < 0 || sitemap.entries < 0 || sitemap.bytes < 0 || sitemap.depth < 0) fail('crawl-consistent', `${name}: a malformed record ${JSON.stringify({ ...sitemap, issues: sitemap.issues.length }).slice(0, 300)}`);
    // Page entries: a urlset's, text sitemap's or feed's, or those of a file that failed half-way and lists no sitemaps.
    const pages = sitemap.format === undefined ? sitemap.entries > 0 && sitemap.children.length === 0 : sitemap.format !== 'sitemapindex' && sitemap.format !== 'robots';
    if (pages && (bySitemap.get(sitemap.finalUrl) ?? 0) !== sitemap.entries) fail('crawl-consistent', `${name}: ${sitemap.finalUrl} counts ${sitemap.entries} entries, ${bySitemap.get(sitemap.finalUrl) ?? 0} given`);
    const counted = Object.values(sitemap.issueCounts).reduce((sum, count) => sum + count, 0);
    if (counted < sitemap.issues.length || sitemap.errors + sitemap.warnings !== counted) fail('crawl-consistent', `${name}: ${sitemap.url} counts ${counted} issues (${sitemap.errors} errors, ${sitemap.warnings} warnings) and keeps ${sitemap.issues.length}`);
  }
  // Progress as a progress bar reads it: counts that only grow, no more done than found, no more in
  // flight than the limit, and the entries of the report at the end.
  const { progress, concurrency } = walked;
  for (let at = 0; at < progress.length; at++) {
    const state = progress[at], before = progress[at - 1];
    const wrong = state.sitemapsDone > state.sitemapsFound ? 'more sitemaps done than found' : state.inFlight < 0 || state.inFlight > concurrency ? `${state.inFlight} in flight` : before && ['sitemapsFound', 'sitemapsDone', 'bytes', 'entries'].find((key) => state[key] < before[key]);
    if (wrong) { fail('crawl-progress', `${name}: progress ${JSON.stringify(state)} after ${JSON.stringify(before)}: ${wrong}`); break; }
  }
  if (progress.length > 0 && progress.at(-1).entries !== report.totals.entries) fail('crawl-progress', `${name}: the last progress says ${progress.at(-1).entries} entries, the report ${report.totals.entries}`);
  // Only http(s) URLs are fetched, and none more often than its redirects and retries explain: once,
  // once more for each redirect to it, each up to 1 + retries times. (A guess is asked for once too:
  // a redirect from another guess to it is not followed.)
  const redirectsTo = new Map();
  for (const [url, sequence] of Object.entries(site.answers)) {
    for (const answer of sequence) {
      if (!answer.headers?.location) continue;
      try { const target = new URL(answer.headers.location, url); target.hash = ''; redirectsTo.set(target.href, (redirectsTo.get(target.href) ?? 0) + 1); } catch { /* not a URL: never fetched */ }
    }
  }
  for (const [url, count] of requests) {
    if (!/^https?:\/\//.test(url)) fail('crawl-http-only', `${name}: fetched ${url}`);
    const allowed = (1 + site.options.retries) * (1 + (redirectsTo.get(url) ?? 0));
    if (count > allowed) fail('crawl-requests', `${name}: asked for ${url} ${count} times (at most ${allowed} explained)`);
  }
}

/**
 * The crawl oracles for one input (`{ api: 'crawl', site, inputSeed }`): three walks (the Node
 * build one file at a time and six at a time, the browser build one at a time; with `browser`
 * false, the two Node walks only). Returns `{ calls, failures }` as checkInput does.
 *
 * @example
 * const { failures } = await checkCrawl(builds, input, { timing: false });
 */
export async function checkCrawl(builds, input, { timing = true, browser = true, wire = true } = {}) {
  const calls = {};
  const failures = [];
  const fail = (oracle, message) => failures.push({ oracle, message });
  const { site, inputSeed } = input;
  // The same walk under other timing (answers late by other amounts, bodies in other chunks, read
  // by batches()), in the other build, and one file at a time: the same report and entries each time.
  const runs = [['Node, six at a time', builds.node, 6], ['Node, six at a time, other timing, batches()', builds.node, 6, 'batches'], ...(browser ? [['browser, six at a time', builds.browser, 6]] : []), ['Node, one at a time', builds.node, 1]];
  const walked = [];
  for (const [name, build, concurrency, how] of runs) {
    calls.crawlSitemaps = (calls.crawlSitemaps ?? 0) + 1;
    const started = performance.now();
    const result = await walk(build, site, (inputSeed ^ Math.imul(walked.length + 1, 0x9e3779b1)) >>> 0, concurrency, how);
    const elapsed = performance.now() - started;
    // Generous: a walk of at most eight small files waits a few milliseconds per answer and retry.
    if (timing && elapsed > 5000 + siteBytes(site) / 20) fail('time', `${name}: the walk took ${elapsed.toFixed(0)} ms on ${siteBytes(site)} bytes`);
    if (result.threw) {
      fail('crawl-never-throws', `${name}: ${result.threw?.constructor?.name}: ${String(result.threw?.stack ?? result.threw).slice(0, 400)}`);
      return { calls, failures };
    }
    checkWalk(name, result, site, fail);
    walked.push([name, result]);
  }
  const [first, ...others] = walked;
  const expected = comparable(first[1]);
  // Cancelled after some of its entries (options.signal): it ends, says so, and gave the first of
  // the whole walk's entries, in order (the reading order is the tree's).
  const whole = first[1].entries;
  const cancelAfter = whole.length === 0 ? 0 : (inputSeed >>> 3) % (whole.length + 1);
  calls.crawlSitemaps++;
  const cancelled = await walk(builds.node, site, (inputSeed ^ 0x2545f491) >>> 0, 6, cancelAfter);
  if (cancelled.threw) fail('crawl-never-throws', `cancelled after ${cancelAfter} entries: ${cancelled.threw?.constructor?.name}: ${String(cancelled.threw?.stack ?? cancelled.threw).slice(0, 400)}`);
  else {
    const given = JSON.stringify(cancelled.entries), prefix = JSON.stringify(whole.slice(0, cancelled.entries.length));
    if (cancelled.entries.length > Math.max(cancelAfter, 0) || given !== prefix) fail('crawl-cancel', `cancelled after ${cancelAfter} entries, it gave ${cancelled.entries.length}: ${firstDifference(prefix, given)}`);
    // Not cancelled, it had read everything before the caller left (its last entries waiting to be
    // taken): then it is the whole walk's report.
    if (!cancelled.report.cancelled && comparable({ ...cancelled, entries: whole }) !== expected) fail('crawl-cancel', `cancelled after ${cancelAfter} of ${whole.length} entries, report.cancelled is false but the report is not the whole walk's: ${firstDifference(expected, comparable({ ...cancelled, entries: whole }))}`);
  }
  const { cutCompressed, damagedInside } = gzipDamage(walked, site);
  for (const [name, result] of others) {
    const actual = comparable(result);
    const builds = name.startsWith('browser');
    if (actual !== expected && !(builds ? cutCompressed : damagedInside)) fail(builds ? 'builds-agree' : 'crawl-order', `${first[0]} and ${name} differ: ${firstDifference(expected, actual)}`);
  }
  if (wire) await checkOverTheWire(builds, site, inputSeed, calls, fail);
  return { calls, failures };
}

/**
 * Whether walks met a compressed body cut off (`cutCompressed`), and damage past a decoder's output
 * that only the client sees (`damagedInside`). A .gz file cut short, with a wrong trailer, damaged
 * inside its deflate data or followed by other bytes is read alike however its bytes arrive and by
 * both builds (src/input/gzip.ts holds the trailer back and drains before it, and inflates again
 * what the runtime's inflater dropped with its error: replayLost); since 2026-11-28 the builds are
 * compared on such files too (that found a .gz shorter than a gzip member read as what it decodes
 * to by the Node build and as nothing by the browser build). But a body cut off by the network or
 * at maxBytes is judged on what its bytes before the cut inflate to, which runtimes' inflaters take
 * a few bytes apart: the builds are not compared there. A body whose Content-Encoding is damaged
 * past its first bytes is decoded by the fetch, which hands on what its decoder had
 * (damagedAfterOutput): not compared at all.
 */
function gzipDamage(walked, site) {
  // A compressed body cut off (or found too large) is judged on what its bytes before the cut
  // inflate to, which runtimes' inflaters take a few bytes apart: the builds may disagree there too.
  const cutGzip = (sitemap) => sitemap.compressed && (sitemap.issueCounts.CRAWL_NETWORK_ERROR || sitemap.issueCounts.CRAWL_TOO_LARGE || sitemap.issueCounts.CRAWL_TIMEOUT);
  // A robots.txt may be gzip too (a redirect to a .gz file): it has no `compressed`, its issues say.
  const cutRobots = (robots) => robots.issues.some((issue) => issue.code === 'GZIP_INVALID' || issue.code === 'CRAWL_TOO_LARGE');
  const cutCompressed = walked.some(([, result]) => result.report.sitemaps.some(cutGzip) || result.report.robotsTxt.some(cutRobots));
  const damagedInside = Object.values(site.answers).flat().some(damagedAfterOutput);
  return { cutCompressed, damagedInside };
}

/**
 * The site served by a real server (crawl-transport.mjs), walked through the Node entry's own
 * transport and through a standard fetch (undici's): each walk as checkWalk says, and the two
 * alike, but for what the transport cannot make alike: the error's own words in a message (the
 * client's: "socket hang up", "terminated"); a body with a Content-Encoding cut off, since each
 * client's decoder gives what it had decoded when the connection dropped (the Node transport all
 * of it, undici's less: a .gz file inside is then too large with one, cut off with the other) or
 * fails first as not that coding, by its timing; damage inside the coded data (not its first
 * bytes), which costs the decoder's output of the chunk it is in (damagedAfterOutput). Such sites
 * are walked and checked (checkWalk), not compared.
 */
async function checkOverTheWire(builds, site, inputSeed, calls, fail) {
  const server = await siteServer();
  const walks = [];
  for (const [name, walkOver] of [['Node, its own transport (node:http)', walkNodeTransport], ['Node, fetch (undici)', walkUndiciFetch]]) {
    calls.crawlSitemaps++;
    calls['crawlSitemaps over a connection'] = (calls['crawlSitemaps over a connection'] ?? 0) + 1;
    const result = await walkOver(builds.node, server, site, (inputSeed ^ Math.imul(walks.length + 7, 0x9e3779b1)) >>> 0, { ...site.options, ...walkOptions(6) });
    if (result.threw) {
      fail('crawl-never-throws', `${name}: ${result.threw?.constructor?.name}: ${String(result.threw?.stack ?? result.threw).slice(0, 400)}`);
      return;
    }
    checkWalk(name, result, site, fail);
    walks.push([name, result]);
  }
  if (Object.values(site.answers).flat().some((answer) => answer.cut !== undefined && answer.headers?.['content-encoding'])) return;
  const alike = (walked) => comparable(walked).replace(/(without an HTTP answer|could not be read) \([^()]*\)/g, '$1 (…)');
  const [[transportName, transport], [fetchName, fetched]] = walks;
  const expected = alike(fetched), actual = alike(transport);
  if (actual !== expected && !gzipDamage(walks, site).damagedInside) fail('transport-agrees', `${fetchName} and ${transportName} differ: ${firstDifference(expected, actual)}`);
}

/** How a client undoes each Content-Encoding (as crawl-fetch.node.ts does: deflate zlib's way or raw; lenient at the end). */
const DECODERS = {
  gzip: (bytes) => gunzipSync(bytes, { finishFlush: constants.Z_SYNC_FLUSH }),
  deflate: (bytes) => ((bytes[0] & 0x0f) === 8 ? inflateSync : inflateRawSync)(bytes, { finishFlush: constants.Z_SYNC_FLUSH }),
  br: (bytes) => brotliDecompressSync(bytes, { finishFlush: constants.BROTLI_OPERATION_FLUSH }),
};
DECODERS['x-gzip'] = DECODERS.gzip;

/**
 * Whether an answer's body is damaged as its Content-Encoding past the point where it has decoded
 * to something: the fetch decodes it, and a stream decoder that meets the damage drops the output
 * of the write it came in, so what a walk read before it depends on how the bytes arrived and on
 * the client (README, Crawl). A body not that coding from its first bytes fails alike in all.
 */
function damagedAfterOutput(answer) {
  const codings = (answer.headers?.['content-encoding'] ?? '').toLowerCase().split(',').map((coding) => coding.trim()).filter((coding) => coding !== '' && coding !== 'identity');
  if (!answer.body || codings.length === 0 || !codings.every((coding) => DECODERS[coding])) return false;
  // Layer by layer, the last coding first: where one layer fails after output and the one inside
  // it fails at once (on that output), which the walk reports first depends on the timing too.
  let bytes = answer.body;
  for (const coding of codings.reverse()) {
    const decoded = decodedOrDamage(bytes, DECODERS[coding]);
    if (decoded === 'after output') return true;
    if (decoded === 'at once') return false;
    bytes = decoded;
  }
  return false;
}

/** `bytes` decoded by `decode`, or where decoding fails: 'at once' (no output before it) or 'after output'. */
function decodedOrDamage(bytes, decode) {
  try { return decode(bytes); } catch { /* damaged: where? */ }
  // The longest start of the body that decodes (a start cut short decodes, leniently), and what it decodes to.
  let good = 0, bad = bytes.length;
  while (bad - good > 1) {
    const middle = (good + bad) >> 1;
    try { decode(bytes.subarray(0, middle)); good = middle; } catch { bad = middle; }
  }
  try { return decode(bytes.subarray(0, good)).length > 0 ? 'after output' : 'at once'; } catch { return 'at once'; }
}

/**
 * A smaller site for which `stillFails(site)` (async) holds: answers dropped one at a time, then
 * each body cut down by the byte minimiser `minimiseBytes`.
 *
 * @example
 * const small = await minimiseSite(site, async (candidate) => (await checkCrawl(builds, { …input, site: candidate })).failures.length > 0, minimiseBytes);
 */
export async function minimiseSite(site, stillFails, minimiseBytes) {
  let current = site;
  for (const url of Object.keys(site.answers)) {
    const { [url]: _dropped, ...rest } = current.answers;
    const candidate = { ...current, answers: rest };
    if (await stillFails(candidate)) current = candidate;
  }
  for (const url of Object.keys(current.answers)) {
    for (let at = 0; at < current.answers[url].length; at++) {
      const answer = current.answers[url][at];
      if (!answer.body || answer.body.length < 2) continue;
      const withBody = (body) => ({ ...current, answers: { ...current.answers, [url]: current.answers[url].map((other, i) => (i === at ? { ...other, body, cut: other.cut === undefined ? undefined : Math.min(other.cut, body.length) } : other)) } });
      const body = await minimiseBytes(answer.body, (candidate) => stillFails(withBody(candidate)), { maxTests: 400, maxMilliseconds: 20_000 });
      current = withBody(body);
    }
  }
  return current;
}
