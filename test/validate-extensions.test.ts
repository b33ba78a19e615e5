// validate() and Google's extensions (src/check/validate-extensions.ts, SPEC.md §3): one test per rule,
// each asserting the code, the severity in both profiles (a Google-only rule is a warning in the
// `xsd` profile, where `valid` is the XSDs' verdict), the exact line and column, and the path;
// then every extension file of the corpus. Shared: runs in Node and in Chromium.

import { describe, expect, it } from 'vitest';
import { parse, searchConsoleReport, SITEMAP_NAMESPACE, validate, type Issue, type ValidateResult, type ValidationProfile } from '../src/index';
import { COUNTRY_CODE_HINTS, isCountryCode, isLanguageCode, LANGUAGE_CODE_HINTS, twoLetterLanguageCode } from '../src/values/language-codes';
import { MOBILE_NAMESPACE } from '../src/model/limits';
import { nearMissNamespace } from '../src/check/validate-extensions';
import { loadCorpusFile, loadCorpusManifest, positionOfNeedle } from './fixtures';

const NOW = new Date('2026-11-22T12:00:00Z');
const NAMESPACES = {
  image: 'http://www.google.com/schemas/sitemap-image/1.1',
  video: 'http://www.google.com/schemas/sitemap-video/1.1',
  news: 'http://www.google.com/schemas/sitemap-news/0.9',
  xhtml: 'http://www.w3.org/1999/xhtml',
};
const declarations = Object.entries(NAMESPACES).map(([prefix, uri]) => ` xmlns:${prefix}="${uri}"`).join('');
const urlset = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}"${declarations}>\n${body}\n</urlset>\n`;
const PAGE = 'https://example.com/page';
const url = (inner: string, loc = PAGE) => `<url><loc>${loc}</loc>${inner}</url>`;

/** A video with every required child; `replace` swaps parts (a value of null leaves the child out). */
function video(replace: Record<string, string | null> = {}, extra = ''): string {
  const parts: Record<string, string> = {
    thumbnail_loc: '<video:thumbnail_loc>https://example.com/thumb.jpg</video:thumbnail_loc>',
    title: '<video:title>Grilling steaks</video:title>',
    description: '<video:description>How to grill a steak</video:description>',
    content_loc: '<video:content_loc>https://example.com/video.mp4</video:content_loc>',
  };
  let inner = '';
  for (const [name, part] of Object.entries(parts)) {
    const replacement = Object.prototype.hasOwnProperty.call(replace, name) ? replace[name] : part;
    if (replacement !== null) inner += replacement;
  }
  return `<video:video>${inner}${extra}</video:video>`;
}

function news(replace: Record<string, string | null> = {}): string {
  const parts: Record<string, string> = {
    publication: '<news:publication><news:name>The Times</news:name><news:language>en</news:language></news:publication>',
    publication_date: '<news:publication_date>2026-11-22T08:00:00Z</news:publication_date>',
    title: '<news:title>Grilling season</news:title>',
  };
  let inner = '';
  for (const [name, part] of Object.entries(parts)) {
    const replacement = Object.prototype.hasOwnProperty.call(replace, name) ? replace[name] : part;
    if (replacement !== null) inner += replacement;
  }
  return `<news:news>${inner}</news:news>`;
}


const run = (xml: string, profile: ValidationProfile): ValidateResult => validate(xml, { profile, now: NOW });
const withCode = (result: ValidateResult, code: string): Issue[] => result.issues.filter((issue) => issue.code === code);

interface Expected {
  /** Severity in the google and xsd profiles; null: not reported in that profile. */
  google: Issue['severity'] | null;
  xsd: Issue['severity'] | null;
  /** The text the issue points at (its first character). */
  needle: string;
  occurrence?: number;
  path: string;
  value?: string;
}

/** Exactly one issue with `code` in each profile that has it, where and how heavy it should be. */
function expectIssue(xml: string, code: string, expected: Expected): void {
  for (const profile of ['google', 'xsd'] as const) {
    const result = run(xml, profile);
    const found = withCode(result, code);
    const severity = expected[profile];
    if (severity === null) {
      expect(found, `${profile}: ${JSON.stringify(found)}`).toEqual([]);
      continue;
    }
    expect(found, `${profile}: ${JSON.stringify(result.issues, null, 1)}`).toHaveLength(1);
    const issue = found[0]!;
    expect({ severity: issue.severity, ...positionOfNeedle(xml, expected.needle, expected.occurrence), path: issue.path }, profile).toEqual({ severity, line: issue.line, column: issue.column, path: expected.path });
    if (expected.value !== undefined) expect(issue.value).toBe(expected.value);
    expect(issue.message.length).toBeGreaterThan(10);
    expect(result.valid, profile).toBe(!result.issues.some((other) => other.severity === 'error'));
  }
}

const V = 'urlset/url[1]/video:video[1]';
const N = 'urlset/url[1]/news:news[1]';

describe('validate: documents with every extension, correct', () => {
  it('a full document has no issue in either profile and lists its extension namespaces in stats', () => {
    const xml = urlset([
      url(
        '<image:image><image:loc>https://example.com/a.jpg</image:loc></image:image>'
        + video({}, '<video:duration>600</video:duration><video:rating>4.2</video:rating><video:view_count>12</video:view_count>'
          + '<video:publication_date>2026-11-01T10:00:00+01:00</video:publication_date><video:tag>steak</video:tag><video:family_friendly>yes</video:family_friendly>'
          + '<video:restriction relationship="allow">US CA</video:restriction><video:price currency="EUR" type="rent">1.99</video:price>'
          + '<video:requires_subscription>no</video:requires_subscription><video:uploader info="https://example.com/u">Chef</video:uploader>'
          + '<video:platform relationship="deny">tv</video:platform><video:live>No</video:live>')
        + news()
        + '<xhtml:link rel="alternate" hreflang="en" href="https://example.com/page"/><xhtml:link rel="alternate" hreflang="de-DE" href="https://example.com/de/page"/>'
        + '<xhtml:link rel="alternate" hreflang="x-default" href="https://example.com/page"/>',
      ),
      url('<xhtml:link rel="alternate" hreflang="en" href="https://example.com/page"/><xhtml:link rel="alternate" hreflang="de-DE" href="https://example.com/de/page"/>', 'https://example.com/de/page'),
    ].join('\n'));
    for (const profile of ['google', 'xsd'] as const) {
      const result = run(xml, profile);
      expect(result.issues, profile).toEqual([]);
      expect(result.valid).toBe(true);
      expect(result.stats.extensions).toEqual(expect.arrayContaining(Object.values(NAMESPACES)));
    }
  });

  it('gives every new code a Search Console report name', () => {
    expect(searchConsoleReport.VIDEO_MISSING_TITLE).toBe('Missing video title');
    expect(searchConsoleReport.VIDEO_MISSING_THUMBNAIL).toBe('Missing video thumbnail');
    expect(searchConsoleReport.NEWS_TOO_MANY).toBe('Too many News URLs');
    expect(searchConsoleReport.SITEMAP_EXTENSION_BAD_DATE).toBe('Invalid date');
    expect(searchConsoleReport.HREFLANG_BAD_CODE).toBe('Invalid tag value');
  });
});

