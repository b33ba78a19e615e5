#!/usr/bin/env node
// The viewer's static server (`npm start`): serves demo/, the BUILT package (dist/) under
// /sitemapkit/ and fflate's browser build under /vendor/fflate.js, on localhost only, and a fetch
// relay (/relay?url=…) so that the viewer can read other sites' sitemaps, which a browser page
// may not read cross-origin (relay.mjs). Node-only: it never runs in a browser.
//
//   node demo/serve.mjs             http://localhost:5178/ (PORT=… to choose, PORT=0 for any free port)
//
// Module workers get no import map in Chromium, so the one bare specifier the package's modules
// import (`fflate`) is rewritten to its served URL as the files go out, as a bundler or an
// import-map-less CDN would; the page itself names the package `sitemapkit` in its import map.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { createRequire } from 'node:module';
import { dirname, extname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { relayRequest, RELAY_PATH } from './relay.mjs';

const demoDirectory = fileURLToPath(new URL('.', import.meta.url));
const repositoryRoot = resolve(demoDirectory, '..');

/** The port `npm start` tries first when PORT is not set. */
export const DEFAULT_PORT = 5178;

/** Where the package's browser entry and fflate are served: the page's import map names these. */
export const PACKAGE_URL = '/sitemapkit/index.js';
export const FFLATE_URL = '/vendor/fflate.js';

const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.rss': 'application/rss+xml; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.wasm': 'application/wasm',
  // Raw bytes without Content-Encoding: the viewer sniffs gzip by its magic, as for any server.
  '.gz': 'application/gzip',
};

// Static `import … from '…'` / `export … from '…'` at the start of a line (how rollup writes them).
const STATIC_SPECIFIER = /^((?:import|export)\b[^'";]*?\bfrom\s*|import\s*)(['"])([^'"]+)\2/gm;

/** fflate's browser ESM build: the file its `import` export condition names. */
function fflateBrowserFile() {
  const require = createRequire(join(repositoryRoot, 'package.json'));
  const directory = dirname(require.resolve('fflate/package.json'));
  const exportsMap = JSON.parse(readFileSync(join(directory, 'package.json'), 'utf8')).exports['.'];
  return join(directory, exportsMap.import.default);
}

/** The file under `root` that `relativePath` names, or undefined if it would leave `root`. */
function inside(root, relativePath) {
  const file = resolve(root, relativePath);
  const rest = relative(root, file);
  return rest === '' || rest.startsWith('..') || rest.startsWith(sep) || resolve(rest) === rest ? undefined : file;
}

/**
 * What a URL path serves: `{ file, transform? }`, or undefined for a 404. Only these trees are
 * reachable: demo/ (the app), dist/ (as /sitemapkit/), fflate, and examples/*.xml.
 */
function route(pathname) {
  if (pathname === '/') return { file: join(demoDirectory, 'index.html') };
  if (pathname === FFLATE_URL) return { file: fflateBrowserFile() };
  if (pathname.startsWith('/sitemapkit/')) {
    const file = inside(join(repositoryRoot, 'dist'), pathname.slice('/sitemapkit/'.length));
    if (!file || !/\.(js|wasm)$/.test(file) || /\.node\.js$|[\\/]node\.js$/.test(file)) return undefined;
    return { file, transform: file.endsWith('.js') ? pointBareImportsAtServedUrls : undefined };
  }
  if (pathname.startsWith('/examples/')) {
    const file = inside(join(repositoryRoot, 'examples'), pathname.slice('/examples/'.length));
    return file && /[\\/]examples[\\/][^\\/]+\.(xml|xml\.gz|txt)$/.test(file) ? { file } : undefined;
  }
  const file = inside(demoDirectory, pathname.slice(1));
  // The server's own modules (this file, relay.mjs) are not the page's.
  if (!file || file.endsWith('.mjs')) return undefined;
  // Sample files may name the server they are served from: an index whose children open in place.
  return { file, transform: pathname.startsWith('/samples/') ? fillInOrigin : undefined };
}

/** Rewrites `from 'fflate'` in the package's modules to the served URL (module workers have no import map). */
function pointBareImportsAtServedUrls(text) {
  return text.replace(STATIC_SPECIFIER, (whole, keyword, quote, specifier) => {
    if (specifier === 'fflate') return `${keyword}${quote}${FFLATE_URL}${quote}`;
    if (specifier.startsWith('./') || specifier.startsWith('../') || specifier.startsWith('/')) return whole;
    throw new Error(`the package imports "${specifier}", which the viewer does not serve`);
  });
}

/** `{{origin}}` in a sample becomes the origin the browser asked (so its links come back here). */
function fillInOrigin(text, request) {
  const host = request.headers.host ?? '';
  return /^[A-Za-z0-9.[\]:-]+$/.test(host) ? text.replaceAll('{{origin}}', `http://${host}`) : text;
}

/**
 * The page's Content-Security-Policy: scripts from this server only (plus the inline import map,
 * by hash) and WebAssembly; `connect-src *` because the user may ask for a sitemap at any URL;
 * images from anywhere, for the thumbnails the user asks to see. No fonts or scripts from elsewhere.
 */
