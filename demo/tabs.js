// The tab bar over the tables (Entries, Issues, Charts, Export, Compare, Check URLs), as the ARIA
// tabs pattern has it: one tab in the Tab order, ←/→ between tabs. A table hidden in a tab draws
// its rows when the tab shows, the charts the first time.

const $ = (id) => document.getElementById(id);

/**
 * The tabs, wired at once. `viewer` is the page app.js wires: its state (the tables) and the
 * charts section.
 *
 * @example
 * const tabs = createTabs(viewer);
 * tabs.select('tab-entries');
 */
export function createTabs(viewer) {
  const { state } = viewer;

  /** Shows the panel of tab `id` and hides the others. */
  function select(id) {
    for (const tab of document.querySelectorAll('[role=tab]')) {
      const selected = tab.id === id;
      tab.setAttribute('aria-selected', String(selected));
      tab.tabIndex = selected ? 0 : -1;
      $(tab.getAttribute('aria-controls')).hidden = !selected;
    }
    if (id === 'tab-charts') viewer.charts.draw();
    if (id === 'tab-entries') state.table('entries')?.schedule();
    if (id === 'tab-issues') state.table('issues')?.schedule();
  }

  const tabs = [...document.querySelectorAll('[role=tab]')];
  for (const tab of tabs) {
    tab.addEventListener('click', () => select(tab.id));
    tab.addEventListener('keydown', (event) => {
      const step = { ArrowRight: 1, ArrowLeft: -1 }[event.key];
      if (!step) return;
      const next = tabs[(tabs.indexOf(tab) + step + tabs.length) % tabs.length];
      select(next.id);
      next.focus();
      event.preventDefault();
    });
  }

  return { select };
}
