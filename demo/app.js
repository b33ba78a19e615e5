// The viewer page's entry: builds its one state (viewer-state.js) and its sections, one file each,
// and wires them. All reading and querying is done by worker.js; the page only draws what it
// answers. Sections reach one another through `viewer`, by name, when they are called (never
// while being built), so the order below is only the order the page's controls are wired in.

import { AddressBar } from './address-bar.js';
import { createChartsPanel } from './charts-panel.js';
import { setUpCheckPanel } from './check-view.js';
import { checkChildren } from './child-status.js';
import { setUpComparePanel } from './compare-view.js';
import { createDetailController } from './detail-controller.js';
import { createDocumentOpener } from './document-opener.js';
import { createDocumentView } from './document-view.js';
import { createEntriesTable } from './entries-table.js';
import { createEntryFilters } from './entry-filters.js';
import { setUpExportButtons } from './export-panel.js';
import { createIssuesTable } from './issues-table.js';
import { setUpSources } from './open-controls.js';
import { relayAvailable } from './relay-fetch.js';
import { createSiteController } from './site-controller.js';
import { say, setPageState } from './status-line.js';
import { createSummaryView } from './summary-view.js';
import { createTabs } from './tabs.js';
import { ViewerState } from './viewer-state.js';
import { ViewerWorker } from './worker-client.js';

const state = new ViewerState();
const worker = new ViewerWorker();
/** Whether `npm start`'s relay is there to read other origins (a statically hosted viewer has none). */
const relay = relayAvailable();
const currentDocument = () => state.current;

/** The page: its state, the worker, and every section by name. */
const viewer = { state, worker, relay };
viewer.compare = setUpComparePanel({ worker, currentDocument, relay });
viewer.urlCheck = setUpCheckPanel({ worker, currentDocument, relay });
viewer.opener = createDocumentOpener(viewer);
viewer.addressBar = new AddressBar({ onNavigate: (url, options) => viewer.opener.navigateTo(url, options) });
// A site's tree (site-controller.js): the Fetch box given a site walks it and shows the tree.
viewer.site = createSiteController({
  worker, relay, say, setState: setPageState,
  nextLoad: () => state.beginLoad(),
  isLatestLoad: (token) => state.isLatestLoad(token),
  onOpen: (sitemap, crossSubmit, start) => viewer.opener.openFromSite(sitemap, crossSubmit, start),
  shown: (start, options) => viewer.addressBar.shown(start, options),
});
viewer.documents = createDocumentView(viewer);
viewer.summary = createSummaryView(viewer);
viewer.entries = createEntriesTable(viewer);
viewer.filters = createEntryFilters(viewer);
viewer.issues = createIssuesTable(viewer);
viewer.detail = createDetailController(viewer);
viewer.charts = createChartsPanel(viewer);
viewer.tabs = createTabs(viewer);

const { opener, documents } = viewer;
setUpSources({ openFile: opener.openFile, openUrl: opener.openUrl, openText: opener.openText });
document.getElementById('check-children').addEventListener('click', () => checkChildren(state.current, {
  worker, relay, say, onDone: (index) => { if (state.isCurrent(index)) documents.refreshIndex(index); },
}));
setUpExportButtons({ worker, currentDocument });
say('');
opener.openFirst();
