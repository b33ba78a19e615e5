// What each way into the packed package loads (rollup.config.mjs, ARCHITECTURE.md "The published
// package"): Node's own loader gets the Node entries as one file each (dist/index.node.js,
// dist/node.js importing it, the .cjs twins; the CLI on top), because it pays for every file of a
// graph; bundlers that target Node (the `module` condition inside `node`) get the per-module build,
// so that they can leave out what a program does not use. Both ways, `sitemapkit` and
// `sitemapkit/node` share one module instance: one WASM core, one Node setup.

import { execFile } from 'node:child_process';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPackedPackage, repositoryRoot, runNodeProgram, smokeSitemap, type InstalledPackage } from './packed-package';

const run = promisify(execFile);

/** Records, through Node's module hooks, every file of the package that the ESM loader loads. */
const recordLoads = `import { register } from 'node:module';
register('./record-loads-hooks.mjs', import.meta.url);
`;
// fflate's files are recorded too (as fflate/…): the one-file entries require it only when
// something is compressed (src/input/fflate.node.ts), so importing the package loads none of them.
const recordLoadsHooks = `import { appendFileSync } from 'node:fs';
export async function load(url, context, nextLoad) {
  const inPackage = /\\/node_modules\\/sitemapkit\\/(.*)$/.exec(url);
  if (inPackage) appendFileSync(process.env.SITEMAPKIT_LOAD_LOG, inPackage[1] + '\\n');
  const inFflate = /\\/node_modules\\/(fflate\\/.*)$/.exec(url);
  if (inFflate) appendFileSync(process.env.SITEMAPKIT_LOAD_LOG, inFflate[1] + '\\n');
  return nextLoad(url, context);
}
`;

/** What both entries must hand out as the very same objects. */
const sharedNames = ['parse', 'validate', 'initSync', 'init', 'SitemapError', 'crawlSitemaps', 'parseStream'];

/** What the ESM programs print: whether both entries hand out the very same objects. */
const sharedInstanceProbe = `
const same = ${JSON.stringify(sharedNames)}.filter((name) => main[name] === node[name]);
const missing = Object.keys(main).filter((name) => !(name in node));
let fromFile;
try { await node.parseFile('bad-checksum.xml.gz'); } catch (error) { fromFile = error; }
console.log(JSON.stringify({
  same,
  missing,
  fileErrorIsMainClass: fromFile instanceof main.SitemapError,
  // zlib (the Node setup, run once for both entries) refuses a wrong CRC-32 with this message.
  checksumFoundBy: /incorrect data check/.test(String(fromFile?.message)) ? 'zlib' : String(fromFile?.message),
  locs: main.parse(readFileSync('smoke-sitemap.xml')).urls.map((url) => url.loc),
}));
`;

