// Fetching one file for the crawl with the runtime's fetch (WHATWG Fetch): redirects followed
// by hand where the runtime lets us see them, retries on network errors, 429 and 5xx with
// backoff honouring Retry-After (RFC 9110 §10.2.3), timeouts (idle, and a file's whole), a byte cap, gzip
// inflated as it streams (a .gz body, Content-Encoding: gzip, or both), Content-Type charsets.

import { createStreamingGunzip, isGzip, type StreamingGunzip } from '../input/gzip';
import { SitemapError } from '../model/errors';
import { createIssue } from '../model/issue';
import { declaredEncoding, utf16ByteOrder } from '../input/input';
import { concatenateBytes, stringToBytes } from '../values/text';
import type { CrawlSettings } from './crawl-rules';
import { addressRefusals, credentialsRefusal, MAX_TIMER, notItsCoding, privateAddressRefusal, ServerTimer, withoutCredentials, type FileClock } from './runtime-fetch';
import type { Issue, IssueCode } from '../model/types';

/** Redirects followed for one file (browsers and Node's fetch stop at 20; sitemaps need few). */
const MAX_REDIRECTS = 10;
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
  /** The inflated body (its first `limit` bytes when fetchFile was given one); undefined when it failed. */
  bytes: Uint8Array | undefined;
  /** The body went on past fetchFile's `limit`: the rest was not read. */
  truncated?: boolean;
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
  | { kind: 'response'; response: Response; controller: AbortController; release: () => void; timer: ServerTimer }
  | { kind: 'failed'; code: 'CRAWL_NETWORK_ERROR' | 'CRAWL_TIMEOUT' | 'CRAWL_PRIVATE_ADDRESS'; message: string };

/** The issue's message when a file's waits for its server add up to fileTimeout. */
function fileTimeoutMessage(settings: CrawlSettings): string {
  return `The server took more than fileTimeout (${settings.fileTimeout.toLocaleString('en-US')} ms) for this file in all`;
}

/** One request, with its own abort controller tied to the crawl's signal and the server timer. */
async function request(url: string, context: FetchContext, clock: FileClock): Promise<Attempt> {
  const { settings, signal } = context;
  const controller = new AbortController();
  const onAbort = () => controller.abort(signal.reason);
  signal.addEventListener('abort', onAbort);
  const release = () => signal.removeEventListener('abort', onAbort);
  const timer = new ServerTimer(settings.timeout, clock, () => controller.abort(new DOMException('timeout', 'TimeoutError')));
  context.onRequest();
  try {
    const response = await settings.fetch(url, {
      method: 'GET',
      redirect: context.followRedirects ? 'follow' : 'manual',
      // A browser's HTTP cache would answer a second walk with what the first got (a 410 or a 301
      // is cached without being told to be): asked again, a walk sees the site as it is now.
      cache: settings.browserFetch ? 'no-cache' : undefined,
      signal: controller.signal,
      headers: settings.headers,
      credentials: 'omit',
    });
    timer.restart();
    return { kind: 'response', response, controller, release, timer };
  } catch (error) {
    timer.stop();
    release();
    if (timer.expired) return { kind: 'failed', code: 'CRAWL_TIMEOUT', message: timer.expired === 'file' ? fileTimeoutMessage(settings) : `No answer within ${settings.timeout.toLocaleString('en-US')} ms` };
    if (addressRefusals.has(error as object)) return { kind: 'failed', code: 'CRAWL_PRIVATE_ADDRESS', message: (error as DOMException).message };
    return { kind: 'failed', code: 'CRAWL_NETWORK_ERROR', message: `The request failed without an HTTP answer (${error instanceof Error ? error.message : String(error)})` };
  }
}

function discard(attempt: Extract<Attempt, { kind: 'response' }>): void {
  attempt.timer.stop();
  attempt.release();
  attempt.response.body?.cancel().catch(() => undefined);
}

