// Decoding the declared encodings that TextDecoder maps to windows-1252 (WHATWG Encoding
// "index single-byte"), the same in every runtime and API: labels naming ISO-8859-1 read as
// ISO-8859-1 (IANA; XML processors such as libxml2 do), the others (windows-1252, cp1252,
// us-ascii…) as windows-1252. Not left to TextDecoder as it is: Node 20's decodes these labels
// as ISO-8859-1 without { stream: true } and as windows-1252 with it (checked 2026-11-26), so
// parse() and parseStream() read bytes 0x80-0x9F two ways (issue #22 item 9).

/**
 * What decodes a document's bytes to text: a TextDecoder, or one of this file's.
 *
 * @example
 * const decoder: DocumentDecoder = singleByteDecoderFor('latin1') ?? new TextDecoder('shift_jis');
 * const text = decoder.decode(bytes, { stream: true });
 */
export interface DocumentDecoder {
  decode(bytes: Uint8Array, options?: { stream?: boolean }): string;
}

/**
 * Tells the labels of ISO-8859-1 (iso-8859-1, iso8859-1, iso88591, iso_8859-1, iso_8859-1:1987,
 * latin1, l1, cp819, ibm819, csisolatin1, iso-ir-100) from the others WHATWG maps to windows-1252
 * (windows-1252, cp1252, x-cp1252, ascii, us-ascii, ansi_x3.4-1968): only among those.
 */
const ISO_8859_1_LABEL = /8859|819|l1|latin|100/;

/** Code units per String.fromCharCode call: well under every engine's argument limit. */
const CHUNK = 8192;

/**
 * ISO-8859-1: each byte is the code point of one character, so chunks decode the same however a
 * stream cuts them.
 *
 * @example
 * new IsoLatin1Decoder().decode(new Uint8Array([0x97])); // '\u0097'
 */
export class IsoLatin1Decoder implements DocumentDecoder {
  decode(bytes: Uint8Array): string {
    let text = '';
    for (let start = 0; start < bytes.length; start += CHUNK) text += String.fromCharCode(...bytes.subarray(start, start + CHUNK));
    return text;
  }
}

/**
 * windows-1252 through TextDecoder, always with { stream: true }: Node's decodes it correctly
 * only so (a single-byte encoding keeps no state between calls, so nothing is left to flush).
 */
class Windows1252Decoder implements DocumentDecoder {
  private readonly decoder = new TextDecoder('windows-1252');

  decode(bytes: Uint8Array): string {
    return this.decoder.decode(bytes, { stream: true });
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
export function singleByteDecoderFor(label: string): DocumentDecoder | undefined {
  const name = label.trim().toLowerCase();
  let encoding: string | undefined;
  try {
    encoding = new TextDecoder(name).encoding;
  } catch {
    return undefined;
  }
  if (encoding !== 'windows-1252') return undefined;
  return ISO_8859_1_LABEL.test(name) ? new IsoLatin1Decoder() : new Windows1252Decoder();
}
