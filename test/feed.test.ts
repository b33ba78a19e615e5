// Tests of parseFeed (SPEC.md §4 "Syndication feeds", §5): RSS 2.0 and Atom 1.0 / 0.3 with
// entities, CDATA, namespaces and prefixes; entries without links; RFC 822 and odd dates; errors
// and recovery as parse() has them; other roots; and the corpus's feeds against MANIFEST.tsv and
// an independent reading (fast-xml-parser). Shared: runs in Node and in the browser.

import { XMLParser } from 'fast-xml-parser';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FeedReader, feedDate } from '../src/formats/feed';
import { gzip, parseFeed, sniffFormat, type Issue } from '../src/index';
import { loadCorpusFile, loadCorpusManifest, positionOfNeedle, thrownBy } from './fixtures';

const encoder = new TextEncoder();
const brief = (issue: Issue) => ({ code: issue.code, severity: issue.severity, line: issue.line, column: issue.column, path: issue.path });


const RSS = `<?xml version="1.0" encoding="UTF-8"?>
<?xml-stylesheet type="text/xsl" href="/feed.xsl"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:g="http://base.google.com/ns/1.0">
<channel>
  <title>Example &amp; Co</title>
  <link>https://example.com/</link>
  <atom:link href="https://example.com/feed.xml" rel="self" type="application/rss+xml"/>
  <image><url>https://example.com/logo.png</url><link>https://example.com/</link></image>
  <!-- the items -->
  <item>
    <title>First &#8220;post&#8221;</title>
    <link>https://example.com/a?x=1&amp;y=2</link>
    <pubDate>Tue, 10 Jun 2003 04:00:00 GMT</pubDate>
  </item>
  <item>
    <link><![CDATA[https://example.com/b?x=1&y=2]]></link>
    <pubDate>Wed, 11 Jun 2003 09:39:21 +0200</pubDate>
  </item>
  <item>
    <link>
      https://example.com/c
    </link>
    <pubDate>Thu, 12 Jun 03 04:00 EST</pubDate>
  </item>
  <item>
    <title>A product</title>
    <g:link>https://example.com/product</g:link>
  </item>
  <item>
    <link>https://example.com/d</link>
    <pubDate>sometime last week</pubDate>
  </item>
  <item>
    <link>https://example.com/e</link>
    <link>https://example.com/e2</link>
    <pubDate>Sat, 07 Sep 2002 00:00:01 PDT</pubDate>
  </item>
  <item><link></link><pubDate>Sat, 07 Sep 2002 00:00:01 PDT</pubDate></item>
</channel>
</rss>
`;

const ATOM_10 = `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom" xml:lang="en">
  <title>Example</title>
  <link href="https://example.com/"/>
  <link rel="self" href="https://example.com/atom.xml"/>
  <updated>2003-12-13T18:30:02Z</updated>
  <entry>
    <title>Atom-Powered Robots Run Amok</title>
    <link rel="self" href="https://example.com/entries/1.atom"/>
    <link rel="alternate" type="text/html" href="https://example.com/2003/12/13/atom03?a=1&amp;b=2"/>
    <link href="https://example.com/not-this-one"/>
    <id>urn:uuid:1225c695-cfb8-4ebb-aaaa-80da344efa6a</id>
    <updated> 2003-12-13T18:30:02Z </updated>
    <published>2003-12-13T08:29:29-04:00</published>
    <content type="xhtml"><div xmlns="http://www.w3.org/1999/xhtml"><a href="https://example.com/in-content">x</a><link href="https://example.com/xhtml-link"/></div></content>
  </entry>
  <entry>
    <link href="https://example.com/2"/>
    <updated>2024-02-30T00:00:00Z</updated>
    <source><link href="https://other.example/"/></source>
  </entry>
  <entry>
    <link rel="edit" href="https://example.com/edit/3"/>
    <updated>2024-01-01T10:00:00Z</updated>
  </entry>
  <entry>
    <link rel="http://www.iana.org/assignments/relation/alternate" href="https://example.com/4"/>
    <updated>2024-01-01 10:00:00+01:00</updated>
  </entry>
  <entry>
    <link rel="enclosure" href="https://example.com/5.mp3"/><link href=" https://example.com/5 "/>
    <updated>2024-01-01t10:00:00z</updated>
  </entry>
</feed>
`;

