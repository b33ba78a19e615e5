// Node streams as web-stream readers and writers (src/input/node-streams.node.ts): the Node
// entry's streaming gunzip and the crawl's node:http bodies. What a web stream would answer, and
// never a wait forever: Node calls back none of a destroyed stream's write in progress, and a
// stream is destroyed in the middle of a write when zlib finds damage or when the parser fails
// and cancels it (the fuzzer found the second: seed 20261126 input 19135).

import { PassThrough, Readable } from 'node:stream';
import { createGunzip, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parse, parseStream, SitemapError } from '../src/index.node';
import { NodeStreamReader, nodeTransformAsPair } from '../src/input/node-streams.node';
import { readableOf, within } from './fixtures/stream-helpers';
// @ts-expect-error: plain ESM modules of the fuzzer, no types
import { inputAt } from './fuzz/campaign.mjs';
// @ts-expect-error: as above
import { loadSeeds } from './fuzz/mutate.mjs';
// @ts-expect-error: as above
import { APIS } from './fuzz/oracles.mjs';
// @ts-expect-error: as above
import { repositoryRoot } from './fuzz/builds.mjs';


/** Whether `promise` is still pending after `ms`. */
async function pendingAfter(promise: Promise<unknown>, ms: number): Promise<boolean> {
  let settled = false;
  promise.then(() => { settled = true; }, () => { settled = true; });
  await new Promise((resolve) => setTimeout(resolve, ms));
  return !settled;
}

