// Regions of linear memory owned by the core. Each is bump-allocated once and only replaced by
// a larger one (never freed), so JS views stay valid until a call that says it may grow memory.

/** Allocates `bytes` of zeroed memory, 16-byte aligned, growing memory as needed. */
export function allocRegion(bytes: usize): usize {
  const ptr = heap.alloc(bytes + 16);
  const aligned = (ptr + 15) & ~(<usize>15);
  memory.fill(aligned, 0, bytes);
  return aligned;
}
