// The crawl through the Node entry (src/index.node.ts), whose streaming gunzip is zlib's stream with
// 512 KiB output chunks instead of Node's DecompressionStream (the same stream with 16 KiB ones,
// bench/README.md, Crawl, "Round 7"): the same bytes, caps and verdicts, in parseStream's
// gunzip (src/input/gzip.ts NativeStreamingGunzip) and in the crawl of test/crawl.test.ts's limits site.

import { Duplex } from 'node:stream';
import { createGunzip, gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, inject, it } from 'vitest';
import { crawlSitemaps, validate, type CrawlReport, type CrawledSitemap } from '../src/index.node';
import { chooseStreamingGunzipForTesting, createStreamingGunzip, inflatedBytesForTesting, setGunzipStreamImplementation } from '../src/input/gzip';
import { zeroBomb } from './fixtures/gzip-bomb';

const sites = inject('crawlSites');
const KiB = 1024;
const MiB = 1024 * KiB;
/** The crawl's default maxBytes. */
const CAP = 100 * MiB;
const FAST = { retryDelay: 10, maxRetryDelay: 5000, timeout: 5000 } as const;

/** Lets an inflater that would go on on zlib's thread show it. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 200));

/** Feeds `bytes` in `piece`-byte pushes through a streaming gunzip; its output chunks. */
async function inflateInPieces(bytes: Uint8Array, piece: number, maxBytes: number): Promise<Uint8Array[]> {
  const chunks: Uint8Array[] = [];
  const inflater = createStreamingGunzip(maxBytes, (chunk) => { chunks.push(chunk); });
  for (let at = 0; at < bytes.length; at += piece) await inflater.push(bytes.subarray(at, at + piece), false);
  await inflater.push(new Uint8Array(0), true);
  return chunks;
}

function joined(chunks: Uint8Array[]): Buffer {
  return Buffer.concat(chunks);
}

function sitemapAt(report: CrawlReport, url: string): CrawledSitemap {
  const sitemap = report.sitemaps.find((candidate) => candidate.url === url);
  if (!sitemap) throw new Error(`no sitemap ${url} in the report`);
  return sitemap;
}

// A sitemap-like body of 3 MB that compresses well (about 20:1).
const BODY = Buffer.from(Array.from({ length: 30_000 }, (_, i) => `<url><loc>https://example.com/p/${(i * 7919) % 100_003}</loc><lastmod>2024-0${(i % 9) + 1}-01</lastmod></url>\n`).join(''));

/** The Node entry's output chunks (src/index.node.ts GUNZIP_STREAM_CHUNK_BYTES). */
const CHUNK = 512 * KiB;
/** Compressed bytes per write through the Node entry's zlib stream (src/index.node.ts GUNZIP_STREAM_SLICE_BYTES), whatever the cap. */
const SLICE = 64 * KiB;

