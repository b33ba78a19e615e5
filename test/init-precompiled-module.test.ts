// init() and initSync() with what users hand in (README "Handing in a precompiled module"): the
// core as a module, as bytes, as a fetch() Response (streamed when served as application/wasm),
// and things that are not the core, which must be refused with SitemapError and leave the
// library working. Shared by both projects: no Node built-ins. The tests run in order and share
// the module's one core; the first one runs before anything has loaded a core.

import { describe, expect, it, vi } from 'vitest';
import { SitemapError } from '../src/model/errors';
import { parse } from '../src/index';
import { wasmScalarPrintable } from '../src/core/wasm-scalar.generated';
import { wasmSimdPrintable } from '../src/core/wasm-simd.generated';
import { decodePrintableBuild, getCore, init, initSync } from '../src/core/wasm';
import { thrownBy } from './fixtures';

const xml = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>';

/** A build's bytes from its generated module (the printable code of assembly/printable-code.mjs), in an ArrayBuffer of their own. */
const decodeBuild = (text: string): Uint8Array<ArrayBuffer> => Uint8Array.from(decodePrintableBuild(text));

const scalarBytes = decodeBuild(wasmScalarPrintable);
const simdBytes = decodeBuild(wasmSimdPrintable);
const simdRuns = WebAssembly.validate(simdBytes);

// --- Hand-made modules that are not the core (WebAssembly binary format, core spec §5.5) ---

function wasmName(text: string): number[] {
  return [text.length, ...Array.from(text, (char) => char.charCodeAt(0))];
}

/** A module from its sections (id, contents), each shorter than 128 bytes. */
function wasmModule(...sections: [id: number, contents: number[]][]): Uint8Array<ArrayBuffer> {
  return new Uint8Array([0x00, 0x61, 0x73, 0x6d, 0x01, 0x00, 0x00, 0x00, ...sections.flatMap(([id, contents]) => [id, contents.length, ...contents])]);
}

const I32 = 0x7f, I32_CONST = 0x41, END = 0x0b, EXPORT_MEMORY = 0x02, EXPORT_GLOBAL = 0x03;

/** Any other WebAssembly module: no imports, no exports. */
const emptyModule = wasmModule();
/** A module that needs an import (`env.log`), so it cannot even be instantiated with none. */
const importingModule = wasmModule([1, [1, 0x60, 0, 0]], [2, [1, ...wasmName('env'), ...wasmName('log'), 0x00, 0]]);
/** Looks like the core (memory, ABI_VERSION, SIMD_BUILD) but speaks ABI version 5. */
const oldCoreModule = wasmModule(
  [5, [1, 0x00, 1]],
  [6, [2, I32, 0, I32_CONST, 5, END, I32, 0, I32_CONST, 0, END]],
  [7, [3, ...wasmName('memory'), EXPORT_MEMORY, 0, ...wasmName('ABI_VERSION'), EXPORT_GLOBAL, 0, ...wasmName('SIMD_BUILD'), EXPORT_GLOBAL, 1]],
);

async function rejectionOf(promise: Promise<unknown>): Promise<SitemapError> {
  const outcome = await promise.then(() => undefined, (error: unknown) => error);
  expect(outcome).toBeInstanceOf(SitemapError);
  return outcome as SitemapError;
}

function urlCount(): number {
  const result = parse(xml);
  return result.kind === 'urlset' ? result.urls.length : -1;
}

