// validate(…, { profile: 'xsd' }) on documents with Google's extensions against `xmllint --schema`
// with the official XSDs (test/corpus/xsd/: sitemap.xsd and the image, video, news and
// xhtml1-strict schemas, and sitemap-mobile.xsd, through a wrapper that imports them): seeded
// generated valid documents, then one-value mutations of a full document, among them elements of
// other namespaces (near misses, none with a schema). Each assertion shows both verdicts side by side.
// Node-only: it runs xmllint. SPEC.md §3.

import { afterAll, describe, expect, it } from 'vitest';
import { IMAGE_NAMESPACE, NEWS_NAMESPACE, SITEMAP_NAMESPACE, validate, VIDEO_NAMESPACE, XHTML_NAMESPACE } from '../src/index';
import { MOBILE_NAMESPACE } from '../src/model/limits';
import { seededRandom } from './fuzz/random.mjs';
import { EXTENSION_SCHEMAS, schemaChecker } from './fixtures/xmllint-schema';

const xmllintChecker = schemaChecker(EXTENSION_SCHEMAS);
afterAll(() => xmllintChecker.dispose());
const xmllint = (document: string) => xmllintChecker.check(document);

/** Both verdicts, and a line that shows them side by side. */
function compare(name: string, document: string) {
  const reference = xmllint(document);
  const result = validate(document, { profile: 'xsd', now: new Date('2024-05-02T00:00:00Z') });
  const firstError = result.issues.find((issue) => issue.severity === 'error');
  const side = `${name}\n  xmllint:  ${reference.valid ? 'valid' : 'invalid'}  ${reference.message}\n  validate: ${result.valid ? 'valid' : 'invalid'}  ${firstError ? `${firstError.line}:${firstError.column} ${firstError.code} ${firstError.message}` : ''}`;
  return { reference: reference.valid, ours: result.valid, side };
}

const urlset = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:image="${IMAGE_NAMESPACE}" xmlns:video="${VIDEO_NAMESPACE}" xmlns:news="${NEWS_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}" xmlns:mobile="${MOBILE_NAMESPACE}">
${body}
</urlset>
`;

const IMAGE = '<image:image><image:loc>https://example.com/a.jpg</image:loc><image:caption>A cat</image:caption><image:title>Cat</image:title></image:image>';
const VIDEO = [
  '<video:video>',
  '<video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>',
  '<video:title>Grilling steaks</video:title>',
  '<video:description>How to grill</video:description>',
  '<video:content_loc>https://example.com/v.mp4</video:content_loc>',
  '<video:player_loc allow_embed="yes">https://example.com/player</video:player_loc>',
  '<video:duration>600</video:duration>',
  '<video:expiration_date>2030-11-05T19:20:30+08:00</video:expiration_date>',
  '<video:rating>4.2</video:rating>',
  '<video:view_count>12</video:view_count>',
  '<video:publication_date>2024-05-01</video:publication_date>',
  '<video:tag>steak</video:tag>',
  '<video:category>Grilling</video:category>',
  '<video:family_friendly>yes</video:family_friendly>',
  '<video:restriction relationship="allow">US CA</video:restriction>',
  '<video:price currency="EUR" type="rent">1.99</video:price>',
  '<video:requires_subscription>no</video:requires_subscription>',
  '<video:uploader info="https://example.com/u">Chef</video:uploader>',
  '<video:platform relationship="deny">web tv</video:platform>',
  '<video:live>no</video:live>',
  '</video:video>',
].join('');
const NEWS = '<news:news><news:publication><news:name>The Times</news:name><news:language>en</news:language></news:publication><news:access>Subscription</news:access><news:genres>Blog, OpEd</news:genres><news:publication_date>2024-05-01T10:00:00Z</news:publication_date><news:title>Grilling season</news:title><news:stock_tickers>NASDAQ:A</news:stock_tickers></news:news>';
const LINKS = '<xhtml:link rel="alternate" hreflang="en" href="https://example.com/p"/><xhtml:link rel="alternate" hreflang="de-DE" href="https://example.com/de/p"/>';
const FULL = urlset(`<url><loc>https://example.com/p</loc><lastmod>2024-05-01</lastmod>${IMAGE}${VIDEO}${NEWS}${LINKS}</url>`);

