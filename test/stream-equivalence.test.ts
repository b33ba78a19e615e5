// Property: parseStream gives what parse gives, whatever the chunks (issue #22 items 4-9), on the
// shapes those items touched: declared encodings and byte-order marks, damaged, padded and
// concatenated gzip (with either streaming gunzip), gzip of those documents, and documents whose
// bulk is one construct. The same entries and issues (code, severity, line, column) in recover
// mode; the same error (code, line, column) in strict mode. Shared: Node and Chromium.

import fc from 'fast-check';
import { gzipSync } from 'fflate';
import { afterEach, describe, expect, it } from 'vitest';
import { parse, parseStream, SitemapError, type Issue } from '../src/index';
import { chooseStreamingGunzipForTesting } from '../src/input/gzip';
import { ENCODING_SHAPES, UNDECODABLE } from './fixtures/encoding-shapes';
import { damagedShapes, intactTwoMembers } from './fixtures/gzip-damage';

afterEach(() => chooseStreamingGunzipForTesting('auto'));

const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
const encoder = new TextEncoder();

const SHAPES: { name: string; bytes: Uint8Array }[] = [
  ...ENCODING_SHAPES.map(({ name, bytes }) => ({ name, bytes })),
  ...ENCODING_SHAPES.map(({ name, bytes }) => ({ name: `gzip of ${name}`, bytes: gzipSync(bytes, { mtime: 0 }) })),
  { name: 'an undecodable declared encoding', bytes: UNDECODABLE },
  ...damagedShapes(40).map(({ name, bytes }) => ({ name, bytes })),
  { name: 'two intact gzip members', bytes: intactTwoMembers(40).bytes },
  { name: 'a long CDATA section', bytes: encoder.encode(`<urlset xmlns="${NS}"><url><loc><![CDATA[https://example.com/${'a'.repeat(20000)}]]></loc></url></urlset>`) },
  { name: 'a long comment before the root', bytes: encoder.encode(`<!--${'-x'.repeat(10000)}--><urlset xmlns="${NS}"><url><loc>https://example.com/</loc></url></urlset>`) },
  { name: 'NUL bytes', bytes: new Uint8Array(5000) },
  // '<!DO' cut by a chunk end could still become a DOCTYPE: a text run waits for the bytes that say it does not.
  { name: 'text with broken <! markup, outside the root and inside an element', bytes: encoder.encode(`CT${'<!<!DOCT'.repeat(200)}<urlset xmlns="${NS}"><url><loc>https://example.com/</loc><x>a${'<!DOCT<!-x<!D'.repeat(60)}</x></url></urlset>`) },
];

const at = (issue: Issue) => `${issue.code} ${issue.severity} ${issue.line}:${issue.column}`;

type Outcome = { locs: string[]; issues: string[] } | { error: string };

function parsed(bytes: Uint8Array, recover: boolean): Outcome {
  try {
    const result = parse(bytes, { recover });
    return { locs: result.kind === 'urlset' ? result.urls.map((url) => url.loc) : result.sitemaps.map((entry) => entry.loc), issues: result.issues.map(at).sort() };
  } catch (error) {
    if (!(error instanceof SitemapError)) throw error;
    return { error: `${error.code} ${error.line}:${error.column}` };
  }
}

async function streamed(chunks: Uint8Array[], recover: boolean): Promise<Outcome> {
  const stream = parseStream(chunks, { recover });
  const locs: string[] = [];
  try {
    for await (const entry of stream) locs.push(entry.loc);
  } catch (error) {
    if (!(error instanceof SitemapError)) throw error;
    return { error: `${error.code} ${error.line}:${error.column}` };
  }
  return { locs, issues: stream.issues.map(at).sort() };
}

/** `bytes` cut at the given points (taken modulo its length). */
function cutAt(bytes: Uint8Array, points: number[]): Uint8Array[] {
  const offsets = [...new Set(points.map((point) => point % (bytes.length + 1)))].sort((a, b) => a - b);
  const chunks: Uint8Array[] = [];
  let from = 0;
  for (const offset of [...offsets, bytes.length]) {
    if (offset > from) chunks.push(bytes.subarray(from, offset));
    from = Math.max(from, offset);
  }
  return chunks;
}

describe('parseStream ≡ parse over random chunkings', () => {
  it('on the encoding, gzip and long-construct shapes, strict and recover, either gunzip', async () => {
    await fc.assert(fc.asyncProperty(
      fc.integer({ min: 0, max: SHAPES.length - 1 }),
      fc.array(fc.nat(), { maxLength: 12 }),
      fc.boolean(),
      fc.constantFrom('native' as const, 'portable' as const),
      async (shape, points, recover, gunzip) => {
        const { name, bytes } = SHAPES[shape]!;
        chooseStreamingGunzipForTesting(gunzip);
        expect(await streamed(cutAt(bytes, points), recover), `${name}, recover ${recover}, ${gunzip}`).toEqual(parsed(bytes, recover));
      },
    ), { seed: 2022, numRuns: 200 });
  });
});