describe('the Node entry\'s streaming gunzip: zlib with 512 KiB output chunks', () => {
  it('is the one in use: the same bytes as gunzipSync, in chunks larger than DecompressionStream\'s 16 KiB and at most 512 KiB', async () => {
    const chunks = await inflateInPieces(gzipSync(BODY), 64 * KiB, CAP);
    expect(joined(chunks).equals(BODY)).toBe(true);
    const largest = Math.max(...chunks.map((chunk) => chunk.length));
    // A 64 KiB slice of this body inflates to about 1.3 MB: in chunks of 512 KiB, where 128 KiB ones took ten.
    expect(largest).toBeGreaterThan(128 * KiB);
    expect(largest).toBeLessThanOrEqual(CHUNK);
  });

  it('takes compressed bytes only as its reader keeps up: a few slices while the reader holds the output back', async () => {
    // 2.4 MB of URLs with hash-like paths: 401 KB of gzip (6:1), more than five slices.
    const hex = (i: number) => (Math.imul(i, 2654435761) >>> 0).toString(16) + (Math.imul(i + 7, 40503) >>> 0).toString(16);
    const body = Buffer.from(Array.from({ length: 40_000 }, (_, i) => `<url><loc>https://example.com/p/${hex(i)}</loc></url>\n`).join(''));
    const compressed = gzipSync(body);
    let release!: () => void;
    const held = new Promise<void>((resolve) => { release = resolve; });
    let inflated = 0;
    // A reader that is full from the first chunk on, until released.
    const inflater = createStreamingGunzip(CAP, (chunk) => { inflated += chunk.length; return held; });
    let taken = 0;
    const source = (async () => {
      for (let at = 0; at < compressed.length; at += 16 * KiB) {
        const piece = compressed.subarray(at, at + 16 * KiB);
        await inflater.push(piece, false);
        taken += piece.length;
      }
      await inflater.push(new Uint8Array(0), true);
    })();
    await settle();
    expect(compressed.length).toBeGreaterThan(5 * SLICE);
    expect(taken).toBeGreaterThan(0);
    // A slice inflates to less than a chunk here, so zlib's stream holds three: the first's output
    // given to the reader (and held), the second's waiting in the stream, the third begun and
    // stopped there (the stream's backpressure); and what was gathered for the next write.
    expect(taken).toBeLessThanOrEqual(4 * SLICE + 16 * KiB);
    expect(inflated).toBeLessThanOrEqual(CHUNK);
    release();
    await source;
    expect(taken).toBe(compressed.length);
    expect(inflated).toBe(body.length);
  });

  it('reads concatenated members and refuses bytes after the last one, as every other reader here', async () => {
    const half = BODY.length >> 1;
    const two = Buffer.concat([gzipSync(BODY.subarray(0, half)), gzipSync(BODY.subarray(half))]);
    expect(joined(await inflateInPieces(two, 5000, CAP)).equals(gunzipSync(two))).toBe(true);
    const padded = Buffer.concat([gzipSync(BODY), Buffer.alloc(8)]);
    await expect(inflateInPieces(padded, 5000, CAP)).rejects.toMatchObject({ code: 'GZIP_INVALID' });
    const cut = gzipSync(BODY).subarray(0, 100_000);
    await expect(inflateInPieces(cut, 5000, CAP)).rejects.toMatchObject({ code: 'GZIP_INVALID' });
  });

  it('hands on what a gzip cut shorter than a member (19 bytes) decodes to before GZIP_INVALID, as the portable inflater and recover mode do', async () => {
    // "https://example.com/" gzipped, cut to 19 bytes: its deflate data so far decodes to "https://".
    const cut = gzipSync(Buffer.from('https://example.com/')).subarray(0, 19);
    const read = async (choice: 'auto' | 'portable', keepDamagedOutput = false) => {
      chooseStreamingGunzipForTesting(choice);
      const chunks: Uint8Array[] = [];
      try {
        const inflater = createStreamingGunzip(CAP, (chunk) => { chunks.push(chunk); }, keepDamagedOutput);
        // (The portable inflater throws where the native one rejects.)
        const ended = await (async () => {
          await inflater.push(cut, false);
          await inflater.push(new Uint8Array(0), true);
        })().then(() => 'ended', (error: { code?: string }) => error.code);
        return [joined(chunks).toString(), ended];
      } finally {
        chooseStreamingGunzipForTesting('auto');
      }
    };
    const zlib = await read('auto');
    expect(zlib).toEqual(['https://', 'GZIP_INVALID']);
    expect(await read('portable')).toEqual(zlib);
    expect(await read('auto', true)).toEqual(zlib);
  });

  it('stops a gzip bomb at the cap: one output chunk past it at most, nothing inflated after', async () => {
    const before = inflatedBytesForTesting();
    await expect(inflateInPieces(zeroBomb(200 * MiB), 64 * KiB, 4 * MiB)).rejects.toMatchObject({ code: 'INPUT_TOO_LARGE' });
    await settle();
    const inflated = inflatedBytesForTesting() - before;
    expect(inflated).toBeGreaterThan(4 * MiB);
    expect(inflated).toBeLessThanOrEqual(4 * MiB + CHUNK);
  });

  it('goes back to the runtime\'s DecompressionStream (16 KiB chunks) when the implementation is taken away, or to src/input/inflate.ts (pieces up to its window and a piece, 96 KiB) where that stream stops after one member (Node 24+)', async () => {
    setGunzipStreamImplementation(null);
    try {
      // What the streaming gunzip asks the runtime, asked here too: does its stream read two members?
      const twoMembers = new Blob([gzipSync(Buffer.from('a')), gzipSync(Buffer.from('b'))]).stream().pipeThrough(new DecompressionStream('gzip'));
      const readsMembers = await new Response(twoMembers).text().then((text) => text === 'ab', () => false);
      const chunks = await inflateInPieces(gzipSync(BODY), 64 * KiB, CAP);
      expect(joined(chunks).equals(BODY)).toBe(true);
      const largest = Math.max(...chunks.map((chunk) => chunk.length));
      if (readsMembers) expect(largest).toBeLessThanOrEqual(16 * KiB);
      else expect(largest).toBeGreaterThan(16 * KiB);
      // Never zlib's 512 KiB: inflate.ts hands on what fills its window's room (32 + 64 KiB and a match).
      expect(largest).toBeLessThanOrEqual(96 * KiB + 258);
      expect(largest).toBeLessThan(CHUNK);
    } finally {
      setGunzipStreamImplementation(() => Duplex.toWeb(createGunzip({ chunkSize: CHUNK })) as ReadableWritablePair<Uint8Array, BufferSource>);
    }
  });
});

