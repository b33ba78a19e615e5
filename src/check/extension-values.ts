// validate's checks of one extension value by its rows (model/rules.ts, model/value-rules.ts; SPEC.md §3): its
// type (URL, date, yes/no) and each of its facets (length, non-empty, enumeration, pattern, range,
// ISO code lists, age), one generic checker per kind, with the row's codes and weights per
// profile. Nothing here knows an element by name: a new row is checked as it says.

import { DatetimeFields, DatetimeProblem, describeDatetimeProblem, readDatetime } from '../values/datetime';
import { SEVERITY } from '../model/codes';
import type { ExtensionValueSource } from '../read/extensions';
import type { ExtensionValueRule, ValueMessage } from '../model/rules';
import type { ValueFacet } from '../model/value-rules';
import { COUNTRY_CODE_HINTS, isCountryCode, isLanguageCode, LANGUAGE_CODE_HINTS } from '../values/language-codes';
import { isDecimal, trimXmlSpace } from '../values/text';
import { codePointLength, collapseWhitespace, isPlainHttpUrl, isPlainUriReference, isXsdAnyUri, LocFinding, LocScan, scanLoc } from '../values/url-check';
import { isXsdInteger } from '../values/xsd-values';
import { ExtensionIssues, searchConsoleNote, type AddIssue, type ItemContext } from './extension-issues';

const YES_NO_XSD = new Set(['yes', 'Yes', 'YES', 'no', 'No', 'NO']);

/** What a value's type asks of its text (a number, for a quick branch). */
export const enum ValueKind {
  Other,
  Url,
  Date,
  YesNo,
}

/**
 * A value's two rows as the checker reads them, one class for every value: the rows come in many
 * shapes (their optional fields), and reading them per value made V8's property loads
 * megamorphic (as extension-writer.ts's NodeMarkup, and for the same reason).
 *
 * @example
 * const check = new ValueCheck(row, VALUE_FACETS.get('videos/title'));
 */
export class ValueCheck {
  readonly kind: ValueKind;
  readonly facets: readonly ValueFacet[];

  constructor(readonly rule: ExtensionValueRule, facets: readonly ValueFacet[] | undefined) {
    this.kind = rule.input === 'url' ? ValueKind.Url : rule.input === 'date' ? ValueKind.Date : rule.type === 'yesno' ? ValueKind.YesNo : ValueKind.Other;
    this.facets = facets ?? [];
  }
}

/**
 * Checks values against their rows, reporting in its profile (it is the validator's issue sink too).
 *
 * @example
 * const values = new ExtensionValueChecker('google', Date.now(), (issue) => issues.push(issue));
 * values.check(source, new ValueCheck(row, VALUE_FACETS.get('videos/' + source.name)), context); // one value of the item `context` points at
 */
export class ExtensionValueChecker extends ExtensionIssues {
  readonly #datetime = new DatetimeFields();
  readonly #scan = new LocScan();

  constructor(profile: 'google' | 'xsd', private readonly nowTime: number, addIssue: AddIssue) {
    super(profile, addIssue);
  }

  /** One value: its type and deprecation (its row in rules.ts), then its facets (its row in value-rules.ts) in order up to the first it breaks. */
  check(source: ExtensionValueSource, value: ValueCheck, at: ItemContext): void {
    const kind = value.kind;
    if (kind === ValueKind.Url) this.checkUrl(source, at);
    else if (kind === ValueKind.Date && !this.checkDate(source, at)) return;
    else if (kind === ValueKind.YesNo) this.checkYesNo(source, at);
    const deprecated = value.rule.deprecated;
    if (deprecated !== undefined && !this.xsd) {
      this.report(deprecated.code, SEVERITY.advice, `<${at.qualified(source.name)}> is deprecated since ${deprecated.since}: Google ignores it`, source, at.pathOf(source.name), undefined, false);
    }
    const facets = value.facets;
    for (let i = 0; i < facets.length; i++) if (!this.checkFacet(facets[i]!, source, at)) return;
  }

