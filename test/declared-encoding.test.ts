// Byte-order marks and declared encodings read the same way by every API (issue #22 item 9), as
// XML 1.0 Appendix F says: the mark decides, and a declaration that contradicts it (or declares
// UTF-16 in bytes without one) is INPUT_ENCODING, an error at the declaration's `encoding` (1:21)
// in parse, validate (either profile) and the streams; recover mode reads the document as the
// mark says. Shared: Node and Chromium.

import { describe, expect, it } from 'vitest';
import { parse, parseStream, SitemapError, validate, type Issue } from '../src/index';
import { ENCODING_SHAPES, UNDECODABLE } from './fixtures/encoding-shapes';
import { cut } from './fixtures/stream-helpers';

const at = (issue: Issue | SitemapError) => `${issue.code} ${issue instanceof SitemapError ? 'thrown' : issue.severity} ${issue.line}:${issue.column}`;

function thrown(action: () => unknown): SitemapError {
  try {
    action();
  } catch (error) {
    if (error instanceof SitemapError) return error;
    throw error;
  }
  throw new Error('expected a SitemapError');
}

async function streamed(bytes: Uint8Array, recover: boolean, size: number): Promise<{ locs: string[]; issues: string[]; error?: string }> {
  const stream = parseStream(cut(bytes, () => size), { recover });
  const locs: string[] = [];
  try {
    for await (const entry of stream) locs.push(entry.loc);
  } catch (error) {
    if (!(error instanceof SitemapError)) throw error;
    return { locs, issues: stream.issues.map(at), error: at(error) };
  }
  return { locs, issues: stream.issues.map(at) };
}

describe('declared encodings: one reading in every API', () => {
  for (const { name, bytes, locs, contradiction } of ENCODING_SHAPES) {
    it(`${name}: parse, recover, validate`, () => {
      const recovered = parse(bytes, { recover: true });
      expect(recovered.kind === 'urlset' && recovered.urls.map((url) => url.loc)).toEqual(locs);
      if (contradiction) {
        expect(at(thrown(() => parse(bytes)))).toBe('INPUT_ENCODING thrown 1:21');
        expect(recovered.issues.map(at)).toContain('INPUT_ENCODING error 1:21');
        for (const profile of ['google', 'xsd'] as const) {
          const validated = validate(bytes, { profile });
          expect(validated.valid).toBe(false);
          expect(validated.issues.map(at)).toContain('INPUT_ENCODING error 1:21');
        }
      } else {
        const strict = parse(bytes);
        expect(strict.kind === 'urlset' && strict.urls.map((url) => url.loc)).toEqual(locs);
        expect(recovered.issues.filter((issue) => issue.severity === 'error')).toEqual([]);
      }
    });

    it(`${name}: parseStream gives what parse gives, strict and recover, whatever the chunks`, async () => {
      const parsed = parse(bytes, { recover: true });
      let strictError: string | undefined;
      try {
        parse(bytes);
      } catch (error) {
        strictError = at(error as SitemapError);
      }
      for (const size of [1, 3, 64, bytes.length]) {
        const recovered = await streamed(bytes, true, size);
        expect(recovered.locs, `${size}-byte chunks`).toEqual(locs);
        expect([...recovered.issues].sort(), `${size}-byte chunks`).toEqual(parsed.issues.map(at).sort());
        const strict = await streamed(bytes, false, size);
        expect(strict.error, `${size}-byte chunks`).toBe(strictError);
      }
    });
  }

  it('an encoding this runtime cannot decode, with non-ASCII bytes: INPUT_ENCODING at 1:21 from every API (the stream said 0:0)', async () => {
    expect(at(thrown(() => parse(UNDECODABLE)))).toBe('INPUT_ENCODING thrown 1:21');
    expect(at(thrown(() => parse(UNDECODABLE, { recover: true })))).toBe('INPUT_ENCODING thrown 1:21');
    expect(validate(UNDECODABLE).issues.map(at)).toContain('INPUT_ENCODING error 1:21');
    for (const recover of [false, true]) {
      for (const size of [1, 100, UNDECODABLE.length]) expect((await streamed(UNDECODABLE, recover, size)).error).toBe('INPUT_ENCODING thrown 1:21');
    }
  });
});

// An encoding may read some ASCII bytes as something else: ISO-2022-JP's ESC starts another
// character set (its Japanese is all 7-bit bytes), and the Shift_JIS decoder of some runtimes
// (Node's, ICU's) reads 0x7F as U+001A. parse() decoded only documents with bytes past ASCII, and
// the streams passed ASCII bytes as they were up to the first one past it (fuzz seed 20261133,
// input 142089: 0x7F just before Shift_JIS text).
describe('declared encodings that read ASCII bytes otherwise: parse and the streams read them alike', () => {
  const NS = 'http://www.sitemaps.org/schemas/sitemap/0.9';
  const latin1 = (text: string) => Uint8Array.from(text, (character) => character.charCodeAt(0));

  it('ISO-2022-JP in 7-bit bytes is decoded (ESC $ B … ESC ( B), in parse and every chunking of the stream', async () => {
    const bytes = latin1(`<?xml version="1.0" encoding="ISO-2022-JP"?><urlset xmlns="${NS}"><url><loc>https://example.com/\u001b$BF|K\\\u001b(B</loc></url></urlset>`);
    const parsed = parse(bytes, { recover: true });
    expect(parsed.kind === 'urlset' && parsed.urls.map((url) => url.loc)).toEqual(['https://example.com/日本']);
    expect(parsed.issues.map(at)).toEqual(['INPUT_ENCODING warning 1:21']);
    for (const size of [1, 7, 64, bytes.length]) {
      expect(await streamed(bytes, true, size), `${size}-byte chunks`).toEqual({ locs: ['https://example.com/日本'], issues: ['INPUT_ENCODING warning 1:21'] });
    }
  });

  it('a control byte before Shift_JIS text reads as the runtime\'s decoder reads it, in parse and the stream', async () => {
    const prefix = `<?xml version="1.0" encoding="Shift_JIS"?><urlset xmlns="${NS}"><url><loc>https://example.com/a`;
    const bytes = new Uint8Array([...latin1(prefix), 0x7f, 0x93, 0xfa, ...latin1('</loc></url></urlset>')]);
    const asDecoded = new TextDecoder('shift_jis').decode(new Uint8Array([0x7f, 0x93, 0xfa]));
    const parsed = parse(bytes, { recover: true });
    const locs = parsed.kind === 'urlset' ? parsed.urls.map((url) => url.loc) : [];
    const issues = parsed.issues.map(at);
    // Whatever the runtime makes of 0x7F (U+007F, or U+001A, which XML does not allow), parse
    // and the stream agree; the multibyte character after it is 日 either way.
    expect(asDecoded.endsWith('日')).toBe(true);
    for (const size of [1, 5, 64, bytes.length]) expect(await streamed(bytes, true, size), `${size}-byte chunks`).toEqual({ locs, issues });
  });
});
