// Checking the pages a sitemap lists (issue 19, item 11): each URL's HTTP status, where its
// redirects lead, and whether it says noindex (an `X-Robots-Tag` header, or a robots `<meta>` in
// an HTML page's head: Google's "Submitted URL marked 'noindex'"). The runtime's fetch (WHATWG
// Fetch), a concurrency limit, a timeout and cancel; no Node built-ins, so the viewer, the
// extension and the CLI share it.

import { SitemapError } from '../model/errors';
import { checkHeadersOption, checkLimitOption, checkOptionsObject, describeValue } from '../input/input';
import { addressRefusals, browserHidesRedirects, credentialsRefusal, privateAddressRefusal, runtimeFetch, withoutCredentials } from '../site/runtime-fetch';

/** What one URL gave. */
export interface UrlCheck {
  /** The URL as given. */
  url: string;
  /** The last HTTP status (after redirects); 0 when there was no answer (see `error`). */
  status: number;
  /** Where the redirects led (`url` when there were none). */
  finalUrl: string;
  /** Redirects followed; -1 when the runtime followed them itself and did not say how many (browsers). */
  redirects: number;
  /** `header` (X-Robots-Tag) or `meta` (a robots meta tag) when the page asks not to be indexed. */
  noindex: 'header' | 'meta' | undefined;
  /**
   * Why there was no answer: not an http(s) URL, a network error, the timeout, too many redirects;
   * or, with the answer's `status`, why an HTML page's head could not be read for its robots meta
   * tag (the timeout, a network error): `noindex` is then unknown.
   */
  error?: string;
}

/** Options of {@link checkUrls}. */
export interface CheckUrlsOptions {
  /** The `fetch` to use (default: the runtime's); a relay or an extension's fetch fits. */
  fetch?: (url: string, init: RequestInit) => Promise<Response>;
  /** Requests at once. Default 4: a site's own pages, politely. */
  concurrency?: number;
  /** Milliseconds one request may take, body included. Default 15,000. */
  timeout?: number;
  /** Stops everything (as `cancel()` does). */
  signal?: AbortSignal;
  /** Redirects followed per URL. Default 10. */
  maxRedirects?: number;
  /**
   * Refuse URLs (and redirects) to `localhost` and to IP literals that no public web server has
   * (the addresses `crawlSitemaps` refuses): for services that check URLs their users submit.
   * Such a URL is not fetched; its check has `status: 0` and an `error` that says why. In Node, with no `fetch` option (and no
   * undici dispatcher or proxy of the program's own), also a host name whose DNS answer has such
   * an address, judged where the connection is made, as `crawlSitemaps` does. Elsewhere it sees
   * only the URL (a browser cannot see DNS answers; behind your own `fetch`, filter there).
   * Default false.
   */
  refusePrivateAddresses?: boolean;
  /** Request headers (a `User-Agent` of your own), as `crawlSitemaps` takes them. */
  headers?: Record<string, string>;
}

/** What {@link checkUrls} returns: the checks as they finish, and `cancel()`. */
export interface UrlChecks extends AsyncIterable<UrlCheck> {
  /** Stops: requests in flight are aborted, no new one starts, the iteration ends. */
  cancel(): void;
}

/** Bytes of an HTML page read to find its robots meta tags: they belong in the head. */
const HEAD_BYTES = 65536;
const META_TAG = /<meta\b[^>]*>/gi;
const ROBOTS_NAME = /\bname\s*=\s*["']?\s*(?:robots|googlebot)\b/i;
const CONTENT = /\bcontent\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+))/i;
// "noindex", or "none" (noindex, nofollow), as a directive of its own, maybe after "googlebot:".
const NOINDEX = /(?:^|[,\s:])(?:noindex|none)(?:$|[,\s])/i;

/** Whether an X-Robots-Tag header value says noindex (for every crawler, or for Googlebot). */
function headerSaysNoindex(value: string | null): boolean {
  if (!value) return false;
  // "otherbot: noindex" binds another crawler only.
  return value.split(/,(?=\s*[\w-]+\s*:)/).some((part) => {
    const agent = /^\s*([\w-]+)\s*:(?!\/)/.exec(part)?.[1]?.toLowerCase();
    return (agent === undefined || agent === 'googlebot' || agent === 'unavailable_after') && NOINDEX.test(part.replace(/^\s*[\w-]+\s*:(?!\/)/, ' '));
  });
}

