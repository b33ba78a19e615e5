// The core hands simple sitemap entries over whole (assembly/entries.ts: one Entry record pair
// instead of their tag and text records). Every entry must come out exactly as the record-by-
// record reading makes it, issues included: this compares the two readings of the same bytes
// on the corpus, on hand-made edge cases and on generated documents, in whole and in chunks.

import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SitemapParser } from '../src/read/parse';
import type { ValidateOptions } from '../src/model/types';
import { validate } from '../src/check/validate';
import { checkDatetime } from '../src/values/datetime';
import { CHANGEFREQ_VALUES } from '../src/model/limits';
import { EntryField, EntryFlag, ReaderFlag, TOKEN_WORDS, TokenKind, XmlReader } from '../src/core/xml-reader';
import { loadCorpusFile, loadCorpusManifest } from './fixtures';
import { bothReadings, type Outcome } from './fixtures/entry-readings';

function entriesOf(outcome: Outcome): unknown[] {
  if (!('result' in outcome)) return [];
  return outcome.result.kind === 'urlset' ? outcome.result.urls : outcome.result.sitemaps;
}

const encoder = new TextEncoder();
const urlset = (body: string, root = 'urlset', xmlns = ' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'): Uint8Array =>
  encoder.encode(`<?xml version="1.0" encoding="UTF-8"?>\n<${root}${xmlns}>\n${body}\n</${root}>\n`);

/** Word `field` of each Entry record the core writes for `bytes` (whole entries on, no staging). */
function entryRecordWords(bytes: Uint8Array, field: number): number[] {
  const words: number[] = [];
  const reader = new XmlReader((current, first, count) => {
    for (let i = 0; i < count; i++) {
      const r = first + i * TOKEN_WORDS;
      if ((current.words[r]! & 0xff) === TokenKind.Entry) words.push(current.words[r + field]!);
    }
  }, ReaderFlag.KeepLeafWhitespace);
  reader.collapseEntries(['urlset', 'url', 'sitemapindex', 'sitemap', 'loc', 'lastmod', 'changefreq', 'priority']);
  reader.push(bytes, true);
  return words;
}

