// The page's side of a site's walk (issue 17, the viewer): switching the main area between the
// site's tree and a document, and asking the worker to walk a site (crawlSitemaps) with progress.
// The tree itself is drawn by site-view.js.

import { h } from './dom.js';
import { SiteView } from './site-view.js';

/**
 * `page`: the worker, whether the relay is there (a promise), the message line and state, the
 * load counter (a newer load wins), `onOpen(sitemap, crossSubmit, start)` for a node's Open, and
 * `shown(start, options)` for the address bar.
 *
 * @example
 * const site = createSiteController({ worker, relay, say, setState, nextLoad, isLatestLoad, onOpen, shown });
 * site.openSite('example.com');
 */
export function createSiteController(page) {
  const $ = (id) => document.getElementById(id);
  const view = new SiteView($('site-view'), {
    onOpen: (sitemap, crossSubmit) => page.onOpen(sitemap, crossSubmit, view.start),
    onStop: () => page.worker.request('stopCrawl'),
  });

  /** Shows the site's tree (view `site`) or the document (view `document`) in the main area. */
  const showView = (name) => {
    document.body.dataset.view = name;
    $('site-view').hidden = name !== 'site';
    $('summary').hidden = name === 'site';
    document.querySelector('.workspace').hidden = name === 'site';
    if (name === 'site') $('trail').hidden = true;
  };

  return {
    showView,
    /** Whether `start` is the site last walked (Back to it shows the tree again). */
    hasWalked: (start) => view.report !== undefined && view.start === start,
    /** Back to the site's tree last walked. */
    showSite({ fromHistory = false } = {}) {
      showView('site');
      page.shown(view.start, { fromHistory });
    },
    /** Walks a site (the Fetch box got `example.com` or `https://example.com/`) and shows its tree. */
    async openSite(start, { fromHistory = false } = {}) {
      const token = page.nextLoad();
      showView('site');
      page.setState('loading');
      page.say('');
      view.progress(start, { sitemapsFound: 0, sitemapsDone: 0, inFlight: 0, bytes: 0, entries: 0 });
      const relayed = await page.relay;
      try {
        const { report } = await page.worker.request('crawl', { start, relay: relayed }, { onPartial: ({ progress }) => { if (page.isLatestLoad(token)) view.progress(start, progress); } });
        if (!page.isLatestLoad(token)) return;
        view.show(start, report, { relayed });
        page.shown(start, { fromHistory });
        document.body.dataset.site = start;
        page.setState('ready');
      } catch (error) {
        if (!page.isLatestLoad(token)) return;
        page.setState('ready');
        page.say([h('strong', {}, `Could not walk ${start}. `), error.message], 'error');
      }
    },
  };
}