/** The Atom 0.3 example of its specification (draft-ietf-atompub-format-00 / mnot.net). */
const ATOM_03 = `<?xml version="1.0" encoding="utf-8"?>
<feed version="0.3" xmlns="http://purl.org/atom/ns#">
  <title>dive into mark</title>
  <link rel="alternate" type="text/html" href="http://diveintomark.org/"/>
  <modified>2003-12-13T18:30:02Z</modified>
  <author><name>Mark Pilgrim</name></author>
  <entry>
    <title>Atom 0.3 snapshot</title>
    <link rel="alternate" type="text/html" href="http://diveintomark.org/2003/12/13/atom03"/>
    <id>tag:diveintomark.org,2003:3.2397</id>
    <issued>2003-12-13T08:29:29-04:00</issued>
    <modified>2003-12-13T18:30:02Z</modified>
  </entry>
</feed>
`;

describe('parseFeed: RSS 2.0', () => {
  const result = parseFeed(RSS);

  it('reads each item\'s <link> (entities, CDATA and white space handled) and its <pubDate> as W3C Datetime', () => {
    expect(result.kind).toBe('urlset');
    expect(result.format).toBe('rss');
    expect(result.urls).toEqual([
      { loc: 'https://example.com/a?x=1&y=2', lastmod: '2003-06-10T04:00:00+00:00' },
      { loc: 'https://example.com/b?x=1&y=2', lastmod: '2003-06-11T09:39:21+02:00' },
      { loc: 'https://example.com/c', lastmod: '2003-06-12T04:00:00-05:00' },
      { loc: 'https://example.com/d' },
      { loc: 'https://example.com/e', lastmod: '2002-09-07T00:00:01-07:00' },
    ]);
  });

  it('reports an item without a link, a date it cannot read and a second link, with positions and paths', () => {
    expect(result.issues.map(brief)).toEqual([
      { code: 'SITEMAP_MISSING_LOC', severity: 'error', ...positionOfNeedle(RSS, '<item>', 4), path: 'rss/channel/item[4]' },
      { code: 'SITEMAP_BAD_LASTMOD', severity: 'warning', ...positionOfNeedle(RSS, '<pubDate>sometime'), path: 'rss/channel/item[5]/pubDate' },
      { code: 'SITEMAP_DUPLICATE_FIELD', severity: 'warning', ...positionOfNeedle(RSS, '<link>https://example.com/e2'), path: 'rss/channel/item[6]/link' },
      { code: 'SITEMAP_MISSING_LOC', severity: 'error', ...positionOfNeedle(RSS, '<item>', 7), path: 'rss/channel/item[7]' },
    ]);
    expect(result.issues[0]!.message).toContain('<g:link> (namespace http://base.google.com/ns/1.0) is not one');
    expect(result.issues[1]).toMatchObject({ value: 'sometime last week', message: expect.stringMatching(/kept without lastmod/) });
    expect(result.issues[3]!.message).toMatch(/empty <link>/);
  });

  it('reads the same from bytes, gzip, an ArrayBuffer and with a byte-order mark', () => {
    const bytes = encoder.encode(RSS);
    for (const input of [bytes, gzip(bytes), bytes.slice().buffer, new Uint8Array([0xef, 0xbb, 0xbf, ...bytes])]) {
      expect(parseFeed(input)).toEqual(result);
    }
  });

  it('converts a feed declared ISO-8859-1, with a warning that sitemaps are UTF-8', () => {
    const head = encoder.encode('<?xml version="1.0" encoding="ISO-8859-1"?><rss version="2.0"><channel><item><link>https://example.com/caf');
    const tail = encoder.encode('</link></item></channel></rss>');
    const converted = parseFeed(new Uint8Array([...head, 0xe9, ...tail]));
    expect(converted.urls).toEqual([{ loc: 'https://example.com/caf\u00e9' }]);
    expect(converted.issues.map((issue) => issue.code)).toEqual(['INPUT_ENCODING']);
  });

  it('takes items of rss/channel only, and links and dates that are their children in no namespace', () => {
    const feed = `<rss version="2.0" xmlns:x="urn:x"><item><link>https://example.com/not-in-channel</link></item>
      <x:channel><item><link>https://example.com/other-channel</link></item></x:channel><channel>
      <x:wrap><item><link>https://example.com/nested</link></item></x:wrap>
      <item><x:pubDate>Tue, 10 Jun 2003 04:00:00 GMT</x:pubDate><description><link>https://example.com/deep</link></description><link>https://example.com/ok</link></item>
    </channel></rss>`;
    expect(parseFeed(feed)).toMatchObject({ urls: [{ loc: 'https://example.com/ok' }], issues: [] });
  });
});

