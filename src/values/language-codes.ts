// ISO code lists for validate's extension rules (SPEC.md §3): ISO 639 language codes
// (`news:language`, the language of an hreflang) and ISO 3166-1 alpha-2 country codes (video
// restrictions, the region of an hreflang), packed into strings and read into lookup tables on
// first use, so that importing this module costs nothing and a lookup is one array read.
//
// Source: the lists of the registration authorities as Debian's iso-codes 4.15.0 (2023-04-27)
// carries them (/usr/share/iso-codes/json): ISO 639-2 (Library of Congress, with each language's
// ISO 639-1 code), ISO 639-3 (SIL International) and ISO 3166-1 (ISO 3166 Maintenance Agency,
// the 249 officially assigned codes). test/language-codes.node.test.ts compares every possible
// two- and three-letter code with those files and prints these strings again when they differ.
// Not Intl.DisplayNames at run time: what it knows differs between browsers and ICU versions, and
// it names reserved codes (UK, EU) and withdrawn ones (iw, jw) as if they were assigned.

/**
 * ISO 639-1: 185 two-letter codes, sorted, two letters each. The 184 of the ISO 639-2 table
 * (with `bh`, Bihari languages) and `sh` (Serbo-Croatian), which ISO 639-3 keeps.
 */
const ISO_639_1 =
  'aaabaeafakamanarasavayazbabebgbhbibmbnbobrbscacechcocrcscucvcydadedvdzeeeleneoeseteufafffifjfofrfyga' +
  'gdglgngugvhahehihohrhthuhyhziaidieigiiikioisitiujajvkakgkikjkkklkmknkokrkskukvkwkylalblglilnloltlulv' +
  'mgmhmimkmlmnmrmsmtmynanbndnengnlnnnonrnvnyocojomorospapiplpsptqurmrnrorurwsascsdsesgshsiskslsmsnsosq' +
  'srssstsusvswtatetgthtitktltntotrtstttwtyugukuruzvevivowawoxhyiyozazhzu';

/** The three-letter code of each code in ISO_639_1, in the same order (ISO 639-2/T; `hbs` for `sh`). */
const ISO_639_1_AS_THREE_LETTERS =
  'aarabkaveafrakaamhargaraasmavaaymazebakbelbulbihbisbambenbodbreboscatchechacoscreceschuchvcymdandeu' +
  'divdzoeweellengepospaesteusfasfulfinfijfaofrafrygleglaglggrngujglvhauhebhinhmohrvhathunhyeherinaind' +
  'ileiboiiiipkidoislitaikujpnjavkatkonkikkuakazkalkhmkankorkaukaskurkomcorkirlatltzluglimlinlaolitlub' +
  'lavmlgmahmrimkdmalmonmarmsamltmyanaunobndenepndonldnnonornblnavnyaociojiormoriosspanplipolpusporque' +
  'rohrunronruskinsansrdsndsmesaghbssinslkslvsmosnasomsqisrpsswsotsunsweswatamteltgkthatirtuktgltsnton' +
  'turtsotattwitahuigukrurduzbvenvievolwlnwolxhoyidyorzhazhozul';

/** The 20 ISO 639-2/B (bibliographic) codes that differ from their /T code, each followed by it (`ger` `deu`). */
const ISO_639_2_B = 'albsqiarmhyebaqeusburmyachizhoczecesdutnldfrefrageokatgerdeugreelliceislmacmkdmaomrimaymsaperfasrumronsloslktibbodwelcym';

/**
 * Every three-letter ISO 639 code: ISO 639-3 (7,910 codes, with `mis`, `mul`, `und` and `zxx`)
 * and ISO 639-2, bibliographic and terminology codes (86 more: its collective codes such as
 * `afa` or `bih`, and the /B codes; not the local-use range `qaa`–`qtz`), 7,996 in all.
 *
 * As a bitmap over `aaa`…`zzz` (bit i of byte i >> 3, i = 676 × first + 26 × second + third
 * letter, a = 0), in base64: 2,932 characters, where the codes written out would be 23,988.
 * ISO 639-2 alone would be about 1,500 characters, but Google asks for "an ISO 639 language code
 * (2 or 3 letters)", and ISO 639-3 codes such as `yue` (Cantonese) or `cmn` (Mandarin) are that
 * too: reporting them as unknown would be reporting correct values.
 */
