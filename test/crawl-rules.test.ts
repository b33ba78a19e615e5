// The crawl's building blocks without a network: starting points, private addresses, robots.txt
// matching (robots-parser), W3C Datetime comparison and Content-Type charsets (src/site/crawl-rules.ts,
// src/site/crawl-fetch.ts; the URL hash set has test/crawl-url-set.test.ts).

import fc from 'fast-check';
import robotsParser from 'robots-parser';
import { describe, expect, it, vi } from 'vitest';
import { decodeCharset } from '../src/site/crawl-fetch';
import { datetimeValue, originAndPath, PLAIN_PATH, readStartingPoint, RobotsTxtRules, WELL_KNOWN_SITEMAP_PATHS } from '../src/site/crawl-rules';
import { isPrivateAddress } from '../src/site/runtime-fetch';
import { checkDatetime, parseSitemap, validate, type Issue, type IssueCode } from '../src/index';
import { LastmodRange } from '../src/site/crawl-records';
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
  const privateHosts = ['localhost', 'LOCALHOST.', 'api.localhost', '127.0.0.1', '127.1', '0x7f.0.0.1', '2130706433', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '0.0.0.0', '100.64.0.1', '[::1]', '[::]', '[fc00::1]', '[fd12:3456::1]', '[fe80::1]', '[::ffff:127.0.0.1]', '[::ffff:10.0.0.1]',
    // multicast, reserved and broadcast; IETF protocol assignments; benchmarking
    '224.0.0.1', '239.255.255.250', '240.0.0.1', '255.255.255.255', '192.0.0.8', '198.18.0.1', '198.19.255.255', '[ff02::1]', '[ff05::1:3]',
    // IPv6 carrying a private IPv4 address: IPv4-compatible, NAT64 (169.254.169.254, 10.0.0.1), 6to4 (192.168.1.1, 127.0.0.1); NAT64 local-use
    '[::127.0.0.1]', '[::a00:1]', '[64:ff9b::a9fe:a9fe]', '[64:ff9b::10.0.0.1]', '[2002:c0a8:101::1]', '[2002:7f00:1::]', '[64:ff9b:1::808:808]'];
  const publicHosts = ['example.com', '8.8.8.8', '172.32.0.1', '172.15.0.1', '192.169.0.1', '100.128.0.1', '11.0.0.1', '[2001:db8::1]', '[::ffff:8.8.8.8]', 'localhost.example.com', '[fec0::1]',
    '223.255.255.255', '198.17.0.1', '198.20.0.1', '192.0.1.1', '[64:ff9b::808:808]', '[2002:808:808::1]', '[::8.8.8.8]', '[2606:4700::1111]', '[fe00::1]'];
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
      expect(subject.disallowingAgent(url, AGENTS, parsed.pathname + parsed.search)).toBe(expected);
      expect(subject.disallowingAgent(url, AGENTS)).toBe(expected);
    }), { numRuns: 10000 });
  });
  it('reads a Disallow line as robots-parser does: encoded as a URL, escapes in either case, a final $ as the end', () => {
    const rules = new RobotsTxtRules('https://example.com/robots.txt', 'User-agent: *\nDisallow: /café\nDisallow: /%2fx\nDisallow: /end$\nDisallow: /mid$dle');
    for (const [path, agent] of [['/café/menu', '*'], ['/%2Fx', '*'], ['/%2fx/y', '*'], ['/end', '*'], ['/end/more', undefined], ['/mid$dle', '*'], ['/mid', undefined], ['/cafe', undefined]] as const) {
      const url = new URL('https://example.com' + path);
      expect(rules.disallowingAgent(url.href, ['*'], url.pathname + url.search), path).toBe(agent);
      expect(rules.disallowingAgent(url.href, ['*']), path).toBe(agent);
    }
  });
  it('asks robots-parser only about URLs that may match a Disallow pattern (the patterns it read are where this expects them)', () => {
    const prototype = Object.getPrototypeOf(robotsParser('https://example.com/robots.txt', '')) as { isAllowed: (...args: unknown[]) => unknown };
    const spy = vi.spyOn(prototype, 'isAllowed');
    try {
      const page = new URL('https://example.com/products/item-1?ref=2');
      expect(rules.disallowingAgent(page.href, ['Googlebot', '*'], page.pathname + page.search)).toBeUndefined();
      expect(spy).not.toHaveBeenCalled();
      const blocked = new URL('https://example.com/private/x');
      expect(rules.disallowingAgent(blocked.href, ['Googlebot', '*'], blocked.pathname + blocked.search)).toBe('*');
      expect(spy).toHaveBeenCalledTimes(2);
    } finally {
      spy.mockRestore();
    }
  });
  it('matches Disallow lines with wildcards piece by piece (*.pdf$, /*?sessionid=, /a*b*c)', () => {
    const wildcard = new RobotsTxtRules('https://example.com/robots.txt', 'User-agent: *\nDisallow: *.pdf$\nDisallow: /*?sessionid=\nDisallow: /a*b*c');
    for (const [path, agent] of [['/files/report.pdf', '*'], ['/files/report.pdf.html', undefined], ['/shop?sessionid=1', '*'], ['/shop?session=1', undefined], ['/abc', '*'], ['/a/x/b/y/c/z', '*'], ['/acb', undefined], ['/b/a/c', undefined]] as const) {
      const url = new URL('https://example.com' + path);
      expect(wildcard.disallowingAgent(url.href, ['*'], url.pathname + url.search), path).toBe(agent);
    }
  });
});

