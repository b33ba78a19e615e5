// Differential test of the WebAssembly escaper (assembly/escape.ts) against a tiny pure-TS
// reference written from XML 1.0 §2.2 (Char) and RFC 3629 (UTF-8), in both builds (SIMD, scalar).

import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadBuildForTesting, type Core } from '../src/core/wasm';

type Outcome = { ok: true; text: string } | { ok: false; error: 'character' | 'utf8'; offset: number };

const CHARACTER_ERROR = -1;
const UTF8_ERROR = -2;

/**
 * The reference: decode one code point at a time (by value ranges, unlike the core's byte
 * tables), then escape it. Markers map to template bytes, at most `budget` of them.
 */
function referenceEscape(bytes: Uint8Array, attribute: boolean, templates: Map<number, string> = new Map(), budget = 0): Outcome {
  let text = '';
  let left = budget;
  for (let i = 0; i < bytes.length;) {
    const lead = bytes[i]!;
    const length = lead < 0x80 ? 1 : lead >= 0xc0 && lead < 0xe0 ? 2 : lead >= 0xe0 && lead < 0xf0 ? 3 : lead >= 0xf0 && lead < 0xf8 ? 4 : 0;
    if (length === 0 || i + length > bytes.length) return { ok: false, error: 'utf8', offset: i };
    let codePoint = length === 1 ? lead : lead & (0xff >> (length + 1));
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k]!;
      if (next >> 6 !== 2) return { ok: false, error: 'utf8', offset: i };
      codePoint = (codePoint << 6) | (next & 0x3f);
    }
    const shortest = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
    if (shortest !== length || (codePoint >= 0xd800 && codePoint <= 0xdfff) || codePoint > 0x10ffff) return { ok: false, error: 'utf8', offset: i };
    const character = String.fromCodePoint(codePoint);
    if (codePoint < 0x20 && codePoint !== 0x09 && codePoint !== 0x0a && codePoint !== 0x0d) {
      const template = templates.get(codePoint);
      if (template === undefined || left === 0) return { ok: false, error: 'character', offset: i };
      left--;
      text += template;
    } else if (codePoint === 0xfffe || codePoint === 0xffff) {
      return { ok: false, error: 'character', offset: i };
    } else {
      const escaped: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;', '\r': '&#13;' };
      if (attribute) Object.assign(escaped, { '\t': '&#9;', '\n': '&#10;' });
      text += escaped[character] ?? character;
    }
    i += length;
  }
  return { ok: true, text };
}

function coreEscape(core: Core, bytes: Uint8Array, attribute: boolean, templates: Map<number, string> = new Map(), budget = 0): Outcome {
  const exports = core.exports;
  exports.escapeClearTemplates();
  if (templates.size > 0) {
    const joined = [...templates.values()].join('');
    const encoded = new TextEncoder().encode(joined);
    const pointer = exports.escapeReserve(encoded.length);
    core.u8.set(encoded, pointer);
    let offset = 0;
    for (const [marker, template] of templates) {
      const length = new TextEncoder().encode(template).length;
      expect(exports.escapeDefineTemplate(marker, offset, length)).toBe(0);
      offset += length;
    }
  }
  const pointer = exports.escapeReserve(bytes.length);
  core.u8.set(bytes, pointer);
  const result = attribute ? exports.escapeAttribute(bytes.length, budget) : exports.escapeText(bytes.length, budget);
  if (result < 0) {
    expect([CHARACTER_ERROR, UTF8_ERROR]).toContain(result);
    return { ok: false, error: result === CHARACTER_ERROR ? 'character' : 'utf8', offset: exports.escapeErrorOffset() };
  }
  const output = exports.escapeOutputPointer();
  // ignoreBOM: a U+FEFF that starts the output is content, not a byte-order mark to drop.
  return { ok: true, text: new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(core.u8.slice(output, output + result)) };
}

const encode = (text: string) => new TextEncoder().encode(text);

/** Strings full of what an escaper can get wrong, long enough to cross 8- and 16-byte blocks. */
const hostilePiece = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.constantFrom('&', '<', '>', '"', "'", ']]>', '&amp;', '\t', '\n', '\r', '\r\n', '\u0000', '\u0001', '\u001f', '\u007f',
    '\u0085', '\ufffd', '\ufffe', '\uffff', '\ud7ff', '\ue000', 'é', '東京', '😀', 'a'.repeat(15), 'b'.repeat(16), 'c'.repeat(17)),
);
const hostileString = fc.array(hostilePiece, { maxLength: 24 }).map((pieces) => pieces.join(''));

const builds = ['simd', 'scalar'] as const;

afterAll(() => {
  // Leave the build the loader would pick (SIMD where it compiles) for what runs next here.
  try {
    loadBuildForTesting('simd');
  } catch {
    loadBuildForTesting('scalar');
  }
});