const ISO_639_THREE_LETTER_BITMAP =
  '/+3f/v//v9v7//7a9x88V2+Xe/j/9/9wvwP//8sFhVL5//3////39/////////fj6f///0y0Cn7//3/////3///P/99v9PFwXeef' +
  'FAcg3/0fbskh+P//3///f///f/////////////d/7///7/+/z////b//7f////6/////79////v//3f////+///////3///13///' +
  '///////+///f///f+f//7v///////zu9/cWtLUDsnMFDLAwlQQBQRADA///+n7RCRdaTJIj3e+cXVlV5Dhw3f/Pv/+9dOGUIAAD8' +
  '/7////9+Nz7Hh8//AYEAsAWAAAAAAANQAECSIdD9d//e/l4EAAJkjRnB33sjAAAA323OIuXZ8/5//8+dFEEEhgDRAPDHZV/WmV63' +
  '7e8DAAIAAADAV1pHkmkBLtZ7dN//fwAAAAEEVgMAALAUB1EUGgABAAAQEUkAAGAQAAAAEAAARAQAEIAFEAAABQCAKAQAABDVLRBk' +
  'FyRTtdW/480DAIAAQBAAAAAABBc5Ad3XkSGYpwAABECCAAABBAAAAAIBQABEAACw/u85AAIAAAAEAAAAAAAgAEAEAAAAAgAAABCj' +
  'qgUAAAAABCAEpggEAAiBUAAACDEGQAAAAABAQAf1QxAIBAAAAOC7sxMAgAARAAAAAAAAAAAAAAAA///f7//fz4OiwP/fJ+9f5wMQ' +
  'ILDFgEUlmwPfud8D0EiQAQ7Bt5Ncyziyf/9t+f//fwQIAAEhEnzP/Q+FT0QAAAT//9/W6Bv0N6MNAAAge3kCB4QA8P///wAYBYEA' +
  'AACAELQcIQAAAAAAEEAABAi0/qcMQAAAkSQEbABg8P//d/YYBZ/bbgMAEQAAAEAFNb6CKAQABFHi//8/BQkIBUAAAAAAEAEABAAA' +
  'AAAhAmzjSRSJIMBHkAcAAADMUEAkhUeEQCAQACEAUIgRANHs71Q1DQFpDn3rMwgAIAVAEQAAAFBElknW3afBRpf7ABAACACAAEBF' +
  'AAECAAFAgAACCPjr1zvEnRYAAAwEASAg2aIBAAAAEkQAAAQQ8J2VEwSAAAHQFkAAEPCQYkzSAgFKAEYEgAgAACDAAIAGAAgAAAAA' +
  '8NjvFQIIAAABAAAAABABABAAAAD///9///////9//+/2////////P/f/3////////3////7//////////////f/f3//3/9//////' +
  '/777//////9/////////7///7//r/fv/////9d//v/+/3d//vJgFLP8H8Pv/fwAIAMN9GwbmcvDv/39EIjCfex79/1by/z7f8g6V' +
  '9///R4ABAgAgQFWfip/5bhGHUfj3/3dAAQXRWFwAQAAQBAIAIAqA//////7////////v/7//f/////////ff//f//997////////' +
  '/f+////7///f333///f///f/////////f////3/f/7/vt/9/3//n////9/72f///f/////f/X/9/n/7///9//38CggTfv///1+//' +
  '//f/4p7n//f/dn3F////////3v+/fw+nUQbEl9Bdr6b//f9jXUv///8/IBQAV1HCZfUN8v//30IFxQUAIgB0aRAYBUEAAQYAAAAA' +
  'AFFgBQQBAAAGESAAGAWS8f1nawaVBkft2k2de4MEYkAAFUIAAABUx/lfEM7JRt/3ExEAIAAAAJAAAAAAAAoQAAFAAPDff799vk//' +
  'v0AUhGGw/316BAIASS0UJv/t8a/vPwAAAsfgHny//b379/z3///0/e9B9HcQAAFAf/+33flfBYbv9Tf9HQAAAENxQgBAAAABQxkg' +
  'CAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAP+951fuE10I' +
  'wUAh+hcBgAAAAADw/v+/ACMAIAAACAAAMLXjEAAAABEkFgABAjCCowFQAAGDEUgAAADw39+/EqoQ//hSAIAgAAAAAEAQAgI8ABBC' +
  'EGFf3zEAAAABXAIgAAABAEIBIAAA/3//////L9/ez737p///f0tAEPF96/33///7//9v8XvxP/9/////9///9/3f//3//1f/b4F1' +
  'n/z3///////+/19XZ+9fUBBy//+fFZ8VB33GfaGS9f//f/+////93f//vfbf/z9AmAK/7//n9v58/v9/0D4Ve7j/vv//9v/393P/' +
  '/+7/99f97y+Av8X//v/f///////9//97Bh93//nbXc99Frnqe6AeIAAwAgQkSAQAAEDUBgQAAAQABAAwCQZQAAgAQAAkAAQAENx4' +
  '100PFE/xFmTVSAoAAgBAAAgAAAD89+sfWEhBJKAEABASQCIAEAAAAAAAAAEAAAiAEBC/b5MAAQAAAAAAAADAgC8AAAAAAAAKAAAA' +
  'wIfCAgAAAAH+GAIAEvD/eT8AJQAACAoAAAAAAABAABADAAkgAAABAACDAAAAAAEAAAAAAAAAAAAAAAD////Pfr4REAAAkgFGzfle' +
  'AAEAMBQEURABBPY/MgUEALCAIFV1n33fccx41UP112cUAQAAAAAACPfbH1RgA2gFEIs4ugEAADAAJEQAABACMQIBAADw9f+X17xQ' +
  '1nh6FVAFpITpQQAAAGsZUnRA6SCQYpIAAAJ/7/9/hVP07///8N3HTPVC/P//HwCAwFaMFp/7N33v/7WkrwFEGAFdTkoIUCgw4IAQ' +
  'ICQA////T/4BBogKQBYBABULPgEAABCQaUUCAgHpv78CAAAQ1KfRVJ5E3v2HZrFVINSj2DA9gAAAAEzwEcWEb1AAIlB/v8sHACAQ' +
  'hLJFEAZEAAASAhEA8P/9fwUCFokAAAAIABAMAgAAAACDMAIshAExwAMkAAAAy+Q6BsgE8P//fxYBAYRQB/z//w8BAEAQOAEBHBJA' +
  '4XYWiAMQAAAAAQAAAAAAIiQKQIAAAA==';

