// The crawl's page-URL identity (CRAWL_DUPLICATE_URL; bench/README.md, Crawl, round 7): the one the
// core gives a whole entry's loc (assembly/loc-scan.ts: a 64-bit hash of its bytes, only when they
// are comparableUrl's form already) against the fallback's (src/site/crawl-url-set.ts identityOf:
// comparableUrl, then the same hash of its UTF-8 bytes), in the SIMD and the scalar build; and
// crawls that list one page in several forms (plain, entities, CDATA, a text sitemap, upper case,
// a default port, an escape, an escape's hex digits in either case), in Node and in Chromium.

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBuildForTesting } from '../src/core/wasm';
import { comparableUrl } from '../src/values/url-check';
import { identityOf } from '../src/site/crawl-url-set';
import { LocIdentities } from '../src/read/loc-identities';
import { validate, validationSteps } from '../src/check/validate';
import { entriesOf } from '../src/site/crawl-records';
import { crawlSitemaps, type CrawlReport } from '../src/index';

const builds = ['simd', 'scalar'] as const;

afterAll(() => {
  // Leave the build the loader would pick (SIMD where it compiles) for what runs next here.
  try {
    loadBuildForTesting('simd');
  } catch {
    loadBuildForTesting('scalar');
  }
});

/** The identity identityOf gives `url`, as "high,low". */
function identity(url: string): string {
  const words = new Int32Array(2);
  identityOf(url, words, 0);
  return `${words[0]},${words[1]}`;
}

// URLs made of the pieces that decide comparableUrl's form: the scheme's and host's case, ports
// (default, leading zero, empty, too short or long, not digits), user information, IPv6 and IPv4
// hosts, escapes (upper or lower hex, unreserved or not, broken), dot-segments ("." and "%2e"
// after a "/"), characters the XML must escape, non-ASCII, and empty paths.
const scheme = fc.constantFrom('http', 'https', 'https', 'HTTP', 'Https', 'ftp');
const hostPiece = fc.constantFrom('example', 'shop', 'a', 'EXAMPLE', 'Ex-ample', 'xn--caf-dma', 'café', '127.0.0.1', '[::1]', '[FE80::1]', 'user@example', 'b%41r', 'b%2e', '', '-');
const host = fc.array(hostPiece, { minLength: 1, maxLength: 3 }).map((labels) => labels.join('.'));
const port = fc.constantFrom('', '', '', ':80', ':443', ':8080', ':08080', ':', ':65535', ':123', ':1234', ':12345', ':123456', ':99999', ':8a', ':0');
const pathPiece = fc.constantFrom('/', '/a', '/b/', '/./', '/../', '/.', '/..', '/%2e', '/%2E', '/%2e%2e/', '%7e', '%7E', '%C3%A9', '%c3%a9', '%41', '%4a', '%zz', '%', '~', 'é', '日本', '?q=1', '?', '#f', '#', '&', '&amp;', "'", '"', '<', '>', ' ', '.', '..', '//', '\\', 'A', 'Z', ';', '=', '/.well-known', '/%7euser', 'x'.repeat(40));
const anyUrl = fc.tuple(scheme, fc.constantFrom('://', '://', ':/', ':'), host, port, fc.array(pathPiece, { maxLength: 8 })).map(([s, separator, h, p, path]) => `${s}${separator}${h}${p}${path.join('')}`);
const plainUrl = fc.tuple(fc.constantFrom('https://example.com', 'http://shop.example.co.uk:8080', 'https://a.b', 'https://Example.com', 'https://a.b:443', 'http://a.b:80', 'https://a.b:08443', 'https://a.b:8443', 'https://a.b:123'), fc.array(fc.constantFrom('/', '/p', '/page-1', '?id=', '7', '&x=2', '#top', '~a', '%C3%A9'), { maxLength: 8 })).map(([origin, path]) => `${origin}/${path.join('')}`);
const url = fc.oneof({ weight: 3, arbitrary: anyUrl }, { weight: 2, arbitrary: plainUrl }, { weight: 1, arbitrary: fc.webUrl() });

