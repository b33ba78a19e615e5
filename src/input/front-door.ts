// The one front door every reader goes through (parse, parseStream, validate, parseFeed,
// parseTextSitemap): the options object, the input's type, gzip, byte-order marks and declared
// encodings, an HTML page or a file name where a document was expected, emptiness and maxBytes
// (SPEC.md §1, §5), each decided once, so every entry point gives the same code at the same place.

import { SitemapError } from '../model/errors';
import { createIssue } from '../model/issue';
import { positionOfByte } from '../values/file-limits';
import { checkLimitOption, checkOptionsObject, notADocumentError, notADocumentIssue, prepareInput, type PreparedInput } from './input';
import { LIMITS } from '../model/limits';
import { sniffDocument, sniffFormat } from './sniff';
import type { Issue, ParseOptions, SitemapInput } from '../model/types';

/**
 * What the caller reads, as its messages name it: "Not a feed: this is an HTML page…".
 *
 * @example
 * const noun: DocumentNoun = 'text sitemap';
 */
export type DocumentNoun = 'sitemap' | 'feed' | 'text sitemap';

/**
 * The options every reader takes, checked once (readReadingOptions).
 *
 * @example
 * const reading: Reading = { noun: 'sitemap', recover: false, maxBytes: LIMITS.defaultMaxInputBytes };
 */
export interface Reading {
  noun: DocumentNoun;
  recover: boolean;
  maxBytes: number;
}

/**
 * A reader's options object checked: anything but an object (or undefined) is
 * INPUT_INVALID_OPTION, as a `maxBytes` that is not a whole number >= 0 or Infinity is. `what`
 * names the object in the message (`parse options (ParseOptions)`).
 *
 * @example
 * const { options: checked, reading } = readReadingOptions(options, 'sitemap');
 */
export function readReadingOptions<Options extends ParseOptions>(options: Options | undefined, noun: DocumentNoun, what = 'parse options (ParseOptions)'): { options: Options; reading: Reading } {
  const checked = checkOptionsObject(options, what);
  const maxBytes = checkLimitOption(checked.maxBytes, 'maxBytes', LIMITS.defaultMaxInputBytes);
  return { options: checked, reading: { noun, recover: checked.recover === true, maxBytes } };
}

/**
 * A whole document through the door.
 *
 * @example
 * const { bytes, issues, refused } = openDocument(input, reading);
 */
export interface OpenedDocument extends PreparedInput {
  /**
   * There is no document to read past the door, and this is the one issue that says why: a file
   * name or URL given as the document (recover mode; strict mode throws it).
   */
  refused?: Issue;
}

const NO_BYTES = new Uint8Array(0);

/**
 * Takes a whole input through the door: its type (INPUT_TYPE), a file name given as the
 * document (XML_TEXT_OUTSIDE_ROOT), gzip under maxBytes (GZIP_INVALID, INPUT_TOO_LARGE), byte-order
 * marks and declared encodings (INPUT_ENCODING), then checkOpening on the UTF-8 bytes (HTML,
 * emptiness). What strict mode refuses is thrown as a positioned SitemapError; what recover mode
 * reports is in `issues`, or `refused` when nothing is left to read.
 *
 * @example
 * const opened = openDocument(input, { noun: 'feed', recover: true, maxBytes: Infinity });
 * if (opened.refused) return { urls: [], issues: [opened.refused] };
 */
export function openDocument(input: SitemapInput, reading: Reading): OpenedDocument {
  if (typeof input === 'string') {
    const refused = refuseFileName(input, reading);
    if (refused !== undefined) return { bytes: NO_BYTES, compressedBytes: 0, gzipped: false, issues: [], refused };
  }
  const opened: OpenedDocument = prepareInput(input, reading.maxBytes, reading.recover, true);
  checkOpening(opened.bytes, true, opened.gzipped, reading, opened.issues);
  return opened;
}

/**
 * A file name or URL given as the document (`parse('sitemap.xml')`: one line, no `<`; a stream
 * asks once the whole text is in): XML_TEXT_OUTSIDE_ROOT at 1:1 saying what to pass instead,
 * thrown in strict mode; in recover mode the issue is returned, the one thing to report, as there
 * is no document to recover anything from. Undefined for a document.
 *
 * @example
 * const refused = refuseFileName(text, reading);
 * if (refused) return { urls: [], issues: [refused] };
 */
export function refuseFileName(text: string, reading: Reading): Issue | undefined {
  const notADocument = notADocumentIssue(text);
  if (notADocument !== undefined && !reading.recover) throw notADocumentError(notADocument);
  return notADocument;
}

/**
 * How much of a document parse, validate and the streams look at to tell an HTML page: the first
 * bytes a stream holds before it starts (streamed-document.ts HEAD_BYTES). One window for all, so that
 * parse and parseStream give one verdict on the same bytes (a page whose `<!DOCTYPE html>` comes
 * after 512 bytes of comments is read as XML by both); sniffFormat alone looks further.
 *
 * @example
 * const head = bytes.subarray(0, HTML_SNIFF_BYTES);
 */
export const HTML_SNIFF_BYTES = 512;

/**
 * True when the bytes start like an HTML page (what servers send for a missing sitemap): sniffFormat's rule on the first HTML_SNIFF_BYTES.
 *
 * @example
 * looksLikeHtml(new TextEncoder().encode('<!doctype html><title>404</title>')); // true
 */
