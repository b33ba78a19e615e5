// Smoke test of the packed package in Node, as users get it from npm: the tarball's contents,
// `import` from ESM, `require` from CJS, the `sitemapkit/node` subpath, the shipped .wasm files
// handed to init/initSync (ESM: SIMD build, CJS: scalar build), and the published
// types under TypeScript's node16 resolution (both .mts and .cts, so .d.cts must exist) and under
// node10 resolution, which knows no "exports" (`sitemapkit/node` through "typesVersions").

import { execFile } from 'node:child_process';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPackedPackage, repositoryRoot, runNodeProgram, smokeSitemap, type InstalledPackage } from './packed-package';

const run = promisify(execFile);

/** What each consumer program prints. */
interface ProgramReport {
  resolved: string;
  kind: string;
  urlCount: number;
  locs: string[];
  gzipUrlCount: number;
  strictErrorIsSitemapError: boolean;
  strictErrorCode: unknown;
  nodeSubpathExports: string[];
  precompiledUrlCount: number;
}

const esmProgram = `
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { init, parse, SitemapError } from 'sitemapkit';
import * as nodeHelpers from 'sitemapkit/node';

const xml = readFileSync('smoke-sitemap.xml', 'utf8');
const result = parse(xml);
// What a strict-CSP page or a Cloudflare Worker does: hand in a module compiled from the shipped file.
const wasmBytes = readFileSync(fileURLToPath(import.meta.resolve('sitemapkit/sitemapkit.simd.wasm')));
await init(await WebAssembly.compile(wasmBytes));
const precompiledUrlCount = parse(xml).urls.length;
let strictError;
try { parse('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>'); } catch (error) { strictError = error; }
console.log(JSON.stringify({
  resolved: import.meta.resolve('sitemapkit'),
  kind: result.kind,
  urlCount: result.urls.length,
  locs: result.urls.map((url) => url.loc),
  gzipUrlCount: parse(new Uint8Array(gzipSync(xml))).urls.length,
  strictErrorIsSitemapError: strictError instanceof SitemapError,
  strictErrorCode: strictError?.code,
  nodeSubpathExports: Object.keys(nodeHelpers),
  precompiledUrlCount,
}));
`;

const commonJsProgram = `
const { readFileSync } = require('node:fs');
const { gzipSync } = require('node:zlib');
const { initSync, parse, SitemapError } = require('sitemapkit');
const nodeHelpers = require('sitemapkit/node');

const xml = readFileSync('smoke-sitemap.xml', 'utf8');
const result = parse(xml);
initSync(new WebAssembly.Module(readFileSync(require.resolve('sitemapkit/sitemapkit.scalar.wasm'))));
const precompiledUrlCount = parse(xml).urls.length;
let strictError;
try { parse('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>'); } catch (error) { strictError = error; }
console.log(JSON.stringify({
  resolved: require.resolve('sitemapkit'),
  kind: result.kind,
  urlCount: result.urls.length,
  locs: result.urls.map((url) => url.loc),
  gzipUrlCount: parse(new Uint8Array(gzipSync(xml))).urls.length,
  strictErrorIsSitemapError: strictError instanceof SitemapError,
  strictErrorCode: strictError && strictError.code,
  nodeSubpathExports: Object.keys(nodeHelpers),
  precompiledUrlCount,
}));
`;

