// The pieces of reading extension items (SPEC.md §3) that are data rather than the walk: what an
// observer is told about each item (its sources), the extension rules of rules.ts compiled against
// a core's name ids, the reused lists and frames an ExtensionReader (extensions.ts) fills.

import { EXTENSION_RULES, type ExtensionItemRule, type ExtensionValueRule, type ExtensionValueType } from '../model/rules';
import type { ExtensionElement, SitemapAlternate, SitemapImage, SitemapNews, SitemapVideo } from '../model/types';
import { NextRecord, type DocumentWalker } from './walker';

/** One value an extension item was read from, as written: what validate checks, at its position. */
export interface ExtensionValueSource {
  /**
   * Where in the item, by local names: `loc`, `player_loc`, `publication/name`; an attribute
   * after `@` (`player_loc@allow_embed`, or `@hreflang` on the item itself).
   */
  name: string;
  /** The text (all of the element's text runs, untrimmed) or attribute value, entity-decoded. */
  raw: string;
  /** Position of the element's start tag (of the attribute, for an attribute). */
  line: number;
  column: number;
  /** Position of the element's first text run (0 when it has none; for attributes, as line/column). */
  textLine: number;
  textColumn: number;
}

/** An extension element of a `<url>` that was read, with where everything in it was (for observers). */
export interface ExtensionItemSource {
  /** Which `SitemapUrl` property it went to (`extensions` for an unknown one). */
  property: 'images' | 'videos' | 'news' | 'alternates' | 'extensions';
  /** Its index in that property's array (0 for news). */
  index: number;
  /** The value as it is in the result. */
  value: SitemapImage | SitemapVideo | SitemapNews | SitemapAlternate | ExtensionElement;
  /** Namespace URI of the item element. */
  namespace: string;
  /** The item element's name as the document wrote it, `video:video`: its prefix names the item's children. */
  element: string;
  /** Position of its start tag. */
  line: number;
  column: number;
  /** Issue path of the item element, e.g. `urlset/url[3]/image:image[2]`. */
  path: string;
  /** The number of its entry (3 for `urlset/url[3]/image:image[2]`), for issues about it. */
  entry: number;
  /** Every child element and attribute read, in document order (duplicates and unknown ones too; empty for unknown extensions). */
  values: ExtensionValueSource[];
  /**
   * For an unknown extension: one number for its namespace and local name, the same for every
   * element of that kind in the document (compared in O(1) however long the namespace URI is).
   */
  kind?: number;
}

// ------------------------------------------------------------------------------------------
// Rules compiled against a reader's name ids (the known names have the same ids in every core).

/** A node of an item's rule tree: the item element, a group, an element with attributes, or a leaf. */
export interface RuleNode {
  /** Local name (messages and observer names). */
  readonly name: string;
  /** Property in the parent object. */
  readonly property: string;
  readonly type: ExtensionValueType;
  readonly required: boolean;
  readonly repeated: boolean;
  readonly emptyIsAbsent: boolean;
  /** No attributes and no children: the value is the converted text. */
  readonly leaf: boolean;
  /** Object nodes: output properties in order, [text], attributes, children (one slot each). */
  readonly properties: readonly string[];
  /** Slot of the text (-1: the text is not kept: items and groups). */
  readonly textSlot: number;
  readonly attributes: readonly RuleNode[];
  readonly children: readonly RuleNode[];
  /** Local-name id → index in `attributes` / `children` (-1: not one of them). */
  readonly attributeById: Int16Array;
  readonly childById: Int16Array;
  /** Its slot in the parent object. */
  readonly slot: number;
  /** Index of the node's own state in a reader (scratch values, last value read). */
  readonly id: number;
  /**
   * Its ExtensionValueSource name (`publication/name`, `player_loc@allow_embed`, `@rel`; '' for
   * the item), made once here: validate looks each source up by name, and a constant string has
   * its hash already where one made per value is hashed afresh each time.
   */
  readonly sourceName: string;
}

export interface CompiledItem {
  readonly rule: ExtensionItemRule;
  readonly namespaceId: number;
  readonly elementId: number;
  /** Id of the attribute an element needs to be this item (-1: none needed). */
  readonly markerId: number;
  readonly root: RuleNode;
  /** Alternates: the ids of rel, hreflang and href, for the quick path (see readAlternate). */
  readonly alternateIds: readonly [number, number, number] | null;
}

