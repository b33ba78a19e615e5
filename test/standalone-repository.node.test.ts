// The repository stands alone: a bare clone runs `npm test` and `npm run bench` with nothing beside
// it. Guards against a path that climbs out of the checkout (the corpus and the bench generator used
// to be read from ../shared/) and checks that every file MANIFEST.tsv lists is vendored, byte-exact.

import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createHash } from 'node:crypto';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { repositoryRoot } from './packed-package';

/** Folders whose code runs in tests, benchmarks, the demo, the examples or the build. */
const CODE_ROOTS = ['assembly', 'bench', 'demo', 'examples', 'src', 'test', '.ci'];
const CODE_FILE = /\.(?:[cm]?[jt]s|json|sh)$|^run$/;
const TOP_LEVEL_CODE = ['package.json', 'asconfig.json', 'rollup.config.mjs', 'tsconfig.json', 'vitest.config.ts'];

function codeFiles(directory: string): string[] {
  const found: string[] = [];
  for (const name of readdirSync(directory)) {
    if (name === 'node_modules' || name === 'corpus' || name === 'data' || name === 'dist') continue;
    const path = join(directory, name);
    if (statSync(path).isDirectory()) found.push(...codeFiles(path));
    else if (CODE_FILE.test(name)) found.push(path);
  }
  return found;
}

// Any of these in code means a path that leaves the checkout (a string, a URL or a join of parts).
const OUTSIDE = [/\.\.\/\.\.\/shared\b/, /['"`]\.\.\/shared\b/, /'\.\.',\s*'shared'/, /'\.\.',\s*'\.\.',\s*'shared'/, /\/work\/shared/];

describe('the repository stands alone', () => {
  it('no code file reaches into ../shared/ or another absolute checkout path', () => {
    const files = [...CODE_ROOTS.flatMap((root) => codeFiles(join(repositoryRoot, root))), ...TOP_LEVEL_CODE.map((name) => join(repositoryRoot, name))];
    expect(files.length).toBeGreaterThan(50);
    const reaching = files.flatMap((file) => {
      if (file.endsWith('standalone-repository.node.test.ts')) return [];
      const text = readFileSync(file, 'utf8');
      return OUTSIDE.filter((pattern) => pattern.test(text)).map((pattern) => `${relative(repositoryRoot, file)}: ${pattern}`);
    });
    expect(reaching).toEqual([]);
  });

  it("every dependency with an install script is reviewed in package.json's allowScripts, and no entry is stale", () => {
    // npm 11 warns about a dependency whose install script nobody reviewed, and npm 12 skips it
    // (docs.npmjs.com, npm-install-scripts): Bun's postinstall links the binary the runtime tests
    // run, so `npm install && npm test` on a newer npm would fail without its entry.
    const manifest = JSON.parse(readFileSync(join(repositoryRoot, 'package.json'), 'utf8')) as { allowScripts?: Record<string, boolean> };
    const lock = JSON.parse(readFileSync(join(repositoryRoot, 'package-lock.json'), 'utf8')) as { packages: Record<string, { hasInstallScript?: boolean }> };
    const withScripts = [...new Set(Object.entries(lock.packages).filter(([, entry]) => entry.hasInstallScript).map(([path]) => path.slice(path.lastIndexOf('node_modules/') + 'node_modules/'.length)))].sort();
    expect(withScripts).toContain('bun');
    expect(Object.keys(manifest.allowScripts ?? {}).sort()).toEqual(withScripts);
    expect(manifest.allowScripts?.bun).toBe(true);
  });

  it('every corpus file MANIFEST.tsv lists is in test/corpus/ with its size and SHA-256', () => {
    const corpus = join(repositoryRoot, 'test/corpus');
    const rows = readFileSync(join(corpus, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
    expect(rows.length).toBeGreaterThan(70);
    const wrong = rows.flatMap(([file, , , , , , , , , bytes, sha256]) => {
      const data = readFileSync(join(corpus, file!));
      const digest = createHash('sha256').update(data).digest('hex');
      return data.length === Number(bytes) && digest === sha256 ? [] : [`${file}: ${data.length} bytes, ${digest}`];
    });
    expect(wrong).toEqual([]);
    // The official schemas the XSD tests load, and the provenance a reader needs.
    for (const name of ['sitemap.xsd', 'siteindex.xsd', 'sitemap-image.xsd', 'sitemap-video.xsd', 'sitemap-news.xsd', 'xhtml1-strict.xsd', 'xml.xsd']) {
      expect(statSync(join(corpus, 'xsd', name)).size).toBeGreaterThan(500);
    }
    expect(readFileSync(join(corpus, 'README.md'), 'utf8')).toMatch(/MANIFEST\.tsv/);
  });

  it('the benchmark generator and its helpers are vendored in bench/', async () => {
    const generator = await import(join(repositoryRoot, 'bench/gen.mjs'));
    const common = await import(join(repositoryRoot, 'bench/common.mjs'));
    expect(typeof generator.buildUrlset).toBe('function');
    expect(generator.STANDARD.map(([name]: [string]) => name)).toContain('plain-50k.xml');
    expect(typeof common.digestEntries).toBe('function');
  });
});
