// Reading syndication feeds as sitemaps (sitemaps.org "Syndication feed", SPEC.md §4): RSS 2.0
// (`rss/channel/item`: `<link>`, `<pubDate>` as lastmod, its RFC 822 date made W3C Datetime) and
// Atom 1.0 and 0.3 (`feed/entry`: `<link href>`, `<updated>` / `<modified>` as lastmod): a handler
// of the walker's events (read/walker.ts), as parse.ts is. Google's mRSS video elements are not read.

import { daysInMonth, DatetimeFields, DatetimeProblem, readDatetime } from '../values/datetime';
import { SitemapError, type ErrorCode } from '../model/errors';
import { tooLargeIssue, tooLargeIssueAt, tooManyUrlsIssue } from '../values/file-limits';
import { createIssue } from '../model/issue';
import { openDocument, readReadingOptions } from '../input/front-door';
import { LIMITS } from '../model/limits';
import { FOREIGN_ROOTS } from '../model/rules';
import { trimXmlSpace } from '../values/text';
import type { Issue, ParseOptions, SitemapInput, SitemapUrl, UrlsetResult } from '../model/types';
import { ID_EMPTY, positionAfterPushed, ReaderFlag, type XmlReader } from '../core/xml-reader';
import { DocumentWalker, type WalkHandler } from '../read/walker';

/** The syndication formats sitemaps.org accepts; Atom 0.3 and 1.0 are both `atom`. */
export type FeedFormat = 'rss' | 'atom';

/** What `parseFeed` returns: a urlset whose entries have a `loc` and, when the feed dates them, a `lastmod`. */
export interface FeedResult extends UrlsetResult {
  format: FeedFormat;
}

const ATOM_NAMESPACES = ['http://www.w3.org/2005/Atom', 'http://purl.org/atom/ns#'];
/** RFC 4287 §4.2.7.2: a relation given as an IRI under this prefix is the same as its short name. */
const IANA_RELATION_PREFIX = 'http://www.iana.org/assignments/relation/';

/** What an element of the feed's own namespace is to the reader. */
const enum Role {
  None = 1,
  Channel,
  Entry,
  Link,
  Date,
}

/** The elements read, by format and local name (Atom 1.0 dates with `updated`, 0.3 with `modified`). */
const ROLES: Readonly<Record<FeedFormat, ReadonlyMap<string, Role>>> = {
  rss: new Map([['channel', Role.Channel], ['item', Role.Entry], ['link', Role.Link], ['pubDate', Role.Date]]),
  atom: new Map([['entry', Role.Entry], ['link', Role.Link], ['updated', Role.Date], ['modified', Role.Date]]),
};

/** What to tell someone who handed in another format, by the local name of its root. */
const OTHER_ROOTS: ReadonlyMap<string, string> = new Map([
  ['urlset', 'an XML sitemap (<urlset>): read it with parse()'],
  ['sitemapindex', 'an XML sitemap index (<sitemapindex>): read it with parse()'],
  ['RDF', 'an RDF document (<rdf:RDF>), such as an RSS 1.0 feed; sitemaps.org accepts RSS 2.0 and Atom'],
]);

/**
 * Reads an RSS 2.0 or Atom (1.0 or 0.3) feed as a sitemap, as sitemaps.org and Google accept
 * them: each RSS `<item>` gives its `<link>`, each Atom `<entry>` the `href` of its
 * `rel="alternate"` link or of its first link without `rel`; the `lastmod` is RSS's `<pubDate>`
 * (RFC 822, turned into W3C Datetime: `Tue, 10 Jun 2003 04:00:00 EST` is
 * `2003-06-10T04:00:00-05:00`) or Atom's `<updated>` (1.0) / `<modified>` (0.3), kept as
 * written (RFC 3339 is W3C Datetime). Takes what `parse` takes (bytes, gzip sniffed; an
 * ArrayBuffer; a string) and returns `{ kind: 'urlset', format: 'rss' | 'atom', urls, issues }`.
 *
 * Strict by default, like `parse`: malformed XML throws `SitemapError` with the same `XML_*`
 * codes, line, column and path; `{ recover: true }` keeps the entries read and lists the errors
 * in `issues`. A root that is neither `<rss>` nor `<feed>` throws `SITEMAP_NOT_A_SITEMAP` (an
 * HTML page `SITEMAP_HTML`) in either mode, saying what it is. An entry without a link is left
 * out (`SITEMAP_MISSING_LOC`); a date that cannot be read is a `SITEMAP_BAD_LASTMOD` warning
 * and the entry is kept without `lastmod`. Also reported, as for a sitemap: a second link or
 * date (`SITEMAP_DUPLICATE_FIELD`, the first is kept), an entry cut off by the end of the file
 * (`SITEMAP_TRUNCATED_ENTRY`, left out), more than 50,000 URLs, more than 52,428,800 bytes, no
 * URL at all (`SITEMAP_EMPTY`). Links are kept as written (trimmed): `xml:base` is not applied.
 * When recover mode finds no root at all, `format` is `'rss'` (as `parse` says `'urlset'`) and
 * the issues say why.
 *
 * @example
 * const { format, urls, issues } = parseFeed(await (await fetch('/feed.xml')).arrayBuffer());
 * for (const { loc, lastmod } of urls) console.log(format, loc, lastmod);
 */
