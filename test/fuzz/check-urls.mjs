// The check-urls family of the fuzzer (checkUrls: "never throws for what a server does"): input i
// of seed S is a list of page URLs and a small site that answers them, served as crawl.mjs serves
// its sites (options.fetch, and over a real connection: crawl-transport.mjs): pages with and
// without robots meta tags (in the head, in the body, past the first 64 KiB, in a head that never
// ends), X-Robots-Tag headers, HTML and other types, 4xx and 5xx, redirects (chains, loops, to
// other schemes, to no URL, relative, empty, without a Location), answers that never come (fetch
// rejects) and bodies cut off. Oracles: it never throws and gives one check per URL given, each
// well formed; only http(s) URLs are fetched, within maxRedirects; each check is what the site's
// answers say (a model of the documented behaviour, written from the README, not the code); and
// the Node build at the site's concurrency, one at a time under other timing, the browser build,
// and over a real connection give the same checks.

import { firstDifference, serve } from './crawl.mjs';
import { fetchOverTheWire, siteServer } from './crawl-transport.mjs';

const HOST = 'https://pages.example';
const OTHER_HOST = 'http://other.example';
const encoder = new TextEncoder();
/** Bytes of a page read for its robots meta tags (src/check/check-urls.ts HEAD_BYTES). */
const HEAD_BYTES = 65536;

/** Robots meta tags, and whether each says noindex ('meta'). */
const META_TAGS = [
  ['<meta name="robots" content="noindex">', 'meta'],
  ['<META NAME="ROBOTS" CONTENT="NOINDEX, NOFOLLOW">', 'meta'],
  ["<meta name='googlebot' content='none'>", 'meta'],
  ['<meta content="noindex" name="robots">', 'meta'],
  ['<meta name=robots content=noindex>', 'meta'],
  ['<meta name="robots" content="index, follow">', undefined],
  ['<meta name="bingbot" content="noindex">', undefined],
  ['<meta name="description" content="noindex">', undefined],
  ['<meta name="robots" content="noarchive">', undefined],
];
/** X-Robots-Tag values, and whether each says noindex for every crawler or Googlebot ('header'). */
const ROBOTS_HEADERS = [
  ['noindex', 'header'], ['none', 'header'], ['NOINDEX', 'header'], ['googlebot: noindex', 'header'], ['noarchive, noindex', 'header'],
  ['otherbot: noindex', undefined], ['nofollow', undefined], ['index, follow', undefined], ['unavailable_after: 25 Jun 2010 15:00:00 PST', undefined],
];
const ODD_URLS = ['ftp://pages.example/p0', 'javascript:alert(1)', 'not a url', '', 'https://user:secret@pages.example/p0', 'HTTPS://PAGES.EXAMPLE/p1', 'https://pages.example/p1#part', `${OTHER_HOST}/p1`];

/**
 * The site of a check-urls input, made by `pick`: `{ start, options, answers }` as crawl.mjs's
 * sites (`start`: the URLs to check), each answer with what the model expects of it
 * (`noindex` of its page and header, `headEnd`: the bytes a reader needs to see the page's head end).
 *
 * @example
 * const site = pagesSiteAt(randomHelpers(seededRandom(7)));
 */
export function pagesSiteAt(pick) {
  const pages = Array.from({ length: 1 + pick.skewed(7) }, (_, i) => `${pick.chance(0.1) ? OTHER_HOST : HOST}/p${i}`);
  const answers = {};
  for (const url of pages) answers[url] = [pick.chance(0.25) ? redirectAnswer(pick, pages) : pageAnswer(pick)];
  const start = Array.from({ length: pick.integer(0, 10) }, () => (pick.chance(0.85) ? pick.oneOf(pages) : pick.oneOf(ODD_URLS)));
  return { start, options: { concurrency: pick.integer(1, 6), maxRedirects: pick.oneOf([0, 1, 3, 10]) }, answers };
}

function redirectAnswer(pick, pages) {
  const status = pick.oneOf([301, 302, 303, 307, 308]);
  if (pick.chance(0.08)) return { status, headers: {}, body: null }; // no Location: the 3xx is the answer
  const to = pick.chance(0.8) ? pick.oneOf(pages) : pick.oneOf(['ftp://pages.example/x', 'javascript:alert(1)', 'http://[bad', 'https://user:secret@pages.example/p0', '', `${HOST}/nowhere`]);
  return { status, headers: { location: pick.chance(0.2) && to.startsWith(HOST) ? to.slice(HOST.length) : to }, body: null };
}

