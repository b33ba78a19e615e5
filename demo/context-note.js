// The one plain note that explains the host and folder rule when it fires (issue 19, item 6):
// a sitemap may list URLs only at or below its own folder on its own host, unless the site's
// robots.txt lists it (cross-submission, sitemaps.org "Sitemap file location"). Said once for the
// whole document, with the two ways to tell the viewer the context, instead of 50,000 times.

import { formatCount, h, isWebUrl } from './dom.js';

/**
 * The note for a document whose URLs break the location rule, or null when none do.
 * `onOpenRobots(url)` opens the robots.txt of the file's site (its sitemaps then open in context).
 *
 * @example
 * const note = contextNote(document_, { onOpenRobots: (url) => openUrl(url) });
 * if (note) summary.append(note);
 */
export function contextNote({ issues, summary }, { onOpenRobots }) {
  let count = 0;
  for (const issue of issues) if (issue.code === 'SITEMAP_LOC_NOT_ALLOWED') count++;
  if (count === 0 || !summary.location || !isWebUrl(summary.location)) return null;
  const where = new URL('.', summary.location).href;
  const robots = new URL('/robots.txt', summary.location).href;
  return h('div', { className: 'context-note', id: 'context-note', attrs: { role: 'note' }, dataset: { count: String(count) } },
    h('p', {}, h('strong', {}, `${formatCount(count)} ${count === 1 ? 'URL is' : 'URLs are'} outside ${where}`),
      ', where this file lives. A sitemap may list only URLs on its own host, at or below its folder, unless the site\'s robots.txt lists it',
      ' (or lists the index it belongs to): then it may list URLs anywhere on that host.'),
    h('p', {}, 'If the site\'s robots.txt lists this sitemap, ',
      h('button', { type: 'button', className: 'small open-robots', on: { click: () => onOpenRobots(robots) } }, `open ${robots}`),
      ' and open the sitemap from there; or clear the URL field of the verdict to check the file without the host and folder rules.'));
}