/** A small seeded generator (the fuzzer's mulberry32), so the documents are the same on every run. */
const random: (seed: number) => () => number = seededRandom;

/** A valid document: urls with some images, videos, news and alternates (each url lists itself). */
function generate(seed: number): string {
  const next = random(seed);
  const pick = <T>(values: readonly T[]): T => values[Math.floor(next() * values.length)]!;
  const urls: string[] = [];
  const count = 1 + Math.floor(next() * 5);
  for (let u = 0; u < count; u++) {
    const loc = `https://example.com/${seed}/${u}`;
    let body = `<url><loc>${loc}</loc>`;
    for (let i = Math.floor(next() * 3); i > 0; i--) body += `<image:image><image:loc>${loc}/${i}.jpg</image:loc></image:image>`;
    if (next() < 0.5) {
      const location = pick(['content_loc', 'player_loc']);
      body += `<video:video><video:thumbnail_loc>${loc}/t.jpg</video:thumbnail_loc><video:title>${pick(['Title', 'A &amp; B', 'x'.repeat(100)])}</video:title>`
        + `<video:description>${pick(['d', 'é'.repeat(2048)])}</video:description><video:${location}>${loc}.mp4</video:${location}>`
        + `<video:duration>${pick(['1', '28800', '+30'])}</video:duration><video:rating>${pick(['0', '5.0', '2.5'])}</video:rating>`
        + `<video:family_friendly>${pick(['yes', 'No', 'YES'])}</video:family_friendly></video:video>`;
    }
    if (next() < 0.4) body += `<news:news><news:publication><news:name>N</news:name><news:language>${pick(['en', 'zh-cn', 'fil'])}</news:language></news:publication><news:publication_date>${pick(['2024-05-01', '2024-05-01T10:00:00+02:00'])}</news:publication_date><news:title>T</news:title></news:news>`;
    if (next() < 0.5) body += `<xhtml:link rel="alternate" hreflang="${pick(['en', 'x-default', 'zh-Hant-TW', 'es-419'])}" href="${loc}"/>`;
    urls.push(body + '</url>');
  }
  return urlset(urls.join('\n'));
}

