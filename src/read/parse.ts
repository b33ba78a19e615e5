// Reading sitemaps.org 0.9 `<urlset>` and `<sitemapindex>` documents (SPEC.md §1, §2, §5): the
// push parser and the one-shot functions; what reads the walker's events is SitemapReader
// (sitemap-reader.ts).

import { SitemapError } from '../model/errors';
import { adviceFor, describeValue } from '../input/input';
import { openDocument, readReadingOptions } from '../input/front-door';
import type { XmlReader } from '../core/xml-reader';
import type { LocIdentities } from './loc-identities';
import type { Issue, ParseOptions, ParseResult, SitemapIndexEntry, SitemapIndexResult, SitemapInput, SitemapUrl, UrlsetResult } from '../model/types';
import { observeReader, SitemapReader, skipReaderByteOrderMark, type Kind, type SitemapParserObserver, type SitemapParserOptions } from './sitemap-reader';

export { checkKindOption, type SitemapParserObserver, type SitemapParserOptions } from './sitemap-reader';

/** Set by SitemapParser's static block: the reader behind a parser. */
let readerOf: (parser: SitemapParser) => SitemapReader;

/**
 * A push parser: feed it UTF-8 XML in chunks of any size (a chunk may end anywhere, even inside
 * a tag or a UTF-8 sequence), then read `result()`. `parse()` is this with one chunk; the
 * stream API is built on it. It does not unzip or transcode: `parse()` does that first.
 *
 * @example
 * const parser = new SitemapParser();
 * for (const chunk of chunks) parser.push(chunk);
 * parser.push(new Uint8Array(0), true);
 * const { urls } = parser.result() as UrlsetResult;
 */
export class SitemapParser {
  /** The issues found so far (the result's `issues`). */
  readonly issues: Issue[];
  readonly #reader: SitemapReader;

  static {
    readerOf = (parser) => parser.#reader;
  }

  constructor(options: SitemapParserOptions = {}) {
    this.#reader = new SitemapReader(options);
    this.issues = this.#reader.issues;
  }

  /**
   * Feeds the next bytes of the document; `final` says they are the last. Bytes only (an
   * ArrayBuffer or another view is read as its bytes; a string is INPUT_TYPE: encode it, or hand
   * it to parse() or parseStream()); nothing after the final push, an abort() or an error this
   * parser threw (INPUT_TYPE, saying what to do instead).
   */
  push(chunk: Uint8Array, final = false): void {
    this.#reader.checkOpen();
    this.#reader.push(chunk instanceof Uint8Array ? chunk : chunkBytes(chunk), final);
  }

  /**
   * Hands over the entries completed since the last call and forgets them: a stream drains them
   * after every push, so no more than one chunk's entries are ever held. `result()` then holds
   * only the entries not taken.
   *
   * @example
   * parser.push(chunk);
   * for (const entry of parser.takeEntries()) console.log(entry.loc);
   */
  takeEntries(): (SitemapUrl | SitemapIndexEntry)[] {
    return this.#reader.takeEntries();
  }

  /** The root's kind once the root element has been read (undefined before). */
  get documentKind(): Kind | undefined {
    return this.#reader.documentKind;
  }

  /**
   * Stops reading before the end (a cancelled stream), or lets go of a core held past the end
   * (createObservedParser's `holdCore`): gives the core instance back. Idempotent.
   */
  abort(): void {
    this.#reader.abort();
  }

  /**
   * The document read so far; call after the final push (or abort()). Before it, or after push()
   * threw, it throws INPUT_TYPE saying what to do instead.
   */
  result(): ParseResult {
    return this.#reader.result();
  }
}

/**
 * A parser whose walk `observer` sees, event by event: how validate() reuses the one walker
 * instead of keeping a second one. Unless `keepEntries`, it builds no entries (`result()` lists
 * none): the observer has every value. With `holdCore`, the core instance stays taken after the
 * document ends, until `abort()` (validate() asks its loc set about hreflang targets then).
 * Internal (not exported from the package): the walker's events are not a public contract. It is
 * fed bytes as prepareInput makes them, whose byte-order mark is gone: it skips none itself
 * (markByteOrderMarkRemoved), so a second one is reported.
 *
 * @example
 * const parser = createObservedParser({ recover: true }, validator);
 * parser.push(prepareInput(input).bytes, true);
 */
export function createObservedParser(options: SitemapParserOptions, observer: SitemapParserObserver, keepEntries = false, holdCore = false): SitemapParser {
  const parser = new SitemapParser(options);
  markByteOrderMarkRemoved(parser);
  observeReader(readerOf(parser), observer, keepEntries, holdCore);
  return parser;
}

/**
 * The XmlReader a parser reads through, for validate(), which asks its core where a document
 * crosses the 50 MB limit (xml-reader.ts positionAfterPushed). Internal (not exported from the
 * package), and not a member, so that `import { parse }` leaves it out.
 *
 * @example
 * const [line, column] = positionAfterPushed(xmlReaderOf(parser), next);
 */
export function xmlReaderOf(parser: SitemapParser): XmlReader {
  return readerOf(parser).walker.reader;
}

