// XML escaper over UTF-8 (XML 1.0 fifth edition §2.2 Char, §2.4 character data, §3.3.3
// attribute-value normalization; sitemaps.org "Entity escaping"), with template markers that let
// the serializer send a whole batch of values in one call.
//
// How it is driven (src/write/serialize.ts): JS writes UTF-8 into the input region (escapeReserve),
// optionally defines templates for marker bytes (escapeDefineTemplate), then calls escapeText or
// escapeAttribute. The output region holds the escaped bytes; the return value is their length,
// or a negative EscapeError with the input offset in escapeErrorOffset().
//
// Markers: a C0 control byte other than \t \n \r can never be part of an XML document, so the
// serializer uses them in-band as "write template N here" (`<url><loc>`, `</loc>` …). Because a
// user value could itself contain such a byte, every call takes a marker budget — the exact number
// of markers JS inserted. One marker more means a control character came from a value: it is
// reported as InvalidCharacter, and the budget also bounds the output so it can be sized up front.
//
// Escaping: text and attribute values both get all five entities (`&amp; &lt; &gt; &quot; &apos;`,
// as sitemaps.org asks of every data value; `>` always, so `]]>` never appears); \r becomes `&#13;`
// (a parser would turn a raw CR or CRLF into LF); attributes also get `&#9;` `&#10;` (attribute
// normalization would turn raw tabs and newlines into spaces). Everything else is copied, in runs
// of 16 bytes (SIMD build) or 8 bytes (scalar build, SWAR) at a time. The SIMD twin pays:
// escaping the 4.4 MB of batch input that plain-50k-shaped URLs make took 2.7 ms with SIMD and
// 4.0 ms scalar (1.6 vs 1.1 GB/s; whole serializeSitemap 17.3 vs 19.7 ms), Node 20, 2026-11-22.
//
// Rejected: C0 controls other than \t \n \r (when not a defined marker), U+FFFE, U+FFFF, and
// ill-formed UTF-8 (overlong forms, surrogates, truncated sequences, values above U+10FFFF).
// U+FFFD is allowed but counted (escapeReplacementCount): TextEncoder writes it for a lone
// surrogate, so JS looks closer when the count is not zero.

import { allocRegion } from './memory';

/** Negative return values of escapeText / escapeAttribute (test/escape.test.ts mirrors them). */
const enum EscapeError {
  /** A character XML 1.0 does not allow (or a marker byte beyond the budget). */
  InvalidCharacter = -1,
  /** Bytes that are not well-formed UTF-8. */
  InvalidUtf8 = -2,
  /** A value after a date marker that is not one of the usual xsd:date / xsd:dateTime shapes (JS reads it closer). */
  UncommonDate = -3,
}

/** What the escaper does with each byte value. */
const enum ByteAction {
  Copy = 0,
  Ampersand = 1, // & -> &amp;
  Lt = 2, // < -> &lt;
  Gt = 3, // > -> &gt;
  DoubleQuote = 4, // " -> &quot;
  SingleQuote = 5, // ' -> &apos;
  Tab = 6, // \t -> &#9; (attributes)
  LineFeed = 7, // \n -> &#10; (attributes)
  CarriageReturn = 8, // \r -> &#13;
  Control = 9, // other C0 control: a template marker or an error
  Utf8Lead2 = 10, // C2..DF
  Utf8Lead3 = 11, // E0..EF
  Utf8Lead4 = 12, // F0..F4
  Invalid = 13, // 80..C1 as a lead, F5..FF
}

/** Longest escape of one input byte (`&quot;`, `&apos;`): sizes the output region. */
const MAX_ESCAPE_BYTES: i32 = 6;
/** Output slack for the 16-byte stores of the fast loop. */
const OUTPUT_SLACK: i32 = 64;
const MARKER_COUNT: i32 = 32;
const TEMPLATE_CAPACITY: i32 = 4096;

const textActions: usize = memory.data(256);
const attributeActions: usize = memory.data(256);
const templateStarts: usize = memory.data(MARKER_COUNT * 4);
const templateLengths: usize = memory.data(MARKER_COUNT * 4);
const templateBytes: usize = memory.data(TEMPLATE_CAPACITY);

