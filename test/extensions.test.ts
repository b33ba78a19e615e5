// Sitemap extensions (SPEC.md §3) through parse and serializeSitemap: the typed image, video,
// news and hreflang values, unknown extensions kept as element trees, namespaces matched by URI,
// issues with code/line/column/path in recover mode, chunk boundaries, the serializer's
// namespace declarations, lenient input and refusals, and round trips (fast-check) with hostile
// values. Runs in Node and in Chromium.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  IMAGE_NAMESPACE, NEWS_NAMESPACE, parse, serializeSitemap, SitemapError, SitemapParser, SitemapWriter, SITEMAP_NAMESPACE, VIDEO_NAMESPACE, XHTML_NAMESPACE,
  type ExtensionAttribute, type ExtensionElement, type Issue, type ParseOptions, type SitemapUrl, type SitemapUrlInput,
} from '../src/index';
import type { ExtensionItemSource } from '../src/read/extensions';
import { createObservedParser, type SitemapParserObserver } from '../src/read/parse';
import { getCore, loadBuildForTesting } from '../src/core/wasm';
import { Field, ReaderFlag, TOKEN_WORDS, TokenFlag, TokenKind, XmlReader } from '../src/core/xml-reader';
import { generateDocument, seededRandom } from './fixtures/parse/generate-document';
import { thrownBy } from './fixtures';

const NS = SITEMAP_NAMESPACE;
const DECLARATIONS = `xmlns="${NS}" xmlns:image="${IMAGE_NAMESPACE}" xmlns:video="${VIDEO_NAMESPACE}" xmlns:news="${NEWS_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}"`;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

/** A urlset with the four extension namespaces declared on the root. */
const urlset = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset ${DECLARATIONS}>\n${body}\n</urlset>\n`;

function urlsOf(xml: string | Uint8Array, options?: ParseOptions): SitemapUrl[] {
  const result = parse(xml, options);
  if (result.kind !== 'urlset') throw new Error('expected a urlset');
  return result.urls;
}


/** 1-based line and column (in code points) of the first `needle` in `text`. */
function positionOf(text: string, needle: string, from = 0): { line: number; column: number } {
  const index = text.indexOf(needle, from);
  expect(index, needle).toBeGreaterThanOrEqual(0);
  const before = text.slice(0, index);
  const line = before.split('\n').length;
  return { line, column: Array.from(before.slice(before.lastIndexOf('\n') + 1)).length + 1 };
}

const roundTrip = (urls: readonly SitemapUrlInput[], pretty = false) => urlsOf(serializeSitemap(urls, { pretty }));

// ---------------------------------------------------------------------------------- typed values

const FULL_VIDEO = `<video:video>
  <video:thumbnail_loc>https://e.com/t.jpg</video:thumbnail_loc>
  <video:title>Grilling &amp; more</video:title>
  <video:description><![CDATA[Steaks <b>&</b> salads]]></video:description>
  <video:content_loc>https://e.com/v.mp4</video:content_loc>
  <video:player_loc allow_embed="YES" autoplay="ap=1">https://e.com/player?v=1&amp;x=2</video:player_loc>
  <video:duration>600</video:duration>
  <video:expiration_date>2030-11-05T19:20:30+08:00</video:expiration_date>
  <video:rating>4.2</video:rating>
  <video:content_segment_loc duration="30">https://e.com/s1.mp4</video:content_segment_loc>
  <video:content_segment_loc>https://e.com/s2.mp4</video:content_segment_loc>
  <video:view_count>12345</video:view_count>
  <video:publication_date>2024-05-01</video:publication_date>
  <video:tag>steak</video:tag>
  <video:tag>meat</video:tag>
  <video:category>Grilling</video:category>
  <video:family_friendly>yes</video:family_friendly>
  <video:restriction relationship="allow">IE GB US CA</video:restriction>
  <video:gallery_loc title="Cooking">https://e.com/gallery</video:gallery_loc>
  <video:price currency="EUR" type="rent" resolution="HD">1.99</video:price>
  <video:price type="purchase"/>
  <video:requires_subscription>No</video:requires_subscription>
  <video:uploader info="https://e.com/users/grillymcgrillerson">GrillyMcGrillerson</video:uploader>
  <video:tvshow>
    <video:show_title>Grill Time</video:show_title>
    <video:video_type>full</video:video_type>
    <video:episode_title>Steaks</video:episode_title>
    <video:season_number>3</video:season_number>
    <video:episode_number>7</video:episode_number>
    <video:premier_date>2024-01-02</video:premier_date>
  </video:tvshow>
  <video:platform relationship="deny">tv mobile</video:platform>
  <video:live>no</video:live>
  <video:id type="url">https://e.com/ids/1</video:id>
</video:video>`;

describe('typed extension values', () => {
  it('reads every tag and attribute of the video schema, in the schema\'s order', () => {
    const [url] = urlsOf(urlset(`<url><loc>https://e.com/</loc>${FULL_VIDEO}</url>`));
    expect(url!.videos).toEqual([{
      thumbnailLoc: 'https://e.com/t.jpg',
      title: 'Grilling & more',
      description: 'Steaks <b>&</b> salads',
      contentLoc: 'https://e.com/v.mp4',
      playerLoc: { loc: 'https://e.com/player?v=1&x=2', allowEmbed: true, autoplay: 'ap=1' },
      duration: 600,
      expirationDate: '2030-11-05T19:20:30+08:00',
      rating: 4.2,
      contentSegmentLocs: [{ loc: 'https://e.com/s1.mp4', duration: 30 }, { loc: 'https://e.com/s2.mp4' }],
      viewCount: 12345,
      publicationDate: '2024-05-01',
      tags: ['steak', 'meat'],
      category: 'Grilling',
      familyFriendly: true,
      restriction: { countries: 'IE GB US CA', relationship: 'allow' },
      galleryLoc: { loc: 'https://e.com/gallery', title: 'Cooking' },
      prices: [{ amount: 1.99, currency: 'EUR', type: 'rent', resolution: 'HD' }, { type: 'purchase' }],
      requiresSubscription: false,
      uploader: { name: 'GrillyMcGrillerson', info: 'https://e.com/users/grillymcgrillerson' },
      tvshow: { showTitle: 'Grill Time', videoType: 'full', episodeTitle: 'Steaks', seasonNumber: 3, episodeNumber: 7, premierDate: '2024-01-02' },
      platform: { platforms: 'tv mobile', relationship: 'deny' },
      live: false,
      ids: [{ value: 'https://e.com/ids/1', type: 'url' }],
    }]);
    expect(Object.keys(url!.videos![0]!)).toEqual(['thumbnailLoc', 'title', 'description', 'contentLoc', 'playerLoc', 'duration', 'expirationDate', 'rating',
      'contentSegmentLocs', 'viewCount', 'publicationDate', 'tags', 'category', 'familyFriendly', 'restriction', 'galleryLoc', 'prices',
      'requiresSubscription', 'uploader', 'tvshow', 'platform', 'live', 'ids']);
  });

  it('reads images (all five tags), news and hreflang alternates; values entity-decoded and trimmed', () => {
    const [url] = urlsOf(urlset(`<url><loc>https://e.com/</loc>
      <image:image><image:loc>
        https://e.com/a.jpg
      </image:loc><image:title>T&#233;</image:title><image:caption><![CDATA[<C>]]></image:caption><image:geo_location>Limerick, Ireland</image:geo_location><image:license>https://e.com/l</image:license></image:image>
      <image:image><image:loc>https://e.com/b.jpg</image:loc></image:image>
      <news:news><news:publication><news:name>The Times &amp; Co</news:name><news:language>zh-cn</news:language></news:publication>
        <news:access>Subscription</news:access><news:genres>PressRelease, Blog</news:genres>
        <news:publication_date>2024-05-01T10:00:00Z</news:publication_date><news:title>A title</news:title>
        <news:keywords>a, b</news:keywords><news:stock_tickers>NASDAQ:A, NASDAQ:B</news:stock_tickers></news:news>
      <xhtml:link rel="alternate" hreflang="de" href="https://e.com/de"/>
      <xhtml:link rel="alternate" hreflang="x-default" href="https://e.com/?a=1&amp;b=2"/>
    </url>`));
    expect(url).toEqual({
      loc: 'https://e.com/',
      images: [
        { loc: 'https://e.com/a.jpg', caption: '<C>', geoLocation: 'Limerick, Ireland', title: 'Té', license: 'https://e.com/l' },
        { loc: 'https://e.com/b.jpg' },
      ],
      news: {
        publication: { name: 'The Times & Co', language: 'zh-cn' },
        access: 'Subscription', genres: 'PressRelease, Blog', publicationDate: '2024-05-01T10:00:00Z', title: 'A title', keywords: 'a, b', stockTickers: 'NASDAQ:A, NASDAQ:B',
      },
      alternates: [
        { rel: 'alternate', hreflang: 'de', href: 'https://e.com/de' },
        { rel: 'alternate', hreflang: 'x-default', href: 'https://e.com/?a=1&b=2' },
      ],
    });
  });

  it('adds no extension properties to plain entries (absent stays absent)', () => {
    const urls = urlsOf(urlset('<url><loc>https://e.com/a</loc><lastmod>2024</lastmod></url><url><loc>https://e.com/b</loc><image:image><image:loc>x</image:loc></image:image></url><url><loc>https://e.com/c</loc></url>'));
    expect(Object.keys(urls[0]!)).toEqual(['loc', 'lastmod']);
    expect(Object.keys(urls[1]!)).toEqual(['loc', 'images']);
    expect(Object.keys(urls[2]!)).toEqual(['loc']);
  });

  it('gives each entry and each item lists of their own, of their own length, however long the lists before them were', () => {
    // The reader refills the same lists for every entry and item (extensions.ts ReusedList).
    const image = (name: string) => `<image:image><image:loc>${name}</image:loc></image:image>`;
    const link = (lang: string) => `<xhtml:link rel="alternate" hreflang="${lang}" href="https://e.com/${lang}"/>`;
    const video = (tags: string[]) => `<video:video><video:thumbnail_loc>t</video:thumbnail_loc><video:title>v</video:title><video:description>d</video:description><video:content_loc>c</video:content_loc>${tags.map((tag) => `<video:tag>${tag}</video:tag>`).join('')}</video:video>`;
    const urls = urlsOf(urlset([
      `<url><loc>https://e.com/a</loc>${image('a1')}${image('a2')}${image('a3')}${link('de')}${link('fr')}${video(['x', 'y', 'z'])}</url>`,
      `<url><loc>https://e.com/b</loc>${image('b1')}${link('en')}${video(['w'])}${video([])}</url>`,
      `<url><loc>https://e.com/c</loc></url>`,
      `<url><loc>https://e.com/d</loc>${image('d1')}${image('d2')}</url>`,
    ].join('\n')));
    expect(urls.map((url) => url.images?.map((i) => i.loc))).toEqual([['a1', 'a2', 'a3'], ['b1'], undefined, ['d1', 'd2']]);
    expect(urls.map((url) => url.alternates?.map((a) => a.hreflang))).toEqual([['de', 'fr'], ['en'], undefined, undefined]);
    expect(urls.map((url) => url.videos?.map((v) => v.tags))).toEqual([[['x', 'y', 'z']], [['w'], undefined], undefined, undefined]);
    // Distinct arrays: nothing read later shows up in an earlier entry's lists.
    expect(urls[0]!.images).not.toBe(urls[1]!.images);
    expect(urls[0]!.videos![0]!.tags).not.toBe(urls[1]!.videos![0]!.tags);
    urls[3]!.images!.push({ loc: 'later' });
    expect(urls[0]!.images).toHaveLength(3);
  });

  it('reads the extension elements wherever they stand among the sitemap fields', () => {
    const [url] = urlsOf(urlset('<url><image:image><image:loc>i</image:loc></image:image><loc>https://e.com/</loc><xhtml:link rel="alternate" hreflang="en" href="h"/><priority>0.5</priority></url>'));
    expect(url).toEqual({ loc: 'https://e.com/', priority: 0.5, images: [{ loc: 'i' }], alternates: [{ rel: 'alternate', hreflang: 'en', href: 'h' }] });
  });

  it('reads yes/no in any case, numbers as xsd:decimal', () => {
    const [url] = urlsOf(urlset(`<url><loc>https://e.com/</loc><video:video><video:thumbnail_loc>t</video:thumbnail_loc><video:title>t</video:title><video:description>d</video:description>
      <video:duration> 0030 </video:duration><video:rating>.5</video:rating><video:view_count>+7</video:view_count><video:family_friendly>No</video:family_friendly><video:live>YES</video:live></video:video></url>`));
    expect(url!.videos![0]).toMatchObject({ duration: 30, rating: 0.5, viewCount: 7, familyFriendly: false, live: true });
  });
});