describe('validate: video', () => {
  it('VIDEO_MISSING_THUMBNAIL: no thumbnail_loc (both schemas)', () => {
    const xml = urlset(url(video({ thumbnail_loc: null })));
    expectIssue(xml, 'VIDEO_MISSING_THUMBNAIL', { google: 'error', xsd: 'error', needle: '<video:video>', path: V });
  });

  it('VIDEO_MISSING_TITLE: no title', () => {
    const xml = urlset(url(video({ title: null })));
    expectIssue(xml, 'VIDEO_MISSING_TITLE', { google: 'error', xsd: 'error', needle: '<video:video>', path: V });
  });

  it('VIDEO_MISSING_TITLE: an empty or blank title is an error for Google; sitemap.xsd takes the empty string (#22.11)', () => {
    for (const title of ['<video:title></video:title>', '<video:title/>', '<video:title> \n\t</video:title>']) {
      const xml = urlset(url(video({ title })));
      expectIssue(xml, 'VIDEO_MISSING_TITLE', { google: 'error', xsd: 'warning', needle: title, path: `${V}/video:title` });
      expect(run(xml, 'xsd').valid).toBe(true);
    }
  });

  it('SITEMAP_EXTENSION_MISSING_TAG: no description', () => {
    const xml = urlset(url(video({ description: null })));
    expectIssue(xml, 'SITEMAP_EXTENSION_MISSING_TAG', { google: 'error', xsd: 'error', needle: '<video:video>', path: V });
  });

  it('VIDEO_MISSING_LOCATION: neither content_loc nor player_loc (Google only: both are optional in the XSD)', () => {
    const xml = urlset(url(video({ content_loc: null })));
    expectIssue(xml, 'VIDEO_MISSING_LOCATION', { google: 'error', xsd: 'warning', needle: '<video:video>', path: V });
  });

  it('VIDEO_LOCATION_IS_PAGE: content_loc or player_loc equal to the page loc, also when loc comes after the video', () => {
    const xml = urlset(url(video({ content_loc: `<video:content_loc>${PAGE}</video:content_loc>` })));
    expectIssue(xml, 'VIDEO_LOCATION_IS_PAGE', { google: 'error', xsd: 'warning', needle: `${PAGE}</video:content_loc>`, path: `${V}/video:content_loc`, value: PAGE });
    const late = urlset(`<url>${video({ content_loc: null }, `<video:player_loc allow_embed="yes">\n  ${PAGE}</video:player_loc>`)}<loc>${PAGE}</loc></url>`);
    expectIssue(late, 'VIDEO_LOCATION_IS_PAGE', { google: 'error', xsd: 'warning', needle: `${PAGE}</video:player_loc>`, path: `${V}/video:player_loc` });
  });

  it('VIDEO_LOCATION_IS_PAGE: the page written another way (RFC 3986 §6.2.2), and not another URL', () => {
    for (const spelling of ['https://EXAMPLE.com/page', 'HTTPS://example.com:443/page', 'https://example.com/%70age', 'https://example.com/video/../page']) {
      const xml = urlset(url(video({ content_loc: `<video:content_loc>${spelling}</video:content_loc>` })));
      expectIssue(xml, 'VIDEO_LOCATION_IS_PAGE', { google: 'error', xsd: 'warning', needle: `${spelling}</video:content_loc>`, path: `${V}/video:content_loc`, value: spelling });
      expect(withCode(run(xml, 'google'), 'VIDEO_LOCATION_IS_PAGE')[0]!.message).toContain(`(${PAGE}, written another way)`);
    }
    for (const other of ['http://example.com/page', 'https://example.com/Page', 'https://example.com/page/']) {
      const xml = urlset(url(video({ content_loc: `<video:content_loc>${other}</video:content_loc>` })));
      expect(withCode(run(xml, 'google'), 'VIDEO_LOCATION_IS_PAGE'), other).toEqual([]);
    }
  });

  it('VIDEO_BAD_DURATION: 1-28,800 whole seconds (0 only for Google, fractions and 28,801 for both)', () => {
    const path = `${V}/video:duration`;
    expectIssue(urlset(url(video({}, '<video:duration>0</video:duration>'))), 'VIDEO_BAD_DURATION', { google: 'error', xsd: 'warning', needle: '0</video:duration>', path, value: '0' });
    expectIssue(urlset(url(video({}, '<video:duration> 28801 </video:duration>'))), 'VIDEO_BAD_DURATION', { google: 'error', xsd: 'error', needle: '28801', path, value: '28801' });
    expectIssue(urlset(url(video({}, '<video:duration>12.5</video:duration>'))), 'VIDEO_BAD_DURATION', { google: 'error', xsd: 'error', needle: '12.5', path });
    expectIssue(urlset(url(video({}, '<video:duration>28800</video:duration>'))), 'VIDEO_BAD_DURATION', { google: null, xsd: null, needle: '28800', path });
  });

  it('SITEMAP_EXTENSION_BAD_VALUE: a duration that is not a number is an error in both profiles (the parser leaves it out)', () => {
    const xml = urlset(url(video({}, '<video:duration>ten minutes</video:duration>')));
    expectIssue(xml, 'SITEMAP_EXTENSION_BAD_VALUE', { google: 'error', xsd: 'error', needle: '<video:duration>', path: `${V}/video:duration` });
  });

  it('VIDEO_BAD_RATING: 0.0-5.0', () => {
    const xml = urlset(url(video({}, '<video:rating>5.1</video:rating>')));
    expectIssue(xml, 'VIDEO_BAD_RATING', { google: 'error', xsd: 'error', needle: '5.1', path: `${V}/video:rating`, value: '5.1' });
    expect(run(urlset(url(video({}, '<video:rating>0</video:rating>'))), 'google').issues).toEqual([]);
  });

  it('VIDEO_TEXT_TOO_LONG: title ≤ 100, description ≤ 2,048, category ≤ 256 (XSD), uploader ≤ 255 (Google)', () => {
    expectIssue(urlset(url(video({ title: `<video:title>${'é'.repeat(101)}</video:title>` }))), 'VIDEO_TEXT_TOO_LONG', { google: 'error', xsd: 'error', needle: 'é', path: `${V}/video:title` });
    expectIssue(urlset(url(video({ title: `<video:title>${'é'.repeat(100)}</video:title>` }))), 'VIDEO_TEXT_TOO_LONG', { google: null, xsd: null, needle: 'é', path: '' });
    expectIssue(urlset(url(video({ description: `<video:description>${'d'.repeat(2049)}</video:description>` }))), 'VIDEO_TEXT_TOO_LONG', { google: 'error', xsd: 'error', needle: 'ddd', path: `${V}/video:description` });
    expectIssue(urlset(url(video({}, `<video:category>${'c'.repeat(257)}</video:category>`))), 'VIDEO_TEXT_TOO_LONG', { google: 'error', xsd: 'error', needle: 'ccc', path: `${V}/video:category` });
    expectIssue(urlset(url(video({}, `<video:uploader>${'u'.repeat(256)}</video:uploader>`))), 'VIDEO_TEXT_TOO_LONG', { google: 'error', xsd: 'warning', needle: 'uuu', path: `${V}/video:uploader` });
  });

  it('VIDEO_TOO_MANY_TAGS: at most 32, reported at the 33rd', () => {
    const xml = urlset(url(video({}, '<video:tag>t</video:tag>'.repeat(33))));
    expectIssue(xml, 'VIDEO_TOO_MANY_TAGS', { google: 'error', xsd: 'error', needle: 't</video:tag>', occurrence: 33, path: `${V}/video:tag` });
    expect(withCode(run(urlset(url(video({}, '<video:tag>t</video:tag>'.repeat(32)))), 'google'), 'VIDEO_TOO_MANY_TAGS')).toEqual([]);
  });

  it('VIDEO_BAD_COUNTRY_LIST and allow/deny: restriction is a list of ISO 3166 codes with relationship allow or deny', () => {
    const xml = urlset(url(video({}, '<video:restriction relationship="allow">us ca</video:restriction>')));
    expectIssue(xml, 'VIDEO_BAD_COUNTRY_LIST', { google: 'error', xsd: 'error', needle: 'us ca', path: `${V}/video:restriction`, value: 'us ca' });
    const relationship = urlset(url(video({}, '<video:restriction relationship="block">US</video:restriction>')));
    expectIssue(relationship, 'SITEMAP_EXTENSION_BAD_VALUE', { google: 'error', xsd: 'error', needle: 'relationship=', path: `${V}/video:restriction/@relationship`, value: 'block' });
    const missing = urlset(url(video({}, '<video:platform>web</video:platform>')));
    expectIssue(missing, 'SITEMAP_EXTENSION_MISSING_TAG', { google: 'error', xsd: 'error', needle: '<video:platform>', path: `${V}/video:platform` });
  });

  it('SITEMAP_EXTENSION_BAD_VALUE: platform list, price currency', () => {
    expectIssue(urlset(url(video({}, '<video:platform relationship="allow">desktop</video:platform>'))), 'SITEMAP_EXTENSION_BAD_VALUE', { google: 'error', xsd: 'error', needle: 'desktop', path: `${V}/video:platform` });
    expectIssue(urlset(url(video({}, '<video:price currency="usd">1</video:price>'))), 'SITEMAP_EXTENSION_BAD_VALUE', { google: 'error', xsd: 'error', needle: 'currency=', path: `${V}/video:price/@currency` });
  });

  it('the parser\'s own extension issues, weighed by what the schemas take: a price that is no number, an attribute xhtml1-strict.xsd declares on <link>', () => {
    // The parser leaves out a price that is no number: Google needs one, sitemap-video.xsd types it xsd:string.
    expectIssue(urlset(url(video({}, '<video:price currency="USD">free</video:price>'))), 'SITEMAP_EXTENSION_BAD_VALUE', { google: 'error', xsd: 'warning', needle: '<video:price', path: `${V}/video:price` });
    // A yes/no that is neither: wrong for both.
    expectIssue(urlset(url(video({}, '<video:family_friendly>maybe</video:family_friendly>'))), 'SITEMAP_EXTENSION_BAD_VALUE', { google: 'error', xsd: 'error', needle: '<video:family_friendly', path: `${V}/video:family_friendly` });
    // An attribute the parser leaves out of an alternate: valid where xhtml1-strict.xsd declares it on <link>, invalid elsewhere.
    const link = (attribute: string) => urlset(url(`<xhtml:link rel="alternate" hreflang="en" href="${PAGE}" ${attribute}/>`));
    expectIssue(link('title="English"'), 'SITEMAP_EXTENSION_IGNORED', { google: 'warning', xsd: 'warning', needle: 'title=', path: 'urlset/url[1]/xhtml:link[1]' });
    expectIssue(link('data-x="1"'), 'SITEMAP_EXTENSION_IGNORED', { google: 'warning', xsd: 'error', needle: 'data-x=', path: 'urlset/url[1]/xhtml:link[1]' });
  });

  it('VIDEO_BAD_COUNTRY_LIST: each code an assigned ISO 3166-1 alpha-2 code (Google; the XSD checks the form only)', () => {
    const path = `${V}/video:restriction`;
    const xml = urlset(url(video({}, '<video:restriction relationship="deny">US UK XX US</video:restriction>')));
    expectIssue(xml, 'VIDEO_BAD_COUNTRY_LIST', { google: 'error', xsd: 'warning', needle: 'US UK XX', path, value: 'UK XX' });
    const issue = withCode(run(xml, 'google'), 'VIDEO_BAD_COUNTRY_LIST')[0]!;
    expect(issue.message).toBe('<video:restriction> lists UK, XX, which are not ISO 3166-1 alpha-2 country codes (UK is only reserved in ISO 3166-1; the United Kingdom is GB)');
    const europe = urlset(url(video({}, '<video:restriction relationship="allow">EU</video:restriction>')));
    expectIssue(europe, 'VIDEO_BAD_COUNTRY_LIST', { google: 'error', xsd: 'warning', needle: 'EU', path, value: 'EU' });
    expect(withCode(run(europe, 'google'), 'VIDEO_BAD_COUNTRY_LIST')[0]!.message).toContain('European Union');
    // Around the list, white space is Google's to trim and the XSD pattern's to refuse (then the form is the issue).
    const spaced = urlset(url(video({}, '<video:restriction relationship="allow"> UK </video:restriction>')));
    expect(withCode(run(spaced, 'google'), 'VIDEO_BAD_COUNTRY_LIST').map((issue) => [issue.severity, issue.value])).toEqual([['error', 'UK']]);
    expect(withCode(run(spaced, 'xsd'), 'VIDEO_BAD_COUNTRY_LIST').map((issue) => [issue.severity, issue.value])).toEqual([['error', ' UK ']]);
    const fine = urlset(url(video({}, '<video:restriction relationship="allow">GB  IE US CA AQ</video:restriction>')));
    for (const profile of ['google', 'xsd'] as const) expect(run(fine, profile).issues, profile).toEqual([]);
  });

  it('platform: exactly web, mobile and tv, lowercase, one space apart (both schemas)', () => {
    const path = `${V}/video:platform`;
    for (const platforms of ['Web', 'web,tv', 'web  tv', 'desktop web']) {
      expectIssue(urlset(url(video({}, `<video:platform relationship="allow">${platforms}</video:platform>`))), 'SITEMAP_EXTENSION_BAD_VALUE', { google: 'error', xsd: 'error', needle: platforms, path, value: platforms });
    }
    for (const profile of ['google', 'xsd'] as const) expect(run(urlset(url(video({}, '<video:platform relationship="allow">web mobile tv</video:platform>'))), profile).issues).toEqual([]);
  });

  it('yes/no: yEs is a warning for Google (it reads it) and an error for the XSD; maybe is an error in both', () => {
    expectIssue(urlset(url(video({}, '<video:family_friendly>yEs</video:family_friendly>'))), 'SITEMAP_EXTENSION_BAD_VALUE', { google: 'warning', xsd: 'error', needle: 'yEs', path: `${V}/video:family_friendly`, value: 'yEs' });
    expectIssue(urlset(url(video({}, '<video:live>maybe</video:live>'))), 'SITEMAP_EXTENSION_BAD_VALUE', { google: 'error', xsd: 'error', needle: '<video:live>', path: `${V}/video:live` });
  });

  it('SITEMAP_EXTENSION_BAD_DATE: W3C for Google, xsd:date | xsd:dateTime for the XSD', () => {
    expectIssue(urlset(url(video({}, '<video:publication_date>2026-02-30</video:publication_date>'))), 'SITEMAP_EXTENSION_BAD_DATE', { google: 'error', xsd: 'error', needle: '2026-02-30', path: `${V}/video:publication_date` });
    // A year and month is W3C Datetime but neither xsd:date nor xsd:dateTime.
    expectIssue(urlset(url(video({}, '<video:expiration_date>2027-01</video:expiration_date>'))), 'SITEMAP_EXTENSION_BAD_DATE', { google: null, xsd: 'error', needle: '2027-01', path: `${V}/video:expiration_date` });
  });

  it('SITEMAP_EXTENSION_BAD_URL: a thumbnail that is not a URI (both) or not absolute http(s) (Google)', () => {
    expectIssue(urlset(url(video({ thumbnail_loc: '<video:thumbnail_loc>http://exa mple.com/%zz</video:thumbnail_loc>' }))), 'SITEMAP_EXTENSION_BAD_URL', { google: 'error', xsd: 'error', needle: 'http://exa', path: `${V}/video:thumbnail_loc` });
    expectIssue(urlset(url(video({ thumbnail_loc: '<video:thumbnail_loc>/thumb.jpg</video:thumbnail_loc>' }))), 'SITEMAP_EXTENSION_BAD_URL', { google: 'error', xsd: 'warning', needle: '/thumb.jpg', path: `${V}/video:thumbnail_loc` });
    // No host: "?" or "#" right after the "//" (a URI, but not a page's address).
    for (const empty of ['https://?v=1.jpg', 'http://#t.jpg']) {
      expectIssue(urlset(url(video({ thumbnail_loc: `<video:thumbnail_loc>${empty}</video:thumbnail_loc>` }))), 'SITEMAP_EXTENSION_BAD_URL', { google: 'error', xsd: 'warning', needle: empty, path: `${V}/video:thumbnail_loc` });
    }
  });

  it('SITEMAP_EXTENSION_BAD_URL: characters that must be percent-encoded are a warning for Google, like in <loc>', () => {
    const xml = urlset(url('<image:image><image:loc>https://example.com/größe.jpg</image:loc></image:image>'));
    expectIssue(xml, 'SITEMAP_EXTENSION_BAD_URL', { google: 'warning', xsd: null, needle: 'https://example.com/größe', path: 'urlset/url[1]/image:image[1]/image:loc' });
    const bracket = urlset(url('<image:image><image:loc>https://example.com/a.jpg?size[w]=1</image:loc></image:image>'));
    expectIssue(bracket, 'SITEMAP_EXTENSION_BAD_URL', { google: null, xsd: 'error', needle: 'https://example.com/a.jpg?', path: 'urlset/url[1]/image:image[1]/image:loc' });
  });

  it('SITEMAP_CHILD_ORDER: the video schema is a sequence (Google reads any order)', () => {
    const xml = urlset(url(video({ title: null }, '<video:title>Late title</video:title>')));
    expectIssue(xml, 'SITEMAP_CHILD_ORDER', { google: 'warning', xsd: 'error', needle: 'Late title', path: `${V}/video:title` });
  });

  it('SITEMAP_EXTENSION_IGNORED: an element the video schema does not have is an XSD error', () => {
    const xml = urlset(url(video({}, '<video:colour>red</video:colour>')));
    expectIssue(xml, 'SITEMAP_EXTENSION_IGNORED', { google: 'warning', xsd: 'error', needle: '<video:colour>', path: `${V}/video:colour` });
  });

  it('SITEMAP_EXTENSION_IGNORED: an element of another namespace in a video or image is kept by parse, and still an XSD error', () => {
    const xml = urlset(url(video({}, `<v:rights xmlns:v="urn:vendor"><video:title>${'t'.repeat(101)}</video:title></v:rights>`)));
    expectIssue(xml, 'SITEMAP_EXTENSION_IGNORED', { google: 'warning', xsd: 'error', needle: '<v:rights', path: `${V}/v:rights` });
    // What is inside it is not the video's: no second title, no title too long.
    for (const profile of ['google', 'xsd'] as const) expect(run(xml, profile).issues.map((issue) => issue.code), profile).toEqual(['SITEMAP_EXTENSION_IGNORED']);
    const image = urlset(url('<image:image><image:loc>https://example.com/a.jpg</image:loc><image:width>640</image:width></image:image>'));
    expectIssue(image, 'SITEMAP_EXTENSION_IGNORED', { google: 'warning', xsd: 'error', needle: '<image:width>', path: 'urlset/url[1]/image:image[1]/image:width' });
  });

  it('uses the document\'s own prefix in paths', () => {
    const xml = `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:v="${NAMESPACES.video}"><url><loc>${PAGE}</loc><v:video><v:thumbnail_loc>https://example.com/t.jpg</v:thumbnail_loc><v:description>d</v:description><v:content_loc>https://example.com/v.mp4</v:content_loc></v:video></url></urlset>`;
    expectIssue(xml, 'VIDEO_MISSING_TITLE', { google: 'error', xsd: 'error', needle: '<v:video>', path: 'urlset/url[1]/v:video[1]' });
  });
});

