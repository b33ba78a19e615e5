// The serializer's quick checks against the general readers they stand in front of.

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DatetimeFields, DatetimeProblem, readDatetime } from '../src/values/datetime';
import { serializeSitemap } from '../src/write/serialize';
import { loadBuildForTesting } from '../src/core/wasm';
import { isDecimalFromZeroToOne } from '../src/values/xsd-decimal';
import { isCommonLoc, isCommonXsdDate, locProblem, xsdDateProblem } from '../src/values/xsd-values';

const fields = new DatetimeFields();
const xsdAccepts = (value: string) => readDatetime(value, 'xsd', fields) === DatetimeProblem.None;

describe('isCommonXsdDate', () => {
  it('takes the usual shapes, and only what readDatetime takes as xsd:date or xsd:dateTime', () => {
    for (const value of ['2024-05-01', '2024-02-29', '2024-05-01T10:00:00', '2024-05-01T10:00:00Z', '2024-05-01T10:00:00.123', '2024-05-01T10:00:00.123Z', '2024-05-01T10:00:00+02:00', '2024-05-01T10:00:00.999-14:00']) {
      expect(isCommonXsdDate(value), value).toBe(true);
    }
    // Refused here, and left to readDatetime (which takes some of them: 24:00:00, other fractions, long years).
    for (const value of ['2023-02-29', '2024-13-01', '2024-00-10', '0000-01-01', '2024-05-01T24:00:00Z', '2024-05-01T10:60:00Z', '2024-05-01T10:00:00+14:01', '2024-05-01T10:00:00.1Z', '2024-05-01T10:00Z', '2024-05', '12024-05-01', '2024-05-01 10:00:00', '2024-05-01t10:00:00Z', '2024-05-01T10:00:00z']) {
      expect(isCommonXsdDate(value), value).toBe(false);
    }
  });

  it('never takes a value readDatetime refuses (random dates, times and zones, and mutations of them)', () => {
    const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
    const shaped = fc.tuple(digits(4), digits(2), digits(2), digits(2), digits(2), digits(2), fc.constantFrom('', '.000', '.5', '.1234'), fc.constantFrom('', 'Z', '+', '-'), digits(2), digits(2), fc.boolean())
      .map(([y, mo, d, h, mi, s, fraction, zone, zh, zm, dateOnly]) => (dateOnly ? `${y}-${mo}-${d}` : `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${zone === '+' || zone === '-' ? `${zone}${zh}:${zm}` : zone}`));
    const mutated = fc.tuple(shaped, fc.nat(), fc.string({ unit: 'binary', minLength: 1, maxLength: 1 })).map(([value, at, character]) => value.slice(0, at % (value.length + 1)) + character + value.slice((at % (value.length + 1)) + 1));
    fc.assert(fc.property(fc.oneof(shaped, mutated, fc.date({ noInvalidDate: true }).map((date) => date.toISOString())), (value) => {
      if (isCommonXsdDate(value)) expect(xsdAccepts(value), value).toBe(true);
    }), { numRuns: 20_000 });
  });

  it('the serializer (the core date check, then JS for the rest) writes a lastmod exactly when xsdDateProblem passes it, SIMD and scalar', () => {
    const digits = (n: number) => fc.stringMatching(new RegExp(`^[0-9]{${n}}$`));
    const shaped = fc.tuple(digits(4), digits(2), digits(2), digits(2), digits(2), digits(2), fc.constantFrom('', '.000', '.5', '.1234'), fc.constantFrom('', 'Z', '+', '-'), digits(2), digits(2), fc.boolean())
      .map(([y, mo, d, h, mi, s, fraction, zone, zh, zm, dateOnly]) => (dateOnly ? `${y}-${mo}-${d}` : `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${zone === '+' || zone === '-' ? `${zone}${zh}:${zm}` : zone}`));
    const mutated = fc.tuple(shaped, fc.nat(), fc.constantFrom('x', '-', ':', 'T', 'Z', '0', '9', '+', '.', ' ')).map(([value, at, character]) => value.slice(0, at % value.length) + character + value.slice((at % value.length) + 1));
    const cases = fc.sample(fc.oneof(shaped, mutated, fc.date({ noInvalidDate: true, min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59Z') }).map((date) => date.toISOString())), { numRuns: 3000, seed: 11 })
      .filter((value) => value.trim() === value);
    const refused = cases.filter((value) => xsdDateProblem(value) !== '').length;
    expect(refused).toBeGreaterThan(300); // both outcomes are well represented
    expect(cases.length - refused).toBeGreaterThan(300);
    try {
      for (const build of ['simd', 'scalar'] as const) {
        loadBuildForTesting(build);
        for (const lastmod of cases) {
          // Between other entries, so the value sits anywhere in a batch (the core's fast loop and its switch).
          let written = true;
          try {
            serializeSitemap([{ loc: 'https://example.com/a-fairly-long-path/one' }, { loc: 'https://example.com/b', lastmod }, { loc: 'https://example.com/c', lastmod: '2024-05-01' }]);
          } catch {
            written = false;
          }
          expect(written, `${build} ${lastmod}`).toBe(xsdDateProblem(lastmod) === '');
        }
      }
    } finally {
      loadBuildForTesting('simd');
    }
  });

  it('takes every toISOString() of a year 0001 to 9999', () => {
    fc.assert(fc.property(fc.date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T23:59:59.999Z'), noInvalidDate: true }), (date) => {
      expect(isCommonXsdDate(date.toISOString())).toBe(true);
    }), { numRuns: 2000 });
  });
});

describe('isCommonLoc and locProblem', () => {
  it('isCommonLoc takes only what locProblem passes', () => {
    fc.assert(fc.property(fc.oneof(fc.webUrl(), fc.string(), fc.string({ unit: 'grapheme' }).map((tail) => `https://a.b/${tail}`)), (loc) => {
      if (isCommonLoc(loc)) expect(locProblem(loc), loc).toBe('');
    }), { numRuns: 5000 });
    // Characters are code points: an astral character counts once, though it is two UTF-16 units.
    expect(locProblem(`https://a.b/${'😀'.repeat(3)}`)).toBe(''); // 15 characters
    expect(locProblem('http://😀😀😀')).toMatch(/is 10 characters long/); // 13 UTF-16 units
    expect(locProblem(`https://a.b/${'😀'.repeat(2036)}`)).toBe(''); // 2,048 characters in 4,084 UTF-16 units
    expect(locProblem(`https://a.b/${'😀'.repeat(2037)}`)).toMatch(/is 2,049 characters long/);
  });
});

describe('isDecimalFromZeroToOne', () => {
  it('compares the exact decimal', () => {
    for (const text of ['0', '0.0', '-0.0', '+0.5', '1', '1.000', '.5', '0.99999999999999999999', '00.5', '01.0', '1.']) expect(isDecimalFromZeroToOne(text), text).toBe(true);
    for (const text of ['1.0000000000000000001', '-0.1', '2', '10', '-1', '1.1', '001.5']) expect(isDecimalFromZeroToOne(text), text).toBe(false);
  });
});
