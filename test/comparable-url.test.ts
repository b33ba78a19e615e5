// comparableUrl and isNormalPlainHttpUrl (src/values/url-check.ts): URLs in the form RFC 3986 §6.2.2 and
// §6.2.3 compare them in, which validate's extension rules (hreflang reciprocity, a video location
// that is the page) compare URLs by. Cases from the RFC's own examples, then properties over
// generated URL-like strings. Shared: runs in Node and in Chromium.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { comparableUrl, isNormalPlainHttpUrl, isPlainHttpUrl, normalizeUrl } from '../src/values/url-check';

const CASES: Array<[string, string]> = [
  // §6.2.2.1 case: scheme and host, not path, query, user information or an opaque part.
  ['HTTPS://Example.COM/a', 'https://example.com/a'],
  ['HTTP://example.com/A?B#C', 'http://example.com/A?B#C'],
  ['https://User@Example.com/', 'https://User@example.com/'],
  ['https://[2001:DB8::1]/x', 'https://[2001:db8::1]/x'],
  ['mailto:Someone@Example.com', 'mailto:Someone@Example.com'],
  // §6.2.2.2 percent-encoding: upper-case hex, unreserved characters decoded (in the host in lower case).
  ['https://example.com/%7euser', 'https://example.com/~user'],
  ['https://example.com/%7Euser', 'https://example.com/~user'],
  ['https://example.com/%41%5a%2d%2E%5F%30', 'https://example.com/AZ-._0'],
  ['https://example.com/caf%c3%a9', 'https://example.com/caf%C3%A9'],
  ['https://example.com/a%2fb%3F%20', 'https://example.com/a%2Fb%3F%20'],
  ['https://example.com/a?x=%7e&y=%2f#F%6f', 'https://example.com/a?x=~&y=%2F#Fo'],
  ['https://%45xample.com/', 'https://example.com/'],
  ['urn:ISBN:%7e', 'urn:ISBN:~'],
  // §6.2.2.3 dot-segments (§5.2.4), also when spelled with escapes.
  ['https://example.com/a/./b/../c', 'https://example.com/a/c'],
  ['https://example.com/a/b/..', 'https://example.com/a/'],
  ['https://example.com/../a', 'https://example.com/a'],
  ['https://example.com/%2E%2E/a/%2e', 'https://example.com/a/'],
  ['https://example.com/a//../b', 'https://example.com/a/b'],
  ['/x/%7e/../%2f', '/x/%7E/../%2F'], // a relative reference: escapes in upper case only
  // §6.2.3 scheme-based: the default port, an empty port, an empty path.
  ['https://example.com', 'https://example.com/'],
  ['https://example.com?q', 'https://example.com/?q'],
  ['https://example.com#top', 'https://example.com/#top'],
  ['https://example.com:443/a', 'https://example.com/a'],
  ['https://example.com:0443/a', 'https://example.com/a'],
  ['http://example.com:80/a', 'http://example.com/a'],
  ['https://example.com:/a', 'https://example.com/a'],
  ['http://example.com:443/a', 'http://example.com:443/a'],
  ['https://example.com:8080', 'https://example.com:8080/'],
  ['ftp://example.com', 'ftp://example.com'],
];

/** Already normal: returned as they are (the same string, no copy). */
const NORMAL = [
  'https://example.com/',
  'https://www.example.com/sv/c/electronics/how?page=40&filter[brand]=pasta',
  'https://example.com/caf%C3%A9?q=%2F#frag',
  'http://example.com:8080/a',
  'https://example.com/.well-known/x', // a segment that starts with a dot but is none
  'https://example.com/a?next=/./b', // "/./" in the query is no dot-segment
  'https://example.com/a.b/c..d/',
  'https://example.com/ä/ö', // IRIs are not mapped to URIs
];

