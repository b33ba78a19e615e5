// Links to URLs that came from a fetched document (a sitemap's <loc>): only http(s) URLs become
// links, so a hostile sitemap cannot plant `javascript:` or `chrome:` links in the extension.

/**
 * An `<a>` opening `url` in a new tab when it is http(s), else a `<span>` with the text.
 *
 * @example
 * cell.append(linkTo(entry.loc, entry.loc, 'url'));
 */
export function linkTo(url, text, className = '') {
  if (!isWebUrl(url)) return Object.assign(document.createElement('span'), { textContent: text, className });
  return Object.assign(document.createElement('a'), { href: url, textContent: text, className, target: '_blank', rel: 'noreferrer' });
}

/**
 * True for absolute http: and https: URLs.
 *
 * @example
 * isWebUrl('javascript:alert(1)'); // false
 */
export function isWebUrl(url) {
  try {
    const { protocol } = new URL(url);
    return protocol === 'http:' || protocol === 'https:';
  } catch {
    return false;
  }
}
