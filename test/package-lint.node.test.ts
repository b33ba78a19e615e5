// The packed tarball as the registry would get it, checked by the two linters of published
// packages (issue #20 §4): publint (package.json fields, "exports" and the files they name) and
// @arethetypeswrong/cli (types resolve, and match the JS, under node10, node16 from CJS and ESM,
// and bundler resolution). Both are devDependencies pinned in package.json; neither goes online.

import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installPackedPackage, repositoryRoot, type InstalledPackage } from './packed-package';

const run = promisify(execFile);

let installed: InstalledPackage;

beforeAll(async () => {
  installed = await installPackedPackage();
}, 60_000);

afterAll(async () => {
  await installed?.remove();
});

/** Runs a linter's bin script with Node: its output and exit code, never a throw. */
async function lint(binScript: string, args: string[]): Promise<{ code: number; output: string }> {
  try {
    const { stdout, stderr } = await run(process.execPath, [join(repositoryRoot, 'node_modules', ...binScript.split('/')), ...args], { cwd: installed.projectDirectory, timeout: 60_000 });
    return { code: 0, output: stdout + stderr };
  } catch (error) {
    const failure = error as { code?: number; stdout?: string; stderr?: string; message: string };
    return { code: typeof failure.code === 'number' ? failure.code : 1, output: (failure.stdout ?? '') + (failure.stderr ?? '') || failure.message };
  }
}

describe('the packed tarball', () => {
  it('is clean for publint, warnings counted as errors', async () => {
    const { code, output } = await lint('publint/src/cli.js', ['run', installed.tarballPath, '--strict']);
    expect(output).toContain('All good!');
    expect(code).toBe(0);
  }, 60_000);

  it('is clean for @arethetypeswrong/cli under its strict profile (the .wasm subpaths are files, not modules)', async () => {
    const { code, output } = await lint('@arethetypeswrong/cli/dist/index.js', [
      installed.tarballPath, '--format', 'json', '--profile', 'strict',
      '--exclude-entrypoints', './sitemapkit.simd.wasm', './sitemapkit.scalar.wasm',
    ]);
    const report = JSON.parse(output) as { problems: Record<string, unknown>; analysis: { entrypoints: Record<string, unknown> } };
    expect(report.problems).toEqual({});
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual(['.', './node', './package.json']);
    expect(code).toBe(0);
  }, 60_000);
});
