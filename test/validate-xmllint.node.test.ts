// validate(…, { profile: 'xsd' }) against `xmllint --noout --schema` (libxml2-utils, /usr/bin/xmllint)
// with the official XSDs (test/corpus/xsd/sitemap.xsd, siteindex.xsd): seeded generated
// documents, then one mutation at a time, then single values at the edges of each type. Each
// assertion message shows both verdicts side by side. Node-only: it runs xmllint. SPEC.md §1, §2.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_NAMESPACE, SITEMAP_NAMESPACE, validate } from '../src/index';
import { seededRandom } from './fuzz/random.mjs';
import { schemaChecker, XSD_DIRECTORY } from './fixtures/xmllint-schema';

// An extension validates only with its schema loaded: urlsets are checked through a wrapper that
// imports the image schema too (as the corpus manifest's own xmllint run did).
const xmllintChecker = schemaChecker([[SITEMAP_NAMESPACE, 'sitemap.xsd'], [IMAGE_NAMESPACE, 'sitemap-image.xsd']]);
afterAll(() => xmllintChecker.dispose());
const xmllint = (document: string, schema?: string) => xmllintChecker.check(document, schema);

/** Both verdicts, and a line that shows them side by side. */
function compare(name: string, document: string, kind: 'urlset' | 'sitemapindex' = 'urlset') {
  const reference = xmllint(document, kind === 'urlset' ? undefined : 'siteindex.xsd');
  const result = validate(document, { profile: 'xsd', now: new Date('2030-01-01T00:00:00Z') });
  const firstError = result.issues.find((issue) => issue.severity === 'error');
  const side = `${name}\n  xmllint:  ${reference.valid ? 'valid' : 'invalid'}  ${reference.message}\n  validate: ${result.valid ? 'valid' : 'invalid'}  ${firstError ? `${firstError.line}:${firstError.column} ${firstError.code} ${firstError.message}` : ''}`;
  return { reference: reference.valid, ours: result.valid, side };
}

/** A small seeded generator (the fuzzer's mulberry32), so the documents are the same on every run. */
const random: (seed: number) => () => number = seededRandom;

interface GeneratedUrl {
  loc: string;
  lastmod?: string;
  changefreq?: string;
  priority?: string;
  image?: boolean;
}

const LASTMODS = ['2024-05-01', '2024-02-29T23:59:59Z', '2023-12-31T10:00:00+14:00', '2024-05-01T10:00:00', '2024-05-01T10:00:00.123-05:30', '2024-05-01Z', '1999-01-01'];
const CHANGEFREQS = ['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'];
const PRIORITIES = ['0', '0.0', '0.5', '1', '1.0', '.3', '0.123456'];

function generateUrls(seed: number, count: number): GeneratedUrl[] {
  const next = random(seed);
  const pick = <T,>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  return Array.from({ length: count }, (_, i) => {
    const entry: GeneratedUrl = { loc: `https://example.com/${pick(['a', 'shop', 'blog/post'])}/${i}?id=${Math.floor(next() * 1000)}&amp;x=%20y` };
    if (next() < 0.7) entry.lastmod = pick(LASTMODS);
    if (next() < 0.5) entry.changefreq = pick(CHANGEFREQS);
    if (next() < 0.5) entry.priority = pick(PRIORITIES);
    if (next() < 0.3) entry.image = true;
    return entry;
  });
}

function renderUrl(entry: GeneratedUrl, pretty: boolean): string {
  const gap = pretty ? '\n    ' : '';
  let inner = `${gap}<loc>${entry.loc}</loc>`;
  if (entry.lastmod !== undefined) inner += `${gap}<lastmod>${entry.lastmod}</lastmod>`;
  if (entry.changefreq !== undefined) inner += `${gap}<changefreq>${entry.changefreq}</changefreq>`;
  if (entry.priority !== undefined) inner += `${gap}<priority>${entry.priority}</priority>`;
  if (entry.image) inner += `${gap}<image:image><image:loc>https://example.com/i.png</image:loc></image:image>`;
  return `${pretty ? '  ' : ''}<url>${inner}${pretty ? '\n  ' : ''}</url>`;
}

