// Grammar-based generators of fuzz inputs as fast-check arbitraries: sitemaps (sitemaps.org 0.9
// with Google's image, video, news and hreflang extensions and unknown ones), sitemap indexes,
// RSS 2.0 and Atom feeds, text sitemaps and robots.txt (SPEC.md §1–§5), written with the
// variations real files have (prefixes, legacy namespaces, CDATA, references, comments, PIs,
// BOMs, declarations, line ends) and a dose of wrong values. Plus entry objects in the form
// parse returns, for the serialize → parse round trip.

import fc from 'fast-check';

const SITEMAP_NAMESPACE = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const IMAGE_NAMESPACE = 'http://www.google.com/schemas/sitemap-image/1.1';
const VIDEO_NAMESPACE = 'http://www.google.com/schemas/sitemap-video/1.1';
const NEWS_NAMESPACE = 'http://www.google.com/schemas/sitemap-news/0.9';
const XHTML_NAMESPACE = 'http://www.w3.org/1999/xhtml';

// ------------------------------------------------------------------------------------ pieces

/** Text pieces that stress escaping, references and encodings. */
const HOSTILE_TEXT = ['&amp;', '&lt;', '&gt;', '&quot;', '&apos;', '&#65;', '&#x1F600;', '&#xE9;', '&', '<', ']]>', '"', "'", 'é', '東京', '😀',
  '\u00a0', '\u2028', '\ufeff', '\ufffd', ' ', '\t', '\n', '\r\n', '\r', '%20', '%zz', '|', '?a=1&b=2', '#frag', '..', '/./', '\u0085', '&#0;', '&#xD800;',
  '&nbsp;', '&#;', '&#x110000;', '<![CDATA[x]]>', '<!-- c -->', '<?pi x?>', '\u0001', '\u007f', 'a'];
const text = fc.array(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_TEXT) }, { weight: 2, arbitrary: fc.string({ maxLength: 6 }) }, fc.string({ unit: 'binary', maxLength: 3 })), { maxLength: 6 })
  .map((parts) => parts.join(''));
/** Mostly plain values: a hostile one in about one field of eight. */
const mostly = (plain) => fc.oneof({ weight: 7, arbitrary: plain }, { weight: 1, arbitrary: text });

const host = fc.constantFrom('example.com', 'www.example.com', 'EXAMPLE.com', 'example.com:8080', 'xn--bcher-kva.example', 'bücher.example', '127.0.0.1', '[::1]', '.example.com', 'a..b.com', 'ex ample.com', '');
const pathPiece = fc.constantFrom('', '/', '/a', '/a/b.html', '/%7Euser/', '/ü', '/a b', '/a|b', '/?q=1&amp;r=2', '/?q=1&r=2', '/#x', '/a/../b', '/' + 'x'.repeat(300), '/[x]');
const scheme = fc.constantFrom('https://', 'http://', 'https://', 'HTTP://', 'ftp://', '//', 'https:', 'javascript:', '');
const location = fc.tuple(scheme, host, pathPiece).map(([s, h, p]) => s + h + p);
const loc = mostly(location);

const date = fc.constantFrom('2024-05-01', '2024-05-01T10:00:00+02:00', '2024-05-01T10:00:00Z', '2024-05-01T10:00Z', '2024', '2024-05', '2024-02-30',
  '2024-05-01T25:00:00Z', '2024-05-01T10:00:00', '1999-12-31T23:59:59.999-14:00', '-0044-03-15', '24:00:00', 'yesterday', ' 2024-05-01 ', '2024-05-01T10:00:00.+02:00');
const changefreq = fc.constantFrom('always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never', 'Daily', ' daily ', 'sometimes', '');
const priority = fc.constantFrom('0.5', '1.0', '0', '1', '.5', '0.', '1.1', '-0.1', '+0.3', '0x1', '1e0', 'NaN', '', '0.123456789012345678', '1'.padEnd(400, '0'));

/** How a value is written: escaped as is, in CDATA, with surrounding white space, as references. */
const writeStyle = fc.constantFrom('plain', 'plain', 'plain', 'cdata', 'padded', 'references');
function written(value, style) {
  if (style === 'cdata') return `<![CDATA[${value.replaceAll(']]>', ']]]]><![CDATA[>')}]]>`;
  if (style === 'padded') return `\n    ${value}\n  `;
  if (style === 'references') return [...value].map((c) => (/[a-z]/i.test(c) ? `&#${c.codePointAt(0)};` : c)).join('');
  return value;
}

