// src/input/inflate.ts against zlib (node:zlib, what the Node build inflates with): the same bytes out
// for every gzip stream, whatever the chunks, and the same verdict (inflated or GZIP_INVALID) for
// damaged ones, so that the Node and browser builds cannot disagree (issue #22 item 8). Bytes
// after the last member are refused by both: zlib stops quietly at zero bytes, and the Node
// build refuses what zlib did not read (src/index.node.ts), which `zlibVerdict` does too.

import { constants, deflateRawSync, gunzipSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SitemapError } from '../src/model/errors';
import { GzipInflater } from '../src/input/inflate';

type Verdict = { ok: true; bytes: string } | { ok: false };

function hexOf(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('hex');
}

function zlibVerdict(input: Uint8Array): Verdict {
  try {
    const { buffer, engine } = gunzipSync(input, { info: true }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
    if (engine.bytesWritten < input.length) return { ok: false };
    return { ok: true, bytes: hexOf(buffer) };
  } catch {
    return { ok: false };
  }
}

/** Inflates `input` cut at `cuts` (offsets); GZIP_INVALID is a verdict, any other error fails the test. */
function inflaterVerdict(input: Uint8Array, cuts: number[] = []): Verdict & { handed?: string } {
  const pieces: Uint8Array[] = [];
  const inflater = new GzipInflater((bytes) => pieces.push(bytes));
  const offsets = [...new Set(cuts.filter((cut) => cut > 0 && cut < input.length))].sort((a, b) => a - b);
  try {
    let from = 0;
    for (const cut of offsets) {
      inflater.push(input.subarray(from, cut), false);
      from = cut;
    }
    inflater.push(input.subarray(from), true);
  } catch (error) {
    if (!(error instanceof SitemapError) || error.code !== 'GZIP_INVALID') throw error;
    return { ok: false, handed: hexOf(Buffer.concat(pieces)) };
  }
  return { ok: true, bytes: hexOf(Buffer.concat(pieces)) };
}

const payload = fc.oneof(
  fc.uint8Array({ maxLength: 3000 }),
  fc.array(fc.constantFrom('<url><loc>https://example.com/', 'a', 'b/', '</loc></url>\n', '&amp;', 'é', '\u0000'), { maxLength: 400 }).map((parts) => new TextEncoder().encode(parts.join(''))),
);

const member = fc.record({ bytes: payload, level: fc.integer({ min: 0, max: 9 }), strategy: fc.constantFrom(constants.Z_DEFAULT_STRATEGY, constants.Z_FIXED, constants.Z_HUFFMAN_ONLY, constants.Z_RLE) })
  .map(({ bytes, level, strategy }) => ({ bytes, gzip: new Uint8Array(gzipSync(bytes, { level, strategy })) }));

const stream = fc.array(member, { minLength: 1, maxLength: 3 }).map((members) => ({
  plain: Buffer.concat(members.map((one) => one.bytes)),
  gzip: new Uint8Array(Buffer.concat(members.map((one) => one.gzip))),
}));

/** A gzip header with every optional field (FEXTRA, FNAME, FCOMMENT, FHCRC) before `deflated`. */
function fullHeaderMember(plain: Uint8Array, headerCrcDelta = 0): Uint8Array {
  const head = Buffer.from([0x1f, 0x8b, 8, 2 | 4 | 8 | 16, 1, 2, 3, 4, 0, 3, 3, 0, 0x41, 0x42, 0x43, 0x6e, 0x61, 0x6d, 0x65, 0, 0x63, 0x6f, 0, 0, 0]);
  const crc16 = (Number(crcOf(head.subarray(0, head.length - 2))) + headerCrcDelta) & 0xffff;
  head.writeUInt16LE(crc16, head.length - 2);
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crcOf(plain), 0);
  trailer.writeUInt32LE(plain.length, 4);
  return new Uint8Array(Buffer.concat([head, deflateRawSync(plain), trailer]));
}

function crcOf(bytes: Uint8Array): number {
  // The gzip trailer of a one-member stream of `bytes` holds their CRC-32.
  const member = gzipSync(bytes);
  return member.readUInt32LE(member.length - 8);
}

