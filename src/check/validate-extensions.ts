// The rules of Google's sitemap extensions for validate (SPEC.md §3): image, video, news and
// hreflang items as the parser read them (extensions.ts hands over every child's raw text and
// position), checked by their rows in model/rules.ts (schema order, occurrence, type) and
// model/value-rules.ts (facets with their weights per profile: extension-values.ts) and the rules about a
// whole item or file (image and news counts, a video's location, hreflang: hreflang.ts); and
// what the other extension elements of a `<url>` are to Google and to sitemap.xsd's strict
// wildcard (other-extensions.ts).

import { SEVERITY, type ProfileSeverity } from '../model/codes';
import type { ExtensionItemSource, ExtensionValueSource } from '../read/extensions';
import { MAX_IMAGES_PER_URL, MAX_NEWS_PER_SITEMAP } from '../model/limits';
import { EXTENSION_RULES, type ExtensionItemRule, type ExtensionValueRule, type MissingRule } from '../model/rules';
import { VALUE_FACETS } from '../model/value-rules';
import { trimXmlSpace } from '../values/text';
import { isDecimal } from '../values/xsd-decimal';
import type { Issue, IssueSeverity } from '../model/types';
import { comparableUrl } from '../values/url-check';
import { ItemContext, searchConsoleNote, type AddIssue } from './extension-issues';
import { ExtensionValueChecker, messageFor, ValueCheck } from './extension-values';
import { HreflangRules } from './hreflang';
import { OtherExtensionElements, XHTML_LINK_ATTRIBUTES } from './other-extensions';

export type { AddIssue } from './extension-issues';
export { nearMissNamespace } from './other-extensions';

type Weight = ProfileSeverity;
const BOTH: Weight = SEVERITY.both;
const GOOGLE_ONLY: Weight = SEVERITY.googleOnly;
const XSD_ONLY: Weight = SEVERITY.xsdOnly;

/** What one required part of an item is, by slot (see CompiledRule). */
interface RequiredPart {
  /** Source name: `title`, `publication/name`, `@href`. */
  readonly name: string;
  readonly slot: number;
  /** Slot of its group (news:publication), checked only when the group is there; -1: none. */
  readonly groupSlot: number;
  /** What validate reports when it is missing (undefined: SITEMAP_EXTENSION_MISSING_TAG in both profiles). */
  readonly missing: MissingRule | undefined;
}

/**
 * An item rule as tables by source name (`title`, `publication/name`, `player_loc@allow_embed`),
 * so that one pass over an item's sources finds order, presence and required attributes, and each
 * source its row. Compiled once per item rule, when this module loads.
 */
class CompiledRule {
  readonly slots = new Map<string, number>();
  /** Slot → slot of its group, or -1. */
  readonly groupOf: number[] = [];
  /** Slot → index among the item's children (the XSD sequence), or -1. */
  readonly order: number[] = [];
  /** Slot of an element → names of its required attributes (restriction@relationship). */
  readonly requiredAttributes: (readonly string[] | null)[] = [];
  /** Slot → its rows in rules.ts (its type) and value-rules.ts (its facets), as the checker reads them. */
  readonly values: ValueCheck[] = [];
  /** Required children and item attributes. */
  readonly required: RequiredPart[] = [];
  /** The children's names in schema order (`loc, caption, …`), for SITEMAP_CHILD_ORDER's message. */
  readonly orderText: string;

  constructor(readonly rule: ExtensionItemRule) {
    this.orderText = rule.children.map((child) => child.name).join(', ');
    for (const attribute of rule.attributes) {
      const slot = this.add('@' + attribute.name, -1, -1, null, attribute);
      if (attribute.required) this.required.push({ name: '@' + attribute.name, slot, groupSlot: -1, missing: attribute.missing });
    }
    rule.children.forEach((child, index) => this.addChild(child, '', -1, index));
  }

  private add(name: string, group: number, order: number, attributes: readonly string[] | null, rule: ExtensionValueRule): number {
    const slot = this.groupOf.length;
    this.slots.set(name, slot);
    this.groupOf.push(group);
    this.order.push(order);
    this.requiredAttributes.push(attributes);
    this.values.push(new ValueCheck(rule, VALUE_FACETS.get(`${this.rule.property}/${name}`)));
    return slot;
  }