/**
 * A list filled again and again (an entry's images, an item's repeated children) that keeps its
 * storage between fills: `length = 0` gives a V8 array an empty backing store, and the next push
 * allocates one of 17 slots again (mixed-50k.xml: 5.7 of the 31 MB a parse allocates in the young
 * generation went to those, measured with V8's sampling heap profiler, 2026-11-24). Slots past
 * `count` still hold values of earlier fills (as many as the longest fill); take() copies only
 * the current ones.
 *
 * @example
 * images.push(image);
 * url.images = images.take(); // an exact-size copy; the list is filled again for the next entry
 */
export class ReusedList<T> {
  readonly items: T[] = [];
  count = 0;

  push(value: T): void {
    this.items[this.count++] = value;
  }

  /** The values of this fill, as an array of their exact size. */
  take(): T[] {
    return this.items.slice(0, this.count);
  }
}

function idTable(ids: Map<string, number>, names: readonly string[]): Int16Array {
  let size = 0;
  for (const name of names) size = Math.max(size, ids.get(name)! + 1);
  const table = new Int16Array(size).fill(-1);
  names.forEach((name, index) => { table[ids.get(name)!] = index; });
  return table;
}

/** Nodes compiled so far (each has its own state in a reader). */
let nodeCount = 0;

function compileNode(ids: Map<string, number>, rule: ExtensionValueRule | ExtensionItemRule, slot: number, sourceName: string): RuleNode {
  const value = 'type' in rule ? rule : null;
  const attributes = rule.attributes ?? [];
  const children = rule.children ?? [];
  const textProperty = value?.textProperty;
  const firstAttribute = textProperty ? 1 : 0;
  const compiledAttributes = attributes.map((attribute, index) => compileNode(ids, attribute, firstAttribute + index, `${sourceName}@${attribute.name}`));
  const compiledChildren = children.map((child, index) => compileNode(ids, child, firstAttribute + attributes.length + index, sourceName === '' ? child.name : `${sourceName}/${child.name}`));
  const leaf = value !== null && compiledAttributes.length === 0 && compiledChildren.length === 0;
  // Frames mark the slots they have seen in one 32-bit number: no rule has more than 31 parts
  // (test/rule-table.test.ts checks the table, rather than every browser at run time).
  const name = value?.name ?? (rule as ExtensionItemRule).element;
  const property = rule.property;
  const type = value?.type ?? 'text';
  return {
    slot,
    id: nodeCount++,
    sourceName,
    name, property, type,
    required: value?.required === true,
    repeated: value?.repeated === true,
    emptyIsAbsent: value?.emptyIsAbsent === true,
    leaf,
    properties: [...(textProperty ? [textProperty] : []), ...attributes.map((a) => a.property), ...children.map((c) => c.property)],
    textSlot: leaf ? 0 : textProperty ? 0 : -1,
    attributes: compiledAttributes,
    children: compiledChildren,
    attributeById: idTable(ids, attributes.map((a) => a.name)),
    childById: idTable(ids, children.map((c) => c.name)),
  };
}

const compiledByIds = new WeakMap<Map<string, number>, CompiledItem[]>();

/**
 * EXTENSION_RULES compiled against a core's name ids, once per id table (the known names have the
 * same ids in every core).
 *
 * @example
 * const items = compileRules(reader.ids);
 */
export function compileRules(ids: Map<string, number>): CompiledItem[] {
  let items = compiledByIds.get(ids);
  if (items) return items;
  items = EXTENSION_RULES.map((rule) => ({
    rule,
    namespaceId: ids.get(rule.namespace)!,
    elementId: ids.get(rule.element)!,
    markerId: rule.marker === undefined ? -1 : ids.get(rule.marker)!,
    root: compileNode(ids, rule, 0, ''),
    alternateIds: rule.property === 'alternates' && rule.attributes.map((attribute) => attribute.property).join() === 'rel,hreflang,href'
      ? [ids.get('rel')!, ids.get('hreflang')!, ids.get('href')!] as const : null,
  }));
  compiledByIds.set(ids, items);
  return items;
}

