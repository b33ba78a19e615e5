// Tests of src/input/gzip.ts (RFC 1952): round trips, several members, the size cap against a gzip
// bomb built here, and damaged streams.

import { gzipSync } from 'fflate';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SitemapError } from '../src/model/errors';
import { gunzip, gzip, inflatedBytesForTesting, isGzip } from '../src/input/gzip';
import { zeroBomb } from './fixtures/gzip-bomb';

const MiB = 1024 * 1024;

function sameBytes(actual: Uint8Array, expected: Uint8Array): boolean {
  if (actual.length !== expected.length) return false;
  for (let i = 0; i < actual.length; i++) if (actual[i] !== expected[i]) return false;
  return true;
}

function codeOf(action: () => unknown): string {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(SitemapError);
    return (error as SitemapError).code;
  }
  return 'no error';
}

describe('isGzip', () => {
  it('looks at the 1f 8b magic only', () => {
    expect(isGzip(gzip(new TextEncoder().encode('<urlset/>')))).toBe(true);
    expect(isGzip(new Uint8Array([0x1f, 0x8b]))).toBe(true);
    expect(isGzip(new TextEncoder().encode('<?xml version="1.0"?>'))).toBe(false);
    expect(isGzip(new Uint8Array([0x1f]))).toBe(false);
    expect(isGzip(new Uint8Array(0))).toBe(false);
  });

  // isGzip(null) was a TypeError ("Cannot read properties of null"), and isGzip(arrayBuffer) a
  // silent false even for gzip (an ArrayBuffer has no length), though parse() takes ArrayBuffers.
  it('takes what parse() takes: an ArrayBuffer or another view of gzip is gzip, text never is', () => {
    const compressed = gzip(new TextEncoder().encode('<urlset/>'));
    const padded = new Uint8Array(compressed.length + 8);
    padded.set(compressed, 4);
    expect(isGzip(compressed.slice().buffer)).toBe(true);
    expect(isGzip(new DataView(padded.buffer, 4))).toBe(true);
    expect(isGzip(new Uint16Array(compressed.slice(0, 4).buffer))).toBe(true);
    expect(isGzip(new DataView(padded.buffer, 5))).toBe(false);
    expect(isGzip('\x1f\x8b\x08')).toBe(false);
    expect(isGzip('')).toBe(false);
  });

  it('anything else is INPUT_TYPE (as for gzip() and gunzip()), not a TypeError or a false that would pass for plain XML', () => {
    for (const [value, name] of [[null, 'null'], [undefined, 'undefined'], [42, 'number'], [{}, 'Object'], [[0x1f, 0x8b], 'Array'], [Promise.resolve(new Uint8Array(0)), 'Promise']] as const) {
      let thrown: unknown;
      try {
        isGzip(value as unknown as Uint8Array);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(SitemapError);
      expect({ code: (thrown as SitemapError).code, message: (thrown as SitemapError).message, offset: (thrown as SitemapError).offset })
        .toEqual({ code: 'INPUT_TYPE', message: `isGzip expects bytes (a Uint8Array or an ArrayBuffer) or a string, got ${name}`, offset: 0 });
    }
  });
});

describe('gzip and gunzip', () => {
  it('round-trip arbitrary bytes at every level', () => {
    fc.assert(fc.property(fc.uint8Array({ maxLength: 5000 }), fc.integer({ min: 0, max: 9 }), (bytes, level) => {
      const compressed = gzip(bytes, level as 0);
      expect(isGzip(compressed)).toBe(true);
      expect(sameBytes(gunzip(compressed, { maxBytes: bytes.length }), bytes)).toBe(true);
    }), { numRuns: 100 });
  });

  it('round-trips a large, compressible document', () => {
    const xml = new TextEncoder().encode('<url><loc>https://example.com/a?b=1&amp;c=2</loc></url>\n'.repeat(30_000));
    const compressed = gzip(xml);
    expect(compressed.length).toBeLessThan(xml.length / 50);
    expect(sameBytes(gunzip(compressed, { maxBytes: xml.length }), xml)).toBe(true);
  });

  it('writes the same bytes for the same input (modification time 0)', () => {
    const bytes = new TextEncoder().encode('<urlset/>');
    const first = gzip(bytes);
    expect(sameBytes(first, gzip(bytes))).toBe(true);
    expect([...first.subarray(4, 8)]).toEqual([0, 0, 0, 0]);
  });

  it('reads every member of a multi-member stream (cat a.gz b.gz)', () => {
    const a = new TextEncoder().encode('<urlset>');
    const b = new TextEncoder().encode('</urlset>\n');
    const joined = new Uint8Array([...gzipSync(a), ...gzipSync(b), ...gzip(new Uint8Array(0))]);
    expect(new TextDecoder().decode(gunzip(joined, { maxBytes: 100 }))).toBe('<urlset></urlset>\n');
  });

  it('accepts output of exactly maxBytes and refuses one byte more', () => {
    const bytes = new Uint8Array(1000).fill(65);
    expect(gunzip(gzip(bytes), { maxBytes: 1000 }).length).toBe(1000);
    expect(codeOf(() => gunzip(gzip(bytes), { maxBytes: 999 }))).toBe('INPUT_TOO_LARGE');
  });

  it('reads the hand-made bomb correctly when it is small (so the test below is a real bomb)', () => {
    const small = gunzip(zeroBomb(100_000), { maxBytes: 100_000 });
    expect(small.length).toBe(100_000);
    expect(small.every((byte) => byte === 0)).toBe(true);
  });

  it('refuses a 200 MiB gzip bomb early, having inflated less than twice maxBytes', () => {
    const bomb = zeroBomb(200 * MiB);
    expect(bomb.length).toBeLessThan(1.5 * MiB); // 1.3 MB of input that inflates to 200 MiB
    const before = inflatedBytesForTesting();
    expect(codeOf(() => gunzip(bomb, { maxBytes: MiB }))).toBe('INPUT_TOO_LARGE');
    expect(inflatedBytesForTesting() - before).toBeGreaterThan(MiB);
    expect(inflatedBytesForTesting() - before).toBeLessThan(2 * MiB);
  });

  it('counts what the inflater hands on (so the bound above means something)', () => {
    const before = inflatedBytesForTesting();
    gunzip(gzip(new Uint8Array(5000)), { maxBytes: 5000 });
    expect(inflatedBytesForTesting() - before).toBe(5000);
  });
});

describe('gunzip errors', () => {
  const good = gzip(new TextEncoder().encode('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"></urlset>\n'.repeat(20)));

  it('refuses bytes that are not gzip', () => {
    expect(codeOf(() => gunzip(new TextEncoder().encode('<urlset/>'), { maxBytes: 100 }))).toBe('GZIP_INVALID');
  });

  it('refuses a stream cut off anywhere', () => {
    for (const length of [2, 10, 15, 25, good.length - 9, good.length - 4, good.length - 1]) {
      expect(codeOf(() => gunzip(good.subarray(0, length), { maxBytes: 1 << 20 })), `cut at ${length} of ${good.length}`).toBe('GZIP_INVALID');
    }
  });

  it('refuses damaged deflate data', () => {
    const damaged = good.slice();
    for (let i = 10; i < damaged.length - 8; i++) damaged[i] = 0xff;
    expect(codeOf(() => gunzip(damaged, { maxBytes: 1 << 20 }))).toBe('GZIP_INVALID');
  });

  it('refuses a bad header (compression method other than deflate)', () => {
    const damaged = good.slice();
    damaged[2] = 7;
    expect(codeOf(() => gunzip(damaged, { maxBytes: 1 << 20 }))).toBe('GZIP_INVALID');
  });

  it('refuses trailing bytes that are not another member', () => {
    const trailing = new Uint8Array([...good, 0x3c, 0x21, 0x2d, 0x2d, 0x20, 0x78]);
    expect(codeOf(() => gunzip(trailing, { maxBytes: 1 << 20 }))).toBe('GZIP_INVALID');
  });

  it('asks for maxBytes', () => {
    expect(codeOf(() => gunzip(good, {} as { maxBytes: number }))).toBe('INPUT_TYPE');
  });
});

// BUG (found by the fuzzer, test/fuzz/regressions/recover-superset-feed-*.json): damaged gzip made
// parse() throw GZIP_INVALID at 1:1 (the whole file, as validate() and recover mode report it),
// but parseFeed and parseTextSitemap threw it at 0:0.
describe('damaged gzip is placed at 1:1 by every reader', () => {
  it('parse, parseFeed and parseTextSitemap throw GZIP_INVALID at line 1, column 1', async () => {
    const { parse, parseFeed, parseTextSitemap } = await import('../src/index');
    const damaged = gzipSync(new TextEncoder().encode('<rss version="2.0"><channel><item><link>https://example.com/</link></item></channel></rss>'));
    damaged[damaged.length - 6]! ^= 0xff; // the CRC-32
    for (const read of [parse, parseFeed, parseTextSitemap]) {
      let thrown: unknown;
      try {
        read(damaged);
      } catch (error) {
        thrown = error;
      }
      expect(thrown, read.name).toBeInstanceOf(SitemapError);
      expect(thrown, read.name).toMatchObject({ code: 'GZIP_INVALID', line: 1, column: 1 });
    }
  });
});