const misc = fc.constantFrom('', '', '', '\n', '<!-- comment -->', '<?xml-stylesheet type="text/xsl" href="s.xsl"?>', '<?pi data?>', '  \r\n', '<!---->', '<!-- - -->');
const lineEnd = fc.constantFrom('\n', '\r\n', '\r', '');

function element(name, value, style) {
  return `<${name}>${written(value, style)}</${name}>`;
}

// --------------------------------------------------------------------------------- extensions

const image = fc.record({ loc, title: fc.option(text, { nil: undefined }), caption: fc.option(text, { nil: undefined }) })
  .map(({ loc: l, title, caption }) => `<image:image><image:loc>${l}</image:loc>${title === undefined ? '' : `<image:title>${title}</image:title>`}${caption === undefined ? '' : `<image:caption>${caption}</image:caption>`}</image:image>`);
const videoChild = fc.oneof(
  loc.map((l) => `<video:thumbnail_loc>${l}</video:thumbnail_loc>`), mostly(fc.constant('A title')).map((t) => `<video:title>${t}</video:title>`),
  mostly(fc.constant('Words')).map((t) => `<video:description>${t}</video:description>`), loc.map((l) => `<video:content_loc>${l}</video:content_loc>`),
  fc.tuple(loc, fc.constantFrom('yes', 'no', 'maybe')).map(([l, y]) => `<video:player_loc allow_embed="${y}">${l}</video:player_loc>`),
  fc.constantFrom('600', '0', '28801', 'abc', '1.5').map((d) => `<video:duration>${d}</video:duration>`),
  fc.constantFrom('4.2', '5.1', '-1').map((r) => `<video:rating>${r}</video:rating>`), date.map((d) => `<video:publication_date>${d}</video:publication_date>`),
  fc.constantFrom('yes', 'no', 'YES', '').map((y) => `<video:family_friendly>${y}</video:family_friendly>`),
  fc.tuple(fc.constantFrom('allow', 'deny', 'x'), fc.constantFrom('IE GB', 'UK', 'us', '')).map(([r, c]) => `<video:restriction relationship="${r}">${c}</video:restriction>`),
  fc.tuple(fc.constantFrom('EUR', 'usd'), fc.constantFrom('rent', 'own'), fc.constantFrom('1.99', 'x')).map(([c, t, a]) => `<video:price currency="${c}" type="${t}">${a}</video:price>`),
  text.map((t) => `<video:tag>${t}</video:tag>`), text.map((t) => `<video:uploader info="https://e.com/u">${t}</video:uploader>`),
  fc.constantFrom('<video:live>no</video:live>', '<video:unknown>x</video:unknown>', '<video:tvshow><video:show_title>S</video:show_title></video:tvshow>'),
);
const video = fc.array(videoChild, { maxLength: 8 }).map((children) => `<video:video>${children.join('')}</video:video>`);
const news = fc.record({ name: mostly(fc.constant('The Times')), language: fc.constantFrom('en', 'zh-cn', 'xx', 'EN', ''), published: date, title: mostly(fc.constant('Headline')), extra: fc.constantFrom('', '<news:keywords>a, b</news:keywords>', '<news:stock_tickers>NASDAQ:A</news:stock_tickers>', '<news:genres>Blog</news:genres>') })
  .map(({ name, language, published, title, extra }) => `<news:news><news:publication><news:name>${name}</news:name><news:language>${language}</news:language></news:publication><news:publication_date>${published}</news:publication_date><news:title>${title}</news:title>${extra}</news:news>`);
const hreflang = fc.tuple(fc.constantFrom('en', 'de-AT', 'x-default', 'en_US', 'en-UK', 'zz', ''), loc, fc.constantFrom('alternate', 'canonical', ''))
  .map(([lang, href, rel]) => `<xhtml:link rel="${rel}" hreflang="${lang}" href="${href.replaceAll('"', '&quot;').replaceAll('<', '&lt;')}"/>`);
const unknownExtension = fc.constantFrom('<mobile:mobile/>', '<mobile:mobile type="pc,mobile"/>', '<pm:PageMap><pm:DataObject type="x"><pm:Attribute name="a">v</pm:Attribute></pm:DataObject></pm:PageMap>',
  '<x:thing a="1" x:b="2">text<x:inner/></x:thing>', '<undeclared:thing/>', '<thing xmlns="urn:other"> </thing>', '<image:loc>https://e.com/direct.png</image:loc>');
