// Start-up cost in a fresh process: import the library, (sitemapkit only) compile and instantiate
// the WASM core with initSync(), then parse a three-URL sitemap. Started by run.mjs through
// common.mjs's runChild, one process per sample, so nothing is cached between samples.
//
//   node --expose-gc bench/startup-child.mjs --only NAME --child

import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs, emitResult } from './common.mjs';
import { SITEMAPKIT_ENTRY } from './sitemapkit.mjs';
import { PARSE_CONTENDERS } from './parse-contenders.mjs';

const name = parseArgs(process.argv.slice(2), ['child']).only;

const TINY_SITEMAP = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc><lastmod>2025-01-01</lastmod><changefreq>daily</changefreq><priority>1.0</priority></url>
  <url><loc>https://example.com/a?x=1&amp;y=2</loc></url>
  <url><loc>https://example.com/b</loc><priority>0.5</priority></url>
</urlset>
`);

async function main() {
  const nodeBootMs = performance.now(); // Node's own boot and this script's static imports
  if (name === 'sitemapkit' && !existsSync(fileURLToPath(SITEMAPKIT_ENTRY))) {
    return emitResult({ name, status: 'skipped', detail: `${fileURLToPath(SITEMAPKIT_ENTRY)} not built (run npm run build)` });
  }
  const t0 = performance.now();
  let parseTiny, t1, t2;
  if (name === 'sitemapkit') {
    const kit = await import(SITEMAPKIT_ENTRY.href);
    t1 = performance.now();
    kit.initSync();
    t2 = performance.now();
    parseTiny = (bytes) => kit.parse(bytes).urls;
  } else {
    const contender = PARSE_CONTENDERS.find((c) => c.name === name);
    if (!contender) throw new Error(`no contender named ${name}`);
    const library = await contender.load();
    t1 = t2 = performance.now();
    parseTiny = library.parseUrlset;
  }
  const urls = await parseTiny(TINY_SITEMAP);
  const t3 = performance.now();
  const ok = Array.isArray(urls) && urls.length === 3 && urls[1].loc === 'https://example.com/a?x=1&y=2';
  emitResult({
    name, status: ok ? 'ok' : 'WRONG', detail: ok ? '' : `tiny parse gave ${JSON.stringify(urls).slice(0, 200)}`,
    nodeBootMs, importMs: t1 - t0, initMs: t2 - t1, readyMs: t2 - t0, firstParseMs: t3 - t2, totalMs: t3 - t0,
  });
}

main().catch((error) => {
  emitResult({ name, status: 'FAILED', detail: String(error?.stack ?? error).split('\n').slice(0, 3).join(' | ') });
  process.exitCode = 1;
});
