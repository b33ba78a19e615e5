// Where a gzip stream read by a native DecompressionStream ends (RFC 1952 §2.2: a gzip file is a
// series of members, so bytes after the last one are refused): Node's is quiet about trailing
// zero bytes, Chromium's stops after the first member. src/input/inflate.ts checks its own.

import { SitemapError } from '../model/errors';

/**
 * 10-byte header, the 2 bytes of an empty final block, 8-byte trailer (CRC-32, ISIZE).
 *
 * @example
 * if (compressed < MIN_MEMBER_BYTES) throw trailingBytesError('too short', compressed);
 */
export const MIN_MEMBER_BYTES = 20;

/**
 * The last bytes of the compressed input, by their offset in it: the trailer of a member once the
 * next member's header, or the end, shows where it was.
 *
 * @example
 * const recent = new RecentBytes(8);
 * recent.add(chunk);
 * const declaredSize = recent.lastUint32;
 */
export class RecentBytes {
  readonly #bytes: Uint8Array;
  /** Offset in the input just after the last byte added. */
  end = 0;

  constructor(capacity: number) {
    this.#bytes = new Uint8Array(capacity);
  }

  add(chunk: Uint8Array): void {
    const capacity = this.#bytes.length;
    if (chunk.length >= capacity) this.#bytes.set(chunk.subarray(chunk.length - capacity));
    else {
      this.#bytes.copyWithin(0, chunk.length);
      this.#bytes.set(chunk, capacity - chunk.length);
    }
    this.end += chunk.length;
  }

  /** The little-endian 32-bit value at input offset `at`; undefined when those bytes are not (or no longer) held. */
  uint32At(at: number): number | undefined {
    const index = this.#bytes.length - (this.end - at);
    if (at < 0 || index < 0 || at + 4 > this.end) return undefined;
    const b = this.#bytes;
    return (b[index]! | (b[index + 1]! << 8) | (b[index + 2]! << 16) | (b[index + 3]! << 24)) >>> 0;
  }

  /** The last four bytes as a little-endian 32-bit value (ISIZE when a member ends here). */
  get lastUint32(): number | undefined {
    return this.uint32At(this.end - 4);
  }
}

/**
 * The GZIP_INVALID error for a gzip stream that does not end where its last member ends.
 *
 * @example
 * throw trailingBytesError('its last four bytes declare 0 bytes', compressed - 4);
 */
export function trailingBytesError(message: string, offset: number): SitemapError {
  return new SitemapError('GZIP_INVALID', `The gzip data is damaged, truncated or followed by other bytes (${message})`, { offset });
}

/** Places where a member could start past this many; past it the check gives up (says yes). */
const MAX_CANDIDATES = 64;
const MAX_SUMS = 4096;

/**
 * For an inflater that reads concatenated members on its own and says nothing about bytes after
 * the last one (Node's DecompressionStream stops quietly at a zero byte after a member: "trailing
 * zero bytes are okay, since they are frequently used for padding", node_zlib.cc in Node): does
 * the input end where a member ends? Every place a member could start (1f 8b 08, reserved flags
 * clear) is noted with the ISIZE just before it; the input ends with a member when its last four
 * bytes, plus the ISIZEs of some of those places (the real boundaries), add up to all it inflated
 * to. Real boundaries always add up; trailing bytes do not (zero bytes read as an ISIZE of 0).
 *
 * @example
 * const ends = new MemberEndCheck();
 * for (const chunk of compressed) ends.add(chunk);
 * if (!ends.endsWithMember(inflatedTotal, lastFourBytes)) throw trailingBytesError('bytes after the last member', 0);
 */
export class MemberEndCheck {
  /** The last (up to) seven bytes before the next chunk: a header and the ISIZE before it may straddle chunks. */
  readonly #before = new Uint8Array(7);
  #beforeLength = 0;
  #seen = 0;
  /** The first input offset not yet looked at as a possible header start. */
  #nextTest = 0;
  readonly #sizes: number[] = [];
  #gaveUp = false;

  add(chunk: Uint8Array): void {
    const beforeLength = this.#beforeLength, before = this.#before;
    const base = this.#seen - beforeLength;
    const length = beforeLength + chunk.length;
    const at = (i: number): number => (i < beforeLength ? before[i]! : chunk[i - beforeLength]!);
    let i = Math.max(0, this.#nextTest - base);
    while (i + 3 < length) {
      if (i >= beforeLength) {
        const next = chunk.indexOf(0x1f, i - beforeLength);
        if (next === -1) {
          i = length;
          break;
        }
        i = next + beforeLength;
        if (i + 3 >= length) break;
      } else if (at(i) !== 0x1f) {
        i++;
        continue;
      }
      if (at(i + 1) === 0x8b && at(i + 2) === 0x08 && (at(i + 3) & 0xe0) === 0 && base + i >= MIN_MEMBER_BYTES) {
        // base + i >= 20 and at most 7 bytes carried: the four bytes before i are at hand.
        if (this.#sizes.length === MAX_CANDIDATES) this.#gaveUp = true;
        else this.#sizes.push((at(i - 4) | (at(i - 3) << 8) | (at(i - 2) << 16) | (at(i - 1) << 24)) >>> 0);
      }
      i++;
    }
    this.#nextTest = base + i;
    if (chunk.length >= 7) before.set(chunk.subarray(chunk.length - 7));
    else {
      const keep = Math.min(7 - chunk.length, beforeLength);
      before.copyWithin(0, beforeLength - keep, beforeLength);
      before.set(chunk, keep);
    }
    this.#beforeLength = Math.min(7, beforeLength + chunk.length);
    this.#seen += chunk.length;
  }

  /** Whether `total` inflated bytes can be the members that end at noted places and at the end (`lastSize`: the input's last four bytes). */
  endsWithMember(total: number, lastSize: number | undefined): boolean {
    if (this.#gaveUp) return true;
    if (lastSize === undefined) return false;
    const modulus = 0x100000000;
    const target = (((total - lastSize) % modulus) + modulus) % modulus;
    let sums = new Set<number>([0]);
    for (const size of this.#sizes) {
      const next = new Set(sums);
      for (const sum of sums) next.add((sum + size) % modulus);
      if (next.size > MAX_SUMS) return true;
      sums = next;
    }
    return sums.has(target);
  }
}
