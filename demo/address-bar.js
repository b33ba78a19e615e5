// The address bar follows the view (issue 19, item 8): each fetched document, and each child
// opened from an index, gets its own history entry `?url=…`, so Back goes back to what was on
// screen before and a link to the page opens the same document. Files and pasted text have no
// URL to put there: the address bar then shows the viewer itself.

/**
 * Keeps `location` and `history` in step with what the viewer shows.
 *
 * @example
 * const addressBar = new AddressBar({ onNavigate: (url) => openUrl(url, { fromHistory: true }) });
 * addressBar.shown('https://example.com/sitemap.xml');
 */
export class AddressBar {
  constructor({ onNavigate }) {
    this.onNavigate = onNavigate;
    this.first = true;
    window.addEventListener('popstate', (event) => {
      const requested = AddressBar.requested();
      this.onNavigate(event.state?.url ?? requested.url, { useLocation: event.state?.useLocation ?? requested.useLocation });
    });
  }

  /** What the address asks for: `?url=` and whether to judge it by where it lives (`&location=off` not). */
  static requested() {
    const query = new URLSearchParams(location.search);
    return { url: query.get('url') ?? undefined, useLocation: query.get('location') !== 'off' };
  }

  /** The URL the address bar shows for a document fetched from `url` (or for no URL). */
  static addressOf(url, { useLocation = true } = {}) {
    const address = new URL(location.pathname, location.href);
    if (url) address.search = `?url=${encodeURIComponent(url)}${useLocation ? '' : '&location=off'}`;
    return address.href;
  }

  /** Puts the address back to the document still on screen (a Back to a URL that failed to open). */
  restore(url, { useLocation = true } = {}) {
    history.replaceState({ url, useLocation }, '', AddressBar.addressOf(url, { useLocation }));
  }

  /**
   * A document is on screen: `url` is where it was fetched from (undefined for a file or pasted
   * text). `fromHistory`: it was shown because of Back or Forward, so history stays as it is.
   */
  shown(url, { fromHistory = false, bundled = false, useLocation = true } = {}) {
    if (fromHistory) return;
    // The bundled example opened at start keeps the plain address.
    const address = AddressBar.addressOf(bundled ? undefined : url, { useLocation });
    const state = { url: bundled ? undefined : url, useLocation };
    if (this.first || address === location.href) history.replaceState(state, '', address);
    else history.pushState(state, '', address);
    this.first = false;
  }
}