describe('parseFeed: Atom', () => {
  it('Atom 1.0: the rel="alternate" link or the first without rel, <updated> as written', () => {
    const result = parseFeed(ATOM_10);
    expect(result.format).toBe('atom');
    expect(result.urls).toEqual([
      { loc: 'https://example.com/2003/12/13/atom03?a=1&b=2', lastmod: '2003-12-13T18:30:02Z' },
      { loc: 'https://example.com/2' },
      // rel as an IANA IRI is "alternate"; RFC 3339's space and lower-case t and z become W3C's T and Z.
      { loc: 'https://example.com/4', lastmod: '2024-01-01T10:00:00+01:00' },
      { loc: 'https://example.com/5', lastmod: '2024-01-01T10:00:00Z' },
    ]);
    expect(result.issues.map(brief)).toEqual([
      { code: 'SITEMAP_BAD_LASTMOD', severity: 'warning', ...positionOfNeedle(ATOM_10, '<updated>2024-02-30'), path: 'feed/entry[2]/updated' },
      { code: 'SITEMAP_MISSING_LOC', severity: 'error', ...positionOfNeedle(ATOM_10, '<entry>', 3), path: 'feed/entry[3]' },
    ]);
    expect(result.issues[1]!.message).toMatch(/rel="alternate" or no rel/);
  });

  it('Atom 0.3: <modified> is the lastmod', () => {
    expect(parseFeed(ATOM_03)).toEqual({
      kind: 'urlset', format: 'atom', issues: [],
      urls: [{ loc: 'http://diveintomark.org/2003/12/13/atom03', lastmod: '2003-12-13T18:30:02Z' }],
    });
  });

  it('matches Atom by namespace, not prefix', () => {
    const prefixed = '<a:feed xmlns:a="http://www.w3.org/2005/Atom" xmlns="urn:other"><a:entry><link href="https://example.com/other-ns"/><a:link href="https://example.com/p"/><a:updated>2024-05-01T00:00:00Z</a:updated></a:entry></a:feed>';
    expect(parseFeed(prefixed)).toEqual({ kind: 'urlset', format: 'atom', urls: [{ loc: 'https://example.com/p', lastmod: '2024-05-01T00:00:00Z' }], issues: [] });
  });

  it('reads a <feed> in no or another namespace, with a SITEMAP_NAMESPACE warning', () => {
    const result = parseFeed('<feed>\n <entry><link href="https://example.com/x"/></entry></feed>');
    expect(result.urls).toEqual([{ loc: 'https://example.com/x' }]);
    expect(result.issues.map(brief)).toEqual([{ code: 'SITEMAP_NAMESPACE', severity: 'warning', line: 1, column: 1, path: 'feed' }]);
    expect(parseFeed('<feed xmlns="http://www.w3.org/2005/Atom/"><entry><link href="https://example.com/y"/></entry></feed>').issues[0]!.message).toMatch(/in the namespace "http:\/\/www.w3.org\/2005\/Atom\/"/);
  });
});