// The walk reads the origin and path of the usual page URL off the string (originAndPath) instead
// of parsing it; that must give exactly what the URL parser gives, whatever the URL.
describe('originAndPath (a page URL read off the string when the URL parser would leave it as written)', () => {
  /** Every ASCII character, and what the parser strips, encodes or maps beyond ASCII. */
  const anyCharacter = fc.oneof(
    fc.integer({ min: 0, max: 0x7f }).map((code) => String.fromCharCode(code)),
    fc.constantFrom('\t', '\n', '\r', ' ', '\u00e9', '\u00a0', '\u2028', '\uD800', '\uD83D\uDE00', '\uFF0E', '\u3002'),
  );
  /** Path pieces: mostly what page URLs hold, with the escapes and dot-segments the parser rewrites. */
  const pathPiece = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom('a', 'Z', '0', '-', '_', '~', '.', '/', '/a', '%41', '%2f', '%C3%A9', '%c3%a9', '!', '$', '&', '(', ')', '*', '+', ',', ';', '=', ':', '@', '[', ']', '?') },
    { weight: 2, arbitrary: fc.constantFrom('/.', '/..', '/./', '/../', '/%2e', '/%2E/', '/.%2e/', '/%2e%2E', '/.well-known', '%2e', '%', '%zz', '%4', '\\', '//', '|', '^', "'", '`', '{', '}', '"', '<', '>') },
    { weight: 1, arbitrary: anyCharacter },
  );
  const host = fc.oneof(
    { weight: 5, arbitrary: fc.constantFrom('example.com', 'www.example.co.uk', 'a-b.example', 'x', '127.0.0.1', '10.0.0.255', 'shop.example.com') },
    { weight: 4, arbitrary: fc.constantFrom('Example.com', 'EXAMPLE.COM', 'xn--nxasmq6b.com', 'xn--zz.com', 'a--b.com', '-a.com', 'a_b.com', '%61.com', 'a..b', '.a.com', 'a.com.', 'a.com..',
      '127.1', '127.0.0.01', '0x7f.0.0.1', '256.0.0.1', '1.2.3.4.5', 'a.0x1', 'a.1', '1a.com', '[::1]', '[::FFFF:127.0.0.1]', '[0:0::1]', 'u@example.com', 'u:p@example.com',
      'caf\u00e9.com', 'B\u00fccher.example', 'a\u3002com', 'a\uFF0Ecom', '\u2163.com', 'ex%41mple.com', 'a'.repeat(64) + '.com', 'a b.com', 'a\tb.com', 'a<b.com', 'a|b.com', '') },
    { weight: 1, arbitrary: fc.array(fc.oneof(fc.constantFrom('a', '0', '-', '.', 'x', 'n'), anyCharacter), { minLength: 1, maxLength: 8 }).map((parts) => parts.join('')) },
  );
  const port = fc.constantFrom('', '', '', ':8080', ':80', ':443', ':0', ':080', ':1', ':65535', ':65536', ':', ':8O');
  const scheme = fc.constantFrom('https://', 'http://', 'HTTPS://', 'Http://', 'http:/', 'http:', 'http:\\\\', 'https:///', 'ftp://', 'ws://', ' http://', '\thttp://', 'http://\t');
  /** Where robots.txt files were read: their origins, as the URL parser writes them, are the walk's keys. */
  const origins = fc.array(fc.tuple(scheme, host, port), { minLength: 1, maxLength: 4 }).map((parts) => {
    const found = new Set<string>();
    for (const [start, name, colonPort] of parts) {
      try { found.add(new URL(`${start}${name}${colonPort}/robots.txt`).origin); } catch { /* no URL: no origin */ }
    }
    return [...found].filter((origin) => origin !== 'null');
  });
  const path = fc.tuple(fc.array(pathPiece, { maxLength: 10 }), fc.option(fc.array(pathPiece, { maxLength: 6 })), fc.option(fc.array(anyCharacter, { maxLength: 4 })), fc.constantFrom('', '', '', '', ' ', '\n', '\u0000'))
    .map(([segments, query, fragment, end]) => `/${segments.join('')}${query ? '?' + query.join('') : ''}${fragment ? '#' + fragment.join('') : ''}${end}`);
  /** Mostly what page URLs hold, with a piece now and then that the pattern must refuse. */
  const usualPath = fc.array(fc.oneof({ weight: 40, arbitrary: fc.constantFrom('a', 'Z', '0', '-', '_', '/', '/a', '.', '%41', '%c3%a9', '=', '&', '?', ':', '@', '[', ']', '!', '*') }, { weight: 1, arbitrary: pathPiece }), { maxLength: 12 })
    .map((pieces) => '/' + pieces.join(''));
  /** A page URL: mostly on one of the origins, often written another way, or anything. */
  const siteAndUrl = origins.chain((keys) => fc.tuple(fc.constant(keys), fc.oneof(
    { weight: 8, arbitrary: fc.tuple(fc.constantFrom(...(keys.length > 0 ? keys : ['https://example.com'])), fc.oneof({ weight: 4, arbitrary: usualPath }, { weight: 3, arbitrary: path }, { weight: 1, arbitrary: fc.string({ maxLength: 6 }) })).map(([origin, rest]) => origin + rest) },
    { weight: 4, arbitrary: fc.tuple(scheme, host, port, fc.oneof(path, fc.constant(''), fc.string({ maxLength: 6 }))).map((parts) => parts.join('')) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }).map((rest) => 'http://example.com' + rest) },
  )));

  /** What the URL parser gives, or undefined when it throws. */
  function parsedParts(url: string): { origin: string; path: string } | undefined {
    try {
      const parsed = new URL(url);
      return { origin: parsed.origin, path: parsed.pathname + parsed.search };
    } catch {
      return undefined;
    }
  }
  /** Whether originAndPath reads `url` off the string (the condition it tests, written again). */
  function readOff(url: string, keys: ReadonlySet<string>): boolean {
    const originEnd = url.indexOf('/', 8);
    PLAIN_PATH.lastIndex = originEnd;
    return originEnd > 0 && keys.has(url.slice(0, originEnd)) && PLAIN_PATH.test(url);
  }
  const agreesWithParser = fc.property(siteAndUrl, ([keys, url]) => {
    expect(originAndPath(url, new Set(keys)), url).toEqual(parsedParts(url));
  });

  it('gives the origin and path the URL parser gives, for any URL and origins, most of them read off the string (fast-check)', () => {
    let readOffCount = 0, total = 0;
    fc.assert(fc.property(siteAndUrl, ([keys, url]) => {
      total++;
      if (readOff(url, new Set(keys))) readOffCount++;
      expect(originAndPath(url, new Set(keys)), url).toEqual(parsedParts(url));
    }), { numRuns: 20000 });
    // Not vacuous: many of the URLs are read off the string.
    expect(readOffCount / total).toBeGreaterThan(0.2);
  });

  it('reads the usual page URLs off the string, and parses the others', () => {
    const keys = new Set(['https://www.example.com', 'http://127.0.0.1:40123', 'https://xn--caf-dma.example', 'http://[::1]:8080']);
    const usual = ['https://www.example.com/', 'https://www.example.com/products/home-garden/update-boots-287460', 'http://127.0.0.1:40123/s1/c/grocery/unisex?page=39&sort=rating&filter[brand]=large',
      'https://www.example.com/caf%C3%A9?q=%c3%a9#top', 'https://www.example.com/x;y=1/z@w:v~_-.(!)*+,$', 'https://xn--caf-dma.example/menu', 'http://[::1]:8080/a?b'];
    for (const url of usual) {
      expect(readOff(url, keys), url).toBe(true);
      expect(originAndPath(url, keys), url).toEqual(parsedParts(url));
    }
    const others = ['https://www.example.com', 'https://WWW.example.com/', 'https://www.example.com:443/', 'https://www.example.com/a/../b', 'https://www.example.com/caf\u00e9', 'https://www.example.com/a b',
      'https://www.example.com/?', 'https://www.example.com/a|b', 'https://example.com/', 'https://u@www.example.com/', 'https://www.example.comx', 'http://127.0.0.1:401234', 'not a URL'];
    for (const url of others) {
      expect(readOff(url, keys), url).toBe(false);
      expect(originAndPath(url, keys), url).toEqual(parsedParts(url));
    }
  });

  it('fails when the path pattern admits what the parser rewrites (each mutation is caught)', () => {
    const { source, flags } = PLAIN_PATH;
    const mutants: Array<[string, string, string]> = [
      ['a backslash', '[!$%&(-.\\d:;=@-[\\]_a-z~]', '[!$%&(-.\\d:;=@-[\\]_a-z~\\\\]'],
      ['no dot-segment check', '(?!\\.|%2[eE])', ''],
      ['an apostrophe (encoded in a query)', '[!$%&(-.\\d:;=@-[\\]_a-z~]', "[!$%&'(-.\\d:;=@-[\\]_a-z~]"],
      ['an empty query', '\\?(?!#|$)', '\\?'],
      ['no end (a prefix taken)', '(?=#|$)', ''],
    ];
    try {
      for (const [name, from, to] of mutants) {
        expect(source.includes(from), name).toBe(true);
        // The module's own pattern, changed in place (Annex B compile), so that originAndPath runs with it.
        PLAIN_PATH.compile(source.replace(from, to), flags);
        expect(fc.check(agreesWithParser, { numRuns: 20000, seed: 17 }).failed, name).toBe(true);
      }
    } finally {
      PLAIN_PATH.compile(source, flags);
    }
    expect(PLAIN_PATH.source).toBe(source);
    expect(fc.check(agreesWithParser, { numRuns: 20000, seed: 17 }).failed).toBe(false);
  });

  it('gives robots-parser\'s verdict with the origin and path read off the string, as the walk asks (fast-check)', () => {
    const text = 'User-agent: *\nDisallow: /a\nDisallow: /*b$\nDisallow: /%2e\nDisallow: /*?q\nAllow: /a/~\nUser-agent: Googlebot\nDisallow: /-\nDisallow: /[\nDisallow: /caf\u00e9\n';
    const agents = ['Googlebot', '*'];
    fc.assert(fc.property(siteAndUrl, ([keys, url]) => {
      const byOrigin = new Map(keys.map((origin) => [origin, new RobotsTxtRules(`${origin}/robots.txt`, text)]));
      const parts = originAndPath(url, byOrigin);
      const got = parts === undefined ? undefined : byOrigin.get(parts.origin)?.disallowingAgent(url, agents, parts.path);
      let expected: string | undefined;
      for (const origin of keys) {
        const parser = robotsParser(`${origin}/robots.txt`, text);
        expected ??= agents.find((agent) => parser.isAllowed(url, agent === '*' ? 'sitemapkit-any-agent' : agent) === false);
      }
      expect(got, url).toBe(expected);
    }), { numRuns: 5000 });
  });
});

