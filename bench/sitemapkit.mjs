// Loads the BUILT sitemapkit package (dist/index.node.js, what `import 'sitemapkit'` resolves to
// in Node), never the TypeScript sources, so the benchmark measures what users install.

import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * dist/index.node.js, or the file named by SITEMAPKIT_BENCH_ENTRY (to compare another build,
 * e.g. an unpacked release or a scalar-only build, under the same harness).
 */
export const SITEMAPKIT_ENTRY = process.env.SITEMAPKIT_BENCH_ENTRY
  ? pathToFileURL(process.env.SITEMAPKIT_BENCH_ENTRY)
  : new URL('../dist/index.node.js', import.meta.url);

/** Thrown when dist/ is missing; the child reports it as a skipped contender, not a failure. */
export class NotBuiltError extends Error {}

/**
 * Import the built package. WASM start-up is timed on its own (startup-child.mjs), so callers
 * run initSync() here, outside any timed region.
 * @returns {Promise<typeof import('../dist/index.node.js')>}
 */
export async function loadSitemapkit({ initialize = true } = {}) {
  if (!existsSync(fileURLToPath(SITEMAPKIT_ENTRY))) {
    throw new NotBuiltError(`${fileURLToPath(SITEMAPKIT_ENTRY)} not built (run npm run build)`);
  }
  const kit = await import(SITEMAPKIT_ENTRY.href);
  if (initialize) kit.initSync();
  return kit;
}