describe.each(builds)('escaper (%s build)', (build) => {
  // One instance per build: compiling a module per property run would take minutes.
  let instance: Core;
  beforeAll(() => {
    instance = loadBuildForTesting(build);
  });
  const core = (): Core => instance;

  it('loads the build it asked for', () => {
    expect(core().simd).toBe(build === 'simd');
  });

  it('escapes the five predefined entities, and CR, in text', () => {
    expect(coreEscape(core(), encode(`a&b<c>d"e'f]]>g\rh\ti\nj`), false)).toEqual({ ok: true, text: 'a&amp;b&lt;c&gt;d&quot;e&apos;f]]&gt;g&#13;h\ti\nj' });
  });

  it('also writes tab, newline and CR as character references in attributes', () => {
    expect(coreEscape(core(), encode('x\ty\nz\r"'), true)).toEqual({ ok: true, text: 'x&#9;y&#10;z&#13;&quot;' });
  });

  it('copies non-ASCII and long safe runs unchanged', () => {
    const text = 'https://example.com/' + 'münchen/東京/😀/'.repeat(20) + 'x'.repeat(100);
    expect(coreEscape(core(), encode(text), false)).toEqual({ ok: true, text });
  });

  it('reports a forbidden character with its byte offset', () => {
    expect(coreEscape(core(), encode('abcdefghijklmnopqrstuvwxyz\u0001'), false)).toEqual({ ok: false, error: 'character', offset: 26 });
    expect(coreEscape(core(), encode('é\uffff'), true)).toEqual({ ok: false, error: 'character', offset: 2 });
    expect(coreEscape(core(), new Uint8Array([0x41, 0x00]), false)).toEqual({ ok: false, error: 'character', offset: 1 });
  });

  it('rejects ill-formed UTF-8: overlong, surrogate, truncated, above U+10FFFF', () => {
    for (const bytes of [[0xc0, 0xaf], [0xe0, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80], [0xf8], [0x80]]) {
      expect(coreEscape(core(), new Uint8Array([0x61, ...bytes]), false)).toEqual({ ok: false, error: 'utf8', offset: 1 });
    }
  });

  it('counts U+FFFD, the stand-in TextEncoder writes for a lone surrogate', () => {
    const bytes = encode('a\ud800b\ufffd');
    expect(coreEscape(core(), bytes, false).ok).toBe(true);
    expect(core().exports.escapeReplacementCount()).toBe(2);
  });

  it('expands markers into templates, within the budget only', () => {
    const templates = new Map([[1, '<url><loc>'], [2, '</loc></url>']]);
    expect(coreEscape(core(), encode('\u0001a&b\u0002'), false, templates, 2)).toEqual({ ok: true, text: '<url><loc>a&amp;b</loc></url>' });
    // A third marker (one that came from a value) is an error, not a third tag.
    expect(coreEscape(core(), encode('\u0001a\u0001b\u0002'), false, templates, 2)).toEqual({ ok: false, error: 'character', offset: 4 });
    // An undefined marker is an error whatever the budget.
    expect(coreEscape(core(), encode('\u0001a\u0003'), false, templates, 5)).toEqual({ ok: false, error: 'character', offset: 2 });
  });

  it('refuses to define a template for NUL, tab, newline or CR', () => {
    const exports = core().exports;
    const pointer = exports.escapeReserve(4);
    core().u8.set(encode('<a/>'), pointer);
    for (const marker of [0, 9, 10, 13, 32]) expect(exports.escapeDefineTemplate(marker, 0, 4)).toBe(-1);
    expect(exports.escapeDefineTemplate(1, 0, 4)).toBe(0);
  });

  it('agrees with the reference on hostile strings (text and attribute)', () => {
    fc.assert(fc.property(hostileString, fc.boolean(), (text, attribute) => {
      const bytes = encode(text);
      expect(coreEscape(core(), bytes, attribute)).toEqual(referenceEscape(bytes, attribute));
    }), { numRuns: 500 });
  });

  it('keeps a U+FEFF at the start of a value (content, not a byte-order mark)', () => {
    for (const attribute of [false, true]) {
      expect(coreEscape(core(), encode('\ufeffa&b'), attribute)).toEqual({ ok: true, text: '\ufeffa&amp;b' });
    }
  });

  it('agrees with the reference on arbitrary bytes, valid UTF-8 or not', () => {
    const bytes = fc.oneof(
      fc.uint8Array({ maxLength: 80 }),
      // Mostly valid text with a few bytes changed: errors deep inside long runs.
      fc.tuple(hostileString, fc.array(fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })), { maxLength: 3 })).map(([text, edits]) => {
        const array = encode(text);
        for (const [at, value] of edits) if (array.length > 0) array[at % array.length] = value;
        return array;
      }),
    );
    fc.assert(fc.property(bytes, fc.boolean(), (input, attribute) => {
      expect(coreEscape(core(), input, attribute)).toEqual(referenceEscape(input, attribute));
    }), { numRuns: 500 });
  });

  it('agrees with the reference when markers and templates are in play', () => {
    const marker = fc.constantFrom(1, 2, 3, 8, 11, 31);
    const templates = fc.uniqueArray(fc.tuple(marker, fc.string({ unit: 'binary-ascii', minLength: 1, maxLength: 40 })), { selector: ([code]) => code, maxLength: 4 });
    const input = fc.array(fc.oneof(hostilePiece, marker.map((code) => String.fromCharCode(code))), { maxLength: 20 }).map((parts) => parts.join(''));
    fc.assert(fc.property(templates, input, fc.integer({ min: 0, max: 8 }), fc.boolean(), (pairs, text, budget, attribute) => {
      const map = new Map(pairs);
      const bytes = encode(text);
      expect(coreEscape(core(), bytes, attribute, map, budget)).toEqual(referenceEscape(bytes, attribute, map, budget));
    }), { numRuns: 300 });
  });
});
