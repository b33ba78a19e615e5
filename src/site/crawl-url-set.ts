// A compact set of page URLs for the crawl's "listed in two sitemaps" rule: a 64-bit hash of
// each (RFC 3986-normalised) URL and the number of the sitemap that listed it last, in typed
// arrays (open addressing over buckets of one cache line, in 64 shards that grow one at a time),
// 12–19 bytes a URL. The hash is the core's (assembly/loc-scan.ts hashLocBytes): the scan gives it
// with a plain entry's loc, and identityOf hashes any other URL's comparableUrl form with the same
// function.

import { getCore } from '../core/wasm';

/** Shards, chosen by the low 6 bits of a URL's hash (its well-mixed half): a shard that grows copies 1/64 of the set. */
const SHARDS = 64;
/** Slots a bucket: 6 marks (12 bytes) and 6 slots of two words (48 bytes) in 64 bytes, one cache line. */
const BUCKET_SLOTS = 6;
/** Buckets of a new shard (66 slots; 64 shards: 44 KiB for an empty set). */
const INITIAL_BUCKETS = 11;
/** The owner numbers fit 16 bits until a walk has read this many sitemaps (the default maxSitemaps is 10,000). */
const SMALL_OWNERS = 0xffff;

/**
 * URLs seen, by a 64-bit identity (identityOf, or the core's with an entry: src/read/loc-identities.ts),
 * as its two halves. A false "already listed" is a 64-bit collision: about n² / 2^65, one in 36
 * million for a million URLs.
 *
 * Layout (2026-11-28, round 23): 64 shards, each a table of 64-byte buckets, probed bucket after
 * bucket from the URL's place. A bucket is one cache line: its first 12 bytes are six 16-bit marks
 * (the hash's high word's low 16 bits with bit 0 set; 0 is an empty slot), filled in order, and
 * from byte 16 its six slots of two 32-bit words: the high word's top 16 bits with the 16-bit owner
 * above them, and the low word with the high word's bit 0 in its own bit 0 (the low word's bit 0 is
 * the shard's, and the place is read from its other bits). So all 64 bits are kept, in 64 bytes for
 * 6 URLs; a shard that gets an owner past 65,535 keeps the owners' top 16 bits in 16 more bytes a
 * bucket. An add reads the marks and writes a slot of the same line: one cache miss (and one page of
 * the TLB) where the marks in one array and the slots in another took two. In the validating walk
 * of 1,000,000 URLs that was about 190 ms of CPU in `add` (a profile) and 220 ms of the walk's wall
 * time (the walk with the set's adds returning at once); the buckets took back 50–210 ms of it
 * (alternated pairs, bench/README.md, Crawl, round 23). A line of marks alone and slots beside it
 * (round 6, when the probe read the slots themselves and missed the cache nearly every time) had
 * been the step before. A shard grows by half when 7/8 full (six slots a bucket take the clustering
 * that made single slots grow at 3/4), to any number of buckets (the place is scaled, not masked
 * bits), and not past its share of the most URLs the walk keeps (reserve), so the set runs 7/12 to
 * 7/8 full: 12–19 bytes a URL, 26.7 MB at the default maxTrackedUrls (2,000,000, at 0.8 full), and
 * a growth step copies one shard (0.4 MB there). An outgrown table is handed back at once (#grow:
 * transferred, so the next scavenge frees it). Measured and not kept before that: the shards' buffers
 * resizable (ES2024), each outgrown one shrunk to nothing at once rather than at the next full GC:
 * 200 sitemaps' growth 155–204 MB (median 164, 6 runs) against 169–193 (median 175, 5 runs), load
 * 2–4.5, but about 30 ns more a URL (V8 reads typed arrays over resizable buffers more slowly) and
 * 23 bytes of gzip over the browser bundle's budget (bench/README.md, Crawl, round 5).
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
  /** Per shard, its buckets as 16-bit units (32 a bucket): the marks are units 0–5 of each. */
  readonly #marks: Uint16Array[] = [];
  /** Per shard, the same buckets as 32-bit words (16 a bucket): slot i's two words are 4 + 2i and 5 + 2i. */
  readonly #words: Int32Array[] = [];
  /** Per shard that took an owner past 65,535: the owners' top 16 bits, 8 a bucket (by slot number). */
  readonly #wideOwners: (Uint16Array | undefined)[] = [];
  /** Per shard, how many URLs it holds. */
  readonly #counts = new Int32Array(SHARDS);
  #count = 0;
  /** The fewest buckets a shard grows to (reserve). */
  #leastBuckets = 0;
  /** The most buckets a shard grows to by half (reserve: its share of `most` URLs); 0: no such bound. */
  #mostBuckets = 0;
  /** What touch() read, kept so that the compiler keeps its loads. */
  #touched = 0;

  constructor() {
    for (let shard = 0; shard < SHARDS; shard++) this.#grow(shard, INITIAL_BUCKETS);
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
      const owner = (words[wordOf(slot)]! >>> 16) + (this.#wideOwners[shard]?.[slot] ?? 0) * 65_536;
      if (sitemap >= 0 && sitemap !== owner) {
        if (sitemap > SMALL_OWNERS && !this.#wideOwners[shard]) {
          this.#grow(shard, marks.length >> 5, true);
          slot = slotOf(this.#marks[shard]!, (words = this.#words[shard]!), high, low);
        }
        this.#own(shard, words, slot, sitemap);
      }
      return owner;
    }
    if (sitemap < 0 || !insert) return -1;
    const buckets = marks.length >> 5;
    // An owner number past 16 bits gives its shard the owners' top halves (16 bytes a bucket more), at its size.
    const widen = sitemap > SMALL_OWNERS && !this.#wideOwners[shard];
    if (widen || this.#counts[shard]! * 8 >= buckets * (BUCKET_SLOTS * 7)) {
      // 1.5 times, rounded up, but not past the shard's share of the most URLs it may take (when
      // it is short of it), and at least as reserved.
      let to = (buckets * 3 + 1) >> 1;
      if (to > this.#mostBuckets && buckets < this.#mostBuckets) to = this.#mostBuckets;
      this.#grow(shard, widen ? buckets : Math.max(to, this.#leastBuckets), widen);
      slot = slotOf((marks = this.#marks[shard]!), (words = this.#words[shard]!), high, low);
    }
    slot = ~slot;
    marks[markOf(slot)] = high | 1;
    const word = wordOf(slot);
    words[word] = high >>> 16;
    words[word + 1] = (low & ~1) | (high & 1);
    this.#own(shard, words, slot, sitemap);
    this.#counts[shard]!++;
    this.#count++;
    return -1;
  }

  /**
   * Sizes the set for about `urls` URLs in all, so that a set that gets that many grows no more:
   * from now on a shard that fills grows, once, to hold its share (urls / 64) at 0.8 full (7/8 and
   * some room, since the shards fill unevenly: 4% is 5 standard deviations of a shard's count at a
   * million URLs), or by half if that is more. Nothing is allocated until a shard fills, as before,
   * so a guess far too large costs tables only as the URLs come, and never more than `most` URLs'
   * (the walk's maxTrackedUrls) nor 2,000,000 URLs' (26.7 MB, whatever `most` is: it may be Infinity).
   * A guess past `most` sizes nothing (the set grows as it did): such a walk's set reaches the cap
   * anyway, and sized for the cap from its second file, the 200-sitemap walk's RSS growth was 16 MB
   * higher (medians of 7 runs, within that walk's wide spread, so perhaps noise, but no gain to pay
   * for it). From then on, though, a shard grows by half only up to its share of `most` (unless it
   * fills that too), where the steps of half end anywhere up to 1.5 times it: at 2,000,000 URLs
   * (the 200-sitemap walk's) 26.7 MB of buckets instead of 30.3. A walk that can foresee its size
   * calls it (src/site/crawl-walk.ts): each growth allocates a shard's table anew, and the outgrown
   * tables, 34 MB for the 17 MB a million URLs ended in (round 9's layout), brought V8's
   * mark-compacts sooner (bench/README.md, Crawl, rounds 9 and 10). What it holds and answers is as
   * before.
   *
   * @example
   * seen.reserve(1_000_000, 2_000_000); // a shard that fills grows to 3,257 buckets (19,542 slots)
   */
  reserve(urls: number, most: number): void {
    // A shard's share at 0.8 full is urls / 64 / 0.8 = urls / 51.2 slots, urls / 307.2 buckets.
    // Literals: the browser bundle's budget.
    this.#leastBuckets = urls > most ? 0 : (Math.min(urls, 2_000_000) / 307) | 0;
    this.#mostBuckets = (Math.min(most, 2_000_000) / 307) | 0;
  }

  /**
   * Reads, and only reads, the bucket where the probe of each of `count` identities from entry
   * `from` of a LocIdentities table starts (src/read/loc-identities.ts: three words an entry, not
   * 0 when it has one, then high and low), so that the adds that follow find its line in the
   * cache: marks and slots, what an add reads and writes. One add a page entry, between the walk's
   * other work, waits alone for its cache miss (14 MB of buckets at a million URLs); these loads,
   * independent of one another in a tight loop, wait for theirs together. The set does not change:
   * the adds still come one at a time, in order (all of a slice's adds in one loop before its
   * entries, so that their misses would overlap without this, was no faster: round 23).
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
      this.#touched ^= marks[placeOf(identities[at]!, marks.length >> 5) * 32]!;
    }
  }

  /** Gives a slot (of `words`, the shard's) to sitemap number `sitemap`: its low 16 bits above the hash's top 16, the rest in the owners' top halves if the shard has them. */
  #own(shard: number, words: Int32Array, slot: number, sitemap: number): void {
    const word = wordOf(slot);
    words[word] = (words[word]! & 0xffff) | (sitemap << 16);
    const wide = this.#wideOwners[shard];
    if (wide) wide[slot] = sitemap / 65_536;
  }

  /** The number of the sitemap that had the URL of identity `high`, `low`, or -1; changes nothing (for when the set is as big as it may get). */
  find(high: number, low: number): number {
    return this.add(high, low, -1);
  }

  /**
   * Moves `shard` into a table of `buckets` empty buckets (with the owners' top halves if it had
   * them or is to `widen`); the old one is handed back. Each slot is copied as it is stored, to
   * the first free slot from its place in the new table: no hash to rebuild, nothing to compare (the
   * URLs are distinct), and in the order of their places, so both tables are read and written
   * nearly in sequence. A bucket's slots fill in order and none is emptied, so its first empty mark
   * ends it.
   */
  #grow(shard: number, buckets: number, widen?: boolean): void {
    const marks = this.#marks[shard], words = this.#words[shard]!, owners = this.#wideOwners[shard];
    const wide = widen || owners;
    const buffer = new ArrayBuffer(buckets * (wide ? 80 : 64));
    const newWords = (this.#words[shard] = new Int32Array(buffer, 0, buckets * 16));
    const newMarks = (this.#marks[shard] = new Uint16Array(buffer, 0, buckets * 32));
    const newOwners = (this.#wideOwners[shard] = wide ? new Uint16Array(buffer, buckets * 64, buckets * 8) : undefined);
    if (!marks) return; // the first table
    for (let from = 0; from < marks.length >> 5; from++) {
      for (let index = 0; index < BUCKET_SLOTS; index++) {
        const mark = marks[markOf(from * 8 + index)]!;
        if (mark === 0) break;
        const word = wordOf(from * 8 + index), rest = words[word + 1]!;
        let to = placeOf(rest, buckets) * 8; // `rest` is `low` but its bit 0
        while (newMarks[markOf(to)] !== 0) to = (to & 7) < BUCKET_SLOTS - 1 ? to + 1 : (to >> 3) + 1 < buckets ? (to | 7) + 1 : 0;
        newMarks[markOf(to)] = mark;
        const newWord = wordOf(to);
        newWords[newWord] = words[word]!;
        newWords[newWord + 1] = rest;
        if (newOwners) newOwners[to] = owners?.[from * 8 + index] ?? 0;
      }
    }
    // The outgrown table's bytes go now, not at the mark-compact that would collect its buffer
    // (old by then: a shard lives through many scavenges between growths). Transferring it detaches
    // it, and its bytes go with the copy made here, a young object that the next scavenge collects.
    // The 200-sitemap walk's RSS growth: median 141 MB against 146 in 11 alternated pairs, a few MB
    // of the walk's spread (bench/README.md, Crawl, round 25).
    structuredClone(marks.buffer, { transfer: [marks.buffer] });
  }
}

/** Where slot number `slot`'s mark is in a shard's marks (slot = bucket * 8 + its index in the bucket). */
function markOf(slot: number): number {
  return (slot >> 3) * 32 + (slot & 7);
}

/** The first of slot number `slot`'s two words. */
function wordOf(slot: number): number {
  return (slot >> 3) * 16 + 4 + (slot & 7) * 2;
}

/**
 * The slot number (bucket * 8 + its index there) of a shard's `marks` and `words` holding `high`,
 * `low`, or ~(the free slot where it would go): the marks of the bucket at `low`'s place (but its
 * bit 0, which its stored form does not keep; scaled to the shard's buckets: its top bits, the
 * shard took the low ones), then of the next ones, the words read only where a mark matches.
 * Scaled, not a remainder: `%` took 40–60 ns more a URL (bench/crawl-url-set.mjs, 2026-11-26).
 */
function slotOf(marks: Uint16Array, words: Int32Array, high: number, low: number): number {
  const buckets = marks.length >> 5, mark = (high | 1) & 0xffff, rest = (low & ~1) | (high & 1);
  for (let bucket = placeOf(low, buckets); ; bucket = bucket + 1 < buckets ? bucket + 1 : 0) {
    for (let index = 0; index < BUCKET_SLOTS; index++) {
      const there = marks[bucket * 32 + index]!;
      if (there === 0) return ~(bucket * 8 + index);
      const word = bucket * 16 + 4 + index * 2;
      if (there === mark && words[word + 1] === rest && ((words[word]! ^ (high >>> 16)) & 0xffff) === 0) return bucket * 8 + index;
    }
  }
}

/** Where a URL's probe starts in a table of `buckets`: `low`'s bits but bit 0 (which its stored form does not keep), scaled. */
function placeOf(low: number, buckets: number): number {
  return (((low >>> 1) * buckets) / 2 ** 31) | 0;
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
