// Regression inputs of issue #22 (items 1, 2, 3, 10, 11, 12): inputs that hung or took time out of
// proportion to their size, and wrong answers found by fuzzing and by peers' suites. The hostile
// inputs are sized so that the super-linear code they caught takes far longer than the test
// timeout, and the fixed code milliseconds; no test measures time itself (timings are in bench/).
// Shared: runs in Node and in the browser.

import { describe, expect, it } from 'vitest';
import { parse, parseFeed, parseStream, parseTextSitemap, readRobotsTxtSitemaps, validate, type Issue, type SitemapEntry } from '../src/index';
import { chunkSizes, cut } from './fixtures/stream-helpers';
import { nearMissNamespace } from '../src/check/validate-extensions';
import { markupStart } from '../src/input/input';
import { htmlStart, looksLikeHtml } from '../src/input/front-door';
import { trimXmlSpace } from '../src/values/text';

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
const encoder = new TextEncoder();
const codes = (issues: readonly { code: string }[]): string[] => issues.map((issue) => issue.code);

describe('#22.1 regexes that backtracked exponentially', () => {
  it('parseTextSitemap answers `<?a?>` repeated 40 times (200 bytes) at once: it is markup', () => {
    const text = '<?a?>'.repeat(40);
    expect(() => parseTextSitemap(text)).toThrow(expect.objectContaining({ code: 'SITEMAP_NOT_A_SITEMAP', line: 1, column: 1 }));
    const result = parseTextSitemap(text, { recover: true });
    expect(result.issues[0]).toMatchObject({ code: 'SITEMAP_NOT_A_SITEMAP', line: 1, column: 1 });
    expect(result.issues[0]!.message).toMatch(/this is markup$/);
    expect(result.urls).toEqual([]);
  });

  it('parseTextSitemap still names the first element after instructions and comments', () => {
    const text = '<?xml version="1.0"?>\n<?xml-stylesheet href="s.xsl"?><!-- a -->\n<!-- b --> <urlset/>';
    expect(parseTextSitemap(text, { recover: true }).issues[0]!.message).toMatch(/XML sitemap \(<urlset>\)/);
    expect(parseTextSitemap('<?a?>'.repeat(40) + '<rss/>', { recover: true }).issues[0]!.message).toMatch(/RSS feed/);
    expect(parseTextSitemap('<!-- x --><atom:feed/>', { recover: true }).issues[0]!.message).toMatch(/Atom feed/);
    // An instruction that does not end: no element to name.
    expect(parseTextSitemap('<?a <urlset/>', { recover: true }).issues[0]!.message).toMatch(/this is markup$/);
  });

  it('the HTML sniffing answers `<!--a-->` repeated 64 times (512 bytes) at once, in every API', () => {
    const text = '<!--a-->'.repeat(64);
    expect(looksLikeHtml(encoder.encode(text))).toBe(false);
    expect(() => parse(text)).toThrow(expect.objectContaining({ code: 'XML_NO_ROOT' }));
    expect(codes(validate(text).issues)).toEqual(['XML_NO_ROOT']);
    expect(codes(parseFeed(text, { recover: true }).issues)).toEqual(['XML_NO_ROOT']);
    expect(codes(parseTextSitemap(text, { recover: true }).issues)).toContain('SITEMAP_NOT_A_SITEMAP');
  });

  it('HTML after comments is still HTML, and validate points at its tag', () => {
    const page = '<!-- a -->\n  <!-- b -->\n<!DOCTYPE html><html><body>404</body></html>';
    expect(looksLikeHtml(encoder.encode(page))).toBe(true);
    expect(htmlStart(page)).toBe(page.indexOf('<!DOCTYPE'));
    expect(() => parse(page)).toThrow(expect.objectContaining({ code: 'SITEMAP_HTML' }));
    expect(validate(page).issues).toEqual([expect.objectContaining({ code: 'SITEMAP_HTML', line: 3, column: 1 })]);
    expect(looksLikeHtml(encoder.encode('<!-- a -- > <html>'))).toBe(false); // the comment never ends
    expect(looksLikeHtml(encoder.encode('<!----><HTML lang="en">'))).toBe(true);
  });

  it('markupStart skips white space, comments and (when asked) instructions, linearly', () => {
    expect(markupStart(' <!-- a --> <?b?><c/>', true)).toBe(17);
    expect(markupStart(' <!-- a --> <?b?><c/>', false)).toBe(12);
    expect(markupStart('text <a/>', true)).toBe(-1);
    expect(markupStart('<!-- open', true)).toBe(-1);
    expect(markupStart('<?a?>'.repeat(100_000), true)).toBe(-1);
    expect(markupStart('<!--a-->'.repeat(100_000) + '<b/>', true)).toBe(800_000);
  });
});

