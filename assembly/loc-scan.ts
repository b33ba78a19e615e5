// The protocol's checks of a sitemap <loc> (sitemaps.org: an absolute http/https URL, escaped per
// RFC 3986; SPEC.md §1) over its decoded ASCII bytes. validate() asks the tokenizer to run them on
// the text of every `loc` element, so JS reads a few numbers from the text's record instead of
// looking at each character of millions of URL bytes (plain-50k.xml: 3.5 MB of locs).

import { equalBytes } from './strings';

/** Mirrored by src/values/url-check.ts `LocFinding` (a bit set; 0: nothing to report). */
export const enum LocFinding {
  Empty = 1,
  NotHttp = 2,
  Relative = 4,
  NoHost = 8, // nothing after "//", or a host name with an empty label
  Space = 16,
  Control = 32,
  BadPercent = 64,
  NonAscii = 128,
  Unescaped = 256,
  /**
   * Not a finding (src/read/walker.ts readCoreLocScan tests findings as bits 0-8): a "/" followed
   * by "." or "%", where a dot-segment (".", "..", "%2e"…) may be, which the URL parser resolves.
   * Without it (and without a "\\", an Unescaped finding) a loc has none, and validate's host and
   * directory check need not look for one (src/values/url-check.ts outOfScope: a regular
   * expression on every loc, 3% of a crawl's time, 2026-11-26).
   */
  DotSegment = 512,
}

// Results of scanLoc: the tokenizer packs them into the text's record (findings | host start << 10
// | host end << 14).
export let locFindings: i32 = 0;
export let locHostStart: i32 = 0;
export let locHostEnd: i32 = 0;
export let locHostHash: i32 = 0;
/** The trimmed value scanLoc looked at: its offset in the scanned range, and its length. */
export let locStart: i32 = 0;
export let locLength: i32 = 0;
/**
 * The value is already in src/values/url-check.ts comparableUrl's form, so its identity
 * (lastHash) is that of comparableUrl(loc): "http" or "https", a host with no upper case (so no
 * escape with a hex letter either), "@" or "[", no port or one of 4 or 5 digits, the first not 0
 * (so never 80 or 443), a path that starts with "/", escapes only in the form comparableUrl keeps
 * (two upper-case hex digits, not an unreserved character: so no "%2e" either), no "." after a
 * "/", no finding but DotSegment and NonAscii (a DotSegment of a "/%" is an escape's, judged so;
 * comparableUrl keeps non-ASCII as it is, and the bytes are its UTF-8), and at most
 * LOC_SET_MAX_BYTES (loc-set.ts: the scratch region where JS hashes other URLs whole). False
 * whenever in doubt: the crawl then hashes comparableUrl(loc), which is exact.
 */
export let locNormal = false;
/**
 * scanLoc saw what comparableUrl rewrites and no finding says (classify): an escape with a
 * lower-case hex digit or of an unreserved character, or a "." after a "/" (a DotSegment finding
 * may also be a "/%XX", which is judged as an escape).
 */
let locRewritten = false;
/**
 * The last 64-bit hash of hashLocBytes: a URL's identity for the crawl's "listed in two sitemaps"
 * rule (src/site/crawl-url-set.ts), which the tokenizer writes into a whole entry's EntryScan.
 */
export let lastHash: u64 = 0;

const FNV_OFFSET: u32 = 0x811c9dc5;
/**
 * hashLocBytes' one odd constant (MurmurHash3's finalizer's first), where MurmurHash3 has four:
 * any odd constant with its bits spread mixes as well, and one is fewer bytes of the core.
 */
const HASH_MULTIPLIER: u64 = 0xff51afd7ed558ccd;
const FNV_PRIME: u32 = 0x01000193;

