// Decoding the declared encodings that TextDecoder maps to windows-1252 (WHATWG Encoding
// "index single-byte"), the same in every runtime and API: labels naming ISO-8859-1 read as
// ISO-8859-1 (IANA; XML processors such as libxml2 do), the others (windows-1252, cp1252,
// us-ascii…) as windows-1252. Not left to TextDecoder: Node 20's decodes these labels as
// ISO-8859-1 without { stream: true } and as windows-1252 with it (checked 2026-11-26), so
// parse() and parseStream() read bytes 0x80-0x9F two ways (issue #22 item 9).

/**
 * What decodes a document's bytes to text: a TextDecoder, or a {@link SingleByteDecoder}.
 *
 * @example
 * const decoder: DocumentDecoder = singleByteDecoderFor('latin1') ?? new TextDecoder('shift_jis');
 * const text = decoder.decode(bytes, { stream: true });
 */
export interface DocumentDecoder {
  decode(bytes: Uint8Array, options?: { stream?: boolean }): string;
}

/** Labels of ISO-8859-1 itself (WHATWG lists them among windows-1252's). */
const ISO_8859_1_LABELS: ReadonlySet<string> = new Set(['iso-8859-1', 'iso8859-1', 'iso88591', 'iso_8859-1', 'iso_8859-1:1987', 'latin1', 'l1', 'cp819', 'ibm819', 'csisolatin1', 'iso-ir-100']);

/** The labels WHATWG maps to windows-1252 that do not name ISO-8859-1. */
const WINDOWS_1252_LABELS: ReadonlySet<string> = new Set(['windows-1252', 'cp1252', 'x-cp1252', 'us-ascii', 'ascii', 'ansi_x3.4-1968']);

/** windows-1252's characters for bytes 0x80-0x9F (WHATWG index-windows-1252; the five unassigned bytes stay C1 controls). */
const WINDOWS_1252_HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f,
  0x90, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/** Code units per String.fromCharCode call: well under every engine's argument limit. */
const CHUNK = 8192;

/**
 * A stateless decoder for a one-byte-per-character encoding: each byte is one character, so
 * chunks decode the same however a stream cuts them.
 *
 * @example
 * new SingleByteDecoder(true).decode(new Uint8Array([0x97])); // '\u0097' (ISO-8859-1)
 * new SingleByteDecoder(false).decode(new Uint8Array([0x97])); // '\u2014' (windows-1252)
 */
export class SingleByteDecoder implements DocumentDecoder {
  /** `isoLatin1`: ISO-8859-1 (bytes are code points); otherwise windows-1252. */
  constructor(private readonly isoLatin1: boolean) {}

  decode(bytes: Uint8Array): string {
    const units = new Uint16Array(Math.min(bytes.length, CHUNK));
    let text = '';
    for (let start = 0; start < bytes.length; start += CHUNK) {
      const end = Math.min(bytes.length, start + CHUNK);
      for (let i = start; i < end; i++) {
        const byte = bytes[i]!;
        units[i - start] = !this.isoLatin1 && byte >= 0x80 && byte <= 0x9f ? WINDOWS_1252_HIGH[byte - 0x80]! : byte;
      }
      text += String.fromCharCode(...units.subarray(0, end - start));
    }
    return text;
  }
}

/**
 * The decoder for a declared `label` (any case) when it is one of the labels TextDecoder reads
 * as windows-1252, else undefined (TextDecoder decides).
 *
 * @example
 * singleByteDecoderFor('ISO-8859-1')?.decode(bytes); // bytes 0x80-0x9F as C1 controls
 * singleByteDecoderFor('Shift_JIS'); // undefined
 */
export function singleByteDecoderFor(label: string): SingleByteDecoder | undefined {
  const name = label.trim().toLowerCase();
  if (ISO_8859_1_LABELS.has(name)) return new SingleByteDecoder(true);
  if (WINDOWS_1252_LABELS.has(name)) return new SingleByteDecoder(false);
  return undefined;
}