const urlChild = fc.oneof(
  { weight: 3, arbitrary: fc.tuple(date, writeStyle).map(([d, s]) => element('lastmod', d, s)) },
  { weight: 2, arbitrary: fc.tuple(changefreq, writeStyle).map(([c, s]) => element('changefreq', c, s)) },
  { weight: 2, arbitrary: fc.tuple(priority, writeStyle).map(([p, s]) => element('priority', p, s)) },
  image, video, news, hreflang, unknownExtension,
  fc.constantFrom('<loc>https://example.com/second</loc>', '<unknown>x</unknown>', 'stray text', '<url><loc>https://example.com/nested</loc></url>', '<lastmod/>', '<loc/>'),
);
const EXTENSION_DECLARATIONS = ` xmlns:image="${IMAGE_NAMESPACE}" xmlns:video="${VIDEO_NAMESPACE}" xmlns:news="${NEWS_NAMESPACE}" xmlns:xhtml="${XHTML_NAMESPACE}"`
  + ' xmlns:mobile="http://www.google.com/schemas/sitemap-mobile/1.0" xmlns:pm="http://www.google.com/schemas/sitemap-pagemap/1.0" xmlns:x="urn:x"';

// ----------------------------------------------------------------------------------- documents

const prolog = fc.record({
  bom: fc.constantFrom('', '', '', '\ufeff'),
  declaration: fc.constantFrom('<?xml version="1.0" encoding="UTF-8"?>', '<?xml version="1.0" encoding="UTF-8"?>', '', '<?xml version="1.0"?>', "<?xml version='1.0' encoding='utf-8' standalone='yes'?>",
    '<?xml version="1.1"?>', '<?xml version="abc"?>', '<?xml version="1.0 <x> anything"?>', '<?xml version="1.0" encoding="UTF 8"?>', '<?xml version="1.0" encoding=""?>',
    '<?xml version="1.0" encoding="ISO-8859-1"?>', '<?xml version="1.0" encoding="UTF-16"?>', '<?xml encoding="UTF-8"?>', '<?xml version="1.0" standalone="maybe"?>', ' <?xml version="1.0"?>', '<?xml version="1.0"?><?xml version="1.0"?>'),
  misc,
});
const rootNamespace = fc.constantFrom(SITEMAP_NAMESPACE, SITEMAP_NAMESPACE, SITEMAP_NAMESPACE, 'http://www.google.com/schemas/sitemap/0.84', 'https://www.sitemaps.org/schemas/sitemap/0.9', '', 'urn:wrong', null);
const rootPrefix = fc.constantFrom('', '', '', 'sm:');

function documentOf(rootName, entryName, entries, { bom, declaration, misc: before }, namespace, prefix, end, extras) {
  const p = prefix;
  const declare = namespace === null ? '' : p ? ` xmlns:${p.slice(0, -1)}="${namespace}"` : ` xmlns="${namespace}"`;
  const body = entries.map((children) => `<${p}${entryName}>${children.map((child) => child.replace(/<(\/?)(loc|lastmod|changefreq|priority|url|sitemap)>/g, `<$1${p}$2>`)).join(end)}</${p}${entryName}>`).join(end);
  return `${bom}${declaration}${end}${before}<${p}${rootName}${declare}${extras}>${end}${body}${end}</${p}${rootName}>${end}`;
}

const urlEntry = fc.tuple(fc.tuple(loc, writeStyle).map(([l, s]) => element('loc', l, s)), fc.array(urlChild, { maxLength: 5 }), fc.nat(5))
  .map(([first, rest, at]) => { const children = [...rest]; children.splice(Math.min(at, children.length), 0, first); return children; });

/**
 * A `<urlset>` with 0–12 entries and extensions.
 *
 * @example
 * fc.sample(urlsetDocument, { seed: 1, numRuns: 1 })[0]; // '<?xml version="1.0"…<urlset …>…'
 */
export const urlsetDocument = fc.tuple(prolog, fc.array(urlEntry, { maxLength: 12 }), rootNamespace, rootPrefix, lineEnd, fc.boolean())
  .map(([head, entries, namespace, prefix, end, extensions]) => documentOf('urlset', 'url', entries, head, namespace, prefix, end, extensions ? EXTENSION_DECLARATIONS : ''));

