// Issues and errors as data (issue #21): `Issue.entry` is the entry number the path names,
// `leftOut` marks exactly the entries missing from the result, `expected`/`received` where they
// are set, and SitemapError keeps its position in fields (not in its message) with toString() and
// toIssue() for people and for issue lists. Checked over the whole vendored corpus (test/corpus,
// MANIFEST.tsv) and hand-made documents, so no caller needs to parse `path` or `message`.

import { describe, expect, it } from 'vitest';
import { parse, parseFeed, parseTextSitemap, serializeSitemap, SitemapError, SitemapParser, validate, type Issue, type IssueCode } from '../src/index';
import { createIssue } from '../src/model/issue';
import { loadCorpusFile, loadCorpusManifest, thrownBy } from './fixtures';

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const NOW = new Date('2026-11-22T00:00:00Z');
/** The entry number a path names: `urlset/url[41]/loc`, `sitemapindex/sitemap[2]`, `rss/channel/item[3]`, `feed/entry[7]` (the test's own reading, to compare with). */
const ENTRY_IN_PATH = /^(?:rss\/channel|[^/]+)\/[^/[]+\[(\d+)\]/;

function entryInPath(path: string): number | undefined {
  const match = ENTRY_IN_PATH.exec(path);
  return match === null ? undefined : Number(match[1]);
}

/** Every issue's `entry` is the number its path names, and absent when the path names none. */
function expectEntriesMatchPaths(issues: readonly Issue<IssueCode>[], what: string): number {
  let withEntry = 0;
  for (const issue of issues) {
    expect(issue.entry, `${what}: ${JSON.stringify(issue)}`).toBe(entryInPath(issue.path));
    if (issue.entry !== undefined) withEntry++;
  }
  return withEntry;
}

const manifest = await loadCorpusManifest();
const xmlFiles = manifest.filter((entry) => !['text', 'robots', 'xsd'].includes(entry.category));
const corpus = await Promise.all(xmlFiles.map(async (entry) => [entry.file, await loadCorpusFile(entry.file)] as const));

describe('Issue.entry', () => {
  it('is the entry number of the path in every issue parse and validate report on the corpus', () => {
    let withEntry = 0;
    for (const [file, bytes] of corpus) {
      let parsed: readonly Issue[];
      try {
        parsed = parse(bytes, { recover: true }).issues;
      } catch (error) {
        if (!(error instanceof SitemapError)) throw error;
        parsed = [error.toIssue()]; // a root that is no sitemap stops parse even when recovering
      }
      withEntry += expectEntriesMatchPaths(parsed, `parse ${file}`);
      for (const profile of ['google', 'xsd'] as const) withEntry += expectEntriesMatchPaths(validate(bytes, { profile, now: NOW }).issues, `validate ${profile} ${file}`);
    }
    expect(withEntry).toBeGreaterThan(100); // the corpus has many entry-level issues: the check saw them
  });

  it('names the entry of extension, duplicate, whole-file (hreflang) and limit issues, and none for the document', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml">
<url><loc>https://example.com/a</loc><xhtml:link rel="alternate" hreflang="de" href="https://example.com/b"/></url>
<url><loc>https://example.com/b</loc><lastmod>yesterday</lastmod></url>
<url><loc>https://example.com/a</loc><image:image><image:loc>not a url</image:loc></image:image></url>
</urlset>`;
    const { issues } = validate(xml, { now: NOW });
    const byCode = (code: string) => issues.filter((issue) => issue.code === code).map((issue) => issue.entry);
    expect(byCode('SITEMAP_BAD_LASTMOD')).toEqual([2]);
    expect(byCode('SITEMAP_DUPLICATE_LOC')).toEqual([3]);
    expect(byCode('SITEMAP_EXTENSION_BAD_URL')).toEqual([3]);
    expect(byCode('HREFLANG_NO_SELF_REFERENCE')).toEqual([1]); // reported at the end of the document, about entry 1
    expect(expectEntriesMatchPaths(issues, 'hand-made')).toBeGreaterThanOrEqual(4);

    const bare = validate(`<urlset><url><loc>https://example.com/</loc></url></urlset>`, { now: NOW }).issues;
    expect(bare.find((issue) => issue.code === 'SITEMAP_NAMESPACE')).not.toHaveProperty('entry');
  });

  it('counts a text sitemap\'s URL lines and a feed\'s items', () => {
    const text = parseTextSitemap(`https://example.com/a\nnot a url\nhttps://example.com/b c\nhttps://example.com/${'x'.repeat(2100)}\n`);
    expect(text.issues.map((issue) => [issue.code, issue.entry])).toEqual([
      ['SITEMAP_BAD_LOC', undefined], // a line that is no URL is no entry
      ['SITEMAP_BAD_LOC', undefined],
      ['SITEMAP_LOC_LENGTH', 2],
    ]);
    const feed = parseFeed(`<rss version="2.0"><channel><item><link>https://example.com/a</link></item><item><title>no link</title></item><item><link>https://example.com/c</link><pubDate>someday</pubDate></item></channel></rss>`, { recover: true });
    expect(feed.issues.map((issue) => [issue.code, issue.entry, issue.leftOut])).toEqual([
      ['SITEMAP_MISSING_LOC', 2, true],
      ['SITEMAP_BAD_LASTMOD', 3, undefined],
    ]);
    expectEntriesMatchPaths(feed.issues, 'feed');
  });
});