describe('#22.1 regexes that backtracked quadratically', () => {
  const run = ' '.repeat(250_000);

  it('trimXmlSpace on a value with a long run of white space inside', () => {
    expect(trimXmlSpace(` a${run}b \n`)).toBe(`a${run}b`);
    expect(trimXmlSpace(`\t${run}`)).toBe('');
    expect(trimXmlSpace('a b')).toBe('a b');
  });

  it('a lastmod and an hreflang href with a long run of spaces inside', () => {
    const lastmod = validate(`<urlset ${NS}><url><loc>https://example.com/</loc><lastmod> 2024${run}x </lastmod></url></urlset>`);
    expect(codes(lastmod.issues)).toEqual(['SITEMAP_BAD_LASTMOD']);
    const href = ` https://example.com/a${run}b `;
    const result = parse(`<urlset ${NS} xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>https://example.com/</loc><xhtml:link rel="alternate" hreflang="en" href="${href}"/></url></urlset>`);
    expect(result.kind === 'urlset' && result.urls[0]!.alternates![0]!.href).toBe(href.trim());
  });

  it('a namespace URI of many slashes (the near-miss check strips trailing ones)', () => {
    expect(nearMissNamespace(`http://www.google.com/schemas/sitemap-image${'/'.repeat(250_000)}x`)).toBeUndefined();
    expect(nearMissNamespace(`http://www.google.com/schemas/sitemap-image/1.0${'/'.repeat(250_000)}`)).toBe('http://www.google.com/schemas/sitemap-image/1.1');
  });

  it('a UTF-16 document of `<?xml` repeated without a `>` (the declaration rewrite is anchored)', () => {
    const text = '<?xml'.repeat(100_000);
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    for (let i = 0; i < text.length; i++) bytes[2 + 2 * i] = text.charCodeAt(i);
    expect(codes(parse(bytes, { recover: true }).issues)).toContain('XML_NO_ROOT');
  });

  it('a UTF-16 document: only the declaration at the start is rewritten to say UTF-8', () => {
    const loc = 'https://example.com/?q=<?xml a encoding="utf-16"';
    const text = `<urlset ${NS}><url><loc><![CDATA[${loc}]]></loc></url></urlset>`; // no declaration
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    for (let i = 0; i < text.length; i++) bytes[2 + 2 * i] = text.charCodeAt(i);
    const result = parse(bytes, { recover: true });
    expect(result.kind === 'urlset' && result.urls).toEqual([{ loc }]);
    expect(codes(result.issues)).toEqual(['INPUT_ENCODING']);
  });
});

describe('#22.2 readRobotsTxtSitemaps: long runs of blanks are linear', () => {
  const robotsTxtUrl = 'https://example.com/robots.txt';

  it('a Sitemap line with 250,000 blanks inside (two words, no colon)', () => {
    const result = readRobotsTxtSitemaps(`Sitemap${' \t'.repeat(125_000)}https://example.com/s.xml`, robotsTxtUrl);
    expect(result.sitemaps).toEqual(['https://example.com/s.xml']);
    expect(result.issues).toEqual([expect.objectContaining({ code: 'ROBOTS_SITEMAP_FIELD_VARIANT', column: 250_008 })]);
  });

  it('a Sitemap value with 250,000 spaces inside, and a field with 250,000 spaces before its colon', () => {
    const inside = readRobotsTxtSitemaps(`Sitemap: https://example.com/a${' '.repeat(250_000)}b  `, robotsTxtUrl);
    expect(inside.sitemaps).toEqual([]);
    expect(codes(inside.issues)).toEqual(['ROBOTS_SITEMAP_INVALID_URL']);
    const field = readRobotsTxtSitemaps(`  Sitemap${' '.repeat(250_000)}x: https://example.com/s.xml`, robotsTxtUrl);
    expect(field.sitemaps).toEqual([]);
    expect(field.issues).toEqual([]);
  });

  it('1,200 long sitemap URLs of one length, and a repeat (V8 hashes strings over 16,383 characters by length alone)', () => {
    const urls = Array.from({ length: 1200 }, (_, i) => `https://example.com/${'a'.repeat(17_000)}${String(i).padStart(5, '0')}`);
    const result = readRobotsTxtSitemaps([...urls, urls[5]].map((url) => `Sitemap: ${url}`).join('\n'), robotsTxtUrl);
    expect(result.sitemaps).toEqual(urls);
    // 20 MB of lines of 17,035 bytes: past Google's 500 KiB from line 31 on, each said so (ROBOTS_SITEMAP_PAST_LIMIT).
    const pastLimit = result.issues.filter((issue) => issue.code === 'ROBOTS_SITEMAP_PAST_LIMIT');
    expect(pastLimit.map((issue) => issue.line)).toEqual(Array.from({ length: 1171 }, (_, i) => 31 + i));
    expect(result.issues.filter((issue) => issue.code !== 'ROBOTS_SITEMAP_PAST_LIMIT').map((issue) => [issue.code, issue.line])).toEqual([['ROBOTS_SITEMAP_DUPLICATE', 1201]]);
  }, 15_000);

  it('100,000 spaces after `Sitemap:` and after a URL', () => {
    const empty = readRobotsTxtSitemaps(`Sitemap:${' '.repeat(100_000)}\n`, robotsTxtUrl);
    expect(codes(empty.issues)).toEqual(['ROBOTS_SITEMAP_EMPTY']);
    const trailing = readRobotsTxtSitemaps(`Sitemap: https://example.com/s.xml${' '.repeat(100_000)}\n`, robotsTxtUrl);
    expect(trailing).toEqual({ sitemaps: ['https://example.com/s.xml'], issues: [] });
  });
});

