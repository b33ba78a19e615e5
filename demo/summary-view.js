// The summary above the tables: the document's kind, entries and size against the protocol's
// limits (sitemaps.org: 50,000 URLs, 52,428,800 bytes), hosts, extensions, lastmod range, the
// verdict with its profile and location fields, and validating again when those change.

import { contextNote } from './context-note.js';
import { kindName, listsSitemaps } from './document-kinds.js';
import { breakableUrl, formatBytes, formatCount, h, plural } from './dom.js';
import { tooLargeNote } from './large-file.js';
import { say, setPageState } from './status-line.js';
import { locationProblem } from './table-columns.js';

const $ = (id) => document.getElementById(id);

/** What the Kind line adds for formats that are not XML sitemaps. */
const KIND_NOTES = { text: ' one URL per line', rss: ' read as a sitemap: each item\'s link', atom: ' read as a sitemap: each entry\'s link', robots: ' its Sitemap lines, each openable' };

function summaryItem(label, value, extra, key) {
  return h('div', { className: 'summary-item', dataset: { key } }, h('dt', {}, label), h('dd', {}, value, extra ? h('span', { className: 'muted extra' }, extra) : null));
}

function meter(value, max, label) {
  return h('meter', { min: 0, max, value: Math.min(value, max), high: max * 0.9, optimum: 0, title: label, attrs: { 'aria-label': label } });
}

/**
 * The summary. `viewer` is the page app.js wires: its state and worker, and the sections this
 * calls (documents, entries, charts, opener).
 *
 * @example
 * const summary = createSummaryView(viewer);
 * summary.render(document_.summary);
 */
