// The packed package in every server runtime (issue #20 §2): Node (ESM and CJS; the Node running
// the tests, the oldest `engines` admits and each line in support), Deno and Bun
// (the binaries their npm packages bring, devDependencies pinned in package.json), and a
// Cloudflare Worker built by `wrangler deploy --dry-run --outdir` and run in workerd through
// miniflare. Each runs test/runtime-exercise.ts (parse, validate, a stream, serialize with gzip)
// and test/runtime-crawl.ts (crawlSitemaps from a local site) and must give the same reports. The Worker takes the `workerd` export condition, whose entry
// imports the .wasm file as a module: workerd refuses to compile WebAssembly from bytes.
// Nothing here leaves the machine: miniflare listens on loopback, and the tools' update checks,
// metrics and banners are switched off.

import { execFile } from 'node:child_process';
import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { Miniflare } from 'miniflare';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_VERSIONS, OLDEST_NODE, requiredNodeBinary } from './ensure-node-versions.mjs';
import { installPackedPackage, repositoryRoot, smokeSitemap, type InstalledPackage } from './packed-package';
import { exerciseCommonJs, exerciseModule, expectedExerciseReport, smokeSitemapCommonJs, smokeSitemapModule, type ExerciseReport } from './runtime-exercise';
import { ASKED_ONCE_EACH, crawlExerciseCommonJs, crawlExerciseModule, expectedCrawlReport, requestsDuring, startCrawlSite, type CrawlExerciseReport } from './runtime-crawl';
import type { SiteServer } from './fixtures/site-server';
import { wasmScalarPrintable } from '../src/core/wasm-scalar.generated';
import { wasmSimdPrintable } from '../src/core/wasm-simd.generated';

const run = promisify(execFile);

const binary = (name: string): string => join(repositoryRoot, 'node_modules', '.bin', name);

/** A compatibility date the pinned workerd supports (it refuses dates after its own build). */
const COMPATIBILITY_DATE = '2026-04-01';

/** Runs the exercise and prints its report, with the file `sitemapkit` resolved to. */
const esmRunner = `import * as sitemapkit from 'sitemapkit';
import { exercise } from './exercise.mjs';
import { crawlExercise } from './crawl-exercise.mjs';
import { xml } from './smoke-sitemap.mjs';
const report = await exercise(sitemapkit, xml);
const crawl = await crawlExercise(sitemapkit, process.env.SITEMAPKIT_CRAWL_ORIGIN);
console.log(JSON.stringify({ resolved: import.meta.resolve('sitemapkit'), ...report, crawl }));
`;

const commonJsRunner = `const sitemapkit = require('sitemapkit');
const { exercise } = require('./exercise.cjs');
const { crawlExercise } = require('./crawl-exercise.cjs');
const { xml } = require('./smoke-sitemap.cjs');
exercise(sitemapkit, xml).then(async (report) => {
  const crawl = await crawlExercise(sitemapkit, process.env.SITEMAPKIT_CRAWL_ORIGIN);
  console.log(JSON.stringify({ resolved: require.resolve('sitemapkit'), ...report, crawl }));
});
`;

const workerSource = `import * as sitemapkit from 'sitemapkit';
import { exercise } from './exercise.mjs';
import { crawlExercise } from './crawl-exercise.mjs';
import { xml } from './smoke-sitemap.mjs';
export default {
  async fetch(request) {
    try {
      const report = await exercise(sitemapkit, xml);
      return Response.json({ ...report, crawl: await crawlExercise(sitemapkit, new URL(request.url).searchParams.get('crawl')) });
    } catch (error) {
      return Response.json({ failure: String((error && error.stack) || error), code: error?.code, isSitemapError: error instanceof sitemapkit.SitemapError }, { status: 500 });
    }
  },
};
`;

/** The tools' environment: no update checks, metrics, banners or prompts (nothing off the machine). */
function quietEnvironment(project: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    WRANGLER_SEND_ERROR_REPORTS: 'false',
    WRANGLER_HIDE_BANNER: 'true',
    WRANGLER_LOG_PATH: join(project, '.wrangler-logs'),
    DENO_NO_UPDATE_CHECK: '1',
    DENO_NO_PROMPT: '1',
    DENO_DIR: join(project, '.deno-cache'),
    DO_NOT_TRACK: '1',
  };
}

type Report = ExerciseReport & { resolved: string; crawl: CrawlExerciseReport };

let installed: InstalledPackage;
/** The local site every runtime crawls (test/runtime-crawl.ts). */
let site: SiteServer;

