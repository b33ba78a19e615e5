// The one module that touches WebAssembly: loads the core (SIMD build where the runtime
// has SIMD, scalar elsewhere), owns the instance and hands out fresh memory views.
// The binaries come from src/core/core-binary.ts (or its edge twin, src/core/core-binary.edge.ts),
// in the printable code of assembly/printable-code.mjs, which decodePrintableBuild reads.

import { scalarBinary, simdBinary } from './core-binary';
import { SitemapError } from '../model/errors';

/** The core's exports (assembly/index.ts). Only numbers cross; pointers are byte offsets. */
export interface CoreExports {
  readonly memory: WebAssembly.Memory;
  readonly ABI_VERSION: WebAssembly.Global;
  /** 1 in the build compiled with WebAssembly SIMD, 0 in the scalar one. */
  readonly SIMD_BUILD: WebAssembly.Global;
  // --- tokenizer (assembly/tokenizer.ts) ---
  tokenizerReset(flags: number): void;
  /** `identitiesOnly` (1): whole entries' loc identities, without the loc set (loc-scan.ts). */
  watchText(local: number, identitiesOnly?: number): void;
  reserveInput(bytes: number): number;
  inputPointer(): number;
  inputCapacity(): number;
  tokenize(length: number, final: number): number;
  tokenCount(): number;
  tokensPointer(): number;
  consumed(): number;
  /** The line of consumed() (every line break before it counted). */
  readonly line: WebAssembly.Global;
  /** Window offset of that line's first byte (negative once compacted away). */
  readonly lineStart: WebAssembly.Global;
  /** UTF-8 continuation bytes between lineStart and consumed(): the column is consumed() - lineStart + 1 - continuations. */
  readonly continuations: WebAssembly.Global;
  compactInput(length: number): number;
  arenaPointer(): number;
  arenaLength(): number;
  keepArena(bytes: number): number;
  wideArenaPointer(): number;
  wideArenaLength(): number;
  windowOffset(): number;
  internString(length: number): number;
  internFreeze(): void;
  stringPointer(id: number): number;
  stringLength(id: number): number;
  suppressedErrors(): number;
  // --- whole entries (assembly/entries.ts) ---
  entryNames(urlset: number, url: number, sitemapindex: number, sitemap: number, loc: number, lastmod: number, changefreq: number, priority: number): void;
  collapseEntries(on: number): void;
  stageEntries(on: number): void;
  collapseAlternates(namespace: number, link: number, rel: number, hreflang: number, href: number): void;
  // --- the document's loc set (assembly/loc-set.ts) ---
  locSetScratch(): number;
  locSetAddScratch(length: number): number;
  locSetFindScratch(length: number): number;
  /** The 64-bit identity of the `length` bytes at locSetScratch(), written over their first eight (low word first). */
  identityOfScratch(length: number): void;
  // --- escaper (assembly/escape.ts) ---
  escapeReserve(inputBytes: number): number;
  escapeOutputPointer(): number;
  escapeClearTemplates(): void;
  escapeDefineTemplate(marker: number, inputOffset: number, length: number): number;
  escapeText(length: number, markerBudget: number): number;
  escapeDateMarkers(mask: number): void;
  escapeAttribute(length: number, markerBudget: number): number;
  escapeErrorOffset(): number;
  escapeReplacementCount(): number;
}

/** The ABI version this facade speaks; the core exports its own, and they must match. */
export const EXPECTED_ABI_VERSION = 9;

/** A loaded core plus cached views of its memory (re-taken after memory grows). */
export class Core {
  readonly exports: CoreExports;
  readonly simd: boolean;
  /** Held by a reader (see acquireCore). */
  busy = false;
  /** Not to be used again once given back (memory ran out inside it: its state is not to be trusted). */
  discard = false;
  #buffer: ArrayBuffer | null = null;
  #u8View!: Uint8Array;
  #i32View!: Int32Array;
  #f64View!: Float64Array;

