// Runs of whole entries in the core (assembly/tokenizer.ts wholeEntryOrFallback: the entries right
// after a whole one are read in the same construct while they are whole too, and a line feed and
// indentation between them are skipped there): every run must end exactly where the record-by-
// record reading would go on, whatever stops it (an entry that is not whole, a comment, text, a
// gap of another shape, a cut of the window, a full batch), in the SIMD and the scalar build, for
// parse() and for validate() (sitemaps.org 0.9 entries; XML 1.0 white space and line ends).

import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { validate } from '../src/check/validate';
import { ReaderFlag, TOKEN_WORDS, TokenKind, XmlReader } from '../src/core/xml-reader';
import { getCore, loadBuildForTesting } from '../src/core/wasm';
import { bothReadings } from './fixtures/entry-readings';

const encoder = new TextEncoder();

function inEachBuild(check: () => void): void {
  const defaultBuild: 'simd' | 'scalar' = getCore().simd ? 'simd' : 'scalar';
  try {
    for (const build of ['simd', 'scalar'] as const) {
      loadBuildForTesting(build);
      check();
    }
  } finally {
    loadBuildForTesting(defaultBuild);
  }
}


/** validate() as shipped and with the core made to write every record (no whole entries, no runs). */
function bothValidations(bytes: Uint8Array): [unknown, unknown] {
  const now = new Date('2024-06-01T00:00:00Z');
  const whole = validate(bytes, { now });
  const original = XmlReader.prototype.collapseEntries;
  const spy = vi.spyOn(XmlReader.prototype, 'collapseEntries').mockImplementation(function (this: XmlReader) { original.call(this, null); });
  const byRecord = validate(bytes, { now });
  expect(spy).toHaveBeenCalled();
  spy.mockRestore();
  return [whole, byRecord];
}

