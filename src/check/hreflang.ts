// validate's hreflang rules (SPEC.md §3): each `<xhtml:link rel="alternate" hreflang href>` of an
// entry (rel, href as a URL, hreflang as BCP 47 with ISO 639 / ISO 3166 subtags Google knows, and
// xhtml1-strict.xsd's xsd:language), and at the end of the file, reciprocity: each language
// version lists itself and all the others, and each of them links back.

import { SEVERITY } from '../model/codes';
import { XSD_LANGUAGE } from '../model/value-rules';
import type { ExtensionValueSource } from '../read/extensions';
import { COUNTRY_CODE_HINTS, isCountryCode, isLanguageCode, LANGUAGE_CODE_HINTS, twoLetterLanguageCode } from '../values/language-codes';
import { LongKeyMap } from '../values/long-key-map';
import { trimXmlSpace } from '../values/text';
import { collapseWhitespace, comparableUrl, isNormalPlainHttpUrl } from '../values/url-check';
import type { ItemContext } from './extension-issues';
import type { ExtensionValueChecker } from './extension-values';

const GOOGLE_ONLY = SEVERITY.googleOnly;
const BOTH = SEVERITY.both;
const ADVICE = SEVERITY.advice;
/** The hreflang verdicts kept (see hreflangProblem): a file has a few dozen distinct codes; a hostile one cannot grow this past the cap. */
const HREFLANG_VERDICTS_KEPT = 1024;
/** Pages with up to this many alternates have their lists compared whole with each other's; longer ones, their return links only. */
const FULLY_COMPARED_ALTERNATES = 256;
/**
 * BCP 47 (RFC 5646) language tags, case-insensitive: language (2-3 letters with up to three
 * extlangs, or 4-8 letters), script, region, variants, extensions, private use; or private use alone.
 */
const BCP47 = /^(?:(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|[0-9]{3}))?(?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*(?:-[0-9a-wy-z](?:-[a-z0-9]{2,8})+)*(?:-x(?:-[a-z0-9]{1,8})+)?|x(?:-[a-z0-9]{1,8})+)$/i;

/** One `<xhtml:link hreflang>` of an entry, kept for the whole-file reciprocity rules. */
interface AlternateSeen {
  hreflang: string;
  href: string;
  /** comparableUrl(href): what the rules compare (`href` itself, the same string, when it is already normal). */
  key: string;
  line: number;
  column: number;
  path: string;
  /** The number of its entry. */
  entry: number;
}

/** The entries that have alternates: their page and its alternates. */
interface AlternateCluster {
  loc: string;
  /** comparableUrl(loc). */
  key: string;
  alternates: AlternateSeen[];
}

/**
 * The hreflang rules of one document: `check` per alternate, `endEntry` per `<url>`, `finish` once.
 *
 * @example
 * const hreflang = new HreflangRules(values);
 * hreflang.check(context.of(item)); // each alternates item
 * hreflang.endEntry('https://example.com/en');
 * hreflang.finish((loc) => locsOfTheFile.has(loc));
 */
export class HreflangRules {
  #entryAlternates: AlternateSeen[] = [];
  readonly #clusters: AlternateCluster[] = [];
  /** hreflang code → what is wrong with its subtags ('' when nothing): files repeat a few codes thousands of times. */
  readonly #hreflangVerdicts = new Map<string, string>();

  readonly #values: ExtensionValueChecker;

  constructor(values: ExtensionValueChecker) {
    this.#values = values;
  }