/** ISO 3166-1 alpha-2: the 249 officially assigned codes, sorted, two letters each. */
const ISO_3166_1_ALPHA_2 =
  'ADAEAFAGAIALAMAOAQARASATAUAWAXAZBABBBDBEBFBGBHBIBJBLBMBNBOBQBRBSBTBVBWBYBZCACCCDCFCGCHCICKCLCMCNCOCR' +
  'CUCVCWCXCYCZDEDJDKDMDODZECEEEGEHERESETFIFJFKFMFOFRGAGBGDGEGFGGGHGIGLGMGNGPGQGRGSGTGUGWGYHKHMHNHRHTHU' +
  'IDIEILIMINIOIQIRISITJEJMJOJPKEKGKHKIKMKNKPKRKWKYKZLALBLCLILKLRLSLTLULVLYMAMCMDMEMFMGMHMKMLMMMNMOMPMQ' +
  'MRMSMTMUMVMWMXMYMZNANCNENFNGNINLNONPNRNUNZOMPAPEPFPGPHPKPLPMPNPRPSPTPWPYQARERORSRURWSASBSCSDSESGSHSI' +
  'SJSKSLSMSNSOSRSSSTSVSXSYSZTCTDTFTGTHTJTKTLTMTNTOTRTTTVTWTZUAUGUMUSUYUZVAVCVEVGVIVNVUWFWSYEYTZAZMZW';

// ------------------------------------------------------------------------------------------
// Lookups

/** Index of a two-letter code among the 676 pairs of letters from `base` (97: a, 65: A); -1 when it is not two such letters. */
function pairIndex(code: string, base: number): number {
  if (code.length !== 2) return -1;
  const first = code.charCodeAt(0) - base, second = code.charCodeAt(1) - base;
  if (first < 0 || first > 25 || second < 0 || second > 25) return -1;
  return first * 26 + second;
}

/** A 676-entry table of the two-letter codes in `packed`. */
function pairTable(packed: string, base: number): Uint8Array {
  const table = new Uint8Array(676);
  for (let i = 0; i < packed.length; i += 2) table[pairIndex(packed.slice(i, i + 2), base)] = 1;
  return table;
}

let twoLetterLanguages: Uint8Array | null = null;
let threeLetterLanguages: Uint8Array | null = null;
let countries: Uint8Array | null = null;
let twoLetterByThree: Map<string, string> | null = null;

/**
 * Is `code` an ISO 639 language code: an ISO 639-1 code (two letters) or an ISO 639-2 (B or T)
 * or ISO 639-3 code (three letters)? Lowercase only, as the registries write them; callers
 * lowercase a case-insensitive value (an hreflang) first.
 *
 * @example
 * isLanguageCode('en'); // true
 * isLanguageCode('yue'); // true (ISO 639-3)
 * isLanguageCode('jp'); // false (the country code of Japan; Japanese is ja)
 */
export function isLanguageCode(code: string): boolean {
  if (code.length === 2) {
    const index = pairIndex(code, 97);
    return index >= 0 && (twoLetterLanguages ??= pairTable(ISO_639_1, 97))[index] === 1;
  }
  if (code.length !== 3) return false;
  const third = code.charCodeAt(2) - 97;
  const pair = pairIndex(code.slice(0, 2), 97);
  if (pair < 0 || third < 0 || third > 25) return false;
  const bit = pair * 26 + third;
  return ((threeLetterLanguages ??= decodeBase64(ISO_639_THREE_LETTER_BITMAP))[bit >> 3]! >> (bit & 7) & 1) === 1;
}

