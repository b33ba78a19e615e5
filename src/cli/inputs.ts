// The inputs of the command line: a file, `-` (stdin), a URL, or a site; opened as a stream of
// bytes (flat memory) or read whole, and told apart by content, never by name (SPEC.md §4–5:
// gzip by its magic bytes, a feed by its root, a text sitemap by having no markup).

import { createReadStream, existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { constants as zlibConstants, gunzipSync } from 'node:zlib';
import { sniffFormat } from '../node';
// The Node transport that judges DNS answers, in this bundle's own copy (dist/cli.js takes the
// library from dist/node.js, which exports no such thing): its refusals land in this copy's
// addressRefusals, which is the one read here.
import { crawlFetchOfNode } from '../site/crawl-fetch.node';
import { addressRefusals, notItsCoding, privateAddressRefusal, ServerTimer } from '../site/runtime-fetch';
import { concatenateBytes } from '../values/text';
import { CliFailure } from './command-line';
import type { Session } from './session';

/**
 * What an argument names: `-` is stdin, an http(s) URL with a path is a URL, an http(s) URL of a
 * site's root or a bare host name that is not a file is a site, anything else a file.
 *
 * @example
 * classifyInput('example.com').kind; // 'site'
 */
export interface InputArgument {
  argument: string;
  kind: 'stdin' | 'file' | 'url' | 'site';
  /** How messages name it: the path, the URL, or `<stdin>`. */
  name: string;
}

/** Names that look like a host but are files people give (`sitemap.xml` is a missing file, not a site). */
const FILE_EXTENSION = /\.(?:xml|gz|txt|rss|atom|csv|tsv|ndjson|jsonl|json|html?)\/?$/i;
const BARE_HOST = /^(?:localhost|[a-z0-9-]+(?:\.[a-z0-9-]+)+|\[[0-9a-f:.]+\])(?::\d+)?\/?$/i;

/**
 * What a command-line argument names (see {@link InputArgument}); a URL of another scheme is a
 * usage failure.
 *
 * @example
 * classifyInput('https://example.com/sitemap.xml').kind; // 'url'
 * classifyInput('-').kind; // 'stdin'
 */
export function classifyInput(argument: string): InputArgument {
  if (argument === '-') return { argument, kind: 'stdin', name: '<stdin>' };
  if (/^https?:\/\//i.test(argument)) {
    let url: URL;
    try {
      url = new URL(argument);
    } catch {
      throw new CliFailure('usage', `${argument}: not a valid URL`);
    }
    const kind = url.pathname === '/' && url.search === '' ? 'site' : 'url';
    return { argument: url.href, kind, name: url.href };
  }
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(argument)) throw new CliFailure('usage', `${argument}: only http and https URLs are read`);
  if (!existsSync(argument) && BARE_HOST.test(argument) && !FILE_EXTENSION.test(argument)) return { argument: `https://${argument.replace(/\/$/, '')}/`, kind: 'site', name: argument };
  return { argument, kind: 'file', name: argument };
}

/**
 * An input opened for reading: its chunks (read once), its size when known, and for a URL where
 * it ended up after redirects.
 *
 * @example
 * const input = await openInput(classifyInput('sitemap.xml'), session);
 * for await (const chunk of input.chunks) count += chunk.length;
 */
export interface OpenedInput {
  name: string;
  chunks: AsyncIterable<Uint8Array>;
  /** Bytes to read, when known (a file's size, a Content-Length without Content-Encoding). */
  size: number | undefined;
  /** The URL after redirects (for a URL). */
  finalUrl: string | undefined;
}

function describeFileError(name: string, error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ENOENT': return `${name}: no such file`;
    case 'EACCES': case 'EPERM': return `${name}: permission denied`;
    case 'EISDIR': return `${name}: is a directory, not a file`;
    default: return `${name}: cannot read (${error.message})`;
  }
}

