// The rules of Google's sitemap extensions for validate (SPEC.md §3): image, video, news and
// hreflang items as the parser read them (extensions.ts hands over every child's raw text and
// position), checked against the XSDs in corpus/xsd/ and Google's stricter rules (language and
// country codes against the ISO lists of language-codes.ts), with the whole-file rules (news
// count, hreflang reciprocity) at the end of the document; and what the other extension elements
// of a `<url>` are to Google and to sitemap.xsd's strict wildcard (near-miss namespaces, namespaces
// without a schema).

import { DatetimeFields, DatetimeProblem, describeDatetimeProblem, readDatetime } from '../values/datetime';
import { SEVERITY, searchConsoleReport, type ErrorCode, type ProfileSeverity } from '../model/codes';
import { createIssue } from '../model/issue';
import { namespaceOfKind, type ExtensionItemSource, type ExtensionValueSource } from '../read/extensions';
import { LongKeyMap } from '../values/long-key-map';
import { IMAGE_NAMESPACE, MOBILE_NAMESPACE, NEWS_NAMESPACE, VIDEO_NAMESPACE, XHTML_NAMESPACE } from '../model/limits';
import { COUNTRY_CODE_HINTS, isCountryCode, isLanguageCode, LANGUAGE_CODE_HINTS, twoLetterLanguageCode } from '../values/language-codes';
import { EXTENSION_RULES, type ExtensionItemRule, type ExtensionValueRule } from '../model/rules';
import { afterLeadingWhitespace, isDecimal, trimXmlSpace } from '../values/text';
import type { ExtensionElement, Issue, IssueSeverity } from '../model/types';
import { codePointLength, collapseWhitespace, comparableUrl, isNormalPlainHttpUrl, isPlainHttpUrl, isPlainUriReference, isXsdAnyUri, LocFinding, LocScan, scanLoc } from '../values/url-check';
import { COUNTRY_LIST, CURRENCY, NEWS_GENRES, NEWS_LANGUAGE, NEWS_STOCK_TICKERS, PLATFORM_LIST, XSD_LANGUAGE } from '../values/xsd-values';

/**
 * Severity by profile (codes.ts SEVERITY, `[google, xsd]`): Google-only rules are warnings where
 * `valid` must be the XSD's verdict; null: not reported in that profile.
 */
type Weight = ProfileSeverity;
const BOTH: Weight = SEVERITY.both;
const GOOGLE_ONLY: Weight = SEVERITY.googleOnly;
const XSD_ONLY: Weight = SEVERITY.xsdOnly;
const ADVICE: Weight = SEVERITY.advice;
/** What only matters to the XSD and not at all to Google: a retired extension's schema, sitemap.xsd's strict wildcard. */
const SCHEMA_ALONE: Weight = SEVERITY.schemaAlone;
/**
 * A well-formed code that no ISO list has (news:language `qq`, a restriction's `UK`, hreflang
 * `en-EU`): the XSDs check only the form, so a warning where `valid` is the XSDs' verdict; for
 * Google an error, as it cannot use the value: a news entry needs its language to be placed, an
 * unknown country in a restriction list allows or blocks nobody, and Google ignores an hreflang
 * annotation whose language or region it does not know (as it does a malformed one).
 */
const UNKNOWN_CODE: Weight = GOOGLE_ONLY;
/** The hreflang verdicts kept (see hreflangProblem): a file has a few dozen distinct codes; a hostile one cannot grow this past the cap. */
const HREFLANG_VERDICTS_KEPT = 1024;
/** Pages with up to this many alternates have their lists compared whole with each other's; longer ones, their return links only. */
const FULLY_COMPARED_ALTERNATES = 256;

/**
 * Google's limits (SPEC.md §3).
 *
 * @example
 * if (tags > EXTENSION_LIMITS.videoTags) report();
 */
export const EXTENSION_LIMITS = {
  imagesPerUrl: 1000,
  newsPerSitemap: 1000,
  videoTags: 32,
  videoTitleLength: 100,
  videoDescriptionLength: 2048,
  videoCategoryLength: 256,
  videoUploaderLength: 255,
  videoMaxDuration: 28_800,
  videoMaxRating: 5,
  /** News articles older than this (relative to `now`) are not news any more. */
  newsMaxAgeMs: 2 * 24 * 60 * 60 * 1000,
} as const;

const YES_NO_XSD = new Set(['yes', 'Yes', 'YES', 'no', 'No', 'NO']);
const DEPRECATED_IMAGE_TAGS = new Set(['caption', 'title', 'geo_location', 'license']);
const NON_NEGATIVE_INTEGER = /^\+?[0-9]+$/;
/**
 * BCP 47 (RFC 5646) language tags, case-insensitive: language (2-3 letters with up to three
 * extlangs, or 4-8 letters), script, region, variants, extensions, private use; or private use alone.
 */
const BCP47 = /^(?:(?:[a-z]{2,3}(?:-[a-z]{3}){0,3}|[a-z]{4,8})(?:-[a-z]{4})?(?:-(?:[a-z]{2}|[0-9]{3}))?(?:-(?:[a-z0-9]{5,8}|[0-9][a-z0-9]{3}))*(?:-[0-9a-wy-z](?:-[a-z0-9]{2,8})+)*(?:-x(?:-[a-z0-9]{1,8})+)?|x(?:-[a-z0-9]{1,8})+)$/i;
/** Attributes xhtml1-strict.xsd declares on `<link>` (others are XSD errors, parse leaves them out). */
const XHTML_LINK_ATTRIBUTES: ReadonlySet<string> = new Set(['id', 'class', 'style', 'title', 'lang', 'xml:lang', 'dir', 'onclick', 'ondblclick', 'onmousedown', 'onmouseup', 'onmouseover', 'onmousemove', 'onmouseout', 'onkeypress', 'onkeydown', 'onkeyup', 'charset', 'href', 'hreflang', 'type', 'rel', 'rev', 'media']);
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

// ------------------------------------------------------------------ other extension namespaces

/**
 * What the elements of a namespace are when they are not typed items (see otherElement). The
 * `xsd` profile knows the schemas of corpus/xsd/: sitemaps.org's, Google's image, video, news and
 * mobile extensions, and XHTML.
 */
const enum NamespaceKind {
  /** No schema is known for it: sitemap.xsd's strict wildcard rejects its elements; Google ignores them. */
  NoSchema,
  /** A near miss of a typed extension's namespace (nearMissNamespace): Google ignores its elements. */
  NearMiss,
  /** Google's image, video or news namespace: its schema declares only the item element (image:image…). */
  Google,
  /** sitemap-mobile.xsd: one empty `<mobile:mobile/>`, which Google no longer reads. */
  Mobile,
  /** XHTML: a `<link>` without hreflang is checked as xhtml1-strict.xsd declares it; other XHTML elements are not checked. */
  Xhtml,
}

