// The crawl's page-URL set (src/site/crawl-url-set.ts, UrlHashSet) for CRAWL_DUPLICATE_URL, fed
// identities as the crawl feeds it (identityOf, the core's hash): its answers (the sitemap that listed
// a URL last) against a plain Map of strings, across its shards' growth and the owners' switch from
// 16 to 32 bits (with touch(), which the walk calls before a slice's adds, changing none of them,
// and reserve(), which sizes it for a walk's foreseen size, changing none of them either), and the bytes its tables take.

import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import { identityOf, UrlHashSet } from '../src/site/crawl-url-set';

/** The set takes a URL's identity (the core's hash of its bytes, identityOf): these take the URL. */
const identity = new Int32Array(2);
function add(set: UrlHashSet, url: string, owner: number): number {
  identityOf(url, identity, 0);
  return set.add(identity[0]!, identity[1]!, owner);
}
function takeOver(set: UrlHashSet, url: string, owner: number): number {
  identityOf(url, identity, 0);
  return set.add(identity[0]!, identity[1]!, owner, false);
}
function find(set: UrlHashSet, url: string): number {
  identityOf(url, identity, 0);
  return set.find(identity[0]!, identity[1]!);
}

/** Bytes a bucket of 6 slots (6 marks, 6 × two hash words with a 16-bit owner), one cache line; 16 more for the owners' top halves past 65,535. */
const BUCKET_BYTES = 64;
const WIDE_BUCKET_BYTES = 80;
/** Slots in `bytes` of narrow buckets. */
const slotsIn = (bytes: number) => (bytes / BUCKET_BYTES) * 6;
/** A new shard's buckets (66 slots). */
const EMPTY_BYTES = 64 * 11 * BUCKET_BYTES;