let tablesReady = false;
let templateUsed: i32 = 0;
let longestTemplate: i32 = 0;
let inputStart: usize = 0;
let inputCapacity: i32 = 0;
let outputStart: usize = 0;
let outputCapacity: i32 = 0;
let errorOffset: i32 = -1;
let replacementCount: i32 = 0;
/**
 * Markers (a bit each) whose value must be a date in one of the usual shapes (commonDate): the
 * serializer's `<lastmod>`. Checked here, in the pass that reads every byte anyway; in JS it was
 * ~50 ns a value, a tenth of serializing 50,000 URLs (2026-11-24).
 */
let dateMarkers: u32 = 0;

function fillActions(table: usize, attribute: bool): void {
  for (let b = 0; b < 256; b++) {
    let action = ByteAction.Copy;
    if (b < 0x20) action = ByteAction.Control;
    else if (b >= 0x80) {
      if (b >= 0xc2 && b <= 0xdf) action = ByteAction.Utf8Lead2;
      else if (b >= 0xe0 && b <= 0xef) action = ByteAction.Utf8Lead3;
      else if (b >= 0xf0 && b <= 0xf4) action = ByteAction.Utf8Lead4;
      else action = ByteAction.Invalid;
    }
    store<u8>(table + <usize>b, <u8>action);
  }
  store<u8>(table + 0x26, <u8>ByteAction.Ampersand);
  store<u8>(table + 0x3c, <u8>ByteAction.Lt);
  store<u8>(table + 0x3e, <u8>ByteAction.Gt);
  store<u8>(table + 0x22, <u8>ByteAction.DoubleQuote);
  store<u8>(table + 0x27, <u8>ByteAction.SingleQuote);
  store<u8>(table + 0x0d, <u8>ByteAction.CarriageReturn);
  store<u8>(table + 0x09, <u8>(attribute ? ByteAction.Tab : ByteAction.Copy));
  store<u8>(table + 0x0a, <u8>(attribute ? ByteAction.LineFeed : ByteAction.Copy));
}

function ensureTables(): void {
  if (tablesReady) return;
  fillActions(textActions, false);
  fillActions(attributeActions, true);
  tablesReady = true;
}

/**
 * Makes the input region hold at least `inputBytes` and returns its address. May grow memory:
 * JS re-takes its views after this call.
 */
export function escapeReserve(inputBytes: i32): usize {
  if (inputBytes > inputCapacity) {
    const capacity = max(inputBytes, max(inputCapacity * 2, 65536));
    inputStart = allocRegion(<usize>capacity + 16);
    inputCapacity = capacity;
  }
  return inputStart;
}

/** Address of the output region; read it after each escape call, which may have moved it. */
export function escapeOutputPointer(): usize {
  return outputStart;
}

/** Input byte offset of the fault reported by the last failed call (-1 after a success). */
export function escapeErrorOffset(): i32 {
  return errorOffset;
}

/** How many U+FFFD the last call copied (TextEncoder's stand-in for a lone surrogate). */
export function escapeReplacementCount(): i32 {
  return replacementCount;
}

/** Forgets every template: all control bytes are errors again. */
export function escapeClearTemplates(): void {
  memory.fill(templateLengths, 0, MARKER_COUNT * 4);
  templateUsed = 0;
  longestTemplate = 0;
}

/**
 * Makes marker byte `marker` (a C0 control other than \t \n \r, not NUL) stand for the `length`
 * input bytes at `inputOffset`. Returns 0, or -1 for a bad marker or a full template store.
 */
export function escapeDefineTemplate(marker: i32, inputOffset: i32, length: i32): i32 {
  if (marker <= 0 || marker >= MARKER_COUNT || marker == 0x09 || marker == 0x0a || marker == 0x0d) return -1;
  if (inputOffset < 0 || length <= 0 || inputOffset + length > inputCapacity) return -1;
  // 32 bytes of headroom: templates are copied in fixed 32-byte moves.
  if (templateUsed + length + 32 > TEMPLATE_CAPACITY) return -1;
  memory.copy(templateBytes + <usize>templateUsed, inputStart + <usize>inputOffset, <usize>length);
  store<i32>(templateStarts + (<usize>marker << 2), templateUsed);
  store<i32>(templateLengths + (<usize>marker << 2), length);
  templateUsed += length;
  if (length > longestTemplate) longestTemplate = length;
  return 0;
}

/**
 * Escapes the first `length` input bytes as XML character data into the output region,
 * expanding at most `markerBudget` template markers. Returns the output length, or an
 * EscapeError (negative) with the offset in escapeErrorOffset(). May grow memory.
 */
