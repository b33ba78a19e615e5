// What a parsed entry costs V8 to hold (Node only: it measures V8's heap). Priorities of two
// decimals or fewer are numbers the entries share (src/read/parse.ts SHARED_PRIORITIES), so they cost
// an entry its field and not also a 16-byte box of its own; dates repeat as one string per day.

import { getHeapSpaceStatistics, setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterEach, describe, expect, it } from 'vitest';
import { parse, SITEMAP_NAMESPACE, type SitemapUrl } from '../src/index';
import { setBytesToString } from '../src/values/text';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

const COUNT = 50_000;
const encoder = new TextEncoder();
const utf8 = new TextDecoder();

function urlset(priority: (i: number) => string, lastmod: (i: number) => string): Uint8Array {
  const urls = Array.from({ length: COUNT }, (_, i) => `<url><loc>https://a.example/p/${i}</loc><lastmod>${lastmod(i)}</lastmod><priority>${priority(i)}</priority></url>`);
  return encoder.encode(`<urlset xmlns="${SITEMAP_NAMESPACE}">\n${urls.join('\n')}\n</urlset>`);
}

/** Bytes of V8's heap for objects (not code): what a result holds, once garbage is collected. */
function objectBytes(): number {
  collectGarbage();
  collectGarbage();
  let bytes = 0;
  for (const space of getHeapSpaceStatistics()) if (space.space_name !== 'code_space' && space.space_name !== 'code_large_object_space') bytes += space.space_used_size;
  return bytes;
}

/** Bytes of V8's heap that the result of parsing `bytes` holds (its own call: nothing else keeps it). */
function heldBy(bytes: Uint8Array, check: (urls: SitemapUrl[]) => void): number {
  const before = objectBytes();
  const result = parse(bytes);
  const held = objectBytes() - before;
  check(result.kind === 'urlset' ? result.urls : []);
  return held;
}

/** Bytes of V8's heap that the entries of `bytes` hold, per entry (the median of three parses). */
function heldPerEntry(bytes: Uint8Array, check: (urls: SitemapUrl[]) => void): number {
  for (let i = 0; i < 4; i++) parse(bytes); // the code is optimized and the core is made before the measured parses
  const held = [heldBy(bytes, check), heldBy(bytes, check), heldBy(bytes, check)].sort((a, b) => a - b);
  return held[1]! / COUNT;
}

afterEach(() => setBytesToString((bytes) => utf8.decode(bytes), 0));

describe.each([
  ['built one by one (as in browsers)', 0],
  ['built in runs (as in Node)', 1 << 20],
])('entries %s', (_, runBytes) => {
  it('share their priority when it has two decimals or fewer, and keep -0, 0 and other values as they are', () => {
    setBytesToString((bytes) => utf8.decode(bytes), runBytes);
    const date = (i: number) => `2024-01-01T00:00:${String(i % 60).padStart(2, '0')}Z`;
    const shared = heldPerEntry(urlset((i) => ['0.1', '0.5', '0.25', '1.0', '0.07'][i % 5]!, date), (urls) => {
      expect(urls).toHaveLength(COUNT);
      expect(urls.slice(0, 5).map((url) => url.priority)).toStrictEqual([0.1, 0.5, 0.25, 1, 0.07]);
    });
    const own = heldPerEntry(urlset((i) => ['0.101', '0.501', '0.251', '0.999', '0.071'][i % 5]!, date), (urls) => {
      expect(urls.slice(0, 5).map((url) => url.priority)).toStrictEqual([0.101, 0.501, 0.251, 0.999, 0.071]);
    });
    // A box is 16 bytes: an entry whose priority is not shared holds that much more (without the
    // sharing, the two hold the same).
    expect(own - shared).toBeGreaterThan(12);
    const zeros = parse(urlset((i) => ['-0.0', '0', '0.0', '-0.5'][i % 4]!, date));
    const priorities = zeros.kind === 'urlset' ? zeros.urls.slice(0, 4).map((url) => url.priority) : [];
    expect(priorities.map((value) => Object.is(value, -0))).toStrictEqual([true, false, false, false]);
    expect(priorities).toStrictEqual([-0, 0, 0, -0.5]);
  });
});

describe('entries built in runs (as in Node)', () => {
  it('share one string per date-only lastmod', () => {
    setBytesToString((bytes) => utf8.decode(bytes), 1 << 20);
    const priority = () => '0.5';
    // 50,000 entries over 28 days against 50,000 date-times: about a string (32 bytes) less each.
    const days = heldPerEntry(urlset(priority, (i) => `2024-03-${String(1 + (i % 28)).padStart(2, '0')}`), (urls) => {
      expect(urls.slice(0, 3).map((url) => url.lastmod)).toStrictEqual(['2024-03-01', '2024-03-02', '2024-03-03']);
    });
    const times = heldPerEntry(urlset(priority, (i) => `2024-03-01T${String(i % 24).padStart(2, '0')}:00Z`), () => {});
    expect(times - days).toBeGreaterThan(24);
  });
});

describe('entries built in runs (as in Node) in a document where runs stop', () => {
  it('hold no more than entries built one by one: one string of a batch\'s values, not one per build', () => {
    // An entry read record by record (an image) stops the runs; the core has staged the plain
    // entries after it in its batch, and entries it could not stage (a non-ASCII loc) come
    // between them, so they are built a few at a time. Each build once made its own string of
    // the batch's values so far, and its entries kept it: quadratic memory (mixed-50k.xml: 120 MB).
    const image = `<url><loc>https://a.example/i</loc><image:image><image:loc>https://a.example/i.png</image:loc></image:image></url>`;
    const urls = Array.from({ length: COUNT }, (_, i) => (i % 2
      ? `<url><loc>https://a.example/caf\u00e9/${i}</loc></url>`
      : `<url><loc>https://a.example/plain/${i}</loc><lastmod>2024-01-01T00:00:00Z</lastmod></url>`));
    const bytes = encoder.encode(`<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${image}\n${urls.join('\n')}\n</urlset>`);
    const check = (entries: SitemapUrl[]) => expect(entries).toHaveLength(COUNT + 1);
    setBytesToString((chunk) => utf8.decode(chunk), 0);
    const oneByOne = heldPerEntry(bytes, check);
    setBytesToString((chunk) => utf8.decode(chunk), 1 << 20);
    const inRuns = heldPerEntry(bytes, check);
    expect(inRuns).toBeLessThan(oneByOne * 1.2);
  });
});
