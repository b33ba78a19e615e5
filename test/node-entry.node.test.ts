// The built Node entry (dist/index.node.js, what `import 'sitemapkit'` gives in Node) against the
// built browser entry (dist/index.js): Node makes strings with Buffer and builds whole entries
// in runs of a megabyte of values (text.ts cheapAsciiBytes, SitemapParser.stageEntry); the
// entries must be the same. `npm test` builds dist/ first (pretest).

import { describe, expect, it } from 'vitest';
import { SITEMAP_NAMESPACE } from '../src/model/limits';

type Entry = typeof import('../src/index');
const nodeEntry = (await import(/* @vite-ignore */ new URL('../dist/index.node.js', import.meta.url).href)) as Entry;
const browserEntry = (await import(/* @vite-ignore */ new URL('../dist/index.js', import.meta.url).href)) as Entry;

const encoder = new TextEncoder();

function urlset(count: number, url: (i: number) => string): Uint8Array {
  return encoder.encode(`<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${Array.from({ length: count }, (_, i) => url(i)).join('\n')}\n</urlset>`);
}

const plain = (i: number): string =>
  `  <url>\n    <loc>https://www.example.com/products/item-${i}?color=blue&amp;size=${i % 7}</loc>\n    <lastmod>2024-05-${String(1 + (i % 28)).padStart(2, '0')}T10:00:00+00:00</lastmod>\n    <changefreq>daily</changefreq>\n    <priority>0.${i % 10}</priority>\n  </url>`;

/** Calls of Buffer#toString with `encoding` while `action` runs. */
function countToString(encoding: string, action: () => void): number {
  const original = Buffer.prototype.toString;
  let calls = 0;
  Buffer.prototype.toString = function (this: Buffer, ...args: Parameters<Buffer['toString']>) {
    if (args[0] === encoding) calls++;
    return original.apply(this, args);
  } as Buffer['toString'];
  try {
    action();
  } finally {
    Buffer.prototype.toString = original;
  }
  return calls;
}

describe('the Node entry', () => {
  it('reads a document of several megabytes as the browser entry does, making its value strings in runs of a megabyte', () => {
    const bytes = urlset(30_000, plain); // 4.9 MB: five input windows of the core
    let fromNode: ReturnType<Entry['parse']> | undefined;
    const asciiDecodes = countToString('ascii', () => { fromNode = nodeEntry.parse(bytes); });
    const fromBrowser = browserEntry.parse(bytes);
    expect(fromBrowser.kind === 'urlset' && fromBrowser.urls.length).toBe(30_000);
    expect(fromNode).toStrictEqual(fromBrowser);
    // About 2.7 MB of ASCII values: three runs, where one string per batch would make at least five.
    expect(asciiDecodes).toBeGreaterThanOrEqual(2);
    expect(asciiDecodes).toBeLessThanOrEqual(3);
  });

  it('reads a document whose entries mix whole ones, extensions and non-ASCII values as the browser entry does', () => {
    const bytes = urlset(20_000, (i) => i % 5 === 0
      ? `<url><loc>https://www.example.com/x/${i}</loc><image:image><image:loc>https://www.example.com/${i}.png</image:loc></image:image></url>`
      : i % 5 === 1 ? `<url><loc>https://www.example.com/caf\u00e9/${i}</loc><changefreq>Daily</changefreq></url>` : plain(i));
    expect(nodeEntry.parse(bytes)).toStrictEqual(browserEntry.parse(bytes));
    expect(nodeEntry.parse(bytes, { recover: true })).toStrictEqual(browserEntry.parse(bytes, { recover: true }));
  });
});
