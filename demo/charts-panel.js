// The Charts tab: lastmod over time, changefreq and priority, URLs (or sitemaps) per directory,
// counted by the worker the first time the tab shows a document and drawn by charts.js; a
// changefreq or directory bar filters the entries.

import { barList, lastmodHistogram } from './charts.js';
import { listsSitemaps } from './document-kinds.js';
import { h } from './dom.js';

const $ = (id) => document.getElementById(id);

/**
 * The charts panel. `viewer` is the page app.js wires: its state and worker, and the sections a
 * bar calls (filters, tabs).
 *
 * @example
 * const charts = createChartsPanel(viewer);
 * charts.reset(); // another document is shown
 * charts.forget(document_); // validated again: counted again when next drawn
 */
export function createChartsPanel(viewer) {
  const { state, worker } = viewer;

  /** Draws the charts of the current document (asked of the worker the first time). */
  async function draw() {
    const document_ = state.current;
    const panel = $('panel-charts');
    if (!document_ || panel.childElementCount > 0) return;
    if (!document_.charts) {
      panel.replaceChildren(h('p', { className: 'muted spinner-text' }, 'Counting…'));
      try {
        document_.charts = await worker.request('charts', { id: document_.id });
      } catch (error) {
        panel.replaceChildren(h('p', { className: 'bad' }, `Could not draw the charts: ${error.message}`));
        return;
      }
      if (!state.isCurrent(document_)) return;
    }
    const { charts, summary } = document_;
    const filterAndShow = (change) => {
      viewer.filters.show(change);
      viewer.tabs.select('tab-entries');
    };
    panel.replaceChildren(...[
      lastmodHistogram(charts.lastmod, { width: Math.max(300, Math.min(1200, panel.clientWidth - 50)) }),
      charts.changefreq ? barList('changefreq', charts.changefreq, (value) => filterAndShow({ changefreq: value })) : null,
      charts.priority ? barList('priority', charts.priority, null) : null,
      barList(listsSitemaps(summary.kind) ? 'Sitemaps per directory' : 'URLs per directory', charts.directories, (directory) => filterAndShow({ text: directory }), 'directories'),
    ].filter(Boolean));
  }

  /** Drops the counts of `document_` (validated again): the next draw asks the worker anew. */
  function forget(document_) {
    document_.charts = undefined;
  }

  /** Empties the panel (another document, or a new verdict) and draws again if the tab is open. */
  function reset() {
    $('panel-charts').replaceChildren();
    if (!$('panel-charts').hidden) draw();
  }

  return { draw, forget, reset };
}
