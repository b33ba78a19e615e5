// The crawl's building blocks without a network: starting points, private addresses, robots.txt
// matching (robots-parser), W3C Datetime comparison and Content-Type charsets (src/site/crawl-rules.ts,
// src/site/crawl-fetch.ts; the URL hash set has test/crawl-url-set.test.ts).

import fc from 'fast-check';
import robotsParser from 'robots-parser';
import { describe, expect, it, vi } from 'vitest';
import { decodeCharset } from '../src/site/crawl-fetch';
import { datetimeValue, isPrivateAddress, readStartingPoint, RobotsTxtRules, WELL_KNOWN_SITEMAP_PATHS } from '../src/site/crawl-rules';
import type { Issue, IssueCode } from '../src/index';
import { comparableUrl, normalizeUrl } from '../src/values/url-check';

describe('readStartingPoint', () => {
  const cases: Array<[unknown, string, string]> = [
    ['example.com', 'site', 'https://example.com/'],
    ['  Example.COM  ', 'site', 'https://example.com/'],
    ['https://example.com', 'site', 'https://example.com/'],
    ['http://example.com/#top', 'site', 'http://example.com/'],
    ['localhost:8080', 'site', 'https://localhost:8080/'],
    ['example.com/robots.txt', 'robots', 'https://example.com/robots.txt'],
    ['https://example.com/ROBOTS.TXT', 'robots', 'https://example.com/ROBOTS.TXT'],
    ['https://example.com/sitemap.xml.gz', 'document', 'https://example.com/sitemap.xml.gz'],
    ['https://example.com/?page=sitemap', 'document', 'https://example.com/?page=sitemap'],
    [new URL('https://example.com/feed'), 'document', 'https://example.com/feed'],
    ['ftp://example.com/sitemap.xml', 'invalid', 'ftp://example.com/sitemap.xml'],
    ['javascript:alert(1)', 'invalid', 'javascript:alert(1)'],
    ['data:text/plain,https://example.com/', 'invalid', 'data:text/plain,https://example.com/'],
    ['http://', 'invalid', 'http://'],
    [42, 'invalid', ''],
  ];
  for (const [value, kind, url] of cases) {
    it(`${String(value)} is a ${kind}`, () => {
      expect(readStartingPoint(value)).toMatchObject({ kind, url });
    });
  }
});

describe('isPrivateAddress', () => {
  const privateHosts = ['localhost', 'LOCALHOST.', 'api.localhost', '127.0.0.1', '127.1', '0x7f.0.0.1', '2130706433', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '[::1]', '[::]', '[fc00::1]', '[fd12:3456::1]', '[fe80::1]', '[::ffff:127.0.0.1]', '[::ffff:10.0.0.1]'];
  const publicHosts = ['example.com', '8.8.8.8', '172.32.0.1', '172.15.0.1', '192.169.0.1', '100.128.0.1', '11.0.0.1', '[2001:db8::1]', '[::ffff:8.8.8.8]', 'localhost.example.com', '[fec0::1]'];
  for (const host of privateHosts) it(`refuses ${host}`, () => expect(isPrivateAddress(new URL(`http://${host}/s.xml`))).toBe(true));
  for (const host of publicHosts) it(`allows ${host}`, () => expect(isPrivateAddress(new URL(`http://${host}/s.xml`))).toBe(false));
});

