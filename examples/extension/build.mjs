// Builds the Manifest V3 example extension (README "Browser extension") from the package's BUILT
// browser entry: copies src/ and dist/index.js with the chunks it imports, plus fflate's browser
// ESM build, the full viewer (demo/, as viewer/) and its bundled example sitemap, and the icons
// (drawn by icons.mjs), into a loadable folder and zips it (the Chrome Web Store takes a zip).
//
//   npm run build:extension                     (= npm run build, then this script)
//   node examples/extension/build.mjs [--out DIR]   default DIR: examples/extension/dist
//
// Extension pages and service workers have no import maps and module service workers may not use
// dynamic import(), so the bare `fflate` specifier is rewritten to a relative path and the build
// fails if any copied module keeps a bare specifier or calls import(). The package's one dynamic
// import, of its scalar core for runtimes without WebAssembly SIMD (dist/lib/core/core-binary.js), is
// replaced by a rejection: every browser with MV3 has SIMD (Chrome since 91), so it never runs.

import { copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { zipSync } from 'fflate';
import { iconPng, ICON_SIZES } from './icons.mjs';

const extensionDirectory = fileURLToPath(new URL('.', import.meta.url));
const repositoryRoot = resolve(extensionDirectory, '../..');
const demoDirectory = join(repositoryRoot, 'demo');
/** Where the viewer goes inside the extension (the popup's "Viewer" button opens viewer/index.html?url=…). */
const viewerFolder = 'viewer';
const exampleSourceDirectory = join(extensionDirectory, 'src');
/** Where the package's modules go inside the extension, and fflate's browser build. */
const packageFolder = 'sitemapkit';
const fflateFile = 'vendor/fflate.js';
const zipName = 'sitemapkit-extension.zip';

// Static `import … from '…'`, `export … from '…'` and bare `import '…'` statements. Bundles put
// each on a line of its own; anchoring at the line start skips `import` examples in JSDoc.
const STATIC_SPECIFIER = /^((?:import|export)\b[^'";]*?\bfrom\s*|import\s*)(['"])([^'"]+)\2/gm;
const DYNAMIC_IMPORT = /\bimport\s*\(/;
const SCALAR_CORE_IMPORT = /\bimport\s*\(\s*(['"])\.\/wasm-scalar\.generated\.js\1\s*\)/g;
const SCALAR_CORE_REFUSAL = "Promise.reject(new Error('sitemapkit: this browser has no WebAssembly SIMD, and an extension cannot load the scalar core'))";

/**
 * Builds the extension into `outDirectory` and returns what it wrote. `packageDirectory` is where
 * sitemapkit's package.json and dist/ are (this repository by default; the tests pass an installed
 * tarball), and `sourceDirectory` the extension's own files (this example's src/ by default).
 *
 * @example
 * const { outDirectory, zipFile, files } = buildExtension({ outDirectory: '/tmp/extension' });
 */
export function buildExtension({ outDirectory = join(extensionDirectory, 'dist'), packageDirectory = repositoryRoot, sourceDirectory = exampleSourceDirectory } = {}) {
  const packageEntry = join(packageDirectory, 'dist', 'index.js');
  if (!existsSync(packageEntry)) throw new Error('dist/index.js is missing: run `npm run build` first (`npm run build:extension` does)');
  const packageJson = JSON.parse(readFileSync(join(packageDirectory, 'package.json'), 'utf8'));

  rmSync(outDirectory, { recursive: true, force: true });
  mkdirSync(outDirectory, { recursive: true });
  const written = [];
  const write = (path, contents) => {
    const target = join(outDirectory, ...path.split('/'));
    mkdirSync(dirname(target), { recursive: true });
    writeFileSync(target, contents);
    written.push(path);
  };

  // The extension's own files; the manifest takes the package's version.
  for (const name of readdirSync(sourceDirectory)) {
    const contents = readFileSync(join(sourceDirectory, name));
    if (name === 'manifest.json') {
      const manifest = JSON.parse(contents.toString('utf8'));
      manifest.version = packageJson.version;
      write(name, `${JSON.stringify(manifest, null, 2)}\n`);
    } else {
      write(name, contents);
    }
  }

  // The package's browser entry and every chunk it reaches, with `fflate` pointed at the copy.
  const pending = ['index.js'];
  const copied = new Set();
  while (pending.length > 0) {
    const file = pending.pop();
    if (copied.has(file)) continue;
    copied.add(file);
    const code = readFileSync(join(packageDirectory, 'dist', ...file.split('/')), 'utf8').replace(SCALAR_CORE_IMPORT, SCALAR_CORE_REFUSAL);
    const pathToFflate = posix.relative(posix.dirname(`${packageFolder}/${file}`), fflateFile);
    const fflateSpecifier = pathToFflate.startsWith('../') ? pathToFflate : `./${pathToFflate}`;
    const rewritten = code.replace(STATIC_SPECIFIER, (whole, keyword, quote, specifier) => {
      if (specifier === 'fflate') return `${keyword}${quote}${fflateSpecifier}${quote}`;
      if (specifier.startsWith('./') || specifier.startsWith('../')) {
        pending.push(posix.normalize(posix.join(posix.dirname(file), specifier)));
        return whole;
      }
      throw new Error(`dist/${file} imports "${specifier}", which an extension cannot resolve`);
    });
    write(`${packageFolder}/${file}`, rewritten);
  }

  // The viewer (demo/) as the extension's full-page view. Its modules name the package as a user's
  // app would (`sitemapkit`, or by the URL `npm start` serves it at); here both are the copy above.
  // Its page loses the import map (an inline script, which the extension CSP refuses) and the
  // samples menu (nothing serves the samples); the example it opens without ?url= comes along.
  for (const name of readdirSync(demoDirectory)) {
    if (name.endsWith('.js')) {
      const code = readFileSync(join(demoDirectory, name), 'utf8').replace(STATIC_SPECIFIER, (whole, keyword, quote, specifier) => {
        if (specifier === 'sitemapkit' || specifier === '/sitemapkit/index.js') return `${keyword}${quote}../${packageFolder}/index.js${quote}`;
        if (specifier === '/vendor/fflate.js') return `${keyword}${quote}../${fflateFile}${quote}`;
        return whole;
      });
      write(`${viewerFolder}/${name}`, code);
    }
  }
  write(`${viewerFolder}/style.css`, readFileSync(join(demoDirectory, 'style.css')));
  const page = readFileSync(join(demoDirectory, 'index.html'), 'utf8')
    .replace(/\s*<script type="importmap">[\s\S]*?<\/script>/, '')
    .replace(/\s*<!-- The package's browser entry[^>]*-->/, '')
    .replace(/\s*<select id="sample-select"[\s\S]*?<\/select>/, '')
    .replace('<link rel="icon" href="data:,">', '<link rel="icon" href="../icons/icon-32.png">')
    .replace('href="/style.css"', 'href="style.css"')
    .replace('src="/app.js"', 'src="app.js"');
  if (page.includes('importmap') || page.includes('sample-select') || /(?:src|href)="\/(?!\/)/.test(page)) throw new Error('demo/index.html changed: the viewer page could not be adapted for the extension');
  write(`${viewerFolder}/index.html`, page);
  write('examples/example-sitemap.xml', readFileSync(join(repositoryRoot, 'examples', 'example-sitemap.xml')));
  for (const size of ICON_SIZES) write(`icons/icon-${size}.png`, iconPng(size));

  // fflate's browser ESM build: the file its "import" export condition names (no Node built-ins).
  const require = createRequire(join(packageDirectory, 'package.json'));
  const fflateDirectory = dirname(require.resolve('fflate/package.json'));
  const fflateExports = JSON.parse(readFileSync(join(fflateDirectory, 'package.json'), 'utf8')).exports['.'];
  write(fflateFile, readFileSync(join(fflateDirectory, fflateExports.import.default)));

  // MV3 rules, checked on the output: static imports only, every specifier resolvable.
  for (const path of written.filter((name) => name.endsWith('.js'))) {
    const code = readFileSync(join(outDirectory, ...path.split('/')), 'utf8');
    if (DYNAMIC_IMPORT.test(code)) throw new Error(`${path} calls import(), which MV3 service workers forbid`);
    for (const [, , , specifier] of code.matchAll(STATIC_SPECIFIER)) {
      if (!specifier.startsWith('./') && !specifier.startsWith('../')) throw new Error(`${path} imports the bare specifier "${specifier}"`);
      const target = resolve(dirname(join(outDirectory, path)), specifier);
      if (!existsSync(target)) throw new Error(`${path} imports ${specifier}, which the extension does not contain`);
    }
  }

  // The zip holds the folder's contents (manifest.json at its root), and sits inside the folder
  // because dist/ is the one place ignored by git; Chrome ignores the extra file when loading.
  const entries = {};
  for (const path of written) entries[path] = new Uint8Array(readFileSync(join(outDirectory, ...path.split('/'))));
  const zipFile = join(outDirectory, zipName);
  writeFileSync(zipFile, zipSync(entries, { level: 9, mtime: new Date('2026-01-01T00:00:00Z') }));

  return { outDirectory, zipFile, files: written.sort(), bytes: written.reduce((sum, path) => sum + statSync(join(outDirectory, ...path.split('/'))).size, 0) };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { out: { type: 'string' } } });
  const result = buildExtension(values.out ? { outDirectory: resolve(values.out) } : {});
  // Paths relative to where the command ran, unless that means climbing out of it.
  const shown = (path) => (relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path));
  process.stdout.write(`extension: ${shown(result.outDirectory)}${sep} (${result.files.length} files, ${(result.bytes / 1024).toFixed(0)} KiB), zip: ${shown(result.zipFile)}\n`);
}
