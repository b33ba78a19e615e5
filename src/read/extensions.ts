// Reading sitemap extensions from the walker's events, inside the parser's one walk (SPEC.md §3):
// Google's image, video and news extensions and `<xhtml:link hreflang>` become typed values by the
// rules in rules.ts; every other element in another namespace is kept whole as an
// ExtensionElement tree, and so is an element inside an image, video or news item (or one of its
// groups) that the schema does not have, on the item's own `extensions`. Matched by namespace
// URI, never by prefix.

import type { ErrorCode } from '../model/errors';
import { createIssue, DuplicateKind } from '../model/issue';
import { isDecimal, trimXmlSpace } from '../values/text';
import type { ExtensionElement, Issue, SitemapAlternate, SitemapImage, SitemapNews, SitemapUrl, SitemapVideo } from '../model/types';
import type { XmlReader } from '../core/xml-reader';
import { NextRecord, type DocumentWalker, type PathBelowEntry } from './walker';
import { compileRules, emptyValue, Frame, hasAttribute, Mode, newElement, ReusedList, unknownKey, YES_NO, type CompiledItem, type ExtensionItemSource, type ExtensionValueSource, type RuleNode } from './extension-items';

export { namespaceOfKind, type ExtensionItemSource, type ExtensionValueSource } from './extension-items';

/** What the reader needs from its parser. */
export interface ExtensionHost {
  readonly issues: Issue[];
  /** Path of the open entry, e.g. `urlset/url[3]`. */
  entryPath(): string;
  /** Number of the open entry, as its path has it (3 for `urlset/url[3]`). */
  entryNumber(): number;
  /** `issue` (SITEMAP_DUPLICATE_FIELD, in `issues` already) is about a second `kind` (validate weighs it by that). */
  duplicate(issue: Issue, kind: DuplicateKind): void;
}

/**
 * Reads the extension elements of one `<url>` at a time, fed by SitemapParser: `begin` for a
 * child of `<url>` outside the sitemap namespace, then `start`/`attribute`/`text`/`end` for
 * everything inside it. `attachTo` moves what was read onto the entry.
 *
 * @example
 * // In SitemapParser's handler of the walker's events (depths count from 0 at the root):
 * if (extensions.depth >= 0) extensions.start(walker, depth);
 * else if (depth === walker.entryDepth + 1) extensions.begin(walker, depth);
 * // …and when the entry is kept:
 * if (extensions.hasValues) extensions.attachTo(url);
 */
export class ExtensionReader implements PathBelowEntry {
  /** Depth of the open extension element (a child of `<url>`), -1 when none is open. */
  depth = -1;
  #mode = Mode.None;
  #items: CompiledItem[] = [];
  #item: CompiledItem | null = null;
  readonly #frames: Frame[] = [];
  #level = 0;
  /** An element inside the open one whose subtree is not read (-1: none). */
  #skipDepth = -1;
  /** The open tree's elements by depth below its root (`tree[0]`). */
  readonly #tree: ExtensionElement[] = [];
  /** Depth of the open tree's root: the extension element, or an unknown element inside a typed item. */
  #treeBase = -1;
  /** The open tree is an unknown element inside a typed item (it goes to the item's `extensions`, then the item goes on). */
  #treeInItem = false;
  /** Some frame kept an unknown element since the last reset (reset then clears what was left). */
  #keptInItems = false;
  #itemLine = 0;
  #itemColumn = 0;
  #itemPrefix = 0;
  #itemLocal = 0;
  #itemIndex = 0;
  /** itemLabel's `image:image`, and the ids it is for (-1: none yet). */
  #itemName = '';
  #itemNamePrefix = -1;
  #itemNameLocal = -1;
  /** Prefix and local-name ids by depth below the open element, for paths. */
  readonly #prefixes: number[] = [];
  /** pathBelowEntry's paths per level below the entry, and the (prefix, local, number) each was made for. */
  readonly #pathKeys: number[] = [];
  readonly #pathTexts: string[] = [];
  readonly #locals: number[] = [];
  #sources: ExtensionValueSource[] | null = null;
  /** Per object node (RuleNode.id): the array its open frame collects values in. */
  readonly #scratch: unknown[][] = [];
  /** Per repeated node (RuleNode.id): the list its parent's open frame collects its values in. */
  readonly #repeatedLists: ReusedList<unknown>[] = [];
  /**
   * Per node: the last text value read. An equal value reuses that string, so the thousands of
   * rel="alternate" and hreflang="en" in a file share a few strings instead of each surviving
   * as its own (fewer live objects: measured on mixed-50k.xml, the garbage collector's share of
   * parsing is about half its work).
   */
  readonly #lastValues: string[] = [];
  /**
   * Short values seen in this document (hreflang="de", language codes…), shared the same way: a
   * small direct-mapped cache, as a Map lookup cost more than the string it saves (15 ms per
   * parse of mixed-50k.xml, measured 2026-11-22).
   */
  readonly #shortValues: string[] = new Array<string>(256).fill('');

