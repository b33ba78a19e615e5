// Checking `<loc>` values: the protocol's rules (absolute http/https URL, escaped per RFC 3986,
// under 2,048 characters, on the sitemap's host and under its directory; sitemaps.org, SPEC.md §1,
// §2) and sitemap.xsd's `tLoc` (xsd:anyURI, length 12..2,048) as libxml2 2.9.14 checks it.

/** What the one-pass scan of a loc found (a bit set; 0: nothing to report). Mirrors assembly/loc-scan.ts. */
export const enum LocFinding {
  Empty = 1,
  NotHttp = 2, // another scheme (mailto:, ftp:, …)
  Relative = 4, // no scheme at all
  NoHost = 8, // nothing after "//", or a host with an empty label (hostEmptyLabel)
  Space = 16,
  Control = 32,
  BadPercent = 64,
  NonAscii = 128,
  /** Not a finding, only the core's (its record's bit 9): a "/" followed by "." or "%" (LocScan.noDotSegment). */
  DotSegment = 512,
  Unescaped = 256, // " < > \ ^ ` { | } which RFC 3986 wants percent-encoded
}

/** The scan's findings plus the length in characters (code points) and where the host is. */
export class LocScan {
  findings = 0;
  length = 0;
  /** Index in the value of the first offending character (for the message), or -1. */
  firstBad = -1;
  /** For http(s) locs: where the authority (host) starts and ends in the value, and its hash (lowercased). */
  hostStart = 0;
  hostEnd = 0;
  hostHash = 0;
  /**
   * No "/" followed by "." or "%" in the loc, and no character that must be escaped (so no
   * "\\"): it has no dot-segment for the URL parser to resolve, and outOfScope need not look
   * for one. False when it may have one. The core says it only of a loc with no findings
   * (readCoreLocScan); the string scan also of one with others (a non-ASCII loc, about 6% of the
   * crawl bench's, ran the regular expression for nothing).
   */
  noDotSegment = false;
}

// FNV-1a, as assembly/loc-scan.ts hashes a host (the host statistics compare hashes first).
const FNV_OFFSET = 0x811c9dc5 | 0;
const FNV_PRIME = 16777619;

export function isHex(code: number): boolean {
  return (code >= 48 && code <= 57) || ((code | 0x20) >= 97 && (code | 0x20) <= 102);
}

function isAlpha(code: number): boolean {
  return (code | 0x20) >= 97 && (code | 0x20) <= 122;
}

// What each printable ASCII character needs in a loc: nothing (0), a "%" check, or escaping.
const CHECK_PERCENT = 1;
const NEEDS_ESCAPING = 2;
const CHECK_SLASH = 3; // a dot-segment after it? (LocScan.noDotSegment)
const PRINTABLE_CLASS = new Uint8Array(128);
PRINTABLE_CLASS[37] = CHECK_PERCENT;
PRINTABLE_CLASS[47] = CHECK_SLASH;
for (const char of '"<>\\^`{|}') PRINTABLE_CLASS[char.charCodeAt(0)] = NEEDS_ESCAPING;

/** Length of the scheme + "://" when the value starts with http:// or https:// (any case), else 0. */
export function httpPrefixLength(value: string): number {
  if (value.length < 8) return 0;
  if ((value.charCodeAt(0) | 0x20) !== 104 || (value.charCodeAt(1) | 0x20) !== 116 || (value.charCodeAt(2) | 0x20) !== 116 || (value.charCodeAt(3) | 0x20) !== 112) return 0;
  let at = 4;
  if ((value.charCodeAt(at) | 0x20) === 115) at++;
  if (value.charCodeAt(at) !== 58 || value.charCodeAt(at + 1) !== 47 || value.charCodeAt(at + 2) !== 47) return 0;
  return at + 3;
}

/**
 * One pass over a (trimmed) loc for the protocol's rules; fills `scan`. Regex-free and
 * allocation-free: it runs once per entry.
 */
