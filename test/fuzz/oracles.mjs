// The fuzzer's oracles (issue #22): what must hold for ANY input, checked on the built package.
// Only SitemapError is thrown; validate never throws; parse ≡ parseStream over random chunkings;
// recover ⊇ strict; serialize → parse round trip; parse(gzip(x)) ≡ parse(x); the Node and
// browser builds agree; the core answers correctly after every error; every Issue is well-formed;
// each call within a generous time budget. (Well-formedness against xmllint: xmllint.mjs; the
// crawl's oracles, on random sites: crawl.mjs.)

import { gzipSync } from 'node:zlib';
import { checkCrawl } from './crawl.mjs';
import { checkPageChecks } from './check-urls.mjs';
import { seededRandom } from './random.mjs';

/**
 * What recover mode may still throw: none says the XML is bad. The input is no sitemap (another
 * root, HTML), cannot become text (too large, an encoding the runtime lacks), or gzip that
 * cannot be inflated at all.
 */
const RECOVER_MAY_THROW = new Set(['SITEMAP_NOT_A_SITEMAP', 'SITEMAP_HTML', 'SITEMAP_WRONG_KIND', 'INPUT_TOO_LARGE', 'INPUT_ENCODING', 'INPUT_TYPE', 'GZIP_INVALID']);

/** What recover may throw after strict threw another code: what it found on reading on. */
const NOT_A_SITEMAP = new Set(['SITEMAP_NOT_A_SITEMAP', 'SITEMAP_HTML', 'SITEMAP_WRONG_KIND']);

/**
 * Time a call may take: 250 ms plus 10 µs per byte (100 KB/s, thousands of times slower than the
 * core). Generous on purpose: it flags hangs and blow-ups, not slowness.
 *
 * @example
 * timeBudgetMilliseconds(100_000); // 1250
 */
export const timeBudgetMilliseconds = (byteLength) => 250 + byteLength / 100;

/** The most a time budget grows for load (loadScale). */
const LOAD_SCALE_CAP = 4;
/** A fixed reference call's fastest time in this process, per build, sampled every REFERENCE_EVERY_CALLS calls. */
const referenceFastest = new Map();
const REFERENCE_EVERY_CALLS = 2000;
let callsSinceReference = REFERENCE_EVERY_CALLS;
const REFERENCE_DOCUMENT = `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from({ length: 400 }, (_, i) => `<url><loc>https://example.com/reference/${i}</loc><lastmod>2024-05-01</lastmod></url>`).join('')}</urlset>`;

function timeReference(build) {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    build.parse(REFERENCE_DOCUMENT, { recover: true });
    build.validate(REFERENCE_DOCUMENT);
    best = Math.min(best, performance.now() - started);
  }
  return best;
}

/**
 * How much slower the machine runs now than at its fastest seen here: the reference call (parse
 * and validate of a 400-URL sitemap, best of 3) now, over its fastest time in this process (first
 * taken with 5 rounds), between 1 and LOAD_SCALE_CAP.
 */
async function loadScale(build) {
  if (!referenceFastest.has(build)) {
    let best = Infinity;
    for (let round = 0; round < 5; round++) best = Math.min(best, timeReference(build));
    referenceFastest.set(build, best);
  }
  const now = timeReference(build);
  const fastest = Math.min(referenceFastest.get(build), now);
  referenceFastest.set(build, fastest);
  return Math.min(LOAD_SCALE_CAP, Math.max(1, now / fastest));
}

/**
 * Deep equality of what was read and what reads back after serializing, but for the serializer's
 * documented prefix policy (ExtensionWriter, src/write/extension-writer.ts; test/extensions.test.ts):
 * the root declares every namespace, so a namespace whose prefix another namespace of the
 * document has already is written as that prefix with a number (`image` → `image1`).
 */
function sameExceptRenamedPrefixes(read, back, key = '') {
  if (key === 'prefix' && typeof read === 'string' && typeof back === 'string') return read === back || (back.startsWith(read) && /^\d+$/.test(back.slice(read.length)));
  // Numbers as JSON compares them: -0 is 0 (`<priority>-0</priority>` reads as -0 and is written
  // 0.0), and NaN is NaN.
  if (read === null || back === null || typeof read !== 'object' || typeof back !== 'object') return read === back || (Number.isNaN(read) && Number.isNaN(back));
  if (Array.isArray(read) !== Array.isArray(back)) return false;
  // As JSON would compare them: a property whose value is undefined is no property.
  const keys = Object.keys(read).filter((name) => read[name] !== undefined);
  if (keys.length !== Object.keys(back).filter((name) => back[name] !== undefined).length) return false;
  return keys.every((name) => Object.prototype.hasOwnProperty.call(back, name) && sameExceptRenamedPrefixes(read[name], back[name], Array.isArray(read) ? '' : name));
}

