// From what the caller passed to the UTF-8 bytes the tokenizer reads: bytes or string, gzip
// (sniffed by its magic bytes, never by name), byte-order marks, declared non-UTF-8 encodings,
// the size cap (SPEC.md §1, §5); and what to tell a caller who passed something else (a Response,
// a Promise, a file name, a limit that is no number). The front door (front-door.ts) calls it and
// adds the checks on the bytes it gives: an HTML page, an empty document.

import { encodingContradiction, encodingContradictionError, encodingContradictionIssue, type MarkedEncoding } from './document-encoding';
import { SitemapError } from '../model/errors';
import { positionOfByte } from '../values/file-limits';
import { createIssue } from '../model/issue';
import { singleByteDecoderFor, type DocumentDecoder } from './single-byte-decoder';
import { gunzip, gunzipPartial, isGzip } from './gzip';
import { LIMITS } from '../model/limits';
import { stringToBytes } from '../values/text';
import type { Issue, SitemapInput } from '../model/types';

export interface PreparedInput {
  /** UTF-8 XML, without a byte-order mark. */
  bytes: Uint8Array;
  /** Size before decompression (equal to bytes.length when not gzipped). */
  compressedBytes: number;
  gzipped: boolean;
  /** Problems found on the way (encoding). */
  issues: Issue[];
}