export function parseFeed(input: SitemapInput, options: ParseOptions = {}): FeedResult {
  const { reading } = readReadingOptions(options, 'feed');
  const recover = reading.recover;
  const opened = openDocument(input, reading);
  if (opened.refused !== undefined) return { kind: 'urlset', format: 'rss', urls: [], issues: [opened.refused] };
  const { bytes, issues } = opened;
  const feed = new FeedReader(issues, recover);
  feed.push(bytes, true, bytes.length > LIMITS.maxSitemapBytes ? tooLargeIssue(bytes) : undefined);
  // No root at all (recover mode): the issues say why; the format is the first one, as parse()'s kind is 'urlset'.
  return { kind: 'urlset', format: feed.format ?? 'rss', urls: feed.urls, issues };
}

/**
 * A feed read as it arrives (the crawl), as TextSitemapLines reads a text sitemap: each piece pushed
 * into parseFeed's reader, its entries and issues taken after each (the issues to `onIssue`, in
 * parseFeed's order). The first piece may start with a byte-order mark, as parseFeed's input may.
 *
 * @example
 * const feed = new ArrivingFeed((issue) => issues.push(issue));
 * for await (const piece of body) for (const url of feed.push(piece)) console.log(url.loc);
 * for (const url of feed.end()) console.log(url.loc);
 */
export class ArrivingFeed {
  readonly #issues: Issue[] = [];
  readonly #feed = new FeedReader(this.#issues, true);
  readonly #onIssue: (issue: Issue) => void;
  #started = false;

  constructor(onIssue: (issue: Issue) => void) {
    this.#onIssue = onIssue;
  }

  push(piece: Uint8Array): SitemapUrl[] {
    if (!this.#started) {
      this.#started = true;
      if (piece[0] === 0xef && piece[1] === 0xbb && piece[2] === 0xbf) piece = piece.subarray(3);
    }
    this.#feed.push(piece, false);
    return this.#taken();
  }

  end(): SitemapUrl[] {
    this.#feed.push(new Uint8Array(0), true);
    return this.#taken();
  }

  /** Gives the reader's core back (after the end: nothing). */
  stop(): void {
    this.#feed.stop();
  }

  #taken(): SitemapUrl[] {
    for (const issue of this.#issues) this.#onIssue(issue);
    this.#issues.length = 0;
    const urls = this.#feed.urls.slice();
    this.#feed.urls.length = 0;
    return urls;
  }
}

/**
 * One feed's handler of the walker's events, its bytes pushed once whole (parseFeed) or as they
 * arrive (the crawl: `push` each piece, UTF-8 as sent without its byte-order mark, and take `urls`
 * and `issues` after each). The issues of the whole file come with the last push. It holds a core
 * from its start to its last push; `stop()` gives it back before that.
 */
