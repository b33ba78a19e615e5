// The parse benchmark's contenders: each turns the same sitemap bytes into the
// [{loc, lastmod, changefreq, priority}] array (sitemaps.org 0.9 <url> core fields) that verify() checks.
//
// A contender is { name, does, readsGzip?, load() }. load() imports the library (outside the timed region)
// and resolves to { parseUrlset(bytes), parseIndex?(bytes) }; both return the entry array (or a
// promise of it). `bytes` is a Node Buffer holding the raw file. Turning bytes into a string is
// part of each peer's timed work, as it is of sitemapkit's: every contender starts from bytes.

import { Readable } from 'node:stream';
import { saxCollector } from './common.mjs';
import { loadSitemapkit } from './sitemapkit.mjs';

/** The bytes as a JS string, the way a Node user reads a file as text (Buffer's native UTF-8 decoder). */
const decodeUtf8 = (bytes) => bytes.toString('utf8');

const pickCore = (u) => ({ loc: u.loc, lastmod: u.lastmod, changefreq: u.changefreq, priority: u.priority });

/** @type {{name: string, does: string, load: () => Promise<{parseUrlset: Function, parseIndex?: Function}>}[]} */
export const PARSE_CONTENDERS = [
  {
    name: 'sitemapkit',
    readsGzip: true, // takes .gz bytes as they are; peers get node:zlib's gunzipSync first
    does: 'parse(bytes).urls / .sitemaps from the built dist/index.node.js (WASM tokenizer; gzip sniffed and inflated by the library itself)',
    async load() {
      const kit = await loadSitemapkit();
      return {
        parseUrlset(bytes) {
          const result = kit.parse(bytes);
          if (result.kind !== 'urlset') throw new Error(`expected a urlset, got ${result.kind}`);
          return result.urls;
        },
        parseIndex(bytes) {
          const result = kit.parse(bytes);
          if (result.kind !== 'sitemapindex') throw new Error(`expected a sitemapindex, got ${result.kind}`);
          return result.sitemaps;
        },
      };
    },
  },
  {
    name: 'sitemap.js',
    does: 'sitemap@9 parseSitemap / parseSitemapIndex over a one-chunk Readable (sax-js underneath, validates values, extensions included)',
    async load() {
      const { parseSitemap, parseSitemapIndex } = await import('sitemap');
      return {
        async parseUrlset(bytes) {
          const items = await parseSitemap(Readable.from([bytes]));
          return items.map((i) => ({ loc: i.url, lastmod: i.lastmod, changefreq: i.changefreq, priority: i.priority }));
        },
        async parseIndex(bytes) {
          const items = await parseSitemapIndex(Readable.from([bytes]));
          return items.map((i) => ({ loc: i.url, lastmod: i.lastmod }));
        },
      };
    },
  },
  {
    name: 'fast-xml-parser',
    does: 'XMLParser({ignoreAttributes, parseTagValue: false, htmlEntities: true}) builds the whole tree; then urlset.url is mapped',
    async load() {
      const { XMLParser } = await import('fast-xml-parser');
      // htmlEntities: numeric references (&#039; for an apostrophe, as PHP writes it) are left
      // undecoded without it, and the result is wrong.
      const options = { ignoreAttributes: true, parseTagValue: false, htmlEntities: true, isArray: (name) => name === 'url' || name === 'sitemap' };
      return {
        parseUrlset(bytes) {
          const tree = new XMLParser(options).parse(decodeUtf8(bytes));
          return tree.urlset.url.map(pickCore);
        },
        parseIndex(bytes) {
          const tree = new XMLParser(options).parse(decodeUtf8(bytes));
          return tree.sitemapindex.sitemap.map((s) => ({ loc: s.loc, lastmod: s.lastmod }));
        },
      };
    },
  },
  {
    name: 'saxes',
    does: 'SaxesParser events (opentag/text/closetag) into the shared SAX collector',
    async load() {
      const { SaxesParser } = await import('saxes');
      return {
        parseUrlset(bytes) {
          const collector = saxCollector();
          const parser = new SaxesParser();
          parser.on('opentag', (tag) => collector.open(tag.name));
          parser.on('text', (text) => collector.text(text));
          parser.on('closetag', (tag) => collector.close(tag.name));
          parser.on('error', (error) => { throw error; });
          parser.write(decodeUtf8(bytes)).close();
          return collector.out;
        },
      };
    },
  },
  {
    name: 'htmlparser2',
    does: 'Parser({xmlMode: true, decodeEntities: true}) callbacks (onopentagname/ontext/onclosetag) into the shared SAX collector',
    async load() {
      const { Parser } = await import('htmlparser2');
      return {
        parseUrlset(bytes) {
          const collector = saxCollector();
          const parser = new Parser({
            onopentagname: (name) => collector.open(name),
            ontext: (text) => collector.text(text),
            onclosetag: (name) => collector.close(name),
          }, { xmlMode: true, decodeEntities: true });
          parser.end(decodeUtf8(bytes));
          return collector.out;
        },
      };
    },
  },
  {
    name: 'txml',
    does: 'parse(text, {decodeEntities: true, selfClosingTags: []}) builds a DOM-like tree; the <url> children are read off it',
    async load() {
      const { parse } = await import('txml');
      // selfClosingTags: [] because txml's HTML default treats <link>/<img>/… as void, wrong for XML
      const options = { decodeEntities: true, selfClosingTags: [] };
      const textOf = (node) => {
        let s = '';
        for (const c of node.children) if (typeof c === 'string') s += c;
        return s.trim();
      };
      return {
        parseUrlset(bytes) {
          const root = parse(decodeUtf8(bytes), options).find((n) => typeof n === 'object' && n.tagName === 'urlset');
          const out = [];
          for (const url of root.children) {
            if (typeof url !== 'object' || url.tagName !== 'url') continue;
            const entry = { loc: undefined, lastmod: undefined, changefreq: undefined, priority: undefined };
            for (const child of url.children) {
              if (typeof child !== 'object') continue;
              const tag = child.tagName;
              if (tag === 'loc' || tag === 'lastmod' || tag === 'changefreq' || tag === 'priority') entry[tag] = textOf(child);
            }
            out.push(entry);
          }
          return out;
        },
      };
    },
  },
];