function pageAnswer(pick) {
  if (pick.chance(0.05)) return { reject: true };
  const headers = {};
  const [header, headerSays] = pick.chance(0.25) ? pick.oneOf(ROBOTS_HEADERS) : [undefined, undefined];
  if (header !== undefined) headers['x-robots-tag'] = header;
  const [tag, tagSays] = pick.oneOf(META_TAGS);
  const title = `<title>${'page '.repeat(pick.integer(0, 40))}</title>`;
  // Where the tag goes, and what a reader of the head makes of it.
  const [html, pageSays] = pick.oneOf([
    [`<!DOCTYPE html><html><head>${title}${tag}</head><body><p>x</p></body></html>`, tagSays],
    [`<html><HEAD>${title}${tag}</HEAD ><body class="home"><p>x</p></body></html>`, tagSays],
    [`<html><head>${title}</head><body>${tag}<p>x</p></body></html>`, undefined],
    [`<html><head>${title}<script>var t = "</header>";</script>${tag}</head><body/></html>`, tagSays],
    [`<html><head>${title}${tag}`, tagSays], // a head that never ends
    [`<html><head>${title}<!--${'x'.repeat(HEAD_BYTES)}-->${tag}</head></html>`, undefined], // past what is read
    [`<html><head>${title}</head><body>no tags</body></html>`, undefined],
    // A comment's, a script's, a style's or a title's text holds no tags: no meta tag, no end of the head.
    [`<html><head>${title}<!-- ${tag} --></head><body></body></html>`, undefined],
    [`<html><head><!-- </head> -->${title}<script>document.write("<body>" + '</head>');</script>${tag}</head></html>`, tagSays],
    [`<html><head><title>a <body> b</title><style>/* <body> */</style>${tag}</head><body></body></html>`, tagSays],
    [`<html><head>${title}<script>var m = '${tag.replace(/'/g, '"')}';</script></head><body></body></html>`, undefined],
    // `<!-->` and `<!--->` end where they start (HTML's abrupt-closing-of-empty-comment).
    [`<html><head>${pick.oneOf(['<!-->', '<!--->'])}${title}${tag}<!-- x --></head><body></body></html>`, tagSays],
  ]);
  const body = encoder.encode(html);
  const html2xx = pick.chance(0.85);
  const status = html2xx ? pick.oneOf([200, 200, 200, 203]) : pick.oneOf([404, 410, 500, 503, 200]);
  headers['content-type'] = html2xx || pick.chance(0.5) ? pick.oneOf(['text/html', 'text/html; charset=utf-8', 'TEXT/HTML', 'application/xhtml+xml']) : pick.oneOf(['text/plain', 'application/json']);
  const headEnd = headEndOf(html);
  return { status, headers, body, noindex: { header: headerSays, page: pageSays }, headEnd, ...(pick.chance(0.1) ? { cut: pick.integer(0, body.length - 1) } : {}) };
}

/**
 * The bytes a reader needs to see where a page's head ends (`</head` or `<body` and the character
 * after, not in a comment nor in a script's, style's or title's text), or Infinity.
 */
function headEndOf(html) {
  const lower = html.toLowerCase();
  const tagAt = (name, at) => lower.startsWith(name, at) && /[\s>/]/.test(lower[at + name.length] ?? '');
  for (let at = lower.indexOf('<'); at >= 0; at = lower.indexOf('<', at + 1)) {
    if (tagAt('</head', at) || tagAt('<body', at)) return encoder.encode(html.slice(0, at)).length + 7;
    let end = -1;
    if (lower.startsWith('<!--', at)) end = lower.indexOf('-->', at + 2); // `<!-->` and `<!--->` are whole comments
    else {
      const name = ['script', 'style', 'title'].find((raw) => tagAt(`<${raw}`, at));
      if (!name) continue;
      for (end = lower.indexOf(`</${name}`, at); end >= 0 && !tagAt(`</${name}`, end); end = lower.indexOf(`</${name}`, end + 1));
    }
    if (end < 0) return Infinity;
    at = end;
  }
  return Infinity;
}

/**
 * What the README says checkUrls gives for `url` on `site`: `{ status, finalUrl, redirects,
 * noindex, error }` with `error` true or false (its words are the runtime's).
 */
