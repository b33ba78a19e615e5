// The page's side of the detail panel: asks the worker for an entry (its fields, issues and source
// lines) or an issue's source lines, and draws them with detail-panel.js; an issue also focuses
// its entry's row. A late answer for a document no longer on screen is dropped.

import { renderEntryDetail, renderIssueDetail } from './detail-panel.js';
import { listsSitemaps } from './document-kinds.js';
import { h } from './dom.js';
import { say } from './status-line.js';

const $ = (id) => document.getElementById(id);

/**
 * The detail panel. `viewer` is the page app.js wires: its state and worker, and the sections
 * this calls (entries, opener).
 *
 * @example
 * const detail = createDetailController(viewer);
 * detail.showEntry(0);
 * detail.showIssue(3);
 * detail.reset(document_); // another document is shown
 */
export function createDetailController(viewer) {
  const { state, worker } = viewer;

  /** Shows entry `index` of the document on screen; `focusIssue` (one of its issues) is marked in its source. */
  async function showEntry(index, focusIssue) {
    const document_ = state.current;
    try {
      const [detail, issueSource] = await Promise.all([
        worker.request('entry', { id: document_.id, index }),
        focusIssue && focusIssue.line > 0 ? worker.request('source', { id: document_.id, line: focusIssue.line, column: focusIssue.column }) : null,
      ]);
      if (!state.isCurrent(document_)) return;
      const panel = $('detail');
      renderEntryDetail(panel, {
        detail,
        kind: document_.summary.kind,
        total: document_.summary.entries,
        issues: document_.issues,
        focusIssue,
        issueSource,
        onIssue: (n) => showIssue(n),
        onOpenChild: (loc) => viewer.opener.openChild(loc),
        onShowInTable: () => viewer.entries.showInTable(index),
        showImages: document_.showImages === true,
        // Thumbnails load only when asked: loading them tells their hosts (README, Viewer).
        onShowImages: () => { document_.showImages = true; showEntry(index, focusIssue); },
      });
      panel.dataset.entry = String(index);
      // One column (a phone): the detail is below the table, so bring it on screen.
      if (matchMedia('(max-width: 900px)').matches) panel.scrollIntoView({ block: 'start' });
    } catch (error) {
      say(`Could not show the entry: ${error.message}`, 'error');
    }
  }

  /** Shows an issue: its source lines, and the entry it belongs to (also made the table's focused row). */
  async function showIssue(n) {
    const document_ = state.current;
    const issue = document_.issues[n];
    const entry = document_.issueEntry[n];
    if (entry >= 0) {
      const position = document_.rows.indexOf(entry);
      if (position >= 0) state.table('entries').setActive(position, { align: 'center' });
      await showEntry(entry, issue);
      return;
    }
    const source = issue.line > 0 ? await worker.request('source', { id: document_.id, line: issue.line, column: issue.column }) : null;
    if (!state.isCurrent(document_)) return;
    renderIssueDetail($('detail'), issue, source);
    delete $('detail').dataset.entry;
  }

  /** A newly shown document: the panel says how to choose what it shows. */
  function reset(document_) {
    $('detail').replaceChildren(h('p', { className: 'muted' }, listsSitemaps(document_.summary.kind)
      ? 'Choose a sitemap (click, or Enter on the focused row) to see it here and open it.'
      : 'Choose an entry or an issue (click, or Enter on the focused row) to see it here.'));
  }

  return { showEntry, showIssue, reset };
}