// The dual-package hazard: one program that both imports and requires sitemapkit loads two copies
// (dist/index.node.js and dist/index.node.cjs); an error from either must be instanceof both classes.
const dualProgram = `
import { createRequire } from 'node:module';
import * as imported from 'sitemapkit';
const required = createRequire(import.meta.url)('sitemapkit');
const truncated = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>';
const thrownBy = (parse) => { try { parse(truncated); } catch (error) { return error; } };
const fromImport = thrownBy(imported.parse);
const fromRequire = thrownBy(required.parse);
class NotSitemapError extends Error {}
console.log(JSON.stringify({
  twoCopies: imported.SitemapError !== required.SitemapError,
  importErrorIsImportClass: fromImport instanceof imported.SitemapError,
  importErrorIsRequireClass: fromImport instanceof required.SitemapError,
  requireErrorIsImportClass: fromRequire instanceof imported.SitemapError,
  requireErrorIsRequireClass: fromRequire instanceof required.SitemapError,
  plainErrorIsSitemapError: new Error('x') instanceof imported.SitemapError || new NotSitemapError() instanceof required.SitemapError,
  lookAlikeIsSitemapError: { name: 'SitemapError', code: 'XML_UNCLOSED_ELEMENT' } instanceof imported.SitemapError,
  nullIsSitemapError: null instanceof imported.SitemapError,
  brandIsOwnProperty: Object.getOwnPropertySymbols(fromImport).length > 0,
  codes: [fromImport.code, fromRequire.code],
}));
`;

const expectedLocs = ['https://example.com/', 'https://example.com/docs/', 'https://example.com/search?q=sitemap&page=2'];

let installed: InstalledPackage;

beforeAll(async () => {
  installed = await installPackedPackage();
  await writeFile(join(installed.projectDirectory, 'smoke-sitemap.xml'), smokeSitemap);
  await writeFile(join(installed.projectDirectory, 'esm.mjs'), esmProgram);
  await writeFile(join(installed.projectDirectory, 'common-js.cjs'), commonJsProgram);
  await writeFile(join(installed.projectDirectory, 'dual.mjs'), dualProgram);
}, 60_000);

afterAll(async () => {
  await installed?.remove();
});

describe('the tarball', () => {
  it('holds the built entries with both kinds of types, and no sources or tests', () => {
    for (const entry of ['index', 'index.node', 'node']) {
      for (const extension of ['.js', '.cjs', '.d.ts', '.d.cts']) expect(installed.packedFiles).toContain(`dist/${entry}${extension}`);
    }
    expect(installed.packedFiles).toContain('dist/sitemapkit.simd.wasm');
    expect(installed.packedFiles).toContain('dist/sitemapkit.scalar.wasm');
    expect(installed.packedFiles).toContain('package.json');
    expect(installed.packedFiles).toContain('README.md');
    expect(installed.packedFiles).toContain('CHANGELOG.md');
    expect(installed.packedFiles).toContain('dist/index.edge.js');
    expect(installed.packedFiles.filter((file) => !file.startsWith('dist/') && !['package.json', 'README.md', 'CHANGELOG.md', 'LICENSE'].includes(file))).toEqual([]);
  });
});

describe.each([
  { format: 'ESM import', program: 'esm.mjs', entry: /\/dist\/index\.node\.js$/ },
  { format: 'CJS require', program: 'common-js.cjs', entry: /\/dist\/index\.node\.cjs$/ },
])('Node $format', ({ program, entry }) => {
  let report: ProgramReport;
  beforeAll(async () => {
    report = await runNodeProgram<ProgramReport>(installed, program);
  }, 30_000);

  it('resolves "sitemapkit" to the Node build through the `node` condition', () => {
    expect(report.resolved).toMatch(entry);
  });

  it('parses a sitemap', () => {
    expect(report.kind).toBe('urlset');
    expect(report.urlCount).toBe(3);
    expect(report.locs).toEqual(expectedLocs);
  });

  it('parses the same sitemap gzipped', () => {
    expect(report.gzipUrlCount).toBe(3);
  });

  it('throws SitemapError (the class the entry exports) for a truncated document', () => {
    expect(report.strictErrorIsSitemapError).toBe(true);
    expect(typeof report.strictErrorCode).toBe('string');
  });

  it('parses with a core compiled from the shipped .wasm file (init/initSync with a module)', () => {
    expect(report.precompiledUrlCount).toBe(3);
  });

  it('loads sitemapkit/node', () => {
    expect(report.nodeSubpathExports.length).toBeGreaterThan(0);
  });
});

