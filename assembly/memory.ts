// Regions of linear memory owned by the core. Each is bump-allocated once and only replaced by
// a larger one (never freed), so JS views stay valid until a call that says it may grow memory.

/**
 * Allocates `bytes` of zeroed memory, 16-byte aligned, growing memory as needed. Not filled:
 * the stub runtime's bump allocator only hands out memory no one wrote before (nothing is ever
 * freed), which WebAssembly gives zeroed; a fill would touch every page of the large regions
 * (input window, arenas) and make them resident before a document needs them.
 */
export function allocRegion(bytes: usize): usize {
  const ptr = heap.alloc(bytes + 16);
  return (ptr + 15) & ~(<usize>15);
}
