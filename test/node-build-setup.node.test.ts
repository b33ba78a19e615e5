// The Node build's setup (src/index.node.ts: zlib for gzip, Buffer for strings) runs however a
// Node program gets sitemapkit from the packed package: `sitemapkit` or only `sitemapkit/node`,
// ESM or CJS, straight from node_modules or bundled by rollup with @rollup/plugin-node-resolve
// and the `node` export condition, where package.json "sideEffects" decides which top-level
// code survives. Two things tell the builds apart: which inflater refuses a wrong CRC-32 (zlib says
// "incorrect data check"; the browser path's fflate, whose CRC-32 sitemapkit checks itself since
// issue #22 item 7, names the trailer's CRC-32), and only the Node build makes strings with
// Buffer#toString.

import { builtinModules } from 'node:module';
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import nodeResolve from '@rollup/plugin-node-resolve';
import { rollup } from 'rollup';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPackedPackage, runNodeProgram, smokeSitemap, type InstalledPackage } from './packed-package';

/** What each program prints. */
interface SetupReport {
  /** The code a gzip file with a wrong CRC-32 throws, or 'parsed' when it is accepted. */
  badChecksum: string;
  /** Who found the wrong CRC-32, by its message: 'zlib', 'sitemapkit' (the fflate path), or the message. */
  checksumFoundBy: string;
  locs: string[];
  /** Calls of Buffer#toString while a sitemap is parsed: more than none only in the Node build. */
  bufferStrings: number;
  /** Codes of validate()'s issues for a sitemap with problems (the chunk's tables at work). */
  issueCodes: string[];
}

const badSitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/a b</loc><priority>2</priority></url>
  <url><loc>/relative</loc><changefreq>sometimes</changefreq></url>
  <url><loc>https://example.com/</loc><lastmod>2026-13-01</lastmod></url>
</urlset>
`;

/** The body of every program: `read(file)` parses a file by the entry's own means. */
const probe = `
const report = {};
try { await read('bad-checksum.xml.gz'); report.badChecksum = 'parsed'; } catch (error) {
  report.badChecksum = String(error.code ?? error);
  const message = String(error.message);
  report.checksumFoundBy = /incorrect data check/.test(message) ? 'zlib' : /trailer declares CRC-32/.test(message) ? 'sitemapkit' : message;
}
const original = Buffer.prototype.toString;
let calls = 0;
Buffer.prototype.toString = function (...args) { calls++; return original.apply(this, args); };
try { report.locs = (await read('smoke-sitemap.xml')).urls.map((url) => url.loc); } finally { Buffer.prototype.toString = original; }
report.bufferStrings = calls;
report.issueCodes = validate(readFileSync('bad-sitemap.xml', 'utf8')).issues.map((issue) => issue.code).sort();
console.log(JSON.stringify(report));
`;

/** Programs by file name: how each one loads sitemapkit and defines `read`. */
const programs = {
  'main-esm.mjs': `import { readFileSync } from 'node:fs';
import { parse, validate } from 'sitemapkit';
const read = async (file) => parse(readFileSync(file));`,
  'node-subpath-parse-esm.mjs': `import { readFileSync } from 'node:fs';
import { parse, validate } from 'sitemapkit/node';
const read = async (file) => parse(readFileSync(file));`,
  'node-subpath-parse-file-esm.mjs': `import { readFileSync } from 'node:fs';
import { parseFile, validate } from 'sitemapkit/node';
const read = (file) => parseFile(file);`,
  'main-cjs.cjs': `const { readFileSync } = require('node:fs');
