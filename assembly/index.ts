// The WebAssembly core's exports: tokenizer and escaper. Only numbers cross this boundary.

export { ABI_VERSION, SIMD_BUILD } from './errors';
export * from './tokenizer';
export { collapseAlternates, entryNames, stageEntries } from './entries';
export * from './escape';
export { locSetScratch, locSetAddScratch, locSetFindScratch } from './loc-set';

/** In-module abort (asconfig `use`): a self-contained module with no `env.abort` import. */
export function abortImpl(message: usize, fileName: usize, line: u32, column: u32): void {
  unreachable();
}
