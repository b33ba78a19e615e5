// Serializer output with every extension fully populated, checked with `xmllint --schema`
// against the official XSDs in test/corpus/xsd/ (sitemap.xsd, sitemap-image, -video,
// -news, -mobile and xhtml1-strict with xml.xsd), through a small wrapper schema that imports
// them (sitemap.xsd's xsd:any is processContents="strict": each extension needs its schema).
// Node-only: it runs a program. SPEC.md §3.

import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_NAMESPACE, NEWS_NAMESPACE, parse, serializeSitemap, SITEMAP_NAMESPACE, VIDEO_NAMESPACE, XHTML_NAMESPACE, type SitemapUrlInput } from '../src/index';
import { EXTENSION_SCHEMAS, schemaChecker, XSD_DIRECTORY } from './fixtures/xmllint-schema';
import { MOBILE_NAMESPACE } from '../src/model/limits';

const xmllintChecker = schemaChecker(EXTENSION_SCHEMAS);
afterAll(() => xmllintChecker.dispose());

function xmllint(document: Uint8Array | string): { status: number | null; verdict: string } {
  const { status, output } = xmllintChecker.check(document);
  return { status, verdict: output };
}

function expectValid(document: Uint8Array): void {
  const { status, verdict } = xmllint(document);
  expect(status, `xmllint says:\n${verdict}\n--- document ---\n${new TextDecoder().decode(document).slice(0, 3000)}`).toBe(0);
  expect(verdict).toMatch(/validates/);
}

/** Text that must be escaped, and non-ASCII text. */
const HOSTILE = `Fish & "chips" <b>'crisp'</b> ]]> – Größe 東京 😀`;

/** One entry with every element and attribute of every extension schema, in its lenient and strict forms. */
const FULL: SitemapUrlInput = {
  loc: 'https://example.com/page?a=1&b=2',
  lastmod: '2024-05-01T10:00:00+02:00',
  changefreq: 'weekly',
  priority: 0.8,
  images: [
    { loc: 'https://example.com/a.jpg?w=1&h=2', caption: HOSTILE, geoLocation: 'Limerick, Ireland', title: HOSTILE, license: new URL('https://example.com/license') },
    { loc: 'https://example.com/b.jpg' },
  ],
  videos: [{
    thumbnailLoc: 'https://example.com/thumbs/1.jpg',
    title: 'Grilling steaks & more',
    description: HOSTILE,
    contentLoc: 'https://example.com/video/1.mp4',
    playerLoc: { loc: 'https://example.com/player?video=1&autoplay=0', allowEmbed: true, autoplay: 'ap=1&x="y"' },
    duration: 600,
    expirationDate: '2030-11-05T19:20:30+08:00',
    rating: 4.2,
    contentSegmentLocs: [{ loc: 'https://example.com/video/1-a.mp4', duration: 300 }, { loc: 'https://example.com/video/1-b.mp4' }],
    viewCount: 12345,
    publicationDate: new Date(Date.UTC(2024, 4, 1, 12, 0, 0)),
    tags: ['steak', 'meat', HOSTILE],
    category: 'Grilling',
    familyFriendly: 'yes',
    restriction: { countries: ['IE', 'GB', 'US', 'CA'], relationship: 'allow' },
    galleryLoc: { loc: 'https://example.com/gallery', title: HOSTILE },
    prices: [{ amount: 1.99, currency: 'EUR', type: 'rent', resolution: 'HD' }, { type: 'purchase' }],
    requiresSubscription: false,
    uploader: { name: 'GrillyMcGrillerson', info: 'https://example.com/users/grilly' },
    tvshow: { showTitle: 'Grill Time', videoType: 'full', episodeTitle: 'Steaks', seasonNumber: 3, episodeNumber: '7', premierDate: '2024-01-02' },
    platform: { platforms: 'web tv', relationship: 'deny' },
    live: 'NO',
    ids: [{ value: 'https://example.com/ids/1', type: 'url' }],
  }],
  news: {
    publication: { name: 'The Example Times', language: 'zh-cn' },
    access: 'Subscription',
    genres: ['PressRelease', 'Blog'],
    publicationDate: '2024-05-01T10:00:00Z',
    title: HOSTILE,
    keywords: ['grill', HOSTILE],
    stockTickers: 'NASDAQ:A, NYSE:B',
  },
  alternates: [
    { hreflang: 'en', href: 'https://example.com/page?a=1&b=2' },
    { hreflang: 'de-AT', href: new URL('https://example.com/de/page') },
    { hreflang: 'x-default', href: 'https://example.com/', rel: 'alternate' },
  ],
  extensions: [{ namespace: MOBILE_NAMESPACE, name: 'mobile', prefix: 'mobile' }],
};