describe('crawlSitemaps through the Node entry', () => {
  const { origin: o } = sites.limits;

  it('stops a gzip bomb and a file over maxBytes at maxBytes, and reads the rest', async () => {
    const report = await crawlSitemaps([`${o}/big.xml`, `${o}/bomb.xml.gz`, `${o}/small.xml`], { ...FAST, maxBytes: 64 * KiB }).report();
    for (const url of [`${o}/big.xml`, `${o}/bomb.xml.gz`]) {
      expect(sitemapAt(report, url)).toMatchObject({ status: 200, failed: true, format: undefined });
      expect(sitemapAt(report, url).issues.map((issue) => issue.code)).toEqual(['CRAWL_TOO_LARGE']);
    }
    expect(sitemapAt(report, `${o}/small.xml`)).toMatchObject({ failed: false, entries: 1 });
    // The bomb's first output chunk crosses the cap (64 KiB) and is refused, and nothing more is read.
    expect(report.totals.bytes).toBeLessThan(3 * 64 * KiB);
  }, 30_000);

  it('reads a .gz file and a gzip transfer as they arrive: validate()\'s issues and every entry, as the plain file', async () => {
    const paths = ['/large.xml', '/large.xml.gz', '/large-encoded.xml'];
    const now = new Date('2026-01-01T00:00:00Z');
    const crawl = crawlSitemaps(paths.map((path) => `${o}${path}`), { ...FAST, concurrency: 1, now });
    const locs = new Map<string, string[]>();
    for await (const entry of crawl) {
      const list = locs.get(entry.sitemap) ?? [];
      list.push(entry.loc);
      locs.set(entry.sitemap, list);
    }
    const report = await crawl.report();
    const plain = new Uint8Array(await (await fetch(`${o}/large.xml`)).arrayBuffer());
    const expected = validate(plain, { location: `${o}/large.xml`, now });
    const at = (issues: readonly { code: string; line: number; column: number; value?: string | undefined }[]) => issues.filter((issue) => !issue.code.startsWith('CRAWL_')).map(({ code, line, column, value }) => ({ code, line, column, value }));
    expect(at(expected.issues).length).toBeGreaterThan(0);
    for (const path of paths) {
      const sitemap = sitemapAt(report, `${o}${path}`);
      expect(sitemap, path).toMatchObject({ status: 200, failed: false, format: 'urlset', entries: 4000, compressed: path !== '/large.xml' });
      expect(at(sitemap.issues), path).toEqual(at(expected.issues));
      expect(locs.get(`${o}${path}`), path).toEqual(locs.get(`${o}/large.xml`));
    }
  }, 30_000);

  it('reports a damaged gzip body as GZIP_INVALID', async () => {
    const damaged = gzipSync(BODY);
    damaged[damaged.length >> 1] ^= 0xff;
    const report = await crawlSitemaps('https://example.com/d.xml.gz', {
      ...FAST,
      fetch: async () => new Response(damaged, { status: 200 }),
    }).report();
    const sitemap = sitemapAt(report, 'https://example.com/d.xml.gz');
    expect(sitemap.compressed).toBe(true);
    expect(sitemap.issues.map((issue) => issue.code)).toContain('GZIP_INVALID');
  });
});