export function escapeText(length: i32, markerBudget: i32): i32 {
  return escapeWith(textActions, length, markerBudget);
}

/**
 * Like escapeText, for a value inside a double- or single-quoted attribute: also writes
 * \t \n \r as character references so attribute normalization keeps them.
 */
export function escapeAttribute(length: i32, markerBudget: i32): i32 {
  return escapeWith(attributeActions, length, markerBudget);
}

function ensureOutput(length: i32, markerBudget: i32): void {
  // Every input byte writes at most MAX_ESCAPE_BYTES, except a marker, which writes its template.
  const needed = <i64>length * MAX_ESCAPE_BYTES + <i64>markerBudget * <i64>longestTemplate + OUTPUT_SLACK;
  if (needed > <i64>outputCapacity) {
    if (needed > 0x7fff0000) unreachable();
    const capacity = <i32>max(needed, <i64>outputCapacity * 2);
    outputStart = allocRegion(<usize>capacity);
    outputCapacity = capacity;
  }
}

// @ts-ignore: decorator
@inline function isContinuation(b: u32): bool {
  return (b & 0xc0) == 0x80;
}

/** Bit 7 of each byte of the result is set where `bytes` holds `character` (lowest one exact). */
// @ts-ignore: decorator
@inline function bytesEqual(bytes: u64, character: u64): u64 {
  const difference = bytes ^ (character * 0x0101010101010101);
  return (difference - 0x0101010101010101) & ~difference;
}

