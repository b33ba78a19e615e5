// fflate's deflater for the Node entries' one-file build, loaded the first time something is
// compressed (gzip(), the serializer's gzip output) instead of when the package is imported: most
// Node programs (parse, validate, the crawl, the CLI's checks) never deflate, and loading fflate
// took ~8 ms of the import and ~5 MB of RSS (2026-11-27). rollup.config.mjs puts this module in
// place of 'fflate' for src/input/gzip.ts in that build only; browsers, workers and bundlers get
// fflate itself. Streams compress with the runtime's CompressionStream, which Node 18+ has.

import { createRequire } from 'node:module';
import type * as Fflate from 'fflate';

let fflate: typeof Fflate | undefined;

/** fflate's Node build, required on first use (synchronously: gzip() is synchronous). */
function loaded(): typeof Fflate {
  return (fflate ??= createRequire(import.meta.url)('fflate') as typeof Fflate);
}

/**
 * fflate's `gzipSync`, loading fflate on the first call.
 *
 * @example
 * const compressed = gzipSync(new TextEncoder().encode('<urlset/>'), { level: 6, mtime: 0 });
 */
export function gzipSync(data: Uint8Array, options?: Fflate.GzipOptions): Uint8Array {
  return loaded().gzipSync(data, options);
}

/**
 * fflate's streaming `Gzip`, loading fflate when the first one is made (only where the runtime
 * has no CompressionStream).
 *
 * @example
 * const deflater = new Gzip({ level: 6, mtime: 0 }, (chunk) => chunks.push(chunk));
 */
export const Gzip = function Gzip(options: Fflate.GzipOptions, ondata: Fflate.FlateStreamHandler) {
  return new (loaded().Gzip)(options, ondata);
} as unknown as typeof Fflate.Gzip;