/** A request with retries on network errors, timeouts, 429 and 5xx. */
async function requestWithRetries(url: string, context: FetchContext, clock: FileClock): Promise<Attempt> {
  const { settings, signal } = context;
  for (let attempt = 0; ; attempt++) {
    const outcome = await request(url, context, clock);
    const status = outcome.kind === 'response' ? outcome.response.status : 0;
    const retryable = outcome.kind === 'failed' ? outcome.code !== 'CRAWL_PRIVATE_ADDRESS' : isRetryableStatus(status);
    if (!retryable || attempt >= settings.retries || signal.aborted || clock.left <= 0) return outcome;
    let delay = settings.retryDelay * 2 ** attempt;
    if (outcome.kind === 'response') {
      delay = retryAfter(outcome.response) ?? delay;
      discard(outcome);
    }
    if (!(await sleep(Math.min(delay, settings.maxRetryDelay), signal))) return outcome.kind === 'failed' ? outcome : { kind: 'failed', code: 'CRAWL_NETWORK_ERROR', message: 'Cancelled while waiting to retry' };
  }
}

/**
 * The issue that refuses a URL (not http or https; with a user name or password; private under
 * refusePrivateAddresses), or undefined when it may be fetched.
 *
 * @example
 * refusal(new URL('file:///etc/passwd'), settings)?.code; // 'CRAWL_UNSUPPORTED_URL'
 */
export function refusal(url: URL, settings: CrawlSettings): Issue<IssueCode> | undefined {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return crawlIssue('CRAWL_UNSUPPORTED_URL', 'error', `Only http and https URLs are fetched, not ${url.protocol}`, url.href);
  const credentials = credentialsRefusal(url);
  if (credentials) return crawlIssue('CRAWL_UNSUPPORTED_URL', 'error', credentials, withoutCredentials(url));
  const refused = settings.refusePrivateAddresses && privateAddressRefusal(url);
  return refused ? crawlIssue('CRAWL_PRIVATE_ADDRESS', 'error', refused, url.href) : undefined;
}

/**
 * What opening a file gave: its answer, and its body not yet read (undefined when it failed:
 * `issues` say why).
 *
 * @example
 * const opened = await openFile(url, context);
 * const fetched = opened.body ? await opened.body.read(() => {}) : undefined;
 */
export interface OpenedFile {
  finalUrl: string;
  status: number;
  /** The redirects followed hop by hop, in order: where each led and its status (none where the runtime followed them itself). */
  redirects: Array<{ url: string; status: number }>;
  contentType: string;
  issues: Issue<IssueCode>[];
  body: OpenedBody | undefined;
}

/**
 * Fetches one file: redirects, retries, the timeout, the byte cap and gzip. Never throws for
 * what a server does; every failure is an issue and `bytes` is undefined.
 *
 * @example
 * const fetched = await fetchFile('https://example.com/sitemap.xml.gz', context, () => {});
 * if (fetched.bytes) console.log(sniffFormat(fetched.bytes));
 */
export async function fetchFile(url: string, context: FetchContext, onProgress: () => void, limit = Infinity): Promise<FetchedFile> {
  const opened = await openFile(url, context);
  if (opened.body) return opened.body.read(onProgress, limit);
  return { finalUrl: opened.finalUrl, status: opened.status, bytes: undefined, compressed: false, contentType: opened.contentType, issues: opened.issues };
}

/**
 * Asks for one file up to its answer (redirects, retries, the timeout): its body is left unread,
 * for the caller to read as it arrives (`pieces`) or whole (`read`). A redirect to a URL that
 * `readAnyway` says the caller reads anyway is not followed (`finalUrl` is that URL, with no body
 * and the redirect's status): that file is asked for once.
 *
 * @example
 * const opened = await openFile('https://example.com/sitemap.xml', context);
 * const pieces = opened.body?.pieces(() => {});
 */