/** The XML declaration's encoding: group 1 is everything before the name `encoding` (one character per byte), group 2 the label. */
const ENCODING_DECLARATION = /^(\s*<\?xml[^>]*?\s)encoding\s*=\s*["']([A-Za-z0-9._:-]+)["']/;
const UTF8_LABELS = new Set(['utf-8', 'utf8', 'unicode-1-1-utf-8']);

function toUint8Array(input: SitemapInput): Uint8Array | string {
  if (typeof input === 'string') return input;
  if (input instanceof Uint8Array) return input;
  if (input instanceof ArrayBuffer) return new Uint8Array(input);
  if (ArrayBuffer.isView(input)) {
    const view = input as ArrayBufferView;
    return new Uint8Array(view.buffer, view.byteOffset, view.byteLength);
  }
  throw new SitemapError('INPUT_TYPE', `Expected a Uint8Array, ArrayBuffer or string, got ${describeValue(input)}${adviceFor(input, false)}`, { offset: 0 });
}

/** How a value of the wrong type is named in a message: `a Response`, `NaN`, `"sitemap"`, `null`. */
export function describeValue(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 60 ? `${value.slice(0, 60)}…` : value);
  if (value === null || typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint' || typeof value === 'undefined') return String(value);
  if (typeof value !== 'object') return `a ${typeof value}`;
  const name = Array.isArray(value) ? 'Array' : (value as object).constructor?.name || 'object';
  return `${/^[aeio]/i.test(name) ? 'an' : 'a'} ${name}`;
}

/**
 * What to pass instead of `value`, by what it is; '' when there is nothing to say. Recognised by
 * shape, not with instanceof: Response, Blob and ReadableStream are not globals everywhere.
 * `streaming`: for parseStream, which reads responses, blobs and streams itself.
 */
export function adviceFor(value: unknown, streaming: boolean): string {
  if (value === null || typeof value !== 'object') return '';
  const shape = value as Record<string | symbol, unknown>;
  if (typeof shape.then === 'function') return ': did you forget await?';
  if (typeof shape.href === 'string' && typeof shape.protocol === 'string') {
    return streaming ? ': fetch it first, parseStream(await fetch(url))' : ': fetch it first and pass the body, await (await fetch(url)).arrayBuffer(), or read it as it arrives with parseStream(await fetch(url))';
  }
  if (streaming) return '';
  if ('bodyUsed' in shape && typeof shape.arrayBuffer === 'function') return ': pass its body, await response.arrayBuffer(), or read it as it arrives with parseStream(response)';
  if (typeof shape.arrayBuffer === 'function') return ': pass its bytes, await blob.arrayBuffer(), or read it as it arrives with parseStream(blob)';
  if (typeof shape.getReader === 'function' || typeof shape[Symbol.asyncIterator] === 'function') return ': read it with parseStream(stream)';
  if (Array.isArray(value)) return ': bytes go in a Uint8Array; chunks go to parseStream(chunks)';
  return '';
}

/** Longest text taken for a file name or URL given in place of a document (a stream sees its first 512 bytes). */
const MAX_NAME_LENGTH = 512;
const URL_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
const FILE_EXTENSION = /\.[a-z][a-z\d]{0,7}$/i;

/**
 * The issue for a string that is a file name, path or URL rather than a document (one line, no
 * `<`: `parse('sitemap.xml')`), or undefined. The tokenizer alone would only say "text outside
 * the root element"; the text is no document either way, so a loose match costs nothing.
 */
export function notADocumentIssue(input: string): Issue | undefined {
  if (input.length > MAX_NAME_LENGTH) return undefined; // a document, or no name anyone types
  const text = input.trim(); // a byte-order mark too
  if (text.length === 0 || /[<\r\n]/.test(text)) return undefined;
  const what = `The input is the text "${text}", not a sitemap document`;
  let message: string;
  if (/^https?:\/\//i.test(text)) message = `${what}: to read a URL, fetch it and pass the body, await (await fetch(url)).arrayBuffer(), or read it as it arrives with parseStream(await fetch(url))`;
  else if (URL_SCHEME.test(text) || /[\\/]/.test(text) || FILE_EXTENSION.test(text)) {
    message = `${what}: to read a file, pass its contents (Node: readFile, or parseFile from sitemapkit/node); to read a URL, fetch it or use parseStream(response)`;
  } else return undefined;
  // At the start, where the tokenizer reports text outside the root (white space before it included).
  return createIssue('XML_TEXT_OUTSIDE_ROOT', 'error', message, 1, 1, '');
}

/** A notADocumentIssue as the error strict mode throws. */
export function notADocumentError(issue: Issue): SitemapError {
  return new SitemapError(issue.code, issue.message, { line: 1, column: 1, offset: 0 });
}

export function warning(code: Issue['code'], message: string, value?: string): Issue {
  return createIssue(code, 'warning', message, 0, 0, '', 0, value);
}

/** Per encoding label: the ASCII bytes its decoder does not read as themselves (1), found by asking it. */
const asciiChangedBy = new Map<string, Uint8Array>();

/**
 * The index of the first byte of `bytes` that the decoder of `label` does not read as itself:
 * the first byte past ASCII, or an ASCII byte the encoding gives another meaning (ISO-2022-JP's
 * ESC, SO and SI start other character sets; Node's Shift_JIS, which is ICU's, reads 0x1A, 0x1C
 * and 0x7F as U+001C, U+007F and U+001A); -1 when every byte reads as itself. parse() decodes a
 * document only from such a byte on, and the streams pass bytes as they are up to it, so both
 * read the same (fuzz seed 20261133, input 142089: 0x7F before Shift_JIS text).
 *
 * @example
 * firstByteToDecode(new TextEncoder().encode('<urlset/>'), 'shift_jis'); // -1
 */
export function firstByteToDecode(bytes: Uint8Array, label: string): number {
  let changed = asciiChangedBy.get(label);
  if (changed === undefined) {
    changed = new Uint8Array(128);
    const decoder = decoderFor(label);
    for (let byte = 0; byte < 128; byte++) {
      const text = decoder.decode(Uint8Array.of(byte));
      if (text.length !== 1 || text.charCodeAt(0) !== byte) changed[byte] = 1;
    }
    asciiChangedBy.set(label, changed);
  }
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (byte >= 0x80 || changed[byte] === 1) return i;
  }
  return -1;
}

/**
 * The decoder for a declared encoding: ours for ISO-8859-1 and windows-1252 (single-byte-decoder.ts:
 * the same in every runtime, streaming or not), else the platform's TextDecoder, or INPUT_ENCODING
 * when it has none (or only x-user-defined's).
 */
export function decoderFor(label: string): DocumentDecoder {
  const singleByte = singleByteDecoderFor(label);
  if (singleByte !== undefined) return singleByte;
  let decoder: TextDecoder | undefined;
  try {
    decoder = new TextDecoder(label);
  } catch {
    // Unknown here, and refused alike.
  }
  // x-user-defined is no character set (bytes 0x80-0xFF become private-use characters), and
  // not every runtime has it: refused everywhere alike.
  if (decoder === undefined || decoder.encoding === 'x-user-defined') {
    throw new SitemapError('INPUT_ENCODING', `The document declares encoding "${label}", which this runtime cannot decode; sitemaps must be UTF-8`, { offset: 0 });
  }
  return decoder;
}

/**
 * A size or count limit given as an option: `fallback` when it is undefined, else a whole number
 * >= 0 or Infinity (no limit, deliberately: `maxBytes: Infinity` reads files of any size). Anything
 * else is INPUT_INVALID_OPTION: NaN or null would compare as no limit at all, silently lifting
 * the cap that stops gzip bombs.
 *
 * @example
 * const maxBytes = checkLimitOption(options.maxBytes, 'maxBytes', LIMITS.defaultMaxInputBytes);
 */
export function checkLimitOption(value: unknown, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (typeof value === 'number' && value >= 0 && (Number.isInteger(value) || value === Infinity)) return value;
  throw new SitemapError('INPUT_INVALID_OPTION', `${name} must be a whole number >= 0, or Infinity for no limit; got ${describeValue(value)}`, { offset: 0 });
}

/**
 * The `headers` option of the functions that fetch (crawlSitemaps, checkUrls): a copy of an object
 * of header names to strings, `{}` when left out; anything else is INPUT_INVALID_OPTION.
 *
 * @example
 * const headers = checkHeadersOption(options.headers); // { 'User-Agent': 'my-crawler/1.0' }
 */
export function checkHeadersOption(value: unknown): Record<string, string> {
  const headers: unknown = value ?? {};
  if (headers === null || typeof headers !== 'object' || Array.isArray(headers) || !Object.values(headers).every((header) => typeof header === 'string')) {
    throw new SitemapError('INPUT_INVALID_OPTION', `headers must be an object of header names to strings, not ${describeValue(value)}`, { offset: 0 });
  }
  return { ...(headers as Record<string, string>) };
}

/**
 * The options argument of a public function, `what` naming it in the message: undefined is
 * `{}`; anything but an object is INPUT_INVALID_OPTION (null had thrown a TypeError at its
 * first property).
 *
 * @example
 * options = checkOptionsObject(options, 'parse options (ParseOptions)');
 */
export function checkOptionsObject<T extends object>(value: T | undefined, what: string): T {
  if (value === undefined) return {} as T;
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return value;
  throw new SitemapError('INPUT_INVALID_OPTION', `${what} must be an object such as { recover: true }, or left out; got ${describeValue(value)}`, { offset: 0 });
}

/**
 * `recover`: a damaged or truncated gzip stream gives what inflated before the damage, with an
 * issue, instead of throwing (SPEC.md §5: truncated downloads return what was read). A string
 * that is a file name or URL (notADocumentIssue) throws XML_TEXT_OUTSIDE_ROOT saying so, in
 * either mode: there is no document to recover anything from (validate() and parse() in
 * recover mode make it their one issue).
 *
 * Issues carry positions: damaged gzip 1:1 (the whole file is at fault, where validate() puts
 * it), INPUT_ENCODING the XML declaration's `encoding` (as the tokenizer places that
 * pseudo-attribute; 1:1 without one). `locate` (parse()): errors thrown carry them too, and the
 * byte offset (the maxBytes at which a size cap was crossed); validate() turns the errors into
 * issues its own way.
 */
export function prepareInput(input: SitemapInput, maxBytes: number = LIMITS.defaultMaxInputBytes, recover = false, locate = false): PreparedInput {
  const issues: Issue[] = [];
  const raw = toUint8Array(input);
  // A string is already decoded: its declared encoding no longer applies.
  if (typeof raw === 'string') {
    const notADocument = notADocumentIssue(raw);
    if (notADocument !== undefined) throw notADocumentError(notADocument);
    const bytes = stringToBytes(raw.charCodeAt(0) === 0xfeff ? raw.slice(1) : raw);
    if (bytes.length > maxBytes) throw tooLarge(bytes.length, maxBytes);
    return { bytes, compressedBytes: bytes.length, gzipped: false, issues };
  }
  let bytes = raw;
  const compressedBytes = raw.length;
  const gzipped = isGzip(raw);
  if (gzipped) {
    try {
      if (recover) {
        const { bytes: inflated, damage } = gunzipPartial(raw, { maxBytes });
        if (damage) issues.push(createIssue(damage.code, 'error', `${damage.message}; what inflated before the damage was read`, 1, 1, ''));
        bytes = inflated;
      } else bytes = gunzip(raw, { maxBytes });
    } catch (error) {
      // Damage: the whole file, 1:1 as validate() has it; a bomb: where the cap was crossed.
      if (!locate || !(error instanceof SitemapError)) throw error;
      throw error.code === 'INPUT_TOO_LARGE' ? locatedError(error, 0, 0, maxBytes) : locatedError(error, 1, 1, 0);
    }
  } else if (bytes.length > maxBytes) throw tooLarge(bytes.length, maxBytes);

  // Byte-order marks: UTF-8 is skipped; UTF-16 is decoded (the protocol wants UTF-8: a warning).
  // One mark only: TextDecoder drops a UTF-16 one itself, and a second mark is a character
  // before the root (the parser is told the first is gone: markByteOrderMarkRemoved).
  // The mark decides, and a declaration that says otherwise is an error (document-encoding.ts).
  const contradicted = (marked: MarkedEncoding, declaration: Uint8Array): boolean => {
    const label = declaredEncodingLabel(declaration);
    const message = encodingContradiction(marked, label);
    if (message === undefined) return false;
    const at = encodingDeclarationPosition(declaration);
    if (!recover) throw encodingContradictionError(message, at, encodingDeclarationOffset(declaration));
    issues.push(encodingContradictionIssue(message, label!, at));
    return true;
  };
  const utf16 = utf16ByteOrder(bytes);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) {
    bytes = bytes.subarray(3);
    contradicted('UTF-8', bytes);
    return { bytes, compressedBytes, gzipped, issues };
  }
  if (utf16) {
    const text = new TextDecoder(utf16).decode(bytes);
    contradicted(utf16 === 'utf-16le' ? 'UTF-16LE' : 'UTF-16BE', stringToBytes(text.slice(0, 256)));
    bytes = stringToBytes(declareUtf8(text));
    issues.push(utf16Issue(utf16, encodingDeclarationPosition(bytes)));
    return { bytes, compressedBytes, gzipped, issues };
  }
  if (contradicted(undefined, bytes)) return { bytes, compressedBytes, gzipped, issues };

  // A declared encoding other than UTF-8: decode it as declared when the bytes need it. One this
  // runtime cannot decode is refused whether or not they do, as the streams refuse it before
  // they have seen whether a byte needs it (issue #22 item 9).
  const declared = declaredEncoding(bytes);
  if (declared) {
    const at = encodingDeclarationPosition(bytes); // ASCII up to the label: the same before and after
    let decoder: DocumentDecoder;
    try {
      decoder = decoderFor(declared.toLowerCase());
    } catch (error) {
      if (!locate || !(error instanceof SitemapError)) throw error;
      throw locatedError(error, at[0], at[1], encodingDeclarationOffset(bytes));
    }
    const converted = firstByteToDecode(bytes, declared.toLowerCase()) >= 0;
    issues.push(declaredEncodingIssue(declared, converted, at));
    if (converted) bytes = stringToBytes(decoder.decode(bytes));
  }
  return { bytes, compressedBytes, gzipped, issues };
}

