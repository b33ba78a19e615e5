// The Entries tab's filters: the text box, the issue, extension and changefreq menus (their
// options counted from the document on screen), Clear, and the `/` key that focuses the text box.
// A change becomes the document's query, which entries-table.js asks the worker to apply.

import { formatCount, option } from './dom.js';

const $ = (id) => document.getElementById(id);

/** Each field of the query a filter control sets, and that control. */
const CONTROLS = { text: 'filter-text', issue: 'filter-issue', extension: 'filter-extension', changefreq: 'filter-changefreq' };

/** What a typist pauses for before the text filter applies. */
const TYPING_PAUSE_MS = 120;

/**
 * Whether an issue belongs to an entry (the issue menu counts only those: it filters entries).
 * The one place the filters read an issue's `path`.
 */
const belongsToEntry = (issue) => Boolean(issue.path);

/**
 * The filter controls, wired at once. `viewer` is the page app.js wires: its state, and the
 * sections this calls (entries, tabs).
 *
 * @example
 * const filters = createEntryFilters(viewer);
 * filters.fill(document_);
 * filters.show({ changefreq: 'daily' }); // a chart's bar was chosen
 */
export function createEntryFilters(viewer) {
  const { state } = viewer;

  /** Sets the controls to `change` and applies it to the document on screen. */
  function show(change) {
    for (const [field, id] of Object.entries(CONTROLS)) if (field in change) $(id).value = change[field];
    viewer.entries.applyQuery(change);
  }

  /** Empties every control (the query is the caller's to change). */
  function clearControls() {
    for (const id of Object.values(CONTROLS)) $(id).value = '';
  }

  /** The menus' options for `document_`: the issue codes its entries have, its extensions, changefreq for a urlset. */
  function fill(document_) {
    const { query, issues, columns } = document_;
    const codes = new Map();
    for (const issue of issues) if (belongsToEntry(issue)) codes.set(issue.code, (codes.get(issue.code) ?? 0) + 1);
    $('filter-issue').replaceChildren(
      option('', 'All entries', query.issue),
      option('any', 'With issues', query.issue),
      option('errors', 'With errors', query.issue),
      option('warnings', 'With warnings', query.issue),
      option('none', 'Without issues', query.issue),
      ...[...codes].sort((a, b) => b[1] - a[1]).map(([code, count]) => option(`code:${code}`, `${code} (${formatCount(count)})`, query.issue)));

    const extension = $('filter-extension');
    extension.hidden = columns.extensionNames.length === 0;
    extension.replaceChildren(
      option('', 'Any extension data', query.extension),
      option('(any)', 'With extension data', query.extension),
      option('(none)', 'Without extension data', query.extension),
      ...columns.extensionNames.map((name, n) => option(name, `With ${name} (${formatCount(columns.extensionCounts[n])})`, query.extension)));

    const changefreq = $('filter-changefreq');
    changefreq.hidden = document_.summary.kind !== 'urlset';
    changefreq.replaceChildren(option('', 'Any changefreq', query.changefreq),
      ...['always', 'hourly', 'daily', 'weekly', 'monthly', 'yearly', 'never', '(other)', '(none)'].map((value) => option(value, value === '(none)' ? 'No changefreq' : value === '(other)' ? 'Other values' : value, query.changefreq)));
  }

  const applyQuery = (change) => viewer.entries.applyQuery(change);
  let timer = 0;
  $('filter-text').addEventListener('input', (event) => {
    clearTimeout(timer);
    timer = setTimeout(() => applyQuery({ text: event.target.value }), TYPING_PAUSE_MS);
  });
  $('filter-text').addEventListener('keydown', (event) => {
    if (event.key === 'Escape' && event.target.value) { event.target.value = ''; applyQuery({ text: '' }); event.stopPropagation(); }
    if (event.key === 'ArrowDown' || (event.key === 'Enter' && state.current?.rows.length)) { event.preventDefault(); clearTimeout(timer); state.table('entries').focus(); }
  });
  $('filter-issue').addEventListener('change', (event) => applyQuery({ issue: event.target.value }));
  $('filter-extension').addEventListener('change', (event) => applyQuery({ extension: event.target.value }));
  $('filter-changefreq').addEventListener('change', (event) => applyQuery({ changefreq: event.target.value }));
  $('filter-clear').addEventListener('click', () => {
    clearControls();
    applyQuery({ text: '', issue: '', extension: '', changefreq: '' });
  });

  // `/` anywhere but in a field focuses the text filter (README, Viewer: Keyboard).
  document.addEventListener('keydown', (event) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const typing = event.target.closest?.('input, textarea, select, [contenteditable]');
    if (event.key === '/' && !typing) {
      event.preventDefault();
      viewer.tabs.select('tab-entries');
      $('filter-text').focus();
      $('filter-text').select();
    }
  });

  return { fill, show, clearControls };
}