  constructor(instance: WebAssembly.Instance) {
    this.exports = instance.exports as unknown as CoreExports;
    this.simd = (this.exports.SIMD_BUILD.value as number) === 1;
    const abi = this.exports.ABI_VERSION.value as number;
    if (abi !== EXPECTED_ABI_VERSION) {
      throw new SitemapError('INPUT_TYPE', `The WebAssembly core speaks ABI version ${abi}, this sitemapkit expects ${EXPECTED_ABI_VERSION}: hand in the .wasm file shipped with this version of sitemapkit`);
    }
  }

  /** Bytes of linear memory; valid until the next call that may grow memory. */
  get u8(): Uint8Array {
    if (this.#buffer !== this.exports.memory.buffer) this.refresh();
    return this.#u8View;
  }

  /** The same memory as doubles (an Entry's priority). */
  get f64(): Float64Array {
    if (this.#buffer !== this.exports.memory.buffer) this.refresh();
    return this.#f64View;
  }

  /** The same memory as 32-bit words (token records). */
  get i32(): Int32Array {
    if (this.#buffer !== this.exports.memory.buffer) this.refresh();
    return this.#i32View;
  }

  private refresh(): void {
    const buffer = this.exports.memory.buffer;
    this.#buffer = buffer;
    this.#u8View = new Uint8Array(buffer);
    this.#i32View = new Int32Array(buffer);
    this.#f64View = new Float64Array(buffer);
  }
}

/**
 * The printable code's decoder, 137 bytes of WebAssembly written out by hand: in JavaScript the
 * same loop took 3.5-5 ms in a fresh process (interpreted, a table lookup per character). With it
 * the browser entry's whole initSync() takes 4.5 ms, where the JavaScript loop over the binary
 * string it replaced left 5.4 (medians of 21 fresh processes, README "Size"). Memory: [0, 128) the byte of each one-character code, [128, 256) each character's
 * prefix number (0: none, 1 or 2), [256, 384) each character's index in the code, [384, 566) the
 * two-character bytes; the text from 1024. `d(start, end)` decodes in place and returns the length:
 *
 *   (func (export "d") (param $start i32) (param $end i32) (result i32) (local $out i32) (local $i i32) (local $character i32) (local $prefix i32)
 *     (local.set $i (local.tee $out (local.get $start)))
 *     (block (loop
 *       (br_if 1 (i32.ge_u (local.get $i) (local.get $end)))
 *       (i32.store8 (local.get $out)
 *         (if (result i32) (local.tee $prefix (i32.load8_u offset=128 (local.tee $character (i32.load8_u (local.get $i)))))
 *           (then (i32.load8_u offset=293 (i32.add (i32.load8_u offset=256 (i32.load8_u (local.tee $i (i32.add (local.get $i) (i32.const 1)))))
 *                                                  (i32.mul (local.get $prefix) (i32.const 91)))))
 *           (else (i32.load8_u (local.get $character)))))
 *       (local.set $out (i32.add (local.get $out) (i32.const 1)))
 *       (local.set $i (i32.add (local.get $i) (i32.const 1)))
 *       (br 0)))
 *     (i32.sub (local.get $out) (local.get $start)))
 *   (memory (export "m") 1)
 */
const PRINTABLE_DECODER = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x07, 0x01, 0x60, 0x02, 0x7f, 0x7f, 0x01, 0x7f, 0x03, 0x02, 0x01, 0x00,
  0x05, 0x03, 0x01, 0x00, 0x01, 0x07, 0x09, 0x02, 0x01, 0x6d, 0x02, 0x00, 0x01, 0x64, 0x00, 0x00, 0x0a, 0x62, 0x01, 0x60, 0x01,
  0x04, 0x7f, 0x20, 0x00, 0x22, 0x02, 0x21, 0x03, 0x02, 0x40, 0x03, 0x40, 0x20, 0x03, 0x20, 0x01, 0x4f, 0x0d, 0x01, 0x20, 0x02,
  0x20, 0x03, 0x2d, 0x00, 0x00, 0x22, 0x04, 0x2d, 0x00, 0x80, 0x01, 0x22, 0x05, 0x04, 0x7f, 0x20, 0x03, 0x41, 0x01, 0x6a, 0x22,
  0x03, 0x2d, 0x00, 0x00, 0x2d, 0x00, 0x80, 0x02, 0x20, 0x05, 0x41, 0xdb, 0x00, 0x6c, 0x6a, 0x2d, 0x00, 0xa5, 0x02, 0x05, 0x20,
  0x04, 0x2d, 0x00, 0x00, 0x0b, 0x3a, 0x00, 0x00, 0x20, 0x02, 0x41, 0x01, 0x6a, 0x21, 0x02, 0x20, 0x03, 0x41, 0x01, 0x6a, 0x21,
  0x03, 0x0c, 0x00, 0x0b, 0x0b, 0x20, 0x02, 0x20, 0x00, 0x6b, 0x0b,
]);
/** One-character bytes; the code's other two characters (of 91) open a two-character byte. */
const SINGLE_BYTES = 89;
const PRINTABLE_TEXT_START = 1024;

/**
 * A build in the printable code (assembly/printable-code.mjs: 178 hex digits naming the 89
 * one-character bytes, then the bytes) to its bytes.
 *
 * @example
 * const bytes = decodePrintableBuild(text); // a build's bytes: \0asm…
 */
export function decodePrintableBuild(text: string): Uint8Array {
  const decoder = new WebAssembly.Instance(new WebAssembly.Module(PRINTABLE_DECODER)).exports as { m: WebAssembly.Memory; d(start: number, end: number): number };
  const pagesNeeded = Math.ceil((PRINTABLE_TEXT_START + text.length) / 65536);
  if (pagesNeeded > 1) decoder.m.grow(pagesNeeded - 1);
  const memory = new Uint8Array(decoder.m.buffer);
  const characterOfCode: number[] = [];
  for (let character = 0x20; character < 0x7f; character++) {
    if (character === 0x22 || character === 0x27 || character === 0x5c || character === 0x60) continue; // " ' \ `
    memory[256 + character] = characterOfCode.length;
    if (characterOfCode.length >= SINGLE_BYTES) memory[128 + character] = characterOfCode.length - SINGLE_BYTES + 1;
    characterOfCode.push(character);
  }
  const isSingle = new Uint8Array(256);
  for (let rank = 0; rank < SINGLE_BYTES; rank++) {
    const byte = parseInt(text.slice(2 * rank, 2 * rank + 2), 16);
    memory[characterOfCode[rank]!] = byte;
    isSingle[byte] = 1;
  }
  for (let byte = 0, rank = 0; byte < 256; byte++) if (isSingle[byte] === 0) memory[384 + rank++] = byte;
  const { written } = new TextEncoder().encodeInto(text, memory.subarray(PRINTABLE_TEXT_START));
  const start = PRINTABLE_TEXT_START + 2 * SINGLE_BYTES;
  return memory.slice(start, start + decoder.d(start, PRINTABLE_TEXT_START + written));
}

/**
 * A module of one function that returns a `v128.const`: valid only where the runtime has
 * WebAssembly SIMD. Validating it takes microseconds, where validating the SIMD build itself (to
 * learn the same) took 0.4-1 ms of a fresh process's start-up.
 */
const SIMD_PROBE = new Uint8Array([
  0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, 0x01, 0x05, 0x01, 0x60, 0x00, 0x01, 0x7b, 0x03, 0x02, 0x01, 0x00,
  0x0a, 0x16, 0x01, 0x14, 0x00, 0xfd, 0x0c, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0x0b,
]);
let simdRuns: boolean | undefined;

function runsSimd(): boolean {
  return (simdRuns ??= WebAssembly.validate(SIMD_PROBE));
}

/** The SIMD build's bytes, decoded once (a compiled module where the edge entry hands one in). */
let simdBytes: Uint8Array | WebAssembly.Module | undefined;

function simdBuild(): Uint8Array | WebAssembly.Module {
  if (simdBytes) return simdBytes;
  const simd = simdBinary();
  return (simdBytes = typeof simd === 'string' ? decodePrintableBuild(simd) : simd);
}

let compiled: WebAssembly.Module | undefined;
let core: Core | undefined;
/** Idle instances for readers that run at the same time (each tokenizer holds one document). */
const idle: Core[] = [];
const MAX_IDLE = 4;
/**
 * An instance whose memory grew past this is not kept once its document is done: WebAssembly
 * memory never shrinks, so dropping the instance is the only way to hand the memory back. A core
 * starts at 18 MiB; a huge document (the input window, the loc set of validate()) grows it, e.g.
 * to 72 MiB for validate() of a 50 MB sitemap.
 */
const MAX_KEPT_MEMORY_BYTES = 64 * 1024 * 1024;

/** The scalar build once init() has loaded it (or a test has), for runtimes without SIMD. */
let scalarBytes: Uint8Array | undefined;

/**
 * The embedded build this runtime can run, compiled synchronously: SIMD if `WebAssembly.validate`
 * accepts it, else the scalar build, which only init() can load (it sits in a chunk of its own).
 */
function compileEmbeddedSync(): WebAssembly.Module {
  const simd = simdBuild();
  if (simd instanceof WebAssembly.Module) return simd;
  if (runsSimd()) return new WebAssembly.Module(simd as BufferSource);
  if (scalarBytes) return new WebAssembly.Module(scalarBytes as BufferSource);
  throw new SitemapError('INPUT_TYPE', 'This runtime has no WebAssembly SIMD, and the core built without it loads asynchronously: `await init()` once before the first call (or hand initSync() the bytes of sitemapkit.scalar.wasm)');
}

/** The embedded build this runtime can run, compiled asynchronously, loading the scalar build if needed. */
async function compileEmbedded(): Promise<WebAssembly.Module> {
  const simd = simdBuild();
  if (simd instanceof WebAssembly.Module) return simd;
  if (runsSimd()) return WebAssembly.compile(simd as BufferSource);
  return WebAssembly.compile(await loadScalarBinary() as BufferSource);
}

async function loadScalarBinary(): Promise<Uint8Array> {
  if (scalarBytes) return scalarBytes;
  const scalar = await scalarBinary();
  if (scalar instanceof WebAssembly.Module) throw new SitemapError('INPUT_TYPE', 'The scalar build came compiled; expected its bytes');
  return (scalarBytes = typeof scalar === 'string' ? decodePrintableBuild(scalar) : scalar);
}

/**
 * A compiled WebAssembly module, named without the `WebAssembly` namespace: TypeScript declares
 * that namespace only in its DOM lib, and the published types must also check in a Node project
 * without "DOM". Where the namespace exists this is `WebAssembly.Module`; elsewhere, an object.
 */
type CompiledModule = typeof globalThis extends { WebAssembly: { Module: { prototype: infer Module } } } ? Module : object;

/** A core as init()/initSync() take it: compiled, or the bytes of a shipped .wasm file. */
type ModuleSource = CompiledModule | ArrayBuffer | ArrayBufferView;

/** What init() also takes: the `fetch()` of a shipped .wasm file, or a promise of any of these. */
type AsyncModuleSource = ModuleSource | Response | Promise<ModuleSource | Response>;

/** What a caller should have handed in, for the messages of refusals. */
const EXPECTED_SOURCE = "sitemapkit's WebAssembly core: a WebAssembly.Module compiled from sitemapkit.simd.wasm or sitemapkit.scalar.wasm, or the bytes of one of those files";

/**
 * Exports that identify the core (assembly/index.ts), checked before a module handed in is
 * instantiated: any other module would fail later at `exports.ABI_VERSION.value`, far from the
 * call that handed it in. The ABI version (Core's constructor) then vouches for the functions.
 */
const IDENTIFYING_EXPORTS: readonly (readonly [string, WebAssembly.ImportExportKind])[] = [
  ['memory', 'memory'],
  ['ABI_VERSION', 'global'],
  ['SIMD_BUILD', 'global'],
];

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (typeof value !== 'object') return typeof value;
  return (value as object).constructor?.name ?? 'object';
}

