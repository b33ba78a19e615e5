// Writing the extension elements of a `<url>` (SPEC.md §3) into the serializer's batch strings:
// the typed image, video, news and hreflang values by the rules in rules.ts, unknown extensions
// from their element trees (also those kept inside an item, after the item's own elements).
// Values are checked here and escaped by the core with the rest of the batch; markup goes in as
// template markers (see serialize.ts), so no value can add markup.

import { invalidValueError, type SitemapError } from '../model/errors';
import { SITEMAP_NAMESPACE } from '../model/limits';
import { EXTENSION_RULES, type ExtensionItemRule, type ExtensionValueRule } from '../model/rules';
import { isDecimal, trimXmlSpace } from '../values/text';
import type { ExtensionElement } from '../model/types';
import { dateObjectProblem, facetProblem, formatDecimal, schemaFacets, schemaMaxOccurs, xsdDateProblem } from '../values/xsd-values';
import type { ValueFacet } from '../model/value-rules';

/** The marker characters of the markup templates (one character each, see serialize.ts). */
export interface MarkupMarkers {
  /** `<` */ readonly open: string;
  /** `</` */ readonly openClose: string;
  /** `>` */ readonly close: string;
  /** `/>` */ readonly closeEmpty: string;
  /** `="` */ readonly valueOpen: string;
  /** `"` */ readonly valueClose: string;
  /** `&#9;`: a tab in an attribute value (a raw one would read back as a space). */
  readonly tab: string;
  /** `&#10;`: a line feed in an attribute value. */
  readonly lineFeed: string;
}

const XML_NAMESPACE = 'http://www.w3.org/XML/1998/namespace';
/** How deep the parser reads (assembly/tokenizer.ts MAX_DEPTH): an element at this level below the root or deeper is refused. */
const MAX_ELEMENT_LEVELS = 512;
/** How many attributes (namespace declarations included) the parser keeps on one element (assembly/tokenizer.ts MAX_ATTRIBUTES). */
const MAX_ATTRIBUTES_PER_ELEMENT = 1024;
const XMLNS_NAMESPACE = 'http://www.w3.org/2000/xmlns/';
/** What XML 1.0 cannot carry (its Char production), as UTF-16: controls, U+FFFE/U+FFFF, lone surrogates. Also serialize.ts's. */
/** A UTF-16 surrogate without its pair: no character at all. */
export const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
export const NOT_XML_CHARACTER = new RegExp('[\\0-\\x08\\x0b\\x0c\\x0e-\\x1f\\ufffe\\uffff]|' + LONE_SURROGATE.source);
/** Namespaces in XML 1.0 NCName (XML 1.0 fifth edition name characters, no colon). */
const NCNAME = /^[A-Z_a-z\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u02ff\u0370-\u037d\u037f-\u1fff\u200c\u200d\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\u{10000}-\u{effff}][-.0-9A-Z_a-z\u00b7\u00c0-\u00d6\u00d8-\u00f6\u00f8-\u037d\u037f-\u1fff\u200c\u200d\u203f\u2040\u2070-\u218f\u2c00-\u2fef\u3001-\ud7ff\uf900-\ufdcf\ufdf0-\ufffd\u{10000}-\u{effff}]*$/u;

function invalid(message: string, path: string): SitemapError {
  return invalidValueError(message, path);
}

/**
 * The refusal of a value with a character XML 1.0 cannot carry at `index` (`shown`: how the message names the value).
 *
 * @example
 * throw notXmlCharacter(show(value), value, match.index, path);
 */
export function notXmlCharacter(shown: string, value: string, index: number, path: string): SitemapError {
  return invalid(`${shown} contains ${describeCharacter(value, index)} at index ${index}, which XML 1.0 does not allow`, path);
}

/** A value as a refusal message shows it (also serialize.ts's). */
export function show(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value.length > 80 ? value.slice(0, 80) + '…' : value);
  if (value === null) return 'null';
  if (typeof value === 'object') return (value as object).constructor?.name ?? 'object';
  return `${typeof value} ${String(value)}`;
}

/** How a value is checked and written (ExtensionValueRule.type, as a number for a quick switch). */
const enum ValueKind {
  Text,
  Number,
  YesNo,
}

/**
 * The markup of one rule node, with the prefix of this document, and the rule's fields the
 * writer reads per value. One class, every field always set: the rules themselves come in a dozen
 * shapes (their optional fields), and reading them per value made V8's property loads
 * megamorphic.
 */