describe('one SitemapError whichever way it was loaded', () => {
  it('holds instanceof between the import copy and the require copy, and only for SitemapErrors', async () => {
    const report = await runNodeProgram<Record<string, unknown>>(installed, 'dual.mjs');
    expect(report).toEqual({
      twoCopies: true,
      importErrorIsImportClass: true,
      importErrorIsRequireClass: true,
      requireErrorIsImportClass: true,
      requireErrorIsRequireClass: true,
      plainErrorIsSitemapError: false,
      lookAlikeIsSitemapError: false,
      nullIsSitemapError: false,
      brandIsOwnProperty: false,
      codes: ['XML_UNCLOSED_ELEMENT', 'XML_UNCLOSED_ELEMENT'],
    });
  });
});

const typescriptCompiler = join(repositoryRoot, 'node_modules', 'typescript', 'bin', 'tsc');

/** Runs tsc on a project file in the consumer project: '' when it type-checks, else what tsc said. */
function typeCheck(tsconfig: string): Promise<string> {
  const project = installed.projectDirectory;
  return run(process.execPath, [typescriptCompiler, '-p', join(project, tsconfig)], { cwd: project }).then(
    () => '',
    (error: { stdout?: string; message: string }) => error.stdout || error.message,
  );
}

describe('published types', () => {
  it('type-check from an ES module and a CommonJS module under node16 resolution', async () => {
    const project = installed.projectDirectory;
    await writeFile(join(project, 'check-esm.mts'), [
      "import { parse, SitemapError, type ParseResult } from 'sitemapkit';",
      "import * as nodeHelpers from 'sitemapkit/node';",
      "const result: ParseResult = parse('<urlset/>');",
      "const count: number = result.kind === 'urlset' ? result.urls.length : result.sitemaps.length;",
      'const error: SitemapError | undefined = undefined;',
      'export { count, error, nodeHelpers };',
    ].join('\n'));
    await writeFile(join(project, 'check-common-js.cts'), [
      "import sitemapkit = require('sitemapkit');",
      "import nodeHelpers = require('sitemapkit/node');",
      "const result: sitemapkit.ParseResult = sitemapkit.parse('<urlset/>');",
      "export const count: number = result.kind === 'urlset' ? result.urls.length : result.sitemaps.length;",
      'export const helpers = nodeHelpers;',
    ].join('\n'));
    await writeFile(join(project, 'tsconfig.json'), JSON.stringify({
      compilerOptions: {
        module: 'node16', moduleResolution: 'node16', target: 'ES2022', lib: ['ES2022', 'DOM'], strict: true, noEmit: true,
        // What matters here is resolution (conditions, .d.ts vs .d.cts) and the exported types in
        // use; checking the insides of every .d.ts, @types/node's included, took 14 s of 18.
        skipLibCheck: true,
        // The consumer has no @types/node of its own; borrow the repository's.
        typeRoots: [join(repositoryRoot, 'node_modules', '@types')], types: ['node'],
      },
      files: ['check-esm.mts', 'check-common-js.cts'],
    }));
    expect(await typeCheck('tsconfig.json')).toBe('');
  }, 60_000);

  // Without skipLibCheck: an error inside the published .d.ts (a type only the DOM lib declares,
  // say) must fail these, not turn into a silent `any`.
  it('type-check in a Node project without the DOM lib (TypeScript 5.7+, lib checks on)', async () => {
    const project = installed.projectDirectory;
    await writeFile(join(project, 'check-without-dom.mts'), [
      "import { readFileSync } from 'node:fs';",
      "import { gzip, init, initSync, parse, serializeSitemap, SitemapError, SitemapSerializerStream, validate, type OutputBytes } from 'sitemapkit';",
      "import { parseFile } from 'sitemapkit/node';",
      "initSync(readFileSync('node_modules/sitemapkit/dist/sitemapkit.simd.wasm'));",
      "await init(Promise.resolve(readFileSync('node_modules/sitemapkit/dist/sitemapkit.simd.wasm').buffer));",
      "const xml: OutputBytes = serializeSitemap([{ loc: 'https://example.com/' }]);",
      "const compressed: Uint8Array<ArrayBuffer> = gzip(xml);",
      "const blob = new Blob([xml, compressed]);",
      "const stream: ReadableStream<Uint8Array<ArrayBuffer>> = new SitemapSerializerStream().readable;",
      "const error: SitemapError | undefined = undefined;",
      "export { blob, error, parse, parseFile, stream, validate };",
    ].join('\n'));
    await writeFile(join(project, 'tsconfig.without-dom.json'), JSON.stringify({
      compilerOptions: {
        module: 'node16', moduleResolution: 'node16', target: 'ES2022', lib: ['ES2022'], strict: true, noEmit: true, skipLibCheck: false,
        typeRoots: [join(repositoryRoot, 'node_modules', '@types')], types: ['node'],
      },
      files: ['check-without-dom.mts'],
    }));
    expect(await typeCheck('tsconfig.without-dom.json')).toBe('');
  }, 90_000);

  it('type-check in a browser project with the DOM lib: results pass to new Blob() and new Response() (TypeScript 5.7+)', async () => {
    const project = installed.projectDirectory;
    await writeFile(join(project, 'check-with-dom.ts'), [
      "import { gunzip, gzip, init, parse, serializeSitemap, serializeSitemapIndex, SitemapError, SitemapSerializerStream, SitemapWriter } from 'sitemapkit';",
      "await init(WebAssembly.compileStreaming(fetch('/sitemapkit.simd.wasm')));",
      "const xml = serializeSitemap([{ loc: 'https://example.com/' }]);",
      "const writer = new SitemapWriter();",
      "writer.write([{ loc: 'https://example.com/a' }]);",
      "export const blob = new Blob([xml, gzip(xml), serializeSitemapIndex([{ loc: 'https://example.com/s.xml' }]), writer.end()], { type: 'application/xml' });",
      "export const response = new Response(gunzip(gzip(xml), { maxBytes: 1e6 }));",
      "export const digest = crypto.subtle.digest('SHA-256', xml);",
      "export const piped = new Response(new SitemapSerializerStream({ gzip: true }).readable);",
      "export const kind: string = parse(xml).kind;",
      "export const error: SitemapError | undefined = undefined;",
    ].join('\n'));
    await writeFile(join(project, 'tsconfig.with-dom.json'), JSON.stringify({
      compilerOptions: {
        module: 'ESNext', moduleResolution: 'bundler', target: 'ES2022', lib: ['ES2022', 'DOM', 'DOM.Iterable'], strict: true, noEmit: true, skipLibCheck: false,
        types: [],
      },
      files: ['check-with-dom.ts'],
    }));
    expect(await typeCheck('tsconfig.with-dom.json')).toBe('');
  }, 90_000);

  it('type-check under node10 resolution, which reads no "exports" (projects on "moduleResolution": "node")', async () => {
    const project = installed.projectDirectory;
    await writeFile(join(project, 'check-node10.ts'), [
      "import { parse, SitemapError, type ParseResult } from 'sitemapkit';",
      "import { parseFile, toWebWritable, type WriteSitemapsToDirectoryOptions } from 'sitemapkit/node';",
      "const result: ParseResult = parse('<urlset/>');",
      "export const kind: Promise<'urlset' | 'sitemapindex'> = parseFile('sitemap.xml').then((parsed) => parsed.kind);",
      "export const options: WriteSitemapsToDirectoryOptions = { directory: 'out', baseUrl: 'https://example.com/' };",
      'export const error: SitemapError | undefined = undefined;',
      'export { result, toWebWritable };',
    ].join('\n'));
    await writeFile(join(project, 'tsconfig.node10.json'), JSON.stringify({
      compilerOptions: {
        module: 'commonjs', moduleResolution: 'node10', target: 'ES2022', lib: ['ES2022', 'DOM'], strict: true, noEmit: true,
        // strict: an import that resolves to no types is an error (TS7016), not a silent `any`.
        skipLibCheck: true, typeRoots: [join(repositoryRoot, 'node_modules', '@types')], types: ['node'],
      },
      files: ['check-node10.ts'],
    }));
    expect(await typeCheck('tsconfig.node10.json')).toBe('');
  }, 60_000);
});
