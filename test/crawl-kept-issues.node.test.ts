// The issues a crawl keeps to its end (src/site/crawl-records.ts keptIssue): copies, so that no
// kept issue holds a document's text alive, but one copy of each message text, which most codes
// repeat for every issue. Node only: it weighs the heap (gc from node:v8 and node:vm).

import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { addIssue } from '../src/site/crawl-records';
import type { CrawledSitemap } from '../src/site/crawl-types';
import { createIssue } from '../src/model/issue';

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;

function emptyRecord(): CrawledSitemap {
  return { url: 'https://example.com/s.xml', finalUrl: 'https://example.com/s.xml', via: 'start', parent: undefined, depth: 0, status: 200, format: 'urlset', compressed: false, bytes: 0, entries: 0, lastmod: undefined, issues: [], issueCounts: {}, errors: 0, warnings: 0, children: [], failed: false };
}

describe('kept issues', () => {
  it('keep one copy of a message text that thousands of issues share', () => {
    const ISSUES = 5000, text = 'm'.repeat(2000);
    // Each message a string of its own, sliced from a "document" that stays alive: the same text.
    // Each made flat here (indexOf flattens a concatenation in place), and held to the end (below):
    // else the loop's slicing flattens them, 10 MB made during the measurement, and whether the
    // optimizing compiler has found `documents` dead by the last GC decides whether they count
    // (the test failed in a full run, 10.9 MB, and passed alone).
    const documents = Array.from({ length: ISSUES }, (_, i) => `${i}:${text}`);
    const colons = documents.map((document) => document.indexOf(':'));
    const record = emptyRecord();
    collectGarbage();
    const before = process.memoryUsage().heapUsed;
    for (let i = 0; i < ISSUES; i++) {
      const message = documents[i]!.slice(colons[i]! + 1);
      addIssue(record, createIssue('SITEMAP_LOC_NOT_ESCAPED', 'warning', message, i + 1, 1, `urlset/url[${i}]/loc`, i), ISSUES);
    }
    collectGarbage();
    const grown = process.memoryUsage().heapUsed - before;
    expect(documents.every((document, i) => document.length === String(i).length + 1 + text.length)).toBe(true); // alive to here
    expect(record.issues).toHaveLength(ISSUES);
    expect(record.issues.every((issue) => issue.message === text)).toBe(true);
    // A copy each is 5,000 × 2,000 characters (10 MB); shared, the issues and their paths, under 2 MB.
    expect(grown).toBeLessThan(3 * 2 ** 20);
  });

  it('keep every message right past the cache of shared ones (4,096 texts)', () => {
    const record = emptyRecord();
    const messages = Array.from({ length: 10_000 }, (_, i) => `message ${i % 6000} ${'x'.repeat(i % 7)}`);
    messages.forEach((message, i) => addIssue(record, createIssue('SITEMAP_DUPLICATE_LOC', 'error', message, i + 1, 1, 'urlset/url', i), 10_000));
    expect(record.issues.map((issue) => issue.message)).toEqual(messages);
    expect(record.issueCounts).toEqual({ SITEMAP_DUPLICATE_LOC: 10_000 });
  });
});
