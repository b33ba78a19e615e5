// gzip members (RFC 1952) and the DEFLATE data inside them (RFC 1951), decoded as strictly as
// zlib decodes them, for every runtime without a native inflater and for recover mode.
// fflate's Gunzip, used here before, reads on where zlib stops (a stored block whose NLEN is not
// the complement of LEN, a member cut short inside its trailer, a header CRC that does not match,
// over-subscribed or incomplete Huffman codes, too many length or distance codes), so the Node
// build (zlib) and the browser build answered the same bytes differently (issue #22 item 8).
// Each rule below is zlib's (inflate.c and inftrees.c), so that one verdict holds everywhere.

import { updateCrc32 } from './crc32';
import { SitemapError } from '../model/errors';
import { trailingBytesError } from './gzip-trailer';

/** Base lengths of length symbols 257..285, and their extra bits (RFC 1951 §3.2.5). */
const LENGTH_BASE = new Uint16Array([3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258]);
const LENGTH_EXTRA = new Uint8Array([0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]);
/** Base distances of distance symbols 0..29, and their extra bits. */
const DISTANCE_BASE = new Uint16Array([1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145, 8193, 12289, 16385, 24577]);
const DISTANCE_EXTRA = new Uint8Array([0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13]);
/** The order in which a dynamic block lists the code lengths of the code-length alphabet. */
const CODE_LENGTH_ORDER = new Uint8Array([16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]);

/** What a Huffman code is for: zlib accepts an incomplete code only for lengths and distances with one code of one bit. */
const enum CodeKind { CodeLengths, Literals, Distances }

/** A back reference reaches at most 32 KiB back (RFC 1951 §2). */
const WINDOW_BYTES = 32768;
/** Output handed on in pieces of about this many bytes. */
const PIECE_BYTES = 65536;
/** The longest match. */
const MAX_MATCH = 258;
/** Bits one length/distance pair can take at most (15 + 5 + 15 + 13): decoded only when that many are at hand. */
const MAX_SYMBOL_BITS = 48;
/** A dynamic block's header fits in fewer bytes than this (14 bits + 19 × 3 + 316 × 14): read only once they are at hand. */
const MAX_BLOCK_HEADER_BYTES = 1024;

const enum Phase { Header, BlockStart, Stored, Codes, Trailer, AfterMember }
const enum HeaderStep { Fixed, ExtraLength, Extra, Name, Comment, HeaderCrc, Done }

const FLAG_HEADER_CRC = 2, FLAG_EXTRA = 4, FLAG_NAME = 8, FLAG_COMMENT = 16;

/**
 * A canonical Huffman code as a lookup table: indexed by the next `bits` input bits (first bit
 * lowest), each entry holds the symbol << 4 | its code length, 0 for a bit pattern no code has.
 */
class HuffmanTable {
  table: Uint16Array;
  bits = 0;
  readonly #counts = new Uint16Array(16);
  readonly #next = new Uint16Array(16);

  constructor(maxBits: number) {
    this.table = new Uint16Array(1 << maxBits);
  }

  /** Builds the code of `lengths[0..count)`; a message when zlib would refuse the lengths, else undefined. */
  build(lengths: Uint8Array, count: number, kind: CodeKind): string | undefined {
    const counts = this.#counts, next = this.#next;
    counts.fill(0);
    let max = 0;
    for (let symbol = 0; symbol < count; symbol++) {
      const length = lengths[symbol]!;
      counts[length]!++;
      if (length > max) max = length;
    }
    const name = kind === CodeKind.CodeLengths ? 'code lengths' : kind === CodeKind.Literals ? 'literal/lengths' : 'distances';
    if (max === 0) {
      // No codes at all: zlib takes it, and any code read from it is invalid (the code-length
      // code can never be empty in a valid block: the literal code needs an end-of-block).
      if (kind === CodeKind.CodeLengths) return `invalid ${name} set`;
      this.bits = 1;
      this.table.fill(0, 0, 2);
      return undefined;
    }
    let left = 1;
    for (let length = 1; length <= 15; length++) {
      left = (left << 1) - counts[length]!;
      if (left < 0) return `invalid ${name} set`; // over-subscribed
    }
    if (left > 0 && (kind === CodeKind.CodeLengths || max !== 1)) return `invalid ${name} set`; // incomplete
    let code = 0;
    counts[0] = 0;
    for (let length = 1; length <= max; length++) {
      code = (code + counts[length - 1]!) << 1;
      next[length] = code;
    }
    const size = 1 << max, table = this.table;
    table.fill(0, 0, size);
    for (let symbol = 0; symbol < count; symbol++) {
      const length = lengths[symbol]!;
      if (length === 0) continue;
      const assigned = next[length]!++;
      let reversed = 0;
      for (let bit = 0; bit < length; bit++) reversed |= ((assigned >> bit) & 1) << (length - 1 - bit);
      const entry = (symbol << 4) | length;
      for (let index = reversed; index < size; index += 1 << length) table[index] = entry;
    }
    this.bits = max;
    return undefined;
  }
}