describe('GzipInflater inflates what zlib inflates', () => {
  it('the same bytes for gzip of any level and strategy, several members, any chunks', () => {
    fc.assert(fc.property(stream, fc.array(fc.nat(), { maxLength: 8 }), ({ plain, gzip }, cuts) => {
      const verdict = inflaterVerdict(gzip, cuts.map((cut) => cut % (gzip.length + 1)));
      expect(verdict).toEqual({ ok: true, bytes: hexOf(plain) });
    }), { numRuns: 300 });
  });

  it('reads a header with every optional field and checks its CRC-16 (zlib does; fflate did not)', () => {
    const plain = new TextEncoder().encode('<urlset/>'.repeat(50));
    const good = fullHeaderMember(plain);
    expect(zlibVerdict(good)).toEqual({ ok: true, bytes: hexOf(plain) });
    expect(inflaterVerdict(good)).toEqual({ ok: true, bytes: hexOf(plain) });
    for (let cut = 1; cut < 30; cut++) expect(inflaterVerdict(good, [cut, cut + 1])).toEqual({ ok: true, bytes: hexOf(plain) });
    const bad = fullHeaderMember(plain, 1);
    expect(zlibVerdict(bad)).toEqual({ ok: false });
    expect(inflaterVerdict(bad).ok).toBe(false);
  });

  it('refuses a stored block whose NLEN is not the complement of LEN, as zlib does (fflate read it)', () => {
    const good = new Uint8Array(gzipSync(new TextEncoder().encode('<urlset/>'), { level: 0 }));
    const bad = good.slice();
    bad[13]! ^= 0xff; // NLEN's low byte; the data and its CRC-32 are untouched
    expect(zlibVerdict(good).ok).toBe(true);
    expect(zlibVerdict(bad)).toEqual({ ok: false });
    expect(inflaterVerdict(bad).ok).toBe(false);
  });

  // The million-input fuzz run of 2026-11-26 (seed 20261128, input 53404): a stored block of
  // length 0 whose member ends 5 bytes early; the zeros after it read as a trailer of CRC 0 and
  // size 0 where fflate looked for it (at the end of the input).
  it('refuses a member cut inside its trailer even when the bytes at hand look like one', () => {
    const input = Uint8Array.from(atob('H4sIAGFhYWFhYWEAAAAAAAAAAAA='), (c) => c.charCodeAt(0));
    expect(zlibVerdict(input)).toEqual({ ok: false });
    expect(inflaterVerdict(input).ok).toBe(false);
  });

  it('gives zlib\'s verdict on damaged streams: flipped, zeroed or set bytes, cuts, bytes appended', () => {
    const damage = fc.oneof(
      fc.array(fc.record({ at: fc.nat(), value: fc.integer({ min: 0, max: 255 }), xor: fc.boolean() }), { minLength: 1, maxLength: 3 }).map((edits) => ({ kind: 'edit' as const, edits })),
      fc.nat().map((at) => ({ kind: 'cut' as const, at })),
      fc.uint8Array({ minLength: 1, maxLength: 24 }).map((bytes) => ({ kind: 'append' as const, bytes })),
    );
    fc.assert(fc.property(stream, damage, fc.array(fc.nat(), { maxLength: 4 }), ({ gzip }, change, cuts) => {
      let input = gzip.slice();
      if (change.kind === 'edit') {
        for (const { at, value, xor } of change.edits) {
          const index = at % input.length;
          input[index] = xor ? input[index]! ^ (1 << (value & 7)) : value;
        }
      } else if (change.kind === 'cut') input = input.subarray(0, change.at % input.length);
      else input = new Uint8Array(Buffer.concat([input, change.bytes]));
      const expected = zlibVerdict(input);
      const actual = inflaterVerdict(input, cuts.map((cut) => cut % (input.length + 1)));
      expect(actual.ok).toBe(expected.ok);
      if (expected.ok) expect(actual).toEqual(expected);
    }), { numRuns: 3000 });
  });

  it('hands on the same bytes before damage however the input is cut into chunks', () => {
    fc.assert(fc.property(stream, fc.nat(), fc.array(fc.nat(), { minLength: 1, maxLength: 12 }), ({ gzip }, at, cuts) => {
      const input = gzip.slice();
      input[10 + (at % Math.max(1, input.length - 18))]! ^= 0x10;
      const whole = inflaterVerdict(input);
      const cut = inflaterVerdict(input, cuts.map((one) => one % (input.length + 1)));
      expect(cut).toEqual(whole);
    }), { numRuns: 500 });
  });
});