export function looksLikeHtml(bytes: Uint8Array): boolean {
  return sniffFormat(bytes.subarray(0, HTML_SNIFF_BYTES)) === 'html';
}

/**
 * The index of the `<` of the `<!DOCTYPE html` or `<html` that `head` starts with after white
 * space and comments, or -1 (sniffFormat's rule, with its offset).
 *
 * @example
 * htmlStart('<!-- page -->\n<!doctype html><title>404</title>'); // 14
 */
export function htmlStart(head: string): number {
  const sniffed = sniffDocument(head);
  return sniffed.format === 'html' ? sniffed.offset : -1;
}

/**
 * The checks on a document's first UTF-8 bytes (`complete`: they are all of it), made alike on a
 * whole input (openDocument) and on a stream's first bytes (the stream holds HTML_SNIFF_BYTES
 * before it asks): an HTML page throws SITEMAP_HTML (in recover mode too: there is no document
 * of this kind in it, as with any other root that is not one); an empty document is INPUT_EMPTY,
 * thrown in strict mode, else pushed onto `issues` and read on (the reader adds what it finds).
 *
 * @example
 * checkOpening(head, final, gzipped, reading, issues);
 */
export function checkOpening(head: Uint8Array, complete: boolean, gzipped: boolean, reading: Reading, issues: Issue[]): void {
  const html = htmlPageError(head, reading.noun);
  if (html !== undefined) throw html;
  if (complete && head.length === 0) {
    const empty = emptyDocumentError(gzipped);
    if (!reading.recover) throw empty;
    issues.push(empty.toIssue());
  }
}

/**
 * SITEMAP_HTML when `bytes` (UTF-8, the first HTML_SNIFF_BYTES looked at) start like an HTML page,
 * placed at its `<!DOCTYPE html` or `<html` (after white space and comments, as sniffFormat reads
 * them; CRLF and a lone CR one line break each, as the tokenizer counts); undefined otherwise.
 * One wording for every reader: what it expected is `noun`.
 *
 * @example
 * htmlPageError(new TextEncoder().encode('\n<!DOCTYPE html>'), 'feed')?.line; // 2
 */
export function htmlPageError(bytes: Uint8Array, noun: DocumentNoun): SitemapError | undefined {
  const head = bytes.length > HTML_SNIFF_BYTES ? bytes.subarray(0, HTML_SNIFF_BYTES) : bytes;
  const sniffed = sniffDocument(head);
  if (sniffed.format !== 'html') return undefined;
  const [line, column] = positionOfByte(head, sniffed.offset);
  const missing = noun === 'feed' ? 'feed' : 'sitemap';
  return new SitemapError('SITEMAP_HTML', `Not a ${noun}: this is an HTML page (servers often send one for a missing ${missing})`, { line, column, offset: sniffed.offset });
}

/**
 * INPUT_EMPTY, at 1:1: no byte at all (a byte-order mark alone counts as none), or gzip that
 * inflates to none.
 *
 * @example
 * throw emptyDocumentError(prepared.gzipped);
 */
export function emptyDocumentError(gzipped: boolean): SitemapError {
  const message = gzipped ? 'The document is empty (the gzip data inflates to 0 bytes)' : 'The document is empty (0 bytes)';
  return new SitemapError('INPUT_EMPTY', message, { line: 1, column: 1, offset: 0 });
}

/**
 * validate()'s door: the same decisions as openDocument, none of them thrown but INPUT_TYPE
 * (misuse). A document the door refuses gives `refused`, the issues validate reports and nothing
 * else: the HTML page, the empty document, the gzip damage that left nothing to read, the file
 * name given as the document; a size over maxBytes is SITEMAP_TOO_LARGE there, the report's name
 * for it. `opened` is undefined when no bytes came through at all.
 *
 * @example
 * const { opened, refused } = openDocumentForReport(input, maxBytes);
 * if (refused) return finish(refused);
 */
export function openDocumentForReport(input: SitemapInput, maxBytes: number): { opened?: OpenedDocument; refused?: Issue[] } {
  let opened: OpenedDocument;
  try {
    // Recovering: a truncated or damaged .gz gives what inflated before the damage (checked like
    // any document) and a GZIP_INVALID issue, as parse(…, { recover: true }) does.
    opened = prepareInput(input, maxBytes, true, true);
  } catch (error) {
    if (!(error instanceof SitemapError) || error.code === 'INPUT_TYPE') throw error;
    const code = error.code === 'INPUT_TOO_LARGE' ? 'SITEMAP_TOO_LARGE' : error.code;
    return { refused: [createIssue(code, 'error', error.message, error.line || 1, error.column || 1, error.path, error.entry)] };
  }
  if (opened.bytes.length === 0) {
    // Nothing inflated before the damage: the damage is the one thing to say.
    const damage = opened.issues.filter((issue) => issue.code === 'GZIP_INVALID');
    if (damage.length > 0) return { opened, refused: damage.map((issue) => ({ ...issue, line: issue.line || 1, column: issue.column || 1 })) };
  }
  const refused: Issue[] = [];
  try {
    checkOpening(opened.bytes, true, opened.gzipped, { noun: 'sitemap', recover: false, maxBytes }, refused);
  } catch (error) {
    if (!(error instanceof SitemapError)) throw error;
    return { opened, refused: [error.toIssue()] };
  }
  return { opened };
}