describe('validate: news', () => {
  it('SITEMAP_EXTENSION_MISSING_TAG: title is required by Google, optional in sitemap-news.xsd', () => {
    expectIssue(urlset(url(news({ title: null }))), 'SITEMAP_EXTENSION_MISSING_TAG', { google: 'error', xsd: 'warning', needle: '<news:news>', path: N });
  });

  it('SITEMAP_EXTENSION_MISSING_TAG: an empty publication name or title is an error for Google; the XSD takes empty strings (#22.11)', () => {
    const emptyName = urlset(url(news({ publication: '<news:publication><news:name></news:name><news:language>en</news:language></news:publication>' })));
    expectIssue(emptyName, 'SITEMAP_EXTENSION_MISSING_TAG', { google: 'error', xsd: 'warning', needle: '<news:name>', path: `${N}/news:publication/news:name` });
    expect(run(emptyName, 'xsd').valid).toBe(true);
    const blankTitle = urlset(url(news({ title: '<news:title>  </news:title>' })));
    expectIssue(blankTitle, 'SITEMAP_EXTENSION_MISSING_TAG', { google: 'error', xsd: 'warning', needle: '<news:title>', path: `${N}/news:title` });
    expect(run(blankTitle, 'xsd').valid).toBe(true);
  });

  it('SITEMAP_EXTENSION_MISSING_TAG: publication name, publication date (both schemas)', () => {
    const noName = urlset(url(news({ publication: '<news:publication><news:language>en</news:language></news:publication>' })));
    expectIssue(noName, 'SITEMAP_EXTENSION_MISSING_TAG', { google: 'error', xsd: 'error', needle: '<news:news>', path: N });
    expectIssue(urlset(url(news({ publication_date: null }))), 'SITEMAP_EXTENSION_MISSING_TAG', { google: 'error', xsd: 'error', needle: '<news:news>', path: N });
  });

  it('NEWS_BAD_LANGUAGE: ISO 639 (two or three lowercase letters, zh-cn, zh-tw)', () => {
    const xml = urlset(url(news({ publication: '<news:publication><news:name>N</news:name><news:language>EN-us</news:language></news:publication>' })));
    expectIssue(xml, 'NEWS_BAD_LANGUAGE', { google: 'error', xsd: 'error', needle: 'EN-us', path: `${N}/news:publication/news:language`, value: 'EN-us' });
    const chinese = urlset(url(news({ publication: '<news:publication><news:name>N</news:name><news:language>zh-tw</news:language></news:publication>' })));
    expect(run(chinese, 'google').issues).toEqual([]);
  });

  it('NEWS_BAD_LANGUAGE: a well-formed code that is no ISO 639 code (Google; the XSD checks the form only), with the code meant where it is known', () => {
    const language = (code: string) => urlset(url(news({ publication: `<news:publication><news:name>N</news:name><news:language>${code}</news:language></news:publication>` })));
    const path = `${N}/news:publication/news:language`;
    for (const code of ['qq', 'xx', 'jp', 'qaa', 'zzz']) expectIssue(language(code), 'NEWS_BAD_LANGUAGE', { google: 'error', xsd: 'warning', needle: `${code}</news:language>`, path, value: code });
    expect(withCode(run(language('jp'), 'google'), 'NEWS_BAD_LANGUAGE')[0]!.message).toBe('<news:language> "jp" is not an ISO 639 language code: JP is the country code of Japan; Japanese is ja');
    expect(withCode(run(language('qq'), 'google'), 'NEWS_BAD_LANGUAGE')[0]!.message).toContain('ISO 639-1, 639-2 or 639-3');
    // ISO 639-1, 639-2/T, 639-2/B, 639-3 and Google's two exceptions.
    for (const code of ['en', 'eng', 'ger', 'fil', 'yue', 'zh-cn', 'zh-tw', 'se']) {
      for (const profile of ['google', 'xsd'] as const) expect(run(language(code), profile).issues, `${code} ${profile}`).toEqual([]);
    }
  });

  it('NEWS_TOO_OLD: a publication date more than two days before `now` (a warning)', () => {
    const xml = urlset(url(news({ publication_date: '<news:publication_date>2026-11-19</news:publication_date>' })));
    expectIssue(xml, 'NEWS_TOO_OLD', { google: 'warning', xsd: 'warning', needle: '2026-11-19', path: `${N}/news:publication_date` });
    const recent = urlset(url(news({ publication_date: '<news:publication_date>2026-11-21T00:00:00Z</news:publication_date>' })));
    expect(withCode(run(recent, 'google'), 'NEWS_TOO_OLD')).toEqual([]);
  });

  it('NEWS_TOO_MANY: at most 1,000 news:news per file, reported at the 1,001st', () => {
    const xml = urlset(Array.from({ length: 1001 }, (_, index) => url(news(), `https://example.com/n${index}`)).join('\n'));
    expectIssue(xml, 'NEWS_TOO_MANY', { google: 'error', xsd: 'warning', needle: '<news:news>', occurrence: 1001, path: 'urlset/url[1001]/news:news[1]' });
  });

  it('a second news:news in one url is left out with a warning (the XSD wildcard allows it)', () => {
    const xml = urlset(url(news() + news()));
    expectIssue(xml, 'SITEMAP_DUPLICATE_FIELD', { google: 'warning', xsd: 'warning', needle: '<news:news>', occurrence: 2, path: 'urlset/url[1]/news:news[2]' });
  });

  it('a second child of an item weighs as a second field (once in its schema), also one named loc in a default namespace', () => {
    // The parser keeps the first; sitemap-image.xsd has one image:loc: an error for the xsd
    // profile, a warning for google, as a second <lastmod>. Not the entry's "exactly one <loc>"
    // (an error in both), which a path ending in /loc once made of the unprefixed one.
    const prefixed = urlset(url('<image:image><image:loc>https://example.com/a.jpg</image:loc><image:loc>https://example.com/b.jpg</image:loc></image:image>'));
    expectIssue(prefixed, 'SITEMAP_DUPLICATE_FIELD', { google: 'warning', xsd: 'error', needle: '<image:loc>', occurrence: 2, path: 'urlset/url[1]/image:image[1]/image:loc' });
    const unprefixed = urlset(url(`<image xmlns="${NAMESPACES.image}"><loc>https://example.com/a.jpg</loc><loc>https://example.com/b.jpg</loc></image>`));
    expectIssue(unprefixed, 'SITEMAP_DUPLICATE_FIELD', { google: 'warning', xsd: 'error', needle: '<loc>', occurrence: 3, path: 'urlset/url[1]/image[1]/loc' });
    // The entry's own second <loc> stays an error in both.
    expectIssue(urlset(`<url><loc>${PAGE}</loc><loc>${PAGE}/2</loc></url>`), 'SITEMAP_DUPLICATE_FIELD', { google: 'error', xsd: 'error', needle: '<loc>', occurrence: 2, path: 'urlset/url[1]/loc' });
  });
});