/** Whether the first bytes of an HTML page carry a robots (or googlebot) meta tag with noindex. */
function htmlSaysNoindex(head: string): boolean {
  for (const [tag] of head.matchAll(META_TAG)) {
    if (!ROBOTS_NAME.test(tag)) continue;
    const match = CONTENT.exec(tag);
    if (match && NOINDEX.test(match[1] ?? match[2] ?? match[3] ?? '')) return true;
  }
  return false;
}

/**
 * In an HTML page's head, markup that ends it (`</head` or `<body` and the character after, so that
 * `</header` is not it) or starts text that is not markup: a comment, a script's, a style's or a
 * title's text (raw text and escapable raw text in HTML's words: a `<meta>` or `<body` there is
 * text, not a tag).
 */
const HEAD_MARKUP = /<\/head[\s>/]|<body[\s>/]|<!--|<(script|style|title)[\s>/]/gi;
/** Characters of the longest HEAD_MARKUP match or end of a text (`</script` and one): the end of what was read is searched again with the next chunk, for a match cut by a chunk boundary. */
const LONGEST_MATCH = 9;

/**
 * An HTML page's head as the markup a robots meta tag can be in (UTF-8, enough for ASCII tags): its
 * text outside comments, scripts, styles and the title, up to where the head ends (HEAD_MARKUP) or
 * its first HEAD_BYTES bytes, whichever comes first, the same however the bytes arrive; then lets
 * the body go. Each chunk is searched once but for its last few characters. It had read whole
 * chunks and looked for meta tags in all it had read, so a tag in the body counted when it came in
 * the same chunk as the end of the head (and a tag past HEAD_BYTES when in the chunk that crossed
 * it), found by the fuzzer's check-urls family (test/fuzz/check-urls.mjs); and until 2026-11-28 a
 * tag inside a comment counted, and a `<body` inside a script ended the head.
 */
async function readHead(response: Response): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  let text = '', markup = '';
  /** Where the search goes on in `text`; what ends the text that is not markup we are in, if we are. */
  let searched = 0, textEnd: RegExp | undefined;
  let bytes = 0;
  try {
    while (bytes < HEAD_BYTES) {
      const { done, value } = await reader.read();
      if (done) break;
      const taken = value.subarray(0, HEAD_BYTES - bytes);
      bytes += taken.length;
      text += decoder.decode(taken, { stream: true });
      for (;;) {
        const pattern = textEnd ?? HEAD_MARKUP;
        pattern.lastIndex = searched;
        const match = pattern.exec(text);
        // None: all but the last few characters are searched (and, outside comments and raw text, markup).
        if (!match) {
          const upTo = Math.max(searched, text.length - LONGEST_MATCH);
          if (!textEnd) markup += text.slice(searched, upTo);
          searched = upTo;
          break;
        }
        const from = searched;
        // A comment's `-->` may take the dashes of its `<!--` (`<!-->` and `<!--->` end at once, as
        // in a browser: HTML's abrupt-closing-of-empty-comment).
        searched = match.index + (match[0] === '<!--' ? 2 : match[0].length);
        if (textEnd) {
          textEnd = undefined;
          continue;
        }
        markup += text.slice(from, match.index);
        if (match[0][1] === '/' || match[0][1]!.toLowerCase() === 'b') return markup;
        // What ends it: `-->`, or the end tag of the element it is the text of.
        textEnd = match[1] ? new RegExp(`</${match[1]}[\\s>/]`, 'gi') : /-->/g;
      }
    }
  } finally {
    reader.cancel().catch(() => undefined);
  }
  return textEnd ? markup : markup + text.slice(searched);
}

interface Settings {
  fetch: (url: string, init: RequestInit) => Promise<Response>;
  /** `fetch` follows redirects itself (a browser's, which hides where a manual one goes): from the start, or once one answer was opaque. */
  followRedirects: boolean;
  /** `fetch` is a browser's own (browserHidesRedirects): it follows redirects from the start and is told not to answer from its HTTP cache. */
  browserFetch: boolean;
  concurrency: number;
  timeout: number;
  maxRedirects: number;
  refusePrivateAddresses: boolean;
  headers: Record<string, string>;
}

