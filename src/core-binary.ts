// The core's binaries as the package's default entries ship them (assembly/build.mjs makes them):
// the SIMD build embedded (base64 of its DEFLATE), the scalar build in a chunk of its own, imported only where
// a runtime has no WebAssembly SIMD. src/wasm.ts compiles what these hand out.
//
// Why not both embedded: SIMD runs in every browser since 2023 and in every server runtime, and
// the scalar build's base64 cost every bundler user ~18 KB min+gz for nothing (issue #20 §3).
// The Workers/edge entry replaces this module with src/core-binary.edge.ts (rollup.config.mjs).

// fflate directly, not through gzip.ts: these bytes are ours (no cap needed), and the vitest
// setup file loads this module before a test file's vi.mock('fflate') wraps gzip.ts's copy.
import { inflateSync } from 'fflate';
import { wasmSimdBase64 } from './wasm-simd.generated';

let simdBytes: Uint8Array | undefined;

/** The bytes of a build from its generated module: base64 of raw DEFLATE (assembly/build.mjs says why). */
function decodeBuild(base64: string): Uint8Array {
  const binary = atob(base64);
  const deflated = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) deflated[i] = binary.charCodeAt(i);
  return inflateSync(deflated);
}

/**
 * The SIMD build: its bytes (decoded once), or where a platform's bundler compiles `.wasm`
 * imports (the edge entry), the compiled module.
 *
 * @example
 * const simd = simdBinary(); // Uint8Array in browsers, Node, Deno, Bun
 */
export function simdBinary(): Uint8Array | WebAssembly.Module {
  return (simdBytes ??= decodeBuild(wasmSimdBase64));
}

/**
 * The scalar build, for runtimes without SIMD: a dynamic import, so bundlers put it in a chunk
 * that only such runtimes ever load.
 *
 * @example
 * const scalar = await scalarBinary();
 */
export async function scalarBinary(): Promise<Uint8Array | WebAssembly.Module> {
  const { wasmScalarBase64 } = await import('./wasm-scalar.generated');
  return decodeBuild(wasmScalarBase64);
}