/**
 * Chunks of a Node stream as Uint8Array, with read errors turned into CliFailure. Ctrl-C destroys
 * the stream, so that a command waiting for more of stdin stops too (and says how far it got).
 */
async function* nodeChunks(stream: NodeJS.ReadableStream & { destroy(error?: Error): void }, name: string, signal: AbortSignal): AsyncGenerator<Uint8Array> {
  const stop = () => stream.destroy(new DOMException('Interrupted', 'AbortError'));
  signal.addEventListener('abort', stop, { once: true });
  try {
    for await (const chunk of stream as AsyncIterable<Uint8Array>) yield chunk;
  } catch (error) {
    if (signal.aborted || (error as Error).name === 'AbortError') throw error;
    throw new CliFailure('io', describeFileError(name, error as NodeJS.ErrnoException));
  } finally {
    signal.removeEventListener('abort', stop);
  }
}

/** The request headers of the command line's own requests. */
export const CLI_HEADERS = { 'user-agent': 'sitemapkit-cli' };

/** Redirects followed for one input (fetch's own limit). */
const MAX_REDIRECTS = 20;

/**
 * How the command line asks for a URL: `fetch`, or under `--refuse-private-addresses` the crawl's
 * node:http(s) transport that judges DNS answers where the connection is made (it follows no
 * redirect, so the caller checks each), or `fetch` where fetch goes through a dispatcher or proxy
 * set up for the process (then only URLs are judged, as the library does).
 */
function cliFetch(session: Pick<Session, 'refusePrivateAddresses'>): (url: string, init: RequestInit) => Promise<Response> {
  const transport = (session.refusePrivateAddresses && crawlFetchOfNode({ refusePrivateAddresses: true })) || fetch;
  return (url, init) => transport(url, { ...init, headers: { ...CLI_HEADERS, ...(init.headers as Record<string, string> | undefined) } });
}

/**
 * A message of the library's refusePrivateAddresses with the command line's name of the option, for
 * what the command line prints itself (its text, and check-urls' rows; discover's JSON is the API's report).
 *
 * @example
 * withFlagName('10.0.0.8 is a loopback, …, refused (refusePrivateAddresses)'); // '… refused (--refuse-private-addresses)'
 */
export function withFlagName(message: string): string {
  return message.replace('(refusePrivateAddresses)', '(--refuse-private-addresses)');
}

/**
 * How long a URL input's server may take, as the crawl's defaults (`timeout`, `fileTimeout`): an
 * answer or the body's next chunk within 30 s, and the whole download within 5 minutes of waiting
 * for it (a server that sends a byte now and then would pass any idle timeout). Reading and
 * validating between chunks is not counted.
 */
export const URL_INPUT_TIMEOUT = { idle: 30_000, whole: 300_000 }; // exported for the tests, which shorten them

/** What a URL input's timer says when it stopped the download. */
function timedOut(input: InputArgument, timer: ServerTimer): CliFailure {
  return new CliFailure('io', `${input.name}: ${timer.expired === 'file' ? `the server took more than ${URL_INPUT_TIMEOUT.whole / 1000} s for it in all` : `nothing arrived for ${URL_INPUT_TIMEOUT.idle / 1000} s`}`);
}

/**
 * A URL input's own signal (the session's, and its timer's), the timer, which runs while its
 * server is waited for, and `release`, called once the download is over (a command with many URL
 * inputs would otherwise pile listeners on the session's signal).
 */
function downloadControl(session: Pick<Session, 'signal'>): { signal: AbortSignal; timer: ServerTimer; release: () => void } {
  const controller = new AbortController();
  const stop = () => controller.abort(session.signal.reason);
  if (session.signal.aborted) stop();
  else session.signal.addEventListener('abort', stop);
  const timer = new ServerTimer(URL_INPUT_TIMEOUT.idle, { left: URL_INPUT_TIMEOUT.whole }, () => controller.abort(new DOMException('timeout', 'TimeoutError')));
  timer.stop(); // it starts running when made; it runs here only around each wait for the server
  const release = () => {
    timer.stop();
    session.signal.removeEventListener('abort', stop);
  };
  return { signal: controller.signal, timer, release };
}

