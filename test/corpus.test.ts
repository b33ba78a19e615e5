// Every XML file of the shared corpus (test/corpus, provenance in its MANIFEST.tsv) through
// parse(): entry counts against the manifest's xmllint-checked columns, errors with positions for
// the files xmllint rejects, recovery, foreign roots, legacy namespaces, and values compared with
// an independent reading (fast-xml-parser, literals copied from the files). SPEC.md §1, §2, §5.

import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { parse, type Issue, type ParseResult, type SitemapIndexEntry, type SitemapUrl } from '../src/index';
import { loadCorpusFile, loadCorpusManifest, thrownBy, type CorpusEntry } from './fixtures';

const manifest = await loadCorpusManifest();
/** Every XML-like file: all but the text sitemaps and robots.txt files (whose wellformed is n/a). */
const xmlFiles = manifest.filter((entry) => entry.category !== 'text' && entry.category !== 'robots');
const bytesOf = new Map<string, Uint8Array>(await Promise.all(xmlFiles.map(async (entry) => [entry.file, await loadCorpusFile(entry.file)] as const)));

/**
 * The root element's qualified name, read independently of the code under test: the first `<`
 * that starts an element after comments, processing instructions and a DOCTYPE are removed.
 */
function rootElementName(bytes: Uint8Array): string | null {
  const text = new TextDecoder('utf-8').decode(bytes)
    .replace(/<!--[\s\S]*?-->/g, '')
    .replace(/<\?[\s\S]*?\?>/g, '')
    .replace(/<!DOCTYPE[^>[]*(\[[\s\S]*?\])?\s*>/gi, '');
  return /<([A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?)/.exec(text)?.[1] ?? null;
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

/**
 * Files whose complete entries differ from the manifest's count of entry start tags: in
 * bom-truncated-nested-url.xml the first `<url>` is never closed (a second `<url>` opens inside
 * it, and the file ends before `</urlset>`), so 2 of its 3 `<url>`s are complete.
 */
const COMPLETE_ENTRIES: Record<string, number> = { 'odd/bom-truncated-nested-url.xml': 2 };
const SITEMAP_ROOTS = new Set(['urlset', 'sitemapindex']);

interface Classified {
  entry: CorpusEntry;
  bytes: Uint8Array;
  root: string | null;
  wellFormed: boolean;
}

const classified: Classified[] = xmlFiles.map((entry) => {
  const bytes = bytesOf.get(entry.file)!;
  return { entry, bytes, root: rootElementName(bytes), wellFormed: entry.wellFormed === 'yes' };
});
const wellFormedSitemaps = classified.filter((file) => file.wellFormed && file.root !== null && SITEMAP_ROOTS.has(localName(file.root)));
const notWellFormed = classified.filter((file) => !file.wellFormed);
const foreignRoots = classified.filter((file) => file.wellFormed && file.root !== null && !SITEMAP_ROOTS.has(localName(file.root)));

const entriesOf = (result: ParseResult): Array<SitemapUrl | SitemapIndexEntry> => (result.kind === 'urlset' ? result.urls : result.sitemaps);


describe('the corpus as the manifest describes it', () => {
  it('has the files this suite expects to sort', () => {
    expect(xmlFiles.length).toBeGreaterThanOrEqual(70);
    expect(wellFormedSitemaps.length).toBeGreaterThanOrEqual(40);
    expect(notWellFormed.map((file) => file.entry.file)).toEqual(expect.arrayContaining([
      'odd/bom-truncated-nested-url.xml', 'odd/missing-ns-undeclared-xsi.xml', 'odd/stray-close-url-notwf.xml',
      'odd/empty-zero-byte-sitemap.xml', 'video/shopify-hvac-video-1511.xml', 'odd/xmlsitemaps-html-sitemap.html',
    ]));
    expect(foreignRoots.map((file) => localName(file.root!))).toEqual(expect.arrayContaining(['rss', 'feed', 'siteMap', 'stylesheet']));
  });
});

describe('well-formed urlset and sitemapindex files', () => {
  for (const { entry, bytes, root } of wellFormedSitemaps) {
    it(`${entry.file}: parses strictly to ${entry.urlCount} entries`, () => {
      const result = parse(bytes);
      expect(result.kind).toBe(localName(root!));
      expect(entriesOf(result)).toHaveLength(entry.urlCount);
      expect(result.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
    });
  }
});

describe('files xmllint rejects', () => {
  for (const { entry, bytes, root } of notWellFormed) {
    const sitemapRoot = root === null || SITEMAP_ROOTS.has(localName(root));
    it(`${entry.file}: throws a SitemapError with a position`, () => {
      const error = thrownBy(() => parse(bytes));
      expect(error.code).toMatch(/^[A-Z]+_[A-Z0-9_]+$/);
      expect(error.line).toBeGreaterThan(0);
      expect(error.column).toBeGreaterThan(0);
      expect(error.message.length).toBeGreaterThan(0);
    });

    if (sitemapRoot) {
      const complete = COMPLETE_ENTRIES[entry.file] ?? entry.urlCount;
      it(`${entry.file}: recovers its ${complete} complete entries and lists the strict error among its issues`, () => {
        const strict = thrownBy(() => parse(bytes));
        const result = parse(bytes, { recover: true });
        expect(entriesOf(result)).toHaveLength(complete);
        expect(result.issues).toContainEqual(expect.objectContaining({ code: strict.code, line: strict.line, column: strict.column, severity: 'error' }));
      });
    } else {
      // Not a sitemap at all (an RSS feed, an HTML page, a schema): there is nothing to recover,
      // and saying so is not a well-formedness verdict, so recover mode still throws, and only that.
      it(`${entry.file}: in recover mode throws only "not a sitemap" (root <${root}>)`, () => {
        const error = thrownBy(() => parse(bytes, { recover: true }));
        expect(['SITEMAP_NOT_A_SITEMAP', 'SITEMAP_HTML']).toContain(error.code);
      });
    }
  }

  it('odd/bom-truncated-nested-url.xml: recover keeps the two complete <url>s before the cut', () => {
    const result = parse(bytesOf.get('odd/bom-truncated-nested-url.xml')!, { recover: true });
    expect(result.kind).toBe('urlset');
    const urls = result.kind === 'urlset' ? result.urls : [];
    expect(urls).toEqual([
      { loc: 'https://planetaa.ml/', lastmod: '2022-06-02T08:10:04+00:00', priority: 1 },
      { loc: 'https://planetaa.ml/privacy', lastmod: '2022-06-02T08:10:04+00:00', priority: 0.8 },
    ]);
    const codes = result.issues.map((issue) => issue.code);
    expect(codes).toContain('SITEMAP_NESTED_ENTRY');
    expect(codes).toContain('XML_UNCLOSED_ELEMENT');
    // The document ends after three empty lines (line 14 ends with the last `</url>`).
    expect(result.issues.find((issue) => issue.code === 'XML_UNCLOSED_ELEMENT')).toMatchObject({ line: 17, column: 1 });
  });

  it('odd/stray-close-url-notwf.xml: the first stray </url> is line 32, column 4, and all 9 <url>s survive', () => {
    const bytes = bytesOf.get('odd/stray-close-url-notwf.xml')!;
    const error = thrownBy(() => parse(bytes));
    expect({ code: error.code, line: error.line, column: error.column, path: error.path }).toEqual({ code: 'XML_MISMATCHED_END_TAG', line: 32, column: 4, path: 'urlset' });
    const result = parse(bytes, { recover: true });
    const urls = result.kind === 'urlset' ? result.urls : [];
    expect(urls.map((url) => url.loc)).toEqual([
      'http://www.decouverteplanete.fr/Index.php', 'http://www.decouverteplanete.fr/Source.php',
      'http://www.decouverteplanete.fr/PlanSite.php>', 'http://www.decouverteplanete.fr/Contact.php>',
      'http://www.decouverteplanete.fr/Mars/PlaneteMars.php', 'http://www.decouverteplanete.fr/Venus/PlaneteVenus.php',
      'http://www.decouverteplanete.fr/Actualite.php', 'http://www.decouverteplanete.fr/Don.php',
      'http://www.decouverteplanete.fr/Commentaires.php',
    ]);
    expect(urls.every((url) => url.changefreq === 'weekly')).toBe(true);
  });

  it('odd/missing-ns-undeclared-xsi.xml: XML_UNBOUND_PREFIX at the xsi:schemaLocation attribute', () => {
    const bytes = bytesOf.get('odd/missing-ns-undeclared-xsi.xml')!;
    const error = thrownBy(() => parse(bytes));
    expect({ code: error.code, line: error.line, column: error.column }).toEqual({ code: 'XML_UNBOUND_PREFIX', line: 1, column: 9 });
    const result = parse(bytes, { recover: true });
    expect(entriesOf(result)).toEqual([{ loc: 'https://www.milmax.uz/', lastmod: '2025-02-04T17:12:21+00:00' }]);
  });

  it('video/shopify-hvac-video-1511.xml: a bare & in a video description fails strictly, every <url> survives recovery', () => {
    const bytes = bytesOf.get('video/shopify-hvac-video-1511.xml')!;
    const error = thrownBy(() => parse(bytes));
    expect(error.code).toBe('XML_BAD_ENTITY');
    // The line xmllint stops at has a raw & where the error points.
    const line = new TextDecoder().decode(bytes).split('\n')[error.line - 1]!;
    expect(Array.from(line)[error.column - 1]).toBe('&');
    const result = parse(bytes, { recover: true });
    expect(entriesOf(result)).toHaveLength(1511);
    expect(result.issues.every((issue) => issue.code === 'XML_BAD_ENTITY')).toBe(true);
  });

  it('odd/empty-zero-byte-sitemap.xml: INPUT_EMPTY strictly; an empty result with the issue when recovering', () => {
    const bytes = bytesOf.get('odd/empty-zero-byte-sitemap.xml')!;
    expect(bytes.length).toBe(0);
    expect(thrownBy(() => parse(bytes)).code).toBe('INPUT_EMPTY');
    const result = parse(bytes, { recover: true });
    expect(entriesOf(result)).toEqual([]);
    expect(result.issues.map((issue) => issue.code)).toContain('INPUT_EMPTY');
  });

  it('odd/xmlsitemaps-html-sitemap.html: SITEMAP_HTML', () => {
    expect(thrownBy(() => parse(bytesOf.get('odd/xmlsitemaps-html-sitemap.html')!)).code).toBe('SITEMAP_HTML');
  });
});

describe('well-formed files with another root', () => {
  for (const { entry, bytes, root } of foreignRoots) {
    it(`${entry.file}: throws "not a sitemap" naming <${root}>`, () => {
      const error = thrownBy(() => parse(bytes));
      expect(error.code).toBe(localName(root!) === 'html' ? 'SITEMAP_HTML' : 'SITEMAP_NOT_A_SITEMAP');
      expect(error.message).toMatch(new RegExp(`<([\\w.-]+:)?${localName(root!)}>`));
      expect(error.line).toBeGreaterThan(0);
      expect(error.column).toBeGreaterThan(0);
      expect(thrownBy(() => parse(bytes, { recover: true })).code).toBe(error.code);
    });
  }

  it('names feeds and site maps in words a person recognises', () => {
    const messageOf = (file: string) => thrownBy(() => parse(bytesOf.get(file)!)).message;
    expect(messageOf('feed/wordpress-rss2-motormahal.xml')).toMatch(/RSS/);
    expect(messageOf('feed/docusaurus-blog-atom.xml')).toMatch(/Atom/);
    expect(messageOf('odd/aspnet-websitemap-format-bom.xml')).toMatch(/siteMap/);
    expect(messageOf('odd/xslt-stylesheet-as-sitemap.xml')).toMatch(/XSLT|stylesheet/);
  });
});

describe('legacy and wrong namespaces', () => {
  const namespaceWarnings = (issues: Issue[]) => issues.filter((issue) => issue.code === 'SITEMAP_NAMESPACE');

  it('odd/https-namespace-typo.xml: read with a SITEMAP_NAMESPACE warning', () => {
    const result = parse(bytesOf.get('odd/https-namespace-typo.xml')!);
    expect(entriesOf(result)).toHaveLength(7);
    expect(namespaceWarnings(result.issues)).toEqual([expect.objectContaining({ severity: 'warning', value: 'https://www.sitemaps.org/schemas/sitemap/0.9', path: 'urlset' })]);
  });

  it('odd/wrong-ns-google-0.9-image.xml: read with a SITEMAP_NAMESPACE warning', () => {
    const result = parse(bytesOf.get('odd/wrong-ns-google-0.9-image.xml')!);
    expect(entriesOf(result)).toHaveLength(6);
    expect(namespaceWarnings(result.issues)).toEqual([expect.objectContaining({ severity: 'warning', value: 'http://www.google.com/schemas/sitemap/0.9' })]);
  });

  it('odd/missing-ns-undeclared-xsi.xml (no namespace at all): a SITEMAP_NAMESPACE warning when recovering', () => {
    const result = parse(bytesOf.get('odd/missing-ns-undeclared-xsi.xml')!, { recover: true });
    expect(namespaceWarnings(result.issues)).toEqual([expect.objectContaining({ severity: 'warning', value: '', line: 1, column: 1 })]);
  });

  it('odd/stray-close-url-notwf.xml (a site\'s own namespace): a SITEMAP_NAMESPACE warning when recovering', () => {
    const result = parse(bytesOf.get('odd/stray-close-url-notwf.xml')!, { recover: true });
    expect(namespaceWarnings(result.issues)).toEqual([expect.objectContaining({ severity: 'warning', value: 'http://www.decouverteplanete.fr', line: 3, column: 1 })]);
  });

  it('gives no namespace warning to files in the sitemaps.org namespace', () => {
    for (const { entry, bytes } of wellFormedSitemaps) {
      const text = new TextDecoder().decode(bytes);
      if (!/xmlns\s*=\s*["']http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9["']/.test(text)) continue;
      expect(namespaceWarnings(parse(bytes).issues), entry.file).toEqual([]);
    }
  });
});

describe('values, compared with an independent reading', () => {
  // fast-xml-parser: prefixes dropped (so `loc` is the sitemap child, `image:loc` lands under
  // `image`), values kept as strings, trimmed, entities decoded.
  const reference = new XMLParser({
    removeNSPrefix: true, parseTagValue: false, ignoreAttributes: true, processEntities: true, htmlEntities: true,
    ignoreDeclaration: true, ignorePiTags: true, trimValues: true,
    isArray: (_name, jpath) => jpath === 'urlset.url' || jpath === 'sitemapindex.sitemap',
  });

  function referenceEntries(bytes: Uint8Array): Array<Record<string, unknown>> {
    const document = reference.parse(new TextDecoder().decode(bytes)) as Record<string, Record<string, unknown> | string>;
    const [rootName, entryName] = 'urlset' in document ? ['urlset', 'url'] : ['sitemapindex', 'sitemap'];
    const root = document[rootName!];
    const entries = (typeof root === 'object' ? (root[entryName!] as Array<Record<string, unknown>> | undefined) : undefined) ?? [];
    return entries.map((item) => {
      const entry: Record<string, unknown> = { loc: String(item.loc ?? '') };
      for (const field of ['lastmod', 'changefreq', 'priority']) {
        const value = item[field];
        if (value === undefined) continue;
        // An empty <priority/> is not a number: the parser leaves it out (with a warning).
        if (field === 'priority') { if (String(value) !== '') entry.priority = Number(value); } else entry[field] = String(value);
      }
      return entry;
    });
  }

  it('agree with fast-xml-parser on every entry of every well-formed sitemap and index', () => {
    let compared = 0;
    for (const { entry, bytes } of wellFormedSitemaps) {
      // The sitemap fields only (extensions/corpus tests compare the extension values).
      const ours = entriesOf(parse(bytes)).map(({ loc, lastmod, changefreq, priority }: SitemapUrl) => Object.fromEntries(Object.entries({ loc, lastmod, changefreq, priority }).filter(([, value]) => value !== undefined)));
      const theirs = referenceEntries(bytes);
      expect(ours.length, entry.file).toBe(theirs.length);
      for (let i = 0; i < ours.length; i++) {
        if (JSON.stringify(ours[i]) !== JSON.stringify(theirs[i])) expect(ours[i], `${entry.file} entry ${i + 1}`).toEqual(theirs[i]);
      }
      compared += ours.length;
    }
    expect(compared).toBeGreaterThan(25_000);
  });

  // Literals copied from the files (grep), so neither reader is the judge.
  const spotChecks: Array<{ file: string; first: Record<string, unknown>; last: Record<string, unknown> }> = [
    {
      file: 'urlset/zara-us-en-11856.xml',
      first: { loc: 'https://www.zara.com/us/' },
      last: { loc: 'https://www.zara.com/us/en/z-job-corp1398.html' },
    },
    {
      file: 'urlset/xmlsitemaps-crlf-24.xml',
      first: { loc: 'https://www.lexmath.com/', lastmod: '2025-06-20T20:44:53+00:00' },
      last: { loc: 'https://www.lexmath.com/2024/08/logique-mathematique-cours-et-exercices.html', lastmod: '2025-06-20T20:44:53+00:00' },
    },
    {
      file: 'index/zara-index-241-gz.xml',
      first: { loc: 'https://www.zara.com/sitemaps/sitemap-images-pt-pt-3.xml.gz', lastmod: '2022-09-16T08:59:55.000Z' },
      last: { loc: 'https://www.zara.com/sitemaps/sitemap-images-uk-en-4.xml.gz', lastmod: '2022-09-16T08:59:55.000Z' },
    },
    {
      file: 'odd/whitespace-linebreak-inside-loc-184.xml',
      first: { loc: 'http://phollow.fr/2008/10/une-introduction-a-cakephp', lastmod: '2013-07-04T20:22:23+02:00' },
      last: { loc: 'http://phollow.fr/', lastmod: '2013-12-17T18:38:51+01:00' },
    },
    {
      file: 'odd/nonascii-persian-query-389.xml',
      first: { loc: 'http://www.bazaremarzi.com/' },
      last: { loc: 'http://www.bazaremarzi.com/Views/RetrieveMaterials.aspx?Tag=ماشين$اصلاح' },
    },
    {
      file: 'urlset/aspnet-bom-1566.xml',
      first: { loc: 'http://www.echo-h.ru' },
      last: { loc: 'http://www.echo-h.ru/En/Products.aspx?CatID=60&All=1' },
    },
    {
      file: 'image/yoast-product-image-cdata.xml',
      first: { loc: 'https://authorised-customer-care.com/product/panasonic-air-condition-repair-service-in-mysore/', lastmod: '2021-05-07T19:39:53+05:00' },
      last: { loc: 'https://authorised-customer-care.com/product/onida-washing-machine-repair-service-in-mysore/', lastmod: '2021-05-07T19:39:53+05:00' },
    },
  ];
  for (const { file, first, last } of spotChecks) {
    it(`${file}: first and last entry`, () => {
      const entries = entriesOf(parse(bytesOf.get(file)!)) as unknown as Array<Record<string, unknown>>;
      expect(entries[0]).toMatchObject(first);
      expect(entries.at(-1)).toMatchObject(last);
      if (!('lastmod' in first)) expect('lastmod' in entries[0]!).toBe(false);
    });
  }

  it('odd/whitespace-linebreak-inside-loc-184.xml: wrapped <loc> values come back trimmed, with no line breaks', () => {
    const entries = entriesOf(parse(bytesOf.get('odd/whitespace-linebreak-inside-loc-184.xml')!));
    const text = new TextDecoder().decode(bytesOf.get('odd/whitespace-linebreak-inside-loc-184.xml')!);
    expect(text).toMatch(/<loc>\s*\n\s+http/); // the file really wraps some
    for (const entry of entries) expect(entry.loc).toMatch(/^http:\/\/phollow\.fr\/\S*$/);
  });

  it('odd/skeleton-empty-elements-ellipsis.xml: empty fields are empty strings; an empty <priority> is left out with a warning', () => {
    const result = parse(bytesOf.get('odd/skeleton-empty-elements-ellipsis.xml')!);
    expect(entriesOf(result)).toEqual([{ loc: '', lastmod: '', changefreq: '' }]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['SITEMAP_BAD_PRIORITY']);
  });
});