describe('parseFeed: odd dates', () => {
  const cases: Array<[string, string | undefined]> = [
    ['Tue, 10 Jun 2003 04:00:00 GMT', '2003-06-10T04:00:00+00:00'],
    ['Tue, 10 Jun 2003 04:00:00 +0200', '2003-06-10T04:00:00+02:00'],
    ['Tue, 10 Jun 2003 04:00:00 -0930', '2003-06-10T04:00:00-09:30'],
    ['Tue, 10 Jun 2003 04:00:00 +02:00', '2003-06-10T04:00:00+02:00'],
    ['Tue, 10 Jun 2003 04:00:00 -0000', '2003-06-10T04:00:00+00:00'],
    ['Tue, 10 Jun 2003 23:59:59 UTC', '2003-06-10T23:59:59+00:00'],
    ['10 Jun 2003 04:00 EST', '2003-06-10T04:00:00-05:00'],
    ['Sat, 07 Sep 2002 00:00:01 PDT', '2002-09-07T00:00:01-07:00'],
    ['Sun, 07 Sep 2002 00:00:01 EDT', '2002-09-07T00:00:01-04:00'], // a wrong day name is not checked (RFC 822 makes it redundant)
    ['sat, 7 sep 02 0:00:01 pdt', '2002-09-07T00:00:01-07:00'],
    ['Thu, 01 Jan 98 00:00:00 UT', '1998-01-01T00:00:00+00:00'],
    ['Wednesday, 02 October 2002 13:00:00 CDT', '2002-10-02T13:00:00-05:00'],
    ['Tue,10 Sept. 2002 08:00:00  MST', '2002-09-10T08:00:00-07:00'],
    ['Thu, 29 Feb 2024 10:00:00 Z', '2024-02-29T10:00:00+00:00'],
    ['Tue, 10 Jun 2003', '2003-06-10'],
    ['2003-06-10T04:00:00Z', '2003-06-10T04:00:00Z'],
    ['2003-06-10T04:00:00.123+02:00', '2003-06-10T04:00:00.123+02:00'],
    ['2003-06-10', '2003-06-10'],
    ['2003-06-10t04:00:00z', '2003-06-10T04:00:00Z'],
    ['2003-06-10 04:00:00+02:00', '2003-06-10T04:00:00+02:00'],
    ['Mon, 29 Feb 2021 10:00:00 GMT', undefined],
    ['Tue, 31 Jun 2003 04:00:00 GMT', undefined],
    ['Tue, 10 Jun 2003 24:00:00 GMT', undefined],
    ['Tue, 10 Jun 2003 04:60:00 GMT', undefined],
    ['Tue, 10 Jun 2003 04:00:00', undefined],
    ['Tue, 10 Jun 2003 04:00:00 CET', undefined],
    ['Tue, 10 Jun 2003 04:00:00 A', undefined],
    ['Tue, 10 Jun 2003 04:00:00 +1500', undefined],
    ['Tue, 10 Jun 2003 04:00:00 +0260', undefined],
    ['Foo, 10 Jun 2003 04:00:00 GMT', undefined],
    ['Tue, 10 Jux 2003 04:00:00 GMT', undefined],
    ['Tue, 10 Ju 2003 04:00:00 GMT', undefined],
    ['Tue, 10 Jun 203 04:00:00 GMT', undefined],
    ['2003-06-10T04:00:00', undefined],
    ['2003-13-10', undefined],
    ['1718000000', undefined],
    ['yesterday', undefined],
    ['', undefined],
  ];

  it.each(cases)('%j reads as %j', (value, expected) => {
    expect(feedDate(value)).toBe(expected);
  });

  it('keeps the entry without lastmod when its date cannot be read, and reports an empty date', () => {
    const feed = '<rss><channel>\n<item><link>https://example.com/1</link><pubDate/></item>\n<item><link>https://example.com/2</link><pubDate>Tue, 10 Jun 2003 04:00:00 CET</pubDate></item></channel></rss>';
    const result = parseFeed(feed);
    expect(result.urls).toEqual([{ loc: 'https://example.com/1' }, { loc: 'https://example.com/2' }]);
    expect(result.issues.map((issue) => ({ ...brief(issue), value: issue.value }))).toEqual([
      { code: 'SITEMAP_BAD_LASTMOD', severity: 'warning', ...positionOfNeedle(feed, '<pubDate'), path: 'rss/channel/item[1]/pubDate', value: '' },
      { code: 'SITEMAP_BAD_LASTMOD', severity: 'warning', ...positionOfNeedle(feed, '<pubDate', 2), path: 'rss/channel/item[2]/pubDate', value: 'Tue, 10 Jun 2003 04:00:00 CET' },
    ]);
    expect(result.issues[0]!.message).toMatch(/empty/);
  });
});