describe('datetimeValue', () => {
  const HOURS_14 = 14 * 3_600_000;
  it('orders lastmods by the earliest instant they can mean, as validate does (a date alone begins at +14:00)', () => {
    expect(datetimeValue('2024')).toBe(Date.UTC(2024, 0, 1) - HOURS_14);
    expect(datetimeValue('2024-05')).toBe(Date.UTC(2024, 4, 1) - HOURS_14);
    expect(datetimeValue('2024-05-01')).toBe(Date.UTC(2024, 4, 1) - HOURS_14);
    expect(datetimeValue('2024-05-01T10:00+02:00')).toBe(Date.UTC(2024, 4, 1, 8));
    expect(datetimeValue('2024-05-01T10:00:00.5Z')).toBe(Date.UTC(2024, 4, 1, 10, 0, 0, 500));
    expect(datetimeValue('2024-05-01T10:00:00.1239Z')).toBe(Date.UTC(2024, 4, 1, 10, 0, 0, 123));
    expect(datetimeValue('2024-05-01T10:00:00.5', 'xsd')).toBe(Date.UTC(2024, 4, 1, 10, 0, 0, 500) - HOURS_14); // xsd:dateTime's zone is optional
    expect(datetimeValue('2020-01-01')).toBeLessThan(datetimeValue('2024-05-01T00:00:01Z'));
    // The day may have begun before an instant of the evening before in UTC.
    expect(datetimeValue('2024-05-01')).toBeLessThan(datetimeValue('2024-04-30T20:00:00Z'));
  });
  it('is NaN for what validate refuses in the grammar (W3C Datetime, or xsd:date and xsd:dateTime)', () => {
    for (const value of ['', 'yesterday', '2024-05-01T10:00', '01/05/2024', '2024-5-1', '2024-05-01T10:00:00.Z', '2024-05-01t10:00Z', '2024-05-01T10:00z', '2024-05-01T10:00+0200',
      '+2024-05-01', '2024-05-01 ', '\u0662024', '2024-05-01T10:00:00Z\n', '2023-02-29', '2023-02-30', '2024-04-31', '2024-13', '2024-00', '2024-01-32', '0001-13-13',
      '2024-01-01T24:01Z', '2024-01-01T25:00Z', '2024-01-01T23:60Z', '2024-01-01T00:00+14:30', '2024-01-01T00:00-23:59']) expect(datetimeValue(value), value).toBeNaN();
    for (const value of ['2024', '2024-05', '2024-05-01T10:00Z']) {
      expect(datetimeValue(value), value).not.toBeNaN(); // W3C Datetime has these forms…
      expect(datetimeValue(value, 'xsd'), value).toBeNaN(); // …the XSD's types do not
    }
  });

  const digit = fc.constantFrom(...'0123456789');
  const year = fc.oneof(fc.constantFrom('0000', '0001', '0012', '0099', '0399', '0400', '1899', '1900', '1969', '1970', '2000', '2024', '2100', '9999'), fc.integer({ min: 0, max: 9999 }).map((n) => String(n).padStart(4, '0')));
  const two = fc.oneof(fc.constantFrom('00', '01', '02', '09', '10', '12', '13', '14', '23', '24', '28', '29', '30', '31', '32', '59', '60', '99'), fc.integer({ min: 0, max: 99 }).map((n) => String(n).padStart(2, '0')));
  const fraction = fc.tuple(fc.constantFrom('', '0', '00', '000000000'), fc.array(digit, { maxLength: 14 })).map(([zeros, digits]) => zeros + digits.join(''));
  const zone = fc.oneof(fc.constant('Z'), fc.tuple(fc.constantFrom('+', '-'), two, two).map(([sign, hours, minutes]) => `${sign}${hours}:${minutes}`), fc.constantFrom('', 'z', '+0100', '+01', '-1:00', 'Z+01:00'));
  const time = fc.tuple(two, two, fc.option(two), fc.option(fraction), zone)
    .map(([hours, minutes, seconds, digits, zoneText]) => `T${hours}:${minutes}${seconds === null ? '' : `:${seconds}${digits === null ? '' : `.${digits}`}`}${zoneText}`);
  const grammar = fc.tuple(year, fc.option(two), fc.option(two), fc.option(time))
    .map(([years, month, day, clock]) => years + (month === null ? '' : `-${month}${day === null ? '' : `-${day}${clock ?? ''}`}`));
  // One character put in, taken out or replaced anywhere: other digits, separators, spaces, non-ASCII digits.
  const edited = fc.tuple(grammar, fc.nat(), fc.constantFrom('', '0', '9', '-', ':', '.', 'T', 't', 'Z', '+', ' ', '\n', '\u0663', '\uff10', '/'), fc.boolean())
    .map(([text, at, put, replace]) => { const place = at % (text.length + 1); return text.slice(0, place) + put + text.slice(place + (replace ? 1 : 0)); });
  const lastmod = fc.oneof({ arbitrary: grammar, weight: 4 }, { arbitrary: edited, weight: 4 }, { arbitrary: fc.string({ unit: fc.constantFrom(...'0123456789-T:.Z+ ') }), weight: 1 });

  it('is the time checkDatetime gives a valid value, and NaN for any other, in both grammars (fast-check)', () => {
    fc.assert(fc.property(lastmod, fc.constantFrom('w3c' as const, 'xsd' as const), (value, grammarName) => {
      const check = checkDatetime(value, grammarName);
      // checkDatetime trims XML white space first; the crawl hands datetimeValue trimmed values.
      const expected = check.valid && value.trim() === value ? check.time : NaN;
      expect(Object.is(datetimeValue(value, grammarName), expected), `${JSON.stringify(value)} (${grammarName})`).toBe(true);
    }), { numRuns: 20_000 });
  });

  it('gives a file the lastmod range validate gives it, so a crawl with validate: false reports what a validating one does (fast-check)', () => {
    const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
    // Dates alone and date-times within a day of each other, where the reading of a date alone decides the order.
    const sameDays = fc.oneof(fc.constantFrom('2024-04-30', '2024-05-01', '2024-05-02', '2024-05', '2024'),
      fc.tuple(fc.constantFrom('2024-04-30', '2024-05-01', '2024-05-02'), fc.integer({ min: 0, max: 23 }), fc.constantFrom('Z', '+14:00', '-12:00', '+02:00', ''))
        .map(([day, hour, zoneText]) => `${day}T${String(hour).padStart(2, '0')}:00:00${zoneText}`));
    const lastmods = fc.array(fc.oneof({ arbitrary: lastmod, weight: 1 }, { arbitrary: sameDays, weight: 2 }), { minLength: 1, maxLength: 12 });
    fc.assert(fc.property(lastmods, fc.constantFrom('google' as const, 'xsd' as const), (lastmods, profile) => {
      const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${lastmods.map((value, i) => `<url><loc>https://example.com/${i}</loc><lastmod>${escape(value)}</lastmod></url>`).join('')}</urlset>`;
      // What the crawl does without validating: the entries parse reads, through LastmodRange.
      const range = new LastmodRange(profile === 'xsd' ? 'xsd' : 'w3c');
      for (const entry of parseSitemap(xml, { recover: true }).urls) range.add(entry.lastmod);
      expect(range.value(), JSON.stringify(lastmods)).toEqual(validate(xml, { profile }).stats.lastmod);
    }), { numRuns: 3000 });
  });
});

describe('LastmodRange', () => {
  it('gives the earliest and latest valid value as reading every one would, though it reads few of them (fast-check)', () => {
    // Values on neighbouring days, at the hours and zones that move an instant furthest from its
    // date (00:00 at +14:00, 24:00 at -14:00), so that a value it does not read sits right at the
    // edge of the days it may skip; invalid ones between them (a day that does not exist, hour 25).
    const day = fc.integer({ min: 1, max: 9 }).map((n) => `2024-05-0${n}`);
    const clock = fc.tuple(fc.constantFrom('00', '01', '10', '13', '14', '20', '23', '24', '25'), fc.constantFrom('00', '30', '59'), fc.constantFrom('Z', '+14:00', '-14:00', '+13:59', '-12:00', '+05:30', ''))
      .map(([hour, minute, zoneText]) => `T${hour}:${minute}:00${zoneText}`);
    const value = fc.oneof(
      { arbitrary: fc.tuple(day, fc.option(clock)).map(([date, time]) => date + (time ?? '')), weight: 8 },
      { arbitrary: fc.constantFrom('2024-04-31', '2024-05-00T10:00:00Z', '2024-05', '2024', '2024-05-3', 'not a date'), weight: 1 },
    );
    fc.assert(fc.property(fc.array(value, { minLength: 1, maxLength: 40 }), fc.constantFrom('w3c' as const, 'xsd' as const), (values, grammarName) => {
      const range = new LastmodRange(grammarName);
      for (const lastmod of values) range.add(lastmod);
      // Every value read: the first of the earliest and the first of the latest, as LastmodRange keeps them.
      let min: string | undefined, max: string | undefined, minValue = Infinity, maxValue = -Infinity;
      for (const lastmod of values) {
        const time = datetimeValue(lastmod, grammarName);
        if (time < minValue) { minValue = time; min = lastmod; }
        if (time > maxValue) { maxValue = time; max = lastmod; }
      }
      expect(range.value(), JSON.stringify(values)).toEqual(min === undefined ? undefined : { min, max });
    }), { numRuns: 5000 });
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
