// Growth check (issue #22): doubles each construct a hostile document can repeat or stretch (long
// CDATA, many attributes, long names and URIs, comments, PIs, nesting, character references,
// namespaces, UTF-16, long robots.txt and text lines…) through each API of the built package and
// fits the exponent of time against size; above 1.3 is flagged (linear is 1; quadratic 2). Each
// series runs in a worker that is stopped after SERIES_SECONDS, so an exponential blow-up is
// flagged too instead of hanging the benchmark. `npm run bench` runs it last (after a build).
//
//   node bench/growth.mjs                 every construct and API
//   node bench/growth.mjs cdata robots    only the constructs whose names contain these words

import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { join } from 'node:path';

const THRESHOLD = 1.3;
const SERIES_SECONDS = 30;
/** Sizes of each series, in bytes of the stretched construct (×2 each step). */
const SIZES = [128 * 1024, 256 * 1024, 512 * 1024, 1024 * 1024];
const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const HEAD = `<?xml version="1.0" encoding="UTF-8"?><urlset ${NS}>`;
const entry = (i) => `<url><loc>https://example.com/p/${i}</loc><lastmod>2024-05-01</lastmod></url>`;
const entries = (count) => Array.from({ length: count }, (_, i) => entry(i)).join('');

/** name → [APIs, (size) => input]. Sizes are approximate: what matters is that they double. */
const CONSTRUCTS = {
  'entries (baseline)': ['xml', (n) => `${HEAD}${entries(Math.floor(n / 70))}</urlset>`],
  'long CDATA in a loc': ['xml', (n) => `${HEAD}<url><loc><![CDATA[https://example.com/${'a'.repeat(n)}]]></loc></url></urlset>`],
  'long loc': ['xml', (n) => `${HEAD}<url><loc>https://example.com/${'a'.repeat(n)}</loc></url></urlset>`],
  'many attributes on the root': ['xml', (n) => `<urlset ${NS}${Array.from({ length: Math.floor(n / 12) }, (_, i) => ` a${i}="1"`).join('')}>${entry(0)}</urlset>`],
  'long attribute value': ['xml', (n) => `<urlset ${NS} a="${'v'.repeat(n)}">${entry(0)}</urlset>`],
  'long element name': ['xml', (n) => `${HEAD}<url><loc>https://example.com/</loc><x:${'n'.repeat(n)} xmlns:x="urn:x"/></url></urlset>`],
  'one long comment': ['xml', (n) => `${HEAD}<!--${'c'.repeat(n)}-->${entry(0)}</urlset>`],
  'many comments': ['xml', (n) => `${HEAD}${'<!-- c -->'.repeat(Math.floor(n / 10))}${entry(0)}</urlset>`],
  'one long PI': ['xml', (n) => `${HEAD}<?pi ${'d'.repeat(n)}?>${entry(0)}</urlset>`],
  'many PIs before the root': ['xml', (n) => `${'<?pi d?>'.repeat(Math.floor(n / 8))}${HEAD}${entry(0)}</urlset>`],
  'nested elements': ['xml', (n) => `${HEAD}<url><loc>https://example.com/</loc><x:a xmlns:x="urn:x">${'<x:a>'.repeat(Math.floor(n / 11))}${'</x:a>'.repeat(Math.floor(n / 11))}</x:a></url></urlset>`],
  'character references': ['xml', (n) => `${HEAD}<url><loc>https://example.com/${'&#65;'.repeat(Math.floor(n / 5))}</loc></url></urlset>`],
  'many namespace declarations': ['xml', (n) => `<urlset ${NS}${Array.from({ length: Math.floor(n / 24) }, (_, i) => ` xmlns:p${i}="urn:${i}"`).join('')}>${entry(0)}</urlset>`],
  'long namespace URI, 2,000 elements in it': ['xml', (n) => `<urlset ${NS} xmlns:x="urn:${'u'.repeat(n)}">${Array.from({ length: 2000 }, (_, i) => `<url><loc>https://example.com/${i}</loc><x:e/></url>`).join('')}</urlset>`],
  'bytes before the root': ['xml', (n) => `${' '.repeat(n)}${HEAD.slice(38)}${entry(0)}</urlset>`],
  'UTF-16LE without a BOM': ['xml16', (n) => `<?xml version="1.0" encoding="UTF-16"?><urlset ${NS}>${entries(Math.floor(n / 140))}</urlset>`],
  'long text line': ['text', (n) => `https://example.com/${'a'.repeat(n)}\n`],
  'many text lines': ['text', (n) => Array.from({ length: Math.floor(n / 30) }, (_, i) => `https://example.com/p/${i}`).join('\n')],
  'PIs at the start of a text file': ['text', (n) => '<?a?>'.repeat(Math.floor(n / 5))],
  'long robots.txt Sitemap line (white space)': ['robots', (n) => `Sitemap: https://example.com/s.xml${' '.repeat(n)}x\n`],
  'many robots.txt lines': ['robots', (n) => Array.from({ length: Math.floor(n / 40) }, (_, i) => `Sitemap: https://example.com/s${i}.xml`).join('\n')],
  'RSS items': ['feed', (n) => `<rss version="2.0"><channel>${Array.from({ length: Math.floor(n / 60) }, (_, i) => `<item><link>https://example.com/${i}</link></item>`).join('')}</channel></rss>`],
};

const API_SETS = {
  xml: ['parse', 'parse recover', 'validate', 'parseStream 4 KiB'],
  xml16: ['parse', 'parseStream 4 KiB'],
  text: ['parseTextSitemap', 'parseTextSitemap recover'],
  robots: ['readRobotsTxtSitemaps'],
  feed: ['parseFeed', 'parseFeed recover'],
};

function utf16le(text) {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) { out[2 * i] = text.charCodeAt(i) & 0xff; out[2 * i + 1] = text.charCodeAt(i) >> 8; }
  return out;
}

async function callOnce(kit, api, input) {
  try {
    if (api === 'parse') return kit.parse(input);
    if (api === 'parse recover') return kit.parse(input, { recover: true });
    if (api === 'validate') return kit.validate(input);
    if (api === 'parseStream 4 KiB') {
      const bytes = typeof input === 'string' ? new TextEncoder().encode(input) : input;
      const chunks = (function* cut() { for (let i = 0; i < bytes.length; i += 4096) yield bytes.subarray(i, i + 4096); })();
      let count = 0;
      for await (const _ of kit.parseStream(chunks, { recover: true, maxBytes: Infinity })) count++;
      return count;
    }
    if (api === 'parseTextSitemap') return kit.parseTextSitemap(input);
    if (api === 'parseTextSitemap recover') return kit.parseTextSitemap(input, { recover: true });
    if (api === 'readRobotsTxtSitemaps') return kit.readRobotsTxtSitemaps(input, 'https://example.com/robots.txt');
    if (api === 'parseFeed') return kit.parseFeed(input);
    if (api === 'parseFeed recover') return kit.parseFeed(input, { recover: true });
  } catch (error) {
    if (error?.name !== 'SitemapError') throw error;
    return error.code;
  }
  throw new Error(`unknown API ${api}`);
}

/** Least-squares slope of log(time) against log(size). */
function exponentOf(points) {
  const xs = points.map(([size]) => Math.log(size)), ys = points.map(([, ms]) => Math.log(Math.max(ms, 0.01)));
  const mx = xs.reduce((a, b) => a + b) / xs.length, my = ys.reduce((a, b) => a + b) / ys.length;
  let num = 0, den = 0;
  for (let i = 0; i < xs.length; i++) { num += (xs[i] - mx) * (ys[i] - my); den += (xs[i] - mx) ** 2; }
  return num / den;
}

if (!isMainThread) {
  // One series: a construct through one API at each size; posts each point as it is measured.
  const { construct, api, dist } = workerData;
  const kit = await import(pathToFileURL(join(dist, 'index.node.js')).href);
  const [kind, make] = CONSTRUCTS[construct];
  for (const size of SIZES) {
    const text = make(size);
    const input = kind === 'xml16' ? utf16le(text) : text;
    // Warm-up (and the answer must come at all), then the best of 3 batches, each at least
    // 40 ms of repeated calls: sub-millisecond timings alone are mostly noise.
    const t0 = performance.now();
    await callOnce(kit, api, input);
    const once = performance.now() - t0;
    const repeat = Math.max(1, Math.min(200, Math.ceil(40 / Math.max(once, 0.05))));
    let best = Infinity;
    for (let batch = 0; batch < 3; batch++) {
      const t = performance.now();
      for (let i = 0; i < repeat; i++) await callOnce(kit, api, input);
      best = Math.min(best, (performance.now() - t) / repeat);
    }
    parentPort.postMessage({ size: typeof input === 'string' ? input.length : input.length, ms: best });
  }
} else {
  const dist = join(fileURLToPath(new URL('..', import.meta.url)), 'dist');
  const filters = process.argv.slice(2).map((word) => word.toLowerCase());
  const flagged = [];
  console.log(`Growth: time against size, each construct doubled ${SIZES.length - 1} times; exponent above ${THRESHOLD} flagged (Node ${process.version}, ${new Date().toISOString().slice(0, 10)})\n`);
  console.log(`${'construct'.padEnd(44)} ${'API'.padEnd(26)} ${'ms at each size'.padEnd(36)} exponent`);
  for (const [construct, [kind]] of Object.entries(CONSTRUCTS)) {
    if (filters.length && !filters.some((word) => construct.toLowerCase().includes(word))) continue;
    for (const api of API_SETS[kind]) {
      const points = [];
      const finished = await new Promise((resolve) => {
        const worker = new Worker(fileURLToPath(import.meta.url), { workerData: { construct, api, dist } });
        const timer = setTimeout(() => { void worker.terminate(); resolve(false); }, SERIES_SECONDS * 1000);
        worker.on('message', (point) => points.push([point.size, point.ms]));
        worker.on('error', (error) => { clearTimeout(timer); console.error(`${construct} / ${api}:`, error); resolve(false); });
        worker.on('exit', () => { clearTimeout(timer); resolve(true); });
      });
      const complete = finished && points.length === SIZES.length;
      const exponent = points.length >= 2 ? exponentOf(points) : Infinity;
      const slow = !complete || exponent > THRESHOLD;
      if (slow) flagged.push(`${construct} / ${api}`);
      const times = points.map(([, ms]) => ms.toFixed(1)).join(' ') + (complete ? '' : ` … stopped after ${SERIES_SECONDS} s`);
      console.log(`${construct.padEnd(44)} ${api.padEnd(26)} ${times.padEnd(36)} ${Number.isFinite(exponent) ? exponent.toFixed(2) : '∞'}${slow ? '  FLAGGED' : ''}`);
    }
  }
  console.log(flagged.length ? `\n${flagged.length} flagged (exponent above ${THRESHOLD} or no answer):\n  ${flagged.join('\n  ')}` : '\nNothing flagged: every construct grows linearly through every API.');
  process.exitCode = flagged.length ? 1 : 0;
}
