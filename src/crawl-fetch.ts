// Fetching one file for the crawl with the runtime's fetch (WHATWG Fetch): redirects followed
// by hand where the runtime lets us see them, retries on network errors, 429 and 5xx with
// backoff honouring Retry-After (RFC 9110 §10.2.3), a timeout while waiting, a byte cap, gzip
// inflated as it streams (a .gz body, Content-Encoding: gzip, or both), Content-Type charsets.

import { createStreamingGunzip, isGzip, type StreamingGunzip } from './gzip';
import { SitemapError } from './errors';
import { createIssue } from './issue';
import { declaredEncoding, utf16ByteOrder } from './input';
import { stringToBytes } from './text';
import { hostOf, isPrivateAddress, type CrawlSettings } from './crawl-rules';
import type { Issue, IssueCode } from './types';

/** Redirects followed for one file (browsers and Node's fetch stop at 20; sitemaps need few). */
const MAX_REDIRECTS = 10;
/** setTimeout's largest delay (2^31 - 1 ms); longer ones fire at once. */
const MAX_TIMER = 2_147_483_647;
/** Gzip inside gzip is read (a .gz file sent with Content-Encoding: gzip by a server that does not decode it); a third layer is not. */
const GZIP_LAYERS = 2;

/**
 * What one file's fetch gave.
 *
 * @example
 * const { status, bytes, issues }: FetchedFile = await fetchFile(url, context, () => {});
 */
export interface FetchedFile {
  finalUrl: string;
  /** The last HTTP status; 0 when there was no answer. */
  status: number;
  /** The inflated body; undefined when it failed. */
  bytes: Uint8Array | undefined;
  compressed: boolean;
  contentType: string;
  /** The crawl's issues about fetching it (and GZIP_INVALID for a damaged body, whose start is kept). */
  issues: Issue<IssueCode>[];
}

/**
 * What the fetcher shares across one crawl.
 *
 * @example
 * const context: FetchContext = { settings, signal, followRedirects: false, onRequest() {}, onBytes() {} };
 */
export interface FetchContext {
  settings: CrawlSettings;
  /** The crawl's own signal (cancel(), options.signal). */
  signal: AbortSignal;
  /** Set once the runtime answers a manual redirect opaquely (browsers): from then on, fetch follows redirects itself. */
  followRedirects: boolean;
  /** Called for every request made, and with every chunk of inflated bytes. */
  onRequest(): void;
  onBytes(count: number): void;
}

/**
 * An issue of the crawl's own (no position in a document: line and column 0).
 *
 * @example
 * crawlIssue('CRAWL_HTTP_ERROR', 'error', 'HTTP 404 Not Found', '404');
 */
export function crawlIssue(code: IssueCode, severity: Issue['severity'], message: string, value?: string): Issue<IssueCode> {
  return createIssue(code, severity, message, 0, 0, '', 0, value);
}

/**
 * A wait that ends early (resolving false) when the crawl is cancelled.
 *
 * @example
 * if (!(await sleep(1000, signal))) return; // cancelled
 */
export function sleep(milliseconds: number, signal: AbortSignal): Promise<boolean> {
  if (signal.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const done = (completed: boolean) => { clearTimeout(timer); signal.removeEventListener('abort', onAbort); resolve(completed); };
    const onAbort = () => done(false);
    const timer = setTimeout(() => done(true), Math.min(milliseconds, MAX_TIMER));
    signal.addEventListener('abort', onAbort);
  });
}