/** Google's extensions in a namespace stem (see nearMissNamespace), any version or none. */
const GOOGLE_NAMESPACE_STEM = /^google\.com\/schemas\/sitemap-(image|video|news)(?:\/[0-9][0-9.]*)?$/;
const GOOGLE_NAMESPACES: Readonly<Record<string, string>> = { image: IMAGE_NAMESPACE, video: VIDEO_NAMESPACE, news: NEWS_NAMESPACE };
/** How messages name the typed extensions, by namespace. */
const EXTENSION_NAMES: Readonly<Record<string, string>> = {
  [IMAGE_NAMESPACE]: 'Google\'s image extension', [VIDEO_NAMESPACE]: 'Google\'s video extension', [NEWS_NAMESPACE]: 'Google\'s news extension', [XHTML_NAMESPACE]: 'XHTML (hreflang links)',
};

/**
 * The namespace of a typed extension (image, video, news, XHTML) that `namespace` is a near miss
 * of, or undefined. A near miss is another URI which, in lower case, trimmed, without `http://` or
 * `https://`, a leading `www.` and trailing slashes, is `google.com/schemas/sitemap-image`,
 * `-video` or `-news` with any version or none (`sitemap-image/0.9`, `https://…/sitemap-video/1.1/`,
 * `http://google.com/schemas/sitemap-news`), or is `w3.org/1999/xhtml`, or starts with
 * `w3.org/tr/xhtml` (the address of an XHTML specification, which generators have written for
 * it). Such URIs come from typos and outdated examples; Search Console reports them as "Incorrect
 * namespace" and reads none of their elements.
 *
 * @example
 * nearMissNamespace('http://www.google.com/schemas/sitemap-image/0.9'); // IMAGE_NAMESPACE
 * nearMissNamespace('urn:example'); // undefined
 */