const programs: Record<string, string> = {
  'record-loads.mjs': recordLoads,
  'record-loads-hooks.mjs': recordLoadsHooks,
  'main-only.mjs': "import { parse } from 'sitemapkit';\nconsole.log(JSON.stringify(parse('<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"/>').kind));\n",
  'node-only.mjs': "import { parseFile } from 'sitemapkit/node';\nconsole.log(JSON.stringify((await parseFile('smoke-sitemap.xml')).urls.length));\n",
  'both.mjs': `import { readFileSync } from 'node:fs';\nimport * as main from 'sitemapkit';\nimport * as node from 'sitemapkit/node';\n${sharedInstanceProbe}`,
  'loaded-by-require.cjs': `const kit = require(process.argv[2]);
const loaded = Object.keys(require.cache).filter((file) => file.includes('/node_modules/sitemapkit/')).map((file) => file.replace(/.*\\/node_modules\\/sitemapkit\\//, ''));
const fflate = Object.keys(require.cache).some((file) => file.includes('/node_modules/fflate/'));
console.log(JSON.stringify({ loaded: loaded.sort(), parse: typeof kit.parse, fflate }));
`,
  // fflate, required the first time something is compressed (src/input/fflate.node.ts).
  'gzip-on-first-use.mjs': `import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { gunzip, gzip, parseStream } from 'sitemapkit';
const cache = createRequire(import.meta.url).cache;
const fflateLoaded = () => Object.keys(cache).some((file) => file.includes('/node_modules/fflate/'));
const atImport = fflateLoaded();
// Reading gzip, streamed (the crawl's way: its probe of concatenated members included), needs no deflater.
const streamed = [];
for await (const entry of parseStream(new Blob([readFileSync('smoke-sitemap.xml.gz')]).stream())) streamed.push(entry.loc);
const afterReading = fflateLoaded();
const compressed = gzip(new TextEncoder().encode('<urlset/>'), 9);
console.log(JSON.stringify({ atImport, afterReading, streamed, afterGzip: fflateLoaded(), back: new TextDecoder().decode(gunzip(compressed, { maxBytes: 100 })), header: [...compressed.subarray(0, 4)] }));
`,
  // node:http, node:https and node:dns, imported the first time the crawl asks for a URL of theirs
  // or looks a name up under refusePrivateAddresses (src/site/crawl-fetch.node.ts). An http and then
  // an https URL on a port where nothing listens: refused at once, but each module is loaded to ask.
  'builtins-on-first-use.mjs': `import { crawlSitemaps } from 'sitemapkit';
const loaded = () => process.moduleLoadList.filter((name) => /^NativeModule (?:http|https|dns)$/.test(name)).map((name) => name.slice(13)).sort();
const atImport = loaded();
const options = { robotsTxt: false, guess: false, retries: 0, timeout: 5000 };
const overHttp = await crawlSitemaps('http://127.0.0.1:1/sitemap.xml', options).report();
const afterHttp = loaded();
const overHttps = await crawlSitemaps('https://127.0.0.1:1/sitemap.xml', options).report();
const outcome = (report) => ({ status: report.sitemaps[0].status, codes: report.sitemaps[0].issues.map((issue) => issue.code) });
console.log(JSON.stringify({ atImport, overHttp: outcome(overHttp), afterHttp, overHttps: outcome(overHttps), afterHttps: loaded() }));
`,
  'builtins-on-first-use.cjs': `const kit = require('sitemapkit');
console.log(JSON.stringify({ atImport: process.moduleLoadList.filter((name) => /^NativeModule (?:http|https|dns)$/.test(name)), parse: typeof kit.parse }));
`,
  'gzip-on-first-use.cjs': `const kit = require('sitemapkit');
const fflateLoaded = () => Object.keys(require.cache).some((file) => file.includes('/node_modules/fflate/'));
const atImport = fflateLoaded();
const compressed = kit.gzip(new TextEncoder().encode('<urlset/>'), 9);
console.log(JSON.stringify({ atImport, afterGzip: fflateLoaded(), back: new TextDecoder().decode(kit.gunzip(compressed, { maxBytes: 100 })) }));
`,
  'both.cjs': `const main = require('sitemapkit');
const node = require('sitemapkit/node');
console.log(JSON.stringify({
  same: ${JSON.stringify(sharedNames)}.filter((name) => main[name] === node[name]),
  missing: Object.keys(main).filter((name) => !(name in node)),
}));
`,
  // For the bundlers: what a Node app imports, written once.
  'parse-only.mjs': "import { parse } from 'sitemapkit';\nimport { readFileSync } from 'node:fs';\nconsole.log(JSON.stringify(parse(readFileSync('smoke-sitemap.xml')).urls.map((url) => url.loc)));\n",
  // Each way of loading the core, where the runtime has none (node --jitless leaves WebAssembly undefined).
  'no-wasm.mjs': `import * as sitemapkit from 'sitemapkit';
const outcomes = {};
const outcome = (error) => ({ code: error.code, isSitemapError: error instanceof sitemapkit.SitemapError, message: error.message });
try { sitemapkit.parse('<urlset/>'); outcomes.parse = 'parsed'; } catch (error) { outcomes.parse = outcome(error); }
try { sitemapkit.initSync(); outcomes.initSync = 'loaded'; } catch (error) { outcomes.initSync = outcome(error); }
outcomes.init = await sitemapkit.init().then(() => 'loaded', outcome);
console.log(JSON.stringify(outcomes));
`,
  'no-wasm.cjs': `const sitemapkit = require('sitemapkit');
let parse;
try { sitemapkit.parse('<urlset/>'); parse = 'parsed'; } catch (error) { parse = { code: error.code, isSitemapError: error instanceof sitemapkit.SitemapError }; }
console.log(JSON.stringify({ parse }));
`,
};

const expectedLocs = ['https://example.com/', 'https://example.com/docs/', 'https://example.com/search?q=sitemap&page=2'];

let installed: InstalledPackage;