class NodeMarkup {
  /** A value's element or attribute (null: an item's outer element). */
  readonly rule: ExtensionValueRule | null;
  /** `image:loc` (an attribute: `allow_embed`). */
  readonly name: string;
  /** Its step in an error's path: the element name, `@allow_embed` for an attribute. */
  readonly segment: string;
  /** The property of the item (or group) object that holds its value. */
  readonly property: string;
  readonly kind: ValueKind;
  /** ExtensionValueRule.input, '' for none. */
  readonly input: string;
  readonly required: boolean;
  readonly repeated: boolean;
  readonly emptyIsAbsent: boolean;
  /** The property that holds the text of an element with attributes, '' for none. */
  readonly textProperty: string;
  /** What to write for a required attribute the input leaves out ('' for none). */
  readonly fallback: string;
  /** A value given as an object (attributes and a text, or a group of children), not as itself. */
  readonly takesObject: boolean;
  /** Indentation (pretty) + `<image:loc` (without the `>`, so attributes can follow). */
  readonly open: string;
  /** `open` + `>`: a text-only element's whole start tag (two markers). */
  readonly openLeaf: string;
  /** An attribute: ` allow_embed="` (one marker). */
  readonly attributeOpen: string;
  /** `</image:loc>` + line break (pretty). */
  readonly closeTag: string;
  readonly attributes: readonly NodeMarkup[];
  readonly children: readonly NodeMarkup[];
  /** The item's namespace URI. */
  readonly namespace: string;
  /** Nesting level below the root (2 for an item), for indenting the unknown elements inside it. */
  readonly depth: number;
  /** The schema's facets for its value (its value row's, xsd-values.ts schemaFacets). */
  readonly facets: readonly ValueFacet[];
  /** How many times it may repeat (repeated values), Infinity when the schema sets no bound. */
  readonly maxOccurs: number;
  /** An item's outer element, once the root is out: ` xmlns:image="…"` (two markers), else ''. */
  declaration = '';

  /** `valueKey`: its key in model/value-rules.ts (`videos/tvshow/video_type`, `videos/price@currency`, `alternates/@hreflang`). */
  constructor(rule: ExtensionValueRule | null, name: string, open: string, close: string, valueOpen: string, closeTag: string, attributes: readonly NodeMarkup[], children: readonly NodeMarkup[], namespace: string, depth: number, isAttribute: boolean, valueKey: string) {
    this.rule = rule;
    this.name = name;
    this.segment = isAttribute ? `@${name}` : name;
    this.property = rule?.property ?? '';
    this.kind = rule?.type === 'number' ? ValueKind.Number : rule?.type === 'yesno' ? ValueKind.YesNo : ValueKind.Text;
    this.input = rule?.input ?? '';
    this.required = rule?.required === true;
    this.repeated = rule?.repeated === true;
    this.emptyIsAbsent = rule?.emptyIsAbsent === true;
    this.textProperty = rule?.textProperty ?? '';
    this.fallback = rule?.default ?? '';
    this.takesObject = rule !== null && (rule.textProperty !== undefined || rule.children !== undefined);
    this.open = open;
    this.openLeaf = open + close;
    this.attributeOpen = ` ${name}${valueOpen}`;
    this.closeTag = closeTag;
    this.attributes = attributes;
    this.children = children;
    this.namespace = namespace;
    this.depth = depth;
    this.facets = schemaFacets(valueKey);
    this.maxOccurs = rule === null ? Infinity : schemaMaxOccurs(rule);
  }
}

/**
 * Writes the extensions of the entries of one document and keeps the namespaces they use, for
 * the root element's declarations. Prefixes: a typed extension gets its usual one (`image`,
 * `video`, `news`, `xhtml`), an unknown element the one it has, unless another namespace of the
 * document has it already (then `prefix1`, `prefix2`, …).
 *
 * @example
 * const writer = new ExtensionWriter(markers, false);
 * batch += writer.write(url, index); markers += writer.markers;
 * writer.declarations; // [['image', 'http://www.google.com/schemas/sitemap-image/1.1'], …]
 */