// Bytes the scan must look at more closely, each with its finding >> 4 (0: none): controls, space,
// DEL and up, the characters RFC 3986 wants percent-encoded (" < > \ ^ ` { | }), and two that
// depend on their neighbours: "%" (BadPercent unless two hex digits follow; DotSegment after a "/")
// and "." (DotSegment after a "/"). One table load instead of a chain of compares (the dot-segment
// check fits in the core's bytes so). The "." rather than the "/": a URL has about half as many
// (each flagged byte costs a few ns: flagging "/" made validate() of plain-50k.xml 3-7% slower).
const LOC_CLASS: usize = memory.data(256);
function buildTable(): void {
  for (let b = 0; b < 256; b++) {
    let finding = 0;
    if (b == 0x20) finding = LocFinding.Space;
    else if (b < 0x20 || b == 0x7f) finding = LocFinding.Control;
    else if (b > 0x7f) finding = LocFinding.NonAscii;
    else if (b == 0x25) finding = LocFinding.BadPercent;
    else if (b == 0x2e) finding = LocFinding.DotSegment;
    else if (b == 0x22 || b == 0x3c || b == 0x3e || b == 0x5c || b == 0x5e || b == 0x60 || b == 0x7b || b == 0x7c || b == 0x7d) finding = LocFinding.Unescaped;
    store<u8>(LOC_CLASS + b, finding >> 4);
  }
}
buildTable();

// @ts-ignore: decorator
@inline function isXmlSpace(b: i32): bool {
  return b == 0x20 || b == 0x0a || b == 0x09 || b == 0x0d;
}

// @ts-ignore: decorator
@inline function isHex(b: i32): bool {
  return (b >= 0x30 && b <= 0x39) || ((b | 0x20) >= 0x61 && (b | 0x20) <= 0x66);
}

// @ts-ignore: decorator
@inline function isAlpha(b: i32): bool {
  return (b | 0x20) >= 0x61 && (b | 0x20) <= 0x7a;
}

/** Longer than any scheme and host kept for the next loc (LAST_HOST). */
const LAST_HOST_BYTES: i32 = 64;
/** The last loc's scheme, host and the "/" after them when plain (scanLoc), and slack for equalBytes. */
const LAST_HOST: usize = memory.data(LAST_HOST_BYTES + 8);
/**
 * Where the last loc's host ended (its "/" is LAST_HOST's last byte), 0 when none is kept: only a
 * host with no finding that keeps comparableUrl's form, so that its hash is all there is to keep.
 */
let lastHostEnd: i32 = 0;
let lastHostHash: i32 = 0;
/** Where the byte scan of a loc with the kept host starts (scanLoc's scanFrom for it). */
let lastScanFrom: i32 = 0;

/**
 * Scans the ASCII value [ptr, ptr + n) (XML white space at its ends is trimmed, as the parser
 * trims it). Positions are relative to the trimmed value. Returns false for a value too long to
 * pack into a record (2^18 bytes and over): the facade then scans the string.
 */
