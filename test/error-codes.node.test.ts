// Checks that the core's numeric XmlError enum (assembly/errors.ts) and the facade's XML_ERRORS
// table (src/model/errors.ts) agree name by name and number by number, and that every code of every
// exported code table (ErrorCode, RobotsTxtIssueCode, …) names a Search Console report
// (STYLE.md "Errors", SPEC.md §6). Node-only: it reads assembly/errors.ts.

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { CrawlIssueCode, ErrorCode, RobotsTxtIssueCode, searchConsoleReport } from '../src/index';
import * as nodeEntry from '../src/node';
import { XML_ERRORS } from '../src/model/errors';

/** The Search Console report names SPEC.md §6 lists ("Error vocabulary users already know"). */
const SEARCH_CONSOLE_REPORTS = new Set([
  'Parsing error', 'Invalid date', 'Invalid URL', 'URL not allowed', 'Missing XML tag', 'Invalid tag value',
  'Incorrect namespace', 'Unbound namespace prefix', 'Too many URLs', 'Sitemap file size error', 'Compression error',
  'Empty sitemap', 'Nested sitemap indexes', 'Leading whitespace', 'Sitemap is HTML', 'Too many News URLs',
  'Missing video title', 'Missing video thumbnail',
]);

/** Codes of the XML_ section that only the facade reports (no core record carries them). */
const FACADE_ONLY_XML_CODES = new Set([
  // Written by SitemapParser.result() from the core's count of errors beyond its per-construct cap.
  'XML_TOO_MANY_ERRORS',
]);

/**
 * Every code table the package exports (the Node subpath re-exports the whole main entry): an
 * object whose values are its keys, each a code such as `XML_BAD_PI`. Found by shape, so that a
 * table added later is checked without anyone remembering to list it here.
 */
function exportedCodeTables(): Map<string, string[]> {
  const tables = new Map<string, string[]>();
  for (const [name, value] of Object.entries(nodeEntry)) {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) continue;
    const entries = Object.entries(value as Record<string, unknown>);
    if (entries.length > 0 && entries.every(([key, code]) => key === code && /^[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+$/.test(key))) {
      tables.set(name, entries.map(([key]) => key));
    }
  }
  return tables;
}

/** `UnexpectedEof` → `XML_UNEXPECTED_EOF`; `BadPi` → `XML_BAD_PI`. */
function toErrorCodeName(enumMember: string): string {
  return 'XML_' + enumMember.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toUpperCase();
}

/** The members of `export const enum XmlError { … }`, read from the source text. */
async function readCoreEnum(): Promise<Array<{ name: string; value: number }>> {
  const source = await readFile(new URL('../assembly/errors.ts', import.meta.url), 'utf8');
  const body = /export\s+const\s+enum\s+XmlError\s*\{([^}]*)\}/.exec(source)?.[1];
  if (body === undefined) throw new Error('assembly/errors.ts has no `export const enum XmlError { … }`');
  const members = body
    .split('\n')
    .map((line) => line.replace(/\/\/.*$/, '').trim())
    .filter((line) => line.length > 0)
    .map((line) => {
      const match = /^([A-Za-z]\w*)\s*=\s*(\d+)\s*,?$/.exec(line);
      if (!match) throw new Error(`cannot read XmlError member "${line}" (every member needs an explicit number)`);
      return { name: match[1]!, value: Number(match[2]) };
    });
  return members;
}

describe('XmlError (assembly/errors.ts) and XML_ERRORS (src/model/errors.ts)', () => {
  it('agree name by name and number by number', async () => {
    const members = await readCoreEnum();
    expect(members.length).toBeGreaterThan(20);
    expect(members[0]).toEqual({ name: 'None', value: 0 });
    expect(XML_ERRORS[0]).toBeNull();
    for (const { name, value } of members.slice(1)) {
      const entry = XML_ERRORS[value];
      expect(entry, `XML_ERRORS[${value}] for XmlError.${name}`).toBeTruthy();
      expect(entry![0], `XmlError.${name} = ${value}`).toBe(toErrorCodeName(name));
    }
  });

  it('has one XML_ERRORS entry per enum member, numbered 0, 1, 2, … without gaps', async () => {
    const members = await readCoreEnum();
    expect(members.map((member) => member.value)).toEqual(members.map((_, index) => index));
    expect(XML_ERRORS.length).toBe(members.length);
    expect(new Set(members.map((member) => member.name)).size).toBe(members.length);
  });

  it('maps the examples the house style names', async () => {
    const members = await readCoreEnum();
    const valueOf = (name: string) => members.find((member) => member.name === name)?.value;
    expect(valueOf('UnexpectedEof')).toBe(1);
    expect(XML_ERRORS[1]![0]).toBe('XML_UNEXPECTED_EOF');
    expect(XML_ERRORS[valueOf('UnboundPrefix')!]![0]).toBe('XML_UNBOUND_PREFIX');
    expect(XML_ERRORS[valueOf('DoctypeForbidden')!]![0]).toBe('XML_DOCTYPE_FORBIDDEN');
    expect(XML_ERRORS[valueOf('BadEntity')!]![0]).toBe('XML_BAD_ENTITY');
  });

  it('gives every numeric code a message a person can read', () => {
    for (const entry of XML_ERRORS.slice(1)) {
      expect(entry).not.toBeNull();
      const [code, message] = entry!;
      expect(typeof message).toBe('string');
      expect(message.length, code).toBeGreaterThan(10);
    }
  });

  it('lists every XML_ ErrorCode in the core table, in the same order (except facade-only codes)', () => {
    const xmlCodes = Object.values(ErrorCode).filter((code) => code.startsWith('XML_') && !FACADE_ONLY_XML_CODES.has(code));
    expect(XML_ERRORS.slice(1).map((entry) => entry![0])).toEqual(xmlCodes);
    for (const code of FACADE_ONLY_XML_CODES) expect(Object.values(ErrorCode)).toContain(code);
  });
});