  // What the open <url> has so far. The lists are reused; the entry gets exact-size copies
  // (a pushed-to array keeps room for 16 more: ~3 MB of the 31 MB mixed-50k.xml's result).
  readonly #images = new ReusedList<SitemapImage>();
  readonly #videos = new ReusedList<SitemapVideo>();
  #news: SitemapNews | undefined;
  readonly #alternates = new ReusedList<SitemapAlternate>();
  readonly #extensions = new ReusedList<ExtensionElement>();
  /** How many unknown elements of each namespace and name the open entry has read (unknownKey). */
  readonly #unknownCounts = new Map<number, number>();
  /** unknownKey of the open tree's root when it is a child of `<url>`. */
  #treeKey = 0;
  /** Something was read since the last reset (plain entries then cost one test each). */
  #dirty = false;

  /** Told about every item read, with its sources (validate's observer); null: nobody asks. */
  onItem: ((item: ExtensionItemSource) => void) | null = null;

  readonly #host: ExtensionHost;

  constructor(host: ExtensionHost) {
    this.#host = host;
  }

  /** Anything read for the open entry? */
  get hasValues(): boolean {
    return this.#dirty && (this.#images.count > 0 || this.#videos.count > 0 || this.#news !== undefined || this.#alternates.count > 0 || this.#extensions.count > 0);
  }