export class FeedReader implements WalkHandler {
  /** The entries read so far (the crawl empties it after each push). */
  readonly urls: SitemapUrl[] = [];
  format: FeedFormat | undefined;
  rootName = '';
  rootLine = 1;
  rootColumn = 1;
  readonly #walker: DocumentWalker;
  /** The feed's namespace id: its elements are in the root's namespace. */
  #namespace = -2;
  /** Role by local-name id, for this document (ids of names no core knows ahead are per document). */
  readonly #roles: Role[] = [];
  #rootEnded = false;
  /** The open child of the root is the feed's <channel> (RSS). */
  #inChannel = false;
  // The open entry (its depth and number are the walker's).
  #entryLine = 0;
  #entryColumn = 0;
  #loc: string | undefined;
  #lastmod: string | undefined;
  #dateSeen = false;
  #emptyLink = false;
  /** A `link` child in another namespace (`g:link`), named in the issue of an item without `<link>`. */
  #otherLink = '';
  // The open RSS link or date (its text is gathered).
  #fieldDepth = -1;
  #fieldRole = Role.None;
  #fieldName = '';
  #fieldText = '';
  #fieldLine = 0;
  #fieldColumn = 0;
  // The open Atom link (its attributes are gathered).
  #linkDepth = -1;
  #linkRel: string | undefined;
  #linkHref: string | undefined;

  readonly #issues: Issue[];
  #urlCount = 0;
  /** Bytes pushed, and where they crossed the size limit ([line, column]) once they have. */
  #size = 0;
  #crossed: [number, number] | undefined;

  constructor(issues: Issue[], recover: boolean) {
    this.#issues = issues;
    this.#walker = new DocumentWalker(this, recover ? 0 : ReaderFlag.StopAtFirstError, null, { recover, issues, textSitemapHint: false });
  }