function escapeWith(actions: usize, length: i32, markerBudget: i32): i32 {
  ensureTables();
  if (length < 0 || length > inputCapacity || markerBudget < 0) {
    errorOffset = 0;
    return EscapeError.InvalidCharacter;
  }
  ensureOutput(length, markerBudget);
  errorOffset = -1;
  replacementCount = 0;
  let budget = markerBudget;
  let i = inputStart;
  let o = outputStart;
  const end = inputStart + <usize>length;

  while (true) {
    // Fast skip: copy whole blocks of bytes that need nothing (printable ASCII other than & < > " ').
    if (ASC_FEATURE_SIMD) {
      const space = i8x16.splat(0x20);
      const ampersand = i8x16.splat(0x26);
      const lt = i8x16.splat(0x3c);
      const gt = i8x16.splat(0x3e);
      const doubleQuote = i8x16.splat(0x22);
      const singleQuote = i8x16.splat(0x27);
      while (i + 16 <= end) {
        const block = v128.load(i);
        // Signed compare: C0 controls and every byte >= 0x80 are "less than space".
        const special = v128.or(
          v128.or(i8x16.lt_s(block, space), v128.or(i8x16.eq(block, ampersand), i8x16.eq(block, lt))),
          v128.or(i8x16.eq(block, gt), v128.or(i8x16.eq(block, doubleQuote), i8x16.eq(block, singleQuote))),
        );
        v128.store(o, block);
        const mask = i8x16.bitmask(special);
        if (mask == 0) {
          i += 16;
          o += 16;
          continue;
        }
        const safe = <usize>ctz(mask);
        i += safe;
        o += safe;
        // Markers are the most common special byte in a batch: expand them here and keep going,
        // instead of a trip through the switch below.
        const marker = <usize>load<u8>(i);
        if (marker >= 0x20 || budget == 0) break;
        const templateLength = load<i32>(templateLengths + (marker << 2));
        if (templateLength == 0 || templateLength > 32) break;
        budget -= 1;
        const template = templateBytes + <usize>load<i32>(templateStarts + (marker << 2));
        v128.store(o, v128.load(template));
        v128.store(o, v128.load(template, 16), 16);
        i += 1;
        o += <usize>templateLength;
        if ((dateMarkers >> <u32>marker) & 1 && !commonDate(i, end)) return fail(EscapeError.UncommonDate, i);
      }
    } else {
      while (i + 8 <= end) {
        const word = load<u64>(i);
        // Bytes < 0x20 (borrow into bit 7) or >= 0x80 (bit 7 already set).
        let special = ((word - 0x2020202020202020) | word) & 0x8080808080808080;
        special |= (bytesEqual(word, 0x26) | bytesEqual(word, 0x3c) | bytesEqual(word, 0x3e) |
          bytesEqual(word, 0x22) | bytesEqual(word, 0x27)) & 0x8080808080808080;
        store<u64>(o, word);
        if (special == 0) {
          i += 8;
          o += 8;
          continue;
        }
        const safe = <usize>(ctz(special) >> 3);
        i += safe;
        o += safe;
        break;
      }
    }
    if (i >= end) break;

    const byte = <u32>load<u8>(i);
    switch (<i32>load<u8>(actions + <usize>byte)) {
      case ByteAction.Copy: {
        store<u8>(o, <u8>byte);
        i += 1;
        o += 1;
        break;
      }
      case ByteAction.Ampersand: {
        store<u32>(o, 0x706d6126); // &amp
        store<u8>(o, 0x3b, 4); // ;
        i += 1;
        o += 5;
        break;
      }
      case ByteAction.Lt: {
        store<u32>(o, 0x3b746c26); // &lt;
        i += 1;
        o += 4;
        break;
      }
      case ByteAction.Gt: {
        store<u32>(o, 0x3b746726); // &gt;
        i += 1;
        o += 4;
        break;
      }
      case ByteAction.DoubleQuote: {
        store<u32>(o, 0x6f757126); // &quo
        store<u16>(o, 0x3b74, 4); // t;
        i += 1;
        o += 6;
        break;
      }
      case ByteAction.SingleQuote: {
        store<u32>(o, 0x6f706126); // &apo
        store<u16>(o, 0x3b73, 4); // s;
        i += 1;
        o += 6;
        break;
      }
      case ByteAction.Tab: {
        store<u32>(o, 0x3b392326); // &#9;
        i += 1;
        o += 4;
        break;
      }
      case ByteAction.LineFeed: {
        store<u32>(o, 0x30312326); // &#10
        store<u8>(o, 0x3b, 4); // ;
        i += 1;
        o += 5;
        break;
      }
      case ByteAction.CarriageReturn: {
        store<u32>(o, 0x33312326); // &#13
        store<u8>(o, 0x3b, 4); // ;
        i += 1;
        o += 5;
        break;
      }
      case ByteAction.Control: {
        const templateLength = load<i32>(templateLengths + (<usize>byte << 2));
        if (templateLength == 0 || budget == 0) return fail(EscapeError.InvalidCharacter, i);
        budget -= 1;
        const template = templateBytes + <usize>load<i32>(templateStarts + (<usize>byte << 2));
        if (templateLength <= 32) {
          // Templates are short tags: two fixed 16-byte copies beat a memory.copy call (the store
          // padding lands in the output slack and is overwritten by what follows).
          if (ASC_FEATURE_SIMD) {
            v128.store(o, v128.load(template));
            v128.store(o, v128.load(template, 16), 16);
          } else {
            store<u64>(o, load<u64>(template));
            store<u64>(o, load<u64>(template, 8), 8);
            store<u64>(o, load<u64>(template, 16), 16);
            store<u64>(o, load<u64>(template, 24), 24);
          }
        } else {
          memory.copy(o, template, <usize>templateLength);
        }
        i += 1;
        o += <usize>templateLength;
        if ((dateMarkers >> byte) & 1 && !commonDate(i, end)) return fail(EscapeError.UncommonDate, i);
        break;
      }
      case ByteAction.Utf8Lead2: {
        if (i + 2 > end || !isContinuation(<u32>load<u8>(i, 1))) return fail(EscapeError.InvalidUtf8, i);
        store<u16>(o, load<u16>(i));
        i += 2;
        o += 2;
        break;
      }
      case ByteAction.Utf8Lead3: {
        if (i + 3 > end) return fail(EscapeError.InvalidUtf8, i);
        const second = <u32>load<u8>(i, 1);
        const third = <u32>load<u8>(i, 2);
        if (!isContinuation(second) || !isContinuation(third)) return fail(EscapeError.InvalidUtf8, i);
        if (byte == 0xe0 && second < 0xa0) return fail(EscapeError.InvalidUtf8, i); // overlong
        if (byte == 0xed && second >= 0xa0) return fail(EscapeError.InvalidUtf8, i); // surrogate
        if (byte == 0xef && second == 0xbf) {
          if (third >= 0xbe) return fail(EscapeError.InvalidCharacter, i); // U+FFFE, U+FFFF
          if (third == 0xbd) replacementCount += 1; // U+FFFD
        }
        store<u16>(o, load<u16>(i));
        store<u8>(o, <u8>third, 2);
        i += 3;
        o += 3;
        break;
      }
      case ByteAction.Utf8Lead4: {
        if (i + 4 > end) return fail(EscapeError.InvalidUtf8, i);
        const second = <u32>load<u8>(i, 1);
        if (!isContinuation(second) || !isContinuation(<u32>load<u8>(i, 2)) || !isContinuation(<u32>load<u8>(i, 3))) {
          return fail(EscapeError.InvalidUtf8, i);
        }
        if (byte == 0xf0 && second < 0x90) return fail(EscapeError.InvalidUtf8, i); // overlong
        if (byte == 0xf4 && second >= 0x90) return fail(EscapeError.InvalidUtf8, i); // above U+10FFFF
        store<u32>(o, load<u32>(i));
        i += 4;
        o += 4;
        break;
      }
      default: // ByteAction.Invalid
        return fail(EscapeError.InvalidUtf8, i);
    }
  }
  return <i32>(o - outputStart);
}