describe('whole entries read as the record-by-record reading reads them', () => {
  it('on every XML file of the corpus, strict and in recover mode', async () => {
    const manifest = (await loadCorpusManifest()).filter((entry) => entry.file.endsWith('.xml'));
    expect(manifest.length).toBeGreaterThan(20);
    let compared = 0;
    for (const entry of manifest) {
      const bytes = await loadCorpusFile(entry.file);
      for (const recover of [false, true]) {
        const [whole, byRecord] = bothReadings(bytes, recover);
        expect(whole, `${entry.file} recover=${recover}`).toEqual(byRecord);
        compared += entriesOf(whole).length;
      }
    }
    expect(compared).toBeGreaterThan(1000);
  });

  // Each body holds one entry the fast path must take or hand back; both readings must agree.
  const CASES: Record<string, string> = {
    'plain': '<url><loc>https://a.example/</loc><lastmod>2024-01-02</lastmod><changefreq>daily</changefreq><priority>0.5</priority></url>',
    'fields out of order': '<url><priority>1</priority><loc>https://a.example/</loc></url>',
    'padded values': '<url>\n  <loc>\n  https://a.example/x\n  </loc>\r\n<changefreq> weekly\t</changefreq><priority>\n.25 </priority></url>',
    'entities and character references': '<url><loc>https://a.example/?a=1&amp;b=&#x32;&#51;</loc><lastmod>2024&#x2D;01-02</lastmod></url>',
    'non-ASCII values': '<url><loc>https://a.example/café/日本</loc><lastmod>2024-01-02 ✓</lastmod></url>',
    'non-ASCII changefreq': '<url><loc>https://a.example/</loc><changefreq>wéekly</changefreq></url>',
    'unknown changefreq': '<url><loc>https://a.example/</loc><changefreq>Weekly</changefreq></url>',
    'empty changefreq': '<url><loc>https://a.example/</loc><changefreq></changefreq></url>',
    'priority forms': '<url><loc>https://a.example/</loc><priority>+0.50</priority></url><url><loc>https://b.example/</loc><priority>-0</priority></url><url><loc>https://c.example/</loc><priority>5.</priority></url>',
    'priority that is no decimal': '<url><loc>https://a.example/</loc><priority>1e0</priority></url><url><loc>https://b.example/</loc><priority></priority></url><url><loc>https://c.example/</loc><priority> </priority></url>',
    'long priority': '<url><loc>https://a.example/</loc><priority>0.1234567890123456789</priority></url>',
    'empty and blank values': '<url><loc></loc><lastmod> </lastmod></url>',
    'self-closing field': '<url><loc>https://a.example/</loc><lastmod/></url>',
    'missing loc': '<url><lastmod>2024-01-02</lastmod></url>',
    'duplicate field': '<url><loc>https://a.example/</loc><loc>https://b.example/</loc></url>',
    'CDATA value': '<url><loc><![CDATA[https://a.example/?a=1&b=2]]></loc></url>',
    'comment inside': '<url><loc>https://a.example/</loc><!-- note --></url>',
    'comment inside a value': '<url><loc>https://a.<!-- x -->example/</loc></url>',
    'comment ending in --->': '<url><loc>https://a.example/</loc><!-- note ---></url>',
    'comment holding --': '<url><!-- a -- b --><loc>https://a.example/</loc></url>',
    'attribute on the entry': '<url id="1"><loc>https://a.example/</loc></url>',
    'attribute on a field': '<url><loc x="1">https://a.example/</loc></url>',
    'space inside tags': '<url ><loc >https://a.example/</loc ></url >',
    'text directly in the entry': '<url>oops<loc>https://a.example/</loc></url>',
    'extension element': '<url><loc>https://a.example/</loc><image:image xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><image:loc>https://a.example/i.png</image:loc></image:image></url>',
    'unknown element in the namespace': '<url><loc>https://a.example/</loc><foo>1</foo></url>',
    'field of a longer name': '<url><loc>https://a.example/</loc><lastmodified>x</lastmodified></url>',
    'unbound prefix': '<url><loc>https://a.example/</loc><x:y>1</x:y></url>',
    'bare ampersand': '<url><loc>https://a.example/?a=1&b=2</loc></url>',
    // The core decodes &amp; inline in its 16-byte scan: at every offset from a block's start,
    // twice in a row, at a value's end, and look-alikes it must leave to the full reading.
    'ampersands at every offset': Array.from({ length: 34 }, (_, i) => `<url><loc>https://a.example/${'x'.repeat(i)}&amp;y=${i}&amp;&amp;</loc><lastmod>${'z'.repeat(i % 7)}&amp;</lastmod></url>`).join('\n'),
    ...Object.fromEntries(['&ampx;', '&amp', '&am;', '&AMP;', '&amp ;', '&amp:', '&amp;&lt;&#38;'].map((lookAlike) => [
      `ampersand look-alike ${lookAlike}`, `<url><loc>https://a.example/${lookAlike}</loc></url><url><loc>https://a.example/aaaaaaaaaaaa${lookAlike}b</loc></url>`])),
    'bad reference': '<url><loc>https://a.example/&nbsp;</loc></url>',
    'control character': '<url><loc>https://a.example/\u0001</loc></url>',
    'mismatched end tag': '<url><loc>https://a.example/</lastmod></url>',
    'nested entry': '<url><loc>https://a.example/</loc><url><loc>https://b.example/</loc></url></url>',
    'truncated': '<url><loc>https://a.example/</loc>',
    'stray ]]>': '<url><loc>https://a.example/]]></loc></url>',
    'CRLF and lone CR': '<url>\r\n<loc>https://a.example/\r\n</loc>\r<lastmod>\r2024-01-02</lastmod></url>',
  };
  for (const [name, body] of Object.entries(CASES)) {
    it(`${name}: the same entries, issues and errors, whole and in chunks`, () => {
      const bytes = urlset(`${body}\n<url><loc>https://z.example/last</loc></url>`);
      for (const recover of [false, true]) {
        const [whole, byRecord] = bothReadings(bytes, recover);
        expect(whole).toEqual(byRecord);
        // Cut everywhere inside the first entry: a cut entry is read again when the rest comes.
        for (let cut = 1; cut < bytes.length; cut += 3) expect(bothReadings(bytes, recover, [cut])[0]).toEqual(byRecord);
      }
    });
  }

  it('every changefreq value and its near misses: the core\'s code for a value is the value, anything else is read as written', () => {
    // The core compares a changefreq a word at a time (assembly/entries.ts changefreqCodeOf): a
    // value one byte off, one byte short or long, or of another case must not pass for a name.
    const names = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];
    const values = new Set<string>(names);
    for (const name of names) {
      values.add(name.slice(1)).add(name.slice(0, -1)).add(`${name}s`).add(`x${name}`).add(name.toUpperCase());
      for (let i = 0; i < name.length; i++) {
        for (const delta of [-1, 1, -32]) values.add(name.slice(0, i) + String.fromCharCode(name.charCodeAt(i) + delta) + name.slice(i + 1));
      }
    }
    const list = [...values];
    const body = list.map((value, i) => `<url><loc>https://a.example/${i}</loc><changefreq>${value}</changefreq></url>`).join('\n');
    const [whole, byRecord] = bothReadings(urlset(body), false);
    expect(whole).toEqual(byRecord);
    const read = entriesOf(whole) as { changefreq?: string }[];
    expect(read.map((entry) => entry.changefreq)).toStrictEqual(list);
    // The core's codes themselves: 1-7 for the names (CHANGEFREQ_VALUES order), 0 for the rest.
    const codes = entryRecordWords(urlset(body), EntryField.ChangefreqCode);
    expect(codes).toStrictEqual(list.map((value) => CHANGEFREQ_VALUES.indexOf(value as (typeof CHANGEFREQ_VALUES)[number]) + 1));
    expect(codes.filter((code) => code > 0)).toHaveLength(names.length);
  });

  it('the fields of an entry in every order and every subset that has a loc', () => {
    // The core tries first the field after the one it read last; any order must read the same.
    const fields = ['<loc>https://a.example/x</loc>', '<lastmod>2024-01-02</lastmod>', '<changefreq>daily</changefreq>', '<priority>0.5</priority>'];
    const orders: string[][] = [];
    const permute = (rest: string[], done: string[]): void => {
      if (done.length > 0 && done.includes(fields[0]!)) orders.push(done);
      for (let i = 0; i < rest.length; i++) permute([...rest.slice(0, i), ...rest.slice(i + 1)], [...done, rest[i]!]);
    };
    permute(fields, []);
    expect(orders).toHaveLength(1 + 3 * 2 + 3 * 6 + 24); // with 1, 2, 3 and 4 fields, the loc among them
    const body = orders.map((order) => `<url>${order.join('\n  ')}</url>`).join('\n');
    const [whole, byRecord] = bothReadings(urlset(body), false);
    expect(whole).toEqual(byRecord);
    expect(entriesOf(whole)).toHaveLength(orders.length);
    // Each one whole: one Entry record group, whatever the order.
    expect(entryRecordWords(urlset(body), EntryField.LocStart)).toHaveLength(orders.length);
    expect(entriesOf(whole)[orders.length - 1]).toStrictEqual(Object.fromEntries(orders[orders.length - 1]!.map((field) => {
      const [, name, value] = /^<(\w+)>(.*)<\/\w+>$/.exec(field)!;
      return [name, name === 'priority' ? Number(value) : value];
    })));
  });

  it('the core writes one Entry record group for each simple entry, an EntryHead for the fields before an extension, and ordinary records for the rest', () => {
    // What the fast path is for, checked by the records themselves rather than by timing.
    const kindsOf = (bytes: Uint8Array): number[] => {
      const kinds: number[] = [];
      const reader = new XmlReader((current, first, count) => {
        for (let i = 0; i < count; i++) kinds.push(current.words[first + i * TOKEN_WORDS]! & 0xff);
      }, ReaderFlag.KeepLeafWhitespace);
      reader.collapseEntries(['urlset', 'url', 'sitemapindex', 'sitemap', 'loc', 'lastmod', 'changefreq', 'priority']);
      reader.push(bytes, true);
      return kinds;
    };
    const simple = '<url><loc>https://a.example/</loc><lastmod>2024-01-02</lastmod></url>';
    const withImage = '<url><loc>https://b.example/</loc><image:image><image:loc>https://b.example/i.png</image:loc></image:image></url>';
    const kinds = kindsOf(urlset(`${simple}\n${withImage}\n${simple}`, 'urlset', ' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"'));
    expect(kinds.filter((kind) => kind === TokenKind.Entry)).toHaveLength(2);
    // The entry with an image: its start tag and loc as an EntryHead, then the image's records.
    expect(kinds.filter((kind) => kind === TokenKind.EntryHead)).toHaveLength(1);
    expect(kinds.filter((kind) => kind === TokenKind.EntryMore)).toHaveLength(3);
    expect(kinds.filter((kind) => kind === TokenKind.EntryScan)).toHaveLength(3);
    // Every Entry or EntryHead is followed by its EntryMore and EntryScan.
    kinds.forEach((kind, i) => {
      if (kind === TokenKind.Entry || kind === TokenKind.EntryHead) expect(kinds.slice(i + 1, i + 3)).toEqual([TokenKind.EntryMore, TokenKind.EntryScan]);
    });
    expect(kinds.filter((kind) => kind === TokenKind.StartTag)).toHaveLength(3); // urlset, image:image, image:loc
    expect(kinds.filter((kind) => kind === TokenKind.EndTag)).toHaveLength(4); // and </url>, </urlset>
    // Off (as validate() has it): no Entry record at all.
    const off: number[] = [];
    const reader = new XmlReader((current, first, count) => {
      for (let i = 0; i < count; i++) off.push(current.words[first + i * TOKEN_WORDS]! & 0xff);
    }, ReaderFlag.KeepLeafWhitespace);
    reader.push(urlset(simple), true);
    expect(off).not.toContain(TokenKind.Entry);
    expect(off.filter((kind) => kind === TokenKind.StartTag)).toHaveLength(4);
  });

  // hreflang links: the plain ones become Alternate records, every other form stays in records.
  const XHTML = ' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml"';
  const LINKS: Record<string, string> = {
    'plain links': '<xhtml:link rel="alternate" hreflang="de" href="https://a.example/de"/><xhtml:link href="https://a.example/fr" hreflang="fr" rel="alternate"/>',
    'padded and escaped values': '<xhtml:link rel=" alternate " hreflang="\tde-AT\n" href=" https://a.example/?a=1&amp;b=&#x32; "/>',
    'non-ASCII values': '<xhtml:link rel="alternate" hreflang="dé" href="https://a.example/é"/>',
    'a fourth attribute': '<xhtml:link rel="alternate" hreflang="de" href="https://a.example/de" media="x"/>',
    'a missing attribute': '<xhtml:link rel="alternate" href="https://a.example/de"/>',
    'a repeated attribute': '<xhtml:link rel="alternate" rel="x" href="https://a.example/de"/>',
    'a prefixed attribute': '<xhtml:link rel="alternate" xhtml:hreflang="de" href="https://a.example/de"/>',
    'a namespace declaration on it': '<x:link xmlns:x="http://www.w3.org/1999/xhtml" rel="alternate" hreflang="de" href="https://a.example/de"/>',
    'not self-closing': '<xhtml:link rel="alternate" hreflang="de" href="https://a.example/de"></xhtml:link>',
    'another namespace': '<h:link xmlns:h="http://www.w3.org/1999/xhtml/" rel="alternate" hreflang="de" href="https://a.example/de"/>',
    'a bad value': '<xhtml:link rel="alternate" hreflang="de" href="https://a.example/<"/>',
    'in an extension': '<image:image xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><image:loc>https://a.example/i.png</image:loc><xhtml:link rel="alternate" hreflang="de" href="https://a.example/de"/></image:image>',
  };
  for (const [name, links] of Object.entries(LINKS)) {
    it(`hreflang links, ${name}: the same alternates and issues`, () => {
      for (const body of [
        `<url><loc>https://a.example/</loc>${links}</url>`,
        `<url><loc>https://a.example/</loc><lastmod>2024-01-02</lastmod>\n  ${links}\n  <priority>0.5</priority></url>`,
        `${links}<url><loc>https://a.example/</loc></url>`, // directly in the urlset: no entry to belong to
      ]) {
        const bytes = urlset(`${body}\n<url><loc>https://z.example/last</loc></url>`, 'urlset', XHTML);
        for (const recover of [false, true]) {
          const [whole, byRecord] = bothReadings(bytes, recover);
          expect(whole).toEqual(byRecord);
        }
      }
      const [whole] = bothReadings(urlset(`<url><loc>https://a.example/</loc>${links}</url>`, 'urlset', XHTML), true);
      expect(entriesOf(whole).length).toBe(1);
    });
  }

  it('a plain link is one Alternate record; the others are tags and attributes', () => {
    const kinds: number[] = [];
    const reader = new XmlReader((current, first, count) => {
      for (let i = 0; i < count; i++) kinds.push(current.words[first + i * TOKEN_WORDS]! & 0xff);
    }, ReaderFlag.KeepLeafWhitespace);
    reader.collapseEntries(['urlset', 'url', 'sitemapindex', 'sitemap', 'loc', 'lastmod', 'changefreq', 'priority']);
    reader.collapseAlternates(['http://www.w3.org/1999/xhtml', 'link', 'rel', 'hreflang', 'href']);
    reader.push(urlset(`<url><loc>https://a.example/</loc>${LINKS['plain links']}${LINKS['a fourth attribute']}</url>`, 'urlset', XHTML), true);
    expect(kinds.filter((kind) => kind === TokenKind.Alternate)).toHaveLength(2);
    expect(kinds.filter((kind) => kind === TokenKind.Attribute)).toHaveLength(2 + 4); // version, encoding; the link with media="x"
  });

  it('a document cut off anywhere (a truncated download) reads the same both ways, in recover mode', () => {
    const full = urlset([
      '<url><loc>https://a.example/1</loc><lastmod>2024-01-02</lastmod><changefreq>daily</changefreq><priority>0.5</priority></url>',
      '<url><loc>https://a.example/2</loc><image:image><image:loc>https://a.example/i.png</image:loc></image:image><xhtml:link rel="alternate" hreflang="de" href="https://a.example/de"/></url>',
      '<url><loc>https://a.example/3</loc></url>',
    ].join('\n'), 'urlset', XHTML.replace('"http://www.w3.org/1999/xhtml"', '"http://www.w3.org/1999/xhtml" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"'));
    let compared = 0;
    for (let cut = 1; cut <= full.length; cut++) {
      const [whole, byRecord] = bothReadings(full.subarray(0, cut), true);
      expect(whole, `cut at ${cut}`).toEqual(byRecord);
      compared += entriesOf(whole).length;
    }
    expect(compared).toBeGreaterThan(full.length / 2); // past the first entry, cuts keep the complete entries before them
  });

  it('a sitemap index: loc and lastmod only, changefreq inside a <sitemap> falls back', () => {
    const index = (body: string) => urlset(body, 'sitemapindex');
    for (const body of [
      '<sitemap><loc>https://a.example/s1.xml</loc><lastmod>2024-01-02</lastmod></sitemap><sitemap><loc>https://a.example/s2.xml</loc></sitemap>',
      '<sitemap><loc>https://a.example/s1.xml</loc><changefreq>daily</changefreq></sitemap>',
      '<sitemap><loc>https://a.example/s1.xml</loc><priority>0.5</priority></sitemap>',
      '<url><loc>https://a.example/</loc></url>',
    ]) {
      for (const recover of [false, true]) {
        const [whole, byRecord] = bothReadings(index(body), recover);
        expect(whole).toEqual(byRecord);
      }
    }
    const [whole] = bothReadings(index('<sitemap><loc>https://a.example/s1.xml</loc><lastmod>2024-01-02</lastmod></sitemap>'), false);
    expect(entriesOf(whole)).toEqual([{ loc: 'https://a.example/s1.xml', lastmod: '2024-01-02' }]);
  });

  // The core set up its whole entries again at every element at depth 0, so a later root's
  // entries came whole (a <sitemapindex>'s <sitemap>s after a <urlset> as its pages) while the
  // record-by-record reading had none of them.
  it('a second root: no whole entries in it, and both readings keep only the first root\'s entries', () => {
    const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
    const pages = '<url><loc>https://a.example/1</loc></url><url><loc>https://a.example/2</loc><priority>0.5</priority></url>';
    const children = '<sitemap><loc>https://a.example/s1.xml</loc></sitemap><sitemap><loc>https://a.example/s2.xml</loc></sitemap>';
    for (const [first, second, kept] of [
      [`<urlset xmlns="${NS}">${pages}</urlset>`, `<sitemapindex xmlns="${NS}">${children}</sitemapindex>`, ['https://a.example/1', 'https://a.example/2']],
      [`<sitemapindex xmlns="${NS}">${children}</sitemapindex>`, `<urlset xmlns="${NS}">${pages}</urlset>`, ['https://a.example/s1.xml', 'https://a.example/s2.xml']],
      [`<urlset xmlns="${NS}">${pages}</urlset>`, `<urlset xmlns="${NS}">${pages.replace(/a\.example/g, 'b.example')}</urlset>`, ['https://a.example/1', 'https://a.example/2']],
      [`<urlset xmlns="${NS}">${pages}</urlset>`, `<junk/><urlset xmlns="${NS}">${pages}</urlset>`, ['https://a.example/1', 'https://a.example/2']],
    ] as const) {
      const bytes = encoder.encode(`${first}\n${second}\n`);
      // Entry records: the first root's two entries only.
      expect(entryRecordWords(bytes, 1).length, second).toBe(2);
      const [strictWhole, strictByRecord] = bothReadings(bytes, false);
      expect(strictWhole, second).toEqual(strictByRecord);
      expect(strictWhole, second).toMatchObject({ error: { code: 'XML_MULTIPLE_ROOTS', line: 2, column: 1 } });
      const [whole, byRecord] = bothReadings(bytes, true);
      expect(whole, second).toEqual(byRecord);
      expect(entriesOf(whole).map((entry) => (entry as { loc: string }).loc), second).toEqual(kept);
      for (let cut = 1; cut < bytes.length; cut += 7) expect(bothReadings(bytes, true, [cut])[0], `${second}, cut at ${cut}`).toEqual(byRecord);
    }
  });

  it('prefixed roots, no namespace and a legacy namespace read the same', () => {
    const bodies = '<url><loc>https://a.example/</loc><changefreq>never</changefreq></url><sm:url><sm:loc>https://b.example/</sm:loc></sm:url>';
    for (const [root, xmlns] of [
      ['urlset', ''],
      ['urlset', ' xmlns="http://www.google.com/schemas/sitemap/0.84"'],
      ['sm:urlset', ' xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"'],
      ['sm:urlset', ' xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"'],
      ['urlset', ' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9"'],
    ] as const) {
      for (const recover of [false, true]) {
        const [whole, byRecord] = bothReadings(urlset(bodies, root, xmlns), recover);
        expect(whole, `${root}${xmlns}`).toEqual(byRecord);
      }
    }
  });

  it('an entry longer than the whole-entry limit, fed a byte at a time, still reads (record by record)', () => {
    const loc = 'https://a.example/' + 'x'.repeat(40_000);
    const bytes = urlset(`<url><loc>${loc}</loc></url>`);
    const parser = new SitemapParser();
    for (let at = 0; at < bytes.length; at += 1) parser.push(bytes.subarray(at, at + 1));
    parser.push(new Uint8Array(0), true);
    const result = parser.result();
    expect(result.kind === 'urlset' && result.urls).toEqual([{ loc }]);
  });

  it('generated documents: random fields, values, padding and chunking (fast-check)', () => {
    const value = fc.oneof(
      fc.constantFrom('https://a.example/', 'https://a.example/?a=1&amp;b=2', '2024-01-02T03:04:05Z', 'daily', 'weekly', ' monthly ', '0.5', '1.0', '+.5', '1e1', '', ' ', 'café', '&#x41;', '<![CDATA[x<y]]>', '&bad;', '\r\n', 'a]]>b'),
      fc.string({ maxLength: 6 }).map((text) => text.replace(/[<&]/g, '')),
    );
    const field = fc.tuple(fc.constantFrom('loc', 'lastmod', 'changefreq', 'priority', 'foo', 'loc x="1"'), value, fc.constantFrom('', ' ', '\n  ', '\r\n', '<!-- c -->'));
    const entry = fc.tuple(fc.constantFrom('url', 'url ', 'sitemap'), fc.array(field, { maxLength: 5 }), fc.constantFrom('', '\n', 'text'));
    const documentOf = fc.tuple(fc.constantFrom('urlset', 'sitemapindex'), fc.array(entry, { maxLength: 6 }));
    fc.assert(fc.property(documentOf, fc.array(fc.nat(), { maxLength: 6 }), fc.boolean(), ([root, entries], cuts, recover) => {
      const body = entries.map(([name, fields, after]) => {
        const close = name.trim();
        const children = fields.map(([tag, text, gap]) => `${gap}<${tag}>${text}</${tag.split(' ')[0]}>`).join('');
        return `<${name}>${children}${after}</${close}>`;
      }).join('\n');
      const bytes = urlset(body, root);
      const [whole, byRecord] = bothReadings(bytes, recover, cuts.map((cut) => cut % (bytes.length + 1)));
      expect(whole).toEqual(byRecord);
    }), { numRuns: 400 });
  });
});

