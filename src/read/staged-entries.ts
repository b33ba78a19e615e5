// Building sitemap entries fast (SPEC.md §1, §2): whole entries the core read (assembly/entries.ts)
// staged as arena offsets and built together from one string, and the entry objects themselves
// (one literal per shape, shared priorities and dates), for SitemapParser (parse.ts).

import { CHANGEFREQ_VALUES } from '../model/limits';
import type { SitemapIndexEntry, SitemapUrl } from '../model/types';
import { cheapAsciiBytes, trimXmlSpace } from '../values/text';
import type { XmlReader } from '../core/xml-reader';
import { SLOT_CHANGEFREQ, SLOT_LASTMOD, SLOT_LOC, type WholeEntry } from './walker';

/**
 * Words per staged entry (StagedEntries.stage; the core writes the same for the entries it
 * stages, assembly/entries.ts stageEntry): loc start, end; lastmod start, end; changefreq code.
 */
const STAGED_WORDS = 5;
/** A staged entry's field that is absent. */
const NO_VALUE = -1;
/** A staged start or code at or below ASIDE: the value was made into a string at once, aside[ASIDE - word]. */
const ASIDE = -2;
/**
 * Slots of a parser's cache of date-only lastmods (StagedEntries.date): a direct-mapped table by
 * day, so ten years of days fit with few collisions.
 */
const DATE_CACHE_SLOTS = 4096;
/** The seven changefreq values as shared constants: 50,000 copies of "weekly" would live as long as the result. */
export const CHANGEFREQ_CONSTANTS = new Map<string, string>(CHANGEFREQ_VALUES.map((value) => [value, value]));

/**
 * The changefreq of a whole entry: one of the seven as the shared constant the core found it to
 * be (its code), else its trimmed text.
 *
 * @example
 * const changefreq = entry.hasChangefreq ? wholeChangefreq(entry) : undefined;
 */
export function wholeChangefreq(entry: WholeEntry): string {
  const code = entry.changefreqCode;
  if (code > 0) return CHANGEFREQ_VALUES[code - 1]!;
  const value = trimXmlSpace(entry.text(SLOT_CHANGEFREQ));
  return CHANGEFREQ_CONSTANTS.get(value) ?? value;
}

/**
 * Whole entries not built yet. Their ASCII values stay in the core's arena, which keeps them
 * while later batches append theirs (XmlReader.keepArena); they are built together from one
 * string once `stageBytes` of values are gathered, or when entries are read. Where the runtime
 * makes strings more cheaply in large runs (cheapAsciiBytes: Node).
 *
 * @example
 * if (!staged.stage(entry)) entries.push(buildNow(entry));
 * if (staged.count > 0 && staged.end >= staged.stageBytes) held = staged.build(reader, entries, held, false);
 */
export class StagedEntries {
  readonly stageBytes = cheapAsciiBytes();
  /** STAGED_WORDS per staged entry: arena offsets (a changefreq's code), NO_VALUE, or ASIDE - index in aside. */
  #words = new Int32Array(0);
  /** Per staged entry: its priority, NaN for none. */
  #priorities = new Float64Array(0);
  count = 0;
  /** Where the values of the staged entries end in the arena. */
  end = 0;
  /** Values of staged entries made into strings at once (non-ASCII, unknown changefreq). */
  readonly #aside: string[] = [];
  /**
   * Date-only lastmods already made (date), by day; null until the first. A site's dates repeat
   * (3,811 distinct days among 19,233 in plain-50k.xml), and each string not made is
   * young-generation memory the next scavenge would copy.
   */
  #dateKeys: Int32Array | null = null;
  #dateStrings: string[] | null = null;