function sitemap(urls: number): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${Array.from({ length: urls }, (_, i) => `<url><loc>https://example.com/${i}</loc></url>`).join('')}</urlset>\n`;
}

/** `bytes` gzipped with its CRC-32 (the trailer's first four bytes) changed. */
function damagedCrc(text: string): Uint8Array<ArrayBuffer> {
  const gzipped = new Uint8Array(gzipSync(text));
  gzipped[gzipped.length - 8]! ^= 0xff;
  return gzipped as Uint8Array<ArrayBuffer>;
}

describe('nodeTransformAsPair', () => {
  it('gives what the transform gives, and its write waits while the output is not read', async () => {
    const text = sitemap(20_000); // ~900 KB, inflating from ~60 KB
    const gzipped = new Uint8Array(gzipSync(text));
    const pair = nodeTransformAsPair(createGunzip({ chunkSize: 16 * 1024 }));
    const writer = pair.writable.getWriter(), reader = pair.readable.getReader();
    const half = gzipped.length >> 1;
    await within(writer.write(gzipped.subarray(0, 100)));
    // Nobody reads: zlib stops with its output full, and the next write is not taken.
    const second = writer.write(gzipped.subarray(100, half));
    const third = writer.write(gzipped.subarray(half));
    expect(await pendingAfter(third, 300)).toBe(true);
    const closing = writer.close();
    const chunks: Uint8Array[] = [];
    for (let read = await within(reader.read()); !read.done; read = await within(reader.read())) chunks.push(read.value);
    await within(Promise.all([second, third, closing]));
    expect(new TextDecoder().decode(Buffer.concat(chunks))).toBe(text);
  });

  it('rejects a write in progress, the close and the read when the data is damaged, whatever its size', async () => {
    for (const urls of [20, 3000]) {
      const pair = nodeTransformAsPair(createGunzip());
      const writer = pair.writable.getWriter(), reader = pair.readable.getReader();
      const reading = (async () => { for (let read = await reader.read(); !read.done; read = await reader.read()); })();
      const wrote = writer.write(damagedCrc(sitemap(urls)));
      const closed = writer.close();
      for (const settled of [wrote.then(() => 'written'), closed.then(() => 'closed'), reading.then(() => 'read')]) {
        // One of the write and the close may have been taken before zlib saw the damage; the read never ends well.
        const outcome = await within(settled.catch((error: Error) => `rejected: ${error.message}`));
        expect(outcome, `${urls} URLs`).toMatch(/^(written|closed|rejected: (incorrect data check|The stream was closed))$/);
      }
      expect(await within(reading.then(() => 'read', (error: Error) => error.message))).toBe('incorrect data check');
      expect(await within(writer.write(new Uint8Array([1])).then(() => 'written', () => 'refused'))).toBe('refused');
    }
  });

  it('refuses writes once destroyed, a write in progress included', async () => {
    const gunzip = createGunzip();
    const pair = nodeTransformAsPair(gunzip);
    const writer = pair.writable.getWriter();
    const waiting = writer.write(gzipSync(sitemap(20_000))); // held: nobody reads
    expect(await pendingAfter(waiting, 100)).toBe(true);
    gunzip.destroy();
    expect(await within(waiting.then(() => 'written', (error: Error) => error.message))).toBe('The stream was closed');
    expect(await within(writer.close().then(() => 'closed', () => 'refused'))).toBe('refused');
  });
});

describe('NodeStreamReader', () => {
  it('reads every chunk, then the end, and reads nothing before it is asked', async () => {
    const source = new PassThrough({ highWaterMark: 4 });
    const reader = new NodeStreamReader(source);
    expect(source.write('ab')).toBe(true);
    expect(source.write('cdefgh')).toBe(false); // held back: nobody has read
    // What was written, in one read (Node 20 to 24 join what a stream holds) or a chunk at a time (Node 26).
    let held = '';
    while (held.length < 8) {
      const read = await within(reader.read());
      expect(read.done).toBe(false);
      held += Buffer.from(read.value!).toString();
    }
    expect(held).toBe('abcdefgh');
    source.end('ij');
    const rest: string[] = [];
    for (let read = await within(reader.read()); !read.done; read = await within(reader.read())) rest.push(Buffer.from(read.value).toString());
    expect(rest.join('')).toBe('ij');
    expect(await within(reader.read())).toEqual({ done: true, value: undefined });
  });

  it('fails a read when the stream errs or is destroyed before its end, and ends after cancel', async () => {
    const erring = new PassThrough(), reader = new NodeStreamReader(erring);
    erring.destroy(new Error('socket hang up'));
    await expect(within(reader.read())).rejects.toThrow('socket hang up');
    const closing = new PassThrough(), closed = new NodeStreamReader(closing);
    const read = closed.read();
    closing.destroy();
    await expect(within(read)).rejects.toThrow('The stream closed before its end');
    const cancelled = new NodeStreamReader(Readable.from([Buffer.from('x')]));
    await cancelled.cancel();
    expect(await within(cancelled.read())).toEqual({ done: true, value: undefined });
  });
});

/** parseStream's verdict on `bytes` fed `chunk` bytes at a time: the entries' count, or the error's code. */
async function streamVerdict(bytes: Uint8Array, chunk: number, options: Parameters<typeof parseStream>[1] = {}): Promise<string> {
  const source = readableOf(Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, index) => bytes.slice(index * chunk, (index + 1) * chunk)));
  try {
    let entries = 0;
    for await (const entry of parseStream(source, options)) if (entry) entries++;
    return `${entries} entries`;
  } catch (error) {
    return (error as SitemapError).code;
  }
}

describe('the Node entry', () => {
  it('stops inflating when the parser fails in the middle of a write (the fuzzer, seed 20261126 input 19135)', async () => {
    // A mutated .gz (zero runs, a damaged CRC-32) whose XML fails while zlib is still inflating a
    // write: the parser's error cancels the stream, which then called back no write.
    const { bytes } = inputAt(20261126, 19135, loadSeeds(repositoryRoot), APIS) as { bytes: Uint8Array };
    expect(bytes.length).toBe(1712);
    for (const chunk of [1, 7, 1000]) {
      for (const recover of [false, true]) {
        // Strict: the XML's error comes before the end's CRC-32 is checked. Recover: what parse keeps.
        const recovered = parse(bytes, { recover: true });
        const expected = recover ? `${'urls' in recovered ? recovered.urls.length : recovered.sitemaps.length} entries` : 'XML_LT_IN_ATTRIBUTE';
        expect(await within(streamVerdict(bytes, chunk, { recover })), `${chunk}-byte chunks, recover ${recover}`).toBe(expected);
      }
    }
  });

  it("refuses a small .gz with a damaged CRC-32 in parseStream, as parse does, without waiting forever", async () => {
    for (const urls of [3, 20, 3000]) {
      const bytes = damagedCrc(sitemap(urls));
      const expected = (() => { try { parse(bytes); return 'parsed'; } catch (error) { return (error as SitemapError).code; } })();
      expect(expected).toBe('GZIP_INVALID');
      const streamed = await within((async () => {
        try {
          for await (const entry of parseStream(new Blob([bytes]), { kind: 'urlset' })) void entry;
          return 'parsed';
        } catch (error) {
          return (error as SitemapError).code;
        }
      })());
      expect(streamed, `${urls} URLs`).toBe(expected);
    }
  });
});