describe('a module that is not the core', () => {
  it('is refused by initSync before any core was loaded, and the first parse still loads the embedded core', () => {
    const error = thrownBy(() => initSync(new WebAssembly.Module(emptyModule)));
    expect(error.code).toBe('INPUT_TYPE');
    expect(error.message).toMatch(/initSync expects sitemapkit's WebAssembly core: a WebAssembly\.Module compiled from sitemapkit\.simd\.wasm or sitemapkit\.scalar\.wasm/);
    expect(error.message).toMatch(/lacks the exports memory \(memory\), ABI_VERSION \(global\), SIMD_BUILD \(global\)/);
    expect(urlCount()).toBe(1);
    expect(getCore().simd).toBe(simdRuns);
  });

  it('is refused by initSync, as a module or as bytes, and the loaded core stays', () => {
    initSync(new WebAssembly.Module(scalarBytes));
    const before = getCore();
    for (const source of [new WebAssembly.Module(emptyModule), emptyModule, emptyModule.buffer, new WebAssembly.Module(importingModule)]) {
      const error = thrownBy(() => initSync(source));
      expect(error.code).toBe('INPUT_TYPE');
      expect(error.message).toMatch(/sitemapkit\.simd\.wasm or sitemapkit\.scalar\.wasm/);
      expect(getCore()).toBe(before);
      expect(urlCount()).toBe(1);
    }
    expect(thrownBy(() => initSync(new WebAssembly.Module(importingModule))).message).toMatch(/it imports env\.log/);
  });

  it('is refused by init, and a later init with the core adopts it', async () => {
    for (const source of [new WebAssembly.Module(emptyModule), Promise.resolve(new WebAssembly.Module(importingModule)), emptyModule]) {
      const error = await rejectionOf(init(source));
      expect(error.code).toBe('INPUT_TYPE');
      expect(error.message).toMatch(/^init expects sitemapkit's WebAssembly core/);
      expect(urlCount()).toBe(1);
    }
    await init(WebAssembly.compile(scalarBytes));
    expect(getCore().simd).toBe(false);
    expect(urlCount()).toBe(1);
  });

  it('is refused when it speaks another ABI version', async () => {
    const before = getCore();
    const error = thrownBy(() => initSync(new WebAssembly.Module(oldCoreModule)));
    expect(error.code).toBe('INPUT_TYPE');
    expect(error.message).toMatch(/ABI version 5, this sitemapkit expects \d+: hand in the \.wasm file shipped with this version/);
    expect((await rejectionOf(init(oldCoreModule))).message).toMatch(/ABI version 5/);
    expect(getCore()).toBe(before);
    expect(urlCount()).toBe(1);
  });

  it('refuses bytes that are not WebAssembly and values that are neither bytes nor a module', async () => {
    const notWasm = new TextEncoder().encode('<html>404</html>');
    expect(thrownBy(() => initSync(notWasm)).message).toMatch(/initSync expects .*; the bytes it got are not a WebAssembly module/);
    expect((await rejectionOf(init(notWasm))).message).toMatch(/init expects .*; the bytes it got are not a WebAssembly module/);
    expect(thrownBy(() => initSync('sitemapkit.simd.wasm' as never)).message).toMatch(/initSync expects .*, got string$/);
    expect((await rejectionOf(init({} as never))).message).toMatch(/init expects .*a Response of fetch\(\).*; got Object$/);
    expect(urlCount()).toBe(1);
  });
});

describe('a fetch() Response of the .wasm file', () => {
  it('is compiled as it streams in when served as application/wasm', async () => {
    initSync(new WebAssembly.Module(simdRuns ? simdBytes : scalarBytes));
    const streaming = vi.spyOn(WebAssembly, 'compileStreaming');
    try {
      await init(new Response(scalarBytes, { headers: { 'Content-Type': 'application/wasm' } }));
      expect(streaming).toHaveBeenCalledTimes(1);
    } finally {
      streaming.mockRestore();
    }
    expect(getCore().simd).toBe(false);
    expect(urlCount()).toBe(1);
  });

  it('is read whole when served with another Content-Type, as a promise too (what fetch() returns)', async () => {
    const streaming = vi.spyOn(WebAssembly, 'compileStreaming');
    try {
      for (const type of ['application/octet-stream', 'application/wasm; charset=binary', '']) {
        initSync(new WebAssembly.Module(simdRuns ? simdBytes : scalarBytes));
        await init(Promise.resolve(new Response(scalarBytes, { headers: type ? { 'Content-Type': type } : {} })));
        expect(getCore().simd, type).toBe(false);
        expect(urlCount()).toBe(1);
      }
      // compileStreaming would have refused these types after taking the body.
      expect(streaming).not.toHaveBeenCalled();
    } finally {
      streaming.mockRestore();
    }
  });

  it('is refused with what to pass when it is an error, read already, or another module', async () => {
    const before = getCore();
    const notFound = await rejectionOf(init(new Response('not found', { status: 404 })));
    expect(notFound.code).toBe('INPUT_TYPE');
    expect(notFound.message).toMatch(/init expects a successful response with sitemapkit\.simd\.wasm or sitemapkit\.scalar\.wasm, got HTTP status 404/);
    const read = new Response(scalarBytes, { headers: { 'Content-Type': 'application/wasm' } });
    await read.arrayBuffer();
    expect((await rejectionOf(init(read))).message).toMatch(/whose body was already read/);
    for (const type of ['application/wasm', 'application/octet-stream']) {
      const foreign = await rejectionOf(init(new Response(emptyModule, { headers: { 'Content-Type': type } })));
      expect(foreign.message, type).toMatch(/the WebAssembly module it got is not that core/);
      const garbage = await rejectionOf(init(new Response('<html>', { headers: { 'Content-Type': type } })));
      expect(garbage.message, type).toMatch(/the bytes it got are not a WebAssembly module/);
    }
    expect(getCore()).toBe(before);
    expect(urlCount()).toBe(1);
  });

  it('is refused by initSync, which points to init', () => {
    const error = thrownBy(() => initSync(new Response(scalarBytes) as never));
    expect(error.code).toBe('INPUT_TYPE');
    expect(error.message).toMatch(/initSync cannot read a Response .*pass it to init\(\) instead/);
  });
});