function fixedTables(): { literals: HuffmanTable; distances: HuffmanTable } {
  const lengths = new Uint8Array(288);
  lengths.fill(8, 0, 144);
  lengths.fill(9, 144, 256);
  lengths.fill(7, 256, 280);
  lengths.fill(8, 280, 288);
  const literals = new HuffmanTable(9);
  literals.build(lengths, 288, CodeKind.Literals);
  const distances = new HuffmanTable(5);
  distances.build(lengths.fill(5, 0, 32), 32, CodeKind.Distances);
  return { literals, distances };
}

let fixed: { literals: HuffmanTable; distances: HuffmanTable } | undefined;

/** GZIP_INVALID with zlib's words for the damage; offset 0, as zlib says no more (the Node build's errors carry none). */
function damage(reason: string): SitemapError {
  return new SitemapError('GZIP_INVALID', `The gzip data is damaged or truncated (${reason})`, { offset: 0 });
}

function hex(value: number): string {
  return value.toString(16).padStart(8, '0');
}

/**
 * Inflates a series of gzip members fed in chunks of any size, handing on the inflated bytes
 * in pieces as it goes. Damage throws GZIP_INVALID from push() at once, after every byte
 * decoded before it has been handed on, so what a damaged stream yields does not depend on how
 * its bytes were cut into chunks; a member whose trailer disagrees with what it inflated to is
 * thrown when the input ends, after the members that follow it (recover mode keeps them).
 * Memory: a 96 KiB output window and at most about 1 KiB of input held between pushes.
 *
 * @example
 * const inflater = new GzipInflater((bytes) => parts.push(bytes));
 * inflater.push(firstHalf, false);
 * inflater.push(secondHalf, true);
 */
export class GzipInflater {
  #input: Uint8Array = new Uint8Array(0);
  /** Bit position in `input`. */
  #position = 0;
  /** Compressed bytes dropped from the front of `input` so far (for offsets in errors). */
  #consumed = 0;
  #phase = Phase.Header;
  #headerStep = HeaderStep.Fixed;
  #flags = 0;
  #extraLeft = 0;
  #headerCrc = 0;
  #lastBlock = false;
  #storedLeft = 0;
  #literals: HuffmanTable = new HuffmanTable(15);
  #distances: HuffmanTable = new HuffmanTable(15);
  readonly #dynamicLiterals = this.#literals;
  readonly #dynamicDistances = this.#distances;
  readonly #codeLengths = new HuffmanTable(7);
  readonly #lengths = new Uint8Array(320);
  readonly #window = new Uint8Array(WINDOW_BYTES + PIECE_BYTES + MAX_MATCH);
  #out = 0;
  /** Start of the bytes not yet handed on. */
  #handedTo = 0;
  /** Start of the current member's bytes in the window (a reference may not reach before it). */
  #memberFrom = 0;
  #memberCrc = 0;
  #memberSize = 0;
  #members = 0;
  #trailerDamage: SitemapError | undefined;

  readonly #onData: (bytes: Uint8Array) => void;

  constructor(onData: (bytes: Uint8Array) => void) {
    this.#onData = onData;
  }

  /** Compressed bytes read so far. */
  get bytesRead(): number {
    return this.#consumed + (this.#position >> 3);
  }

