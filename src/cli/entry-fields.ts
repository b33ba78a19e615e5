// The columns `ls` can print for an entry (sitemaps.org fields and Google's extensions, SPEC.md §3)
// and the CSV quoting of RFC 4180.

import type { SitemapEntry, SitemapUrl } from '../node';

/**
 * A column of `ls --fields`.
 *
 * @example
 * const fields: EntryField[] = ['loc', 'lastmod'];
 */
export type EntryField = 'loc' | 'lastmod' | 'changefreq' | 'priority' | 'images' | 'videos' | 'news' | 'alternates' | 'extensions' | 'sitemap';

/**
 * Every column `ls` knows, and the default ones for TSV and CSV.
 *
 * @example
 * ENTRY_FIELDS.includes('images'); // true
 */
export const ENTRY_FIELDS: readonly EntryField[] = ['loc', 'lastmod', 'changefreq', 'priority', 'images', 'videos', 'news', 'alternates', 'extensions', 'sitemap'];
/** The columns TSV and CSV print without `--fields`. @example DEFAULT_FIELDS.join(','); // 'loc,lastmod,changefreq,priority' */
export const DEFAULT_FIELDS: readonly EntryField[] = ['loc', 'lastmod', 'changefreq', 'priority'];

type Listed = SitemapEntry & Partial<SitemapUrl> & { sitemap?: string };

/**
 * A field as one cell of text: URLs of images, videos (content, else player) joined by spaces,
 * alternates as `hreflang=href`, the news title, the count of other extension elements.
 *
 * @example
 * fieldText({ loc: 'https://example.com/', images: [{ loc: 'https://example.com/a.png' }] }, 'images'); // 'https://example.com/a.png'
 */
export function fieldText(entry: Listed, field: EntryField): string {
  switch (field) {
    case 'loc': return entry.loc;
    case 'lastmod': return entry.lastmod ?? '';
    case 'changefreq': return entry.changefreq ?? '';
    case 'priority': return entry.priority === undefined ? '' : String(entry.priority);
    case 'images': return entry.images?.map((image) => image.loc).join(' ') ?? '';
    case 'videos': return entry.videos?.map((video) => video.contentLoc ?? video.playerLoc?.loc ?? video.thumbnailLoc).join(' ') ?? '';
    case 'news': return entry.news?.title ?? '';
    case 'alternates': return entry.alternates?.map((alternate) => `${alternate.hreflang}=${alternate.href}`).join(' ') ?? '';
    case 'extensions': return entry.extensions === undefined ? '' : String(entry.extensions.length);
    case 'sitemap': return entry.sitemap ?? '';
  }
}

/**
 * The entry reduced to the chosen fields, for JSON (objects kept whole).
 *
 * @example
 * pickFields({ loc: 'https://example.com/', lastmod: '2024-01-01', priority: 1 }, ['loc', 'lastmod']); // { loc, lastmod }
 */
export function pickFields(entry: Listed, fields: readonly EntryField[] | undefined): object {
  if (fields === undefined) return entry;
  const picked: Record<string, unknown> = {};
  for (const field of fields) {
    const value = (entry as unknown as Record<string, unknown>)[field];
    if (value !== undefined) picked[field] = value;
  }
  return picked;
}

/**
 * One CSV cell: quoted when it holds a comma, a quote or a line break, quotes doubled (RFC 4180).
 *
 * @example
 * csvCell('a,b'); // '"a,b"'
 */
export function csvCell(text: string): string {
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * A TSV cell has no tab or line break: they become spaces.
 *
 * @example
 * tsvCell('a\tb'); // 'a b'
 */
export function tsvCell(text: string): string {
  return /[\t\r\n]/.test(text) ? text.replace(/[\t\r\n]/g, ' ') : text;
}

/**
 * Reads `--fields loc,lastmod,…`, refusing names it does not know.
 *
 * @example
 * readFieldList('loc,images'); // ['loc', 'images']
 */
export function readFieldList(text: string): EntryField[] | string {
  const names = text.split(',').map((name) => name.trim()).filter((name) => name.length > 0);
  const unknown = names.filter((name) => !(ENTRY_FIELDS as readonly string[]).includes(name));
  if (names.length === 0 || unknown.length > 0) return `--fields takes names from ${ENTRY_FIELDS.join(',')}; ${names.length === 0 ? 'got none' : `unknown: ${unknown.join(',')}`}`;
  return names as EntryField[];
}