/** Which markers open a date value (a bit per marker, 0 for none); see dateMarkers. */
export function escapeDateMarkers(mask: u32): void {
  dateMarkers = mask;
}

/** The two decimal digits at `p`, or -1. */
// @ts-ignore: decorator
@inline function twoDigits(p: usize): i32 {
  const tens = <u32>load<u8>(p) - 0x30, ones = <u32>load<u8>(p, 1) - 0x30;
  return tens <= 9 && ones <= 9 ? <i32>(tens * 10 + ones) : -1;
}

/**
 * Whether the value at `p` (up to the next control byte, a marker, or `end`) is a date in one of
 * the shapes dates are written in: YYYY-MM-DD, then optionally Thh:mm:ss with an optional
 * three-digit fraction and an optional Z or ±hh:mm (at most ±14:00), a real calendar day and time.
 * Each is an xsd:date or xsd:dateTime; anything else is left to JS (src/values/xsd-values.ts, which
 * reads the general grammar and mirrors this as isCommonXsdDate). Read at fixed places, then
 * the byte after the shape must end the value: ~15 ns a date.
 */
function commonDate(p: usize, end: usize): bool {
  if (p + 10 > end) return false;
  const century = twoDigits(p), yearOfCentury = twoDigits(p + 2);
  if (century < 0 || yearOfCentury < 0 || load<u8>(p, 4) != 0x2d || load<u8>(p, 7) != 0x2d) return false;
  const year = century * 100 + yearOfCentury, month = twoDigits(p + 5), day = twoDigits(p + 8);
  if (year == 0 || month < 1 || month > 12 || day < 1) return false;
  if (day > 28) {
    const leap = (year & 3) == 0 && (year % 100 != 0 || year % 400 == 0);
    const days = month == 2 ? (leap ? 29 : 28) : month == 4 || month == 6 || month == 9 || month == 11 ? 30 : 31;
    if (day > days) return false;
  }
  let at = p + 10;
  if (at < end && load<u8>(at) == 0x54 /* T */) {
    if (p + 19 > end || load<u8>(p, 13) != 0x3a || load<u8>(p, 16) != 0x3a) return false;
    const hour = twoDigits(p + 11), minute = twoDigits(p + 14), second = twoDigits(p + 17);
    if (hour < 0 || hour > 23 || minute < 0 || minute > 59 || second < 0 || second > 59) return false;
    at = p + 19;
    if (at < end && load<u8>(at) == 0x2e /* . */) {
      if (at + 4 > end || twoDigits(at + 1) < 0 || <u32>load<u8>(at, 3) - 0x30 > 9) return false;
      at += 4;
    }
    if (at < end) {
      const zone = load<u8>(at);
      if (zone == 0x5a /* Z */) at += 1;
      else if (zone == 0x2b || zone == 0x2d) {
        if (at + 6 > end || load<u8>(at, 3) != 0x3a) return false;
        const zoneHours = twoDigits(at + 1), zoneMinutes = twoDigits(at + 4);
        if (zoneHours < 0 || zoneMinutes < 0 || zoneMinutes > 59 || zoneHours * 60 + zoneMinutes > 14 * 60) return false;
        at += 6;
      }
    }
  }
  return at == end || load<u8>(at) < 0x20;
}

function fail(error: EscapeError, at: usize): i32 {
  errorOffset = <i32>(at - inputStart);
  return error;
}
