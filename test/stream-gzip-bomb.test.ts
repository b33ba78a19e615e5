// parseStream stops a gzip bomb at maxBytes of inflated output, in work linear in maxBytes (issue
// #22 item 5: with the default cap a bomb of zeros was still inflating after 180 s, where parse()
// refuses it in 0.1 s: the NUL bytes it inflates to, pending before the root, were scanned again
// at every chunk). Counted, not timed: bytes inflated (gzip.ts inflatedBytesForTesting, also after
// the error: inflating must not go on in the background) and bytes the core scanned. Both
// streaming gunzips (the runtime's DecompressionStream and fflate). Shared: Node and Chromium.

import { afterEach, describe, expect, it } from 'vitest';
import { parse, parseStream, SitemapParserStream } from '../src/index';
import { chooseStreamingGunzipForTesting, inflatedBytesForTesting } from '../src/input/gzip';
import { scannedBytesForTesting } from '../src/core/xml-reader';
import { zeroBomb } from './fixtures/gzip-bomb';
import { cut, readableOf, readAll } from './fixtures/stream-helpers';

afterEach(() => chooseStreamingGunzipForTesting('auto'));

const MiB = 1024 * 1024;
const MAX_BYTES = 4 * MiB;
// 200 MiB of zeros in about 1.3 MB of gzip (one fixed-Huffman block of 258-byte matches).
const bomb = zeroBomb(200 * MiB);

/** Lets a DecompressionStream that would go on inflating on its own thread show it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

describe('a gzip bomb through the stream readers', () => {
  it('parse refuses it (the verdict the streams must give)', () => {
    expect(() => parse(bomb, { maxBytes: MAX_BYTES })).toThrow(expect.objectContaining({ code: 'INPUT_TOO_LARGE' }));
  });

  for (const gunzip of ['native', 'portable'] as const) {
    for (const recover of [false, true]) {
      it(`${gunzip}${recover ? ', recover' : ''}: parseStream stops at maxBytes, having inflated and scanned no more than that`, async () => {
        chooseStreamingGunzipForTesting(gunzip);
        const inflatedBefore = inflatedBytesForTesting();
        const scannedBefore = scannedBytesForTesting();
        await expect((async () => {
          for await (const entry of parseStream(cut(bomb, () => 65536), { maxBytes: MAX_BYTES, recover })) expect(entry).toBeUndefined();
        })()).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
        await settle();
        const inflated = inflatedBytesForTesting() - inflatedBefore;
        // One output chunk past the cap at most (the one that crossed it).
        expect(inflated).toBeGreaterThan(MAX_BYTES / 2);
        expect(inflated).toBeLessThanOrEqual(MAX_BYTES + MiB);
        // Before the fix: the pending NUL bytes scanned again at every 64 KiB chunk, ~64 x maxBytes.
        expect(scannedBytesForTesting() - scannedBefore).toBeLessThanOrEqual(4 * MAX_BYTES);
      });
    }

    it(`${gunzip}: SitemapParserStream likewise`, async () => {
      chooseStreamingGunzipForTesting(gunzip);
      const inflatedBefore = inflatedBytesForTesting();
      const scannedBefore = scannedBytesForTesting();
      const entries = readableOf(cut(bomb, () => 65536)).pipeThrough(new SitemapParserStream({ maxBytes: MAX_BYTES }));
      await expect(readAll(entries)).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
      await settle();
      expect(inflatedBytesForTesting() - inflatedBefore).toBeLessThanOrEqual(MAX_BYTES + MiB);
      expect(scannedBytesForTesting() - scannedBefore).toBeLessThanOrEqual(4 * MAX_BYTES);
    });
  }
});
