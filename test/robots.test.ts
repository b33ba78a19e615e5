// Tests of sitemapsFromRobotsTxt / readRobotsTxtSitemaps (SPEC.md §4, RFC 9309 §2.2, Google's
// robots.txt parser) on the corpus's real robots.txt files and on hand-written edge cases.
// Shared: runs in the Node and the browser project.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readRobotsTxtSitemaps, RobotsTxtIssueCode, searchConsoleReport, sitemapsFromRobotsTxt } from '../src/index';
import { loadCorpusFile, loadCorpusManifest } from './fixtures';

const decode = (bytes: Uint8Array): string => new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);

/**
 * What each corpus file declares, written out by reading the files: the URLs in order without
 * repeats, and the robots.txt URL each was served from (the site named in MANIFEST.tsv).
 */
const corpusExpectations: Record<string, { robotsTxtUrl: string; sitemaps: string[]; issueCodes: string[] }> = {
  'robots/cross-host-sitemaps-robots.txt': {
    robotsTxtUrl: 'https://adakhome.be/robots.txt',
    // Both on another host than the site: kept, robots.txt is how cross-host submission works.
    sitemaps: ['https://sitemap.adakhome.be/sitemap.xml', 'https://sitemap.adakhome.be/video-sitemap.xml'],
    issueCodes: [],
  },
  'robots/livejournal-robots.txt': {
    robotsTxtUrl: 'http://www.livejournal.com/robots.txt',
    sitemaps: ['http://www.livejournal.com/sitemap.xml'],
    issueCodes: [],
  },
  'robots/lowercase-sitemap-yandex-robots.txt': {
    robotsTxtUrl: 'http://echo-h.ru/robots.txt',
    // `sitemap:` twice (in two groups, the last without a final newline): one URL.
    sitemaps: ['http://echo-h.ru/sitemap1.xml'],
    issueCodes: ['ROBOTS_SITEMAP_DUPLICATE'],
  },
  'robots/multi-sitemap-host-robots.txt': {
    robotsTxtUrl: 'https://jchairstudios62.xyz/robots.txt',
    sitemaps: ['https://jchairstudios62.xyz/sitemap.xml', 'https://jchairstudios62.xyz/product-feed.xml'],
    issueCodes: [],
  },
  'robots/relative-sitemap-path-robots.txt': {
    robotsTxtUrl: 'https://cmsfornerd.example/robots.txt',
    sitemaps: ['https://cmsfornerd.example/sitemap.php'],
    issueCodes: ['ROBOTS_SITEMAP_RELATIVE_URL'],
  },
  'robots/repeated-sitemap-per-group-robots.txt': {
    robotsTxtUrl: 'http://ilikeit.one/robots.txt',
    sitemaps: ['http://ilikeit.one/Sitemap.xml'],
    issueCodes: ['ROBOTS_SITEMAP_DUPLICATE', 'ROBOTS_SITEMAP_DUPLICATE'],
  },
  'robots/wordpress-yoast-robots.txt': {
    robotsTxtUrl: 'https://authorised-customer-care.com/robots.txt',
    sitemaps: ['https://authorised-customer-care.com/sitemap_index.xml'],
    issueCodes: [],
  },
};

