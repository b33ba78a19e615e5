// gzip for sitemaps (RFC 1952; sitemaps.org: "you may compress your sitemap files using gzip"):
// the one module that imports fflate (for deflating; the Node entries' build loads it on first
// use, src/input/fflate.node.ts). Decompression is capped, because a few
// kilobytes of gzip can inflate to gigabytes (a "gzip bomb", SPEC.md §5). Streams inflate and
// deflate with the runtime's DecompressionStream / CompressionStream where it has them; elsewhere
// fflate deflates and src/input/inflate.ts inflates.

import { Gzip, gzipSync } from 'fflate';
import { SitemapError } from '../model/errors';
import { MemberEndCheck, MIN_MEMBER_BYTES, RecentBytes, trailingBytesError } from './gzip-trailer';
import { GzipInflater } from './inflate';
import { concatenateBytes } from '../values/text';
import type { OutputBytes } from '../model/types';

/**
 * Options of {@link gunzip}.
 *
 * @example
 * const options: GunzipOptions = { maxBytes: LIMITS.maxSitemapBytes };
 */
export interface GunzipOptions {
  /** Refuse (with `INPUT_TOO_LARGE`) as soon as the inflated output passes this many bytes. */
  maxBytes: number;
}

/**
 * Compression levels of DEFLATE: 0 stores, 9 compresses most.
 *
 * @example
 * const level: GzipLevel = 9; // sitemaps are written once and fetched often
 */
export type GzipLevel = 0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9;

/** The largest inflated-to-deflated ratio DEFLATE allows (258-byte matches in ~2 bits each). */
const MAX_DEFLATE_RATIO = 1032;

/**
 * True when `bytes` start with the gzip magic number `1f 8b`. Sniff with this instead of
 * trusting a file name or a `Content-Encoding` header: servers get both wrong. Takes what
 * parse() takes: bytes (a Uint8Array, an ArrayBuffer or another view of one) and text, which is
 * never gzip (false). Anything else is `INPUT_TYPE`, as for gzip() and gunzip(): a `false` for
 * null, a Response or a Promise would send the caller on as if it held plain XML.
 *
 * @example
 * const bytes = new Uint8Array(await (await fetch(url)).arrayBuffer());
 * const xml = isGzip(bytes) ? gunzip(bytes, { maxBytes: LIMITS.maxSitemapBytes }) : bytes;
 */
export function isGzip(input: Uint8Array | ArrayBuffer | ArrayBufferView | string): boolean {
  let bytes: Uint8Array;
  if (input instanceof Uint8Array) bytes = input;
  else {
    if (typeof input === 'string') return false;
    if (input instanceof ArrayBuffer) bytes = new Uint8Array(input);
    else if (ArrayBuffer.isView(input)) bytes = new Uint8Array(input.buffer, input.byteOffset, input.byteLength);
    else throw new SitemapError('INPUT_TYPE', `isGzip expects bytes (a Uint8Array or an ArrayBuffer) or a string, got ${describe(input)}`, { offset: 0 });
  }
  return bytes.length >= 2 && bytes[0] === 0x1f && bytes[1] === 0x8b;
}

/**
 * Compresses bytes to gzip (one member, modification time 0 so equal input gives equal output).
 * `level` defaults to 6, zlib's default.
 *
 * @example
 * const xml = serializeSitemap(urls);
 * const compressed = gzip(xml, 9); // write as sitemap.xml.gz
 */
export function gzip(bytes: Uint8Array, level: GzipLevel = 6): OutputBytes {
  if (!(bytes instanceof Uint8Array)) {
    throw new SitemapError('INPUT_TYPE', `gzip expects a Uint8Array, got ${describe(bytes)}`, { offset: 0 });
  }
  if (!Number.isInteger(level) || level < 0 || level > 9) {
    throw new SitemapError('INPUT_TYPE', `gzip level must be an integer from 0 to 9, got ${String(level)}`, { offset: 0 });
  }
  return gzipSync(bytes, { level, mtime: 0 }) as OutputBytes;
}

/**
 * Decompresses gzip, including several members one after another (what `cat a.gz b.gz`
 * makes). Works in bounded memory: compressed input is fed in slices small enough that no
 * slice can inflate far past `maxBytes`, and it stops with `INPUT_TOO_LARGE` as soon as the
 * running total passes `maxBytes`. A damaged or truncated stream throws `GZIP_INVALID`, and so
 * does a member whose CRC-32 or size does not match its trailer, and bytes after the last
 * member, trailing zero bytes included (RFC 1952 §2.2: a gzip file is a series of members; the
 * same verdict in every API and runtime).
 *
 * @example
 * const xml = gunzip(bytes, { maxBytes: LIMITS.maxSitemapBytes });
 */
