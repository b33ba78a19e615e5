// `sitemapkit build [input|-]... --base-url URL --out DIR`: entries from text lists, NDJSON, CSV or
// sitemaps → writeSitemaps (files of at most 50,000 URLs / 52,428,800 bytes plus an index,
// sitemaps.org §"Sitemap index"). Every file is written under a temporary name and all are
// renamed only when the whole build has succeeded: a failed or interrupted build leaves nothing.

import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import { dirname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { Writable } from 'node:stream';
import { LIMITS, SitemapError, writeSitemaps, type SitemapUrlInput, type WriteSitemapsResult } from '../node';
import { byteSize, CliFailure, ExitCode, oneOf, readArguments, wholeNumber } from './command-line';
import { BuildInputError, buildEntries } from './build-input';
import { classifyInput, openInput } from './inputs';
import type { Session } from './session';

/** Thrown into writeSitemaps's loop by Ctrl-C. */
class Interrupted extends Error {}

/**
 * Runs `build`; resolves to the exit code (1 for a bad input line, 2 for usage and I/O).
 *
 * @example
 * process.exitCode = await runBuild(['urls.txt', '--base-url', 'https://example.com/', '--out', 'public'], session);
 */
export async function runBuild(argv: string[], session: Session): Promise<number> {
  const { values, positionals } = readArguments('build', argv, {
    'base-url': { type: 'string' },
    out: { type: 'string', short: 'o' },
    gzip: { type: 'boolean', short: 'z' },
    'max-urls': { type: 'string' },
    'max-bytes': { type: 'string' },
    'index-name': { type: 'string' },
    'file-name': { type: 'string' },
    pretty: { type: 'boolean' },
    'input-format': { type: 'string' },
    format: { type: 'string', short: 'f' },
  });
  const baseUrl = values['base-url'];
  if (baseUrl === undefined) throw new CliFailure('usage', 'build: --base-url is required (the URL the files will be served from, like https://example.com/)');
  let url: URL | undefined;
  try {
    url = new URL(baseUrl);
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== 'http:' && url.protocol !== 'https:')) {
    throw new CliFailure('usage', `build: --base-url takes an absolute http(s) URL, got "${baseUrl}"`);
  }
  if (values.out === undefined) throw new CliFailure('usage', 'build: --out DIR is required (the directory the files go to)');
  const maxUrls = wholeNumber('build', '--max-urls', values['max-urls'], 1, LIMITS.maxUrlsPerSitemap);
  const maxBytes = byteSize('build', '--max-bytes', values['max-bytes'], LIMITS.maxSitemapBytes);
  const form = oneOf('build', '--input-format', values['input-format'], ['auto', 'text', 'ndjson', 'csv', 'sitemap'], 'auto');
  const format = oneOf('build', '--format', values.format, ['text', 'json'], 'text');
  if (values['file-name'] !== undefined && !values['file-name'].includes('{index}')) throw new CliFailure('usage', `build: --file-name must contain {index}, got "${values['file-name']}"`);
  const inputs = (positionals.length === 0 ? ['-'] : positionals).map(classifyInput);
  for (const input of inputs) {
    if (input.kind === 'site') throw new CliFailure('usage', `build: ${input.name} is a site; give a file, a sitemap's URL or - for stdin`);
  }

  const root = resolve(values.out);
  // A directory this build made is removed again when the build writes nothing.
  let madeDirectory: string | undefined;
  try {
    madeDirectory = await mkdir(root, { recursive: true });
  } catch (error) {
    throw new CliFailure('io', `build: cannot make the directory ${values.out} (${(error as Error).message})`);
  }
  const { signal, progress } = session;
  /** Temporary file → final path, in the order written. */
  const pending: [string, string][] = [];
  let entries = 0;

  async function* allEntries(): AsyncGenerator<SitemapUrlInput> {
    for (const input of inputs) {
      const opened = await openInput(input, session);
      for await (const entry of buildEntries(opened, form, session.note)) {
        if (signal.aborted) throw new Interrupted();
        entries++;
        if ((entries & 1023) === 0) progress.update({ label: 'build', bytes: 0, entries, files: pending.length });
        yield entry;
      }
    }
  }

  const destination = async (fileName: string): Promise<WritableStream<Uint8Array>> => {
    const path = resolve(root, fileName);
    const inside = relative(root, path);
    if (inside === '' || inside === '..' || inside.startsWith('..' + sep) || isAbsolute(inside)) {
      throw new CliFailure('usage', `build: the file name "${fileName}" would be written outside ${values.out}`);
    }
    await mkdir(dirname(path), { recursive: true });
    const temporary = join(dirname(path), `.${fileName.split('/').pop()}.${process.pid}.tmp`);
    pending.push([temporary, path]);
    return Writable.toWeb(createWriteStream(temporary)) as WritableStream<Uint8Array>;
  };

  const removeTemporaries = async () => {
    for (const [temporary] of pending) await rm(temporary, { force: true });
    if (madeDirectory !== undefined) await rm(madeDirectory, { recursive: true, force: true });
  };

  let result: WriteSitemapsResult;
  try {
    result = await writeSitemaps(allEntries(), {
      baseUrl,
      destination,
      gzip: values.gzip === true,
      maxUrls,
      maxBytes,
      indexFileName: values['index-name'],
      fileName: values['file-name'],
      pretty: values.pretty === true,
    });
  } catch (error) {
    await removeTemporaries();
    progress.clear();
    if (error instanceof Interrupted || signal.aborted) {
      session.note(`sitemapkit: interrupted after ${entries.toLocaleString('en-US')} entries; nothing was written to ${values.out} (partial files removed)`);
      return ExitCode.Interrupted;
    }
    if (error instanceof BuildInputError) {
      session.note(`sitemapkit: ${error.message}`);
      session.note(`sitemapkit: build stopped; nothing was written to ${values.out}`);
      return ExitCode.Invalid;
    }
    if (error instanceof SitemapError) {
      session.note(`sitemapkit: build: ${error.code} ${error.message}`);
      session.note(`sitemapkit: build stopped; nothing was written to ${values.out}`);
      return error.code === 'INPUT_INVALID_OPTION' ? ExitCode.Trouble : ExitCode.Invalid;
    }
    throw error;
  }
  // Every file is complete: give them their names, the index last (a crawler reading the index
  // mid-way finds only complete files).
  try {
    for (const [temporary, path] of pending) await rename(temporary, path);
  } catch (error) {
    await removeTemporaries();
    throw new CliFailure('io', `build: cannot rename the files into ${values.out} (${(error as Error).message})`);
  }
  progress.clear();
  const { out } = session;
  if (format === 'json') {
    await out.line(JSON.stringify({ directory: values.out, ...result }, null, 2));
  } else {
    for (const file of result.sitemaps) {
      await out.line(`${join(values.out, file.fileName)}\t${file.urls.toLocaleString('en-US')} URLs\t${file.bytes.toLocaleString('en-US')} bytes\tlastmod ${file.lastmod}`);
    }
    await out.line(`${join(values.out, result.index.fileName)}\tindex of ${result.sitemaps.length.toLocaleString('en-US')} files\tsubmit ${result.index.loc}`);
  }
  await out.flush();
  return ExitCode.Valid;
}
