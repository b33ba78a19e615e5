// The Issues tab: every issue of the document on screen with its severity, line:column, code,
// Search Console report and message, counted by code (each count a filter), filtered by severity
// or code and sorted by any column (ties keep the document's order). Kept in the page: a
// document's issues are already here once validation answers.

import { searchConsoleReport } from 'sitemapkit';
import { formatCount, h, option, plural } from './dom.js';
import { issueSortKeys } from './table-columns.js';
import { VirtualList } from './virtual-list.js';

const $ = (id) => document.getElementById(id);

/**
 * The issues table and its filters (wired at once). `viewer` is the page app.js wires: its state,
 * and the detail section an issue opens in.
 *
 * @example
 * const issues = createIssuesTable(viewer);
 * issues.setUp(document_);
 * issues.filter({ severity: 'error' });
 */
export function createIssuesTable(viewer) {
  const { state } = viewer;

  /** Builds the table, the code menu and the count chips for `document_` (before or after validation). */
  function setUp(document_) {
    const { issues } = document_;
    $('issues-tab-count').textContent = document_.validated ? formatCount(issues.length) : '…';
    const codes = new Map();
    for (const issue of issues) {
      const count = codes.get(issue.code) ?? { code: issue.code, severity: issue.severity, count: 0 };
      count.count++;
      if (issue.severity === 'error') count.severity = 'error';
      codes.set(issue.code, count);
    }
    const sorted = [...codes.values()].sort((a, b) => (a.severity === b.severity ? b.count - a.count : a.severity === 'error' ? -1 : 1));
    $('issue-code').replaceChildren(option('', 'All codes', document_.issueFilter.code), ...sorted.map(({ code, count }) => option(code, `${code} (${formatCount(count)})`, document_.issueFilter.code)));
    $('issue-severity').value = document_.issueFilter.severity;
    $('issue-codes').replaceChildren(...sorted.map(({ code, severity, count }) => h('button', {
      type: 'button', className: `chip ${severity}`, title: searchConsoleReport[code] ? `Search Console: ${searchConsoleReport[code]}` : code,
      on: { click: () => { $('issue-code').value = code; filter({ code }); } },
    }, h('code', {}, code), ` ${formatCount(count)}`)));

    const list = state.replaceTable('issues', () => new VirtualList($('issues-table'), {
      label: 'Issues',
      rowHeight: 30,
      template: '5.5rem 6.5rem minmax(12rem, 16rem) minmax(8rem, 12rem) minmax(16rem, 1fr)',
      columns: [
        { key: 'severity', label: 'severity', sortable: true },
        { key: 'position', label: 'line:col', className: 'number', sortable: true },
        { key: 'code', label: 'code', className: 'code', sortable: true },
        { key: 'report', label: 'Search Console', sortable: true },
        { key: 'message', label: 'message', className: 'message', sortable: true },
      ],
      onSort: (key, descending) => filter({ sort: key, descending }),
      renderCell(cell, position, column) {
        const issue = issues[state.current.issueRows[position]];
        switch (column.key) {
          case 'severity': cell.replaceChildren(h('span', { className: `severity ${issue.severity}` }, issue.severity)); break;
          case 'position': cell.textContent = issue.line > 0 ? `${issue.line}:${issue.column}` : '—'; break;
          case 'code': cell.textContent = issue.code; break;
          case 'report': cell.textContent = searchConsoleReport[issue.code] ?? ''; break;
          case 'message': cell.textContent = issue.message; cell.title = issue.path ? `${issue.message}\n${issue.path}` : issue.message; break;
        }
      },
      onActivate: (position) => viewer.detail.showIssue(state.current.issueRows[position]),
    }));
    list.element.dataset.table = 'issues';
    if (document_.issueFilter.sort) list.setSortIndicator(document_.issueFilter.sort, document_.issueFilter.descending);
    filter({});
  }

  /** Changes the issue filter (severity, code, sort) of the document on screen and shows its rows. */
  function filter(change) {
    const document_ = state.current;
    Object.assign(document_.issueFilter, change);
    const { severity, code } = document_.issueFilter;
    const { issues } = document_;
    const rows = [];
    for (let n = 0; n < issues.length; n++) {
      if (severity && issues[n].severity !== severity) continue;
      if (code && issues[n].code !== code) continue;
      rows.push(n);
    }
    const { sort, descending } = document_.issueFilter;
    if (sort) {
      const keyOf = issueSortKeys[sort];
      const direction = descending ? -1 : 1;
      // Ties keep the document's order (line order), whichever way the column sorts.
      rows.sort((a, b) => { const x = keyOf(issues[a]), y = keyOf(issues[b]); return (x < y ? -direction : x > y ? direction : 0) || a - b; });
    }
    document_.issueRows = Uint32Array.from(rows);
    const filtered = severity || code;
    $('issue-count').textContent = filtered ? `${formatCount(rows.length)} of ${plural(issues.length, 'issue')}` : plural(issues.length, 'issue');
    const empty = !document_.validated ? 'Validating…' : issues.length === 0 ? 'No issues: the document follows every rule checked.' : 'No issue matches.';
    state.table('issues').setRowCount(rows.length, empty);
  }

  $('issue-severity').addEventListener('change', (event) => filter({ severity: event.target.value }));
  $('issue-code').addEventListener('change', (event) => filter({ code: event.target.value }));

  return { setUp, filter };
}