describe('validate: image', () => {
  it('IMAGE_TOO_MANY: at most 1,000 images per url (Google), reported at the 1,001st', () => {
    const xml = urlset(url('<image:image><image:loc>https://example.com/i.jpg</image:loc></image:image>'.repeat(1001)));
    expectIssue(xml, 'IMAGE_TOO_MANY', { google: 'error', xsd: 'warning', needle: '<image:image>', occurrence: 1001, path: 'urlset/url[1]/image:image[1001]' });
  });

  it('IMAGE_DEPRECATED_TAG: caption, title, geo_location, license warn in the google profile only', () => {
    const xml = urlset(url('<image:image><image:loc>https://example.com/i.jpg</image:loc><image:caption>A cat</image:caption></image:image>'));
    expectIssue(xml, 'IMAGE_DEPRECATED_TAG', { google: 'warning', xsd: null, needle: '<image:caption>', path: 'urlset/url[1]/image:image[1]/image:caption' });
  });

  it('SITEMAP_EXTENSION_MISSING_TAG: an image without image:loc', () => {
    const xml = urlset(url('<image:image><image:caption>A cat</image:caption></image:image>'));
    expectIssue(xml, 'SITEMAP_EXTENSION_MISSING_TAG', { google: 'error', xsd: 'error', needle: '<image:image>', path: 'urlset/url[1]/image:image[1]' });
  });
});