export function scanLoc(value: string, scan: LocScan): void {
  scan.findings = 0;
  scan.firstBad = -1;
  scan.noDotSegment = false;
  const length = value.length;
  if (length === 0) {
    scan.findings = LocFinding.Empty;
    scan.length = 0;
    return;
  }
  let findings = 0;
  const prefix = httpPrefixLength(value);
  if (prefix === 0) {
    // A scheme is ALPHA *( ALPHA / DIGIT / "+" / "-" / "." ) ":" (RFC 3986 §3.1).
    let at = 0;
    if (isAlpha(value.charCodeAt(0))) {
      at = 1;
      while (at < length) {
        const code = value.charCodeAt(at);
        if (isAlpha(code) || (code >= 48 && code <= 57) || code === 43 || code === 45 || code === 46) at++;
        else break;
      }
    }
    findings |= at > 0 && value.charCodeAt(at) === 58 ? LocFinding.NotHttp : LocFinding.Relative;
  } else {
    const hostEnd = prefix < length ? value.charCodeAt(prefix) : 47;
    if (hostEnd === 47 || hostEnd === 63 || hostEnd === 35 || hostEnd === 58) findings |= LocFinding.NoHost;
  }
  let surrogates = 0;
  let firstBad = -1;
  let dotSegment = false;
  let hostHash = FNV_OFFSET;
  let hostEnd = prefix === 0 ? 0 : length;
  for (let at = 0; at < length; at++) {
    const code = value.charCodeAt(at);
    if (at >= prefix && at < hostEnd) {
      if (code === 47 || code === 63 || code === 35) hostEnd = at;
      else hostHash = Math.imul(hostHash ^ (code >= 65 && code <= 90 ? code | 0x20 : code), FNV_PRIME);
    }
    if (code > 0x20 && code < 0x7f) {
      const kind = PRINTABLE_CLASS[code]!;
      if (kind === 0) continue;
      if (kind === CHECK_SLASH) {
        const next = value.charCodeAt(at + 1);
        if (next === 46 || next === 37) dotSegment = true;
        continue;
      }
      if (kind === CHECK_PERCENT) {
        if (isHex(value.charCodeAt(at + 1)) && isHex(value.charCodeAt(at + 2))) continue;
        findings |= LocFinding.BadPercent;
      } else {
        findings |= LocFinding.Unescaped;
      }
      if (firstBad < 0) firstBad = at;
      continue;
    }
    if (code === 0x20) findings |= LocFinding.Space;
    else if (code < 0x20 || code === 0x7f || (code >= 0x80 && code < 0xa0)) findings |= LocFinding.Control;
    else {
      findings |= LocFinding.NonAscii;
      if (code >= 0xdc00 && code <= 0xdfff) surrogates++;
    }
    if (firstBad < 0) firstBad = at;
  }
  if (prefix !== 0 && (findings & LocFinding.NoHost) === 0 && hostEmptyLabel(value, prefix, hostEnd)) findings |= LocFinding.NoHost;
  scan.findings = findings;
  scan.noDotSegment = !dotSegment && (findings & LocFinding.Unescaped) === 0; // findings but a "\\" change nothing for RESOLVED_PATH_PART
  scan.length = length - surrogates;
  scan.firstBad = firstBad;
  scan.hostStart = prefix;
  scan.hostEnd = hostEnd;
  scan.hostHash = hostHash;
}

/**
 * True when the authority [start, end) of an http(s) URL has no host name, or one with an empty
 * label: a dot first (`http://.example.com/`) or two in a row (`http://a..b.com/`, `http://a.com../`).
 * One dot at the end is the DNS root (`http://example.com./`) and fine; an IP literal (`[::1]`)
 * has no labels. URL parsers and resolvers refuse such a name (RFC 1034 §3.1, RFC 3986 §3.2.2).
 * The same rule as assembly/loc-scan.ts scanLoc.
 *
 * @example
 * hostEmptyLabel('http://a..b.com/', 7, 15); // true
 */
