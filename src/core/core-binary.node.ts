// The core's binaries for the Node entries' one-file builds (dist/index.node.js and .cjs, what
// Node loads from the package): the SIMD build embedded as a binary string (one character per
// byte), which Buffer turns into bytes natively (0.1 ms), where decoding the printable code the
// other entries embed took 2-4 ms of a fresh process's start-up, and reading the shipped .wasm
// file with node:fs about 0.9 ms (2026-11-28). These files' size matters to nobody: Node loads
// them from the package. rollup.config.mjs puts this module in place of src/core/core-binary.ts
// in those builds only.

import { Buffer } from 'node:buffer';
import { wasmSimdBinaryString } from './wasm-simd.node.generated';

/**
 * The SIMD build's bytes.
 *
 * @example
 * const simd = simdBinary(); // the bytes of sitemapkit.simd.wasm
 */
export function simdBinary(): Uint8Array {
  const bytes = Buffer.from(wasmSimdBinaryString, 'latin1');
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The scalar build in the printable code, for runtimes without SIMD (no Node since 16.4): a chunk
 * of its own, imported only there.
 *
 * @example
 * const scalar = await scalarBinary();
 */
export async function scalarBinary(): Promise<string> {
  return (await import('./wasm-scalar.generated')).wasmScalarPrintable;
}