/** How a loc is written in the document: XML-escaped plainly, with character references, in CDATA, with white space around it. */
const form = fc.constantFrom('plain', 'plain', 'references', 'cdata', 'spaced');
/** What the entry around it holds: only fields (whole), an extension after the loc (an entry head), a comment (record by record), no loc. */
const shape = fc.constantFrom('whole', 'whole', 'whole', 'head', 'records', 'lastmodFirst', 'noLoc');

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function writeLoc(loc: string, how: string): string {
  switch (how) {
    case 'references': return [...loc].map((char, at) => (at % 3 === 1 ? `&#${char.codePointAt(0)};` : escapeXml(char))).join('');
    case 'cdata': return loc.includes(']]>') ? escapeXml(loc) : `<![CDATA[${loc}]]>`;
    case 'spaced': return `\n   ${escapeXml(loc)} \t`;
    default: return escapeXml(loc);
  }
}

function writeEntry(loc: string, how: string, what: string): string {
  const value = `<loc>${writeLoc(loc, how)}</loc>`;
  switch (what) {
    case 'head': return `<url>${value}<image:image><image:loc>https://example.com/i.png</image:loc></image:image></url>`;
    case 'records': return `<url><!-- c -->${value}</url>`;
    case 'lastmodFirst': return `<url><lastmod>2024-01-01</lastmod>${value}</url>`;
    case 'noLoc': return '<url><lastmod>2024-01-01</lastmod></url>';
    default: return `<url>${value}<lastmod>2024-01-01</lastmod></url>`;
  }
}

const document = fc.array(fc.tuple(url, form, shape), { minLength: 1, maxLength: 12 }).map((entries) => new TextEncoder().encode(
  '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n'
  + entries.map(([loc, how, what]) => writeEntry(loc, how, what)).join('\n') + '\n</urlset>\n'));

// Locs full of escapes, for the rule that decides which ones the core may hash as written: any byte
// escaped with upper-, lower- or mixed-case hex (unreserved characters, reserved ones, non-ASCII
// UTF-8), "/%2E" and "/%2e" (escaped dot-segments), a "%" without two hex digits after it, raw
// non-ASCII, "." after "/", and an escape in the host. Written plainly in whole entries, so the
// core scans every one of them.
const hexDigits = (byte: number, casing: string): string => {
  const hex = byte.toString(16).padStart(2, '0');
  return casing === 'upper' ? hex.toUpperCase() : casing === 'lower' ? hex : hex[0]!.toUpperCase() + hex[1]!;
};
const escapePiece = fc.tuple(fc.oneof(fc.integer({ min: 0, max: 255 }), fc.constantFrom(0x2d, 0x2e, 0x5f, 0x7e, 0x41, 0x7a, 0x30, 0x2f, 0x3f, 0x25, 0xc3, 0xa9, 0xe6)), fc.constantFrom('upper', 'upper', 'lower', 'mixed')).map(([byte, casing]) => `%${hexDigits(byte, casing)}`);
const escapedPath = fc.array(fc.oneof({ weight: 4, arbitrary: escapePiece }, { weight: 3, arbitrary: fc.constantFrom('/', 'a', 'Z', '-', '~', '_', '9', '?', '#', '=', ';', '/%2E', '/%2e', '/%2E%2E/', '/.', '/..', '.', '%', '%G1', '%4', '%%', 'é', '日', '/%C3%A9') }), { maxLength: 10 });
// And paths the core should take as written: escapes comparableUrl keeps (non-ASCII UTF-8 bytes, reserved characters) only.
const keptEscape = fc.oneof(fc.integer({ min: 0x80, max: 0xff }), fc.constantFrom(0x20, 0x22, 0x25, 0x2f, 0x3a, 0x3f, 0x23, 0x5b, 0x5d, 0x40, 0x21, 0x26, 0x2b, 0x3d, 0x7c)).map((byte) => `%${hexDigits(byte, 'upper')}`);
const keptPath = fc.array(fc.oneof(keptEscape, fc.constantFrom('/', 'a', '-', '~', '?', '=', '#')), { maxLength: 10 });
const escapedLoc = fc.tuple(fc.constantFrom('https://example.com', 'https://example.com', 'http://127.0.0.1:8080', 'https://ex%41mple.com', 'https://ex%C3%A9.com', 'https://Example.com'), fc.oneof(escapedPath, keptPath)).map(([origin, path]) => `${origin}/${path.join('')}`);
const escapedDocument = fc.array(escapedLoc, { minLength: 1, maxLength: 12 }).map((locs) => ({
  locs,
  bytes: new TextEncoder().encode(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<url><loc>${loc}</loc><lastmod>2024-01-01</lastmod></url>`).join('\n')}</urlset>`),
}));
/**
 * Whether `loc` (one of escapedLoc's) is comparableUrl's form with nothing but non-ASCII for
 * validate to report, so the core must give it an identity: its escapes all have two hex digits (a
 * bare "%" is validate's BadPercent); non-ASCII is kept as it is by comparableUrl, and hashed as
 * the UTF-8 the core has; no "/." (the core leaves it to the fallback, though
 * comparableUrl keeps "/.well-known" as it is), and no escape with a hex letter in the host (the
 * core's host check takes its upper case for the host's, and leaves it to the fallback too).
 */