const { parse, validate } = require('sitemapkit');
const read = async (file) => parse(readFileSync(file));
(async () => {`,
  'node-subpath-cjs.cjs': `const { readFileSync } = require('node:fs');
const { parse, validate } = require('sitemapkit/node');
const read = async (file) => parse(readFileSync(file));
(async () => {`,
  // The control: the browser build, which these programs must not behave like.
  'browser-build-esm.mjs': `import { readFileSync } from 'node:fs';
import { parse, validate } from './node_modules/sitemapkit/dist/index.js';
const read = async (file) => parse(readFileSync(file));`,
} as const;
type ProgramName = keyof typeof programs;

const expectedLocs = ['https://example.com/', 'https://example.com/docs/', 'https://example.com/search?q=sitemap&page=2'];

let installed: InstalledPackage;
const reports = new Map<string, SetupReport>();

/** Bundles a program as a Node app would be: node-resolve with the `node` condition, Node built-ins external. */
async function bundle(program: ProgramName): Promise<{ file: string; modules: string[] }> {
  const file = `bundled-${program}`;
  const build = await rollup({
    input: join(installed.projectDirectory, program),
    external: (id) => id.startsWith('node:') || builtinModules.includes(id),
    plugins: [nodeResolve({ exportConditions: ['node'], preferBuiltins: true, rootDir: installed.projectDirectory })],
    // Top-level await in the programs, and fflate's and sitemapkit's known warnings: not the question here.
    onwarn: () => {},
  });
  try {
    const { output } = await build.write({ file: join(installed.projectDirectory, file), format: 'es', inlineDynamicImports: true });
    const rendered = Object.entries(output[0].modules).filter(([, module]) => module.renderedLength > 0);
    return { file, modules: rendered.map(([id]) => id.replace(/.*\/node_modules\//, '')) };
  } finally {
    await build.close();
  }
}

beforeAll(async () => {
  installed = await installPackedPackage();
  const gzipped = gzipSync(smokeSitemap);
  gzipped[gzipped.length - 8] = gzipped[gzipped.length - 8]! ^ 0xff; // the CRC-32's first byte
  await writeFile(join(installed.projectDirectory, 'bad-checksum.xml.gz'), gzipped);
  await writeFile(join(installed.projectDirectory, 'smoke-sitemap.xml'), smokeSitemap);
  await writeFile(join(installed.projectDirectory, 'bad-sitemap.xml'), badSitemap);
  for (const [name, head] of Object.entries(programs)) {
    const body = name.endsWith('.cjs') ? `${probe}})();\n` : probe;
    await writeFile(join(installed.projectDirectory, name), `${head}\n${body}`);
  }
  // Each program in a process of its own, so no other entry has run the setup before it.
  await Promise.all(Object.keys(programs).map(async (name) => reports.set(name, await runNodeProgram<SetupReport>(installed, name))));
}, 120_000);

afterAll(async () => {
  await installed?.remove();
});

describe('the browser build (the control)', () => {
  it('refuses a wrong CRC-32 by its own check of the fflate path and makes no Buffer strings', () => {
    const report = reports.get('browser-build-esm.mjs')!;
    expect(report.locs).toEqual(expectedLocs);
    // It accepted it until issue #22 item 7: every build now refuses it (GZIP_INVALID), the
    // browser build by sitemapkit's CRC-32 check of what fflate inflated.
    expect(report.badChecksum).toBe('GZIP_INVALID');
    expect(report.checksumFoundBy).toBe('sitemapkit');
    expect(report.bufferStrings).toBe(0);
  });
});

describe.each([
  { program: 'main-esm.mjs', loads: 'sitemapkit (ESM)' },
  { program: 'main-cjs.cjs', loads: 'sitemapkit (CJS)' },
  { program: 'node-subpath-parse-esm.mjs', loads: 'only sitemapkit/node, its parse (ESM)' },
  { program: 'node-subpath-parse-file-esm.mjs', loads: 'only sitemapkit/node, its parseFile (ESM)' },
  { program: 'node-subpath-cjs.cjs', loads: 'only sitemapkit/node (CJS)' },
] as const)('a Node program that imports $loads', ({ program }) => {
  it('runs the Node build: zlib refuses the wrong CRC-32, Buffer makes the strings', () => {
    const report = reports.get(program)!;
    expect(report.locs).toEqual(expectedLocs);
    expect(report.badChecksum).toBe('GZIP_INVALID');
    expect(report.checksumFoundBy).toBe('zlib');
    expect(report.bufferStrings).toBeGreaterThan(0);
    expect(report.issueCodes).toEqual(reports.get('browser-build-esm.mjs')!.issueCodes);
    expect(report.issueCodes.length).toBeGreaterThan(0);
  });
});

describe.each([
  { program: 'main-esm.mjs', setupModule: 'sitemapkit/dist/lib/index.node.js' },
  { program: 'node-subpath-parse-esm.mjs', setupModule: 'sitemapkit/dist/lib/index.node.js' },
  { program: 'node-subpath-parse-file-esm.mjs', setupModule: 'sitemapkit/dist/lib/index.node.js' },
] as const)('$program bundled by rollup with node-resolve and the `node` condition', ({ program, setupModule }) => {
  let bundled: { file: string; modules: string[] };
  let report: SetupReport;
  beforeAll(async () => {
    bundled = await bundle(program);
    report = await runNodeProgram<SetupReport>(installed, bundled.file);
  }, 60_000);

  it('keeps the Node setup in the bundle', () => {
    expect(bundled.modules).toContain(setupModule);
  });

  it('behaves as the program does unbundled', () => {
    expect(report).toEqual(reports.get(program));
    expect(report.badChecksum).toBe('GZIP_INVALID');
    expect(report.checksumFoundBy).toBe('zlib');
    expect(report.bufferStrings).toBeGreaterThan(0);
  });
});