describe('comparableUrl', () => {
  it('normalises as RFC 3986 §6.2.2 and §6.2.3 say', () => {
    expect(CASES.map(([url]) => [url, comparableUrl(url)])).toEqual(CASES);
  });

  it('returns a URL already in that form as it is', () => {
    for (const url of NORMAL) expect(comparableUrl(url), url).toBe(url);
  });

  it('gives equivalent spellings one form, and different URLs different forms', () => {
    const same = ['https://example.com/~a/', 'HTTPS://EXAMPLE.COM:443/%7ea/', 'https://example.com/x/../%7Ea/./', 'https://Example.com/%7E%61/'];
    expect(new Set(same.map(comparableUrl))).toEqual(new Set(['https://example.com/~a/']));
    const different = ['https://example.com/a', 'https://example.com/A', 'http://example.com/a', 'https://example.com:8443/a', 'https://example.com/a/', 'https://example.com/a%2F', 'https://example.com/a?'];
    expect(new Set(different.map(comparableUrl)).size).toBe(different.length);
  });

  it('is idempotent, its quick way agrees with the long one, and isNormalPlainHttpUrl claims only URLs that are plain and already normal', () => {
    const pieces = fc.constantFrom('http', 'HTTPS', 'https', '://', ':', '/', '//', '.', '..', '/./', '/../', '%', '%2e', '%2E', '%7e', '%7E', '%c3%a9', '%C3', '%41', '%3a', '%zz',
      '?', '#', '@', '[', ']', 'Example', 'example.com', 'a', 'B', ':443', ':80', ':8080', ':', 'x y', 'é', 'É', '-', '_', '~', '&', '=');
    const urls = fc.array(pieces, { minLength: 1, maxLength: 14 }).map((parts) => parts.join(''));
    fc.assert(fc.property(fc.oneof(urls, urls.map((tail) => `https://example.com/${tail}`), urls.map((tail) => `http://${tail}`)), (url) => {
      const normal = comparableUrl(url);
      expect(comparableUrl(normal)).toBe(normal);
      // An upper-case scheme always takes the long way: the quick one must agree with it.
      if (/^https?:/.test(url)) expect(comparableUrl('HTTP' + url.slice(4))).toBe(normal);
      if (isNormalPlainHttpUrl(url)) {
        expect(isPlainHttpUrl(url)).toBe(true);
        expect(normal).toBe(url);
      }
    }), { numRuns: 20000 });
  });

  it('takes its fast way for a normal port and gives what the long way gives for every port', () => {
    const ports = ['http://127.0.0.1:8080/a', 'https://example.com:8443/', 'http://localhost:3000/?q=1', 'http://example.com:1/#f'];
    for (const url of ports) {
      expect(comparableUrl(url), url).toBe(url);
      expect(normalizeUrl(url), url).toBe(url);
    }
    const authority = fc.tuple(
      fc.constantFrom('', 'u@', 'u:p@', 'U:%41@'),
      fc.constantFrom('example.com', 'Example.com', '127.0.0.1', '[::1]', '[::1', 'a%2e', ''),
      fc.constantFrom('', ':', ':80', ':443', ':8080', ':08080', ':0', ':00', ':65536', ':8a', ':8080:90', '::80', ':1'),
    ).map((parts) => parts.join(''));
    const tail = fc.array(fc.constantFrom('/', 'a', '.', '..', '%7e', '%C3%A9', '?', '#', ':', '@', 'B'), { maxLength: 6 }).map((parts) => parts.join(''));
    fc.assert(fc.property(fc.constantFrom('http', 'https', 'ftp', 'HTTP', 'httpx', 'http2'), authority, tail, (scheme, host, rest) => {
      const url = `${scheme}://${host}${rest}`;
      expect(comparableUrl(url), url).toBe(normalizeUrl(url));
    }), { numRuns: 20000 });
  });

  it('isNormalPlainHttpUrl: the usual URLs yes, anything comparableUrl would change no', () => {
    for (const url of NORMAL.slice(0, 3)) expect(isNormalPlainHttpUrl(url), url).toBe(true);
    for (const [url] of CASES) expect(isNormalPlainHttpUrl(url), url).toBe(false);
  });
});
