// A compact set of page URLs for the crawl's "listed in two sitemaps" rule: two 32-bit hashes of
// each (RFC 3986-normalised) URL and the number of the sitemap that listed it first, in typed
// arrays, so a million URLs take 24 MB instead of the ~150 MB of a Set of strings.

/** Slots start at 2^10 and double at half full: 12 bytes a slot, so at most 24 bytes a URL. */
const INITIAL_SLOTS = 1 << 10;

/**
 * URLs seen, by hash. Two independent 32-bit hashes make a false "already listed" as likely as a
 * 64-bit collision: about n² / 2^65, one in 36 million for a million URLs.
 *
 * @example
 * const seen = new UrlHashSet();
 * seen.add('https://example.com/', 0); // -1: new
 * seen.add('https://example.com/', 3); // 0: sitemap 0 listed it first
 */
export class UrlHashSet {
  private first = new Uint32Array(INITIAL_SLOTS);
  private second = new Uint32Array(INITIAL_SLOTS);
  /** The sitemap number + 1 (0: an empty slot). */
  private owner = new Uint32Array(INITIAL_SLOTS);
  private count = 0;

  /** How many URLs it holds. */
  get size(): number {
    return this.count;
  }

  /** Bytes its tables take. */
  get byteLength(): number {
    return this.first.byteLength * 3;
  }

  /** Adds `url` for sitemap number `sitemap` (>= 0); returns the number of the sitemap that had it already, or -1. */
  add(url: string, sitemap: number): number {
    if ((this.count + 1) * 2 > this.owner.length) this.grow();
    const [high, low] = hashes(url);
    const found = this.place(high, low, sitemap + 1, true);
    if (found === 0) this.count++;
    return found - 1;
  }

  /** The number of the sitemap that had `url`, or -1; adds nothing (for when the set is as big as it may get). */
  find(url: string): number {
    const [high, low] = hashes(url);
    return this.place(high, low, 0, false) - 1;
  }

  /** Finds the pair (linear probing) and, with `insert`, puts it in the free slot; returns the owner already there, or 0 when it was not there. */
  private place(high: number, low: number, owner: number, insert: boolean): number {
    const mask = this.owner.length - 1;
    for (let slot = (high ^ Math.imul(low, 0x9e3779b1)) & mask; ; slot = (slot + 1) & mask) {
      const there = this.owner[slot]!;
      if (there === 0) {
        if (!insert) return 0;
        this.first[slot] = high;
        this.second[slot] = low;
        this.owner[slot] = owner;
        return 0;
      }
      if (this.first[slot] === high && this.second[slot] === low) return there;
    }
  }

  private grow(): void {
    const { first, second, owner } = this;
    const slots = owner.length * 2;
    this.first = new Uint32Array(slots);
    this.second = new Uint32Array(slots);
    this.owner = new Uint32Array(slots);
    for (let slot = 0; slot < owner.length; slot++) {
      if (owner[slot] !== 0) this.place(first[slot]!, second[slot]!, owner[slot]!, true);
    }
  }
}

/** FNV-1a and a multiply-rotate hash (murmur-style mixing) over the UTF-16 code units, each 32 bits. */
function hashes(text: string): [number, number] {
  let high = 0x811c9dc5;
  let low = 0x27d4eb2f ^ text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    high = Math.imul(high ^ code, 0x01000193);
    low = Math.imul(low ^ code, 0x5bd1e995);
    low ^= low >>> 15;
  }
  low = Math.imul(low ^ (low >>> 13), 0xc2b2ae35);
  return [high >>> 0, (low ^ (low >>> 16)) >>> 0];
}
