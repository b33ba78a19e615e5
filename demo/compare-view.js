// Compare two sitemaps (issue 19, item 10): the open document against a file or a URL (so two
// files, two URLs, or a file against its live URL), with the library's diffSitemaps run in the
// worker: counts of added, removed and changed URLs, and a filterable list of the changes.

import { formatCount, h } from './dom.js';
import { VirtualList } from './virtual-list.js';

const CHANGE_NAMES = { added: 'added', removed: 'removed', changed: 'changed' };

/** One side's fields as text: "lastmod 2026-01-01, priority 0.5". */
function valuesText(values) {
  if (!values) return '';
  return Object.entries(values).map(([field, value]) => `${field} ${value}`).join(', ');
}

/**
 * The Compare panel: what was compared, the counts (each a filter), a text filter, and the
 * changes in a virtual list.
 *
 * @example
 * const compare = new CompareView($('panel-compare'));
 * compare.show({ a: 'sitemap.xml', b: 'https://example.com/sitemap.xml', counts, changes });
 */
export class CompareView {
  constructor(container) {
    this.container = container;
    this.list = undefined;
    this.result = undefined;
    this.filter = { change: '', text: '' };
  }

  /** While the worker compares. */
  working(a, b) {
    this.container.dataset.state = 'working';
    this.container.replaceChildren(h('p', { className: 'spinner-text' }, `Comparing ${a} with ${b}…`));
  }

  /** The comparison's counts and changes. */
  show(result) {
    this.result = result;
    this.filter = { change: '', text: '' };
    const { counts } = result;
    this.container.dataset.state = 'done';
    const chip = (change, count) => h('button', { type: 'button', className: `chip compare-count ${change}`, dataset: { change }, attrs: { 'aria-pressed': 'false' }, on: { click: () => this.setFilter({ change: this.filter.change === change ? '' : change }) } },
      `${formatCount(count)} ${CHANGE_NAMES[change]}`);
    this.container.replaceChildren(...[
      h('p', { className: 'compare-sides' }, 'From ', h('strong', {}, result.a), ' (', formatCount(counts.entriesA), ') to ', h('strong', {}, result.b), ' (', formatCount(counts.entriesB), ')',
        counts.duplicates ? h('span', { className: 'muted' }, `; ${formatCount(counts.duplicates)} repeated ${counts.duplicates === 1 ? 'URL' : 'URLs'} counted once`) : null),
      h('div', { className: 'toolbar' },
        chip('added', counts.added), chip('removed', counts.removed), chip('changed', counts.changed),
        h('span', { className: 'muted', dataset: { change: 'unchanged' } }, `${formatCount(counts.unchanged)} unchanged`),
        h('input', { type: 'search', id: 'compare-filter', placeholder: 'Filter URLs', attrs: { 'aria-label': 'Filter the changes by URL text' }, on: { input: (event) => this.setFilter({ text: event.target.value }) } }),
        h('span', { className: 'row-count', id: 'compare-count' })),
      result.kept < counts.added + counts.removed + counts.changed ? h('p', { className: 'muted' }, `The first ${formatCount(result.kept)} changes are listed; the counts are of all.`) : null,
      h('div', { className: 'table-host', id: 'compare-table' })].filter(Boolean));
    this.list?.destroy();
    this.list = new VirtualList(this.container.querySelector('#compare-table'), {
      label: 'Changes',
      rowHeight: 30,
      template: '6rem minmax(16rem, 1fr) 10rem minmax(10rem, 18rem)',
      columns: [
        { key: 'change', label: 'change' },
        { key: 'loc', label: 'loc', className: 'loc' },
        { key: 'fields', label: 'fields' },
        { key: 'values', label: 'before → after' },
      ],
      renderCell: (cell, position, column) => {
        const change = this.rows[position];
        switch (column.key) {
          case 'change': cell.replaceChildren(h('span', { className: `change-badge ${change.change}` }, change.change)); break;
          case 'loc': cell.textContent = change.loc; cell.title = change.loc; break;
          case 'fields': cell.textContent = change.fields?.join(', ') ?? ''; break;
          case 'values': {
            const text = change.change === 'changed' ? `${valuesText(change.before)} → ${valuesText(change.after)}` : valuesText(change.before ?? change.after);
            cell.textContent = text;
            cell.title = text;
            break;
          }
        }
      },
    });
    this.list.element.dataset.table = 'compare';
    this.setFilter({});
  }

  setFilter(change) {
    Object.assign(this.filter, change);
    const text = this.filter.text.trim().toLowerCase();
    this.rows = this.result.changes.filter((item) => (!this.filter.change || item.change === this.filter.change) && (!text || item.loc.toLowerCase().includes(text)));
    for (const button of this.container.querySelectorAll('.compare-count')) button.setAttribute('aria-pressed', String(button.dataset.change === this.filter.change));
    const total = this.result.changes.length;
    const count = this.container.querySelector('#compare-count');
    count.textContent = this.rows.length === total ? `${formatCount(total)} changes` : `${formatCount(this.rows.length)} of ${formatCount(total)} changes`;
    count.dataset.rows = String(this.rows.length);
    this.list.scrollToTop();
    this.list.setRowCount(this.rows.length, total === 0 ? 'The two sitemaps list the same URLs with the same values.' : 'No change matches the filters.');
  }
}

/**
 * Wires the Compare tab's form: a URL, a file, or (for a file whose location is set) its live
 * URL, compared with the open document in the worker. `currentDocument()` gives the document on
 * screen; `relay` is the promise of whether `npm start`'s relay is there.
 *
 * @example
 * const compare = setUpComparePanel({ worker, currentDocument: () => current, relay });
 * compare.reset(current); // when another document is shown
 */
export function setUpComparePanel({ worker, currentDocument, relay }) {
  const $ = (id) => document.getElementById(id);
  const view = new CompareView($('compare-result'));
  const run = async (other, label) => {
    const document_ = currentDocument();
    if (!document_) return;
    view.working(document_.summary.url ?? document_.summary.name, label);
    try {
      if (other.type === 'url') other.relay = await relay;
      const result = await worker.request('compare', { id: document_.id, other });
      if (currentDocument() === document_) view.show(result);
    } catch (error) {
      view.container.dataset.state = 'failed';
      view.container.replaceChildren(h('p', { className: 'status-message error' }, `Could not compare: ${error.message}`));
    }
  };
  $('compare-form').addEventListener('submit', (event) => {
    event.preventDefault();
    const url = $('compare-url').value.trim();
    if (url) run({ type: 'url', url }, url);
  });
  $('compare-file-button').addEventListener('click', () => $('compare-file').click());
  $('compare-file').addEventListener('change', () => {
    const file = $('compare-file').files[0];
    $('compare-file').value = '';
    if (file) run({ type: 'file', file }, file.name);
  });
  $('compare-live').addEventListener('click', () => {
    const live = currentDocument()?.summary.location;
    if (live) run({ type: 'url', url: live }, live);
  });
  return {
    /** Another document is on screen: the last comparison goes, the live-URL button follows its location. */
    reset(document_) {
      view.list?.destroy();
      view.list = undefined;
      view.container.replaceChildren();
      delete view.container.dataset.state;
      this.follow(document_);
    },
    /** The document's location changed (validated again): the live-URL button follows it. */
    follow(document_) {
      const live = document_.summary.location;
      $('compare-live').hidden = !(live && !document_.summary.url);
      $('compare-live').textContent = live ? `Compare with its live URL (${live})` : 'Compare with its live URL';
    },
  };
}