/**
 * Has a parser keep each whole entry's loc identity in `identities`, by entry number (the crawl's
 * page URLs: LocIdentities). A parser made by createObservedParser has the core's loc checks on
 * already; any other is given them with `identitiesOnly` (no loc set, no lastmod checks), and its
 * core no longer stages entries (a staged entry has no EntryScan record). Call before the first
 * push. Internal, and not a member, so that `import { parse }` leaves it out.
 *
 * @example
 * const identities = new LocIdentities();
 * trackLocIdentities(parser, identities, true);
 */
export function trackLocIdentities(parser: SitemapParser, identities: LocIdentities, identitiesOnly: boolean): void {
  const reader = readerOf(parser);
  // This reader's own wholeEntry and entryHead, wrapped: SitemapReader, which every parse() bundle
  // holds, carries nothing for it. An entry head's number is known once its outer entry (if it was
  // left open) has been kept, so after the head is read.
  const { wholeEntry, entryHead } = reader;
  reader.wholeEntry = (walker, entry) => {
    identities.take(reader.entriesKept, entry);
    wholeEntry.call(reader, walker, entry);
  };
  reader.entryHead = (walker, entry) => {
    entryHead.call(reader, walker, entry);
    identities.take(reader.entriesKept, entry);
  };
  if (!identitiesOnly) return;
  reader.walker.reader.watchText('loc', 1);
  reader.walker.reader.stageEntries(false);
}

/**
 * Tells a parser that the bytes it is fed have had the document's byte-order mark removed
 * already (prepareInput's, or a stream's that sniffed the encoding): it then skips none of its
 * own, and a second mark (EF BB BF EF BB BF) reads as what it is, a character before the root
 * (XML_TEXT_OUTSIDE_ROOT; xmllint: "Start tag expected"). Skipped by both, it went unnoticed.
 * Call before the first push.
 *
 * @example
 * const parser = new SitemapParser(options);
 * markByteOrderMarkRemoved(parser);
 * parser.push(prepareInput(input).bytes, true);
 */
export function markByteOrderMarkRemoved(parser: SitemapParser): void {
  skipReaderByteOrderMark(readerOf(parser));
}

/**
 * The bytes of a chunk pushed that is not a Uint8Array (of this realm): the bytes of an
 * ArrayBuffer or of another view, as parse() takes them (a Uint8Array from another realm, such
 * as an iframe's or jsdom's, is such a view). Anything else is INPUT_TYPE, saying what to pass.
 */
function chunkBytes(chunk: unknown): Uint8Array {
  if (chunk instanceof ArrayBuffer) return new Uint8Array(chunk);
  if (ArrayBuffer.isView(chunk)) return new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength);
  const advice = typeof chunk === 'string'
    ? ': encode text first, new TextEncoder().encode(text), or read it with parse(text) or parseStream(text)'
    : adviceFor(chunk, true);
  throw new SitemapError('INPUT_TYPE', `SitemapParser.push() takes Uint8Array chunks of UTF-8 XML, got ${describeValue(chunk)}${advice}`, { offset: 0 });
}

function parseAs(input: SitemapInput, options: ParseOptions, kind: Kind | undefined): ParseResult {
  const door = readReadingOptions(options, 'sitemap');
  const opened = openDocument(input, door.reading);
  if (opened.refused !== undefined) {
    return kind === 'sitemapindex' ? { kind, sitemaps: [], issues: [opened.refused] } : { kind: 'urlset', urls: [], issues: [opened.refused] };
  }
  const parser = new SitemapParser({ ...door.options, kind });
  markByteOrderMarkRemoved(parser);
  parser.issues.push(...opened.issues);
  parser.push(opened.bytes, true);
  return parser.result();
}

/**
 * Parses a sitemap or a sitemap index; the root element decides which. Accepts bytes (gzip is
 * detected by its magic bytes), an ArrayBuffer or a string. Strict by default: malformed XML
 * throws `SitemapError` with code, line and column; `{ recover: true }` keeps every complete
 * entry and lists the problems in `issues` instead. Misuse throws in either mode: another input
 * type is `INPUT_TYPE` (naming it: a Response, a Promise…), a `maxBytes` that is not a whole
 * number >= 0 or Infinity is `INPUT_INVALID_OPTION`; a file name or URL passed as the document
 * is `XML_TEXT_OUTSIDE_ROOT` saying so (in recover mode, the one issue).
 *
 * @example
 * const result = parse(await (await fetch('/sitemap.xml.gz')).arrayBuffer());
 * if (result.kind === 'urlset') for (const url of result.urls) console.log(url.loc, url.lastmod);
 * else for (const sitemap of result.sitemaps) console.log(sitemap.loc);
 */
export function parse(input: SitemapInput, options: ParseOptions = {}): ParseResult {
  return parseAs(input, options, undefined);
}

/**
 * Parses a `<urlset>` sitemap; any other root throws `SitemapError` (`SITEMAP_WRONG_KIND` for an index).
 *
 * @example
 * const { urls, issues } = parseSitemap(xml);
 */
export function parseSitemap(input: SitemapInput, options: ParseOptions = {}): UrlsetResult {
  return parseAs(input, options, 'urlset') as UrlsetResult;
}

/**
 * Parses a `<sitemapindex>`; any other root throws `SitemapError` (`SITEMAP_WRONG_KIND` for a urlset).
 *
 * @example
 * const { sitemaps } = parseSitemapIndex(xml);
 */
export function parseSitemapIndex(input: SitemapInput, options: ParseOptions = {}): SitemapIndexResult {
  return parseAs(input, options, 'sitemapindex') as SitemapIndexResult;
}