function isBytes(value: unknown): value is ArrayBuffer | ArrayBufferView {
  if (ArrayBuffer.isView(value)) return true;
  // By tag, not instanceof: bytes from another realm (a vm context, an iframe) are bytes too.
  const tag = Object.prototype.toString.call(value);
  return tag === '[object ArrayBuffer]' || tag === '[object SharedArrayBuffer]';
}

/** A fetch Response, this runtime's or a look-alike (node-fetch, undici's own package). */
function isResponse(value: unknown): value is Response {
  return typeof value === 'object' && value !== null && typeof (value as Response).arrayBuffer === 'function'
    && typeof (value as Response).headers?.get === 'function' && typeof (value as Response).status === 'number';
}

/** Refuses a module that is not the core, before anything keeps it. */
function checkCoreModule(module: WebAssembly.Module, caller: string): void {
  const exported = new Map(WebAssembly.Module.exports(module).map(({ name, kind }) => [name, kind]));
  const missing = IDENTIFYING_EXPORTS.filter(([name, kind]) => exported.get(name) !== kind).map(([name, kind]) => `${name} (${kind})`);
  const imports = WebAssembly.Module.imports(module);
  if (missing.length === 0 && imports.length === 0) return;
  const found = imports.length > 0 ? `it imports ${imports.map((entry) => `${entry.module}.${entry.name}`).slice(0, 5).join(', ')}` : `it lacks the exports ${missing.join(', ')}`;
  throw new SitemapError('INPUT_TYPE', `${caller} expects ${EXPECTED_SOURCE}; the WebAssembly module it got is not that core (${found})`);
}