/** The package's files the ESM loader loaded while `node [args]` ran, in load order. */
async function filesLoaded(args: string[]): Promise<{ files: string[]; stdout: string }> {
  const log = join(installed.projectDirectory, `loads-${args.join('-').replace(/[^\w.-]/g, '_')}.log`);
  await rm(log, { force: true });
  const { stdout } = await run(process.execPath, ['--import', './record-loads.mjs', ...args], { cwd: installed.projectDirectory, env: { ...process.env, SITEMAPKIT_LOAD_LOG: log } });
  const files = (await readFile(log, 'utf8').catch(() => '')).split('\n').filter(Boolean);
  return { files, stdout };
}

beforeAll(async () => {
  installed = await installPackedPackage();
  for (const [name, text] of Object.entries(programs)) await writeFile(join(installed.projectDirectory, name), text);
  await writeFile(join(installed.projectDirectory, 'smoke-sitemap.xml'), smokeSitemap);
  await writeFile(join(installed.projectDirectory, 'smoke-sitemap.xml.gz'), gzipSync(smokeSitemap));
  const gzipped = gzipSync(smokeSitemap);
  gzipped[gzipped.length - 8] = gzipped[gzipped.length - 8]! ^ 0xff; // the CRC-32's first byte
  await writeFile(join(installed.projectDirectory, 'bad-checksum.xml.gz'), gzipped);
}, 120_000);

afterAll(async () => {
  await installed?.remove();
});

describe('what Node loads from the package', () => {
  it('`import ... from "sitemapkit"`: one file', async () => {
    const { files, stdout } = await filesLoaded(['main-only.mjs']);
    expect(JSON.parse(stdout)).toBe('urlset');
    expect(files).toEqual(['dist/index.node.js']);
  });

  it('`import ... from "sitemapkit/node"`: its file and the main entry\'s', async () => {
    const { files, stdout } = await filesLoaded(['node-only.mjs']);
    expect(JSON.parse(stdout)).toBe(3);
    expect([...files].sort()).toEqual(['dist/index.node.js', 'dist/node.js']);
  });

  it('both entries in one program: the same two files, each once', async () => {
    const { files } = await filesLoaded(['both.mjs']);
    expect([...files].sort()).toEqual(['dist/index.node.js', 'dist/node.js']);
  });

  it('the command line: dist/cli.js over the same two files', async () => {
    const { files, stdout } = await filesLoaded(['node_modules/sitemapkit/dist/cli.js', '--version']);
    const { version } = JSON.parse(await readFile(join(installed.packageDirectory, 'package.json'), 'utf8')) as { version: string };
    expect(stdout).toContain(version);
    expect([...files].sort()).toEqual(['dist/cli.js', 'dist/index.node.js', 'dist/node.js']);
  });

  it.each([
    { entry: 'sitemapkit', loaded: ['dist/index.node.cjs'] },
    { entry: 'sitemapkit/node', loaded: ['dist/index.node.cjs', 'dist/node.cjs'] },
  ])('`require("$entry")`: $loaded', async ({ entry, loaded }) => {
    const report = await run(process.execPath, ['loaded-by-require.cjs', entry], { cwd: installed.projectDirectory });
    expect(JSON.parse(report.stdout)).toEqual({ loaded, parse: 'function', fflate: false });
  });

  // Most programs never compress (parse, validate, the crawl): the one-file entries require fflate
  // only when something is (src/input/fflate.node.ts); before that it costs no time and no memory.
  it('fflate: not loaded by `import` or by reading gzip, loaded by the first gzip(), which compresses as before (ESM)', async () => {
    const report = await runNodeProgram<{ atImport: boolean; afterReading: boolean; streamed: string[]; afterGzip: boolean; back: string; header: number[] }>(installed, 'gzip-on-first-use.mjs');
    expect(report).toEqual({ atImport: false, afterReading: false, streamed: expectedLocs, afterGzip: true, back: '<urlset/>', header: [0x1f, 0x8b, 8, 0] });
  });

  it('fflate: not loaded by `require`, loaded by the first gzip() (CJS)', async () => {
    expect(await runNodeProgram(installed, 'gzip-on-first-use.cjs')).toEqual({ atImport: false, afterGzip: true, back: '<urlset/>' });
  });

  // Importing the Node entry loaded node:https and node:dns, 10 ms of its 70 (bench/README.md,
  // Crawl, round 14), which most programs never use; and node:http, which crashes Node 22 under
  // --jitless (it loads undici, whose HTTP parser is WebAssembly).
  it('node:http, node:https and node:dns: not loaded by `import` or `require`, node:http(s) loaded by the first request of theirs', async () => {
    const refused = { status: 0, codes: ['CRAWL_NETWORK_ERROR'] };
    expect(await runNodeProgram(installed, 'builtins-on-first-use.mjs')).toEqual({ atImport: [], overHttp: refused, afterHttp: ['http'], overHttps: refused, afterHttps: ['http', 'https'] });
    expect(await runNodeProgram(installed, 'builtins-on-first-use.cjs')).toEqual({ atImport: [], parse: 'function' });
  });

  // The one file is the whole API: a chunk beside it would be a file more per process again. Only
  // the scalar core (for runtimes without WebAssembly SIMD, never Node) is a file of its own.
  it('the one-file entries import no file of the package but each other and, on demand, the scalar core', async () => {
    const patterns = {
      esm: { static: /^(?:import|export)\b[^;]*?\bfrom '(\.[^']+)';$/gm, dynamic: /\bimport\('(\.[^']+)'\)/g },
      cjs: { static: /^var \w+ = require\('(\.[^']+)'\);$/gm, dynamic: /\breturn require\('(\.[^']+)'\)/g },
    };
    for (const [file, imports] of [['index.node.js', []], ['node.js', ['./index.node.js']], ['index.node.cjs', []], ['node.cjs', ['./index.node.cjs']]] as const) {
      const format = file.endsWith('.cjs') ? 'cjs' : 'esm';
      const text = await readFile(join(installed.packageDirectory, 'dist', file), 'utf8');
      const staticImports = new Set([...text.matchAll(patterns[format].static)].map((match) => match[1]));
      const dynamicImports = [...text.matchAll(patterns[format].dynamic)].map((match) => match[1]);
      expect([...staticImports], file).toEqual(imports);
      expect(dynamicImports, file).toEqual(file.startsWith('index.node') ? [`./lib/wasm-scalar.generated.node.${format === 'cjs' ? 'cjs' : 'js'}`] : []);
    }
  });
});

