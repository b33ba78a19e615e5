// The core's binaries as the package's default entries ship them (assembly/build.mjs makes them):
// the SIMD build embedded in the printable code of assembly/printable-code.mjs, the scalar build
// in a chunk of its own, imported only where a runtime has no WebAssembly SIMD. src/core/wasm.ts
// decodes and compiles what these hand out.
//
// Why not both embedded: SIMD runs in every browser since 2023 and in every server runtime, and
// the scalar build cost every bundler user ~16 KB min+gz for nothing (issue #20 §3).
// The Workers/edge entry replaces this module with src/core/core-binary.edge.ts, Node's one-file
// entries with src/core/core-binary.node.ts (rollup.config.mjs).

import { wasmSimdPrintable } from './wasm-simd.generated';

/**
 * The SIMD build: in the printable code, or where a platform's bundler compiles `.wasm` imports
 * (the edge entry), the compiled module.
 *
 * @example
 * const simd = simdBinary(); // a string (in browsers, Deno, workers and bundles)
 */
export function simdBinary(): string | Uint8Array | WebAssembly.Module {
  return wasmSimdPrintable;
}

/**
 * The scalar build in the printable code, for runtimes without SIMD: a dynamic import, so
 * bundlers put it in a chunk that only such runtimes ever load.
 *
 * @example
 * const scalar = await scalarBinary();
 */
export async function scalarBinary(): Promise<string | Uint8Array | WebAssembly.Module> {
  const { wasmScalarPrintable } = await import('./wasm-scalar.generated');
  return wasmScalarPrintable;
}