/**
 * The ISO 639-1 code of a three-letter ISO 639 code that has one (`eng` → `en`, `ger` → `de`),
 * else undefined. BCP 47 (and so hreflang) uses the two-letter code where there is one.
 *
 * @example
 * twoLetterLanguageCode('deu'); // 'de'
 * twoLetterLanguageCode('fil'); // undefined
 */
export function twoLetterLanguageCode(code: string): string | undefined {
  if (twoLetterByThree === null) {
    twoLetterByThree = new Map();
    for (let i = 0; i < ISO_639_1.length / 2; i++) twoLetterByThree.set(ISO_639_1_AS_THREE_LETTERS.slice(3 * i, 3 * i + 3), ISO_639_1.slice(2 * i, 2 * i + 2));
    for (let i = 0; i < ISO_639_2_B.length; i += 6) {
      const twoLetters = twoLetterByThree.get(ISO_639_2_B.slice(i + 3, i + 6));
      if (twoLetters !== undefined) twoLetterByThree.set(ISO_639_2_B.slice(i, i + 3), twoLetters);
    }
  }
  return twoLetterByThree.get(code);
}

/**
 * Is `code` an officially assigned ISO 3166-1 alpha-2 country code? Uppercase only. Reserved
 * codes are not (`UK`, `EU`, `UN`: exceptionally reserved; `YU`, `ZR`: transitionally), nor
 * the user-assigned ones (`XK`, `ZZ`…).
 *
 * @example
 * isCountryCode('GB'); // true
 * isCountryCode('UK'); // false
 */
export function isCountryCode(code: string): boolean {
  const index = pairIndex(code, 65);
  return index >= 0 && (countries ??= pairTable(ISO_3166_1_ALPHA_2, 65))[index] === 1;
}

/** Base64 to bytes (atob is in every runtime sitemapkit supports: browsers, Node 16+, workers). */
function decodeBase64(text: string): Uint8Array {
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

// ------------------------------------------------------------------------------------------
// The well-known mistakes, with the code that was most likely meant. Small on purpose: a code
// is here only when the intended one is not in doubt.

/**
 * Two-letter codes written as languages that are not ISO 639-1 codes: country codes used for
 * their country's language, and the codes ISO 639-1 withdrew for another. `[meant, why]`.
 * Not here: `se` (Northern Sami) and `uk` (Ukrainian), mistakes for Swedish and English that are
 * real codes, so they cannot be told from their right use.
 *
 * @example
 * LANGUAGE_CODE_HINTS.jp; // ['ja', 'JP is the country code of Japan; Japanese is ja']
 */
export const LANGUAGE_CODE_HINTS: Readonly<Record<string, readonly [string, string]>> = {
  jp: ['ja', 'JP is the country code of Japan; Japanese is ja'],
  cz: ['cs', 'CZ is the country code of Czechia; Czech is cs'],
  gr: ['el', 'GR is the country code of Greece; Greek is el'],
  dk: ['da', 'DK is the country code of Denmark; Danish is da'],
  cn: ['zh', 'CN is the country code of China; Chinese is zh'],
  ua: ['uk', 'UA is the country code of Ukraine; Ukrainian is uk'],
  vn: ['vi', 'VN is the country code of Viet Nam; Vietnamese is vi'],
  iw: ['he', 'iw was withdrawn from ISO 639-1; Hebrew is he'],
  ji: ['yi', 'ji was withdrawn from ISO 639-1; Yiddish is yi'],
  jw: ['jv', 'jw was withdrawn from ISO 639-1; Javanese is jv'],
  mo: ['ro', 'mo (Moldavian) was withdrawn from ISO 639-1; Romanian is ro'],
};

/**
 * Two-letter region codes that are not assigned ISO 3166-1 codes but are often written as one.
 * `[meant, why]`; meant is '' where no single country was meant.
 *
 * @example
 * COUNTRY_CODE_HINTS.UK; // ['GB', 'UK is only reserved in ISO 3166-1; the United Kingdom is GB']
 */
export const COUNTRY_CODE_HINTS: Readonly<Record<string, readonly [string, string]>> = {
  UK: ['GB', 'UK is only reserved in ISO 3166-1; the United Kingdom is GB'],
  EU: ['', 'EU is reserved for the European Union, which is not a country: name each country, or give the language alone'],
  EZ: ['', 'EZ is reserved for the eurozone, which is not a country'],
  UN: ['', 'UN is reserved for the United Nations, which is not a country'],
  FX: ['FR', 'FX (metropolitan France) is only reserved in ISO 3166-1; France is FR'],
  BU: ['MM', 'BU (Burma) was replaced by MM (Myanmar)'],
  TP: ['TL', 'TP (East Timor) was replaced by TL (Timor-Leste)'],
  ZR: ['CD', 'ZR (Zaire) was replaced by CD (Democratic Republic of the Congo)'],
};