export function gunzip(bytes: Uint8Array, options: GunzipOptions): OutputBytes {
  if (!(bytes instanceof Uint8Array)) {
    throw new SitemapError('INPUT_TYPE', `gunzip expects a Uint8Array, got ${describe(bytes)}`, { offset: 0 });
  }
  const maxBytes = options?.maxBytes;
  if (typeof maxBytes !== 'number' || !(maxBytes >= 0)) {
    throw new SitemapError('INPUT_TYPE', `gunzip needs { maxBytes } (a number >= 0), got ${String(maxBytes)}`, { offset: 0 });
  }
  if (!isGzip(bytes)) {
    throw new SitemapError('GZIP_INVALID', 'Not gzip data: the first two bytes are not 1f 8b', { offset: 0 });
  }

  const headerDamage = reservedFlagsDamage(bytes);
  if (headerDamage) throw headerDamage;
  if (nativeGunzip) return nativeGunzip(bytes, maxBytes) as OutputBytes;
  const { inflated, damage } = inflate(bytes, maxBytes);
  if (damage) throw damage;
  return inflated as OutputBytes;
}

/**
 * Like {@link gunzip}, but a damaged or truncated stream (a cut-off download) is not thrown:
 * you get the bytes that inflated before the damage and the `GZIP_INVALID` error describing it.
 * A bomb still throws `INPUT_TOO_LARGE`.
 *
 * @example
 * const { bytes, damage } = gunzipPartial(download, { maxBytes: LIMITS.maxSitemapBytes });
 * if (damage) console.warn(damage.message);
 */
export function gunzipPartial(bytes: Uint8Array, options: GunzipOptions): { bytes: OutputBytes; damage: SitemapError | null } {
  if (!isGzip(bytes)) throw new SitemapError('GZIP_INVALID', 'Not gzip data: the first two bytes are not 1f 8b', { offset: 0 });
  const headerDamage = reservedFlagsDamage(bytes);
  if (headerDamage) return { bytes: new Uint8Array(0) as OutputBytes, damage: headerDamage };
  const { inflated, damage } = inflate(bytes, options.maxBytes);
  return { bytes: inflated as OutputBytes, damage };
}

/**
 * GZIP_INVALID when the first member's header sets a reserved FLG bit (bits 5-7; FLG is byte
 * `at` of `bytes`), else undefined (also when `bytes` ends before it). RFC 1952 §2.3.1: they "must be zero", and a
 * decompressor "must give an error indication if any reserved bit is non-zero". zlib refuses
 * them, and so does src/input/inflate.ts; checked here too, before a native inflater sees the bytes,
 * so that every inflater says it in the same words.
 */
function reservedFlagsDamage(bytes: Uint8Array, at = 3): SitemapError | undefined {
  return (bytes[at] ?? 0) & 0xe0 ? damaged('reserved header flag bits set') : undefined;
}

/**
 * The reservedFlagsDamage check for a streaming gunzip, however the first bytes are cut into
 * chunks: each push is shown to it first.
 */
class ReservedFlagsCheck {
  #seen = 0;

  /** Throws GZIP_INVALID when the header's FLG byte (the fourth) has a reserved bit set. */
  check(chunk: Uint8Array): void {
    const at = 3 - this.#seen;
    this.#seen += chunk.length;
    const damage = at >= 0 ? reservedFlagsDamage(chunk, at) : undefined;
    if (damage) throw damage;
  }
}

/** The portable inflater under a size cap; damage is returned with what came before it. */
function inflate(bytes: Uint8Array, maxBytes: number): { inflated: Uint8Array; damage: SitemapError | null } {
  const chunks: Uint8Array[] = [];
  const inflater = new PortableStreamingGunzip(maxBytes, (data) => { chunks.push(data); });
  try {
    inflater.push(bytes, true);
  } catch (error) {
    if (error instanceof SitemapError && error.code === 'GZIP_INVALID') return { inflated: concatenateBytes(chunks), damage: error };
    throw error;
  }
  return { inflated: concatenateBytes(chunks), damage: null };
}

/** A runtime's own gunzip, with the same contract as {@link gunzip} (errors included). */
export type GunzipImplementation = (bytes: Uint8Array, maxBytes: number) => Uint8Array;

let nativeGunzip: GunzipImplementation | null = null;

/**
 * Installs a faster gunzip (the Node entry plugs in zlib: ~130 ms instead of fflate's ~360 ms
 * on limit-50mb.xml.gz, measured 2026-11-22). Pass null to go back to src/input/inflate.ts.
 */
export function setGunzipImplementation(implementation: GunzipImplementation | null): void {
  nativeGunzip = implementation;
}

/** A gzip stream with DecompressionStream's shape (bytes in, inflated bytes out, errors on damage). */
export type GunzipStreamImplementation = () => ReadableWritablePair<Uint8Array, BufferSource>;

