// The crawl's per-file issue keeping (src/site/crawl-records.ts FirstIssues, and RuleIssues for the
// site-level rules) against the plain way it replaces: every issue held, sorted by document order,
// the first `kept` kept, all counted; and a walk's counts of a file whose pages are all listed twice.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addIssues, FirstIssues, RuleIssues } from '../src/site/crawl-records';
import type { CrawledSitemap } from '../src/site/crawl-types';
import { createIssue } from '../src/model/issue';
import { crawlSitemaps, type Issue, type IssueCode } from '../src/index';

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

describe('RuleIssues', () => {
  const RULES = [['CRAWL_DUPLICATE_URL', 'warning'], ['CRAWL_BLOCKED_BY_ROBOTS_TXT', 'error'], ['CRAWL_REPEATED_SITEMAP', 'warning']] as const;

  it('keeps and counts what addIssues does with every issue made, and makes only those it may keep', () => {
    // Each issue asked about first (the walk's page rules) or pushed as it is (a robots.txt's or an
    // index's few line issues), in the order found.
    fc.assert(fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 2 }), fc.boolean()), { maxLength: 400 }), fc.integer({ min: 0, max: 40 }), (found, kept) => {
      const all = found.map(([rule], i) => createIssue(RULES[rule]![0], RULES[rule]![1], `issue ${i}`, 0, 0, '', 0, String(i)));
      const expected = emptyRecord();
      addIssues(expected, all, kept);
      const rules = new RuleIssues(kept);
      let made = 0;
      all.forEach((issue, i) => {
        if (found[i]![1]) rules.issues.push(issue);
        else if (!rules.countsOnly(issue.code, issue.severity)) {
          made++;
          rules.issues.push(issue);
        }
      });
      const actual = emptyRecord();
      rules.finish(actual);
      expect(actual.issues).toEqual(expected.issues);
      expect(actual.issueCounts).toEqual(expected.issueCounts);
      expect([actual.errors, actual.warnings]).toEqual([expected.errors, expected.warnings]);
      expect(made).toBeLessThanOrEqual(kept);
    }), { numRuns: 500 });
  });

  it('a walk counts every page of a file listed in another, and robots.txt\'s every disallowed page, keeping maxIssuesPerSitemap', async () => {
    // Two files list the same 300 pages; robots.txt disallows the 120 under /private/. The second
    // file read has 300 CRAWL_DUPLICATE_URL and both have 120 CRAWL_BLOCKED_BY_ROBOTS_TXT: counted
    // all, where the walk had counted the first 100 of each code and one issue saying how many more.
    const site = 'https://example.com';
    const pages = Array.from({ length: 300 }, (_, n) => `${site}/${n < 120 ? 'private' : 'public'}/${n}`);
    const urlset = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${pages.map((loc) => `<url><loc>${loc}</loc></url>`).join('\n')}</urlset>`;
    const bodies: Record<string, string> = {
      [`${site}/robots.txt`]: `User-agent: *\nDisallow: /private/\nSitemap: ${site}/a.xml\nSitemap: ${site}/b.xml\n`,
      [`${site}/a.xml`]: urlset,
      [`${site}/b.xml`]: urlset,
    };
    const fetch = async (url: string) => (url in bodies ? new Response(bodies[url], { status: 200 }) : new Response('', { status: 404 }));
    for (const [maxIssuesPerSitemap, validate] of [[100, true], [7, false], [0, true]] as const) {
      const report = await crawlSitemaps(site, { fetch, concurrency: 1, concurrencyPerHost: 1, maxIssuesPerSitemap, validate }).report();
      const [a, b] = [`${site}/a.xml`, `${site}/b.xml`].map((url) => report.sitemaps.find((sitemap) => sitemap.url === url)!);
      expect(a!.issueCounts).toEqual({ CRAWL_BLOCKED_BY_ROBOTS_TXT: 120 });
      expect(b!.issueCounts).toEqual({ CRAWL_DUPLICATE_URL: 300, CRAWL_BLOCKED_BY_ROBOTS_TXT: 120 });
      expect([a!.errors, a!.warnings, b!.errors, b!.warnings]).toEqual([120, 0, 120, 300]);
      // The first kept, in the order found: page 0's two issues, then page 1's, …
      expect(b!.issues).toHaveLength(maxIssuesPerSitemap);
      expect(b!.issues.slice(0, 4).map((issue) => [issue.code, issue.value])).toEqual([
        ['CRAWL_DUPLICATE_URL', pages[0]], ['CRAWL_BLOCKED_BY_ROBOTS_TXT', pages[0]], ['CRAWL_DUPLICATE_URL', pages[1]], ['CRAWL_BLOCKED_BY_ROBOTS_TXT', pages[1]],
      ].slice(0, maxIssuesPerSitemap));
      expect(a!.issues.map((issue) => issue.value)).toEqual(pages.slice(0, Math.min(120, maxIssuesPerSitemap)));
      expect(report.totals.entries).toBe(600);
    }
  });
});