  private addChild(child: ExtensionValueRule, parent: string, group: number, order: number): void {
    const name = parent === '' ? child.name : `${parent}/${child.name}`;
    const required = (child.attributes ?? []).filter((attribute) => attribute.required).map((attribute) => attribute.name);
    const slot = this.add(name, group, order, required.length > 0 ? required : null, child);
    if (child.required) this.required.push({ name, slot, groupSlot: group, missing: child.missing });
    for (const attribute of child.attributes ?? []) this.add(`${name}@${attribute.name}`, -1, -1, null, attribute);
    for (const grandchild of child.children ?? []) this.addChild(grandchild, name, slot, -1);
  }
}

const COMPILED = new Map<string, CompiledRule>(EXTENSION_RULES.map((rule) => [rule.property, new CompiledRule(rule)]));
const MOST_SLOTS = Math.max(...[...COMPILED.values()].map((compiled) => compiled.groupOf.length));

/** A video's content_loc / player_loc, compared with the page's loc when the entry ends. */
interface VideoLocation {
  source: ExtensionValueSource;
  item: ExtensionItemSource;
}

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
  /** Checks values and adds the issues (of every part). */
  readonly #values: ExtensionValueChecker;
  readonly #hreflang: HreflangRules;
  readonly #others: OtherExtensionElements;
  #newsCount = 0;
  /** Per slot of the item being checked: 1 + index of its first source, 0 when absent. */
  readonly #seen = new Int32Array(MOST_SLOTS);
  /** Per slot: how many of its sources the item has had so far (for maxOccurs). */
  readonly #occurrences = new Int32Array(MOST_SLOTS);
  /** Per source of the item being checked: its slot, -1 for none (looked up once, by checkStructure, for checkValues too). */
  #sourceSlots = new Int32Array(64);
  /** Names and paths of the item being checked (one object, pointed at each item in turn). */
  readonly #context = new ItemContext();
  readonly #videoLocations: VideoLocation[] = [];
  /** Anything read since the last endEntry. */
  active = false;
  /**
   * Where the parser met what the XSDs weigh otherwise than its other extension issues (the
   * `line:column` of the items' values, so that no issue's message or path is read):
   * an attribute xhtml1-strict.xsd declares on `<link>` (left out, but valid), and a video's
   * `<price>` (an xsd:string: only Google needs a number).
   */
  readonly #schemaTakes = new Map<string, 'linkAttribute' | 'price'>();

  constructor(profile: 'google' | 'xsd', nowTime: number, addIssue: AddIssue) {
    this.#values = new ExtensionValueChecker(profile, nowTime, addIssue);
    this.#hreflang = new HreflangRules(this.#values);
    this.#others = new OtherExtensionElements(this.#values);
  }

  /** An extension item of the open `<url>` (the parser's `extension` hook). */
  item(item: ExtensionItemSource): void {
    this.active = true;
    this.#values.entry = item.entry;
    const compiled = COMPILED.get(item.property);
    if (compiled === undefined) {
      this.#others.check(item);
      return;
    }
    const at = this.#context.of(item);
    // Alternates (most items) have three attributes and no order: the hreflang rules see to them.
    if (item.property === 'alternates') {
      this.markLinkAttributes(item);
      this.#hreflang.check(at);
      return;
    }
    this.checkStructure(compiled, at);
    // Rules about the item as a whole, before its values' (the order issues come in).
    if (item.property === 'images' && item.index === MAX_IMAGES_PER_URL) {
      this.#values.reportAt('IMAGE_TOO_MANY', GOOGLE_ONLY, `More than ${MAX_IMAGES_PER_URL.toLocaleString('en-US')} images in one <url>: this is image ${item.index + 1}`, item.line, item.column, item.path);
    } else if (item.property === 'news' && ++this.#newsCount === MAX_NEWS_PER_SITEMAP + 1) {
      this.#values.reportAt('NEWS_TOO_MANY', GOOGLE_ONLY, `More than ${MAX_NEWS_PER_SITEMAP.toLocaleString('en-US')} <${at.itemName}> entries in one sitemap ("Too many News URLs"): split the file`, item.line, item.column, item.path);
    }
    this.checkValues(compiled, at);
    if (item.property === 'videos') this.checkVideoLocation(at);
  }

  /**
   * How validate weighs an extension issue the parser reported, by profile (`[google, xsd]`):
   * null drops it (the rules above report it, more precisely); undefined: not an extension issue.
   * Call it after the walk: the items' values say what the issue is about.
   *
   * @example
   * const severity = extensionRules.parserIssueSeverity(issue, 1); // in the xsd profile
   */
  parserIssueSeverity(issue: Issue, profileIndex: 0 | 1): IssueSeverity | null | undefined {
    switch (issue.code) {
      case 'SITEMAP_EXTENSION_MISSING_TAG': return null; // checkStructure, per profile
      case 'SITEMAP_EXTENSION_BAD_VALUE':
        // Not a number / not yes-no. video:price is an xsd:string in the XSD: only Google needs a number.
        return this.#schemaTakes.get(`${issue.line}:${issue.column}`) === 'price' ? GOOGLE_ONLY[profileIndex] : 'error';
      case 'SITEMAP_EXTENSION_IGNORED':
        // Left out by the parser; the XSDs reject unknown children and attributes, except those xhtml1-strict.xsd declares on <link>.
        return this.#schemaTakes.get(`${issue.line}:${issue.column}`) === 'linkAttribute' ? 'warning' : XSD_ONLY[profileIndex];
      default: return undefined;
    }
  }

  /**
   * Notes where an alternate has an attribute xhtml1-strict.xsd declares on `<link>` besides the
   * three it is read from (schemaTakes): one set lookup per attribute, and only what the parser
   * left out is kept, so the map holds no more than its issues.
   */
  private markLinkAttributes(item: ExtensionItemSource): void {
    for (const source of item.values) {
      const name = source.name;
      if (!ALTERNATE_VALUE_NAMES.has(name) && LINK_ATTRIBUTE_VALUE_NAMES.has(name)) this.#schemaTakes.set(`${source.line}:${source.column}`, 'linkAttribute');
    }
  }

  /** The open `<url>` ended; `loc` is its first loc ('' when it had none). */
  endEntry(loc: string): void {
    this.active = false;
    if (this.#videoLocations.length > 0 && loc !== '') {
      // The same URL however written (RFC 3986 §6.2.2): https://EXAMPLE.com/page is the page https://example.com/page.
      const page = comparableUrl(loc);
      for (const video of this.#videoLocations) {
        const value = trimXmlSpace(video.source.raw);
        if (comparableUrl(value) !== page) continue;
        const name = video.source.name;
        const at = this.#context.of(video.item);
        const spelling = value === loc ? '' : ` (${loc}, written another way)`;
        this.#values.report('VIDEO_LOCATION_IS_PAGE', GOOGLE_ONLY, `<${at.qualified(name)}> is the page's own <loc>${spelling}: it must point to the video file or player, not the page`, video.source, at.pathOf(name), value);
      }
    }
    this.#videoLocations.length = 0;
    this.#hreflang.endEntry(loc);
  }

  /**
   * The document ended: the counts of the issues reported once per element kind, and hreflang
   * reciprocity across the file (`isListed`: is a URL a `<loc>` of this file).
   */
  finish(isListed: (loc: string) => boolean = () => false): void {
    this.#others.finish();
    this.#hreflang.finish(isListed);
  }

  // ------------------------------------------------------------------ every item
  /** Schema order (the XSDs' sequences), required children and attributes: one pass over the sources. */
  private checkStructure(compiled: CompiledRule, at: ItemContext): void {
    const values = at.item.values;
    const seen = this.#seen;
    seen.fill(0, 0, compiled.groupOf.length);
    if (this.#sourceSlots.length < values.length) this.#sourceSlots = new Int32Array(values.length * 2);
    const sourceSlots = this.#sourceSlots;
    let last = -1, lastName = '';
    const video = at.item.property === 'videos';
    for (let i = 0; i < values.length; i++) {
      const source = values[i]!;
      // A price that is no number, which the parser left out: only Google needs a number (parserIssueSeverity).
      if (video && source.name === 'price' && !isDecimal(trimXmlSpace(source.raw))) this.#schemaTakes.set(`${source.line}:${source.column}`, 'price');
      const slot = compiled.slots.get(source.name);
      sourceSlots[i] = slot ?? -1;
      if (slot === undefined) continue;
      if (seen[slot] === 0) seen[slot] = i + 1;
      const group = compiled.groupOf[slot]!;
      if (group >= 0 && seen[group] === 0) seen[group] = i + 1;
      const order = compiled.order[slot]!;
      if (order >= 0) {
        if (order < last) {
          this.#values.report('SITEMAP_CHILD_ORDER', XSD_ONLY, `<${at.qualified(source.name)}> after <${at.qualified(lastName)}>: the schema wants the order ${compiled.orderText}`, source, at.pathOf(source.name));
        } else { last = order; lastName = source.name; }
      }
      const attributes = compiled.requiredAttributes[slot];
      if (attributes !== null && attributes !== undefined) {
        // An element's attribute sources come right before its own (read at its start tag).
        for (const attribute of attributes) {
          const wanted = `${source.name}@${attribute}`;
          let found = false;
          for (let j = i - 1; j >= 0 && values[j]!.name.startsWith(source.name + '@'); j--) if (values[j]!.name === wanted) { found = true; break; }
          if (!found) this.#values.reportAt('SITEMAP_EXTENSION_MISSING_TAG', BOTH, `<${at.qualified(source.name)}> has no ${attribute} attribute`, source.line, source.column, at.pathOf(source.name));
        }
      }
    }
    for (const part of compiled.required) {
      if (seen[part.slot] !== 0 || (part.groupSlot >= 0 && seen[part.groupSlot] === 0)) continue;
      if (part.name.charCodeAt(0) === 64 /* @ */) {
        this.#values.reportAt('SITEMAP_EXTENSION_MISSING_TAG', BOTH, `<${at.itemName}> has no ${part.name.slice(1)} attribute`, at.item.line, at.item.column, at.item.path);
      } else this.missing(part, at);
    }
  }

  private missing(part: RequiredPart, at: ItemContext): void {
    const name = part.name;
    const owner = name.includes('/') ? at.qualified(name.slice(0, name.lastIndexOf('/'))) : at.itemName;
    const code = part.missing?.code ?? 'SITEMAP_EXTENSION_MISSING_TAG';
    this.#values.reportAt(code, SEVERITY[part.missing?.severity ?? 'both'], `<${owner}> has no <${at.qualified(name)}>${searchConsoleNote(code)}`, at.item.line, at.item.column, at.item.path);
  }

  /** Each value by its row (extension-values.ts), and how often a repeated one occurs; after checkStructure (its sourceSlots). */
  private checkValues(compiled: CompiledRule, at: ItemContext): void {
    const values = at.item.values;
    const occurrences = this.#occurrences;
    occurrences.fill(0, 0, compiled.groupOf.length);
    const sourceSlots = this.#sourceSlots;
    for (let i = 0; i < values.length; i++) {
      const slot = sourceSlots[i]!;
      if (slot < 0) continue;
      const source = values[i]!;
      const value = compiled.values[slot]!;
      this.#values.check(source, value, at);
      const limit = value.rule.maxOccurs;
      if (limit !== undefined && ++occurrences[slot]! === limit.max + 1) {
        this.#values.report(limit.code, SEVERITY[limit.severity], messageFor(limit.message, source, at, ''), source, at.pathOf(source.name));
      }
    }
  }

  /** Google needs a video's file or player (content_loc, player_loc), and neither may be the page itself (compared when the entry ends). */
  private checkVideoLocation(at: ItemContext): void {
    let hasLocation = false;
    for (const source of at.item.values) {
      if (source.name !== 'content_loc' && source.name !== 'player_loc') continue;
      hasLocation = true;
      this.#videoLocations.push({ source, item: at.item });
    }
    if (!hasLocation) {
      this.#values.reportAt('VIDEO_MISSING_LOCATION', GOOGLE_ONLY, `<${at.itemName}> has neither <${at.qualified('content_loc')}> nor <${at.qualified('player_loc')}>: Google needs one of them to index the video`, at.item.line, at.item.column, at.item.path);
    }
  }
}

/** The value names (`@name`) of the attributes an alternate is read from: never left out. */
const ALTERNATE_VALUE_NAMES: ReadonlySet<string> = new Set(EXTENSION_RULES.find((rule) => rule.property === 'alternates')!.attributes.map((attribute) => `@${attribute.name}`));
/** The value names of the attributes xhtml1-strict.xsd declares on `<link>`. */
const LINK_ATTRIBUTE_VALUE_NAMES: ReadonlySet<string> = new Set([...XHTML_LINK_ATTRIBUTES].map((name) => `@${name}`));