async function runProgram(command: string, args: string[]): Promise<Report> {
  const project = installed.projectDirectory;
  const { stdout } = await run(command, args, { cwd: project, env: { ...quietEnvironment(project), SITEMAPKIT_CRAWL_ORIGIN: site.origin }, timeout: 60_000 });
  return JSON.parse(stdout.trim().split('\n').pop()!) as Report;
}

beforeAll(async () => {
  site = await startCrawlSite();
  installed = await installPackedPackage();
  const files: Record<string, string> = {
    'exercise.mjs': exerciseModule,
    'exercise.cjs': exerciseCommonJs,
    'crawl-exercise.mjs': crawlExerciseModule,
    'crawl-exercise.cjs': crawlExerciseCommonJs,
    'smoke-sitemap.mjs': smokeSitemapModule,
    'smoke-sitemap.cjs': smokeSitemapCommonJs,
    'run.mjs': esmRunner,
    'run.cjs': commonJsRunner,
    'worker.mjs': workerSource,
    'wrangler.json': JSON.stringify({ name: 'sitemapkit-runtime-test', main: 'worker.mjs', compatibility_date: COMPATIBILITY_DATE }),
  };
  for (const [name, contents] of Object.entries(files)) await writeFile(join(installed.projectDirectory, name), contents);
}, 120_000);

afterAll(async () => {
  await installed?.remove();
  await site?.close();
});

describe.each([
  { runtime: 'Node, ESM import', command: () => process.execPath, args: ['run.mjs'], entry: /\/dist\/index\.node\.js$/ },
  { runtime: 'Node, CJS require', command: () => process.execPath, args: ['run.cjs'], entry: /\/dist\/index\.node\.cjs$/ },
  // The oldest Node `engines` admits and the lines in support, as fetched by pretest.
  ...[OLDEST_NODE, ...NODE_VERSIONS].flatMap((version) => [
    { runtime: `Node ${version}, ESM import`, command: () => requiredNodeBinary(version), args: ['run.mjs'], entry: /\/dist\/index\.node\.js$/ },
    { runtime: `Node ${version}, CJS require`, command: () => requiredNodeBinary(version), args: ['run.cjs'], entry: /\/dist\/index\.node\.cjs$/ },
  ]),
  // Deno and Bun read the `node` condition (both implement node:buffer and node:zlib).
  // --allow-net for the crawl's local site, and nothing else.
  { runtime: 'Deno', command: () => binary('deno'), args: ['run', '--allow-read', '--allow-env', '--allow-net=127.0.0.1', 'run.mjs'], entry: /\/dist\/index\.node\.js$/ },
  { runtime: 'Bun', command: () => binary('bun'), args: ['run.mjs'], entry: /\/dist\/index\.node\.js$/ },
])('the packed package in $runtime', ({ command, args, entry }) => {
  let report: Report;
  let asked: Record<string, number>;
  beforeAll(async () => {
    // A function: a binary that is missing fails its own tests, with how to fetch it, not the file.
    ({ result: report, asked } = await requestsDuring(site, () => runProgram(command(), args)));
  }, 90_000);

  it('resolves "sitemapkit" through the `node` condition', () => {
    expect(report.resolved).toMatch(entry);
  });

  it('parses, validates, streams, and serializes with gzip (at once and as a stream), as everywhere', () => {
    const { resolved: _resolved, crawl: _crawl, ...exercised } = report;
    expect(exercised).toEqual(expectedExerciseReport);
  });

  it('crawls a local site (robots.txt, an index, a .gz urlset, a text sitemap), asking for each file once, as everywhere', () => {
    expect(report.crawl).toEqual(expectedCrawlReport);
    expect(asked).toEqual(ASKED_ONCE_EACH);
  });
});

describe('the packed package\'s command line (bin) under the oldest Node `engines` admits', () => {
  it(`validates and lists a gzipped sitemap under Node ${OLDEST_NODE}`, async () => {
    const project = installed.projectDirectory;
    await writeFile(join(project, 'smoke.xml.gz'), gzipSync(smokeSitemap));
    const cli = join(project, 'node_modules', 'sitemapkit', 'dist', 'cli.js');
    const validated = await run(requiredNodeBinary(OLDEST_NODE), [cli, 'validate', 'smoke.xml.gz', '--format', 'json'], { cwd: project });
    const [file] = (JSON.parse(validated.stdout) as { files: { file: string; entries: number; errors: number }[] }).files;
    expect(file).toMatchObject({ file: 'smoke.xml.gz', format: 'xml', entries: expectedExerciseReport.locs.length, errors: 0 });
    const listed = await run(requiredNodeBinary(OLDEST_NODE), [cli, 'ls', 'smoke.xml.gz', '--fields', 'loc'], { cwd: project });
    expect(listed.stdout.trimEnd().split('\n')).toEqual(expectedExerciseReport.locs);
  }, 60_000);
});

