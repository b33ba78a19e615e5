// The fetch relay of `npm start`'s server (demo/relay.mjs, issue 17): it reads other origins for
// the viewer, and only for the viewer: localhost only, the viewer's header, same-origin pages,
// GET of http(s) only, redirects handed back, not followed. Node-only (it starts the servers).

import { createServer, get, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
// @ts-expect-error: a plain ESM module of the demo, without types.
import { startViewer } from '../demo/serve.mjs';

let viewer: { url: string; port: number; close(): Promise<void> };
let site: Server;
let siteOrigin: string;
const siteRequests: { path: string; headers: Record<string, unknown> }[] = [];

beforeAll(async () => {
  site = createServer((request, response) => {
    siteRequests.push({ path: request.url ?? '', headers: request.headers });
    if (request.url === '/sitemap.xml') response.writeHead(200, { 'Content-Type': 'application/xml' }).end('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>');
    else if (request.url === '/moved') response.writeHead(301, { Location: '/sitemap.xml' }).end();
    else if (request.url === '/busy') response.writeHead(429, { 'Retry-After': '7' }).end('slow down');
    else response.writeHead(404).end('no');
  });
  await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
  siteOrigin = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  viewer = await startViewer({ port: 0 });
});

afterAll(async () => {
  await viewer?.close();
  await new Promise((resolve) => site ? site.close(resolve) : resolve(undefined));
});

const relay = (url: string | undefined, headers: Record<string, string> = { 'X-Sitemapkit-Relay': '1' }) =>
  fetch(`http://127.0.0.1:${viewer.port}/relay${url === undefined ? '' : `?url=${encodeURIComponent(url)}`}`, { headers });

describe('the relay', () => {
  it('says it is there, and relays a GET with the site\'s status and headers', async () => {
    const probe = await relay(undefined);
    expect([probe.status, probe.headers.get('x-relay-available')]).toEqual([204, '1']);
    const answer = await relay(`${siteOrigin}/sitemap.xml`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('x-relay-status')).toBe('200');
    expect(answer.headers.get('x-relay-content-type')).toBe('application/xml');
    expect(await answer.text()).toBe('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>');
    // Nothing of the viewer's request (cookies, its headers) reaches the site.
    const seen = siteRequests.at(-1)!;
    expect(seen.path).toBe('/sitemap.xml');
    expect(seen.headers['x-sitemapkit-relay']).toBeUndefined();
    expect(seen.headers['user-agent']).toBe('sitemapkit-viewer (local relay)');
  });

  it('hands redirects and 429s back instead of following or retrying them', async () => {
    const before = siteRequests.length;
    const moved = await relay(`${siteOrigin}/moved`);
    expect([moved.headers.get('x-relay-status'), moved.headers.get('x-relay-location')]).toEqual(['301', '/sitemap.xml']);
    const busy = await relay(`${siteOrigin}/busy`);
    expect([busy.headers.get('x-relay-status'), busy.headers.get('x-relay-retry-after')]).toEqual(['429', '7']);
    expect(siteRequests.slice(before).map((request) => request.path)).toEqual(['/moved', '/busy']);
  });

  it('refuses what is not the viewer asking, other schemes and other methods', async () => {
    const before = siteRequests.length;
    expect((await relay(`${siteOrigin}/sitemap.xml`, {})).status).toBe(403);
    expect((await relay(`${siteOrigin}/sitemap.xml`, { 'X-Sitemapkit-Relay': '1', 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    // A DNS-rebinding page reaches 127.0.0.1 under its own name: the Host header gives it away (fetch cannot set Host).
    const rebound = await new Promise<number>((resolve, reject) => {
      get({ host: '127.0.0.1', port: viewer.port, path: `/relay?url=${encodeURIComponent(`${siteOrigin}/sitemap.xml`)}`, headers: { 'X-Sitemapkit-Relay': '1', Host: `evil.example:${viewer.port}` } }, (response) => { response.resume(); resolve(response.statusCode ?? 0); }).on('error', reject);
    });
    expect(rebound).toBe(403);
    for (const url of ['file:///etc/passwd', 'data:text/plain,hi', 'javascript:alert(1)', 'not a url']) {
      const refused = await relay(url);
      expect(refused.status, url).toBe(400);
      expect(refused.headers.get('x-relay-error'), url).toBeTruthy();
    }
    const post = await fetch(`http://127.0.0.1:${viewer.port}/relay?url=${encodeURIComponent(`${siteOrigin}/sitemap.xml`)}`, { method: 'POST', headers: { 'X-Sitemapkit-Relay': '1' } });
    expect(post.status).toBe(405);
    expect(siteRequests.length).toBe(before);
  });

  it('says when the site cannot be reached', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const answer = await relay(`http://127.0.0.1:${port}/sitemap.xml`);
    expect(answer.status).toBe(502);
    expect(answer.headers.get('x-relay-error')).toMatch(/^Could not reach 127\.0\.0\.1:\d+: ECONNREFUSED/);
  });

  it('is not served as a file', async () => {
    expect((await fetch(`http://127.0.0.1:${viewer.port}/relay.mjs`)).status).toBe(404);
  });
});
