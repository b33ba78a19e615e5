// The value grammars that live once (issue #21): xsd:decimal (src/values/xsd-decimal.ts) as the parser,
// the validator and the serializer read `<priority>`; line and column from a byte offset
// (positionOfByte, src/values/file-limits.ts) wherever one is computed, with a lone CR a line break as
// XML 1.0 §2.11 makes it; the extension schemas' pattern facets (src/values/xsd-values.ts) as the
// serializer and the validator apply them.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseSitemap, serializeSitemap, SITEMAP_NAMESPACE, validate, type ValidateResult } from '../src/index';
import { positionOfByte } from '../src/values/file-limits';
import { encodingDeclarationPosition } from '../src/input/input';
import { decimalValue, isDecimal, isDecimalFromZeroToOne, significantDigits } from '../src/values/xsd-decimal';

const encoder = new TextEncoder();
/** XML Schema 1.0 Part 2 §3.2.3.1, xsd:decimal's lexical representation, as a regular expression. */
const XSD_DECIMAL = /^[+-]?(\d+(\.\d*)?|\.\d+)$/;
const NOW = new Date('2026-11-22T00:00:00Z');

const withPriority = (priority: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}">\n<url><loc>https://example.com/</loc><priority>${priority}</priority></url>\n</urlset>\n`;
const codes = (result: ValidateResult) => result.issues.map((issue) => issue.code);

/** Texts near the grammar's edges, and random ones made of its characters. */
const decimalLike = fc.oneof(
  fc.constantFrom('0', '1', '1.', '.5', '+.5', '-0', '-0.0', '+1.000', '.', '+', '-', '', '1..2', '1.2.3', '1e0', '0x1', 'Infinity', ' 1', '1 ', '١', '0.8', '00001.0000', '1.0000000000000000001', '1'.padEnd(400, '0')),
  fc.stringMatching(/^[+-]?[0-9.]{0,30}$/),
  fc.string({ unit: fc.constantFrom('0', '1', '9', '.', '+', '-', 'e', ' '), maxLength: 12 }),
);

describe('xsd:decimal: one grammar (src/values/xsd-decimal.ts)', () => {
  it('isDecimal is exactly the lexical form of XML Schema §3.2.3.1', () => {
    fc.assert(fc.property(decimalLike, (text) => { expect(isDecimal(text), text).toBe(XSD_DECIMAL.test(text)); }), { numRuns: 5000 });
  });

  it("decimalValue is Number()'s value of a decimal form (Infinity when too large), NaN for any other text", () => {
    fc.assert(fc.property(decimalLike, (text) => {
      const value = decimalValue(text);
      if (XSD_DECIMAL.test(text)) expect(value, text).toBe(Number(text));
      else expect(value, text).toBeNaN();
    }), { numRuns: 5000 });
    expect(decimalValue('1'.padEnd(400, '0'))).toBe(Infinity);
  });

  it('isDecimalFromZeroToOne compares the exact decimal, and significantDigits drops only leading zeros', () => {
    for (const inRange of ['0', '1', '1.', '1.000', '.5', '-0', '-0.000', '+0.25', '0000.99999999999999999999']) expect(isDecimalFromZeroToOne(inRange), inRange).toBe(true);
    for (const outOfRange of ['2', '1.0000000000000000001', '-0.1', '10', '01.5']) expect(isDecimalFromZeroToOne(outOfRange), outOfRange).toBe(false);
    expect(significantDigits('000.0100')).toBe(4);
    expect(significantDigits('-12.5')).toBe(3);
    expect(significantDigits('0')).toBe(0);
  });

  it('parseSitemap keeps a priority exactly when it is a decimal (its value), and says why it left one out', () => {
    for (const text of ['0.8', '1.', '.5', '+0.5', '1.0000000000000000001', 'high', '1e0', '0x1', '1.2.3']) {
      const result = parseSitemap(withPriority(text));
      const url = result.urls[0]!;
      if (XSD_DECIMAL.test(text)) {
        expect(url.priority, text).toBe(Number(text));
        expect(result.issues, text).toEqual([]);
      } else {
        expect(url.priority, text).toBeUndefined();
        expect(result.issues[0], text).toMatchObject({ code: 'SITEMAP_BAD_PRIORITY', message: expect.stringContaining('is not a decimal number') });
      }
    }
    const huge = '1'.padEnd(400, '0');
    expect(parseSitemap(withPriority(huge)).issues[0]).toMatchObject({ code: 'SITEMAP_BAD_PRIORITY', message: expect.stringContaining('is too large to be a number') });
  });

  it('validate and serializeSitemap take the same priorities: a decimal from 0.0 to 1.0 (validate: at most 24 significant digits, as libxml2)', () => {
    const texts = ['0.8', '1.', '.5', '+0.5', '-0', '1.000', '1.0000000000000000001', '2', '-0.1', 'high', '1e0', '.', '0.' + '1'.repeat(24), '0.' + '1'.repeat(25)];
    for (const text of texts) {
      const accepted = XSD_DECIMAL.test(text) && isDecimalFromZeroToOne(text);
      const validated = validate(withPriority(text), { now: NOW });
      const withinLibxml2 = significantDigits(text) <= 24;
      expect(codes(validated).includes('SITEMAP_BAD_PRIORITY'), text).toBe(!(accepted && withinLibxml2));
      let written = true;
      try { serializeSitemap([{ loc: 'https://example.com/', priority: text }]); } catch { written = false; }
      expect(written, text).toBe(accepted);
    }
  });
});