/** `error` again, at line:column and byte `offset` (its message then ends with the position, as every positioned SitemapError's). */
export function locatedError(error: SitemapError, line: number, column: number, offset: number): SitemapError {
  return new SitemapError(error.code, error.message, { line, column, offset, path: error.path, cause: error.cause ?? error });
}

/** The byte offset of the name `encoding` in the XML declaration at the start of `bytes`, or 0 when there is none. */
export function encodingDeclarationOffset(bytes: Uint8Array): number {
  return ENCODING_DECLARATION.exec(String.fromCharCode(...bytes.subarray(0, 256)))?.[1]!.length ?? 0;
}

/**
 * Line and column (1-based; columns in characters, CRLF and a lone CR one line break, as the
 * tokenizer counts) of the name `encoding` in the XML declaration at the start of `bytes`, where
 * the tokenizer puts that pseudo-attribute and validate() its INPUT_ENCODING issue; [1, 1] when
 * there is no declaration (a UTF-16 document without one).
 *
 * @example
 * const [line, column] = encodingDeclarationPosition(bytes); // '<?xml version="1.0" encoding="latin1"?>' → [1, 21]
 */
export function encodingDeclarationPosition(bytes: Uint8Array): [number, number] {
  return positionOfByte(bytes, encodingDeclarationOffset(bytes));
}

