// The locs a document has listed, for validate()'s duplicate-loc rule (sitemaps.org lists each
// URL once; SPEC.md §1): the decoded, trimmed UTF-8 bytes of each loc, kept once, with an id
// per distinct value. The tokenizer adds the loc of each whole entry it scans, so JS never makes
// a string for a plain entry's loc; JS adds the others (entities, CDATA, split text, non-ASCII
// read record by record) through the scratch region. Ids are dense: 0, 1, 2, … in order of
// first addition. Which *entry* first listed a loc is JS's business (validate.ts), because the
// core adds a batch's whole entries before JS reads that batch's other entries.
//
// Why here: on plain-50k.xml a JS table of loc strings cost ~10 ms of the validator's ~40
// (making 50,000 strings from the arena, comparing them, the GC keeping them alive).

import { allocRegion } from './memory';
import { equalBytes } from './strings';
import { hashLocBytes, lastHash } from './loc-scan';

/**
 * The longest loc the set keeps (UTF-8 bytes); JS keeps longer ones itself. Far above the
 * protocol's 2,048 characters, so only broken files reach the JS side.
 */
export const LOC_SET_MAX_BYTES: i32 = 4096;

let slots: usize = 0; // per slot: the loc's hash, then its id + 1 (0: empty)
let slotCount: i32 = 0; // a power of two, kept at least twice the ids
let offsets: usize = 0; // per id: where its bytes are (an address in the store's blocks)
let lengths: usize = 0;
let idCapacity: i32 = 0;
let count: i32 = 0;

// The store: each loc's bytes, one after another, in blocks of STORE_BLOCK_BYTES (more for a
// reserve larger than that) that are never copied or given up: a document's next block is the
// next one made for an earlier document, else a new one. One store doubled and copied as it grew
// left every size it outgrew behind in memory, which is never given back: for a 50,000-URL file
// about 4 MB written once more and kept (10.5 MB of the crawl's core memory touched, 6.8 now).
const STORE_BLOCK_BYTES: i32 = 256 * 1024;
let blocks: usize = 0; // per block: its address and its size (two words)
let blockCount: i32 = 0;
let blockCapacity: i32 = 0;
let block: i32 = -1; // the block being written (-1: none yet in this document)
let cursor: usize = 0; // where the next loc's bytes go in it
let blockEnd: usize = 0; // less 16 bytes of slack for equalBytes
/** JS writes a loc here (locSetScratch) to add or find it, or a URL to hash (identityOfScratch). Slack after it for equalBytes. */
const scratch: usize = allocRegion(<usize>LOC_SET_MAX_BYTES + 16);

/** Forgets every loc (a new document). Keeps the regions: the next document likely needs as much. */
export function locSetReset(): void {
  if (count > 0) memory.fill(slots, 0, <usize>slotCount << 3);
  count = 0;
  block = -1;
  cursor = blockEnd = 0;
}

/** Moves to the next block, made now (at least `bytes` long) unless an earlier document made one. May grow memory. */
function nextBlock(bytes: i32): void {
  block++;
  if (block == blockCount || load<i32>(blocks + (<usize>block << 3), 4) < bytes + 16) {
    if (block == blockCount && blockCount == blockCapacity) {
      const capacity = blockCapacity == 0 ? 64 : blockCapacity << 1;
      const next = allocRegion(<usize>capacity << 3);
      if (blockCount > 0) memory.copy(next, blocks, <usize>blockCount << 3);
      blocks = next;
      blockCapacity = capacity;
    }
    // A block too small for this reserve (made by an earlier document's) is replaced in the list.
    const size = max(STORE_BLOCK_BYTES, bytes + 16);
    store<i32>(blocks + (<usize>block << 3), <i32>allocRegion(<usize>size));
    store<i32>(blocks + (<usize>block << 3), size, 4);
    if (block == blockCount) blockCount++;
  }
  cursor = <usize>load<i32>(blocks + (<usize>block << 3));
  blockEnd = cursor + <usize>load<i32>(blocks + (<usize>block << 3), 4) - 16;
}

/**
 * Makes room for `ids` more locs of `bytes` bytes in all, so that adding them cannot grow memory:
 * the tokenizer calls it before it hands a batch to JS, whose adds must leave its views valid.
 * May grow memory.
 */