// Entries that are whole, and entries that are not (each stops a run: a comment or CDATA in it, an
// attribute, an extension element, text, a second loc, an error), with the gaps that follow them.
const plain = fc.tuple(
  fc.constantFrom('https://a.example/', 'https://a.example/p?q=1&amp;r=2', 'https://b.example:8080/x', 'http://a.example/café'),
  fc.constantFrom('', '<lastmod>2024-01-02</lastmod>', '\n    <lastmod>2024-01-02T03:04:05.678+01:00</lastmod>'),
  fc.constantFrom('', '<changefreq>daily</changefreq>', '\n    <priority>0.5</priority>'),
).map(([loc, lastmod, more]) => `<url>\n    <loc>${loc}</loc>${lastmod}${more}\n  </url>`);
const notWhole = fc.constantFrom(
  '<url><!-- c --><loc>https://a.example/c</loc></url>',
  '<url ><loc>https://a.example/s</loc></url>',
  '<url><loc>https://a.example/e</loc><foo>x</foo></url>',
  '<url><loc><![CDATA[https://a.example/d]]></loc></url>',
  '<url><loc>https://a.example/1</loc><loc>https://a.example/2</loc></url>',
  '<url><loc>https://a.example/&bad;</loc></url>',
  '<url>text<loc>https://a.example/t</loc></url>',
  '<url></url>',
);
const gap = fc.constantFrom('\n  ', '\n', '', '\n        ', '\n          ', '\r\n  ', '\t', ' \n  ', '\n  <!-- between -->\n  ', '\n  x\n  ', '\n  <![CDATA[y]]>\n  ', '\n\n  ');
const documentOf = fc.array(fc.tuple(fc.oneof({ weight: 4, arbitrary: plain }, { weight: 1, arbitrary: notWhole }), gap), { minLength: 1, maxLength: 40 })
  .map((entries) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  ${entries.map(([entry, after]) => entry + after).join('')}</urlset>\n`);

describe('runs of whole entries in the core', () => {
  afterEach(() => { vi.restoreAllMocks(); });

  it('end where the record-by-record reading goes on: parse() whole and in pieces, both builds (fast-check)', () => {
    inEachBuild(() => {
      fc.assert(fc.property(documentOf, fc.array(fc.nat(), { maxLength: 8 }), fc.boolean(), (text, cuts, recover) => {
        const bytes = encoder.encode(text);
        const [whole, byRecord] = bothReadings(bytes, recover, cuts.map((cut) => cut % (bytes.length + 1)));
        expect(whole).toEqual(byRecord);
      }), { numRuns: 150 });
    });
  });

  it('validate() reports the same issues, lines and columns with runs as record by record, both builds (fast-check)', () => {
    inEachBuild(() => {
      fc.assert(fc.property(documentOf, (text) => {
        const [whole, byRecord] = bothValidations(encoder.encode(text));
        expect(whole).toEqual(byRecord);
      }), { numRuns: 60 });
    });
  });

  it('leave the records between entries as they were: a text run or comment after a run starts where it started (every record\'s place)', () => {
    /** Start, End, Line, Column of each Text and Comment record that starts in [from, to). */
    const recordsBetween = (bytes: Uint8Array, whole: boolean, from: number, to: number): number[][] => {
      const found: number[][] = [];
      const reader = new XmlReader((current, first, count) => {
        for (let i = 0; i < count; i++) {
          const r = first + i * TOKEN_WORDS;
          const kind = current.words[r]! & 0xff;
          const start = current.words[r + 1]!;
          if ((kind === TokenKind.Text || kind === TokenKind.Comment) && start >= from && start < to) found.push([kind, start, current.words[r + 2]!, current.words[r + 3]!, current.words[r + 4]!]);
        }
      }, ReaderFlag.KeepLeafWhitespace);
      reader.collapseEntries(whole ? ['urlset', 'url', 'sitemapindex', 'sitemap', 'loc', 'lastmod', 'changefreq', 'priority'] : null);
      reader.push(bytes, true);
      return found;
    };
    inEachBuild(() => {
      for (const between of ['\n  <![CDATA[y]]>\n  ', '\r\n  <![CDATA[y]]>', '\n  x\n  ', '\n  <!-- c -->\n  ', '\n\t<![CDATA[]]>', '\n    ']) {
        const first = '<url>\n    <loc>https://a.example/</loc>\n  </url>';
        const text = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  ${first}\n  ${first}${between}${first}\n</urlset>`;
        const bytes = encoder.encode(text);
        const from = text.indexOf('</url>', text.indexOf('</url>') + 1) + 6;
        const to = text.lastIndexOf('<url>');
        const withRuns = recordsBetween(bytes, true, from, to);
        expect(withRuns, JSON.stringify(between)).toEqual(recordsBetween(bytes, false, from, to));
        // The run of text begins right after the second </url>, white space and all.
        if (between.includes('[y]') || between.includes('x')) expect(withRuns[0]?.[1], JSON.stringify(between)).toBe(from);
      }
    });
  });

  it('stop at a full batch and go on in the next: more entries than a batch of records or of staged entries holds', () => {
    // 30,000 entries: a batch holds 16,384 staged entries (parse) or about 21,000 Entry record
    // groups (validate), so a run ends at the batch's end at least once either way.
    const count = 30_000;
    const locs = Array.from({ length: count }, (_, i) => `https://a.example/p/${i}`);
    const body = locs.map((loc, i) => `<url>\n    <loc>${loc}</loc>${i % 3 === 0 ? '\n    <lastmod>2024-01-02</lastmod>' : ''}\n  </url>`).join('\n  ');
    const bytes = encoder.encode(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n  ${body}\n  <url><loc>https://a.example/p/7</loc></url>\n</urlset>\n`);
    inEachBuild(() => {
      const [whole, byRecord] = bothReadings(bytes, false, []);
      expect(whole).toEqual(byRecord);
      if (!('result' in whole) || whole.result.kind !== 'urlset') throw new Error(`not a urlset: ${JSON.stringify(whole).slice(0, 200)}`);
      const result = whole.result;
      expect(result.urls.length).toBe(count + 1);
      expect(result.urls[count - 1]!.loc).toBe(locs[count - 1]);
      const [validated, validatedByRecord] = bothValidations(bytes);
      expect(validated).toEqual(validatedByRecord);
      // The last entry repeats the eighth: its duplicate is found across the batches, on its line
      // (after the XML declaration, the root, and each entry's three lines or four with a lastmod).
      const lastLine = 3 + 3 * count + Math.ceil(count / 3);
      const duplicates = (validated as { issues: { code: string; line?: number }[] }).issues.filter((issue) => issue.code === 'SITEMAP_DUPLICATE_LOC');
      expect(duplicates.map((issue) => issue.line)).toEqual([lastLine]);
    });
  });
});