describe('ErrorCode', () => {
  it('maps every key to itself with a known domain prefix', () => {
    for (const [key, value] of Object.entries(ErrorCode)) {
      expect(value).toBe(key);
      expect(key).toMatch(/^(XML|SITEMAP|INDEX|GZIP|INPUT|SERIALIZE|IMAGE|VIDEO|NEWS|HREFLANG|CORE)_[A-Z0-9_]+$/);
    }
  });

  it('has a searchConsoleReport entry for every code, and no entry for anything else', () => {
    const codes = [...Object.values(ErrorCode), ...Object.values(RobotsTxtIssueCode), ...Object.values(CrawlIssueCode)];
    expect(Object.keys(searchConsoleReport).sort()).toEqual([...codes].sort());
    for (const code of codes) {
      const report = searchConsoleReport[code];
      expect(SEARCH_CONSOLE_REPORTS.has(report), `${code} → "${report}" is not a Search Console report of SPEC.md §6`).toBe(true);
    }
  });

  it('covers every code of every exported code table, and nothing else', () => {
    const tables = exportedCodeTables();
    // The search by shape finds the tables it must (else it would check nothing).
    expect([...tables.keys()].sort()).toEqual(expect.arrayContaining(['ErrorCode', 'RobotsTxtIssueCode', 'CrawlIssueCode']));
    const everyCode = new Set<string>();
    for (const [table, codes] of tables) {
      for (const code of codes) {
        everyCode.add(code);
        const report = (searchConsoleReport as Record<string, string | undefined>)[code];
        expect(report, `searchConsoleReport has no entry for ${table}.${code}`).toBeTypeOf('string');
        expect(SEARCH_CONSOLE_REPORTS.has(report!), `${table}.${code} → "${report}" is not a Search Console report of SPEC.md §6`).toBe(true);
      }
    }
    expect(Object.keys(searchConsoleReport).filter((code) => !everyCode.has(code))).toEqual([]);
  });

  it('lines up the reports users search for with the codes that cause them', () => {
    expect(searchConsoleReport.XML_UNBOUND_PREFIX).toBe('Unbound namespace prefix');
    expect(searchConsoleReport.SITEMAP_HTML).toBe('Sitemap is HTML');
    expect(searchConsoleReport.SITEMAP_NAMESPACE).toBe('Incorrect namespace');
    expect(searchConsoleReport.INPUT_TOO_LARGE).toBe('Sitemap file size error');
    expect(searchConsoleReport.GZIP_INVALID).toBe('Compression error');
    expect(searchConsoleReport.XML_DECL_NOT_AT_START).toBe('Leading whitespace');
    expect(searchConsoleReport.ROBOTS_SITEMAP_INVALID_URL).toBe('Invalid URL');
    expect(searchConsoleReport.ROBOTS_SITEMAP_RELATIVE_URL).toBe('Invalid URL');
  });
});

describe('RobotsTxtIssueCode', () => {
  it('maps every key to itself with the ROBOTS_ prefix, and shares no code with ErrorCode', () => {
    for (const [key, value] of Object.entries(RobotsTxtIssueCode)) {
      expect(value).toBe(key);
      expect(key).toMatch(/^ROBOTS_[A-Z0-9_]+$/);
      expect(Object.values(ErrorCode)).not.toContain(key);
    }
  });
});

describe('CrawlIssueCode', () => {
  it('maps every key to itself with the CRAWL_ prefix, and shares no code with ErrorCode or RobotsTxtIssueCode', () => {
    for (const [key, value] of Object.entries(CrawlIssueCode)) {
      expect(value).toBe(key);
      expect(key).toMatch(/^CRAWL_[A-Z0-9_]+$/);
      expect(Object.values(ErrorCode)).not.toContain(key);
      expect(Object.values(RobotsTxtIssueCode)).not.toContain(key);
    }
  });

  it('names the reports the crawl rules match', () => {
    expect(searchConsoleReport.CRAWL_BLOCKED_BY_ROBOTS_TXT).toBe('URL not allowed');
    expect(searchConsoleReport.CRAWL_TOO_LARGE).toBe('Sitemap file size error');
    expect(searchConsoleReport.CRAWL_CYCLE).toBe('Nested sitemap indexes');
    expect(searchConsoleReport.CRAWL_STALE_INDEX_LASTMOD).toBe('Invalid date');
  });
});