function keptAsWritten(loc: string): boolean {
  return comparableUrl(loc) === loc && !/%(?![0-9A-Fa-f]{2})/.test(loc) && !/[\x00-\x20\x7f]/.test(loc) && !loc.includes('/.') && !/^https?:\/\/[^/]*%[0-9]?[A-F]/.test(loc);
}

describe.each(builds)('the core\'s loc identity (%s build)', (build) => {
  beforeAll(() => {
    loadBuildForTesting(build);
  });

  it('is the fallback\'s (identityOf of comparableUrl) wherever it is given, read validating or not, and is given to the plain locs', () => {
    let given = 0, entries = 0;
    fc.assert(fc.property(document, fc.boolean(), (bytes, validating) => {
      const identities = new LocIdentities();
      const steps = validating ? validationSteps(bytes, {}, 64, () => undefined, undefined, identities) : entriesOf(bytes, identities);
      let index = 0;
      const wrong: string[] = [];
      for (let step = steps.next(); !step.done; step = steps.next()) {
        for (const entry of step.value as { loc: string }[]) {
          const words = identities.words;
          if (words[index * 3]) {
            given++;
            // The core says the loc is comparableUrl's form already, and its identity is the fallback's.
            if (comparableUrl(entry.loc) !== entry.loc) wrong.push(`not normal: ${entry.loc}`);
            if (`${words[index * 3 + 1]},${words[index * 3 + 2]}` !== identity(comparableUrl(entry.loc))) wrong.push(`another identity: ${entry.loc}`);
          }
          index++;
          entries++;
        }
      }
      expect(wrong).toEqual([]);
    }), { numRuns: 400 });
    // Not vacuous: the usual locs get the core's identity (plain ones in whole entries and heads).
    expect(given).toBeGreaterThan(entries / 16);
  });

  it('is given to a loc with escapes exactly when they are comparableUrl\'s (upper-case hex, not an unreserved character) and equals the fallback\'s (fast-check)', () => {
    let given = 0, withheld = 0;
    fc.assert(fc.property(escapedDocument, fc.boolean(), ({ locs, bytes }, validating) => {
      const identities = new LocIdentities();
      const steps = validating ? validationSteps(bytes, {}, 64, () => undefined, undefined, identities) : entriesOf(bytes, identities);
      const read: string[] = [];
      for (let step = steps.next(); !step.done; step = steps.next()) for (const entry of step.value as { loc: string }[]) read.push(entry.loc);
      expect(read).toEqual(locs);
      const wrong: string[] = [];
      locs.forEach((loc, index) => {
        const has = identities.words[index * 3] !== 0;
        if (has) given++;
        else withheld++;
        if (has !== keptAsWritten(loc)) wrong.push(`${has ? 'given' : 'withheld'}: ${loc}`);
        if (has && `${identities.words[index * 3 + 1]},${identities.words[index * 3 + 2]}` !== identity(comparableUrl(loc))) wrong.push(`another identity: ${loc}`);
      });
      expect(wrong).toEqual([]);
    }), { numRuns: 300 });
    // Both sides are exercised: locs with escapes the core takes, and ones it leaves to the fallback.
    expect(given).toBeGreaterThan(250); // about 480 (a keptPath after one of the three normal origins)
    expect(withheld).toBeGreaterThan(250);
  });

  // The identity changed nothing validate reports: the same locs (escapes in every case, escaped
  // and plain dot-segments, non-ASCII, duplicates) in whole entries, which the core now scans for
  // the identity too (a non-ASCII one for the identity only), and read record by record (a comment
  // in each <url>, on a line of its own, so that every position is the same), where the core's
  // whole-entry reader takes no part: the same issues at the same places, with and without a
  // location (its host-and-directory check and the DotSegment shortcut).
  it('leaves validate\'s issues as they are read record by record (fast-check)', () => {
    let issues = 0;
    const counts = { wholeIdentities: 0, recordIdentities: 0 };
    fc.assert(fc.property(fc.array(fc.oneof(escapedLoc, fc.constantFrom('https://example.com/shop/caf%C3%A9', 'https://example.com/shop/café', 'https://example.com/shop/%2e%2e/x', 'https://example.com/shop/../x', 'https://example.com/other/日本')), { minLength: 1, maxLength: 10 }), fc.boolean(), (locs, located) => {
      const write = (separator: string) => new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((loc) => `<url>\n${separator}\n<loc>${loc}</loc><lastmod>2024-01-01</lastmod></url>`).join('\n')}\n</urlset>\n`);
      const options = located ? { location: 'https://example.com/shop/sitemap.xml' } : {};
      const summary = (bytes: Uint8Array) => validate(bytes, options).issues.map((issue) => `${issue.code} ${issue.line}:${issue.column} ${issue.path} ${issue.value ?? ''}`);
      const whole = summary(write(''));
      issues += whole.length;
      expect(whole).toEqual(summary(write('<!---->')));
      // Which way each was read: only whole entries get identities.
      for (const [separator, counter] of [['', 'wholeIdentities'], ['<!---->', 'recordIdentities']] as const) {
        const identities = new LocIdentities();
        const read = [...entriesOf(write(separator), identities)].flat().length;
        for (let index = 0; index < read; index++) if (identities.words[index * 3]) counts[counter]++;
      }
    }), { numRuns: 150 });
    expect(issues).toBeGreaterThan(300);
    expect(counts.wholeIdentities).toBeGreaterThan(100);
    expect(counts.recordIdentities).toBe(0);
  });

  it('is given to a plain https loc with a port, with escapes comparableUrl keeps or with non-ASCII, and not to their other spellings', () => {
    const identities = new LocIdentities();
    const given = ['https://example.com:8443/a?b=1#c', 'https://example.com/%C3%A9', 'https://example.com/a%2F%25b?q=%3D%E6%97%A5#%5B', 'https://example.com/%C3%A9/%E6%97%A5', 'https://ex%25.com/a', 'https://example.com/é', 'https://example.com/caf%C3%A9/日本?q=ü#ß'];
    const notGiven = ['https://Example.com/a', 'HTTPS://example.com/a', 'https://example.com:443/a', 'http://example.com:80/a', 'https://example.com:0443/a', 'https://example.com/%7Ea', 'https://example.com/%c3%a9', 'https://example.com/%C3%a9', 'https://example.com/%41', 'https://example.com/%2E%2E/a', 'https://example.com/a/%2e', 'https://example.com/%C3%A', 'https://ex%41mple.com/a', 'https://ex%C3%A9.com/a', 'https://example.com/a/../b', 'https://example.com', 'https://example.com?q', 'https://user@example.com/', 'https://[::1]:8080/', 'https://example.com/é/../a', 'https://example.com/é%c3%a9', 'https://Exämple.com/'];
    const locs = [...given, ...notGiven];
    const bytes = new TextEncoder().encode(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${locs.map((loc) => `<url><loc>${escapeXml(loc)}</loc></url>`).join('')}</urlset>`);
    const read = [...entriesOf(bytes, identities)].flat();
    expect(read.map((entry) => entry.loc)).toEqual(locs);
    expect(locs.map((_, index) => identities.words[index * 3] !== 0)).toEqual([...given.map(() => true), ...notGiven.map(() => false)]);
    expect(given.map(comparableUrl)).toEqual(given);
    given.forEach((loc, index) => expect(`${identities.words[index * 3 + 1]},${identities.words[index * 3 + 2]}`).toBe(identity(loc)));
  });
});

describe('identityOf', () => {
  it('gives two URLs one identity exactly when comparableUrl makes them equal', () => {
    // Spellings of one URL that comparableUrl makes equal: the scheme's and host's case, a default
    // or empty port, an unreserved character escaped (either hex case), a dot-segment.
    const spell = (base: string, changes: string[]): string => {
      let spelled = base;
      for (const change of changes) {
        if (change === 'scheme') spelled = spelled.replace(/^[a-z]+/, (s) => s.toUpperCase());
        if (change === 'host') spelled = spelled.replace(/^([a-zA-Z]+:\/\/)([^/:?#]+)/, (_, s: string, h: string) => s + h.toUpperCase());
        if (change === 'port' && !/^[a-zA-Z]+:\/\/[^/?#]*:/.test(spelled)) spelled = spelled.replace(/^([a-zA-Z]+:\/\/[^/?#]+)/, (_, a: string) => a + (/^https/i.test(a) ? ':443' : ':'));
        if (change === 'escape') spelled = spelled.replace(/([^:/])\/p/, '$1/%70');
        if (change === 'dot') spelled = spelled.replace(/([^/:])\/([^/]|$)/, '$1/./$2');
      }
      return spelled;
    };
    const changes = fc.array(fc.constantFrom('scheme', 'host', 'port', 'escape', 'dot'), { maxLength: 4 });
    let same = 0;
    fc.assert(fc.property(plainUrl, changes, fc.option(changes, { nil: undefined }), url, (base, changesA, changesB, other) => {
      const a = spell(base, changesA);
      const b = changesB ? spell(base, changesB) : other;
      const equal = comparableUrl(a) === comparableUrl(b);
      if (equal) same++;
      expect(identity(comparableUrl(a)) === identity(comparableUrl(b))).toBe(equal);
    }), { numRuns: 3000 });
    expect(same).toBeGreaterThan(1000);
  });

  it('is MurmurHash3-like over 8-byte words, as documented (a model with BigInt), for any bytes up to 4 KiB', () => {
    const mask = (1n << 64n) - 1n;
    const multiplier = 0xff51afd7ed558ccdn;
    const rotl = (x: bigint, r: bigint) => ((x << r) | (x >> (64n - r))) & mask;
    const model = (bytes: Uint8Array): string => {
      let hash = multiplier ^ BigInt(bytes.length);
      for (let i = 0; i < bytes.length; i += 8) {
        let word = 0n;
        for (let k = 0; k < 8 && i + k < bytes.length; k++) word |= BigInt(bytes[i + k]!) << BigInt(8 * k);
        hash ^= (rotl((word * multiplier) & mask, 31n) * multiplier) & mask;
        hash = (rotl(hash, 27n) * multiplier) & mask;
      }
      hash = ((hash ^ (hash >> 33n)) * multiplier) & mask;
      hash = ((hash ^ (hash >> 33n)) * multiplier) & mask;
      hash ^= hash >> 33n;
      return `${BigInt.asIntN(32, hash >> 32n)},${BigInt.asIntN(32, hash)}`;
    };
    fc.assert(fc.property(fc.string({ unit: 'binary', maxLength: 1365 }), (text) => {
      expect(identity(text)).toBe(model(new TextEncoder().encode(text)));
    }), { numRuns: 300 });
  });

  it('tells apart URLs longer than its 4 KiB scratch region (hashed a piece at a time)', () => {
    const long = `https://example.com/${'a'.repeat(5000)}`;
    const seen = new Set([identity(long), identity(`${long}b`), identity(`${long.slice(0, 4200)}b${long.slice(4201)}`), identity(`é${long}`), identity(long.slice(0, 4096)), identity(long + long)]);
    expect(seen.size).toBe(6);
    expect(identity(long)).toBe(identity(`${long}`));
  });
});

describe('a crawl lists one page in several forms', () => {
  const site = 'https://example.com';
  const urlset = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">\n${body}\n</urlset>\n`;
  // The pages: /p1, /p2?x=1&y=2, /~p3, each written plainly in one file and otherwise in another.
  const files: Record<string, string> = {
    '/index.xml': `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['plain.xml', 'entities.xml', 'cdata.xml', 'spelled.xml', 'urls.txt'].map((name) => `<sitemap><loc>${site}/${name}</loc></sitemap>`).join('')}</sitemapindex>`,
    '/plain.xml': urlset(`<url><loc>${site}/p1</loc></url>\n<url><loc>${site}/~p3</loc><image:image><image:loc>${site}/i.png</image:loc></image:image></url>\n<url><loc>${site}/only-plain</loc></url>\n<url><loc>${site}/p1</loc></url>`),
    '/entities.xml': urlset(`<url><loc>${site}/&#112;1</loc></url>\n<url><loc>${site}/p2?x=1&amp;y=2</loc></url>`),
    '/cdata.xml': urlset(`<url><loc><![CDATA[${site}/p2?x=1&y=2]]></loc></url>\n<url><loc><![CDATA[${site}/only-cdata]]></loc></url>\n<url><loc>${site}/a/../p1</loc></url>`),
    '/spelled.xml': urlset(`<url><loc>https://EXAMPLE.com/p1</loc></url>\n<url><loc>HTTPS://example.com:443/p2?x=1&amp;y=2</loc></url>\n<url><loc>${site}/%7Ep3</loc></url>`),
    '/urls.txt': `${site}/p1\n${site}/only-text\n${site}/%7ep3\n`,
  };
  const fetchFile = async (url: string): Promise<Response> => {
    const path = url.slice(site.length);
    return url.startsWith(site) && files[path] !== undefined ? new Response(files[path], { status: 200 }) : new Response('', { status: 404 });
  };
  const duplicates = (report: CrawlReport) => Object.fromEntries(report.sitemaps.map((sitemap) => [sitemap.url.slice(site.length + 1), sitemap.issues.filter((issue) => issue.code === 'CRAWL_DUPLICATE_URL').map((issue) => issue.value)]));
  const expected = {
    'index.xml': [],
    'plain.xml': [],
    'entities.xml': [`${site}/p1`],
    'cdata.xml': [`${site}/p2?x=1&y=2`, `${site}/a/../p1`],
    'spelled.xml': ['https://EXAMPLE.com/p1', 'HTTPS://example.com:443/p2?x=1&y=2', `${site}/%7Ep3`],
    'urls.txt': [`${site}/p1`, `${site}/%7ep3`],
  };

  for (const validate of [true, false]) {
    it(`reports CRAWL_DUPLICATE_URL for each later listing, whichever form each file has (validate: ${validate})`, async () => {
      const report = await crawlSitemaps(`${site}/index.xml`, { fetch: fetchFile, concurrency: 1, concurrencyPerHost: 1, validate }).report();
      expect(duplicates(report)).toEqual(expected);
      expect(report.totals.entries).toBe(15);
      expect(report.issues.filter((issue) => issue.code === 'CRAWL_DUPLICATE_URL')).toEqual([]);
    });
  }
});

describe('a crawl lists one page with its escapes in either case', () => {
  const site = 'https://example.com';
  const urlset = (locs: string[]) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((loc) => `<url><loc>${loc}</loc></url>`).join('\n')}\n</urlset>\n`;
  // /caf%C3%A9 (the core's identity: comparableUrl's form) and /caf%c3%a9 (the fallback's) are one
  // page; /café (an IRI: comparableUrl does not map it) and /caf%C3%A9x are others.
  const files: Record<string, string> = {
    '/index.xml': `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['upper.xml', 'lower.xml', 'mixed.xml'].map((name) => `<sitemap><loc>${site}/${name}</loc></sitemap>`).join('')}</sitemapindex>`,
    '/upper.xml': urlset([`${site}/caf%C3%A9`, `${site}/a%2Fb?q=%E6%97%A5`, `${site}/%7Euser/%C3%A9`]),
    '/lower.xml': urlset([`${site}/caf%c3%a9`, `${site}/café`, `${site}/caf%C3%A9x`, `${site}/a%2fb?q=%e6%97%a5`]),
    '/mixed.xml': urlset([`${site}/~user/%c3%A9`, `${site}/caf%C3%a9`, `${site}/a%2Fb?q=%E6%97%A5`]),
  };
  const fetchFile = async (url: string): Promise<Response> => {
    const path = url.slice(site.length);
    return url.startsWith(site) && files[path] !== undefined ? new Response(files[path], { status: 200 }) : new Response('', { status: 404 });
  };

  for (const validate of [true, false]) {
    it(`reports CRAWL_DUPLICATE_URL for %c3%a9 after %C3%A9 (validate: ${validate})`, async () => {
      const report = await crawlSitemaps(`${site}/index.xml`, { fetch: fetchFile, concurrency: 1, concurrencyPerHost: 1, validate }).report();
      const duplicates = Object.fromEntries(report.sitemaps.map((sitemap) => [sitemap.url.slice(site.length + 1), sitemap.issues.filter((issue) => issue.code === 'CRAWL_DUPLICATE_URL').map((issue) => issue.value)]));
      expect(duplicates).toEqual({
        'index.xml': [],
        'upper.xml': [],
        'lower.xml': [`${site}/caf%c3%a9`, `${site}/a%2fb?q=%e6%97%a5`],
        'mixed.xml': [`${site}/~user/%c3%A9`, `${site}/caf%C3%a9`, `${site}/a%2Fb?q=%E6%97%A5`],
      });
      expect(report.totals.entries).toBe(10);
    });
  }
});

describe('a crawl lists one page with non-ASCII in files of several encodings', () => {
  const site = 'https://example.com';
  const urlset = (locs: string[], declaration = '<?xml version="1.0" encoding="UTF-8"?>') => `${declaration}\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${locs.map((loc) => `<url><loc>${loc}</loc></url>`).join('\n')}\n</urlset>\n`;
  const latin1 = (text: string) => Uint8Array.from(text, (char) => char.charCodeAt(0));
  const utf16le = (text: string) => {
    const bytes = new Uint8Array(2 + text.length * 2);
    bytes[0] = 0xff;
    bytes[1] = 0xfe;
    for (let i = 0; i < text.length; i++) {
      bytes[2 + i * 2] = text.charCodeAt(i) & 0xff;
      bytes[3 + i * 2] = text.charCodeAt(i) >> 8;
    }
    return bytes;
  };
  // /café as written in UTF-8, ISO-8859-1 (one byte: the front door decodes it to UTF-8 for the
  // core), UTF-16 and a text sitemap is one page; /caf%C3%A9 is another (comparableUrl does not
  // map an IRI to a URI), which /caf%c3%a9 repeats.
  const files: Record<string, string | Uint8Array> = {
    '/index.xml': `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${['utf8.xml', 'latin1.xml', 'utf16.xml', 'urls.txt'].map((name) => `<sitemap><loc>${site}/${name}</loc></sitemap>`).join('')}</sitemapindex>`,
    '/utf8.xml': urlset([`${site}/café`, `${site}/caf%C3%A9`, `${site}/日本/ü?q=ß`]),
    '/latin1.xml': latin1(urlset([`${site}/café`, `${site}/ü`], '<?xml version="1.0" encoding="ISO-8859-1"?>')),
    '/utf16.xml': utf16le(urlset([`${site}/日本/ü?q=ß`, `${site}/ü`], '<?xml version="1.0" encoding="UTF-16"?>')),
    '/urls.txt': `${site}/café\n${site}/caf%c3%a9\n`,
  };
  const fetchFile = async (url: string): Promise<Response> => {
    const path = url.slice(site.length);
    return url.startsWith(site) && files[path] !== undefined ? new Response(files[path] as BodyInit, { status: 200 }) : new Response('', { status: 404 });
  };

  for (const validate of [true, false]) {
    it(`reports CRAWL_DUPLICATE_URL for each later listing (validate: ${validate})`, async () => {
      const report = await crawlSitemaps(`${site}/index.xml`, { fetch: fetchFile, concurrency: 1, concurrencyPerHost: 1, validate }).report();
      const duplicates = Object.fromEntries(report.sitemaps.map((sitemap) => [sitemap.url.slice(site.length + 1), sitemap.issues.filter((issue) => issue.code === 'CRAWL_DUPLICATE_URL').map((issue) => issue.value)]));
      expect(duplicates).toEqual({
        'index.xml': [],
        'utf8.xml': [],
        'latin1.xml': [`${site}/café`],
        'utf16.xml': [`${site}/日本/ü?q=ß`, `${site}/ü`],
        'urls.txt': [`${site}/café`, `${site}/caf%c3%a9`],
      });
      expect(report.totals.entries).toBe(9);
    });
  }
});
