// A compact set of page URLs for the crawl's "listed in two sitemaps" rule: a 64-bit hash of
// each (RFC 3986-normalised) URL and the number of the sitemap that listed it last, in typed
// arrays (open addressing, in 64 shards that grow one at a time), 13–20 bytes a URL. The hash is
// the core's (assembly/loc-scan.ts hashLocBytes): the scan gives it with a plain entry's loc, and
// identityOf hashes any other URL's comparableUrl form with the same function.

import { getCore } from '../core/wasm';

/** Shards, chosen by the low 6 bits of a URL's hash (its well-mixed half): a shard that grows copies 1/64 of the set. */
const SHARDS = 64;
/** Slots of a new shard (64 shards: 40 KiB for an empty set). */
const INITIAL_SLOTS = 64;
/** The owner numbers fit 16 bits until a walk has read this many sitemaps (the default maxSitemaps is 10,000). */
const SMALL_OWNERS = 0xffff;

/**
 * URLs seen, by a 64-bit identity (identityOf, or the core's with an entry: src/read/loc-identities.ts),
 * as its two halves. A false "already listed" is a 64-bit collision: about n² / 2^65, one in 36
 * million for a million URLs.
 *
 * Layout (2026-11-26, round 6): 64 shards, each a linear-probing table of its own, its slots
 * split in two. A 16-bit mark a slot (the hash's high word's low 16 bits with bit 0 set; 0 is an
 * empty slot) is what a probe reads: 2 bytes a slot, 3.3 MB at a million URLs where the slots
 * are 17. Two 32-bit words a slot are read only where the mark matches and written when a URL is
 * added: the high word's top 16 bits with the 16-bit owner above them, and the low word with the
 * high word's bit 0 in its own bit 0 (the low word's bit 0 is the shard's, and the place is read
 * from its other bits). So all 64 bits are kept, in 10 bytes a slot; a shard that gets an owner
 * past 65,535 keeps the owners' top 16 bits in a third array (12 bytes a slot). Probing the
 * 8-byte slots themselves missed the cache nearly every time: the set alone added a URL in 373 ns
 * at a million URLs and 453 at two million, with the marks 233 and 248; in the validating walk
 * the probe's own time went from 218 to 166 ms (bench/README.md, Crawl, round 6). A shard grows
 * by half when 3/4 full (a new URL then probes ~8 marks at worst: one cache line), to any size
 * (the place is scaled, not masked bits), so the set runs 1/2 to 3/4 full: 13–20 bytes a URL, 27
 * MB at the default maxTrackedUrls (2,000,000), and a growth step copies one shard (0.4 MB
 * there). Measured and not kept: the shards' buffers resizable (ES2024), each outgrown one shrunk
 * to nothing at once rather than at the next full GC, and none from malloc: 200 sitemaps' growth
 * 155–204 MB (median 164, 6 runs) against 169–193 (median 175, 5 runs), load 2–4.5, but about 30
 * ns more a URL (V8 reads typed arrays over resizable buffers more slowly) and 23 bytes of gzip
 * over the browser bundle's budget (bench/README.md, Crawl, round 5).
 *
 * @example
 * const seen = new UrlHashSet(), identity = new Int32Array(2);
 * identityOf('https://example.com/', identity, 0);
 * seen.add(identity[0]!, identity[1]!, 0); // -1: new
 * seen.add(identity[0]!, identity[1]!, 3); // 0: sitemap 0 listed it (sitemap 3 has it now)
 * seen.add(identity[0]!, identity[1]!, 3); // 3: sitemap 3 listed it (again)
 */
