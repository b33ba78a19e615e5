// Turning UTF-8 bytes into JS strings: the one place that decides how, so runtimes with a
// faster path (Node's Buffer, installed by the `node` entry) can swap it in.

// ignoreBOM: a U+FEFF inside a value is content; the document's own BOM was dropped before.
const utf8 = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Decodes UTF-8 bytes. `ascii` is a promise by the caller that every byte is < 0x80, which lets
 * a runtime use a one-byte copy instead of a full UTF-8 decode.
 */
export type BytesToString = (bytes: Uint8Array, ascii: boolean) => string;

let decodeImpl: BytesToString = (bytes) => utf8.decode(bytes);

export function bytesToString(bytes: Uint8Array, ascii: boolean): string {
  return decodeImpl(bytes, ascii);
}

/**
 * Installs a faster decoder (used by the Node entry: `Buffer#latin1Slice` copies ASCII into a
 * one-byte string ~9x faster than TextDecoder on Node 20 — 3.0 GB/s vs 330 MB/s on
 * plain-50k.xml, measured 2026-11-22).
 */
export function setBytesToString(impl: BytesToString): void {
  decodeImpl = impl;
}

const encoder = new TextEncoder();

export function stringToBytes(text: string): Uint8Array {
  return encoder.encode(text);
}

const XML_SPACE_AT_ENDS = /^[ \t\r\n]+|[ \t\r\n]+$/g;

/**
 * Strips XML white space (space, tab, CR, LF: the XML 1.0 `S` production) from both ends.
 * Not String#trim, which also strips U+FEFF, U+00A0 and other Unicode spaces that are content.
 */
export function trimXmlSpace(text: string): string {
  const length = text.length;
  if (length === 0) return text;
  const first = text.charCodeAt(0), last = text.charCodeAt(length - 1);
  // Fast path: nothing to strip (the usual value).
  if (first > 0x20 && last > 0x20) return text;
  return text.replace(XML_SPACE_AT_ENDS, '');
}

/**
 * An xsd:decimal lexical form (`[+-]?(\d+(\.\d*)?|\.\d+)`), checked by hand: it runs once per
 * value, and Number() alone would also take "0x1", "1e0", "Infinity" and "".
 */
export function isDecimal(text: string): boolean {
  let i = text.charCodeAt(0) === 0x2b || text.charCodeAt(0) === 0x2d ? 1 : 0;
  let digits = 0;
  let dot = false;
  for (; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c >= 0x30 && c <= 0x39) digits++;
    else if (c === 0x2e && !dot) dot = true;
    else return false;
  }
  return digits > 0;
}

/** Where the first character of `text` that is not XML white space is, given the line and column `text` starts at. */
export function afterLeadingWhitespace(text: string, line: number, column: number): [number, number] {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code === 10) { line++; column = 1; } else if (code === 32 || code === 9) column++;
    else if (code !== 13) break;
  }
  return [line, column];
}

/**
 * The parts as one array: a single part that is a whole buffer of its own is returned as it is,
 * anything else is copied into a new one (so a result never shares a buffer with other data).
 */
export function concatenateBytes(parts: readonly Uint8Array[]): Uint8Array {
  if (parts.length === 1 && parts[0]!.byteOffset === 0 && parts[0]!.buffer.byteLength === parts[0]!.length) return parts[0]!;
  let length = 0;
  for (const part of parts) length += part.length;
  const joined = new Uint8Array(length);
  let offset = 0;
  for (const part of parts) {
    joined.set(part, offset);
    offset += part.length;
  }
  return joined;
}