function expectedCheck(url, site) {
  const failed = { status: 0, error: true };
  let current;
  try { current = new URL(url); } catch { return failed; }
  for (let redirects = 0; ; ) {
    if (current.protocol !== 'http:' && current.protocol !== 'https:') return failed;
    if (current.username !== '' || current.password !== '') return failed;
    // A fragment is not sent (fetch drops it), but stays in finalUrl.
    const answer = site.answers[current.href.replace(/#.*$/s, '')]?.[0] ?? { status: 404, headers: {}, body: encoder.encode('Not found') };
    if (answer.reject) return failed;
    const location = answer.headers.location;
    if (answer.status >= 300 && answer.status < 400 && location !== undefined) {
      if (++redirects > site.options.maxRedirects) return failed;
      try { current = new URL(location, current); } catch { return failed; }
      continue;
    }
    const check = { status: answer.status, finalUrl: current.href, redirects, noindex: answer.noindex?.header, error: false };
    if (check.noindex || answer.status < 200 || answer.status > 299 || !/html/i.test(answer.headers['content-type'] ?? '')) return check;
    // The head is read up to its end or its first HEAD_BYTES bytes: a body cut off before that leaves noindex unknown.
    if (answer.cut !== undefined && answer.cut < Math.min(answer.headEnd, HEAD_BYTES)) return { ...check, error: true };
    return { ...check, noindex: answer.noindex?.page };
  }
}

/** The words of a network error are the client's: "no answer (…)", "could not be read (…)". */
const comparableCheck = (check) => JSON.stringify({ ...check, error: check.error?.replace(/\((?:[^()]|\([^()]*\))*\)/g, '(…)') });

/** One run of checkUrls over `urls`: `{ checks, requests }` or `{ threw }`. */
async function runChecks(build, urls, options, requests) {
  const checks = [];
  try {
    for await (const check of build.checkUrls(urls, options)) checks.push(check);
    return { checks, requests };
  } catch (error) {
    return { threw: error, requests };
  }
}

/**
 * The check-urls oracles for one input (`{ api: 'check-urls', site, inputSeed }`). Returns
 * `{ calls, failures }` as checkInput does.
 *
 * @example
 * const { failures } = await checkPageChecks(builds, input);
 */
export async function checkPageChecks(builds, input, { browser = true, wire = true } = {}) {
  const calls = {};
  const failures = [];
  const fail = (oracle, message) => failures.push({ oracle, message });
  const { site, inputSeed } = input;
  const options = { ...site.options, timeout: 60_000 };
  const runs = [
    ['Node', () => { const served = serve(site, inputSeed); return runChecks(builds.node, site.start, { ...options, fetch: served.fetch }, served.requests); }],
    ['Node, one at a time, other timing', () => { const served = serve(site, inputSeed ^ 0x5bd1e995); return runChecks(builds.node, site.start, { ...options, concurrency: 1, fetch: served.fetch }, served.requests); }],
    ...(browser ? [['browser', () => { const served = serve(site, inputSeed ^ 0x27d4eb2f); return runChecks(builds.browser, site.start, { ...options, fetch: served.fetch }, served.requests); }]] : []),
    ...(wire ? [['Node, over a connection (undici)', async () => {
      const server = await siteServer();
      server.serve(site, inputSeed ^ 0x165667b1);
      const connection = fetchOverTheWire(server);
      try { return await runChecks(builds.node, site.start, { ...options, fetch: connection.fetch }, server.requests); } finally { await connection.close(); }
    }]] : []),
  ];
  const given = site.start.map(String).sort();
  let expected;
  for (const [name, run] of runs) {
    calls.checkUrls = (calls.checkUrls ?? 0) + 1;
    const result = await run();
    if (result.threw) {
      fail('check-urls-never-throws', `${name}: ${result.threw?.constructor?.name}: ${String(result.threw?.stack ?? result.threw).slice(0, 400)}`);
      continue;
    }
    const { checks, requests } = result;
    const urls = checks.map((check) => check.url).sort();
    if (JSON.stringify(urls) !== JSON.stringify(given)) fail('check-urls-one-each', `${name}: checked ${JSON.stringify(urls).slice(0, 300)} for ${JSON.stringify(given).slice(0, 300)}`);
    for (const check of checks) {
      const wrong = !Number.isInteger(check.status) || check.status < 0 ? 'status'
        : typeof check.finalUrl !== 'string' ? 'finalUrl'
        : !Number.isInteger(check.redirects) || check.redirects < -1 || check.redirects > site.options.maxRedirects + 1 ? 'redirects'
        : ![undefined, 'header', 'meta'].includes(check.noindex) ? 'noindex'
        : check.status === 0 && !(typeof check.error === 'string' && check.error !== '') ? 'an error without its words'
        : check.error !== undefined && (typeof check.error !== 'string' || (check.status > 0 && !/robots meta tag is unknown/.test(check.error))) ? 'error' : undefined;
      if (wrong) { fail('check-urls-shape', `${name}: a check with a wrong ${wrong}: ${JSON.stringify(check).slice(0, 300)}`); break; }
      const model = expectedCheck(check.url, site);
      const actual = { status: check.status, ...(model.status > 0 ? { finalUrl: check.finalUrl, redirects: check.redirects, noindex: check.noindex } : {}), error: check.error !== undefined };
      if (JSON.stringify(actual) !== JSON.stringify(model)) fail('check-urls-model', `${name}: ${JSON.stringify(check.url)} gave ${JSON.stringify(actual)}, its answers say ${JSON.stringify(model)}`);
    }
    let asked = 0;
    for (const [url, count] of requests) {
      asked += count;
      if (!/^https?:\/\//.test(url)) fail('check-urls-http-only', `${name}: fetched ${url}`);
    }
    if (asked > given.length * (site.options.maxRedirects + 1)) fail('check-urls-requests', `${name}: ${asked} requests for ${given.length} URLs with maxRedirects ${site.options.maxRedirects}`);
    const all = checks.map(comparableCheck).sort().join('\n');
    if (expected === undefined) expected = [name, all];
    else if (all !== expected[1]) fail('check-urls-agree', `${expected[0]} and ${name} differ: ${firstDifference(expected[1], all)}`);
  }
  return { calls, failures };
}
