// Rollup build of the published package (dist/): the browser entry and the Node entries as ESM
// (.js) and CJS (.cjs), plus .d.ts/.d.cts types, the Workers/edge entry (dist/index.edge.js) and
// the command line; package.json "exports" maps conditions to them (ARCHITECTURE.md, "The
// published package").
//
// Entries: `index` is what browsers, workers and extensions load; `index.node` is the same API
// with a Buffer fast path, chosen by the `node` export condition; `node` is `sitemapkit/node`;
// `index.edge` is `index` for Cloudflare Workers and Vercel's edge runtime (below).
// Modules are shared within a format so entries of one format share one module instance (one
// WASM core); ESM and CJS are separate worlds, as in any dual package, and SitemapError is one
// class across them by its brand (src/model/errors.ts).
//
// Two builds of the same sources, for two kinds of reader:
//
// - For bundlers: one file per source module (output.preserveModules; dist/index.js, dist/index.cjs
//   and dist/lib/, where the per-module Node entries are dist/lib/index.node.js and dist/lib/node.js).
//   A bundler drops a whole module none of whose exports is used, when package.json "sideEffects"
//   says importing it does nothing by itself. One chunk made `import { parse }` carry validate,
//   serialize, feeds and the code lists (measured with esbuild, browser, min+gz: 62.3 KB with
//   both WASM builds embedded; see README "Size"). Bundlers that target Node read the `node`
//   condition too: inside it, the `module` condition (which esbuild, webpack and rollup's
//   node-resolve match, and Node, Deno, Bun, Bun's bundler and `deno bundle` do not) sends them
//   to dist/lib/index.node.js (test/node-loading.node.test.ts).
// - For Node itself: dist/index.node.js, dist/node.js and their .cjs twins, the Node entries with
//   their modules joined in one file (dist/node.js imports dist/index.node.js, so both subpaths
//   and the CLI share one module instance). Node's loader resolves, reads and compiles every
//   file of a graph on its own and drops nothing: as 72 files, `import 'sitemapkit'` took 62 ms
//   and `require` 50 ms; as one, 28 and 25 ms (medians of 21 fresh processes in turn, Node 20,
//   2026-11-27; bench/README.md, "Loading the package in Node"). Nothing here is minified:
//   dist/ reads as the source does. The cost is in the tarball, which carries both builds:
//   1.47 MB instead of 0.95 (5.3 MB unpacked instead of 3.4).
//
// package.json "sideEffects" lists the files whose top level must run when imported: the Node
// entries of both builds, whose setup (setBytesToString, setGunzipImplementation) switches the
// shared modules to Buffer and zlib, and `node`, which imports `index.node` for that setup alone.
// Bundlers drop everything else that is imported but unused; no other module sets state at
// import time.
//
// robots-parser is bundled (see the commonjs plugin below); it stays a declared dependency so
// that its MIT license and version show in every install's tree.
//
// fflate stays external: it is a declared dependency, so npm dedupes it with other users, and
// each consumer gets fflate's own build for its runtime through fflate's export conditions
// (its browser ESM build in bundlers and browsers, its Node build in Node). Node built-ins
// are external too, and a check below fails the build if the browser entry's graph imports one.

import { readFileSync, rmSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, resolve as resolvePath, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import commonjs from '@rollup/plugin-commonjs';
import nodeResolve from '@rollup/plugin-node-resolve';
import typescript from '@rollup/plugin-typescript';
import { dts } from 'rollup-plugin-dts';

// Chunk names carry content hashes: start from an empty dist/ so stale chunks are never packed.
rmSync(new URL('./dist', import.meta.url), { recursive: true, force: true });

const input = {
  index: 'src/index.ts',
  'index.node': 'src/index.node.ts',
  node: 'src/node.ts',
};

const nodeBuiltins = new Set(builtinModules);

/** Dependencies and Node built-ins are imported at run time, never bundled. */
function isExternal(id) {
  return id === 'fflate' || id.startsWith('fflate/') || id.startsWith('node:') || nodeBuiltins.has(id.split('/')[0]);
}

/**
 * Fails the build when anything reachable from the browser entry (`index`) imports a Node
 * built-in: the rule "no Node built-ins in anything a browser loads", checked on the output.
 */
function browserEntryStaysPortable() {
  return {
    name: 'browser-entry-stays-portable',
    generateBundle(_options, bundle) {
      const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry && file.name === 'index');
      if (!entry) return;
      const seen = new Set();
      const pending = [entry.fileName];
      while (pending.length > 0) {
        const chunk = bundle[pending.pop()];
        if (!chunk || seen.has(chunk.fileName)) continue;
        seen.add(chunk.fileName);
        const builtins = [...chunk.imports, ...chunk.dynamicImports].filter((id) => !bundle[id] && isExternal(id) && !id.startsWith('fflate'));
        if (builtins.length > 0) {
          this.error(`${chunk.fileName} is loaded by the browser entry but imports Node built-ins: ${builtins.join(', ')}`);
        }
        pending.push(...chunk.imports, ...chunk.dynamicImports);
      }
    },
  };
}

