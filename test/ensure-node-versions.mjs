// The Node releases test/node-versions.node.test.ts runs the Node-facing tests under, beside the
// one that runs `npm test` (CI's), and test/runtimes.node.test.ts the packed package (Node 18 too): the official binaries that npm publishes for each platform
// (`node-<platform>-<arch>`, Node's own release builds), fetched once by `pretest` into
// node_modules/.cache/sitemapkit-node/<version>/node. Only the executable is unpacked (each
// package is 200 MB with its headers and manual pages). Node 24 and 26 changed what sitemapkit
// stands on (fetch's dispatcher, DecompressionStream's handling of gzip members): both were found
// by running the tests under them by hand, which this makes part of every run.

import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

/** The newest release of each line in support on 2026-11-27 (22 maintenance, 24 and 26 LTS). */
export const NODE_VERSIONS = ['22.23.3', '24.21.0', '26.12.1'];

/**
 * The oldest Node package.json's `engines` admits (18, out of support since April 2025): the
 * packed package runs there (test/runtimes.node.test.ts), though vitest no longer does.
 */
export const OLDEST_NODE = '18.20.8';

const ALL_VERSIONS = [OLDEST_NODE, ...NODE_VERSIONS];

const repositoryRoot = dirname(dirname(fileURLToPath(import.meta.url)));

/** Where a version's executable is kept. */
export function nodeBinary(version) {
  return join(repositoryRoot, 'node_modules', '.cache', 'sitemapkit-node', version, 'node');
}

/** A version's executable for a test: a missing one says how to fetch it (`npm test` does in `pretest`). */
export function requiredNodeBinary(version) {
  const binary = nodeBinary(version);
  if (!existsSync(binary)) throw new Error(`Node ${version} is not at ${binary}: run node test/ensure-node-versions.mjs (npm test's pretest does)`);
  return binary;
}

/** npm's name of the package holding this platform's build (checked: linux-x64). */
function packageName() {
  return `node-${process.platform}-${process.arch}`;
}

/** Fetches (npm checks the tarball against the registry's integrity) and unpacks one version. */
function fetchNode(version) {
  const target = nodeBinary(version);
  const work = mkdtempSync(join(tmpdir(), 'sitemapkit-node-'));
  try {
    const spec = `${packageName()}@${version}`;
    const packed = JSON.parse(execFileSync('npm', ['pack', spec, '--json', '--pack-destination', work], { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }));
    const inside = 'package/bin/node';
    execFileSync('tar', ['-xzf', join(work, packed[0].filename), '-C', work, inside], { stdio: 'inherit' });
    mkdirSync(dirname(target), { recursive: true });
    renameSync(join(work, inside), target);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  const reported = execFileSync(target, ['--version'], { encoding: 'utf8' }).trim();
  if (reported !== `v${version}`) throw new Error(`ensure-node-versions: ${target} says ${reported}, not v${version}`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const missing = ALL_VERSIONS.filter((version) => !existsSync(nodeBinary(version)));
  for (const version of missing) {
    console.log(`ensure-node-versions: fetching Node ${version} (${packageName()} from the npm registry)`);
    fetchNode(version);
  }
  console.log(`ensure-node-versions: Node ${ALL_VERSIONS.join(', ')} in node_modules/.cache/sitemapkit-node/`);
}
