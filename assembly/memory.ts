// Regions of linear memory owned by the core. Each is bump-allocated once and only replaced by
// a larger one, so JS views stay valid until a call that says it may grow memory.

/**
 * Allocates `bytes` of memory, 16-byte aligned, growing memory by just what it needs. Not filled:
 * the stub runtime's bump allocator hands out memory no one wrote before (only freeLastRegion
 * takes any back, for the input window, which needs no zeros), which WebAssembly gives zeroed; a
 * fill would touch every page of the large regions (input window, arenas) and make them resident
 * before a document needs them.
 */
export function allocRegion(bytes: usize): usize {
  // The stub's allocator doubles memory whenever it grows (runtime/stub.ts maybeGrowMemory): a
  // 16 MiB window for a 12 MB construct left 288 MiB of memory (issue #22 item 6). Growing here
  // first, by what this region needs but at least a quarter (so that regions growing a step at a
  // time, validate()'s loc set, grow memory a logarithmic number of times), leaves it nothing to grow.
  const end = heapTop() + bytes + 64;
  const pages = <usize>memory.size();
  if (end > pages << 16) {
    const needed = (end - (pages << 16) + 0xffff) >>> 16;
    if (memory.grow(<i32>max(needed, pages >> 2)) < 0 && memory.grow(<i32>needed) < 0) unreachable();
  }
  const ptr = heap.alloc(bytes + 16);
  return (ptr + 15) & ~(<usize>15);
}

/**
 * Gives a region from allocRegion back when it is the last one allocated (a bump allocator can
 * only take back its top block); the next allocRegion then starts where it started. Anything
 * else stays allocated. The region's bytes stay as they were until the next allocation writes.
 */
export function freeLastRegion(region: usize): void {
  // The stub's blocks start 16-byte aligned, so allocRegion handed out the block's own pointer.
  heap.free(region);
}

/** Where the stub's allocator puts its next block: found by allocating nothing and giving it back. */
function heapTop(): usize {
  const probe = heap.alloc(0);
  heap.free(probe);
  return probe;
}