describe('validate: hreflang', () => {
  const link = (hreflang: string, href: string) => `<xhtml:link rel="alternate" hreflang="${hreflang}" href="${href}"/>`;
  const EN = 'https://example.com/en', DE = 'https://example.com/de', FR = 'https://example.com/fr';

  it('HREFLANG_BAD_CODE: not BCP 47 (an error in both when it is not even an xsd:language)', () => {
    const xml = urlset(url(link('en', EN) + link('en_GB', DE), EN));
    expectIssue(xml, 'HREFLANG_BAD_CODE', { google: 'error', xsd: 'error', needle: 'hreflang="en_GB"', path: 'urlset/url[1]/xhtml:link[2]/@hreflang', value: 'en_GB' });
    const xsdLanguage = urlset(url(link('en', EN) + link('de-DE-1', DE), EN));
    expectIssue(xsdLanguage, 'HREFLANG_BAD_CODE', { google: 'error', xsd: 'warning', needle: 'hreflang="de-DE-1"', path: 'urlset/url[1]/xhtml:link[2]/@hreflang' });
  });

  it('accepts x-default, scripts, regions and UN M.49 areas', () => {
    const codes = ['x-default', 'zh-Hant', 'zh-Hant-TW', 'es-419', 'sr-Latn-RS', 'EN-gb'];
    const xml = urlset(url(codes.map((code, index) => link(code, index === 0 ? EN : `${EN}/${index}`)).join(''), EN));
    expect(withCode(run(xml, 'google'), 'HREFLANG_BAD_CODE')).toEqual([]);
  });

  it('HREFLANG_BAD_CODE: a language that is no ISO 639 code or a region that is no ISO 3166-1 alpha-2 code (Google), naming the code meant', () => {
    const cases: Array<[string, string]> = [
      ['en-UK', 'hreflang "en-UK": UK is only reserved in ISO 3166-1; the United Kingdom is GB (did you mean en-GB?)'],
      ['en-EU', 'hreflang "en-EU": EU is reserved for the European Union, which is not a country: name each country, or give the language alone'],
      ['jp', 'hreflang "jp": JP is the country code of Japan; Japanese is ja (did you mean ja?)'],
      ['cz-CZ', 'hreflang "cz-CZ": CZ is the country code of Czechia; Czech is cs (did you mean cs-CZ?)'],
      ['gr', 'hreflang "gr": GR is the country code of Greece; Greek is el (did you mean el?)'],
      ['dk-DK', 'hreflang "dk-DK": DK is the country code of Denmark; Danish is da (did you mean da-DK?)'],
      ['iw-IL', 'hreflang "iw-IL": iw was withdrawn from ISO 639-1; Hebrew is he (did you mean he-IL?)'],
      ['eng-uk', 'hreflang "eng-uk": the language eng has the ISO 639-1 code en, which BCP 47 and Google use; UK is only reserved in ISO 3166-1; the United Kingdom is GB (did you mean en-GB?)'],
      ['ger', 'hreflang "ger": the language ger has the ISO 639-1 code de, which BCP 47 and Google use (did you mean de?)'],
      ['qq-GB', 'hreflang "qq-GB": qq is not an ISO 639-1 language code'],
      ['en-XK', 'hreflang "en-XK": XK is not an ISO 3166-1 alpha-2 country code'],
      ['qqq', 'hreflang "qqq": qqq is not an ISO 639 language code'],
      ['x-pirate', 'hreflang "x-pirate": a private-use tag names no language Google knows'],
    ];
    for (const [code, message] of cases) {
      const xml = urlset(url(link('en', EN) + link(code, DE), EN));
      expectIssue(xml, 'HREFLANG_BAD_CODE', { google: 'error', xsd: 'warning', needle: `hreflang="${code}"`, path: 'urlset/url[1]/xhtml:link[2]/@hreflang', value: code });
      expect(withCode(run(xml, 'google'), 'HREFLANG_BAD_CODE')[0]!.message).toBe(message);
    }
  });

  it('accepts ISO 639-1 languages with any case, scripts, known regions, areas, variants, and three-letter codes of languages without a two-letter one', () => {
    // se is Northern Sami and uk Ukrainian: real codes, however often they are mistakes for Swedish or English.
    const codes = ['en', 'EN-gb', 'de-AT', 'de-DE-1996', 'zh-Hant-TW', 'sr-Latn-RS', 'es-419', 'fil-PH', 'yue-HK', 'se-NO', 'uk-UA', 'x-default'];
    const xml = urlset(url(codes.map((code, index) => link(code, index === 0 ? EN : `${EN}/${index}`)).join(''), EN));
    for (const profile of ['google', 'xsd'] as const) expect(withCode(run(xml, profile), 'HREFLANG_BAD_CODE'), profile).toEqual([]);
  });

  it('reports the same unknown code at every alternate that has it (the verdict is kept per code)', () => {
    const xml = urlset([url(link('en', EN) + link('en-UK', DE), EN), url(link('en', EN) + link('en-UK', DE), DE)].join('\n'));
    const issues = withCode(run(xml, 'google'), 'HREFLANG_BAD_CODE');
    expect(issues.map((issue) => issue.path)).toEqual(['urlset/url[1]/xhtml:link[2]/@hreflang', 'urlset/url[2]/xhtml:link[2]/@hreflang']);
    expect(issues[1]!.message).toBe(issues[0]!.message);
  });

  it('HREFLANG_NO_RETURN_LINK: a language version in the file that does not link back (or misses another)', () => {
    const xml = urlset([url(link('en', EN) + link('de', DE), EN), url(link('de', DE), DE)].join('\n'));
    expectIssue(xml, 'HREFLANG_NO_RETURN_LINK', { google: 'warning', xsd: 'warning', needle: '<xhtml:link', occurrence: 2, path: 'urlset/url[1]/xhtml:link[2]', value: DE });
    const missingOther = urlset([url(link('en', EN) + link('de', DE) + link('fr', FR), EN), url(link('en', EN) + link('de', DE), DE), url(link('en', EN) + link('de', DE) + link('fr', FR), FR)].join('\n'));
    const issues = withCode(run(missingOther, 'google'), 'HREFLANG_NO_RETURN_LINK');
    // de misses fr: reported at en's and fr's links to de.
    expect(issues.map((issue) => issue.path)).toEqual(['urlset/url[1]/xhtml:link[2]', 'urlset/url[3]/xhtml:link[2]']);
    expect(issues[0]!.message).toContain(FR);
  });

  it('HREFLANG_NO_RETURN_LINK: a language version in the file without any alternates', () => {
    const xml = urlset([url(link('en', EN) + link('de', DE) + link('fr', FR), EN), url('', DE)].join('\n'));
    expectIssue(xml, 'HREFLANG_NO_RETURN_LINK', { google: 'warning', xsd: 'warning', needle: '<xhtml:link', occurrence: 2, path: 'urlset/url[1]/xhtml:link[2]', value: DE });
  });

  it('HREFLANG_NO_RETURN_LINK in clusters of any size: the same lists compared by their set, long lists by their return links', () => {
    // 300 pages that each list all 300, but page 7 leaves out page 3: only the link from 3 to 7 lacks a return.
    const pages = Array.from({ length: 300 }, (_, i) => `https://example.com/p${i}`);
    const lists = (page: number) => pages.map((href, j) => (page === 7 && j === 3 ? '' : link(`x${j}`, href))).join('');
    const big = run(urlset(pages.map((page, i) => url(lists(i), page)).join('\n')), 'google');
    expect(withCode(big, 'HREFLANG_NO_RETURN_LINK').map((issue) => [issue.path, issue.value, /does not link back to https:\/\/example\.com\/p3:/.test(issue.message)]))
      .toEqual([['urlset/url[4]/xhtml:link[8]', pages[7], true]]);
    // 20 pages of 20 where page 2 misses page 5: each other page's link to page 2 names what it misses.
    const small = pages.slice(0, 20);
    const twenty = run(urlset(small.map((page, i) => url(small.map((href, j) => (i === 2 && j === 5 ? '' : link(`x${j}`, href))).join(''), page)).join('\n')), 'google');
    const returnLinks = withCode(twenty, 'HREFLANG_NO_RETURN_LINK');
    expect(returnLinks).toHaveLength(19);
    expect(returnLinks.find((issue) => issue.path === 'urlset/url[6]/xhtml:link[3]')!.message).toMatch(/does not link back to https:\/\/example\.com\/p5:/);
    expect(returnLinks.find((issue) => issue.path === 'urlset/url[1]/xhtml:link[3]')!.message).toMatch(/does not list https:\/\/example\.com\/p5, which https:\/\/example\.com\/p0 lists/);
  });

  it('HREFLANG_NO_SELF_REFERENCE: each language version lists itself, reported once, at that page (not as a return link the others miss)', () => {
    const xml = urlset([url(link('de', DE), EN), url(link('de', DE) + link('en', EN), DE)].join('\n'));
    expectIssue(xml, 'HREFLANG_NO_SELF_REFERENCE', { google: 'warning', xsd: 'warning', needle: '<xhtml:link', path: 'urlset/url[1]/xhtml:link[1]', value: EN });
    // The links between en and de go both ways: de's link to en is no missing return link.
    for (const profile of ['google', 'xsd'] as const) expect(run(xml, profile).issues.map((issue) => issue.code), profile).toEqual(['HREFLANG_NO_SELF_REFERENCE']);
    // en misses itself and fr: fr is reported at the links to en (de's and fr's), en itself only as its own issue.
    const three = urlset([url(link('de', DE), EN), url(link('en', EN) + link('de', DE) + link('fr', FR), DE), url(link('en', EN) + link('de', DE) + link('fr', FR), FR)].join('\n'));
    const issues = run(three, 'google').issues.map((issue) => [issue.code, issue.path, issue.message]);
    expect(issues).toEqual([
      ['HREFLANG_NO_SELF_REFERENCE', 'urlset/url[1]/xhtml:link[1]', `The alternates of ${EN} do not list the page itself: each language version lists itself and all the others`],
      ['HREFLANG_NO_RETURN_LINK', 'urlset/url[2]/xhtml:link[1]', `${EN} (hreflang "en") does not list ${FR}, which ${DE} lists: each language version lists all the others`],
      ['HREFLANG_NO_RETURN_LINK', 'urlset/url[3]/xhtml:link[1]', `${EN} (hreflang "en") does not link back to ${FR}: Google ignores hreflang pairs without return links`],
    ]);
  });

  it('compares hrefs and locs as RFC 3986 §6.2.2 does: scheme and host case, escapes, default port, empty path, dot-segments', () => {
    const spellings = ['https://EXAMPLE.com/en', 'HTTPS://example.com:443/en', 'https://example.com/%65n', 'https://example.com/x/../en', 'https://example.com/./en'];
    for (const spelling of spellings) {
      // en's link to itself and de's link to en, each written another way.
      const xml = urlset([url(link('en', spelling) + link('de', DE), EN), url(link('en', spelling) + link('de', DE), DE)].join('\n'));
      for (const profile of ['google', 'xsd'] as const) expect(run(xml, profile).issues, `${profile} ${spelling}`).toEqual([]);
    }
    const root = 'https://example.com/';
    const emptyPath = urlset([url(link('en', 'https://example.com') + link('de', DE), root), url(link('en', 'https://Example.com') + link('de', DE), DE)].join('\n'));
    expect(run(emptyPath, 'google').issues).toEqual([]);
    // Another scheme, path case or port is another URL.
    for (const other of ['http://example.com/en', 'https://example.com/EN', 'https://example.com:8443/en']) {
      const xml = urlset([url(link('en', other) + link('de', DE), EN), url(link('en', EN) + link('de', DE), DE)].join('\n'));
      expectIssue(xml, 'HREFLANG_NO_SELF_REFERENCE', { google: 'warning', xsd: 'warning', needle: '<xhtml:link', path: 'urlset/url[1]/xhtml:link[1]', value: EN });
    }
  });

  it('HREFLANG_NO_RETURN_LINK: a language version in the file without alternates, linked to with another spelling of its loc', () => {
    const xml = urlset([url(link('en', EN) + link('de', 'https://Example.COM/de'), EN), url('', DE)].join('\n'));
    expectIssue(xml, 'HREFLANG_NO_RETURN_LINK', { google: 'warning', xsd: 'warning', needle: '<xhtml:link', occurrence: 2, path: 'urlset/url[1]/xhtml:link[2]', value: 'https://Example.COM/de' });
  });

  it('SITEMAP_EXTENSION_BAD_VALUE: rel must be alternate (Google)', () => {
    const xml = urlset(url(`<xhtml:link rel="canonical" hreflang="en" href="${PAGE}"/>`));
    expectIssue(xml, 'SITEMAP_EXTENSION_BAD_VALUE', { google: 'error', xsd: 'warning', needle: 'rel=', path: 'urlset/url[1]/xhtml:link[1]/@rel' });
  });

  it('SITEMAP_EXTENSION_MISSING_TAG: an alternate without href (Google; xhtml1-strict.xsd requires no attribute)', () => {
    const xml = urlset(url('<xhtml:link rel="alternate" hreflang="en"/>'));
    expectIssue(xml, 'SITEMAP_EXTENSION_MISSING_TAG', { google: 'error', xsd: 'warning', needle: '<xhtml:link', path: 'urlset/url[1]/xhtml:link[1]' });
  });
});