/** `utf-16le` / `utf-16be` when the bytes start with that byte-order mark. */
export function utf16ByteOrder(bytes: Uint8Array): 'utf-16le' | 'utf-16be' | undefined {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return 'utf-16le';
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return 'utf-16be';
  return undefined;
}

/** A UTF-16 document's declaration, once decoded, made to say UTF-8 (what its bytes become). */
export function declareUtf8(text: string): string {
  // Anchored like ENCODING_DECLARATION: only the declaration at the start is one (unanchored, a
  // `<?xml-stylesheet … encoding="utf-16"` further on was rewritten, and `<?xml` repeated without
  // a `>` took quadratic time).
  return text.replace(/^(\s*<\?xml[^>]*?\sencoding\s*=\s*["'])utf-16(le|be)?(["'])/i, '$1UTF-8$3');
}

/** The encoding the XML declaration names (in the first 256 bytes), when it is not UTF-8. */
export function declaredEncoding(bytes: Uint8Array): string | undefined {
  const declared = declaredEncodingLabel(bytes);
  // A value outside XML 1.0's EncName grammar (`8bit`, `UTF 8`, `UTF:8`) names no encoding: the
  // core reports the declaration (XML_BAD_DECL at the value), in parse and the streams alike.
  return declared && ENCODING_NAME.test(declared) && !UTF8_LABELS.has(declared.toLowerCase()) ? declared : undefined;
}

/** XML 1.0 §4.3.3 EncName. */
const ENCODING_NAME = /^[A-Za-z][A-Za-z0-9._-]*$/;

/**
 * The encoding the XML declaration names (in the first 256 bytes), whatever it is.
 *
 * @example
 * declaredEncodingLabel(new TextEncoder().encode('<?xml version="1.0" encoding="UTF-8"?>')); // 'UTF-8'
 */
export function declaredEncodingLabel(bytes: Uint8Array): string | undefined {
  return ENCODING_DECLARATION.exec(String.fromCharCode(...bytes.subarray(0, 256)))?.[2];
}

/**
 * The warning for a declared non-UTF-8 encoding: `converted` when non-ASCII bytes were
 * transcoded; `at` the declaration's line and column (encodingDeclarationPosition; 0, 0: unknown).
 */
export function declaredEncodingIssue(declared: string, converted: boolean, at: readonly [number, number] = [0, 0]): Issue {
  return positioned(converted
    ? warning('INPUT_ENCODING', `The document declares encoding "${declared}"; sitemaps must be UTF-8 (it was converted from ${declared})`, declared)
    : warning('INPUT_ENCODING', `The document declares encoding "${declared}"; sitemaps must be UTF-8 (its bytes are plain ASCII, so they read the same)`, declared), at);
}

/** The warning for a UTF-16 document; `at` as declaredEncodingIssue's (its declaration, else 1:1). */
export function utf16Issue(label: 'utf-16le' | 'utf-16be', at: readonly [number, number] = [0, 0]): Issue {
  return positioned(warning('INPUT_ENCODING', `The document is ${label.toUpperCase()}; sitemaps must be UTF-8 (it was converted)`, label), at);
}

function positioned(issue: Issue, [line, column]: readonly [number, number]): Issue {
  issue.line = line;
  issue.column = column;
  return issue;
}

function tooLarge(size: number, maxBytes: number): SitemapError {
  return new SitemapError('INPUT_TOO_LARGE', `The input is ${size.toLocaleString('en-US')} bytes, over the maxBytes limit of ${maxBytes.toLocaleString('en-US')}`, { offset: maxBytes });
}

const WHITE_SPACE = /\s*/y;

/**
 * The index of the first `<` in `text` after white space, comments and (when `instructions`)
 * processing instructions, or -1 when something else comes first or one of them is unclosed.
 * A loop, not a regex: `^\s*(<!--[\s\S]*?-->\s*)*<` lets one comment's lazy body run on over
 * the next ones, which backtracks exponentially (`<!--a-->` 40 times never returned, issue #22).
 *
 * @example
 * markupStart(' <!-- a --> <?b?><c/>', true); // 17
 */
export function markupStart(text: string, instructions: boolean): number {
  let at = 0;
  while (true) {
    WHITE_SPACE.lastIndex = at;
    WHITE_SPACE.test(text);
    at = WHITE_SPACE.lastIndex;
    if (text.charCodeAt(at) !== 0x3c /* < */) return -1;
    const close = text.startsWith('<!--', at) ? '-->' : instructions && text.charCodeAt(at + 1) === 0x3f /* ? */ ? '?>' : '';
    if (close === '') return at;
    const end = text.indexOf(close, at + (close === '-->' ? 4 : 2));
    if (end < 0) return -1;
    at = end + close.length;
  }
}