  /**
   * Feeds compressed bytes; `final` when they are the last. Throws GZIP_INVALID for damage (at
   * the latest with the final push: truncation, a trailer that does not match, bytes after the
   * last member), and whatever onData throws.
   */
  push(chunk: Uint8Array, final: boolean): void {
    if (this.#input.length - (this.#position >> 3) > 0) {
      const rest = this.#input.subarray(this.#position >> 3);
      const joined = new Uint8Array(rest.length + chunk.length);
      joined.set(rest);
      joined.set(chunk, rest.length);
      this.#consumed += this.#position >> 3;
      this.#position &= 7;
      this.#input = joined;
    } else {
      this.#consumed += this.#input.length;
      this.#position = 0;
      this.#input = chunk;
    }
    try {
      this.run(final);
    } finally {
      this.handOn();
    }
    if (final) {
      if (this.#phase !== Phase.AfterMember) throw damage(this.#members === 0 && this.#phase === Phase.Header ? 'not a complete gzip header' : 'unexpected end of file');
      if (this.#trailerDamage) throw this.#trailerDamage;
    }
    // Keep only what is not read yet (a copy: the caller may reuse its chunk).
    const from = this.#position >> 3;
    this.#consumed += from;
    this.#input = this.#input.slice(from);
    this.#position &= 7;
  }

  private run(final: boolean): void {
    for (;;) {
      switch (this.#phase) {
        case Phase.Header:
          if (!this.readHeader()) return;
          this.#phase = Phase.BlockStart;
          this.#members++;
          this.#memberCrc = 0;
          this.#memberSize = 0;
          this.#memberFrom = this.#out;
          break;
        case Phase.BlockStart:
          if (!this.readBlockHeader(final)) return;
          break;
        case Phase.Stored:
          if (!this.copyStored(final)) return;
          break;
        case Phase.Codes:
          if (!this.decodeCodes(final)) return;
          break;
        case Phase.Trailer:
          if (!this.readTrailer()) {
            if (final) throw damage('unexpected end of file');
            return;
          }
          break;
        case Phase.AfterMember: {
          const at = this.#position >> 3, input = this.#input;
          if (at >= input.length) return;
          // Another member, or bytes that are not one (zero padding too: RFC 1952 §2.2, a gzip
          // file is a series of members; zlib refuses anything but padding, and so does every
          // reader here). A member's first byte is enough to tell.
          if (input[at] !== 0x1f || (at + 1 < input.length && input[at + 1] !== 0x8b)) {
            throw trailingBytesError(`other bytes after the last member, from byte ${this.#consumed + at}`, this.#consumed + at);
          }
          this.#phase = Phase.Header;
          this.#headerStep = HeaderStep.Fixed;
          break;
        }
      }
    }
  }

  /** Reads as much of a member's header as is at hand (byte-aligned); true once it is whole. */
  private readHeader(): boolean {
    const input = this.#input;
    let at = this.#position >> 3;
    const start = at;
    let done = false;
    while (!done) {
      switch (this.#headerStep) {
        case HeaderStep.Fixed: {
          if (input.length - at < 10) {
            // zlib refuses a wrong magic or method as soon as it sees the byte.
            if (input.length - at >= 2 && (input[at] !== 0x1f || input[at + 1] !== 0x8b)) throw damage('incorrect header check');
            if (input.length - at >= 3 && input[at + 2] !== 8) throw damage('unknown compression method');
            if (input.length - at >= 4 && input[at + 3]! & 0xe0) throw damage('unknown header flags set');
            this.#position = at << 3;
            return false;
          }
          if (input[at] !== 0x1f || input[at + 1] !== 0x8b) throw damage('incorrect header check');
          if (input[at + 2] !== 8) throw damage('unknown compression method');
          this.#flags = input[at + 3]!;
          if (this.#flags & 0xe0) throw damage('unknown header flags set');
          at += 10;
          this.#headerStep = HeaderStep.ExtraLength;
          break;
        }
        case HeaderStep.ExtraLength:
          if (!(this.#flags & FLAG_EXTRA)) {
            this.#headerStep = HeaderStep.Name;
            break;
          }
          if (input.length - at < 2) {
            done = true;
            break;
          }
          this.#extraLeft = input[at]! | (input[at + 1]! << 8);
          at += 2;
          this.#headerStep = HeaderStep.Extra;
          break;
        case HeaderStep.Extra: {
          const take = Math.min(this.#extraLeft, input.length - at);
          at += take;
          this.#extraLeft -= take;
          if (this.#extraLeft > 0) done = true;
          else this.#headerStep = HeaderStep.Name;
          break;
        }
        case HeaderStep.Name:
        case HeaderStep.Comment: {
          const flag = this.#headerStep === HeaderStep.Name ? FLAG_NAME : FLAG_COMMENT;
          if (this.#flags & flag) {
            const zero = input.indexOf(0, at);
            if (zero === -1) {
              at = input.length;
              done = true;
              break;
            }
            at = zero + 1;
          }
          this.#headerStep = this.#headerStep === HeaderStep.Name ? HeaderStep.Comment : HeaderStep.HeaderCrc;
          break;
        }
        case HeaderStep.HeaderCrc:
          if (this.#flags & FLAG_HEADER_CRC) {
            if (input.length - at < 2) {
              done = true;
              break;
            }
            this.#headerCrc = updateCrc32(this.#headerCrc, input.subarray(start, at));
            const declared = input[at]! | (input[at + 1]! << 8);
            if (declared !== (this.#headerCrc & 0xffff)) throw damage('header crc mismatch');
            at += 2;
          }
          this.#headerStep = HeaderStep.Done;
          this.#position = at << 3;
          this.#headerCrc = 0;
          return true;
        case HeaderStep.Done:
          return true;
      }
    }
    // The header goes on in the next chunk: what was read of it counts towards its CRC.
    this.#headerCrc = updateCrc32(this.#headerCrc, input.subarray(start, at));
    this.#position = at << 3;
    return false;
  }

  private bitsAt(position: number, count: number): number {
    const input = this.#input, at = position >> 3;
    return ((input[at]! | (input[at + 1]! << 8) | (input[at + 2]! << 16)) >>> (position & 7)) & ((1 << count) - 1);
  }

  /** Reads a block's header; false when more input is needed first. */
  private readBlockHeader(final: boolean): boolean {
    const available = this.#input.length * 8 - this.#position;
    if (!final && available < MAX_BLOCK_HEADER_BYTES * 8) return false;
    let position = this.#position;
    if (position + 3 > this.#input.length * 8) throw damage('unexpected end of file');
    this.#lastBlock = this.bitsAt(position, 1) === 1;
    const type = this.bitsAt(position + 1, 2);
    position += 3;
    if (type === 0) {
      position = (position + 7) & ~7;
      if (position + 32 > this.#input.length * 8) throw damage('unexpected end of file');
      const at = position >> 3, input = this.#input;
      const length = input[at]! | (input[at + 1]! << 8), complement = input[at + 2]! | (input[at + 3]! << 8);
      if ((length ^ 0xffff) !== complement) throw damage('invalid stored block lengths');
      this.#storedLeft = length;
      this.#position = position + 32;
      this.#phase = Phase.Stored;
      return true;
    }
    if (type === 1) {
      fixed ??= fixedTables();
      this.#literals = fixed.literals;
      this.#distances = fixed.distances;
      this.#position = position;
      this.#phase = Phase.Codes;
      return true;
    }
    if (type === 3) throw damage('invalid block type');
    // Dynamic Huffman codes (RFC 1951 §3.2.7).
    const literalCount = this.bitsAt(position, 5) + 257, distanceCount = this.bitsAt(position + 5, 5) + 1;
    const codeLengthCount = this.bitsAt(position + 10, 4) + 4;
    position += 14;
    if (literalCount > 286 || distanceCount > 30) throw damage('too many length or distance symbols');
    const lengths = this.#lengths;
    lengths.fill(0, 0, 19);
    for (let i = 0; i < codeLengthCount; i++, position += 3) lengths[CODE_LENGTH_ORDER[i]!] = this.bitsAt(position, 3);
    const codeLengths = this.#codeLengths;
    const codeLengthsError = codeLengths.build(lengths, 19, CodeKind.CodeLengths);
    if (codeLengthsError) throw damage(codeLengthsError);
    const total = literalCount + distanceCount, mask = (1 << codeLengths.bits) - 1;
    for (let i = 0; i < total;) {
      const entry = codeLengths.table[this.bitsAt(position, 15) & mask]!;
      position += entry & 15;
      const symbol = entry >> 4;
      if (symbol < 16) {
        lengths[i++] = symbol;
        continue;
      }
      let repeat: number, value = 0;
      if (symbol === 16) {
        if (i === 0) throw damage('invalid bit length repeat');
        value = lengths[i - 1]!;
        repeat = 3 + this.bitsAt(position, 2);
        position += 2;
      } else if (symbol === 17) {
        repeat = 3 + this.bitsAt(position, 3);
        position += 3;
      } else {
        repeat = 11 + this.bitsAt(position, 7);
        position += 7;
      }
      if (i + repeat > total) throw damage('invalid bit length repeat');
      lengths.fill(value, i, i + repeat);
      i += repeat;
    }
    if (position > this.#input.length * 8) throw damage('unexpected end of file');
    if (lengths[256] === 0) throw damage('invalid code -- missing end-of-block');
    const literalsError = this.#dynamicLiterals.build(lengths, literalCount, CodeKind.Literals);
    if (literalsError) throw damage(literalsError);
    const distanceLengths = lengths.subarray(literalCount, total);
    const distancesError = this.#dynamicDistances.build(distanceLengths, distanceCount, CodeKind.Distances);
    if (distancesError) throw damage(distancesError);
    this.#literals = this.#dynamicLiterals;
    this.#distances = this.#dynamicDistances;
    this.#position = position;
    this.#phase = Phase.Codes;
    return true;
  }

  private endBlock(): void {
    if (!this.#lastBlock) {
      this.#phase = Phase.BlockStart;
      return;
    }
    this.#position = (this.#position + 7) & ~7;
    this.#phase = Phase.Trailer;
  }

  private copyStored(final: boolean): boolean {
    const input = this.#input;
    let at = this.#position >> 3;
    while (this.#storedLeft > 0) {
      const take = Math.min(this.#storedLeft, input.length - at, this.#window.length - this.#out);
      if (take === 0) {
        if (at >= input.length) {
          this.#position = at << 3;
          if (final) throw damage('unexpected end of file');
          return false;
        }
        this.makeRoom();
        continue;
      }
      this.#window.set(input.subarray(at, at + take), this.#out);
      this.#out += take;
      at += take;
      this.#storedLeft -= take;
      if (this.#out > WINDOW_BYTES + PIECE_BYTES) this.makeRoom();
    }
    this.#position = at << 3;
    this.endBlock();
    return true;
  }

  /** Decodes literals and matches up to the end of the block or of the input at hand. */
  private decodeCodes(final: boolean): boolean {
    const input = this.#input, window = this.#window;
    const literalTable = this.#literals.table, literalMask = (1 << this.#literals.bits) - 1;
    const distanceTable = this.#distances.table, distanceMask = (1 << this.#distances.bits) - 1;
    const inputBits = input.length * 8;
    // Without the final chunk, a symbol is decoded only when all its bits can be at hand.
    const safeEnd = final ? inputBits - 1 : inputBits - MAX_SYMBOL_BITS;
    const roomEnd = WINDOW_BYTES + PIECE_BYTES;
    let position = this.#position, out = this.#out;
    for (;;) {
      if (position > safeEnd) {
        if (final) return this.fail(position, out, 'unexpected end of file');
        this.#position = position;
        this.#out = out;
        return false;
      }
      if (out > roomEnd) {
        this.#out = out;
        this.makeRoom();
        out = this.#out;
      }
      let at = position >> 3;
      const entry = literalTable[((input[at]! | (input[at + 1]! << 8) | (input[at + 2]! << 16)) >>> (position & 7)) & literalMask]!;
      const symbol = entry >> 4;
      let next = position + (entry & 15);
      if (entry === 0) return this.fail(position, out, 'invalid literal/length code');
      if (symbol < 256) {
        if (next > inputBits) return this.fail(position, out, 'unexpected end of file');
        window[out++] = symbol;
        position = next;
        continue;
      }
      if (symbol === 256) {
        if (next > inputBits) return this.fail(position, out, 'unexpected end of file');
        this.#position = next;
        this.#out = out;
        this.endBlock();
        return true;
      }
      if (symbol > 285) return this.fail(position, out, 'invalid literal/length code');
      const lengthIndex = symbol - 257, lengthExtra = LENGTH_EXTRA[lengthIndex]!;
      at = next >> 3;
      const length = LENGTH_BASE[lengthIndex]! + (((input[at]! | (input[at + 1]! << 8)) >>> (next & 7)) & ((1 << lengthExtra) - 1));
      next += lengthExtra;
      at = next >> 3;
      const distanceEntry = distanceTable[((input[at]! | (input[at + 1]! << 8) | (input[at + 2]! << 16)) >>> (next & 7)) & distanceMask]!;
      const distanceSymbol = distanceEntry >> 4;
      if (distanceEntry === 0 || distanceSymbol > 29) return this.fail(position, out, 'invalid distance code');
      next += distanceEntry & 15;
      const distanceExtra = DISTANCE_EXTRA[distanceSymbol]!;
      at = next >> 3;
      const distance = DISTANCE_BASE[distanceSymbol]! + (((input[at]! | (input[at + 1]! << 8) | (input[at + 2]! << 16)) >>> (next & 7)) & ((1 << distanceExtra) - 1));
      next += distanceExtra;
      if (next > inputBits) return this.fail(position, out, 'unexpected end of file');
      if (distance > out - this.#memberFrom) return this.fail(position, out, 'invalid distance too far back');
      let from = out - distance;
      const end = out + length;
      if (length > 32 && distance >= length) {
        window.copyWithin(out, from, from + length);
        out = end;
      } else {
        while (out < end) window[out++] = window[from++]!;
      }
      position = next;
    }
  }

  /** Hands on what was decoded before the damage at `position`, then throws it. */
  private fail(position: number, out: number, reason: string): never {
    this.#position = position;
    this.#out = out;
    throw damage(reason);
  }

  /** Hands on the bytes decoded since the last call. */
  private handOn(): void {
    if (this.#out === this.#handedTo) return;
    const piece = this.#window.slice(this.#handedTo, this.#out);
    this.#handedTo = this.#out;
    this.#memberCrc = updateCrc32(this.#memberCrc, piece);
    this.#memberSize += piece.length;
    this.#onData(piece);
  }

  /** Hands on what is decoded and keeps only the last 32 KiB of it, for back references. */
  private makeRoom(): void {
    this.handOn();
    const shift = this.#out - WINDOW_BYTES;
    if (shift <= 0) return;
    this.#window.copyWithin(0, shift, this.#out);
    this.#out -= shift;
    this.#handedTo -= shift;
    this.#memberFrom = Math.max(0, this.#memberFrom - shift);
  }

  /** Checks the member's CRC-32 and size against what it inflated to; false until its 8 bytes are at hand. */
  private readTrailer(): boolean {
    const input = this.#input, at = this.#position >> 3;
    if (input.length - at < 8) return false;
    this.handOn();
    const declaredCrc = (input[at]! | (input[at + 1]! << 8) | (input[at + 2]! << 16) | (input[at + 3]! << 24)) >>> 0;
    const declaredSize = (input[at + 4]! | (input[at + 5]! << 8) | (input[at + 6]! << 16) | (input[at + 7]! << 24)) >>> 0;
    const size = this.#memberSize % 0x100000000;
    if (declaredSize !== size) {
      this.#trailerDamage ??= trailingBytesError(`its trailer declares ${declaredSize} bytes, it inflates to ${this.#memberSize}`, this.#consumed + at + 4);
    } else if (declaredCrc !== this.#memberCrc) {
      this.#trailerDamage ??= trailingBytesError(`its trailer declares CRC-32 ${hex(declaredCrc)}, what it inflates to has ${hex(this.#memberCrc)}`, this.#consumed + at);
    }
    this.#position = (at + 8) << 3;
    this.#phase = Phase.AfterMember;
    return true;
  }
}