function compileSync(bytes: ArrayBuffer | ArrayBufferView, caller: string): WebAssembly.Module {
  try {
    return new WebAssembly.Module(bytes as BufferSource);
  } catch (cause) {
    throw notCompiled(cause, caller, bytes);
  }
}

async function compile(bytes: ArrayBuffer | ArrayBufferView, caller: string): Promise<WebAssembly.Module> {
  try {
    return await WebAssembly.compile(bytes as BufferSource);
  } catch (cause) {
    throw notCompiled(cause, caller, bytes);
  }
}

function notCompiled(cause: unknown, caller: string, bytes?: ArrayBuffer | ArrayBufferView): SitemapError {
  // Bytes that validate are a module the runtime refused to compile (a Content Security Policy), not bad input.
  if (bytes && WebAssembly.validate(bytes as BufferSource)) return coreError(cause);
  const reason = cause instanceof Error ? cause.message : String(cause);
  return new SitemapError('INPUT_TYPE', `${caller} expects ${EXPECTED_SOURCE}; the bytes it got are not a WebAssembly module (${reason})`, { cause });
}

/**
 * The runtime's refusal to compile or start the core, as a SitemapError that says what to do; a
 * SitemapError already (the ABI check's, a refused source's) passes as it is. Without it the first
 * parse threw the runtime's own CompileError ("Wasm code generation disallowed by embedder" in
 * workerd, a Content Security Policy's refusal in a page) or ReferenceError (no WebAssembly at
 * all), which named neither sitemapkit nor a way out.
 */