describe('parseFeed: malformed XML, as parse() has it', () => {
  const mismatched = '<rss version="2.0"><channel>\n<item><link>https://example.com/1</link></item>\n<item><link>https://example.com/2</lnik></item>\n<item><link>https://example.com/3</link></item>\n</channel></rss>';

  it('throws the XML_* error with line, column and path in strict mode', () => {
    const error = thrownBy(() => parseFeed(mismatched));
    expect(error).toMatchObject({ code: 'XML_MISMATCHED_END_TAG', ...positionOfNeedle(mismatched, '</lnik>'), path: 'rss/channel/item[2]/link' });
  });

  it('with recover keeps the items it could read and lists the error', () => {
    const result = parseFeed(mismatched, { recover: true });
    expect(result.urls.map((url) => url.loc)).toContain('https://example.com/1');
    expect(result.urls.map((url) => url.loc)).toContain('https://example.com/3');
    expect(result.issues).toContainEqual(expect.objectContaining({ code: 'XML_MISMATCHED_END_TAG', severity: 'error', ...positionOfNeedle(mismatched, '</lnik>') }));
  });

  it('a truncated feed keeps its complete items in recover mode; the cut one is left out', () => {
    const truncated = '<rss><channel><item><link>https://example.com/1</link></item><item><link>https://example.com/2';
    expect(thrownBy(() => parseFeed(truncated)).code).toMatch(/^XML_/);
    const result = parseFeed(truncated, { recover: true });
    expect(result.urls).toEqual([{ loc: 'https://example.com/1' }]);
    expect(result.issues.map((issue) => issue.code)).toContain('SITEMAP_TRUNCATED_ENTRY');
    expect(result.issues.find((issue) => issue.code === 'SITEMAP_TRUNCATED_ENTRY')!.path).toBe('rss/channel/item[2]');
  });

  it('refuses a DOCTYPE (RSS 0.91 has one) as parse() does; recover reads on', () => {
    const rss091 = '<?xml version="1.0"?>\n<!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">\n<rss version="0.91"><channel><item><link>https://example.com/old</link></item></channel></rss>';
    expect(thrownBy(() => parseFeed(rss091))).toMatchObject({ code: 'XML_DOCTYPE_FORBIDDEN', line: 2, column: 1 });
    const result = parseFeed(rss091, { recover: true });
    expect(result.urls).toEqual([{ loc: 'https://example.com/old' }]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['XML_DOCTYPE_FORBIDDEN']);
  });

  it('an empty document throws INPUT_EMPTY; recover returns no URLs and says why', () => {
    expect(thrownBy(() => parseFeed(new Uint8Array(0))).code).toBe('INPUT_EMPTY');
    const result = parseFeed(new Uint8Array(0), { recover: true });
    expect(result).toMatchObject({ kind: 'urlset', format: 'rss', urls: [] });
    expect(result.issues.map((issue) => issue.code)).toEqual(['INPUT_EMPTY', 'XML_NO_ROOT']);
  });

  it('a file name passed as the document says so', () => {
    expect(thrownBy(() => parseFeed('feed.xml')).code).toBe('XML_TEXT_OUTSIDE_ROOT');
    expect(parseFeed('https://example.com/feed.xml', { recover: true }).issues[0]!.message).toMatch(/fetch it/);
  });

  it('checks its options', () => {
    expect(thrownBy(() => parseFeed(RSS, { maxBytes: Number.NaN })).code).toBe('INPUT_INVALID_OPTION');
    expect(thrownBy(() => parseFeed(RSS, { maxBytes: 100 })).code).toBe('INPUT_TOO_LARGE');
  });
});

describe('parseFeed: what is not a feed', () => {
  const cases: Array<[string, string, RegExp]> = [
    ['<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/</loc></url></urlset>', 'SITEMAP_NOT_A_SITEMAP', /found an XML sitemap \(<urlset>\): read it with parse\(\)/],
    ['<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/>', 'SITEMAP_NOT_A_SITEMAP', /sitemap index/],
    ['<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/"><item/></rdf:RDF>', 'SITEMAP_NOT_A_SITEMAP', /RSS 1\.0/],
    ['<svg xmlns="http://www.w3.org/2000/svg"/>', 'SITEMAP_NOT_A_SITEMAP', /found <svg> in namespace http:\/\/www.w3.org\/2000\/svg/],
    ['<constructor/>', 'SITEMAP_NOT_A_SITEMAP', /found <constructor>/],
    ['<!DOCTYPE html>\n<html><body>Not found</body></html>', 'SITEMAP_HTML', /HTML page/],
    ['<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><body/></html>', 'SITEMAP_HTML', /HTML page/],
  ];

  it.each(cases)('%s throws %s in either mode', (text, code, message) => {
    for (const recover of [false, true]) {
      const error = thrownBy(() => parseFeed(text, { recover }));
      expect(error.code).toBe(code);
      expect(error.message).toMatch(message);
      expect(error.line).toBe(1);
    }
  });

  it('a feed without entries is an empty sitemap', () => {
    const result = parseFeed('<rss version="2.0">\n  <channel><title>Nothing yet</title></channel>\n</rss>');
    expect(result.urls).toEqual([]);
    expect(result.issues.map(brief)).toEqual([{ code: 'SITEMAP_EMPTY', severity: 'error', line: 1, column: 1, path: 'rss' }]);
  });
});