export function hostEmptyLabel(value: string, start: number, end: number): boolean {
  const at = value.lastIndexOf('@', end - 1);
  if (at >= start) start = at + 1; // after the userinfo
  if (value.charCodeAt(start) === 91 /* [ */) return false;
  let label = 0, hostname = 0;
  for (let i = start; i < end; i++) {
    const code = value.charCodeAt(i);
    if (code === 58 /* : the port */) break;
    hostname++;
    if (code !== 46 /* . */) label++;
    else if (label === 0) return true;
    else label = 0;
  }
  return hostname === 0;
}

/** What is wrong with the host of a loc whose scan found LocFinding.NoHost: none at all, or an empty label. */
export function noHostProblem(value: string, scan: LocScan): string {
  const authority = value.slice(scan.hostStart, scan.hostEnd);
  const hostname = authority.slice(authority.lastIndexOf('@') + 1);
  const colon = hostname.charCodeAt(0) === 91 /* [ */ ? -1 : hostname.indexOf(':');
  return (colon < 0 ? hostname : hostname.slice(0, colon)) === ''
    ? 'has no host after "//"'
    : 'has an empty label in its host name (a dot first, or two dots in a row)';
}

// ------------------------------------------------------------------ xsd:anyURI as libxml2 reads it

/** XML Schema's whitespace "collapse": trim, and every run of space, tab, CR, LF becomes one space. */
export function collapseWhitespace(value: string): string {
  return value.replace(/[ \t\r\n]+/g, ' ').replace(/^ | $/g, '');
}

/** Length in code points. */
export function codePointLength(value: string): number {
  let length = value.length;
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code >= 0xdc00 && code <= 0xdfff) length--;
  }
  return length;
}

