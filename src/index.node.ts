// The package's main entry as Node resolves it (the `node` export condition): the same API as
// index.ts, plus a faster way to make strings from the core's ASCII output with Buffer and zlib
// for gzip. Its top level must run on import: package.json "sideEffects" names it for bundlers.

import { Buffer, constants } from 'node:buffer';
import { createGunzip, gunzipSync } from 'node:zlib';
import { SitemapError } from './model/errors';
import { setGunzipImplementation, setGunzipStreamImplementation } from './input/gzip';
import { nodeTransformAsPair } from './input/node-streams.node';
import { crawlFetchOfNode } from './site/crawl-fetch.node';
import { setRuntimeCrawlFetch } from './site/runtime-fetch';
import { setBytesToString } from './values/text';

// Buffer#toString('ascii') copies ASCII bytes into a one-byte string at 3-4 GB/s; TextDecoder's
// UTF-8 decode runs at ~330 MB/s on Node 20 ('latin1' makes the same string, ~2x slower for large
// buffers; measured 2026-11-24). From NODE_EXTERNAL_STRING_BYTES on (Node's EXTERN_APEX, 0xFBEE9,
// rounded up) the string is external: one malloc and copy instead of V8 large-object pages.
const NODE_EXTERNAL_STRING_BYTES = 1 << 20;
setBytesToString((bytes, ascii) => {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return buffer.toString(ascii ? 'ascii' : 'utf8');
}, NODE_EXTERNAL_STRING_BYTES);

// zlib inflates ~2.8x faster than fflate here, and maxOutputLength stops it as soon as the output
// passes the cap, so a gzip bomb costs no more memory than with fflate. It also reads
// concatenated members and checks each one's CRC-32 and size.
setGunzipImplementation((bytes, maxBytes) => {
  try {
    // maxOutputLength must be finite: `maxBytes: Infinity` means as much as a Buffer can hold.
    const { buffer: inflated, engine } = gunzipSync(bytes, { maxOutputLength: Math.max(1, Math.min(maxBytes, constants.MAX_LENGTH)), info: true }) as unknown as { buffer: Buffer; engine: { bytesWritten: number } };
    if (inflated.length > maxBytes) throw new RangeError('ERR_BUFFER_TOO_LARGE');
    // zlib stops quietly before trailing zero bytes; every other reader here refuses bytes after
    // the last member (src/input/gzip.ts gunzip), so this one does too.
    if (engine.bytesWritten < bytes.length) {
      throw new SitemapError('GZIP_INVALID', `The gzip data is followed by other bytes (${(bytes.length - engine.bytesWritten).toLocaleString('en-US')} after its last member)`, { offset: engine.bytesWritten });
    }
    return new Uint8Array(inflated.buffer, inflated.byteOffset, inflated.byteLength);
  } catch (cause) {
    if (cause instanceof SitemapError) throw cause;
    if (cause instanceof RangeError || (cause as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') {
      throw new SitemapError('INPUT_TOO_LARGE', `The gzip data inflates to more than the maxBytes limit of ${maxBytes.toLocaleString('en-US')} bytes`, { cause });
    }
    const reason = cause instanceof Error ? cause.message : String(cause);
    throw new SitemapError('GZIP_INVALID', `The gzip data is damaged or truncated (${reason})`, { cause });
  }
});

// The streams' gunzip (parseStream, the crawl): Node's DecompressionStream is this same zlib stream
// with its default 16 KiB chunkSize, so every 16 KiB of output is a task on the thread pool, then a
// callback and a web-stream read on this thread, which waits for the pool in between. For an 8.9 MB
// sitemap, this thread's time: 14-22 ms with 16 KiB chunks, 8-9 with 64 KiB, 4-5 with 256 KiB
// (measured 2026-11-26, bench/README.md, Crawl, "Round 7"). 128 KiB since round 11: the crawl
// waited less for inflated pieces than with 64 KiB (idle 89 → 75 ms quiet, 183 → 116 under load).
// 512 KiB since round 23: the validating 20-sitemap walk idle 69–91 → 40–70 ms and 30–60 ms faster
// in alternated pairs (1 MiB no better), its RSS growth within its spread (94–119 MB against
// 91–111), parseStream of mixed-50k.xml.gz 186–199 → 183–187 ms. The same errors: it is the stream
// Node's DecompressionStream wraps; read and written directly, not through Duplex.toWeb's web
// streams (src/input/node-streams.node.ts).
const GUNZIP_STREAM_CHUNK_BYTES = 512 * 1024;
// Compressed bytes per write: 64 KiB (about 450 KB inflated at the bench's 7:1, one output chunk),
// where the default for DecompressionStream is 25,401 bytes at the crawl's 100 MiB maxBytes, so
// that its worst case stays within a quarter of it. zlib's stream needs no such bound: it makes
// output only as it is read, a chunk at a time, each judged against maxBytes (a gzip bomb still
// stops one chunk past it: test/crawl-node-gunzip.node.test.ts). And each write is a trip to the
// thread pool that waits for this thread between trips: the validating 20-sitemap walk's idle
// 50–70 → 20–41 ms with 64 KiB, 1.21–1.28 → 1.17–1.26 s, RSS growth 100–110 → 110–116 MB (more
// inflated bytes on their way: two chunks a stream at most) (round 23, five alternated pairs).
const GUNZIP_STREAM_SLICE_BYTES = 64 * 1024;
setGunzipStreamImplementation(() => nodeTransformAsPair(createGunzip({ chunkSize: GUNZIP_STREAM_CHUNK_BYTES })), GUNZIP_STREAM_SLICE_BYTES);

// The crawl reads its files through node:http(s) where that answers as Node's fetch would
// (src/site/crawl-fetch.node.ts says where): 10% less of the walk's time than fetch's web streams.
setRuntimeCrawlFetch(crawlFetchOfNode);

export * from './index';
