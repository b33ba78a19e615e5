// The extension's toolbar and store icons (16, 32, 48 and 128 px PNGs), drawn at build time
// rather than kept as binary files: a blue rounded square with a white sitemap tree (a root box
// linked to three child boxes). PNG per RFC 2083 / ISO 15948: RGBA, zlib (fflate).

import { zlibSync } from 'fflate';

/** The sizes Chrome asks for: toolbar 16/32, extensions page 48, store 128. */
export const ICON_SIZES = [16, 32, 48, 128];
const BLUE = [26, 115, 232];
const WHITE = [255, 255, 255];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = new Uint8Array(12 + data.length);
  const view = new DataView(out.buffer);
  view.setUint32(0, data.length);
  out.set(new TextEncoder().encode(type), 4);
  out.set(data, 8);
  view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
  return out;
}

/** Whether (x, y), in units of the icon's side (0–1), is white: a root box, its links, three child boxes. */
function isTree(x, y) {
  const box = (left, top, right, bottom) => x >= left && x < right && y >= top && y < bottom;
  return box(0.36, 0.16, 0.64, 0.36) // the root
    || box(0.47, 0.36, 0.53, 0.5) || box(0.2, 0.47, 0.8, 0.53) // its link down and across
    || box(0.2, 0.5, 0.26, 0.62) || box(0.47, 0.5, 0.53, 0.62) || box(0.74, 0.5, 0.8, 0.62) // links to the children
    || box(0.1, 0.62, 0.36, 0.82) || box(0.37, 0.62, 0.63, 0.82) || box(0.64, 0.62, 0.9, 0.82); // the children
}

/** Inside the rounded square (corner radius 18 % of the side), antialiased by 4×4 samples. */
function coverage(px, py, size, test) {
  let hits = 0;
  for (let sy = 0; sy < 4; sy++) {
    for (let sx = 0; sx < 4; sx++) if (test((px + (sx + 0.5) / 4) / size, (py + (sy + 0.5) / 4) / size)) hits++;
  }
  return hits / 16;
}

function inRoundedSquare(x, y) {
  const r = 0.18;
  const cx = Math.min(Math.max(x, r), 1 - r);
  const cy = Math.min(Math.max(y, r), 1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r && x >= 0 && y >= 0 && x <= 1 && y <= 1;
}

/**
 * One icon as PNG bytes.
 *
 * @example
 * writeFileSync('icon-48.png', iconPng(48));
 */
export function iconPng(size) {
  const raw = new Uint8Array(size * (size * 4 + 1));
  for (let y = 0; y < size; y++) {
    const row = y * (size * 4 + 1);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) {
      const alpha = coverage(x, y, size, inRoundedSquare);
      const white = coverage(x, y, size, isTree);
      const at = row + 1 + x * 4;
      for (let c = 0; c < 3; c++) raw[at + c] = Math.round(BLUE[c] * (1 - white) + WHITE[c] * white);
      raw[at + 3] = Math.round(alpha * 255);
    }
  }
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, size);
  view.setUint32(4, size);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA, deflate, adaptive filtering, no interlace
  const signature = Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a);
  const parts = [signature, chunk('IHDR', header), chunk('IDAT', zlibSync(raw, { level: 9 })), chunk('IEND', new Uint8Array(0))];
  const png = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) { png.set(part, offset); offset += part.length; }
  return png;
}