describe('#22.3 a long namespace URI costs once, not per element', () => {
  // 200,000-character URI, 8,000 elements in it (the issue's case took 2 s to parse and validate);
  // here 500,000 and 20,000, which took minutes.
  const uri = `urn:example:${'a'.repeat(500_000)}`;
  const elements = 20_000;

  it('unknown extension elements of one <url> in that namespace: parse and validate', () => {
    const xml = `<urlset ${NS} xmlns:x="${uri}"><url><loc>https://example.com/</loc>${'<x:b/>'.repeat(elements)}</url></urlset>`;
    const result = parse(xml);
    expect(result.kind === 'urlset' && result.urls[0]!.extensions!.length).toBe(elements);
    expect(result.kind === 'urlset' && result.urls[0]!.extensions![elements - 1]!.namespace).toBe(uri);
    const report = validate(xml, { profile: 'xsd' });
    // Reported once, at the first, with the count (validate-extensions otherElement).
    expect(report.issues).toEqual([expect.objectContaining({ code: 'SITEMAP_UNEXPECTED_ELEMENT', path: 'urlset/url[1]/x:b[1]' })]);
    expect(report.issues[0]!.message).toContain(`${elements.toLocaleString('en-US')} such elements`);
  });

  it('one unknown element per <url>, and two long namespaces of the same length', () => {
    const other = `urn:example:${'a'.repeat(499_999)}b`;
    const entries = Array.from({ length: elements / 2 }, (_, i) => `<url><loc>https://example.com/${i}</loc>${i % 2 ? '<x:b/>' : '<y:b/>'}</url>`).join('');
    const xml = `<urlset ${NS} xmlns:x="${uri}" xmlns:y="${other}">${entries}</urlset>`;
    const result = parse(xml);
    expect(result.kind === 'urlset' && result.urls.length).toBe(elements / 2);
    const report = validate(xml, { profile: 'xsd' });
    expect(report.issues.map((issue) => [issue.code, issue.path])).toEqual([
      ['SITEMAP_UNEXPECTED_ELEMENT', 'urlset/url[1]/y:b[1]'],
      ['SITEMAP_UNEXPECTED_ELEMENT', 'urlset/url[2]/x:b[1]'],
    ]);
  });
});

describe('#22.11 hosts with an empty label', () => {
  it('an image loc and an hreflang href with one are bad URLs for Google (the XSD takes any reg-name)', () => {
    const xml = `<urlset ${NS} xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:xhtml="http://www.w3.org/1999/xhtml"><url><loc>https://example.com/</loc>`
      + '<image:image><image:loc>https://cdn..example.com/a.jpg</image:loc></image:image>'
      + '<xhtml:link rel="alternate" hreflang="en" href="https://example.com/"/><xhtml:link rel="alternate" hreflang="de" href="https://.example.com/de"/></url></urlset>';
    const google = validate(xml);
    expect(google.issues.filter((issue) => issue.code === 'SITEMAP_EXTENSION_BAD_URL').map((issue) => [issue.severity, issue.path])).toEqual([
      ['error', 'urlset/url[1]/image:image[1]/image:loc'],
      ['error', 'urlset/url[1]/xhtml:link[2]/@href'],
    ]);
    expect(validate(xml, { profile: 'xsd' }).issues.filter((issue) => issue.code === 'SITEMAP_EXTENSION_BAD_URL' && issue.severity === 'error')).toEqual([]);
  });
});