/**
 * Fails the build when Node's one-file entries import a chunk other than each other and the
 * scalar core: a shared chunk would be a file more for every process to load (the point of them).
 */
function nodeEntriesAreWhole() {
  return {
    name: 'sitemapkit-node-entries-are-whole',
    generateBundle(_options, bundle) {
      const entries = new Set(Object.values(bundle).filter((file) => file.type === 'chunk' && file.isEntry).map((file) => file.fileName));
      for (const file of Object.values(bundle)) {
        if (file.type !== 'chunk' || !file.isEntry) continue;
        const others = file.imports.filter((id) => bundle[id] && !entries.has(id));
        if (others.length > 0) this.error(`${file.fileName} statically imports ${others.join(', ')}: Node's entries must each be one file`);
      }
    },
  };
}

/**
 * Ships the two WASM builds beside the bundles (`sitemapkit/sitemapkit.simd.wasm`, `…scalar.wasm`)
 * for runtimes that must be handed a precompiled module: Cloudflare Workers import `.wasm` files
 * as modules, and pages whose CSP forbids compiling bytes use `WebAssembly.compileStreaming`.
 * The bundles themselves embed the same bytes, so nobody else needs these files.
 */
function wasmFiles() {
  return {
    name: 'sitemapkit-wasm-files',
    generateBundle(options) {
      if (options.format !== 'es') return;
      for (const build of ['simd', 'scalar']) {
        const fileName = `sitemapkit.${build}.wasm`;
        this.emitFile({ type: 'asset', fileName, source: readFileSync(new URL(`./build/${fileName}`, import.meta.url)) });
      }
    },
  };
}

/**
 * The Workers/edge entry: src/core/core-binary.edge.ts in place of src/core/core-binary.ts, so the core
 * comes from `import … from './sitemapkit.simd.wasm?module'` (compiled by wrangler or Next.js)
 * instead of embedded bytes, which workerd and Vercel's edge runtime refuse to compile. The
 * import is kept as written: dist/sitemapkit.simd.wasm sits beside dist/index.edge.js.
 */
function edgeCoreBinary() {
  const edgeModule = fileURLToPath(new URL('./src/core/core-binary.edge.ts', import.meta.url));
  return {
    name: 'sitemapkit-edge-core-binary',
    resolveId(source, importer) {
      if (isCoreBinaryImport(source, importer)) return edgeModule;
      if (source === './sitemapkit.simd.wasm?module') return { id: source, external: true };
      return null;
    },
  };
}

/** wasm.ts's import of the module that hands out the core's binaries. */
function isCoreBinaryImport(source, importer) {
  return source === './core-binary' && importer !== undefined && importer.endsWith(`${sep}src${sep}core${sep}wasm.ts`);
}

/**
 * Node's one-file entries (dist/index.node.js, .cjs): src/core/core-binary.node.ts in place of
 * src/core/core-binary.ts, the SIMD build as a binary string that Buffer decodes natively
 * instead of the printable code (it says why). Bundles made for Node from dist/lib/ (the `module`
 * condition) keep the printable code.
 */
function nodeCoreBinary() {
  const nodeModule = fileURLToPath(new URL('./src/core/core-binary.node.ts', import.meta.url));
  return {
    name: 'sitemapkit-node-core-binary',
    resolveId: (source, importer) => (isCoreBinaryImport(source, importer) ? nodeModule : null),
  };
}

/**
 * Output file names of the per-module build: the browser entry at the top of dist/, every other
 * module in dist/lib/, the Node entries too (dist/lib/index.node.js, dist/lib/node.js: the files
 * bundlers that target Node get; the top of dist/ has Node's one-file entries of those names).
 */
