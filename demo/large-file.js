// A file over the 100 MiB the viewer reads at once (issue 19, item 5): the note where the verdict
// is, and reading the file as a stream (the worker's parseStream), the table growing as entries
// arrive.

import { entryCount, formatBytes, formatCount, h } from './dom.js';

/**
 * Where the verdict is, in red: the file is over what the viewer reads at once; and the offer to
 * read it as a stream (`onRead`), or how far the stream got.
 *
 * @example
 * verdict.append(tooLargeNote(summary, { onRead: () => streamDocument(current, context) }));
 */
export function tooLargeNote(summary, { onRead }) {
  const size = `${formatBytes(summary.tooLarge)} (${formatCount(summary.tooLarge)} bytes)`;
  const streamed = summary.streamed;
  return h('span', { className: 'too-large', id: 'too-large' },
    h('span', { className: 'bad' }, `Too large to read at once: ${size}. The viewer reads up to 100 MiB at once; the protocol allows 50 MiB per sitemap.`),
    streamed
      ? h('span', { className: 'muted', id: 'stream-state' }, streamed.done ? ` Read as a stream: ${entryCount(streamed.entries)}${streamed.entries > summary.entries ? `, the first ${formatCount(summary.entries)} listed` : ''}.` : ` Reading as a stream: ${entryCount(streamed.entries)} so far…`)
      : h('button', { type: 'button', className: 'small primary', id: 'read-stream', on: { click: onRead } }, 'Read it as a stream'));
}

/**
 * Reads a (too large) file as a stream: the table grows as entries arrive, then the stream's
 * issues are the verdict. `page` is what it needs of the page: the worker, the message line, the
 * state, and the summary's, table's and validation's drawing functions.
 *
 * @example
 * streamDocument(current, { worker, say, setState, isCurrent, renderSummary, setUpEntriesTable, refreshRows, applyValidation, identityRows });
 */
export async function streamDocument(document_, page) {
  page.setState('validating');
  page.say(h('span', { className: 'spinner-text' }, 'Reading as a stream…'));
  let first = true;
  try {
    const validation = await page.worker.request('stream', { id: document_.id }, {
      onPartial: (table) => {
        const count = table.columns.count;
        table.columns.errors = new Uint16Array(count);
        table.columns.warnings = new Uint16Array(count);
        Object.assign(document_, { columns: table.columns, summary: table.summary, rows: page.identityRows(count) });
        if (!page.isCurrent(document_)) return;
        page.renderSummary(document_.summary);
        if (first) { page.setUpEntriesTable(document_); first = false; } else page.refreshRows(document_);
      },
    });
    if (page.isCurrent(document_)) page.setUpEntriesTable(document_);
    page.applyValidation(document_, validation);
    page.say('');
  } catch (error) {
    page.say(`Could not read it as a stream: ${error.message}`, 'error');
  }
  page.setState('ready');
}
