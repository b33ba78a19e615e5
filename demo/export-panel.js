// The Export tab: entries as CSV or JSON, the issues as CSV, or the sitemap written again (split
// into parts and an index past the protocol's limits); the worker writes, this module asks and
// downloads.

import { entryCount, formatBytes, formatCount, h, isWebUrl, plural } from './dom.js';

const $ = (id) => document.getElementById(id);

/**
 * Resets the tab for a newly shown document: the folder URL the parts would live at (its own
 * folder, or its entries' origin), no notes, the sitemap buttons only for what can be written.
 *
 * @example
 * setUpExport(document_);
 */
export function setUpExport(document_) {
  const { summary } = document_;
  let suggestion = '';
  if (summary.url && isWebUrl(summary.url)) suggestion = new URL('.', summary.url).href;
  else if (document_.columns.count > 0) {
    const { loc } = document_.columns;
    const first = loc.text.slice(loc.offsets[0], loc.offsets[1]);
    if (isWebUrl(first)) suggestion = `${new URL(first).origin}/`;
  }
  $('base-url').value = suggestion;
  $('export-notes').replaceChildren();
  const canWrite = summary.kind === 'urlset' || summary.kind === 'sitemapindex' || summary.kind === 'text';
  for (const button of $('panel-export').querySelectorAll('button[data-format^="xml"]')) button.disabled = !canWrite;
}

/**
 * Says what the exports write: all entries, or the ones the filters leave.
 *
 * @example
 * updateExportScope(document_);
 */
export function updateExportScope(document_) {
  const total = document_.summary.entries;
  const shown = document_.rows.length;
  $('export-scope').textContent = shown === total
    ? `Exports write all ${entryCount(total)}.`
    : `Exports write the ${formatCount(shown)} of ${entryCount(total)} the filters leave (clear them to export everything).`;
}

function download({ name, type, bytes }) {
  const url = URL.createObjectURL(new Blob([bytes], { type }));
  const link = h('a', { href: url, download: name, hidden: true });
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Wires the tab's buttons: the worker writes the file of the document on screen, the page
 * downloads it and lists what was written and left out.
 *
 * @example
 * setUpExportButtons({ worker, currentDocument: () => current });
 */
export function setUpExportButtons({ worker, currentDocument }) {
  $('panel-export').addEventListener('click', async (event) => {
    const button = event.target.closest('button[data-format]');
    const current = currentDocument();
    if (!button || !current) return;
    const format = button.dataset.format;
    button.disabled = true;
    const notes = $('export-notes');
    notes.replaceChildren(h('li', {}, 'Writing…'));
    try {
      const result = await worker.request('export', { id: current.id, format, baseUrl: $('base-url').value.trim() });
      download(result.file);
      notes.replaceChildren(h('li', { className: 'good' }, `${result.file.name}: ${formatBytes(result.file.bytes.length)}, ${format === 'issues-csv' ? plural(result.rows, 'issue') : entryCount(result.rows)}${result.parts > 1 ? ` in ${result.parts} parts` : ''}.`),
        ...result.notes.map((note) => h('li', {}, note)));
    } catch (error) {
      notes.replaceChildren(h('li', { className: 'bad' }, error.message));
    } finally {
      button.disabled = false;
    }
  });
}
