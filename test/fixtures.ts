// Loads test fixtures as exact bytes in both test projects: in Node from disk, in the browser
// project from the Vite server's raw-bytes route (`/@fixture/`, see vitest.config.ts), so a
// shared test reads a file the same way everywhere. The corpus is test/corpus/ in this
// repository (its provenance is in MANIFEST.tsv there, its terms in README.md); nothing is fetched from the network.

import { expect } from 'vitest';
import { SitemapError } from '../src/model/errors';

/** True in the browser project (a page), false in the Node project. */
export const inBrowser = typeof window !== 'undefined' && typeof document !== 'undefined';

// A variable specifier keeps Vite from trying to bundle a Node built-in into browser tests.
const nodeFileSystemModule = 'node:fs/promises';

async function readBytes(root: 'corpus' | 'repository', path: string): Promise<Uint8Array> {
  if (path.startsWith('/') || path.split('/').includes('..')) throw new Error(`fixture path must be relative and inside its root: ${path}`);
  if (inBrowser) {
    const response = await fetch(`/@fixture/${root}/${path.split('/').map(encodeURIComponent).join('/')}`);
    if (!response.ok) throw new Error(`fixture ${root}/${path}: HTTP ${response.status}`);
    return new Uint8Array(await response.arrayBuffer());
  }
  const { readFile } = (await import(/* @vite-ignore */ nodeFileSystemModule)) as typeof import('node:fs/promises');
  const base = root === 'corpus' ? new URL('./corpus/', import.meta.url) : new URL('../', import.meta.url);
  const bytes = await readFile(new URL(path, base));
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The bytes of a corpus file, e.g. `urlset/xmlsitemaps-crlf-24.xml` (a path from MANIFEST.tsv).
 *
 * @example
 * const bytes = await loadCorpusFile('urlset/xmlsitemaps-crlf-24.xml');
 */
export function loadCorpusFile(path: string): Promise<Uint8Array> {
  return readBytes('corpus', path);
}

/**
 * The bytes of a file in this repository, relative to its root, e.g. `test/fixtures/x.xml.gz`.
 * Gzip files arrive compressed, exactly as on disk, in both projects.
 *
 * @example
 * const bytes = await loadRepositoryFile('examples/example-sitemap.xml');
 */
export function loadRepositoryFile(path: string): Promise<Uint8Array> {
  return readBytes('repository', path);
}

/** One row of the corpus's MANIFEST.tsv. */
export interface CorpusEntry {
  /** Path inside the corpus, e.g. `urlset/aspnet-bom-1566.xml`. */
  file: string;
  category: string;
  /** The number of `<url>`/`<sitemap>` entries the collector counted (NaN when not given). */
  urlCount: number;
  notes: string;
  /** `yes`, or `no (…)` with xmllint's first error. */
  wellFormed: string;
  /** `yes`, `no (…)` or `n/a (…)`. */
  xsdValid: string;
  bytes: number;
  sha256: string;
}

/**
 * Every corpus file with its provenance and checks, read from MANIFEST.tsv.
 *
 * @example
 * const wellFormed = (await loadCorpusManifest()).filter((entry) => entry.wellFormed === 'yes');
 */
export async function loadCorpusManifest(): Promise<CorpusEntry[]> {
  const text = new TextDecoder().decode(await loadCorpusFile('MANIFEST.tsv'));
  const [header, ...rows] = text.split(/\r?\n/).filter((line) => line.length > 0);
  const columns = header!.split('\t');
  const column = (name: string): number => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`MANIFEST.tsv has no column ${name}`);
    return index;
  };
  const at = {
    file: column('file'), category: column('category'), urlCount: column('url_count'), notes: column('notes'),
    wellFormed: column('wellformed'), xsdValid: column('xsd_valid'), bytes: column('bytes'), sha256: column('sha256'),
  };
  return rows.map((row) => {
    const cells = row.split('\t');
    return {
      file: cells[at.file]!, category: cells[at.category]!, urlCount: Number(cells[at.urlCount]), notes: cells[at.notes]!,
      wellFormed: cells[at.wellFormed]!, xsdValid: cells[at.xsdValid]!, bytes: Number(cells[at.bytes]), sha256: cells[at.sha256]!,
    };
  });
}

/**
 * Lowercase hex SHA-256 of some bytes, with Web Crypto (the same in Node and browsers).
 *
 * @example
 * expect(await sha256Hex(bytes)).toBe(entry.sha256);
 */
export async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** The SitemapError `action` throws; fails the test when it throws something else or nothing. */
export function thrownBy(action: () => unknown): SitemapError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(SitemapError);
    return error as SitemapError;
  }
  throw new Error('expected a SitemapError, nothing was thrown');
}

/** 1-based line and column (in code points) of the `occurrence`-th (1-based) `needle` in `text`: where an issue about it should point. */
export function positionOfNeedle(text: string, needle: string, occurrence = 1): { line: number; column: number } {
  let index = -1;
  for (let n = 0; n < occurrence; n++) {
    index = text.indexOf(needle, index + 1);
    if (index < 0) throw new Error(`"${needle}" #${occurrence} is not in the text`);
  }
  const before = text.slice(0, index);
  return { line: before.split('\n').length, column: [...before.slice(before.lastIndexOf('\n') + 1)].length + 1 };
}
