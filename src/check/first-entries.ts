// Which entry first listed each loc, for SITEMAP_DUPLICATE_LOC (SPEC.md §6): entry numbers by the
// core's loc-set ids (assembly/loc-set.ts), the longest locs by string.

import { LOC_TOO_LONG, type XmlReader } from '../core/xml-reader';
import { LongKeyMap } from '../values/long-key-map';

/**
 * Which entry first listed each loc, for SITEMAP_DUPLICATE_LOC. The locs themselves are in the
 * core's loc set (assembly/loc-set.ts: the tokenizer adds each whole entry's loc, `firstWith` the
 * others), which numbers the distinct ones 0, 1, 2, …; this keeps the entry number per id. The
 * core adds a batch's whole entries before this sees the batch's other entries, so the first
 * entry is the first one *this* is told about, in document order. Locs too long for the set
 * (over LOC_SET_MAX_BYTES) are kept by string. Measured on plain-50k.xml (2026-11-23): with a
 * JS table of the 50,000 loc strings, validate() took ~44 ms (median) and ~32 by its best
 * time; with the ids, ~30 and ~26.
 *
 * @example
 * const first = firstEntries.firstWith(reader, loc, entryNumber);
 * if (first !== 0) console.log(`listed already, in entry ${first}`);
 */
export class FirstEntries {
  #byId = new Int32Array(1024); // entry number per loc id; 0: no entry yet
  /** Locs over LOC_SET_MAX_BYTES: a LongKeyMap, as a Map took quadratic time on long locs of one length. */
  readonly #long = new LongKeyMap<number>();

  /** Sizes the table for about `entries` locs up front. */
  reserve(entries: number): void {
    if (entries > this.#byId.length) this.#byId = new Int32Array(entries);
  }

  /** The entry that listed the loc with id `id` first, or 0 after noting `entry` as that entry. */
  firstWithId(id: number, entry: number): number {
    if (id >= this.#byId.length) {
      const grown = new Int32Array(Math.max(id + 1, this.#byId.length * 2));
      grown.set(this.#byId);
      this.#byId = grown;
    }
    const first = this.#byId[id]!;
    if (first !== 0) return first;
    this.#byId[id] = entry;
    return 0;
  }

  /** firstWithId for a loc the core has not added (it is added now). */
  firstWith(reader: XmlReader, loc: string, entry: number): number {
    const id = reader.locId(loc, true);
    if (id >= 0) return this.firstWithId(id, entry);
    const first = this.#long.get(loc);
    if (first !== undefined) return first;
    this.#long.set(loc, entry);
    return 0;
  }

  /** Whether an entry listed `loc` (for hreflang targets, once the document has ended). */
  listed(reader: XmlReader, loc: string): boolean {
    const id = reader.locId(loc, false);
    if (id === LOC_TOO_LONG) return this.#long.has(loc);
    return id >= 0 && id < this.#byId.length && this.#byId[id] !== 0;
  }
}