describe('validate() over whole entries reports what it reports record by record', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  /** validate() with whole entries (as shipped) and with the core made to write every record. */
  function bothValidations(bytes: Uint8Array, options: ValidateOptions): [unknown, unknown, number] {
    const whole = validate(bytes, options);
    const original = XmlReader.prototype.collapseEntries;
    const spy = vi.spyOn(XmlReader.prototype, 'collapseEntries').mockImplementation(function (this: XmlReader) { original.call(this, null); });
    const byRecord = validate(bytes, options);
    const turnedOff = spy.mock.calls.length; // 0 when validate() stopped before reading (an HTML page)
    spy.mockRestore();
    return [whole, byRecord, turnedOff];
  }

  const now = new Date('2024-06-01T00:00:00Z');
  const profiles: ValidateOptions[] = [{ now }, { now, profile: 'xsd' }, { now, location: 'https://a.example/dir/sitemap.xml' }];

  it('on every XML file of the corpus, in both profiles and with a location', async () => {
    const manifest = (await loadCorpusManifest()).filter((entry) => entry.file.endsWith('.xml'));
    let issues = 0;
    for (const entry of manifest) {
      const bytes = await loadCorpusFile(entry.file);
      for (const options of profiles) {
        const [whole, byRecord] = bothValidations(bytes, options);
        expect(whole, `${entry.file} ${JSON.stringify(options)}`).toEqual(byRecord);
        issues += (whole as { issues: unknown[] }).issues.length;
      }
    }
    expect(issues).toBeGreaterThan(100);
  });

  it('values with problems, padding, line breaks and non-ASCII text: same codes, positions and paths', () => {
    const body = [
      '<url>\n  <loc>\n    https://a.example/dir/x y\n  </loc>\r\n  <lastmod> 2024-02-30 </lastmod><changefreq>Weekly</changefreq>\n<priority>1.5</priority></url>',
      '<url><priority>0.5</priority><loc>https://a.example/dir/é</loc><lastmod>2099-01-01</lastmod></url>',
      '<url><loc>https://a.example/dir/é</loc><changefreq> daily </changefreq></url>',
      '<url><loc>https://b.example/elsewhere</loc><lastmod>2024-01-01T10:00</lastmod></url>',
      '<url><loc></loc><lastmod></lastmod><changefreq></changefreq></url>',
      '<url>\t<loc>relative/path</loc>\t<lastmod>2024-01-01T10:00:00+01:00</lastmod></url>',
      '<url><loc>https://a.example/dir/&amp;&#x41;%zz</loc><priority>.5</priority></url>',
      '<url><loc>https://a.example/dir/' + 'x'.repeat(2100) + '</loc></url>',
    ].join('\n');
    const bytes = urlset(body);
    for (const options of profiles) {
      const [whole, byRecord, turnedOff] = bothValidations(bytes, options);
      expect(turnedOff).toBeGreaterThan(0);
      expect((whole as { issues: unknown[] }).issues.length).toBeGreaterThan(8);
      expect(whole).toEqual(byRecord);
    }
  });

  /** The core's reading of a lastmod in a whole entry with validate()'s checks on: its time, or null when it left the value to JS. */
  function coreLastmodTime(value: string): number | null {
    let time: number | null = null;
    let seen = false;
    const reader = new XmlReader((current, first, count) => {
      for (let i = 0; i < count; i++) {
        const r = first + i * TOKEN_WORDS;
        if ((current.words[r]! & 0xff) !== TokenKind.Entry) continue;
        seen = true;
        if ((current.words[r]! >> 8) & EntryFlag.LastmodChecked) time = current.doubles[(r + 2 * TOKEN_WORDS + EntryField.LastmodTime) >> 1]!;
      }
    }, ReaderFlag.KeepLeafWhitespace);
    reader.collapseEntries(['urlset', 'url', 'sitemapindex', 'sitemap', 'loc', 'lastmod', 'changefreq', 'priority']);
    reader.watchText('loc');
    reader.push(urlset(`<url><loc>https://a.example/</loc><lastmod>${value}</lastmod></url>`), true);
    expect(seen).toBe(true);
    return time;
  }

  const two = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));
  const year = fc.oneof(fc.constantFrom('0000', '0001', '1900', '1970', '2000', '2024', '2100', '9999'), fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')));
  const zone = fc.oneof(fc.constantFrom('Z', '+00:00', '-00:00', '+14:00', '-14:00', '+14:01', '+05:30', '-09:60', '', 'z', '+0530', '+05:3'), fc.tuple(fc.constantFrom('+', '-'), two(15), two(60)).map(([sign, h, m]) => `${sign}${h}:${m}`));
  const fraction = fc.constantFrom('', '.', '.5', '.12', '.123', '.1234567', '.0');
  const lastmod = fc.oneof(
    fc.tuple(year, two(13), two(32)).map(([y, m, d]) => `${y}-${m}-${d}`),
    fc.tuple(year, two(13), two(32), two(25), two(60), two(61), fraction, zone).map(([y, m, d, h, mi, se, f, z]) => `${y}-${m}-${d}T${h}:${mi}:${se}${f}${z}`),
    fc.tuple(year, two(12), two(31), two(23), two(59), zone).map(([y, m, d, h, mi, z]) => `${y}-${m}-${d}T${h}:${mi}${z}`),
    fc.constantFrom('2024-02-29', '2023-02-29', '1900-02-29', '2000-02-29', '2024-04-31', '2024-01-01T24:00:00Z', ' 2024-01-01 ', '2024-1-01', '12024-01-01', '-2024-01-01', '2024-01-01T10:00:00.Z', '2024-01-01Z'),
  );

  it('a lastmod the core reads itself is one both grammars accept, with the same time (fast-check)', () => {
    for (const plain of ['2024-01-02', '2019-06-21T01:54:47.582Z', '2024-02-29T23:59:59+14:00', '1970-01-01T00:00:00-14:00', '0001-01-01', '9999-12-31T23:59:59.9999Z', ' 2024-01-02 ']) {
      const w3c = checkDatetime(plain.trim(), 'w3c');
      expect(coreLastmodTime(plain), plain).toBe(w3c.time);
    }
    let checked = 0;
    fc.assert(fc.property(lastmod, (value) => {
      const time = coreLastmodTime(value);
      if (time === null) return;
      checked++;
      const w3c = checkDatetime(value.trim(), 'w3c'), xsd = checkDatetime(value.trim(), 'xsd');
      expect(w3c.valid && xsd.valid, value).toBe(true);
      expect(time, value).toBe(w3c.time);
      expect(time, value).toBe(xsd.time);
    }), { numRuns: 1000 });
    expect(checked).toBeGreaterThan(50);
  });

  it('lastmod values: validate() reports the same either way, near "now" too (fast-check)', () => {
    const nearNow = fc.constantFrom('2024-06-01', '2024-05-31', '2024-06-01T00:00:00Z', '2024-05-31T23:59:59.999Z', '2024-06-01T00:00:00.001Z', '2024-06-01T09:59:59+10:00', '2024-06-01T14:00:00+14:00', '2024-05-31T10:00:00-14:00');
    fc.assert(fc.property(fc.array(fc.oneof(lastmod, nearNow), { minLength: 1, maxLength: 6 }), (values) => {
      const bytes = urlset(values.map((value, i) => `<url><loc>https://a.example/dir/${i}</loc><lastmod>${value}</lastmod></url>`).join('\n'));
      for (const options of profiles) {
        const [whole, byRecord] = bothValidations(bytes, options);
        expect(whole).toEqual(byRecord);
      }
    }), { numRuns: 300 });
  });

  it('a sitemap index: same issues', () => {
    const bytes = urlset('<sitemap><lastmod>2024-01-01</lastmod><loc>https://a.example/dir/s.xml</loc></sitemap>\n<sitemap>\n<loc>https://a.example/dir/sitemap.xml</loc></sitemap><sitemap><loc>https://a.example/dir/s.xml</loc></sitemap>', 'sitemapindex');
    for (const options of profiles) {
      const [whole, byRecord] = bothValidations(bytes, options);
      expect(whole).toEqual(byRecord);
    }
  });
});