  /**
   * Keeps a whole entry's values for `build` instead of building it now. The entry keeps the
   * offsets of its values in the core's arena; a non-ASCII value or an unknown changefreq is made
   * into a string now and kept aside.
   */
  stage(entry: WholeEntry): void {
    const count = this.count;
    if ((count + 1) * STAGED_WORDS > this.#words.length) this.grow();
    const staged = this.#words, at = count * STAGED_WORDS;
    let end = this.end;
    const aside = this.#aside;
    if (entry.locWide) {
      staged[at] = ASIDE - aside.length;
      aside.push(trimXmlSpace(entry.text(SLOT_LOC)));
    } else {
      staged[at] = entry.locStart;
      staged[at + 1] = entry.locEnd;
      end = Math.max(end, staged[at + 1]!);
    }
    if (!entry.hasLastmod) staged[at + 2] = NO_VALUE;
    else if (entry.lastmodWide) {
      staged[at + 2] = ASIDE - aside.length;
      aside.push(trimXmlSpace(entry.text(SLOT_LASTMOD)));
    } else {
      staged[at + 2] = entry.lastmodStart;
      staged[at + 3] = entry.lastmodEnd;
      end = Math.max(end, staged[at + 3]!);
    }
    if (!entry.hasChangefreq) staged[at + 4] = NO_VALUE;
    else {
      const code = entry.changefreqCode;
      if (code > 0) staged[at + 4] = code;
      else {
        staged[at + 4] = ASIDE - aside.length;
        aside.push(wholeChangefreq(entry));
      }
    }
    this.#priorities[count] = entry.hasPriority ? entry.priorityValue : NaN;
    this.end = end;
    this.count = count + 1;
  }

  /**
   * Entries the core read whole and staged itself (a StagedRun): `count` of them, their words
   * (stage's) from `words[from]`, their priorities from `doubles[priorityFrom]`; they join the
   * staged entries as they are.
   */
  addRun(words: Int32Array, from: number, count: number, doubles: Float64Array, priorityFrom: number, arenaEnd: number): void {
    while ((this.count + count) * STAGED_WORDS > this.#words.length) this.grow();
    // Copied by hand: a set() from a subarray makes two typed-array objects per run, and the runs
    // are short where entries the core could not stage come between (plain-50k.xml: ~20 entries).
    const staged = this.#words, priorities = this.#priorities;
    const at = this.count * STAGED_WORDS;
    for (let i = 0, n = count * STAGED_WORDS; i < n; i++) staged[at + i] = words[from + i]!;
    for (let i = 0; i < count; i++) priorities[this.count + i] = doubles[priorityFrom + i]!;
    this.count += count;
    this.end = Math.max(this.end, arenaEnd);
  }

  private grow(): void {
    const words = new Int32Array(Math.max(1024 * STAGED_WORDS, this.#words.length * 2));
    words.set(this.#words);
    this.#words = words;
    const priorities = new Float64Array(words.length / STAGED_WORDS);
    priorities.set(this.#priorities);
    this.#priorities = priorities;
  }

  /**
   * Builds the staged entries, in order, into `entries` from `held` on (stores at [held], not
   * push: a presized array is longer than what it holds), from one string of the arena, and lets
   * the core's arena go (the next batch starts it afresh). Returns the new `held`.
   */
  build(reader: XmlReader, entries: (SitemapUrl | SitemapIndexEntry)[], held: number, index: boolean): number {
    const count = this.count;
    // The batch's arena string, not a string of the staged values alone: after staging stops in
    // a document, entries the core staged are built a few at a time, and each of those builds
    // would make (and its entries keep) a string of the arena so far (mixed-50k.xml: 120 MB).
    const bytes = reader.asciiArena();
    const text = reader.asciiText();
    const words = this.#words, priorities = this.#priorities, aside = this.#aside;
    for (let i = 0, at = 0; i < count; i++, at += STAGED_WORDS) {
      const locStart = words[at]!;
      const loc = locStart < 0 ? aside[ASIDE - locStart]! : stagedValue(text, bytes, locStart, words[at + 1]!);
      const lastmodStart = words[at + 2]!;
      let lastmod: string | undefined;
      if (lastmodStart >= 0) {
        const lastmodEnd = words[at + 3]!;
        lastmod = lastmodEnd - lastmodStart === 10 ? this.date(text, bytes, lastmodStart) : stagedValue(text, bytes, lastmodStart, lastmodEnd);
      } else if (lastmodStart !== NO_VALUE) lastmod = aside[ASIDE - lastmodStart]!;
      if (index) entries[held++] = makeIndexEntry(loc, lastmod);
      else {
        const code = words[at + 4]!, priority = priorities[i]!;
        const changefreq = code > 0 ? CHANGEFREQ_VALUES[code - 1] : code === NO_VALUE ? undefined : aside[ASIDE - code]!;
        entries[held++] = priority === priority ? makeUrlWithPriority(loc, lastmod, changefreq, priority) : urlMaker(loc, lastmod, changefreq, undefined);
      }
    }
    this.count = 0;
    this.end = 0;
    if (aside.length > 0) aside.length = 0;
    reader.keepArena(0);
    return held;
  }

  /**
   * The 10-character lastmod at `start` of `text` (`bytes` are text's): a YYYY-MM-DD date is the
   * string made for the same date before, when the cache has it; anything else is made as usual
   * (trimmed).
   */
  private date(text: string, bytes: Uint8Array, start: number): string {
    const key = dateKey(bytes, start);
    if (key < 0) return trimXmlSpace(text.substring(start, start + 10));
    const slot = dateSlot;
    const keys = this.#dateKeys ??= new Int32Array(DATE_CACHE_SLOTS).fill(-1);
    const strings = this.#dateStrings ??= new Array<string>(DATE_CACHE_SLOTS).fill('');
    if (keys[slot] === key) return strings[slot]!;
    const date = text.substring(start, start + 10);
    keys[slot] = key;
    strings[slot] = date;
    return date;
  }
}

/**
 * [start, end) of `text` (whose bytes are `bytes`), trimmed of XML white space. The usual value
 * has none: its end bytes say so, which is cheaper than reading them back from the string.
 */
function stagedValue(text: string, bytes: Uint8Array, start: number, end: number): string {
  const value = text.substring(start, end);
  return start < end && bytes[start]! > 0x20 && bytes[end - 1]! > 0x20 ? value : trimXmlSpace(value);
}

/** The cache slot of the date dateKey read last: by day, roughly, so consecutive days take consecutive slots. */
let dateSlot = 0;

/**
 * YYYYMMDD for the YYYY-MM-DD at `start` of `bytes`, or -1; its slot in a parser's date cache
 * goes to dateSlot (both from the digits: no division). From the bytes, one load each: a
 * character of a slice of a large string takes several.
 */
function dateKey(bytes: Uint8Array, start: number): number {
  if (bytes[start + 4] !== 0x2d || bytes[start + 7] !== 0x2d) return -1;
  const y1 = bytes[start]! - 0x30, y2 = bytes[start + 1]! - 0x30, y3 = bytes[start + 2]! - 0x30, y4 = bytes[start + 3]! - 0x30;
  const m1 = bytes[start + 5]! - 0x30, m2 = bytes[start + 6]! - 0x30, d1 = bytes[start + 8]! - 0x30, d2 = bytes[start + 9]! - 0x30;
  // A byte below '0' wraps to a large unsigned value: one test per digit for both ends.
  if ((y1 >>> 0) > 9 || (y2 >>> 0) > 9 || (y3 >>> 0) > 9 || (y4 >>> 0) > 9 || (m1 >>> 0) > 9 || (m2 >>> 0) > 9 || (d1 >>> 0) > 9 || (d2 >>> 0) > 9) return -1;
  const year = ((y1 * 10 + y2) * 10 + y3) * 10 + y4, month = m1 * 10 + m2, day = d1 * 10 + d2;
  dateSlot = (year * 416 + month * 32 + day) & (DATE_CACHE_SLOTS - 1);
  return (year * 100 + month) * 100 + day;
}

/**
 * A url entry with only the fields that are present, made as one object literal: adding them
 * one by one goes through a hidden-class transition per field (measurably slower on 50,000).
 *
 * @example
 * entries.push(makeUrl(loc, lastmod, undefined, undefined));
 */
export function makeUrl(loc: string, lastmod: string | undefined, changefreq: string | undefined, priority: number | undefined): SitemapUrl {
  const mask = (lastmod === undefined ? 0 : 1) | (changefreq === undefined ? 0 : 2) | (priority === undefined ? 0 : 4);
  switch (mask) {
    case 0: return { loc };
    case 1: return { loc, lastmod: lastmod! };
    case 2: return { loc, changefreq: changefreq! };
    case 3: return { loc, lastmod: lastmod!, changefreq: changefreq! };
    case 4: return { loc, priority: priority! };
    case 5: return { loc, lastmod: lastmod!, priority: priority! };
    case 6: return { loc, changefreq: changefreq!, priority: priority! };
    default: return { loc, lastmod: lastmod!, changefreq: changefreq!, priority: priority! };
  }
}

/**
 * makeUrl with a priority, which is one of SHARED_PRIORITIES when it can be (the hot paths that
 * build entries). Two calls, not one with the value picked first: the shared number must reach the
 * object as it is, not as a copy of its value.
 *
 * @example
 * entries.push(makeUrlWithPriority(loc, lastmod, changefreq, 0.8));
 */
export function makeUrlWithPriority(loc: string, lastmod: string | undefined, changefreq: string | undefined, priority: number): SitemapUrl {
  const shared = SHARED_PRIORITIES[Math.round(priority * 100)];
  return shared === priority ? urlMaker(loc, lastmod, changefreq, shared) : urlMaker(loc, lastmod, changefreq, priority);
}

/** What builds a staged entry and one with a priority: makeUrl, or the crawl's (setUrlMaker). */
let urlMaker = makeUrl;

/**
 * Puts in what makes the url entries built while it is in (undefined: makeUrl again). The crawl
 * (src/site/crawl-walk.ts) puts in its own around each step of a file's reading, whose literals
 * carry the entry's `sitemap` too: added to a finished entry, that field cost a hidden-class
 * transition and a property array an entry (bench/README.md, Crawl, round 11).
 *
 * @example
 * setUrlMaker(makeCrawledUrl); step = steps.next(); setUrlMaker(undefined);
 */
export function setUrlMaker(maker: typeof makeUrl | undefined): void {
  urlMaker = maker ?? makeUrl;
}

/**
 * The priorities 0.01 to 1.00 as numbers entries can share (index: priority × 100; slot 0 holds
 * no number, so 0 and -0 are never shared and stay what they are).
 *
 * Why: a field of V8 objects that has only ever held numbers is a "double" field, and each object
 * gets its own 16-byte box for its value, which the next scavenge copies; a field that has held
 * anything else holds references, and a shared number is one. So makeUrl's shapes with a priority
 * are given a priority of null once, here; the entries stay in slot 0 (no bundler drops the calls
 * as unused), which also keeps this an array of references rather than of raw doubles (V8 would
 * box those afresh on every read). plain-50k.xml: 24,842 boxes fewer per parse, 0.4 MB less for
 * the result to hold. Other engines store numbers their own way; the entries are the same.
 */
const SHARED_PRIORITIES: unknown[] = [
  [undefined, ''].flatMap((lastmod) => [undefined, ''].map((changefreq) => makeUrl('', lastmod, changefreq, null as unknown as number))),
  ...Array.from({ length: 100 }, (_, i) => (i + 1) / 100),
];

/**
 * A sitemap index entry with only the fields that are present (one literal each, as makeUrl).
 *
 * @example
 * entries.push(makeIndexEntry(loc, lastmod));
 */
export function makeIndexEntry(loc: string, lastmod: string | undefined): SitemapIndexEntry {
  return lastmod === undefined ? { loc } : { loc, lastmod };
}