export class ExtensionWriter {
  /** `[prefix, namespace]` in the order first used: the root declares each. */
  readonly declarations: [string, string][] = [];
  /** Markers in the text the last `write` returned. */
  markers = 0;
  readonly #uriByPrefix = new Map<string, string>();
  readonly #prefixByUri = new Map<string, string>();
  readonly #markupByRule = new Map<ExtensionItemRule, NodeMarkup>();
  readonly #open: string;
  readonly #openClose: string;
  readonly #close: string;
  readonly #closeEmpty: string;
  readonly #valueOpen: string;
  readonly #valueClose: string;
  readonly #tab: string;
  readonly #lineFeed: string;
  /** Characters of the piece being written. */
  #text = '';
  #count = 0;
  /** Set by `explain`: every value is also checked for characters XML cannot carry. */
  #checking = false;
  /** Namespaces first used after `freeze()`, with the prefix each got (never given to another). */
  readonly #localPrefixByUri = new Map<string, string>();
  /** Declarations the element being written needs on itself (frozen writers only). */
  #pending: [string, string][] = [];
  /**
   * Where in the entry the value being written is, for an error's path only, which is made when
   * one is thrown (`urlset/url[3]/video:video[1]/video:player_loc/@allow_embed`). Making every
   * value's path up front (template strings, numbers made strings, a wrapper object per text
   * element) was work and garbage for the error case only; dropping it, with the megamorphic
   * rule loads (NodeMarkup), took ~27% off writeSitemaps on limit-50mb.xml's entries
   * (2026-11-24). Per step below the entry: its segment, and its 1-based index among its like
   * (0: none).
   */
  #entryIndex = 0;
  readonly #trailSegments: string[] = [];
  readonly #trailIndexes: number[] = [];
  #trailDepth = 0;