function renderUrlset(entries: readonly string[], pretty = true): string {
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:image="${IMAGE_NAMESPACE}">\n${entries.join(pretty ? '\n' : '')}\n</urlset>\n`;
}

const haveXmllint = existsSync('/usr/bin/xmllint');

describe('validate (xsd profile) agrees with xmllint --schema', () => {
  it('finds xmllint and the schemas', () => {
    // Installed by test/ensure-tools.mjs (Debian libxml2-utils); without it nothing below means anything.
    expect(haveXmllint).toBe(true);
    expect(existsSync(join(XSD_DIRECTORY, 'sitemap.xsd'))).toBe(true);
  });

  it('on generated valid documents', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const urls = generateUrls(seed, 40).map((entry) => renderUrl(entry, seed % 2 === 0));
      const verdict = compare(`generated document, seed ${seed}`, renderUrlset(urls, seed % 2 === 0));
      expect(verdict.reference, verdict.side).toBe(true);
      expect(verdict.ours, verdict.side).toBe(verdict.reference);
    }
  });

  // One change to a generated valid document, each near a different entry.
  const mutations: Array<[string, (entry: GeneratedUrl) => string]> = [
    ['bad date 2023-02-29', (entry) => renderUrl({ ...entry, lastmod: '2023-02-29' }, true)],
    ['date without day (W3C YYYY-MM)', (entry) => renderUrl({ ...entry, lastmod: '2024-05' }, true)],
    ['date-time without seconds', (entry) => renderUrl({ ...entry, lastmod: '2024-05-01T10:00+02:00' }, true)],
    ['hour 25', (entry) => renderUrl({ ...entry, lastmod: '2024-05-01T25:00:00Z' }, true)],
    ['priority 1.5', (entry) => renderUrl({ ...entry, priority: '1.5' }, true)],
    ['priority -0.1', (entry) => renderUrl({ ...entry, priority: '-0.1' }, true)],
    ['priority "high"', (entry) => renderUrl({ ...entry, priority: 'high' }, true)],
    ['changefreq "Daily"', (entry) => renderUrl({ ...entry, changefreq: 'Daily' }, true)],
    ['changefreq " daily" (white space)', (entry) => renderUrl({ ...entry, changefreq: ' daily' }, true)],
    ['changefreq "fortnightly"', (entry) => renderUrl({ ...entry, changefreq: 'fortnightly' }, true)],
    ['unknown child <title>', (entry) => renderUrl(entry, true).replace('</url>', '<title>x</title></url>')],
    ['missing loc', (entry) => renderUrl(entry, true).replace(/<loc>[^<]*<\/loc>/, '')],
    ['two locs', (entry) => renderUrl(entry, true).replace(/(<loc>[^<]*<\/loc>)/, '$1$1')],
    ['two priorities', (entry) => renderUrl({ ...entry, priority: '0.5' }, true).replace(/(<priority>[^<]*<\/priority>)/, '$1$1')],
    ['loc too short (11 characters)', (entry) => renderUrl({ ...entry, loc: 'http://a.co' }, true)],
    ['loc empty', (entry) => renderUrl({ ...entry, loc: '' }, true)],
    ['loc 2,049 characters', (entry) => renderUrl({ ...entry, loc: 'https://example.com/' + 'a'.repeat(2029) }, true)],
    ['loc 2,048 characters (valid)', (entry) => renderUrl({ ...entry, loc: 'https://example.com/' + 'a'.repeat(2028) }, true)],
    ['loc with a bad % escape', (entry) => renderUrl({ ...entry, loc: 'https://example.com/100%zz' }, true)],
    ['loc relative with a colon (..https:)', (entry) => renderUrl({ ...entry, loc: '..https://example.com/a' }, true)],
    ['child order: changefreq before lastmod', (entry) => renderUrl({ ...entry, lastmod: undefined, changefreq: undefined }, true).replace('</loc>', '</loc><changefreq>daily</changefreq><lastmod>2024-01-01</lastmod>')],
    ['child order: priority after an extension', (entry) => renderUrl({ ...entry, priority: undefined, image: true }, true).replace('</url>', '<priority>0.5</priority></url>')],
    ['text inside <url>', (entry) => renderUrl(entry, true).replace('<url>', '<url>stray text')],
    ['attribute on <url>', (entry) => renderUrl(entry, true).replace('<url>', '<url id="7">')],
    ['element inside <loc>', (entry) => renderUrl(entry, true).replace('</loc>', '<b>x</b></loc>')],
    ['<sitemap> inside <urlset>', (entry) => renderUrl(entry, true) + '\n  <sitemap><loc>https://example.com/s.xml</loc></sitemap>'],
    ['element of no namespace in <url>', (entry) => renderUrl(entry, true).replace('</url>', '<note xmlns="">x</note></url>')],
    ['image extension element (valid)', (entry) => renderUrl({ ...entry, image: true }, true)],
  ];

  for (const [name, mutate] of mutations) {
    it(`on one mutation: ${name}`, () => {
      const entries = generateUrls(99, 12);
      const urls = entries.map((entry) => renderUrl(entry, true));
      urls[7] = mutate(entries[7]!);
      const verdict = compare(name, renderUrlset(urls));
      // Every mutation breaks the schema except the ones named valid (so both verdicts must move).
      expect(verdict.reference, verdict.side).toBe(name.endsWith('(valid)'));
      expect(verdict.ours, verdict.side).toBe(verdict.reference);
    });
  }

  it('on document-level changes', () => {
    const body = generateUrls(5, 3).map((entry) => renderUrl(entry, true));
    const cases: Array<[string, string, boolean]> = [
      ['empty <urlset/>', `<?xml version="1.0"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}"/>`, false],
      ['legacy namespace 0.84', renderUrlset(body).replace(SITEMAP_NAMESPACE, 'http://www.google.com/schemas/sitemap/0.84'), false],
      ['https namespace', renderUrlset(body).replace(SITEMAP_NAMESPACE, SITEMAP_NAMESPACE.replace('http:', 'https:')), false],
      ['xsi:schemaLocation on the root', renderUrlset(body).replace('<urlset ', '<urlset xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.sitemaps.org/schemas/sitemap/0.9 http://www.sitemaps.org/schemas/sitemap/0.9/sitemap.xsd" '), true],
      ['foreign element directly in <urlset>', renderUrlset([...body, '<image:image><image:loc>https://example.com/i.png</image:loc></image:image>']), false],
      ['comments and processing instructions', renderUrlset(body).replace('<urlset', '<?xml-stylesheet type="text/xsl" href="s.xsl"?>\n<!-- generated -->\n<urlset'), true],
    ];
    for (const [name, document, schemaValid] of cases) {
      const verdict = compare(name, document);
      expect(verdict.reference, verdict.side).toBe(schemaValid);
      expect(verdict.ours, verdict.side).toBe(verdict.reference);
    }
  });

  it('on single values at the edges of each type', () => {
    const locs = ['http://ab.co', 'http://a.co', '  http://ab.co  ', '/relative/path', 'http://e.com/a b', 'http://e.com/a%2', 'http://e.com/a%20', 'http://e.com/ä',
      'http://e.com/a[b]', 'http://[::1]/abc', 'http://e.com/a#b#c', 'http://e.com:/abc', 'http://e.com:8x/abc', 'http://e.com/a|b', 'http://e.com/a{b}',
      'http://u@e.com/abc', 'mailto:someone@x', 'ftp://example.com/', 'http:/e.com/abcdefg', 'a:b:c:d:e:f:g:h', '1http://e.com/abc', 'http://e%2.com/abcdef',
      'http://e.com/abc?q=[1]', 'http://e.com/abc#[1]', 'http://e.com/ab&#9;cd', 'http://%41.com/abcdef', 'http://e.com/a\\b', `http://e.com/a  b${'0'.repeat(2032)}`, `http://e.com/a  b${'0'.repeat(2033)}`];
    const lastmods = ['2024-02-29', '2023-02-29', '2023-01-01T24:00:00', '2023-01-01T24:00:01', '2023-01-01T23:59:60', '2023-01-01T10:00:00+14:00', '2023-01-01T10:00:00+14:01',
      '2023-01-01T10:00:00-14:00', '2023-01-01+02:00', '0000-01-01', '10000-01-01', '01000-01-01', '-2023-01-01', '2023-01-01T10:00', '2023-01-01T10:00:00.',
      '2023-01-01T10:00:00.5', '2023', ' 2023-01-01 ', '2023-01-01t10:00:00', '2023-1-01', '2023-01-01T10:00:00+1:00', '2023-01-01T10:00:00+01:60'];
    const priorities = ['1', '1.', '.5', '.', '+.5', '-0', '-0.0', '1.5', '0.' + '0'.repeat(28) + '1', '0'.repeat(34) + '1', ' 0.5 ', '1e0', '0,5', '+0.5', '00.', ''];
    const rows: string[] = [];
    const expected: string[] = [];
    const add = (name: string, inner: string) => {
      const verdict = compare(name, renderUrlset([`<url>${inner}</url>`]));
      rows.push(`${name} → xmllint ${verdict.reference ? 'valid' : 'invalid'}, validate ${verdict.ours ? 'valid' : 'invalid'}`);
      expected.push(`${name} → xmllint ${verdict.reference ? 'valid' : 'invalid'}, validate ${verdict.reference ? 'valid' : 'invalid'}`);
    };
    for (const loc of locs) add(`loc "${loc.length > 40 ? loc.slice(0, 20) + '…(' + loc.length + ')' : loc}"`, `<loc>${loc}</loc>`);
    for (const lastmod of lastmods) add(`lastmod "${lastmod}"`, `<loc>https://example.com/</loc><lastmod>${lastmod}</lastmod>`);
    for (const priority of priorities) add(`priority "${priority.length > 20 ? priority.slice(0, 12) + '…(' + priority.length + ')' : priority}"`, `<loc>https://example.com/</loc><priority>${priority}</priority>`);
    expect(rows.length).toBe(locs.length + lastmods.length + priorities.length);
    expect(rows).toEqual(expected);
  });

  it('on sitemap indexes (siteindex.xsd)', () => {
    const entry = (inner: string) => `  <sitemap>${inner}</sitemap>`;
    const index = (...entries: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}">\n${entries.join('\n')}\n</sitemapindex>\n`;
    const cases: Array<[string, string, boolean]> = [
      ['valid', index(entry('<loc>https://example.com/a.xml</loc><lastmod>2024-01-01</lastmod>'), entry('<loc>https://example.com/b.xml</loc>')), true],
      ['lastmod before loc (xsd:all)', index(entry('<lastmod>2024-01-01</lastmod><loc>https://example.com/a.xml</loc>')), true],
      ['missing loc', index(entry('<lastmod>2024-01-01</lastmod>')), false],
      ['two lastmods', index(entry('<loc>https://example.com/a.xml</loc><lastmod>2024-01-01</lastmod><lastmod>2024-01-02</lastmod>')), false],
      ['changefreq in an index entry', index(entry('<loc>https://example.com/a.xml</loc><changefreq>daily</changefreq>')), false],
      ['extension element in an index entry', index(entry('<loc>https://example.com/a.xml</loc><x:y xmlns:x="urn:x"/>')), false],
      ['<url> inside <sitemapindex>', index(entry('<loc>https://example.com/a.xml</loc>'), '  <url><loc>https://example.com/</loc></url>'), false],
      ['empty index', `<?xml version="1.0"?>\n<sitemapindex xmlns="${SITEMAP_NAMESPACE}"></sitemapindex>`, false],
      ['bad lastmod', index(entry('<loc>https://example.com/a.xml</loc><lastmod>2024-02-30</lastmod>')), false],
      ['short loc', index(entry('<loc>http://a.co</loc>')), false],
    ];
    for (const [name, document, schemaValid] of cases) {
      const verdict = compare(name, document, 'sitemapindex');
      expect(verdict.reference, verdict.side).toBe(schemaValid);
      expect(verdict.ours, verdict.side).toBe(verdict.reference);
    }
  });
});