  /**
   * Reads the next bytes (`final`: the last); with the last, the issues about the whole file: too
   * many well-formedness errors to list, no entry, and over 52,428,800 bytes (`tooLarge`, which
   * parseFeed makes from the whole bytes; when pushed in pieces, found where the pieces cross it).
   */
  push(piece: Uint8Array, final: boolean, tooLarge?: Issue): void {
    const reader = this.#walker.reader;
    try {
      const before = this.#size;
      this.#size += piece.length;
      const limit = LIMITS.maxSitemapBytes;
      if (tooLarge === undefined && before <= limit && this.#size > limit) {
        // Where the limit is crossed, from the core's own line count (validate does the same).
        reader.push(piece.subarray(0, limit - before), false);
        this.#crossed = positionAfterPushed(reader, piece[limit - before]!);
        reader.push(piece.subarray(limit - before), final);
      } else reader.push(piece, final);
    } catch (error) {
      reader.release();
      throw error;
    }
    if (!final) return;
    const suppressed = reader.suppressedErrors;
    if (suppressed > 0) {
      this.#issues.push(createIssue('XML_TOO_MANY_ERRORS', 'error', `${suppressed} more well-formedness errors were found and not listed one by one`, 0, 0, ''));
    }
    if (this.format !== undefined && this.#urlCount === 0) {
      const message = `Empty sitemap: the feed has no ${this.format === 'rss' ? '<item> with a <link>' : '<entry> with a link'}`;
      this.#issues.push(createIssue('SITEMAP_EMPTY', 'error', message, this.rootLine, this.rootColumn, this.rootName));
    }
    if (tooLarge ?? this.#crossed) this.#issues.push(tooLarge ?? tooLargeIssueAt(this.#size, this.#crossed![0], this.#crossed![1]));
  }

  /** Gives the core back before the last push (the walk stopped reading). */
  stop(): void {
    this.#walker.reader.release();
  }

  // ------------------------------------------------------------------ the walker's events
  endElement(_walker: DocumentWalker, depth: number, implied: boolean): void {
    if (depth === this.#fieldDepth) this.endField();
    else if (depth === this.#linkDepth) this.endLink();
    else if (depth === this.#walker.entryDepth) this.endEntry(implied);
    if (depth === 0) this.#rootEnded = true;
  }

  text(walker: DocumentWalker, depth: number): void {
    if (this.#fieldDepth >= 0 && depth === this.#fieldDepth) this.#fieldText += walker.value();
  }

  attribute(walker: DocumentWalker, depth: number): void {
    if (this.#linkDepth >= 0 && depth === this.#linkDepth && walker.namespace === ID_EMPTY) {
      const name = walker.reader.name(walker.local);
      if (name === 'href' || name === 'rel') {
        const value = walker.value();
        if (name === 'href') this.#linkHref = value;
        else this.#linkRel = value;
      }
    }
  }

  startElement(walker: DocumentWalker, depth: number): void {
    const reader = walker.reader;
    const local = walker.local;
    if (depth === 0) return this.startRoot(walker);
    if (this.#rootEnded) return; // inside a second root (XML_MULTIPLE_ROOTS): nothing to read
    const ownNamespace = walker.namespace === this.#namespace;
    const role = ownNamespace ? this.roleOf(reader, local) : Role.None;
    if (depth === 1) this.#inChannel = role === Role.Channel;
    if (walker.entryDepth < 0) {
      // RSS items are in rss/channel, Atom entries in feed.
      if (role === Role.Entry && (this.format === 'rss' ? depth === 2 && this.#inChannel : depth === 1)) this.startEntry(depth, walker.line, walker.column);
      return;
    }
    if (depth !== walker.entryDepth + 1) return;
    if (!ownNamespace) {
      if (this.#otherLink === '' && reader.name(local) === 'link') {
        const prefix = reader.name(walker.prefix);
        this.#otherLink = `<${prefix ? `${prefix}:` : ''}link> (namespace ${reader.name(walker.namespace) || 'none'})`;
      }
      return;
    }
    if (role === Role.Link && this.format === 'atom') {
      this.#linkDepth = depth;
      this.#linkRel = this.#linkHref = undefined;
    } else if (role === Role.Link || role === Role.Date) {
      this.#fieldDepth = depth;
      this.#fieldRole = role;
      this.#fieldName = reader.name(local);
      this.#fieldText = '';
      this.#fieldLine = walker.line;
      this.#fieldColumn = walker.column;
    }
  }

  private startRoot(walker: DocumentWalker): void {
    // A second element at depth 0 is no root to check: the core's XML_MULTIPLE_ROOTS record follows.
    if (this.format !== undefined) return;
    const reader = walker.reader;
    const name = reader.name(walker.local);
    const namespaceId = walker.namespace;
    const namespace = reader.name(namespaceId);
    const line = walker.line, column = walker.column;
    if (name !== 'rss' && name !== 'feed') {
      const what = OTHER_ROOTS.get(name) ?? (Object.hasOwn(FOREIGN_ROOTS, name) ? FOREIGN_ROOTS[name] : undefined) ?? `<${name}>${namespace ? ` in namespace ${namespace}` : ''}`;
      const code: ErrorCode = name === 'html' ? 'SITEMAP_HTML' : 'SITEMAP_NOT_A_SITEMAP';
      throw new SitemapError(code, `Not a feed: expected <rss> (RSS 2.0) or <feed> (Atom), found ${what}`, { line, column, offset: reader.windowOffset + walker.start, path: name });
    }
    this.format = name === 'rss' ? 'rss' : 'atom';
    this.#namespace = namespaceId;
    this.rootName = name;
    this.rootLine = line;
    this.rootColumn = column;
    if (this.format === 'atom' && !ATOM_NAMESPACES.includes(namespace)) {
      const message = `<feed> is ${namespace ? `in the namespace "${namespace}"` : 'in no namespace'}; expected xmlns="${ATOM_NAMESPACES[0]}" (Atom 1.0) or "${ATOM_NAMESPACES[1]}" (Atom 0.3) (read anyway)`;
      this.#issues.push(createIssue('SITEMAP_NAMESPACE', 'warning', message, line, column, name, 0, namespace, { expected: ATOM_NAMESPACES[0], received: namespace }));
    }
  }

  private roleOf(reader: XmlReader, local: number): Role {
    return this.#roles[local] ??= ROLES[this.format!].get(reader.name(local)) ?? Role.None;
  }

  private startEntry(depth: number, line: number, column: number): void {
    this.#walker.beginEntry(depth);
    this.#entryLine = line;
    this.#entryColumn = column;
    this.#loc = this.#lastmod = undefined;
    this.#dateSeen = this.#emptyLink = false;
    this.#otherLink = '';
  }

  private endField(): void {
    const value = trimXmlSpace(this.#fieldText);
    const name = this.#fieldName;
    this.#fieldDepth = -1;
    let duplicate = false;
    if (this.#fieldRole === Role.Link) {
      if (value === '') this.#emptyLink = true;
      else if (this.#loc === undefined) this.#loc = value;
      else duplicate = true;
    } else if (this.#dateSeen) duplicate = true;
    else {
      this.#dateSeen = true;
      this.#lastmod = feedDate(value);
      if (this.#lastmod === undefined) {
        const message = value === ''
          ? `<${name}> is empty; the entry is kept without lastmod`
          : `<${name}> "${value}" is not a date: RFC 822 (Tue, 10 Jun 2003 04:00:00 GMT) or W3C Datetime / RFC 3339 (2003-06-10T04:00:00Z) with a time zone; the entry is kept without lastmod`;
        this.addIssue('SITEMAP_BAD_LASTMOD', 'warning', message, this.#fieldLine, this.#fieldColumn, name, value);
      }
    }
    if (duplicate) this.addIssue('SITEMAP_DUPLICATE_FIELD', 'warning', `A second <${name}> in one ${this.entryName()}: the first one is kept`, this.#fieldLine, this.#fieldColumn, name, value);
  }

  /** An Atom link ends: the entry's page when it is the first alternate one with an href. */
  private endLink(): void {
    this.#linkDepth = -1;
    const rel = this.#linkRel === undefined ? 'alternate' : trimXmlSpace(this.#linkRel);
    if (this.#loc !== undefined || (rel !== 'alternate' && rel !== IANA_RELATION_PREFIX + 'alternate')) return;
    const href = trimXmlSpace(this.#linkHref ?? '');
    if (href === '') this.#emptyLink = true;
    else this.#loc = href;
  }

  private endEntry(implied: boolean): void {
    // Issues first, while the entry is open, so that their paths name it (rss/channel/item[3]).
    if (implied) {
      this.addIssue('SITEMAP_TRUNCATED_ENTRY', 'warning', `${this.entryName()} #${this.#walker.entryNumber} was cut off by the end of the document and is left out`, this.#entryLine, this.#entryColumn, undefined, undefined, true);
    } else if (this.#loc === undefined) {
      const rss = this.format === 'rss';
      const what = this.#emptyLink ? `an empty ${rss ? '<link>' : 'link'}` : rss ? 'no <link>' : 'no <link> to its page (rel="alternate" or no rel)';
      const other = rss && this.#otherLink ? `; its ${this.#otherLink} is not one` : '';
      this.addIssue('SITEMAP_MISSING_LOC', 'error', `${this.entryName()} has ${what}${other}: it is left out`, this.#entryLine, this.#entryColumn, undefined, undefined, true);
    } else {
      const loc = this.#loc, lastmod = this.#lastmod;
      this.urls.push(lastmod === undefined ? { loc } : { loc, lastmod });
      if (++this.#urlCount === LIMITS.maxUrlsPerSitemap + 1) this.#issues.push(tooManyUrlsIssue(this.#entryLine, this.#entryColumn, this.#walker.path(this.#walker.entryDepth + 1), this.#walker.entryNumber));
    }
    this.#walker.endEntry();
    this.#fieldDepth = -1;
    this.#linkDepth = -1;
  }

  private entryName(): string {
    return this.format === 'rss' ? '<item>' : '<entry>';
  }

  /** An issue of the open entry (`leftOut`: it is not kept because of this). */
  private addIssue(code: ErrorCode, severity: Issue['severity'], message: string, line: number, column: number, child?: string, value?: string, leftOut = false): void {
    const walker = this.#walker;
    let path = walker.path(walker.entryDepth + 1);
    if (child) path += '/' + child;
    this.#issues.push(createIssue(code, severity, message, line, column, path, walker.openEntryNumber(), value, leftOut ? { leftOut } : undefined));
  }
}

// ------------------------------------------------------------------------------------------
// Dates

const fields = new DatetimeFields();
const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'];
/**
 * RFC 822 §5.1 zones (RFC 2822 §4.3), in minutes east of UTC, and UTC, which feeds write too. The
 * military letters but Z are left out: RFC 822 gave their signs backwards, so no one knows what
 * one means (RFC 2822 reads them as "unknown"); so are names outside RFC 822 (CET, IST…), which
 * are ambiguous.
 */
const ZONES: Readonly<Record<string, number>> = {
  UT: 0, UTC: 0, GMT: 0, Z: 0,
  EST: -300, EDT: -240, CST: -360, CDT: -300, MST: -420, MDT: -360, PST: -480, PDT: -420,
};
/**
 * RFC 822 §5 date-time, as RFC 2822 §3.3 and §4.3 read it: `[day ","] d month yy[yy] hh:mm[:ss] zone`.
 * Leniencies seen in feeds: full day and month names, no time at all (a date), `+hh:mm`.
 */
const RFC_822 = /^(?:([A-Za-z]+)\s*,\s*)?(\d{1,2})\s+([A-Za-z]+)\.?\s+(\d{4}|\d{2})(?:\s+(\d{1,2}):(\d{2})(?::(\d{2}))?(?:\s*([A-Za-z]+|[+-]\d{2}:?\d{2}))?)?$/;

/**
 * A feed's date as W3C Datetime, or undefined when it cannot be read: a value already in W3C
 * Datetime (Atom's RFC 3339, or an RSS feed that writes one) as it is; RFC 3339 with a lower-case
 * `t`/`z` or a space between date and time (RFC 3339 §5.6 allows them) with `T`/`Z`; an RFC 822
 * date (RSS `<pubDate>`, or an Atom feed that writes one) converted, keeping its offset.
 *
 * @example
 * feedDate('Tue, 10 Jun 2003 04:00:00 GMT'); // '2003-06-10T04:00:00+00:00'
 * feedDate('Sat, 07 Sep 2002 00:00:01 PDT'); // '2002-09-07T00:00:01-07:00'
 * feedDate('2003-12-13T18:30:02Z');          // '2003-12-13T18:30:02Z'
 */
export function feedDate(value: string): string | undefined {
  if (value === '') return undefined;
  if (readDatetime(value, 'w3c', fields) === DatetimeProblem.None) return value;
  const rfc3339 = value.replace(/^(\d{4}-\d{2}-\d{2})[t ]/, '$1T').replace(/z$/, 'Z');
  if (rfc3339 !== value && readDatetime(rfc3339, 'w3c', fields) === DatetimeProblem.None) return rfc3339;
  return rfc822ToW3c(value);
}

function rfc822ToW3c(value: string): string | undefined {
  const match = RFC_822.exec(value);
  if (match === null) return undefined;
  const [, dayName, dayText, monthName, yearText, hourText, minuteText, secondText, zoneText] = match;
  if (dayName !== undefined && nameIndex(DAYS, dayName) < 0) return undefined;
  const month = nameIndex(MONTHS, monthName!) + 1;
  // RFC 2822 §4.3: a two-digit year is 20yy below 50, 19yy from 50.
  const year = yearText!.length === 2 ? Number(yearText) + (Number(yearText) < 50 ? 2000 : 1900) : Number(yearText);
  const day = Number(dayText);
  if (month === 0 || day < 1 || day > daysInMonth(year, month) || year === 0) return undefined;
  const date = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  if (hourText === undefined) return date;
  const hour = Number(hourText), minute = Number(minuteText), second = Number(secondText ?? 0);
  if (hour > 23 || minute > 59 || second > 59 || zoneText === undefined) return undefined;
  let offset = ZONES[zoneText.toUpperCase()];
  if (offset === undefined) {
    if (zoneText[0] !== '+' && zoneText[0] !== '-') return undefined; // a name RFC 822 does not have
    const digits = zoneText.replace(':', ''); // RFC_822 matched ±hhmm or ±hh:mm
    const hours = Number(digits.slice(1, 3)), minutes = Number(digits.slice(3, 5));
    // W3C Datetime and XML Schema stop at ±14:00, the farthest real zone.
    if (minutes > 59 || hours * 60 + minutes > 14 * 60) return undefined;
    offset = (digits[0] === '-' ? -1 : 1) * (hours * 60 + minutes);
  }
  const zone = `${offset < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offset) / 60))}:${pad(Math.abs(offset) % 60)}`;
  return `${date}T${pad(hour)}:${pad(minute)}:${pad(second)}${zone}`;
}

/** Index of `name` in `names` (full English names), written in full or cut to three letters or more, any case; -1 if none. */
function nameIndex(names: readonly string[], name: string): number {
  const lower = name.toLowerCase();
  return lower.length < 3 ? -1 : names.findIndex((full) => full.startsWith(lower));
}

function pad(value: number): string {
  return value < 10 ? `0${value}` : String(value);
}