export function nearMissNamespace(namespace: string): string | undefined {
  let stem = namespace.trim().toLowerCase().replace(/^https?:\/\//, '').replace(/^www\./, '');
  // A loop, not .replace(/\/+$/, ''): tried at each slash, that runs to the end of the run of
  // slashes before it fails, quadratic in a namespace of many slashes (issue #22).
  let end = stem.length;
  while (end > 0 && stem.charCodeAt(end - 1) === 0x2f /* / */) end--;
  stem = stem.slice(0, end);
  let meant: string | undefined;
  const google = GOOGLE_NAMESPACE_STEM.exec(stem);
  if (google !== null) meant = GOOGLE_NAMESPACES[google[1]!];
  else if (stem === 'w3.org/1999/xhtml' || stem.startsWith('w3.org/tr/xhtml')) meant = XHTML_NAMESPACE;
  return meant === namespace ? undefined : meant;
}

function namespaceKind(namespace: string): NamespaceKind {
  if (namespace === IMAGE_NAMESPACE || namespace === VIDEO_NAMESPACE || namespace === NEWS_NAMESPACE) return NamespaceKind.Google;
  if (namespace === XHTML_NAMESPACE) return NamespaceKind.Xhtml;
  if (namespace === MOBILE_NAMESPACE) return NamespaceKind.Mobile;
  return nearMissNamespace(namespace) === undefined ? NamespaceKind.NoSchema : NamespaceKind.NearMiss;
}

/** An issue reported once per element kind and file, and how many elements of the kind came. */
interface KindReported {
  issue: Issue;
  count: number;
  /** The message is `head + tail`; finish puts the count between them. */
  head: string;
  tail: string;
}

/** What one required part of an item is, by slot (see CompiledRule). */
interface RequiredPart {
  /** Source name: `title`, `publication/name`, `@href`. */
  readonly name: string;
  readonly slot: number;
  /** Slot of its group (news:publication), checked only when the group is there; -1: none. */
  readonly groupSlot: number;
}

/**
 * An item rule as tables by source name (`title`, `publication/name`, `player_loc@allow_embed`),
 * so that one pass over an item's sources finds order, presence and required attributes.
 */
class CompiledRule {
  readonly slots = new Map<string, number>();
  /** Slot → slot of its group, or -1. */
  readonly groupOf: number[] = [];
  /** Slot → index among the item's children (the XSD sequence), or -1. */
  readonly order: number[] = [];
  /** Slot of an element → names of its required attributes (restriction@relationship). */
  readonly requiredAttributes: (readonly string[] | null)[] = [];
  /** Required children and item attributes. */
  readonly required: RequiredPart[] = [];

  constructor(readonly rule: ExtensionItemRule) {
    for (const attribute of rule.attributes) {
      const slot = this.add('@' + attribute.name, -1, -1, null);
      if (attribute.required) this.required.push({ name: '@' + attribute.name, slot, groupSlot: -1 });
    }
    rule.children.forEach((child, index) => this.addChild(child, '', -1, index));
  }

  private add(name: string, group: number, order: number, attributes: readonly string[] | null): number {
    const slot = this.groupOf.length;
    this.slots.set(name, slot);
    this.groupOf.push(group);
    this.order.push(order);
    this.requiredAttributes.push(attributes);
    return slot;
  }

  private addChild(child: ExtensionValueRule, parent: string, group: number, order: number): void {
    const name = parent === '' ? child.name : `${parent}/${child.name}`;
    const required = (child.attributes ?? []).filter((attribute) => attribute.required).map((attribute) => attribute.name);
    const slot = this.add(name, group, order, required.length > 0 ? required : null);
    if (child.required) this.required.push({ name, slot, groupSlot: group });
    for (const attribute of child.attributes ?? []) this.add(`${name}@${attribute.name}`, -1, -1, null);
    for (const grandchild of child.children ?? []) this.addChild(grandchild, name, slot, -1);
  }
}

const COMPILED = new Map<string, CompiledRule>(EXTENSION_RULES.map((rule) => [rule.property, new CompiledRule(rule)]));
const MOST_SLOTS = Math.max(...[...COMPILED.values()].map((compiled) => compiled.groupOf.length));

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

/** A video's content_loc / player_loc, compared with the page's loc when the entry ends. */
interface VideoLocation {
  source: ExtensionValueSource;
  item: ExtensionItemSource;
}

/**
 * Where validate's issues go.
 *
 * @example
 * const add: AddIssue = (issue) => issues.push(issue);
 */
export type AddIssue = (issue: Issue) => void;

/**
 * The §3 rules, fed item by item (`item`), entry by entry (`endEntry`) and once at the end
 * (`finish`). Only files with extensions reach it, so the plain-file walk costs nothing more.
 *
 * @example
 * const rules = new ExtensionValidator('google', Date.now(), (issue) => issues.push(issue));
 * rules.item(source); // from the parser's `extension` hook
 * rules.endEntry('https://example.com/page');
 * rules.finish((loc) => locsOfTheFile.has(loc));
 */
export class ExtensionValidator {
  private readonly profileIndex: 0 | 1;
  private readonly xsd: boolean;
  private readonly datetime = new DatetimeFields();
  private newsCount = 0;
  /** Per slot of the item being checked: 1 + index of its first source, 0 when absent. */
  private readonly seen = new Int32Array(MOST_SLOTS);
  private readonly scan = new LocScan();
  /** Names and paths of the item being checked (one object, pointed at each item in turn). */
  private readonly context = new ItemContext();
  private readonly videoLocations: VideoLocation[] = [];
  private entryAlternates: AlternateSeen[] = [];
  private readonly clusters: AlternateCluster[] = [];
  /** hreflang code → what is wrong with its subtags ('' when nothing): files repeat a few codes thousands of times. */
  private readonly hreflangVerdicts = new Map<string, string>();
  /** Namespace (its id in the document) → what its elements are, for the extension elements that are no typed items (a file has a handful). */
  private readonly namespaceKinds = new Map<number, NamespaceKind>();
  /**
   * Element kind (ExtensionItemSource.kind: its namespace and name) → its issue reported once per
   * file and the count of such elements (see otherElement); null: a kind with nothing to report in
   * this profile. Not keyed by `namespace + '\0' + name`: that made a string as long as the
   * namespace URI for every element (a 200,000-character URI on 8,000 elements: 1.5 s; issue #22).
   */
  private readonly elementKinds = new Map<number, KindReported | null>();
  /** Anything read since the last endEntry. */
  active = false;

  /** The number of the entry whose item is being checked (the entry of the issues about it). */
  private entry = 0;

  constructor(profile: 'google' | 'xsd', private readonly nowTime: number, private readonly addIssue: AddIssue) {
    this.xsd = profile === 'xsd';
    this.profileIndex = this.xsd ? 1 : 0;
  }

  /** An extension item of the open `<url>` (the parser's `extension` hook). */
  item(item: ExtensionItemSource): void {
    this.active = true;
    this.entry = item.entry;
    const compiled = COMPILED.get(item.property);
    if (compiled === undefined) {
      this.otherElement(item);
      return;
    }
    const at = this.context.of(item);
    // Alternates (most items) have three attributes and no order: checkAlternate sees to them.
    if (item.property !== 'alternates') this.checkStructure(compiled, at);
    switch (item.property) {
      case 'images': this.checkImage(at); break;
      case 'videos': this.checkVideo(at); break;
      case 'news': this.checkNews(at); break;
      case 'alternates': this.checkAlternate(at); break;
    }
  }

  /** The open `<url>` ended; `loc` is its first loc ('' when it had none). */
  endEntry(loc: string): void {
    this.active = false;
    if (this.videoLocations.length > 0 && loc !== '') {
      // The same URL however written (RFC 3986 §6.2.2): https://EXAMPLE.com/page is the page https://example.com/page.
      const page = comparableUrl(loc);
      for (const video of this.videoLocations) {
        const value = trimXmlSpace(video.source.raw);
        if (comparableUrl(value) !== page) continue;
        const name = video.source.name;
        const at = this.context.of(video.item);
        const spelling = value === loc ? '' : ` (${loc}, written another way)`;
        this.report('VIDEO_LOCATION_IS_PAGE', GOOGLE_ONLY, `<${at.qualified(name)}> is the page's own <loc>${spelling}: it must point to the video file or player, not the page`, video.source, at.pathOf(name), value);
      }
    }
    this.videoLocations.length = 0;
    if (this.entryAlternates.length > 0) {
      if (loc !== '') {
        // The page usually lists itself: that alternate's key is the page's.
        let key: string | undefined;
        for (const alternate of this.entryAlternates) if (alternate.href === loc) { key = alternate.key; break; }
        this.clusters.push({ loc, key: key ?? comparableUrl(loc), alternates: this.entryAlternates });
      }
      this.entryAlternates = [];
    }
  }

  /**
   * The document ended: the counts of the issues reported once per element kind, and hreflang
   * reciprocity across the file (`isListed`: is a URL a `<loc>` of this file). URLs are compared
   * as comparableUrl writes them (RFC 3986 §6.2.2): `https://EXAMPLE.com/en` is `https://example.com/en`.
   */
  finish(isListed: (loc: string) => boolean = () => false): void {
    for (const kind of this.elementKinds.values()) {
      if (kind !== null && kind.count > 1) kind.issue.message = `${kind.head}; ${kind.count.toLocaleString('en-US')} such elements in this file, reported once, at the first${kind.tail}`;
    }
    const clusters = this.clusters;
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
        this.reportAt('HREFLANG_NO_SELF_REFERENCE', ADVICE, `The alternates of ${cluster.loc} do not list the page itself: each language version lists itself and all the others`, first.line, first.column, first.path, cluster.loc, first.entry);
      }
      for (const alternate of own) {
        if (alternate.key === cluster.key) continue;
        const other = byLoc.get(alternate.key);
        if (other === undefined) {
          // In this file without alternates: it lists nobody. Not in this file: another sitemap may
          // list it. The file's locs are looked up as written, and as comparableUrl writes the href.
          if (isListed(alternate.href) || (alternate.key !== alternate.href && isListed(alternate.key))) {
            this.reportAt('HREFLANG_NO_RETURN_LINK', ADVICE, `${alternate.href} (hreflang "${alternate.hreflang}") is in this sitemap without any alternates, so it does not link back to ${cluster.loc}`, alternate.line, alternate.column, alternate.path, alternate.href, alternate.entry);
          }
          continue;
        }
        if (idOf(other) === idOf(own)) continue; // the same languages: nothing missing
        const otherKeys = keysOf(other);
        if (own.length > FULLY_COMPARED_ALTERNATES) {
          // Only the return link: a list this long, compared whole with each of its pages, would
          // cost its length squared (no site has this many language versions of a page).
          if (!otherKeys.has(cluster.key)) this.reportAt('HREFLANG_NO_RETURN_LINK', ADVICE, `${alternate.href} (hreflang "${alternate.hreflang}") does not link back to ${cluster.loc}: Google ignores hreflang pairs without return links`, alternate.line, alternate.column, alternate.path, alternate.href, alternate.entry);
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
        this.reportAt('HREFLANG_NO_RETURN_LINK', ADVICE, message, alternate.line, alternate.column, alternate.path, alternate.href, alternate.entry);
      }
    }
  }

  // ------------------------------------------------------------------ other extension elements
  /**
   * An extension element of a `<url>` that is no typed item (parse keeps it in `extensions`).
   * Google reads only the extensions it knows and ignores the rest; sitemap.xsd takes it through
   * `<xsd:any namespace="##other" processContents="strict"/>`, which wants a schema for its
   * namespace, as xmllint given the official schemas does (see NamespaceKind). What depends only on
   * the element's namespace and name is reported once per kind and file, at the first such element,
   * with the count (finish): a generator repeats the mistake in every entry (494 `<image:image>` in
   * sitemap-image/0.9 in corpus/odd/wrong-image-ns-0.9-keploy-497.xml, where xmllint reports 494
   * errors), and 494 copies of one issue would bury the others while saying nothing more. What
   * depends on the element itself (the content of a `<mobile:mobile>`) is reported at each.
   */
  private otherElement(item: ExtensionItemSource): void {
    const element = item.value as ExtensionElement;
    const namespace = element.namespace;
    if (namespace === '') return; // an element in no namespace: validate.ts reports it
    const key = item.kind!;
    const reported = this.elementKinds.get(key);
    if (reported !== undefined) {
      if (reported !== null) reported.count++;
      return;
    }
    const namespaceId = namespaceOfKind(key);
    let kind = this.namespaceKinds.get(namespaceId);
    if (kind === undefined) this.namespaceKinds.set(namespaceId, kind = namespaceKind(namespace));
    const prefix = element.prefix === undefined ? '' : element.prefix + ':';
    const name = prefix + element.name;
    switch (kind) {
      case NamespaceKind.NearMiss: {
        const meant = nearMissNamespace(namespace)!;
        const declaration = prefix === '' ? `xmlns="${meant}"` : `xmlns:${element.prefix}="${meant}"`;
        const schema = this.xsd ? ', and no schema declares it, so sitemap.xsd\'s strict wildcard rejects it' : '';
        this.reportKind(key, 'SITEMAP_NAMESPACE', XSD_ONLY, `<${name}> is in the namespace ${namespace}, a near miss of ${EXTENSION_NAMES[meant]} (${meant}): Google ignores it ("Incorrect namespace" in Search Console)${schema}`, `. Declare ${declaration}`, item, namespace);
        return;
      }
      case NamespaceKind.Google: {
        // Not the item element (that one is a typed item): its schema declares no other global element.
        const itemElement = EXTENSION_RULES.find((rule) => rule.namespace === namespace)!.element;
        this.reportKind(key, 'SITEMAP_EXTENSION_IGNORED', XSD_ONLY, `<${name}> is not an element of ${EXTENSION_NAMES[namespace]} here: in a <url> it has only <${prefix}${itemElement}>, so Google ignores it and sitemap.xsd's strict wildcard rejects it`, '', item);
        return;
      }
      case NamespaceKind.Mobile:
        if (element.name === 'mobile') this.checkEmptyElement(item, element, name, null);
        else this.reportKind(key, 'SITEMAP_EXTENSION_IGNORED', SCHEMA_ALONE, `<${name}> is not an element of sitemap-mobile.xsd, which has only <${prefix}mobile/>: sitemap.xsd's strict wildcard rejects it`, '', item);
        return;
      case NamespaceKind.Xhtml:
        if (element.name === 'link') this.checkEmptyElement(item, element, name, XHTML_LINK_ATTRIBUTES);
        else this.elementKinds.set(key, null); // other XHTML elements are not checked against xhtml1-strict.xsd
        return;
      default:
        this.reportKind(key, 'SITEMAP_UNEXPECTED_ELEMENT', SCHEMA_ALONE, `<${name}> (namespace ${namespace}): sitemap.xsd takes extension elements with processContents="strict", which needs a schema for their namespace, and none of the official ones is for this one (xmllint: "No matching global element declaration available, but demanded by the strict wildcard")`, '. Google ignores extensions it does not know', item, namespace);
    }
  }

  /** An issue for the element kind `key` (see otherElement), its message `head + tail`. */
  private reportKind(key: number, code: ErrorCode, weight: Weight, head: string, tail: string, item: ExtensionItemSource, value?: string): void {
    const issue = this.reportAt(code, weight, head + tail, item.line, item.column, item.path, value);
    this.elementKinds.set(key, issue === undefined ? null : { issue, count: 1, head, tail });
  }

  /**
   * An element of an empty schema type (`<mobile:mobile/>`, `<xhtml:link>`): no text, no
   * children, only `attributes` (none when null) and an href that is an xsd:anyURI, as xmllint
   * checks it. Google reads neither (mobile sitemaps are retired; a link without hreflang is no
   * alternate), so only the `xsd` profile reports.
   */
  private checkEmptyElement(item: ExtensionItemSource, element: ExtensionElement, name: string, attributes: ReadonlySet<string> | null): void {
    if (!this.xsd) return;
    for (const attribute of element.attributes ?? []) {
      if (attribute.namespace === XSI_NAMESPACE) continue; // xsi:schemaLocation and friends: allowed anywhere
      const attributeName = attribute.prefix === undefined ? attribute.name : `${attribute.prefix}:${attribute.name}`;
      if (attributes === null || !attributes.has(attributeName)) {
        this.reportAt('SITEMAP_EXTENSION_IGNORED', SCHEMA_ALONE, `The attribute ${attributeName} is not part of <${name}> in its schema`, item.line, item.column, `${item.path}/@${attributeName}`, attribute.value);
      } else if (attributeName === 'href' && !isXsdAnyUri(collapseWhitespace(attribute.value))) {
        this.reportAt('SITEMAP_EXTENSION_BAD_URL', SCHEMA_ALONE, `The href attribute of <${name}> "${attribute.value}" is not a URI (RFC 3986): check the scheme, "%" escapes, "[", "]" and "#"`, item.line, item.column, `${item.path}/@href`, attribute.value);
      }
    }
    const content = element.children?.[0];
    if (typeof content === 'string') {
      this.reportAt('SITEMAP_EXTENSION_BAD_VALUE', SCHEMA_ALONE, `<${name}> has text, but its schema allows it no content (white space neither)`, item.line, item.column, item.path, content);
    } else if (content !== undefined) {
      const child = content.prefix === undefined ? content.name : `${content.prefix}:${content.name}`;
      this.reportAt('SITEMAP_EXTENSION_IGNORED', SCHEMA_ALONE, `<${child}> inside <${name}>, whose schema allows it no content`, item.line, item.column, `${item.path}/${child}`);
    }
  }

  // ------------------------------------------------------------------ every item
  /** Schema order (the XSDs' sequences), required children and attributes: one pass over the sources. */
  private checkStructure(compiled: CompiledRule, at: ItemContext): void {
    const values = at.item.values;
    const seen = this.seen;
    seen.fill(0, 0, compiled.groupOf.length);
    let last = -1, lastName = '';
    for (let i = 0; i < values.length; i++) {
      const source = values[i]!;
      const slot = compiled.slots.get(source.name);
      if (slot === undefined) continue;
      if (seen[slot] === 0) seen[slot] = i + 1;
      const group = compiled.groupOf[slot]!;
      if (group >= 0 && seen[group] === 0) seen[group] = i + 1;
      const order = compiled.order[slot]!;
      if (order >= 0) {
        if (order < last) {
          this.report('SITEMAP_CHILD_ORDER', XSD_ONLY, `<${at.qualified(source.name)}> after <${at.qualified(lastName)}>: the schema wants the order ${compiled.rule.children.map((child) => child.name).join(', ')}`, source, at.pathOf(source.name));
        } else { last = order; lastName = source.name; }
      }
      const attributes = compiled.requiredAttributes[slot];
      if (attributes !== null && attributes !== undefined) {
        // An element's attribute sources come right before its own (read at its start tag).
        for (const attribute of attributes) {
          const wanted = `${source.name}@${attribute}`;
          let found = false;
          for (let j = i - 1; j >= 0 && values[j]!.name.startsWith(source.name + '@'); j--) if (values[j]!.name === wanted) { found = true; break; }
          if (!found) this.reportAt('SITEMAP_EXTENSION_MISSING_TAG', BOTH, `<${at.qualified(source.name)}> has no ${attribute} attribute`, source.line, source.column, at.pathOf(source.name));
        }
      }
    }
    for (const part of compiled.required) {
      if (seen[part.slot] !== 0 || (part.groupSlot >= 0 && seen[part.groupSlot] === 0)) continue;
      if (part.name.charCodeAt(0) === 64 /* @ */) {
        this.reportAt('SITEMAP_EXTENSION_MISSING_TAG', BOTH, `<${at.itemName}> has no ${part.name.slice(1)} attribute`, at.item.line, at.item.column, at.item.path);
      } else this.missing(part.name, at);
    }
  }

  private missing(name: string, at: ItemContext): void {
    const owner = name.includes('/') ? at.qualified(name.slice(0, name.lastIndexOf('/'))) : at.itemName;
    let code: ErrorCode = 'SITEMAP_EXTENSION_MISSING_TAG';
    let weight = BOTH;
    if (at.item.property === 'videos' && name === 'thumbnail_loc') code = 'VIDEO_MISSING_THUMBNAIL';
    else if (at.item.property === 'videos' && name === 'title') code = 'VIDEO_MISSING_TITLE';
    else if (at.item.property === 'news' && name === 'title') weight = GOOGLE_ONLY; // sitemap-news.xsd: title minOccurs="0"
    const report = code === 'SITEMAP_EXTENSION_MISSING_TAG' ? '' : ` (Search Console: "${searchConsoleReport[code]}")`;
    this.reportAt(code, weight, `<${owner}> has no <${at.qualified(name)}>${report}`, at.item.line, at.item.column, at.item.path);
  }

  // ------------------------------------------------------------------ image
  private checkImage(at: ItemContext): void {
    if (at.item.index === EXTENSION_LIMITS.imagesPerUrl) {
      this.reportAt('IMAGE_TOO_MANY', GOOGLE_ONLY, `More than ${EXTENSION_LIMITS.imagesPerUrl.toLocaleString('en-US')} images in one <url>: this is image ${at.item.index + 1}`, at.item.line, at.item.column, at.item.path);
    }
    for (const source of at.item.values) {
      if (source.name === 'loc' || source.name === 'license') this.checkUrl(source, at);
      if (!this.xsd && DEPRECATED_IMAGE_TAGS.has(source.name)) {
        this.report('IMAGE_DEPRECATED_TAG', ADVICE, `<${at.qualified(source.name)}> is deprecated since August 2022: Google ignores it`, source, at.pathOf(source.name), undefined, false);
      }
    }
  }

  // ------------------------------------------------------------------ video
  private checkVideo(at: ItemContext): void {
    const values = at.item.values;
    let hasLocation = false;
    let tags = 0;
    for (const source of values) {
      const name = source.name;
      switch (name) {
        case 'thumbnail_loc': case 'gallery_loc': case 'content_segment_loc': case 'uploader@info':
          this.checkUrl(source, at);
          break;
        case 'content_loc': case 'player_loc':
          hasLocation = true;
          this.checkUrl(source, at);
          this.videoLocations.push({ source, item: at.item });
          break;
        case 'title':
          this.checkNotEmpty(source, at, 'VIDEO_MISSING_TITLE');
          this.checkLength(source, at, EXTENSION_LIMITS.videoTitleLength, BOTH);
          break;
        case 'description': this.checkLength(source, at, EXTENSION_LIMITS.videoDescriptionLength, BOTH); break;
        case 'category': this.checkLength(source, at, EXTENSION_LIMITS.videoCategoryLength, BOTH); break;
        case 'uploader': this.checkLength(source, at, EXTENSION_LIMITS.videoUploaderLength, GOOGLE_ONLY); break;
        case 'duration': case 'content_segment_loc@duration': this.checkDuration(source, at); break;
        case 'rating': this.checkRating(source, at); break;
        case 'view_count': this.checkNonNegativeInteger(source, at); break;
        case 'expiration_date': case 'publication_date': case 'tvshow/premier_date': this.checkDate(source, at); break;
        case 'family_friendly': case 'requires_subscription': case 'live': case 'player_loc@allow_embed': this.checkYesNo(source, at); break;
        case 'tag':
          if (++tags === EXTENSION_LIMITS.videoTags + 1) this.report('VIDEO_TOO_MANY_TAGS', BOTH, `More than ${EXTENSION_LIMITS.videoTags} <${at.qualified('tag')}> in one video`, source, at.pathOf(name));
          break;
        case 'restriction':
          if (this.checkPattern(source, at, COUNTRY_LIST, 'VIDEO_BAD_COUNTRY_LIST', 'a space-separated list of ISO 3166 country codes (such as "US CA GB")')) this.checkCountries(source, at);
          break;
        case 'platform': this.checkPattern(source, at, PLATFORM_LIST, 'SITEMAP_EXTENSION_BAD_VALUE', 'a space-separated list of web, mobile, tv'); break;
        case 'restriction@relationship': case 'platform@relationship': this.checkEnum(source, at, ['allow', 'deny']); break;
        case 'price@currency': this.checkPattern(source, at, CURRENCY, 'SITEMAP_EXTENSION_BAD_VALUE', 'an ISO 4217 currency code (three capital letters)'); break;
        case 'price@type': this.checkEnum(source, at, ['purchase', 'PURCHASE', 'rent', 'RENT']); break;
        case 'price@resolution': this.checkEnum(source, at, ['sd', 'SD', 'hd', 'HD']); break;
        case 'tvshow/video_type': this.checkEnum(source, at, ['full', 'preview', 'clip', 'interview', 'news', 'other']); break;
        case 'id@type': this.checkEnum(source, at, ['tms:series', 'tms:program', 'rovi:series', 'rovi:program', 'freebase', 'url']); break;
      }
    }
    if (!hasLocation) {
      this.reportAt('VIDEO_MISSING_LOCATION', GOOGLE_ONLY, `<${at.itemName}> has neither <${at.qualified('content_loc')}> nor <${at.qualified('player_loc')}>: Google needs one of them to index the video`, at.item.line, at.item.column, at.item.path);
    }
  }

  private checkDuration(source: ExtensionValueSource, at: ItemContext): void {
    const value = trimXmlSpace(source.raw);
    if (!isDecimal(value)) return; // the parser's SITEMAP_EXTENSION_BAD_VALUE
    const seconds = Number(value);
    const integer = NON_NEGATIVE_INTEGER.test(value);
    if (!integer || seconds > EXTENSION_LIMITS.videoMaxDuration) {
      this.report('VIDEO_BAD_DURATION', BOTH, `Video duration "${value}" must be a whole number of seconds from 1 to 28,800 (8 hours)`, source, at.pathOf(source.name), value);
    } else if (seconds < 1) {
      this.report('VIDEO_BAD_DURATION', GOOGLE_ONLY, `Video duration ${value}: Google wants 1 to 28,800 seconds`, source, at.pathOf(source.name), value);
    }
  }

  private checkRating(source: ExtensionValueSource, at: ItemContext): void {
    const value = trimXmlSpace(source.raw);
    if (!isDecimal(value)) return; // the parser's SITEMAP_EXTENSION_BAD_VALUE
    const rating = Number(value);
    if (rating < 0 || rating > EXTENSION_LIMITS.videoMaxRating) {
      this.report('VIDEO_BAD_RATING', BOTH, `Video rating ${value} is outside 0.0-5.0`, source, at.pathOf(source.name), value);
    }
  }

  private checkNonNegativeInteger(source: ExtensionValueSource, at: ItemContext): void {
    const value = trimXmlSpace(source.raw);
    if (!isDecimal(value) || NON_NEGATIVE_INTEGER.test(value)) return;
    this.report('SITEMAP_EXTENSION_BAD_VALUE', BOTH, `<${at.qualified(source.name)}> "${value}" is not a whole number`, source, at.pathOf(source.name), value);
  }

  // ------------------------------------------------------------------ news
  private checkNews(at: ItemContext): void {
    if (++this.newsCount === EXTENSION_LIMITS.newsPerSitemap + 1) {
      this.reportAt('NEWS_TOO_MANY', GOOGLE_ONLY, `More than ${EXTENSION_LIMITS.newsPerSitemap.toLocaleString('en-US')} <${at.itemName}> entries in one sitemap ("Too many News URLs"): split the file`, at.item.line, at.item.column, at.item.path);
    }
    for (const source of at.item.values) {
      switch (source.name) {
        case 'publication/language':
          if (this.checkPattern(source, at, NEWS_LANGUAGE, 'NEWS_BAD_LANGUAGE', 'an ISO 639 language code (two or three lowercase letters, or zh-cn / zh-tw)')) this.checkNewsLanguage(source, at);
          break;
        case 'publication_date':
          if (this.checkDate(source, at)) {
            const time = this.datetime.earliestTime();
            if (time < this.nowTime - EXTENSION_LIMITS.newsMaxAgeMs) {
              this.report('NEWS_TOO_OLD', ADVICE, `News publication date ${trimXmlSpace(source.raw)} is more than two days old: Google News sitemaps should list only recent articles`, source, at.pathOf(source.name), trimXmlSpace(source.raw));
            }
          }
          break;
        case 'publication/name': case 'title': this.checkNotEmpty(source, at, 'SITEMAP_EXTENSION_MISSING_TAG'); break;
        case 'access': this.checkEnum(source, at, ['Subscription', 'Registration']); break;
        case 'genres': this.checkPattern(source, at, NEWS_GENRES, 'SITEMAP_EXTENSION_BAD_VALUE', 'a comma-separated list of PressRelease, Satire, Blog, OpEd, Opinion, UserGenerated'); break;
        case 'stock_tickers': this.checkPattern(source, at, NEWS_STOCK_TICKERS, 'SITEMAP_EXTENSION_BAD_VALUE', 'up to 5 comma-separated EXCHANGE:SYMBOL tickers'); break;
      }
    }
  }

  // ------------------------------------------------------------------ hreflang
  private checkAlternate(at: ItemContext): void {
    let hreflang: ExtensionValueSource | undefined, href: ExtensionValueSource | undefined, rel: ExtensionValueSource | undefined;
    for (const source of at.item.values) {
      if (source.name === '@hreflang') hreflang ??= source;
      else if (source.name === '@href') href ??= source;
      else if (source.name === '@rel') rel ??= source;
    }
    if (rel === undefined || href === undefined) {
      // xhtml1-strict.xsd requires no attribute of <link>; Google needs rel and href.
      this.reportAt('SITEMAP_EXTENSION_MISSING_TAG', GOOGLE_ONLY, `<${at.itemName}> has no ${rel === undefined ? 'rel' : 'href'} attribute`, at.item.line, at.item.column, at.item.path);
    }
    if (rel !== undefined && trimXmlSpace(rel.raw) !== 'alternate') {
      this.report('SITEMAP_EXTENSION_BAD_VALUE', GOOGLE_ONLY, `<${at.itemName}> rel="${rel.raw}": hreflang links need rel="alternate"`, rel, at.item.path + '/@rel', rel.raw, false);
    }
    // The usual href is plain and already in comparableUrl's form: one regex pass settles both.
    let url = '', key = '';
    if (href !== undefined) {
      url = trimXmlSpace(href.raw);
      const usual = isNormalPlainHttpUrl(url);
      if (!usual || this.xsd) this.checkUrl(href, at);
      key = usual ? url : comparableUrl(url);
    }
    if (hreflang === undefined) return;
    const code = trimXmlSpace(hreflang.raw);
    if (code.toLowerCase() !== 'x-default') {
      if (!BCP47.test(code)) {
        // xhtml1-strict.xsd: hreflang is an xsd:language; BCP 47 is Google's rule.
        const weight = XSD_LANGUAGE.test(collapseWhitespace(hreflang.raw)) ? GOOGLE_ONLY : BOTH;
        this.report('HREFLANG_BAD_CODE', weight, `hreflang "${code}" is not a BCP 47 language code (such as en, en-GB, zh-Hant) or x-default`, hreflang, at.item.path + '/@hreflang', code, false);
      } else {
        const problem = this.hreflangProblem(code);
        if (problem !== '') this.report('HREFLANG_BAD_CODE', UNKNOWN_CODE, `hreflang "${code}": ${problem}`, hreflang, at.item.path + '/@hreflang', code, false);
      }
    }
    if (href !== undefined) {
      this.entryAlternates.push({ hreflang: code, href: url, key, line: at.item.line, column: at.item.column, path: at.item.path, entry: at.item.entry });
    }
  }

  /**
   * What is wrong with the subtags of a well-formed BCP 47 hreflang ('' when nothing): Google
   * wants an ISO 639-1 language (BCP 47 takes a three-letter ISO 639 code only for a language
   * without one) and, when there is a region of two letters, an ISO 3166-1 alpha-2 code. Scripts,
   * UN M.49 areas (`es-419`) and variants are left to the BCP 47 check.
   */
  private hreflangProblem(code: string): string {
    const known = this.hreflangVerdicts.get(code);
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
    if (this.hreflangVerdicts.size >= HREFLANG_VERDICTS_KEPT) this.hreflangVerdicts.clear();
    this.hreflangVerdicts.set(code, problem);
    return problem;
  }

  // ------------------------------------------------------------------ code lists
  /** A well-formed news:language that is no ISO 639 code (see UNKNOWN_CODE). */
  private checkNewsLanguage(source: ExtensionValueSource, at: ItemContext): void {
    const value = trimXmlSpace(source.raw);
    if (value === 'zh-cn' || value === 'zh-tw' || isLanguageCode(value)) return;
    const hint = LANGUAGE_CODE_HINTS[value];
    const why = hint !== undefined ? `${hint[1]}` : 'Google News wants an ISO 639-1, 639-2 or 639-3 code (such as en, de, fil)';
    this.report('NEWS_BAD_LANGUAGE', UNKNOWN_CODE, `${at.describe(source.name)} "${value}" is not an ISO 639 language code: ${why}`, source, at.pathOf(source.name), value);
  }

  /** A well-formed video:restriction list with codes that are not assigned ISO 3166-1 alpha-2 codes (see UNKNOWN_CODE). */
  private checkCountries(source: ExtensionValueSource, at: ItemContext): void {
    const value = trimXmlSpace(source.raw);
    let unknown: string[] | undefined;
    // COUNTRY_LIST matched: two capital letters, then spaces, two letters…
    for (let i = 0; i < value.length; i++) {
      if (value.charCodeAt(i) === 32) continue;
      const code = value.slice(i, i + 2);
      if (!isCountryCode(code) && !(unknown ??= []).includes(code)) unknown.push(code);
      i++;
    }
    if (unknown === undefined) return;
    const hints = unknown.map((code) => COUNTRY_CODE_HINTS[code]?.[1]).filter((hint) => hint !== undefined);
    const list = unknown.join(', ');
    const message = `${at.describe(source.name)} lists ${list}, ${unknown.length === 1 ? 'which is not an ISO 3166-1 alpha-2 country code' : 'which are not ISO 3166-1 alpha-2 country codes'}${hints.length > 0 ? ` (${hints.join('; ')})` : ''}`;
    this.report('VIDEO_BAD_COUNTRY_LIST', UNKNOWN_CODE, message, source, at.pathOf(source.name), unknown.join(' '));
  }

  // ------------------------------------------------------------------ value helpers
  /** Text lengths in characters: the XSD counts the raw xsd:string, Google the trimmed text. */
  /**
   * A value Google requires (video title, news publication name and article title) that is empty
   * or white space: as good as missing to Google; the XSDs type them xsd:string, which takes ''.
   */
  private checkNotEmpty(source: ExtensionValueSource, at: ItemContext, code: ErrorCode): void {
    if (trimXmlSpace(source.raw) !== '') return;
    const report = code === 'SITEMAP_EXTENSION_MISSING_TAG' ? '' : ` (Search Console: "${searchConsoleReport[code]}")`;
    this.report(code, GOOGLE_ONLY, `<${at.qualified(source.name)}> is empty: Google requires a value${report}`, source, at.pathOf(source.name), undefined, false);
  }

  private checkLength(source: ExtensionValueSource, at: ItemContext, limit: number, weight: Weight): void {
    const length = codePointLength(this.xsd ? source.raw : trimXmlSpace(source.raw));
    if (length <= limit) return;
    this.report('VIDEO_TEXT_TOO_LONG', weight, `<${at.qualified(source.name)}> is ${length.toLocaleString('en-US')} characters long; the limit is ${limit.toLocaleString('en-US')}`, source, at.pathOf(source.name));
  }

  /** A W3C (google) or xsd:date | xsd:dateTime (xsd) date; true when it is one (its fields in `datetime`). */
  private checkDate(source: ExtensionValueSource, at: ItemContext): boolean {
    const grammar = this.xsd ? 'xsd' : 'w3c';
    const value = trimXmlSpace(source.raw);
    const problem = readDatetime(value, grammar, this.datetime);
    if (problem === DatetimeProblem.None) return true;
    this.report('SITEMAP_EXTENSION_BAD_DATE', BOTH, `<${at.qualified(source.name)}> "${value}" ${describeDatetimeProblem(problem, grammar)}`, source, at.pathOf(source.name), value);
    return false;
  }

  /** tYesNo: the XSD lists yes/Yes/YES/no/No/NO and keeps white space; the parser already reported anything else. */
  private checkYesNo(source: ExtensionValueSource, at: ItemContext): void {
    const value = this.xsd ? source.raw : trimXmlSpace(source.raw);
    if (YES_NO_XSD.has(value)) return;
    const lower = trimXmlSpace(source.raw).toLowerCase();
    if (lower !== 'yes' && lower !== 'no') return; // SITEMAP_EXTENSION_BAD_VALUE from the parser
    this.report('SITEMAP_EXTENSION_BAD_VALUE', XSD_ONLY, `${at.describe(source.name)} "${source.raw}" must be yes, Yes, YES, no, No or NO (sitemap-video.xsd)`, source, at.pathOf(source.name), source.raw);
  }

  /** An XSD pattern on an xsd:string: white space counts in the `xsd` profile, Google trims. True when it matches. */
  private checkPattern(source: ExtensionValueSource, at: ItemContext, pattern: RegExp, code: ErrorCode, expected: string): boolean {
    const value = this.xsd ? source.raw : trimXmlSpace(source.raw);
    if (pattern.test(value)) return true;
    this.report(code, BOTH, `${at.describe(source.name)} "${source.raw}" is not ${expected}`, source, at.pathOf(source.name), source.raw);
    return false;
  }

  private checkEnum(source: ExtensionValueSource, at: ItemContext, allowed: readonly string[]): void {
    const value = this.xsd ? source.raw : trimXmlSpace(source.raw);
    if (allowed.includes(value)) return;
    this.report('SITEMAP_EXTENSION_BAD_VALUE', BOTH, `${at.describe(source.name)} "${source.raw}" is not one of ${[...new Set(allowed.map((word) => word.toLowerCase()))].join(', ')}`, source, at.pathOf(source.name), source.raw);
  }

  /**
   * An absolute http(s) URL for Google, an xsd:anyURI for the XSD; the same scan and weights as
   * validate's <loc> checks (most URLs are plain ASCII and cost one scan).
   */
  private checkUrl(source: ExtensionValueSource, at: ItemContext): void {
    const value = trimXmlSpace(source.raw);
    if (isPlainHttpUrl(value) && (!this.xsd || isPlainUriReference(value))) return;
    const scan = this.scan;
    scanLoc(value, scan);
    const findings = scan.findings;
    if (findings === 0 && !this.xsd) return;
    if (findings & LocFinding.Empty) {
      this.report('SITEMAP_EXTENSION_BAD_URL', GOOGLE_ONLY, `${at.describe(source.name)} is empty`, source, at.pathOf(source.name), value);
      return;
    }
    if (this.xsd) {
      const plain = (findings & (LocFinding.Space | LocFinding.Control | LocFinding.NonAscii | LocFinding.Unescaped)) === 0;
      if (!(plain ? isPlainUriReference(value) : isXsdAnyUri(collapseWhitespace(source.raw)))) {
        this.report('SITEMAP_EXTENSION_BAD_URL', BOTH, `${at.describe(source.name)} "${value}" is not a URI (RFC 3986): check the scheme, "%" escapes, "[", "]" and "#"`, source, at.pathOf(source.name), value);
        return;
      }
    }
    let problem = '';
    if (findings & (LocFinding.Relative | LocFinding.NotHttp | LocFinding.NoHost)) problem = 'is not an absolute http or https URL';
    else if (findings & (LocFinding.Space | LocFinding.Control)) problem = 'contains white space or a control character: percent-encode it';
    else if (findings & LocFinding.BadPercent) problem = 'has a "%" that is not followed by two hex digits';
    if (problem !== '') {
      this.report('SITEMAP_EXTENSION_BAD_URL', GOOGLE_ONLY, `${at.describe(source.name)} "${value}" ${problem}`, source, at.pathOf(source.name), value);
    } else if (findings & (LocFinding.NonAscii | LocFinding.Unescaped) && !this.xsd) {
      this.report('SITEMAP_EXTENSION_BAD_URL', ADVICE, `${at.describe(source.name)} "${value}" has characters that must be percent-encoded (RFC 3986)`, source, at.pathOf(source.name), value);
    }
  }

  // ------------------------------------------------------------------ issues
  /** An issue at a value: at its text (past leading white space) when `atText`, else at its tag or attribute. */
  private report(code: ErrorCode, weight: Weight, message: string, source: ExtensionValueSource, path: string, value?: string, atText = true): void {
    let line = source.line, column = source.column;
    if (atText && source.textLine !== 0 && !source.name.includes('@')) [line, column] = afterLeadingWhitespace(source.raw, source.textLine, source.textColumn);
    this.reportAt(code, weight, message, line, column, path, value);
  }

  /** The issue added (undefined when the weight leaves it out of this profile). */
  private reportAt(code: ErrorCode, weight: Weight, message: string, line: number, column: number, path: string, value?: string, entry = this.entry): Issue | undefined {
    const severity = weight[this.profileIndex];
    if (severity === null) return undefined;
    const issue = createIssue(code, severity, message, line, column, path, entry, value);
    this.addIssue(issue);
    return issue;
  }
}