export async function openFile(url: string, context: FetchContext, readAnyway?: (url: string) => boolean): Promise<OpenedFile> {
  const issues: Issue<IssueCode>[] = [];
  const redirects: OpenedFile['redirects'] = [];
  const failed = (status: number, finalUrl: string): OpenedFile => ({ finalUrl, status, redirects, contentType: '', issues, body: undefined });
  const clock: FileClock = { left: context.settings.fileTimeout };
  let current = url;
  for (let hop = 0; ; hop++) {
    let attempt = await requestWithRetries(current, context, clock);
    if (attempt.kind === 'response' && attempt.response.type === 'opaqueredirect') {
      // A browser hides where a manual redirect goes: ask again and let it follow (it still stops at 20).
      discard(attempt);
      context.followRedirects = true;
      attempt = await requestWithRetries(current, context, clock);
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
      if (next.href === url || redirects.some((redirect) => redirect.url === next.href)) {
        issues.push(crawlIssue('CRAWL_TOO_MANY_REDIRECTS', 'error', `Redirect loop: ${current} redirects (${status}) back to ${next.href}`, next.href));
        return failed(status, current);
      }
      if (hop + 1 > MAX_REDIRECTS) {
        issues.push(crawlIssue('CRAWL_TOO_MANY_REDIRECTS', 'error', `More than ${MAX_REDIRECTS} redirects`, next.href));
        return failed(status, current);
      }
      redirects.push({ url: next.href, status });
      if (readAnyway?.(next.href)) return { finalUrl: next.href, status, redirects, contentType: '', issues, body: undefined };
      current = next.href;
      continue;
    }
    const finalUrl = context.followRedirects && response.url ? response.url : current;
    const original = new URL(url), final = new URL(finalUrl);
    if (original.host !== final.host) {
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
    return { finalUrl, status, redirects, contentType: response.headers.get('content-type') ?? '', issues, body: new OpenedBody(attempt, finalUrl, context, issues) };
  }
}

/** Receives the body's bytes as they are inflated, up to the cap. */
interface ByteSink {
  push(chunk: Uint8Array): void | Promise<void>;
  finish(): void | Promise<void>;
}

function tooLarge(maxBytes: number): SitemapError {
  return new SitemapError('INPUT_TOO_LARGE', `The file is larger than the maxBytes limit of ${maxBytes.toLocaleString('en-US')} bytes once inflated; its download stopped there`);
}

/** Sniffs the first two bytes: gzip goes through an inflater (whose output is sniffed again, once), the rest straight on. */
class GzipLayer implements ByteSink {
  #head: Uint8Array | null = new Uint8Array(0);
  #inflater: StreamingGunzip | null = null;
  #target: ByteSink;
  readonly #layers: number;
  readonly #maxBytes: number;
  readonly #onGzip: () => void;
  constructor(next: ByteSink, layers: number, maxBytes: number, onGzip: () => void) {
    this.#layers = layers;
    this.#maxBytes = maxBytes;
    this.#onGzip = onGzip;
    this.#target = next;
  }
  // Not async: fflate's inflater calls push() from inside its own push, and an error (the cap)
  // must come out of it synchronously rather than as a promise nobody awaits.
  push(chunk: Uint8Array): void | Promise<void> {
    if (this.#head !== null) {
      const head = concatenateBytes([this.#head, chunk]);
      if (head.length < 2) { this.#head = head; return; }
      this.#head = null;
      this.#decide(head);
      chunk = head;
    }
    return this.#inflater ? this.#inflater.push(chunk, false) : this.#target.push(chunk);
  }
  async finish(): Promise<void> {
    if (this.#head !== null) {
      const head = this.#head;
      this.#head = null;
      this.#decide(head);
      if (head.length > 0) await (this.#inflater ? this.#inflater.push(head, false) : this.#target.push(head));
    }
    await this.#end();
    await this.#target.finish();
  }
  cancel(): void {
    this.#inflater?.cancel();
    if (this.#target instanceof GzipLayer) this.#target.cancel();
  }
  /**
   * Inflates what was pushed, as finish() does, but leaves the reader's pieces open (the body was
   * cut off). Only the cap's error counts; the cut stays the cause otherwise.
   */
  async settle(): Promise<void> {
    try {
      await this.#end();
    } catch (error) {
      if (error instanceof SitemapError && error.code === 'INPUT_TOO_LARGE') throw error;
      return; // #end settled the layer inside
    }
    if (this.#target instanceof GzipLayer) await this.#target.settle();
  }
  /**
   * This layer's end: where it fails on damage (cut short, a wrong trailer), the layer inside still
   * inflates all it was given first, and meets maxBytes or not on that, whatever the inflaters'
   * timing: a .gz in a .gz cut off, or cut short, past maxBytes was judged too large or not by how
   * far the inner inflater had got (found by the fuzzer's crawl family, test/fuzz/crawl.mjs and
   * crawl-transport.mjs).
   */
  async #end(): Promise<void> {
    if (!this.#inflater) return;
    try {
      await this.#inflater.push(new Uint8Array(0), true);
    } catch (error) {
      if (this.#target instanceof GzipLayer && !(error instanceof SitemapError && error.code === 'INPUT_TOO_LARGE')) await this.#target.settle();
      throw error;
    }
  }
  #decide(head: Uint8Array): void {
    if (this.#layers === 0 || !isGzip(head)) return;
    this.#onGzip();
    const inner = new GzipLayer(this.#target, this.#layers - 1, this.#maxBytes, this.#onGzip);
    this.#target = inner;
    this.#inflater = createStreamingGunzip(this.#maxBytes, (bytes) => inner.push(bytes));
  }
}

/**
 * A body not read yet. `pieces` reads it through the gzip layers as it arrives (`read`: whole),
 * restarting the server timer with every chunk; the walk asks for a file's pieces as soon as it is
 * opened, before its turn to be read comes. About READ_QUEUE_BYTES of inflated pieces wait for
 * the reader (a .gz body's at most about HOLDING_QUEUE_BYTES): the rest waits in the connection
 * (TCP holds the server back) rather than in memory, and the server timer does not run while the
 * download waits for the reader (the wait is ours, not the server's).
 */
export class OpenedBody {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array> | undefined;

  readonly #attempt: Extract<Attempt, { kind: 'response' }>;
  readonly #finalUrl: string;
  readonly #context: FetchContext;
  readonly #issues: Issue<IssueCode>[];

  constructor(attempt: Extract<Attempt, { kind: 'response' }>, finalUrl: string, context: FetchContext, issues: Issue<IssueCode>[]) {
    this.#attempt = attempt;
    this.#finalUrl = finalUrl;
    this.#context = context;
    this.#issues = issues;
    this.#reader = attempt.response.body?.getReader();
    attempt.timer.stop();
  }

  /** Gives up the body unread (the walk was cancelled, or it is read elsewhere already). */
  cancel(): void {
    this.#attempt.timer.stop();
    this.#attempt.release();
    this.#reader?.cancel().catch(() => undefined);
  }

  /**
   * Reads the body and gives it whole: the file, or its issues. With a `limit`, its first `limit`
   * (inflated) bytes, the download stopped there and `truncated` set when there was more.
   */
  async read(onProgress: () => void, limit = Infinity): Promise<FetchedFile> {
    const pieces = this.pieces(onProgress);
    const gathered: Uint8Array[] = [];
    let total = 0, truncated = false;
    for (let piece = pieces.take(); piece !== null; piece = pieces.take()) {
      if (piece === undefined) { await pieces.arrived(); continue; }
      gathered.push(piece);
      total += piece.length;
      if (total > limit) {
        truncated = true;
        pieces.stop();
        this.cancel();
        break;
      }
    }
    const bytes = pieces.failed && !truncated ? undefined : concatenateBytes(gathered).subarray(0, limit);
    return { finalUrl: this.#finalUrl, status: this.#attempt.response.status, bytes, truncated, compressed: pieces.compressed, contentType: this.#attempt.response.headers.get('content-type') ?? '', issues: this.#issues };
  }

  /**
   * The body as it arrives: inflated pieces to `take()`, at most about READ_QUEUE_BYTES of them
   * queued (the download waits for the reader past that). Its issues go to the file's; `failed`
   * once it stopped for good (too large, timeout, network).
   */
  pieces(onProgress: () => void): BodyPieces {
    const pieces = new BodyPieces(this.#context.settings.maxBytes, (count) => this.#context.onBytes(count));
    const { response } = this.#attempt;
    if (/\bgzip\b/i.test(response.headers.get('content-encoding') ?? '')) pieces.compressed = true;
    const declaredLength = Number(response.headers.get('content-length'));
    if (Number.isSafeInteger(declaredLength) && declaredLength > 0) pieces.expectedBytes = declaredLength;
    void this.#pump(pieces, onProgress);
    return pieces;
  }

  async #pump(pieces: BodyPieces, onProgress: () => void): Promise<void> {
    const { timer } = this.#attempt;
    const layer = new GzipLayer(pieces, GZIP_LAYERS, this.#context.settings.maxBytes, () => { pieces.compressed = true; });
    let lastProgress = Date.now();
    try {
      if (this.#reader) {
        for (;;) {
          // The reader is behind (READ_QUEUE_BYTES queued): the download waits for it.
          if (pieces.full()) await pieces.drained();
          if (pieces.stopped) break;
          timer.restart();
          const { done, value } = await this.#reader.read();
          // What follows is ours: inflating, and waiting for the reader while its queue is full.
          timer.stop();
          if (done) break;
          await layer.push(value);
          if (Date.now() - lastProgress >= 100) { lastProgress = Date.now(); onProgress(); }
        }
      } else {
        timer.restart();
        const whole = new Uint8Array(await this.#attempt.response.arrayBuffer());
        timer.stop();
        await layer.push(whole);
      }
      if (!pieces.stopped) await layer.finish();
    } catch (error) {
      let cause = error;
      // The body was cut off (network, timeout): what arrived before the cut is inflated first, so
      // that maxBytes is judged on it whatever the inflater had done by then (its output lags its
      // input; found by the fuzzer's crawl family, test/fuzz/crawl.mjs). The cut stays the cause.
      if (!(error instanceof SitemapError) && !pieces.stopped) {
        try {
          await layer.settle();
        } catch (settled) {
          if (settled instanceof SitemapError && settled.code === 'INPUT_TOO_LARGE') cause = settled;
        }
      }
      layer.cancel();
      // After the reader stopped (it had what it wanted), what the download does is no failure.
      if (!pieces.stopped) pieces.failed = !this.#failedWith(cause);
    } finally {
      this.cancel();
      pieces.end();
    }
  }

  /** Adds the issue for what stopped the body; true when what came before it is to be read (damaged gzip). */
  #failedWith(error: unknown): boolean {
    const context = this.#context, issues = this.#issues, finalUrl = this.#finalUrl;
    if (error instanceof SitemapError && error.code === 'INPUT_TOO_LARGE') {
      issues.push(crawlIssue('CRAWL_TOO_LARGE', 'error', tooLarge(context.settings.maxBytes).message, String(context.settings.maxBytes)));
      return false;
    }
    if (error instanceof SitemapError && error.code === 'GZIP_INVALID') {
      // What inflated before the damage is read, as parse's recover mode does for a truncated .gz.
      issues.push(createIssue('GZIP_INVALID', 'error', `${error.message}; what inflated before the damage was read`, 1, 1, ''));
      return true;
    }
    const expired = this.#attempt.timer.expired, decoding = notItsCoding(error);
    if (expired) issues.push(crawlIssue('CRAWL_TIMEOUT', 'error', expired === 'file' ? fileTimeoutMessage(context.settings) : `The body stopped arriving: nothing for ${context.settings.timeout.toLocaleString('en-US')} ms`, finalUrl));
    else if (context.signal.aborted) issues.push(crawlIssue('CRAWL_NETWORK_ERROR', 'error', 'Cancelled while reading', finalUrl));
    else if (decoding !== undefined) issues.push(crawlIssue('CRAWL_NETWORK_ERROR', 'error', `The body is not the ${this.#attempt.response.headers.get('content-encoding')} its Content-Encoding says (${decoding})`, finalUrl));
    else issues.push(crawlIssue('CRAWL_NETWORK_ERROR', 'error', `The body could not be read (${error instanceof Error ? error.message : String(error)})`, finalUrl));
    return false;
  }
}

/** Inflated bytes queued for the reader before the download waits for it. */
const READ_QUEUE_BYTES = 1024 * 1024;
/**
 * Inflated bytes queued past which the streaming gunzip waits for the reader too: the download
 * stops at READ_QUEUE_BYTES, but a network chunk it took before that still inflates whole (64
 * KiB of a gzip bomb is 64 MiB). Not READ_QUEUE_BYTES itself: holding zlib back at the queue's own
 * mark made the walk wait for .gz pieces twice as long (bench/README.md, Crawl, round 11).
 */
const HOLDING_QUEUE_BYTES = 4 * READ_QUEUE_BYTES;

/**
 * A body's inflated pieces on their way to the reader (OpenedBody.pieces): the download pushes,
 * the reader takes (`take`: a piece, null at the end, undefined when none has arrived yet) and
 * waits (`arrived`). Bounded by maxBytes in all.
 *
 * @example
 * const pieces = opened.body.pieces(() => {});
 * for (let piece = pieces.take(); piece !== null; piece = pieces.take()) if (piece === undefined) await pieces.arrived(); else use(piece);
 */
export class BodyPieces implements ByteSink {
  compressed = false;
  /** Content-Length (as sent: a gzip body inflates to more), 0 when not given; a hint. */
  expectedBytes = 0;
  /** The body stopped for good before its end (too large, timeout, network, cancelled). */
  failed = false;
  /** The reader wants no more (stop()). */
  stopped = false;
  readonly #queue: Uint8Array[] = [];
  #queued = 0;
  #total = 0;
  #ended = false;
  #wakeReader: (() => void) | undefined;
  #wakeWriter: (() => void) | undefined;
  /** What everyone waiting for the reader's room waits on (the download, the streaming gunzip). */
  #drained: Promise<void> | undefined;

  readonly #maxBytes: number;
  readonly #onBytes: (count: number) => void;

  constructor(maxBytes: number, onBytes: (count: number) => void) {
    this.#maxBytes = maxBytes;
    this.#onBytes = onBytes;
  }

  /**
   * Queues a piece. Past HOLDING_QUEUE_BYTES it returns a promise of room (`drained`), which the
   * streaming gunzip waits for, writing no more compressed bytes meanwhile: a .gz body waiting
   * for its turn holds at most about that and two slices' output, however well it compresses.
   * (The cap's error is thrown, not returned.)
   */
  push(chunk: Uint8Array): void | Promise<void> {
    if (this.stopped) return;
    this.#total += chunk.length;
    if (this.#total > this.#maxBytes) throw tooLarge(this.#maxBytes);
    this.#onBytes(chunk.length);
    this.#queue.push(chunk);
    this.#queued += chunk.length;
    this.#wake('reader');
    return this.#queued >= HOLDING_QUEUE_BYTES && !this.stopped ? this.drained() : undefined;
  }

  finish(): void {}

  /** Called once the download has ended (or failed). */
  end(): void {
    this.#ended = true;
    this.#wake('reader');
  }

  /** The reader is done (it stopped early): the download stops too. */
  stop(): void {
    this.stopped = true;
    this.#queue.length = 0;
    this.#queued = 0;
    this.#wake('writer');
  }

  take(): Uint8Array | null | undefined {
    const piece = this.#queue.shift();
    if (piece !== undefined) {
      this.#queued -= piece.length;
      if (this.#queued < READ_QUEUE_BYTES) this.#wake('writer');
      return piece;
    }
    return this.#ended ? null : undefined;
  }

  /** Resolves once a piece has arrived or the body has ended. */
  arrived(): Promise<void> {
    if (this.#queue.length > 0 || this.#ended) return Promise.resolve();
    return new Promise((resolve) => { this.#wakeReader = resolve; });
  }

  full(): boolean {
    return this.#queued >= READ_QUEUE_BYTES && !this.stopped;
  }

  /** Resolves once the reader has made room (or stopped). */
  drained(): Promise<void> {
    if (!this.full()) return Promise.resolve();
    return (this.#drained ??= new Promise((resolve) => { this.#wakeWriter = resolve; }));
  }

  #wake(which: 'reader' | 'writer'): void {
    const wake = which === 'reader' ? this.#wakeReader : this.#wakeWriter;
    if (which === 'reader') this.#wakeReader = undefined;
    else {
      this.#wakeWriter = undefined;
      this.#drained = undefined;
    }
    wake?.();
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
  const charset = otherCharset(contentType);
  if (!charset) return bytes;
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

/**
 * The charset Content-Type names, in lower case, unless it is none or UTF-8 (or its subset US-ASCII).
 *
 * @example
 * otherCharset('text/xml; charset="ISO-8859-1"'); // 'iso-8859-1'
 * otherCharset('application/xml; charset=utf-8'); // undefined
 */
export function otherCharset(contentType: string): string | undefined {
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType)?.[1]?.toLowerCase();
  return charset === 'utf-8' || charset === 'utf8' || charset === 'us-ascii' ? undefined : charset;
}
