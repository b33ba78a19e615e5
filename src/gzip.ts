// gzip for sitemaps (RFC 1952; sitemaps.org: "you may compress your sitemap files using gzip"):
// the one module that imports fflate. Decompression is capped, because a few kilobytes of gzip
// can inflate to gigabytes (a "gzip bomb", SPEC.md §5).

import { Gunzip, gzipSync } from 'fflate';
import { SitemapError } from './errors';

/**
 * Options of {@link gunzip}.
 *
 * @example
 * const options: GunzipOptions = { maxBytes: LIMITS.maxSitemapBytes };
 */
export interface GunzipOptions {
  /** Refuse (with `INPUT_TOO_LARGE`) as soon as the inflated output passes this many bytes. */
  maxBytes: number;
}

/**
 * Compression levels of DEFLATE: 0 stores, 9 compresses most.
 *
 * @example
 * const level: GzipLevel = 9; // sitemaps are written once and fetched often
 */
export type GzipLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** The largest inflated-to-deflated ratio DEFLATE allows (258-byte matches in ~2 bits each). */
const MAX_DEFLATE_RATIO = 1032;
/** 10-byte header, the 2 bytes of an empty final block, 8-byte trailer (CRC-32, ISIZE). */
const MIN_MEMBER_BYTES = 20;

/**
 * True when `bytes` start with the gzip magic number `1f 8b`. Sniff with this instead of
 * trusting a file name or a `Content-Encoding` header: servers get both wrong.
 *
 * @example
 * const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
 * const xml = isGzip(bytes) ? gunzip(bytes, { maxBytes: LIMITS.maxSitemapBytes }) : bytes;
 */