/** A document every call must read correctly, also right after a failure. */
const KNOWN_GOOD = '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">'
  + '<url><loc>https://example.com/a?b=1&amp;c=%C3%A9</loc><lastmod>2024-05-01</lastmod><changefreq>daily</changefreq><priority>0.8</priority>'
  + '<image:image><image:loc>https://example.com/i.png</image:loc></image:image></url><url><loc><![CDATA[https://example.com/é]]></loc></url></urlset>';
const KNOWN_GOOD_URLS = JSON.stringify([
  { loc: 'https://example.com/a?b=1&c=%C3%A9', lastmod: '2024-05-01', changefreq: 'daily', priority: 0.8, images: [{ loc: 'https://example.com/i.png' }] },
  { loc: 'https://example.com/é' },
]);

/**
 * Documents whose answers must not depend on what was read before: an empty one and a truncated
 * one in recover mode (the end-of-input errors come from state the core resets per document).
 * Their answers are taken from each build before it reads any fuzz input.
 */
const PROBES = ['', '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n<url><loc>https://example.com/</loc></url>\n<url><loc>https://example.com/b</loc><lastmod>2024-05-01</lastmod></url>\n<!-- cut --'];
const probeAnswers = new WeakMap();
const answerOf = (build, probe) => {
  try {
    const result = build.parse(probe, { recover: true });
    return JSON.stringify({ urls: result.urls, issues: result.issues.map(issueKey) });
  } catch (error) {
    return `threw ${error.code}`;
  }
};

const ROBOTS_URL = 'https://example.com/robots.txt';

/**
 * The API families: which calls an input of each kind goes through.
 *
 * @example
 * APIS.includes('robots'); // true
 */
export const APIS = ['xml', 'feed', 'text', 'robots', 'serialize', 'crawl', 'check-urls'];

const entriesOf = (result) => (result.kind === 'sitemapindex' ? result.sitemaps : result.urls);
const isGzipBytes = (bytes) => bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;

/** A comparable summary of an issue (the message is prose; the rest is checked). */
const issueKey = (issue) => `${issue.code}@${issue.line}:${issue.column} ${issue.severity} ${issue.path}`;

/**
 * Runs the oracles for one input. `input` is `{ api, bytes }` (`serialize`: `{ api, entries }`);
 * `builds` is `{ node, browser }` from builds.mjs; `rates` are the fractions of inputs that get
 * the costlier oracles (1 = every input); `timing: false` leaves out the time budget (for a
 * deterministic pass). Returns the calls made per API and the failures, each
 * `{ oracle, message }`.
 *
 * @example
 * const { calls, failures } = await checkInput(builds, { api: 'xml', bytes }, { seed: 7 });
 */
