// The core's loc scan of a URL's host (assembly/loc-scan.ts scanLoc: a tight loop over a host
// name's usual bytes, then the byte loop for anything else from where it stopped, and the byte
// scan for findings starting past them) against the string scan (src/values/url-check.ts
// scanLoc), in the SIMD and the scalar build: SPEC.md §1's loc rules, the host's hash and span.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { getCore, loadBuildForTesting } from '../src/core/wasm';
import { LocScan, scanLoc } from '../src/values/url-check';
import { coreLocScans as coreScans } from './core-loc-scans';

/** The string scan's verdict in the form coreScans gives it. */
function stringScan(value: string): LocScan | null {
  const scan = new LocScan();
  scanLoc(value, scan);
  return scan.findings === 0 ? scan : null;
}

function inEachBuild(check: (build: 'simd' | 'scalar') => void): void {
  const defaultBuild: 'simd' | 'scalar' = getCore().simd ? 'simd' : 'scalar';
  try {
    for (const build of ['simd', 'scalar'] as const) {
      loadBuildForTesting(build);
      check(build);
    }
  } finally {
    loadBuildForTesting(defaultBuild);
  }
}

const xmlText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;');
const documentOf = (values: string[]) => `<urlset>${values.map((value) => `<url><loc>${xmlText(value)}</loc></url>`).join('')}</urlset>`;
const comparable = (scan: LocScan | null, length: number) => (scan === null ? null : { ...scan, length });

describe('the core\'s loc scan of a host', () => {
  // Hosts of the pieces where the tight loop stops or must not: a name's bytes, dots (first, in a
  // row, last), a port (empty, 0-led, long, not digits), upper case, userinfo, IPv6 literals,
  // escapes, "_" and other ASCII, each before the end, a path, a query or a fragment.
  const pieces = ['a', 'q', 'z', '0', '9', '-', '.', '..', ':', ':8080', ':0', ':', '443', 'A', 'Z', '@', 'u:p@', '[', ']', '[::1]', '_', '%41', '%7e', '~', '!', '+', 'x.y', 'example.com', '127.0.0.1'];
  const prefixes = ['http://', 'https://', 'HTTPS://', 'Http://'];
  const tails = ['', '/', '/p', '/.', '/..', '/%2e', '?q', '?.', '#f', '#.', '/a.b/c', ':'];

  it('gives the string scan\'s verdict, hash and host span for any host (fast-check)', () => {
    const arbitrary = fc.tuple(fc.constantFrom(...prefixes), fc.array(fc.constantFrom(...pieces), { maxLength: 14 }), fc.constantFrom(...tails));
    const samples = fc.sample(arbitrary, { numRuns: 3000, seed: 20261127 }).map(([prefix, host, tail]) => prefix + host.join('') + tail);
    samples.push('http://./', 'https://.e.com/', 'https://e..com/', 'https://e.com./', 'https://e.com:/x', 'https://e.com:80x/', 'https://e.com:8080@f.com/', 'https://a-b.c-d.e/', 'http://', 'https://x');
    const values = samples.filter((value) => value.trim() === value);
    const expected = values.map((value) => comparable(stringScan(value), value.length));
    expect(expected.filter((scan) => scan !== null).length, 'clean values').toBeGreaterThan(500);
    expect(expected.filter((scan) => scan === null).length, 'and values with findings').toBeGreaterThan(500);
    inEachBuild((build) => {
      const scans = coreScans(documentOf(values));
      expect(scans.length).toBe(values.length);
      values.forEach((value, i) => expect(comparable(scans[i]!, value.length), `${build}: ${JSON.stringify(value)}`).toEqual(expected[i]));
    });
  });

  it('reads hosts of every length around the 16-byte blocks, with a dot-segment, escape or finding right after them', () => {
    const values: string[] = [];
    for (let n = 1; n <= 40; n++) {
      const name = 'abcdefghij'.repeat(4).slice(0, n);
      for (const host of [name, `${name}.com`, `.${name}`, `${name}..x`, `${name}:8080`, `${name}X`, `${name}@h`]) {
        for (const tail of ['', '/', '/.x', '/%2e', '/a b', '/%zz', '?%41', '/\u007f']) values.push(`https://${host}${tail}`);
      }
    }
    const expected = values.map((value) => comparable(stringScan(value), value.length));
    inEachBuild((build) => {
      const scans = coreScans(documentOf(values));
      values.forEach((value, i) => expect(comparable(scans[i]!, value.length), `${build}: ${JSON.stringify(value)}`).toEqual(expected[i]));
    });
  });
});