describe('one module instance for `sitemapkit` and `sitemapkit/node` (one core, one Node setup)', () => {
  it('Node ESM: the same functions and class from both, the whole main API in `sitemapkit/node`', async () => {
    const report = await runNodeProgram<{ same: string[]; missing: string[]; fileErrorIsMainClass: boolean; checksumFoundBy: string; locs: string[] }>(installed, 'both.mjs');
    expect(report).toEqual({ same: sharedNames, missing: [], fileErrorIsMainClass: true, checksumFoundBy: 'zlib', locs: expectedLocs });
  });

  it('Node CJS: the same functions and class from both', async () => {
    expect(await runNodeProgram(installed, 'both.cjs')).toEqual({ same: sharedNames, missing: [] });
  });
});

describe('a Node without WebAssembly (--jitless)', () => {
  /** `node --jitless file` in the consumer project: its report. */
  async function withoutWebAssembly(file: string): Promise<Record<string, { code: string; isSitemapError: boolean; message?: string } | string>> {
    const { stdout } = await run(process.execPath, ['--jitless', file], { cwd: installed.projectDirectory });
    return JSON.parse(stdout);
  }

  it('parse, initSync and init throw SitemapError CORE_UNAVAILABLE, naming the cause (ESM)', async () => {
    const outcomes = await withoutWebAssembly('no-wasm.mjs');
    for (const call of ['parse', 'initSync', 'init']) expect(outcomes[call], call).toMatchObject({ code: 'CORE_UNAVAILABLE', isSitemapError: true });
    const { message } = outcomes.parse as { message: string };
    expect(message).toContain('(ReferenceError: WebAssembly is not defined)');
    // What is wrong, and no remedy that cannot help here (a Content-Security-Policy, a Workers condition).
    expect(message).toContain('this runtime has WebAssembly turned off');
    expect(message).not.toContain('Content-Security-Policy');
  });

  it('the same through `require` (CJS)', async () => {
    expect(await withoutWebAssembly('no-wasm.cjs')).toEqual({ parse: { code: 'CORE_UNAVAILABLE', isSitemapError: true } });
  });
});