function fileNames(extension) {
  return (chunk) => {
    if (chunk.isEntry && chunk.name === 'index') return `[name].${extension}`;
    if (chunk.isEntry && chunk.name in input) return `lib/[name].${extension}`;
    // A bundled dependency's modules would land in dist/lib/node_modules/, which `npm pack` leaves
    // out of every tarball: they go to dist/lib/vendor/ instead.
    if (chunk.name.includes('node_modules/')) return `lib/vendor/${chunk.name.replace(/^.*node_modules\//, '').replace(/[^\w./-]/g, '_')}.${extension}`;
    return `lib/${chunk.name.replace(/[^\w./-]/g, '_')}.${extension}`;
  };
}

/**
 * Leaves the named entries out of one output: the per-module CJS build is only for bundlers that
 * `require` the browser entry (no `node` condition); Node's `require` gets the one-file .cjs
 * entries, and bundlers that target Node get the per-module ESM (the `module` condition).
 */
function withoutEntries(names) {
  return {
    name: 'sitemapkit-without-entries',
    generateBundle(_options, bundle) {
      for (const [fileName, file] of Object.entries(bundle)) {
        if (file.type === 'chunk' && file.isEntry && names.includes(file.name)) delete bundle[fileName];
      }
    },
  };
}

/**
 * dist/index.js (the entry bundlers read) imports the embedded core's module first, so that a
 * bundler puts the core, the bundle's one long string (34 KB), at the start of its output instead
 * of between modules, where it kept gzip (whose window is 32 KB) from matching the code before it
 * with the code after. `import { parse }` 41,873 → 40,661 bytes of gzip, everything 114,318 →
 * 113,510 (esbuild, 2026-11-28). The module has no side effects, so a bundle that never parses
 * still drops it; rollup itself drops such an import from src/index.ts, hence this plugin.
 */
function embeddedCoreFirst() {
  return {
    name: 'sitemapkit-embedded-core-first',
    renderChunk(code, chunk) {
      if (!(chunk.isEntry && chunk.name === 'index')) return null;
      return { code: `import './lib/core/wasm-simd.generated.js';\n${code}`, map: null };
    },
  };
}

/**
 * The Node entries' one-file build takes fflate through src/input/fflate.node.ts, which requires it
 * the first time something is compressed: importing the package no longer loads it (~8 ms and
 * ~5 MB of RSS that parse, validate and the crawl never use; bench/README.md, "Loading the package
 * in Node"). Only src/input/gzip.ts imports fflate; every other build imports it as it is.
 */
const fflateOnFirstUse = {
  name: 'sitemapkit-fflate-on-first-use',
  replaces(source, importer) {
    return source === 'fflate' && importer !== undefined && importer.endsWith(`${sep}src${sep}input${sep}gzip.ts`);
  },
  resolveId(source, importer) {
    return fflateOnFirstUse.replaces(source, importer) ? fileURLToPath(new URL('./src/input/fflate.node.ts', import.meta.url)) : null;
  },
};

/** robots-parser ships CommonJS only: turned into ES modules and bundled (only its files). */
function robotsParserBundled() {
  return commonjs({ include: /node_modules[\\/]robots-parser[\\/]/ });
}

const typescriptOptions = {
  tsconfig: './tsconfig.json',
  include: ['src/**/*.ts'],
  exclude: ['src/**/*.test.ts'],
  // Types come from rollup-plugin-dts below; a type error fails the build.
  // isolatedModules off for the build only: the facade mirrors the core's numbers as `const enum`s
  // (src/core/xml-reader.ts), and only a whole-program compile inlines them across files as literals.
  // With it on (tsconfig.json, for vitest's per-file transform), each became an object with
  // reverse mappings read by property on the hot path, which no bundler can shake or inline.
  compilerOptions: { declaration: false, noEmit: false, allowImportingTsExtensions: false, outDir: 'dist', isolatedModules: false },
  noEmitOnError: true,
};

const nodeEntry = fileURLToPath(new URL('./src/node.ts', import.meta.url));

/**
 * The command line (`bin` sitemapkit → dist/cli.js, ESM, Node only). It imports the library from
 * dist/node.js instead of bundling a second copy of it (and of the WASM core): `../node` is
 * external and written as `./node.js`.
 */
