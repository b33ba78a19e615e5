// The requests of crawlSitemaps and checkUrls: the runtime's own way to fetch where it has one
// (the Node entry installs node:http(s): src/site/crawl-fetch.node.ts), and what the option
// `refusePrivateAddresses` refuses, in the URL and, where the runtime sees them, in DNS answers;
// the timer that bounds the waits for a server (the crawl's and the command line's URL inputs).
// A leaf of the site code (no robots.txt rules, no option reading), so that checkUrls alone
// brings nothing of the crawl into a bundle.

import type { CrawlFetch } from './crawl-types';

/**
 * The milliseconds one file's server may still take (fileTimeout), shared by the file's requests
 * (redirects, retries) and its body. Only waits for the server count: a server that sends a byte
 * now and then forever passes every idle timeout, and a file whose body waits for its turn to be
 * read, or a retry's delay, is the walk's wait, not the server's.
 */
export interface FileClock {
  left: number;
}

/**
 * Runs while the walk waits for the server: aborts the request when nothing arrives for `timeout`
 * ms (`expired` 'idle') or when the file's waits add up to its fileTimeout ('file'). Restarted by
 * every chunk, stopped while the walk does its own work (the command line's URL inputs use it too).
 *
 * @example
 * const timer = new ServerTimer(30_000, { left: 300_000 }, () => controller.abort());
 * timer.restart(); const chunk = await reader.read(); timer.stop();
 */