describe('bundlers that target Node', () => {
  /** Bundles a program with esbuild for Node: the package's files in the bundle, and the bundle's name. */
  async function esbuildForNode(program: string, format: 'esm' | 'cjs'): Promise<{ inputs: string[]; file: string }> {
    const file = `esbuild-${format}-${program.replace(/\.\w+$/, '')}.${format === 'esm' ? 'mjs' : 'cjs'}`;
    const result = await build({
      absWorkingDir: installed.projectDirectory,
      entryPoints: [program],
      bundle: true,
      platform: 'node',
      format,
      outfile: file,
      metafile: true,
      logLevel: 'silent',
    });
    // The files that put code into the bundle (metafile.inputs also lists those read and dropped).
    const output = Object.values(result.metafile.outputs)[0]!;
    const inputs = Object.entries(output.inputs)
      .filter(([input, { bytesInOutput }]) => input.startsWith('node_modules/sitemapkit/') && bytesInOutput > 0)
      .map(([input]) => input.slice('node_modules/sitemapkit/'.length));
    return { inputs, file };
  }

  it('esbuild (platform node) takes the per-module build through `module` and leaves out what `import { parse }` does not use', async () => {
    const { inputs, file } = await esbuildForNode('parse-only.mjs', 'esm');
    expect(inputs).toContain('dist/lib/index.node.js');
    expect(inputs).toContain('dist/lib/read/parse.js');
    expect(inputs).not.toContain('dist/index.node.js');
    for (const unused of ['check/validate', 'write/serialize', 'formats/feed', 'site/crawl', 'values/language-codes']) expect(inputs, unused).not.toContain(`dist/lib/${unused}.js`);
    expect(await runNodeProgram(installed, file)).toEqual(expectedLocs);
  });

  it('esbuild (platform node, ESM) bundles both entries from the per-module build as one instance, with the Node setup', async () => {
    const { inputs, file } = await esbuildForNode('both.mjs', 'esm');
    expect(inputs).toEqual(expect.arrayContaining(['dist/lib/index.node.js', 'dist/lib/node.js']));
    expect(inputs.filter((input) => !input.startsWith('dist/lib/'))).toEqual([]);
    const report = await runNodeProgram<{ same: string[]; checksumFoundBy: string; locs: string[] }>(installed, file);
    expect(report.same).toEqual(sharedNames);
    expect(report.checksumFoundBy).toBe('zlib');
    expect(report.locs).toEqual(expectedLocs);
  });

  // `module` wins over `require` too: a bundled `require` gets the same ES modules, so a bundle
  // that mixes import and require still holds one copy.
  it('esbuild (platform node, CJS) bundles `require` of both entries from the per-module build as one instance', async () => {
    const { inputs, file } = await esbuildForNode('both.cjs', 'cjs');
    expect(inputs).toEqual(expect.arrayContaining(['dist/lib/index.node.js', 'dist/lib/node.js']));
    expect(inputs.filter((input) => !input.startsWith('dist/lib/'))).toEqual([]);
    expect(await runNodeProgram(installed, file)).toEqual({ same: sharedNames, missing: [] });
  });

  // Bun's bundler reads `node` but not `module` (ARCHITECTURE.md): it gets the one-file entries,
  // whose statements it can still drop one by one. Asserted so that the documentation stays true.
  it('Bun\'s bundler (--target=node) takes the one-file Node entries, and its bundle runs as one instance', async () => {
    await run(join(repositoryRoot, 'node_modules', '.bin', 'bun'), ['build', 'both.mjs', '--target=node', '--outfile=bun-both.mjs'], { cwd: installed.projectDirectory, env: { ...process.env, DO_NOT_TRACK: '1' }, timeout: 60_000 });
    const bundled = await readFile(join(installed.projectDirectory, 'bun-both.mjs'), 'utf8');
    // Bun marks each file it bundles with a comment of its path.
    const files = [...new Set([...bundled.matchAll(/^\/\/ node_modules\/sitemapkit\/(\S+)$/gm)].map((match) => match[1]))].sort();
    // The scalar core (imported where SIMD is missing) is inlined by Bun, as it inlines every import().
    expect(files).toEqual(['dist/index.node.js', 'dist/lib/wasm-scalar.generated.node.js', 'dist/node.js']);
    const report = await runNodeProgram<{ same: string[]; checksumFoundBy: string; locs: string[] }>(installed, 'bun-both.mjs');
    expect(report.same).toEqual(sharedNames);
    expect(report.checksumFoundBy).toBe('zlib');
    expect(report.locs).toEqual(expectedLocs);
  }, 60_000);
});
