// A compact set of page URLs for the crawl's "listed in two sitemaps" rule: a 64-bit hash of
// each (RFC 3986-normalised) URL and the number of the sitemap that listed it first, in typed
// arrays (open addressing, in 64 shards that grow one at a time), 13–20 bytes a URL.

/** Shards, chosen by the low 6 bits of a URL's hash (its well-mixed half): a shard that grows copies 1/64 of the set. */
const SHARDS = 64;
/** Slots of a new shard (64 shards: 40 KiB for an empty set). */
const INITIAL_SLOTS = 64;
/** The owner numbers fit 16 bits until a walk has read this many sitemaps (the default maxSitemaps is 10,000). */
const SMALL_OWNERS = 0xffff;

/**
 * URLs seen, by a 64-bit hash (two independent 32-bit hashes). A false "already listed" is a
 * 64-bit collision: about n² / 2^65, one in 36 million for a million URLs.
 *
 * Layout (2026-11-26): 64 shards, each a linear-probing table of its own: per slot the two hash
 * words side by side (looking a new URL up, the usual case, touches one cache line; the owner is
 * read only on a hit) and a 16-bit owner while the numbers fit (a shard that gets a larger one
 * moves to 32 bits: 12 bytes a slot), 10 bytes a slot, both in one ArrayBuffer. A shard grows by
 * half when it is 3/4 full (a new URL then probes ~8 slots at worst: one or two cache lines), to
 * any size (the slot is scaled, not masked bits), so the set runs 1/2 to 3/4 full: 13–20
 * bytes a URL, 27 MB at the default maxTrackedUrls (2,000,000), and a growth step copies one
 * shard (0.4 MB there). One table doubling at half full took 20–40 bytes a URL and 40 + 20 MB
 * while it last doubled. Measured and not kept: the shards' buffers resizable (ES2024), each
 * outgrown one shrunk to nothing at once rather than at the next full GC, and none from malloc:
 * 200 sitemaps' growth 155–204 MB (median 164, 6 runs) against 169–193 (median 175, 5 runs), load
 * 2–4.5, but about 30 ns more a URL (V8 reads typed arrays over resizable buffers more slowly) and
 * 23 bytes of gzip over the browser bundle's budget (bench/README.md, Crawl, round 5).
 *
 * @example
 * const seen = new UrlHashSet();
 * seen.add('https://example.com/', 0); // -1: new
 * seen.add('https://example.com/', 3); // 0: sitemap 0 listed it first
 */
export class UrlHashSet {
  // ES private fields: a consumer's minifier shortens their names (the browser bundle's budget).
  /** Per shard, two words a slot: the hash's high and low halves (int32); 0, 0 is an empty slot (a real 0, 0 is stored as 0, 1). */
  readonly #hashes: Int32Array[] = [];
  /** Per shard, the number of the sitemap that listed each slot's URL first. */
  readonly #owners: (Uint16Array | Uint32Array)[] = [];
  /** Per shard, how many URLs it holds. */
  readonly #counts = new Int32Array(SHARDS);
  #count = 0;

  constructor() {
    for (let shard = 0; shard < SHARDS; shard++) this.#grow(shard, INITIAL_SLOTS);
  }

  /** How many URLs it holds. */
  get size(): number {
    return this.#count;
  }

  /** Bytes its tables take. */
  get byteLength(): number {
    return this.#hashes.reduce((sum, hashes) => sum + hashes.buffer.byteLength, 0);
  }

  /** Adds `url` for sitemap number `sitemap` (>= 0; -1 only looks it up); returns the number of the sitemap that had it already, or -1. */
  add(url: string, sitemap: number): number {
    let shard = hash(url);
    let slot = this.#slotOf(shard);
    if (slot >= 0) return this.#owners[shard]![slot]!;
    if (sitemap < 0) return -1;
    const slots = this.#owners[shard]!.length;
    // An owner number past 16 bits moves its shard to 32-bit owners (12 bytes a slot), at its size.
    const widen = sitemap > SMALL_OWNERS && this.#owners[shard] instanceof Uint16Array;
    if (widen || this.#counts[shard]! * 4 >= slots * 3) {
      this.#grow(shard, widen ? slots : (slots * 3 + 1) >> 1, widen); // or 1.5 times, rounded up
      slot = this.#slotOf((shard = hash(url))); // grow() hashed the URLs it moved; this one again
    }
    this.#put(shard, ~slot, sitemap);
    this.#counts[shard]!++;
    this.#count++;
    return -1;
  }

  /** The number of the sitemap that had `url`, or -1; adds nothing (for when the set is as big as it may get). */
  find(url: string): number {
    return this.add(url, -1);
  }

  /**
   * The slot of `shard` holding `high`, `low`, or ~(the free slot where it would go): linear probing
   * from `low` scaled to the shard's slots (its top bits; the shard took the low ones). Scaled, not
   * a remainder: `%` took 40–60 ns more a URL (bench/crawl-url-set.mjs, 2026-11-26).
   */
  #slotOf(shard: number): number {
    const hashes = this.#hashes[shard]!;
    const slots = hashes.length >>> 1;
    let slot = (((low >>> 0) * slots) / 2 ** 32) | 0;
    for (;;) {
      const there = hashes[slot * 2]!, thereLow = hashes[slot * 2 + 1]!;
      if (there === high && thereLow === low) return slot;
      if (!(there | thereLow)) return ~slot;
      if (++slot === slots) slot = 0;
    }
  }

  /** Stores the last hash and `owner` in `slot` of `shard`. */
  #put(shard: number, slot: number, owner: number): void {
    this.#hashes[shard]![slot * 2] = high;
    this.#hashes[shard]![slot * 2 + 1] = low;
    this.#owners[shard]![slot] = owner;
  }

  /** Moves `shard` into a table of `slots` empty slots (32-bit owners if it had them or is to `widen`); the old one goes at the next GC. */
  #grow(shard: number, slots: number, widen?: boolean): void {
    const hashes = this.#hashes[shard], owners = this.#owners[shard];
    const wide = widen || owners instanceof Uint32Array;
    const buffer = new ArrayBuffer(slots * (wide ? 12 : 10));
    this.#hashes[shard] = new Int32Array(buffer, 0, slots * 2);
    this.#owners[shard] = new (wide ? Uint32Array : Uint16Array)(buffer, slots * 8, slots);
    if (!owners) return; // the first table
    for (let slot = 0; slot < owners.length; slot++) {
      high = hashes[slot * 2]!;
      low = hashes[slot * 2 + 1]!;
      if (high | low) this.#put(shard, ~this.#slotOf(shard), owners[slot]!);
    }
  }
}

/** The last hash() result (module variables, not a tuple: no allocation per URL), as int32. `low`, the well-mixed half, chooses the shard by its low 6 bits and the slot by its top bits. */
let high = 0;
let low = 0;

/**
 * FNV-1a and a multiply-rotate hash (murmur-style mixing) over the UTF-16 code units, each 32
 * bits, into `high` and `low`; never both 0 (that pair marks an empty slot). Returns the shard.
 */
function hash(text: string): number {
  let first = 0x811c9dc5;
  let second = 0x27d4eb2f;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    first = Math.imul(first ^ code, 0x01000193);
    second = Math.imul(second ^ code, 0x5bd1e995);
    second ^= second >>> 15;
  }
  second = Math.imul(second ^ (second >>> 13), 0xc2b2ae35);
  high = first;
  low = second ^ (second >>> 16);
  if (!(high | low)) low = 1;
  return low & (SHARDS - 1);
}