/** Retry-After as milliseconds (delay-seconds or an HTTP-date), or undefined. */
function retryAfter(response: Response): number | undefined {
  const value = response.headers.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

function isRetryableStatus(status: number): boolean {
  return status === 429 || (status >= 500 && status <= 599 && status !== 501);
}

/** One request's outcome before redirects are looked at. */
type Attempt =
  | { kind: 'response'; response: Response; controller: AbortController; release: () => void; timer: IdleTimer }
  | { kind: 'failed'; code: 'CRAWL_NETWORK_ERROR' | 'CRAWL_TIMEOUT'; message: string };

/** A timer that aborts a request when nothing arrives for `timeout` ms; restarted by every chunk. */
class IdleTimer {
  expired = false;
  private handle: ReturnType<typeof setTimeout> | undefined;
  constructor(private readonly timeout: number, private readonly onExpire: () => void) {
    this.restart();
  }
  restart(): void {
    this.stop();
    if (this.timeout === Infinity) return;
    this.handle = setTimeout(() => { this.expired = true; this.onExpire(); }, Math.min(this.timeout, MAX_TIMER));
  }
  stop(): void {
    if (this.handle !== undefined) clearTimeout(this.handle);
    this.handle = undefined;
  }
}

/** One request, with its own abort controller tied to the crawl's signal and the idle timer. */
async function request(url: string, context: FetchContext): Promise<Attempt> {
  const { settings, signal } = context;
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort);
  const release = () => signal.removeEventListener('abort', onAbort);
  const timer = new IdleTimer(settings.timeout, () => controller.abort(new DOMException('timeout', 'TimeoutError')));
  context.onRequest();
  try {
    const response = await settings.fetch(url, {
      method: 'GET',
      redirect: context.followRedirects ? 'follow' : 'manual',
      signal: controller.signal,
      headers: settings.headers,
      credentials: 'omit',
    });
    timer.restart();
    return { kind: 'response', response, controller, release, timer };
  } catch (error) {
    timer.stop();
    release();
    if (timer.expired) return { kind: 'failed', code: 'CRAWL_TIMEOUT', message: `No answer within ${settings.timeout.toLocaleString('en-US')} ms` };
    return { kind: 'failed', code: 'CRAWL_NETWORK_ERROR', message: `The request failed without an HTTP answer (${error instanceof Error ? error.message : String(error)})` };
  }
}

function discard(attempt: Extract<Attempt, { kind: 'response' }>): void {
  attempt.timer.stop();
  attempt.release();
  attempt.response.body?.cancel().catch(() => undefined);
}

/** A request with retries on network errors, timeouts, 429 and 5xx. */
async function requestWithRetries(url: string, context: FetchContext): Promise<Attempt> {
  const { settings, signal } = context;
  for (let attempt = 0; ; attempt++) {
    const outcome = await request(url, context);
    const status = outcome.kind === 'response' ? outcome.response.status : 0;
    const retryable = outcome.kind === 'failed' || isRetryableStatus(status);
    if (!retryable || attempt >= settings.retries || signal.aborted) return outcome;
    let delay = settings.retryDelay * 2 ** attempt;
    if (outcome.kind === 'response') {
      delay = retryAfter(outcome.response) ?? delay;
      discard(outcome);
    }
    if (!(await sleep(Math.min(delay, settings.maxRetryDelay), signal))) return outcome.kind === 'failed' ? outcome : { kind: 'failed', code: 'CRAWL_NETWORK_ERROR', message: 'Cancelled while waiting to retry' };
  }
}

/**
 * The issue that refuses a URL (not http or https; private under refusePrivateAddresses), or undefined when it may be fetched.
 *
 * @example
 * refusal(new URL('file:///etc/passwd'), settings)?.code; // 'CRAWL_UNSUPPORTED_URL'
 */
export function refusal(url: URL, settings: CrawlSettings): Issue<IssueCode> | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return crawlIssue('CRAWL_UNSUPPORTED_URL', 'error', `Only http and https URLs are fetched, not ${url.protocol}`, url.href);
  if (settings.refusePrivateAddresses && isPrivateAddress(url)) return crawlIssue('CRAWL_PRIVATE_ADDRESS', 'error', `${url.hostname} is a loopback, private or link-local address, refused (refusePrivateAddresses)`, url.href);
  return undefined;
}