let gunzipStream: GunzipStreamImplementation | null = null;
/** Compressed bytes per write through `gunzipStream` (setGunzipStreamImplementation), 0: sliceBytesFor's. */
let gunzipStreamSliceBytes = 0;

/**
 * Installs the stream the streaming gunzip reads through in place of the runtime's
 * DecompressionStream (the Node entry plugs in zlib with 512 KiB output chunks: Node's
 * DecompressionStream hands 16 KiB back at a time, each a thread-pool task and a wait for it on
 * this thread; bench/README.md, Crawl, "Round 7"). Pass null to go back to DecompressionStream.
 * `sliceBytes`, for a stream that inflates no further than its reader reads (zlib's stream holds
 * back while its output waits) and hands its output on in bounded chunks, each judged against
 * maxBytes before more is made: the compressed bytes per write, which then need not be so small
 * that a write's worst case stays within a quarter of maxBytes (sliceBytesFor).
 *
 * @example
 * setGunzipStreamImplementation(() => nodeTransformAsPair(createGunzip({ chunkSize: 524288 })), 65536);
 */
export function setGunzipStreamImplementation(implementation: GunzipStreamImplementation | null, sliceBytes = 0): void {
  gunzipStream = implementation;
  gunzipStreamSliceBytes = implementation ? sliceBytes : 0;
  // Another stream, other answers: how it reads a series of members is asked again.
  memberReadingProbe = undefined;
}

/** The stream a NativeStreamingGunzip reads through. */
function decompressionStream(): ReadableWritablePair<Uint8Array, BufferSource> {
  return gunzipStream ? gunzipStream() : new DecompressionStream('gzip');
}


function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return (value as object).constructor?.name ?? 'object';
}

// ---------------------------------------------------------------------------------------------
// Streams: inflating as compressed bytes arrive, deflating as bytes leave.

/**
 * Receives inflated bytes (the sink of a StreamingGunzip); an error it throws stops inflating and comes out of push().
 * It may return a promise to hold the inflating back until its reader has room (honoured by the
 * DecompressionStream path, whose inflating otherwise runs ahead of its reader; the portable
 * inflater runs inside push(), so it never does).
 *
 * @example
 * const onData: InflatedBytesHandler = (bytes) => parser.push(bytes);
 */
export type InflatedBytesHandler = (bytes: Uint8Array) => void | Promise<void>;

/**
 * A gunzip fed chunk by chunk, under the same cap and with the same errors as {@link gunzip}:
 * `INPUT_TOO_LARGE` as soon as the inflated bytes pass `maxBytes`, `GZIP_INVALID` for damage,
 * truncation, or trailing bytes that are not another member. Internal: the stream APIs use it.
 * It speaks the one incremental contract of every chunk consumer here (fflate's): `push(chunk,
 * final)`, its output going to the sink it was made with.
 *
 * @example
 * const inflater: StreamingGunzip = createStreamingGunzip(maxBytes, onData);
 * await inflater.push(chunk, false);
 * await inflater.push(new Uint8Array(0), true);
 */
export interface StreamingGunzip {
  /**
   * Feeds compressed bytes; `final`: the input ends after them, and it is checked that it ends
   * where a member ends. When it returns a promise, wait for it before the next call.
   */
  push(chunk: Uint8Array, final: boolean): Promise<void> | void;
  /** Stops at once and drops whatever is pending (a cancelled stream). Idempotent. */
  cancel(): void;
}

/**
 * A streaming gunzip: the runtime's `DecompressionStream` where it has one (zlib in Node, on a
 * worker thread, so inflating overlaps with parsing), src/input/inflate.ts elsewhere, and always
 * when `keepDamagedOutput` (recover mode: every byte inflated before damage is handed on).
 *
 * @example
 * const inflater = createStreamingGunzip(LIMITS.maxSitemapBytes, (bytes) => parser.push(bytes));
 * for await (const chunk of source) await inflater.push(chunk, false);
 * await inflater.push(new Uint8Array(0), true);
 */
export function createStreamingGunzip(maxBytes: number, onData: InflatedBytesHandler, keepDamagedOutput = false): StreamingGunzip {
  // A DecompressionStream that finds damage at the end (a CRC-32 or size that does not match)
  // errors without the output that came with the error (Node: the last chunk, up to 16 KiB, so
  // all of a small document; checked 2026-11-26): recover mode, which keeps what was read, takes the portable inflater.
  if (keepDamagedOutput) return new PortableStreamingGunzip(maxBytes, onData);
  if (streamingGunzipChoice === 'native' || (streamingGunzipChoice === 'auto' && typeof DecompressionStream === 'function')) {
    return new NativeStreamingGunzip(maxBytes, onData);
  }
  return new PortableStreamingGunzip(maxBytes, onData);
}

