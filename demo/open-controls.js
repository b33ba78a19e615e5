// The page's ways to open a sitemap: file, Fetch box, Paste dialog, Ctrl+V, samples, drag and
// drop (document-opener.js opens what they give). A pasted URL alone is fetched; other
// text opens when the library's sniffFormat calls it something the viewer reads.

import { sniffFormat } from 'sitemapkit';
import { isWebUrl } from './dom.js';

const $ = (id) => document.getElementById(id);

/** What Ctrl+V outside a field opens: anything the library's sniffer calls a sitemap, a feed or a robots.txt. */
const PASTABLE = new Set(['urlset', 'sitemapindex', 'text', 'rss', 'atom', 'robots', 'xml', 'html']);
const looksLikeSitemapText = (text) => PASTABLE.has(sniffFormat(text));

/** A pasted single URL (nothing else on the line, no second line): fetched, not read as a one-URL text sitemap. */
function pastedUrl(text) {
  const trimmed = text.trim();
  return /^https?:\/\/\S+$/i.test(trimmed) && isWebUrl(trimmed) ? trimmed : undefined;
}

/**
 * Wires every way to open something: the file button and input, the Fetch box, the Paste dialog,
 * Ctrl+V anywhere outside a field, the samples menu and drag and drop. `openText(text)` opens
 * pasted text.
 *
 * @example
 * setUpSources({ openFile, openUrl, openText: (text) => openText(text) });
 */
export function setUpSources({ openFile, openUrl, openText }) {
  const fileInput = $('file-input');
  $('file-button').addEventListener('click', () => fileInput.click());
  fileInput.addEventListener('change', () => {
    openFile(fileInput.files[0]);
    fileInput.value = ''; // choosing the same file again opens it again
  });

  $('url-form').addEventListener('submit', (event) => {
    event.preventDefault();
    openUrl($('url-input').value);
  });

  const dialog = $('paste-dialog');
  $('paste-button').addEventListener('click', () => {
    $('paste-text').value = '';
    dialog.returnValue = ''; // Escape keeps the last value: only the Open button opens
    dialog.showModal();
  });
  dialog.addEventListener('close', () => {
    const text = $('paste-text').value;
    if (dialog.returnValue !== 'open' || !text.trim()) return;
    const url = pastedUrl(text);
    if (url) openUrl(url); else openText(text);
  });

  // Ctrl+V anywhere outside a text field opens what was copied, if it looks like a sitemap.
  document.addEventListener('paste', (event) => {
    if (event.target.closest?.('input, textarea, [contenteditable]')) return;
    const text = event.clipboardData?.getData('text/plain') ?? '';
    const url = pastedUrl(text);
    if (url) {
      event.preventDefault();
      $('url-input').value = url;
      openUrl(url);
      return;
    }
    if (!looksLikeSitemapText(text)) return;
    event.preventDefault();
    openText(text);
  });

  // The viewer bundled in the extension has no samples (nothing to serve them).
  $('sample-select')?.addEventListener('change', (event) => {
    const path = event.target.value;
    event.target.value = '';
    if (path) openUrl(new URL(path, location.href).href, { useLocation: false });
  });

  const overlay = $('drop-overlay');
  let dragDepth = 0;
  const carriesSomething = (event) => [...(event.dataTransfer?.types ?? [])].some((type) => type === 'Files' || type === 'text/uri-list');
  document.addEventListener('dragenter', (event) => { if (carriesSomething(event)) { dragDepth++; overlay.hidden = false; } });
  document.addEventListener('dragleave', (event) => { if (carriesSomething(event) && --dragDepth <= 0) { dragDepth = 0; overlay.hidden = true; } });
  document.addEventListener('dragover', (event) => { if (carriesSomething(event)) event.preventDefault(); });
  document.addEventListener('drop', (event) => {
    event.preventDefault();
    dragDepth = 0;
    overlay.hidden = true;
    const file = event.dataTransfer.files[0];
    if (file) openFile(file);
    else {
      const url = event.dataTransfer.getData('text/uri-list').split('\n').find((line) => line && !line.startsWith('#'));
      if (url) openUrl(url);
    }
  });
}