export function locSetReserve(ids: i32, bytes: i32): void {
  const needIds = count + ids;
  if (needIds > idCapacity) {
    let capacity = idCapacity == 0 ? 1024 : idCapacity;
    while (capacity < needIds) capacity <<= 1;
    const nextOffsets = allocRegion(<usize>capacity << 2), nextLengths = allocRegion(<usize>capacity << 2);
    if (count > 0) {
      memory.copy(nextOffsets, offsets, <usize>count << 2);
      memory.copy(nextLengths, lengths, <usize>count << 2);
    }
    offsets = nextOffsets;
    lengths = nextLengths;
    idCapacity = capacity;
  }
  if (needIds * 2 > slotCount) {
    let capacity = slotCount == 0 ? 2048 : slotCount;
    while (capacity < needIds * 2) capacity <<= 1;
    const old = slots, oldCount = slotCount;
    slots = allocRegion(<usize>capacity << 3);
    slotCount = capacity;
    for (let i = 0; i < oldCount; i++) {
      const entry = old + (<usize>i << 3);
      const id = load<i32>(entry, 4);
      if (id != 0) store<u64>(slots + (<usize>emptySlot(load<u32>(entry)) << 3), load<u64>(entry));
    }
  }
  // Room for `bytes` in this block, else the next block, of at least that much: the rest of this
  // one is left unwritten (never touched, so it takes no memory of the machine's), at most what a
  // batch reserves.
  if (<usize>bytes > blockEnd - cursor) nextBlock(bytes);
}

/**
 * Where a hash's probe starts. The loc hash ends in multiplications, whose low bits depend only
 * on low bits of the input, so it is mixed again (MurmurHash3's finalizer) before the low bits
 * are taken: locs that differ only near the end must not share probe chains.
 */
// @ts-ignore: decorator
@inline function firstSlot(hash: u32): i32 {
  hash ^= hash >>> 16;
  hash *= 0x85ebca6b;
  hash ^= hash >>> 13;
  hash *= 0xc2b2ae35;
  hash ^= hash >>> 16;
  return <i32>(hash & <u32>(slotCount - 1));
}

function emptySlot(hash: u32): i32 {
  let slot = firstSlot(hash);
  while (load<i32>(slots + (<usize>slot << 3), 4) != 0) slot = (slot + 1) & (slotCount - 1);
  return slot;
}

/**
 * The second word of the slot where the probe for `hash` starts (0 before the table exists): a
 * load made ahead of locSetAdd, so that several adds wait on memory at once (tokenizer.ts
 * addPendingLocs).
 */
export function locSetSlotWord(hash: u32): i32 {
  if (slotCount == 0) return 0;
  return load<i32>(slots + (<usize>firstSlot(hash) << 3), 4);
}

/** Where the last locSetFind that found nothing stopped: the empty slot the loc would go in. */
let freeSlot: i32 = 0;

/** The id of the loc [ptr, ptr + n), or -1 when the set does not have it (see freeSlot). */
export function locSetFind(ptr: usize, n: i32, hash: u32): i32 {
  if (slotCount == 0) return -1;
  let slot = firstSlot(hash);
  while (true) {
    const entry = slots + (<usize>slot << 3);
    const found = load<i32>(entry, 4);
    if (found == 0) {
      freeSlot = slot;
      break;
    }
    const id = found - 1;
    if (load<u32>(entry) == hash && load<i32>(lengths + (<usize>id << 2)) == n
      && equalBytes(<usize>load<i32>(offsets + (<usize>id << 2)), ptr, n)) return id;
    slot = (slot + 1) & (slotCount - 1);
  }
  return -1;
}

/**
 * The id of the loc [ptr, ptr + n) (`hash`: hashLocBytes of it), adding it if new; -1 when it is
 * longer than LOC_SET_MAX_BYTES. May grow memory unless locSetReserve made room.
 */
export function locSetAdd(ptr: usize, n: i32, hash: u32): i32 {
  if (n > LOC_SET_MAX_BYTES) return -1;
  locSetReserve(1, n); // first: growing the table moves every slot
  const known = locSetFind(ptr, n, hash);
  if (known >= 0) return known;
  const id = count++;
  memory.copy(cursor, ptr, <usize>n);
  store<i32>(offsets + (<usize>id << 2), <i32>cursor);
  store<i32>(lengths + (<usize>id << 2), n);
  cursor += <usize>n;
  const entry = slots + (<usize>freeSlot << 3);
  store<u32>(entry, hash);
  store<i32>(entry, id + 1, 4);
  return id;
}

/** Where JS writes a loc's UTF-8 bytes (at most LOC_SET_MAX_BYTES) for locSetAddScratch / locSetFindScratch. */
export function locSetScratch(): usize {
  return scratch;
}

/** locSetAdd of the `n` bytes JS wrote at locSetScratch(). */
export function locSetAddScratch(n: i32): i32 {
  return locSetAdd(scratch, n, hashLocBytes(scratch, n));
}

/** locSetFind of the `n` bytes JS wrote at locSetScratch(). */
export function locSetFindScratch(n: i32): i32 {
  if (n > LOC_SET_MAX_BYTES) return -1;
  return locSetFind(scratch, n, hashLocBytes(scratch, n));
}

/**
 * The identity (loc-scan.ts lastHash) of the `n` bytes (at most LOC_SET_MAX_BYTES) JS wrote at
 * locSetScratch(), written over their first eight: the crawl's URL that the scan gave none
 * (src/site/crawl-url-set.ts identityOf), hashed as the scan hashes a loc, so that one page has
 * one identity whichever way it was read.
 */
export function identityOfScratch(n: i32): void {
  hashLocBytes(scratch, n);
  store<u64>(scratch, lastHash);
}