/**
 * Fetches one file: redirects, retries, the timeout, the byte cap and gzip. Never throws for
 * what a server does; every failure is an issue and `bytes` is undefined.
 *
 * @example
 * const fetched = await fetchFile('https://example.com/sitemap.xml.gz', context, () => {});
 * if (fetched.bytes) console.log(sniffFormat(fetched.bytes));
 */
export async function fetchFile(url: string, context: FetchContext, onProgress: () => void): Promise<FetchedFile> {
  const issues: Issue<IssueCode>[] = [];
  const failed = (status: number, finalUrl: string): FetchedFile => ({ finalUrl, status, bytes: undefined, compressed: false, contentType: '', issues });
  const visited = new Set<string>([url]);
  let current = url;
  for (let hop = 0; ; hop++) {
    let attempt = await requestWithRetries(current, context);
    if (attempt.kind === 'response' && attempt.response.type === 'opaqueredirect') {
      // A browser hides where a manual redirect goes: ask again and let it follow (it still stops at 20).
      discard(attempt);
      context.followRedirects = true;
      attempt = await requestWithRetries(current, context);
    }
    if (attempt.kind === 'failed') {
      issues.push(crawlIssue(attempt.code, 'error', attempt.message, current));
      return failed(0, current);
    }
    const { response } = attempt;
    const status = response.status;
    const location = status >= 300 && status < 400 ? response.headers.get('location') : null;
    if (location !== null && !context.followRedirects) {
      discard(attempt);
      let next: URL;
      try {
        next = new URL(location, current);
      } catch {
        issues.push(crawlIssue('CRAWL_UNSUPPORTED_URL', 'error', `Redirect (${status}) to "${location}", which is not a URL`, location));
        return failed(status, current);
      }
      next.hash = '';
      const refused = refusal(next, context.settings);
      if (refused) { issues.push(refused); return failed(status, current); }
      if (visited.has(next.href)) {
        issues.push(crawlIssue('CRAWL_TOO_MANY_REDIRECTS', 'error', `Redirect loop: ${current} redirects (${status}) back to ${next.href}`, next.href));
        return failed(status, current);
      }
      if (hop + 1 > MAX_REDIRECTS) {
        issues.push(crawlIssue('CRAWL_TOO_MANY_REDIRECTS', 'error', `More than ${MAX_REDIRECTS} redirects`, next.href));
        return failed(status, current);
      }
      visited.add(next.href);
      current = next.href;
      continue;
    }
    const finalUrl = context.followRedirects && response.url ? response.url : current;
    const original = new URL(url), final = new URL(finalUrl);
    if (hostOf(original) !== hostOf(final)) {
      issues.push(crawlIssue('CRAWL_CROSS_HOST_REDIRECT', 'warning', `Redirected from ${original.host} to another host, ${final.host}; it was followed`, finalUrl));
    }
    // A browser followed the redirects itself: the final URL is judged after the fact.
    const refused = context.followRedirects && finalUrl !== url ? refusal(final, context.settings) : undefined;
    if (refused) { discard(attempt); issues.push(refused); return failed(status, finalUrl); }
    if (status < 200 || status > 299) {
      discard(attempt);
      issues.push(crawlIssue('CRAWL_HTTP_ERROR', 'error', `HTTP ${status}${response.statusText ? ` ${response.statusText}` : ''}`, String(status)));
      return failed(status, finalUrl);
    }
    return readBody(attempt, finalUrl, context, issues, onProgress);
  }
}

/** Receives the body's bytes as they are inflated, up to the cap. */
interface ByteSink {
  push(chunk: Uint8Array): void | Promise<void>;
  finish(): void | Promise<void>;
}

/**
 * Holds the inflated document (bounded by maxBytes): validate reads a whole file. One buffer,
 * doubled as it fills (sized from Content-Length when the body is not gzip), so a file costs its
 * size and at most as much again, not a list of chunks plus their concatenation.
 */
