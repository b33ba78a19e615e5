// The viewer's module worker: all reading, validating, filtering, sorting and writing happens
// here, so the page stays responsive on a 50,000-entry file. Requests are `{ requestId, type, ...}`;
// answers `{ requestId, result }` or `{ requestId, error }`, with typed arrays transferred, not copied.
// It imports the package by its served URL: import maps do not reach module workers in Chromium.

import { checkUrls, crawlSitemaps, diffSitemaps, init, isGzip, LIMITS, parseStream } from '/sitemapkit/index.js';
import { relayFetch } from './relay-fetch.js';
import { entriesCsv, entriesJson, issuesCsv, sitemapFiles } from './export-files.js';
import { fetchForStream, fetchSitemap, FetchFailure, normalizeUrl } from './fetch-sitemap.js';
import { queryEntries } from './entry-query.js';
import {
  chartsOf, entryPositions, issueColumns, issuesOfEntry, readSitemapDocument, runValidation, sourceLines, summaryOf, tableColumns,
} from './sitemap-document.js';

/**
 * Entries of a streamed file kept for the table (the rest are counted): four times a protocol
 * sitemap, some 50 MB of worker memory, and a table snapshot that still posts in a blink.
 */
const STREAM_KEPT = 200_000;
/** Changes of a comparison listed (all are counted). */
const COMPARE_KEPT = 200_000;
/** Issues of a streamed file kept (the rest are counted). */
const STREAM_ISSUES = 10_000;

/** Open documents by id (an index and the children opened from it stay until closed). */
const documents = new Map();
let nextDocumentId = 1;
/** The URL check in progress (one at a time). */
let currentCheck;
/** The site walk in progress (one at a time: a new one stops the last). */
let currentCrawl;

/** What the page needs of a walk's report: everything but each file's issue list (counted in issueCounts). */
function slimReport(report) {
  return { ...report, sitemaps: report.sitemaps.map(({ issues, ...sitemap }) => sitemap) };
}

// Compile the WebAssembly core while the page is still drawing, not on the first file.
const ready = init();

function documentById(id) {
  const document = documents.get(id);
  if (!document) throw new Error(`No open document ${id}`);
  return document;
}

/** What the page needs to draw the table: sent as soon as the entries are read. */
function tableSnapshot(id, document) {
  const table = tableColumns(document);
  return { result: { id, summary: summaryOf(document), columns: table.columns }, transfer: table.transfer };
}

/** What validation adds: the verdict, the issues and each entry's issue counts. */
function validationSnapshot(id, document) {
  const issues = issueColumns(document);
  return {
    result: { id, summary: summaryOf(document), issues: issues.issues, issueEntry: issues.issueEntry, errors: issues.errors, warnings: issues.warnings },
    transfer: issues.transfer,
  };
}

/** The last path segment of a URL, decoded when it can be, else its host. */
function fileNameOf(url) {
  const { pathname, host } = new URL(url);
  const last = pathname.split('/').pop();
  if (!last) return host;
  try {
    return decodeURIComponent(last);
  } catch {
    return last; // a malformed %-escape
  }
}

async function bytesOf(source) {
  switch (source.type) {
    case 'file':
      // Over the package's cap on one read: not read at once (the page offers to stream it).
      if (source.file.size > LIMITS.defaultMaxInputBytes) return { bytes: new Uint8Array(0), name: source.file.name, tooLarge: source.file.size };
      return { bytes: new Uint8Array(await source.file.arrayBuffer()), name: source.file.name };
    case 'text': return { bytes: new TextEncoder().encode(source.text), name: source.name ?? 'pasted.xml' };
    case 'bytes': return { bytes: new Uint8Array(source.bytes), name: source.name };
    case 'url': {
      const url = normalizeUrl(source.url);
      try {
        const { bytes, finalUrl } = await fetchSitemap(url, { relay: source.relay === true });
        return { bytes, name: fileNameOf(finalUrl), url: finalUrl };
      } catch (error) {
        // Over what is read at once: not read (the page offers to stream it from the URL).
        if (!(error instanceof FetchFailure) || error.reason !== 'size') throw error;
        return { bytes: new Uint8Array(0), name: fileNameOf(error.finalUrl), url: error.finalUrl, tooLarge: error.size };
      }
    }
    default: throw new Error(`Unknown source ${source.type}`);
  }
}

/**
 * Inflates gzip with the browser's DecompressionStream, about twice as fast here as the package's
 * fflate-based gunzip (TOOLCHAIN.md "gzip"), within the same size cap. Undefined when it cannot
 * (damaged or truncated data, several members, too large): the package's gunzipPartial then
 * does the job and reports what is wrong.
 */