describe('#22.12 a truncated entry whose <loc> had ended', () => {
  const document = `<urlset ${NS}><url><loc>https://example.com/1</loc><lastmod>2024-01-01</lastmod></url><url><loc>https://example.com/2</loc><lastmod>2024-02-02</lastmod><las`;

  it('parseStream recover keeps it as parse recover does, in any chunking', async () => {
    const expected = parse(document, { recover: true });
    expect(expected.kind === 'urlset' && expected.urls).toEqual([
      { loc: 'https://example.com/1', lastmod: '2024-01-01' },
      { loc: 'https://example.com/2', lastmod: '2024-02-02' },
    ]);
    const bytes = encoder.encode(document);
    for (const max of [1, 7, 64, bytes.length]) {
      const issues: Issue[] = [];
      const entries: SitemapEntry[] = [];
      const chunks = cut(bytes, chunkSizes(max, max));
      const source = (async function* () { yield* chunks; })();
      for await (const entry of parseStream(source, { recover: true, onIssue: (issue) => issues.push(issue) })) entries.push(entry);
      expect(entries, `chunks of 1..${max}`).toEqual(expected.kind === 'urlset' ? expected.urls : []);
      expect(issues.map((issue) => issue.code).sort(), `chunks of 1..${max}`).toEqual(expected.issues.map((issue) => issue.code).sort());
    }
  });

  it('validate checks it like any entry, and says it was cut', () => {
    const report = validate(document);
    expect(report.stats.entries).toBe(2);
    // At the <url> the cut fell in.
    expect(report.issues.find((issue) => issue.code === 'SITEMAP_TRUNCATED_ENTRY')).toMatchObject({ path: 'urlset/url[2]', line: 1, column: document.lastIndexOf('<url>') + 1 });
  });
});

