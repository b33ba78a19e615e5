// The core's binaries as the package's default entries ship them (assembly/build.mjs makes them):
// the SIMD build embedded as a binary string, the scalar build in a chunk of its own, imported only where a
// runtime has no WebAssembly SIMD. src/core/wasm.ts compiles what these hand out.
//
// Why not both embedded: SIMD runs in every browser since 2023 and in every server runtime, and
// the scalar build cost every bundler user ~16 KB min+gz for nothing (issue #20 §3).
// The Workers/edge entry replaces this module with src/core/core-binary.edge.ts (rollup.config.mjs).

import { wasmSimdBinaryString } from './wasm-simd.generated';

let simdBytes: Uint8Array | undefined;

/**
 * A binary string (one character per byte, assembly/build.mjs) to bytes in JS, where nothing
 * native exists: one charCodeAt per byte, less than the hex loop it replaced (~1 ms in a fresh
 * process for the SIMD build).
 */
function decodeBinaryStringInJavaScript(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
}

/** Turns the binary string of a build into its bytes. */
export type BinaryStringDecoder = (text: string) => Uint8Array;

let decodeBuild: BinaryStringDecoder = decodeBinaryStringInJavaScript;

/**
 * Replaces the decoder: the Node entry hands in Buffer's (`latin1`, native), as it hands in
 * Buffer's string decoding (src/index.node.ts).
 *
 * @example
 * setBinaryStringDecoder((text) => new Uint8Array(Buffer.from(text, 'latin1')));
 */
export function setBinaryStringDecoder(decoder: BinaryStringDecoder): void {
  decodeBuild = decoder;
}

/**
 * The SIMD build: its bytes (decoded once), or where a platform's bundler compiles `.wasm`
 * imports (the edge entry), the compiled module.
 *
 * @example
 * const simd = simdBinary(); // Uint8Array in browsers, Node, Deno, Bun
 */
export function simdBinary(): Uint8Array | WebAssembly.Module {
  return (simdBytes ??= decodeBuild(wasmSimdBinaryString));
}

/**
 * The scalar build, for runtimes without SIMD: a dynamic import, so bundlers put it in a chunk
 * that only such runtimes ever load.
 *
 * @example
 * const scalar = await scalarBinary();
 */
export async function scalarBinary(): Promise<Uint8Array | WebAssembly.Module> {
  const { wasmScalarBinaryString } = await import('./wasm-scalar.generated');
  return decodeBuild(wasmScalarBinaryString);
}
