// validationSteps (src/validate.ts), the one walk the crawl reads a file with: on every XML file
// of the corpus (test/corpus, MANIFEST.tsv), a slice at a time, its entries are parse()'s in
// recover mode and its result is validate()'s, whatever the slice size. SPEC.md §1, §2, §5.

import { describe, expect, it } from 'vitest';
import { parse } from '../src/parse';
import { validate, validationSteps } from '../src/validate';
import type { SitemapIndexEntry, SitemapUrl, ValidateResult } from '../src/types';
import { loadCorpusFile, loadCorpusManifest } from './fixtures';

const NOW = new Date('2026-11-22T00:00:00Z');
const manifest = await loadCorpusManifest();
const xmlFiles = manifest.filter((entry) => !['text', 'robots', 'xsd'].includes(entry.category));
const bytesOf = new Map<string, Uint8Array>(await Promise.all(xmlFiles.map(async (entry) => [entry.file, await loadCorpusFile(entry.file)] as const)));

/** Runs the steps to the end: every entry they yielded, and their result. */
function runSteps(bytes: Uint8Array, sliceBytes: number): { entries: (SitemapUrl | SitemapIndexEntry)[]; result: ValidateResult; batches: number } {
  const steps = validationSteps(bytes, { now: NOW }, sliceBytes);
  const entries: (SitemapUrl | SitemapIndexEntry)[] = [];
  let batches = 0;
  let step = steps.next();
  for (; !step.done; step = steps.next()) {
    expect(step.value.length).toBeGreaterThan(0);
    batches++;
    for (const entry of step.value) entries.push(entry);
  }
  return { entries, result: step.value, batches };
}

/** parse()'s entries in recover mode, or none when the root is not a sitemap (parse throws even then). */
function parsedEntries(bytes: Uint8Array): (SitemapUrl | SitemapIndexEntry)[] {
  try {
    const result = parse(bytes, { recover: true, maxBytes: Infinity });
    return result.kind === 'urlset' ? result.urls : result.sitemaps;
  } catch {
    return [];
  }
}

describe('validationSteps on the corpus', () => {
  it.each(xmlFiles.map((entry) => [entry.file]))('%s: parse()\'s entries and validate()\'s result, in slices of 4,096 and 65,536 bytes', (file) => {
    const bytes = bytesOf.get(file)!;
    const expected = validate(bytes, { now: NOW });
    const entries = parsedEntries(bytes);
    for (const sliceBytes of [4096, 65_536]) {
      const steps = runSteps(bytes, sliceBytes);
      expect(steps.entries).toEqual(entries);
      expect(steps.result).toEqual(expected);
    }
  });

  it('yields a large file\'s entries in several batches, and nothing with slice size 0 (validate itself)', () => {
    const largest = [...bytesOf.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
    const sliced = runSteps(largest[1], 4096);
    expect(sliced.batches).toBeGreaterThan(10);
    const whole = runSteps(largest[1], 0);
    expect(whole.batches).toBe(0);
    expect(whole.entries).toEqual([]);
    expect(whole.result).toEqual(sliced.result);
  });

  it('gives its core back when stopped early, so later calls still work', () => {
    const largest = [...bytesOf.entries()].sort((a, b) => b[1].length - a[1].length)[0]!;
    for (let i = 0; i < 40; i++) {
      const steps = validationSteps(largest[1], { now: NOW }, 4096);
      const first = steps.next();
      expect(first.done).toBe(false);
      steps.return(undefined as never);
    }
    expect(runSteps(largest[1], 4096).result).toEqual(validate(largest[1], { now: NOW }));
  });
});