async function inflateNatively(bytes) {
  if (typeof DecompressionStream !== 'function') return undefined;
  try {
    const reader = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('gzip')).getReader();
    const chunks = [];
    let total = 0;
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.length;
      if (total > LIMITS.defaultMaxInputBytes) { await reader.cancel(); return undefined; }
      chunks.push(value);
    }
    const out = new Uint8Array(total);
    let at = 0;
    for (const chunk of chunks) { out.set(chunk, at); at += chunk.length; }
    return out;
  } catch {
    return undefined;
  }
}

/** An export's answer: the file (its bytes transferred), notes, and how many rows it holds. */
const exported = (output, rows) => ({ result: { ...output, rows }, transfer: [output.file.bytes.buffer] });

const handlers = {
  /** Answers twice: the table first (`partial`), then, once validated, the issues. */
  async open({ source, profile, useLocation = true }, sendPartial) {
    const started = performance.now();
    const { bytes, name, url, tooLarge } = await bytesOf(source);
    const inflateStarted = performance.now();
    const inflated = isGzip(bytes) ? await inflateNatively(bytes) : undefined;
    const inflateMs = performance.now() - inflateStarted;
    await ready;
    // A fetched sitemap is checked against where it lives (host and folder rules), as Google does.
    const document = readSitemapDocument(bytes, { name, url, profile, location: useLocation ? url : undefined, inflated, crossSubmit: source.crossSubmit, tooLarge });
    // Kept for reading it as a stream.
    if (source.type === 'file') document.file = source.file;
    if (source.type === 'url') document.relay = source.relay === true;
    if (inflated) document.timings.gunzip = inflateMs;
    const id = nextDocumentId++;
    documents.set(id, document);
    document.timings.toTable = performance.now() - started;
    sendPartial(tableSnapshot(id, document));
    runValidation(document);
    document.timings.total = performance.now() - started;
    return validationSnapshot(id, document);
  },

  revalidate({ id, profile, location }) {
    const document = documentById(id);
    document.profile = profile;
    document.location = location || undefined;
    runValidation(document);
    return validationSnapshot(id, document);
  },

  charts({ id }) {
    return { result: chartsOf(documentById(id)) };
  },

  view({ id, query }) {
    // The document keeps its view (exports write it); the page gets a copy it owns.
    const rows = queryEntries(documentById(id), query).slice();
    return { result: { rows }, transfer: [rows.buffer] };
  },

  entry({ id, index }) {
    const document = documentById(id);
    const entry = document.entries[index];
    if (!entry) throw new Error(`No entry ${index}`);
    const issueIndices = issuesOfEntry(document, index);
    const positions = entryPositions(document);
    let line = positions ? positions.lines[index] : 0;
    let column = positions ? positions.columns[index] : 1;
    if (!line && issueIndices.length > 0) ({ line, column } = document.issues[issueIndices[0]]);
    // From the entry's start tag to the line before the next entry's (at most 40 lines).
    const next = positions && index + 1 < positions.lines.length ? positions.lines[index + 1] : 0;
    const end = next > line ? next - 1 : line + (positions ? 40 : 4);
    return {
      result: { index, entry, issueIndices, line, column, source: line ? sourceLines(document, line, Math.min(end, line + 40), column) : null },
    };
  },

  source({ id, line, column, context = 4 }) {
    return { result: sourceLines(documentById(id), line - context, line + context, column) };
  },

  export({ id, format, baseUrl }) {
    const document = documentById(id);
    const rows = document.lastView ?? Uint32Array.from(document.entries.keys());
    const baseName = (document.name ?? 'sitemap').replace(/(\.xml)?(\.gz)?$|\.txt$/i, '').replace(/[^\w.-]+/g, '-') || 'sitemap';
    let output;
    if (format === 'issues-csv') return exported({ file: issuesCsv(document, baseName), notes: [] }, document.issues.length);
    if (format === 'csv') output = { file: entriesCsv(document, rows, baseName), notes: [] };
    else if (format === 'json') output = { file: entriesJson(document, rows, baseName), notes: [] };
    else output = sitemapFiles(document, rows, { baseName, gzip: format === 'xml.gz', baseUrl });
    return exported(output, rows.length);
  },

  /**
   * Reads a file too large to read at once as a stream (parseStream, recover mode, no size cap):
   * the table is sent again every quarter second as entries arrive (the first STREAM_KEPT
   * entries are kept for it; the rest are counted), then the stream's issues.
   */
  async stream({ id }, sendPartial) {
    const document = documentById(id);
    await ready;
    const issues = [];
    let dropped = 0;
    const source = document.file ?? await fetchForStream(document.url, { relay: document.relay });
    const entries = parseStream(source, { recover: true, maxBytes: Infinity, onIssue: (issue) => { if (issues.length < STREAM_ISSUES) issues.push(issue); else dropped++; } });
    document.entries = [];
    document.streamed = { entries: 0, done: false };
    let last = performance.now();
    // A snapshot costs more as the table grows: never spend more than a fifth of the time on them.
    let interval = 250;
    for await (const entry of entries) {
      document.streamed.entries++;
      if (document.entries.length < STREAM_KEPT) document.entries.push(entry);
      if (performance.now() - last > interval) {
        const started = performance.now();
        document.kind = entries.kind;
        sendPartial(tableSnapshot(id, document));
        last = performance.now();
        interval = Math.max(250, 4 * (last - started));
        await new Promise((resolve) => setTimeout(resolve, 0)); // let the page's other requests in
      }
    }
    document.kind = entries.kind;
    document.streamed.done = true;
    document.streamIssues = issues;
    document.droppedIssues = dropped;
    sendPartial(tableSnapshot(id, document));
    runValidation(document);
    return validationSnapshot(id, document);
  },

  /**
   * Compares the open document (as `a`) with another file or URL (`b`) with diffSitemaps: the
   * counts of all changes and the first COMPARE_KEPT of them.
   */
  async compare({ id, other }) {
    const document = documentById(id);
    const { bytes, name, url } = await bytesOf(other);
    await ready;
    const diff = diffSitemaps(document.entries, bytes, { recover: true, maxBytes: Infinity });
    const changes = [];
    for await (const change of diff) if (changes.length < COMPARE_KEPT) changes.push(change);
    return { result: { a: document.url ?? document.name, b: url ?? name, counts: diff.counts, changes, kept: changes.length } };
  },

  /** Checks the listed URLs the current view leaves with checkUrls; partial answers are batches of results. */
  async checkUrls({ id, relay }, sendPartial) {
    const document = documentById(id);
    const rows = document.lastView ?? Uint32Array.from(document.entries.keys());
    function* locs() { for (const i of rows) yield document.entries[i].loc; }
    currentCheck?.cancel();
    const checks = checkUrls(locs(), { fetch: relay ? relayFetch : undefined, concurrency: 4 });
    currentCheck = checks;
    let batch = [];
    let last = performance.now();
    for await (const check of checks) {
      batch.push(check);
      if (performance.now() - last > 200) {
        sendPartial({ result: { checks: batch } });
        batch = [];
        last = performance.now();
      }
    }
    if (currentCheck === checks) currentCheck = undefined;
    return { result: { checks: batch } };
  },

  stopCheck() {
    currentCheck?.cancel();
    return { result: true };
  },

  /** Walks a site with crawlSitemaps (through the relay when there is one); partial answers are progress. */
  async crawl({ start, relay, maxDepth }, sendPartial) {
    currentCrawl?.cancel();
    await ready;
    let last = 0;
    const crawl = crawlSitemaps(start, {
      fetch: relay ? relayFetch : undefined,
      maxSitemaps: 1000,
      ...(maxDepth === undefined ? {} : { maxDepth }),
      onProgress: (progress) => {
        const now = performance.now();
        if (now - last < 100) return; // ten a second is enough for a progress line
        last = now;
        sendPartial({ result: { progress } });
      },
    });
    currentCrawl = crawl;
    try {
      return { result: { report: slimReport(await crawl.report()) } };
    } finally {
      if (currentCrawl === crawl) currentCrawl = undefined;
    }
  },

  stopCrawl() {
    currentCrawl?.cancel();
    return { result: true };
  },

  close({ id }) {
    documents.delete(id);
    return { result: true };
  },
};

self.onmessage = async ({ data }) => {
  const { requestId, type, ...request } = data;
  try {
    const handler = handlers[type];
    if (!handler) throw new Error(`Unknown request ${type}`);
    const sendPartial = ({ result, transfer = [] }) => self.postMessage({ requestId, partial: result }, transfer);
    const { result, transfer = [] } = await handler(request, sendPartial);
    self.postMessage({ requestId, result }, transfer);
  } catch (error) {
    self.postMessage({ requestId, error: { message: error.message, name: error.name, reason: error instanceof FetchFailure ? error.reason : undefined, code: error.code } });
  }
};