export function scanLoc(ptr: usize, n: i32): bool {
  let start = 0, end = n;
  while (start < end && isXmlSpace(<i32>load<u8>(ptr + <usize>start))) start++;
  while (end > start && isXmlSpace(<i32>load<u8>(ptr + <usize>(end - 1)))) end--;
  const length = end - start;
  if (length >= 1 << 18) return false;
  const value = ptr + <usize>start;
  locStart = start;
  locLength = length;
  locHostStart = 0;
  locHostEnd = 0;
  locHostHash = <i32>FNV_OFFSET;
  locNormal = false;
  locRewritten = false;
  if (length == 0) {
    locFindings = LocFinding.Empty;
    return true;
  }
  let findings = 0;
  // Where the byte scan below starts: past the scheme and the host name's usual bytes, which
  // hold no finding (a "." there is a DotSegment only first, after "//": then it starts there).
  let scanFrom = 0;
  // http:// or https://, any case.
  let prefix = 0;
  if (length >= 8 && (load<u8>(value) | 0x20) == 0x68 && (load<u8>(value, 1) | 0x20) == 0x74
    && (load<u8>(value, 2) | 0x20) == 0x74 && (load<u8>(value, 3) | 0x20) == 0x70) {
    let at = 4;
    if ((load<u8>(value + <usize>at) | 0x20) == 0x73) at++;
    if (load<u8>(value + <usize>at) == 0x3a && load<u8>(value + <usize>at + 1) == 0x2f && load<u8>(value + <usize>at + 2) == 0x2f) prefix = at + 3;
  }
  if (prefix == 0) {
    // A scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" (RFC 3986 §3.1).
    let at = 0;
    if (isAlpha(<i32>load<u8>(value))) {
      at = 1;
      while (at < length) {
        const b = <i32>load<u8>(value + <usize>at);
        if (isAlpha(b) || (b >= 0x30 && b <= 0x39) || b == 0x2b || b == 0x2d || b == 0x2e) at++;
        else break;
      }
    }
    findings |= at > 0 && at < length && load<u8>(value + <usize>at) == 0x3a ? LocFinding.NotHttp : LocFinding.Relative;
  } else {
    const first = prefix < length ? <i32>load<u8>(value + <usize>prefix) : 0x2f;
    if (first == 0x2f || first == 0x3f || first == 0x23 || first == 0x3a) findings |= LocFinding.NoHost;
    // The scheme and host of the last loc (kept when plain), when this one starts with them and
    // its host ends there too: what the loops below find depends on those bytes only, and a file's
    // locs are nearly all on one host, which is then compared, not read again byte by byte (one of
    // the crawl bench's files validated as the crawl does: about 10% fewer instructions, 2026-11-27).
    // Where the byte scan starts is the kept host's too (the same bytes before it).
    let at = lastHostEnd, normal = true;
    let hostHash = <u32>lastHostHash;
    scanFrom = lastScanFrom;
    if (!(at > 0 && at < length && equalBytes(value, LAST_HOST, at + 1))) {
      // The host: where it ends, and a case-folded FNV-1a hash for the host statistics. And its
      // name's labels: none may be empty (a dot first or two in a row; one at the end is the DNS
      // root), and the name not either; src/values/url-check.ts hostEmptyLabel is the same rule.
      hostHash = FNV_OFFSET;
      at = prefix;
      let hostname = 0, label = 0, portAt = 0;
      let emptyLabel = false, port = false, literal = false, literalOpen = false;
      // comparableUrl's form: the scheme as written "http" or "https" (the prefix test ignored case).
      normal = load<u32>(value) == 0x70747468 && (prefix == 7 || load<u8>(value, 4) == 0x73);
      // The host name's usual bytes (lower-case letters, digits, "-", ".") first, in a tight loop,
      // then a ":" and a port of digits; the loop after them takes any byte from where they stopped
      // (upper case, the userinfo, an IPv6 literal, "_", an escape…). Each byte of the host through
      // that loop's dozen tests took over half of scanLoc's time in the crawl (round 10).
      for (; at < length; at++) {
        const b = <u32>load<u8>(value + <usize>at);
        if (b - 0x61 > 25 && b - 0x30 > 9 && b - 0x2d > 1) break;
        hostHash = (hostHash ^ b) * FNV_PRIME;
        if (b != 0x2e) label++;
        else if (label == 0) emptyLabel = true;
        else label = 0;
      }
      hostname = at - prefix;
      scanFrom = load<u8>(value + <usize>prefix) == 0x2e ? prefix : at;
      // The port: digits only (anything else, the byte loop judges).
      if (at < length && load<u8>(value + <usize>at) == 0x3a) {
        port = true;
        portAt = at + 1;
        hostHash = (hostHash ^ 0x3a) * FNV_PRIME;
        for (at++; at < length; at++) {
          const b = <u32>load<u8>(value + <usize>at);
          if (b - 0x30 > 9) break;
          hostHash = (hostHash ^ b) * FNV_PRIME;
        }
      }
      for (; at < length; at++) {
        const b = <u32>load<u8>(value + <usize>at);
        if (b == 0x2f || b == 0x3f || b == 0x23) break;
        const upper = b - 0x41 < 26;
        if (upper || b == 0x40 || b == 0x5b) normal = false; // upper case, user information, an IPv6 literal (an escape: classify)
        hostHash = (hostHash ^ (upper ? b | 0x20 : b)) * FNV_PRIME;
        if (b == 0x40) { // "@": what came before was the userinfo
          hostname = 0; label = 0;
          emptyLabel = false; port = false; literal = false; literalOpen = false;
        } else if (!port) {
          if (hostname == 0 && b == 0x5b) { literal = true; literalOpen = true; } // [IPv6]: no labels
          if (literalOpen) {
            hostname++;
            if (b == 0x5d) literalOpen = false;
          } else if (b == 0x3a) { port = true; portAt = at + 1; }
          else {
            hostname++;
            if (literal) continue;
            if (b != 0x2e) label++;
            else if (label == 0) emptyLabel = true;
            else label = 0;
          }
        } else if (b - 0x30 > 9) normal = false; // a port of digits only
      }
      // A port as url-check.ts normalPortEnd leaves it, and no default one: 4 or 5 digits, the first not 0.
      if (port && (<u32>(at - portAt - 4) > 1 || load<u8>(value + <usize>portAt) == 0x30)) normal = false;
      if (hostname == 0 || emptyLabel) findings |= LocFinding.NoHost;
      // Kept for the next loc when plain and followed by a path, with the path's "/" (a longer scheme
      // and host is rare enough to be read each time). At the value's end the byte read is the
      // arena's slack or next value: kept or not, what was found of [0, at) holds for a loc that
      // has these bytes and a "/" after them.
      lastHostEnd = findings == 0 && normal && at < LAST_HOST_BYTES && load<u8>(value + <usize>at) == 0x2f ? at : 0;
      memory.copy(LAST_HOST, value, <usize>lastHostEnd + 1);
      lastHostHash = <i32>hostHash;
      lastScanFrom = scanFrom;
    }
    locNormal = normal && at < length && load<u8>(value + <usize>at) == 0x2f && length <= 4096; // a path, not an empty one
    locHostStart = prefix;
    locHostEnd = at;
    locHostHash = <i32>hostHash;
  }
  // Every byte, 16 at a time; only the bytes the block test flags are looked at one by one.
  let at = scanFrom;
  if (ASC_FEATURE_SIMD) {
    for (; at + 16 <= length; at += 16) {
      const bits = specialBits(value + <usize>at);
      if (bits != 0) findings |= classifyBits(value, at, bits, length);
    }
    if (at < length && length >= 16) {
      // The rest: the value's last 16 bytes, without those the loop read (findings are a union).
      const from = length - 16;
      const bits = specialBits(value + <usize>from) & ~((1 << (at - from)) - 1);
      if (bits != 0) findings |= classifyBits(value, from, bits, length);
      at = length;
    }
  }
  for (; at < length; at++) findings |= classify(value, at, length); // a short value, or no SIMD
  locFindings = findings;
  // Non-ASCII stays as it is in comparableUrl (an IRI is not mapped to a URI), and its bytes are
  // the UTF-8 that identityOf hashes: not a reason for the fallback.
  if ((findings & ~(LocFinding.DotSegment | LocFinding.NonAscii)) != 0 || locRewritten) locNormal = false;
  return true;
}

