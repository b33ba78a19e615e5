// The requests of crawlSitemaps and checkUrls: the runtime's own way to fetch where it has one
// (the Node entry installs node:http(s): src/site/crawl-fetch.node.ts), and what the option
// `refusePrivateAddresses` refuses, in the URL and, where the runtime sees them, in DNS answers.
// A leaf of the site code (no robots.txt rules, no option reading), so that checkUrls alone
// brings nothing of the crawl into a bundle.

import type { CrawlFetch } from './crawl-types';

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
 * privateAddressRefusal(new URL('http://10.0.0.8/')); // '10.0.0.8 is a loopback, private or link-local address, refused (refusePrivateAddresses)'
 */
export function privateAddressRefusal(url: URL): string | undefined {
  return isPrivateAddress(url) ? `${url.hostname} is a loopback, private or link-local address, refused (refusePrivateAddresses)` : undefined;
}

/**
 * True for what `refusePrivateAddresses` refuses: `localhost` and `*.localhost` (RFC 6761), and
 * IP literals that are unspecified, loopback, private (RFC 1918, RFC 4193), shared (RFC 6598),
 * link-local (RFC 3927, RFC 4291) or IPv4-mapped forms of those. The WHATWG URL parser has
 * already turned `0x7f.1` and `2130706433` into `127.0.0.1`.
 *
 * @example
 * isPrivateAddress(new URL('http://10.0.0.8/s.xml')); // true
 */
export function isPrivateAddress(url: URL): boolean {
  const host = url.hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || host.endsWith('.localhost')) return true;
  const ipv4 = /^(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(host);
  if (ipv4) return isPrivateIpv4(ipv4.slice(1, 5).map(Number));
  if (!host.startsWith('[')) return false;
  const ipv6 = host.slice(1, -1);
  // The URL parser writes an IPv4-mapped address in hex: [::ffff:127.0.0.1] is [::ffff:7f00:1].
  const mapped = /^::ffff:([\da-f]{1,4}):([\da-f]{1,4})$/.exec(ipv6);
  if (mapped) {
    const high = parseInt(mapped[1]!, 16), low = parseInt(mapped[2]!, 16);
    return isPrivateIpv4([high >> 8, high & 255, low >> 8, low & 255]);
  }
  if (ipv6 === '::' || ipv6 === '::1') return true;
  const first = parseInt(ipv6.split(':')[0] || '0', 16);
  return (first & 0xfe00) === 0xfc00 /* fc00::/7 */ || (first & 0xffc0) === 0xfe80 /* fe80::/10 */;
}

function isPrivateIpv4([a, b]: number[]): boolean {
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b! >= 16 && b! <= 31) || (a === 192 && b === 168) || (a === 100 && b! >= 64 && b! <= 127);
}