  /** True when the value keeps to the facet (or the facet does not apply to it). */
  private checkFacet(facet: ValueFacet, source: ExtensionValueSource, at: ItemContext): boolean {
    switch (facet.kind) {
      case 'notEmpty': {
        // As good as missing to Google; the XSDs type these xsd:string, which takes ''.
        if (trimXmlSpace(source.raw) !== '') return true;
        this.report(facet.code, facet.severity, `<${at.qualified(source.name)}> is empty: Google requires a value${searchConsoleNote(facet.code)}`, source, at.pathOf(source.name), undefined, false);
        return false;
      }
      case 'length': {
        // Text lengths in characters: the XSD counts the raw xsd:string, Google the trimmed text.
        const length = codePointLength(this.xsd ? source.raw : trimXmlSpace(source.raw));
        if (length <= facet.max) return true;
        this.report(facet.code, facet.severity, `<${at.qualified(source.name)}> is ${length.toLocaleString('en-US')} characters long; the limit is ${facet.max.toLocaleString('en-US')}`, source, at.pathOf(source.name));
        return false;
      }
      case 'enum': {
        if (facet.values.includes(this.xsd ? source.raw : trimXmlSpace(source.raw))) return true;
        this.report(facet.code, facet.severity, `${at.describe(source.name)} "${source.raw}" is not one of ${[...new Set(facet.values.map((word) => word.toLowerCase()))].join(', ')}`, source, at.pathOf(source.name), source.raw);
        return false;
      }
      case 'pattern': {
        // An XSD pattern on an xsd:string: white space counts in the `xsd` profile, Google trims.
        if (facet.pattern.test(this.xsd ? source.raw : trimXmlSpace(source.raw))) return true;
        this.report(facet.code, facet.severity, `${at.describe(source.name)} "${source.raw}" is not ${facet.expected}`, source, at.pathOf(source.name), source.raw);
        return false;
      }
      case 'range': {
        const value = trimXmlSpace(source.raw);
        if (!isDecimal(value)) return false; // the parser's SITEMAP_EXTENSION_BAD_VALUE
        const number = Number(value);
        if ((!facet.integer || isXsdInteger(value)) && number >= facet.min && number <= facet.max) return true;
        this.report(facet.code, facet.severity, messageFor(facet.message, source, at, value), source, at.pathOf(source.name), value);
        return false;
      }
      case 'isoCodes':
        return facet.list === 'countries' ? this.checkCountries(facet, source, at) : this.checkLanguage(facet, source, at);
      case 'recent': {
        // After the date check, which left the date's fields in `datetime`.
        if (this.#datetime.earliestTime() >= this.nowTime - facet.maxAgeMs) return true;
        const value = trimXmlSpace(source.raw);
        this.report(facet.code, facet.severity, messageFor(facet.message, source, at, value), source, at.pathOf(source.name), value);
        return false;
      }
    }
  }

  /** A well-formed language code that is no ISO 639 code (the XSD checks only the form). */
  private checkLanguage(facet: ValueFacet & { kind: 'isoCodes' }, source: ExtensionValueSource, at: ItemContext): boolean {
    const value = trimXmlSpace(source.raw);
    if (value === 'zh-cn' || value === 'zh-tw' || isLanguageCode(value)) return true;
    const hint = LANGUAGE_CODE_HINTS[value];
    const why = hint !== undefined ? `${hint[1]}` : 'Google News wants an ISO 639-1, 639-2 or 639-3 code (such as en, de, fil)';
    this.report(facet.code, facet.severity, `${at.describe(source.name)} "${value}" is not an ISO 639 language code: ${why}`, source, at.pathOf(source.name), value);
    return false;
  }

  /** A well-formed country list (the pattern matched) with codes that are not assigned ISO 3166-1 alpha-2 codes. */
  private checkCountries(facet: ValueFacet & { kind: 'isoCodes' }, source: ExtensionValueSource, at: ItemContext): boolean {
    const value = trimXmlSpace(source.raw);
    let unknown: string[] | undefined;
    // The pattern matched: two capital letters, then spaces, two letters…
    for (let i = 0; i < value.length; i++) {
      if (value.charCodeAt(i) === 32) continue;
      const code = value.slice(i, i + 2);
      if (!isCountryCode(code) && !(unknown ??= []).includes(code)) unknown.push(code);
      i++;
    }
    if (unknown === undefined) return true;
    const hints = unknown.map((code) => COUNTRY_CODE_HINTS[code]?.[1]).filter((hint) => hint !== undefined);
    const list = unknown.join(', ');
    const message = `${at.describe(source.name)} lists ${list}, ${unknown.length === 1 ? 'which is not an ISO 3166-1 alpha-2 country code' : 'which are not ISO 3166-1 alpha-2 country codes'}${hints.length > 0 ? ` (${hints.join('; ')})` : ''}`;
    this.report(facet.code, facet.severity, message, source, at.pathOf(source.name), unknown.join(' '));
    return false;
  }

  /** A W3C (google) or xsd:date | xsd:dateTime (xsd) date; true when it is one (its fields in `datetime`). */
  private checkDate(source: ExtensionValueSource, at: ItemContext): boolean {
    const grammar = this.xsd ? 'xsd' : 'w3c';
    const value = trimXmlSpace(source.raw);
    const problem = readDatetime(value, grammar, this.#datetime);
    if (problem === DatetimeProblem.None) return true;
    this.report('SITEMAP_EXTENSION_BAD_DATE', SEVERITY.both, `<${at.qualified(source.name)}> "${value}" ${describeDatetimeProblem(problem, grammar)}`, source, at.pathOf(source.name), value);
    return false;
  }

  /** tYesNo: the XSD lists yes/Yes/YES/no/No/NO and keeps white space; the parser already reported anything else. */
  private checkYesNo(source: ExtensionValueSource, at: ItemContext): void {
    const value = this.xsd ? source.raw : trimXmlSpace(source.raw);
    if (YES_NO_XSD.has(value)) return;
    const lower = trimXmlSpace(source.raw).toLowerCase();
    if (lower !== 'yes' && lower !== 'no') return; // SITEMAP_EXTENSION_BAD_VALUE from the parser
    this.report('SITEMAP_EXTENSION_BAD_VALUE', SEVERITY.xsdOnly, `${at.describe(source.name)} "${source.raw}" must be yes, Yes, YES, no, No or NO (sitemap-video.xsd)`, source, at.pathOf(source.name), source.raw);
  }

  /**
   * An absolute http(s) URL for Google, an xsd:anyURI for the XSD; the same scan and weights as
   * validate's <loc> checks (most URLs are plain ASCII and cost one scan).
   *
   * @example
   * values.checkUrl(hrefSource, context);
   */
  checkUrl(source: ExtensionValueSource, at: ItemContext): void {
    const value = trimXmlSpace(source.raw);
    if (isPlainHttpUrl(value) && (!this.xsd || isPlainUriReference(value))) return;
    const scan = this.#scan;
    scanLoc(value, scan);
    const findings = scan.findings;
    if (findings === 0 && !this.xsd) return;
    if (findings & LocFinding.Empty) {
      this.report('SITEMAP_EXTENSION_BAD_URL', SEVERITY.googleOnly, `${at.describe(source.name)} is empty`, source, at.pathOf(source.name), value);
      return;
    }
    if (this.xsd) {
      const plain = (findings & (LocFinding.Space | LocFinding.Control | LocFinding.NonAscii | LocFinding.Unescaped)) === 0;
      if (!(plain ? isPlainUriReference(value) : isXsdAnyUri(collapseWhitespace(source.raw)))) {
        this.report('SITEMAP_EXTENSION_BAD_URL', SEVERITY.both, `${at.describe(source.name)} "${value}" is not a URI (RFC 3986): check the scheme, "%" escapes, "[", "]" and "#"`, source, at.pathOf(source.name), value);
        return;
      }
    }
    let problem = '';
    if (findings & (LocFinding.Relative | LocFinding.NotHttp | LocFinding.NoHost)) problem = 'is not an absolute http or https URL';
    else if (findings & (LocFinding.Space | LocFinding.Control)) problem = 'contains white space or a control character: percent-encode it';
    else if (findings & LocFinding.BadPercent) problem = 'has a "%" that is not followed by two hex digits';
    if (problem !== '') {
      this.report('SITEMAP_EXTENSION_BAD_URL', SEVERITY.googleOnly, `${at.describe(source.name)} "${value}" ${problem}`, source, at.pathOf(source.name), value);
    } else if (findings & (LocFinding.NonAscii | LocFinding.Unescaped) && !this.xsd) {
      this.report('SITEMAP_EXTENSION_BAD_URL', SEVERITY.advice, `${at.describe(source.name)} "${value}" has characters that must be percent-encoded (RFC 3986)`, source, at.pathOf(source.name), value);
    }
  }
}

/**
 * A row's message for a value (see ValueMessage).
 *
 * @example
 * messageFor(limit.message, source, context, '');
 */
export function messageFor(message: ValueMessage, source: ExtensionValueSource, at: ItemContext, value: string): string {
  return message(value, source.name.includes('@') ? at.describe(source.name) : `<${at.qualified(source.name)}>`);
}