class HeldBytes implements ByteSink {
  private buffer: Uint8Array;
  length = 0;
  constructor(private readonly maxBytes: number, private readonly onBytes: (count: number) => void, expected: number) {
    // A Content-Length is a hint, not a promise: at most 16 MiB is taken before the bytes come.
    this.buffer = new Uint8Array(Math.min(maxBytes, Math.max(Math.min(expected, 16 * 1024 * 1024), 65536)));
  }
  push(chunk: Uint8Array): void {
    const length = this.length + chunk.length;
    if (length > this.maxBytes) throw tooLarge(this.maxBytes);
    if (length > this.buffer.length) {
      const grown = new Uint8Array(Math.min(this.maxBytes, Math.max(length, this.buffer.length * 2)));
      grown.set(this.buffer.subarray(0, this.length));
      this.buffer = grown;
    }
    this.buffer.set(chunk, this.length);
    this.length = length;
    this.onBytes(chunk.length);
  }
  finish(): void {}
  bytes(): Uint8Array {
    return this.buffer.subarray(0, this.length);
  }
}

function tooLarge(maxBytes: number): SitemapError {
  return new SitemapError('INPUT_TOO_LARGE', `The file is larger than the maxBytes limit of ${maxBytes.toLocaleString('en-US')} bytes once inflated; it was not read`);
}

/** Sniffs the first two bytes: gzip goes through an inflater (whose output is sniffed again, once), the rest straight on. */
class GzipLayer implements ByteSink {
  private head: Uint8Array | null = new Uint8Array(0);
  private inflater: StreamingGunzip | null = null;
  private target: ByteSink;
  constructor(next: ByteSink, private readonly layers: number, private readonly maxBytes: number, private readonly onGzip: () => void) {
    this.target = next;
  }
  // Not async: fflate's inflater calls push() from inside its own push, and an error (the cap)
  // must come out of it synchronously rather than as a promise nobody awaits.
  push(chunk: Uint8Array): void | Promise<void> {
    if (this.head !== null) {
      const head = new Uint8Array(this.head.length + chunk.length);
      head.set(this.head);
      head.set(chunk, this.head.length);
      if (head.length < 2) { this.head = head; return; }
      this.head = null;
      this.decide(head);
      chunk = head;
    }
    return (this.inflater ?? this.target).push(chunk);
  }
  async finish(): Promise<void> {
    if (this.head !== null) {
      const head = this.head;
      this.head = null;
      this.decide(head);
      if (head.length > 0) await (this.inflater ?? this.target).push(head);
    }
    if (this.inflater) await this.inflater.finish();
    await this.target.finish();
  }
  cancel(): void {
    this.inflater?.cancel();
    if (this.target instanceof GzipLayer) this.target.cancel();
  }
  private decide(head: Uint8Array): void {
    if (this.layers === 0 || !isGzip(head)) return;
    this.onGzip();
    const inner = new GzipLayer(this.target, this.layers - 1, this.maxBytes, this.onGzip);
    this.target = inner;
    this.inflater = createStreamingGunzip(this.maxBytes, (bytes) => inner.push(bytes));
  }
}

