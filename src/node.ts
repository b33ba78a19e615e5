// `sitemapkit/node`: conveniences that need Node (files, Node streams). Nothing here is loaded
// by the main entry, so browsers never see it.

// Imported for its top level as well as its exports: the Node build's setup (Buffer strings,
// zlib) must run when a program imports only `sitemapkit/node`. Rollup takes the names below
// from the shared chunk, so only this import makes dist/node.js load dist/index.node.js (kept
// there by rollup.config.mjs, and in users' bundles by package.json "sideEffects").
import './index.node';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readFile } from 'node:fs/promises';
import { dirname, isAbsolute, relative, resolve, sep } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { parse, parseSitemap, parseSitemapIndex, parseStream, SitemapError, writeSitemaps } from './index.node';
import type { EntryOfKind, ParseStreamOptions, SitemapEntryStream } from './stream/parse-stream';
import type { SitemapUrlInput } from './write/serialize';
import type { ParseOptions, ParseResult, SitemapIndexResult, SitemapKind, UrlsetResult } from './model/types';
import type { WriteSitemapsOptions, WriteSitemapsResult } from './write/write-sitemaps';

export * from './index.node';

/**
 * Reads and parses a sitemap or sitemap index file (`.xml` or `.xml.gz`; gzip is detected by
 * its bytes, not its name).
 *
 * @example
 * import { parseFile } from 'sitemapkit/node';
 * const result = await parseFile('public/sitemap.xml.gz');
 */
export async function parseFile(path: string, options?: ParseOptions): Promise<ParseResult> {
  return parse(await readFile(path), options);
}

/**
 * Reads and parses a `<urlset>` file.
 *
 * @example
 * const { urls } = await parseSitemapFile('sitemap.xml');
 */
export async function parseSitemapFile(path: string, options?: ParseOptions): Promise<UrlsetResult> {
  return parseSitemap(await readFile(path), options);
}

/**
 * Reads and parses a `<sitemapindex>` file.
 *
 * @example
 * const { sitemaps } = await parseSitemapIndexFile('sitemap_index.xml');
 */
export async function parseSitemapIndexFile(path: string, options?: ParseOptions): Promise<SitemapIndexResult> {
  return parseSitemapIndex(await readFile(path), options);
}

/**
 * Streams a sitemap or sitemap index file of any size (`.xml` or `.xml.gz`, gzip detected by its
 * bytes): `parseStream` over the file, entries with `for await`, flat memory. `maxBytes` defaults
 * to 100 MiB as for `parse`; pass `Infinity` to read files of any size.
 *
 * @example
 * import { parseFileStream } from 'sitemapkit/node';
 * for await (const url of parseFileStream('huge-sitemap.xml.gz', { kind: 'urlset', maxBytes: Infinity })) {
 *   console.log(url.loc);
 * }
 */
export function parseFileStream<Kind extends SitemapKind | undefined = undefined>(path: string, options: ParseStreamOptions<Kind> = {}): SitemapEntryStream<EntryOfKind<Kind>> {
  return parseStream(createReadStream(path, { highWaterMark: 65536 }), options);
}

/**
 * Options of {@link writeSitemapsToDirectory}: those of `writeSitemaps`, with a directory in place
 * of `destination`.
 *
 * @example
 * const options: WriteSitemapsToDirectoryOptions = { directory: 'public', baseUrl: 'https://example.com/', gzip: true };
 */
export interface WriteSitemapsToDirectoryOptions extends Omit<WriteSitemapsOptions, 'destination'> {
  /** Where the files go (made if missing). File names with `/` make subdirectories; none may leave it. */
  directory: string;
}

/** The path of `fileName` inside `directory`, refusing names that would leave it. */
function fileInside(directory: string, fileName: string): string {
  const path = resolve(directory, fileName);
  const inside = relative(directory, path);
  if (inside === '' || inside.startsWith('..' + sep) || inside === '..' || isAbsolute(inside)) {
    throw new SitemapError('INPUT_INVALID_OPTION', `The file name "${fileName}" would be written outside ${directory}`);
  }
  return path;
}

/**
 * `writeSitemaps` into a directory: sitemap files split at 50,000 URLs / 52,428,800 bytes
 * (exactly), then the index, written as they are made (flat memory), each file complete on disk
 * when the promise resolves.
 *
 * @example
 * import { writeSitemapsToDirectory } from 'sitemapkit/node';
 * const { index, sitemaps } = await writeSitemapsToDirectory(db.products.stream(), {
 *   directory: 'public',
 *   baseUrl: 'https://example.com/',
 *   gzip: true,
 * });
 * console.log(`${sitemaps.length} files; submit ${index.loc}`);
 */
export async function writeSitemapsToDirectory(entries: Iterable<SitemapUrlInput> | AsyncIterable<SitemapUrlInput>, options: WriteSitemapsToDirectoryOptions): Promise<WriteSitemapsResult> {
  const { directory, ...rest } = options ?? ({} as WriteSitemapsToDirectoryOptions);
  if (typeof directory !== 'string' || directory.length === 0) throw new SitemapError('INPUT_INVALID_OPTION', 'directory must be a path');
  const root = resolve(directory);
  await mkdir(root, { recursive: true });
  return writeSitemaps(entries, {
    ...rest,
    destination: async (fileName) => {
      const path = fileInside(root, fileName);
      await mkdir(dirname(path), { recursive: true });
      return toWebWritable(createWriteStream(path));
    },
  });
}

/**
 * A Node `Writable` (a file, an HTTP response, an upload) as a Web `WritableStream` of bytes, for
 * `writeSitemaps`'s `destination` or `pipeTo`; closing it ends the Writable and waits until it
 * has finished.
 *
 * @example
 * import { createWriteStream } from 'node:fs';
 * await writeSitemaps(urls, { baseUrl, destination: (name) => toWebWritable(createWriteStream(`out/${name}`)) });
 * await urls.pipeThrough(new SitemapSerializerStream()).pipeTo(toWebWritable(response));
 */
export function toWebWritable(writable: Writable | NodeJS.WritableStream): WritableStream<Uint8Array> {
  return Writable.toWeb(writable as Writable) as WritableStream<Uint8Array>;
}

/**
 * A Node `Readable` of bytes (a file, an HTTP request) as a Web `ReadableStream`, for
 * `pipeThrough(new SitemapParserStream())`. (`parseStream` takes Node streams as they are.)
 *
 * @example
 * import { createReadStream } from 'node:fs';
 * const entries = toWebReadable(createReadStream('sitemap.xml')).pipeThrough(new SitemapParserStream());
 */
export function toWebReadable(readable: Readable | NodeJS.ReadableStream): ReadableStream<Uint8Array> {
  return Readable.toWeb(readable as Readable) as unknown as ReadableStream<Uint8Array>;
}

/**
 * A Web `ReadableStream` (what `SitemapSerializerStream` gives) as a Node `Readable`, for
 * `pipeline()` or `response.pipe()`.
 *
 * @example
 * import { pipeline } from 'node:stream/promises';
 * await pipeline(toNodeReadable(urls.pipeThrough(new SitemapSerializerStream({ gzip: true }))), response);
 */
export function toNodeReadable(readable: ReadableStream<Uint8Array>): Readable {
  return Readable.fromWeb(readable as Parameters<typeof Readable.fromWeb>[0]);
}
