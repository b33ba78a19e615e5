// The list page's "Check URLs" (issue 19, item 11): every page of the sitemap fetched with the
// library's checkUrls, as the viewer and `sitemapkit check-urls` do; HTTP status, where redirects
// lead, noindex (X-Robots-Tag or a robots meta tag). It runs in this extension page, whose host
// permissions let it read any site's answers and headers without CORS (the service worker reads
// sitemaps the same way). A stop button, counts by status, a filter for the problem rows.

import { checkUrls } from './sitemapkit/index.js';
import { linkTo } from './safe-link.js';
import { VirtualTable } from './virtual-table.js';

const ROW_HEIGHT = 26;
/** Results are drawn at most this often: thousands of answers a minute need no redraw each. */
const DRAW_INTERVAL_MS = 200;
const count = (n) => n.toLocaleString('en');
const cell = (text, className = '') => Object.assign(document.createElement('td'), { textContent: text ?? '', className, title: text ?? '' });

/** A page Google would not index as listed: any status but 200, or noindex. */
const isProblem = (check) => check.status !== 200 || check.noindex !== undefined;
/** What a result is counted under: its status, "no answer", or "200 noindex". */
const countKey = (check) => (check.status === 0 ? 'no answer' : check.noindex ? `${check.status} noindex` : String(check.status));

function resultRow(check) {
  const tr = document.createElement('tr');
  tr.dataset.status = String(check.status);
  const status = cell(check.status === 0 ? '—' : String(check.status), `number ${check.status === 200 ? 'good' : check.status >= 300 && check.status < 400 ? 'warn' : check.status === 0 || check.status >= 400 ? 'bad' : ''}`);
  const url = cell('', 'loc');
  url.title = check.url;
  url.append(linkTo(check.url, check.url));
  const redirected = check.finalUrl !== check.url ? check.finalUrl : '';
  const noindex = check.noindex === 'header' ? 'noindex (X-Robots-Tag)' : check.noindex === 'meta' ? 'noindex (meta robots)' : '';
  tr.append(status, url, cell(redirected), cell(noindex, noindex ? 'warn' : ''), cell(check.error ?? '', 'bad'));
  return tr;
}

/**
 * Shows the "Check URLs" section for a sitemap's page URLs: a start button, then a stop button
 * while it runs, the counts by status, and a table of results with a "Only not 200 or noindex"
 * filter. `section` holds the elements of entries.html's #check-section.
 *
 * @example
 * showUrlCheck(document.getElementById('check-section'), listing.entries.map((entry) => entry.loc));
 */
export function showUrlCheck(section, urls) {
  section.hidden = false;
  const start = section.querySelector('#check-start');
  const stop = section.querySelector('#check-stop');
  const onlyProblems = section.querySelector('#check-only-problems');
  const counts = section.querySelector('#check-counts');
  const results = [];
  let shown = results;
  let checks;
  let timer = 0;
  const table = new VirtualTable(section.querySelector('.check-box'), { rowHeight: ROW_HEIGHT, renderRow: (n) => resultRow(shown[n]) });

  const draw = (keepScroll) => {
    timer = 0;
    shown = onlyProblems.checked ? results.filter(isProblem) : results;
    const byStatus = new Map();
    for (const check of results) byStatus.set(countKey(check), (byStatus.get(countKey(check)) ?? 0) + 1);
    const parts = [...byStatus].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1)).map(([key, n]) => `${key} ×${count(n)}`);
    const problems = results.filter(isProblem).length;
    counts.textContent = `${count(results.length)} of ${count(urls.length)} checked${parts.length > 0 ? `: ${parts.join(', ')}` : ''}${problems > 0 ? `; ${count(problems)} not 200 or noindex` : ''}${onlyProblems.checked ? ` (showing ${count(shown.length)})` : ''}`;
    section.dataset.checked = String(results.length);
    section.dataset.rows = String(shown.length);
    table.setRowCount(shown.length, { keepScroll });
  };
  const later = () => { if (!timer) timer = setTimeout(() => draw(true), DRAW_INTERVAL_MS); };

  start.addEventListener('click', async () => {
    results.length = 0;
    start.hidden = true;
    stop.hidden = false;
    section.dataset.state = 'running';
    draw(false);
    checks = checkUrls(urls, { concurrency: 4 });
    try {
      for await (const check of checks) {
        results.push(check);
        later();
      }
      section.dataset.state = results.length === urls.length ? 'done' : 'stopped';
    } catch (error) {
      counts.textContent = `Could not check: ${error?.message ?? error}`;
      section.dataset.state = 'failed';
      return;
    } finally {
      clearTimeout(timer);
      start.hidden = false;
      start.textContent = 'Check again';
      stop.hidden = true;
    }
    draw(true);
  });
  stop.addEventListener('click', () => checks?.cancel());
  onlyProblems.addEventListener('change', () => draw(false));
}