describe('validate: extension elements that are no typed item (namespaces)', () => {
  const IMAGE_0_9 = 'http://www.google.com/schemas/sitemap-image/0.9';
  const image = (loc: string) => `<image:image><image:loc>https://example.com/${loc}.jpg</image:loc></image:image>`;

  it('nearMissNamespace: another version, http(s), www., trailing slashes, case, an XHTML specification\'s address; nothing else', () => {
    const near: Array<[string, string]> = [
      [IMAGE_0_9, NAMESPACES.image], ['https://www.google.com/schemas/sitemap-image/1.1', NAMESPACES.image], ['http://google.com/schemas/sitemap-image/1.1', NAMESPACES.image],
      ['http://www.google.com/schemas/sitemap-image/1.1/', NAMESPACES.image], ['http://www.google.com/schemas/sitemap-image', NAMESPACES.image], ['HTTP://WWW.GOOGLE.COM/SCHEMAS/SITEMAP-IMAGE/1.1', NAMESPACES.image],
      [' http://www.google.com/schemas/sitemap-image/1.1', NAMESPACES.image], ['http://www.google.com/schemas/sitemap-video/1.0', NAMESPACES.video], ['https://www.google.com/schemas/sitemap-news/0.9/', NAMESPACES.news],
      ['http://www.google.com/schemas/sitemap-news/0.84', NAMESPACES.news], ['https://www.w3.org/1999/xhtml', NAMESPACES.xhtml], ['http://www.w3.org/1999/xhtml/', NAMESPACES.xhtml],
      ['http://w3.org/1999/XHTML', NAMESPACES.xhtml], ['http://www.w3.org/TR/xhtml11/xhtml11_schema.html', NAMESPACES.xhtml],
    ];
    expect(near.map(([namespace]) => [namespace, nearMissNamespace(namespace)])).toEqual(near);
    const not = [...Object.values(NAMESPACES), MOBILE_NAMESPACE, SITEMAP_NAMESPACE, 'http://www.google.com/schemas/sitemap/0.9', 'http://www.google.com/schemas/sitemap-pagemap/1.0', 'http://www.google.com/schemas/sitemap-images/1.1',
      'urn:example', 'http://www.w3.org/2000/svg', 'http://www.w3.org/1999/xlink', 'http://example.com/schemas/sitemap-image/1.1', ''];
    expect(not.filter((namespace) => nearMissNamespace(namespace) !== undefined)).toEqual([]);
  });

  it('SITEMAP_NAMESPACE: an element in a near miss of an extension namespace, which Google ignores and sitemap.xsd\'s strict wildcard rejects; once per kind, with the count', () => {
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:image="${IMAGE_0_9}">\n${url(image('a') + image('b'))}\n${url(image('c') + image('d'), `${PAGE}/2`)}\n</urlset>\n`;
    expectIssue(xml, 'SITEMAP_NAMESPACE', { google: 'warning', xsd: 'error', needle: '<image:image>', path: 'urlset/url[1]/image:image[1]', value: IMAGE_0_9 });
    const [google] = withCode(run(xml, 'google'), 'SITEMAP_NAMESPACE');
    expect(google!.message).toBe(`<image:image> is in the namespace ${IMAGE_0_9}, a near miss of Google's image extension (${NAMESPACES.image}): Google ignores it ("Incorrect namespace" in Search Console); `
      + `4 such elements in this file, reported once, at the first. Declare xmlns:image="${NAMESPACES.image}"`);
    expect(withCode(run(xml, 'xsd'), 'SITEMAP_NAMESPACE')[0]!.message).toContain('sitemap.xsd\'s strict wildcard rejects it; 4 such elements');
    for (const profile of ['google', 'xsd'] as const) expect(run(xml, profile).issues, profile).toHaveLength(1);
    expect(run(xml, 'google').valid).toBe(true);
    // parse keeps them as what they are: unknown extensions, not images.
    const result = parse(xml);
    const urls = result.kind === 'urlset' ? result.urls : [];
    expect(urls.map((entry) => [entry.images, entry.extensions?.map((element) => element.namespace)])).toEqual([[undefined, [IMAGE_0_9, IMAGE_0_9]], [undefined, [IMAGE_0_9, IMAGE_0_9]]]);
  });

  it('SITEMAP_NAMESPACE: hreflang links in https://www.w3.org/1999/xhtml, an unprefixed element, one issue per kind', () => {
    const links = '<x:link rel="alternate" hreflang="en" href="https://example.com/page"/><x:link rel="alternate" hreflang="de" href="https://example.com/de"/>';
    const xml = `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:x="https://www.w3.org/1999/xhtml">\n${url(links + `<video xmlns="http://www.google.com/schemas/sitemap-video/1.0"/>`)}\n</urlset>`;
    for (const profile of ['google', 'xsd'] as const) {
      const issues = withCode(run(xml, profile), 'SITEMAP_NAMESPACE');
      expect(issues.map((issue) => [issue.severity, issue.path, issue.value, issue.line, issue.column]), profile).toEqual([
        [profile === 'google' ? 'warning' : 'error', 'urlset/url[1]/x:link[1]', 'https://www.w3.org/1999/xhtml', ...Object.values(positionOfNeedle(xml, '<x:link'))],
        [profile === 'google' ? 'warning' : 'error', 'urlset/url[1]/video[1]', 'http://www.google.com/schemas/sitemap-video/1.0', ...Object.values(positionOfNeedle(xml, '<video '))],
      ]);
      expect(issues[0]!.message).toContain(`2 such elements in this file, reported once, at the first. Declare xmlns:x="${NAMESPACES.xhtml}"`);
      expect(issues[1]!.message).toMatch(/Google's video extension \(http:\/\/www\.google\.com\/schemas\/sitemap-video\/1\.1\).*Declare xmlns="http:\/\/www\.google\.com\/schemas\/sitemap-video\/1\.1"$/);
    }
  });

  it('SITEMAP_UNEXPECTED_ELEMENT: in the xsd profile, elements of a namespace without a schema (sitemap.xsd\'s strict wildcard); Google ignores them', () => {
    const xml = urlset([url('<p:note xmlns:p="urn:vendor">a</p:note><p:note xmlns:p="urn:vendor"/><p:tag xmlns:p="urn:vendor"/>'), url('<p:note xmlns:p="urn:vendor"/>', `${PAGE}/2`)].join('\n'));
    expect(run(xml, 'google').issues).toEqual([]);
    const issues = withCode(run(xml, 'xsd'), 'SITEMAP_UNEXPECTED_ELEMENT');
    expect(issues.map((issue) => [issue.severity, issue.path, issue.value, issue.line, issue.column])).toEqual([
      ['error', 'urlset/url[1]/p:note[1]', 'urn:vendor', ...Object.values(positionOfNeedle(xml, '<p:note'))],
      ['error', 'urlset/url[1]/p:tag[1]', 'urn:vendor', ...Object.values(positionOfNeedle(xml, '<p:tag'))],
    ]);
    expect(issues[0]!.message).toMatch(/^<p:note> \(namespace urn:vendor\): sitemap\.xsd takes extension elements with processContents="strict".*; 3 such elements in this file, reported once, at the first\. Google ignores extensions it does not know$/);
    expect(issues[1]!.message).not.toContain('such elements');
  });

  it('SITEMAP_EXTENSION_IGNORED: an element of Google\'s image, video or news namespace that is not its item, directly in <url>', () => {
    const xml = urlset(url('<image:loc>https://example.com/a.jpg</image:loc>'));
    expectIssue(xml, 'SITEMAP_EXTENSION_IGNORED', { google: 'warning', xsd: 'error', needle: '<image:loc>', path: 'urlset/url[1]/image:loc[1]' });
    expect(withCode(run(xml, 'google'), 'SITEMAP_EXTENSION_IGNORED')[0]!.message).toBe('<image:loc> is not an element of Google\'s image extension here: in a <url> it has only <image:image>, so Google ignores it and sitemap.xsd\'s strict wildcard rejects it');
    const video = urlset(url('<video:Video/>'));
    expectIssue(video, 'SITEMAP_EXTENSION_IGNORED', { google: 'warning', xsd: 'error', needle: '<video:Video/>', path: 'urlset/url[1]/video:Video[1]' });
  });

  it('the mobile extension (sitemap-mobile.xsd): an empty <mobile:mobile/>; anything else is an error in the xsd profile only (Google no longer reads it)', () => {
    const mobile = (inner: string) => `<?xml version="1.0"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:mobile="${MOBILE_NAMESPACE}" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n${url(inner)}\n</urlset>`;
    for (const profile of ['google', 'xsd'] as const) expect(run(mobile('<mobile:mobile/><mobile:mobile><!-- c --></mobile:mobile>'), profile).issues, profile).toEqual([]);
    expectIssue(mobile('<mobile:mobile> </mobile:mobile>'), 'SITEMAP_EXTENSION_BAD_VALUE', { google: null, xsd: 'error', needle: '<mobile:mobile>', path: 'urlset/url[1]/mobile:mobile[1]', value: ' ' });
    expectIssue(mobile('<mobile:mobile type="pda"/>'), 'SITEMAP_EXTENSION_IGNORED', { google: null, xsd: 'error', needle: '<mobile:mobile', path: 'urlset/url[1]/mobile:mobile[1]/@type', value: 'pda' });
    expectIssue(mobile('<mobile:mobile><mobile:mobile/></mobile:mobile>'), 'SITEMAP_EXTENSION_IGNORED', { google: null, xsd: 'error', needle: '<mobile:mobile>', path: 'urlset/url[1]/mobile:mobile[1]/mobile:mobile' });
    expectIssue(mobile('<mobile:Mobile/>'), 'SITEMAP_EXTENSION_IGNORED', { google: null, xsd: 'error', needle: '<mobile:Mobile/>', path: 'urlset/url[1]/mobile:Mobile[1]' });
  });

  it('<xhtml:link> without hreflang is checked as xhtml1-strict.xsd declares it (xsd profile); other XHTML elements are not checked', () => {
    for (const profile of ['google', 'xsd'] as const) {
      expect(run(urlset(url('<xhtml:link rel="canonical" href="https://example.com/page" media="screen" xml:lang="en"/><xhtml:meta content="x"/>')), profile).issues, profile).toEqual([]);
    }
    expectIssue(urlset(url('<xhtml:link rel="canonical" data-x="1" href="https://example.com/page"/>')), 'SITEMAP_EXTENSION_IGNORED', { google: null, xsd: 'error', needle: '<xhtml:link', path: 'urlset/url[1]/xhtml:link[1]/@data-x', value: '1' });
    expectIssue(urlset(url('<xhtml:link rel="canonical">https://example.com/page</xhtml:link>')), 'SITEMAP_EXTENSION_BAD_VALUE', { google: null, xsd: 'error', needle: '<xhtml:link', path: 'urlset/url[1]/xhtml:link[1]', value: 'https://example.com/page' });
    expectIssue(urlset(url('<xhtml:link rel="canonical" href="https://exa mple.com/%zz"/>')), 'SITEMAP_EXTENSION_BAD_URL', { google: null, xsd: 'error', needle: '<xhtml:link', path: 'urlset/url[1]/xhtml:link[1]/@href', value: 'https://exa mple.com/%zz' });
  });

  it('odd/wrong-image-ns-0.9-keploy-497.xml: its 494 images in sitemap-image/0.9 are one issue, a warning for Google and an error for the XSD (xmllint: 494 errors)', async () => {
    const bytes = await loadCorpusFile('odd/wrong-image-ns-0.9-keploy-497.xml');
    for (const profile of ['google', 'xsd'] as const) {
      const result = validate(bytes, { profile, now: NOW });
      expect(result.issues.map((issue) => [issue.code, issue.severity, issue.line, issue.column, issue.path, issue.value]), profile).toEqual([
        ['SITEMAP_NAMESPACE', profile === 'google' ? 'warning' : 'error', 23, 5, 'urlset/url[4]/image:image[1]', IMAGE_0_9],
      ]);
      expect(result.issues[0]!.message).toContain(`494 such elements in this file, reported once, at the first. Declare xmlns:image="${NAMESPACES.image}"`);
      expect(result.valid).toBe(profile === 'google');
    }
  });
});