describe('parseFeed: the corpus', async () => {
  const manifest = await loadCorpusManifest();
  const heads = await Promise.all(manifest.map(async (entry) => [entry, new TextDecoder().decode((await loadCorpusFile(entry.file)).subarray(0, 4096))] as const));
  /** Every file whose root element is <rss> or <feed>: the feed/ folder and one in odd/. */
  const feedFiles = heads.filter(([, head]) => /^(?:\ufeff)?\s*(?:<\?[\s\S]*?\?>\s*|<!--[\s\S]*?-->\s*)*<(?:rss|feed)[\s>]/.test(head)).map(([entry]) => entry);

  /**
   * odd/merchant-rss-unescaped-amp.xml is a Google Merchant Center product feed: not well-formed
   * (a bare "&" in the channel's <title>, line 4), and its 107 items have <g:link> in Merchant
   * Center's namespace instead of RSS's <link>, so even in recover mode no item has a link.
   */
  const EXPECTED_URLS: Record<string, number> = { 'odd/merchant-rss-unescaped-amp.xml': 0 };

  it('finds the feeds MANIFEST.tsv lists', () => {
    expect(feedFiles.map((entry) => entry.file).sort()).toEqual([
      'feed/docusaurus-blog-atom.xml', 'feed/wordpress-rss2-motormahal.xml', 'feed/xmlsitemaps-ror-rss.xml', 'odd/merchant-rss-unescaped-amp.xml',
    ]);
  });

  for (const entry of feedFiles) {
    const expected = EXPECTED_URLS[entry.file] ?? entry.urlCount;
    it(`${entry.file}: reads ${expected} URLs (url_count ${entry.urlCount})`, async () => {
      const bytes = await loadCorpusFile(entry.file);
      if (entry.wellFormed === 'yes') {
        const result = parseFeed(bytes);
        expect(result.urls).toHaveLength(expected);
        expect(result.issues).toEqual([]);
      } else {
        expect(thrownBy(() => parseFeed(bytes)).code).toMatch(/^XML_/);
        expect(parseFeed(bytes, { recover: true }).urls).toHaveLength(expected);
      }
    });
  }

  it('odd/merchant-rss-unescaped-amp.xml: the bare "&" throws where xmllint finds it; recover names <g:link> in each item', async () => {
    const bytes = await loadCorpusFile('odd/merchant-rss-unescaped-amp.xml');
    expect(thrownBy(() => parseFeed(bytes))).toMatchObject({ code: 'XML_BAD_ENTITY', line: 4, column: 58, path: 'rss/channel/title' });
    const result = parseFeed(bytes, { recover: true });
    const missing = result.issues.filter((issue) => issue.code === 'SITEMAP_MISSING_LOC');
    expect(missing).toHaveLength(107);
    expect(missing[0]!.message).toContain('<g:link> (namespace http://base.google.com/ns/1.0)');
    expect(result.issues.map((issue) => issue.code)).toEqual(['XML_BAD_ENTITY', ...missing.map(() => 'SITEMAP_MISSING_LOC'), 'SITEMAP_EMPTY']);
  });

  // An independent reading of the well-formed feeds: RSS item links, and Atom entry links that are alternate.
  const reference = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: '@', parseTagValue: false, trimValues: true, isArray: (name) => ['item', 'entry', 'link'].includes(name) });
  type ReferenceLink = string | { '@href'?: string; '@rel'?: string };
  interface ReferenceEntry { link: ReferenceLink[]; pubDate?: string; updated?: string }
  interface ReferenceFeed { rss?: { channel: { item: ReferenceEntry[] } }; feed?: { entry: ReferenceEntry[] } }

  it.each(['feed/wordpress-rss2-motormahal.xml', 'feed/xmlsitemaps-ror-rss.xml', 'feed/docusaurus-blog-atom.xml'])('%s: the links an independent parser finds, and the dates', async (file) => {
    const bytes = await loadCorpusFile(file);
    const document = reference.parse(new TextDecoder().decode(bytes)) as ReferenceFeed;
    const expected = document.rss
      ? document.rss.channel.item.map((item) => ({ loc: item.link[0] as string, date: item.pubDate }))
      : document.feed!.entry.map((entry) => {
        const link = entry.link.find((candidate) => typeof candidate !== 'string' && (candidate['@rel'] ?? 'alternate') === 'alternate');
        return { loc: (link as { '@href': string })['@href'], date: entry.updated };
      });
    const result = parseFeed(bytes);
    expect(result.urls.map((url) => url.loc)).toEqual(expected.map((item) => item.loc));
    expect(result.urls.map((url) => url.lastmod)).toEqual(expected.map((item) => (item.date === undefined ? undefined : feedDate(item.date))));
  });

  it('feed/wordpress-rss2-motormahal.xml: RFC 822 dates with +0000 become +00:00', async () => {
    const result = parseFeed(await loadCorpusFile('feed/wordpress-rss2-motormahal.xml'));
    expect(result.urls[0]).toEqual({ loc: 'https://motormahal.com/why-the-mercedes-c111-is-nearly-impossible-to-buy-unraveling-the-rarity/', lastmod: '2024-11-06T17:12:40+00:00' });
    for (const url of result.urls) expect(url.lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+00:00$/);
  });

  it('feed/docusaurus-blog-atom.xml: the feed\'s own alternate link and the links inside CDATA content are not entries', async () => {
    const result = parseFeed(await loadCorpusFile('feed/docusaurus-blog-atom.xml'));
    expect(result.urls.map((url) => url.loc)).not.toContain('https://mosn.io/mosn.github.io/layotto/blog');
    expect(result.urls[0]).toEqual({
      loc: 'https://mosn.io/mosn.github.io/layotto/blog/exploration-and-practice-of-antcloud-native-application-runtime-archsummit-shanghai',
      lastmod: '2024-06-27T08:11:29.000Z',
    });
  });
});

