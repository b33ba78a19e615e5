// The serialize benchmark's contenders: each turns the same 50,000 SitemapUrl entries into the
// UTF-8 bytes of a sitemaps.org 0.9 <urlset> document.
//
// A contender is { name, does, load() }; load() resolves to { prepare(urls), serialize(prepared) }.
// prepare() reshapes the entries into the form the library takes (sitemap.js wants `url` where
// sitemapkit has `loc`) outside the timed region; serialize() is timed and returns a Uint8Array
// (or a promise of one). Encoding the string to bytes is part of every peer's timed work.

import { Readable } from 'node:stream';
import { loadSitemapkit } from './sitemapkit.mjs';

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';

/** @type {{name: string, does: string, load: () => Promise<{prepare: Function, serialize: Function}>}[]} */
export const SERIALIZE_CONTENDERS = [
  {
    name: 'sitemapkit',
    does: 'serializeSitemap(urls) from the built dist/index.node.js: returns Uint8Array (WASM escaper)',
    async load() {
      const kit = await loadSitemapkit();
      return { prepare: (urls) => urls, serialize: (urls) => kit.serializeSitemap(urls) };
    },
  },
  {
    name: 'sitemap.js',
    does: 'sitemap@9 Readable.from(items).pipe(new SitemapStream()) + streamToPromise (validates each item and normalizes it: loc through new URL(), lastmod rewritten as ISO)',
    async load() {
      const { SitemapStream, streamToPromise } = await import('sitemap');
      return {
        prepare: (urls) => urls.map((u) => {
          const item = { url: u.loc };
          if (u.lastmod !== undefined) item.lastmod = u.lastmod;
          if (u.changefreq !== undefined) item.changefreq = u.changefreq;
          if (u.priority !== undefined) item.priority = u.priority;
          return item;
        }),
        // the items are reused by every call: normalizeURL copies them and never writes to them
        serialize: (items) => streamToPromise(Readable.from(items).pipe(new SitemapStream())),
      };
    },
  },
  {
    name: 'fast-xml-parser',
    does: 'XMLBuilder({ignoreAttributes: false}).build({?xml, urlset: {@_xmlns, url: [...]}}) + TextEncoder.encode',
    async load() {
      const { XMLBuilder } = await import('fast-xml-parser');
      const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_' });
      const encoder = new TextEncoder();
      return {
        // entries already use the element names as keys and leave absent fields out
        prepare: (urls) => ({
          '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
          urlset: { '@_xmlns': SITEMAP_NAMESPACE, url: urls },
        }),
        serialize: (tree) => encoder.encode(builder.build(tree)),
      };
    },
  },
  {
    name: 'naive concat',
    does: 'string += per element with a regex escaper (test, then replace), then TextEncoder.encode: the hand-written baseline',
    async load() {
      const encoder = new TextEncoder();
      const entities = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
      const escape = (s) => (/[&<>"']/.test(s) ? s.replace(/[&<>"']/g, (c) => entities[c]) : s);
      return {
        prepare: (urls) => urls,
        serialize(urls) {
          let s = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n`;
          for (const u of urls) {
            s += '<url><loc>' + escape(u.loc) + '</loc>';
            if (u.lastmod !== undefined) s += '<lastmod>' + escape(u.lastmod) + '</lastmod>';
            if (u.changefreq !== undefined) s += '<changefreq>' + escape(u.changefreq) + '</changefreq>';
            if (u.priority !== undefined) s += '<priority>' + u.priority + '</priority>';
            s += '</url>\n';
          }
          return encoder.encode(s + '</urlset>\n');
        },
      };
    },
  },
];
