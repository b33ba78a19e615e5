// The program every runtime runs against the packed package (issue #20 §2): parse, validate, a
// stream read in small chunks, and serialize with gzip, both at once and as a stream, read back.
// test/runtimes.node.test.ts runs it in Node (ESM and CJS), Deno, Bun and workerd;
// test/package-browser.node.test.ts in a Chromium page and a module worker. Only web APIs inside.

import { smokeSitemap } from './packed-package';

/** The body of `exercise(sitemapkit, xml)`, the same text for the ES module and the CommonJS one. */
const exerciseBody = `
  const { parse, validate, parseStream, serializeSitemap, gzip, isGzip, SitemapSerializerStream, SitemapError } = sitemapkit;
  const parsed = parse(xml);
  const validated = validate(xml);

  // A stream of 16-byte chunks: entries and characters are cut anywhere.
  const bytes = new TextEncoder().encode(xml);
  const chunks = new ReadableStream({
    start(controller) {
      for (let i = 0; i < bytes.length; i += 16) controller.enqueue(bytes.slice(i, i + 16));
      controller.close();
    },
  });
  const streamedLocs = [];
  for await (const url of parseStream(chunks)) streamedLocs.push(url.loc);

  // Serialize with gzip at once, and as a stream, and read both back.
  const gzipped = gzip(serializeSitemap(parsed.urls));
  const entries = new ReadableStream({
    start(controller) {
      for (const url of parsed.urls) controller.enqueue(url);
      controller.close();
    },
  });
  const gzipStream = entries.pipeThrough(new SitemapSerializerStream({ gzip: true }));
  const gzipStreamLocs = [];
  for await (const url of parseStream(gzipStream)) gzipStreamLocs.push(url.loc);

  let strictError;
  try { parse('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>'); } catch (error) { strictError = error; }
  return {
    kind: parsed.kind,
    locs: parsed.urls.map((url) => url.loc),
    lastmods: parsed.urls.map((url) => url.lastmod ?? null),
    valid: validated.valid,
    issueCodes: validated.issues.map((issue) => issue.code),
    streamedLocs,
    gzipIsGzip: isGzip(gzipped),
    gzipLocs: parse(gzipped).urls.map((url) => url.loc),
    gzipStreamLocs,
    strictErrorIsSitemapError: strictError instanceof SitemapError,
    strictErrorName: strictError && strictError.name,
    strictErrorCode: strictError && strictError.code,
    strictErrorLine: strictError && strictError.line,
  };
`;

/** `exercise.mjs`: `export async function exercise(sitemapkit, xml)`. */
export const exerciseModule = `export async function exercise(sitemapkit, xml) {${exerciseBody}}\n`;

/** `exercise.cjs`: the same function for `require`. */
export const exerciseCommonJs = `async function exercise(sitemapkit, xml) {${exerciseBody}}\nmodule.exports = { exercise };\n`;

/** `smoke-sitemap.mjs` / `.cjs`: the document, as a module (a Worker has no files to read). */
export const smokeSitemapModule = `export const xml = ${JSON.stringify(smokeSitemap)};\n`;
export const smokeSitemapCommonJs = `module.exports = { xml: ${JSON.stringify(smokeSitemap)} };\n`;

/** What `exercise` returns in every runtime. */
export interface ExerciseReport {
  kind: string;
  locs: string[];
  lastmods: (string | null)[];
  valid: boolean;
  issueCodes: string[];
  streamedLocs: string[];
  gzipIsGzip: boolean;
  gzipLocs: string[];
  gzipStreamLocs: string[];
  strictErrorIsSitemapError: boolean;
  strictErrorName: string;
  strictErrorCode: string;
  strictErrorLine: number;
}

const smokeLocs = ['https://example.com/', 'https://example.com/docs/', 'https://example.com/search?q=sitemap&page=2'];

/** The report every runtime must give for smokeSitemap: the same answer everywhere. */
export const expectedExerciseReport: ExerciseReport = {
  kind: 'urlset',
  locs: smokeLocs,
  lastmods: ['2026-11-01', null, null],
  valid: true,
  issueCodes: [],
  streamedLocs: smokeLocs,
  gzipIsGzip: true,
  gzipLocs: smokeLocs,
  gzipStreamLocs: smokeLocs,
  strictErrorIsSitemapError: true,
  strictErrorName: 'SitemapError',
  strictErrorCode: 'XML_UNCLOSED_ELEMENT',
  strictErrorLine: 1,
};