function coreError(cause: unknown): SitemapError {
  if (cause instanceof SitemapError) return cause;
  // No WebAssembly at all (node --jitless, iOS Lockdown Mode, a browser with it turned off): no
  // policy or condition helps there, so none is suggested.
  const remedy = typeof WebAssembly === 'undefined'
    ? 'this runtime has WebAssembly turned off (node --jitless, iOS Lockdown Mode, a browser setting), and sitemapkit needs it'
    : "allow 'wasm-unsafe-eval' in the Content-Security-Policy; Workers and edge runtimes need the workerd or edge-light condition, or init() with the compiled .wasm";
  return new SitemapError('CORE_UNAVAILABLE', `sitemapkit's WebAssembly core cannot run here (${cause}): ${remedy}`, { cause });
}

/**
 * Compiles the body of a fetched .wasm file. `WebAssembly.compileStreaming` compiles while the
 * bytes arrive, but only from this runtime's own Response and only with the exact Content-Type
 * `application/wasm` (WebAssembly Web API §3, no parameters); it rejects anything else after it
 * has taken the body, so other responses (`application/octet-stream` is common) are read whole.
 */
async function compileResponse(response: Response): Promise<WebAssembly.Module> {
  const from = response.url ? ` from ${response.url}` : '';
  if (!response.ok) {
    throw new SitemapError('INPUT_TYPE', `init expects a successful response with sitemapkit.simd.wasm or sitemapkit.scalar.wasm, got HTTP status ${response.status}${from}`);
  }
  if (response.bodyUsed) throw new SitemapError('INPUT_TYPE', `init got a response${from} whose body was already read; hand in a fresh fetch() of the .wasm file`);
  const streams = typeof WebAssembly.compileStreaming === 'function' && typeof Response === 'function' && response instanceof Response
    && response.headers.get('Content-Type')?.trim().toLowerCase() === 'application/wasm';
  if (!streams) return compile(await response.arrayBuffer(), 'init');
  // A copy of the body, to tell a refusal (a Content Security Policy) from bytes that are no module
  // once the stream is spent: 33 KB held until the compile ends.
  const copy = response.clone();
  try {
    const module = await WebAssembly.compileStreaming(response);
    void copy.body?.cancel();
    return module;
  } catch (cause) {
    throw notCompiled(cause, 'init', new Uint8Array(await copy.arrayBuffer()));
  }
}