/** Names and paths inside one item, with the prefix the document used for its namespace (worked out only for issues). */
class ItemContext {
  private prefixText: string | undefined;
  item!: ExtensionItemSource;

  of(item: ExtensionItemSource): this {
    this.item = item;
    this.prefixText = undefined;
    return this;
  }

  /** `video:` (or '' for a default namespace), from the item's path (`urlset/url[1]/video:video[2]`). */
  private get prefix(): string {
    if (this.prefixText === undefined) {
      const path = this.item.path;
      const last = path.slice(path.lastIndexOf('/') + 1);
      const colon = last.indexOf(':');
      this.prefixText = colon < 0 ? '' : last.slice(0, colon + 1);
    }
    return this.prefixText;
  }

  /** `video:video`. */
  get itemName(): string {
    const path = this.item.path;
    return path.slice(path.lastIndexOf('/') + 1, path.lastIndexOf('['));
  }

  /** `publication/name` → `news:publication/news:name`. */
  qualified(name: string): string {
    const prefix = this.prefix;
    return name.includes('/') ? name.split('/').map((part) => prefix + part).join('/') : prefix + name;
  }

  /** The issue path of a child (`player_loc@allow_embed` → `…/video:player_loc/@allow_embed`). */
  pathOf(name: string): string {
    const at = name.indexOf('@');
    if (at < 0) return `${this.item.path}/${this.qualified(name)}`;
    return at === 0 ? `${this.item.path}/${name}` : `${this.item.path}/${this.qualified(name.slice(0, at))}/${name.slice(at)}`;
  }

