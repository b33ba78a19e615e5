// Helpers of the command-line tests: run the BUILT CLI (node dist/cli.js) as a user does, with
// stdin, environment and signals, and a loopback HTTP server (port 0) serving files and statuses.

import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { resolve } from 'node:path';

export const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
export const cliPath = resolve(repositoryRoot, 'dist/cli.js');
export const corpus = (path: string) => resolve(repositoryRoot, 'test/corpus', path);

export interface CliRun {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** Throws a message naming the missing build, so a run without `npm run build` says what to do. */
export function requireBuiltCli(): void {
  if (!existsSync(cliPath)) throw new Error(`${cliPath} is missing: run npm run build first (npm test does)`);
}

/** Starts the CLI; `input` is written to its stdin (then closed) unless `keepStdinOpen`. */
export function startCli(args: string[], options: { input?: string | Buffer; env?: Record<string, string>; keepStdinOpen?: boolean } = {}): { child: ChildProcess; done: Promise<CliRun> } {
  // No colour settings of the test runner's (vitest sets FORCE_COLOR): the CLI's own rule
  // decides. Left out, not emptied: Node 22+ warns on stderr when both are set, even empty.
  const { NO_COLOR: _noColor, FORCE_COLOR: _forceColor, ...inherited } = process.env;
  const child = spawn(process.execPath, [cliPath, ...args], {
    cwd: repositoryRoot,
    env: { ...inherited, ...options.env },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout!.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr!.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  child.stdin!.on('error', () => {}); // the CLI may exit before reading all of it
  if (options.input !== undefined) child.stdin!.write(options.input);
  if (!options.keepStdinOpen) child.stdin!.end();
  const done = new Promise<CliRun>((resolvePromise, reject) => {
    child.on('error', reject);
    child.on('close', (code, signal) => resolvePromise({ code, signal, stdout, stderr }));
  });
  return { child, done };
}

export function runCli(args: string[], options: { input?: string | Buffer; env?: Record<string, string> } = {}): Promise<CliRun> {
  return startCli(args, options).done;
}

export interface TestServer {
  origin: string;
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

type Routes = Record<string, Buffer | string | number | { status: number; location: string }>;

/** A loopback server on port 0: each path maps to a body (200), a status, or a redirect; routes may depend on the server's origin. */
export async function serve(routesOf: Routes | ((origin: string) => Routes)): Promise<TestServer> {
  const requests: string[] = [];
  let routes: Routes = {};
  const server: Server = createServer((request, response) => {
    const path = request.url ?? '/';
    requests.push(path);
    const route = routes[path];
    if (route === undefined || typeof route === 'number') {
      response.statusCode = route ?? 404;
      response.end('not here');
      return;
    }
    if (typeof route === 'object' && !Buffer.isBuffer(route)) {
      response.statusCode = route.status;
      response.setHeader('Location', route.location);
      response.end();
      return;
    }
    response.setHeader('Content-Type', 'application/xml');
    response.end(route);
  });
  await new Promise<void>((resolvePromise) => server.listen(0, '127.0.0.1', resolvePromise));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  routes = typeof routesOf === 'function' ? routesOf(origin) : routesOf;
  return {
    origin,
    requests,
    close: () => new Promise<void>((resolvePromise) => server.close(() => resolvePromise())),
  };
}

/** The `loc`s of an XML document, in order. */
export function locsOf(xml: string): string[] {
  return [...xml.matchAll(/<loc>\s*([^<]*?)\s*<\/loc>/g)].map((match) => match[1]!.replace(/&amp;/g, '&'));
}
