// Streaming costs work in proportion to the input (issue #22 item 4): a construct that spans many
// chunks (CDATA, a comment, a PI, a name, a DOCTYPE, a start tag with many attributes, character
// references) and bytes before the root (NUL bytes, UTF-16LE without a byte-order mark) used to be
// scanned again from their start at every chunk. Counted, not timed: the bytes the core's
// tokenizer scanned (xml-reader.ts scannedBytesForTesting). Shared: runs in Node and in Chromium.

import { describe, expect, it } from 'vitest';
import { parseStream, SitemapError } from '../src/index';
import { scannedBytesForTesting } from '../src/core/xml-reader';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const encoder = new TextEncoder();
const CHUNK = 4096;
const SIZE = 256 * 1024;

function chunksOf(bytes: Uint8Array): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += CHUNK) chunks.push(bytes.subarray(offset, offset + CHUNK));
  return chunks;
}

/** Documents of about `size` bytes whose bulk is one construct (or bytes before the root). */
const SHAPES: Record<string, (size: number) => Uint8Array> = {
  'CDATA': (size) => encoder.encode(`<urlset xmlns="${NS}"><url><loc><![CDATA[${'a'.repeat(size)}]]></loc></url></urlset>`),
  'a comment': (size) => encoder.encode(`<urlset xmlns="${NS}"><!--${'a'.repeat(size)}--></urlset>`),
  'a processing instruction': (size) => encoder.encode(`<urlset xmlns="${NS}"><?pi ${'a'.repeat(size)}?></urlset>`),
  'an element name': (size) => encoder.encode(`<urlset xmlns="${NS}"><${'a'.repeat(size)}/></urlset>`),
  'a DOCTYPE': (size) => encoder.encode(`<!DOCTYPE urlset [${'a'.repeat(size)}]><urlset xmlns="${NS}"></urlset>`),
  'many attributes': (size) => encoder.encode(`<urlset xmlns="${NS}"><url ${Array.from({ length: size / 10 }, (_, i) => `a${i}="x"`).join(' ')}/></urlset>`),
  'character references': (size) => encoder.encode(`<urlset xmlns="${NS}"><url><loc>https://e.com/${'&#97;'.repeat(size / 5)}</loc></url></urlset>`),
  'NUL bytes': (size) => new Uint8Array(size),
  'UTF-16LE without a byte-order mark': (size) => {
    const text = `<urlset xmlns="${NS}">${'<url><loc>https://e.com/</loc></url>'.repeat(size / 72)}</urlset>`;
    const bytes = new Uint8Array(text.length * 2);
    for (let i = 0; i < text.length; i++) bytes[2 * i] = text.charCodeAt(i);
    return bytes;
  },
};

/** Bytes scanned by the core while streaming `bytes` in 4 KiB chunks (recover mode: read to the end). */
async function workOf(bytes: Uint8Array): Promise<number> {
  const before = scannedBytesForTesting();
  try {
    for await (const entry of parseStream(chunksOf(bytes), { recover: true, maxBytes: Infinity })) expect(entry.loc).toBeTypeOf('string');
  } catch (error) {
    // Some shapes are not sitemaps at all (NUL bytes): the work up to the verdict is what counts.
    if (!(error instanceof SitemapError)) throw error;
  }
  return scannedBytesForTesting() - before;
}

describe('parseStream scans each byte a bounded number of times', () => {
  for (const [name, make] of Object.entries(SHAPES)) {
    it(`${name} in 4 KiB chunks: work linear in the input`, async () => {
      const small = make(SIZE);
      const large = make(2 * SIZE);
      const smallWork = await workOf(small);
      const largeWork = await workOf(large);
      // Before the fix: 64 and 128 re-scans of the pending construct, about 32 and 64 times the input.
      expect(smallWork).toBeLessThanOrEqual(4 * small.length);
      expect(largeWork).toBeLessThanOrEqual(4 * large.length);
      // Doubling the input at most about doubles the work.
      expect(largeWork / smallWork).toBeLessThan(2.5);
    });
  }
});