/**
 * A URL's answer, redirects followed: by fetch, or under `--refuse-private-addresses` one at a
 * time, each target judged before it is asked (a redirect to a private address is refused as the
 * URL itself would be), as checkUrls follows them.
 */
async function fetchInput(input: InputArgument, session: Pick<Session, 'signal' | 'refusePrivateAddresses'>, { signal, timer }: ReturnType<typeof downloadControl>): Promise<{ response: Response; finalUrl: string }> {
  const ask = cliFetch(session);
  let current = new URL(input.argument);
  for (let redirects = 0; ; redirects++) {
    const refused = session.refusePrivateAddresses && privateAddressRefusal(current);
    if (refused) throw new CliFailure('io', `${input.name}: ${redirects > 0 ? `a redirect to ${current.href}: ` : ''}${withFlagName(refused)}`);
    let response: Response;
    timer.restart();
    try {
      response = await ask(current.href, { signal, redirect: session.refusePrivateAddresses ? 'manual' : 'follow' });
    } catch (error) {
      if (timer.expired) throw timedOut(input, timer);
      if ((error as Error).name === 'AbortError') throw error;
      if (addressRefusals.has(error as object)) throw new CliFailure('io', `${input.name}: ${withFlagName((error as Error).message)}`);
      const cause = (error as { cause?: { code?: string; message?: string } }).cause;
      throw new CliFailure('io', `${input.name}: cannot fetch (${cause?.code ?? cause?.message ?? (error as Error).message})`);
    } finally {
      timer.stop();
    }
    const location = session.refusePrivateAddresses && response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
    if (location === null) return { response, finalUrl: session.refusePrivateAddresses ? current.href : response.url || current.href };
    await response.body?.cancel();
    if (redirects === MAX_REDIRECTS) throw new CliFailure('io', `${input.name}: more than ${MAX_REDIRECTS} redirects`);
    try {
      current = new URL(location, current);
    } catch {
      throw new CliFailure('io', `${input.name}: a redirect to "${location}", which is not a URL`);
    }
    if (current.protocol !== 'http:' && current.protocol !== 'https:') throw new CliFailure('io', `${input.name}: a redirect to ${current.protocol}, not http(s)`);
  }
}

/**
 * Opens an input: a file as a read stream (a missing file, a directory or no permission is an
 * `io` failure), stdin, or a URL fetched with redirects followed (an HTTP error status is an `io`
 * failure; under `--refuse-private-addresses` a private address in it, a redirect or a DNS answer
 * too). The session's signal stops a download.
 *
 * @example
 * const { chunks, size } = await openInput(classifyInput('-'), session);
 */