export class UrlHashSet {
  // ES private fields: a consumer's minifier shortens their names (the browser bundle's budget).
  /** Per shard, a mark a slot: `high`'s low 16 bits with bit 0 set; 0 is an empty slot. */
  readonly #marks: Uint16Array[] = [];
  /** Per shard, two words a slot: `high`'s top 16 bits and the owner's low 16 above them; `low` with `high`'s bit 0 as its bit 0. */
  readonly #words: Int32Array[] = [];
  /** Per shard that took an owner past 65,535: the owners' top 16 bits. */
  readonly #wideOwners: (Uint16Array | undefined)[] = [];
  /** Per shard, how many URLs it holds. */
  readonly #counts = new Int32Array(SHARDS);
  #count = 0;
  /** The least a shard grows to (reserve). */
  #leastSlots = 0;
  /** What touch() read, kept so that the compiler keeps its loads. */
  #touched = 0;

  constructor() {
    for (let shard = 0; shard < SHARDS; shard++) this.#grow(shard, INITIAL_SLOTS);
  }

  /** How many URLs it holds. */
  get size(): number {
    return this.#count;
  }

  /** Bytes its tables take. */
  get byteLength(): number {
    return this.#marks.reduce((sum, marks) => sum + marks.buffer.byteLength, 0);
  }