describe('line and column from a byte offset: one count (positionOfByte)', () => {
  it('counts LF, CRLF and a lone CR as one line break each (XML 1.0 §2.11), and columns in characters', () => {
    const bytes = encoder.encode('a\nb\r\nc\rdé€😀x');
    const at = (needle: string) => positionOfByte(bytes, encoder.encode('a\nb\r\nc\rdé€😀x'.slice(0, 'a\nb\r\nc\rdé€😀x'.indexOf(needle))).length);
    expect(at('b')).toEqual([2, 1]);
    expect(at('c')).toEqual([3, 1]);
    expect(at('d')).toEqual([4, 1]);
    expect(at('x')).toEqual([4, 5]);
    expect(positionOfByte(bytes, 1_000)).toEqual([4, 6]); // past the end: the end
  });

  it("validate puts SITEMAP_HTML after lone CRs on the line the tokenizer would count", () => {
    const result = validate('\r\r<!DOCTYPE html>\r<html><body>Not found</body></html>', { now: NOW });
    expect(codes(result)).toEqual(['SITEMAP_HTML']);
    expect([result.issues[0]!.line, result.issues[0]!.column]).toEqual([3, 1]);
  });

  it('the encoding declaration is placed by the same count', () => {
    const declaration = encoder.encode('<?xml version="1.0"\rencoding="ISO-8859-1"?>');
    expect(encodingDeclarationPosition(declaration)).toEqual([2, 1]);
    expect(encodingDeclarationPosition(encoder.encode('<?xml version="1.0"\r\nencoding="ISO-8859-1"?>'))).toEqual([2, 1]);
    expect(encodingDeclarationPosition(encoder.encode('<?xml version="1.0" encoding="latin1"?>'))).toEqual([1, 21]);
  });
});

describe("the extension schemas' pattern facets: one copy (src/values/xsd-values.ts)", () => {
  const newsDocument = (language: string) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="${SITEMAP_NAMESPACE}" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">\n<url><loc>https://example.com/a</loc><news:news><news:publication><news:name>Example</news:name><news:language>${language}</news:language></news:publication><news:publication_date>2026-11-21</news:publication_date><news:title>A</news:title></news:news></url>\n</urlset>\n`;

  it('a news language the serializer refuses is one the validator reports, and the reverse', () => {
    for (const language of ['en', 'zh-cn', 'zh-tw', 'fra', 'EN', 'en-us', 'e', 'engl', 'zh-CN']) {
      let written = true;
      try {
        serializeSitemap([{ loc: 'https://example.com/a', news: { publication: { name: 'Example', language }, publicationDate: '2026-11-21', title: 'A' } }]);
      } catch { written = false; }
      const reported = validate(newsDocument(language), { now: NOW, profile: 'xsd' }).issues.some((issue) => issue.code === 'NEWS_BAD_LANGUAGE' && issue.severity === 'error');
      expect(reported, language).toBe(!written);
    }
  });
});