export async function openInput(input: InputArgument, session: Pick<Session, 'signal' | 'refusePrivateAddresses'>): Promise<OpenedInput> {
  const { signal } = session;
  if (input.kind === 'stdin') return { name: input.name, chunks: nodeChunks(process.stdin, input.name, signal), size: undefined, finalUrl: undefined };
  if (input.kind === 'file') {
    let stats: Awaited<ReturnType<typeof stat>>;
    try {
      stats = await stat(input.argument);
    } catch (error) {
      throw new CliFailure('io', describeFileError(input.name, error as NodeJS.ErrnoException));
    }
    // What reading a directory would fail with, said the same way as the other file errors.
    if (stats.isDirectory()) throw new CliFailure('io', describeFileError(input.name, { code: 'EISDIR', message: 'is a directory', name: 'Error' }));
    const size = stats.size;
    const stream = createReadStream(input.argument, { highWaterMark: 65536 });
    return { name: input.name, chunks: nodeChunks(stream, input.name, signal), size, finalUrl: undefined };
  }
  const control = downloadControl(session);
  const { timer, release } = control;
  let answer: Awaited<ReturnType<typeof fetchInput>>;
  try {
    answer = await fetchInput(input, session, control);
  } catch (error) {
    release();
    throw error;
  }
  const { response, finalUrl } = answer;
  if (!response.ok) {
    release();
    await response.body?.cancel();
    throw new CliFailure('io', `${input.name}: HTTP ${response.status}${response.statusText ? ` ${response.statusText}` : ''}`);
  }
  const length = Number(response.headers.get('content-length'));
  // fetch inflates a Content-Encoding itself, so the length is the encoded size then.
  const size = response.headers.get('content-encoding') === null && Number.isSafeInteger(length) && length > 0 ? length : undefined;
  const body = response.body;
  async function* chunks(): AsyncGenerator<Uint8Array> {
    if (body === null) return release();
    // By its reader: the runtime's own transport hands a body with getReader() alone.
    const reader = body.getReader();
    let ended = false;
    try {
      for (;;) {
        timer.restart();
        const read = await reader.read();
        timer.stop();
        if (read.done) break;
        yield read.value;
      }
      ended = true;
    } catch (error) {
      ended = true;
      if (timer.expired) throw timedOut(input, timer);
      if ((error as Error).name === 'AbortError') throw error;
      const decoding = notItsCoding(error);
      if (decoding !== undefined) throw new CliFailure('io', `${input.name}: the body is not the ${response.headers.get('content-encoding')} its Content-Encoding says (${decoding})`);
      // Node's fetch says "terminated" and gives the reason as the cause.
      const cause = (error as { cause?: { message?: unknown } }).cause;
      throw new CliFailure('io', `${input.name}: the download failed (${typeof cause?.message === 'string' ? cause.message : (error as Error).message})`);
    } finally {
      release();
      // A reader that stopped early (a limit, a broken pipe) closes the connection.
      if (!ended) await reader.cancel().catch(() => undefined);
    }
  }
  return { name: input.name, chunks: chunks(), size, finalUrl };
}

/**
 * Reads an opened input whole, refusing more than `maxBytes` (an `io` failure naming the limit).
 *
 * @example
 * const bytes = await readWhole(await openInput(input, session), 100 * 2 ** 20, (n) => progress(n));
 */
export function readWhole(input: OpenedInput, maxBytes: number, onBytes?: (bytes: number) => void): Promise<Uint8Array> {
  return gatherChunks(input.chunks, maxBytes, () => new CliFailure('io', `${input.name}: larger than --max-bytes (${maxBytes.toLocaleString('en-US')} bytes)`), onBytes);
}

/**
 * Chunks joined, at most `maxBytes` of them: past it, what `tooLarge` makes is thrown.
 *
 * @example
 * const bytes = await gatherChunks(chunks, 1 << 20, () => new Error('over 1 MiB'));
 */
export async function gatherChunks(chunks: AsyncIterable<Uint8Array>, maxBytes: number, tooLarge: () => Error, onBytes?: (bytes: number) => void): Promise<Uint8Array> {
  const parts: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of chunks) {
    total += chunk.length;
    if (total > maxBytes) throw tooLarge();
    parts.push(chunk);
    onBytes?.(total);
  }
  return parts.length === 1 ? parts[0]! : concatenateBytes(parts);
}

/**
 * What a document is, by its first bytes: an XML document (a sitemap or index; other roots are
 * the parser's to report), a feed (RSS / Atom root), HTML, a robots.txt, newline-delimited JSON,
 * CSV with a `loc`/`url` header, a text list of URLs, or nothing.
 *
 * @example
 * const format: InputFormat = sniffInput(new TextEncoder().encode('<rss version="2.0">')).format; // 'feed'
 */
export type InputFormat = 'xml' | 'feed' | 'html' | 'robots' | 'ndjson' | 'csv' | 'text' | 'empty';

