// The one module that touches WebAssembly: loads the core (SIMD build where the runtime
// validates it, scalar elsewhere), owns the instance and hands out fresh memory views.

import { wasmScalarBase64, wasmSimdBase64 } from './wasm-binary.generated';

/** The core's exports (assembly/index.ts). Only numbers cross; pointers are byte offsets. */
export interface CoreExports {
  readonly memory: WebAssembly.Memory;
  readonly ABI_VERSION: WebAssembly.Global;
  /** 1 in the build compiled with WebAssembly SIMD, 0 in the scalar one. */
  readonly SIMD_BUILD: WebAssembly.Global;
  // --- tokenizer (assembly/tokenizer.ts) ---
  tokenizerReset(flags: number): void;
  watchText(local: number): void;
  reserveInput(bytes: number): number;
  inputPointer(): number;
  inputCapacity(): number;
  tokenize(length: number, final: number): number;
  tokenCount(): number;
  tokensPointer(): number;
  consumed(): number;
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
  // --- escaper (assembly/escape.ts) ---
  escapeReserve(inputBytes: number): number;
  escapeInputPointer(): number;
  escapeOutputPointer(): number;
  escapeClearTemplates(): void;
  escapeDefineTemplate(marker: number, inputOffset: number, length: number): number;
  escapeText(length: number, markerBudget: number): number;
  escapeAttribute(length: number, markerBudget: number): number;
  escapeErrorOffset(): number;
  escapeReplacementCount(): number;
}

/** The ABI version this facade speaks; the core exports its own, and they must match. */
export const EXPECTED_ABI_VERSION = 6;

/** A loaded core plus cached views of its memory (re-taken after memory grows). */
export class Core {
  readonly exports: CoreExports;
  readonly simd: boolean;
  /** Held by a reader (see acquireCore). */
  busy = false;
  private buffer: ArrayBuffer | null = null;
  private u8View!: Uint8Array;
  private i32View!: Int32Array;
  private f64View!: Float64Array;

  constructor(instance: WebAssembly.Instance) {
    this.exports = instance.exports as unknown as CoreExports;
    this.simd = (this.exports.SIMD_BUILD.value as number) === 1;
    const abi = this.exports.ABI_VERSION.value as number;
    if (abi !== EXPECTED_ABI_VERSION) throw new Error(`sitemapkit: WASM core ABI ${abi}, facade expects ${EXPECTED_ABI_VERSION}`);
  }

  /** Bytes of linear memory; valid until the next call that may grow memory. */
  get u8(): Uint8Array {
    if (this.buffer !== this.exports.memory.buffer) this.refresh();
    return this.u8View;
  }

  /** The same memory as doubles (an Entry's priority). */
  get f64(): Float64Array {
    if (this.buffer !== this.exports.memory.buffer) this.refresh();
    return this.f64View;
  }

  /** The same memory as 32-bit words (token records). */
  get i32(): Int32Array {
    if (this.buffer !== this.exports.memory.buffer) this.refresh();
    return this.i32View;
  }

  private refresh(): void {
    const buffer = this.exports.memory.buffer;
    this.buffer = buffer;
    this.u8View = new Uint8Array(buffer);
    this.i32View = new Int32Array(buffer);
    this.f64View = new Float64Array(buffer);
  }
}

let compiled: WebAssembly.Module | undefined;
let core: Core | undefined;
let simdBytes: Uint8Array | undefined;
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

function decodeBase64(base64: string): Uint8Array {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** The embedded binary this runtime can run: SIMD if `WebAssembly.validate` accepts it. */
function embeddedBinary(): Uint8Array {
  simdBytes ??= decodeBase64(wasmSimdBase64);
  return WebAssembly.validate(simdBytes as BufferSource) ? simdBytes : decodeBase64(wasmScalarBase64);
}

type ModuleSource = WebAssembly.Module | ArrayBuffer | ArrayBufferView;

function toModuleSync(source: ModuleSource): WebAssembly.Module {
  return source instanceof WebAssembly.Module ? source : new WebAssembly.Module(source as BufferSource);
}

/**
 * Loads the WebAssembly core synchronously. Called for you on first use; call it yourself to
 * pay the start-up cost at a time of your choosing. Pass a precompiled `WebAssembly.Module`
 * (or the bytes of `sitemapkit.simd.wasm`/`sitemapkit.scalar.wasm`) where compiling embedded
 * bytes is not allowed.
 *
 * @example
 * import { initSync, parse } from 'sitemapkit';
 * initSync();
 */
export function initSync(source?: ModuleSource): void {
  if (core && source === undefined) return;
  compiled = toModuleSync(source ?? embeddedBinary());
  core = new Core(new WebAssembly.Instance(compiled, {}));
  idle.length = 0;
}

/**
 * Loads the WebAssembly core asynchronously (preferred on browser main threads).
 * Accepts a precompiled `WebAssembly.Module` for Cloudflare Workers and strict-CSP pages.
 *
 * @example
 * import { init, parse } from 'sitemapkit';
 * await init();
 */
export async function init(source?: ModuleSource | Promise<ModuleSource>): Promise<void> {
  const resolved = await source;
  if (core && resolved === undefined) return;
  const bytesOrModule = resolved ?? embeddedBinary();
  compiled = bytesOrModule instanceof WebAssembly.Module ? bytesOrModule : await WebAssembly.compile(bytesOrModule as BufferSource);
  core = new Core(await WebAssembly.instantiate(compiled, {}));
  idle.length = 0;
}

/** The loaded core, loading it synchronously on first use. */
export function getCore(): Core {
  if (!core) {
    if (compiled) core = new Core(new WebAssembly.Instance(compiled, {})); // the last one was dropped (releaseCore)
    else initSync();
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

/** Returns an instance taken with acquireCore. */
export function releaseCore(instance: Core): void {
  instance.busy = false;
  if (instance.exports.memory.buffer.byteLength > MAX_KEPT_MEMORY_BYTES) {
    if (instance === core) core = undefined; // getCore makes a fresh one
    return;
  }
  if (instance !== core && idle.length < MAX_IDLE) idle.push(instance);
}

/** Test hook: load a specific embedded build ('simd' | 'scalar'). Not part of the public API. */
export function loadBuildForTesting(build: 'simd' | 'scalar'): Core {
  const bytes = build === 'simd' ? (simdBytes ??= decodeBase64(wasmSimdBase64)) : decodeBase64(wasmScalarBase64);
  compiled = new WebAssembly.Module(bytes as BufferSource);
  core = new Core(new WebAssembly.Instance(compiled, {}));
  idle.length = 0;
  return core;
}