export class ServerTimer {
  expired: 'idle' | 'file' | undefined;
  #handle: ReturnType<typeof setTimeout> | undefined;
  #since = 0;
  readonly #timeout: number;
  readonly #clock: FileClock;
  readonly #onExpire: () => void;
  constructor(timeout: number, clock: FileClock, onExpire: () => void) {
    this.#timeout = timeout;
    this.#clock = clock;
    this.#onExpire = onExpire;
    this.restart();
  }
  restart(): void {
    this.stop();
    const wait = Math.min(this.#timeout, this.#clock.left);
    if (wait === Infinity) return;
    this.#since = Date.now();
    this.#handle = setTimeout(() => {
      this.stop();
      this.expired = wait < this.#timeout ? 'file' : 'idle';
      this.#onExpire();
    }, Math.min(Math.max(wait, 0), MAX_TIMER));
  }
  stop(): void {
    if (this.#handle === undefined) return;
    clearTimeout(this.#handle);
    this.#handle = undefined;
    this.#clock.left -= Date.now() - this.#since;
  }
}

/** setTimeout's largest delay (2^31 - 1 ms); longer ones fire at once. */
export const MAX_TIMER = 2_147_483_647;

/**
 * Why a URL with a user name or password is not fetched, or undefined when it has none: fetch
 * refuses one (WHATWG Fetch), where Node's node:http would send it as Basic authentication, so the
 * answer would differ by runtime. The message leaves the password out.
 *
 * @example
 * credentialsRefusal(new URL('https://me:secret@example.com/s.xml')); // 'https://example.com/s.xml: a URL with a user name or password is not fetched, …'
 */
export function credentialsRefusal(url: URL): string | undefined {
  if (url.username === '' && url.password === '') return undefined;
  return `${withoutCredentials(url)}: a URL with a user name or password is not fetched, as fetch refuses one (send credentials with the headers option)`;
}

/** The URL without its user name and password (nor fragment), to show. */
export function withoutCredentials(url: URL): string {
  return `${url.protocol}//${url.host}${url.pathname}${url.search}`;
}

/**
 * zlib's message when a body failed as the coding its Content-Encoding names (Node's own transport,
 * or Node's fetch, whose error's cause it is), else undefined: zlib's `Z_…` codes and brotli's `ERR__ERROR_…`.
 * The crawl and the command line's URL inputs say so.
 *
 * @example
 * notItsCoding(new TypeError('terminated', { cause: zlibError })); // 'incorrect header check'
 */
export function notItsCoding(error: unknown): string | undefined {
  for (let at = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0; at && depth < 2; at = at.cause as typeof at, depth++) {
    if (typeof at.code === 'string' && /^(?:Z_|ERR__ERROR)/.test(at.code)) return String(at.message);
  }
  return undefined;
}

/** What a runtime's own fetch is told of the caller's options. */
export interface RuntimeCrawlFetchOptions {
  /** Refuse host names whose DNS answer is such an address, where the runtime sees it (isPrivateAddress). */
  refusePrivateAddresses: boolean;
}

/** The runtime's own default for the `fetch` option, where it has one (the Node entry: src/site/crawl-fetch.node.ts). */
let runtimeCrawlFetch: ((options: RuntimeCrawlFetchOptions) => CrawlFetch | undefined) | undefined;

/**
 * Installs the runtime's own way to fetch for a crawl or checkUrls with no `fetch` option: asked
 * at each one's start, and `globalThis.fetch` is used when it answers undefined.
 *
 * @example
 * setRuntimeCrawlFetch(crawlFetchOfNode);
 */
export function setRuntimeCrawlFetch(choose: (options: RuntimeCrawlFetchOptions) => CrawlFetch | undefined): void {
  runtimeCrawlFetch = choose;
}

/**
 * Whether the runtime's global fetch is a browser's (a page, a worker, an extension's service
 * worker): a browser answers a request made with `redirect: 'manual'` with an opaque response that
 * hides where the redirect goes, so the crawl and checkUrls let its fetch follow redirects from the
 * first request, where they learnt it from the first opaque answer and asked that URL again (each
 * redirecting URL twice in checkUrls); and they ask it with `cache: 'no-cache'`, since its HTTP cache
 * keeps a 301 or a 410 unasked and would answer a second walk with it. Deno, Bun, workerd and Node
 * show redirects (no `document`, no `importScripts` there); a runtime taken for a browser by mistake
 * only has its redirects followed by its fetch, as a browser's are. A fetch of the caller's is asked
 * hop by hop first, and with no `cache` option, which not every fetch takes.
 *
 * @example
 * const browserFetch = options.fetch === undefined && browserHidesRedirects();
 */
export function browserHidesRedirects(): boolean {
  const scope = globalThis as { document?: unknown; importScripts?: unknown };
  return typeof scope.document === 'object' || typeof scope.importScripts === 'function';
}

/**
 * The runtime's own fetch for these options, or undefined where it has none (browsers, workers,
 * Deno, Bun; Node with a dispatcher or proxy of the program's own).
 *
 * @example
 * const fetch = options.fetch ?? runtimeFetch({ refusePrivateAddresses: false }) ?? globalThis.fetch;
 */
export function runtimeFetch(options: RuntimeCrawlFetchOptions): CrawlFetch | undefined {
  return runtimeCrawlFetch?.(options);
}

/**
 * What a runtime's fetch throws for a host name whose DNS answer has an address that
 * refusePrivateAddresses refuses (src/site/crawl-fetch.node.ts, at connect time) is added here:
 * the crawl reports it as CRAWL_PRIVATE_ADDRESS with its message and does not retry it;
 * checkUrls gives its message as the check's error.
 */
export const addressRefusals = new WeakSet<object>();

/**
 * Why `refusePrivateAddresses` refuses `url` (isPrivateAddress), or undefined: the one message of
 * the crawl's CRAWL_PRIVATE_ADDRESS and of checkUrls's error.
 *
 * @example
 * privateAddressRefusal(new URL('http://10.0.0.8/')); // '10.0.0.8 is a loopback, private, link-local or reserved address, refused (refusePrivateAddresses)'
 */
export function privateAddressRefusal(url: URL): string | undefined {
  return isPrivateAddress(url) ? `${url.hostname} is ${PRIVATE_ADDRESS}, refused (refusePrivateAddresses)` : undefined;
}

/** What every refusal calls the address (the DNS answer's in src/site/crawl-fetch.node.ts too). */
export const PRIVATE_ADDRESS = 'a loopback, private, link-local or reserved address';

/**
 * True for what `refusePrivateAddresses` refuses: `localhost` and `*.localhost` (RFC 6761), and IP
 * literals that no public web server has: IPv4 unspecified (0/8), loopback, private (RFC 1918),
 * shared (RFC 6598), link-local, IETF protocol assignments (192.0.0/24), benchmarking (198.18/15),
 * multicast and reserved (224/3, with the broadcast address); IPv6 unspecified, loopback, unique
 * local (RFC 4193), link-local and multicast. An IPv6 address that carries an IPv4 one is judged by
 * it: IPv4-mapped and IPv4-compatible (::/96), NAT64's well-known prefix (64:ff9b::/96, RFC 6052)
 * and 6to4 (2002::/16, RFC 3056), since a network with a NAT64 gateway or a 6to4 relay routes
 * `[64:ff9b::a00:1]` to 10.0.0.1; the rest of 64:ff9b::/32 (local-use translation, RFC 8215) is
 * refused whatever it carries. The WHATWG URL parser has already turned `0x7f.1` and `2130706433`
 * into `127.0.0.1` and written IPv6 in its canonical form.
 *
 * @example
 * isPrivateAddress(new URL('http://10.0.0.8/s.xml')); // true
 * isPrivateAddress(new URL('http://[64:ff9b::a9fe:a9fe]/')); // true: 169.254.169.254 through NAT64
 */
export function isPrivateAddress(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (ipv4) return isPrivateIpv4(ipv4.slice(1, 5).map(Number));
  if (!host.startsWith('[')) return false;
  // The eight 16-bit groups, the one `::` the serializer writes filled with zeros.
  const [head, tail = ''] = host.slice(1, -1).split('::') as [string, string?];
  const groupsOf = (part: string) => (part ? part.split(':').map((group) => parseInt(group, 16)) : []);
  const front = groupsOf(head), back = groupsOf(tail);
  const g = [...front, ...Array<number>(8 - front.length - back.length).fill(0), ...back] as [number, number, number, number, number, number, number, number];
  const carried = (at: number) => isPrivateIpv4([g[at]! >> 8, g[at]! & 255, g[at + 1]! >> 8, g[at + 1]! & 255]);
  // ::/96 (:: and ::1 are 0.0.0.0 and 0.0.0.1 there) and ::ffff:0:0/96.
  if (!(g[0] | g[1] | g[2] | g[3] | g[4]) && (g[5] === 0 || g[5] === 0xffff)) return carried(6);
  if (g[0] === 0x64 && g[1] === 0xff9b) return g[2] | g[3] | g[4] | g[5] ? true : carried(6);
  if (g[0] === 0x2002) return carried(1);
  return (g[0] & 0xfe00) === 0xfc00 /* fc00::/7 */ || (g[0] & 0xffc0) === 0xfe80 /* fe80::/10 */ || g[0] >= 0xff00 /* ff00::/8 */;
}

function isPrivateIpv4([a, b, c]: number[]): boolean {
  return a === 0 || a === 10 || a === 127 || a! >= 224 || (a === 169 && b === 254) || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168) || (a === 100 && b! >= 64 && b! <= 127) || (a === 192 && b === 0 && c === 0) || (a === 198 && (b === 18 || b === 19));
}