describe('RobotsTxtRules (robots-parser)', () => {
  const rules = new RobotsTxtRules('https://example.com/robots.txt', [
    'User-agent: *', 'Disallow: /private/', 'Allow: /private/open', '',
    'User-agent: Googlebot', 'Disallow: /no-google', '',
  ].join('\n'));
  it('names the first agent that may not fetch a URL, Googlebot by its own group, every other crawler by *', () => {
    expect(rules.disallowingAgent('https://example.com/private/x', ['Googlebot', '*'])).toBe('*');
    expect(rules.disallowingAgent('https://example.com/no-google/x', ['Googlebot', '*'])).toBe('Googlebot');
    expect(rules.disallowingAgent('https://example.com/private/open', ['Googlebot', '*'])).toBeUndefined();
    expect(rules.disallowingAgent('https://example.com/page', ['Googlebot', '*'])).toBeUndefined();
    expect(rules.disallowingAgent('https://example.com/private/x', ['Googlebot'])).toBeUndefined();
  });
  it('judges only URLs of its own origin', () => {
    expect(rules.disallowingAgent('https://other.example/private/x', ['*'])).toBeUndefined();
    expect(rules.disallowingAgent('http://example.com/private/x', ['*'])).toBeUndefined();
  });

  // The crawl hands the URL it parsed; the rules then ask robots-parser only about paths that
  // start as some Disallow line does. That shortcut must never change a verdict.
  const AGENTS = ['Googlebot', 'Bingbot', '*'];
  const piece = fc.constantFrom('/', 'a', 'b', 'A', '*', '$', '?', '=', '%2f', '%2F', '%zz', '%', 'é', '%C3%A9', ' ', '#', '.', '..', '\\', '\uD800');
  const pattern = fc.array(piece, { maxLength: 6 }).map((parts) => parts.join(''));
  const line = fc.oneof(
    fc.tuple(fc.constantFrom('Disallow', 'disallow', 'DISALLOW ', 'Allow', 'allow'), pattern).map(([field, value]) => `${field}:${value}`),
    fc.constantFrom('User-agent: *', 'User-agent: Googlebot', 'user-agent: bingbot/2.0', '', '# comment', 'Disallow: /x # note', 'Sitemap: /s.xml', 'nonsense'),
  );
  it('gives the verdict robots-parser gives, for any file and URL, when handed the parsed URL (fast-check)', () => {
    fc.assert(fc.property(fc.array(line, { maxLength: 12 }), fc.nat(), fc.array(piece, { maxLength: 8 }), fc.constantFrom('\n', '\r\n', '\r'), (lines, pick, pathParts, newline) => {
      const text = lines.join(newline);
      const subject = new RobotsTxtRules('https://example.com/robots.txt', text);
      const parser = robotsParser('https://example.com/robots.txt', text);
      // Most paths start as one of the file's lines does (its value without * and $), so that the
      // rules match often; the escapes' case is flipped on some, as a URL may write them.
      const chosen = lines.length > 0 && pick % 4 !== 0 ? lines[pick % lines.length]! : '';
      let start = chosen.slice(chosen.indexOf(':') + 1).trim().replace(/[*$]/g, '');
      if (pick % 3 === 0) start = start.replace(/%[0-9a-fA-F]{2}/g, (escape) => escape.toLowerCase());
      let parsed: URL;
      try { parsed = new URL('https://example.com' + (start.startsWith('/') ? '' : '/') + start + pathParts.join('')); } catch { return; }
      const url = parsed.href;
      const expected = AGENTS.find((agent) => parser.isAllowed(url, agent === '*' ? 'sitemapkit-any-agent' : agent) === false);
      expect(subject.disallowingAgent(url, AGENTS, parsed)).toBe(expected);
      expect(subject.disallowingAgent(url, AGENTS)).toBe(expected);
    }), { numRuns: 10000 });
  });
  it('reads a Disallow line as robots-parser does: encoded as a URL, escapes in either case, a final $ as the end', () => {
    const rules = new RobotsTxtRules('https://example.com/robots.txt', 'User-agent: *\nDisallow: /café\nDisallow: /%2fx\nDisallow: /end$\nDisallow: /mid$dle');
    for (const [path, agent] of [['/café/menu', '*'], ['/%2Fx', '*'], ['/%2fx/y', '*'], ['/end', '*'], ['/end/more', undefined], ['/mid$dle', '*'], ['/mid', undefined], ['/cafe', undefined]] as const) {
      const url = new URL('https://example.com' + path);
      expect(rules.disallowingAgent(url.href, ['*'], url), path).toBe(agent);
      expect(rules.disallowingAgent(url.href, ['*']), path).toBe(agent);
    }
  });
  it('asks robots-parser only about URLs that may match a Disallow pattern (the patterns it read are where this expects them)', () => {
    const prototype = Object.getPrototypeOf(robotsParser('https://example.com/robots.txt', '')) as { isAllowed: (...args: unknown[]) => unknown };
    const spy = vi.spyOn(prototype, 'isAllowed');
    try {
      const page = new URL('https://example.com/products/item-1?ref=2');
      expect(rules.disallowingAgent(page.href, ['Googlebot', '*'], page)).toBeUndefined();
      expect(spy).not.toHaveBeenCalled();
      const blocked = new URL('https://example.com/private/x');
      expect(rules.disallowingAgent(blocked.href, ['Googlebot', '*'], blocked)).toBe('*');
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });
  it('matches Disallow lines with wildcards piece by piece (*.pdf$, /*?sessionid=, /a*b*c)', () => {
    const wildcard = new RobotsTxtRules('https://example.com/robots.txt', 'User-agent: *\nDisallow: *.pdf$\nDisallow: /*?sessionid=\nDisallow: /a*b*c');
    for (const [path, agent] of [['/files/report.pdf', '*'], ['/files/report.pdf.html', undefined], ['/shop?sessionid=1', '*'], ['/shop?session=1', undefined], ['/abc', '*'], ['/a/x/b/y/c/z', '*'], ['/acb', undefined], ['/b/a/c', undefined]] as const) {
      const url = new URL('https://example.com' + path);
      expect(wildcard.disallowingAgent(url.href, ['*'], url), path).toBe(agent);
    }
  });
});

describe('datetimeValue', () => {
  it('orders the W3C Datetime forms, a date alone at its midnight UTC', () => {
    expect(datetimeValue('2024')).toBe(Date.UTC(2024, 0, 1));
    expect(datetimeValue('2024-05')).toBe(Date.UTC(2024, 4, 1));
    expect(datetimeValue('2024-05-01')).toBe(Date.UTC(2024, 4, 1));
    expect(datetimeValue('2024-05-01T10:00+02:00')).toBe(Date.UTC(2024, 4, 1, 8));
    expect(datetimeValue('2024-05-01T10:00:00.5Z')).toBe(Date.UTC(2024, 4, 1, 10, 0, 0, 500));
    expect(datetimeValue('2020-01-01')).toBeLessThan(datetimeValue('2024-05-01T00:00:01Z'));
  });
  it('is NaN for what is no W3C Datetime', () => {
    for (const value of ['', 'yesterday', '2024-05-01T10:00', '01/05/2024', '2024-5-1']) expect(datetimeValue(value), value).toBeNaN();
  });
});

describe('decodeCharset', () => {
  const latin1 = new Uint8Array([0x68, 0x74, 0x74, 0x70, 0x73, 0x3a, 0x2f, 0x2f, 0x78, 0x2f, 0xe9]); // https://x/é
  it('decodes by Content-Type only where the document says nothing itself', () => {
    const issues: Issue<IssueCode>[] = [];
    expect(new TextDecoder().decode(decodeCharset(latin1, 'text/plain; charset=ISO-8859-1', issues))).toBe('https://x/\u00e9');
    expect(issues.map((issue) => [issue.code, issue.value])).toEqual([['INPUT_ENCODING', 'iso-8859-1']]);
    const declared = new TextEncoder().encode('<?xml version="1.0" encoding="windows-1252"?><urlset/>');
    expect(decodeCharset(declared, 'application/xml; charset=iso-8859-2', [])).toBe(declared);
    const ascii = new TextEncoder().encode('https://x/\n');
    expect(decodeCharset(ascii, 'text/plain; charset="iso-8859-1"', [])).toBe(ascii);
    expect(decodeCharset(latin1, 'text/plain; charset=utf-8', [])).toBe(latin1);
    expect(decodeCharset(latin1, 'text/plain', [])).toBe(latin1);
  });
  it('reads an unknown charset as UTF-8, with a warning', () => {
    const issues: Issue<IssueCode>[] = [];
    expect(decodeCharset(latin1, 'text/plain; charset=x-klingon', issues)).toBe(latin1);
    expect(issues[0]).toMatchObject({ code: 'INPUT_ENCODING', severity: 'warning', value: 'x-klingon' });
  });
});

describe('WELL_KNOWN_SITEMAP_PATHS', () => {
  it('has at least the six places the issue names', () => {
    expect(WELL_KNOWN_SITEMAP_PATHS).toEqual(expect.arrayContaining(['/sitemap.xml', '/sitemap_index.xml', '/sitemap-index.xml', '/sitemap.xml.gz', '/wp-sitemap.xml', '/sitemap.txt']));
  });
});

// The crawl compares page URLs through comparableUrl, whose fast way now takes URLs with a normal
// port too (it had comparablePageUrl for them, which this checked against comparableUrl).
describe('comparableUrl for page URLs with ports', () => {
  it('gives what its long way gives, for URLs with and without ports', () => {
    const cases = ['http://127.0.0.1:8080/a/../b', 'http://127.0.0.1:8080', 'https://example.com:443/x', 'http://example.com:80/x', 'http://example.com:0080/x',
      'http://EXAMPLE.com:8080/%7euser', 'https://example.com:8443/caf%c3%a9?q=%7e#f', 'http://example.com:8080?q', 'http://u@example.com:8080/', 'http://[::1]:8080/a/./b'];
    for (const url of cases) expect(comparableUrl(url), url).toBe(normalizeUrl(url));
    const segment = fc.constantFrom('a', 'B', '.', '..', '%7e', '%7E', '%41', '%2f', '%', 'caf\u00e9', '', '~x');
    const urls = fc.tuple(fc.constantFrom('http', 'https', 'HTTP'), fc.constantFrom('example.com', 'Example.COM', '127.0.0.1', 'a-b.example'), fc.constantFrom('', ':80', ':443', ':8080', ':0', ':08080', ':'), fc.array(segment, { maxLength: 5 }), fc.constantFrom('', '?a=%7e', '#x', '?'))
      .map(([scheme, host, port, segments, tail]) => `${scheme}://${host}${port}${segments.length ? '/' + segments.join('/') : ''}${tail}`);
    fc.assert(fc.property(urls, (url) => { expect(comparableUrl(url)).toBe(normalizeUrl(url)); }), { numRuns: 2000 });
  });
});