// Characters libxml2 replaces by "_" before parsing an anyURI (xmlschemastypes.c, XML_SCHEMAS_ANYURI):
// a code point (the `u` flag: one "_" for a character outside the BMP) below 0x21 or above 0x7e, or one of these.
const REPLACED_BEFORE_PARSE = /[^\x21-\x7e]|[<>"{}|\\^`']/gu;

/**
 * True when libxml2 2.9.14 accepts `value` as an xsd:anyURI: whitespace collapsed, characters
 * below 0x20, at or above 0x7f and ` <>"{}|\^`'` replaced by "_", then an RFC 3986
 * URI-reference parse (xmlParse3986URIReference). Verified against xmllint on this machine
 * (test/validate-xmllint.node.test.ts).
 */
export function isXsdAnyUri(value: string): boolean {
  const collapsed = collapseWhitespace(value);
  return collapsed === '' || uriReader.uriReference(collapsed.replace(REPLACED_BEFORE_PARSE, '_'));
}

// Character classes of RFC 3986 as libxml2's parser uses them, one bit each.
const PCHAR_BASE = 1; // unreserved (ALPHA DIGIT - . _ ~) and sub-delims (! $ & ' ( ) * + , ; =)
const COLON = 2;
const AT = 4;
const SLASH_QUESTION = 8;
const BRACKETS = 16;
const URI_CLASS = new Uint8Array(128);
for (const char of "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~!$&'()*+,;=") URI_CLASS[char.charCodeAt(0)] = PCHAR_BASE;
URI_CLASS[58] = COLON;
URI_CLASS[64] = AT;
URI_CLASS[47] = URI_CLASS[63] = SLASH_QUESTION;
URI_CLASS[91] = URI_CLASS[93] = BRACKETS;

const SEGMENT = PCHAR_BASE | COLON | AT;
const SEGMENT_NO_COLON = PCHAR_BASE | AT;
const USERINFO = PCHAR_BASE | COLON;
const QUERY = SEGMENT | SLASH_QUESTION;
// libxml2 2.9.14 also lets "[" and "]" into a fragment (xmlParse3986Fragment).
const FRAGMENT = QUERY | BRACKETS;

/** A cursor over a URI for the RFC 3986 grammar, with libxml2's choices. */
class UriReader {
  at = 0;
  #text = '';

  private code(offset = 0): number {
    return this.#text.charCodeAt(this.at + offset);
  }

  /** Advances over one character of the classes in `mask`, or a %XX; false at anything else. */
  private unit(mask: number): boolean {
    const code = this.code();
    if (code < 128 && (URI_CLASS[code]! & mask) !== 0) { this.at++; return true; }
    if (code === 37 && isHex(this.code(1)) && isHex(this.code(2))) { this.at += 3; return true; }
    return false;
  }

  private segment(mask = SEGMENT): number {
    const start = this.at;
    while (this.unit(mask));
    return this.at - start;
  }

  private pathAbempty(): void {
    while (this.code() === 47) { this.at++; this.segment(); }
  }

  private authority(): boolean {
    // userinfo "@", tried and rolled back
    const start = this.at;
    while (this.unit(USERINFO));
    if (this.code() === 64) this.at++;
    else this.at = start;
    if (this.code() === 91 /* [ */) {
      const close = this.#text.indexOf(']', this.at);
      if (close < 0) return false;
      this.at = close + 1;
    } else {
      while (this.unit(PCHAR_BASE));
    }
    if (this.code() === 58) {
      this.at++;
      const portStart = this.at;
      while (this.code() >= 48 && this.code() <= 57) this.at++;
      if (this.at === portStart) return false;
    }
    return true;
  }

  private queryAndFragment(): boolean {
    if (this.code() === 63) { this.at++; while (this.unit(QUERY)); }
    if (this.code() === 35) { this.at++; while (this.unit(FRAGMENT)); }
    return this.at === this.#text.length;
  }

  /** scheme ":" hier-part [ "?" query ] [ "#" fragment ] */
  private absolute(): boolean {
    this.at = 0;
    if (!isAlpha(this.code())) return false;
    while (isAlpha(this.code()) || (this.code() >= 48 && this.code() <= 57) || this.code() === 43 || this.code() === 45 || this.code() === 46) this.at++;
    if (this.code() !== 58) return false;
    this.at++;
    if (this.code() === 47 && this.code(1) === 47) {
      this.at += 2;
      if (!this.authority()) return false;
      this.pathAbempty();
    } else if (this.code() === 47) {
      this.at++;
      if (this.segment() > 0) this.pathAbempty();
    } else if (this.segment() > 0) {
      this.pathAbempty();
    }
    return this.queryAndFragment();
  }

  /** relative-part [ "?" query ] [ "#" fragment ] */
  private relative(): boolean {
    this.at = 0;
    if (this.code() === 47 && this.code(1) === 47) {
      this.at += 2;
      if (!this.authority()) return false;
      this.pathAbempty();
    } else if (this.code() === 47) {
      this.at++;
      if (this.segment() > 0) this.pathAbempty();
    } else if (this.segment(SEGMENT_NO_COLON) > 0) {
      this.pathAbempty();
    }
    return this.queryAndFragment();
  }

  uriReference(text: string): boolean {
    this.#text = text;
    return this.absolute() || this.relative();
  }
}

/**
 * The common case, settled without scanLoc: `http(s)://`, a host (what follows is not `/`, `?`,
 * `#` or `:`, scanLoc's NoHost), then only printable ASCII that RFC 3986 allows unescaped, and
 * `%` only before two hex digits. True means scanLoc would find nothing. One native regex pass:
 * ~3x faster than a charCodeAt loop on the values a parse makes (slices of a large string), and
 * validate() checks every extension URL with it (mixed-50k.xml: ~100,000).
 */
export function isPlainHttpUrl(value: string): boolean {
  return PLAIN_HTTP_URL.test(value);
}

// Printable ASCII but " % < > \ ^ ` { | } (scanLoc's LocFinding.Unescaped), or %XX.
// Not plain either: no host name after the userinfo, or a name with an empty label (scanLoc's
// hostEmptyLabel). In the lookahead, `(?=((?:[^/?#]*@)?))\1` takes everything up to the last "@"
// of the authority at once (a lookahead does not backtrack), then the name must not start with
// "." or ":" or end there, nor have ".." before its port; an IP literal ("[") has no labels.
const PLAIN_HTTP_URL = /^https?:\/\/(?![/?#:])(?!(?=((?:[^/?#]*@)?))\1(?!\[)(?:[.:/?#]|$|[^/?#:]*\.\.))(?:[!#$&-;=?-[\]_a-z~]|%[0-9A-Fa-f]{2})+$/;

/** One reader, reused: isXsdAnyUri runs once per entry in the xsd profile. */
const uriReader = new UriReader();

/**
 * `isXsdAnyUri` for a value with no white space, control, non-ASCII or to-be-escaped character
 * (what scanLoc reports): nothing to collapse or replace, so the RFC 3986 parse alone decides.
 */
export function isPlainUriReference(value: string): boolean {
  // Most locs are http(s)://host[:port] then a path and query of pchars: one native regex pass
  // settles those; the rest (brackets, fragments, other forms) goes through the full reader.
  return COMMON_HTTP_URI.test(value) || uriReader.uriReference(value);
}

/** http(s)://reg-name[:port][/path][?query] with only unreserved, sub-delims, ":", "@", "/", "?" and %XX. */
const COMMON_HTTP_URI = /^https?:\/\/(?:[\w.~!$&'()*+,;=-]|%[0-9a-f]{2})*(?::\d+)?(?:[/?](?:[\w.~!$&'()*+,;=:@/?-]|%[0-9a-f]{2})*)?$/i;

// ------------------------------------------------------------------ host and directory scope

/** Where a sitemap lives, read once from `location`: the prefix its locs must start with. */
export interface LocationScope {
  /** The location, normalised by the URL parser. */
  href: string;
  protocol: string;
  host: string; // hostname[:port], without a default port
  hostname: string;
  /** The directory part of the path, ending in "/". */
  directory: string;
  /** directory with its escapes normalised (percentNormalized): `/%63atalog/` is `/catalog/` (RFC 3986 §6.2.2.2). */
  comparableDirectory: string;
  /** `protocol//host/directory`: the fast-path prefix. */
  prefix: string;
}

/** Reads `location` into a scope; undefined when it is not an absolute URL. */
export function readLocationScope(location: string): LocationScope | undefined {
  let url: URL;
  try {
    url = new URL(location);
  } catch {
    return undefined;
  }
  const directory = url.pathname.slice(0, url.pathname.lastIndexOf('/') + 1) || '/';
  return { href: url.href, protocol: url.protocol, host: url.host, hostname: url.hostname, directory, comparableDirectory: percentNormalized(directory, false), prefix: `${url.protocol}//${url.host}${directory}` };
}

/**
 * A dot-segment (`.`, `..`, or `%2e` spellings of them) or a backslash, which the URL parser
 * resolves: `https://h/catalog/../secret` starts with `https://h/catalog/` but is not below it.
 * Checked on the whole loc, query included, which at worst sends a loc to the slow path.
 */
const RESOLVED_PATH_PART = /\\|(?:^|\/)(?:\.|%2e){1,2}(?:[/?#]|$)/i;

/**
 * Why a loc is outside the scope, or '' when it is inside (or cannot be read as a URL).
 * `noDotSegment`: the loc is known to have no dot-segment and no "\\" (LocScan.noDotSegment), so
 * RESOLVED_PATH_PART cannot match it (a loc that starts with the prefix starts with a scheme, so
 * its `^` branch cannot either) and is not run: about 0.1 µs a loc, 3% of a crawl's time (2026-11-26).
 *
 * @example
 * outOfScope('https://example.com/shop/a', readLocationScope('https://example.com/shop/sitemap.xml')!, new Set()); // ''
 */
export function outOfScope(loc: string, scope: LocationScope, crossSubmitHosts: ReadonlySet<string>, noDotSegment = false): string {
  // lastIndexOf(…, 0) tries the prefix at 0 only, as startsWith does, in half the time on a loc
  // sliced from the reader's arena (about 30 ns against 60 on Node 20, 2026-11-27: a crawl's 1,000,000).
  if (loc.lastIndexOf(scope.prefix, 0) === 0 && (noDotSegment || !RESOLVED_PATH_PART.test(loc))) return '';
  let url: URL;
  try {
    url = new URL(loc);
  } catch {
    return ''; // reported as an invalid loc already
  }
  if (crossSubmitHosts.has(url.hostname.toLowerCase()) || crossSubmitHosts.has(url.host.toLowerCase())) return '';
  if (url.protocol !== scope.protocol || url.host !== scope.host) {
    return `is on ${url.protocol}//${url.host}, but the file is on ${scope.protocol}//${scope.host} (same protocol, host and port required unless that host's robots.txt cross-submits it)`;
  }
  if (!percentNormalized(url.pathname, false).startsWith(scope.comparableDirectory)) return `is outside ${scope.directory}, the directory of the file (${scope.href}); only URLs at or below it are allowed`;
  return '';
}

/** `host[:port]` of an http(s) loc (lowercase), given where the scheme prefix ends; '' when none. */
export function hostOf(loc: string, prefixLength: number): string {
  let end = prefixLength;
  while (end < loc.length) {
    const code = loc.charCodeAt(end);
    if (code === 47 || code === 63 || code === 35) break;
    end++;
  }
  const authority = loc.slice(prefixLength, end);
  return authority.slice(authority.lastIndexOf('@') + 1).toLowerCase();
}

// ------------------------------------------------------------------ URL equivalence

/**
 * A URL in the form RFC 3986 compares URLs in (§6.2.2, syntax-based, and §6.2.3, scheme-based
 * normalisation): scheme and host in lower case; percent-encodings with upper-case hex digits,
 * and the unreserved characters among them (letters, digits, `-._~`) decoded; dot-segments
 * removed; for http and https an empty or default port (`:80`, `:443`) left out and an empty path
 * written `/`. URLs that give the same string are equivalent by those sections:
 * `https://EXAMPLE.com:443/%7Ea` and `https://example.com/~a`.
 * Not done: IRI to URI mapping (`/café` vs `/caf%C3%A9`), IDNA, anything past §6.2.3; a relative
 * reference (no scheme: no URL of a sitemap) only has its escapes' hex digits put in upper case.
 *
 * The usual URL is already in that form and is returned as is, after a look at its scheme and
 * host and two searches (for `%` and `/.`): callers can compare every URL of a file through it.
 *
 * @example
 * comparableUrl('HTTPS://Example.com:443/%7euser/a/../b'); // 'https://example.com/~user/b'
 * comparableUrl(href) === comparableUrl(loc); // the same page
 */
export function comparableUrl(url: string): string {
  const length = url.length;
  let i = 0;
  for (; i < length; i++) {
    const code = url.charCodeAt(i);
    if (code === 58 /* : */) break;
    if (code >= 65 && code <= 90) return normalizeUrl(url); // an upper-case scheme
    if (code === 47 || code === 63 || code === 35) return normalizeUrl(url); // no scheme: a relative reference
  }
  if (i === length) return normalizeUrl(url);
  let pathStart = i + 1;
  if (url.charCodeAt(i + 1) === 47 && url.charCodeAt(i + 2) === 47) {
    // The authority: an upper-case letter, a "%", or a ":" that starts no normal port (user information, a default port) needs the long way.
    for (pathStart = i + 3; pathStart < length; pathStart++) {
      const code = url.charCodeAt(pathStart);
      if (code === 47 || code === 63 || code === 35) break;
      if (code === 58 && pathStart > i + 3) {
        // A port (a local or staging site has one on every URL): already normal when it is digits
        // to the authority's end, without a leading zero, and not the scheme's default.
        pathStart = normalPortEnd(url, i, pathStart + 1);
        if (pathStart < 0) return normalizeUrl(url);
        break;
      }
      if ((code >= 65 && code <= 90) || code === 58 || code === 37) return normalizeUrl(url);
    }
    if (url.charCodeAt(pathStart) !== 47) return normalizeUrl(url); // an empty path
  }
  if (url.indexOf('/.', pathStart) >= 0) return normalizeUrl(url);
  // Escapes already in normal form (%C3%A9: upper-case hex, not an unreserved character) are the
  // usual ones: 7,030 of the 60,008 hreflang hrefs of bench/data/mixed-50k.xml have some.
  for (let at = url.indexOf('%', pathStart); at >= 0; at = url.indexOf('%', at + 1)) {
    const high = url.charCodeAt(at + 1), low = url.charCodeAt(at + 2);
    if (!isHex(high) || !isHex(low)) continue;
    if (high >= 97 || low >= 97 || isUnreserved(hexDigit(high) * 16 + hexDigit(low))) return normalizeUrl(url); // lower-case hex, or decoded
    at += 2;
  }
  return url;
}

/**
 * Where the port that starts at `start` ends, when it is digits up to the authority's end ("/",
 * "?", "#" or the end), the first not 0, and not the default port of the scheme `url` starts with
 * (`schemeEnd` long: 80 for http, 443 for https); -1 otherwise (comparableUrl's long way).
 */
function normalPortEnd(url: string, schemeEnd: number, start: number): number {
  let end = start;
  for (; end < url.length; end++) {
    const code = url.charCodeAt(end);
    if (code < 48 || code > 57) break;
  }
  if (end === start || url.charCodeAt(start) === 48 /* 0 */) return -1;
  if (end < url.length) {
    const code = url.charCodeAt(end);
    if (code !== 47 && code !== 63 && code !== 35) return -1;
  }
  const digits = end - start;
  if (schemeEnd === 4 && digits === 2 && url.startsWith('http') && url.startsWith('80', start)) return -1;
  if (schemeEnd === 5 && digits === 3 && url.startsWith('https') && url.startsWith('443', start)) return -1;
  return end;
}

function hexDigit(code: number): number {
  return code <= 57 ? code - 48 : (code | 0x20) - 87;
}

/** RFC 3986 §2.3: ALPHA / DIGIT / "-" / "." / "_" / "~". */
function isUnreserved(code: number): boolean {
  return (code >= 0x41 && code <= 0x5a) || (code >= 0x61 && code <= 0x7a) || (code >= 0x30 && code <= 0x39) || code === 0x2d || code === 0x2e || code === 0x5f || code === 0x7e;
}

/** scheme ":" ["//" authority] path ["?" query] ["#" fragment] (RFC 3986 appendix B). */
const URI_PARTS = /^(?:([a-zA-Z][a-zA-Z0-9+.-]*):)?(?:\/\/([^/?#]*))?([^?#]*)(\?[^#]*)?(#[\s\S]*)?$/;
const DEFAULT_PORTS: Readonly<Record<string, string>> = { http: '80', https: '443' };

/**
 * comparableUrl's long way (exported for the test that checks the fast way against it). Once is enough for a URI; a string that is none (a "%" that starts no
 * escape, removed with a dot-segment) can need a second pass, which gives the same form to all
 * its spellings too.
 *
 * @example
 * normalizeUrl('http://127.0.0.1:8080/a/../b') === comparableUrl('http://127.0.0.1:8080/a/../b'); // true
 */
export function normalizeUrl(url: string): string {
  let result = normalizeUrlOnce(url);
  for (let pass = 0; pass < 3; pass++) {
    const again = normalizeUrlOnce(result);
    if (again === result) break;
    result = again;
  }
  return result;
}

/** Every part of `url` normalised. */
function normalizeUrlOnce(url: string): string {
  const parts = URI_PARTS.exec(url);
  if (parts === null) return percentNormalized(url, false); // the pattern matches any string; kept for the type checker
  const scheme = parts[1] === undefined ? undefined : parts[1].toLowerCase();
  // A relative reference keeps its escaped characters: %41: decoded would read as a scheme.
  if (scheme === undefined) return url.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());
  const authority = parts[2];
  let path = percentNormalized(parts[3]!, false);
  let result = scheme + ':';
  if (authority !== undefined) {
    const at = authority.lastIndexOf('@');
    const userInformation = at < 0 ? '' : percentNormalized(authority.slice(0, at + 1), false);
    let host = authority.slice(at + 1);
    // The port: digits after the last ":", past an IPv6 literal's "]" (an authority with more colons is left as it is).
    const colon = host.lastIndexOf(':');
    let port: string | undefined;
    if (colon > host.lastIndexOf(']') && /^[0-9]*$/.test(host.slice(colon + 1)) && (host.charCodeAt(0) === 91 /* [ */ ? host.charCodeAt(colon - 1) === 93 /* ] */ : host.indexOf(':') === colon)) {
      port = host.slice(colon + 1).replace(/^0+(?=\d)/, '');
      host = host.slice(0, colon);
    }
    if (port === '' || port === DEFAULT_PORTS[scheme]) port = undefined;
    result += '//' + userInformation + percentNormalized(host, true) + (port === undefined ? '' : ':' + port);
    if (path === '' && DEFAULT_PORTS[scheme] !== undefined) path = '/';
  }
  if (path.includes('.') && (authority !== undefined || path.charCodeAt(0) === 47)) path = withoutDotSegments(path);
  return result + path + (parts[4] === undefined ? '' : percentNormalized(parts[4], false)) + (parts[5] === undefined ? '' : percentNormalized(parts[5], false));
}

const BARE_PERCENT = /%(?![0-9a-fA-F]{2})/;

/** `text` with its escapes' hex digits in upper case and escaped unreserved characters decoded; its ASCII letters in lower case (but the escapes') when `lowerCase`. */
function percentNormalized(text: string, lowerCase: boolean): string {
  // ASCII letters only: a URI's host is ASCII (an IRI's is left as it is, like its other parts).
  if (lowerCase) text = text.replace(/[A-Z]+/g, (letters) => letters.toLowerCase());
  if (!text.includes('%')) return text;
  // Beside a "%" that starts no escape (not a URI), a decoded hex digit could start one: upper case only.
  if (BARE_PERCENT.test(text)) return text.replace(/%[0-9a-f]{2}/gi, (escape) => escape.toUpperCase());
  return text.replace(/%[0-9a-fA-F]{2}/g, (escape) => {
    const code = parseInt(escape.slice(1), 16);
    if (!isUnreserved(code)) return escape.toUpperCase();
    const character = String.fromCharCode(code);
    return lowerCase ? character.toLowerCase() : character;
  });
}

/** RFC 3986 §5.2.4 remove_dot_segments. */
function withoutDotSegments(path: string): string {
  const output: string[] = [];
  const segments = path.split('/');
  // A path that ends in "." or ".." ends in "/" once they are gone (/a/b/.. → /a/).
  const last = segments[segments.length - 1];
  const trailingSlash = last === '.' || last === '..';
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i]!;
    if (segment === '.') continue;
    if (segment === '..') {
      if (output.length > 1 || (output.length === 1 && output[0] !== '')) output.pop();
      continue;
    }
    output.push(segment);
  }
  if (trailingSlash) output.push('');
  return output.join('/');
}

/** An escape comparableUrl keeps: upper-case hex digits, not an unreserved character. */
const NORMAL_ESCAPE = '%(?:[0189A-F][0-9A-F]|2[0-9A-CF]|3[A-F]|40|5[B-E]|60|7[B-DF])';
/** isPlainHttpUrl's pattern with a lower-case host, no port, a path without dot-segments and only NORMAL_ESCAPEs. */
const NORMAL_PLAIN_HTTP_URL = new RegExp(`^https?://(?![.@])(?![^/?#]*(?:\\.\\.|@[.:]|@$|@[/?#]))[!$&-.0-9;=@\\[\\]_a-z~]+(?:/(?!\\.)(?:[!$&-.0-;=@-[\\]_a-z~]|${NORMAL_ESCAPE})*)+(?:[?#](?:[!#$&-;=?-[\\]_a-z~]|${NORMAL_ESCAPE})*)?$`);

/**
 * isPlainHttpUrl(value) and comparableUrl(value) === value, in one native regex pass, as fast
 * as isPlainHttpUrl alone (measured on the 60,008 hreflang hrefs of bench/data/mixed-50k.xml,
 * 2026-11-24): what validate checks every href with, so that the usual one pays nothing for
 * the URL comparisons of the hreflang rules. False says nothing: ask the two functions.
 *
 * @example
 * const key = isNormalPlainHttpUrl(href) ? href : comparableUrl(href);
 */
export function isNormalPlainHttpUrl(value: string): boolean {
  return NORMAL_PLAIN_HTTP_URL.test(value);
}
