// The printable code in which the package embeds its core's builds (assembly/build.mjs writes
// them with it; decodePrintableBuild in src/core/wasm.ts decodes it). A bundler prints such a
// string as it is.
//
// The 89 bytes a build uses most are one character each, every other byte two (one of two prefix
// characters, then any code character), in the 91 printable ASCII characters other than " ' ` and
// \ (so that no bundler escapes one or changes the quotes). The 89 single bytes open the text as
// 178 hex digits, most used first; the two-character bytes follow in byte order.
// Measured 2026-11-28 on the SIMD build (33,090 bytes; gzip -9 of the binary itself 14,768 bytes),
// gzip -9 of `export const x='…'`: this code 14,904 bytes; a binary string (one character per
// byte, which it replaced) 17,748, since a bundler prints each byte that is not printable as \xNN;
// base64 19,526.

const CODE_CHARACTERS = [];
for (let code = 0x20; code < 0x7f; code++) if (![0x22, 0x27, 0x5c, 0x60].includes(code)) CODE_CHARACTERS.push(String.fromCharCode(code));
const SINGLE_BYTES = 89; // the other 2 of the 91 characters open a pair: 2 × 91 ≥ 256 − 89

/** Bytes in the printable code (a string of the code's characters). */
export function encodePrintable(bytes) {
  const counts = new Array(256).fill(0);
  for (const byte of bytes) counts[byte]++;
  const singles = [...counts.keys()].sort((a, b) => counts[b] - counts[a] || a - b).slice(0, SINGLE_BYTES);
  const pairs = [...counts.keys()].filter((byte) => !singles.includes(byte));
  const codeOf = new Array(256);
  singles.forEach((byte, rank) => (codeOf[byte] = CODE_CHARACTERS[rank]));
  pairs.forEach((byte, rank) => (codeOf[byte] = CODE_CHARACTERS[SINGLE_BYTES + Math.floor(rank / CODE_CHARACTERS.length)] + CODE_CHARACTERS[rank % CODE_CHARACTERS.length]));
  const parts = singles.map((byte) => byte.toString(16).padStart(2, '0'));
  for (const byte of bytes) parts.push(codeOf[byte]);
  return parts.join('');
}
