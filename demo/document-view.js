// Showing a document in the viewer: every section reset for it, its verdict brought in when the
// worker's validation answers, the trail of crumbs (an index, then its child…) and Back along it,
// and the `performance` marks bench/viewer.mjs reads ("file chosen → table shown").

import { childCounts } from './child-status.js';
import { setUpExport } from './export-panel.js';
import { h } from './dom.js';
import { streamDocument } from './large-file.js';
import { say, setPageState } from './status-line.js';
import { identityRows } from './viewer-state.js';

const $ = (id) => document.getElementById(id);

/**
 * The document on screen. `viewer` is the page app.js wires: its state and worker, and the
 * sections this resets (site, compare, urlCheck, summary, entries, filters, issues, charts, detail).
 *
 * @example
 * const documents = createDocumentView(viewer);
 * documents.show(opened);
 * documents.applyValidation(opened, validation);
 */
export function createDocumentView(viewer) {
  const { state, worker } = viewer;

  /** Makes `document_` the one on screen and draws it (its verdict may still be coming). */
  function show(document_) {
    state.show(document_);
    viewer.site.showView('document');
    if (document_.childStatus) document_.summary.childCheck = childCounts(document_);
    viewer.compare.reset(document_);
    viewer.urlCheck.reset();
    renderTrail();
    viewer.summary.render(document_.summary);
    viewer.entries.setUp(document_);
    viewer.issues.setUp(document_);
    viewer.charts.reset();
    setUpExport(document_);
    viewer.detail.reset(document_);
    document.title = `${document_.summary.name} · sitemapkit viewer`;
    // "Table shown": after the frame that paints the first rows.
    requestAnimationFrame(() => setTimeout(() => {
      if (!state.isCurrent(document_)) return;
      const firstShow = performance.getEntriesByName('viewer:table-shown').length === 0;
      performance.mark('viewer:table-shown');
      if (firstShow && performance.getEntriesByName('viewer:file-chosen').length > 0) {
        const measure = performance.measure('viewer:file-to-table', 'viewer:file-chosen', 'viewer:table-shown');
        document.body.dataset.lastLoadMs = measure.duration.toFixed(1);
      }
      document.body.dataset.tableWorkerMs = document_.summary.timings.toTable.toFixed(1);
      document.body.dataset.shown = String(document_.id);
    }));
  }

  /** Brings in what validation found: the verdict, the issues, each row's issue counts. */
  function applyValidation(document_, validation) {
    document_.summary = validation.summary;
    document_.issues = validation.issues;
    document_.issueEntry = validation.issueEntry;
    document_.columns.errors = validation.errors;
    document_.columns.warnings = validation.warnings;
    document_.validated = true;
    if (!state.isCurrent(document_)) return;
    viewer.compare.follow(document_);
    viewer.summary.renderWithContextNote(document_);
    viewer.issues.setUp(document_);
    viewer.filters.fill(document_);
    state.table('entries').refresh();
    const firstVerdict = performance.getEntriesByName('viewer:validated').length === 0;
    performance.mark('viewer:validated');
    if (firstVerdict && performance.getEntriesByName('viewer:file-chosen').length > 0) {
      document.body.dataset.validatedMs = performance.measure('viewer:file-to-verdict', 'viewer:file-chosen', 'viewer:validated').duration.toFixed(1);
    }
    document.body.dataset.workerMs = document_.summary.timings.total.toFixed(1);
  }

  /** Draws an index's verdict and status column again after children reported what they did. */
  function refreshIndex(document_) {
    document_.summary.childCheck = childCounts(document_);
    viewer.summary.renderWithContextNote(document_);
    state.table('entries').refresh();
  }

  function renderTrail() {
    const nav = $('trail');
    const trail = state.trail;
    // A document opened from a site's tree keeps the way back to the tree as its first crumb.
    const fromSite = trail[0]?.fromSite;
    nav.hidden = trail.length < 2 && !fromSite;
    const separator = () => h('span', { className: 'separator', attrs: { 'aria-hidden': 'true' } }, ' › ');
    nav.replaceChildren(...(fromSite ? [h('button', { type: 'button', className: 'link site-crumb', on: { click: () => viewer.site.showSite() } }, `site ${fromSite}`), separator()] : []),
      ...trail.flatMap((document_, n) => {
        const last = n === trail.length - 1;
        const name = document_.summary.name;
        const crumb = last ? h('span', { attrs: { 'aria-current': 'page' } }, name)
          : h('button', { type: 'button', className: 'link', on: { click: () => backTo(n) } }, name);
        return n === 0 ? [crumb] : [separator(), crumb];
      }));
  }

  /** Back to the `n`th document of the trail (a crumb, or Back in the browser). */
  function backTo(n, { fromHistory = false } = {}) {
    for (const dropped of state.backTo(n)) worker.request('close', { id: dropped.id });
    const document_ = state.trailAt(n);
    show(document_);
    viewer.addressBar.shown(document_.summary.url, { fromHistory, useLocation: document_.useLocation });
    // The worker's current view (what exports write) is the one this document had.
    viewer.entries.requestView(document_);
  }

  /** What the large-file reader needs of the page (large-file.js). */
  const streamContext = {
    worker, say, setState: setPageState, identityRows, applyValidation,
    renderSummary: (summary) => viewer.summary.render(summary),
    setUpEntriesTable: (document_) => viewer.entries.setUp(document_),
    isCurrent: (document_) => state.isCurrent(document_),
    refreshRows: (document_) => { viewer.entries.updateRows(document_); state.table('entries').refresh(); },
  };

  /** Reads the (too large) document on screen as a stream: the summary's "Read it as a stream". */
  function readAsStream() {
    streamDocument(state.current, streamContext);
  }

  return { show, applyValidation, refreshIndex, backTo, readAsStream };
}