/** One change of one value of FULL, with a name. */
const MUTATIONS: Array<[string, string, string]> = [
  ['duration above 28,800', '<video:duration>600<', '<video:duration>28801<'],
  ['duration 0 (Google-only rule)', '<video:duration>600<', '<video:duration>0<'],
  ['duration with a fraction', '<video:duration>600<', '<video:duration>1.5<'],
  ['duration not a number', '<video:duration>600<', '<video:duration>ten<'],
  ['negative duration', '<video:duration>600<', '<video:duration>-1<'],
  ['missing video title', '<video:title>Grilling steaks</video:title>', ''],
  ['missing video thumbnail', '<video:thumbnail_loc>https://example.com/t.jpg</video:thumbnail_loc>', ''],
  ['missing video description', '<video:description>How to grill</video:description>', ''],
  ['no content_loc (player_loc is there)', '<video:content_loc>https://example.com/v.mp4</video:content_loc>', ''],
  ['video title of 101 characters', '<video:title>Grilling steaks<', `<video:title>${'t'.repeat(101)}<`],
  ['video description of 2,049 characters', '<video:description>How to grill<', `<video:description>${'é'.repeat(2049)}<`],
  ['uploader of 256 characters (Google-only rule)', '>Chef<', `>${'u'.repeat(256)}<`],
  ['33 tags', '<video:tag>steak</video:tag>', '<video:tag>steak</video:tag>'.repeat(33)],
  ['yes/no in mixed case', '<video:family_friendly>yes<', '<video:family_friendly>yEs<'],
  ['yes/no neither', '<video:live>no<', '<video:live>maybe<'],
  ['yes/no with white space', '<video:requires_subscription>no<', '<video:requires_subscription> no <'],
  ['allow_embed not yes/no', 'allow_embed="yes"', 'allow_embed="true"'],
  ['rating above 5', '<video:rating>4.2<', '<video:rating>5.5<'],
  ['negative rating', '<video:rating>4.2<', '<video:rating>-0.1<'],
  ['view count with a fraction', '<video:view_count>12<', '<video:view_count>1.5<'],
  ['lowercase countries', 'relationship="allow">US CA<', 'relationship="allow">us ca<'],
  ['a country that is not an assigned ISO 3166-1 code (Google-only rule)', 'relationship="allow">US CA<', 'relationship="allow">US UK EU<'],
  ['relationship neither allow nor deny', 'relationship="allow"', 'relationship="block"'],
  ['restriction without relationship', ' relationship="allow"', ''],
  ['platform not web/mobile/tv', '>web tv<', '>desktop<'],
  ['lowercase currency', 'currency="EUR"', 'currency="eur"'],
  ['price type', 'type="rent"', 'type="lease"'],
  ['video date with year and month only', '<video:publication_date>2024-05-01<', '<video:publication_date>2024-05<'],
  ['video date not in the calendar', '<video:publication_date>2024-05-01<', '<video:publication_date>2023-02-29<'],
  ['expiration date without seconds', '2030-11-05T19:20:30+08:00', '2030-11-05T19:20+08:00'],
  ['video children out of order', '<video:title>Grilling steaks</video:title><video:description>How to grill</video:description>', '<video:description>How to grill</video:description><video:title>Grilling steaks</video:title>'],
  ['an element the video schema does not have', '<video:live>no</video:live>', '<video:live>no</video:live><video:colour>red</video:colour>'],
  ['an element of another namespace in a video (parse keeps it)', '<video:live>no</video:live>', '<video:live>no</video:live><v:rights xmlns:v="urn:vendor" scope="eu"/>'],
  ['an element of another namespace in an image (parse keeps it)', '<image:title>Cat</image:title>', '<image:title>Cat</image:title><v:credit xmlns:v="urn:vendor">Ann</v:credit>'],
  ['an element the news schema does not have in news:publication (parse keeps it)', '<news:language>en</news:language>', '<news:language>en</news:language><news:country>IE</news:country>'],
  ['an element of another namespace in news:news (parse keeps it)', '<news:stock_tickers>', '<dc:creator xmlns:dc="http://purl.org/dc/elements/1.1/">Ann</dc:creator><news:stock_tickers>'],
  ['news language in words', '<news:language>en<', '<news:language>english<'],
  ['news language in capitals', '<news:language>en<', '<news:language>EN<'],
  ['news language that is no ISO 639 code (Google-only rule)', '<news:language>en<', '<news:language>qq<'],
  ['news language ISO 639-3 only', '<news:language>en<', '<news:language>yue<'],
  ['no news title (optional in the XSD)', '<news:title>Grilling season</news:title>', ''],
  ['no news publication name', '<news:name>The Times</news:name>', ''],
  ['no news publication date', '<news:publication_date>2024-05-01T10:00:00Z</news:publication_date>', ''],
  ['news date month 13', '2024-05-01T10:00:00Z', '2024-13-01T10:00:00Z'],
  ['news access not Subscription/Registration', '<news:access>Subscription<', '<news:access>Paid<'],
  ['news genre not in the list', 'Blog, OpEd', 'Blogs'],
  ['six stock tickers', 'NASDAQ:A<', 'NASDAQ:A, NASDAQ:B, NASDAQ:C, NASDAQ:D, NASDAQ:E, NASDAQ:F<'],
  ['image without loc', '<image:loc>https://example.com/a.jpg</image:loc>', ''],
  ['image loc with a non-ASCII character', '<image:loc>https://example.com/a.jpg<', '<image:loc>https://example.com/größe.jpg<'],
  ['image loc with brackets in the query', '<image:loc>https://example.com/a.jpg<', '<image:loc>https://example.com/a.jpg?size[w]=1<'],
  ['relative thumbnail (Google-only rule)', '<video:thumbnail_loc>https://example.com/t.jpg<', '<video:thumbnail_loc>/t.jpg<'],
  ['uploader info that is not a URI', 'info="https://example.com/u"', 'info="https://exa mple.com/%zz"'],
  ['image children out of order', '<image:caption>A cat</image:caption><image:title>Cat</image:title>', '<image:title>Cat</image:title><image:caption>A cat</image:caption>'],
  ['hreflang with an underscore', 'hreflang="de-DE"', 'hreflang="de_DE"'],
  ['hreflang that is an xsd:language but not BCP 47', 'hreflang="de-DE"', 'hreflang="de-DE-1"'],
  ['hreflang with a region that is no ISO 3166-1 code (Google-only rule)', 'hreflang="de-DE"', 'hreflang="en-UK"'],
  ['hreflang with a language that is no ISO 639 code (Google-only rule)', 'hreflang="de-DE"', 'hreflang="jp"'],
  ['alternate without rel (optional in xhtml1-strict)', '<xhtml:link rel="alternate" hreflang="en"', '<xhtml:link hreflang="en"'],
  ['alternate with rel="canonical"', 'rel="alternate" hreflang="en"', 'rel="canonical" hreflang="en"'],
  // Elements of a <url> that are no typed item: sitemap.xsd's <xsd:any namespace="##other" processContents="strict"/>.
  ['an image in sitemap-image/0.9 (a near miss)', IMAGE, IMAGE.replace(/image:/g, 'img:').replace('<img:image>', '<img:image xmlns:img="http://www.google.com/schemas/sitemap-image/0.9">')],
  ['hreflang links in https://www.w3.org/1999/xhtml (a near miss)', LINKS, LINKS.replace(/<xhtml:link /g, '<xhtml:link xmlns:xhtml="https://www.w3.org/1999/xhtml" ')],
  ['an element of a namespace without a schema', '</url>', '<v:rating xmlns:v="urn:vendor">5</v:rating></url>'],
  ['image:loc directly in <url>', '</url>', '<image:loc>https://example.com/b.jpg</image:loc></url>'],
  ['an empty mobile:mobile', '</url>', '<mobile:mobile/></url>'],
  ['mobile:mobile with white space in it', '</url>', '<mobile:mobile> </mobile:mobile></url>'],
  ['mobile:mobile with an attribute', '</url>', '<mobile:mobile type="pda"/></url>'],
  ['mobile:Mobile', '</url>', '<mobile:Mobile/></url>'],
  ['an xhtml:link without hreflang', '</url>', '<xhtml:link rel="canonical" href="https://example.com/p" media="screen"/></url>'],
  ['an xhtml:link without hreflang with an attribute xhtml1-strict.xsd does not declare', '</url>', '<xhtml:link rel="canonical" data-x="1" href="https://example.com/p"/></url>'],
  ['an xhtml:link without hreflang with text', '</url>', '<xhtml:link rel="canonical">https://example.com/p</xhtml:link></url>'],
  ['an xhtml:link without hreflang whose href is no URI', '</url>', '<xhtml:link rel="canonical" href="https://exa mple.com/%zz"/></url>'],
];

describe('validate (xsd profile) agrees with xmllint on extensions', () => {
  it('finds the full document valid, like xmllint', () => {
    const { reference, ours, side } = compare('full document', FULL);
    expect(reference, side).toBe(true);
    expect(ours, side).toBe(reference);
  });

  it('agrees on 40 seeded generated valid documents', () => {
    for (let seed = 1; seed <= 40; seed++) {
      const { reference, ours, side } = compare(`seed ${seed}`, generate(seed));
      expect(reference, side).toBe(true);
      expect(ours, side).toBe(reference);
    }
  });

  for (const [name, from, to] of MUTATIONS) {
    it(`agrees on: ${name}`, () => {
      expect(FULL.includes(from), `${from} is in the full document`).toBe(true);
      const { reference, ours, side } = compare(name, FULL.replace(from, to));
      expect(ours, side).toBe(reference);
    });
  }

  it('has mutations on both sides of the verdict', () => {
    const verdicts = MUTATIONS.map(([name, from, to]) => compare(name, FULL.replace(from, to)).reference);
    expect(verdicts.filter((valid) => valid).length).toBeGreaterThanOrEqual(4);
    expect(verdicts.filter((valid) => !valid).length).toBeGreaterThanOrEqual(30);
  });
});