/**
 * Bytes looked at to decide.
 *
 * @example
 * sniffInput(bytes.subarray(0, SNIFF_BYTES));
 */
export const SNIFF_BYTES = 8192;

/**
 * Tells the format of a document from its first bytes with the library's `sniffFormat` (the rule
 * parse, validate and the crawl share), inflating a gzip head first (a truncated head is fine);
 * what it calls `unknown` is NDJSON when it starts with `{`, CSV when its first line is a header
 * with a `loc` or `url` column, and otherwise a text list (whose bad lines are then reported).
 *
 * @example
 * sniffInput(head); // { gzip: false, format: 'xml' }
 */
export function sniffInput(head: Uint8Array): { gzip: boolean; format: InputFormat } {
  const gzip = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b;
  let plain = head;
  if (gzip) {
    try {
      // Z_SYNC_FLUSH: give what inflates from a head cut anywhere, without an "unexpected end" error.
      plain = gunzipSync(head.subarray(0, 4096), { finishFlush: zlibConstants.Z_SYNC_FLUSH });
    } catch {
      return { gzip, format: 'xml' }; // damaged: the parser reports it with its position
    }
  }
  switch (sniffFormat(plain)) {
    case 'urlset': case 'sitemapindex': case 'xml': case 'gzip': return { gzip, format: 'xml' };
    case 'rss': case 'atom': return { gzip, format: 'feed' };
    case 'html': return { gzip, format: 'html' };
    case 'robots': return { gzip, format: 'robots' };
    case 'text': return { gzip, format: 'text' };
    case 'empty': return { gzip, format: 'empty' };
    case 'unknown': return { gzip, format: formatOfOtherText(new TextDecoder().decode(plain.subarray(0, SNIFF_BYTES))) };
  }
}

/** What `sniffFormat` does not know: build's NDJSON and CSV, else a text list. */
function formatOfOtherText(head: string): InputFormat {
  const text = head.replace(/^\ufeff/, '').replace(/^[\s\0]+/, '');
  if (text.startsWith('{')) return 'ndjson';
  const firstLine = text.split(/\r\n|\r|\n/, 1)[0]!;
  if (/^"?(?:loc|url)"?\s*[,;\t]/i.test(firstLine) || /[,;\t]\s*"?(?:loc|url)"?\s*(?:[,;\t]|$)/i.test(firstLine)) return 'csv';
  if (/^"?(?:loc|url)"?\s*$/i.test(firstLine)) return 'csv';
  return 'text';
}

/**
 * Reads the head of a stream for sniffing (the first chunk with content, or SNIFF_BYTES) and gives back a stream of all its chunks (head
 * included), so nothing is read twice.
 *
 * @example
 * const { head, chunks } = await peekHead(input.chunks);
 */
export async function peekHead(chunks: AsyncIterable<Uint8Array>): Promise<{ head: Uint8Array; chunks: AsyncIterable<Uint8Array> }> {
  const iterator = chunks[Symbol.asyncIterator]();
  const taken: Uint8Array[] = [];
  let length = 0;
  let done = false;
  // The first chunk that has content decides (a pipe may deliver a little and then wait: the
  // entries in it must not wait for more), unless it is tiny.
  while (length < SNIFF_BYTES) {
    const step = await iterator.next();
    if (step.done) {
      done = true;
      break;
    }
    taken.push(step.value);
    length += step.value.length;
    if (length >= 64 && step.value.some((byte) => byte > 0x20)) break;
  }
  const head = new Uint8Array(length);
  let offset = 0;
  for (const part of taken) {
    head.set(part, offset);
    offset += part.length;
  }
  async function* all(): AsyncGenerator<Uint8Array> {
    try {
      for (const part of taken) yield part;
      taken.length = 0;
      if (done) return;
      for (;;) {
        const step = await iterator.next();
        if (step.done) return;
        yield step.value;
      }
    } finally {
      await iterator.return?.();
    }
  }
  return { head, chunks: all() };
}