  /**
   * `frozen`: the root start tag has gone out already (a streaming writer handed out its head),
   * so namespaces cannot be added to it: see `freeze`.
   */
  constructor(markers: MarkupMarkers, private readonly pretty: boolean, private frozen = false) {
    ({ open: this.#open, openClose: this.#openClose, close: this.#close, closeEmpty: this.#closeEmpty, valueOpen: this.#valueOpen, valueClose: this.#valueClose, tab: this.#tab, lineFeed: this.#lineFeed } = markers);
  }

  /**
   * The extension elements of `url` (entry `index`, 0-based) as batch text; `markers` then
   * holds how many markers it has. Throws SitemapError (with the path) for a value that
   * cannot be written so that it reads back the same.
   */
  write(url: Readonly<Record<string, unknown>>, index: number): string {
    this.#text = '';
    this.#count = 0;
    this.#entryIndex = index;
    this.#trailDepth = 0;
    for (const rule of EXTENSION_RULES) {
      const value = url[rule.property];
      if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) continue; // nothing to declare either
      const markup = this.markupOf(rule);
      if (rule.single) {
        this.writeItem(markup, value, 1);
        continue;
      }
      if (!Array.isArray(value)) throw invalid(`must be an array, got ${show(value)}`, this.path(rule.property));
      for (let i = 0; i < value.length; i++) this.writeItem(markup, value[i], i + 1);
    }
    const extensions = url.extensions;
    if (extensions !== undefined && extensions !== null) {
      if (!Array.isArray(extensions)) throw invalid(`must be an array of elements, got ${show(extensions)}`, this.path('extensions'));
      const entryPath = this.path();
      for (let i = 0; i < extensions.length; i++) this.writeUnknown(extensions[i], `${entryPath}/extensions[${i + 1}]`);
    }
    this.markers = this.#count;
    return this.#text;
  }

  /**
   * After the core refused a batch: finds the value of `url` with a character XML cannot carry
   * and throws with its path (returns when there is none).
   */
  explain(url: Readonly<Record<string, unknown>>, index: number): void {
    this.#checking = true;
    try {
      this.write(url, index);
    } finally {
      this.#checking = false;
    }
  }

  /** Throws when `value` (written at `path`) has a character XML 1.0 cannot carry. */
  private checkCharacters(value: string, path: string): void {
    const match = NOT_XML_CHARACTER.exec(value);
    if (match) throw notXmlCharacter(show(value), value, match.index, path);
  }

  // ------------------------------------------------------------------------------ paths
  private enter(segment: string, index: number): void {
    this.#trailSegments[this.#trailDepth] = segment;
    this.#trailIndexes[this.#trailDepth++] = index;
  }

  /** The path of the step entered last (the entry's, with none), and `tail` below it when given. */
  private path(tail = ''): string {
    let path = `urlset/url[${this.#entryIndex + 1}]`;
    for (let i = 0; i < this.#trailDepth; i++) {
      const index = this.#trailIndexes[i]!;
      path += index > 0 ? `/${this.#trailSegments[i]}[${index}]` : `/${this.#trailSegments[i]}`;
    }
    return tail === '' ? path : `${path}/${tail}`;
  }

  /**
   * The root's declarations are final from now on (its start tag was handed out): an element in a
   * namespace the root does not declare declares it itself (` xmlns:p="…"` on the item's outer
   * element, or on each unknown element that uses it). Valid XML, a few bytes more per item.
   */
  freeze(): void {
    if (this.frozen) return;
    this.frozen = true;
    // Typed items whose markup was built before are declared on the root already.
  }

  // ------------------------------------------------------------------------------ namespaces
  /** The prefix to write for `namespace`, `preferred` when it is free (or already that namespace's). */
  private bind(preferred: string, namespace: string): string {
    const bound = this.#uriByPrefix.get(preferred);
    if (bound === namespace) return preferred;
    if (this.frozen) {
      const root = this.#prefixByUri.get(namespace);
      if (root !== undefined) return root;
      let prefix = this.#localPrefixByUri.get(namespace);
      if (prefix === undefined) {
        const taken = (candidate: string) => this.#uriByPrefix.has(candidate) || [...this.#localPrefixByUri.values()].includes(candidate) || candidate === 'xml' || candidate === 'xmlns';
        prefix = preferred;
        for (let n = 1; taken(prefix); n++) prefix = preferred + n;
        this.#localPrefixByUri.set(namespace, prefix);
      }
      this.#pending.push([prefix, namespace]);
      return prefix;
    }
    if (bound === undefined && preferred !== 'xml' && preferred !== 'xmlns') return this.declare(preferred, namespace);
    const existing = this.#prefixByUri.get(namespace);
    if (existing !== undefined) return existing;
    for (let n = 1; ; n++) if (!this.#uriByPrefix.has(preferred + n)) return this.declare(preferred + n, namespace);
  }

  private declare(prefix: string, namespace: string): string {
    this.#uriByPrefix.set(prefix, namespace);
    if (!this.#prefixByUri.has(namespace)) this.#prefixByUri.set(namespace, prefix);
    this.declarations.push([prefix, namespace]);
    return prefix;
  }

  // ------------------------------------------------------------------------------ typed items
  private markupOf(rule: ExtensionItemRule): NodeMarkup {
    let markup = this.#markupByRule.get(rule);
    if (markup === undefined) {
      const prefix = this.bind(rule.prefix, rule.namespace);
      const pretty = this.pretty;
      const attribute = (value: ExtensionValueRule, depth: number, key: string) => new NodeMarkup(value, value.name, '', '', this.#valueOpen, '', [], [], '', depth, true, `${key}@${value.name}`);
      const build = (name: string, value: ExtensionValueRule | null, attributes: readonly ExtensionValueRule[], children: readonly ExtensionValueRule[], depth: number, key: string): NodeMarkup => {
        const qualified = `${prefix}:${name}`;
        const indent = pretty ? ' '.repeat(2 * depth) : '';
        const leaf = children.length === 0;
        return new NodeMarkup(
          value,
          qualified,
          indent + this.#open + qualified,
          this.#close,
          this.#valueOpen,
          (leaf || !pretty ? '' : indent) + this.#openClose + qualified + this.#close + (pretty ? '\n' : ''),
          attributes.map((each) => attribute(each, depth + 1, value === null ? `${key}/` : key)), // the item's own: `alternates/@hreflang`
          children.map((child) => build(child.name, child, child.attributes ?? [], child.children ?? [], depth + 1, `${key}/${child.name}`)),
          rule.namespace,
          depth,
          false,
          key,
        );
      };
      markup = build(rule.element, null, rule.attributes, rule.children, 2, rule.property);
      if (this.#pending.length > 0) {
        // A typed namespace is plain ASCII: written as it is, between the two value markers.
        markup.declaration = this.#pending.map(([name, uri]) => ` xmlns:${name}${this.#valueOpen}${uri}${this.#valueClose}`).join('');
        this.#pending = [];
      }
      this.#markupByRule.set(rule, markup);
    }
    return markup;
  }

  /** Item `index` (1-based) of an extension: `<image:image>…</image:image>`. */
  private writeItem(markup: NodeMarkup, value: unknown, index: number): void {
    this.enter(markup.segment, index);
    if (value === null || typeof value !== 'object' || Array.isArray(value)) throw invalid(`must be an object, got ${show(value)}`, this.path());
    this.writeElement(markup, value as Record<string, unknown>);
    this.#trailDepth--;
  }

  /** An element given as an object (the step entered last): its attributes, and its text or children. */
  private writeElement(markup: NodeMarkup, object: Readonly<Record<string, unknown>>): void {
    this.#text += markup.open;
    this.#count++;
    if (markup.declaration !== '') {
      this.#text += markup.declaration;
      this.#count += 2;
    }
    const attributes = markup.attributes;
    for (let i = 0; i < attributes.length; i++) {
      const attribute = attributes[i]!;
      let value = object[attribute.property];
      if (value === undefined || value === null) {
        if (attribute.fallback !== '') value = attribute.fallback;
        else if (attribute.required) throw invalid('is required', this.path(attribute.segment));
        else continue;
      }
      this.#text += attribute.attributeOpen;
      this.appendAttributeValue(this.valueText(attribute, value, attribute.segment), this.#checking ? this.path(attribute.segment) : '');
      this.#text += this.#valueClose;
      this.#count += 2;
    }
    const children = markup.children;
    if (children.length === 0 && markup.rule === null) {
      this.#text += this.#closeEmpty + (this.pretty ? '\n' : ''); // an item of attributes only: <xhtml:link …/>
      this.#count++;
      return;
    }
    this.#text += this.#close;
    this.#count++;
    if (children.length === 0) {
      // The text of an element with attributes, in its textProperty.
      const value = object[markup.textProperty];
      if (value === undefined || value === null) {
        if (!markup.emptyIsAbsent) throw invalid('is required', this.path(markup.textProperty));
      } else {
        const text = this.valueText(markup, value, markup.textProperty);
        if (this.#checking) this.checkCharacters(text, this.path(markup.textProperty));
        this.#text += text;
      }
    } else {
      if (this.pretty) this.#text += '\n';
      for (let c = 0; c < children.length; c++) {
        const child = children[c]!;
        const value = object[child.property];
        if (value === undefined || value === null) {
          if (child.required) throw invalid('is required', this.path(child.segment));
          continue;
        }
        if (child.repeated) {
          if (!Array.isArray(value)) throw invalid(`must be an array, got ${show(value)}`, this.path(child.property));
          if (value.length > child.maxOccurs) throw invalid(`has ${value.length} values; the schema allows at most ${child.maxOccurs} <${child.name}> elements`, this.path(child.property));
          for (let i = 0; i < value.length; i++) this.writeChild(child, value[i], i + 1);
        } else this.writeChild(child, value, 0);
      }
      const extensions = object.extensions;
      if (extensions !== undefined && extensions !== null) this.writeInside(markup, extensions, this.path('extensions'));
    }
    this.#text += markup.closeTag;
    this.#count += 2;
  }

  /** A child element of an item or group; `index`: its 1-based place among its repeats, 0 when it does not repeat. */
  private writeChild(markup: NodeMarkup, value: unknown, index: number): void {
    this.enter(markup.segment, index);
    if (markup.takesObject) {
      if (value === null || typeof value !== 'object' || Array.isArray(value) || value instanceof Date) throw invalid(`must be an object, got ${show(value)}`, this.path());
      this.writeElement(markup, value as Record<string, unknown>);
    } else {
      // A text-only element: <image:loc>…</image:loc>.
      const text = this.valueText(markup, value, '');
      if (this.#checking) this.checkCharacters(text, this.path());
      this.#text += markup.openLeaf + text + markup.closeTag;
      this.#count += 4;
    }
    this.#trailDepth--;
  }

  /**
   * A value as the text to write: checked, converted from its lenient form, not yet escaped.
   * `tail`: its step below the one entered last, for an error's path ('' for none).
   */
  private valueText(markup: NodeMarkup, value: unknown, tail: string): string {
    let text: string;
    if (typeof value === 'string' && markup.kind === ValueKind.Text) text = value;
    else if (markup.kind === ValueKind.Number) {
      if (typeof value === 'number') {
        if (!Number.isFinite(value)) throw invalid(`must be a finite number, got ${show(value)}`, this.path(tail));
        text = formatDecimal(value);
      } else {
        if (typeof value !== 'string' || !isDecimal(value)) throw invalid(`must be a number or a decimal string, got ${show(value)}`, this.path(tail));
        text = value;
      }
      if (markup.facets.length > 0) this.checkFacets(markup.facets, text, tail);
      return text;
    } else if (markup.kind === ValueKind.YesNo) {
      if (value === true || value === false) return value ? 'yes' : 'no';
      if (typeof value === 'string' && (value.toLowerCase() === 'yes' || value.toLowerCase() === 'no')) return value.toLowerCase();
      throw invalid(`must be true, false, "yes" or "no", got ${show(value)}`, this.path(tail));
    } else {
      const input = markup.input;
      if (input === 'url' && typeof URL !== 'undefined' && value instanceof URL) text = value.href;
      else if (input === 'date' && value instanceof Date) {
        const problem = dateObjectProblem(value);
        if (problem !== '') throw invalid(problem, this.path(tail));
        return value.toISOString();
      } else if ((input === 'spaces' || input === 'commas') && Array.isArray(value) && value.every((item) => typeof item === 'string')) {
        text = value.join(input === 'spaces' ? ' ' : ', ');
      } else {
        const accepted = input === 'url' ? 'a string or a URL' : input === 'date' ? 'a string or a Date' : input ? 'a string or an array of strings' : 'a string';
        throw invalid(`must be ${accepted}, got ${show(value)}`, this.path(tail));
      }
    }
    // Only a value that starts or ends with a space or a control can have white space to trim.
    const last = text.length - 1;
    if (last >= 0 && (text.charCodeAt(0) <= 0x20 || text.charCodeAt(last) <= 0x20) && trimXmlSpace(text) !== text) {
      throw invalid(`${show(text)} has leading or trailing whitespace, which parsers strip; trim it first`, this.path(tail));
    }
    // The schema's type: a date's by the input it takes, any other by the facet table (URLs are
    // written as given: xsd-values.ts locProblem says why).
    if (markup.input === 'date') {
      const problem = xsdDateProblem(text);
      if (problem !== '') throw invalid(`${show(text)} ${problem}`, this.path(tail));
    }
    if (markup.facets.length > 0) this.checkFacets(markup.facets, text, tail);
    return text;
  }

  private checkFacets(facets: readonly ValueFacet[], text: string, tail: string): void {
    const problem = facetProblem(facets, text);
    if (problem !== '') throw invalid(`${show(text)} ${problem}`, this.path(tail));
  }

  /** Attribute text: tabs and line feeds as references (the core escapes the rest, and CR); `path` is read only when checking. */
  private appendAttributeValue(value: string, path: string): void {
    if (this.#checking) this.checkCharacters(value, path);
    if (value.indexOf('\t') < 0 && value.indexOf('\n') < 0) {
      this.#text += value;
      return;
    }
    for (let i = 0; i < value.length; i++) {
      const c = value[i]!;
      if (c === '\t') { this.#text += this.#tab; this.#count++; } else if (c === '\n') { this.#text += this.#lineFeed; this.#count++; } else this.#text += c;
    }
  }

  // ------------------------------------------------------------------------------ unknown extensions
  /** The unknown elements kept inside an item or group (`extensions` of an image, a video's tvshow…), after its own. */
  private writeInside(markup: NodeMarkup, extensions: unknown, path: string): void {
    if (!Array.isArray(extensions)) throw invalid(`must be an array of elements, got ${show(extensions)}`, path);
    for (let i = 0; i < extensions.length; i++) {
      const where = `${path}[${i + 1}]`;
      const checked = checkElement(extensions[i], where);
      // One of the item's own elements would read back as its property, not as an unknown one.
      const own = checked.namespace === markup.namespace ? markup.children.find((child) => child.rule!.name === checked.name) : undefined;
      if (own !== undefined) throw invalid(`<${checked.name}> in ${markup.namespace} reads back as ${own.rule!.property}: give it there instead`, where);
      this.writeTree(checked, where, SITEMAP_NAMESPACE, this.pretty ? markup.depth + 1 : -1, markup.depth + 1);
    }
  }

  private writeUnknown(element: unknown, path: string): void {
    const checked = checkElement(element, path);
    // What would read back as a typed item must be given as one.
    for (const rule of EXTENSION_RULES) {
      if (checked.namespace !== rule.namespace || checked.name !== rule.element) continue;
      if (rule.marker !== undefined && !(checked.attributes ?? []).some((attribute) => attribute.name === rule.marker && !attribute.namespace)) continue;
      throw invalid(`<${checked.name}> in ${rule.namespace} reads back as an entry of ${rule.property}: give it there instead`, path);
    }
    if (checked.namespace === SITEMAP_NAMESPACE) throw invalid(`is in the sitemap namespace; extension elements must be in another one`, path);
    if (checked.namespace === '') throw invalid(`has no namespace; sitemap.xsd takes extension elements in another namespace only (##other)`, path);
    this.writeTree(checked, path, SITEMAP_NAMESPACE, this.pretty ? 2 : -1, 2);
  }

  /**
   * An unknown element and its subtree; `scope` is the default namespace in force around it.
   * `depth` is its indentation level on a line of its own (pretty), -1 when it is written inline;
   * `level` its nesting below the root element (0), for the limit.
   */
  private writeTree(element: ExtensionElement, path: string, scope: string, depth: number, level: number): void {
    // A <url> anywhere inside would read back as the start of the next entry.
    if (element.namespace === SITEMAP_NAMESPACE && element.name === 'url') throw invalid('a <url> in the sitemap namespace would read back as a new entry', path);
    // Parsers stop at some depth (sitemapkit's own at 512 levels: XML_TOO_DEEP), so deeper would
    // not read back; a tree that contains itself ends here too, not in a stack overflow.
    if (level >= MAX_ELEMENT_LEVELS) throw invalid(`nests deeper than ${MAX_ELEMENT_LEVELS} levels below the root, which parsers refuse (or contains itself)`, path);
    const indent = depth > 0 ? ' '.repeat(2 * depth) : '';
    const lineEnd = depth >= 0 ? '\n' : '';
    let name: string;
    let declaration = '';
    let inner = scope;
    if (element.prefix === undefined) {
      name = element.name;
      if (element.namespace !== scope) {
        declaration = ` xmlns${this.#valueOpen}`;
        inner = element.namespace;
      }
    } else {
      name = `${this.bind(element.prefix, element.namespace)}:${element.name}`;
    }
    this.#text += indent + this.#open + name;
    this.#count++;
    if (declaration !== '') {
      this.#text += declaration;
      this.appendAttributeValue(element.namespace, `${path}/namespace`);
      this.#text += this.#valueClose;
      this.#count += 2;
    }
    const seen = new Set<string>();
    const attributes = element.attributes ?? [];
    for (let i = 0; i < attributes.length; i++) {
      const attribute = attributes[i]!;
      const key = `${attribute.namespace ?? ''} ${attribute.name}`;
      if (seen.has(key)) throw invalid(`has the attribute ${attribute.name}${attribute.namespace ? ` (${attribute.namespace})` : ''} twice`, path);
      seen.add(key);
      let attributeName = attribute.name;
      if (attribute.namespace === XML_NAMESPACE) attributeName = `xml:${attribute.name}`;
      else if (attribute.namespace) attributeName = `${this.bind(attribute.prefix ?? 'ns', attribute.namespace)}:${attribute.name}`;
      this.#text += ` ${attributeName}${this.#valueOpen}`;
      this.appendAttributeValue(attribute.value, `${path}/attributes[${i + 1}]`);
      this.#text += this.#valueClose;
      this.#count += 2;
    }
    // What a parser reads back: sitemapkit's keeps 1,024 attributes on one element, namespace
    // declarations included (assembly/tokenizer.ts MAX_ATTRIBUTES); more would not read back
    // (fuzz seed 20261136, input 845530: recover mode had read an element's attributes past broken ones).
    const declared = (declaration === '' ? 0 : 1) + new Set(this.#pending.map(([prefix]) => prefix)).size;
    if (attributes.length + declared > MAX_ATTRIBUTES_PER_ELEMENT) {
      throw invalid(`has ${attributes.length + declared} attributes and namespace declarations; parsers keep at most ${MAX_ATTRIBUTES_PER_ELEMENT} on one element`, path);
    }
    // Frozen: the namespaces of this element and its attributes that the root does not declare.
    for (let i = 0; i < this.#pending.length; i++) {
      const [declared, namespace] = this.#pending[i]!;
      if (this.#pending.findIndex(([other]) => other === declared) !== i) continue; // the element and an attribute share it
      this.#text += ` xmlns:${declared}${this.#valueOpen}`;
      this.appendAttributeValue(namespace, `${path}/namespace`);
      this.#text += this.#valueClose;
      this.#count += 2;
    }
    this.#pending = [];
    const children = element.children;
    if (children === undefined || children.length === 0) {
      this.#text += this.#closeEmpty + lineEnd;
      this.#count++;
      return;
    }
    this.#text += this.#close;
    this.#count++;
    // Pretty: only element-only content is indented; added white space inside text would be content.
    const onlyElements = depth >= 0 && children.every((child) => typeof child !== 'string');
    if (onlyElements) this.#text += '\n';
    for (let i = 0; i < children.length; i++) {
      const child = children[i];
      const childPath = `${path}/children[${i + 1}]`;
      if (typeof child === 'string') {
        if (this.#checking) this.checkCharacters(child, childPath);
        this.#text += child;
        continue;
      }
      this.writeTree(checkElement(child, childPath), childPath, inner, onlyElements ? depth + 1 : -1, level + 1);
    }
    this.#text += (onlyElements ? indent : '') + this.#openClose + name + this.#close + lineEnd;
    this.#count += 2;
  }
}

/** An unknown element as given: checks its shape and names (values are checked by the core). */
function checkElement(element: unknown, path: string): ExtensionElement {
  if (element === null || typeof element !== 'object' || Array.isArray(element)) throw invalid(`must be an element object ({ namespace, name, … }), got ${show(element)}`, path);
  const { namespace, name, prefix, attributes, children } = element as Record<string, unknown>;
  if (typeof namespace !== 'string') throw invalid(`namespace must be a string (the namespace URI, '' for none), got ${show(namespace)}`, path);
  if (typeof name !== 'string' || !NCNAME.test(name)) throw invalid(`name must be an XML name without a colon, got ${show(name)}`, path);
  if (prefix !== undefined) {
    if (typeof prefix !== 'string' || !NCNAME.test(prefix)) throw invalid(`prefix must be an XML name without a colon, got ${show(prefix)}`, path);
    if (namespace === '') throw invalid(`has the prefix ${prefix} but no namespace (only an unprefixed element can be in no namespace)`, path);
  }
  if (namespace === XMLNS_NAMESPACE || namespace === XML_NAMESPACE) throw invalid(`the namespace ${namespace} is reserved for ${namespace === XML_NAMESPACE ? 'xml:' : 'xmlns'} attributes`, path);
  if (attributes !== undefined) {
    if (!Array.isArray(attributes)) throw invalid(`attributes must be an array, got ${show(attributes)}`, path);
    attributes.forEach((attribute: unknown, i) => {
      const where = `${path}/attributes[${i + 1}]`;
      if (attribute === null || typeof attribute !== 'object') throw invalid(`must be an attribute object ({ name, value }), got ${show(attribute)}`, where);
      const { name: attributeName, value, namespace: attributeNamespace, prefix: attributePrefix } = attribute as Record<string, unknown>;
      if (typeof attributeName !== 'string' || !NCNAME.test(attributeName)) throw invalid(`name must be an XML name without a colon, got ${show(attributeName)}`, where);
      if (typeof value !== 'string') throw invalid(`value must be a string, got ${show(value)}`, where);
      if (attributeNamespace !== undefined && typeof attributeNamespace !== 'string') throw invalid(`namespace must be a string, got ${show(attributeNamespace)}`, where);
      if (attributePrefix !== undefined && (typeof attributePrefix !== 'string' || !NCNAME.test(attributePrefix))) throw invalid(`prefix must be an XML name without a colon, got ${show(attributePrefix)}`, where);
      if (!attributeNamespace && attributePrefix !== undefined) throw invalid(`has the prefix ${String(attributePrefix)} but no namespace`, where);
      if (!attributeNamespace && attributeName === 'xmlns') throw invalid('xmlns is a namespace declaration, not an attribute: the serializer writes those', where);
      if (attributeNamespace === XMLNS_NAMESPACE) throw invalid('namespace declarations are not attributes: the serializer writes those', where);
      if (attributeNamespace === XML_NAMESPACE && attributePrefix !== undefined && attributePrefix !== 'xml') throw invalid(`the xml namespace is written with the prefix xml, not ${String(attributePrefix)}`, where);
      if (attributeNamespace !== XML_NAMESPACE && attributePrefix === 'xml') throw invalid(`the prefix xml is bound to ${XML_NAMESPACE}`, where);
    });
  }
  if (children !== undefined) {
    if (!Array.isArray(children)) throw invalid(`children must be an array of elements and strings, got ${show(children)}`, path);
  }
  if (prefix === 'xml' || prefix === 'xmlns') throw invalid(`the prefix ${prefix} is reserved`, path);
  return element as ExtensionElement;
}

/** The character at `index` as a refusal message names it (also serialize.ts's). */
export function describeCharacter(text: string, index: number): string {
  const code = text.charCodeAt(index);
  const name = `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
  return code >= 0xd800 && code <= 0xdfff ? `a lone surrogate (${name})` : `the character ${name}`;
}