/** A module from what initSync() was handed, refusing what it cannot take. */
function toModuleSync(source: unknown): WebAssembly.Module {
  if (source instanceof WebAssembly.Module) return source;
  if (isBytes(source)) return compileSync(source, 'initSync');
  if (isResponse(source)) throw new SitemapError('INPUT_TYPE', 'initSync cannot read a Response (its body arrives asynchronously): pass it to init() instead, or hand initSync a compiled WebAssembly.Module or the bytes');
  throw new SitemapError('INPUT_TYPE', `initSync expects ${EXPECTED_SOURCE}, got ${describe(source)}`);
}

/** A module from what init() was handed (already awaited), refusing what it cannot take. */
async function toModule(source: unknown): Promise<WebAssembly.Module> {
  if (source instanceof WebAssembly.Module) return source;
  if (isBytes(source)) return compile(source, 'init');
  if (isResponse(source)) return compileResponse(source);
  throw new SitemapError('INPUT_TYPE', `init expects ${EXPECTED_SOURCE}, a Response of fetch() for one of those files, or a promise of any of these; got ${describe(source)}`);
}

/** Makes `module` the one every later parse uses, once it has proved to be the core. */
function adopt(module: WebAssembly.Module, instance: WebAssembly.Instance): void {
  const loaded = new Core(instance); // checks the ABI version; throws before anything is kept
  compiled = module;
  core = loaded;
  idle.length = 0;
}

/**
 * Loads the WebAssembly core synchronously. Called for you on first use; call it yourself to
 * pay the start-up cost at a time of your choosing. Pass a precompiled `WebAssembly.Module`
 * (or the bytes of `sitemapkit.simd.wasm`/`sitemapkit.scalar.wasm`) where compiling embedded
 * bytes is not allowed. Anything else throws `SitemapError` (`INPUT_TYPE`) and leaves the core
 * that was loaded before in place; a runtime that cannot compile or run the core at all throws
 * `SitemapError` (`CORE_UNAVAILABLE`, the runtime's error as its `cause`).
 *
 * @example
 * import { initSync, parse } from 'sitemapkit';
 * initSync();
 */
export function initSync(source?: ModuleSource): void {
  if (core && source === undefined) return;
  try {
    const module = source === undefined ? compileEmbeddedSync() : toModuleSync(source);
    if (source !== undefined) checkCoreModule(module, 'initSync');
    adopt(module, new WebAssembly.Instance(module, {}));
  } catch (cause) {
    throw coreError(cause);
  }
}