const indexEntry = fc.tuple(fc.tuple(loc, writeStyle).map(([l, s]) => element('loc', l, s)), fc.option(date.map((d) => element('lastmod', d, 'plain')), { nil: undefined }),
  fc.constantFrom('', '', '', '<changefreq>daily</changefreq>', '<url/>', '<loc>https://example.com/again.xml</loc>', 'text'))
  .map(([l, d, extra]) => [l, ...(d === undefined ? [] : [d]), ...(extra ? [extra] : [])]);

/**
 * A `<sitemapindex>` with 0–10 entries.
 *
 * @example
 * fc.sample(sitemapIndexDocument, { seed: 1, numRuns: 1 })[0];
 */
export const sitemapIndexDocument = fc.tuple(prolog, fc.array(indexEntry, { maxLength: 10 }), rootNamespace, rootPrefix, lineEnd)
  .map(([head, entries, namespace, prefix, end]) => documentOf('sitemapindex', 'sitemap', entries, head, namespace, prefix, end, ''));

const rfc822 = fc.constantFrom('Tue, 10 Jun 2003 04:00:00 GMT', 'Tue, 10 Jun 2003 04:00:00 EST', '10 Jun 2003 04:00 +0200', 'Tue, 10 Jun 2003 04:00:00 CET', 'Mon, 31 Feb 2003 04:00:00 GMT', '2003-06-10T04:00:00Z', 'never', '');
const rssItem = fc.tuple(fc.option(loc, { nil: undefined }), fc.option(rfc822, { nil: undefined }), fc.constantFrom('', '<title>T</title>', '<guid>https://e.com/g</guid>', '<atom:link href="https://e.com/x"/>', '<description><![CDATA[<p>x</p>]]></description>'))
  .map(([link, published, extra]) => `<item>${extra}${link === undefined ? '' : `<link>${link}</link>`}${published === undefined ? '' : `<pubDate>${published}</pubDate>`}</item>`);
const atomEntry = fc.tuple(fc.array(fc.tuple(loc, fc.constantFrom('', ' rel="alternate"', ' rel="self"', ' rel="enclosure"')), { maxLength: 3 }), fc.option(fc.oneof(date, rfc822), { nil: undefined }), fc.constantFrom('updated', 'modified', 'published'))
  .map(([links, when, dateName]) => `<entry><title>T</title>${links.map(([href, rel]) => `<link${rel} href="${href.replaceAll('"', '&quot;').replaceAll('<', '&lt;')}"/>`).join('')}${when === undefined ? '' : `<${dateName}>${when}</${dateName}>`}</entry>`);

/**
 * An RSS 2.0 or Atom (1.0 or 0.3) feed.
 *
 * @example
 * fc.sample(feedDocument, { seed: 1, numRuns: 1 })[0]; // '<rss version="2.0"…' or '<feed xmlns=…'
 */
export const feedDocument = fc.oneof(
  fc.tuple(prolog, fc.array(rssItem, { maxLength: 8 }), fc.constantFrom('2.0', '0.91', ''), lineEnd)
    .map(([head, items, version, end]) => `${head.bom}${head.declaration}${end}${head.misc}<rss version="${version}" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>C</title>${end}${items.join(end)}${end}</channel></rss>`),
  fc.tuple(prolog, fc.array(atomEntry, { maxLength: 8 }), fc.constantFrom('http://www.w3.org/2005/Atom', 'http://purl.org/atom/ns#', ''), fc.constantFrom('', 'a:'), lineEnd)
    .map(([head, entries, namespace, prefix, end]) => {
      const body = entries.map((entry) => (prefix ? entry.replace(/<(\/?)(\w)/g, `<$1${prefix}$2`) : entry)).join(end);
      return `${head.bom}${head.declaration}${end}<${prefix}feed ${prefix ? `xmlns:${prefix.slice(0, -1)}` : 'xmlns'}="${namespace}">${end}${body}${end}</${prefix}feed>`;
    }),
);

/**
 * A text sitemap: URL lines, blank lines, junk, a BOM, any line ends.
 *
 * @example
 * fc.sample(textDocument, { seed: 1, numRuns: 1 })[0];
 */
export const textDocument = fc.tuple(fc.constantFrom('', '', '\ufeff'), fc.array(fc.oneof({ weight: 4, arbitrary: location }, text, fc.constantFrom('', '   ', '# comment', '<html>', 'https://example.com/' + 'a'.repeat(2100), ' https://example.com/padded\t')), { maxLength: 20 }), lineEnd)
  .map(([bom, lines, end]) => bom + lines.join(end || '\n'));

const robotsLine = fc.oneof(
  { weight: 4, arbitrary: fc.tuple(fc.constantFrom('Sitemap', 'sitemap', 'SITEMAP', 'Site-map', 'Sitemaps', 'Sitemap '), fc.constantFrom(':', ': ', ':\t', ' ', ':  '), fc.oneof(location, fc.constantFrom('/sitemap.xml', 'sitemap.xml', 'https:sitemap.xml', 'https:', '')), fc.constantFrom('', ' # comment', '   ', '\t'))
    .map(([name, colon, value, tail]) => name + colon + value + tail) },
  fc.constantFrom('User-agent: *', 'User-agent: Googlebot', 'Disallow: /private', 'Allow: /', 'Crawl-delay: 10', '# comment', '', '   ', 'Host: example.com', 'Disallow:'),
  text,
);
/**
 * A robots.txt with Sitemap lines among the other directives.
 *
 * @example
 * fc.sample(robotsDocument, { seed: 1, numRuns: 1 })[0]; // 'User-agent: *\nSitemap: https://…'
 */
export const robotsDocument = fc.tuple(fc.constantFrom('', '', '\ufeff'), fc.array(robotsLine, { maxLength: 15 }), fc.constantFrom('\n', '\r\n', '\r'))
  .map(([bom, lines, end]) => bom + lines.join(end));

// ------------------------------------------------------------------- entries for round trips

/** Characters XML 1.0 cannot carry (the serializer refuses them). */
const NOT_XML = /[\0-\x08\x0b\x0c\x0e-\x1f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g;
const cleanText = text.map((value) => value.replace(NOT_XML, '').replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '') || 'a');
const cleanLoc = cleanText.map((value) => `https://example.com/${value.replace(/[[\]#%\s]/g, '')}`);
const xsdDate = fc.oneof(fc.constantFrom('2024-05-01', '2024-05-01T10:00:00+02:00', '2024-02-29Z', '1999-12-31T23:59:59.5Z'),
  fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => d.toISOString()));
