// The printable code the package embeds its core's builds in (assembly/printable-code.mjs encodes,
// src/core/core-binary.ts decodes): any bytes come back as they went in, the generated modules are
// exactly the shipped .wasm files, and a bundler prints the code as it is (the reason for it:
// issue #20 §3's size). Node-only: reads the build and runs esbuild.

import { readFile } from 'node:fs/promises';
import { build } from 'esbuild';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { encodePrintable } from '../assembly/printable-code.mjs';
import { decodePrintableBuild } from '../src/core/wasm';
import { wasmScalarPrintable } from '../src/core/wasm-scalar.generated';
import { wasmSimdPrintable } from '../src/core/wasm-simd.generated';

/** The 91 characters of the code: printable ASCII but " ' ` and \. */
const CODE_CHARACTERS = /^[ !#-&(-[\]-_a-~]*$/;

describe('the printable code of the embedded core', () => {
  it('gives back any bytes: every byte value, skewed and uniform counts, empty', () => {
    const everyByte = Uint8Array.from({ length: 256 * 3 }, (_, index) => (index * 7) % 256);
    // Longer than the decoder's first page of memory (64 KiB, the text from 1 KiB): it grows.
    const larger = Uint8Array.from({ length: 150_000 }, (_, index) => (index * 2654435761) >>> 24);
    for (const bytes of [new Uint8Array(0), new Uint8Array([0]), new Uint8Array(1000), everyByte, larger]) {
      expect(decodePrintableBuild(encodePrintable(bytes))).toEqual(bytes);
    }
    fc.assert(fc.property(
      fc.oneof(fc.uint8Array({ maxLength: 2000 }), fc.array(fc.constantFrom(0, 1, 0x41, 0x7f, 0x80, 0xff), { maxLength: 500 }).map((values) => Uint8Array.from(values))),
      (bytes) => {
        const text = encodePrintable(bytes);
        expect(text).toMatch(CODE_CHARACTERS);
        expect(decodePrintableBuild(text)).toEqual(bytes);
      },
    ), { numRuns: 300 });
  });

  it('the generated modules are the shipped .wasm files, byte for byte', async () => {
    for (const [printable, file] of [[wasmSimdPrintable, 'simd'], [wasmScalarPrintable, 'scalar']] as const) {
      const shipped = new Uint8Array(await readFile(new URL(`../dist/sitemapkit.${file}.wasm`, import.meta.url)));
      expect(printable).toMatch(CODE_CHARACTERS);
      expect(decodePrintableBuild(printable), file).toEqual(shipped);
    }
  });

  it('a bundler prints it as it is (no escapes): esbuild, minified, default charset', async () => {
    const result = await build({
      stdin: { contents: `export const core = '${wasmSimdPrintable}';`, loader: 'js' },
      bundle: true, minify: true, format: 'esm', write: false, logLevel: 'silent',
    });
    const output = result.outputFiles[0]!.text;
    expect(output).toMatch(new RegExp(`["']${wasmSimdPrintable.slice(0, 40)}`));
    expect(output).toContain(wasmSimdPrintable);
    expect(output.length).toBeLessThan(wasmSimdPrintable.length + 40);
  });
});
