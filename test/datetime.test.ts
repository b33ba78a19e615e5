// The lastmod checker (src/values/datetime.ts): the W3C Datetime grammar and XML Schema's
// xsd:date | xsd:dateTime (as libxml2 reads them), real calendar dates, zones, and the instant a
// value denotes (for the future-date rule). SPEC.md §1.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkDatetime } from '../src/index';
import { DatetimeFields, DatetimeProblem, daysInMonth, isInBothGrammars, readDatetime, type DatetimeGrammar } from '../src/values/datetime';

describe('checkDatetime, W3C Datetime (google profile)', () => {
  it('accepts the six forms of the W3C note', () => {
    for (const value of ['1997', '1997-07', '1997-07-16', '1997-07-16T19:20+01:00', '1997-07-16T19:20:30+01:00', '1997-07-16T19:20:30.45+01:00', '1997-07-16T19:20:30Z', '1997-07-16T19:20:30.123456789-05:30']) {
      expect(checkDatetime(value, 'w3c'), value).toMatchObject({ valid: true, reason: '' });
    }
  });

  it('refuses what the note does not have, saying why', () => {
    const cases: Array<[string, string]> = [
      ['1997-07-16T19:20:30', 'time zone'],
      ['1997-07-16T19:20', 'time zone'],
      ['97-07-16', 'not W3C Datetime'],
      ['1997-7-16', 'not W3C Datetime'],
      ['1997-07-16 19:20:30Z', 'not W3C Datetime'],
      ['1997-07-16T19:20:30z', 'not W3C Datetime'],
      ['1997-07-16T19Z', 'not W3C Datetime'],
      ['1997-07-16T19:20:30.Z', 'not W3C Datetime'],
      ['1997-07-16Z', 'not W3C Datetime'],
      ['1997-07-16T19:20:30+0100', 'not W3C Datetime'],
      ['1997-07-16T19:20:30+15:00', 'outside ±14:00'],
      ['July 16, 1997', 'not W3C Datetime'],
      ['', 'not W3C Datetime'],
    ];
    for (const [value, words] of cases) {
      const result = checkDatetime(value, 'w3c');
      expect(result.valid, value).toBe(false);
      expect(result.reason, value).toContain(words);
      expect(result.time).toBeNaN();
    }
  });
});

describe('checkDatetime, xsd:date | xsd:dateTime (xsd profile)', () => {
  it('accepts the XSD forms: optional zone, 24:00:00, long and negative years', () => {
    for (const value of ['2024-05-01', '2024-05-01Z', '2024-05-01-03:00', '2024-05-01T10:00:00', '2024-05-01T10:00:00.5', '2024-05-01T24:00:00', '10000-01-01', '-0044-03-15', '2024-05-01T10:00:00+14:00']) {
      expect(checkDatetime(value, 'xsd').valid, value).toBe(true);
    }
  });

  it('refuses the W3C-only forms and other mistakes', () => {
    for (const value of ['2024', '2024-05', '2024-05-01T10:00Z', '2024-05-01T24:00:01', '01000-01-01', '0000-01-01', '2024-05-01T10:00:00.', '2024-05-01T10:00:00+14:01']) {
      expect(checkDatetime(value, 'xsd').valid, value).toBe(false);
    }
  });
});

describe('the calendar', () => {
  it('knows leap years and month lengths', () => {
    expect([2023, 2024, 1900, 2000].map((year) => daysInMonth(year, 2))).toEqual([28, 29, 28, 29]);
    expect([1, 3, 4, 6, 9, 11, 12].map((month) => daysInMonth(2024, month))).toEqual([31, 31, 30, 30, 30, 30, 31]);
    for (const grammar of ['w3c', 'xsd'] as const) {
      expect(checkDatetime('2024-02-29', grammar).valid).toBe(true);
      expect(checkDatetime('2023-02-29', grammar).reason).toContain('real date');
      expect(checkDatetime('1900-02-29', grammar).valid).toBe(false);
      expect(checkDatetime('2024-06-31', grammar).valid).toBe(false);
      expect(checkDatetime('2024-00-01', grammar).valid).toBe(false);
      expect(checkDatetime('2024-01-00', grammar).valid).toBe(false);
      expect(checkDatetime('2024-05-01T23:59:60Z', grammar).valid).toBe(false);
      expect(checkDatetime('2024-05-01T25:00:00Z', grammar).reason).toContain('hour 00-23');
    }
    expect(checkDatetime('0000', 'w3c').valid).toBe(false);
    expect(checkDatetime('2024-13', 'w3c').valid).toBe(false);
  });

  it('gives the earliest instant a value denotes', () => {
    expect(checkDatetime('2024-05-01T10:00:00+02:00').time).toBe(Date.UTC(2024, 4, 1, 8));
    expect(checkDatetime('2024-05-01T10:00:00.25Z').time).toBe(Date.UTC(2024, 4, 1, 10, 0, 0, 250));
    expect(checkDatetime('2024').time).toBe(Date.UTC(2024, 0, 1) - 14 * 3_600_000); // no zone: the earliest, +14:00
    expect(checkDatetime('0050-01-01', 'xsd').time).toBe(new Date(Date.UTC(2000, 0, 1)).setUTCFullYear(50) - 14 * 3_600_000);
  });
});

