// Opening a document in the viewer: a file, a URL, pasted text, an index's child, a sitemap from a
// site's tree, Back and Forward. The worker reads it and answers twice (the table, then the
// verdict); document-view.js draws each answer. A newer load wins over a late answer.

import { AddressBar } from './address-bar.js';
import { recordChild } from './child-status.js';
import { entryCount, formatBytes, h } from './dom.js';
import { isSiteAddress } from './site-view.js';
import { say, setPageState } from './status-line.js';
import { createDocument } from './viewer-state.js';

/** How the message line names what is being read. */
function describeSource(source) {
  if (source.type === 'file') return `${source.file.name} (${formatBytes(source.file.size)})`;
  if (source.type === 'url') return source.url;
  return source.name ?? 'the pasted text';
}

/** The example the viewer opens when the address asks for nothing (served by `npm start`, bundled in the extension). */
const bundledExampleUrl = () => new URL('/examples/example-sitemap.xml', location.href).href;

/**
 * The ways to open a document. `viewer` is the page app.js wires: its state, worker and relay,
 * and the sections this calls (documents, site, addressBar).
 *
 * @example
 * const opener = createDocumentOpener(viewer);
 * opener.openUrl('https://example.com/sitemap.xml');
 */
export function createDocumentOpener(viewer) {
  const { state, worker, relay } = viewer;

  /**
   * Opens a source in the worker and shows it. `asChild` keeps the trail (an index's child);
   * anything else starts a new trail.
   */
  async function open(source, { asChild = false, label, fromHistory = false, bundled = false, fromSite } = {}) {
    const token = state.beginLoad();
    const useLocation = source.useLocation !== false;
    if (source.type !== 'file') performance.clearMarks(); // only files are timed (bench/viewer.mjs)
    setPageState('loading');
    say(h('span', { className: 'spinner-text' }, `Reading ${label ?? describeSource(source)}…`));
    let opened;
    // An index's child reports back to the index what it did (item 7: the index's status column).
    const parent = asChild && state.current?.summary.kind === 'sitemapindex' ? state.current : undefined;
    if (source.type === 'url') source.relay = await relay;
    // The worker answers twice: the table as soon as the entries are read, then the validation.
    const showTable = (table) => {
      performance.mark('viewer:table-received');
      if (!state.isLatestLoad(token)) return;
      opened = createDocument(table, { useLocation, fromSite });
      for (const dropped of state.enter(opened, { asChild })) worker.request('close', { id: dropped.id });
      viewer.documents.show(opened);
      viewer.addressBar.shown(source.type === 'url' ? table.summary.url : undefined, { fromHistory, bundled, useLocation });
      setPageState('validating');
      say(h('span', { className: 'spinner-text' }, `Validating ${entryCount(table.columns.count)}…`));
    };
    try {
      const validation = await worker.request('open', { source, profile: state.current?.summary.profile ?? 'google', useLocation }, { onPartial: showTable });
      if (!state.isLatestLoad(token)) { worker.request('close', { id: validation.id }); return; }
      viewer.documents.applyValidation(opened, validation);
      if (parent) {
        const { summary } = opened;
        recordChild(parent, source.url, { status: 200, format: summary.format === 'xml' ? summary.kind : summary.format, entries: summary.entries, errors: summary.verdict.errors, warnings: summary.verdict.warnings, failed: summary.kind === undefined });
      }
      say('');
      setPageState('ready');
    } catch (error) {
      if (!state.isLatestLoad(token)) return;
      const { current } = state;
      setPageState(current ? 'ready' : 'error');
      // What stays on screen is said, and the address bar keeps naming it, not the URL that failed.
      const still = current && opened === undefined ? ` Still showing ${current.summary.url ?? current.summary.name}.` : '';
      if (fromHistory && current && opened === undefined) viewer.addressBar.restore(current.summary.url, { useLocation: current.useLocation });
      say([h('strong', {}, `Could not open ${label ?? describeSource(source)}. `), error.message, still], 'error');
      if (parent && opened === undefined) {
        recordChild(parent, source.url, { status: Number(/^HTTP (\d+)/.exec(error.message)?.[1] ?? 0), failed: true });
        if (current === parent) viewer.documents.refreshIndex(parent);
      }
      document.body.dataset.lastError = error.reason ?? 'error';
    }
  }

  /** A chosen or dropped file: the one kind of source bench/viewer.mjs times, from here. */
  function openFile(file) {
    if (!file) return;
    performance.clearMarks();
    performance.clearMeasures();
    performance.mark('viewer:file-chosen');
    open({ type: 'file', file });
  }

  /** A typed, pasted or linked URL; a site's address (`example.com`) walks the site instead. */
  function openUrl(typed, { asChild = false, useLocation = true, fromHistory = false, bundled = false, crossSubmit } = {}) {
    const text = typed.trim();
    if (!text) return;
    if (!asChild && isSiteAddress(text)) { viewer.site.openSite(text, { fromHistory }); return; }
    open({ type: 'url', url: text, useLocation, crossSubmit }, { asChild, fromHistory, bundled });
  }

  /** Pasted text (the Paste dialog, or Ctrl+V outside a field). */
  function openText(text) {
    open({ type: 'text', text, name: 'pasted text' });
  }

  /**
   * Opens a child of the current index (or a sitemap a robots.txt lists) in place; it is checked
   * against its URL if the parent was. A sitemap a robots.txt lists may list URLs anywhere on that
   * robots.txt's host (cross-submission), and so may the children of an index it lists.
   */
  function openChild(loc) {
    const { summary } = state.current ?? {};
    const crossSubmit = summary?.kind === 'robots' ? [summary.robotsHost].filter(Boolean) : summary?.crossSubmit;
    openUrl(loc, { asChild: true, useLocation: state.current?.useLocation ?? true, crossSubmit: crossSubmit?.length ? crossSubmit : undefined });
  }

  /** A sitemap chosen in a site's tree, with the hosts its robots.txt lets it list (site-controller.js). */
  function openFromSite(sitemap, crossSubmit, start) {
    open({ type: 'url', url: sitemap.finalUrl, useLocation: true, crossSubmit: crossSubmit.length ? crossSubmit : undefined }, { fromSite: start });
  }

  /** Back or Forward: a document of the trail is shown again; any other URL is fetched again. */
  function navigateTo(url, { useLocation = true } = {}) {
    if (!url) {
      openUrl(bundledExampleUrl(), { useLocation: false, fromHistory: true });
      return;
    }
    if (isSiteAddress(url) && viewer.site.hasWalked(url)) { viewer.site.showSite({ fromHistory: true }); return; }
    const n = state.trailIndexOf(url);
    if (n >= 0) viewer.documents.backTo(n, { fromHistory: true });
    else openUrl(url, { useLocation, fromHistory: true });
  }

  /** The first open: `?url=…` if the address gives one, else the bundled example. */
  function openFirst() {
    const requested = AddressBar.requested();
    if (requested.url) openUrl(requested.url, { useLocation: requested.useLocation });
    else openUrl(bundledExampleUrl(), { useLocation: false, bundled: true });
  }

  return { open, openFile, openUrl, openText, openChild, openFromSite, navigateTo, openFirst };
}
