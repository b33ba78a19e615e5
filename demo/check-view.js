// Check the listed URLs (issue 19, item 11): the library's checkUrls, run in the worker over the
// entries the filters leave (through `npm start`'s relay, or the extension's host permissions),
// four at a time, with a Stop button; counts by status, and a filter for the rows that are not a
// plain 200 (an error, a redirect, no answer, or noindex).

import { formatCount, h } from './dom.js';
import { VirtualList } from './virtual-list.js';

/**
 * Which count a check falls under: its status, or "redirected", "noindex", "no answer".
 *
 * @example
 * checkGroup({ url: 'https://a.example/x', status: 200, finalUrl: 'https://a.example/x', redirects: 0, noindex: 'meta' }); // 'noindex'
 */
export function checkGroup(check) {
  if (check.status === 0) return 'no answer';
  if (check.noindex) return 'noindex';
  if (check.redirects !== 0 && check.finalUrl !== check.url) return 'redirected';
  return String(check.status);
}

/** Whether a check is worth a look: anything but a plain, indexable 200 at its own URL. */
const isProblem = (check) => checkGroup(check) !== '200';

/**
 * Wires the Check URLs tab. `currentDocument()` gives the document on screen; `relay` the promise
 * of whether `npm start`'s relay is there.
 *
 * @example
 * const check = setUpCheckPanel({ worker, currentDocument: () => current, relay });
 * check.reset(); // when another document is shown
 */
export function setUpCheckPanel({ worker, currentDocument, relay }) {
  const $ = (id) => document.getElementById(id);
  const panel = $('check-result');
  let checks = [];
  let shown = [];
  let problemsOnly = false;
  let list;
  let running = false;

  const draw = () => {
    const counts = new Map();
    for (const check of checks) counts.set(checkGroup(check), (counts.get(checkGroup(check)) ?? 0) + 1);
    $('check-counts').replaceChildren(...[...counts].sort((a, b) => (a[0] === '200' ? -1 : b[0] === '200' ? 1 : b[1] - a[1]))
      .map(([group, count]) => h('span', { className: `chip check-count ${group === '200' ? 'good' : 'bad'}`, dataset: { group, count: String(count) } }, `${formatCount(count)} ${group}`)));
    shown = problemsOnly ? checks.filter(isProblem) : checks;
    $('check-count').textContent = `${formatCount(shown.length)} of ${formatCount(checks.length)} checked${running ? '…' : ''}`;
    $('check-count').dataset.rows = String(shown.length);
    list.setRowCount(shown.length, running ? 'Checking…' : problemsOnly ? 'Every URL checked answered 200, indexable, at its own address.' : 'Nothing checked yet.');
  };

  const reset = () => {
    checks = [];
    list?.destroy();
    list = new VirtualList($('check-table'), {
      label: 'Checked URLs',
      rowHeight: 30,
      template: '7rem minmax(14rem, 1fr) minmax(10rem, 1fr) 6rem',
      columns: [
        { key: 'status', label: 'status' },
        { key: 'url', label: 'url', className: 'loc' },
        { key: 'final', label: 'redirected to / error', className: 'loc' },
        { key: 'noindex', label: 'noindex' },
      ],
      renderCell: (cell, position, column) => {
        const check = shown[position];
        switch (column.key) {
          case 'status': cell.replaceChildren(h('span', { className: `change-badge ${check.status === 200 && !check.noindex ? 'added' : 'removed'}` }, check.status === 0 ? 'no answer' : String(check.status))); break;
          case 'url': cell.textContent = check.url; cell.title = check.url; break;
          case 'final': cell.textContent = check.error ?? (check.finalUrl !== check.url ? check.finalUrl : ''); cell.title = cell.textContent; break;
          case 'noindex': cell.textContent = check.noindex ?? ''; break;
        }
      },
    });
    list.element.dataset.table = 'check';
    panel.dataset.state = 'idle';
    draw();
  };

  $('check-start').addEventListener('click', async () => {
    const document_ = currentDocument();
    if (!document_ || running) return;
    reset();
    running = true;
    panel.dataset.state = 'running';
    $('check-start').disabled = true;
    $('check-stop').disabled = false;
    try {
      const onPartial = (batch) => { if (currentDocument() === document_) { checks.push(...batch.checks); draw(); } };
      const last = await worker.request('checkUrls', { id: document_.id, relay: await relay }, { onPartial });
      onPartial(last);
    } catch (error) {
      $('check-count').textContent = `Could not check: ${error.message}`;
    } finally {
      running = false;
      panel.dataset.state = 'done';
      $('check-start').disabled = false;
      $('check-stop').disabled = true;
      draw();
    }
  });
  $('check-stop').addEventListener('click', () => worker.request('stopCheck'));
  $('check-problems').addEventListener('change', (event) => { problemsOnly = event.target.checked; list.scrollToTop(); draw(); });
  return { reset: () => { if (running) worker.request('stopCheck'); reset(); } };
}