export function createSummaryView(viewer) {
  const { state, worker } = viewer;

  /** Draws `summary` (a document's, validated or not yet). */
  function render(summary) {
    const { verdict, validated } = summary;
    const container = $('summary');
    const isIndex = listsSitemaps(summary.kind);
    const robots = summary.kind === 'robots';
    const pending = h('span', { className: 'muted' }, 'checking…');
    const source = summary.url ? h('a', { href: summary.url, target: '_blank', rel: 'noopener noreferrer' }, breakableUrl(summary.url)) : summary.name;
    const bytes = summary.gzipped
      ? [`${formatBytes(summary.bytes)} gzip → ${formatBytes(summary.uncompressedBytes)}`]
      : [formatBytes(summary.uncompressedBytes)];
    const hosts = !validated ? pending : summary.hostCount === 0 ? 'none'
      : summary.hostCount === 1 ? summary.hosts[0].host
        : `${formatCount(summary.hostCount)}: ${summary.hosts.slice(0, 3).map((host) => `${host.host} (${formatCount(host.entries)})`).join(', ')}${summary.hostCount > 3 ? ', …' : ''}`;
    const extensionNames = summary.extensions.map((extension) => extension.name);
    const extensions = !validated ? pending.cloneNode(true) : extensionNames.length ? extensionNames.join(', ') : 'none';
    const extensionFields = summary.extensionFields.length ? ` (entry fields: ${summary.extensionFields.join(', ')})` : null;
    const lastmod = !validated ? pending.cloneNode(true) : summary.lastmod ? `${summary.lastmod.min} … ${summary.lastmod.max}` : 'none';
    const tooLarge = summary.tooLarge !== undefined;
    // An index's verdict counts the children that failed, once any were checked (item 7).
    const children = summary.childCheck ?? { checked: 0, failed: 0 };
    const childText = children.checked === 0 ? '' : children.failed === 0 ? `; ${formatCount(children.checked)} ${children.checked === 1 ? 'child' : 'children'} checked, none failed` : `; ${formatCount(children.failed)} of ${formatCount(children.checked)} children checked failed`;
    const verdictText = (!verdict ? 'Validating…'
      : verdict.valid ? (verdict.warnings ? `Valid, ${plural(verdict.warnings, 'warning')}` : 'Valid')
        : `Not valid: ${plural(verdict.errors, 'error')}, ${plural(verdict.warnings, 'warning')}`) + (verdict ? childText : '');
    const verdictTone = !verdict ? '' : verdict.valid && children.failed === 0 ? 'good' : 'bad';
    container.dataset.failedChildren = String(children.failed);
    const profile = h('select', { id: 'profile', disabled: !validated, attrs: { 'aria-label': 'Validation profile' }, on: { change: revalidate } },
      h('option', { value: 'google', selected: summary.profile === 'google' }, 'Google rules'),
      h('option', { value: 'xsd', selected: summary.profile === 'xsd' }, 'XSD (xmllint)'));
    const location = h('input', {
      id: 'location', type: 'text', inputMode: 'url', spellcheck: false, value: summary.location ?? '', placeholder: 'https://example.com/sitemap.xml', disabled: !validated,
      attrs: { 'aria-label': 'URL the file lives at (enables the host and folder rules)', 'aria-describedby': 'location-error', title: 'Where the file lives: enables the rules that every URL is on its host and in its folder' },
      on: { change: revalidate },
    });
    container.dataset.kind = summary.kind ?? 'unknown';
    container.dataset.count = String(summary.entries);
    if (verdict) {
      container.dataset.errors = String(verdict.errors);
      container.dataset.warnings = String(verdict.warnings);
      container.dataset.valid = String(verdict.valid);
    } else {
      for (const key of ['errors', 'warnings', 'valid']) delete container.dataset[key];
    }
    const { timings } = summary;
    const timingText = validated
      ? `Read in ${Math.round(timings.total)} ms in a worker: parse ${Math.round(timings.parse)} ms, validate ${Math.round(timings.validate)} ms${summary.gzipped ? `, gunzip ${Math.round(timings.gunzip)} ms` : ''}.`
      : `Entries read in ${Math.round(timings.toTable)} ms; validating…`;
    container.replaceChildren(
      h('h2', { className: 'source-name' }, source),
      h('dl', { className: 'summary-grid' },
        summaryItem('Kind', kindName(summary) ?? (tooLarge ? 'Not read: too large' : validated ? 'Not a sitemap' : pending.cloneNode(true)), KIND_NOTES[summary.format] ?? null, 'kind'),
        summaryItem(isIndex ? 'Sitemaps' : 'URLs', h('span', { id: 'entry-count' }, formatCount(summary.entries)), robots ? null : meter(summary.entries, summary.limits.urls, `${formatCount(summary.entries)} of the ${formatCount(summary.limits.urls)} allowed`), 'entries'),
        summaryItem('Size', bytes, robots ? null : meter(summary.uncompressedBytes, summary.limits.bytes, `${formatCount(summary.uncompressedBytes)} of the ${formatCount(summary.limits.bytes)} bytes allowed (uncompressed)`), 'bytes'),
        // A robots.txt has no URLs, extensions or dates of its own: its host is what its sitemaps are judged by.
        robots ? summaryItem('Host', summary.robotsHost ?? 'not known (opened without a URL)', null, 'hosts') : summaryItem(summary.hostCount > 1 ? 'Hosts' : 'Host', hosts, null, 'hosts'),
        robots ? null : summaryItem('Extensions', extensions, extensionFields, 'extensions'),
        robots ? null : summaryItem('lastmod', lastmod, null, 'lastmod'),
        h('div', { className: `summary-item verdict ${verdictTone}`, dataset: { key: 'verdict' } },
          h('dt', {}, 'Verdict'),
          h('dd', {}, h('strong', { id: 'verdict-text' }, verdictText), tooLarge ? tooLargeNote(summary, { onRead: () => viewer.documents.readAsStream() }) : null, h('span', { className: 'validation-options' }, profile, location),
            h('span', { id: 'location-error', className: 'field-error', hidden: true, attrs: { role: 'alert' } })))),
      h('p', { className: 'timings muted' }, timingText));
  }

  /** Draws a validated document's summary with the note on the host and folder rule, when it fires. */
  function renderWithContextNote(document_) {
    render(document_.summary);
    const note = contextNote(document_, { onOpenRobots: (url) => viewer.opener.openUrl(url) });
    if (note) $('summary').append(note);
  }

  /** The profile or the location changed: the worker validates the document on screen again. */
  async function revalidate() {
    const document_ = state.current;
    const profile = $('profile').value;
    const location = $('location').value.trim();
    // A bad value is refused at its field, where the eye is; the last good validation stays.
    const problem = locationProblem(location);
    $('location').setAttribute('aria-invalid', String(Boolean(problem)));
    $('location-error').textContent = problem;
    $('location-error').hidden = !problem;
    if (problem) { $('location').focus(); return; }
    setPageState('validating');
    say(h('span', { className: 'spinner-text' }, 'Validating again…'));
    try {
      const validation = await worker.request('revalidate', { id: document_.id, profile, location });
      viewer.charts.forget(document_);
      viewer.documents.applyValidation(document_, validation);
      if (state.isCurrent(document_)) {
        await viewer.entries.requestView(document_);
        viewer.charts.reset();
      }
      say('');
    } catch (error) {
      say(`Could not validate: ${error.message}`, 'error');
    }
    setPageState('ready');
  }

  return { render, renderWithContextNote };
}
