// Hostile documents: whatever the input, recover mode answers with a bounded list of issues and
// no expansion, and the limits of the reader are reported by code (SPEC.md §5; house rule: never
// a crash, a hang, a silent drop or unbounded memory).

import { describe, expect, it } from 'vitest';
import { parse, validate } from '../src/index';

const NS = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';

function issuesOf(xml: string) {
  const result = parse(xml, { recover: true });
  return result.issues;
}

describe('hostile input in recover mode', () => {
  it('200,000 nested elements: at most 1,000 issues listed, the rest counted in XML_TOO_MANY_ERRORS', () => {
    const issues = issuesOf(`<urlset ${NS}>` + '<a>'.repeat(200_000) + '</a>'.repeat(200_000) + '</urlset>');
    expect(issues.length).toBe(1001);
    expect(issues[0]).toMatchObject({ code: 'XML_TOO_DEEP', line: 1 });
    const summary = issues.at(-1)!;
    expect(summary.code).toBe('XML_TOO_MANY_ERRORS');
    expect(Number(/^(\d+) more/.exec(summary.message)?.[1])).toBeGreaterThan(190_000);
  });

  it('100,000 distinct element names: the string table limit is reported, not exceeded', () => {
    const issues = issuesOf(`<urlset ${NS}>` + Array.from({ length: 100_000 }, (_, i) => `<n${i}/>`).join('') + '</urlset>');
    expect(issues[0]!.code).toBe('XML_TOO_MANY_NAMES');
    expect(issues.length).toBeLessThanOrEqual(1001);
  });

  it('5,000 attributes on one element: the ones past 1,024 are refused by code', () => {
    const issues = issuesOf(`<urlset ${NS} ` + Array.from({ length: 5000 }, (_, i) => `a${i}="1"`).join(' ') + '/>');
    expect(issues.some((issue) => issue.code === 'XML_TOO_MANY_NAMES')).toBe(true);
    expect(issues.length).toBeLessThanOrEqual(1001);
  });

  // BUG (found by the fuzzer, test/fuzz/regressions/builds-agree-xml-*.json): the core's count of
  // one construct's errors (capped at 256, the rest only counted) was reset when a construct
  // began, not when a document did nor at the end of input: after a construct with 256 errors,
  // the end-of-input errors of the same document, and the next document's errors up to its first
  // construct, were counted as suppressed (XML_TOO_MANY_ERRORS at 0:0) instead of reported.
  it('a construct with hundreds of errors does not silence the end of input, in this document or the next', () => {
    const noisy = `<!--${'\u0001'.repeat(300)}-->`;
    const codes = (xml: string) => parse(xml, { recover: true }).issues.map((issue) => `${issue.code}@${issue.line}:${issue.column}`);
    expect(codes(noisy)).toContain('XML_NO_ROOT@1:308');
    expect(codes(`<urlset ${NS}>${noisy}`)).toContain('XML_UNCLOSED_ELEMENT@1:368');
    expect(codes('')).toEqual(['INPUT_EMPTY@1:1', 'XML_NO_ROOT@1:1']);
  });

  // BUG (found by the fuzzer, test/fuzz/regressions/round-trip-xml-414fba61df.json): the
  // pseudo-attributes of an XML declaration misplaced inside an element were read as attributes
  // of that element: an extension element gained version="1.0", and validate reported it.
  it('an XML declaration inside an element gives that element no attributes', () => {
    const xml = `<urlset ${NS} xmlns:x="urn:x"><url><loc>https://e.com/</loc><x:c>t<?xml version="1.0" encoding="UTF-8"?></x:c></url></urlset>`;
    const result = parse(xml, { recover: true });
    expect(result.kind === 'urlset' && result.urls[0]!.extensions).toEqual([{ namespace: 'urn:x', prefix: 'x', name: 'c', children: ['t'] }]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['XML_DECL_NOT_AT_START']);
    const inUrl = validate(`<urlset ${NS}><url><?xml version="1.0"?><loc>https://example.com/</loc></url></urlset>`, { profile: 'xsd' });
    expect(inUrl.issues.map((issue) => issue.code)).toEqual(['XML_DECL_NOT_AT_START']);
  });

  it('a DOCTYPE with nested entities expands nothing', () => {
    const lol = '<!ENTITY lol "lol">' + Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('');
    const result = parse(`<!DOCTYPE lolz [${lol}]><urlset ${NS}><url><loc>&lol9;</loc></url></urlset>`, { recover: true });
    expect(result.kind === 'urlset' && result.urls).toEqual([{ loc: '&lol9;' }]);
    expect(result.issues.map((issue) => issue.code)).toEqual(['XML_DOCTYPE_FORBIDDEN', 'XML_BAD_ENTITY']);
  });
});
