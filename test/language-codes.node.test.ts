// The ISO code lists of src/values/language-codes.ts against their source, Debian's iso-codes JSON
// (/usr/share/iso-codes/json: ISO 639-2, ISO 639-3, ISO 3166-1), for every possible two- and
// three-letter code, and against Node's ICU (Intl.DisplayNames), which names every listed code
// and, beyond them, only codes that are reserved, withdrawn or retired (a newer ICU that names
// another code fails here: look at it, then add it where it belongs). When the lists change,
// the failure message carries the packed strings to paste into src/values/language-codes.ts.
// Node-only: it reads files of the machine.

import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isCountryCode, isLanguageCode, LANGUAGE_CODE_HINTS, COUNTRY_CODE_HINTS, twoLetterLanguageCode } from '../src/values/language-codes';

const ISO_CODES = '/usr/share/iso-codes/json/';
const haveIsoCodes = existsSync(`${ISO_CODES}iso_639-3.json`);

interface Iso639Entry { alpha_2?: string; alpha_3: string; bibliographic?: string }
interface Iso3166Entry { alpha_2: string }

function read<T>(file: string, key: string): T[] {
  return (JSON.parse(readFileSync(ISO_CODES + file, 'utf8')) as Record<string, T[]>)[key]!;
}

/** Every string of `length` letters from `alphabet`. */
function allCodes(length: number, alphabet: string): string[] {
  let codes = [''];
  for (let i = 0; i < length; i++) codes = codes.flatMap((prefix) => [...alphabet].map((letter) => prefix + letter));
  return codes;
}
const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = LOWER.toUpperCase();

/** What the lists say, and the packed strings src/values/language-codes.ts should have. */
function fromIsoCodes() {
  const iso639_2 = read<Iso639Entry>('iso_639-2.json', '639-2');
  const iso639_3 = read<Iso639Entry>('iso_639-3.json', '639-3');
  const iso3166 = read<Iso3166Entry>('iso_3166-1.json', '3166-1');
  const twoToThree = new Map<string, string>();
  for (const entry of [...iso639_2, ...iso639_3]) if (entry.alpha_2 !== undefined && !twoToThree.has(entry.alpha_2)) twoToThree.set(entry.alpha_2, entry.alpha_3);
  const threeToTwo = new Map<string, string>();
  for (const [two, three] of twoToThree) threeToTwo.set(three, two);
  const three = new Set<string>(iso639_3.map((entry) => entry.alpha_3));
  for (const entry of iso639_2) {
    if (/^[a-z]{3}$/.test(entry.alpha_3)) three.add(entry.alpha_3); // not the range qaa-qtz
    if (entry.bibliographic !== undefined) {
      three.add(entry.bibliographic);
      if (entry.alpha_2 !== undefined) threeToTwo.set(entry.bibliographic, entry.alpha_2);
    }
  }
  const twoLetters = [...twoToThree.keys()].sort();
  const bitmap = new Uint8Array(Math.ceil(26 ** 3 / 8));
  for (const code of three) {
    const bit = (code.charCodeAt(0) - 97) * 676 + (code.charCodeAt(1) - 97) * 26 + (code.charCodeAt(2) - 97);
    bitmap[bit >> 3]! |= 1 << (bit & 7);
  }
  const regions = iso3166.map((entry) => entry.alpha_2).sort();
  const packed = {
    ISO_639_1: twoLetters.join(''),
    ISO_639_1_AS_THREE_LETTERS: twoLetters.map((code) => twoToThree.get(code)).join(''),
    ISO_639_2_B: iso639_2.filter((entry) => entry.bibliographic !== undefined).map((entry) => entry.bibliographic! + entry.alpha_3).sort().join(''),
    ISO_639_THREE_LETTER_BITMAP: Buffer.from(bitmap).toString('base64'),
    ISO_3166_1_ALPHA_2: regions.join(''),
  };
  return { two: new Set(twoLetters), three, threeToTwo, regions: new Set(regions), packed };
}