let streamingGunzipChoice: 'auto' | 'native' | 'portable' = 'auto';

/** The last push of an input that ended with the chunk before it. */
const NO_BYTES = new Uint8Array(0);

/** Bytes the streaming gunzips have inflated in this realm (inflatedBytesForTesting). */
let inflatedBytes = 0;

/**
 * Test hook, not part of the public API: bytes inflated by the streaming gunzips so far, handed
 * on or not (tests check that inflating stops at the cap, also in the background).
 */
export function inflatedBytesForTesting(): number {
  return inflatedBytes;
}

/** Test and benchmark hook: force one implementation ('auto' restores the default). Not public. */
export function chooseStreamingGunzipForTesting(choice: 'auto' | 'native' | 'portable'): void {
  streamingGunzipChoice = choice;
}

/** Offsets: the inflated byte at which the cap was crossed; in the compressed bytes where damage is (0 when that is not known). */
function tooLarge(maxBytes: number): SitemapError {
  return new SitemapError('INPUT_TOO_LARGE', `The gzip data inflates to more than the maxBytes limit of ${maxBytes.toLocaleString('en-US')} bytes`, { offset: maxBytes });
}

function damaged(cause: unknown): SitemapError {
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new SitemapError('GZIP_INVALID', `The gzip data is damaged or truncated (${reason})`, { cause, offset: 0 });
}

/**
 * Compressed bytes per push: a slice can inflate to at most MAX_DEFLATE_RATIO times its size, so
 * one adds at most about a quarter of maxBytes (256 B .. 64 KiB; 25,401 bytes at the default 100
 * MiB). Each slice is a round trip to the inflating thread, and larger ones kept it busier: 16 KiB
 * against the quarter's 25,401 bytes, parseStream in Node of mixed-50k.xml.gz 149 → 134 ms and of
 * limit-50mb.xml.gz 234 → 204 ms, the crawl bench's validating walk 1.34 → 1.29 s wall with its
 * waits for inflated bytes 152 → 118 ms (2026-11-27, bench/README.md, Crawl, after round 10).
 */
function sliceBytesFor(maxBytes: number): number {
  return Math.min(65536, Math.max(256, Math.floor(maxBytes / MAX_DEFLATE_RATIO / 4)));
}

/**
 * The inflater of runtimes without a native one, and of recover mode: src/input/inflate.ts, as strict
 * as zlib, so every build gives one verdict for the same bytes. It hands on everything decoded
 * before damage, whatever the chunks, so parse() (one chunk) and the streams (any chunks) keep
 * the same (issue #22 item 7).
 */
class PortableStreamingGunzip implements StreamingGunzip {
  readonly #inflater: GzipInflater;
  #compressed = 0;
  #total = 0;
  #cancelled = false;

  readonly #maxBytes: number;

  constructor(maxBytes: number, onData: InflatedBytesHandler) {
    this.#maxBytes = maxBytes;
    this.#inflater = new GzipInflater((data) => {
      inflatedBytes += data.length;
      this.#total += data.length;
      if (this.#total > this.#maxBytes) throw tooLarge(this.#maxBytes);
      if (!this.#cancelled) void onData(data);
    });
  }