describe('sitemapsFromRobotsTxt on the corpus robots.txt files', async () => {
  const robotsEntries = (await loadCorpusManifest()).filter((entry) => entry.category === 'robots');

  it('has an expectation for every robots file in MANIFEST.tsv', () => {
    expect(robotsEntries.map((entry) => entry.file).sort()).toEqual(Object.keys(corpusExpectations).sort());
  });

  for (const entry of robotsEntries) {
    it(entry.file, async () => {
      const expected = corpusExpectations[entry.file]!;
      const text = decode(await loadCorpusFile(entry.file));

      // MANIFEST's url_count is the number of Sitemap: lines, repeats included; a simple
      // independent reading of the lines must agree with it, and with the de-duplicated list.
      const declared = [...text.matchAll(/^[ \t]*sitemap[ \t]*:[ \t]*([^\s#]+)/gim)].map((match) => new URL(match[1]!, expected.robotsTxtUrl).href);
      expect(declared).toHaveLength(entry.urlCount);
      expect([...new Set(declared)]).toEqual(expected.sitemaps);

      expect(sitemapsFromRobotsTxt(text, expected.robotsTxtUrl)).toEqual(expected.sitemaps);
      const { sitemaps, issues } = readRobotsTxtSitemaps(text, new URL(expected.robotsTxtUrl));
      expect(sitemaps).toEqual(expected.sitemaps);
      expect(issues.map((issue) => issue.code)).toEqual(expected.issueCodes);
    });
  }

  it('points at the lines of the repeats in the per-group file', async () => {
    const text = decode(await loadCorpusFile('robots/repeated-sitemap-per-group-robots.txt'));
    const { issues } = readRobotsTxtSitemaps(text, 'http://ilikeit.one/robots.txt');
    expect(issues.map(({ line, column, severity }) => ({ line, column, severity }))).toEqual([
      { line: 12, column: 10, severity: 'warning' },
      { line: 18, column: 10, severity: 'warning' },
    ]);
  });
});

describe('sitemapsFromRobotsTxt edge cases', () => {
  const robotsTxtUrl = 'https://example.com/robots.txt';
  const read = (text: string) => readRobotsTxtSitemaps(text, robotsTxtUrl);

  it('reads any number of lines, in every user-agent group and outside them', () => {
    const text = [
      'Sitemap: https://example.com/a.xml',
      'User-agent: Googlebot',
      'Disallow: /private',
      'Sitemap: https://example.com/b.xml',
      '',
      'User-agent: *',
      'Allow: /',
      'Sitemap: https://example.com/c.xml',
    ].join('\n');
    expect(sitemapsFromRobotsTxt(text, robotsTxtUrl)).toEqual(['https://example.com/a.xml', 'https://example.com/b.xml', 'https://example.com/c.xml']);
  });

  it('treats the field name case-insensitively', () => {
    expect(sitemapsFromRobotsTxt('sitemap: https://example.com/1.xml\nSITEMAP: https://example.com/2.xml\nSiTeMaP: https://example.com/3.xml', robotsTxtUrl))
      .toEqual(['https://example.com/1.xml', 'https://example.com/2.xml', 'https://example.com/3.xml']);
    expect(read('sitemap: https://example.com/1.xml').issues).toEqual([]);
  });

  it('accepts white space around the field, the colon and the value (RFC 9309: *WS ":" *WS)', () => {
    const { sitemaps, issues } = read('  SITEMAP :\thttps://example.com/spaced.xml \t\n\tSitemap:https://example.com/tight.xml');
    expect(sitemaps).toEqual(['https://example.com/spaced.xml', 'https://example.com/tight.xml']);
    expect(issues).toEqual([]);
  });

  it('drops comments, also right after the URL', () => {
    expect(sitemapsFromRobotsTxt('Sitemap: https://example.com/s.xml# main sitemap\nSitemap: https://example.com/t.xml   # other\n# Sitemap: https://example.com/commented-out.xml', robotsTxtUrl))
      .toEqual(['https://example.com/s.xml', 'https://example.com/t.xml']);
  });

  it('resolves a relative path against the robots.txt URL, with a warning', () => {
    const { sitemaps, issues } = readRobotsTxtSitemaps('Sitemap: /sitemaps/main.xml\nSitemap: news.xml', 'https://example.com:8443/robots.txt');
    expect(sitemaps).toEqual(['https://example.com:8443/sitemaps/main.xml', 'https://example.com:8443/news.xml']);
    expect(issues).toMatchObject([
      { code: 'ROBOTS_SITEMAP_RELATIVE_URL', severity: 'warning', line: 1, column: 10, value: '/sitemaps/main.xml' },
      { code: 'ROBOTS_SITEMAP_RELATIVE_URL', severity: 'warning', line: 2, column: 10, value: 'news.xml' },
    ]);
  });

  it('resolves protocol-relative URLs with the robots.txt scheme', () => {
    expect(sitemapsFromRobotsTxt('Sitemap: //cdn.example.net/sitemap.xml', 'http://example.com/robots.txt')).toEqual(['http://cdn.example.net/sitemap.xml']);
  });

  it('removes repeats, keeping the first occurrence and its position in the order', () => {
    const text = 'Sitemap: https://example.com/b.xml\nSitemap: https://example.com/a.xml\nsitemap: https://example.com/b.xml\nSitemap: HTTPS://EXAMPLE.COM/a.xml';
    const { sitemaps, issues } = read(text);
    expect(sitemaps).toEqual(['https://example.com/b.xml', 'https://example.com/a.xml']);
    // URLs are compared normalised: scheme and host case do not make a new sitemap; path case does.
    expect(issues.map(({ code, line }) => [code, line])).toEqual([['ROBOTS_SITEMAP_DUPLICATE', 3], ['ROBOTS_SITEMAP_DUPLICATE', 4]]);
    expect(sitemapsFromRobotsTxt('Sitemap: https://example.com/A.xml\nSitemap: https://example.com/a.xml', robotsTxtUrl)).toHaveLength(2);
  });

  it('keeps sitemaps on other hosts', () => {
    expect(sitemapsFromRobotsTxt('Sitemap: https://sitemaps.other-host.example/site-a/sitemap.xml.gz', robotsTxtUrl))
      .toEqual(['https://sitemaps.other-host.example/site-a/sitemap.xml.gz']);
  });

  it('tolerates a byte order mark, CRLF and lone CR line ends', () => {
    const text = '\uFEFFSitemap: https://example.com/1.xml\r\nUser-agent: *\r\nSitemap: https://example.com/2.xml\rSitemap: https://example.com/3.xml\r\n';
    expect(sitemapsFromRobotsTxt(text, robotsTxtUrl)).toEqual(['https://example.com/1.xml', 'https://example.com/2.xml', 'https://example.com/3.xml']);
  });

  it('skips values that give no http(s) URL, and says which line and why', () => {
    const text = [
      'Sitemap:',
      'Sitemap: # nothing here',
      'Sitemap: http://exa mple.com/space-in-host.xml',
      'Sitemap: ftp://example.com/sitemap.xml',
      'Sitemap: javascript:alert(1)',
      'Sitemap: https://example.com/good.xml',
    ].join('\n');
    const { sitemaps, issues } = read(text);
    expect(sitemaps).toEqual(['https://example.com/good.xml']);
    expect(issues.map(({ code, severity, line }) => ({ code, severity, line }))).toEqual([
      { code: 'ROBOTS_SITEMAP_EMPTY', severity: 'error', line: 1 },
      { code: 'ROBOTS_SITEMAP_EMPTY', severity: 'error', line: 2 },
      { code: 'ROBOTS_SITEMAP_INVALID_URL', severity: 'error', line: 3 },
      { code: 'ROBOTS_SITEMAP_UNSUPPORTED_SCHEME', severity: 'error', line: 4 },
      { code: 'ROBOTS_SITEMAP_UNSUPPORTED_SCHEME', severity: 'error', line: 5 },
    ]);
    expect(issues[2]).toMatchObject({ column: 10, value: 'http://exa mple.com/space-in-host.xml', path: '' });
    expect(sitemapsFromRobotsTxt(text, robotsTxtUrl)).toEqual(['https://example.com/good.xml']);
  });

  it('refuses an http(s) scheme without "//" and a host instead of resolving it to a guess', () => {
    // The WHATWG URL parser reads "https:" as the base itself, "https:sitemap.xml" relative to the
    // base, "http:sitemap.xml" as http://sitemap.xml/ and skips a third slash or backslashes.
    const values = ['https:', 'https:sitemap.xml', 'https:/sitemap.xml', 'http:sitemap.xml', 'HTTPS:///sitemap.xml', 'https:\\\\example.com\\sitemap.xml', 'http:'];
    const text = [...values.map((value) => `Sitemap: ${value}`), 'Sitemap: https://example.com/dir/good.xml'].join('\n');
    const { sitemaps, issues } = readRobotsTxtSitemaps(text, 'https://example.com/dir/robots.txt');
    expect(sitemaps).toEqual(['https://example.com/dir/good.xml']);
    expect(issues.map(({ code, severity, line, column, value, path }) => ({ code, severity, line, column, value, path }))).toEqual(
      values.map((value, index) => ({ code: 'ROBOTS_SITEMAP_INVALID_URL', severity: 'error', line: index + 1, column: 10, value, path: '' })),
    );
    expect(issues[1]!.message).toBe('"https:sitemap.xml" is not an absolute URL: "https:" must be followed by "//" and a host (write https://host/path); the line was skipped');
    expect(sitemapsFromRobotsTxt(text, 'https://example.com/dir/robots.txt')).toEqual(['https://example.com/dir/good.xml']);
    // Relative references and other schemes keep their own codes.
    expect(read('Sitemap: sitemap.xml\nSitemap: ftp:sitemap.xml').issues.map((issue) => issue.code)).toEqual(['ROBOTS_SITEMAP_RELATIVE_URL', 'ROBOTS_SITEMAP_UNSUPPORTED_SCHEME']);
  });

  it('names a Search Console report for every issue code', () => {
    for (const code of Object.values(RobotsTxtIssueCode)) expect(searchConsoleReport[code], code).toMatch(/^(Invalid URL|Parsing error)$/);
    const { issues } = read('Sitemap:\nSitemap: https:x.xml\nSitemap: /a.xml\nSitemap: /a.xml\nSitemap: ftp://example.com/\nSitemaps: https://example.com/b.xml');
    expect(issues.map((issue) => [issue.code, searchConsoleReport[issue.code]])).toEqual([
      ['ROBOTS_SITEMAP_EMPTY', 'Invalid URL'],
      ['ROBOTS_SITEMAP_INVALID_URL', 'Invalid URL'],
      ['ROBOTS_SITEMAP_RELATIVE_URL', 'Invalid URL'],
      ['ROBOTS_SITEMAP_RELATIVE_URL', 'Invalid URL'],
      ['ROBOTS_SITEMAP_DUPLICATE', 'Parsing error'],
      ['ROBOTS_SITEMAP_UNSUPPORTED_SCHEME', 'Invalid URL'],
      ['ROBOTS_SITEMAP_FIELD_VARIANT', 'Parsing error'],
    ]);
  });

  it('reads what Google reads beyond the standard, with a warning: name variants and a missing colon', () => {
    const { sitemaps, issues } = read('Site-map: https://example.com/1.xml\nSitemaps: https://example.com/2.xml\nSitemap https://example.com/3.xml');
    expect(sitemaps).toEqual(['https://example.com/1.xml', 'https://example.com/2.xml', 'https://example.com/3.xml']);
    expect(issues.map(({ code, line, column }) => [code, line, column])).toEqual([
      ['ROBOTS_SITEMAP_FIELD_VARIANT', 1, 11],
      ['ROBOTS_SITEMAP_FIELD_VARIANT', 2, 11],
      ['ROBOTS_SITEMAP_FIELD_VARIANT', 3, 9],
    ]);
  });

  it('ignores other fields, other text and lines that only mention sitemaps', () => {
    const text = 'User-agent: *\nDisallow: /sitemap.xml\nHost: example.com\nSitemap is at /sitemap.xml\nSitemap-like text without a value\nhttps://example.com/not-a-record.xml\n';
    expect(read(text)).toEqual({ sitemaps: [], issues: [] });
    expect(sitemapsFromRobotsTxt('', robotsTxtUrl)).toEqual([]);
  });

  it('normalises the URLs it returns', () => {
    expect(sitemapsFromRobotsTxt('Sitemap: HTTPS://Example.COM:443/a/../Sitemap.xml', robotsTxtUrl)).toEqual(['https://example.com/Sitemap.xml']);
  });

  it('refuses white space inside a value, in the host or the path, the same way in every runtime', () => {
    const { sitemaps, issues } = read('Sitemap: https://example.com/a b.xml\nSitemap: https://exa mple.com/sitemap.xml');
    expect(sitemaps).toEqual([]);
    expect(issues.map(({ code, line }) => [code, line])).toEqual([['ROBOTS_SITEMAP_INVALID_URL', 1], ['ROBOTS_SITEMAP_INVALID_URL', 2]]);
  });

  it('throws SitemapError INPUT_INVALID_OPTION when the robots.txt URL is not absolute', () => {
    expect(() => sitemapsFromRobotsTxt('Sitemap: /s.xml', '/robots.txt')).toThrow(expect.objectContaining({ name: 'SitemapError', code: 'INPUT_INVALID_OPTION' }));
  });
});

describe('misuse', () => {
  it('refuses text that is not a string and a robots.txt URL that is not absolute, with SitemapError', () => {
    const thrown = (run: () => unknown) => { try { run(); } catch (error) { return error as { code?: string; message: string; name: string }; } throw new Error('did not throw'); };
    const notText = thrown(() => readRobotsTxtSitemaps(null as unknown as string, 'https://example.com/robots.txt'));
    expect([notText.name, notText.code]).toEqual(['SitemapError', 'INPUT_TYPE']);
    expect(notText.message).toMatch(/response\.text\(\)/);
    const relativeBase = thrown(() => sitemapsFromRobotsTxt('Sitemap: https://example.com/s.xml', 'robots.txt'));
    expect([relativeBase.name, relativeBase.code]).toEqual(['SitemapError', 'INPUT_INVALID_OPTION']);
    expect(relativeBase.message).toMatch(/must be absolute/);
  });
});

describe('characters no URL holds', () => {
  it('skips a value with a control character or a lone surrogate, with an issue, instead of escaping it', () => {
    const text = 'Sitemap: https://example.com/a\u0000b.xml\nSitemap: https://example.com/\ud800.xml\nSitemap: https://example.com/ok.xml\n';
    const result = readRobotsTxtSitemaps(text, 'https://example.com/robots.txt');
    expect(result.sitemaps).toEqual(['https://example.com/ok.xml']);
    expect(result.issues.map((issue) => [issue.code, issue.line, issue.severity])).toEqual([['ROBOTS_SITEMAP_INVALID_URL', 1, 'error'], ['ROBOTS_SITEMAP_INVALID_URL', 2, 'error']]);
    expect(result.issues[0]!.message).toMatch(/U\+0000 at index 21/);
    expect(result.issues[1]!.message).toMatch(/U\+D800/);
  });
});

describe('readRobotsTxtSitemaps past Google\'s 500 KiB', () => {
  const LIMIT = 500 * 1024;
  const base = 'https://example.com/robots.txt';
  const encoder = new TextEncoder();
  /** What crawlSitemaps reads of a robots.txt: its lines that end within the first 500 KiB. */
  const crawlCut = (text: string): string => {
    const bytes = encoder.encode(text);
    if (bytes.length <= LIMIT) return text;
    const head = bytes.subarray(0, LIMIT);
    return decode(head.subarray(0, Math.max(head.lastIndexOf(0x0a), head.lastIndexOf(0x0d)) + 1));
  };
  const pastLimit = (text: string) => readRobotsTxtSitemaps(text, base).issues.filter((issue) => issue.code === RobotsTxtIssueCode.ROBOTS_SITEMAP_PAST_LIMIT);

  it('warns on each Sitemap line that does not end within the first 500 KiB, counting bytes, not characters', () => {
    // Two-byte characters: 180,000 of them are under 500 KiB as characters and over it as bytes.
    const comment = `# ${'é'.repeat(98)}\n`; // 199 bytes, 101 characters
    const filler = comment.repeat(Math.ceil(LIMIT / 199));
    const text = `Sitemap: https://example.com/early.xml\n${filler}Sitemap: https://example.com/late.xml\n`;
    expect(filler.length).toBeLessThan(LIMIT);
    const read = readRobotsTxtSitemaps(text, base);
    expect(read.sitemaps).toEqual(['https://example.com/early.xml', 'https://example.com/late.xml']);
    const lines = text.split('\n');
    expect(pastLimit(text).map((issue) => [issue.line, issue.value, issue.severity])).toEqual([[lines.length - 1, 'https://example.com/late.xml', 'warning']]);
    expect(searchConsoleReport.ROBOTS_SITEMAP_PAST_LIMIT).toBe('Parsing error');
    // Under the limit nothing is said, however many lines.
    expect(pastLimit(`Sitemap: https://example.com/a.xml\n${'# x\n'.repeat(1000)}Sitemap: https://example.com/b.xml`)).toEqual([]);
  });

  it('keeps a line whose line break starts within the limit, and no other, with each line break and with a byte-order mark', () => {
    for (const eol of ['\n', '\r\n', '\r']) {
      for (const bom of [false, true]) {
        for (let delta = -2; delta <= 2; delta++) {
          // The Sitemap line's last byte at LIMIT - 2 + delta: its line break's first byte at LIMIT - 1 + delta.
          const prefix = `${bom ? '\ufeff' : ''}User-agent: *${eol}${`#${'-'.repeat(78)}${eol}`.repeat(6000)}`;
          const head = 'Sitemap: https://example.com/';
          const length = LIMIT - 1 + delta - encoder.encode(prefix).length - head.length - 4;
          const text = `${prefix}${head}${'x'.repeat(length)}.xml${eol}# the end${eol}`;
          const late = `https://example.com/${'x'.repeat(length)}.xml`;
          const label = `${JSON.stringify(eol)} bom ${bom} delta ${delta}`;
          expect(pastLimit(text).map((issue) => issue.value), label).toEqual(delta > 0 ? [late] : []);
          expect(readRobotsTxtSitemaps(crawlCut(text), base).sitemaps, label).toEqual(delta > 0 ? [] : [late]);
        }
      }
    }
  });

  it('keeps a last line without a line break when the text ends within the limit, and not one byte later', () => {
    const prefix = `User-agent: *\n${`#${'-'.repeat(78)}\n`.repeat(6000)}`;
    const head = 'Sitemap: https://example.com/';
    for (const extra of [-1, 0, 1]) {
      const length = LIMIT + extra - encoder.encode(prefix).length - head.length - 4;
      const text = `${prefix}${head}${'x'.repeat(length)}.xml`;
      expect(encoder.encode(text).length).toBe(LIMIT + extra);
      const late = `https://example.com/${'x'.repeat(length)}.xml`;
      expect(pastLimit(text).map((issue) => issue.value), `extra ${extra}`).toEqual(extra > 0 ? [late] : []);
      expect(readRobotsTxtSitemaps(crawlCut(text), base).sitemaps, `extra ${extra}`).toEqual(extra > 0 ? [] : [late]);
    }
  });

  it('agrees with what crawlSitemaps reads: the lines it warns on are the ones the crawl cuts off (\\n, \\r\\n and \\r, two- and four-byte characters, lines across the limit)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -300, max: 300 }), fc.constantFrom('\n', '\r\n', '\r'), fc.array(fc.tuple(fc.integer({ min: 0, max: 120 }), fc.constantFrom('x', 'ü', '😀')), { minLength: 1, maxLength: 8 }), fc.boolean(), (shift, eol, tail, bom) => {
        const start = `${bom ? '\ufeff' : ''}User-agent: *${eol}`;
        const filler = `#${'-'.repeat(78)}${eol}`;
        let text = start + filler.repeat(Math.floor((LIMIT + shift - 600) / filler.length));
        tail.forEach(([length, character], i) => {
          text += `Sitemap: https://example.com/${character.repeat(length)}-${i}.xml${eol}`;
        });
        const whole = readRobotsTxtSitemaps(text, base);
        const warned = new Set(pastLimit(text).map((issue) => new URL(issue.value!, base).href));
        expect(readRobotsTxtSitemaps(crawlCut(text), base).sitemaps).toEqual(whole.sitemaps.filter((url) => !warned.has(url)));
      }),
      { numRuns: 40 },
    );
  });
});