// ---------------------------------------------------------------------------------- namespaces

describe('extensions are matched by namespace URI, never by prefix', () => {
  it('reads any prefix, and a default-namespace declaration on the element', () => {
    const [url] = urlsOf(`<urlset xmlns="${NS}" xmlns:pic="${IMAGE_NAMESPACE}"><url><loc>https://e.com/</loc>
      <pic:image><pic:loc>a</pic:loc></pic:image>
      <image xmlns="${IMAGE_NAMESPACE}"><loc>b</loc><title>B</title></image>
      <h:link xmlns:h="${XHTML_NAMESPACE}" hreflang="fr" href="f" rel="alternate"/></url></urlset>`);
    expect(url!.images).toEqual([{ loc: 'a' }, { loc: 'b', title: 'B' }]);
    expect(url!.alternates).toEqual([{ rel: 'alternate', hreflang: 'fr', href: 'f' }]);
  });

  it('keeps a familiar prefix bound to another namespace as an unknown extension (image 0.9, a typo)', () => {
    const [url] = urlsOf(`<urlset xmlns="${NS}" xmlns:image="http://www.google.com/schemas/sitemap-image/0.9"><url><loc>https://e.com/</loc><image:image><image:loc>a</image:loc></image:image></url></urlset>`);
    expect(url!.images).toBeUndefined();
    expect(url!.extensions).toEqual([{
      namespace: 'http://www.google.com/schemas/sitemap-image/0.9', name: 'image', prefix: 'image',
      children: [{ namespace: 'http://www.google.com/schemas/sitemap-image/0.9', name: 'loc', prefix: 'image', children: ['a'] }],
    }]);
  });

  it('keeps elements in the image namespace that are not <image:image> (and an <xhtml:link> without hreflang) as unknown extensions', () => {
    const [url] = urlsOf(urlset('<url><loc>https://e.com/</loc><image:loc>stray</image:loc><xhtml:link rel="alternate" media="only screen and (max-width: 640px)" href="https://m.e.com/"/></url>'));
    expect(url!.images).toBeUndefined();
    expect(url!.alternates).toBeUndefined();
    expect(url!.extensions).toEqual([
      { namespace: IMAGE_NAMESPACE, name: 'loc', prefix: 'image', children: ['stray'] },
      { namespace: XHTML_NAMESPACE, name: 'link', prefix: 'xhtml', attributes: [{ name: 'rel', value: 'alternate' }, { name: 'media', value: 'only screen and (max-width: 640px)' }, { name: 'href', value: 'https://m.e.com/' }] },
    ]);
  });

  it('does not read a child in another namespace as part of an item (it keeps it as an unknown element of the item)', () => {
    const xml = urlset(`<url><loc>https://e.com/</loc><image:image><image:loc>a</image:loc><loc xmlns="${IMAGE_NAMESPACE}0">no</loc></image:image></url>`);
    const result = parse(xml, { recover: true });
    expect(result.kind === 'urlset' && result.urls[0]!.images).toEqual([{ loc: 'a', extensions: [{ namespace: `${IMAGE_NAMESPACE}0`, name: 'loc', children: ['no'] }] }]);
    expect(result.issues).toEqual([expect.objectContaining({ code: 'SITEMAP_EXTENSION_IGNORED', severity: 'warning', path: 'urlset/url[1]/image:image[1]/loc', ...positionOf(xml, '<loc xmlns') })]);
  });
});

// ---------------------------------------------------------------------------------- unknown extensions

describe('unknown extensions are kept as element trees', () => {
  it('keeps names, namespaces, prefixes, attributes (namespaced, xml:lang) and text (entities, CDATA, mixed content, whitespace-only content)', () => {
    const [url] = urlsOf(`<urlset xmlns="${NS}" xmlns:m="${'http://www.google.com/schemas/sitemap-mobile/1.0'}" xmlns:x="urn:x"><url><loc>https://e.com/</loc>
      <m:mobile/>
      <x:thing a="1&#9;2&#10;3" x:b="&lt;&quot;&gt;" xml:lang="en">
        <x:text>  a &amp; b <![CDATA[<c>]]>  </x:text>
        <x:space> </x:space><x:tab>&#9;</x:tab><x:newlines>
</x:newlines>
        <x:mixed>one <x:b>two</x:b> three<!-- dropped --> four</x:mixed>
        <PageMap xmlns="http://www.google.com/schemas/sitemap-pagemap/1.0"><DataObject type="document"><Attribute name="title">T</Attribute></DataObject><none xmlns=""/></PageMap>
      </x:thing></url></urlset>`);
    expect(url!.extensions).toEqual([
      { namespace: 'http://www.google.com/schemas/sitemap-mobile/1.0', name: 'mobile', prefix: 'm' },
      {
        namespace: 'urn:x', name: 'thing', prefix: 'x',
        attributes: [
          { name: 'a', value: '1\t2\n3' },
          { name: 'b', value: '<">', namespace: 'urn:x', prefix: 'x' },
          { name: 'lang', value: 'en', namespace: 'http://www.w3.org/XML/1998/namespace', prefix: 'xml' },
        ],
        children: [
          { namespace: 'urn:x', name: 'text', prefix: 'x', children: ['  a & b <c>  '] },
          { namespace: 'urn:x', name: 'space', prefix: 'x', children: [' '] },
          { namespace: 'urn:x', name: 'tab', prefix: 'x', children: ['\t'] },
          { namespace: 'urn:x', name: 'newlines', prefix: 'x', children: ['\n'] },
          { namespace: 'urn:x', name: 'mixed', prefix: 'x', children: ['one ', { namespace: 'urn:x', name: 'b', prefix: 'x', children: ['two'] }, ' three four'] },
          {
            namespace: 'http://www.google.com/schemas/sitemap-pagemap/1.0', name: 'PageMap',
            children: [
              { namespace: 'http://www.google.com/schemas/sitemap-pagemap/1.0', name: 'DataObject', attributes: [{ name: 'type', value: 'document' }], children: [{ namespace: 'http://www.google.com/schemas/sitemap-pagemap/1.0', name: 'Attribute', attributes: [{ name: 'name', value: 'title' }], children: ['T'] }] },
              { namespace: '', name: 'none' },
            ],
          },
        ],
      },
    ]);
  });

  it('writes them back with their namespaces declared, and reads the same meaning back', () => {
    const extensions: ExtensionElement[] = [
      { namespace: 'http://www.google.com/schemas/sitemap-mobile/1.0', name: 'mobile', prefix: 'mobile' },
      { namespace: 'urn:p', name: 'PageMap', children: [{ namespace: 'urn:p', name: 'DataObject', attributes: [{ name: 'id', value: 'a"b<c>\t\n\r' }], children: ['x & y', { namespace: '', name: 'plain' }, ' z'] }] },
      { namespace: 'urn:x', name: 'a', prefix: 'x', attributes: [{ name: 'b', value: '1', namespace: 'urn:y', prefix: 'y' }, { name: 'lang', value: 'de', namespace: 'http://www.w3.org/XML/1998/namespace', prefix: 'xml' }] },
    ];
    const xml = decoder.decode(serializeSitemap([{ loc: 'https://e.com/', extensions }]));
    expect(xml).toContain(`<urlset xmlns="${NS}" xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0" xmlns:x="urn:x" xmlns:y="urn:y">`);
    expect(xml).toContain('<mobile:mobile/><PageMap xmlns="urn:p"><DataObject id="a&quot;b&lt;c&gt;&#9;&#10;&#13;">x &amp; y<plain xmlns=""/> z</DataObject></PageMap><x:a y:b="1" xml:lang="de"/>');
    for (const pretty of [false, true]) expect(roundTrip([{ loc: 'https://e.com/', extensions }], pretty)).toEqual([{ loc: 'https://e.com/', extensions }]);
  });

  // The parser keeps 1,024 attributes on one element, namespace declarations included; recover
  // mode can read more than that onto one element past broken ones (fuzz seed 20261136, input
  // 845530), and the serializer wrote them, into a document parse refused (XML_TOO_MANY_NAMES).
  it('writes an element with as many attributes as parsers keep (1,024) and refuses one more', () => {
    const element = (count: number, namespace: string, prefix?: string): ExtensionElement => ({ namespace, name: 'x', ...(prefix ? { prefix } : {}), attributes: Array.from({ length: count }, (_, i) => ({ name: `a${i}`, value: String(i) })) });
    // Prefixed, its namespace declared on the root: all 1,024 are the element's own.
    expect(urlsOf(serializeSitemap([{ loc: 'https://e.com/', extensions: [element(1024, 'urn:p', 'p')] }]))[0]!.extensions![0]!.attributes).toHaveLength(1024);
    // Unprefixed in another namespace: its xmlns="urn:x" is the 1,024th.
    expect(urlsOf(serializeSitemap([{ loc: 'https://e.com/', extensions: [element(1023, 'urn:x')] }]))[0]!.extensions![0]!.attributes).toHaveLength(1023);
    for (const tooMany of [element(1025, 'urn:p', 'p'), element(1024, 'urn:x')]) {
      const error = thrownBy(() => serializeSitemap([{ loc: 'https://e.com/', extensions: [tooMany] }]));
      expect([error.code, error.message]).toEqual(['SERIALIZE_INVALID_VALUE', expect.stringContaining('1025 attributes and namespace declarations; parsers keep at most 1024')]);
    }
  });

  it('gives another prefix to a namespace whose prefix another namespace has (and keeps the image prefix for images)', () => {
    const url: SitemapUrlInput = {
      loc: 'https://e.com/',
      images: [{ loc: 'https://e.com/i.png' }],
      extensions: [{ namespace: 'http://www.google.com/schemas/sitemap-image/0.9', name: 'image', prefix: 'image' }, { namespace: 'urn:a', name: 'a', prefix: 'p' }, { namespace: 'urn:b', name: 'b', prefix: 'p' }],
    };
    const xml = decoder.decode(serializeSitemap([url]));
    expect(xml).toContain(`xmlns:image="${IMAGE_NAMESPACE}" xmlns:image1="http://www.google.com/schemas/sitemap-image/0.9" xmlns:p="urn:a" xmlns:p1="urn:b"`);
    const [back] = urlsOf(xml);
    expect(back!.images).toEqual([{ loc: 'https://e.com/i.png' }]);
    expect(back!.extensions).toEqual([
      { namespace: 'http://www.google.com/schemas/sitemap-image/0.9', name: 'image', prefix: 'image1' },
      { namespace: 'urn:a', name: 'a', prefix: 'p' },
      { namespace: 'urn:b', name: 'b', prefix: 'p1' },
    ]);
  });

  it('skips an element with an unbound prefix in recover mode, after XML_UNBOUND_PREFIX at its position', () => {
    const xml = urlset('<url><loc>https://e.com/</loc><oops:link hreflang="de" href="x"><x/></oops:link><xhtml:link rel="alternate" hreflang="en" href="e"/></url>');
    const result = parse(xml, { recover: true });
    expect(result.kind === 'urlset' && result.urls).toEqual([{ loc: 'https://e.com/', alternates: [{ rel: 'alternate', hreflang: 'en', href: 'e' }] }]);
    expect(result.issues).toEqual([expect.objectContaining({ code: 'XML_UNBOUND_PREFIX', ...positionOf(xml, '<oops:link') })]);
    expect(thrownBy(() => parse(xml)).code).toBe('XML_UNBOUND_PREFIX');
  });
});

// ---------------------------------------------------------------------------------- unknown elements inside items