describe('the ISO code lists (src/values/language-codes.ts)', () => {
  it('knows well-known ISO 639 codes and not the usual mistakes', () => {
    for (const code of ['en', 'de', 'fr', 'ja', 'zh', 'cs', 'el', 'da', 'sv', 'he', 'se', 'uk', 'eng', 'deu', 'ger', 'fra', 'fre', 'zho', 'chi', 'fil', 'yue', 'cmn', 'haw', 'und']) expect(isLanguageCode(code), code).toBe(true);
    for (const code of ['jp', 'cz', 'gr', 'dk', 'cn', 'ua', 'iw', 'in', 'xx', 'qq', 'qaa', 'qtz', 'EN', 'e', 'engl', 'e1', 'é']) expect(isLanguageCode(code), code).toBe(false);
    expect(['eng', 'ger', 'deu', 'chi', 'zho', 'hbs', 'fil', 'yue', 'en'].map(twoLetterLanguageCode)).toEqual(['en', 'de', 'de', 'zh', 'zh', 'sh', undefined, undefined, undefined]);
  });

  it('knows the assigned ISO 3166-1 alpha-2 codes and not the reserved or user-assigned ones', () => {
    for (const code of ['GB', 'US', 'DE', 'IE', 'JP', 'CZ', 'AQ', 'SS', 'CW', 'BQ', 'SX', 'AX', 'ZW']) expect(isCountryCode(code), code).toBe(true);
    // UK, EU, UN, EZ, FX: exceptionally reserved; YU, ZR: transitionally reserved; XK, ZZ: user-assigned.
    for (const code of ['UK', 'EU', 'UN', 'EZ', 'FX', 'YU', 'ZR', 'XK', 'ZZ', 'gb', 'G', 'GBR', '419']) expect(isCountryCode(code), code).toBe(false);
  });

  it('agrees with this runtime\'s Intl.DisplayNames on a sample (it names the codes, and none of the non-codes but reserved and withdrawn ones)', () => {
    const languageName = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
    const regionName = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });
    // Not se (Northern Sami, ISO 639-1): Chromium's ICU data has no name for it, Node's has (one reason Intl is not used at run time).
    expect(['en', 'cs', 'el', 'da', 'ja', 'zh', 'sv', 'eng', 'fil', 'haw'].filter((code) => !(languageName.of(code) !== undefined && isLanguageCode(code)))).toEqual([]);
    expect(['jp', 'cz', 'gr', 'dk', 'qq'].map((code) => languageName.of(code))).toEqual([undefined, undefined, undefined, undefined, undefined]);
    expect(['GB', 'US', 'DE', 'SS', 'AQ'].filter((code) => !(regionName.of(code) !== undefined && isCountryCode(code)))).toEqual([]);
    expect(regionName.of('QQ')).toBeUndefined();
    // Where ICU and ISO 3166-1 part: ICU names UK (an alias of GB) and EU (a CLDR macro-region), ISO only reserves them.
    expect([regionName.of('UK'), isCountryCode('UK'), regionName.of('EU') !== undefined, isCountryCode('EU')]).toEqual([regionName.of('GB'), false, true, false]);
    for (const [code, [meant]] of Object.entries(LANGUAGE_CODE_HINTS)) expect([code, isLanguageCode(code), isLanguageCode(meant)]).toEqual([code, false, true]);
    for (const [code, [meant]] of Object.entries(COUNTRY_CODE_HINTS)) expect([code, isCountryCode(code), meant === '' || isCountryCode(meant)]).toEqual([code, false, true]);
  });
});

describe('validate: the extension files of the corpus', async () => {
  const manifest = (await loadCorpusManifest()).filter((entry) => ['image', 'video', 'news', 'hreflang', 'mixed'].includes(entry.category));
  it('has the extension files', () => expect(manifest.length).toBeGreaterThanOrEqual(17));
  for (const entry of manifest) {
    it(`${entry.file} (xmllint: ${entry.xsdValid.slice(0, 40)})`, async () => {
      const bytes = await loadCorpusFile(entry.file);
      for (const profile of ['google', 'xsd'] as const) {
        const result = validate(bytes, { profile, now: NOW });
        for (const issue of result.issues) {
          expect(issue.line, JSON.stringify(issue)).toBeGreaterThan(0);
          expect(issue.column, JSON.stringify(issue)).toBeGreaterThan(0);
        }
        if (profile === 'xsd' && (entry.xsdValid === 'yes' || entry.xsdValid.startsWith('no'))) expect(result.valid, entry.xsdValid).toBe(entry.xsdValid === 'yes');
        if (entry.wellFormed !== 'yes') expect(result.valid).toBe(false);
        else expect(result.stats.entries).toBe(entry.urlCount);
      }
    });
  }
});