/**
 * Loads the WebAssembly core asynchronously (preferred on browser main threads).
 * Accepts a precompiled `WebAssembly.Module` for Cloudflare Workers and strict-CSP pages, the
 * bytes of a shipped .wasm file, or the `fetch()` of one (compiled as it streams in when served
 * as `application/wasm`), or a promise of any of these. Anything else rejects with
 * `SitemapError` (`INPUT_TYPE`) and leaves the core that was loaded before in place; a runtime
 * that cannot compile or run the core at all rejects with `CORE_UNAVAILABLE`.
 *
 * @example
 * import { init, parse } from 'sitemapkit';
 * await init();
 * await init(fetch('/assets/sitemapkit.simd.wasm'));
 */
export async function init(source?: AsyncModuleSource): Promise<void> {
  const resolved: unknown = await source;
  if (core && resolved === undefined) return;
  try {
    const module = resolved === undefined ? await compileEmbedded() : await toModule(resolved);
    if (resolved !== undefined) checkCoreModule(module, 'init');
    adopt(module, await WebAssembly.instantiate(module, {}));
  } catch (cause) {
    throw coreError(cause);
  }
}

/** The loaded core, loading it synchronously on first use. */
export function getCore(): Core {
  if (!core) {
    if (compiled) core = new Core(new WebAssembly.Instance(compiled, {})); // the last one was dropped (releaseCore)
    else {
      // Not through initSync(): its checks of what users hand in would then come with every
      // bundle, where an app that never calls init/initSync lets the bundler drop them.
      try {
        const module = compileEmbeddedSync();
        adopt(module, new WebAssembly.Instance(module, {}));
      } catch (cause) {
        throw coreError(cause);
      }
    }
  }
  return core!;
}

/** An instance for one document's reading: the shared one if idle, else a pooled or new one. */
export function acquireCore(): Core {
  const shared = getCore();
  if (!shared.busy) {
    shared.busy = true;
    return shared;
  }
  const pooled = idle.pop() ?? new Core(new WebAssembly.Instance(compiled!, {}));
  pooled.busy = true;
  return pooled;
}

/** The largest linear memory of an instance when it was given back (memoryStatsForTesting). */
let largestReleasedMemoryBytes = 0;

/** Returns an instance taken with acquireCore. */
export function releaseCore(instance: Core): void {
  instance.busy = false;
  largestReleasedMemoryBytes = Math.max(largestReleasedMemoryBytes, instance.exports.memory.buffer.byteLength);
  if (instance.discard || instance.exports.memory.buffer.byteLength > MAX_KEPT_MEMORY_BYTES) {
    if (instance === core) core = undefined; // getCore makes a fresh one
    return;
  }
  if (instance !== core && idle.length < MAX_IDLE) idle.push(instance);
}

/**
 * Test hook: loads the scalar build's bytes so that loadBuildForTesting('scalar') can compile it
 * synchronously (test/setup-core-builds.ts calls it before every test file). Not public API.
 */
export async function prepareBuildsForTesting(): Promise<void> {
  await loadScalarBinary();
}

/** Test hook: load a specific embedded build ('simd' | 'scalar'). Not part of the public API. */
export function loadBuildForTesting(build: 'simd' | 'scalar'): Core {
  const simd = simdBuild();
  if (build === 'scalar' && !scalarBytes) throw new SitemapError('INPUT_INVALID_OPTION', 'loadBuildForTesting: await prepareBuildsForTesting() first (test/setup-core-builds.ts)');
  compiled = build === 'simd' ? (simd instanceof WebAssembly.Module ? simd : new WebAssembly.Module(simd as BufferSource)) : new WebAssembly.Module(scalarBytes as BufferSource);
  core = new Core(new WebAssembly.Instance(compiled, {}));
  idle.length = 0;
  return core;
}

/**
 * Test hook, not part of the public API: the linear memory of the largest instance given back
 * since the last call (which starts the count again), and of every instance kept (the shared one
 * and the idle ones) now, so tests can check that memory is bounded by the input and given back.
 */
export function memoryStatsForTesting(): { largestReleasedBytes: number; keptBytes: number[] } {
  const largestReleasedBytes = largestReleasedMemoryBytes;
  largestReleasedMemoryBytes = 0;
  const kept = core === undefined ? idle : [core, ...idle];
  return { largestReleasedBytes, keptBytes: kept.map((instance) => instance.exports.memory.buffer.byteLength) };
}