/**
 * The hash of the loc bytes [ptr, ptr + n): 64 bits into lastHash (the crawl's URL identity),
 * folded to 32 for the document's loc set (loc-set.ts), one pass for both. Eight bytes a step, the
 * last 1-7 as one masked word (reads up to 7 bytes past the end: the arena and the set's scratch
 * region have slack after them), each taken as MurmurHash3 (x64) takes a block (the word
 * multiplied, rotated and multiplied again, then mixed in, and the hash rotated and multiplied),
 * then MurmurHash3's 64-bit finalizer; one constant for all (HASH_MULTIPLIER).
 * A plain multiply-and-rotate of the hash xor each word, as before, carries a change only upwards
 * and the next word can undo it: "…?id=40000" and "…?id=20001" (a digit in each of two words)
 * hashed alike (found by test/crawl-url-set.test.ts's property).
 */
export function hashLocBytes(ptr: usize, n: i32): u32 {
  let hash: u64 = HASH_MULTIPLIER ^ <u64>n;
  for (let i = 0; i < n; i += 8) {
    let word = load<u64>(ptr + <usize>i);
    if (n - i < 8) word &= (<u64>1 << (<u64>(n - i) << 3)) - 1;
    hash ^= rotl<u64>(word * HASH_MULTIPLIER, 31) * HASH_MULTIPLIER;
    hash = rotl<u64>(hash, 27) * HASH_MULTIPLIER;
  }
  hash = (hash ^ (hash >>> 33)) * HASH_MULTIPLIER;
  hash = (hash ^ (hash >>> 33)) * HASH_MULTIPLIER;
  lastHash = hash ^= hash >>> 33;
  return <u32>(hash ^ (hash >>> 32));
}

/**
 * Which of the 16 bytes at `p` need a closer look (LOC_CLASS), as a bit mask: those outside
 * 0x21..0x7e by one range compare, and " % . < > \ ^ ` { | } by a nibble lookup, where a byte
 * is flagged when the groups its low nibble is listed in include its high nibble's. Two table
 * lookups instead of ten compares.
 */