describe('UrlHashSet', () => {
  it('says which sitemap listed a URL last, which then has it, and -1 for a new one', () => {
    const set = new UrlHashSet();
    expect(add(set, 'https://example.com/a', 0)).toBe(-1);
    expect(add(set, 'https://example.com/b', 0)).toBe(-1);
    expect(add(set, 'https://example.com/a', 3)).toBe(0);
    expect(add(set, 'https://example.com/a', 3)).toBe(3); // the same file again: it finds itself
    expect(add(set, 'https://example.com/b', 7)).toBe(0);
    expect(add(set, 'https://example.com/a', 1)).toBe(3);
    expect(add(set, 'https://example.com/a/', 3)).toBe(-1);
    expect(set.size).toBe(3);
    // find() looks up without remembering or taking over.
    expect(find(set, 'https://example.com/b')).toBe(7);
    expect(find(set, 'https://example.com/a')).toBe(1);
    expect(find(set, 'https://example.com/c')).toBe(-1);
    // Without insert (past the walk's maxTrackedUrls): a URL it has is taken over, a new one not remembered.
    expect(takeOver(set, 'https://example.com/b', 9)).toBe(7);
    expect(find(set, 'https://example.com/b')).toBe(9);
    expect(takeOver(set, 'https://example.com/d', 9)).toBe(-1);
    expect(find(set, 'https://example.com/d')).toBe(-1);
    expect(set.size).toBe(3);
    expect(find(set, 'https://example.com/c')).toBe(-1);
    expect(find(set, 'https://example.com/c')).toBe(-1);
    expect(set.size).toBe(3);
  });

  it('keeps every URL across growth, with no false repeat among 200,000 distinct URLs', () => {
    const set = new UrlHashSet();
    const empty = set.byteLength;
    // Counted, not one expect() each: 200,000 of those take seconds on a busy machine.
    let falseRepeats = 0, wrongOwners = 0;
    for (let i = 0; i < 200_000; i++) if (add(set, `https://example.com/page/${i}`, i % 5) !== -1) falseRepeats++;
    for (let i = 0; i < 200_000; i += 997) if (add(set, `https://example.com/page/${i}`, 9) !== i % 5) wrongOwners++;
    expect([falseRepeats, wrongOwners]).toEqual([0, 0]);
    expect(set.size).toBe(200_000);
    // An empty set is small (64 shards of 11 buckets, 66 slots); a grown one is between 7/12 and
    // 7/8 full, 64 bytes for 6 slots: 12.2–18.3 bytes a URL (one table doubling at half full took up to 40).
    expect(empty).toBe(EMPTY_BYTES);
    // The hash spreads URLs evenly: every shard holds about 3,125 and grew (11, 17, 26, … 453
    // buckets) to 680 (4,080 slots), none further (a shard past 3,570 URLs would have grown to 1,020).
    expect(set.byteLength).toBe(64 * 680 * BUCKET_BYTES);
    const slots = slotsIn(set.byteLength);
    expect(Number.isInteger(slots)).toBe(true);
    expect(200_000 / slots).toBeGreaterThanOrEqual(7 / 12);
    expect(200_000 / slots).toBeLessThanOrEqual(7 / 8);
  });

  it('hands each outgrown table back as it grows (transferred: detached here, its bytes freed at the next scavenge, not at a mark-compact)', () => {
    const transferred: ArrayBuffer[] = [];
    const clone = vi.spyOn(globalThis, 'structuredClone').mockImplementation((value, options) => {
      transferred.push(...((options?.transfer ?? []) as ArrayBuffer[]));
      return value;
    });
    try {
      const set = new UrlHashSet();
      const sizes = new Set([set.byteLength]);
      for (let i = 0; i < 20_000; i++) {
        add(set, `https://example.com/page/${i}`, i % 3);
        sizes.add(set.byteLength);
      }
      // Every table outgrown (64 shards grown from 11 buckets to 17, 26, 39, 59, 89 or so: 5 or
      // so each) was given over, each one once, and no live one.
      expect(transferred.length).toBeGreaterThanOrEqual(64 * 4);
      expect(new Set(transferred).size).toBe(transferred.length);
      expect(clone.mock.calls.every(([value, options]) => options?.transfer?.length === 1 && options.transfer[0] === value)).toBe(true);
      expect(transferred.every((buffer) => buffer.byteLength >= 11 * BUCKET_BYTES && buffer.byteLength % BUCKET_BYTES === 0)).toBe(true);
      for (let i = 0; i < 20_000; i += 7) expect(find(set, `https://example.com/page/${i}`)).toBe(i % 3);
    } finally {
      clone.mockRestore();
    }
    // And with the runtime's own structuredClone: the old table is detached (0 bytes) and the set still answers.
    const set = new UrlHashSet();
    const spy = vi.spyOn(globalThis, 'structuredClone');
    try {
      for (let i = 0; i < 5_000; i++) add(set, `https://example.com/page/${i}`, 1);
      const detached = spy.mock.calls.map(([value]) => (value as ArrayBuffer).byteLength);
      expect(detached.length).toBeGreaterThan(0);
      expect(detached.every((bytes) => bytes === 0)).toBe(true);
      for (let i = 0; i < 5_000; i += 3) expect(find(set, `https://example.com/page/${i}`)).toBe(1);
    } finally {
      spy.mockRestore();
    }
  });

  it('keeps owner numbers past 65,535 (its owners widen from 16 to 32 bits)', () => {
    const set = new UrlHashSet();
    for (let i = 0; i < 3000; i++) add(set, `https://example.com/small/${i}`, i);
    const narrow = set.byteLength;
    expect(narrow % BUCKET_BYTES).toBe(0);
    expect(add(set, 'https://example.com/big', 70_000)).toBe(-1);
    // The shard it went to keeps its buckets, 80 bytes each now: 16 more a bucket, for one shard of
    // 64 (each holds about 1/64 of the URLs: 47 here, in 11 or 17 buckets).
    const widened = (set.byteLength - narrow) / (WIDE_BUCKET_BYTES - BUCKET_BYTES);
    expect([11, 17]).toContain(widened);
    for (let i = 0; i < 3000; i += 7) expect(find(set, `https://example.com/small/${i}`)).toBe(i);
    expect(add(set, 'https://example.com/big', 1)).toBe(70_000);
    // A wide owner taking a URL over, in shards that are narrow still (all but one, it is likely):
    // each widens as it takes its first one.
    for (let i = 3; i < 3000; i += 98) expect(add(set, `https://example.com/small/${i}`, 80_000 + i)).toBe(i);
    for (let i = 3; i < 3000; i += 98) expect(find(set, `https://example.com/small/${i}`)).toBe(80_000 + i);
    for (let i = 0; i < 5000; i++) add(set, `https://example.com/more/${i}`, 100_000 + i);
    expect(find(set, 'https://example.com/more/4999')).toBe(104_999);
    expect(find(set, 'https://example.com/big')).toBe(1);
    for (let i = 3; i < 3000; i += 98) expect(find(set, `https://example.com/small/${i}`)).toBe(80_000 + i);
    for (let i = 0; i < 3000; i += 7) expect(find(set, `https://example.com/small/${i}`)).toBe(i);
    expect(set.size).toBe(8001);
    // Every shard took some of the 5,000 wide owners: all are 80 bytes a bucket now, at most 7/8 full.
    expect(set.byteLength % WIDE_BUCKET_BYTES).toBe(0);
    expect((set.byteLength / WIDE_BUCKET_BYTES) * 6).toBeGreaterThanOrEqual(8001 / (7 / 8));
  });

  it('finds URLs whose probes run past their bucket and wrap from a shard\'s last bucket to its first, before and after growth', () => {
    // 40 identities of shard 0 (low word's low 6 bits 0) that all start at its last bucket (the
    // low word's top bits all 1): 6 fill that bucket, the rest go on at the first ones.
    const set = new UrlHashSet();
    const high = (i: number) => Math.imul(i + 1, 0x9e3779b1) | 0;
    const LOW = 0xffffffc0 | 0, OTHER_LOW = 0x7fffffc0;
    for (let i = 0; i < 40; i++) expect(set.add(high(i), LOW, i)).toBe(-1);
    // Same high words, another low word (of the same shard and bucket): 40 other URLs, none found.
    for (let i = 0; i < 40; i++) expect(set.find(high(i), OTHER_LOW)).toBe(-1);
    for (let i = 0; i < 40; i++) expect(set.find(high(i), LOW)).toBe(i);
    // More of shard 0, spread over its places, until it grew (11 buckets hold 57 before it does).
    const bytes = set.byteLength;
    for (let i = 0; i < 200; i++) set.add(high(1000 + i), (Math.imul(i, 0x2545f491) & ~63) | 0, 7);
    expect(set.byteLength).toBeGreaterThan(bytes);
    for (let i = 0; i < 40; i++) expect(set.add(high(i), LOW, 100 + i)).toBe(i);
    for (let i = 0; i < 40; i++) expect(set.find(high(i), LOW)).toBe(100 + i);
    for (let i = 0; i < 200; i++) expect(set.find(high(1000 + i), (Math.imul(i, 0x2545f491) & ~63) | 0)).toBe(7);
    expect(set.size).toBe(240);
  });

  it('agrees with a Set of strings on any URLs', () => {
    // Few distinct URLs, so that repeats are common.
    const url = fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f').chain((path) => fc.constantFrom(`https://example.com/${path}`, `https://example.org/${path}`, `http://example.com/${path}?q`));
    const anyUrl = fc.tuple(fc.constantFrom('https://a.example/', 'http://b.example:8080/'), fc.string({ maxLength: 30 })).map(([origin, path]) => origin + path);
    fc.assert(fc.property(fc.array(fc.oneof(url, anyUrl), { maxLength: 60 }), (urls) => {
      const set = new UrlHashSet();
      const reference = new Map<string, number>();
      const answers = urls.map((value, index) => {
        const last = add(set, value, index);
        const expected = reference.get(value) ?? -1;
        reference.set(value, index);
        return last === expected;
      });
      expect(answers.every(Boolean)).toBe(true);
    }), { numRuns: 100 });
  });

  it('keeps all 64 bits of an identity: identities one bit apart are different URLs', () => {
    // Fed the two words directly: a set that kept fewer bits (say the 48 a mark and one word could
    // hold) would call some of these the same URL, a false CRAWL_DUPLICATE_URL.
    fc.assert(fc.property(fc.integer(), fc.integer(), fc.integer({ min: 0, max: 200 }), (high, low, others) => {
      const set = new UrlHashSet();
      // Other identities first, so that the probes also pass occupied slots.
      for (let n = 0; n < others; n++) set.add(Math.imul(n + 1, 0x9e3779b1), Math.imul(n + 7, 0x85ebca6b), 1);
      const before = set.size;
      const pairs: [number, number][] = [[high | 0, low | 0]];
      for (let bit = 0; bit < 32; bit++) {
        pairs.push([(high ^ (1 << bit)) | 0, low | 0]);
        pairs.push([high | 0, (low ^ (1 << bit)) | 0]);
      }
      // Not among the others by chance (a 64-bit match of random words): skip that case.
      fc.pre(pairs.every(([h, l]) => set.find(h, l) === -1));
      const answers = pairs.map(([h, l], i) => set.add(h, l, 100 + i));
      expect(answers.every((answer) => answer === -1)).toBe(true);
      expect(set.size).toBe(before + 65);
      expect(pairs.map(([h, l]) => set.find(h, l))).toEqual(pairs.map((_, i) => 100 + i));
    }), { numRuns: 300 });
  });

  it('answers add, find, size and owners as a Map does, across shard growth and wide owners (with touch() before runs of adds)', () => {
    // Steps over a pool of URLs: runs of adds (enough to make every shard grow several times),
    // single adds and finds, owners mostly small and sometimes past 65,535.
    const owner = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 65_535 }) }, { weight: 1, arbitrary: fc.integer({ min: 65_536, max: 4_000_000_000 }) });
    const step = fc.oneof(
      fc.record({ kind: fc.constant('run' as const), from: fc.integer({ min: 0, max: 40_000 }), count: fc.integer({ min: 1, max: 12_000 }), owner }),
      fc.record({ kind: fc.constant('add' as const), from: fc.integer({ min: 0, max: 60_000 }), count: fc.constant(1), owner }),
      fc.record({ kind: fc.constant('find' as const), from: fc.integer({ min: 0, max: 60_000 }), count: fc.integer({ min: 1, max: 2_000 }), owner: fc.constant(0) }),
      // A run of adds after touch() of their identities, as the walk does a slice's (some
      // entries without one, the count sometimes past the table's end).
      fc.record({ kind: fc.constant('touched' as const), from: fc.integer({ min: 0, max: 60_000 }), count: fc.integer({ min: 1, max: 3_000 }), owner }),
    );
    fc.assert(fc.property(fc.array(step, { maxLength: 12 }), fc.constantFrom('https://example.com/p/', 'http://shop.example.co.uk:8080/item?id='), (steps, prefix) => {
      const set = new UrlHashSet();
      const model = new Map<string, number>();
      let wrong = 0, checked = 0, wide = false;
      for (const { kind, from, count, owner } of steps) {
        if (kind === 'touched') {
          const table = new Int32Array(count * 3);
          for (let n = 0; n < count; n++) {
            if (n % 7 === 3) continue; // no identity: touch() skips it
            identityOf(prefix + (from + n), table, n * 3 + 1);
            table[n * 3] = 1;
          }
          const size = set.size, bytes = set.byteLength;
          set.touch(table, 0, count + (from % 3)); // past the table's end: read up to it
          set.touch(table, count, 5); // nothing left
          expect([set.size, set.byteLength]).toEqual([size, bytes]);
        }
        for (let n = from; n < from + count; n++) {
          const url = prefix + n;
          const expected = model.get(url) ?? -1;
          const answer = kind === 'find' ? find(set, url) : add(set, url, owner);
          if (kind !== 'find') model.set(url, owner);
          if (answer !== expected) wrong++;
          checked++;
        }
        wide ||= kind !== 'find' && owner > 65_535;
        expect(set.size).toBe(model.size);
        // Never more than 7/8 full (and a URL: a shard grows before an add that finds it 7/8 full):
        // 64 bytes a bucket of 6 slots, or 80 in a shard that took an owner past 16 bits.
        if (!wide) expect(set.byteLength % BUCKET_BYTES).toBe(0);
        expect(set.size).toBeLessThanOrEqual(slotsIn(set.byteLength) * (7 / 8) + 64);
        expect(set.size).toBeLessThanOrEqual(Math.max(64 * 66, (set.byteLength / WIDE_BUCKET_BYTES) * 6 * (7 / 8) * 1.25 + 64));
      }
      expect({ wrong, checked }).toEqual({ wrong: 0, checked });
      // Every URL still answers its last owner after all the growth.
      let lost = 0;
      for (const [url, last] of model) if (find(set, url) !== last) lost++;
      expect(lost).toBe(0);
    }), { numRuns: 40 });
  });

  /** The buckets a shard grows to once reserve() was told `urls` (at most `most`; 2,000,000 if more): its share at 0.8 full. */
  const reservedBuckets = (urls: number) => Math.floor(urls / 307);

  it('reserve() sizes each shard once: nothing allocated up front, then one growth each and none after', () => {
    const set = new UrlHashSet();
    set.reserve(210_000, 2_000_000);
    expect(set.byteLength).toBe(EMPTY_BYTES);
    let falseRepeats = 0;
    for (let i = 0; i < 200_000; i++) if (add(set, `https://example.com/page/${i}`, i % 5) !== -1) falseRepeats++;
    expect(falseRepeats).toBe(0);
    // Every shard filled its 11 buckets and grew once, to hold its share of 210,000 at 0.8 full
    // (684 buckets), which holds its 3,125 or so of these 200,000 (without reserve: 11, 17, … 680).
    expect(set.byteLength).toBe(64 * reservedBuckets(210_000) * BUCKET_BYTES);
    // A later guess, larger or smaller, changes nothing until a shard fills.
    set.reserve(400_000, 2_000_000);
    set.reserve(0, 2_000_000);
    expect(set.byteLength).toBe(64 * reservedBuckets(210_000) * BUCKET_BYTES);
    for (let i = 0; i < 200_000; i += 997) expect(find(set, `https://example.com/page/${i}`)).toBe(i % 5);
    expect(set.size).toBe(200_000);
  });

  it('reserve() with a guess far too large: tables only as URLs come, never past 2,000,000 URLs\' share; a guess past `most` sizes nothing, and growth stops at the share of `most`', () => {
    const set = new UrlHashSet();
    expect(add(set, 'https://example.com/a', 0)).toBe(-1);
    set.reserve(25_000, 30_000);
    for (let i = 0; i < 1000; i++) add(set, `https://example.com/few/${i}`, 1);
    // 1,001 URLs fill no shard's 66 slots: nothing grew.
    expect(set.byteLength).toBe(EMPTY_BYTES);
    for (let i = 0; i < 3000; i++) add(set, `https://example.com/more/${i}`, 2);
    // 4,001 URLs (about 63 a shard): each shard that filled (58 of its 66 slots) grew to its share
    // of 25,000 (81 buckets), none further; the others are at 11.
    const grown = (set.byteLength - EMPTY_BYTES) / ((reservedBuckets(25_000) - 11) * BUCKET_BYTES);
    expect(Number.isInteger(grown)).toBe(true);
    expect(grown).toBeGreaterThanOrEqual(32);
    expect(add(set, 'https://example.com/a', 3)).toBe(0);
    expect(find(set, 'https://example.com/few/999')).toBe(1);
    expect(find(set, 'https://example.com/c')).toBe(-1);
    expect(set.size).toBe(4001);
    // A guess past `most` (a walk that will reach maxTrackedUrls) sizes nothing: the set grows by
    // half as a set never told anything does (11, 17, 26, … buckets a shard), but no shard grows
    // past its share of `most` URLs at 0.8 full (107 buckets for 33,000) unless it fills that too:
    // the 1.5 steps of a set that is told nothing end anywhere up to 1.5 times it.
    const past = new UrlHashSet(), plain = new UrlHashSet();
    past.reserve(1e12, 33_000);
    for (let i = 0; i < 30_000; i++) {
      add(past, `https://example.com/p/${i}`, 0);
      add(plain, `https://example.com/p/${i}`, 0);
    }
    // (About 469 a shard: each at 89 buckets, full at 468, or grown from there to 107, not to 134.)
    const atShare = (past.byteLength - 64 * 89 * BUCKET_BYTES) / ((reservedBuckets(33_000) - 89) * BUCKET_BYTES);
    expect(Number.isInteger(atShare)).toBe(true);
    expect(atShare).toBeGreaterThanOrEqual(1);
    expect(atShare).toBeLessThanOrEqual(64);
    expect(plain.byteLength).toBeGreaterThan(past.byteLength);
    for (let i = 0; i < 30_000; i += 101) expect(find(past, `https://example.com/p/${i}`)).toBe(0);
    // With no cap at all (maxTrackedUrls: Infinity), a shard that fills grows to 2,000,000 URLs' share.
    const uncapped = new UrlHashSet();
    uncapped.reserve(1e12, Infinity);
    for (let i = 0; i < 64 * 60; i++) add(uncapped, `https://example.com/p/${i}`, 0);
    const grownUncapped = (uncapped.byteLength - EMPTY_BYTES) / ((reservedBuckets(2_000_000) - 11) * BUCKET_BYTES);
    expect(Number.isInteger(grownUncapped)).toBe(true);
    expect(grownUncapped).toBeGreaterThanOrEqual(1);
    expect(uncapped.byteLength).toBeLessThanOrEqual(64 * reservedBuckets(2_000_000) * BUCKET_BYTES);
  });

  it('reserve() with a guess far too small: the set grows on as it did, and answers as before', () => {
    const set = new UrlHashSet();
    set.reserve(5000, 2_000_000);
    let falseRepeats = 0, wrongOwners = 0;
    for (let i = 0; i < 200_000; i++) if (add(set, `https://example.com/page/${i}`, i % 5) !== -1) falseRepeats++;
    for (let i = 0; i < 200_000; i += 997) if (add(set, `https://example.com/page/${i}`, 9) !== i % 5) wrongOwners++;
    expect([falseRepeats, wrongOwners]).toEqual([0, 0]);
    expect(set.size).toBe(200_000);
    expect(200_000 / slotsIn(set.byteLength)).toBeLessThanOrEqual(7 / 8);
    expect(200_000 / slotsIn(set.byteLength)).toBeGreaterThanOrEqual(7 / 12);
  });

  it('answers add, find, size and owners as a Map does with reserve() of any size between the adds, wide owners too', () => {
    const owner = fc.oneof({ weight: 4, arbitrary: fc.integer({ min: 0, max: 65_535 }) }, { weight: 1, arbitrary: fc.integer({ min: 65_536, max: 4_000_000_000 }) });
    const step = fc.oneof(
      fc.record({ kind: fc.constant('run' as const), from: fc.integer({ min: 0, max: 40_000 }), count: fc.integer({ min: 1, max: 12_000 }), owner }),
      fc.record({ kind: fc.constant('find' as const), from: fc.integer({ min: 0, max: 60_000 }), count: fc.integer({ min: 1, max: 2_000 }), owner: fc.constant(0) }),
      // A guess: none, far too small, about right, far too large; `count` the walk's maxTrackedUrls.
      fc.record({ kind: fc.constant('reserve' as const), from: fc.oneof(fc.integer({ min: 0, max: 100 }), fc.integer({ min: 0, max: 80_000 }), fc.constant(1e9)), count: fc.oneof(fc.integer({ min: 0, max: 100_000 }), fc.constant(Infinity)), owner: fc.constant(0) }),
    );
    fc.assert(fc.property(fc.array(step, { maxLength: 10 }), (steps) => {
      const set = new UrlHashSet();
      const model = new Map<string, number>();
      let wrong = 0, checked = 0;
      for (const { kind, from, count, owner } of steps) {
        if (kind === 'reserve') {
          const size = set.size, bytes = set.byteLength;
          set.reserve(from, count);
          expect([set.size, set.byteLength]).toEqual([size, bytes]);
          continue;
        }
        for (let n = from; n < from + count; n++) {
          const url = `https://example.com/p/${n}`;
          const expected = model.get(url) ?? -1;
          const answer = kind === 'find' ? find(set, url) : add(set, url, owner);
          if (kind !== 'find') model.set(url, owner);
          if (answer !== expected) wrong++;
          checked++;
        }
        expect(set.size).toBe(model.size);
        expect(set.size).toBeLessThanOrEqual(slotsIn(set.byteLength) * (7 / 8) + 64);
      }
      expect({ wrong, checked }).toEqual({ wrong: 0, checked });
      let lost = 0;
      for (const [url, last] of model) if (find(set, url) !== last) lost++;
      expect(lost).toBe(0);
    }), { numRuns: 40 });
  });
});