describe('FeedReader: a feed read as it arrives (the crawl)', () => {
  /** The URLs and issues of `bytes` (no byte-order mark) pushed in pieces cut at `cuts`, as the crawl pushes them. */
  function readInPieces(bytes: Uint8Array, cuts: number[]): { urls: string[]; issues: Issue[] } {
    const issues: Issue[] = [];
    const feed = new FeedReader(issues, true);
    const urls: string[] = [];
    const take = () => { for (const url of feed.urls) urls.push(url.loc); feed.urls.length = 0; };
    let at = 0;
    for (const cut of [...new Set(cuts.filter((cut) => cut > 0 && cut < bytes.length))].sort((a, b) => a - b)) {
      feed.push(bytes.subarray(at, cut), false);
      take();
      at = cut;
    }
    feed.push(bytes.subarray(at), true);
    take();
    return { urls, issues };
  }

  const url = fc.webUrl({ validSchemes: ['http', 'https'] }).map((text) => text.replaceAll('&', '&amp;'));
  const date = fc.constantFrom('Tue, 10 Jun 2003 04:00:00 GMT', '2024-05-01T10:00:00Z', 'yesterday', '');
  const rssItem = fc.oneof(
    fc.tuple(url, date).map(([link, pubDate]) => `<item><title>t</title><link>${link}</link><pubDate>${pubDate}</pubDate></item>`),
    url.map((link) => `<item><link><![CDATA[${link}]]></link><!-- c --></item>`),
    fc.tuple(url, url).map(([a, b]) => `<item><link>${a}</link><link>${b}</link></item>`),
    fc.constantFrom('<item><title>no link</title></item>', '<item><link></link></item>', '<item><g:link xmlns:g="http://base.google.com/ns/1.0">https://example.com/g</g:link></item>', '<item><link>https://example.com/a &amp; b</link>'),
  );
  const atomEntry = fc.oneof(
    fc.tuple(url, date).map(([href, updated]) => `<entry><link href="${href}"/><updated>${updated}</updated></entry>`),
    url.map((href) => `<entry><link rel="self" href="${href}/self"/><link rel="alternate" href="${href}"/></entry>`),
    fc.constantFrom('<entry><title>none</title></entry>', '<entry><link href=""/></entry>'),
  );
  const feedDocument = fc.oneof(
    fc.array(rssItem, { maxLength: 30 }).map((items) => `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0"><channel><title>T &amp; c</title>\n${items.join('\r\n')}\n</channel></rss>\n`),
    fc.array(atomEntry, { maxLength: 30 }).map((entries) => `<feed xmlns="http://www.w3.org/2005/Atom"><title>A</title>${entries.join('\n')}</feed>`),
  );
  // As found, or damaged: cut short, a bare "&", a tag left open.
  const damaged = fc.tuple(feedDocument, fc.nat(), fc.constantFrom('none', 'cut', 'ampersand', 'open')).map(([text, at, how]) => {
    const where = at % (text.length + 1);
    return how === 'cut' ? text.slice(0, where) : how === 'ampersand' ? `${text.slice(0, where)}&${text.slice(where)}` : how === 'open' ? `${text.slice(0, where)}<link>${text.slice(where)}` : text;
  });

  it('gives the URLs and issues parseFeed gives for the whole file (recover mode), however its bytes are cut', () => {
    fc.assert(fc.property(damaged, fc.array(fc.nat(), { maxLength: 20 }), (text, cuts) => {
      const bytes = encoder.encode(text);
      fc.pre(['rss', 'atom'].includes(sniffFormat(bytes))); // what the crawl reads as a feed
      const whole = parseFeed(bytes, { recover: true, maxBytes: Infinity });
      for (const pieces of [cuts.map((cut) => cut % (bytes.length + 1)), Array.from({ length: Math.min(bytes.length, 400) }, (_, i) => i)]) {
        const read = readInPieces(bytes, pieces);
        expect(read.urls).toEqual(whole.urls.map((entry) => entry.loc));
        expect(read.issues).toEqual(whole.issues);
      }
    }), { numRuns: 200 });
  });

  it('gives the corpus feeds parseFeed\'s reading in pieces of any size', async () => {
    for (const file of ['feed/docusaurus-blog-atom.xml', 'feed/wordpress-rss2-motormahal.xml', 'feed/xmlsitemaps-ror-rss.xml', 'odd/merchant-rss-unescaped-amp.xml']) {
      const bytes = await loadCorpusFile(file);
      const whole = parseFeed(bytes, { recover: true, maxBytes: Infinity });
      for (const size of [1, 7, 100, 4096]) {
        const read = readInPieces(bytes, Array.from({ length: Math.ceil(bytes.length / size) }, (_, i) => i * size));
        expect({ file, size, urls: read.urls, issues: read.issues }).toEqual({ file, size, urls: whole.urls.map((entry) => entry.loc), issues: whole.issues });
      }
    }
  });

  it('counts the 50,001st entry and finds where the size limit is crossed, as a whole file has them', () => {
    const item = (i: number) => `<item><link>https://example.com/${'p'.repeat(1000)}/${i}</link></item>\n`;
    const text = `<rss version="2.0"><channel>\r\n${Array.from({ length: 50_001 }, (_, i) => item(i)).join('')}</channel></rss>`;
    const bytes = encoder.encode(text);
    expect(bytes.length).toBeGreaterThan(52_428_800);
    const whole = parseFeed(bytes, { recover: true, maxBytes: Infinity });
    expect(whole.issues.map((issue) => issue.code)).toEqual(['SITEMAP_TOO_MANY_URLS', 'SITEMAP_TOO_LARGE']);
    const read = readInPieces(bytes, Array.from({ length: 900 }, (_, i) => i * 65_521 + 7));
    expect(read.urls).toHaveLength(50_001);
    expect(read.issues).toEqual(whole.issues);
  });
});

describe('parseFeed: the README example', () => {
  it('runs as written there', () => {
    const feed = parseFeed('<rss version="2.0"><channel><item><link>https://example.com/a</link><pubDate>Tue, 10 Jun 2003 04:00:00 EST</pubDate></item></channel></rss>');
    expect(feed.format).toBe('rss');
    expect(feed.urls).toEqual([{ loc: 'https://example.com/a', lastmod: '2003-06-10T04:00:00-05:00' }]);
  });
});
