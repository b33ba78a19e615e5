// The string table: every element/attribute name, prefix and namespace URI gets a small integer
// id, so JS compares numbers instead of bytes and decodes each distinct string once.

import { allocRegion } from './memory';

const MAX_STRINGS: i32 = 65536;
const SLOTS: i32 = 131072; // power of two, load factor <= 0.5
const POOL_BYTES: i32 = 1 << 20;

const slots: usize = allocRegion(<usize>SLOTS * 4); // id + 1 per slot, 0 = empty
const offsets: usize = allocRegion(<usize>MAX_STRINGS * 4);
const lengths: usize = allocRegion(<usize>MAX_STRINGS * 4);
const slotOf: usize = allocRegion(<usize>MAX_STRINGS * 4);
const continuationCounts: usize = allocRegion(<usize>MAX_STRINGS * 4); // UTF-8 continuation bytes
const pool: usize = allocRegion(<usize>POOL_BYTES);

let count: i32 = 0;
let poolUsed: i32 = 0;
let frozenCount: i32 = 0;
let frozenPool: i32 = 0;

/** FNV-1a over a byte range: the one hash for names and URIs. */
export function hashBytes(ptr: usize, byteLength: i32): u32 {
  let h: u32 = 0x811c9dc5;
  for (let i = 0; i < byteLength; i++) h = (h ^ <u32>load<u8>(ptr + <usize>i)) * 0x01000193;
  return h;
}

/**
 * Byte equality for short strings (names): 8 bytes at a time, the last 1-7 with one masked
 * compare instead of a byte loop. It reads up to 7 bytes past both ends: every region it is
 * used on (input window, arena, string pool) has slack or another region after it.
 */
export function equalBytes(a: usize, b: usize, n: i32): bool {
  let i = 0;
  for (; i + 8 <= n; i += 8) if (load<u64>(a + <usize>i) != load<u64>(b + <usize>i)) return false;
  const rest = n - i;
  if (rest == 0) return true;
  const mask: u64 = (<u64>1 << (<u64>rest << 3)) - 1;
  return ((load<u64>(a + <usize>i) ^ load<u64>(b + <usize>i)) & mask) == 0;
}

/** The id of the bytes [ptr, ptr+byteLength), adding them if new; -1 when the table is full. */
export function intern(ptr: usize, byteLength: i32, hash: u32): i32 {
  let slot = <i32>(hash & <u32>(SLOTS - 1));
  while (true) {
    const entry = load<i32>(slots + (<usize>slot << 2));
    if (entry == 0) break;
    const id = entry - 1;
    if (load<i32>(lengths + (<usize>id << 2)) == byteLength
      && equalBytes(pool + <usize>load<i32>(offsets + (<usize>id << 2)), ptr, byteLength)) return id;
    slot = (slot + 1) & (SLOTS - 1);
  }
  if (count >= MAX_STRINGS || poolUsed + byteLength > POOL_BYTES) return -1;
  const id = count++;
  memory.copy(pool + <usize>poolUsed, ptr, <usize>byteLength);
  store<i32>(offsets + (<usize>id << 2), poolUsed);
  store<i32>(lengths + (<usize>id << 2), byteLength);
  store<i32>(slotOf + (<usize>id << 2), slot);
  // A continuation byte that starts the string follows no lead byte: invalid UTF-8, which reads
  // as one character (U+FFFD), so it is not counted.
  let continuationBytes = 0;
  for (let i = 1; i < byteLength; i++) if ((load<u8>(ptr + <usize>i) & 0xc0) == 0x80) continuationBytes++;
  store<i32>(continuationCounts + (<usize>id << 2), continuationBytes);
  store<i32>(slots + (<usize>slot << 2), id + 1);
  poolUsed += byteLength;
  return id;
}

function internAscii(text: string): void {
  const n = text.length;
  const scratch = pool + <usize>poolUsed; // intern copies within the pool: fine, same bytes
  for (let i = 0; i < n; i++) store<u8>(scratch + <usize>i, <u8>text.charCodeAt(i));
  intern(scratch, n, hashBytes(scratch, n));
}

/** Drops every string added after the frozen ones (a new document starts). */
export function internReset(): void {
  for (let id = count - 1; id >= frozenCount; id--) {
    // Linear probing: clearing a slot could cut a probe chain, so re-insert what follows it.
    let slot = load<i32>(slotOf + (<usize>id << 2));
    store<i32>(slots + (<usize>slot << 2), 0);
    slot = (slot + 1) & (SLOTS - 1);
    while (true) {
      const entry = load<i32>(slots + (<usize>slot << 2));
      if (entry == 0) break;
      const other = entry - 1;
      store<i32>(slots + (<usize>slot << 2), 0);
      let target = <i32>(hashBytes(pool + <usize>load<i32>(offsets + (<usize>other << 2)), load<i32>(lengths + (<usize>other << 2))) & <u32>(SLOTS - 1));
      while (load<i32>(slots + (<usize>target << 2)) != 0) target = (target + 1) & (SLOTS - 1);
      store<i32>(slots + (<usize>target << 2), entry);
      store<i32>(slotOf + (<usize>other << 2), target);
      slot = (slot + 1) & (SLOTS - 1);
    }
  }
  count = frozenCount;
  poolUsed = frozenPool;
}

export function internFreezeAt(n: i32): void {
  frozenCount = n;
  frozenPool = poolUsed;
}

export function internCount(): i32 { return count; }
export function stringPointerOf(id: i32): usize { return pool + <usize>load<i32>(offsets + (<usize>id << 2)); }
export function stringLengthOf(id: i32): i32 { return load<i32>(lengths + (<usize>id << 2)); }
/** How many UTF-8 continuation bytes the string has (columns count code points). */
// @ts-ignore: decorator
@inline export function continuationsOf(id: i32): i32 { return load<i32>(continuationCounts + (<usize>id << 2)); }

// The reserved ids the tokenizer relies on, in this order (see tokenizer.ts).
internAscii('');
internAscii('xml');
internAscii('xmlns');
internAscii('http://www.w3.org/XML/1998/namespace');
internAscii('http://www.w3.org/2000/xmlns/');
internAscii('version');
internAscii('encoding');
internAscii('standalone');
internFreezeAt(count);
