// validate() and Google's extensions (src/validate-extensions.ts, SPEC.md §3): one test per rule,
// each asserting the code, the severity in both profiles (a Google-only rule is a warning in the
// `xsd` profile, where `valid` is the XSDs' verdict), the exact line and column, and the path;
// then every extension file of the corpus. Shared: runs in Node and in Chromium.

import { describe, expect, it } from 'vitest';
import { searchConsoleReport, SITEMAP_NAMESPACE, validate, type Issue, type ValidateResult, type ValidationProfile } from '../src/index';
import { loadCorpusFile, loadCorpusManifest } from './fixtures';

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

/** 1-based line and column of the `occurrence`-th match of `needle` in `text`. */
function at(text: string, needle: string, occurrence = 1): { line: number; column: number } {
  let index = -1;
  for (let n = 0; n < occurrence; n++) {
    index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`"${needle}" #${occurrence} is not in the document`);
  }
  const before = text.slice(0, index);
  return { line: before.split('\n').length, column: [...before.slice(before.lastIndexOf('\n') + 1)].length + 1 };
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
    expect({ severity: issue.severity, ...at(xml, expected.needle, expected.occurrence), path: issue.path }, profile).toEqual({ severity, line: issue.line, column: issue.column, path: expected.path });
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

  it('uses the document\'s own prefix in paths', () => {
    const xml = `<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:v="${NAMESPACES.video}"><url><loc>${PAGE}</loc><v:video><v:thumbnail_loc>https://example.com/t.jpg</v:thumbnail_loc><v:description>d</v:description><v:content_loc>https://example.com/v.mp4</v:content_loc></v:video></url></urlset>`;
    expectIssue(xml, 'VIDEO_MISSING_TITLE', { google: 'error', xsd: 'error', needle: '<v:video>', path: 'urlset/url[1]/v:video[1]' });
  });
});

describe('validate: news', () => {
  it('SITEMAP_EXTENSION_MISSING_TAG: title is required by Google, optional in sitemap-news.xsd', () => {
    expectIssue(urlset(url(news({ title: null }))), 'SITEMAP_EXTENSION_MISSING_TAG', { google: 'error', xsd: 'warning', needle: '<news:news>', path: N });
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

  it('HREFLANG_NO_SELF_REFERENCE: each language version lists itself', () => {
    const xml = urlset([url(link('de', DE), EN), url(link('de', DE) + link('en', EN), DE)].join('\n'));
    expectIssue(xml, 'HREFLANG_NO_SELF_REFERENCE', { google: 'warning', xsd: 'warning', needle: '<xhtml:link', path: 'urlset/url[1]/xhtml:link[1]' });
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
