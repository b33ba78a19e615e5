// The core's WebAssembly memory is bounded by the input and given back (issue #22 item 6): one
// construct of a few MB (a start tag with 10^5..10^6 attributes, CDATA) grew memory by every input
// window on the way and by the stub allocator's doubling, to 25 times the input (302 MB for 12 MB);
// now it takes one window region (assembly/tokenizer.ts reserveInput), and an instance grown past
// the kept size is dropped after the call (src/core/wasm.ts releaseCore). Observed through
// memoryStatsForTesting. Shared: runs in Node and in Chromium.

import { afterEach, describe, expect, it } from 'vitest';
import { parse, parseStream, validate } from '../src/index';
import { getCore, memoryStatsForTesting } from '../src/core/wasm';
import { setMaxWindowBytesForTesting } from '../src/core/xml-reader';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const encoder = new TextEncoder();
const MiB = 1024 * 1024;
/** src/core/wasm.ts MAX_KEPT_MEMORY_BYTES: instances grown past it are not kept. */
const MAX_KEPT = 64 * MiB;

function manyAttributes(count: number): Uint8Array {
  return encoder.encode(`<urlset xmlns="${NS}"><url ${Array.from({ length: count }, (_, i) => `a${i}="x"`).join(' ')}/></urlset>`);
}

function chunksOf(bytes: Uint8Array, size = 65536): Uint8Array[] {
  const chunks: Uint8Array[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) chunks.push(bytes.subarray(offset, offset + size));
  return chunks;
}

/** Memory of a fresh instance (what a document of a few bytes leaves). */
function baseline(): number {
  memoryStatsForTesting();
  parse(`<urlset xmlns="${NS}"/>`);
  return memoryStatsForTesting().largestReleasedBytes;
}

/**
 * The most one document may take: a fresh instance plus one window region, i.e. the window (a
 * power of two, under twice the longest construct) and its two arenas of three windows each.
 */
function bound(fresh: number, input: Uint8Array): number {
  return fresh + 7 * 2 * input.length + 2 * MiB;
}

function expectGivenBack(): void {
  for (const kept of memoryStatsForTesting().keptBytes) expect(kept).toBeLessThanOrEqual(MAX_KEPT);
  // And the next document gets a working instance.
  expect(parse(`<urlset xmlns="${NS}"><url><loc>https://example.com/</loc></url></urlset>`)).toMatchObject({ kind: 'urlset', urls: [{ loc: 'https://example.com/' }] });
  expect(getCore().exports.memory.buffer.byteLength).toBeLessThanOrEqual(MAX_KEPT);
}

describe('WebAssembly memory on one huge construct', () => {
  const fresh = baseline();
  const attributes = manyAttributes(500_000); // 5.9 MB, one start tag
  const cdata = encoder.encode(`<urlset xmlns="${NS}"><url><loc><![CDATA[${'a'.repeat(6_000_000)}]]></loc></url></urlset>`);

  for (const [name, input] of [['10^5.7 attributes', attributes], ['6 MB of CDATA', cdata]] as const) {
    it(`${name}: parse takes at most one window region, and the memory goes back`, () => {
      memoryStatsForTesting();
      parse(input, { recover: true });
      const { largestReleasedBytes } = memoryStatsForTesting();
      expect(largestReleasedBytes).toBeGreaterThan(fresh); // it did grow: the construct is in the window
      expect(largestReleasedBytes).toBeLessThanOrEqual(bound(fresh, input));
      expectGivenBack();
    });

    it(`${name}: validate likewise`, () => {
      memoryStatsForTesting();
      expect(validate(input).valid).toBe(false);
      expect(memoryStatsForTesting().largestReleasedBytes).toBeLessThanOrEqual(bound(fresh, input));
      expectGivenBack();
    });

    it(`${name}: parseStream likewise, read to the end, failed, or left early`, async () => {
      memoryStatsForTesting();
      for await (const entry of parseStream(chunksOf(input), { recover: true })) expect(typeof entry.loc).toBe('string');
      expect(memoryStatsForTesting().largestReleasedBytes).toBeLessThanOrEqual(bound(fresh, input));
      expectGivenBack();

      await expect((async () => {
        // Cut before its end: strict mode fails at the end of input.
        for await (const entry of parseStream(chunksOf(input.subarray(0, input.length - 5)))) expect(typeof entry.loc).toBe('string');
      })()).rejects.toMatchObject({ name: 'SitemapError' });
      expect(memoryStatsForTesting().largestReleasedBytes).toBeLessThanOrEqual(bound(fresh, input));
      expectGivenBack();

      // Left after the construct was read: the reader gives its instance back on return().
      const trailing = encoder.encode(`${new TextDecoder().decode(input).replace('</urlset>', '')}${'<url><loc>https://example.com/</loc></url>'.repeat(3)}</urlset>`);
      for await (const entry of parseStream(chunksOf(trailing), { recover: true })) {
        if (entry.loc === 'https://example.com/') break;
      }
      expect(memoryStatsForTesting().largestReleasedBytes).toBeLessThanOrEqual(bound(fresh, trailing));
      expectGivenBack();
    });
  }
});

describe('a construct longer than the largest window', () => {
  afterEach(() => setMaxWindowBytesForTesting(undefined));

  // The real largest window is 256 MiB (1.8 GiB of memory with its arenas); a smaller one here
  // stands for it, as a 600 MB text run read with maxBytes: Infinity would have run the core out
  // of WebAssembly memory (a trap, not a SitemapError).
  it('is INPUT_TOO_LARGE from parse, recover, validate and parseStream, and the next document reads', async () => {
    setMaxWindowBytesForTesting(2 * MiB);
    const text = encoder.encode(`<urlset xmlns="${NS}"><url><loc>${'a'.repeat(3 * MiB)}</loc></url></urlset>`);
    const refused = expect.objectContaining({ code: 'INPUT_TOO_LARGE', name: 'SitemapError' });
    expect(() => parse(text)).toThrow(refused);
    expect(() => parse(text, { recover: true })).toThrow(refused);
    expect(validate(text).issues.map((issue) => issue.code)).toContain('INPUT_TOO_LARGE');
    for (const recover of [false, true]) {
      await expect((async () => {
        for await (const entry of parseStream(chunksOf(text), { recover, maxBytes: Infinity })) expect(entry).toBeUndefined();
      })()).rejects.toEqual(refused);
    }
    expectGivenBack();
    // Below the largest window, the same construct reads.
    setMaxWindowBytesForTesting(4 * MiB);
    const result = parse(text);
    expect(result.kind === 'urlset' && result.urls[0]!.loc.length).toBe(3 * MiB);
  });
});