  /**
   * Adds the URL of identity `high`, `low` for sitemap number `sitemap` (>= 0; -1 only looks it
   * up), or with `insert` false only gives it to that sitemap if it is there; returns the number of
   * the sitemap that had it, or -1. A URL the set has goes to the sitemap that lists it again, so
   * that a file listing another file's URL twice is told once (the second time it finds itself).
   */
  add(high: number, low: number, sitemap: number, insert = true): number {
    const shard = low & (SHARDS - 1);
    // The shard's arrays in locals, read again only after a growth (a new URL's stores went through
    // `this.#…[shard]` again each): as fast, 8 bytes less of the browser bundle (bench/README.md,
    // Crawl, round 9).
    let marks = this.#marks[shard]!, words = this.#words[shard]!, slot = slotOf(marks, words, high, low);
    if (slot >= 0) {
      const owner = (words[slot * 2]! >>> 16) + (this.#wideOwners[shard]?.[slot] ?? 0) * 65_536;
      if (sitemap >= 0 && sitemap !== owner) {
        if (sitemap > SMALL_OWNERS && !this.#wideOwners[shard]) {
          this.#grow(shard, marks.length, true);
          slot = slotOf(this.#marks[shard]!, (words = this.#words[shard]!), high, low);
        }
        this.#own(shard, words, slot, sitemap);
      }
      return owner;
    }
    if (sitemap < 0 || !insert) return -1;
    const slots = marks.length;
    // An owner number past 16 bits gives its shard the owners' top halves (12 bytes a slot), at its size.
    const widen = sitemap > SMALL_OWNERS && !this.#wideOwners[shard];
    if (widen || this.#counts[shard]! * 4 >= slots * 3) {
      this.#grow(shard, widen ? slots : Math.max((slots * 3 + 1) >> 1, this.#leastSlots), widen); // 1.5 times, rounded up, or as reserved
      slot = slotOf((marks = this.#marks[shard]!), (words = this.#words[shard]!), high, low);
    }
    slot = ~slot;
    marks[slot] = high | 1;
    words[slot * 2] = high >>> 16;
    words[slot * 2 + 1] = (low & ~1) | (high & 1);
    this.#own(shard, words, slot, sitemap);
    this.#counts[shard]!++;
    this.#count++;
    return -1;
  }

  /**
   * Sizes the set for about `urls` URLs in all, so that a set that gets that many grows no more:
   * from now on a shard that fills grows, once, to hold its share (urls / 64) at 0.72 full (3/4 and
   * some room, since the shards fill unevenly: 4% is 5 standard deviations of a shard's count at a
   * million URLs), or by half if that is more. Nothing is allocated until a shard fills, as before,
   * so a guess far too large costs tables only as the URLs come, and never more than `most` URLs'
   * (the walk's maxTrackedUrls) nor 2,000,000 URLs' (28 MB, whatever `most` is: it may be Infinity).
   * A guess past `most` sizes nothing (the set grows as it did): such a walk's set reaches the cap
   * anyway, and sized for the cap from its second file, the 200-sitemap walk's RSS growth was 16 MB
   * higher (medians of 7 runs, within that walk's wide spread, so perhaps noise, but no gain to pay
   * for it). A walk that can foresee its size calls it (src/site/crawl-walk.ts): each growth
   * allocates a shard's table anew, and the outgrown tables, 34 MB for the 17 MB a million URLs end
   * in, brought V8's mark-compacts sooner (bench/README.md, Crawl, rounds 9 and 10). What it holds
   * and answers is as before.
   *
   * @example
   * seen.reserve(1_000_000, 2_000_000); // a shard that fills grows to 21,739 slots
   */
  reserve(urls: number, most: number): void {
    // A shard's share at 0.72 full is urls / 64 / 0.72 = urls / 46. Literals: the browser
    // bundle's budget.
    this.#leastSlots = urls > most ? 0 : (Math.min(urls, 2_000_000) / 46) | 0;
  }

  /**
   * Reads, and only reads, the mark where the probe of each of `count` identities from entry
   * `from` of a LocIdentities table starts (src/read/loc-identities.ts: three words an entry, not
   * 0 when it has one, then high and low), so that the adds that follow find it in the cache.
   * One add a page entry, between the walk's other work, waits alone for its cache miss into the
   * marks (3.3 MB at a million URLs); these loads, independent of one another in a tight loop,
   * wait for theirs together. The set does not change: the adds still come one at a time, in
   * order. Reading the first words too (where an add writes) was no better (bench/README.md,
   * Crawl, round 8).
   *
   * @example
   * seen.touch(identities.words, 0, entries.length); // then seen.add(...) for each, as before
   */
  touch(identities: Int32Array, from: number, count: number): void {
    // An entry without an identity has zeros there (the table is emptied for each file), and past
    // the table's end (entries read record by record take no place in it) a load gives undefined,
    // also read as 0: one more load of shard 0's first mark, fewer bytes of the bundle than a test.
    for (let at = from * 3 + 2; at < (from + count) * 3; at += 3) {
      const marks = this.#marks[identities[at]! & (SHARDS - 1)]!;
      this.#touched ^= marks[placeOf(identities[at]!, marks.length)]!;
    }
  }

  /** Gives a slot (of `words`, the shard's) to sitemap number `sitemap`: its low 16 bits above the hash's top 16, the rest in the owners' top halves if the shard has them. */
  #own(shard: number, words: Int32Array, slot: number, sitemap: number): void {
    words[slot * 2] = (words[slot * 2]! & 0xffff) | (sitemap << 16);
    const wide = this.#wideOwners[shard];
    if (wide) wide[slot] = sitemap / 65_536;
  }

  /** The number of the sitemap that had the URL of identity `high`, `low`, or -1; changes nothing (for when the set is as big as it may get). */
  find(high: number, low: number): number {
    return this.add(high, low, -1);
  }

  /**
   * Moves `shard` into a table of `slots` empty slots (with the owners' top halves if it had them
   * or is to `widen`); the old one goes at the next GC. Each slot is copied as it is stored, to the
   * first free one from its place in the new table: no hash to rebuild, nothing to compare (the
   * URLs are distinct), and in the order of their places, so both tables are read and written
   * nearly in sequence. Where its time goes (2026-11-27, bench/README.md, Crawl, round 9): 2.69
   * million slots moved for a million URLs, 14 ns each in the cache and 17–31 in the last steps,
   * more than half of it the two branches on the data (an empty slot or not, a probe of 0, 1 or
   * more steps); the same loop without them, copying wrong tables, takes 15 ms instead of 37. Not
   * the float math, page faults, the owners' test or a deopt. A version without those branches
   * (masks, a run of the new table known to be full: the same tables, byte for byte) was no faster
   * in the walk and cost 111 bytes of the bundle: not kept.
   */
  #grow(shard: number, slots: number, widen?: boolean): void {
    const marks = this.#marks[shard], words = this.#words[shard]!, owners = this.#wideOwners[shard];
    const wide = widen || owners;
    const buffer = new ArrayBuffer(slots * (wide ? 12 : 10));
    const newWords = (this.#words[shard] = new Int32Array(buffer, 0, slots * 2));
    const newMarks = (this.#marks[shard] = new Uint16Array(buffer, slots * 8, slots));
    const newOwners = (this.#wideOwners[shard] = wide ? new Uint16Array(buffer, slots * 10, slots) : undefined);
    if (!marks) return; // the first table
    for (let slot = 0; slot < marks.length; slot++) {
      const mark = marks[slot]!, rest = words[slot * 2 + 1]!;
      if (mark === 0) continue;
      let to = placeOf(rest, slots); // `rest` is `low` but its bit 0
      while (newMarks[to] !== 0) if (++to === slots) to = 0;
      newMarks[to] = mark;
      newWords[to * 2] = words[slot * 2]!;
      newWords[to * 2 + 1] = rest;
      if (newOwners) newOwners[to] = owners?.[slot] ?? 0;
    }
  }
}

/**
 * The slot of a shard's `marks` and `words` holding `high`, `low`, or ~(the free slot where it
 * would go): linear probing over the marks from `low` (but its bit 0, which its stored form does
 * not keep) scaled to the shard's slots (its top bits; the shard took the low ones), the words
 * read only where the mark matches. Scaled, not a remainder: `%` took 40–60 ns more a URL
 * (bench/crawl-url-set.mjs, 2026-11-26).
 */
function slotOf(marks: Uint16Array, words: Int32Array, high: number, low: number): number {
  const slots = marks.length, mark = high | 1, rest = (low & ~1) | (high & 1);
  let slot = placeOf(low, slots);
  for (;;) {
    const there = marks[slot]!;
    if (there === 0) return ~slot;
    if (there === (mark & 0xffff) && words[slot * 2 + 1] === rest && ((words[slot * 2]! ^ (high >>> 16)) & 0xffff) === 0) return slot;
    if (++slot === slots) slot = 0;
  }
}

/** Where a URL's probe starts in a table of `slots`: `low`'s bits but bit 0 (which its stored form does not keep), scaled. */
function placeOf(low: number, slots: number): number {
  return (((low >>> 1) * slots) / 2 ** 31) | 0;
}

/** Where identityOf writes a URL's UTF-8 bytes: the core's scratch region (a view of its memory, re-made when it grows). */
let scratch: Uint8Array | undefined;
const encoder = new TextEncoder();

/**
 * The identity of `url` (its comparableUrl form, for a page URL) into `into` at `at` (high) and
 * `at + 1` (low): the core's hash of its UTF-8 bytes (assembly/loc-set.ts identityOfScratch), the
 * one the core's scan gives a plain loc, so that a page has one identity whichever way it was
 * read. A URL longer than the scratch region (4 KiB, which the scan never gives an identity) is
 * hashed a piece at a time, each piece after the identity of what came before.
 *
 * @example
 * const identity = new Int32Array(2);
 * identityOf(comparableUrl('https://EXAMPLE.com/a'), identity, 0);
 */
export function identityOf(url: string, into: Int32Array, at: number): void {
  const core = getCore(), memory = core.u8, pointer = core.exports.locSetScratch();
  if (scratch?.buffer !== memory.buffer) scratch = memory.subarray(pointer, pointer + 4096);
  for (let offset = 0; ; offset = 8) {
    const { read, written } = encoder.encodeInto(url, offset ? scratch.subarray(8) : scratch);
    core.exports.identityOfScratch(written! + offset);
    if (read === url.length) break;
    url = url.slice(read);
  }
  const words = core.i32;
  into[at] = words[(pointer >> 2) + 1]!;
  into[at + 1] = words[pointer >> 2]!;
}
