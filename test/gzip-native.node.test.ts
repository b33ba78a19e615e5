// The Node entry's zlib gunzip keeps the contract of the portable fflate one: same bytes out,
// the same error codes for a bomb, damage and truncation (src/index.node.ts, src/input/gzip.ts).

import { describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import { gunzip, parse, SitemapError } from '../src/index.node';

const sitemap = new TextEncoder().encode('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/a</loc></url><url><loc>https://example.com/b</loc></url></urlset>');

function errorOf(run: () => unknown): SitemapError {
  try {
    run();
  } catch (error) {
    if (error instanceof SitemapError) return error;
    throw error;
  }
  throw new Error('expected a SitemapError');
}

describe('gunzip through zlib (Node entry)', () => {
  it('inflates to the original bytes, concatenated members included', () => {
    const twice = new Uint8Array([...gzipSync(sitemap.subarray(0, 40)), ...gzipSync(sitemap.subarray(40))]);
    expect(Buffer.from(gunzip(twice, { maxBytes: 1 << 20 })).equals(Buffer.from(sitemap))).toBe(true);
    expect(parse(gzipSync(sitemap)).kind).toBe('urlset');
  });

  it('refuses a bomb at maxBytes with INPUT_TOO_LARGE', () => {
    const bomb = gzipSync(new Uint8Array(64 << 20));
    expect(bomb.length).toBeLessThan(200_000);
    const error = errorOf(() => gunzip(bomb, { maxBytes: 1 << 20 }));
    expect(error.code).toBe('INPUT_TOO_LARGE');
    expect(errorOf(() => parse(bomb, { maxBytes: 1 << 20 })).code).toBe('INPUT_TOO_LARGE');
  });

  it('takes maxBytes: Infinity (no cap) as parse() and the streams do', () => {
    expect(gunzip(gzipSync(sitemap), { maxBytes: Infinity }).length).toBe(sitemap.length);
    expect(parse(gzipSync(sitemap), { maxBytes: Infinity }).kind).toBe('urlset');
  });

  it('accepts output of exactly maxBytes', () => {
    expect(gunzip(gzipSync(sitemap), { maxBytes: sitemap.length }).length).toBe(sitemap.length);
    expect(errorOf(() => gunzip(gzipSync(sitemap), { maxBytes: sitemap.length - 1 })).code).toBe('INPUT_TOO_LARGE');
  });

  it('reports damage and truncation as GZIP_INVALID', () => {
    const good = gzipSync(sitemap);
    const truncated = good.subarray(0, good.length - 10);
    expect(errorOf(() => gunzip(truncated, { maxBytes: 1 << 20 })).code).toBe('GZIP_INVALID');
    const damaged = Uint8Array.from(good);
    damaged[good.length - 6] ^= 0xff; // inside the CRC-32: zlib checks it
    expect(errorOf(() => gunzip(damaged, { maxBytes: 1 << 20 })).code).toBe('GZIP_INVALID');
  });
});
