// The test files whose subject is something Node itself provides, run again under each Node release
// in support (test/ensure-node-versions.mjs fetches them in `pretest`), each by that Node's own
// vitest process: `npm test` runs on one Node (CI's), and Node 24 and 26 changed two of the things
// sitemapkit stands on without a word in their APIs (the dispatcher behind `fetch`, which the crawl
// recognises to use node:http instead; DecompressionStream's handling of gzip members). Both were
// found by running these files by hand; now every run does.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NODE_VERSIONS, requiredNodeBinary } from './ensure-node-versions.mjs';
import { repositoryRoot } from './packed-package';

const run = promisify(execFile);

/** Each file, and the part of Node it depends on. */
const NODE_FACING_FILES = {
  'test/crawl-fetch-node.node.test.ts': 'node:http(s), node:dns and the dispatcher behind fetch (refusePrivateAddresses)',
  'test/check-urls.node.test.ts': "checkUrls's transport and redirects",
  'test/crawl.test.ts': 'the crawl over fetch and Node\'s streams, against the fixture sites',
  'test/crawl-node-gunzip.node.test.ts': 'zlib streams under the crawl',
  'test/gzip-native.node.test.ts': 'zlib and DecompressionStream verdicts',
  'test/gzip-verdicts.test.ts': 'DecompressionStream on damaged and concatenated gzip',
  'test/gzip-verdicts.node.test.ts': 'zlib against the portable inflater',
  'test/parse-stream.test.ts': 'web streams, DecompressionStream, Response and Blob sources',
  'test/stream-equivalence.test.ts': 'the browser build and the Node build over the same bytes',
  'test/node-streams.node.test.ts': 'Node readable streams as sources',
  'test/node-entry.node.test.ts': 'the Node entry and its helpers',
  'test/node-loading.node.test.ts': 'ESM and CommonJS loading of the built files',
  'test/init-precompiled-module.test.ts': 'WebAssembly compilation and instantiation',
  'test/cli.node.test.ts': 'the command line: process, stdio, colour environment',
  'test/cli-inputs.node.test.ts': "the command line's URL inputs through node:http and node:dns",
};

interface VitestJsonReport {
  numTotalTests: number;
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; assertionResults: { fullName: string; status: string; failureMessages: string[] }[] }[];
}

let reports: string;

beforeAll(async () => {
  reports = await mkdtemp(join(tmpdir(), 'sitemapkit-node-versions-'));
});

afterAll(async () => {
  await rm(reports, { recursive: true, force: true });
});

describe('the Node-facing test files under every Node release in support', () => {
  it('has a binary of each version at hand (pretest fetched them), which says it is that version', async () => {
    for (const version of NODE_VERSIONS) {
      const { stdout } = await run(requiredNodeBinary(version), ['--version']);
      expect(stdout.trim()).toBe(`v${version}`);
    }
  });

  for (const version of NODE_VERSIONS) {
    it(`Node ${version}: every test of ${Object.keys(NODE_FACING_FILES).length} files passes, none skipped`, async () => {
      const output = join(reports, `${version}.json`);
      const files = Object.keys(NODE_FACING_FILES);
      const environment: NodeJS.ProcessEnv = { ...process.env };
      // This process's own vitest state would tell the child it is a worker of this run.
      for (const name of Object.keys(environment)) if (name.startsWith('VITEST')) delete environment[name];
      const child = await run(requiredNodeBinary(version), [join(repositoryRoot, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--project', 'node', '--reporter=json', `--outputFile=${output}`, ...files], {
        cwd: repositoryRoot,
        env: environment,
        maxBuffer: 64 << 20,
      }).catch((error: { stdout?: string; stderr?: string; code?: number }) => error);
      const report = JSON.parse(await readFile(output, 'utf8')) as VitestJsonReport;
      const failures = report.testResults.flatMap((file) => file.assertionResults.filter((test) => test.status === 'failed').map((test) => `${file.name}: ${test.fullName}\n${test.failureMessages.join('\n').slice(0, 2000)}`));
      expect(failures, `Node ${version}`).toEqual([]);
      expect((child as { code?: number }).code ?? 0, `Node ${version} exit code; stderr: ${String((child as { stderr?: string }).stderr).slice(-2000)}`).toBe(0);
      expect(report.testResults.map((file) => file.name.slice(repositoryRoot.length).replace(/^[\\/]/, '').replaceAll('\\', '/')).sort()).toEqual([...files].sort());
      expect(report.numPendingTests + report.numTodoTests, 'skipped').toBe(0);
      expect(report.numPassedTests).toBe(report.numTotalTests);
      expect(report.numTotalTests).toBeGreaterThan(300);
    }, 900_000);
  }
});