function contentSecurityPolicy(html) {
  const importMap = /<script type="importmap">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const hash = createHash('sha256').update(importMap).digest('base64');
  return [
    "default-src 'self'",
    `script-src 'self' 'wasm-unsafe-eval' 'sha256-${hash}'`,
    "worker-src 'self'",
    'connect-src *',
    // Thumbnails of a sitemap's images load from their hosts, only when the user asks (detail panel).
    "img-src 'self' data: blob: http: https:",
    "style-src 'self'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'none'",
  ].join('; ');
}

/**
 * An HTTP server for the viewer (not yet listening).
 *
 * @example
 * const server = createViewerServer();
 * server.listen(0, '127.0.0.1', () => console.log(server.address().port));
 */
export function createViewerServer() {
  return createServer(async (request, response) => {
    if (request.url?.startsWith(`${RELAY_PATH}?`) || request.url === RELAY_PATH) {
      await relayRequest(request, response);
      return;
    }
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain; charset=utf-8' }).end('Method not allowed\n');
      return;
    }
    let pathname;
    try {
      pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://localhost').pathname);
    } catch {
      response.writeHead(400, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Bad request\n');
      return;
    }
    const target = pathname.includes('\0') ? undefined : route(pathname);
    let body;
    try {
      if (!target || !(await stat(target.file)).isFile()) throw Object.assign(new Error('not found'), { code: 'ENOENT' });
      body = await readFile(target.file);
      if (target.transform) body = Buffer.from(target.transform(body.toString('utf8'), request));
    } catch (error) {
      const missingBuild = pathname.startsWith('/sitemapkit/') ? ' (is the package built? run `npm run build`)' : '';
      const status = error.code === 'ENOENT' || error.code === 'EISDIR' ? 404 : 500;
      if (status === 500) process.stderr.write(`viewer: ${pathname}: ${error.message}\n`);
      response.writeHead(status, { 'Content-Type': 'text/plain; charset=utf-8' }).end(`${status === 404 ? 'Not found' : 'Server error'}: ${pathname}${missingBuild}\n`);
      return;
    }
    const name = target.file.endsWith('.xml.gz') ? '.gz' : extname(target.file);
    const headers = {
      'Content-Type': CONTENT_TYPES[name] ?? 'application/octet-stream',
      'Content-Length': String(body.length),
      // Always revalidate: after `npm run build` a reload must pick up the new dist/.
      'Cache-Control': 'no-cache',
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer',
    };
    if (name === '.html') headers['Content-Security-Policy'] = contentSecurityPolicy(body.toString('utf8'));
    response.writeHead(200, headers);
    response.end(request.method === 'HEAD' ? undefined : body);
  });
}

/** Listens on `port` at 127.0.0.1; resolves with the port, rejects with the listen error (EADDRINUSE…). */
function listen(server, port) {
  return new Promise((resolvePort, reject) => {
    const fail = (error) => { server.off('listening', succeed); reject(error); };
    const succeed = () => { server.off('error', fail); resolvePort(server.address().port); };
    server.once('error', fail);
    server.once('listening', succeed);
    server.listen(port, '127.0.0.1');
  });
}

/**
 * Starts the viewer. With an explicit `port` a port in use is an error that says so; without one
 * it tries DEFAULT_PORT, the next nine ports, then any free port, and says which it took.
 *
 * @example
 * const { url, close } = await startViewer({ port: 0 });
 */
export async function startViewer({ port, log = () => {} } = {}) {
  const server = createViewerServer();
  const candidates = port === undefined
    ? [...Array.from({ length: 10 }, (_, i) => DEFAULT_PORT + i), 0]
    : [port];
  for (const candidate of candidates) {
    try {
      const actual = await listen(server, candidate);
      if (port === undefined && candidate !== DEFAULT_PORT) log(`Port ${DEFAULT_PORT} is in use; using ${actual} instead (set PORT to choose).`);
      return { server, port: actual, url: `http://localhost:${actual}/`, close: () => new Promise((done) => server.close(done)) };
    } catch (error) {
      if (error.code !== 'EADDRINUSE' || port !== undefined) {
        if (error.code === 'EADDRINUSE') throw new Error(`Port ${port} is already in use. Stop what is using it, or start the viewer on another port: PORT=${port + 1} npm start (PORT=0 picks a free one).`);
        throw error;
      }
    }
  }
  throw new Error('No free port found');
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const raw = process.env.PORT;
  const port = raw === undefined || raw === '' ? undefined : Number(raw);
  if (port !== undefined && !(Number.isInteger(port) && port >= 0 && port <= 65535)) {
    process.stderr.write(`PORT must be a port number (0-65535), not "${raw}"\n`);
    process.exit(2);
  }
  try {
    await stat(join(repositoryRoot, 'dist', 'index.js'));
  } catch {
    process.stderr.write('dist/index.js is missing: run `npm run build` first (`npm start` does).\n');
    process.exit(1);
  }
  try {
    const { url, close } = await startViewer({ port, log: (line) => process.stdout.write(`${line}\n`) });
    process.stdout.write(`sitemapkit viewer: ${url}\n(Ctrl-C to stop)\n`);
    const stop = () => close().then(() => process.exit(0));
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  } catch (error) {
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
}