describe('white space around the value', () => {
  it('ignores XML white space (space, tab, CR, LF) at the ends, as in an element', () => {
    for (const grammar of ['w3c', 'xsd'] as const) {
      expect(checkDatetime(' \t\r\n2024-01-01 \n', grammar)).toEqual({ valid: true, reason: '', time: Date.UTC(2024, 0, 1) - 14 * 3_600_000 });
    }
  });

  it('keeps other white space, which is part of the value: U+00A0, U+FEFF, U+2003, U+3000 (validate() and xmllint refuse it too)', () => {
    for (const space of ['\u00a0', '\ufeff', '\u2003', '\u3000', '\u2028']) {
      for (const grammar of ['w3c', 'xsd'] as const) {
        for (const value of [`${space}2024-01-01`, `2024-01-01${space}`]) {
          const result = checkDatetime(value, grammar);
          expect(result.valid, `${grammar} ${JSON.stringify(value)}`).toBe(false);
          expect(result.reason).toContain(`"${value}"`);
          expect(result.time).toBeNaN();
        }
      }
    }
  });
});

describe('isInBothGrammars: which accepted values the other grammar must still read (validate()\'s cross-profile warnings)', () => {
  /** Whether `grammar` accepts `value`, and when it does, whether isInBothGrammars says the other does too. */
  function read(value: string, grammar: DatetimeGrammar): { accepted: boolean; both: boolean } {
    const fields = new DatetimeFields();
    const accepted = readDatetime(value, grammar, fields) === DatetimeProblem.None;
    return { accepted, both: accepted && isInBothGrammars(fields) };
  }

  it('says yes for the forms both accept, no for the others', () => {
    for (const value of ['2024-05-01', '0001-01-01', '9999-12-31', '2024-05-01T10:00:00Z', '2024-05-01T23:59:59.999+14:00', '2024-05-01T00:00:00-05:30']) {
      expect(read(value, 'w3c'), value).toEqual({ accepted: true, both: true });
      expect(read(value, 'xsd'), value).toEqual({ accepted: true, both: true });
    }
    for (const value of ['2024', '2024-05', '2024-05-01T10:00Z']) expect(read(value, 'w3c'), value).toEqual({ accepted: true, both: false });
    for (const value of ['2024-05-01T10:00:00', '2024-05-01Z', '2024-05-01+02:00', '-2024-05-01', '10000-01-01', '2024-05-01T24:00:00Z', '2024-05-01T24:00:00']) {
      expect(read(value, 'xsd'), value).toEqual({ accepted: true, both: false });
    }
  });

  it('is exactly "the other grammar accepts it too", for generated values (fast-check)', () => {
    const digits = (length: number) => fc.integer({ min: 0, max: 10 ** length - 1 }).map((n) => String(n).padStart(length, '0'));
    const year = fc.oneof(digits(4), fc.constantFrom('0000', '10000', '99999', '012345'), digits(4).map((y) => '-' + y));
    const zone = fc.oneof(fc.constant(''), fc.constant('Z'), fc.tuple(fc.constantFrom('+', '-'), digits(2), digits(2)).map(([sign, h, m]) => `${sign}${h}:${m}`));
    const time = fc.oneof(
      fc.constant(''),
      fc.tuple(fc.constantFrom('00', '10', '23', '24', '25'), fc.constantFrom('00', '30', '59', '60'), fc.oneof(fc.constant(''), fc.constantFrom(':00', ':59', ':60', ':00.5', ':00.123456'))).map(([h, m, rest]) => `T${h}:${m}${rest}`),
    );
    const value = fc.oneof(
      year,
      fc.tuple(year, fc.constantFrom('01', '02', '12', '13')).map(([y, m]) => `${y}-${m}`),
      fc.tuple(year, fc.constantFrom('01', '02', '04', '12', '13'), fc.constantFrom('01', '28', '29', '30', '31'), time, zone).map(([y, m, d, t, z]) => `${y}-${m}-${d}${t}${z}`),
    );
    fc.assert(fc.property(value, (text) => {
      for (const [grammar, other] of [['w3c', 'xsd'], ['xsd', 'w3c']] as const) {
        const { accepted, both } = read(text, grammar);
        if (!accepted) continue;
        expect(both, `${grammar} ${text}`).toBe(read(text, other).accepted);
      }
    }), { numRuns: 2000 });
  });
});

describe('misuse', () => {
  it('refuses a value that is not a string and an unknown grammar, with SitemapError', () => {
    expect(() => checkDatetime(null as unknown as string)).toThrow(expect.objectContaining({ name: 'SitemapError', code: 'INPUT_TYPE' }));
    expect(() => checkDatetime(new Date() as unknown as string)).toThrow(/as a string, got object/);
    expect(() => checkDatetime('2024-05-01', 'iso' as DatetimeGrammar)).toThrow(expect.objectContaining({ code: 'INPUT_INVALID_OPTION' }));
  });
});