// @ts-ignore: decorator
@inline function specialBits(p: usize): i32 {
  const v = v128.load(p);
  const outside = i8x16.gt_u(i8x16.sub(v, i8x16.splat(0x21)), i8x16.splat(0x5d));
  // The listed characters by nibble. Groups (bits) are high nibbles: 0x2_ 1, 0x3_ 2, 0x5_ 4,
  // 0x6_ 8, 0x7_ 16; by low nibble, the groups where it is listed (0x_2: '"', group 1; 0x_c:
  // '<' '\' '|', groups 2, 4 and 16…; 0x_e: '.' '>' '^'). Constants here, not globals: a scalar build has no v128.
  const byLow = i8x16(8, 0, 1, 0, 0, 1, 0, 0, 0, 0, 0, 16, 2 | 4 | 16, 16, 1 | 2 | 4, 0);
  const byHigh = i8x16(0, 0, 1, 2, 0, 4, 8, 16, 0, 0, 0, 0, 0, 0, 0, 0);
  const low = i8x16.swizzle(byLow, v128.and(v, i8x16.splat(0x0f)));
  const high = i8x16.swizzle(byHigh, i8x16.shr_u(v, 4));
  const listed = i8x16.gt_u(v128.and(low, high), i8x16.splat(0));
  return i8x16.bitmask(v128.or(outside, listed));
}

/** The findings of the flagged bytes of the block at `at` (bit i: byte at + i). */
function classifyBits(value: usize, at: i32, bits: i32, length: i32): i32 {
  let findings = 0;
  while (bits != 0) {
    findings |= classify(value, at + ctz<i32>(bits), length);
    bits &= bits - 1;
  }
  return findings;
}

/** What the byte at `at` is a finding of, 0 when it is fine. */
// @ts-ignore: decorator
@inline function classify(value: usize, at: i32, length: i32): i32 {
  const finding = <i32>load<u8>(LOC_CLASS + <usize>load<u8>(value + <usize>at)) << 4;
  if (finding != LocFinding.BadPercent && finding != LocFinding.DotSegment) return finding;
  return classifyDotOrPercent(value, at, length, finding);
}

/**
 * classify's "." and "%", out of line (inlined, it is in the core two or three times over, and
 * these bytes are few): a DotSegment when a "/" precedes either, BadPercent for a "%" without two
 * hex digits, and locRewritten for what comparableUrl would rewrite.
 */
function classifyDotOrPercent(value: usize, at: i32, length: i32, finding: i32): i32 {
  // A "%" or a "." after a "/": a dot-segment may start here.
  const dotSegment = at > 0 && load<u8>(value + <usize>at - 1) == 0x2f ? LocFinding.DotSegment : 0;
  if (finding == LocFinding.DotSegment) {
    if (dotSegment != 0) locRewritten = true; // comparableUrl takes "/." the long way
    return dotSegment;
  }
  if (at + 2 >= length) return dotSegment | finding;
  const high = <i32>load<u8>(value + <usize>at + 1), low = <i32>load<u8>(value + <usize>at + 2);
  if (!isHex(high) || !isHex(low)) return dotSegment | finding;
  // An escape comparableUrl keeps has upper-case hex digits ("a"-"f" are over 0x60) and is not
  // of an unreserved character ("%2E" neither: any escaped dot-segment is rewritten).
  if (high > 0x60 || low > 0x60 || isUnreservedByte((hexValue(high) << 4) | hexValue(low))) locRewritten = true;
  return dotSegment;
}

/** The value of a hex digit, either case: "0"-"9" have bit 6 clear, letters have it set and 1-6 in their low nibble. */
// @ts-ignore: decorator
@inline function hexValue(b: i32): i32 {
  return (b & 0xf) + (b >> 6) * 9;
}

/** RFC 3986 §2.3's ALPHA / DIGIT / "-" / "." / "_" / "~" (src/values/url-check.ts isUnreserved), as bits of two words. */
// @ts-ignore: decorator
@inline function isUnreservedByte(byte: i32): bool {
  return <u32>((byte | 0x20) - 0x61) < 26 || <u32>(byte - 0x30) < 10 || <u32>(byte - 0x2d) < 2 || byte == 0x5f || byte == 0x7e;
}