describe('Issue.leftOut', () => {
  it('marks exactly the entries that are not in the result', () => {
    const cases: [string, string][] = [
      ['nested, no loc', `<urlset xmlns="${NS}"><url><lastmod>2024-01-01</lastmod><url><loc>https://example.com/b</loc></url></url></urlset>`],
      ['nested, with loc', `<urlset xmlns="${NS}"><url><loc>https://example.com/a</loc><url><loc>https://example.com/b</loc></url></url></urlset>`],
      ['cut off, no loc', `<urlset xmlns="${NS}"><url><loc>https://example.com/a</loc></url><url><lastmod>2024`],
      ['cut off after its loc', `<urlset xmlns="${NS}"><url><loc>https://example.com/a</loc></url><url><loc>https://example.com/b</loc><lastmod>2024`],
      ['no loc, kept', `<urlset xmlns="${NS}"><url><lastmod>2024-01-01</lastmod></url></urlset>`],
    ];
    const expected: Record<string, { urls: string[]; leftOut: number[] }> = {
      'nested, no loc': { urls: ['https://example.com/b'], leftOut: [1] },
      'nested, with loc': { urls: ['https://example.com/a', 'https://example.com/b'], leftOut: [] },
      'cut off, no loc': { urls: ['https://example.com/a'], leftOut: [2] },
      'cut off after its loc': { urls: ['https://example.com/a', 'https://example.com/b'], leftOut: [] },
      'no loc, kept': { urls: [''], leftOut: [] },
    };
    for (const [what, xml] of cases) {
      const result = parse(xml, { recover: true });
      if (result.kind !== 'urlset') throw new Error('a urlset');
      const leftOut = result.issues.filter((issue) => issue.leftOut).map((issue) => issue.entry);
      expect({ urls: result.urls.map((url) => url.loc), leftOut }, what).toEqual(expected[what]);
      for (const issue of result.issues) if ('leftOut' in issue) expect(issue.leftOut, what).toBe(true);
    }
  });
});

describe('Issue.expected and received', () => {
  it('give the namespace wanted and the one found', () => {
    const legacy = 'http://www.google.com/schemas/sitemap/0.84';
    const issue = parse(`<urlset xmlns="${legacy}"><url><loc>https://example.com/</loc></url></urlset>`, { recover: true }).issues.find((each) => each.code === 'SITEMAP_NAMESPACE');
    expect(issue).toMatchObject({ expected: NS, received: legacy, value: legacy });
    const none = parse(`<urlset><url><loc>https://example.com/</loc></url></urlset>`, { recover: true }).issues[0];
    expect(none).toMatchObject({ code: 'SITEMAP_NAMESPACE', expected: NS, received: '' });
  });
});