// ------------------------------------------------------------------------------------------
// Values

/**
 * A `yesno` value (rules.ts ExtensionValueType) by its lower-cased text.
 *
 * @example
 * YES_NO['Yes'.toLowerCase()]; // true
 */
export const YES_NO: Readonly<Record<string, boolean>> = { yes: true, no: false };

/**
 * What an open element of a typed item collects (pooled: one per nesting level).
 *
 * @example
 * const frame = frames[level] ??= new Frame();
 */
export class Frame {
  node!: RuleNode;
  depth = 0;
  prefix = 0;
  local = 0;
  line = 0;
  column = 0;
  textLine = 0;
  textColumn = 0;
  text = '';
  /** Object nodes: a value per slot (the reader's scratch array for the node). */
  values: unknown[] = [];
  /** Object nodes: slots seen (duplicates keep the first). */
  seen = 0;
  /**
   * Items and groups: the elements inside that the schema does not have, kept whole; null while
   * there are none (set only when one comes, cleared when the object is built or the reader resets).
   */
  extensions: ExtensionElement[] | null = null;
}

/** What an ExtensionReader is reading in the open extension element. */
export const enum Mode {
  None = 0,
  /** A typed item (image, video, news, alternate). */
  Item = 1,
  /** An unknown extension, or an unknown element inside a typed item, built as a tree. */
  Tree = 2,
  /** Not read: an unbound prefix (an XML error already) or a second news:news. */
  Skip = 3,
  /** An item of attributes only, read from its start tag: what is inside it is reported and left out. */
  Read = 4,
}

/**
 * What a missing required value is kept as: an empty string, or an object of its required parts as empty strings.
 *
 * @example
 * value = emptyValue(part); // '' for a missing <image:loc>
 */
export function emptyValue(node: RuleNode): unknown {
  if (node.leaf) return node.type === 'text' ? '' : undefined;
  const object: Record<string, unknown> = {};
  if (node.textSlot >= 0 && node.type === 'text') object[node.properties[node.textSlot]!] = '';
  for (const part of [...node.attributes, ...node.children]) if (part.required) object[part.property] = emptyValue(part);
  return object;
}

/**
 * An unknown extension element from the walker's current start tag (attributes and children come later).
 *
 * @example
 * const element = newElement(walker); // { namespace, name, prefix? }
 */
export function newElement(walker: DocumentWalker): ExtensionElement {
  const reader = walker.reader;
  const prefix = walker.prefix;
  const element: ExtensionElement = { namespace: reader.name(walker.namespace), name: reader.name(walker.local) };
  if (prefix > 0) element.prefix = reader.name(prefix);
  return element;
}

/**
 * Does the walker's current start tag have the unprefixed attribute `local`? Its attribute
 * records follow it in the same batch.
 *
 * @example
 * if (hasAttribute(walker, hreflangId)) readAsAlternate();
 */
export function hasAttribute(walker: DocumentWalker, local: number): boolean {
  const mark = walker.mark();
  let found = false;
  for (let next = walker.advance(); next !== NextRecord.End; next = walker.advance()) {
    if (next === NextRecord.Attribute) {
      if (walker.local === local && walker.prefix === 0) { found = true; break; }
    } else if (next !== NextRecord.NamespaceDeclaration && next !== NextRecord.Error) break;
  }
  walker.restore(mark);
  return found;
}

/**
 * The key of an unknown element's kind: its namespace and local name ids (both under 65,536,
 * assembly/strings.ts MAX_STRINGS). Not the strings joined: that made a string as long as the
 * namespace URI for every element, and a 200,000-character URI on 8,000 elements took 2 s (issue #22).
 *
 * @example
 * const key = unknownKey(namespaceId, localId);
 */
export function unknownKey(namespace: number, local: number): number {
  return namespace * 65536 + local;
}

/**
 * The namespace id of an ExtensionItemSource `kind` (the same for every element of that namespace
 * in the document).
 *
 * @example
 * namespaceOfKind(item.kind!) === namespaceOfKind(other.kind!); // same namespace URI, compared in O(1)
 */
export function namespaceOfKind(kind: number): number {
  return Math.floor(kind / 65536);
}
