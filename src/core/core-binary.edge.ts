// The core's binary for Cloudflare Workers (workerd) and Vercel's edge runtime, which refuse to
// compile WebAssembly from bytes ("Wasm code generation disallowed by embedder"): the shipped
// .wasm file imported as a module, which their bundlers (wrangler, Next.js) turn into a compiled
// WebAssembly.Module. rollup.config.mjs puts this module in place of src/core/core-binary.ts in
// dist/index.edge.js, which the `workerd` and `edge-light` export conditions select.
//
// `?module` is the suffix Vercel requires and wrangler accepts (both documented); the path is the
// one beside dist/index.edge.js in the package.

import simdModule from './sitemapkit.simd.wasm?module';
import { SitemapError } from '../model/errors';

/**
 * The SIMD build, compiled by the platform's bundler (every Workers and edge runtime has SIMD).
 *
 * @example
 * const simd = simdBinary(); // WebAssembly.Module
 */
export function simdBinary(): string | Uint8Array | WebAssembly.Module {
  return simdModule;
}

/**
 * Never needed here (these runtimes all have SIMD); says so rather than compiling bytes.
 *
 * @example
 * await scalarBinary(); // rejects
 */
export async function scalarBinary(): Promise<string | Uint8Array | WebAssembly.Module> {
  throw new SitemapError('INPUT_TYPE', 'This runtime rejected the SIMD build of the core; the Workers/edge entry ships no other. Hand init() a module compiled from sitemapkit.scalar.wasm');
}