  push(chunk: Uint8Array, final: boolean): void {
    if (this.#cancelled) return;
    this.#compressed += chunk.length;
    // The bytes first, then the end: what they inflate to is handed on before a truncation is refused.
    if (!final || chunk.length > 0) this.#inflater.push(chunk, false);
    if (!final || this.#cancelled) return;
    if (this.#compressed < MIN_MEMBER_BYTES) {
      // What its bytes decode to is handed on before it is refused, as zlib's end hands on its
      // output: 19 bytes cut from a gzip of "https://…" gave "https://" through the Node entry's
      // stream and nothing here (found by the fuzzer's crawl family comparing the builds).
      try {
        this.#inflater.push(NO_BYTES, true);
      } catch (error) {
        if (error instanceof SitemapError && error.code === 'INPUT_TOO_LARGE') throw error;
      }
      throw new SitemapError('GZIP_INVALID', `The gzip data is truncated: ${this.#compressed} bytes, a gzip member takes at least ${MIN_MEMBER_BYTES}`, { offset: this.#compressed });
    }
    this.#inflater.push(NO_BYTES, true);
  }

  cancel(): void {
    this.#cancelled = true;
  }
}

/**
 * How this runtime's DecompressionStream takes a series of gzip members (`cat a.gz b.gz`), which
 * the gzip format allows. `'whole'`: it reads them all (Node 20 and 22). `'split'`: it stops with
 * "Junk found after end of compressed data" after the first (Chromium, checked 2026-11-22,
 * Chromium 156), and its writes wait for their reader, as a TransformStream's do, so that members
 * can be split here (NativeStreamingGunzip.drain). `'portable'`: it stops after the first member
 * and takes writes whatever is read (Node 24 and 26: "Trailing junk found after the end of the
 * compressed stream", and the web side of a zlib stream whose writes are taken while their output
 * waits unread, in Node 26 before it is even made, checked 2026-11-27 with 24.21 and 26.12), so
 * nothing here can tell where a member ends: src/input/inflate.ts reads the whole input instead.
 * Asked once.
 */
let memberReadingProbe: Promise<'whole' | 'split' | 'portable'> | undefined;

/**
 * Resolves in a later task: a message through a MessageChannel where there is one (every runtime
 * sitemapkit runs in), since a hidden tab runs its timers once a second and a setTimeout(0) there
 * held the first gzip stream of a page up to that long.
 */
function nextTask(): Promise<unknown> {
  return new Promise((resolve) => {
    if (typeof MessageChannel !== 'function') return void setTimeout(resolve, 0);
    const { port1, port2 } = new MessageChannel();
    port1.onmessage = () => resolve(port1.close());
    port2.postMessage(0);
  });
}

function nativeMemberReading(): Promise<'whole' | 'split' | 'portable'> {
  memberReadingProbe ??= (async () => {
    // "a" and "b" as two members (as gzip() makes each: modification time 0), written out rather
    // than deflated here, so that reading gzip never needs the deflater (the Node entries load
    // fflate only when something is compressed: src/input/fflate.node.ts).
    const twoMembers = new Uint8Array([
      0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03, 0x4b, 0x04, 0, 0x43, 0xbe, 0xb7, 0xe8, 0x01, 0, 0, 0,
      0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 0x03, 0x4b, 0x02, 0, 0xf9, 0xef, 0xbe, 0x71, 0x01, 0, 0, 0,
    ]);
    const stream = decompressionStream();
    let writer = stream.writable.getWriter();
    writer.write(twoMembers as BufferSource).catch(() => {});
    writer.close().catch(() => {});
    let read = '';
    try {
      const reader = stream.readable.getReader();
      for (let chunk; !(chunk = await reader.read()).done; ) read += String.fromCharCode(...chunk.value);
    } catch {
      // A stream that stops after the first member.
    }
    if (read === 'ab') return 'whole';
    // Does a write wait until its output is read? One member written, nothing read, a task later.
    writer = decompressionStream().writable.getWriter();
    let taken = false;
    writer.write(twoMembers.slice(0, 21) as BufferSource).then(() => (taken = true), () => {});
    await nextTask();
    writer.abort().catch(() => {});
    return taken ? 'portable' : 'split';
  })();
  return memberReadingProbe;
}

/**
 * The runtime's DecompressionStream. Compressed bytes go in as slices, each written only when the
 * stream is ready for it, and output is read as it comes, so no more than about a slice's worth
 * of output is ever pending past the cap. Where the runtime's stream stops at the end of the
 * first member (Chromium), members are split here: a member can only end where the next one's
 * header (1f 8b 08) starts; at such a place the output so far is drained and compared with the
 * ISIZE field that would end the member, and when they agree that member's stream is closed and
 * a new one opened. (A false match needs a 3-byte magic and a 32-bit size to coincide inside
 * deflate data: about 2^-56 per byte.) The stream checks each member's CRC-32; bytes after the
 * last member are refused (GZIP_INVALID, as by every other reader here: RFC 1952 §2.2, a gzip
 * file is a series of members; the Compression Streams standard and fflate agree): Chromium's
 * stream errors on them itself, Node's stops quietly at a zero byte after a member, which
 * MemberEndCheck catches.
 */
/**
 * Compressed slices written to the stream and not yet taken by it, at most: the one it inflates
 * and the next, so that it finds input waiting when it ends one. A write is taken once inflated,
 * and inflating waits while the output is not read (the stream's backpressure), so a push()
 * resolves only as the reader keeps up, and the source's bytes wait where they are (a crawl's
 * body in its connection). The Node entry's stream is ready for every write at once (so was
 * `Duplex.toWeb`'s, whose web side counted chunks, not bytes): writes used to wait only once 1 MiB
 * had gone in without output.
 */
const SLICES_IN_FLIGHT = 2;

/**
 * The input's last bytes held back from the runtime's stream until all before them is inflated and
 * read: a member's trailer (CRC-32 and size, 8 bytes). The stream checks the trailer as it takes
 * it, and a stream that errors drops the output that came with its error (Node: the output of
 * that write; a small file's all of it), so a .gz with a wrong CRC-32 read as empty, and how much
 * of one was read depended on how its bytes had arrived. Written last, after a drain, the trailer
 * comes with no output of its own to drop (found by the fuzzer's crawl family, test/fuzz/crawl.mjs).
 */
const TRAILER_BYTES = 8;
/**
 * Compressed bytes a native streaming gunzip keeps, to inflate again what its runtime's inflater
 * dropped with an error (replayLost); a larger file's damage still costs the output of its slice.
 */
const REPLAY_BYTES = 8 * 1024 * 1024;

class NativeStreamingGunzip implements StreamingGunzip {
  readonly #sliceBytes: number;
  #writer: WritableStreamDefaultWriter<BufferSource> | null = null;
  #reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  #reading: Promise<void> = Promise.resolve();
  #failure: unknown = null;
  #failed = false;
  #total = 0;
  #memberOutput = 0;
  #memberInput = 0;
  #splitMembers: boolean | undefined;
  /** Where the runtime's stream can neither read a series of members nor be drained (nativeMemberReading). */
  #portable: PortableStreamingGunzip | null = null;
  readonly #tail = new RecentBytes(4);
  readonly #flags = new ReservedFlagsCheck();
  /** Where the runtime's stream reads members on its own: does the input end where one ends? */
  readonly #memberEnds = new MemberEndCheck();
  /** Up to two bytes held back when members are split: a magic number cut by a chunk boundary. */
  #carry: Uint8Array | null = null;
  #inHandler = false;
  /** The writes of the slices in flight (SLICES_IN_FLIGHT), oldest first. */
  #inFlight: Promise<void>[] = [];
  /** Small chunks gathered into one write (a write costs Node a task on another thread). */
  #gathered: Uint8Array[] = [];
  #gatheredBytes = 0;
  /** The last TRAILER_BYTES of the input so far, not written yet (endMember writes them). */
  #held: Uint8Array = NO_BYTES;
  /** The compressed input so far, copied, for replayLost; null past REPLAY_BYTES. */
  #input: Uint8Array[] | null = [];
  #inputBytes = 0;

  readonly #maxBytes: number;

  constructor(maxBytes: number, private readonly onData: InflatedBytesHandler) {
    this.#maxBytes = maxBytes;
    this.#sliceBytes = gunzipStreamSliceBytes || sliceBytesFor(maxBytes);
  }

  async push(chunk: Uint8Array, final: boolean): Promise<void> {
    // The usual last push is an empty chunk: the end alone, as it was before the push contract.
    if (!final || chunk.length > 0) {
      this.#flags.check(chunk);
      await this.prepare();
      if (this.#portable) return this.#portable.push(chunk, final);
      if (this.#splitMembers) await this.pushSplitting(chunk);
      else await this.write(chunk);
    }
    if (final) await this.finish();
  }

  /** The input has ended: checks it ended where a member ends. */
  private async finish(): Promise<void> {
    await this.prepare();
    if (this.#portable) return this.#portable.push(NO_BYTES, true);
    if (this.#carry !== null) {
      const carry = this.#carry;
      this.#carry = null;
      await this.write(carry);
    }
    await this.endMember();
    this.#input = null;
    const lastSize = this.#tail.lastUint32;
    if (this.#splitMembers ? lastSize !== this.#memberOutput % 0x100000000 : !this.#memberEnds.endsWithMember(this.#total, lastSize)) {
      throw trailingBytesError(`its last four bytes declare ${lastSize ?? 0} bytes, which do not end what it inflates to`, Math.max(0, this.#tail.end - 4));
    }
  }

  /** Queues compressed bytes, written once a slice's worth has gathered (or on a drain or the end), but the last TRAILER_BYTES. */
  private async write(bytes: Uint8Array): Promise<void> {
    if (bytes.length === 0) return;
    if (this.#input) {
      this.#inputBytes += bytes.length;
      if (this.#inputBytes > REPLAY_BYTES) this.#input = null;
      else this.#input.push(bytes.slice());
    }
    this.#memberInput += bytes.length;
    this.#tail.add(bytes);
    if (!this.#splitMembers) this.#memberEnds.add(bytes);
    const held = this.#held;
    if (bytes.length >= TRAILER_BYTES) {
      this.#held = bytes.slice(bytes.length - TRAILER_BYTES);
      const body = bytes.subarray(0, bytes.length - TRAILER_BYTES);
      if (held.length > 0 && this.#gatheredBytes + held.length + body.length >= this.#sliceBytes) {
        // A large chunk (a network read): what was gathered, the bytes held back and the chunk in
        // one copy, written at once, rather than copied into the gathered list and then again.
        const slice = concatenateBytes([...this.#gathered, held, body]);
        this.#gathered = [];
        this.#gatheredBytes = 0;
        await this.writeNow(slice);
        return;
      }
      await this.gather(held);
      await this.gather(body);
    } else {
      const all = concatenateBytes([held, bytes]);
      this.#held = all.slice(Math.max(0, all.length - TRAILER_BYTES));
      await this.gather(all.subarray(0, Math.max(0, all.length - TRAILER_BYTES)));
    }
  }

  private async gather(bytes: Uint8Array): Promise<void> {
    if (bytes.length === 0) return;
    if (this.#gatheredBytes === 0 && bytes.length >= this.#sliceBytes) {
      await this.writeNow(bytes);
      return;
    }
    this.#gathered.push(bytes.slice());
    this.#gatheredBytes += bytes.length;
    if (this.#gatheredBytes >= this.#sliceBytes) await this.flush();
  }

  private async flush(): Promise<void> {
    if (this.#gatheredBytes === 0) return;
    const bytes = concatenateBytes(this.#gathered);
    this.#gathered = [];
    this.#gatheredBytes = 0;
    await this.writeNow(bytes);
  }

  cancel(): void {
    this.#portable?.cancel();
    this.fail(new SitemapError('INPUT_TYPE', 'The stream was cancelled', { offset: 0 }));
    this.#reader?.cancel().catch(() => {});
  }

  private async prepare(): Promise<void> {
    if (this.#failed) throw this.#failure;
    if (this.#splitMembers === undefined) {
      const members = await nativeMemberReading();
      this.#splitMembers = members === 'split';
      // Before anything was written: the portable inflater takes the whole input from here.
      if (members === 'portable') this.#portable = new PortableStreamingGunzip(this.#maxBytes, this.onData);
    }
    if (this.#writer === null && !this.#portable) this.startMember();
  }

  private startMember(): void {
    const stream = decompressionStream();
    this.#writer = stream.writable.getWriter();
    const reader = stream.readable.getReader();
    this.#reader = reader;
    this.#memberOutput = 0;
    this.#memberInput = 0;
    this.#inFlight = [];
    this.#reading = this.readAll(reader);
  }

  private async readAll(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
    try {
      // The next read is asked for before this chunk is handled: asking is what lets Node's
      // stream go on inflating (on its thread) while this chunk is parsed, instead of the two
      // taking turns. (A read left pending when the loop ends must not reject unhandled.)
      let reading = reader.read();
      for (;;) {
        reading.catch(() => {});
        const { done, value } = await reading;
        if (done || this.#failed) return;
        reading = reader.read();
        inflatedBytes += value.length;
        this.#total += value.length;
        this.#memberOutput += value.length;
        if (this.#total > this.#maxBytes) throw tooLarge(this.#maxBytes);
        this.#inHandler = true;
        const holding = this.onData(value);
        this.#inHandler = false;
        // While the handler holds the reading back, the stream's own backpressure stops its
        // inflating, and then the writes (SLICES_IN_FLIGHT).
        if (holding) await holding;
      }
    } catch (error) {
      this.fail(this.#inHandler || error instanceof SitemapError ? error : await this.replayLost(error));
      reader.cancel(error).catch(() => {});
    }
  }

  /**
   * After the runtime's inflater failed on damage: the output that came with its error, which it
   * drops (how much depended on how the bytes had arrived: a slice's worth, or all of a small
   * file), inflated again by the portable inflater from the input kept (up to REPLAY_BYTES) and
   * handed on, up to the damage, as recover mode reads it; then the failure to report: the damage,
   * or what the output handed on met first (the cap, the handler's own error).
   */
  private async replayLost(error: unknown): Promise<unknown> {
    const input = this.#input;
    this.#input = null;
    if (!input) return damaged(error);
    let skip = this.#total, handlerError: unknown;
    // What is handed on is what the failing write's output was, a slice's worth (sliceBytesFor),
    // and the handler's wait is not waited for, as the portable inflater does not: the wait can be
    // for the very caller that is waiting for this (a stream reading parseStream's entries hung so).
    const replay = new PortableStreamingGunzip(this.#maxBytes, (bytes) => {
      if (handlerError !== undefined) return;
      if (skip >= bytes.length) { skip -= bytes.length; return; }
      const rest = skip > 0 ? bytes.subarray(skip) : bytes;
      skip = 0;
      this.#total += rest.length;
      try {
        void this.onData(rest)?.catch((thrown: unknown) => { handlerError ??= thrown; });
      } catch (thrown) {
        handlerError = thrown;
      }
    });
    try {
      for (const chunk of input) {
        replay.push(chunk, false);
        if (handlerError !== undefined) return handlerError;
      }
      // The end, for what it holds back: it fails then (the runtime's inflater did), its output handed on first.
      replay.push(NO_BYTES, true);
    } catch (thrown) {
      if (thrown instanceof SitemapError && thrown.code === 'INPUT_TOO_LARGE') return thrown;
    }
    return handlerError ?? damaged(error);
  }

  private fail(error: unknown): void {
    if (this.#failed) return;
    this.#failed = true;
    this.#failure = error;
  }

  /** After a write or close was refused: the reason the reading side saw, which says more. */
  private async refused(error: unknown): Promise<never> {
    await this.#reading;
    if (!this.#failed) this.fail(await this.replayLost(error));
    throw this.#failure;
  }

  private async writeNow(bytes: Uint8Array): Promise<void> {
    const writer = this.#writer!;
    for (let start = 0; start < bytes.length; start += this.#sliceBytes) {
      const slice = bytes.subarray(start, Math.min(bytes.length, start + this.#sliceBytes));
      try {
        await writer.ready;
        if (this.#inFlight.length >= SLICES_IN_FLIGHT) await this.#inFlight.shift();
      } catch (error) {
        await this.refused(error);
      }
      if (this.#failed) throw this.#failure;
      const written = writer.write(slice as BufferSource);
      // A refused write errors the stream, which the reading side reports.
      written.catch(() => {});
      this.#inFlight.push(written);
    }
  }

  private async pushSplitting(chunk: Uint8Array): Promise<void> {
    let data = chunk;
    if (this.#carry !== null) {
      data = concatenateBytes([this.#carry, chunk]);
      this.#carry = null;
    }
    let from = 0;
    for (let at = data.indexOf(0x1f); at !== -1 && at + 2 < data.length; at = data.indexOf(0x1f, at + 1)) {
      // The next member's header: magic, method 8 (deflate), reserved flag bits clear.
      if (data[at + 1] !== 0x8b || data[at + 2] !== 0x08 || (at + 3 < data.length && (data[at + 3]! & 0xe0) !== 0)) continue;
      if (this.#memberInput + (at - from) < MIN_MEMBER_BYTES) continue;
      await this.write(data.subarray(from, at));
      from = at;
      await this.writeHeld();
      if (this.#tail.lastUint32 !== this.#memberOutput % 0x100000000) continue;
      await this.endMember();
      this.startMember();
    }
    const keep = Math.min(2, data.length - from);
    await this.write(data.subarray(from, data.length - keep));
    this.#carry = data.slice(data.length - keep);
  }

  /**
   * Waits until every byte written so far has been inflated and read: an empty write is taken
   * only once the output of the writes before it has been read (the stream's backpressure).
   */
  private async drain(): Promise<void> {
    await this.flush();
    try {
      await this.#writer!.write(new Uint8Array(0));
    } catch (error) {
      await this.refused(error);
    }
    if (this.#failed) throw this.#failure;
  }

  /**
   * Writes the held-back bytes (TRAILER_BYTES) once all before them was inflated and read, and
   * waits for their output too: the trailer (or, where the input was cut short, its last bytes of
   * data) comes with no output of its own for an error to drop. At the end of a member, and where
   * members are split, at each place one may end (a stream may give a member's output only once
   * its trailer is in).
   */
  private async writeHeld(): Promise<void> {
    await this.drain();
    if (this.#held.length === 0) return;
    const held = this.#held;
    this.#held = NO_BYTES;
    await this.writeNow(held);
    await this.drain();
  }

  private async endMember(): Promise<void> {
    // Everything written is inflated and read before the end is told: a stream that ends inside a
    // member errors at the close, and the output that came with an error is dropped (Node: up to a
    // slice), so without the wait how much of a truncated body was read depended on how its bytes
    // had arrived (found by the fuzzer's crawl family, test/fuzz/crawl.mjs).
    await this.writeHeld();
    try {
      await this.#writer!.close();
    } catch (error) {
      await this.refused(error);
    }
    await this.#reading;
    if (this.#failed) throw this.#failure;
  }
}

/**
 * A gzip stream of bytes: the runtime's `CompressionStream('gzip')` where it has one, fflate's
 * `Gzip` (level 6, modification time 0) elsewhere. The compressed bytes differ between the two;
 * what they inflate to does not.
 *
 * @example
 * const compressed = new Blob([xml]).stream().pipeThrough(createGzipStream());
 */
export function createGzipStream(): ReadableWritablePair<OutputBytes, Uint8Array> {
  if (typeof CompressionStream === 'function') return new CompressionStream('gzip') as unknown as ReadableWritablePair<OutputBytes, Uint8Array>;
  let deflater: Gzip;
  return new TransformStream<Uint8Array, OutputBytes>({
    start(controller) {
      deflater = new Gzip({ level: 6, mtime: 0 }, (data) => {
        if (data.length > 0) controller.enqueue(data as OutputBytes);
      });
    },
    transform(chunk) {
      deflater.push(chunk);
    },
    flush() {
      deflater.push(new Uint8Array(0), true);
    },
  });
}
