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
let cheapAsciiFrom = 0;

export function bytesToString(bytes: Uint8Array, ascii: boolean): string {
  return decodeImpl(bytes, ascii);
}

/**
 * Installs a faster decoder (used by the Node entry: `Buffer#toString('ascii')` copies ASCII into
 * a one-byte string ~9x faster than TextDecoder on Node 20). `cheapAsciiBytes`: from how many
 * ASCII bytes it makes a string more cheaply per byte (0: no such size); see cheapAsciiBytes().
 */
export function setBytesToString(impl: BytesToString, cheapAsciiBytes = 0): void {
  decodeImpl = impl;
  cheapAsciiFrom = cheapAsciiBytes;
}

/**
 * From how many ASCII bytes `bytesToString` makes a string more cheaply per byte; 0 when size
 * makes no difference. On Node a buffer of about a megabyte or more becomes an external string
 * (one malloc and copy, ~4 GB/s), a smaller one over 128 KB a V8 large object whose fresh pages
 * fault in at ~1.3 GB/s (Node 20, measured 2026-11-24). The parser gathers the values of whole
 * entries until this size before it makes their strings (SitemapParser.stageEntry).
 */
export function cheapAsciiBytes(): number {
  return cheapAsciiFrom;
}

const encoder = new TextEncoder();

export function stringToBytes(text: string): Uint8Array {
  return encoder.encode(text);
}

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
  // Index loops, not /^[ \t\r\n]+|[ \t\r\n]+$/g: its second branch, tried at each white space
  // character, runs to the end of the run before it fails, quadratic in a long run inside the
  // value (30,000 spaces: 0.7 s; issue #22).
  let start = 0, end = length;
  while (start < end && isXmlSpace(text.charCodeAt(start))) start++;
  while (end > start && isXmlSpace(text.charCodeAt(end - 1))) end--;
  return start === 0 && end === length ? text : text.substring(start, end);
}

function isXmlSpace(code: number): boolean {
  return code === 0x20 || code === 0x09 || code === 0x0a || code === 0x0d;
}

// isDecimal lives in xsd-decimal.ts with the rest of that type's grammar; its readers import it from here too.
export { isDecimal } from './xsd-decimal';

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

/**
 * The UTF-8 size of a string (a lone surrogate counts as the 3 bytes of U+FFFD, as TextEncoder writes it).
 *
 * @example
 * utf8Length('caf\u00e9'); // 5
 */
export function utf8Length(text: string): number {
  let size = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) continue;
    if (code < 0x800) size += 1;
    else if (code >= 0xd800 && code <= 0xdbff && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) { size += 2; i++; }
    else size += 2;
  }
  return size;
}