/** One URL, redirects followed by hand where the runtime shows them (Node, relays), else by fetch. */
async function checkOne(url: string, settings: Settings, signal: AbortSignal): Promise<UrlCheck> {
  const failed = (error: string, finalUrl = url, redirects = 0): UrlCheck => ({ url, status: 0, finalUrl, redirects, noindex: undefined, error });
  let current: URL;
  try {
    current = new URL(url);
  } catch {
    return failed('not a URL');
  }
  if (current.protocol !== 'http:' && current.protocol !== 'https:') return failed(`not an http(s) URL (${current.protocol})`);
  const credentials = credentialsRefusal(current);
  if (credentials) return failed(credentials, withoutCredentials(current));
  const refused = settings.refusePrivateAddresses && privateAddressRefusal(current);
  if (refused) return failed(refused, current.href);
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal.addEventListener('abort', abort);
  const timer = setTimeout(() => controller.abort(), settings.timeout);
  try {
    let follow = settings.followRedirects;
    for (let redirects = 0; ; ) {
      let response: Response;
      try {
        // A browser's HTTP cache would answer with what an earlier check got: asked again (browserHidesRedirects).
        response = await settings.fetch(current.href, { method: 'GET', redirect: follow ? 'follow' : 'manual', cache: settings.browserFetch ? 'no-cache' : undefined, signal: controller.signal, credentials: 'omit', headers: settings.headers });
      } catch (error) {
        if (signal.aborted) return failed('cancelled', current.href, redirects);
        if (controller.signal.aborted) return failed(`no answer within ${settings.timeout.toLocaleString('en-US')} ms`, current.href, redirects);
        if (addressRefusals.has(error as object)) return failed((error as Error).message, current.href, redirects);
        return failed(`no answer (${error instanceof Error ? error.message : String(error)})`, current.href, redirects);
      }
      if (response.type === 'opaqueredirect') {
        // A browser hides a manual redirect's target: ask again and let it follow, and for every
        // URL after this one (a browser not known as one: browserHidesRedirects).
        follow = settings.followRedirects = true;
        continue;
      }
      const location = response.status >= 300 && response.status < 400 ? response.headers.get('location') : null;
      if (location !== null && !follow) {
        response.body?.cancel().catch(() => undefined);
        if (++redirects > settings.maxRedirects) return failed(`more than ${settings.maxRedirects} redirects`, current.href, redirects);
        try {
          current = new URL(location, current);
        } catch {
          return failed(`a redirect to "${location}", which is not a URL`, current.href, redirects);
        }
        if (current.protocol !== 'http:' && current.protocol !== 'https:') return failed(`a redirect to ${current.protocol}, not http(s)`, current.href, redirects);
        const credentialsTarget = credentialsRefusal(current);
        if (credentialsTarget) return failed(`a redirect to ${credentialsTarget}`, withoutCredentials(current), redirects);
        const refusedTarget = settings.refusePrivateAddresses && privateAddressRefusal(current);
        if (refusedTarget) return failed(`a redirect to ${current.href}: ${refusedTarget}`, current.href, redirects);
        continue;
      }
      const finalUrl = follow && response.url ? response.url : current.href;
      // Followed by the runtime: how many it does not say, only whether it did (`redirected`).
      if (follow) redirects = response.redirected ? -1 : 0;
      let noindex: UrlCheck['noindex'] = headerSaysNoindex(response.headers.get('x-robots-tag')) ? 'header' : undefined;
      if (!noindex && response.ok && /html/i.test(response.headers.get('content-type') ?? '')) {
        let head: string;
        try {
          head = await readHead(response);
        } catch (error) {
          // The answer came, its head did not (a page that trickles in, a connection cut): said with its status.
          if (signal.aborted) return failed('cancelled', finalUrl, redirects);
          const why = controller.signal.aborted ? `the page's head did not arrive within ${settings.timeout.toLocaleString('en-US')} ms` : `the page's head could not be read (${error instanceof Error ? error.message : String(error)})`;
          return { url, status: response.status, finalUrl, redirects, noindex: undefined, error: `${why}: its robots meta tag is unknown` };
        }
        noindex = htmlSaysNoindex(head) ? 'meta' : undefined;
      } else {
        response.body?.cancel().catch(() => undefined);
      }
      return { url, status: response.status, finalUrl, redirects, noindex };
    }
  } finally {
    clearTimeout(timer);
    signal.removeEventListener('abort', abort);
  }
}