const roundTripUrl = fc.record({
  loc: cleanLoc, lastmod: xsdDate, changefreq: fc.constantFrom('always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never'),
  priority: fc.double({ min: 0, max: 1, noNaN: true }).map((n) => (n === 0 ? 0 : n)),
  images: fc.array(fc.record({ loc: cleanLoc, title: cleanText }, { requiredKeys: ['loc'] }), { minLength: 1, maxLength: 2 }),
  news: fc.record({ publication: fc.record({ name: cleanText, language: fc.constantFrom('en', 'zh-cn') }), publicationDate: xsdDate, title: cleanText }),
  alternates: fc.array(fc.record({ rel: fc.constant('alternate'), hreflang: fc.constantFrom('en', 'de-AT', 'x-default'), href: cleanLoc }), { minLength: 1, maxLength: 3 }),
}, { requiredKeys: ['loc'] });

/**
 * Entries in the form parse returns: `{ kind: 'urlset', urls }` or `{ kind: 'sitemapindex', sitemaps }`.
 *
 * @example
 * const { kind, urls } = fc.sample(roundTripEntries, { seed: 1, numRuns: 1 })[0];
 */
export const roundTripEntries = fc.oneof(
  { weight: 3, arbitrary: fc.array(roundTripUrl, { maxLength: 8 }).map((urls) => ({ kind: 'urlset', urls })) },
  fc.array(fc.record({ loc: cleanLoc, lastmod: xsdDate }, { requiredKeys: ['loc'] }), { maxLength: 8 }).map((sitemaps) => ({ kind: 'sitemapindex', sitemaps })),
);

/**
 * Which generator makes the inputs of each kind (`api` of an input: the function family it exercises).
 *
 * @example
 * fc.sample(GENERATORS.robots, { seed: 7, numRuns: 3 });
 */
export const GENERATORS = {
  xml: fc.oneof({ weight: 3, arbitrary: urlsetDocument }, sitemapIndexDocument),
  feed: feedDocument,
  text: textDocument,
  robots: robotsDocument,
};
