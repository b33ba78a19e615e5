// From what the caller passed to the UTF-8 bytes the tokenizer reads: bytes or string, gzip
// (sniffed by its magic bytes, never by name), byte-order marks, declared non-UTF-8 encodings,
// the size cap, and HTML served where a sitemap was expected (SPEC.md §1, §5).

import { SitemapError } from './errors';
import { gunzip, gunzipPartial, isGzip } from './gzip';
import { LIMITS } from './limits';
import { stringToBytes } from './text';
import type { Issue, SitemapInput } from './types';

export interface PreparedInput {
  /** UTF-8 XML, without a byte-order mark. */
  bytes: Uint8Array;
  /** Size before decompression (equal to bytes.length when not gzipped). */
  compressedBytes: number;
  gzipped: boolean;
  /** Problems found on the way (encoding). */
  issues: Issue[];
}

const ENCODING_DECLARATION = /^\s*<\?xml[^>]*?\sencoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);

function toUint8Array(input: SitemapInput): Uint8Array | string {
  if (typeof input === 'string') return input;
  if (input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) {
    const view = input as ArrayBufferView;
    return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  }
  throw new SitemapError('INPUT_TYPE', `Expected a Uint8Array, ArrayBuffer or string, got ${input === null ? 'null' : typeof input}`);
}

export function warning(code: Issue['code'], message: string, value?: string): Issue {
  return { code, severity: 'warning', message, line: 0, column: 0, path: '', ...(value === undefined ? {} : { value }) };
}

/** Bytes in [0x80, 0xff]: the document is not plain ASCII. */
export function hasNonAscii(bytes: Uint8Array): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes[i]! >= 0x80) return true;
  return false;
}

/** Re-encodes text in another encoding as UTF-8 with the platform's TextDecoder. */
function transcode(bytes: Uint8Array, label: string): Uint8Array {
  return stringToBytes(decoderFor(label).decode(bytes));
}

/** The platform's decoder for a declared encoding, or INPUT_ENCODING when it has none. */
export function decoderFor(label: string): TextDecoder {
  try {
    return new TextDecoder(label);
  } catch (cause) {
    throw new SitemapError('INPUT_ENCODING', `The document declares encoding "${label}", which this runtime cannot decode; sitemaps must be UTF-8`, { cause });
  }
}

/**
 * `recover`: a damaged or truncated gzip stream gives what inflated before the damage, with an
 * issue, instead of throwing (SPEC.md §5: truncated downloads return what was read).
 */
export function prepareInput(input: SitemapInput, maxBytes: number = LIMITS.defaultMaxInputBytes, recover = false): PreparedInput {
  const issues: Issue[] = [];
  const raw = toUint8Array(input);
  // A string is already decoded: its declared encoding no longer applies.
  if (typeof raw === 'string') {
    const bytes = stringToBytes(raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw);
    if (bytes.length > maxBytes) throw tooLarge(bytes.length, maxBytes);
    return { bytes, compressedBytes: bytes.length, gzipped: false, issues };
  }
  let bytes = raw;
  const compressedBytes = raw.length;
  const gzipped = isGzip(raw);
  if (gzipped && recover) {
    const { bytes: inflated, damage } = gunzipPartial(raw, { maxBytes });
    if (damage) issues.push({ code: damage.code, severity: 'error', message: `${damage.message}; what inflated before the damage was read`, line: 0, column: 0, path: '' });
    bytes = inflated;
  } else if (gzipped) bytes = gunzip(raw, { maxBytes });
  else if (bytes.length > maxBytes) throw tooLarge(bytes.length, maxBytes);

  // Byte-order marks: UTF-8 is skipped; UTF-16 is decoded (the protocol wants UTF-8: a warning).
  const utf16 = utf16ByteOrder(bytes);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
  else if (utf16) {
    const label = utf16;
    issues.push(utf16Issue(label));
    bytes = stringToBytes(declareUtf8(new TextDecoder(label).decode(bytes).replace(/^\ufeff/, '')));
    return { bytes, compressedBytes, gzipped, issues };
  }

  // A declared encoding other than UTF-8: decode it as declared when the bytes need it.
  const declared = declaredEncoding(bytes);
  if (declared) {
    const label = declared.toLowerCase();
    const converted = hasNonAscii(bytes);
    issues.push(declaredEncodingIssue(declared, converted));
    if (converted) bytes = transcode(bytes, label);
  }
  return { bytes, compressedBytes, gzipped, issues };
}

/** `utf-16le` / `utf-16be` when the bytes start with that byte-order mark. */
export function utf16ByteOrder(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** A UTF-16 document's declaration, once decoded, made to say UTF-8 (what its bytes become). */
export function declareUtf8(text: string): string {
  return text.replace(/(<\?xml[^>]*?\sencoding\s*=\s*["'])utf-16(le|be)?(["'])/i, '$1UTF-8$3');
}

/** The encoding the XML declaration names (in the first 256 bytes), when it is not UTF-8. */
export function declaredEncoding(bytes: Uint8Array): string | undefined {
  const head = String.fromCharCode(...bytes.subarray(0, 256));
  const declared = ENCODING_DECLARATION.exec(head)?.[1];
  return declared && !UTF8_LABELS.has(declared.toLowerCase()) ? declared : undefined;
}

/** The warning for a declared non-UTF-8 encoding: `converted` when non-ASCII bytes were transcoded. */
export function declaredEncodingIssue(declared: string, converted: boolean): Issue {
  return converted
    ? warning('INPUT_ENCODING', `The document declares encoding "${declared}"; sitemaps must be UTF-8 (it was converted from ${declared})`, declared)
    : warning('INPUT_ENCODING', `The document declares encoding "${declared}"; sitemaps must be UTF-8 (its bytes are plain ASCII, so they read the same)`, declared);
}

export function utf16Issue(label: 'utf-16le' | 'utf-16be'): Issue {
  return warning('INPUT_ENCODING', `The document is ${label.toUpperCase()}; sitemaps must be UTF-8 (it was converted)`, label);
}

function tooLarge(size: number, maxBytes: number): SitemapError {
  return new SitemapError('INPUT_TOO_LARGE', `The input is ${size.toLocaleString('en-US')} bytes, over the maxBytes limit of ${maxBytes.toLocaleString('en-US')}`);
}

const HTML_START = /^\s*(<!--[\s\S]*?-->\s*)*<(!doctype\s+html|html[\s>])/i;

/** True when the bytes start like an HTML page (what servers send for a missing sitemap). */
export function looksLikeHtml(bytes: Uint8Array): boolean {
  const head = String.fromCharCode(...bytes.subarray(0, 512));
  return HTML_START.test(head);
}
