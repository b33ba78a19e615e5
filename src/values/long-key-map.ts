// A string-keyed map that stays linear on long keys (house rule: hostile input never costs more
// than time in proportion to its size; issue #22). V8 hashes a string longer than 16,383
// characters (String::kMaxHashCalcLength) by its length alone, so in a native Map long keys of one
// length all collide and each lookup compares them character by character: 2,000 distinct
// 20,000-character locs, differing only at the end, took 75 s in validate (Node 20, 2026-11-26).

/**
 * Keys up to this long go to a native Map: V8 hashes them whole, in C++ and once per string
 * (String::kMaxHashCalcLength). Hashing them here instead made validate's hreflang test of large
 * clusters take 5.4 s instead of 1.6 s (2026-11-26).
 */
const NATIVE_KEY_LENGTH = 16383;

/**
 * A Map from strings to `V` for keys a document controls (locs, hosts): keys longer than 16,383
 * characters are bucketed by a 53-bit hash of every character, and compared only within a bucket.
 *
 * @example
 * const first = new LongKeyMap<number>();
 * if (!first.has(loc)) first.set(loc, entry);
 */
export class LongKeyMap<V> {
  readonly #native = new Map<string, V>();
  readonly #buckets = new Map<number, Array<[string, V]>>();
  #longKeys = 0;

  /** The number of keys. */
  get size(): number {
    return this.#native.size + this.#longKeys;
  }

  get(key: string): V | undefined {
    if (key.length <= NATIVE_KEY_LENGTH) return this.#native.get(key);
    const bucket = this.#buckets.get(hashOf(key));
    if (bucket !== undefined) for (const [candidate, value] of bucket) if (candidate === key) return value;
    return undefined;
  }

  has(key: string): boolean {
    if (key.length <= NATIVE_KEY_LENGTH) return this.#native.has(key);
    const bucket = this.#buckets.get(hashOf(key));
    return bucket !== undefined && bucket.some(([candidate]) => candidate === key);
  }

  set(key: string, value: V): void {
    if (key.length <= NATIVE_KEY_LENGTH) {
      this.#native.set(key, value);
      return;
    }
    const hash = hashOf(key);
    const bucket = this.#buckets.get(hash);
    if (bucket === undefined) {
      this.#buckets.set(hash, [[key, value]]);
      this.#longKeys++;
      return;
    }
    for (const pair of bucket) {
      if (pair[0] === key) {
        pair[1] = value;
        return;
      }
    }
    bucket.push([key, value]);
    this.#longKeys++;
  }
}

/** Two 32-bit multiplicative hashes of every UTF-16 unit, joined into one 53-bit number. */
function hashOf(key: string): number {
  let a = 0x811c9dc5 | 0, b = key.length | 0;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    a = Math.imul(a ^ code, 0x01000193);
    b = Math.imul(b ^ code, 0x5bd1e995);
    b ^= b >>> 15;
  }
  return (a >>> 0) * 0x200000 + (b >>> 11);
}