describe('SitemapError as data', () => {
  it('has no position in its message; toString() and toIssue() carry it', () => {
    const xml = `<urlset xmlns="${NS}">\n<url><loc>https://example.com/?a=1&b</loc></url></urlset>`;
    const error = thrownBy(() => parse(xml));
    expect({ code: error.code, line: error.line, column: error.column, path: error.path, entry: error.entry }).toEqual({ code: 'XML_BAD_ENTITY', line: 2, column: 35, path: 'urlset/url[1]/loc', entry: 1 });
    expect(error.message).not.toMatch(/line \d|column \d/);
    expect(String(error)).toBe(`SitemapError XML_BAD_ENTITY: ${error.message} (at urlset/url[1]/loc, line 2, column 35)`);
    expect(error.toIssue()).toEqual({ code: 'XML_BAD_ENTITY', severity: 'error', message: error.message, line: 2, column: 35, path: 'urlset/url[1]/loc', entry: 1 });
    // What recover reports is the same data.
    expect(parse(xml, { recover: true }).issues.find((issue) => issue.code === 'XML_BAD_ENTITY')).toEqual(error.toIssue());
    const misuse = thrownBy(() => parse(xml, { maxBytes: -1 }));
    expect(String(misuse)).toBe(`SitemapError INPUT_INVALID_OPTION: ${misuse.message}`);
    expect(misuse.toIssue('warning')).toMatchObject({ severity: 'warning', line: 1, column: 1 });
    expect(misuse.toIssue('error', true)).toMatchObject({ line: 0, column: 0 });
  });

  it('a serializer error names the input entry and the field within it', () => {
    const error = thrownBy(() => serializeSitemap([{ loc: 'https://example.com/a' }, { loc: 'https://example.com/b', lastmod: 'last tuesday' }]));
    expect({ code: error.code, path: error.path, entry: error.entry, field: error.field }).toEqual({ code: 'SERIALIZE_INVALID_VALUE', path: 'urlset/url[2]/lastmod', entry: 2, field: 'lastmod' });
    expect(error.message).toMatch(/^lastmod: "last tuesday" /);
    const image = thrownBy(() => serializeSitemap([{ loc: 'https://example.com/a', images: [{ loc: 'https://example.com/1.png' }, { loc: 404 as unknown as string }] }]));
    expect({ entry: image.entry, field: image.field }).toEqual({ entry: 1, field: image.path.slice('urlset/url[1]/'.length) });
    expect(image.field).toMatch(/^image:image\[2\]/);
    const entry = thrownBy(() => serializeSitemap([null as unknown as { loc: string }]));
    expect({ path: entry.path, entry: entry.entry, field: entry.field }).toEqual({ path: 'urlset/url[1]', entry: 1, field: '' });
    const stylesheet = thrownBy(() => serializeSitemap([], { stylesheet: 1 as unknown as string }));
    expect({ entry: stylesheet.entry, field: stylesheet.field }).toEqual({ entry: 0, field: '' });
    expect(stylesheet.message).toMatch(/^stylesheet: /);
  });

  it('is the only error: misuse of the push parser is a SitemapError too', () => {
    const parser = new SitemapParser();
    parser.push(new TextEncoder().encode(`<urlset xmlns="${NS}"></urlset>`), true);
    expect(thrownBy(() => parser.push(new Uint8Array(1), true)).code).toBe('INPUT_TYPE');
  });
});

describe('createIssue', () => {
  it('sets the optional fields only when they have a value, in one order', () => {
    expect(Object.keys(createIssue('SITEMAP_EMPTY', 'error', 'm', 1, 1, ''))).toEqual(['code', 'severity', 'message', 'line', 'column', 'path']);
    const full = createIssue('SITEMAP_NAMESPACE', 'warning', 'm', 1, 2, 'urlset/url[3]', 3, 'v', { leftOut: true, expected: 'e', received: 'r' });
    expect(Object.keys(full)).toEqual(['code', 'severity', 'message', 'line', 'column', 'path', 'entry', 'value', 'leftOut', 'expected', 'received']);
    expect(createIssue('SITEMAP_EMPTY', 'error', 'm', 1, 1, '', 0, undefined, { leftOut: false })).not.toHaveProperty('leftOut');
  });
});
