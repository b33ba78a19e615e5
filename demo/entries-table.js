// The Entries tab's table: one virtualised row per entry (or per child sitemap of an index), with
// its issue counts and, for an index, each child's status and Open button; the rows are the
// worker's answer to the document's query (filters and order, entry-query.js), the latest one wins.

import { childStatusText } from './child-status.js';
import { listsSitemaps } from './document-kinds.js';
import { formatCount, h, isWebUrl, plural } from './dom.js';
import { updateExportScope } from './export-panel.js';
import { say } from './status-line.js';
import { entryColumns } from './table-columns.js';
import { VirtualList } from './virtual-list.js';

const $ = (id) => document.getElementById(id);

/** Row `i`'s value of a string column (the worker sends each column as one string and offsets). */
function slice(column, i) {
  return column.text.slice(column.offsets[i], column.offsets[i + 1]);
}

function priorityText(value) {
  if (Number.isNaN(value)) return '';
  return Number.isInteger(value) ? value.toFixed(1) : String(value);
}

function issueBadges(cell, errors, warnings) {
  const parts = [];
  if (errors) parts.push(h('span', { className: 'badge error', title: plural(errors, 'error') }, `✕ ${formatCount(errors)}`));
  if (warnings) parts.push(h('span', { className: 'badge warning', title: plural(warnings, 'warning') }, `! ${formatCount(warnings)}`));
  cell.replaceChildren(...parts);
  cell.setAttribute('aria-label', parts.length ? [errors ? plural(errors, 'error') : '', warnings ? plural(warnings, 'warning') : ''].filter(Boolean).join(', ') : 'no issues');
}

/**
 * The entries table. `viewer` is the page app.js wires: its state and worker, and the sections
 * this calls (filters, detail, opener, tabs).
 *
 * @example
 * const entries = createEntriesTable(viewer);
 * entries.setUp(document_);
 * entries.applyQuery({ text: '/blog/' });
 */
export function createEntriesTable(viewer) {
  const { state, worker } = viewer;

  /** Builds the table for a newly shown document (or one whose columns changed). */
  function setUp(document_) {
    const columns = entryColumns(document_);
    const data = document_.columns;
    const list = state.replaceTable('entries', () => new VirtualList($('entries-table'), {
      label: listsSitemaps(document_.summary.kind) ? 'Sitemaps' : 'Entries',
      rowHeight: 30,
      columns,
      template: columns.map((column) => column.width).join(' '),
      renderCell(cell, position, column) {
        const { current } = state;
        const i = current.rows[position];
        switch (column.key) {
          case 'index': cell.textContent = formatCount(i + 1); break;
          case 'loc': { const loc = slice(data.loc, i); cell.textContent = loc; cell.title = loc; break; }
          case 'lastmod': cell.textContent = slice(data.lastmod, i); break;
          case 'changefreq': cell.textContent = slice(data.changefreq, i); break;
          case 'priority': cell.textContent = priorityText(data.priority[i]); break;
          case 'issues': issueBadges(cell, data.errors[i], data.warnings[i]); break;
          case 'extensions': {
            const mask = data.extensionMask[i];
            cell.textContent = data.extensionNames.filter((_, bit) => mask & (1 << bit)).join(', ');
            break;
          }
          case 'status': {
            const status = current.childStatus?.get(slice(data.loc, i));
            cell.textContent = childStatusText(status);
            cell.className = `vlist-cell status${status?.failed ? ' bad' : status?.errors ? ' warn' : ''}`;
            break;
          }
          case 'open': {
            const loc = slice(data.loc, i);
            cell.replaceChildren(isWebUrl(loc) ? h('button', { type: 'button', className: 'small open-child', tabIndex: -1, on: { click: () => viewer.opener.openChild(loc) } }, 'Open') : '');
            break;
          }
        }
      },
      rowClass: (position) => {
        const i = state.current.rows[position];
        return data.errors[i] ? 'has-errors' : data.warnings[i] ? 'has-warnings' : '';
      },
      onActivate: (position) => viewer.detail.showEntry(state.current.rows[position]),
      onSort: (key, descending) => applyQuery({ sort: key, descending }),
    }));
    list.element.dataset.table = 'entries';
    $('check-children').hidden = document_.summary.kind !== 'sitemapindex' || !document_.summary.url;
    list.setSortIndicator(document_.query.sort, document_.query.descending);
    viewer.filters.fill(document_);
    $('filter-text').value = document_.query.text;
    updateRows(document_);
  }

  /** Draws `document_.rows` (the counts, the table's length, the exports' scope). */
  function updateRows(document_, { fromTop = false } = {}) {
    const { rows, query, summary } = document_;
    const list = state.table('entries');
    const filtered = query.text || query.issue || query.extension || query.changefreq;
    const [one, many] = listsSitemaps(summary.kind) ? ['sitemap', 'sitemaps'] : ['entry', 'entries'];
    const noun = summary.entries === 1 ? one : many;
    $('row-count').textContent = filtered ? `${formatCount(rows.length)} of ${formatCount(summary.entries)} ${noun}` : `${formatCount(summary.entries)} ${noun}`;
    $('row-count').dataset.rows = String(rows.length);
    $('filter-clear').hidden = !filtered;
    $('entries-tab-count').textContent = formatCount(rows.length);
    if (fromTop) list.scrollToTop();
    list.setRowCount(rows.length, summary.entries === 0 ? 'This document has no entries.' : 'No entry matches the filters.');
    updateExportScope(document_);
  }

  /** Asks the worker for the rows of `document_.query`; late answers for older queries are dropped. */
  async function requestView(document_, { scrollToTop = false } = {}) {
    const token = state.beginView();
    const { rows } = await worker.request('view', { id: document_.id, query: document_.query });
    if (!state.isLatestView(token) || !state.isCurrent(document_)) return;
    document_.rows = rows;
    updateRows(document_, { fromTop: scrollToTop });
  }

  /** Changes the query of the document on screen (a filter, or the order) and shows its rows. */
  function applyQuery(change) {
    const { current } = state;
    Object.assign(current.query, change);
    if ('sort' in change) state.table('entries').setSortIndicator(current.query.sort, current.query.descending);
    // A new filter or order starts at its first row.
    requestView(current, { scrollToTop: true }).catch((error) => say(`Could not filter: ${error.message}`, 'error'));
  }

  /** Switches to the entries tab with `index` focused (clearing filters that hide it). */
  async function showInTable(index) {
    viewer.tabs.select('tab-entries');
    let position = state.current.rows.indexOf(index);
    if (position < 0) {
      viewer.filters.clearControls();
      Object.assign(state.current.query, { text: '', issue: '', extension: '', changefreq: '' });
      await requestView(state.current);
      position = state.current.rows.indexOf(index);
    }
    if (position >= 0) state.table('entries').setActive(position, { focus: true, align: 'center' });
  }

  return { setUp, updateRows, requestView, applyQuery, showInTable };
}