  /** The open `<url>` ended; `loc` is its first loc ('' when it had none). */
  endEntry(loc: string): void {
    if (this.#entryAlternates.length === 0) return;
    if (loc !== '') {
      // The page usually lists itself: that alternate's key is the page's.
      let key: string | undefined;
      for (const alternate of this.#entryAlternates) if (alternate.href === loc) { key = alternate.key; break; }
      this.#clusters.push({ loc, key: key ?? comparableUrl(loc), alternates: this.#entryAlternates });
    }
    this.#entryAlternates = [];
  }

  /**
   * The document ended: hreflang reciprocity across the file (`isListed`: is a URL a `<loc>` of
   * this file). URLs are compared as comparableUrl writes them (RFC 3986 §6.2.2):
   * `https://EXAMPLE.com/en` is `https://example.com/en`.
   */
  finish(isListed: (loc: string) => boolean): void {
    const clusters = this.#clusters;
    if (clusters.length === 0) return;
    // The alternates of each page (a page listed twice: the first listing), with a key set per
    // list and an id per distinct set: pages that list the same languages (the usual file) are
    // compared by id, others key by key. Scanning lists inside lists was cubic in the languages of
    // a page: 200 URLs of 200 links took 21 s.
    // Keys a document controls, as long as it likes: LongKeyMap (see long-key-map.ts).
    const byLoc = new LongKeyMap<AlternateSeen[]>();
    for (const cluster of clusters) if (!byLoc.has(cluster.key)) byLoc.set(cluster.key, cluster.alternates);
    const keySets = new Map<AlternateSeen[], Set<string>>();
    const keysOf = (alternates: AlternateSeen[]): Set<string> => {
      let keys = keySets.get(alternates);
      if (keys === undefined) keySets.set(alternates, keys = new Set(alternates.map((alternate) => alternate.key)));
      return keys;
    };
    const setIds = new LongKeyMap<number>();
    const listIds = new Map<AlternateSeen[], number>();
    const idOf = (alternates: AlternateSeen[]): number => {
      let id = listIds.get(alternates);
      if (id === undefined) {
        const signature = [...keysOf(alternates)].sort().join('\n');
        id = setIds.get(signature);
        if (id === undefined) setIds.set(signature, id = setIds.size);
        listIds.set(alternates, id);
      }
      return id;
    };
    for (const cluster of clusters) {
      const own = cluster.alternates;
      const ownKeys = keysOf(own);
      if (!ownKeys.has(cluster.key)) {
        const first = own[0]!;
        this.#values.reportAt('HREFLANG_NO_SELF_REFERENCE', ADVICE, `The alternates of ${cluster.loc} do not list the page itself: each language version lists itself and all the others`, first.line, first.column, first.path, cluster.loc, first.entry);
      }
      for (const alternate of own) {
        if (alternate.key === cluster.key) continue;
        const other = byLoc.get(alternate.key);
        if (other === undefined) {
          // In this file without alternates: it lists nobody. Not in this file: another sitemap may
          // list it. The file's locs are looked up as written, and as comparableUrl writes the href.
          if (isListed(alternate.href) || (alternate.key !== alternate.href && isListed(alternate.key))) {
            this.#values.reportAt('HREFLANG_NO_RETURN_LINK', ADVICE, `${alternate.href} (hreflang "${alternate.hreflang}") is in this sitemap without any alternates, so it does not link back to ${cluster.loc}`, alternate.line, alternate.column, alternate.path, alternate.href, alternate.entry);
          }
          continue;
        }
        if (idOf(other) === idOf(own)) continue; // the same languages: nothing missing
        const otherKeys = keysOf(other);
        if (own.length > FULLY_COMPARED_ALTERNATES) {
          // Only the return link: a list this long, compared whole with each of its pages, would
          // cost its length squared (no site has this many language versions of a page).
          if (!otherKeys.has(cluster.key)) this.#values.reportAt('HREFLANG_NO_RETURN_LINK', ADVICE, `${alternate.href} (hreflang "${alternate.hreflang}") does not link back to ${cluster.loc}: Google ignores hreflang pairs without return links`, alternate.line, alternate.column, alternate.path, alternate.href, alternate.entry);
          continue;
        }
        // What the other page misses of this page's list, but itself: a page that does not list
        // itself is its own HREFLANG_NO_SELF_REFERENCE, not a missing return link of the pages that list it.
        let missing: AlternateSeen[] | undefined;
        let missingKeys: Set<string> | undefined;
        for (const mine of own) {
          if (otherKeys.has(mine.key) || mine.key === alternate.key) continue;
          if (missingKeys === undefined) missingKeys = new Set();
          else if (missingKeys.has(mine.key)) continue;
          missingKeys.add(mine.key);
          (missing ??= []).push(mine);
        }
        if (missing === undefined) continue;
        const back = missingKeys!.has(cluster.key);
        const names = missing.map((mine) => mine.href);
        const message = back
          ? `${alternate.href} (hreflang "${alternate.hreflang}") does not link back to ${cluster.loc}: Google ignores hreflang pairs without return links`
          : `${alternate.href} (hreflang "${alternate.hreflang}") does not list ${names.slice(0, 3).join(', ')}${names.length > 3 ? ` and ${names.length - 3} more` : ''}, which ${cluster.loc} lists: each language version lists all the others`;
        this.#values.reportAt('HREFLANG_NO_RETURN_LINK', ADVICE, message, alternate.line, alternate.column, alternate.path, alternate.href, alternate.entry);
      }
    }
  }

  /** One alternates item (`at` points at it). */
  check(at: ItemContext): void {
    let hreflang: ExtensionValueSource | undefined, href: ExtensionValueSource | undefined, rel: ExtensionValueSource | undefined;
    for (const source of at.item.values) {
      if (source.name === '@hreflang') hreflang ??= source;
      else if (source.name === '@href') href ??= source;
      else if (source.name === '@rel') rel ??= source;
    }
    if (rel === undefined || href === undefined) {
      // xhtml1-strict.xsd requires no attribute of <link>; Google needs rel and href.
      this.#values.reportAt('SITEMAP_EXTENSION_MISSING_TAG', GOOGLE_ONLY, `<${at.itemName}> has no ${rel === undefined ? 'rel' : 'href'} attribute`, at.item.line, at.item.column, at.item.path);
    }
    if (rel !== undefined && trimXmlSpace(rel.raw) !== 'alternate') {
      this.#values.report('SITEMAP_EXTENSION_BAD_VALUE', GOOGLE_ONLY, `<${at.itemName}> rel="${rel.raw}": hreflang links need rel="alternate"`, rel, at.item.path + '/@rel', rel.raw, false);
    }
    // The usual href is plain and already in comparableUrl's form: one regex pass settles both.
    let url = '', key = '';
    if (href !== undefined) {
      url = trimXmlSpace(href.raw);
      const usual = isNormalPlainHttpUrl(url);
      if (!usual || this.#values.xsd) this.#values.checkUrl(href, at);
      key = usual ? url : comparableUrl(url);
    }
    if (hreflang === undefined) return;
    const code = trimXmlSpace(hreflang.raw);
    if (code.toLowerCase() !== 'x-default') {
      if (!BCP47.test(code)) {
        // xhtml1-strict.xsd: hreflang is an xsd:language; BCP 47 is Google's rule.
        const weight = XSD_LANGUAGE.test(collapseWhitespace(hreflang.raw)) ? GOOGLE_ONLY : BOTH;
        this.#values.report('HREFLANG_BAD_CODE', weight, `hreflang "${code}" is not a BCP 47 language code (such as en, en-GB, zh-Hant) or x-default`, hreflang, at.item.path + '/@hreflang', code, false);
      } else {
        const problem = this.hreflangProblem(code);
        // A well-formed code that no ISO list has (`en-EU`): the XSD checks only the form, so a
        // warning where `valid` is the XSD's verdict; Google ignores an annotation whose language
        // or region it does not know, as it does a malformed one.
        if (problem !== '') this.#values.report('HREFLANG_BAD_CODE', GOOGLE_ONLY, `hreflang "${code}": ${problem}`, hreflang, at.item.path + '/@hreflang', code, false);
      }
    }
    if (href !== undefined) {
      this.#entryAlternates.push({ hreflang: code, href: url, key, line: at.item.line, column: at.item.column, path: at.item.path, entry: at.item.entry });
    }
  }

  /**
   * What is wrong with the subtags of a well-formed BCP 47 hreflang ('' when nothing): Google
   * wants an ISO 639-1 language (BCP 47 takes a three-letter ISO 639 code only for a language
   * without one) and, when there is a region of two letters, an ISO 3166-1 alpha-2 code. Scripts,
   * UN M.49 areas (`es-419`) and variants are left to the BCP 47 check.
   */
  private hreflangProblem(code: string): string {
    const known = this.#hreflangVerdicts.get(code);
    if (known !== undefined) return known;
    const subtags = code.split('-');
    const language = subtags[0]!.toLowerCase();
    const problems: string[] = [];
    /** The tag with the likely meant codes ('' when one of the problems has none). */
    let meant = [language, ...subtags.slice(1)];
    if (language.length === 2) {
      if (!isLanguageCode(language)) {
        const hint = LANGUAGE_CODE_HINTS[language];
        problems.push(hint !== undefined ? hint[1] : `${language} is not an ISO 639-1 language code`);
        if (hint !== undefined) meant[0] = hint[0];
        else meant = [];
      }
    } else if (language.length === 3) {
      const twoLetters = twoLetterLanguageCode(language);
      if (twoLetters !== undefined) {
        problems.push(`the language ${language} has the ISO 639-1 code ${twoLetters}, which BCP 47 and Google use`);
        meant[0] = twoLetters;
      } else if (!isLanguageCode(language)) {
        problems.push(`${language} is not an ISO 639 language code`);
        meant = [];
      }
    } else {
      problems.push(language === 'x' ? 'a private-use tag names no language Google knows' : `${language} is not an ISO 639 language code`);
      meant = [];
    }
    // The region follows the language, an extlang (three letters) and a script (four letters).
    for (let i = 1; i < subtags.length; i++) {
      const subtag = subtags[i]!;
      if (subtag.length === 4 || (subtag.length === 3 && !isDigit(subtag.charCodeAt(0)))) continue;
      if (subtag.length === 2) {
        const region = subtag.toUpperCase();
        if (!isCountryCode(region)) {
          const hint = COUNTRY_CODE_HINTS[region];
          problems.push(hint !== undefined ? hint[1] : `${region} is not an ISO 3166-1 alpha-2 country code`);
          if (hint !== undefined && hint[0] !== '' && meant.length > 0) meant[i] = hint[0];
          else meant = [];
        }
      }
      break;
    }
    let problem = problems.join('; ');
    if (problem !== '' && meant.length > 0) problem += ` (did you mean ${meant.join('-')}?)`;
    if (this.#hreflangVerdicts.size >= HREFLANG_VERDICTS_KEPT) this.#hreflangVerdicts.clear();
    this.#hreflangVerdicts.set(code, problem);
    return problem;
  }
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}
