// Node streams read and written the way this package reads and writes web streams (a default
// reader's `read()`, a writer's `write()` and `close()`), without the web streams in between:
// Node's `Duplex.toWeb` and `Readable.toWeb` add a promise, a queue and a task per chunk each way.
// The Node entry's streaming gunzip (src/index.node.ts) and the crawl's node:http bodies
// (src/site/crawl-fetch.node.ts) go through these. What they answer is what the web streams
// answered: a chunk at a time, the source's backpressure kept, the stream's error on the read.

import type { Duplex, Readable } from 'node:stream';
import { SitemapError } from '../model/errors';

type ReadResult = { done: false; value: Uint8Array } | { done: true; value: undefined };

/**
 * A Node readable's chunks as a web stream's default reader gives them: nothing is read from it
 * until asked for, so it holds its source back (a socket, zlib) while nobody reads.
 *
 * @example
 * const reader = new NodeStreamReader(message);
 * for (let read = await reader.read(); !read.done; read = await reader.read()) use(read.value);
 */
export class NodeStreamReader {
  readonly #stream: Readable;
  readonly #source: { destroy(): void } | undefined;
  #ended = false;
  #error: unknown;
  #wake: (() => void) | undefined;

  /** `source`: what feeds `stream` through pipes (an HTTP answer under its decoders), destroyed with it on cancel. */
  constructor(stream: Readable, source?: { destroy(): void }) {
    this.#stream = stream;
    this.#source = source;
    const wake = () => {
      const waiting = this.#wake;
      this.#wake = undefined;
      waiting?.();
    };
    stream.on('readable', wake);
    stream.on('end', () => { this.#ended = true; wake(); });
    stream.on('error', (error) => { this.#error ??= error; wake(); });
    // Destroyed before its end with no error (a reset socket in some Node versions): a failed read, not a wait forever.
    stream.on('close', () => {
      if (!this.#ended) this.#error ??= new SitemapError('INPUT_TYPE', 'The stream closed before its end', { offset: 0 });
      wake();
    });
  }

  async read(): Promise<ReadResult> {
    for (;;) {
      if (this.#error !== undefined) throw this.#error;
      const chunk = this.#stream.read() as Buffer | null;
      if (chunk !== null) return { done: false, value: new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) };
      if (this.#ended) return { done: true, value: undefined };
      await new Promise<void>((resolve) => { this.#wake = resolve; });
    }
  }

  /** Stops the stream and its source (a destroyed pipe's source reads on otherwise); reads after it end. */
  async cancel(): Promise<void> {
    this.#ended = true;
    this.#stream.destroy();
    this.#source?.destroy();
    this.#wake?.();
  }

  releaseLock(): void {}
}

/**
 * A Node transform (zlib's gunzip) as a web stream pair: `writable.getWriter()`, whose `write()`
 * resolves once the transform has taken the chunk (it holds it while its output is not read:
 * the backpressure that DecompressionStream's writes have), and `readable.getReader()`. Once the
 * transform fails or is destroyed, every write and close still waiting rejects with why: Node
 * calls back none of a destroyed stream's write in progress, and a web stream's writer must not
 * wait forever (a damaged gzip stream errors in the middle of a write).
 *
 * @example
 * const pair = nodeTransformAsPair(createGunzip());
 */
export function nodeTransformAsPair(transform: Duplex): ReadableWritablePair<Uint8Array, BufferSource> {
  const reader = new NodeStreamReader(transform);
  let stopped: unknown;
  const waiting = new Set<(error: unknown) => void>();
  const stop = (error: unknown) => {
    stopped ??= error;
    for (const reject of waiting) reject(stopped);
    waiting.clear();
  };
  transform.on('error', stop);
  transform.on('close', () => stop(new SitemapError('INPUT_TYPE', 'The stream was closed', { offset: 0 })));
  /** Runs `start` with a callback that settles the promise, unless the transform stopped first. */
  const settled = (start: (done: (error?: Error | null) => void) => void) => new Promise<void>((resolve, reject) => {
    if (stopped !== undefined) return reject(stopped);
    waiting.add(reject);
    start((error) => {
      waiting.delete(reject);
      if (error) reject(error);
      else resolve();
    });
  });
  const writer = {
    ready: Promise.resolve(),
    write: (chunk: BufferSource) => settled((done) => {
      const bytes = chunk instanceof Uint8Array ? chunk : ArrayBuffer.isView(chunk) ? new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength) : new Uint8Array(chunk);
      transform.write(bytes, done);
    }),
    close: () => settled((done) => { transform.end(done); }),
    abort: async (reason?: unknown) => { transform.destroy(reason instanceof Error ? reason : undefined); },
    releaseLock() {},
  };
  return {
    readable: { getReader: () => reader } as unknown as ReadableStream<Uint8Array>,
    writable: { getWriter: () => writer } as unknown as WritableStream<BufferSource>,
  };
}
