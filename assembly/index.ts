// The WebAssembly core's exports: tokenizer and escaper. Only numbers cross this boundary.
// Functions are exported by name, not with `export *`: that would also export every `const enum`
// member as a global (TokenKind.StartTag, …: 45 globals and their names, which the facade mirrors
// as literals and never reads), 1.2 KB of the binary.

export { ABI_VERSION, SIMD_BUILD } from './errors';
export {
  collapseEntries, tokenizerReset, watchText, reserveInput, keepArena, inputPointer, inputCapacity, tokensPointer,
  tokenCount, consumed, line, lineStart, continuations, arenaPointer, arenaLength, wideArenaPointer, wideArenaLength, suppressedErrors, windowOffset,
  compactInput, internString, internFreeze, stringPointer, stringLength, tokenize,
} from './tokenizer';
export { collapseAlternates, entryNames, stageEntries } from './entries';
export {
  escapeReserve, escapeOutputPointer, escapeErrorOffset, escapeReplacementCount,
  escapeClearTemplates, escapeDefineTemplate, escapeText, escapeAttribute, escapeDateMarkers,
} from './escape';
export { locSetScratch, locSetAddScratch, locSetFindScratch, identityOfScratch } from './loc-set';

/** In-module abort (asconfig `use`): a self-contained module with no `env.abort` import. */
function abortImpl(message: usize, fileName: usize, line: u32, column: u32): void {
  unreachable();
}