const cli = {
  input: { cli: 'src/cli/main.ts' },
  external: (id, importer) => isExternal(id) || (importer !== undefined && id.startsWith('.') && resolvePath(dirname(importer), id) + '.ts' === nodeEntry),
  plugins: [
    typescript({
      tsconfig: './tsconfig.json',
      include: ['src/**/*.ts'],
      exclude: ['src/**/*.test.ts'],
      compilerOptions: { declaration: false, noEmit: false, allowImportingTsExtensions: false, outDir: 'dist' },
      noEmitOnError: true,
    }),
  ],
  output: {
    dir: 'dist',
    format: 'es',
    entryFileNames: '[name].js',
    banner: '#!/usr/bin/env node',
    paths: (id) => (id === nodeEntry.replace(/\.ts$/, '') || id === nodeEntry ? './node.js' : id),
  },
};

/** @type {import('rollup').RollupOptions[]} */
export default [
  {
    input,
    external: isExternal,
    // External imports are kept only where used: fflate has no side effects on import.
    treeshake: { moduleSideEffects: (_id, external) => !external },
    plugins: [
      // That "sideEffects" list describes dist/ for consumers' bundlers; applied to src/ here, it
      // would let this build drop `node`'s import of `index.node` (and with it the Node setup).
      nodeResolve({ ignoreSideEffectsForRoot: true }),
      // robots-parser (the crawl's robots.txt rules) ships CommonJS only: it is bundled, so the
      // browser entry loads without a bundler (an import map cannot resolve a CommonJS module).
      robotsParserBundled(),
      typescript(typescriptOptions),
      browserEntryStaysPortable(),
      wasmFiles(),
    ],
    output: [
      { dir: 'dist', format: 'es', preserveModules: true, preserveModulesRoot: 'src', entryFileNames: fileNames('js'), hoistTransitiveImports: false, plugins: [embeddedCoreFirst()] },
      { dir: 'dist', format: 'cjs', preserveModules: true, preserveModulesRoot: 'src', entryFileNames: fileNames('cjs'), exports: 'named', hoistTransitiveImports: false, plugins: [withoutEntries(['index.node', 'node'])] },
    ],
  },
  {
    // What Node itself loads (the `node` condition's `import` and `require`, the CLI): the Node
    // entries with their modules in one file each, dist/node.js importing dist/index.node.js for
    // the shared instance. Only the scalar core, imported where WebAssembly SIMD is missing
    // (never in Node 16.4+), stays a chunk of its own, loaded on demand.
    input: { 'index.node': input['index.node'], node: input.node },
    external: (id, importer) => isExternal(id) && !fflateOnFirstUse.replaces(id, importer),
    treeshake: { moduleSideEffects: (_id, external) => !external },
    plugins: [fflateOnFirstUse, nodeCoreBinary(), nodeResolve({ ignoreSideEffectsForRoot: true }), robotsParserBundled(), typescript(typescriptOptions), nodeEntriesAreWhole()],
    output: [
      { dir: 'dist', format: 'es', entryFileNames: '[name].js', chunkFileNames: 'lib/[name].node.js', hoistTransitiveImports: false },
      { dir: 'dist', format: 'cjs', entryFileNames: '[name].cjs', chunkFileNames: 'lib/[name].node.cjs', exports: 'named', hoistTransitiveImports: false },
    ],
  },
  {
    // One file: a Worker's bundler inlines it anyway, and it shares no state with the other entries.
    input: { 'index.edge': 'src/index.ts' },
    external: isExternal,
    treeshake: { moduleSideEffects: (_id, external) => !external },
    plugins: [edgeCoreBinary(), nodeResolve({ ignoreSideEffectsForRoot: true }), robotsParserBundled(), typescript(typescriptOptions)],
    output: { dir: 'dist', format: 'es', entryFileNames: '[name].js', inlineDynamicImports: true },
  },
  {
    input,
    external: isExternal,
    plugins: [dts({ tsconfig: './tsconfig.json' })],
    output: [
      { dir: 'dist', format: 'es', entryFileNames: '[name].d.ts', chunkFileNames: 'chunks/[name]-[hash].d.ts' },
      // A "type": "module" package needs .d.cts beside .d.ts for the `require` condition (TS1471).
      { dir: 'dist', format: 'es', entryFileNames: '[name].d.cts', chunkFileNames: 'chunks/[name]-[hash].d.cts' },
    ],
  },
  cli,
];
