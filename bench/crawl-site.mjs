// The crawl benchmark's local site (bench/crawl.mjs): a node:http server on 127.0.0.1, port 0,
// in its own process so that serving costs the crawler nothing, with a sitemap index of N
// sitemaps of 50,000 URLs each from the seeded generator (bench/gen.mjs), every other one gzip.
//
//   node bench/crawl-site.mjs --sitemaps 20 [--plain]
//
// Prints `@@LISTENING <port>` when ready. Twenty distinct files are generated (seeds 1–20); a
// larger site repeats them with a distinct path prefix per sitemap, so every URL is distinct and
// on the site's own host (the rules validate applies then hold: no 50,000 "URL not allowed").
// --plain serves no gzip (a 200-sitemap site is made per request, and would gzip on every one).

import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { buildUrlset, MAX_URLS } from './gen.mjs';
import { parseArgs } from './common.mjs';

const args = parseArgs(process.argv.slice(2), ['plain']);
const sitemaps = Number(args.sitemaps ?? 20);
const plain = !!args.plain;
const TEMPLATES = Math.min(sitemaps, 20);
const HOSTS = ['https://www.example.com', 'https://shop.example.co.uk', 'https://blog.example.org'];

// Each template split where the generator wrote its host, to be joined with this site's prefix.
const templates = [];
for (let seed = 1; seed <= TEMPLATES; seed++) {
  const text = buildUrlset({ urls: MAX_URLS, ext: 'none', seed }, true).parts.join('');
  const host = HOSTS[(seed - 1) % HOSTS.length];
  templates.push(text.split(host).map((part) => Buffer.from(part, 'utf8')));
}

let origin = '';
/** Bodies made ahead (a site of up to 20 sitemaps is held whole, so serving costs nothing). */
const made = new Map();
/** Sitemap i: template i mod 20, its URLs under /s<i>. */
function body(index) {
  const parts = templates[index % TEMPLATES];
  const prefix = Buffer.from(`${origin}/s${index}`, 'utf8');
  const pieces = [];
  for (let i = 0; i < parts.length; i++) {
    if (i > 0) pieces.push(prefix);
    pieces.push(parts[i]);
  }
  return Buffer.concat(pieces);
}
function bytesOf(index, gzip) {
  const key = `${index}${gzip ? '.gz' : ''}`;
  const ready = made.get(key);
  if (ready) return ready;
  const bytes = gzip ? gzipSync(body(index), { level: 6 }) : body(index);
  if (sitemaps <= 20) made.set(key, bytes);
  return bytes;
}

const server = createServer((request, response) => {
  const path = (request.url ?? '/').split('?')[0];
  if (path === '/robots.txt') {
    // A shop's robots.txt (WordPress with WooCommerce writes about these), for a walk that starts
    // from the site (crawl-compare.mjs --from-site): every page URL is checked against it.
    response.writeHead(200, { 'content-type': 'text/plain' });
    response.end(`User-agent: *\nDisallow: /wp-admin/\nAllow: /wp-admin/admin-ajax.php\nDisallow: /cart/\nDisallow: /checkout/\nDisallow: /*?add-to-cart=\n\nSitemap: ${origin}/sitemap_index.xml\n`);
    return;
  }
  if (path === '/sitemap_index.xml') {
    const entries = [];
    for (let i = 0; i < sitemaps; i++) entries.push(`<sitemap><loc>${origin}/s${i}.xml${!plain && i % 2 === 1 ? '.gz' : ''}</loc></sitemap>`);
    response.writeHead(200, { 'content-type': 'application/xml' });
    response.end(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join('\n')}\n</sitemapindex>\n`);
    return;
  }
  const match = /^\/s(\d+)\.xml(\.gz)?$/.exec(path);
  const index = match ? Number(match[1]) : -1;
  if (index < 0 || index >= sitemaps || (match[2] !== undefined) !== (!plain && index % 2 === 1)) {
    response.writeHead(404, { 'content-type': 'text/plain' });
    response.end('not found');
    return;
  }
  const bytes = bytesOf(index, match[2] !== undefined);
  response.writeHead(200, { 'content-type': match[2] ? 'application/gzip' : 'application/xml', 'content-length': String(bytes.length) });
  response.end(bytes);
});

server.listen(0, '127.0.0.1', () => {
  origin = `http://127.0.0.1:${server.address().port}`;
  // Made up front, so that the first contender does not pay for it.
  if (sitemaps <= 20) for (let i = 0; i < sitemaps; i++) bytesOf(i, !plain && i % 2 === 1);
  process.stdout.write(`@@LISTENING ${server.address().port}\n`);
});
