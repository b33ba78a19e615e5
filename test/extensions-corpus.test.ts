// Every image, video, news, hreflang and mixed file of the shared corpus (test/corpus, its
// MANIFEST.tsv), plus the odd files with extension namespaces: per <url>, the number of images,
// videos, news entries, alternates and other extension elements and their main values, against a
// small independent reading (fast-xml-parser with namespace prefixes resolved here, not by the
// code under test); and parse → serialize → parse giving the same entries. SPEC.md §3.

import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import { IMAGE_NAMESPACE, NEWS_NAMESPACE, parse, serializeSitemap, SITEMAP_NAMESPACE, VIDEO_NAMESPACE, XHTML_NAMESPACE, type SitemapUrl } from '../src/index';
import { loadCorpusFile, loadCorpusManifest } from './fixtures';

const EXTENSION_CATEGORIES = new Set(['image', 'video', 'news', 'hreflang', 'mixed']);
/** Odd files whose extensions test the namespace rule (a familiar prefix, another namespace; a legacy root namespace). */
const ODD_EXTENSION_FILES = ['odd/wrong-image-ns-0.9-keploy-497.xml', 'odd/wrong-ns-google-0.9-image.xml'];

const manifest = await loadCorpusManifest();
const files = manifest.filter((entry) => EXTENSION_CATEGORIES.has(entry.category) || ODD_EXTENSION_FILES.includes(entry.file));
const bytesOf = new Map(await Promise.all(files.map(async (entry) => [entry.file, await loadCorpusFile(entry.file)] as const)));

// ------------------------------------------------------------------------------ the reference

/** What the reference reads in one <url>. */
interface ReferenceUrl {
  loc: string;
  imageLocs: string[];
  videoTitles: string[];
  newsTitles: string[];
  /** `hreflang href` of each xhtml:link with an hreflang attribute. */
  alternates: string[];
  /** `{namespace}name` of every other element outside the sitemap namespace. */
  others: string[];
}

type Node = Record<string, unknown>;

const reference = new XMLParser({
  ignoreAttributes: false, attributeNamePrefix: '@_', removeNSPrefix: false, parseTagValue: false, parseAttributeValue: false,
  processEntities: true, htmlEntities: true, trimValues: true, ignoreDeclaration: true, ignorePiTags: true,
  isArray: (_name, _path, _leaf, isAttribute) => !isAttribute,
});

/** The xmlns declarations on a node, as prefix → URI ('' for the default namespace). */
function declarationsOn(node: Node): Record<string, string> {
  const map: Record<string, string> = {};
  for (const [key, value] of Object.entries(node)) {
    if (key === '@_xmlns') map[''] = String(value);
    else if (key.startsWith('@_xmlns:')) map[key.slice('@_xmlns:'.length)] = String(value);
  }
  return map;
}

const split = (name: string): [string, string] => (name.includes(':') ? [name.slice(0, name.indexOf(':')), name.slice(name.indexOf(':') + 1)] : ['', name]);
const textOf = (node: unknown): string => (typeof node === 'string' ? node : typeof node === 'object' && node !== null ? String((node as Node)['#text'] ?? '') : '');
const childText = (node: Node, key: string): string => textOf((node[key] as unknown[] | undefined)?.[0]);

function referenceUrls(bytes: Uint8Array): ReferenceUrl[] {
  const document = reference.parse(new TextDecoder().decode(bytes)) as Node;
  const rootKey = Object.keys(document).find((key) => split(key)[1] === 'urlset')!;
  const root = (document[rootKey] as Node[])[0]!;
  const rootScope = declarationsOn(root);
  const urlKey = Object.keys(root).find((key) => split(key)[1] === 'url')!;
  return (root[urlKey] as Node[]).map((url) => {
    const scope = { ...rootScope, ...declarationsOn(url) };
    const found: ReferenceUrl = { loc: childText(url, 'loc'), imageLocs: [], videoTitles: [], newsTitles: [], alternates: [], others: [] };
    for (const [key, value] of Object.entries(url)) {
      if (key.startsWith('@_') || key.startsWith('#')) continue;
      const [prefix, local] = split(key);
      for (const item of value as unknown[]) {
        const own = typeof item === 'object' && item !== null ? declarationsOn(item as Node) : {};
        const namespace = own[prefix] ?? scope[prefix] ?? '';
        const node = (typeof item === 'object' && item !== null ? item : {}) as Node;
        const child = (name: string) => childText(node, prefix ? `${prefix}:${name}` : name);
        if (namespace === scope[''] && ['loc', 'lastmod', 'changefreq', 'priority'].includes(local)) continue;
        if (namespace === IMAGE_NAMESPACE && local === 'image') found.imageLocs.push(child('loc'));
        else if (namespace === VIDEO_NAMESPACE && local === 'video') found.videoTitles.push(child('title'));
        else if (namespace === NEWS_NAMESPACE && local === 'news') found.newsTitles.push(child('title'));
        else if (namespace === XHTML_NAMESPACE && local === 'link' && node['@_hreflang'] !== undefined) found.alternates.push(`${String(node['@_hreflang']).trim()} ${String(node['@_href']).trim()}`);
        else found.others.push(`{${namespace}}${local}`);
      }
    }
    return found;
  });
}

