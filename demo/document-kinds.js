// What the viewer calls each kind of document it reads (the library's sniffFormat decides which
// one it is: a sitemap, an index, a text sitemap, an RSS or Atom feed, a robots.txt), and which
// kinds list other sitemaps that open in place (an index's children, a robots.txt's Sitemap lines).

const KIND_NAMES = { urlset: 'Sitemap (urlset)', sitemapindex: 'Sitemap index', text: 'Text sitemap', robots: 'robots.txt' };
const FEED_NAMES = { rss: 'RSS feed', atom: 'Atom feed' };

/**
 * The name a person reads for a document's kind, or undefined when it is not a sitemap.
 *
 * @example
 * kindName({ kind: 'urlset', format: 'rss' }); // 'RSS feed'
 */
export function kindName({ kind, format }) {
  return FEED_NAMES[format] ?? KIND_NAMES[kind];
}

/**
 * Whether a document's entries are sitemaps the viewer can open (an index, a robots.txt).
 *
 * @example
 * listsSitemaps('robots'); // true
 */
export function listsSitemaps(kind) {
  return kind === 'sitemapindex' || kind === 'robots';
}