describe('serializer output with every extension against the official XSDs (xmllint)', () => {
  it('finds xmllint and the schemas', () => {
    for (const [, file] of EXTENSION_SCHEMAS) expect(existsSync(join(XSD_DIRECTORY, file)), file).toBe(true);
    expect(existsSync(join(XSD_DIRECTORY, 'xml.xsd'))).toBe(true);
    expect(existsSync('/usr/bin/xmllint'), 'xmllint missing: apt-get install -y libxml2-utils').toBe(true);
  });

  it('rejects invalid extension content (so a pass below means something)', () => {
    const invalid = (body: string) => xmllint(`<?xml version="1.0"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:video="${VIDEO_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}"><url><loc>https://example.com/</loc>${body}</url></urlset>`);
    expect(invalid('<video:video><video:title>t</video:title></video:video>').status).not.toBe(0); // thumbnail_loc missing
    expect(invalid('<video:video><video:thumbnail_loc>t</video:thumbnail_loc><video:title>t</video:title><video:description>d</video:description><video:rating>6</video:rating></video:video>').status).not.toBe(0);
    expect(invalid('<xhtml:link rel="alternate" hreflang="not a language" href="h"/>').status).not.toBe(0);
    expect(invalid('<video:unknown/>').status).not.toBe(0);
  });

  for (const pretty of [false, true]) {
    it(`validates an entry with every tag and attribute of every extension (${pretty ? 'pretty' : 'compact'})`, () => {
      const written = serializeSitemap([FULL, { loc: 'https://example.com/plain' }], { pretty });
      expectValid(written);
      // And it reads back: each extension present with all its values.
      const result = parse(written);
      const [url] = result.kind === 'urlset' ? result.urls : [];
      expect(Object.keys(url!.videos![0]!)).toHaveLength(23);
      expect(url!.images).toHaveLength(2);
      expect(Object.keys(url!.news!)).toHaveLength(7);
      expect(url!.alternates).toHaveLength(3);
      expect(url!.extensions).toEqual([{ namespace: MOBILE_NAMESPACE, name: 'mobile', prefix: 'mobile' }]);
    });
  }

  it('validates the strict form that parse returns, written again', () => {
    const first = parse(serializeSitemap([FULL]));
    const urls = first.kind === 'urlset' ? first.urls : [];
    expectValid(serializeSitemap(urls, { stylesheet: '/sitemap.xsl' }));
  });

  // A video with what the schema requires; each case adds or replaces one value.
  const video = (extra: Record<string, unknown>) => ({ loc: 'https://example.com/', videos: [{ thumbnailLoc: 'https://example.com/t.jpg', title: 't', description: 'd', ...extra }] }) as SitemapUrlInput;
  const videoXml = (inner: string) => `<video:video><video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc><video:title>t</video:title><video:description>d</video:description>${inner}</video:video>`;
  const news = (extra: Record<string, unknown>, publication: Record<string, unknown> = {}) => ({ loc: 'https://example.com/', news: { publication: { name: 'n', language: 'en', ...publication }, publicationDate: '2024-05-01', title: 't', ...extra } }) as SitemapUrlInput;
  const newsXml = (language: string, inner: string, date = '2024-05-01') => `<news:news><news:publication><news:name>n</news:name><news:language>${language}</news:language></news:publication>${inner}<news:publication_date>${date}</news:publication_date><news:title>t</news:title></news:news>`;

  it('takes the values at the edges of the extension schemas, and xmllint agrees', () => {
    expectValid(serializeSitemap([
      video({ title: 'é'.repeat(100), description: 'd'.repeat(2048), duration: 28_800, rating: 5, viewCount: 0, category: 'c'.repeat(256), tags: Array.from({ length: 32 }, (_, i) => `t${i}`),
        restriction: { countries: '', relationship: 'deny' } as never, platform: { platforms: 'web mobile tv', relationship: 'allow' }, tvshow: { showTitle: 's', videoType: 'other', seasonNumber: 1 },
        prices: [{ amount: 1, currency: 'EUR', type: 'RENT', resolution: 'hd' }], ids: [{ value: 'x', type: 'rovi:series' }], publicationDate: '2024-05-01T10:00:00' }),
      news({ access: 'Registration', genres: ['PressRelease', 'UserGenerated'], stockTickers: 'NASDAQ:A, NYSE:B, LON:C, PAR:D, FRA:E' }, { language: 'zh-tw' }),
      { loc: 'https://example.com/x', alternates: [{ hreflang: 'x-default', href: 'https://example.com/' }, { hreflang: 'zh-Hant-TW', href: 'relative/page' }], images: [{ loc: 'https://example.com/a b.png' }] },
    ]));
  });

  it('every extension value the serializer refuses for its schema type, the schemas refuse too', () => {
    const head = `<?xml version="1.0"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:image="${IMAGE_NAMESPACE}" xmlns:video="${VIDEO_NAMESPACE}" xmlns:news="${NEWS_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}"><url><loc>https://example.com/</loc>`;
    const cases: Array<[SitemapUrlInput, string]> = [
      [video({ title: 'é'.repeat(101) }), `<video:video><video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc><video:title>${'é'.repeat(101)}</video:title><video:description>d</video:description></video:video>`],
      [video({ rating: 5.5 }), videoXml('<video:rating>5.5</video:rating>')],
      [video({ duration: 1.5 }), videoXml('<video:duration>1.5</video:duration>')],
      [video({ duration: 28_801 }), videoXml('<video:duration>28801</video:duration>')],
      [video({ viewCount: -1 }), videoXml('<video:view_count>-1</video:view_count>')],
      [video({ category: 'c'.repeat(257) }), videoXml(`<video:category>${'c'.repeat(257)}</video:category>`)],
      [video({ tags: Array.from({ length: 33 }, (_, i) => `t${i}`) }), videoXml(Array.from({ length: 33 }, (_, i) => `<video:tag>t${i}</video:tag>`).join(''))],
      [video({ restriction: { countries: 'us', relationship: 'allow' } }), videoXml('<video:restriction relationship="allow">us</video:restriction>')],
      [video({ restriction: { countries: 'US', relationship: 'block' } }), videoXml('<video:restriction relationship="block">US</video:restriction>')],
      [video({ platform: { platforms: 'desktop', relationship: 'allow' } }), videoXml('<video:platform relationship="allow">desktop</video:platform>')],
      [video({ prices: [{ amount: 1, currency: 'usd' }] }), videoXml('<video:price currency="usd">1</video:price>')],
      [video({ prices: [{ amount: 1, type: 'buy' }] }), videoXml('<video:price type="buy">1</video:price>')],
      [video({ tvshow: { showTitle: 's', videoType: 'movie' } }), videoXml('<video:tvshow><video:show_title>s</video:show_title><video:video_type>movie</video:video_type></video:tvshow>')],
      [video({ tvshow: { showTitle: 's', videoType: 'full', episodeNumber: 0 } }), videoXml('<video:tvshow><video:show_title>s</video:show_title><video:video_type>full</video:video_type><video:episode_number>0</video:episode_number></video:tvshow>')],
      [video({ ids: [{ value: 'x', type: 'imdb' }] }), videoXml('<video:id type="imdb">x</video:id>')],
      [video({ publicationDate: '2024-05-01T10:00Z' }), videoXml('<video:publication_date>2024-05-01T10:00Z</video:publication_date>')],
      [news({}, { language: 'English' }), newsXml('English', '')],
      [news({ access: 'Free' }), newsXml('en', '<news:access>Free</news:access>')],
      [news({ genres: 'Gossip' }), newsXml('en', '<news:genres>Gossip</news:genres>')],
      [news({ publicationDate: 'yesterday' }), newsXml('en', '', 'yesterday')],
      [{ loc: 'https://example.com/', alternates: [{ hreflang: 'en_US', href: 'https://example.com/us' }] }, '<xhtml:link rel="alternate" hreflang="en_US" href="https://example.com/us"/>'],
    ];
    for (const [url, body] of cases) {
      // The position is in the error's fields (#21), no longer in its message.
      expect(() => serializeSitemap([url]), body).toThrow(expect.objectContaining({ code: 'SERIALIZE_INVALID_VALUE', path: expect.stringMatching(/^urlset\/url\[1\]/), entry: 1 }));
      expect(xmllint(`${head}${body}</url></urlset>\n`).status, `xmllint takes ${body}`).not.toBe(0);
    }
  });

  it('validates one extension at a time (only the namespaces used are declared)', () => {
    const { images, videos, news, alternates, extensions } = FULL;
    for (const part of [{ images }, { videos }, { news }, { alternates }, { extensions }]) {
      const written = serializeSitemap([{ loc: 'https://example.com/', ...part }]);
      expectValid(written);
      expect(new TextDecoder().decode(written).match(/xmlns:/g)).toHaveLength(1);
    }
  });
});