export async function checkInput(builds, input, { seed = 1, rates = {}, timing = true } = {}) {
  const random = seededRandom(seed ^ 0x5bd1e995);
  const sampled = (name) => random() < (rates[name] ?? 1);
  const calls = {};
  const failures = [];
  const fail = (oracle, message) => failures.push({ oracle, message });
  const { node, browser } = builds;
  for (const build of [node, browser]) if (!probeAnswers.has(build)) probeAnswers.set(build, PROBES.map((probe) => answerOf(build, probe)));

  /** Calls `action` on `build`, counting and timing it; returns `{ value }`, `{ error }` (a SitemapError's fields) or null after a failure. */
  async function call(build, name, action, size) {
    calls[name] = (calls[name] ?? 0) + 1;
    // Now and then, the reference call's time, so that its fastest is known before a budget needs it.
    if (timing && ++callsSinceReference >= REFERENCE_EVERY_CALLS) {
      callsSinceReference = 0;
      const now = timeReference(build);
      referenceFastest.set(build, Math.min(referenceFastest.get(build) ?? Infinity, now));
    }
    const started = performance.now();
    let outcome;
    try {
      outcome = { value: await action() };
    } catch (error) {
      if (!(error instanceof build.SitemapError)) {
        fail('only-sitemap-error', `${name} threw ${error?.constructor?.name ?? typeof error}: ${String(error?.stack ?? error).slice(0, 500)}`);
        return null;
      }
      outcome = { error: { code: error.code, line: error.line, column: error.column, path: error.path, message: error.message } };
    }
    const elapsed = performance.now() - started;
    if (timing && elapsed > timeBudgetMilliseconds(size)) {
      // Measured again: a pause of the machine is not a finding, a call that is slow every time is.
      let best = elapsed;
      for (let again = 0; again < 2 && best > timeBudgetMilliseconds(size); again++) {
        const restarted = performance.now();
        try { await action(); } catch { /* judged above */ }
        best = Math.min(best, performance.now() - restarted);
      }
      if (best > timeBudgetMilliseconds(size)) {
        // Still over: is the call slow, or the machine? The budget grows by how much slower a
        // fixed reference call runs now than at its fastest in this process (at most LOAD_SCALE_CAP
        // times), so that other work on a shared machine is not a finding while a blow-up, which
        // is slower by far more than that, still is.
        const scale = await loadScale(build);
        const budget = timeBudgetMilliseconds(size) * scale;
        if (best > budget) fail('time', `${name} took ${best.toFixed(0)} ms on ${size} bytes (budget ${budget.toFixed(0)} ms${scale > 1 ? `: ${timeBudgetMilliseconds(size).toFixed(0)} ms × ${scale.toFixed(1)} for the machine's load now` : ''})`);
      }
    }
    if (outcome.error && !/^[A-Z]+_[A-Z0-9_]+$/.test(outcome.error.code)) fail('only-sitemap-error', `${name} threw a SitemapError without a code: ${outcome.error.code}`);
    return outcome;
  }

  function checkIssues(name, issues) {
    for (const issue of issues ?? []) {
      if (typeof issue.code !== 'string' || !/^[A-Z]+_[A-Z0-9_]+$/.test(issue.code) || !Number.isInteger(issue.line) || !Number.isInteger(issue.column)
        || issue.line < 0 || issue.column < 0 || (issue.severity !== 'error' && issue.severity !== 'warning') || typeof issue.message !== 'string' || typeof issue.path !== 'string') {
        fail('issue-shape', `${name} returned a malformed issue: ${JSON.stringify(issue).slice(0, 300)}`);
        return;
      }
    }
  }

  async function coreStillAnswers(build, after) {
    // The probes first: a known-good document in between would mask state left by the input.
    PROBES.forEach((probe, i) => {
      calls['parse recover'] = (calls['parse recover'] ?? 0) + 1;
      const answer = answerOf(build, probe);
      if (answer !== probeAnswers.get(build)[i]) fail('core-after-error', `after ${after}, ${JSON.stringify(probe.slice(0, 40))} read as ${answer.slice(0, 300)}, not as on a fresh core: ${probeAnswers.get(build)[i].slice(0, 300)}`);
    });
    const outcome = await call(build, 'parse', () => build.parse(KNOWN_GOOD), KNOWN_GOOD.length);
    if (outcome && (outcome.error || JSON.stringify(outcome.value.urls) !== KNOWN_GOOD_URLS)) {
      fail('core-after-error', `after ${after}, the known-good document read as ${JSON.stringify(outcome.error ?? outcome.value.urls).slice(0, 300)}`);
    }
  }

  // A site (crawl.mjs): walked three ways, by its own oracles.
  if (input.api === 'crawl') return checkCrawl(builds, input, { timing });
  // Pages to check (check-urls.mjs): checkUrls four ways, against a model of its answers.
  if (input.api === 'check-urls') return checkPageChecks(builds, input);

  if (input.api === 'serialize') {
    await checkRoundTrip(node, input.entries, 'generated entries');
    return { calls, failures };
  }

  const { bytes } = input;
  const size = bytes.length;

  if (input.api === 'robots') {
    const text = new TextDecoder().decode(bytes);
    const outcomes = [];
    for (const build of [node, ...(sampled('browser') ? [browser] : [])]) {
      const read = await call(build, 'readRobotsTxtSitemaps', () => build.readRobotsTxtSitemaps(text, ROBOTS_URL), size);
      const listed = await call(build, 'sitemapsFromRobotsTxt', () => build.sitemapsFromRobotsTxt(text, ROBOTS_URL), size);
      if (read?.error || listed?.error) fail('robots-never-throws', `readRobotsTxtSitemaps or sitemapsFromRobotsTxt threw ${read?.error?.code ?? listed?.error?.code} for a valid robots.txt URL`);
      if (read?.value) {
        checkIssues('readRobotsTxtSitemaps', read.value.issues);
        if (listed?.value && JSON.stringify(listed.value) !== JSON.stringify(read.value.sitemaps)) fail('robots-agree', `sitemapsFromRobotsTxt ${JSON.stringify(listed.value).slice(0, 200)} ≠ readRobotsTxtSitemaps().sitemaps ${JSON.stringify(read.value.sitemaps).slice(0, 200)}`);
        for (const url of read.value.sitemaps) if (!/^https?:\/\//i.test(url)) fail('robots-http-only', `a listed sitemap is not an http(s) URL: ${JSON.stringify(url)}`);
      }
      outcomes.push(JSON.stringify(read));
    }
    if (outcomes.length === 2 && outcomes[0] !== outcomes[1]) fail('builds-agree', `readRobotsTxtSitemaps: Node ${outcomes[0].slice(0, 300)} ≠ browser ${outcomes[1].slice(0, 300)}`);
    return { calls, failures };
  }

  // parse-like APIs: xml → parse (and validate, parseStream), feed → parseFeed, text → parseTextSitemap.
  const parseName = input.api === 'xml' ? 'parse' : input.api === 'feed' ? 'parseFeed' : 'parseTextSitemap';
  const parseWith = (build, options) => build[parseName](bytes, options);
  const summary = (outcome) => (outcome === null ? 'null' : outcome.error ? JSON.stringify({ ...outcome.error, message: undefined })
    : JSON.stringify({ kind: outcome.value.kind, format: outcome.value.format, entries: entriesOf(outcome.value), issues: outcome.value.issues.map(issueKey) }));

  const strict = await call(node, parseName, () => parseWith(node, {}), size);
  const recover = await call(node, `${parseName} recover`, () => parseWith(node, { recover: true }), size);
  if (strict?.value) checkIssues(parseName, strict.value.issues);
  if (recover?.value) checkIssues(`${parseName} recover`, recover.value.issues);

  if (recover?.error || recover?.value?.issues.some((issue) => issue.severity === 'error')) await coreStillAnswers(node, `recover ${parseName} reported errors`);

  // recover ⊇ strict
  if (strict && recover) {
    if (strict.value) {
      if (recover.error) fail('recover-superset', `strict ${parseName} succeeded, recover threw ${recover.error.code} at ${recover.error.line}:${recover.error.column}`);
      else {
        if (JSON.stringify(entriesOf(recover.value)) !== JSON.stringify(entriesOf(strict.value))) fail('recover-superset', `strict and recover ${parseName} read different entries: ${JSON.stringify(entriesOf(strict.value)).slice(0, 200)} vs ${JSON.stringify(entriesOf(recover.value)).slice(0, 200)}`);
        const recovered = new Set(recover.value.issues.map(issueKey));
        const missing = strict.value.issues.map(issueKey).filter((key) => !recovered.has(key));
        if (missing.length) fail('recover-superset', `issues of strict ${parseName} missing in recover: ${missing.slice(0, 3).join(', ')}`);
      }
    } else if (recover.error) {
      // Recover reads past a broken prolog and may then find that the root is no sitemap.
      if (!RECOVER_MAY_THROW.has(recover.error.code)) fail('recover-superset', `recover ${parseName} threw ${recover.error.code}, which says the XML is bad`);
      // …and after gzip damage (an issue in recover) it may meet what strict never reached (an encoding it cannot read).
      else if (recover.error.code !== strict.error.code && !NOT_A_SITEMAP.has(recover.error.code) && strict.error.code !== 'GZIP_INVALID') fail('recover-superset', `strict threw ${strict.error.code}, recover threw ${recover.error.code}`);
    } else {
      const { code, line, column } = strict.error;
      if (!recover.value.issues.some((issue) => issue.code === code && issue.line === line && issue.column === column)) {
        fail('recover-superset', `strict ${parseName} threw ${code} at ${line}:${column}; recover reports ${recover.value.issues.slice(0, 4).map(issueKey).join(', ') || 'nothing'}`);
      }
    }
  }

  // The Node and browser builds agree.
  if (sampled('browser')) {
    const other = await call(browser, parseName, () => parseWith(browser, {}), size);
    const otherRecover = await call(browser, `${parseName} recover`, () => parseWith(browser, { recover: true }), size);
    if (other?.error) await coreStillAnswers(browser, `${parseName} threw ${other.error.code} (browser build)`);
    if (strict && other && summary(strict) !== summary(other)) fail('builds-agree', `${parseName}: Node ${summary(strict).slice(0, 300)} ≠ browser ${summary(other).slice(0, 300)}`);
    if (recover && otherRecover && summary(recover) !== summary(otherRecover)) fail('builds-agree', `${parseName} recover: Node ${summary(recover).slice(0, 300)} ≠ browser ${summary(otherRecover).slice(0, 300)}`);
  }

  // parse(gzip(x)) ≡ parse(x)
  if (!isGzipBytes(bytes) && sampled('gzip')) {
    const compressed = new Uint8Array(gzipSync(bytes, { level: 1 }));
    const zipped = await call(node, parseName, () => node[parseName](compressed, {}), size);
    const zippedRecover = await call(node, `${parseName} recover`, () => node[parseName](compressed, { recover: true }), size);
    if (strict && zipped && summary(strict) !== summary(zipped)) fail('gzip-transparent', `${parseName}(gzip(x)) ${summary(zipped).slice(0, 300)} ≠ ${parseName}(x) ${summary(strict).slice(0, 300)}`);
    if (recover && zippedRecover && summary(recover) !== summary(zippedRecover)) fail('gzip-transparent', `${parseName}(gzip(x), recover) ${summary(zippedRecover).slice(0, 300)} ≠ ${summary(recover).slice(0, 300)}`);
  }

  // Any bytes through the other readers too: they must answer (only SitemapError, in time) whatever the format.
  if (sampled('crossFormat')) {
    for (const other of ['parse', 'parseFeed', 'parseTextSitemap'].filter((name) => name !== parseName)) {
      const outcome = await call(node, `${other} recover`, () => node[other](bytes, { recover: true }), size);
      if (outcome?.value) checkIssues(`${other} recover`, outcome.value.issues);
    }
  }

  if (input.api !== 'xml') return { calls, failures };

  // validate never throws, and never calls valid what parse refuses.
  for (const profile of sampled('xsdProfile') ? ['google', 'xsd'] : ['google']) {
    const checked = await call(node, 'validate', () => node.validate(bytes, { profile, now: new Date('2026-01-01T00:00:00Z') }), size);
    if (checked?.error) fail('validate-never-throws', `validate (${profile}) threw ${checked.error.code} at ${checked.error.line}:${checked.error.column}: ${checked.error.message.slice(0, 200)}`);
    else if (checked?.value) {
      checkIssues('validate', checked.value.issues);
      if (checked.value.valid && strict?.error) fail('validate-agrees', `validate (${profile}) says valid; parse throws ${strict.error.code} at ${strict.error.line}:${strict.error.column}`);
      if (checked.value.valid !== !checked.value.issues.some((issue) => issue.severity === 'error')) fail('validate-agrees', `validate's valid (${checked.value.valid}) does not match its error issues`);
    }
  }

  // parse ≡ parseStream over a random chunking, strict and recover.
  if (sampled('stream')) {
    for (const [options, reference] of [[{}, strict], [{ recover: true }, recover]]) {
      if (!reference) continue;
      const cuts = [];
      // Mostly small chunks, but at most ~2,000 of them: a chunk costs an await, and tiny chunks of a large input say no more.
      const maxChunk = Math.max(1 + Math.floor(random() ** 2 * Math.max(1, size)), Math.ceil(size / 1000));
      for (let at = 0; at < size;) { const next = at + 1 + Math.floor(random() * maxChunk); cuts.push(bytes.subarray(at, next)); at = next; }
      const label = `parseStream${options.recover ? ' recover' : ''}`;
      const streamed = await call(node, label, async () => {
        const stream = node.parseStream((async function* chunks() { yield* cuts; })(), options);
        const entries = [];
        for await (const entry of stream) entries.push(entry);
        return { entries, kind: stream.kind, issues: stream.issues, droppedIssues: stream.droppedIssues };
      }, size);
      if (!streamed) continue;
      const chunking = `${cuts.length} chunks of at most ${maxChunk} bytes`;
      // The stream meets problems in stream order: gzip damage found in a trailer comes after what
      // the content before it says, so with damaged gzip the stream may throw a content error first.
      const streamOrder = reference.error?.code === 'GZIP_INVALID' && isGzipBytes(bytes) && streamed.error !== undefined;
      if (reference.error && streamOrder) {
        // Either error is right; both say the document cannot be read.
      } else if (reference.error) {
        if (!options.recover) {
          if (!streamed.error) fail('stream-agrees', `parse throws ${reference.error.code} at ${reference.error.line}:${reference.error.column}; parseStream (${chunking}) read ${streamed.value.entries.length} entries without an error`);
          else if (streamed.error.code !== reference.error.code || streamed.error.line !== reference.error.line || streamed.error.column !== reference.error.column) {
            fail('stream-agrees', `parse throws ${reference.error.code} at ${reference.error.line}:${reference.error.column}; parseStream (${chunking}) throws ${streamed.error.code} at ${streamed.error.line}:${streamed.error.column}`);
          }
        } else if (!streamed.error || streamed.error.code !== reference.error.code) {
          fail('stream-agrees', `recover parse throws ${reference.error.code}; recover parseStream (${chunking}) ${streamed.error ? `throws ${streamed.error.code}` : `reads ${streamed.value.entries.length} entries`}`);
        }
      } else if (streamed.error) {
        fail('stream-agrees', `${options.recover ? 'recover ' : ''}parse reads ${entriesOf(reference.value).length} entries; parseStream (${chunking}) throws ${streamed.error.code} at ${streamed.error.line}:${streamed.error.column}`);
      } else {
        const expected = JSON.stringify(entriesOf(reference.value));
        const actual = JSON.stringify(streamed.value.entries);
        if (expected !== actual) fail('stream-agrees', `${options.recover ? 'recover ' : ''}parse and parseStream (${chunking}) read different entries: ${expected.slice(0, 200)} vs ${actual.slice(0, 200)}`);
        // parse says 'urlset' when there is no root; the stream's kind stays undefined until a root is read.
        else if (streamed.value.kind !== undefined && streamed.value.kind !== reference.value.kind) fail('stream-agrees', `parse says ${reference.value.kind}, parseStream says ${streamed.value.kind}`);
        if (options.recover && streamed.value.droppedIssues === 0 && reference.value.issues.length < 1000) {
          // The stream keeps 1,000 issues and counts the rest in droppedIssues; parse lists them in an XML_TOO_MANY_ERRORS issue.
          const codesOf = (issues) => [...new Set(issues.map((issue) => issue.code))].filter((code) => code !== 'XML_TOO_MANY_ERRORS').sort().join(',');
          const expectedCodes = codesOf(reference.value.issues);
          const actualCodes = codesOf(streamed.value.issues);
          if (expectedCodes !== actualCodes) fail('stream-agrees', `recover parse reports ${expectedCodes || 'nothing'}; recover parseStream (${chunking}) reports ${actualCodes || 'nothing'}`);
        }
      }
    }
  }

  // serialize → parse round trip of what was read.
  if (recover?.value && sampled('roundTrip')) await checkRoundTrip(node, recover.value, 'entries parse read');

  // What strict parse said, for the comparison with xmllint (xmllint.mjs).
  return { calls, failures, verdict: strict && !isGzipBytes(bytes) ? (strict.error ? strict.error.code : 'ok') : null };

  async function checkRoundTrip(build, result, what) {
    const write = result.kind === 'sitemapindex' ? 'serializeSitemapIndex' : 'serializeSitemap';
    const entries = entriesOf(result);
    const written = await call(build, write, () => build[write](entries), 0);
    if (!written) return;
    if (written.error) {
      if (written.error.code !== 'SERIALIZE_INVALID_VALUE') fail('round-trip', `${write} of ${what} threw ${written.error.code}`);
      return;
    }
    const again = await call(build, 'parse', () => build.parse(written.value), written.value.length);
    if (!again) return;
    if (again.error) fail('round-trip', `parse of what ${write} wrote from ${what} threw ${again.error.code} at ${again.error.line}:${again.error.column}`);
    else if (again.value.kind !== result.kind || !sameExceptRenamedPrefixes(entries, entriesOf(again.value))) {
      fail('round-trip', `parse(${write}(${what})) differs: ${JSON.stringify(entries).slice(0, 300)} → ${JSON.stringify(entriesOf(again.value)).slice(0, 300)}`);
    }
  }
}
