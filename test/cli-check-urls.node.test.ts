// `sitemapkit check-urls` (issue 19, item 11) as a user runs it: the BUILT dist/cli.js spawned
// against a loopback server (port 0) whose listed pages answer 200, 301 → 200, 404, 500,
// X-Robots-Tag: noindex and a robots meta noindex; rows, counts, exit codes, every format,
// --only-problems, a site input, a bad option, Ctrl-C. Node-only: processes, node:http.

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { requireBuiltCli, runCli, startCli } from './cli-helpers';

vi.setConfig({ testTimeout: 120_000 });

let server: Server;
let origin: string;
const PAGES = ['/ok', '/moved', '/gone', '/broken', '/noindex-header', '/noindex-meta'];
const sitemapOf = (paths: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${paths.map((path) => `<url><loc>${origin}${path}</loc></url>`).join('\n')}\n</urlset>\n`;

beforeAll(async () => {
  requireBuiltCli();
  server = createServer((request, response) => {
    const path = request.url ?? '/';
    const html = (headers: Record<string, string> = {}, head = '') => response.writeHead(200, { 'Content-Type': 'text/html', ...headers }).end(`<html><head>${head}</head><body>x</body></html>`);
    if (path === '/sitemap.xml') response.writeHead(200, { 'Content-Type': 'application/xml' }).end(sitemapOf(PAGES));
    else if (path === '/good.xml') response.writeHead(200, { 'Content-Type': 'application/xml' }).end(sitemapOf(['/ok', '/moved']));
    else if (path === '/robots.txt') response.writeHead(200, { 'Content-Type': 'text/plain' }).end(`Sitemap: ${origin}/sitemap.xml\n`);
    else if (path === '/ok') html();
    else if (path === '/moved') response.writeHead(301, { Location: '/ok' }).end();
    else if (path === '/gone') response.writeHead(404, { 'Content-Type': 'text/plain' }).end('gone');
    else if (path === '/broken') response.writeHead(500, { 'Content-Type': 'text/plain' }).end('oops');
    else if (path === '/noindex-header') html({ 'X-Robots-Tag': 'noindex' });
    else if (path === '/noindex-meta') html({}, '<meta name="robots" content="noindex, follow">');
    else if (path.startsWith('/slow')) setTimeout(() => html(), 2000);
    else response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

interface Row { url: string; status: number; finalUrl: string; redirects: number; noindex: string | null; error: string | null }

const byPath = (rows: Row[]) => new Map(rows.map((row) => [row.url.replace(origin, ''), row]));

describe('sitemapkit check-urls', () => {
  it('gives each listed page its status, redirect target and noindex as NDJSON, counts on stderr, exit 1', async () => {
    const run = await runCli(['check-urls', `${origin}/sitemap.xml`, '--format', 'ndjson']);
    expect(run.code).toBe(1);
    const rows = byPath(run.stdout.trim().split('\n').map((line) => JSON.parse(line) as Row));
    expect([...rows.keys()].sort()).toEqual([...PAGES].sort());
    expect(rows.get('/ok')).toEqual({ url: `${origin}/ok`, status: 200, finalUrl: `${origin}/ok`, redirects: 0, noindex: null, error: null });
    expect(rows.get('/moved')).toMatchObject({ status: 200, finalUrl: `${origin}/ok`, redirects: 1 });
    expect(rows.get('/gone')?.status).toBe(404);
    expect(rows.get('/broken')?.status).toBe(500);
    expect(rows.get('/noindex-header')).toMatchObject({ status: 200, noindex: 'header' });
    expect(rows.get('/noindex-meta')).toMatchObject({ status: 200, noindex: 'meta' });
    expect(run.stderr).toContain('6 URLs checked: ');
    for (const count of ['200 ×2', '200 noindex ×2', '404 ×1', '500 ×1']) expect(run.stderr).toContain(count);
    expect(run.stderr).toContain('4 not 200 or noindex');
  });

  it('writes text, TSV (with --header) and one JSON document', async () => {
    const text = await runCli(['check-urls', `${origin}/sitemap.xml`]);
    expect(text.code).toBe(1);
    const textLines = text.stdout.trim().split('\n');
    expect(textLines).toHaveLength(6);
    expect(textLines).toContain(`404  ${origin}/gone`);
    expect(textLines).toContain(`200  ${origin}/moved  → ${origin}/ok (1 redirect)`);
    expect(textLines).toContain(`200  ${origin}/noindex-meta  noindex (meta robots)`);
    expect(textLines).toContain(`200  ${origin}/noindex-header  noindex (X-Robots-Tag)`);

    const tsv = await runCli(['check-urls', `${origin}/sitemap.xml`, '--format', 'tsv', '--header']);
    // Only the final newline cut: a row whose last field (error) is empty ends in a tab, which
    // trim() took from whichever row came last (the rows come in the order the checks finish).
    const [header, ...tsvLines] = tsv.stdout.replace(/\n$/, '').split('\n');
    expect(header).toBe('url\tstatus\tfinalUrl\tredirects\tnoindex\terror');
    expect(tsvLines).toHaveLength(6);
    expect(tsvLines, tsv.stdout + tsv.stderr).toContain(`${origin}/broken\t500\t${origin}/broken\t0\t\t`);
    expect(tsvLines, tsv.stdout + tsv.stderr).toContain(`${origin}/noindex-header\t200\t${origin}/noindex-header\t0\theader\t`);

    const json = await runCli(['check-urls', `${origin}/sitemap.xml`, '--format', 'json']);
    const document = JSON.parse(json.stdout) as Row[];
    expect(document).toHaveLength(6);
    expect(byPath(document).get('/gone')?.status).toBe(404);
  });

  it('--only-problems leaves out the 200 rows without noindex; a clean sitemap exits 0', async () => {
    const problems = await runCli(['check-urls', `${origin}/sitemap.xml`, '--format', 'ndjson', '--only-problems', '--concurrency', '2']);
    expect(problems.code).toBe(1);
    const rows = byPath(problems.stdout.trim().split('\n').map((line) => JSON.parse(line) as Row));
    expect([...rows.keys()].sort()).toEqual(['/broken', '/gone', '/noindex-header', '/noindex-meta']);
    // The counts still cover every page.
    expect(problems.stderr).toContain('6 URLs checked');

    const clean = await runCli(['check-urls', `${origin}/good.xml`, '--only-problems', '--format', 'json']);
    expect(clean.code).toBe(0);
    expect(JSON.parse(clean.stdout)).toEqual([]);
    expect(clean.stderr).toContain('2 URLs checked: 200 ×2');
  });

  it('reads a site through its robots.txt, and stdin', async () => {
    const site = await runCli(['check-urls', `${origin}/`, '--format', 'ndjson', '--quiet']);
    expect(site.code).toBe(1);
    expect(site.stdout.trim().split('\n')).toHaveLength(6);
    expect(site.stderr).not.toContain('URLs checked');

    const stdin = await runCli(['check-urls', '-', '--format', 'tsv'], { input: `${origin}/ok\n${origin}/gone\n` });
    expect(stdin.code).toBe(1);
    expect(stdin.stdout.trim().split('\n').map((line) => line.split('\t').slice(0, 2).join(' ')).sort()).toEqual([`${origin}/gone 404`, `${origin}/ok 200`]);
  });

  it('gives a timeout as a row without an answer', async () => {
    const run = await runCli(['check-urls', '-', '--format', 'ndjson', '--timeout', '1'], { input: `${origin}/slow\n` });
    expect(run.code).toBe(1);
    const [row] = run.stdout.trim().split('\n').map((line) => JSON.parse(line) as Row);
    expect(row).toMatchObject({ status: 0, error: 'no answer within 1,000 ms' });
    expect(run.stderr).toContain('no answer ×1');
  });

  it('exits 2 for a bad option, a bad value or a missing file, with nothing on stdout', async () => {
    const cases: [string[], RegExp][] = [
      [['check-urls', '--bogus', `${origin}/sitemap.xml`], /^sitemapkit: check-urls: Unknown option '--bogus'/],
      [['check-urls', '--format', 'csv', `${origin}/sitemap.xml`], /^sitemapkit: check-urls: --format takes text, tsv, ndjson, json; got "csv"/],
      [['check-urls', '--concurrency', '0', `${origin}/sitemap.xml`], /--concurrency takes a whole number from 1 to 64/],
      [['check-urls'], /^sitemapkit: check-urls: give one file/],
      [['check-urls', 'missing-sitemap.xml'], /^sitemapkit: missing-sitemap.xml: no such file/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.split('\n')[0]).toMatch(message);
      expect(run.stdout).toBe('');
    }
    const help = await runCli(['check-urls', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('Usage: sitemapkit check-urls');
    expect(help.stdout).toMatch(/Examples:\n {2}sitemapkit check-urls /);
  });

  it('stops cleanly on Ctrl-C with what was checked, exit 130', async () => {
    const slow = Array.from({ length: 40 }, (_, index) => `${origin}/slow-${index}`).join('\n');
    const { child, done } = startCli(['check-urls', '-', '--format', 'ndjson', '--concurrency', '1'], { input: slow });
    await new Promise((resolve) => setTimeout(resolve, 3000));
    child.kill('SIGINT');
    const run = await done;
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(/interrupted; \d+ of \d+ URLs read so far checked/);
    // One lane, two seconds a page: it stopped long before the fortieth.
    expect(run.stdout.trim().split('\n').filter(Boolean).length).toBeLessThan(5);
  });
});