/** What the Worker answers when the exercise threw: the error's stack, its code, and whether it is the package's SitemapError. */
type WorkerFailure = { failure?: string; code?: string; isSitemapError?: boolean };
type WorkerReport = ExerciseReport & WorkerFailure & { crawl?: CrawlExerciseReport };

/** Builds worker.mjs with wrangler into `outDirectory` and runs it in workerd: its bundle and response. */
async function buildAndRunWorker(outDirectory: string, environment: NodeJS.ProcessEnv = {}): Promise<{ bundled: string; status: number; body: WorkerReport }> {
  const project = installed.projectDirectory;
  await run(process.execPath, [join(repositoryRoot, 'node_modules', 'wrangler', 'bin', 'wrangler.js'), 'deploy', '--dry-run', '--outdir', outDirectory], {
    cwd: project, env: { ...quietEnvironment(project), ...environment }, timeout: 90_000,
  });
  const bundled = await readFile(join(outDirectory, 'worker.js'), 'utf8');
  const miniflare = new Miniflare({
    modules: true,
    // Module names are paths below modulesRoot (by default the working directory, outside the project).
    modulesRoot: outDirectory,
    scriptPath: join(outDirectory, 'worker.js'),
    // What wrangler uploads a `.wasm` import as: a module the runtime compiled, not bytes.
    modulesRules: [{ type: 'CompiledWasm', include: ['**/*.wasm'] }],
    compatibilityDate: COMPATIBILITY_DATE,
  });
  try {
    const response = await miniflare.dispatchFetch(`http://localhost/?crawl=${encodeURIComponent(site.origin)}`);
    return { bundled, status: response.status, body: (await response.json()) as WorkerReport };
  } finally {
    await miniflare.dispose();
  }
}

describe('the packed package in a Cloudflare Worker (wrangler build, workerd through miniflare)', () => {
  let outDirectory: string;
  let bundled: string;
  let status: number;
  let body: WorkerReport;
  let asked: Record<string, number>;

  beforeAll(async () => {
    outDirectory = join(installed.projectDirectory, 'worker-out');
    ({ result: { bundled, status, body }, asked } = await requestsDuring(site, () => buildAndRunWorker(outDirectory)));
  }, 120_000);

  it('bundles the `workerd` entry, with the SIMD core as a .wasm module beside the script', async () => {
    const files = await readdir(outDirectory);
    const wasmFiles = files.filter((file) => file.endsWith('.wasm'));
    expect(wasmFiles).toHaveLength(1);
    expect(wasmFiles[0]).toMatch(/sitemapkit\.simd\.wasm$/);
    expect(bundled).toContain(`from "./${wasmFiles[0]}"`);
    // No embedded core (in the printable code of assembly/printable-code.mjs, nor the Node entries'
    // binary string, which "\0asm" opens): workerd could not compile it anyway.
    expect(bundled).not.toMatch(/wasmSimdPrintable|wasmScalarPrintable|wasmSimdBinaryString|(\\x00|\\0)asm/);
    for (const printable of [wasmSimdPrintable, wasmScalarPrintable]) expect(bundled).not.toContain(printable.slice(178, 178 + 64));
  });

  it('parses, validates, streams, and serializes with gzip in workerd, as everywhere', () => {
    expect(body.failure).toBeUndefined();
    expect(status).toBe(200);
    const { crawl: _crawl, ...exercised } = body;
    expect(exercised).toEqual(expectedExerciseReport);
  });

  it('crawls the local site through workerd\'s fetch, asking for each file once, as everywhere', () => {
    expect(body.crawl).toEqual(expectedCrawlReport);
    expect(asked).toEqual(ASKED_ONCE_EACH);
  });

  // Why the `workerd` entry exists: the browser entry, which compiles embedded bytes, is refused,
  // with the package's typed error that names the way out (the runtime's own CompileError its cause).
  it('fails there with the browser entry (wrangler told to read only `browser` and `import`), as CORE_UNAVAILABLE saying what to do', async () => {
    const forced = await buildAndRunWorker(join(installed.projectDirectory, 'worker-out-browser-entry'), { WRANGLER_BUILD_CONDITIONS: 'browser,import' });
    expect(forced.status).toBe(500);
    expect(forced.body).toMatchObject({ code: 'CORE_UNAVAILABLE', isSitemapError: true });
    expect(forced.body.failure).toMatch(/^SitemapError: sitemapkit's WebAssembly core cannot run here \(CompileError: WebAssembly\.Module\(\): Wasm code generation disallowed by embedder\): /);
    expect(forced.body.failure).toContain('Workers and edge runtimes need the workerd or edge-light condition');
  }, 120_000);
});