// ------------------------------------------------------------------------------ the tests

describe('extension files of the corpus, against an independent reading', () => {
  it('has the files this suite expects', () => {
    expect(files.filter((entry) => EXTENSION_CATEGORIES.has(entry.category))).toHaveLength(17);
    expect(files.map((entry) => entry.file)).toEqual(expect.arrayContaining(ODD_EXTENSION_FILES));
  });

  const totals = { images: 0, videos: 0, news: 0, alternates: 0, others: 0 };

  for (const entry of files) {
    const wellFormed = entry.wellFormed === 'yes';
    it(`${entry.file}: per <url>, the images, videos, news, alternates and other extensions the reference finds${wellFormed ? '' : ' (recover mode: the file is not well-formed)'}`, () => {
      const bytes = bytesOf.get(entry.file)!;
      const result = parse(bytes, { recover: !wellFormed });
      expect(result.kind).toBe('urlset');
      const urls = result.kind === 'urlset' ? result.urls : [];
      const expected = referenceUrls(bytes);
      expect(urls).toHaveLength(expected.length);
      expect(urls).toHaveLength(entry.urlCount);
      urls.forEach((url, i) => {
        const theirs = expected[i]!;
        const label = `${entry.file} url ${i + 1}`;
        expect(url.loc, label).toBe(theirs.loc.trim());
        expect((url.images ?? []).map((image) => image.loc), label).toEqual(theirs.imageLocs.map((loc) => loc.trim()));
        expect((url.videos ?? []).map((video) => video.title), label).toEqual(theirs.videoTitles.map((title) => title.trim()));
        expect(url.news === undefined ? [] : [url.news.title], label).toEqual(theirs.newsTitles.map((title) => title.trim()));
        expect((url.alternates ?? []).map((alternate) => `${alternate.hreflang} ${alternate.href}`), label).toEqual(theirs.alternates);
        expect((url.extensions ?? []).map((element) => `{${element.namespace}}${element.name}`).sort(), label).toEqual([...theirs.others].sort());
        totals.images += url.images?.length ?? 0;
        totals.videos += url.videos?.length ?? 0;
        totals.news += url.news ? 1 : 0;
        totals.alternates += url.alternates?.length ?? 0;
        totals.others += url.extensions?.length ?? 0;
      });
      // Only well-formedness errors in the files xmllint rejects; well-formed files have no error at all.
      const errors = result.issues.filter((issue) => issue.severity === 'error');
      if (wellFormed) expect(errors).toEqual([]);
      else expect(errors.every((issue) => issue.code.startsWith('XML_'))).toBe(true);
    });
  }

  it('found every kind of extension across the files (the counts above compared something)', () => {
    // Sums of the manifest's own grep counts: 5,601 image:image in image/ and mixed/, 1,524 videos, 116 news, 2,782 hreflang links, 74 mobile.
    expect(totals.images).toBeGreaterThanOrEqual(5_601 + 5 /* wrong-ns-google */);
    expect(totals.videos).toBe(1_511 + 1 + 7 + 6);
    expect(totals.news).toBe(1 + 22 + 1 + 89 + 3);
    expect(totals.alternates).toBe(4 + 10 + 364 + 2_404);
    expect(totals.others).toBeGreaterThanOrEqual(74 + 494);
  });
});

describe('parse → serialize → parse gives the same entries for every extension file', () => {
  for (const entry of files) {
    it(`${entry.file}: compact and pretty`, () => {
      const first = parse(bytesOf.get(entry.file)!, { recover: entry.wellFormed !== 'yes' });
      const urls: SitemapUrl[] = first.kind === 'urlset' ? first.urls : [];
      expect(urls.length).toBeGreaterThan(0);
      for (const pretty of [false, true]) {
        const written = serializeSitemap(urls, { pretty });
        const again = parse(written);
        expect(again.kind).toBe('urlset');
        const back = again.kind === 'urlset' ? again.urls : [];
        expect(back.length).toBe(urls.length);
        for (let i = 0; i < urls.length; i++) {
          if (JSON.stringify(back[i]) !== JSON.stringify(urls[i])) expect(back[i], `${entry.file} url ${i + 1}`).toEqual(urls[i]);
        }
        expect(again.issues).toEqual([]);
        // Only the namespaces the entries use are declared.
        const rootTag = new TextDecoder().decode(written.subarray(0, 2000)).match(/<urlset[^>]*>/)![0];
        const used = new Set(urls.flatMap((url) => [
          ...(url.images ? [IMAGE_NAMESPACE] : []), ...(url.videos ? [VIDEO_NAMESPACE] : []), ...(url.news ? [NEWS_NAMESPACE] : []), ...(url.alternates ? [XHTML_NAMESPACE] : []),
          ...(url.extensions ?? []).map((element) => element.namespace),
        ]));
        const declared = [...rootTag.matchAll(/xmlns:[^=]+="([^"]*)"/g)].map((match) => match[1]);
        expect(new Set(declared)).toEqual(used);
        expect(rootTag).toContain(`xmlns="${SITEMAP_NAMESPACE}"`);
      }
    });
  }
});
