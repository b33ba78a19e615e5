// Vitest: one suite, two projects: "node" (every test) and "browser" (the shared tests in Debian
// Chromium via @vitest/browser-playwright; *.node.test.ts are Node-only). TOOLCHAIN.md "Vitest browser mode".

import { createReadStream, statSync } from 'node:fs';
import { relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { playwright } from '@vitest/browser-playwright';
import type { Plugin } from 'vite';
import { configDefaults, defineConfig } from 'vitest/config';
import { chromiumArguments, chromiumExecutablePath } from './test/chromium.ts';

const repositoryRoot = fileURLToPath(new URL('.', import.meta.url));
// The real-world corpus is vendored in test/corpus/ (provenance in its MANIFEST.tsv).
const corpusRoot = resolve(repositoryRoot, 'test/corpus');

const testFiles = ['test/**/*.test.ts', 'src/**/*.test.ts'];

/**
 * Serves fixture files to browser tests as raw bytes: `/@fixture/corpus/<path>` from the vendored
 * corpus and `/@fixture/repository/<path>` from this repository. Vite's own static serving sends
 * `*.gz` with `Content-Encoding: gzip`, so `fetch()` would hand back inflated bytes; this never
 * sets an encoding, whatever the name.
 */
function fixtureBytesServer(): Plugin {
  const roots: Record<string, string> = { corpus: corpusRoot, repository: repositoryRoot };
  return {
    name: 'sitemapkit-fixture-bytes',
    configureServer(server) {
      server.middlewares.use('/@fixture/', (request, response, next) => {
        const [rootName, ...rest] = decodeURIComponent((request.url ?? '').split('?')[0]!).replace(/^\//, '').split('/');
        const root = roots[rootName ?? ''];
        if (!root) return next();
        const file = resolve(root, rest.join('/'));
        const inside = relative(root, file);
        if (inside.startsWith('..') || inside.startsWith(sep)) {
          response.statusCode = 403;
          response.end('outside the fixture root');
          return;
        }
        let size: number;
        try {
          const stats = statSync(file);
          if (!stats.isFile()) throw new Error('not a file');
          size = stats.size;
        } catch {
          response.statusCode = 404;
          response.end(`no fixture ${rest.join('/')}`);
          return;
        }
        response.setHeader('Content-Type', 'application/octet-stream');
        response.setHeader('Content-Length', String(size));
        response.setHeader('Cache-Control', 'no-store');
        createReadStream(file).pipe(response);
      });
    },
  };
}

export default defineConfig({
  plugins: [fixtureBytesServer()],
  server: {
    // Lets tests also import corpus files through Vite (`?raw`, `?url`) in the browser.
    fs: { allow: [repositoryRoot, corpusRoot] },
  },
  test: {
    // The crawl tests' fixture web sites (node:http on 127.0.0.1), started once per project.
    globalSetup: ['test/crawl-global-setup.ts'],
    // The scalar core is a lazily loaded chunk; tests comparing builds need it at hand.
    setupFiles: ['test/setup-core-builds.ts'],
    // A hang guard, not a speed target (those live in `npm run bench`): property tests and xmllint
    // runs take 1-4 s on an idle 2-core machine and timed out at vitest's default 5 s under load.
    testTimeout: 60_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          include: testFiles,
        },
      },
      {
        extends: true,
        // The crawl's scenarios again with the Node entry's parts installed (src/index.node.ts):
        // its requests through node:http(s) (src/site/crawl-fetch.node.ts) and zlib's gunzip, so
        // that every answer the suite asserts holds for that transport as for fetch.
        test: {
          name: 'node-entry',
          environment: 'node',
          include: ['test/crawl.test.ts'],
          setupFiles: ['test/setup-core-builds.ts', 'test/setup-node-entry.ts'],
        },
      },
      {
        extends: true,
        // Pre-bundle what tests import so Vite never re-optimises (and reloads) mid-run.
        optimizeDeps: { include: ['fflate', 'fast-check', 'robots-parser'] },
        test: {
          name: 'browser',
          include: testFiles,
          exclude: [...configDefaults.exclude, '**/*.node.test.ts'],
          browser: {
            enabled: true,
            headless: true,
            screenshotFailures: false,
            provider: playwright({
              launchOptions: { executablePath: chromiumExecutablePath, args: chromiumArguments },
            }),
            instances: [{ browser: 'chromium' }],
          },
        },
      },
    ],
  },
});
