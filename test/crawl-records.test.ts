// The crawl's per-file issue keeping (src/site/crawl-records.ts FirstIssues) against the plain way
// it replaces: every issue held, sorted by document order, the first `kept` kept, all counted.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addIssues, FirstIssues } from '../src/site/crawl-records';
import type { CrawledSitemap } from '../src/site/crawl-types';
import { createIssue } from '../src/model/issue';
import type { Issue, IssueCode } from '../src/index';

function emptyRecord(): CrawledSitemap {
  return { url: 'https://example.com/s.xml', finalUrl: 'https://example.com/s.xml', via: 'start', parent: undefined, depth: 0, status: 200, format: 'urlset', compressed: false, bytes: 0, entries: 0, lastmod: undefined, issues: [], issueCounts: {}, errors: 0, warnings: 0, children: [], failed: false };
}

const CODES: IssueCode[] = ['SITEMAP_LOC_NOT_ESCAPED', 'SITEMAP_DUPLICATE_LOC', 'SITEMAP_LOC_NOT_ALLOWED', 'XML_TEXT_OUTSIDE_ROOT'];

/** Issues at few distinct positions, so that many share one (the order among those must hold too). */
const issueArbitrary = fc.record({ code: fc.constantFrom(...CODES), error: fc.boolean(), line: fc.integer({ min: 1, max: 6 }), column: fc.integer({ min: 1, max: 4 }) });

function makeIssues(specs: { code: IssueCode; error: boolean; line: number; column: number }[], tag: string): Issue<IssueCode>[] {
  return specs.map((spec, i) => createIssue(spec.code, spec.error ? 'error' : 'warning', `${tag} ${i}`, spec.line, spec.column, '/urlset/url', 0));
}

describe('FirstIssues', () => {
  it('keeps the same issues, in the same order, with the same counts as sorting them all', () => {
    fc.assert(fc.property(fc.array(issueArbitrary, { maxLength: 300 }), fc.array(issueArbitrary, { maxLength: 20 }), fc.integer({ min: 0, max: 40 }), (taken, other, kept) => {
      const found = makeIssues(taken, 'found');
      const others = makeIssues(other, 'other');
      // The plain way: validate() puts the others first, then its validator's issues, and sorts stably.
      const expected = emptyRecord();
      addIssues(expected, [...others, ...found].sort((a, b) => a.line - b.line || a.column - b.column), kept);
      const first = new FirstIssues(kept);
      for (const issue of found) first.add(issue);
      const actual = emptyRecord();
      first.finish(actual, others);
      expect(actual.issues.map((issue) => issue.message)).toEqual(expected.issues.map((issue) => issue.message));
      expect(actual.issues).toEqual(expected.issues);
      expect(actual.issueCounts).toEqual(expected.issueCounts);
      expect([actual.errors, actual.warnings]).toEqual([expected.errors, expected.warnings]);
    }), { numRuns: 500 });
  });

  it('keeps and counts the same when the validator asks first (countsOnly) and makes only the issues it may keep', () => {
    fc.assert(fc.property(fc.array(fc.tuple(issueArbitrary, fc.boolean()), { maxLength: 300 }), fc.array(issueArbitrary, { maxLength: 20 }), fc.integer({ min: 0, max: 40 }), (taken, other, kept) => {
      const found = makeIssues(taken.map(([spec]) => spec), 'found');
      const others = makeIssues(other, 'other');
      const expected = emptyRecord();
      addIssues(expected, [...others, ...found].sort((a, b) => a.line - b.line || a.column - b.column), kept);
      const first = new FirstIssues(kept);
      let countedOnly = 0;
      found.forEach((issue, i) => {
        // The validator asks first; the extension rules (the flag) hand every issue over regardless.
        if (taken[i]![1] || !first.countsOnly(issue.code, issue.severity, issue.line, issue.column)) first.add(issue);
        else countedOnly++;
      });
      const actual = emptyRecord();
      first.finish(actual, others);
      expect(actual.issues).toEqual(expected.issues);
      expect(actual.issueCounts).toEqual(expected.issueCounts);
      expect([actual.errors, actual.warnings]).toEqual([expected.errors, expected.warnings]);
      // Past a cut, later issues at or after the last kept position are not made at all.
      if (found.length > 3 * kept + 10 && taken.every(([, always]) => !always)) expect(countedOnly).toBeGreaterThan(0);
    }), { numRuns: 500 });
  });

  it('holds at most twice what it keeps while taking thousands', () => {
    const first = new FirstIssues(10);
    const held = () => (first as unknown as { held: unknown[] }).held.length;
    let most = 0;
    for (let i = 0; i < 5000; i++) {
      first.add(createIssue('SITEMAP_LOC_NOT_ESCAPED', 'warning', `issue ${i}`, 5000 - i, 1, '/urlset/url', 0));
      most = Math.max(most, held());
    }
    expect(most).toBeLessThanOrEqual(20);
    const record = emptyRecord();
    first.finish(record, []);
    // Added last to first: the first ten in document order are the last ten added.
    expect(record.issues.map((issue) => issue.line)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(record.issueCounts).toEqual({ SITEMAP_LOC_NOT_ESCAPED: 5000 });
    expect(record.warnings).toBe(5000);
  });
});