  /** Forgets what was read (a new entry starts, or the open one was dropped). */
  reset(): void {
    if (!this.#dirty) return;
    this.#dirty = false;
    this.#images.count = 0;
    this.#videos.count = 0;
    this.#alternates.count = 0;
    this.#extensions.count = 0;
    if (this.#unknownCounts.size > 0) this.#unknownCounts.clear();
    this.#news = undefined;
    this.depth = -1;
    this.#mode = Mode.None;
    this.#item = null;
    this.#level = 0;
    this.#skipDepth = -1;
    if (this.#keptInItems) {
      // An entry dropped while an item was open: its frames were not built and still hold elements.
      this.#keptInItems = false;
      this.#treeInItem = false;
      for (const frame of this.#frames) frame.extensions = null;
    }
  }

  /** Puts what was read on the entry (in EXTENSION_RULES order, unknown ones last) and resets. */
  attachTo(url: SitemapUrl): void {
    if (this.#images.count > 0) url.images = this.#images.take();
    if (this.#videos.count > 0) url.videos = this.#videos.take();
    if (this.#news !== undefined) url.news = this.#news;
    if (this.#alternates.count > 0) url.alternates = this.#alternates.take();
    if (this.#extensions.count > 0) url.extensions = this.#extensions.take();
    this.reset();
  }

  /**
   * A child of `<url>` outside the sitemap namespace starts at `depth` (the walker's current
   * start tag; its attribute records follow it in the batch).
   */
  begin(walker: DocumentWalker, depth: number): void {
    const reader = walker.reader;
    const namespace = walker.namespace;
    const local = walker.local;
    const prefix = walker.prefix;
    this.#dirty = true;
    this.depth = depth;
    this.#skipDepth = -1;
    this.#prefixes[0] = prefix;
    this.#locals[0] = local;
    this.#itemLine = walker.line;
    this.#itemColumn = walker.column;
    this.#itemPrefix = prefix;
    this.#itemLocal = local;
    this.#itemIndex = 1;
    if (namespace < 0) {
      this.#mode = Mode.Skip; // an unbound prefix: XML_UNBOUND_PREFIX says where
      return;
    }
    if (this.#items.length === 0) this.#items = compileRules(reader.ids);
    let item: CompiledItem | null = null;
    const items = this.#items;
    for (let i = 0; i < items.length; i++) {
      const candidate = items[i]!;
      if (candidate.namespaceId === namespace && candidate.elementId === local && (candidate.markerId < 0 || hasAttribute(walker, candidate.markerId))) {
        item = candidate;
        break;
      }
    }
    if (item === null) {
      this.#mode = Mode.Tree;
      this.#treeBase = depth;
      const element = newElement(walker);
      this.#tree[0] = element;
      // Its place among the entry's unknown elements of the same name (a path's [n]), counted as
      // they end: rescanning the list made a <url> of 32,000 unknown siblings take seconds.
      this.#treeKey = unknownKey(namespace, local);
      this.#itemIndex = (this.#unknownCounts.get(this.#treeKey) ?? 0) + 1;
      if (this.onItem !== null) this.#sources = [];
      return;
    }
    const rule = item.rule;
    if (rule.single && this.#news !== undefined) {
      this.#itemIndex = 2;
      this.#host.duplicate(this.issue('SITEMAP_DUPLICATE_FIELD', 'warning', `A second <${this.qualifiedName(reader, this.#itemPrefix, local)}> in one <url>: the first one is kept`, this.#itemLine, this.#itemColumn, this.itemPath(reader)), DuplicateKind.Item);
      this.#mode = Mode.Skip;
      return;
    }
    this.#mode = Mode.Item;
    this.#item = item;
    this.#itemIndex = rule.property === 'images' ? this.#images.count + 1
      : rule.property === 'videos' ? this.#videos.count + 1
        : rule.property === 'alternates' ? this.#alternates.count + 1 : 1;
    this.#level = 0;
    if (this.onItem !== null) this.#sources = [];
    if (item.alternateIds !== null && this.#sources === null && this.readAlternate(walker, item.alternateIds)) {
      this.#mode = Mode.Read;
      return;
    }
    this.pushFrame(item.root, depth, walker);
    if (item.root.children.length === 0) {
      // An item of attributes only (xhtml:link): read them now, from the records after its tag.
      const mark = walker.mark();
      for (let next = walker.advance(); next !== NextRecord.End; next = walker.advance()) {
        if (next === NextRecord.Attribute) this.readAttribute(walker, depth);
        else if (next !== NextRecord.NamespaceDeclaration && next !== NextRecord.Error) break;
      }
      walker.restore(mark);
      this.popFrame(reader);
      this.#mode = Mode.Read;
    }
  }

  /**
   * The usual `<xhtml:link rel="…" hreflang="…" href="…"/>` (those three attributes, in any order,
   * and no others) made into its value at once; false for anything else (the rule-driven path
   * reads it, with its issues). Alternates are most extension elements (60,008 of the 105,106 in
   * mixed-50k.xml): this saves about 15 of ~220 ms there (measured 2026-11-22, on a busy machine).
   */
  private readAlternate(walker: DocumentWalker, [relId, hreflangId, hrefId]: readonly [number, number, number]): boolean {
    const mark = walker.mark();
    const read = this.readAlternateAttributes(walker, relId, hreflangId, hrefId);
    walker.restore(mark);
    return read;
  }

  /** readAlternate's look at the attribute records after the link's start tag. */
  private readAlternateAttributes(walker: DocumentWalker, relId: number, hreflangId: number, hrefId: number): boolean {
    let rel: string | undefined, hreflang: string | undefined, href: string | undefined;
    for (let next = walker.advance(); next !== NextRecord.End; next = walker.advance()) {
      if (next === NextRecord.NamespaceDeclaration) continue;
      if (next !== NextRecord.Attribute) {
        if (next === NextRecord.Error) return false;
        break;
      }
      if (walker.prefix !== 0) return false;
      const local = walker.local;
      const value = walker.value();
      if (local === relId && rel === undefined) rel = this.shared(trimXmlSpace(value));
      else if (local === hreflangId && hreflang === undefined) hreflang = this.shared(trimXmlSpace(value));
      else if (local === hrefId && href === undefined) href = trimXmlSpace(value);
      else return false;
    }
    if (rel === undefined || hreflang === undefined || href === undefined) return false;
    this.#alternates.push({ rel, hreflang, href });
    return true;
  }

  /**
   * An Alternate record (assembly/entries.ts): a link readAlternate would have read, made into
   * its value by the core, as a child of the open `<url>`.
   */
  wholeAlternate(walker: DocumentWalker): void {
    this.#dirty = true;
    this.#alternates.push({
      rel: trimXmlSpace(walker.alternateRel()),
      hreflang: trimXmlSpace(walker.alternateHreflang()),
      href: trimXmlSpace(walker.value()),
    });
  }

  /** `value`, or an equal short string read before in this document (see lastValues). */
  private shared(value: string): string {
    const length = value.length;
    if (length > 16 || length === 0) return value;
    const slot = (length * 31 + value.charCodeAt(0) * 7 + value.charCodeAt(length - 1)) & 255;
    const known = this.#shortValues[slot]!;
    if (known === value) return known;
    this.#shortValues[slot] = value;
    return value;
  }

  /** A start tag inside the open extension element. */
  start(walker: DocumentWalker, depth: number): void {
    const reader = walker.reader;
    const relative = depth - this.depth;
    const prefix = walker.prefix, local = walker.local;
    this.#prefixes[relative] = prefix;
    this.#locals[relative] = local;
    if (this.#skipDepth >= 0 || this.#mode === Mode.Skip) return;
    const namespace = walker.namespace;
    if (this.#mode === Mode.Read) {
      this.issue('SITEMAP_EXTENSION_IGNORED', 'warning', `<${this.qualifiedName(reader, prefix, local)}> inside <${this.qualifiedName(reader, this.#itemPrefix, this.#itemLocal)}>, which has no content: it is left out`, walker.line, walker.column, this.path(reader, relative + 1));
      this.#skipDepth = depth;
      return;
    }
    if (this.#mode === Mode.Tree) {
      if (namespace < 0) { this.#skipDepth = depth; return; }
      const element = newElement(walker);
      const level = depth - this.#treeBase;
      const siblings = (this.#tree[level - 1]!.children ??= []);
      // The core reports a whitespace-only run only as the whole content of an element
      // (`<x> </x>`); one that recovery from a broken end tag left before a child (`<x> </><y/>`)
      // is layout, as it is everywhere else, so that serializing the tree and parsing it again
      // gives it back (fuzz seed 20261129, input 18738).
      const last = siblings.length - 1;
      if (last >= 0 && typeof siblings[last] === 'string' && WHITESPACE_ONLY.test(siblings[last] as string)) siblings.pop();
      siblings.push(element);
      this.#tree[level] = element;
      return;
    }
    const frame = this.#frames[this.#level - 1]!;
    const node = frame.node;
    const index = namespace === this.#item!.namespaceId && frame.depth === depth - 1 && local < node.childById.length ? node.childById[local]! : -1;
    if (index < 0) {
      const name = this.qualifiedName(reader, prefix, local);
      const owner = this.qualifiedName(reader, frame.prefix, frame.local);
      const line = walker.line, column = walker.column;
      const other = namespace !== this.#item!.namespaceId ? ` (namespace ${reader.name(namespace) || 'none'})` : '';
      if (frame.depth === depth - 1 && node.textSlot < 0 && namespace >= 0) {
        // In an item or a group (not in text): kept whole on the object's `extensions`, so that
        // serializing writes it back. Still reported: the schemas have no wildcard there.
        this.issue('SITEMAP_EXTENSION_IGNORED', 'warning', `<${name}>${other} is not part of <${owner}>: it is kept in the ${node === this.#item!.root ? 'item' : 'group'}'s extensions, but the schema does not allow it`, line, column, this.path(reader, relative + 1));
        const element = newElement(walker);
        this.#tree[0] = element;
        this.#treeBase = depth;
        this.#treeInItem = true;
        this.#keptInItems = true;
        this.#mode = Mode.Tree;
        return;
      }
      const what = frame.depth === depth - 1
        ? `<${name}> is not part of <${owner}>${other}`
        : `<${name}> inside <${owner}>, which holds text only`;
      this.issue('SITEMAP_EXTENSION_IGNORED', 'warning', `${what}: it is left out`, line, column, this.path(reader, relative + 1));
      this.#skipDepth = depth;
      return;
    }
    this.pushFrame(node.children[index]!, depth, walker);
  }

  /** An attribute of the element just started at `depth`. */
  attribute(walker: DocumentWalker, depth: number): void {
    if (this.#skipDepth >= 0 || this.#mode === Mode.Skip || this.#mode === Mode.Read) return;
    const reader = walker.reader;
    const namespace = walker.namespace;
    if (this.#mode === Mode.Tree) {
      if (namespace < 0) return; // an unbound prefix: XML_UNBOUND_PREFIX says where
      const element = this.#tree[depth - this.#treeBase]!;
      const attribute: { name: string; value: string; namespace?: string; prefix?: string } = {
        name: reader.name(walker.local),
        value: walker.value(),
      };
      if (namespace > 0) {
        attribute.namespace = reader.name(namespace);
        attribute.prefix = reader.name(walker.prefix);
      }
      (element.attributes ??= []).push(attribute);
      return;
    }
    this.readAttribute(walker, depth);
  }

  /** An attribute of a typed item's element (the walker's current record) into its frame. */
  private readAttribute(walker: DocumentWalker, depth: number): void {
    const reader = walker.reader;
    const namespace = walker.namespace;
    const frame = this.#frames[this.#level - 1]!;
    if (frame.depth !== depth) return;
    const node = frame.node;
    const local = walker.local;
    const index = namespace === 0 && local < node.attributeById.length ? node.attributeById[local]! : -1;
    const raw = walker.value();
    const line = walker.line, column = walker.column;
    const attributeName = this.qualifiedName(reader, walker.prefix, local);
    if (this.#sources !== null) this.#sources.push({ name: index >= 0 ? node.attributes[index]!.sourceName : `${node.sourceName}@${attributeName}`, raw, line, column, textLine: line, textColumn: column });
    if (index < 0) {
      if (namespace !== 0 && reader.name(namespace) === XSI_NAMESPACE) return; // xsi:schemaLocation and friends: allowed anywhere
      this.issue('SITEMAP_EXTENSION_IGNORED', 'warning', `The attribute ${attributeName} is not part of <${this.qualifiedName(reader, frame.prefix, frame.local)}>: it is left out`, line, column, this.path(reader, depth - this.depth + 1), raw);
      return;
    }
    const attributeNode = node.attributes[index]!;
    frame.values[attributeNode.slot] = this.convert(reader, attributeNode, raw, line, column, frame, attributeName, this.#level);
    frame.seen |= 1 << attributeNode.slot;
  }

  /** A text run of the element at `depth`. */
  text(walker: DocumentWalker, depth: number): void {
    if (this.#skipDepth >= 0 || this.#mode === Mode.Skip || this.#mode === Mode.Read) return;
    if (this.#mode === Mode.Tree) {
      const element = this.#tree[depth - this.#treeBase];
      if (element === undefined) return;
      const value = walker.value();
      const children = (element.children ??= []);
      const last = children.length - 1;
      if (last >= 0 && typeof children[last] === 'string') children[last] += value;
      // Whitespace only after a child element is layout too (see start()): recovery from a broken
      // end tag can leave it (fuzz seed 20261137, input 530743).
      else if (last >= 0 && WHITESPACE_ONLY.test(value)) return;
      else children.push(value);
      return;
    }
    const frame = this.#frames[this.#level - 1]!;
    if (frame.depth !== depth || frame.node.textSlot < 0) return; // text between the children of an item or group
    const value = walker.value();
    if (frame.textLine === 0) {
      frame.textLine = walker.line;
      frame.textColumn = walker.column;
      frame.text = value;
    } else frame.text += value;
  }

  /** The end tag of the element at `depth` (inside the open extension element, or it). */
  end(walker: DocumentWalker, depth: number): void {
    const reader = walker.reader;
    if (this.#skipDepth >= 0) {
      if (depth === this.#skipDepth) this.#skipDepth = -1;
      if (depth !== this.depth) return;
    }
    // A tree inside an item hands back to the item when it ends (or when an end tag above it comes, in recover mode).
    if (this.#mode === Mode.Tree && depth <= this.#treeBase) this.finishTree(reader);
    if (this.#mode === Mode.Item) {
      const frame = this.#frames[this.#level - 1];
      if (frame !== undefined && frame.depth === depth) this.popFrame(reader);
    }
    if (depth === this.depth) {
      this.depth = -1;
      this.#mode = Mode.None;
    }
  }

  /**
   * The end of the input cut the open item or unknown element: it is left out (its implied end
   * tags then build nothing), and the entry keeps the items that ended before the cut.
   */
  abandonOpen(): void {
    if (this.depth < 0) return;
    this.#mode = Mode.Skip;
    this.#skipDepth = -1;
    this.#item = null;
    this.#level = 0;
    this.#tree.length = 0;
    this.#treeInItem = false;
    this.#sources = null;
    if (this.#keptInItems) {
      this.#keptInItems = false;
      for (const frame of this.#frames) frame.extensions = null;
    }
  }

  /** Ends whatever is open as if its end tags had come (a new entry started inside it). */
  closeAll(walker: DocumentWalker): void {
    if (this.depth < 0) return;
    const reader = walker.reader;
    this.#skipDepth = -1;
    if (this.#mode === Mode.Tree && this.#treeInItem) this.finishTree(reader); // back to its item
    if (this.#mode === Mode.Item) while (this.#level > 0) this.popFrame(reader);
    else if (this.#mode === Mode.Tree) this.finishTree(reader);
    this.depth = -1;
    this.#mode = Mode.None;
  }

  /** The path below the entry down to `depth` (exclusive), e.g. `/image:image[2]/image:loc`. */
  pathBelowEntry(walker: DocumentWalker, depth: number): string {
    return this.pathBelow(walker.reader, depth);
  }

  private pathBelow(reader: XmlReader, depth: number): string {
    if (this.depth < 0) return '';
    // Kept per level while the levels above stay the same, as SitemapParser's paths are: a run of
    // issues hundreds of levels down must not build each path again (fuzz seed 20261129, input 9559).
    const keys = this.#pathKeys, texts = this.#pathTexts;
    let path = '';
    let cached = true;
    for (let d = this.depth; d < depth; d++) {
      const relative = d - this.depth;
      // The item level is keyed by its number and kind, the others by their name ids.
      const prefix = relative === 0 ? this.#itemPrefix : this.#prefixes[relative]!;
      const local = relative === 0 ? this.#itemLocal : this.#locals[relative]!;
      const number = relative === 0 ? this.#itemIndex : 0;
      const at = relative * 3;
      if (cached && keys[at] === prefix && keys[at + 1] === local && keys[at + 2] === number) {
        path = texts[relative]!;
        continue;
      }
      cached = false;
      path += '/' + (relative === 0 ? this.itemLabel(reader) : this.qualifiedName(reader, prefix, local));
      keys[at] = prefix;
      keys[at + 1] = local;
      keys[at + 2] = number;
      texts[relative] = path;
    }
    // A level made afresh: the deeper levels kept were made below the old one (as in DocumentWalker.path).
    const levels = (depth - this.depth) * 3;
    if (!cached && keys.length > levels) keys.length = levels;
    return path;
  }

  // ---------------------------------------------------------------------------- typed items
  private pushFrame(node: RuleNode, depth: number, walker: DocumentWalker): void {
    let frame = this.#frames[this.#level];
    if (frame === undefined) this.#frames[this.#level] = frame = new Frame();
    this.#level++;
    frame.node = node;
    frame.depth = depth;
    frame.prefix = walker.prefix;
    frame.local = walker.local;
    frame.line = walker.line;
    frame.column = walker.column;
    frame.textLine = 0;
    frame.text = '';
    frame.seen = 0;
    if (!node.leaf) {
      // One array per node and reader, reused: a node is never open twice at once.
      let values = this.#scratch[node.id];
      if (values === undefined) this.#scratch[node.id] = values = new Array<unknown>(node.properties.length).fill(undefined);
      else for (let i = 0; i < values.length; i++) values[i] = undefined;
      frame.values = values;
    }
  }

  private popFrame(reader: XmlReader): void {
    const frame = this.#frames[--this.#level]!;
    const node = frame.node;
    if (this.#sources !== null && frame.node.textSlot >= 0) {
      this.#sources.push({ name: node.sourceName, raw: frame.text, line: frame.line, column: frame.column, textLine: frame.textLine, textColumn: frame.textColumn });
    }
    let value: unknown;
    if (node.leaf) {
      value = this.convert(reader, node, frame.text, frame.line, frame.column, frame, '', this.#level + 1);
    } else {
      if (node.textSlot >= 0) frame.values[node.textSlot] = this.convert(reader, node, frame.text, frame.line, frame.column, frame, '', this.#level + 1);
      value = this.buildObject(reader, frame);
    }
    if (this.#level === 0) {
      this.finishItem(reader, value);
      return;
    }
    const parent = this.#frames[this.#level - 1]!;
    const slot = node.slot;
    if (node.repeated) {
      if (value !== undefined) {
        let list = parent.values[slot] as ReusedList<unknown> | undefined;
        if (list === undefined) {
          // The node's own list: its parent is open once at a time, so the list is free.
          list = this.#repeatedLists[node.id] ??= new ReusedList<unknown>();
          list.count = 0;
          parent.values[slot] = list;
        }
        list.push(value);
      }
    } else if ((parent.seen & (1 << slot)) !== 0) {
      this.#host.duplicate(this.issue('SITEMAP_DUPLICATE_FIELD', 'warning', `A second <${this.qualifiedName(reader, frame.prefix, frame.local)}> in one <${this.qualifiedName(reader, parent.prefix, parent.local)}>: the first one is kept`, frame.line, frame.column, this.path(reader, this.#level + 1)), DuplicateKind.Field);
    } else {
      parent.values[slot] = value;
    }
    parent.seen |= 1 << slot;
  }

  /** The object of an item, group or element with attributes, its properties in rule order. */
  private buildObject(reader: XmlReader, frame: Frame): Record<string, unknown> {
    const node = frame.node;
    const { properties, attributes, children } = node;
    const values = frame.values;
    const object: Record<string, unknown> = {};
    const firstAttribute = node.textSlot + 1;
    const firstChild = firstAttribute + attributes.length;
    for (let slot = 0; slot < properties.length; slot++) {
      let value = values[slot];
      if (value === undefined) {
        if (slot < firstAttribute) continue; // a bad number: reported already
        const part = slot < firstChild ? attributes[slot - firstAttribute]! : children[slot - firstChild]!;
        if (!part.required || (frame.seen & (1 << slot)) !== 0) continue;
        const owner = this.qualifiedName(reader, frame.prefix, frame.local);
        const missing = slot < firstChild ? `${part.name} attribute` : `<${this.qualifiedName(reader, frame.prefix, 0)}${part.name}>`;
        this.issue('SITEMAP_EXTENSION_MISSING_TAG', 'error', `<${owner}> has no ${missing}; it is kept as an empty value`, frame.line, frame.column, this.path(reader, this.#level + 1));
        value = emptyValue(part);
      } else if (slot >= firstChild && children[slot - firstChild]!.repeated) {
        value = (value as ReusedList<unknown>).take();
      }
      object[properties[slot]!] = value;
    }
    if (frame.extensions !== null) {
      object.extensions = frame.extensions;
      frame.extensions = null;
    }
    return object;
  }

  /**
   * A value read as its rule's type; undefined (with an issue) when it is not one. `attribute`
   * names the attribute ('' for the element's text); `levels` says how deep the element is in the item (1: the item).
   */
  private convert(reader: XmlReader, node: RuleNode, raw: string, line: number, column: number, frame: Frame, attribute: string, levels: number): unknown {
    const value = trimXmlSpace(raw);
    switch (node.type) {
      case 'text': {
        if (value.length <= 16) return this.shared(value);
        const last = this.#lastValues[node.id];
        if (value === last) return last;
        this.#lastValues[node.id] = value;
        return value;
      }
      case 'number':
        if (isDecimal(value)) return Number(value);
        if (value === '' && node.emptyIsAbsent) return undefined;
        break;
      default: {
        const yesNo = YES_NO[value.toLowerCase()];
        if (yesNo !== undefined) return yesNo;
      }
    }
    const what = attribute === '' ? `<${this.qualifiedName(reader, frame.prefix, frame.local)}>` : `The ${attribute} attribute of <${this.qualifiedName(reader, frame.prefix, frame.local)}>`;
    const expected = node.type === 'number' ? 'a decimal number' : 'yes or no';
    this.issue('SITEMAP_EXTENSION_BAD_VALUE', 'warning', `${what} "${value}" is not ${expected}; it is left out`, line, column, this.path(reader, levels) + (attribute === '' ? '' : '/@' + attribute), value);
    return undefined;
  }

  private finishItem(reader: XmlReader, value: unknown): void {
    const item = this.#item!;
    switch (item.rule.property) {
      case 'images': this.#images.push(value as SitemapImage); break;
      case 'videos': this.#videos.push(value as SitemapVideo); break;
      case 'news': this.#news = value as SitemapNews; break;
      default: this.#alternates.push(value as SitemapAlternate); break;
    }
    if (this.onItem !== null) {
      const path = this.itemPath(reader); // and itemName
      this.onItem({
        property: item.rule.property, index: this.#itemIndex - 1, value: value as SitemapImage, namespace: item.rule.namespace,
        element: this.#itemName, line: this.#itemLine, column: this.#itemColumn, path, entry: this.#host.entryNumber(), values: this.#sources ?? [],
      });
      this.#sources = null;
    }
    this.#item = null;
  }

  // ---------------------------------------------------------------------------- unknown extensions
  private finishTree(reader: XmlReader): void {
    const element = this.#tree[0]!;
    this.#tree.length = 0;
    if (this.#treeInItem) {
      this.#treeInItem = false;
      this.#mode = Mode.Item;
      ((this.#frames[this.#level - 1]!).extensions ??= []).push(element);
      return;
    }
    this.#extensions.push(element);
    const key = this.#treeKey;
    this.#unknownCounts.set(key, (this.#unknownCounts.get(key) ?? 0) + 1);
    if (this.onItem !== null) {
      const path = this.itemPath(reader); // and itemName
      this.onItem({
        property: 'extensions', index: this.#extensions.count - 1, value: element, namespace: element.namespace,
        element: this.#itemName, line: this.#itemLine, column: this.#itemColumn, path, entry: this.#host.entryNumber(), values: [], kind: key,
      });
      this.#sources = null;
    }
  }

  // ---------------------------------------------------------------------------- names and issues
  private qualifiedName(reader: XmlReader, prefix: number, local: number): string {
    const name = local > 0 ? reader.name(local) : '';
    return prefix > 0 ? `${reader.name(prefix)}:${name}` : name;
  }

  /** `image:image[2]`: the item element, numbered among its kind in the entry (its name, `image:image`, left in itemName). */
  private itemLabel(reader: XmlReader): string {
    if (this.#itemNamePrefix !== this.#itemPrefix || this.#itemNameLocal !== this.#itemLocal) {
      // Items of a kind share their name: made again only when the kind changes.
      this.#itemNamePrefix = this.#itemPrefix;
      this.#itemNameLocal = this.#itemLocal;
      this.#itemName = this.qualifiedName(reader, this.#itemPrefix, this.#itemLocal);
    }
    return `${this.#itemName}[${this.#itemIndex}]`;
  }

  private itemPath(reader: XmlReader): string {
    return this.#host.entryPath() + '/' + this.itemLabel(reader);
  }

  /** The path down to `levels` elements of the open item (1: the item element itself). */
  private path(reader: XmlReader, levels: number): string {
    return this.#host.entryPath() + this.pathBelow(reader, this.depth + levels);
  }

  private issue(code: ErrorCode, severity: Issue['severity'], message: string, line: number, column: number, path: string, value?: string): Issue {
    const issue = createIssue(code, severity, message, line, column, path, this.#host.entryNumber(), value);
    this.#host.issues.push(issue);
    return issue;
  }
}

/** XML's white space (S): what a run must be all of to be layout. */
const WHITESPACE_ONLY = /^[ \t\r\n]*$/;

const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';