describe('unknown elements inside an image, video or news item are kept on the item', () => {
  const VENDOR = 'urn:vendor';
  /** Parse in recover mode: the url, and the issues as code, severity, path, line and column. */
  function readItem(xml: string) {
    const result = parse(xml, { recover: true });
    if (result.kind !== 'urlset') throw new Error('expected a urlset');
    return { url: result.urls[0]!, issues: result.issues.map(({ code, severity, path, line, column }) => ({ code, severity, path, line, column })) };
  }
  /**
   * parse → serialize → parse gives the same urls (compact and pretty), and the same kept-element
   * issues again (in another order: kept elements are written after the item's own).
   */
  function expectRoundTrip(xml: string): void {
    const first = parse(xml, { recover: true });
    if (first.kind !== 'urlset') throw new Error('expected a urlset');
    const kept = first.issues.filter((issue) => issue.code === 'SITEMAP_EXTENSION_IGNORED').map((issue) => `${issue.code} ${issue.path}`);
    expect(kept.length).toBeGreaterThan(0);
    for (const pretty of [false, true]) {
      const again = parse(serializeSitemap(first.urls, { pretty })); // strict: namespaces must be declared
      expect(again.kind === 'urlset' && again.urls, `pretty: ${pretty}`).toEqual(first.urls);
      expect(again.issues.map((issue) => `${issue.code} ${issue.path}`).sort()).toEqual(kept.sort());
    }
  }

  it('image: an element of another namespace and an unknown one of the image namespace', () => {
    const xml = urlset(`<url><loc>https://e.com/</loc>
<image:image><image:loc>https://e.com/a.jpg</image:loc><v:credit xmlns:v="${VENDOR}" v:by="Ann">Photo &amp; co<v:year>2024</v:year></v:credit><image:caption>C</image:caption><image:width>640</image:width></image:image></url>`);
    const { url, issues } = readItem(xml);
    expect(url.images).toEqual([{
      loc: 'https://e.com/a.jpg', caption: 'C',
      extensions: [
        { namespace: VENDOR, name: 'credit', prefix: 'v', attributes: [{ name: 'by', value: 'Ann', namespace: VENDOR, prefix: 'v' }], children: ['Photo & co', { namespace: VENDOR, name: 'year', prefix: 'v', children: ['2024'] }] },
        { namespace: IMAGE_NAMESPACE, name: 'width', prefix: 'image', children: ['640'] },
      ],
    }]);
    expect(issues).toEqual([
      { code: 'SITEMAP_EXTENSION_IGNORED', severity: 'warning', path: 'urlset/url[1]/image:image[1]/v:credit', ...positionOf(xml, '<v:credit') },
      { code: 'SITEMAP_EXTENSION_IGNORED', severity: 'warning', path: 'urlset/url[1]/image:image[1]/image:width', ...positionOf(xml, '<image:width>') },
    ]);
    expect(parse(xml, { recover: true }).issues[0]!.message).toBe(`<v:credit> (namespace ${VENDOR}) is not part of <image:image>: it is kept in the item's extensions, but the schema does not allow it`);
    expectRoundTrip(xml);
  });

  it('video: an element of another namespace, an unknown one of the video namespace, and one inside <video:tvshow>', () => {
    const xml = urlset(`<url><loc>https://e.com/</loc><video:video><video:thumbnail_loc>t</video:thumbnail_loc><vendor:rights xmlns:vendor="${VENDOR}" scope="eu"/>
<video:title>T</video:title><video:description>D</video:description><video:content_loc>https://e.com/v.mp4</video:content_loc><video:xyz a="1"> </video:xyz>
<video:tvshow><video:show_title>S</video:show_title><video:video_type>full</video:video_type><video:network>N</video:network></video:tvshow><video:live>yes</video:live></video:video></url>`);
    const { url, issues } = readItem(xml);
    expect(url.videos).toEqual([{
      thumbnailLoc: 't', title: 'T', description: 'D', contentLoc: 'https://e.com/v.mp4', live: true,
      tvshow: { showTitle: 'S', videoType: 'full', extensions: [{ namespace: VIDEO_NAMESPACE, name: 'network', prefix: 'video', children: ['N'] }] },
      extensions: [
        { namespace: VENDOR, name: 'rights', prefix: 'vendor', attributes: [{ name: 'scope', value: 'eu' }] },
        { namespace: VIDEO_NAMESPACE, name: 'xyz', prefix: 'video', attributes: [{ name: 'a', value: '1' }], children: [' '] },
      ],
    }]);
    expect(issues.map(({ path, severity }) => [path, severity])).toEqual([
      ['urlset/url[1]/video:video[1]/vendor:rights', 'warning'],
      ['urlset/url[1]/video:video[1]/video:xyz', 'warning'],
      ['urlset/url[1]/video:video[1]/video:tvshow/video:network', 'warning'],
    ]);
    expect(issues[2]).toMatchObject(positionOf(xml, '<video:network>'));
    expectRoundTrip(xml);
  });

  it('news: an element of another namespace, an unknown one of the news namespace, and one inside <news:publication>', () => {
    const xml = urlset(`<url><loc>https://e.com/</loc><news:news><news:publication><news:name>N</news:name><news:language>en</news:language><news:country>IE</news:country></news:publication>
<news:publication_date>2024-05-01</news:publication_date><news:title>T</news:title><dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">Ann</dc:creator><news:name>Misplaced</news:name></news:news></url>`);
    const { url, issues } = readItem(xml);
    expect(url.news).toEqual({
      publication: { name: 'N', language: 'en', extensions: [{ namespace: NEWS_NAMESPACE, name: 'country', prefix: 'news', children: ['IE'] }] },
      publicationDate: '2024-05-01', title: 'T',
      // <news:name> belongs in <news:publication>: directly in <news:news> it is an unknown element.
      extensions: [{ namespace: 'http://purl.org/dc/elements/1.1/', name: 'creator', prefix: 'dc', children: ['Ann'] }, { namespace: NEWS_NAMESPACE, name: 'name', prefix: 'news', children: ['Misplaced'] }],
    });
    expect(issues.map(({ path }) => path)).toEqual(['urlset/url[1]/news:news[1]/news:publication/news:country', 'urlset/url[1]/news:news[1]/dc:creator', 'urlset/url[1]/news:news[1]/news:name']);
    expectRoundTrip(xml);
  });

  it('keeps an unprefixed element in the sitemap namespace, and one in no namespace, inside an item', () => {
    const xml = urlset('<url><loc>https://e.com/</loc><image:image><image:loc>a</image:loc><loc>b</loc><x xmlns="">c</x></image:image></url>');
    expect(readItem(xml).url.images).toEqual([{ loc: 'a', extensions: [{ namespace: NS, name: 'loc', children: ['b'] }, { namespace: '', name: 'x', children: ['c'] }] }]);
    expectRoundTrip(xml);
  });

  it('still leaves out an element inside a value that holds text (it has no place for it)', () => {
    const xml = urlset('<url><loc>https://e.com/</loc><image:image><image:loc>a<b:b xmlns:b="urn:b">x</b:b></image:loc></image:image></url>');
    const { url, issues } = readItem(xml);
    expect(url.images).toEqual([{ loc: 'a' }]); // the element and its text
    expect(issues).toEqual([{ code: 'SITEMAP_EXTENSION_IGNORED', severity: 'warning', path: 'urlset/url[1]/image:image[1]/image:loc/b:b', ...positionOf(xml, '<b:b') }]);
  });

  it('ends a kept element with its item when a <url> starts inside it (recover mode), and starts the next entry clean', () => {
    const xml = urlset(`<url><loc>https://e.com/1</loc><image:image><image:loc>a</image:loc><v:x xmlns:v="${VENDOR}">t<url><loc>https://e.com/2</loc><image:image><image:loc>b</image:loc></image:image></url></v:x></image:image></url>`);
    const result = parse(xml, { recover: true });
    expect(result.kind === 'urlset' && result.urls).toEqual([
      { loc: 'https://e.com/1', images: [{ loc: 'a', extensions: [{ namespace: VENDOR, name: 'x', prefix: 'v', children: ['t'] }] }] },
      { loc: 'https://e.com/2', images: [{ loc: 'b' }] },
    ]);
  });

  it('reads a video with a kept element the same with an observer (validate) as without', () => {
    const xml = urlset(`<url><loc>https://e.com/</loc><video:video><video:thumbnail_loc>t</video:thumbnail_loc><video:title>T</video:title><v:x xmlns:v="${VENDOR}"><v:y/></v:x><video:description>D</video:description></video:video></url>`);
    const items: ExtensionItemSource[] = [];
    const observer: SitemapParserObserver = { root() {}, startElement() {}, endElement() {}, text() {}, attribute() {}, field() {}, entry() {}, extension(item) { items.push(item); } };
    const parser = createObservedParser({ recover: true }, observer, true);
    parser.push(encoder.encode(xml), true);
    expect(parser.result()).toEqual(parse(xml, { recover: true }));
    // The kept element is not one of the item's values: validate's order and length rules never see it.
    expect(items[0]!.values.map((value) => value.name)).toEqual(['thumbnail_loc', 'title', 'description']);
    expect((items[0]!.value as { extensions?: unknown }).extensions).toEqual([{ namespace: VENDOR, name: 'x', prefix: 'v', children: [{ namespace: VENDOR, name: 'y', prefix: 'v' }] }]);
  });

  it('writes kept elements after the item\'s own, declaring their namespaces on the root', () => {
    const xml = decoder.decode(serializeSitemap([{
      loc: 'https://e.com/',
      images: [{ loc: 'https://e.com/a.jpg', extensions: [{ namespace: VENDOR, name: 'credit', prefix: 'v', children: ['Ann'] }] }],
      news: { publication: { name: 'N', language: 'en', extensions: [{ namespace: VENDOR, name: 'p', prefix: 'v' }] }, publicationDate: '2024-05-01', title: 'T', extensions: [{ namespace: 'urn:other', name: 'n' }] },
    }]));
    expect(xml).toContain(`<urlset xmlns="${NS}" xmlns:image="${IMAGE_NAMESPACE}" xmlns:v="${VENDOR}" xmlns:news="${NEWS_NAMESPACE}">`);
    expect(xml).toContain('<image:image><image:loc>https://e.com/a.jpg</image:loc><v:credit>Ann</v:credit></image:image>');
    expect(xml).toContain('<news:publication><news:name>N</news:name><news:language>en</news:language><v:p/></news:publication>');
    expect(xml).toContain('<news:title>T</news:title><n xmlns="urn:other"/></news:news>');
  });

  it('declares a kept element\'s namespace on the element when the root has gone out (SitemapWriter)', () => {
    const entries: SitemapUrlInput[] = [
      { loc: 'https://e.com/1' },
      { loc: 'https://e.com/2', videos: [{ thumbnailLoc: 't', title: 'T', description: 'D', extensions: [{ namespace: VENDOR, name: 'x', prefix: 'v', attributes: [{ name: 'id', value: '7', namespace: 'urn:attr', prefix: 'a' }] }] }] },
    ];
    const writer = new SitemapWriter();
    writer.write([entries[0]!]);
    const head = writer.take();
    writer.write([entries[1]!]);
    const bytes = new Uint8Array([...head, ...writer.take(), ...writer.end()]);
    const text = decoder.decode(bytes);
    expect(text).toContain(`<video:video xmlns:video="${VIDEO_NAMESPACE}">`);
    expect(text).toContain(`<v:x a:id="7" xmlns:v="${VENDOR}" xmlns:a="urn:attr"/></video:video>`);
    expect(urlsOf(bytes)).toEqual(urlsOf(serializeSitemap(entries)));
    expect(urlsOf(bytes)[1]!.videos![0]!.extensions).toEqual([{ namespace: VENDOR, name: 'x', prefix: 'v', attributes: [{ name: 'id', value: '7', namespace: 'urn:attr', prefix: 'a' }] }]);
  });

  const refusals: Array<[string, SitemapUrlInput, string, RegExp]> = [
    ['an element of the item that reads back as one of its properties', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', extensions: [{ namespace: VIDEO_NAMESPACE, name: 'title', children: ['x'] }] }] }, 'urlset/url[1]/video:video[1]/extensions[1]', /title/],
    ['an element of a group that reads back as one of its properties', { loc: 'https://e.com/l', news: { publication: { name: 'n', language: 'en', extensions: [{ namespace: NEWS_NAMESPACE, name: 'language', prefix: 'news' }] }, publicationDate: 'd', title: 't' } }, 'urlset/url[1]/news:news[1]/news:publication/extensions[1]', /language/],
    ['extensions that are not an array', { loc: 'https://e.com/l', images: [{ loc: 'a', extensions: { namespace: 'urn:x', name: 'a' } as never }] }, 'urlset/url[1]/image:image[1]/extensions', /array/],
    ['an element that is not an XML name', { loc: 'https://e.com/l', images: [{ loc: 'a', extensions: [{ namespace: 'urn:x', name: '1a' }] }] }, 'urlset/url[1]/image:image[1]/extensions[1]', /XML name/],
    ['a <url> in the sitemap namespace inside an item', { loc: 'https://e.com/l', images: [{ loc: 'a', extensions: [{ namespace: NS, name: 'url' }] }] }, 'urlset/url[1]/image:image[1]/extensions[1]', /new entry/],
    ['a <url> in the sitemap namespace deep inside an unknown extension', { loc: 'https://e.com/l', extensions: [{ namespace: 'urn:x', name: 'a', children: [{ namespace: NS, name: 'url', children: ['x'] }] }] }, 'urlset/url[1]/extensions[1]/children[1]', /new entry/],
  ];
  for (const [name, url, path, message] of refusals) {
    it(`refuses ${name} with SERIALIZE_INVALID_VALUE at ${path}`, () => {
      const error = thrownBy(() => serializeSitemap([url]));
      expect({ code: error.code, path: error.path }).toEqual({ code: 'SERIALIZE_INVALID_VALUE', path });
      expect(error.message).toMatch(message);
    });
  }
});

// ---------------------------------------------------------------------------------- issues

describe('bad extension content in recover mode: issues with code, line, column and path', () => {
  it('a missing required child or attribute: an empty value and SITEMAP_EXTENSION_MISSING_TAG at the element', () => {
    const xml = urlset(`<url><loc>https://e.com/1</loc></url><url><loc>https://e.com/</loc>
<image:image><image:title>no loc</image:title></image:image>
<video:video><video:thumbnail_loc>t</video:thumbnail_loc><video:description>d</video:description><video:restriction>US</video:restriction></video:video>
<news:news><news:title>t</news:title></news:news>
<xhtml:link hreflang="de"/></url>`);
    const result = parse(xml, { recover: true });
    const [, url] = result.kind === 'urlset' ? result.urls : [];
    expect(url).toEqual({
      loc: 'https://e.com/',
      images: [{ loc: '', title: 'no loc' }],
      videos: [{ thumbnailLoc: 't', title: '', description: 'd', restriction: { countries: 'US', relationship: '' } }],
      news: { publication: { name: '', language: '' }, publicationDate: '', title: 't' },
      alternates: [{ rel: '', hreflang: 'de', href: '' }],
    });
    const missing = result.issues.filter((issue) => issue.code === 'SITEMAP_EXTENSION_MISSING_TAG');
    expect(missing.map((issue) => [issue.path, issue.severity, issue.line, issue.column])).toEqual([
      ['urlset/url[2]/image:image[1]', 'error', positionOf(xml, '<image:image>').line, positionOf(xml, '<image:image>').column],
      ['urlset/url[2]/video:video[1]/video:restriction', 'error', positionOf(xml, '<video:restriction>').line, positionOf(xml, '<video:restriction>').column],
      ['urlset/url[2]/video:video[1]', 'error', positionOf(xml, '<video:video>').line, positionOf(xml, '<video:video>').column],
      ['urlset/url[2]/news:news[1]', 'error', positionOf(xml, '<news:news>').line, positionOf(xml, '<news:news>').column],
      ['urlset/url[2]/news:news[1]', 'error', positionOf(xml, '<news:news>').line, positionOf(xml, '<news:news>').column],
      ['urlset/url[2]/xhtml:link[1]', 'error', positionOf(xml, '<xhtml:link').line, positionOf(xml, '<xhtml:link').column],
      ['urlset/url[2]/xhtml:link[1]', 'error', positionOf(xml, '<xhtml:link').line, positionOf(xml, '<xhtml:link').column],
    ]);
    expect(missing.map((issue) => issue.message)).toEqual([
      '<image:image> has no <image:loc>; it is kept as an empty value',
      '<video:restriction> has no relationship attribute; it is kept as an empty value',
      '<video:video> has no <video:title>; it is kept as an empty value',
      '<news:news> has no <news:publication>; it is kept as an empty value',
      '<news:news> has no <news:publication_date>; it is kept as an empty value',
      '<xhtml:link> has no rel attribute; it is kept as an empty value',
      '<xhtml:link> has no href attribute; it is kept as an empty value',
    ]);
    // Strict mode reports them too (they are not XML errors), without throwing.
    expect(parse(xml).issues).toEqual(result.issues);
  });

  it('a number or yes/no that is not one: left out with SITEMAP_EXTENSION_BAD_VALUE at its element or attribute', () => {
    const xml = urlset(`<url><loc>https://e.com/</loc><video:video><video:thumbnail_loc>t</video:thumbnail_loc><video:title>t</video:title><video:description>d</video:description>
<video:player_loc allow_embed="true">p</video:player_loc><video:duration>10 min</video:duration><video:rating></video:rating><video:family_friendly>maybe</video:family_friendly></video:video></url>`);
    const result = parse(xml, { recover: true });
    expect(result.kind === 'urlset' && result.urls[0]!.videos).toEqual([{ thumbnailLoc: 't', title: 't', description: 'd', playerLoc: { loc: 'p' } }]);
    expect(result.issues.map(({ code, severity, path, value, line, column }) => ({ code, severity, path, value, line, column }))).toEqual([
      { code: 'SITEMAP_EXTENSION_BAD_VALUE', severity: 'warning', path: 'urlset/url[1]/video:video[1]/video:player_loc/@allow_embed', value: 'true', ...positionOf(xml, 'allow_embed') },
      { code: 'SITEMAP_EXTENSION_BAD_VALUE', severity: 'warning', path: 'urlset/url[1]/video:video[1]/video:duration', value: '10 min', ...positionOf(xml, '<video:duration>') },
      { code: 'SITEMAP_EXTENSION_BAD_VALUE', severity: 'warning', path: 'urlset/url[1]/video:video[1]/video:rating', value: '', ...positionOf(xml, '<video:rating>') },
      { code: 'SITEMAP_EXTENSION_BAD_VALUE', severity: 'warning', path: 'urlset/url[1]/video:video[1]/video:family_friendly', value: 'maybe', ...positionOf(xml, '<video:family_friendly>') },
    ]);
  });

  it('duplicates keep the first; a second <news:news> is left out; unknown children (kept in items, left out in text) and attributes are reported', () => {
    const xml = urlset(`<url><loc>https://e.com/</loc>
<image:image><image:loc>a</image:loc><image:loc>b</image:loc><image:foo>x</image:foo></image:image>
<image:image bar="1"><image:loc>c<image:b/></image:loc></image:image>
<news:news><news:publication><news:name>n</news:name><news:language>en</news:language></news:publication><news:publication_date>2024</news:publication_date><news:title>1</news:title></news:news>
<news:news><news:title>2</news:title></news:news>
<xhtml:link rel="alternate" hreflang="de" href="d" type="text/html"><xhtml:span/></xhtml:link></url>`);
    const result = parse(xml, { recover: true });
    const url = result.kind === 'urlset' ? result.urls[0]! : null;
    expect(url!.images).toEqual([{ loc: 'a', extensions: [{ namespace: IMAGE_NAMESPACE, name: 'foo', prefix: 'image', children: ['x'] }] }, { loc: 'c' }]);
    expect(url!.news!.title).toBe('1');
    expect(url!.alternates).toEqual([{ rel: 'alternate', hreflang: 'de', href: 'd' }]);
    expect(result.issues.map(({ code, path, line, column }) => ({ code, path, line, column }))).toEqual([
      { code: 'SITEMAP_DUPLICATE_FIELD', path: 'urlset/url[1]/image:image[1]/image:loc', ...positionOf(xml, '<image:loc>b') },
      { code: 'SITEMAP_EXTENSION_IGNORED', path: 'urlset/url[1]/image:image[1]/image:foo', ...positionOf(xml, '<image:foo>') },
      { code: 'SITEMAP_EXTENSION_IGNORED', path: 'urlset/url[1]/image:image[2]', ...positionOf(xml, 'bar="1"') },
      { code: 'SITEMAP_EXTENSION_IGNORED', path: 'urlset/url[1]/image:image[2]/image:loc/image:b', ...positionOf(xml, '<image:b/>') },
      { code: 'SITEMAP_DUPLICATE_FIELD', path: 'urlset/url[1]/news:news[2]', ...positionOf(xml, '<news:news><news:title>2') },
      { code: 'SITEMAP_EXTENSION_IGNORED', path: 'urlset/url[1]/xhtml:link[1]', ...positionOf(xml, 'type="text/html"') },
      { code: 'SITEMAP_EXTENSION_IGNORED', path: 'urlset/url[1]/xhtml:link[1]/xhtml:span', ...positionOf(xml, '<xhtml:span/>') },
    ]);
  });

  it('XML errors inside extension elements name the item: urlset/url[3]/image:image[2]/image:loc', () => {
    const xml = urlset(`<url><loc>https://e.com/1</loc></url><url><loc>https://e.com/2</loc></url><url><loc>https://e.com/3</loc>
<image:image><image:loc>a</image:loc></image:image><image:image><image:loc>b&c</image:loc></image:image><x:y xmlns:x="urn:x"><x:z>&bad;</x:z></x:y></url>`);
    const error = thrownBy(() => parse(xml));
    expect({ code: error.code, path: error.path, line: error.line, column: error.column }).toEqual({ code: 'XML_BAD_ENTITY', path: 'urlset/url[3]/image:image[2]/image:loc', ...positionOf(xml, '&c') });
    const result = parse(xml, { recover: true });
    expect(result.issues.map(({ code, path }) => [code, path])).toEqual([['XML_BAD_ENTITY', 'urlset/url[3]/image:image[2]/image:loc'], ['XML_BAD_ENTITY', 'urlset/url[3]/x:y[1]/x:z']]);
    // Recovery keeps going: the bad values are read as written, and the rest of the entry is there.
    expect(result.kind === 'urlset' && result.urls[2]).toEqual({ loc: 'https://e.com/3', images: [{ loc: 'a' }, { loc: 'b&c' }], extensions: [{ namespace: 'urn:x', name: 'y', prefix: 'x', children: [{ namespace: 'urn:x', name: 'z', prefix: 'x', children: ['&bad;'] }] }] });
  });

  it('a <url> inside an unclosed extension element ends it with the entry (recover mode)', () => {
    const xml = urlset('<url><loc>https://e.com/1</loc><image:image><image:loc>a</image:loc><url><loc>https://e.com/2</loc><xhtml:link rel="alternate" hreflang="en" href="h"/></url></url>');
    const result = parse(xml, { recover: true });
    expect(result.kind === 'urlset' && result.urls).toEqual([
      { loc: 'https://e.com/1', images: [{ loc: 'a' }] },
      { loc: 'https://e.com/2', alternates: [{ rel: 'alternate', hreflang: 'en', href: 'h' }] },
    ]);
    expect(result.issues.map((issue) => issue.code)).toContain('SITEMAP_NESTED_ENTRY');
  });

  it('a document cut off inside an extension element drops that element only: the <url>, its loc having ended, is kept (#22.12)', () => {
    const xml = urlset('<url><loc>https://e.com/1</loc><video:video><video:title>t</video:title></video:video></url><url><loc>https://e.com/2</loc><image:image><image:loc>b</image:loc></image:image><image:image><image:loc>a').replace(/\n<\/urlset>\n$/, '');
    const result = parse(xml, { recover: true });
    expect(result.kind === 'urlset' && result.urls.map((url) => url.loc)).toEqual(['https://e.com/1', 'https://e.com/2']);
    expect(result.kind === 'urlset' && result.urls[1]!.images).toEqual([{ loc: 'b' }]);
    expect(result.issues.map((issue) => issue.code)).toEqual(expect.arrayContaining(['XML_UNCLOSED_ELEMENT', 'SITEMAP_TRUNCATED_ENTRY']));
    // Cut in an unknown extension element: left out too.
    const unknown = parse(urlset('<url><loc>https://e.com/3</loc><x:a xmlns:x="urn:x"><x:b>t').replace(/\n<\/urlset>\n$/, ''), { recover: true });
    expect(unknown.kind === 'urlset' && unknown.urls).toEqual([{ loc: 'https://e.com/3' }]);
  });
});

// ---------------------------------------------------------------------------------- observers

describe('what validate can observe', () => {
  it('numbers unknown siblings by name and namespace within their entry, however many there are', () => {
    const siblings = '<m:a/><m:b/><m:a/><n:a/><m:a><m:a/></m:a>' + '<m:c/>'.repeat(20_000);
    const xml = urlset(`<url><loc>https://e.com/1</loc>${siblings}</url><url><loc>https://e.com/2</loc><m:a/></url>`.replace(/<url>/g, '<url xmlns:m="urn:m" xmlns:n="urn:n">'));
    const paths: string[] = [];
    const observer: SitemapParserObserver = { root() {}, startElement() {}, endElement() {}, text() {}, attribute() {}, field() {}, entry() {}, extension(item) { paths.push(item.path); } };
    const parser = createObservedParser({ recover: true }, observer);
    parser.push(encoder.encode(xml), true);
    expect(paths.slice(0, 5)).toEqual(['urlset/url[1]/m:a[1]', 'urlset/url[1]/m:b[1]', 'urlset/url[1]/m:a[2]', 'urlset/url[1]/n:a[1]', 'urlset/url[1]/m:a[3]']);
    expect(paths.at(-2)).toBe('urlset/url[1]/m:c[20000]');
    expect(paths.at(-1)).toBe('urlset/url[2]/m:a[1]'); // counted afresh in the next entry
  });

  it('each item with its path and the raw value and position of every element and attribute', () => {
    const xml = urlset(`<url><loc>https://e.com/</loc>
<video:video><video:thumbnail_loc> t </video:thumbnail_loc><video:title>T</video:title><video:description>D</video:description>
<video:player_loc allow_embed="no">p</video:player_loc><video:tag>a</video:tag><video:tag>b</video:tag></video:video>
<news:news><news:publication><news:name>N</news:name><news:language>en</news:language></news:publication><news:publication_date>2024</news:publication_date><news:title>T</news:title></news:news>
<xhtml:link rel="alternate" hreflang="en" href="h"/><m:m xmlns:m="urn:m"/></url>`);
    const items: ExtensionItemSource[] = [];
    const entries: number[] = [];
    const observer: SitemapParserObserver = {
      root() {}, startElement() {}, endElement() {}, text() {}, attribute() {}, field() {},
      entry(index) { entries.push(items.length * 100 + index); },
      extension(item) { items.push(item); },
    };
    const parser = createObservedParser({ recover: true }, observer);
    parser.push(encoder.encode(xml), true);
    expect(items.map((item) => [item.property, item.index, item.path, item.line, item.column])).toEqual([
      ['videos', 0, 'urlset/url[1]/video:video[1]', positionOf(xml, '<video:video>').line, positionOf(xml, '<video:video>').column],
      ['news', 0, 'urlset/url[1]/news:news[1]', positionOf(xml, '<news:news>').line, positionOf(xml, '<news:news>').column],
      ['alternates', 0, 'urlset/url[1]/xhtml:link[1]', positionOf(xml, '<xhtml:link').line, positionOf(xml, '<xhtml:link').column],
      ['extensions', 0, 'urlset/url[1]/m:m[1]', positionOf(xml, '<m:m').line, positionOf(xml, '<m:m').column],
    ]);
    expect(entries).toEqual([400]); // the entry comes after its items
    const video = items[0]!;
    expect(video.namespace).toBe(VIDEO_NAMESPACE);
    expect(video.values.map((value) => [value.name, value.raw])).toEqual([
      ['thumbnail_loc', ' t '], ['title', 'T'], ['description', 'D'], ['player_loc@allow_embed', 'no'], ['player_loc', 'p'], ['tag', 'a'], ['tag', 'b'],
    ]);
    const thumbnail = video.values[0]!;
    expect({ line: thumbnail.line, column: thumbnail.column }).toEqual(positionOf(xml, '<video:thumbnail_loc>'));
    expect({ line: thumbnail.textLine, column: thumbnail.textColumn }).toEqual(positionOf(xml, ' t <'));
    expect({ line: video.values[3]!.line, column: video.values[3]!.column }).toEqual(positionOf(xml, 'allow_embed'));
    expect(items[1]!.values.map((value) => value.name)).toEqual(['publication/name', 'publication/language', 'publication_date', 'title']);
    expect(items[2]!.values.map((value) => [value.name, value.raw])).toEqual([['@rel', 'alternate'], ['@hreflang', 'en'], ['@href', 'h']]);
  });

  it('gives each item the path of its own entry, across entries, kinds, a nested entry and a prefix that changes', () => {
    // The entry's path and the item element's name are made once and reused while they hold.
    const xml = urlset([
      `<url><loc>https://e.com/1</loc><image:image><image:loc>a</image:loc></image:image><image:image><image:loc>b</image:loc></image:image></url>`,
      `<url><loc>https://e.com/2</loc><xhtml:link rel="alternate" hreflang="en" href="h"/><image:image><image:loc>c</image:loc></image:image></url>`,
      `<url><loc>https://e.com/3</loc><i:image xmlns:i="${IMAGE_NAMESPACE}"><i:loc>d</i:loc></i:image><image:image><image:loc>e</image:loc></image:image>`,
      `<url><loc>https://e.com/4</loc><image:image><image:loc>f</image:loc></image:image></url>`,
      `<image:image><image:loc>g</image:loc></image:image></url>`,
    ].join('\n'));
    const items: ExtensionItemSource[] = [];
    const observer: SitemapParserObserver = {
      root() {}, startElement() {}, endElement() {}, text() {}, attribute() {}, field() {}, entry() {},
      extension(item) { items.push(item); },
    };
    const parser = createObservedParser({ recover: true }, observer);
    parser.push(encoder.encode(xml), true);
    expect(items.map((item) => item.path)).toEqual([
      'urlset/url[1]/image:image[1]', 'urlset/url[1]/image:image[2]',
      'urlset/url[2]/xhtml:link[1]', 'urlset/url[2]/image:image[1]',
      'urlset/url[3]/i:image[1]', 'urlset/url[3]/image:image[2]',
      // Entry 4 starts inside entry 3 (which it ends: SITEMAP_NESTED_ENTRY); the image after its
      // end tag is in no entry any more, so it is no item.
      'urlset/url/url[4]/image:image[1]',
    ]);
  });

  it('reads the same values with an observer as without (alternates take a quicker path when nobody observes)', () => {
    const xml = urlset(`<url><loc>https://e.com/</loc>${FULL_VIDEO}
<xhtml:link rel="alternate" hreflang="de" href=" https://e.com/de "/><xhtml:link href="h" hreflang="en" rel="alternate"/><xhtml:link rel="alternate" hreflang="fr" href="f" xml:lang="fr"/>
<xhtml:link rel="alternate" hreflang="it"/><image:image><image:loc>i</image:loc></image:image></url><url><loc>https://e.com/2</loc><xhtml:link rel="alternate" hreflang="de" href="d2"/></url>`);
    const observer: SitemapParserObserver = { root() {}, startElement() {}, endElement() {}, text() {}, attribute() {}, field() {}, entry() {}, extension() {} };
    const parser = createObservedParser({ recover: true }, observer, true);
    parser.push(encoder.encode(xml), true);
    const observed = parser.result();
    const plain = parse(xml, { recover: true });
    expect(observed).toEqual(plain);
    expect(plain.kind === 'urlset' && plain.urls.map((url) => url.alternates)).toEqual([
      [{ rel: 'alternate', hreflang: 'de', href: 'https://e.com/de' }, { rel: 'alternate', hreflang: 'en', href: 'h' }, { rel: 'alternate', hreflang: 'fr', href: 'f' }, { rel: 'alternate', hreflang: 'it', href: '' }],
      [{ rel: 'alternate', hreflang: 'de', href: 'd2' }],
    ]);
    expect(plain.issues.map((issue) => issue.code)).toEqual(['SITEMAP_EXTENSION_IGNORED', 'SITEMAP_EXTENSION_MISSING_TAG']);
  });
});

// ---------------------------------------------------------------------------------- chunks

/** What a parse ended with, for comparing feeds: the result, or the error's fields. */
function outcome(action: () => unknown): unknown {
  try {
    return action();
  } catch (error) {
    if (!(error instanceof SitemapError)) throw error;
    return { code: error.code, line: error.line, column: error.column, path: error.path };
  }
}

function feed(bytes: Uint8Array, cuts: readonly number[], options: ParseOptions): unknown {
  return outcome(() => {
    const parser = new SitemapParser(options);
    let start = 0;
    for (const cut of cuts) {
      parser.push(bytes.subarray(start, cut));
      start = cut;
    }
    parser.push(bytes.subarray(start), true);
    return parser.result();
  });
}

const CHUNK_CASES: Array<[string, string]> = [
  ['every video tag', `<url><loc>https://e.com/</loc>${FULL_VIDEO}</url>`],
  ['images, news and alternates with entities, CDATA and CRLF', '<url>\r\n<loc>https://e.com/</loc>\r\n<image:image>\r\n<image:loc> a&amp;b </image:loc><image:caption><![CDATA[x]]]]><![CDATA[>y]]></image:caption></image:image>' +
    '<news:news><news:publication><news:name>é😀</news:name><news:language>en</news:language></news:publication><news:publication_date>2024</news:publication_date><news:title>t</news:title></news:news>\r\n' +
    '<xhtml:link rel="alternate"\r\n hreflang="de" href="h&#233;"/></url>'],
  ['whitespace-only content of unknown elements, split anywhere', '<url><loc>https://e.com/</loc><x:a xmlns:x="urn:x"><x:b>   </x:b><x:c>\r\n\t</x:c><x:d><![CDATA[ ]]></x:d>\n  <x:e/>\n</x:a></url>'],
  ['bad content with issues', '<url><loc>https://e.com/</loc><video:video><video:duration>x</video:duration><video:foo>1</video:foo></video:video><image:image><image:loc>a&b</image:loc></image:image></url>'],
  ['unknown elements kept inside items and groups', '<url><loc>https://e.com/</loc><image:image><image:loc>a</image:loc><v:x xmlns:v="urn:v" v:a="1">t&amp;<v:y> </v:y><![CDATA[<z>]]></v:x></image:image>' +
    '<news:news><news:publication><news:name>n</news:name><news:language>en</news:language><news:extra>e</news:extra></news:publication><news:publication_date>2024</news:publication_date><news:title>t</news:title><q xmlns="urn:q"/></news:news></url>'],
];

describe('extension elements read the same whatever the chunk boundaries', () => {
  for (const [name, body] of CHUNK_CASES) {
    const bytes = encoder.encode(urlset(body));
    it(`${name}: every single cut, pairs of nearby cuts, and 1-byte chunks (recover and strict)`, () => {
      for (const options of [{ recover: true }, {}]) {
        const expected = feed(bytes, [], options);
        for (let cut = 0; cut <= bytes.length; cut++) expect(feed(bytes, [cut], options), `cut at ${cut}`).toEqual(expected);
        for (let first = 0; first < bytes.length; first += 23) {
          for (let second = first; second <= Math.min(bytes.length, first + 24); second++) expect(feed(bytes, [first, second], options), `cuts at ${first}, ${second}`).toEqual(expected);
        }
        expect(feed(bytes, Array.from({ length: bytes.length }, (_, i) => i), options)).toEqual(expected);
      }
    }, 60_000);
  }

  it('keeps whitespace-only content whole across any cut (and only there: not between tags)', () => {
    const bytes = encoder.encode(urlset(CHUNK_CASES[2]![1]));
    const result = feed(bytes, [], {}) as { urls: SitemapUrl[] };
    expect(result.urls[0]!.extensions).toEqual([{
      namespace: 'urn:x', name: 'a', prefix: 'x',
      children: [
        { namespace: 'urn:x', name: 'b', prefix: 'x', children: ['   '] },
        { namespace: 'urn:x', name: 'c', prefix: 'x', children: ['\n\t'] },
        { namespace: 'urn:x', name: 'd', prefix: 'x', children: [' '] },
        { namespace: 'urn:x', name: 'e', prefix: 'x' },
      ],
    }]);
  });
});

// ---------------------------------------------------------------------------------- the reader flag

/** Text records (value and whitespace-only flag) of a document read with `flags`, in chunks of `size`. */
function textRecords(bytes: Uint8Array, flags: number, size = bytes.length || 1): string[] {
  const records: string[] = [];
  const reader = new XmlReader((current, first, count) => {
    const words = current.words;
    for (let r = first; r < first + count * TOKEN_WORDS; r += TOKEN_WORDS) {
      if ((words[r]! & 0xff) !== TokenKind.Text) continue;
      const tokenFlags = words[r]! >> 8;
      records.push(`${words[r + Field.Line]}:${words[r + Field.Column]} ${(tokenFlags & TokenFlag.WhitespaceOnly) !== 0 ? 'space' : 'text'} ${JSON.stringify(current.text(words[r + Field.ArenaStart]!, words[r + Field.ArenaEnd]!, tokenFlags))}`);
    }
  }, flags);
  for (let offset = 0; offset < bytes.length; offset += size) reader.push(bytes.subarray(offset, offset + size));
  reader.push(new Uint8Array(0), true);
  return records;
}

describe('ReaderFlag.KeepLeafWhitespace (the core keeps the white space that is all of an element\'s content)', () => {
  void parse; // the known names are registered by importing the parser
  const xml = `<r xmlns:x="urn:x">\n  <a> </a>\n  <b>\r\n\t</b><c><![CDATA[ ]]></c><d> <!-- c --> </d><e> <f/> </e><g>  x  </g><h/><i>\n</i>\n</r>`;
  const bytes = encoder.encode(xml);

  it('reports whitespace-only content as WhitespaceOnly Text records, and nothing for white space between tags', () => {
    expect(textRecords(bytes, ReaderFlag.KeepLeafWhitespace)).toEqual([
      `${positionOf(xml, '> </a>').line}:${positionOf(xml, '> </a>').column + 1} space " "`,
      `3:6 space "\\n\\t"`,
      `${positionOf(xml, '<![CDATA[').line}:${positionOf(xml, '<![CDATA[').column} space " "`,
      `${positionOf(xml, '  x  ').line}:${positionOf(xml, '  x  ').column} text "  x  "`,
      `${positionOf(xml, '\n</i>').line}:${positionOf(xml, '\n</i>').column} space "\\n"`,
    ]);
    // Without the flag (every other reader): no record for any of them.
    expect(textRecords(bytes, 0)).toEqual([`${positionOf(xml, '  x  ').line}:${positionOf(xml, '  x  ').column} text "  x  "`]);
  });

  it('gives the same records in any chunks, in the SIMD and the scalar build', () => {
    const defaultBuild: 'simd' | 'scalar' = getCore().simd ? 'simd' : 'scalar';
    try {
      const documents = [bytes, ...Array.from({ length: 60 }, (_, seed) => encoder.encode(generateDocument(seededRandom(seed + 1), { withErrors: seed % 3 === 0 })))];
      const simd = (loadBuildForTesting('simd'), documents.map((document) => textRecords(document, ReaderFlag.KeepLeafWhitespace)));
      const scalar = (loadBuildForTesting('scalar'), documents.map((document) => textRecords(document, ReaderFlag.KeepLeafWhitespace)));
      expect(scalar).toEqual(simd);
      documents.forEach((document, i) => {
        for (const size of [1, 2, 5, 17]) expect(textRecords(document, ReaderFlag.KeepLeafWhitespace, size), `document ${i}, chunks of ${size}`).toEqual(scalar[i]);
      });
      expect(scalar.flat().some((record) => record.includes(' space '))).toBe(true);
    } finally {
      loadBuildForTesting(defaultBuild);
    }
  });

  it('changes nothing for the sitemap fields: a whitespace-only <loc> or <lastmod> is still an empty value', () => {
    const [url] = urlsOf(urlset('<url><loc>  </loc><lastmod>\n</lastmod></url>'), { recover: true });
    expect(url).toEqual({ loc: '', lastmod: '' });
  });
});

// ---------------------------------------------------------------------------------- serializer

describe('serializeSitemap with extensions', () => {
  it('writes each extension in schema order and declares only the namespaces used, on the root', () => {
    const xml = decoder.decode(serializeSitemap([
      { loc: 'https://e.com/a', lastmod: '2024-05-01', images: [{ title: 'T', loc: 'https://e.com/a.png', caption: 'C' }] },
      { loc: 'https://e.com/b', alternates: [{ hreflang: 'de', href: 'https://e.com/de' }] },
      { loc: 'https://e.com/c' },
    ]));
    expect(xml).toBe('<?xml version="1.0" encoding="UTF-8"?>\n' +
      `<urlset xmlns="${NS}" xmlns:image="${IMAGE_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}">\n` +
      '<url><loc>https://e.com/a</loc><lastmod>2024-05-01</lastmod><image:image><image:loc>https://e.com/a.png</image:loc><image:caption>C</image:caption><image:title>T</image:title></image:image></url>\n' +
      '<url><loc>https://e.com/b</loc><xhtml:link rel="alternate" hreflang="de" href="https://e.com/de"/></url>\n' +
      '<url><loc>https://e.com/c</loc></url>\n' +
      '</urlset>\n');
  });

  it('writes a plain sitemap exactly as before (no namespace declarations for empty or absent extensions)', () => {
    const xml = decoder.decode(serializeSitemap([{ loc: 'https://e.com/', images: [], videos: [], alternates: [], extensions: [] }]));
    expect(xml).toBe(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${NS}">\n<url><loc>https://e.com/</loc></url>\n</urlset>\n`);
  });

  it('finds extensions on any kind of entry object: null or undefined fields, class instances with getters, null prototypes', () => {
    class Page {
      constructor(readonly loc: string) {}
      get images() { return [{ loc: `${this.loc}i.png` }]; }
    }
    const bare = Object.assign(Object.create(null) as SitemapUrlInput, { loc: 'https://e.com/c', alternates: [{ hreflang: 'de', href: 'd' }] });
    const urls = roundTrip([
      { loc: 'https://e.com/a', lastmod: null as never, changefreq: undefined, images: [{ loc: 'a.png' }] },
      new Page('https://e.com/b') as SitemapUrlInput,
      bare,
      { loc: 'https://e.com/d', priority: 0.5, unrelated: 1 } as SitemapUrlInput,
    ]);
    expect(urls).toEqual([
      { loc: 'https://e.com/a', images: [{ loc: 'a.png' }] },
      { loc: 'https://e.com/b', images: [{ loc: 'https://e.com/bi.png' }] },
      { loc: 'https://e.com/c', alternates: [{ rel: 'alternate', hreflang: 'de', href: 'd' }] },
      { loc: 'https://e.com/d', priority: 0.5 },
    ]);
  });

  it('indents extensions with { pretty: true }', () => {
    const xml = decoder.decode(serializeSitemap([{ loc: 'https://e.com/', news: { publication: { name: 'N', language: 'en' }, publicationDate: '2024-05-01', title: 'T' }, alternates: [{ hreflang: 'en', href: 'h' }], extensions: [{ namespace: 'urn:x', name: 'a', prefix: 'x', children: [{ namespace: 'urn:x', name: 'b', prefix: 'x', children: ['t'] }] }] }], { pretty: true }));
    expect(xml).toContain('  <url>\n    <loc>https://e.com/</loc>\n    <news:news>\n      <news:publication>\n        <news:name>N</news:name>\n        <news:language>en</news:language>\n      </news:publication>\n' +
      '      <news:publication_date>2024-05-01</news:publication_date>\n      <news:title>T</news:title>\n    </news:news>\n' +
      '    <xhtml:link rel="alternate" hreflang="en" href="h"/>\n    <x:a>\n      <x:b>t</x:b>\n    </x:a>\n  </url>\n');
  });

  it('normalises the lenient input forms: URL, Date, numbers as strings, yes/no, lists as arrays, rel', () => {
    const [url] = roundTrip([{
      loc: 'https://e.com/',
      images: [{ loc: new URL('https://e.com/i mage.png'), license: new URL('https://e.com/l') }],
      videos: [{
        thumbnailLoc: new URL('https://e.com/t'), title: 'T', description: 'D', playerLoc: { loc: new URL('https://e.com/p'), allowEmbed: 'Yes' },
        duration: '600', rating: 4.5, viewCount: 1e21, publicationDate: new Date(Date.UTC(2024, 4, 1, 12)), familyFriendly: true, requiresSubscription: 'NO', live: false,
        restriction: { countries: ['US', 'CA'], relationship: 'allow' }, platform: { platforms: ['web', 'tv'], relationship: 'deny' }, prices: [{ amount: 0.1 }, { amount: '2.50', currency: 'EUR' }],
      }],
      news: { publication: { name: 'N', language: 'en' }, publicationDate: new Date(0), title: 'T', keywords: ['a', 'b'], genres: ['Blog'], stockTickers: 'NASDAQ:A' },
      alternates: [{ hreflang: 'de', href: new URL('https://e.com/de') }],
    }]);
    expect(url).toEqual({
      loc: 'https://e.com/',
      images: [{ loc: 'https://e.com/i%20mage.png', license: 'https://e.com/l' }],
      videos: [{
        thumbnailLoc: 'https://e.com/t', title: 'T', description: 'D', playerLoc: { loc: 'https://e.com/p', allowEmbed: true },
        duration: 600, rating: 4.5, viewCount: 1e21, publicationDate: '2024-05-01T12:00:00.000Z', familyFriendly: true, requiresSubscription: false, live: false,
        restriction: { countries: 'US CA', relationship: 'allow' }, platform: { platforms: 'web tv', relationship: 'deny' }, prices: [{ amount: 0.1 }, { amount: 2.5, currency: 'EUR' }],
      }],
      news: { publication: { name: 'N', language: 'en' }, publicationDate: '1970-01-01T00:00:00.000Z', title: 'T', keywords: 'a, b', genres: 'Blog', stockTickers: 'NASDAQ:A' },
      alternates: [{ rel: 'alternate', hreflang: 'de', href: 'https://e.com/de' }],
    });
  });

  it('writes numbers in decimal form (no exponent) and strings of digits as given', () => {
    const xml = decoder.decode(serializeSitemap([{ loc: 'https://e.com/', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', duration: '0600', rating: 1e-7, viewCount: 123456789012345680000 }] }]));
    expect(xml).toContain('<video:duration>0600</video:duration><video:rating>0.0000001</video:rating><video:view_count>123456789012345680000</video:view_count>');
  });

  const refusals: Array<[string, SitemapUrlInput, string, RegExp]> = [
    ['a required value left out', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', description: 'd' } as never] }, 'urlset/url[1]/video:video[1]/video:title', /is required/],
    ['a required attribute left out', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', restriction: { countries: 'US' } as never }] }, 'urlset/url[1]/video:video[1]/video:restriction/@relationship', /is required/],
    ['a number that is not finite', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', duration: Number.NaN }] }, 'urlset/url[1]/video:video[1]/video:duration', /finite number/],
    ['a number string that is not a decimal', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', rating: '1e3' }] }, 'urlset/url[1]/video:video[1]/video:rating', /decimal/],
    ['a yes/no that is neither', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', live: 'true' as never }] }, 'urlset/url[1]/video:video[1]/video:live', /yes/],
    ['leading white space (the parser would strip it)', { loc: 'https://e.com/l', images: [{ loc: ' https://e.com/' }] }, 'urlset/url[1]/image:image[1]/image:loc', /whitespace/],
    ['an invalid Date', { loc: 'https://e.com/l', news: { publication: { name: 'n', language: 'en' }, publicationDate: new Date(Number.NaN), title: 't' } }, 'urlset/url[1]/news:news[1]/news:publication_date', /invalid Date/],
    ['a control character in a typed value', { loc: 'https://e.com/l', images: [{ loc: 'a', caption: 'x\u0001y' }] }, 'urlset/url[1]/image:image[1]/image:caption', /U\+0001/],
    ['a lone surrogate in an attribute', { loc: 'https://e.com/l', alternates: [{ hreflang: 'de', href: 'h\ud800' }] }, 'urlset/url[1]/xhtml:link[1]/@href', /lone surrogate/],
    ['a control character in unknown text', { loc: 'https://e.com/l', extensions: [{ namespace: 'urn:x', name: 'a', children: ['ok', { namespace: 'urn:x', name: 'b', children: ['\u0002'] }] }] }, 'urlset/url[1]/extensions[1]/children[2]/children[1]', /U\+0002/],
    ['a control character in an unknown attribute', { loc: 'https://e.com/l', extensions: [{ namespace: 'urn:x', name: 'a', attributes: [{ name: 'b', value: '\u0003' }] }] }, 'urlset/url[1]/extensions[1]/attributes[1]', /U\+0003/],
    ['an element name that is not an XML name', { loc: 'https://e.com/l', extensions: [{ namespace: 'urn:x', name: 'a b' }] }, 'urlset/url[1]/extensions[1]', /XML name/],
    ['a prefixed name', { loc: 'https://e.com/l', extensions: [{ namespace: 'urn:x', name: 'x:a' }] }, 'urlset/url[1]/extensions[1]', /XML name/],
    ['a prefix without a namespace', { loc: 'https://e.com/l', extensions: [{ namespace: '', name: 'a', prefix: 'p' }] }, 'urlset/url[1]/extensions[1]', /no namespace/],
    ['the xmlns prefix', { loc: 'https://e.com/l', extensions: [{ namespace: 'urn:x', name: 'a', prefix: 'xmlns' }] }, 'urlset/url[1]/extensions[1]', /reserved/],
    ['an xmlns attribute', { loc: 'https://e.com/l', extensions: [{ namespace: 'urn:x', name: 'a', attributes: [{ name: 'xmlns', value: 'urn:y' }] }] }, 'urlset/url[1]/extensions[1]/attributes[1]', /namespace declaration/],
    ['the same attribute twice', { loc: 'https://e.com/l', extensions: [{ namespace: 'urn:x', name: 'a', attributes: [{ name: 'b', value: '1' }, { name: 'b', value: '2' }] }] }, 'urlset/url[1]/extensions[1]', /twice/],
    ['an element in the sitemap namespace', { loc: 'https://e.com/l', extensions: [{ namespace: NS, name: 'priority', children: ['1'] }] }, 'urlset/url[1]/extensions[1]', /sitemap namespace/],
    ['an image given as an unknown extension', { loc: 'https://e.com/l', extensions: [{ namespace: IMAGE_NAMESPACE, name: 'image', prefix: 'image' }] }, 'urlset/url[1]/extensions[1]', /images/],
    ['an hreflang link given as an unknown extension', { loc: 'https://e.com/l', extensions: [{ namespace: XHTML_NAMESPACE, name: 'link', attributes: [{ name: 'hreflang', value: 'de' }] }] }, 'urlset/url[1]/extensions[1]', /alternates/],
    ['images that are not an array', { loc: 'https://e.com/l', images: { loc: 'a' } as never }, 'urlset/url[1]/images', /array/],
    // Paths of values deeper down and among repeats (the writer makes a path only when it throws).
    ['the second of repeated values, with white space', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', tags: ['a', 'b '] }] }, 'urlset/url[1]/video:video[1]/video:tag[2]', /whitespace/],
    ['a null among repeated values (no empty element is made up for it)', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', tags: ['a', null as never] }] }, 'urlset/url[1]/video:video[1]/video:tag[2]', /must be a string, got null/],
    ['an attribute of the second of repeated elements', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', prices: [{ amount: 1 }, { amount: 2, currency: 5 as never }] }] }, 'urlset/url[1]/video:video[1]/video:price[2]/@currency', /must be a string/],
    ['the text of an element with attributes left out', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', playerLoc: { allowEmbed: true } as never }] }, 'urlset/url[1]/video:video[1]/video:player_loc/loc', /is required/],
    ['a value inside a group', { loc: 'https://e.com/l', news: { publication: { name: ' n', language: 'en' }, publicationDate: 'd', title: 't' } }, 'urlset/url[1]/news:news[1]/news:publication/news:name', /whitespace/],
    ['a repeated value that is not an array', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', tags: 'a' as never }] }, 'urlset/url[1]/video:video[1]/tags', /must be an array/],
    ['an item that is not an object', { loc: 'https://e.com/l', images: [{ loc: 'a' }, 'b' as never] }, 'urlset/url[1]/image:image[2]', /must be an object/],
    ['a child that is neither an element nor a string', { loc: 'https://e.com/l', extensions: [{ namespace: 'urn:x', name: 'a', children: [5 as never] }] }, 'urlset/url[1]/extensions[1]/children[1]', /element object/],
    // What the extension schemas refuse (src/values/xsd-values.ts): the output would not validate.
    ['a video title over 100 characters', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 'é'.repeat(101), description: 'd' }] }, 'urlset/url[1]/video:video[1]/video:title', /101 characters long; the schema allows 100/],
    ['a video description over 2,048 characters', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd'.repeat(2049) }] }, 'urlset/url[1]/video:video[1]/video:description', /2,049 characters/],
    ['a rating above 5', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', rating: 5.5 }] }, 'urlset/url[1]/video:video[1]/video:rating', /0\.0 to 5\.0/],
    ['a duration that is not whole seconds', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', duration: 1.5 }] }, 'urlset/url[1]/video:video[1]/video:duration', /whole number/],
    ['a duration over eight hours', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', duration: 28_801 }] }, 'urlset/url[1]/video:video[1]/video:duration', /0 to 28,800/],
    ['a segment duration over eight hours', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', contentSegmentLocs: [{ loc: 's', duration: 30 }, { loc: 's', duration: '28801' }] }] }, 'urlset/url[1]/video:video[1]/video:content_segment_loc[2]/@duration', /28,800/],
    ['a negative view count', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', viewCount: -1 }] }, 'urlset/url[1]/video:video[1]/video:view_count', /nonNegativeInteger/],
    ['a season number of 0', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', tvshow: { showTitle: 's', videoType: 'full', seasonNumber: 0 } }] }, 'urlset/url[1]/video:video[1]/video:tvshow/video:season_number', /from 1/],
    ['an unknown video type', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', tvshow: { showTitle: 's', videoType: 'movie' } }] }, 'urlset/url[1]/video:video[1]/video:tvshow/video:video_type', /"full"/],
    ['a restriction relationship other than allow or deny', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', restriction: { countries: 'US', relationship: 'block' } }] }, 'urlset/url[1]/video:video[1]/video:restriction/@relationship', /"allow", "deny"/],
    ['lower-case country codes', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', restriction: { countries: 'us gb', relationship: 'allow' } }] }, 'urlset/url[1]/video:video[1]/video:restriction/countries', /ISO 3166/],
    ['an unknown platform', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', platform: { platforms: ['web', 'desktop'], relationship: 'allow' } }] }, 'urlset/url[1]/video:video[1]/video:platform/platforms', /web, mobile and tv/],
    ['a currency that is not three capitals', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', prices: [{ amount: 1, currency: 'usd' }] }] }, 'urlset/url[1]/video:video[1]/video:price[1]/@currency', /ISO 4217/],
    ['an unknown price type', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', prices: [{ amount: 1, type: 'buy' }] }] }, 'urlset/url[1]/video:video[1]/video:price[1]/@type', /"purchase"/],
    ['an unknown id type', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', ids: [{ value: 'x', type: 'imdb' }] }] }, 'urlset/url[1]/video:video[1]/video:id[1]/@type', /"tms:series"/],
    ['33 tags', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', tags: Array.from({ length: 33 }, (_, i) => `t${i}`) }] }, 'urlset/url[1]/video:video[1]/tags', /at most 32/],
    ['a video date that is not an xsd:date or dateTime', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', publicationDate: '2024-05-01T10:00+02:00' }] }, 'urlset/url[1]/video:video[1]/video:publication_date', /W3C Datetime but not an xsd:date/],
    ['a Date past the year 9999', { loc: 'https://e.com/l', videos: [{ thumbnailLoc: 't', title: 't', description: 'd', expirationDate: new Date(Date.UTC(10_000, 0, 1)) }] }, 'urlset/url[1]/video:video[1]/video:expiration_date', /year 10000/],
    ['a news language that is not an ISO 639 code', { loc: 'https://e.com/l', news: { publication: { name: 'n', language: 'English' }, publicationDate: '2024-05-01', title: 't' } }, 'urlset/url[1]/news:news[1]/news:publication/news:language', /ISO 639/],
    ['an unknown news access', { loc: 'https://e.com/l', news: { publication: { name: 'n', language: 'en' }, access: 'Free', publicationDate: '2024-05-01', title: 't' } }, 'urlset/url[1]/news:news[1]/news:access', /"Subscription"/],
    ['an unknown news genre', { loc: 'https://e.com/l', news: { publication: { name: 'n', language: 'en' }, genres: ['Blog', 'Gossip'], publicationDate: '2024-05-01', title: 't' } }, 'urlset/url[1]/news:news[1]/news:genres', /PressRelease/],
    ['a news date that is no date', { loc: 'https://e.com/l', news: { publication: { name: 'n', language: 'en' }, publicationDate: 'yesterday', title: 't' } }, 'urlset/url[1]/news:news[1]/news:publication_date', /yesterday/],
    ['an hreflang with an underscore', { loc: 'https://e.com/l', alternates: [{ hreflang: 'en_US', href: 'https://e.com/us' }] }, 'urlset/url[1]/xhtml:link[1]/@hreflang', /language code/],
    ['an extension element in no namespace', { loc: 'https://e.com/l', extensions: [{ namespace: '', name: 'a' }] }, 'urlset/url[1]/extensions[1]', /##other/],
  ];
  for (const [name, url, path, message] of refusals) {
    it(`refuses ${name} with SERIALIZE_INVALID_VALUE at ${path}`, () => {
      const error = thrownBy(() => serializeSitemap([url]));
      expect({ code: error.code, path: error.path }).toEqual({ code: 'SERIALIZE_INVALID_VALUE', path });
      expect(error.message).toMatch(message);
    });
  }

  it('refuses an unknown element tree deeper than parsers read, or one that contains itself, with its path (no stack overflow)', () => {
    const nested = (levels: number): ExtensionElement => {
      let element: ExtensionElement = { namespace: 'urn:x', name: 'a', prefix: 'x' };
      for (let i = 1; i < levels; i++) element = { namespace: 'urn:x', name: 'a', prefix: 'x', children: [element] };
      return element;
    };
    // 510 levels from the <url>'s child down: the deepest at level 511 below the root, which reads back.
    const deepest = [{ loc: 'https://e.com/', extensions: [nested(510)] }];
    expect(parse(serializeSitemap(deepest)).kind).toBe('urlset');
    const error = thrownBy(() => serializeSitemap([{ loc: 'https://e.com/', extensions: [nested(511)] }]));
    expect(error.code).toBe('SERIALIZE_INVALID_VALUE');
    expect(error.path).toBe(`urlset/url[1]/extensions[1]${'/children[1]'.repeat(510)}`);
    expect(error.message).toMatch(/deeper than 512 levels/);
    expect(thrownBy(() => serializeSitemap([{ loc: 'https://e.com/', extensions: [nested(20_000)] }])).code).toBe('SERIALIZE_INVALID_VALUE');
    const cyclic: ExtensionElement = { namespace: 'urn:x', name: 'a', children: [] };
    (cyclic.children as ExtensionElement[]).push(cyclic);
    expect(thrownBy(() => serializeSitemap([{ loc: 'https://e.com/', extensions: [cyclic] }])).message).toMatch(/contains itself/);
    // Inside an item the levels count from the root too: image:image is at level 2.
    expect(thrownBy(() => serializeSitemap([{ loc: 'https://e.com/', images: [{ loc: 'https://e.com/i.png', extensions: [nested(510)] }] }])).path).toMatch(/^urlset\/url\[1\]\/image:image\[1\]\/extensions\[1\]/);
  });

  it('names the value at fault after other entries, items and repeats wrote without one', () => {
    const good: SitemapUrlInput = { loc: 'https://e.com/1', images: [{ loc: 'https://e.com/1.png' }], videos: [{ thumbnailLoc: 't', title: 't', description: 'd', tags: ['a', 'b'], prices: [{ amount: 1 }] }] };
    const bad: SitemapUrlInput = { loc: 'https://e.com/2', images: [{ loc: 'https://e.com/2.png' }, { loc: 'https://e.com/3.png', title: 5 as never }] };
    expect(thrownBy(() => serializeSitemap([good, good, bad])).path).toBe('urlset/url[3]/image:image[2]/image:title');
  });

  it('finds a bad value in a later batch and entry (the path names entry 3,001)', () => {
    const urls: SitemapUrlInput[] = Array.from({ length: 3001 }, (_, i) => ({ loc: `https://e.com/${i}`, images: [{ loc: `https://e.com/${i}.png`, title: i === 3000 ? 'bad\u0000' : 'ok' }] }));
    const error = thrownBy(() => serializeSitemap(urls));
    expect(error.path).toBe('urlset/url[3001]/image:image[1]/image:title');
    // …also when the entries come from an iterator, not an array.
    expect(thrownBy(() => serializeSitemap(urls.values())).path).toBe('urlset/url[3001]/image:image[1]/image:title');
  });
});

// ---------------------------------------------------------------------------------- round trips

/** Hostile pieces for values: markup, entity look-alikes, CDATA ends, astral and non-Latin text. */
const HOSTILE = ['&', '<', '>', "'", '"', ']]>', '&amp;', '&#65;', '<![CDATA[', '-->', '?>', '😀', '𝔘', 'é', '東京', '\u00a0', '\u2028', '\ufeff', 'a', '/', '=', ' ', '\t', '\n', '\r', '\r\n'];
const NOT_CARRIED = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const hostileString = fc.array(fc.oneof(fc.constantFrom(...HOSTILE), fc.string({ unit: 'grapheme', maxLength: 4 })), { maxLength: 10 }).map((pieces) => pieces.join('')).filter((value) => !NOT_CARRIED.test(value));
/** A typed value as parse returns it: trimmed of XML white space (which the parser strips). */
const trimmedString = hostileString.map((value) => value.replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, ''));
const finiteNumber = fc.oneof(fc.double({ noNaN: true, noDefaultInfinity: true }), fc.integer({ min: 0, max: 28_800 }));
// The serializer writes only what the extension schemas take (src/values/xsd-values.ts), so the values
// with a schema type come from that type: hostile text stays in the free-text values and URLs.
/** An xsd:anyURI with hostile characters (libxml2 reads the ones URIs cannot hold as "_"). */
const uriString = trimmedString.map((value) => `https://e.com/${value.replace(/[[\]#%]/g, '')}`.replace(/[ \t\r\n]+$/, ''));
const xsdDate = fc.oneof(
  fc.constantFrom('2024-05-01', '2024-05-01T10:00:00+02:00', '1999-12-31T23:59:59.5Z', '2024-02-29', '2024-05-01Z'),
  fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((date) => date.toISOString()),
);
const seconds = fc.integer({ min: 0, max: 28_800 });
const fromOne = fc.integer({ min: 1, max: 1_000_000 });

const image = fc.record({ loc: uriString, caption: trimmedString, geoLocation: trimmedString, title: trimmedString, license: uriString }, { requiredKeys: ['loc'] });
const video = fc.record({
  thumbnailLoc: uriString, title: trimmedString, description: trimmedString, contentLoc: uriString,
  playerLoc: fc.record({ loc: uriString, allowEmbed: fc.boolean(), autoplay: trimmedString }, { requiredKeys: ['loc'] }),
  duration: seconds, expirationDate: xsdDate, rating: fc.double({ min: 0, max: 5, noNaN: true }),
  contentSegmentLocs: fc.array(fc.record({ loc: uriString, duration: seconds }, { requiredKeys: ['loc'] }), { minLength: 1, maxLength: 2 }),
  viewCount: fc.integer({ min: 0, max: 2 ** 40 }), publicationDate: xsdDate, tags: fc.array(trimmedString, { minLength: 1, maxLength: 3 }), category: trimmedString,
  familyFriendly: fc.boolean(), restriction: fc.record({ countries: fc.constantFrom('US', 'IE GB', 'FR  DE'), relationship: fc.constantFrom('allow', 'deny') }), galleryLoc: fc.record({ loc: uriString, title: trimmedString }, { requiredKeys: ['loc'] }),
  prices: fc.array(fc.record({ amount: finiteNumber, currency: fc.constantFrom('EUR', 'USD'), type: fc.constantFrom('rent', 'PURCHASE'), resolution: fc.constantFrom('hd', 'SD') }, { requiredKeys: [] }), { minLength: 1, maxLength: 2 }),
  requiresSubscription: fc.boolean(), uploader: fc.record({ name: trimmedString, info: uriString }, { requiredKeys: ['name'] }),
  tvshow: fc.record({ showTitle: trimmedString, videoType: fc.constantFrom('full', 'preview', 'clip', 'interview', 'news', 'other'), episodeTitle: trimmedString, seasonNumber: fromOne, episodeNumber: fromOne, premierDate: xsdDate }, { requiredKeys: ['showTitle', 'videoType'] }),
  platform: fc.record({ platforms: fc.constantFrom('web', 'mobile tv', 'web mobile tv'), relationship: fc.constantFrom('allow', 'deny') }), live: fc.boolean(),
  ids: fc.array(fc.record({ value: trimmedString, type: fc.constantFrom('tms:series', 'rovi:program', 'freebase', 'url') }), { minLength: 1, maxLength: 2 }),
}, { requiredKeys: ['thumbnailLoc', 'title', 'description'] });
const news = fc.record({
  publication: fc.record({ name: trimmedString, language: fc.constantFrom('en', 'deu', 'zh-cn') }), publicationDate: xsdDate, title: trimmedString,
  access: fc.constantFrom('Subscription', 'Registration'), genres: fc.constantFrom('Blog', 'PressRelease, Satire', 'OpEd,Opinion'), keywords: trimmedString, stockTickers: fc.constantFrom('NASDAQ:A', 'NYSE:B, LON:C'),
}, { requiredKeys: ['publication', 'publicationDate', 'title'] });
const alternate = fc.record({ rel: trimmedString, hreflang: fc.constantFrom('en', 'de-AT', 'x-default', 'zh-Hant-TW'), href: uriString });

// Unknown extensions in the form parse returns: non-empty text, never two strings side by side,
// white-space-only text only as all of an element's content (between tags it is layout), one
// prefix per namespace (a prefix is a preference; these never collide), no empty arrays.
const NAMESPACES: Array<[string, string | undefined]> = [
  ['urn:a', 'a'], ['http://example.com/ns?x=1&y="2"<>', 'q'], ['urn:ü/東京', 'ü'], ['http://www.google.com/schemas/sitemap-image/0.9', 'image'], [XHTML_NAMESPACE, 'xhtml'], ['urn:default', undefined], ['', undefined],
];
const NAMES = ['a', 'b', 'Attribute', 'data-object', 'x.y', '_z', 'ñandú', '名前', 'mobile'];
const attributes = fc.uniqueArray(
  fc.tuple(fc.constantFrom(...NAMES), fc.constantFrom<[string, string | undefined] | null>(null, ['urn:a', 'a'], ['urn:attr', 'at'], ['http://www.w3.org/XML/1998/namespace', 'xml']), hostileString),
  { selector: ([name, namespace]) => `${namespace?.[0] ?? ''} ${name}`, maxLength: 3 },
).map((list) => list.map(([name, namespace, value]): ExtensionAttribute => (namespace === null ? { name, value } : { name, value, namespace: namespace[0], prefix: namespace[1] })));
const textPiece = hostileString.filter((value) => value.trim() !== '' && /[^ \t\r\n]/.test(value));
const leafWhitespace = fc.constantFrom(' ', '\t', '\n', '  \n\t ', '\r\n', '\r');

function elementArbitrary(namespaces: ReadonlyArray<[string, string | undefined]>): fc.Memo<ExtensionElement> {
  const namespaceChoice = fc.constantFrom(...namespaces);
  const element: fc.Memo<ExtensionElement> = fc.memo((depth) => fc.record({
  namespace: namespaceChoice,
  name: fc.constantFrom(...NAMES),
  attributes,
  children: depth <= 1
    ? fc.oneof(fc.constant([] as Array<ExtensionElement | string>), fc.tuple(textPiece).map((t) => [...t] as Array<ExtensionElement | string>), leafWhitespace.map((w) => [w]))
    : fc.oneof(
      fc.array(fc.oneof(element(depth - 1), textPiece), { maxLength: 4 }),
      leafWhitespace.map((w) => [w] as Array<ExtensionElement | string>),
    ),
}).map(({ namespace: [namespace, prefix], name, attributes: attributeList, children }) => {
  const merged: Array<ExtensionElement | string> = [];
  for (const child of children) {
    if (typeof child === 'string' && typeof merged[merged.length - 1] === 'string') merged[merged.length - 1] += child;
    else merged.push(child);
  }
  const result: ExtensionElement = { namespace, name };
  if (prefix !== undefined) result.prefix = prefix;
  if (attributeList.length > 0) result.attributes = attributeList;
  if (merged.length > 0) result.children = merged;
  return result;
}));
  return element;
}
/** A top-level element (never in the sitemap namespace, never named like a typed item). */
const topElement = elementArbitrary(NAMESPACES)(3).filter((element) => element.namespace !== ''); // sitemap.xsd: ##other
/** The same, without a namespace that takes the image prefix (beside images, it would get another). */
const topElementBesideImages = elementArbitrary(NAMESPACES.filter(([, prefix]) => prefix !== 'image'))(3).filter((element) => element.namespace !== '');

const url = fc.record({
  loc: fc.constantFrom('https://e.com/', 'https://e.com/?a=1&b=2'),
  images: fc.array(image, { minLength: 1, maxLength: 3 }),
  videos: fc.array(video, { minLength: 1, maxLength: 2 }),
  news,
  alternates: fc.array(alternate, { minLength: 1, maxLength: 3 }),
  extensions: fc.array(topElementBesideImages, { minLength: 1, maxLength: 3 }),
}, { requiredKeys: ['loc'] }) as fc.Arbitrary<SitemapUrl>;

describe('round trips: parse(serializeSitemap(urls)) deep-equals urls for the strict form', () => {
  it('every typed extension value, hostile strings included, compact and pretty', () => {
    fc.assert(fc.property(fc.array(url.map(({ extensions: _, ...typed }) => typed as SitemapUrl), { maxLength: 4 }), fc.boolean(), (urls, pretty) => {
      const result = parse(serializeSitemap(urls, { pretty }));
      expect(result.kind === 'urlset' && result.urls).toEqual(urls);
      expect(result.issues).toEqual([]);
    }), { numRuns: 200 });
  });

  it('unknown extensions keep every name, namespace, attribute and text', () => {
    fc.assert(fc.property(fc.array(topElement, { minLength: 1, maxLength: 4 }), fc.boolean(), (extensions, pretty) => {
      const urls: SitemapUrl[] = [{ loc: 'https://e.com/', extensions }];
      const result = parse(serializeSitemap(urls, { pretty }));
      expect(result.kind === 'urlset' && result.urls).toEqual(urls);
      expect(result.issues).toEqual([]);
    }), { numRuns: 300 });
  });

  it('everything together, read back in random chunks', () => {
    fc.assert(fc.property(fc.array(url, { minLength: 1, maxLength: 3 }), fc.array(fc.nat(), { maxLength: 8 }), (urls, cuts) => {
      const bytes = serializeSitemap(urls);
      const result = feed(bytes, [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b), {}) as { urls: SitemapUrl[]; issues: Issue[] };
      expect(result.urls).toEqual(urls);
      expect(result.issues).toEqual([]);
    }), { numRuns: 150 });
  });

  it('unknown elements inside items and groups keep every name, namespace, attribute and text, each reported once', () => {
    // Never in a typed extension's namespace (none of NAMESPACES is), so none reads back as a property.
    const inner = fc.array(elementArbitrary(NAMESPACES.filter(([, prefix]) => prefix !== 'image'))(2), { minLength: 1, maxLength: 2 });
    const item = fc.oneof(
      fc.tuple(image, inner).map(([value, extensions]): SitemapUrl => ({ loc: 'https://e.com/', images: [{ ...value, extensions }] })),
      fc.tuple(video, inner, fc.boolean()).map(([value, extensions, inShow]): SitemapUrl => ({
        loc: 'https://e.com/',
        videos: [inShow ? { ...value, tvshow: { showTitle: 's', videoType: 'full', ...value.tvshow, extensions } } : { ...value, extensions }],
      })),
      fc.tuple(news, inner, fc.boolean()).map(([value, extensions, inPublication]): SitemapUrl => ({
        loc: 'https://e.com/',
        news: inPublication ? { ...value, publication: { ...value.publication, extensions } } : { ...value, extensions },
      })),
    );
    fc.assert(fc.property(fc.array(item, { minLength: 1, maxLength: 3 }), fc.boolean(), fc.array(fc.nat(), { maxLength: 4 }), (urls, pretty, cuts) => {
      const bytes = serializeSitemap(urls, { pretty });
      const result = feed(bytes, [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b), {}) as { urls: SitemapUrl[]; issues: Issue[] };
      expect(result.urls).toEqual(urls);
      const kept = urls.reduce((sum, url) => sum + (url.images?.[0]?.extensions ?? url.videos?.[0]?.extensions ?? url.videos?.[0]?.tvshow?.extensions ?? url.news?.extensions ?? url.news?.publication.extensions ?? []).length, 0);
      expect(result.issues.map((issue) => [issue.code, issue.severity])).toEqual(Array.from({ length: kept }, () => ['SITEMAP_EXTENSION_IGNORED', 'warning']));
    }), { numRuns: 150 });
  });

  it('hostile bytes inside extension elements never make the parser throw anything but SitemapError', () => {
    fc.assert(fc.property(fc.array(fc.oneof(fc.constantFrom('<image:image>', '</image:image>', '<image:loc>', '</image:loc>', '<x:a xmlns:x="urn:x">', '</x:a>', '<video:video>', '<video:price currency="a">', '</video:price>', '<xhtml:link hreflang="a"/>',
      '<news:news>', '</news:news>', '<news:publication>', '</news:publication>', '<video:tvshow>', '</video:tvshow>', '<image:foo>', '</image:foo>', '<y:b xmlns:y="urn:y" y:c="1">', '</y:b>', '&', '<', ']]>', '<![CDATA[', ' '), hostileString), { maxLength: 20 }), (pieces) => {
      const xml = urlset(`<url><loc>https://e.com/</loc>${pieces.join('')}</url>`);
      const recovered = parse(xml, { recover: true });
      expect(recovered.kind).toBe('urlset');
      for (const issue of recovered.issues) expect(issue.line).toBeGreaterThan(0);
      try {
        parse(xml);
      } catch (error) {
        expect(error).toBeInstanceOf(SitemapError);
      }
    }), { numRuns: 300 });
  });
});
