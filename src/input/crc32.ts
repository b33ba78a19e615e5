// CRC-32 as gzip uses it (RFC 1952 §8, ISO 3309: polynomial 0xEDB88320, reflected), for the check
// of each member's trailer that fflate leaves out. Slicing by eight: eight table look-ups per
// eight bytes instead of one per byte.

const TABLES = (() => {
  const tables = new Int32Array(8 * 256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    tables[n] = c;
  }
  for (let n = 0; n < 256; n++) {
    let c = tables[n]!;
    for (let t = 1; t < 8; t++) {
      c = tables[c & 0xff]! ^ (c >>> 8);
      tables[t * 256 + n] = c;
    }
  }
  return tables;
})();

/**
 * The CRC-32 of `bytes` continued from `crc` (the CRC-32 of what came before; 0 to start), as an
 * unsigned 32-bit number: what a gzip trailer holds for its member's inflated bytes.
 *
 * @example
 * let crc = 0;
 * for (const chunk of chunks) crc = updateCrc32(crc, chunk);
 */
export function updateCrc32(crc: number, bytes: Uint8Array): number {
  const t = TABLES;
  let c = ~crc;
  let i = 0;
  const end8 = bytes.length - (bytes.length & 7);
  for (; i < end8; i += 8) {
    const low = c ^ (bytes[i]! | (bytes[i + 1]! << 8) | (bytes[i + 2]! << 16) | (bytes[i + 3]! << 24));
    c = t[1792 + (low & 0xff)]! ^ t[1536 + ((low >>> 8) & 0xff)]! ^ t[1280 + ((low >>> 16) & 0xff)]! ^ t[1024 + (low >>> 24)]!
      ^ t[768 + bytes[i + 4]!]! ^ t[512 + bytes[i + 5]!]! ^ t[256 + bytes[i + 6]!]! ^ t[bytes[i + 7]!]!;
  }
  for (; i < bytes.length; i++) c = t[(c ^ bytes[i]!) & 0xff]! ^ (c >>> 8);
  return ~c >>> 0;
}
