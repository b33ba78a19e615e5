// The two builds of the package the fuzzer compares, loaded from dist/ (run `npm run build`
// first): the Node build (`dist/index.node.js`, Buffer strings and zlib) and the browser build
// (`dist/index.js`, TextDecoder and fflate), each with a module graph and a WebAssembly core of
// its own. The Node entry is one file of its own now (rollup.config.mjs), but the browser build
// is still imported from a copy of dist/ under node_modules/.cache (where its bare `fflate` import
// still resolves to node_modules/fflate): should the two ever share a module again, the Node
// entry's setup (Buffer, zlib) would reach the browser build through it, and the check below
// would fail.

import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The checkout this fuzzer belongs to.
 *
 * @example
 * join(repositoryRoot, 'test/corpus/MANIFEST.tsv');
 */
export const repositoryRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Imports both builds. `browserCopy` names the copy's folder (one per process keeps parallel
 * workers from overwriting each other's copy while it is imported).
 *
 * @example
 * const { node, browser } = await loadBuilds();
 * node.parse('<urlset/>').kind === browser.parse('<urlset/>').kind; // true
 */
export async function loadBuilds(browserCopy = `browser-${process.pid}`) {
  const dist = join(repositoryRoot, 'dist');
  if (!existsSync(join(dist, 'index.node.js')) || !existsSync(join(dist, 'index.js'))) {
    throw new Error('dist/ has no build: run `npm run build` first');
  }
  const copy = join(repositoryRoot, 'node_modules', '.cache', 'sitemapkit-fuzz', browserCopy);
  rmSync(copy, { recursive: true, force: true });
  mkdirSync(copy, { recursive: true });
  // The whole of dist/: the browser entry imports one module per source file from dist/lib/.
  cpSync(dist, copy, { recursive: true });
  const node = await import(pathToFileURL(join(dist, 'index.node.js')).href);
  const browser = await import(pathToFileURL(join(copy, 'index.js')).href);
  if (node.parse === browser.parse) throw new Error('the browser build shares its module with the Node build');
  return { node, browser };
}
