// Packs this repository with `npm pack` and installs the tarball into a fresh temporary project,
// the way a user gets sitemapkit, for the packed-package smoke tests (*.node.test.ts only).
// Uses the dist/ that `npm run build` (the pretest step) made; it never builds by itself.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** The repository root (this file is in test/). */
export const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));

/** A temporary project with the packed sitemapkit installed in its node_modules. */
export interface InstalledPackage {
  /** The consumer project: write test programs here. */
  projectDirectory: string;
  /** `node_modules/sitemapkit` inside it. */
  packageDirectory: string;
  /** Paths inside the tarball, e.g. `dist/index.js` (without npm's `package/` prefix). */
  packedFiles: string[];
  /** The tarball `npm pack` made (what the registry would get), until remove(). */
  tarballPath: string;
  /** Deletes the temporary directories. */
  remove(): Promise<void>;
}

interface PackResult {
  filename: string;
  files: { path: string }[];
}

/**
 * Packs and installs sitemapkit into a new temporary project. fflate, its dependency, comes from
 * the npm cache or registry as for any user.
 *
 * @example
 * const installed = await installPackedPackage();
 * try { ... } finally { await installed.remove(); }
 */
export async function installPackedPackage(): Promise<InstalledPackage> {
  for (const built of ['dist/index.js', 'dist/index.cjs', 'dist/index.d.ts', 'dist/index.d.cts']) {
    if (!existsSync(join(repositoryRoot, built))) throw new Error(`${built} is missing: run \`npm run build\` first (npm test does it in pretest)`);
  }
  const workDirectory = await mkdtemp(join(tmpdir(), 'sitemapkit-packed-'));
  const remove = () => rm(workDirectory, { recursive: true, force: true });
  try {
    // --ignore-scripts: packing must not rebuild; the tests check what pretest built.
    const { stdout } = await run('npm', ['pack', '--json', '--ignore-scripts', '--pack-destination', workDirectory], { cwd: repositoryRoot });
    const [pack] = JSON.parse(stdout) as PackResult[];
    const tarball = join(workDirectory, pack!.filename);

    const projectDirectory = join(workDirectory, 'consumer');
    await mkdir(projectDirectory);
    await writeFile(join(projectDirectory, 'package.json'), JSON.stringify({ name: 'sitemapkit-consumer', private: true, version: '1.0.0' }));
    await run('npm', ['install', '--no-audit', '--no-fund', '--prefer-offline', '--ignore-scripts', tarball], {
      cwd: projectDirectory,
      // What npm hands the scripts it runs (npm test) names this repository; keep it out.
      env: withoutRepositorySettings(process.env),
    });
    return {
      projectDirectory,
      packageDirectory: join(projectDirectory, 'node_modules', 'sitemapkit'),
      packedFiles: pack!.files.map((file) => file.path).sort(),
      tarballPath: tarball,
      remove,
    };
  } catch (error) {
    await remove();
    throw error;
  }
}

/** The environment minus npm's per-project variables (registry and cache settings stay). */
function withoutRepositorySettings(environment: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const cleaned: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(environment)) {
    if (!/^npm_(lifecycle_|package_|config_local_prefix$|config_prefix$)/i.test(name)) cleaned[name] = value;
  }
  return cleaned;
}

/**
 * Runs a program with Node in the consumer project and returns what it printed as JSON.
 *
 * @example
 * const result = await runNodeProgram(installed, 'esm.mjs');
 */
export async function runNodeProgram<T>(installed: InstalledPackage, file: string): Promise<T> {
  const { stdout } = await run(process.execPath, [file], { cwd: installed.projectDirectory });
  return JSON.parse(stdout) as T;
}

/** A small valid sitemap the smoke tests parse: 3 URLs, one with an escaped `&`. */
export const smokeSitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <url><loc>https://example.com/</loc><lastmod>2026-11-01</lastmod><priority>1.0</priority></url>
  <url><loc>https://example.com/docs/</loc><changefreq>weekly</changefreq></url>
  <url><loc>https://example.com/search?q=sitemap&amp;page=2</loc></url>
</urlset>
`;