describe('#22.10 the XML declaration is checked (XML 1.0 §2.8 VersionNum, §4.3.3 EncName, §2.9 SDDecl)', () => {
  const body = `<urlset ${NS}><url><loc>https://example.com/</loc></url></urlset>`;
  const positionOf = async (xml: string, chunk: number): Promise<string> => {
    const bytes = encoder.encode(xml);
    const chunks = cut(bytes, () => chunk);
    try {
      for await (const _ of parseStream((async function* () { yield* chunks; })())) { /* read it all */ }
      return 'ok';
    } catch (error) {
      const { code, line, column } = error as { code: string; line: number; column: number };
      return `${code} ${line}:${column}`;
    }
  };

  // Each bad declaration, and where its error is: the value at fault (1-based line:column).
  const bad: Array<[string, string]> = [
    ['<?xml version="abc"?>', '1:16'],
    ['<?xml version="1.0 <x> anything"?>', '1:16'],
    ['<?xml version="1."?>', '1:16'],
    ['<?xml version="2.0"?>', '1:16'],
    ['<?xml version=""?>', '1:16'],
    ['<?xml version="1.0" encoding="UTF 8"?>', '1:31'],
    ['<?xml version="1.0" encoding=""?>', '1:31'],
    ['<?xml version="1.0" encoding="8bit"?>', '1:31'],
    ['<?xml version="1.0"\n  encoding="utf-8;"?>', '2:13'],
    ['<?xml version="1.0" standalone="maybe"?>', '1:33'],
    ['<?xml version="1.0" standalone="YES"?>', '1:33'],
    ['<?xml version=\'1.0" encoding="UTF-8"?>', '1:16'], // quotes that do not match
    ['<?xml encoding="UTF-8" version="1.0"?>', '1:24'], // version first
    ['<?xml version="1.0" standalone="yes" encoding="UTF-8"?>', '1:38'], // encoding before standalone
    ['<?xml version="1.0"encoding="UTF-8"?>', '1:20'], // white space between them
  ];

  it('strict parse, parseStream, recover and validate give XML_BAD_DECL at the same place', async () => {
    for (const [declaration, at] of bad) {
      const xml = declaration + body;
      expect(() => parse(xml), declaration).toThrow(expect.objectContaining({ code: 'XML_BAD_DECL' }));
      let thrown = '';
      try { parse(xml); } catch (error) { thrown = `${(error as { line: number }).line}:${(error as { column: number }).column}`; }
      expect(thrown, declaration).toBe(at);
      for (const chunk of [1, 5, 4096]) expect(await positionOf(xml, chunk), `${declaration} in chunks of ${chunk}`).toBe(`XML_BAD_DECL ${at}`);
      const recovered = parse(xml, { recover: true });
      expect(recovered.issues.map((issue) => `${issue.code} ${issue.line}:${issue.column}`), declaration).toEqual([`XML_BAD_DECL ${at}`]);
      expect(recovered.kind === 'urlset' && recovered.urls, declaration).toEqual([{ loc: 'https://example.com/' }]);
      const report = validate(xml);
      expect(report.valid, declaration).toBe(false);
      expect(report.issues.map((issue) => `${issue.code} ${issue.line}:${issue.column}`), declaration).toEqual([`XML_BAD_DECL ${at}`]);
    }
  });

  it('well-formed declarations pass, 1.x versions and every EncName included', async () => {
    for (const declaration of ['<?xml version="1.0"?>', "<?xml version='1.0' encoding='UTF-8' standalone='yes'?>", '<?xml version="1.1"?>', '<?xml version="1.10" encoding="us-ascii"?>', '<?xml version = "1.0"  encoding = "Utf_8.x-y" standalone = "no" ?>']) {
      const xml = declaration + body;
      expect(parse(xml).issues, declaration).toEqual([]);
      // A grammatical name the runtime cannot decode (Utf_8.x-y) is no declaration error, but bytes
      // in it cannot be read: INPUT_ENCODING at its encoding attribute (XML 1.0 §4.3.3, a fatal error), in parse
      // of the bytes and the stream alike; a string was decoded already.
      const label = /encoding\s*=\s*["']([^"']*)/.exec(declaration)?.[1];
      let decodable = true;
      try { if (label) new TextDecoder(label); } catch { decodable = false; }
      const expected = decodable ? 'ok' : `INPUT_ENCODING 1:${declaration.indexOf('encoding') + 1}`;
      expect(await positionOf(xml, 3), declaration).toBe(expected);
      expect(decodable || declaration.includes('Utf_8.x-y'), declaration).toBe(true);
      expect(validate(xml).issues.filter((issue) => issue.code === 'XML_BAD_DECL'), declaration).toEqual([]);
    }
  });
});

describe('long locs and hosts of one length (V8 hashes strings over 16,383 characters by length alone)', () => {
  // 1,500 distinct locs of 17,000 characters that differ only at the end: a native Map compared
  // each with all before it (2,000 of 20,000 characters: 75 s in validate).
  const long = 'a'.repeat(17_000);
  // 20-25 MB documents: room for a loaded machine. The quadratic code took 20 s and more here.
  const SLOW_INPUT = 15_000;

  it('validate finds the one repeated loc among 1,500 long ones', () => {
    const locs = Array.from({ length: 1500 }, (_, i) => `https://example.com/${long}${String(i).padStart(5, '0')}`);
    locs.push(locs[700]!);
    const report = validate(`<urlset ${NS}>${locs.map((loc) => `<url><loc>${loc}</loc></url>`).join('')}</urlset>`);
    expect(report.stats.entries).toBe(1501);
    expect(report.issues.filter((issue) => issue.code === 'SITEMAP_DUPLICATE_LOC').map((issue) => issue.path)).toEqual(['urlset/url[1501]/loc']);
  }, SLOW_INPUT);

  it('validate counts 1,400 distinct long hosts', () => {
    const hosts = Array.from({ length: 1400 }, (_, i) => `${'a'.repeat(16_400)}${String(i).padStart(5, '0')}.example`);
    const report = validate(`<urlset ${NS}>${hosts.map((host) => `<url><loc>https://${host}/</loc></url>`).join('')}<url><loc>https://${hosts[3]}/x</loc></url></urlset>`);
    expect(report.stats.hosts.length).toBe(1400);
    expect(report.stats.hosts[3]).toEqual({ host: hosts[3], entries: 2 });
  }, SLOW_INPUT);

  it('validate compares the hreflang links of 1,200 pages with long URLs', () => {
    const pages = Array.from({ length: 1200 }, (_, i) => `https://example.com/${'a'.repeat(16_400)}${String(i).padStart(5, '0')}`);
    const entries = pages.map((page) => `<url><loc>${page}</loc><xhtml:link rel="alternate" hreflang="en" href="${page}"/></url>`);
    const report = validate(`<urlset ${NS} xmlns:xhtml="http://www.w3.org/1999/xhtml">${entries.join('')}</urlset>`);
    expect(report.stats.entries).toBe(1200);
    expect(report.issues.filter((issue) => issue.code.startsWith('HREFLANG_'))).toEqual([]);
  }, SLOW_INPUT);
});