/**
 * Checks the pages a sitemap lists: for each URL its HTTP status, where its redirects lead and
 * whether it says noindex (an `X-Robots-Tag: noindex` header, or `<meta name="robots"
 * content="noindex">` in an HTML page's head). At most `concurrency` requests at once (default
 * 4), each within `timeout` (default 15 s); results come as they finish. Never throws for what a
 * server does: no answer is `status: 0` with an `error`. Only http(s) URLs are fetched.
 * `cancel()` or `options.signal` stop it. Takes any (async) iterable of URLs: the entries of
 * `parseStream` mapped to their `loc`, an array, a generator.
 *
 * @example
 * const checks = checkUrls(urls.map((url) => url.loc), { concurrency: 8 });
 * for await (const { url, status, finalUrl, noindex } of checks) {
 *   if (status !== 200 || noindex) console.log(status, url, finalUrl, noindex ?? '');
 * }
 */
export function checkUrls(urls: Iterable<string> | AsyncIterable<string>, options: CheckUrlsOptions = {}): UrlChecks {
  checkOptionsObject(options, 'checkUrls options');
  const refusePrivateAddresses = options.refusePrivateAddresses ?? false;
  if (typeof refusePrivateAddresses !== 'boolean') throw new SitemapError('INPUT_INVALID_OPTION', `refusePrivateAddresses must be true or false, not ${describeValue(refusePrivateAddresses)}`);
  // The runtime's own fetch (Node: node:http(s), which sees DNS answers) only where it refuses more than the URLs.
  const ownFetch = options.fetch ?? (refusePrivateAddresses ? runtimeFetch({ refusePrivateAddresses }) : undefined);
  const chosenFetch = ownFetch ?? (typeof fetch === 'function' ? fetch.bind(globalThis) : undefined);
  if (typeof chosenFetch !== 'function') throw new SitemapError('INPUT_INVALID_OPTION', 'checkUrls needs a fetch: this runtime has none, pass options.fetch');
  const browserFetch = ownFetch === undefined && browserHidesRedirects();
  const settings: Settings = {
    refusePrivateAddresses,
    headers: checkHeadersOption(options.headers),
    fetch: chosenFetch,
    followRedirects: browserFetch,
    browserFetch,
    concurrency: Math.max(1, checkLimitOption(options.concurrency, 'concurrency', 4)),
    timeout: checkLimitOption(options.timeout, 'timeout', 15_000),
    maxRedirects: checkLimitOption(options.maxRedirects, 'maxRedirects', 10),
  };
  const controller = new AbortController();
  options.signal?.addEventListener('abort', () => controller.abort());
  if (options.signal?.aborted) controller.abort();
  const source = Symbol.asyncIterator in Object(urls) ? (urls as AsyncIterable<string>)[Symbol.asyncIterator]() : (urls as Iterable<string>)[Symbol.iterator]();
  const ready: UrlCheck[] = [];
  let waiting: (() => void) | undefined;
  let lanesLeft = settings.concurrency;
  let started = false;
  let failure: unknown;
  const wake = () => { const resolve = waiting; waiting = undefined; resolve?.(); };

  const lane = async () => {
    try {
      while (!controller.signal.aborted) {
        const next = await source.next();
        if (next.done) break;
        const check = await checkOne(String(next.value), settings, controller.signal);
        if (controller.signal.aborted) break;
        ready.push(check);
        wake();
      }
    } catch (error) {
      failure ??= error;
      controller.abort();
    } finally {
      lanesLeft--;
      wake();
    }
  };

  return {
    cancel: () => { controller.abort(); wake(); },
    async *[Symbol.asyncIterator]() {
      if (!started) {
        started = true;
        for (let n = 0; n < settings.concurrency; n++) void lane();
      }
      try {
        for (;;) {
          if (controller.signal.aborted) break;
          if (ready.length > 0) { yield ready.shift()!; continue; }
          if (lanesLeft === 0) break;
          await new Promise<void>((resolve) => { waiting = resolve; });
        }
        if (failure !== undefined) throw failure;
      } finally {
        // Leaving the loop early stops the rest.
        controller.abort();
      }
    },
  };
}