export function isGzip(bytes: Uint8Array): boolean {
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Compresses bytes to gzip (one member, modification time 0 so equal input gives equal output).
 * `level` defaults to 6, zlib's default.
 *
 * @example
 * const xml = serializeSitemap(urls);
 * const compressed = gzip(xml, 9); // write as sitemap.xml.gz
 */
export function gzip(bytes: Uint8Array, level: GzipLevel = 6): Uint8Array {
  if (!(bytes instanceof Uint8Array)) {
    throw new SitemapError('INPUT_TYPE', `gzip expects a Uint8Array, got ${describe(bytes)}`);
  }
  if (!Number.isInteger(level) || level < 0 || level > 9) {
    throw new SitemapError('INPUT_TYPE', `gzip level must be an integer from 0 to 9, got ${String(level)}`);
  }
  return gzipSync(bytes, { level, mtime: 0 });
}

/**
 * Decompresses gzip, including several members one after another (what `cat a.gz b.gz`
 * makes). Works in bounded memory: compressed input is fed in slices small enough that no
 * slice can inflate far past `maxBytes`, and it stops with `INPUT_TOO_LARGE` as soon as the
 * running total passes `maxBytes`. A damaged or truncated stream throws `GZIP_INVALID`.
 * (Like fflate, it does not verify the CRC-32 in the trailer.)
 *
 * @example
 * const xml = gunzip(bytes, { maxBytes: LIMITS.maxSitemapBytes });
 */
export function gunzip(bytes: Uint8Array, options: GunzipOptions): Uint8Array {
  if (!(bytes instanceof Uint8Array)) {
    throw new SitemapError('INPUT_TYPE', `gunzip expects a Uint8Array, got ${describe(bytes)}`);
  }
  const maxBytes = options?.maxBytes;
  if (typeof maxBytes !== 'number' || !(maxBytes >= 0)) {
    throw new SitemapError('INPUT_TYPE', `gunzip needs { maxBytes } (a number >= 0), got ${String(maxBytes)}`);
  }
  if (!isGzip(bytes)) {
    throw new SitemapError('GZIP_INVALID', 'Not gzip data: the first two bytes are not 1f 8b', { offset: 0 });
  }

  if (nativeGunzip) return nativeGunzip(bytes, maxBytes);
  const { inflated, damage } = inflate(bytes, maxBytes);
  if (damage) throw damage;
  return inflated;
}

/**
 * Like {@link gunzip}, but a damaged or truncated stream (a cut-off download) is not thrown:
 * you get the bytes that inflated before the damage and the `GZIP_INVALID` error describing it.
 * A bomb still throws `INPUT_TOO_LARGE`.
 *
 * @example
 * const { bytes, damage } = gunzipPartial(download, { maxBytes: LIMITS.maxSitemapBytes });
 * if (damage) console.warn(damage.message);
 */
export function gunzipPartial(bytes: Uint8Array, options: GunzipOptions): { bytes: Uint8Array; damage: SitemapError | null } {
  if (!isGzip(bytes)) throw new SitemapError('GZIP_INVALID', 'Not gzip data: the first two bytes are not 1f 8b', { offset: 0 });
  const { inflated, damage } = inflate(bytes, options.maxBytes);
  return { bytes: inflated, damage };
}

/** fflate's streaming inflate under a size cap; damage is returned with what came before it. */
function inflate(bytes: Uint8Array, maxBytes: number): { inflated: Uint8Array; damage: SitemapError | null } {
  if (bytes.length < MIN_MEMBER_BYTES) {
    return { inflated: new Uint8Array(0), damage: new SitemapError('GZIP_INVALID', `The gzip data is truncated: ${bytes.length} bytes, a gzip member takes at least ${MIN_MEMBER_BYTES}`, { offset: bytes.length }) };
  }

  const chunks: Uint8Array[] = [];
  let total = 0;
  let lastMemberStart = 0;
  const inflater = new Gunzip((data) => {
    total += data.length;
    if (total > maxBytes) {
      throw new SitemapError('INPUT_TOO_LARGE', `The gzip data inflates to more than the maxBytes limit of ${maxBytes.toLocaleString('en-US')} bytes`);
    }
    if (data.length > 0) chunks.push(data);
  });
  // Called when the header of a second, third… member has been read: what came before is done.
  inflater.onmember = () => {
    lastMemberStart = total;
  };

  // One slice can inflate to at most MAX_DEFLATE_RATIO times its size: slices are sized so one
  // adds at most about a quarter of maxBytes (256 B .. 16 KiB of input per push; 16 KiB was the
  // fastest slice on the 52 MB limit-50mb.xml.gz, measured 2026-11-22).
  const sliceBytes = Math.min(16384, Math.max(256, Math.floor(maxBytes / MAX_DEFLATE_RATIO / 4)));
  try {
    for (let start = 0; start < bytes.length; start += sliceBytes) {
      const end = Math.min(bytes.length, start + sliceBytes);
      inflater.push(bytes.subarray(start, end), end === bytes.length);
    }
  } catch (cause) {
    if (cause instanceof SitemapError) throw cause;
    const reason = cause instanceof Error ? cause.message : String(cause);
    return { inflated: concatenate(chunks, total), damage: new SitemapError('GZIP_INVALID', `The gzip data is damaged or truncated (${reason})`, { cause }) };
  }
  // fflate does not read the trailer; its ISIZE field (the member's size mod 2^32) catches a
  // stream cut off at a block boundary or inside the trailer.
  const n = bytes.length;
  const declaredSize = (bytes[n - 4]! | (bytes[n - 3]! << 8) | (bytes[n - 2]! << 16) | (bytes[n - 1]! << 24)) >>> 0;
  const inflated = concatenate(chunks, total);
  if (declaredSize !== (total - lastMemberStart) % 0x100000000) {
    return { inflated, damage: new SitemapError('GZIP_INVALID', `The gzip data is damaged or truncated (its trailer declares ${declaredSize} bytes, it inflates to ${total - lastMemberStart})`, { offset: n - 4 }) };
  }
  return { inflated, damage: null };
}

/** A runtime's own gunzip, with the same contract as {@link gunzip} (errors included). */
export type GunzipImplementation = (bytes: Uint8Array, maxBytes: number) => Uint8Array;

let nativeGunzip: GunzipImplementation | null = null;

/**
 * Installs a faster gunzip (the Node entry plugs in zlib: ~130 ms instead of fflate's ~360 ms
 * on limit-50mb.xml.gz, measured 2026-11-22). Pass null to go back to fflate.
 */
export function setGunzipImplementation(implementation: GunzipImplementation | null): void {
  nativeGunzip = implementation;
}

function concatenate(chunks: Uint8Array[], total: number): Uint8Array {
  if (chunks.length === 1 && chunks[0]!.byteOffset === 0 && chunks[0]!.buffer.byteLength === total) return chunks[0]!;
  const out = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return (value as object).constructor?.name ?? 'object';
}