/** Reads the body through the gzip layers into held bytes, restarting the idle timer with every chunk. */
async function readBody(attempt: Extract<Attempt, { kind: 'response' }>, finalUrl: string, context: FetchContext, issues: Issue<IssueCode>[], onProgress: () => void): Promise<FetchedFile> {
  const { response, timer } = attempt;
  const contentType = response.headers.get('content-type') ?? '';
  let compressed = /\bgzip\b/i.test(response.headers.get('content-encoding') ?? '');
  // Content-Length sizes the buffer (a gzip body inflates to more: it grows).
  const declaredLength = Number(response.headers.get('content-length'));
  const held = new HeldBytes(context.settings.maxBytes, (count) => context.onBytes(count), Number.isSafeInteger(declaredLength) && declaredLength > 0 ? declaredLength : 0);
  const layer = new GzipLayer(held, GZIP_LAYERS, context.settings.maxBytes, () => { compressed = true; });
  const result = (bytes: Uint8Array | undefined): FetchedFile => ({ finalUrl, status: response.status, bytes, compressed, contentType, issues });
  let lastProgress = Date.now();
  try {
    if (response.body) {
      const reader = response.body.getReader();
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          timer.restart();
          await layer.push(value);
          if (Date.now() - lastProgress >= 100) { lastProgress = Date.now(); onProgress(); }
        }
      } finally {
        reader.cancel().catch(() => undefined);
      }
    } else {
      await layer.push(new Uint8Array(await response.arrayBuffer()));
    }
    await layer.finish();
    return result(held.bytes());
  } catch (error) {
    layer.cancel();
    if (error instanceof SitemapError && error.code === 'INPUT_TOO_LARGE') {
      issues.push(crawlIssue('CRAWL_TOO_LARGE', 'error', tooLarge(context.settings.maxBytes).message, String(context.settings.maxBytes)));
      return result(undefined);
    }
    if (error instanceof SitemapError && error.code === 'GZIP_INVALID') {
      // What inflated before the damage is read, as parse's recover mode does for a truncated .gz.
      issues.push(createIssue('GZIP_INVALID', 'error', `${error.message}; what inflated before the damage was read`, 1, 1, ''));
      return result(held.bytes());
    }
    if (attempt.timer.expired) issues.push(crawlIssue('CRAWL_TIMEOUT', 'error', `The body stopped arriving: nothing for ${context.settings.timeout.toLocaleString('en-US')} ms`, finalUrl));
    else if (context.signal.aborted) issues.push(crawlIssue('CRAWL_NETWORK_ERROR', 'error', 'Cancelled while reading', finalUrl));
    else issues.push(crawlIssue('CRAWL_NETWORK_ERROR', 'error', `The body could not be read (${error instanceof Error ? error.message : String(error)})`, finalUrl));
    return result(undefined);
  } finally {
    timer.stop();
    attempt.release();
  }
}

/**
 * The body in UTF-8 when Content-Type names another charset and the document does not say its
 * own (no byte-order mark, no XML encoding declaration): XML's own declaration wins (XML 1.0
 * Appendix F), but a text sitemap or a bare XML file has nothing else to go by. Plain ASCII is
 * left as it is. An unknown charset is an INPUT_ENCODING warning and the bytes are read as UTF-8.
 *
 * @example
 * const utf8 = decodeCharset(bytes, 'text/plain; charset=iso-8859-1', issues);
 */
export function decodeCharset(bytes: Uint8Array, contentType: string, issues: Issue<IssueCode>[]): Uint8Array {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1]?.toLowerCase();
  if (!charset || charset === 'utf-8' || charset === 'utf8' || charset === 'us-ascii') return bytes;
  if (utf16ByteOrder(bytes) || (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) || declaredEncoding(bytes) !== undefined || /^\s*<\?xml[^>]*\sencoding\s*=/.test(String.fromCharCode(...bytes.subarray(0, 256)))) return bytes;
  let ascii = true;
  for (let i = 0; i < bytes.length && ascii; i++) if (bytes[i]! >= 0x80) ascii = false;
  if (ascii && !charset.startsWith('utf-16')) return bytes;
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(charset);
  } catch {
    issues.push(createIssue('INPUT_ENCODING', 'warning', `Content-Type names charset "${charset}", which this runtime cannot decode; the body was read as UTF-8`, 1, 1, '', 0, charset));
    return bytes;
  }
  issues.push(createIssue('INPUT_ENCODING', 'warning', `The body was decoded as ${charset}, the charset Content-Type names (the document declares none); sitemaps must be UTF-8`, 1, 1, '', 0, charset));
  return stringToBytes(decoder.decode(bytes));
}
