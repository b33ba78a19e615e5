// The viewer page's one state (issue 21): the trail of opened documents and the one on screen, the
// two tables drawn for it, and the counters by which a newer load or view wins over a late answer.
// The page's sections (wired by app.js) change it only through the operations below.

/** The entries table's query of a newly opened document: every entry, in document order. */
const EMPTY_QUERY = { text: '', extension: '', issue: '', changefreq: '', sort: 'index', descending: false };

/**
 * The rows 0…count-1: the entries table of a document before any filter or order.
 *
 * @example
 * identityRows(3); // Uint32Array [0, 1, 2]
 */
export function identityRows(count) {
  const rows = new Uint32Array(count);
  for (let i = 0; i < count; i++) rows[i] = i;
  return rows;
}

/**
 * A document as the page keeps it, made from the worker's first answer (`table`: its id, summary
 * and columns) before validation. Its fields belong to the section that keeps them: `query` and
 * `rows` to entries-table.js, `issueFilter` and `issueRows` to issues-table.js, `charts` to
 * charts-panel.js, `childStatus` to child-status.js, `showImages` to detail-controller.js; the
 * verdict's fields (`summary`, `issues`, `issueEntry`, `validated`) to document-view.js.
 *
 * @example
 * const opened = createDocument(table, { useLocation: true, fromSite: undefined });
 */
export function createDocument(table, { useLocation, fromSite }) {
  const count = table.columns.count;
  table.columns.errors = new Uint16Array(count);
  table.columns.warnings = new Uint16Array(count);
  return {
    ...table, useLocation, validated: false, issues: [], issueEntry: new Int32Array(0), charts: undefined,
    rows: identityRows(count), query: { ...EMPTY_QUERY }, issueFilter: { severity: '', code: '' }, fromSite,
  };
}

/**
 * What the page shows and what it is waiting for. The trail is the opened documents, the root
 * first: an index, then the child opened from it, and so on; `current` is the one on screen.
 * Dropping documents from the trail returns them, so that the caller closes them in the worker.
 *
 * @example
 * const state = new ViewerState();
 * const token = state.beginLoad();
 * // … the worker answers …
 * if (state.isLatestLoad(token)) {
 *   for (const dropped of state.enter(opened)) worker.request('close', { id: dropped.id });
 *   state.show(opened);
 * }
 */
export class ViewerState {
  #trail = [];
  #current = undefined;
  #loadToken = 0;
  #viewToken = 0;
  #tables = new Map();

  /** The document on screen (undefined before the first one opens). */
  get current() { return this.#current; }

  /** Whether `document_` is (still) the one on screen: late answers for another are dropped. */
  isCurrent(document_) { return this.#current === document_; }

  /** Makes `document_` the one on screen. */
  show(document_) { this.#current = document_; }

  /** The trail, the root first (a copy: it changes only through `enter` and `backTo`). */
  get trail() { return this.#trail.slice(); }

  /** The `n`th document of the trail. */
  trailAt(n) { return this.#trail[n]; }

  /** Where on the trail the document fetched from `url` is, or -1. */
  trailIndexOf(url) { return this.#trail.findIndex((document_) => document_.summary.url === url); }

  /**
   * Puts a newly opened document at the end of the trail; anything but an index's child (or a
   * robots.txt's sitemap) starts a new trail. Returns the documents it dropped.
   */
  enter(document_, { asChild = false } = {}) {
    const dropped = asChild ? [] : this.#trail.splice(0);
    this.#trail.push(document_);
    return dropped;
  }

  /** Goes back to the `n`th document of the trail: the ones after it are dropped and returned. */
  backTo(n) { return this.#trail.splice(n + 1); }

  /** A new load starts (a document or a site's walk): whatever an older one answers later is dropped. */
  beginLoad() { return ++this.#loadToken; }

  /** Whether the load of `token` is the latest one. */
  isLatestLoad(token) { return token === this.#loadToken; }

  /** A new view (the entries' filter and order) is asked of the worker: older answers are dropped. */
  beginView() { return ++this.#viewToken; }

  /** Whether the view of `token` is the latest one asked. */
  isLatestView(token) { return token === this.#viewToken; }

  /**
   * Replaces the table `name` ('entries' or 'issues') drawn for the document on screen: the old
   * one is destroyed before `create()` builds the new one in the same place. Returns the new one.
   */
  replaceTable(name, create) {
    this.#tables.get(name)?.destroy();
    const table = create();
    this.#tables.set(name, table);
    return table;
  }

  /** The table `name` on screen, or undefined before the first document shows. */
  table(name) { return this.#tables.get(name); }
}
