// CRC-32 of gzip trailers (src/input/crc32.ts, slicing by eight) against the check value of the
// standard and a bit-at-a-time reference, over random bytes split anywhere. Shared: Node and Chromium.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { updateCrc32 } from '../src/input/crc32';

/** The CRC-32 one bit at a time (RFC 1952 §8), the reference. */
function referenceCrc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) {
    c ^= byte;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  }
  return (c ^ 0xffffffff) >>> 0;
}

describe('updateCrc32', () => {
  it('gives the check value of CRC-32/ISO-HDLC for "123456789"', () => {
    expect(updateCrc32(0, new TextEncoder().encode('123456789'))).toBe(0xcbf43926);
    expect(updateCrc32(0, new Uint8Array(0))).toBe(0);
  });

  it('agrees with the bit-at-a-time reference, continued across any split', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 300 }), fc.nat(), (bytes, at) => {
      const split = bytes.length === 0 ? 0 : at % (bytes.length + 1);
      const expected = referenceCrc32(bytes);
      expect(updateCrc32(0, bytes)).toBe(expected);
      expect(updateCrc32(updateCrc32(0, bytes.subarray(0, split)), bytes.subarray(split))).toBe(expected);
    }), { seed: 22, numRuns: 500 });
  });
});