  /** `<video:duration>` or `The relationship attribute of <video:restriction>`. */
  describe(name: string): string {
    const at = name.indexOf('@');
    const element = at < 0 ? name : name.slice(0, at);
    const qualified = at === 0 ? this.itemName : this.qualified(element.slice(element.lastIndexOf('/') + 1));
    return at < 0 ? `<${qualified}>` : `The ${name.slice(at + 1)} attribute of <${qualified}>`;
  }
}

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * How validate weighs an extension issue the parser reported, by profile (`[google, xsd]`):
 * null drops it (the rules above report it, more precisely); undefined: not an extension issue.
 *
 * @example
 * const severity = parserExtensionIssueSeverity(issue, 1); // in the xsd profile
 */
export function parserExtensionIssueSeverity(issue: Issue, profileIndex: 0 | 1): IssueSeverity | null | undefined {
  switch (issue.code) {
    case 'SITEMAP_EXTENSION_MISSING_TAG': return null; // checkStructure, per profile
    case 'SITEMAP_EXTENSION_BAD_VALUE':
      // Not a number / not yes-no. video:price is an xsd:string in the XSD: only Google needs a number.
      return /\/[^/]*price$/.test(issue.path) ? GOOGLE_ONLY[profileIndex] : 'error';
    case 'SITEMAP_EXTENSION_IGNORED': {
      // Left out by the parser; the XSDs reject unknown children and attributes, except those xhtml1-strict.xsd declares on <link>.
      const attribute = /^The attribute (\S+) is not part of <[^>]*link>/.exec(issue.message);
      if (attribute !== null && XHTML_LINK_ATTRIBUTES.has(attribute[1]!)) return 'warning';
      return XSD_ONLY[profileIndex];
    }
    default: return undefined;
  }
}
