// The core's binaries as the package's default entries ship them (assembly/build.mjs makes them):
// the SIMD build embedded in hex, the scalar build in a chunk of its own, imported only where a
// runtime has no WebAssembly SIMD. src/wasm.ts compiles what these hand out.
//
// Why not both embedded: SIMD runs in every browser since 2023 and in every server runtime, and
// the scalar build cost every bundler user ~16 KB min+gz for nothing (issue #20 §3).
// The Workers/edge entry replaces this module with src/core-binary.edge.ts (rollup.config.mjs).

import { wasmSimdHex } from './wasm-simd.generated';

let simdBytes: Uint8Array | undefined;

/** The value of one hex digit from its character code (0-9, a-f: what assembly/build.mjs writes). */
function hexDigit(code: number): number {
  return (code & 0xf) + (code >> 6) * 9;
}

/** Hex to bytes in JS: ~1 ms for the SIMD build in a fresh process, where nothing faster exists. */
function decodeHexInJavaScript(hex: string): Uint8Array {
  const bytes = new Uint8Array(hex.length >> 1);
  for (let i = 0; i < bytes.length; i++) bytes[i] = (hexDigit(hex.charCodeAt(2 * i)) << 4) | hexDigit(hex.charCodeAt(2 * i + 1));
  return bytes;
}

/** Turns the hex of a build into its bytes. */
export type HexDecoder = (hex: string) => Uint8Array;

/** `Uint8Array.fromHex` (ES2026: Chrome 140, Firefox 133, Safari 18.2) is native; older runtimes loop. */
const fromHex = (Uint8Array as unknown as { fromHex?: HexDecoder }).fromHex;
let decodeBuild: HexDecoder = typeof fromHex === 'function' ? (hex) => fromHex.call(Uint8Array, hex) : decodeHexInJavaScript;

/**
 * Replaces the hex decoder: the Node entry hands in Buffer's (native, ~20x faster than the loop
 * in a fresh process), as it hands in Buffer's string decoding (src/index.node.ts).
 *
 * @example
 * setHexDecoder((hex) => new Uint8Array(Buffer.from(hex, 'hex')));
 */
export function setHexDecoder(decoder: HexDecoder): void {
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
  return (simdBytes ??= decodeBuild(wasmSimdHex));
}

/**
 * The scalar build, for runtimes without SIMD: a dynamic import, so bundlers put it in a chunk
 * that only such runtimes ever load.
 *
 * @example
 * const scalar = await scalarBinary();
 */
export async function scalarBinary(): Promise<Uint8Array | WebAssembly.Module> {
  const { wasmScalarHex } = await import('./wasm-scalar.generated');
  return decodeBuild(wasmScalarHex);
}