// `npm test`'s pretest (test/ensure-tools.mjs) installs Debian's iso-codes: never skipped.
describe('src/values/language-codes.ts against iso-codes (/usr/share/iso-codes/json)', () => {
  if (!haveIsoCodes) throw new Error(`${ISO_CODES}iso_639-3.json is missing: run node test/ensure-tools.mjs (apt-get install iso-codes)`);
  const lists = fromIsoCodes();
  const regenerate = () => `if the lists changed, the packed strings are:\n${JSON.stringify(lists.packed, null, 1)}`;

  it('has the counts the header comment gives', () => {
    expect(lists.two.size).toBe(185);
    expect(lists.three.size).toBe(7996);
    expect(lists.regions.size).toBe(249);
  });

  it('knows exactly the ISO 639-1 codes among the 676 two-letter strings', () => {
    const wrong = allCodes(2, LOWER).filter((code) => isLanguageCode(code) !== lists.two.has(code));
    expect(wrong, regenerate()).toEqual([]);
  });

  it('knows exactly the ISO 639-2 (B and T) and ISO 639-3 codes among the 17,576 three-letter strings', () => {
    const wrong = allCodes(3, LOWER).filter((code) => isLanguageCode(code) !== lists.three.has(code));
    expect(wrong, regenerate()).toEqual([]);
  });

  it('maps every three-letter code that has an ISO 639-1 code to it, and no other', () => {
    const wrong = allCodes(3, LOWER).filter((code) => twoLetterLanguageCode(code) !== lists.threeToTwo.get(code));
    expect(wrong, regenerate()).toEqual([]);
    expect(lists.threeToTwo.size).toBe(185 + 20);
  });

  it('knows exactly the assigned ISO 3166-1 alpha-2 codes among the 676 two-letter strings', () => {
    const wrong = allCodes(2, UPPER).filter((code) => isCountryCode(code) !== lists.regions.has(code));
    expect(wrong, regenerate()).toEqual([]);
  });

  it('has hints only for codes that are not in the lists, pointing at codes that are', () => {
    for (const [code, [meant]] of Object.entries(LANGUAGE_CODE_HINTS)) {
      expect(lists.two.has(code), code).toBe(false);
      expect(lists.two.has(meant), meant).toBe(true);
    }
    for (const [code, [meant]] of Object.entries(COUNTRY_CODE_HINTS)) {
      expect(lists.regions.has(code), code).toBe(false);
      if (meant !== '') expect(lists.regions.has(meant), meant).toBe(true);
    }
  });
});

describe('src/values/language-codes.ts against Node\'s ICU (Intl.DisplayNames, full ICU in Node 20)', () => {
  const languageName = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  const regionName = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

  it('ICU names every ISO 639-1 code and every ISO 639-1 equivalent', () => {
    const two = allCodes(2, LOWER).filter(isLanguageCode);
    expect(two).toHaveLength(185);
    expect(two.filter((code) => languageName.of(code) === undefined)).toEqual([]);
    expect(allCodes(3, LOWER).filter((code) => twoLetterLanguageCode(code) !== undefined && languageName.of(code) === undefined)).toEqual([]);
  });

  it('ICU names two-letter languages beyond ISO 639-1 only where ISO 639-1 withdrew the code (the hints name its replacement)', () => {
    const beyond = allCodes(2, LOWER).filter((code) => !isLanguageCode(code) && languageName.of(code) !== undefined);
    // in (Indonesian, now id) has no hint: IN is also India's country code, so what was meant is in doubt.
    expect(beyond.filter((code) => !['in', 'iw', 'ji', 'jw', 'mo'].includes(code))).toEqual([]);
    expect(beyond).toContain('iw');
    for (const code of beyond.filter((code) => code !== 'in')) expect(languageName.of(code)).toBe(languageName.of(LANGUAGE_CODE_HINTS[code]![0]));
  });

  it('ICU names the three-letter codes of the lists, and beyond them only codes ISO 639-3 retired', () => {
    const beyond = allCodes(3, LOWER).filter((code) => !isLanguageCode(code) && languageName.of(code) !== undefined);
    // Retired ISO 639-3 codes that CLDR keeps as aliases (e.g. mol → ro, scc → sr, drw → fa-AF).
    const retired = ['adp', 'ajt', 'blg', 'cls', 'drh', 'drw', 'jaw', 'ktr', 'kxl', 'kzj', 'kzt', 'mol', 'scc', 'scr', 'smd', 'snb', 'tdu', 'tnf'];
    expect(beyond.filter((code) => !retired.includes(code))).toEqual([]);
    expect(allCodes(3, LOWER).filter((code) => isLanguageCode(code) && languageName.of(code) !== undefined).length).toBeGreaterThan(700);
  });

  it('ICU names every assigned region, and beyond them only reserved, user-assigned or withdrawn codes', () => {
    const assigned = allCodes(2, UPPER).filter(isCountryCode);
    expect(assigned).toHaveLength(249);
    expect(assigned.filter((code) => regionName.of(code) === undefined)).toEqual([]);
    const beyond = allCodes(2, UPPER).filter((code) => !isCountryCode(code) && regionName.of(code) !== undefined);
    const exceptionallyReserved = ['AC', 'CP', 'CQ', 'DG', 'EA', 'EU', 'EZ', 'FX', 'IC', 'SU', 'TA', 'UK', 'UN'];
    const transitionallyReserved = ['AN', 'BU', 'CS', 'TP', 'YU', 'ZR'];
    const withdrawn = ['DD', 'DY', 'HV', 'NH', 'RH', 'VD', 'YD']; // ISO 3166-3 former codes, no longer reserved
    const userAssigned = ['QO', 'XA', 'XB', 'XK', 'ZZ'];
    const explained = [...exceptionallyReserved, ...transitionallyReserved, ...withdrawn, ...userAssigned];
    expect(beyond.filter((code) => !explained.includes(code))).toEqual([]);
    expect(beyond).toEqual(expect.arrayContaining(['UK', 'EU']));
    for (const [code, [meant]] of Object.entries(COUNTRY_CODE_HINTS)) if (meant !== '') expect(regionName.of(code), code).toBe(regionName.of(meant));
  });
});
