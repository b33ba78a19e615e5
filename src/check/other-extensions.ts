// validate's rules for the extension elements of a `<url>` that are no typed item (parse keeps
// them in `extensions`), SPEC.md §3: Google reads only the extensions it knows and ignores the
// rest; sitemap.xsd's strict wildcard wants a schema for their namespace (near-miss namespaces of
// the typed extensions, Google's namespaces with other elements, the retired mobile extension,
// XHTML links without hreflang, namespaces without a schema).

import { SEVERITY, type ErrorCode, type ProfileSeverity } from '../model/codes';
import { IMAGE_NAMESPACE, MOBILE_NAMESPACE, NEWS_NAMESPACE, VIDEO_NAMESPACE, XHTML_NAMESPACE } from '../model/limits';
import { EXTENSION_RULES } from '../model/rules';
import { namespaceOfKind, type ExtensionItemSource } from '../read/extensions';
import type { ExtensionElement, Issue } from '../model/types';
import { collapseWhitespace, isXsdAnyUri } from '../values/url-check';
import type { ExtensionIssues } from './extension-issues';

type Weight = ProfileSeverity;
const XSD_ONLY: Weight = SEVERITY.xsdOnly;
/** What only matters to the XSD and not at all to Google: a retired extension's schema, sitemap.xsd's strict wildcard. */
const SCHEMA_ALONE: Weight = SEVERITY.schemaAlone;
/** Attributes xhtml1-strict.xsd declares on `<link>` (others are XSD errors, parse leaves them out). */
export const XHTML_LINK_ATTRIBUTES: ReadonlySet<string> = new Set(['id', 'class', 'style', 'title', 'lang', 'xml:lang', 'dir', 'onclick', 'ondblclick', 'onmousedown', 'onmouseup', 'onmouseover', 'onmousemove', 'onmouseout', 'onkeypress', 'onkeydown', 'onkeyup', 'charset', 'href', 'hreflang', 'type', 'rel', 'rev', 'media']);
const XSI_NAMESPACE = 'http://www.w3.org/2001/XMLSchema-instance';

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

/**
 * The extension elements of a document that are no typed items, reported by kind.
 *
 * @example
 * const others = new OtherExtensionElements(issues);
 * others.check(item); // an item whose property is `extensions`
 * others.finish(); // the counts into the messages
 */
export class OtherExtensionElements {
  /** Namespace (its id in the document) → what its elements are, for the extension elements that are no typed items (a file has a handful). */
  readonly #namespaceKinds = new Map<number, NamespaceKind>();
  /**
   * Element kind (ExtensionItemSource.kind: its namespace and name) → its issue reported once per
   * file and the count of such elements (see otherElement); null: a kind with nothing to report in
   * this profile. Not keyed by `namespace + '\0' + name`: that made a string as long as the
   * namespace URI for every element (a 200,000-character URI on 8,000 elements: 1.5 s; issue #22).
   */
  readonly #elementKinds = new Map<number, KindReported | null>();

  readonly #issues: ExtensionIssues;

  constructor(issues: ExtensionIssues) {
    this.#issues = issues;
  }

  /** The document ended: the counts of the issues reported once per element kind. */
  finish(): void {
    for (const kind of this.#elementKinds.values()) {
      if (kind !== null && kind.count > 1) kind.issue.message = `${kind.head}; ${kind.count.toLocaleString('en-US')} such elements in this file, reported once, at the first${kind.tail}`;
    }
  }

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
  check(item: ExtensionItemSource): void {
    const element = item.value as ExtensionElement;
    const namespace = element.namespace;
    if (namespace === '') return; // an element in no namespace: validate.ts reports it
    const key = item.kind!;
    const reported = this.#elementKinds.get(key);
    if (reported !== undefined) {
      if (reported !== null) reported.count++;
      return;
    }
    const namespaceId = namespaceOfKind(key);
    let kind = this.#namespaceKinds.get(namespaceId);
    if (kind === undefined) this.#namespaceKinds.set(namespaceId, kind = namespaceKind(namespace));
    const prefix = element.prefix === undefined ? '' : element.prefix + ':';
    const name = prefix + element.name;
    switch (kind) {
      case NamespaceKind.NearMiss: {
        const meant = nearMissNamespace(namespace)!;
        const declaration = prefix === '' ? `xmlns="${meant}"` : `xmlns:${element.prefix}="${meant}"`;
        const schema = this.#issues.xsd ? ', and no schema declares it, so sitemap.xsd\'s strict wildcard rejects it' : '';
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
        else this.#elementKinds.set(key, null); // other XHTML elements are not checked against xhtml1-strict.xsd
        return;
      default:
        this.reportKind(key, 'SITEMAP_UNEXPECTED_ELEMENT', SCHEMA_ALONE, `<${name}> (namespace ${namespace}): sitemap.xsd takes extension elements with processContents="strict", which needs a schema for their namespace, and none of the official ones is for this one (xmllint: "No matching global element declaration available, but demanded by the strict wildcard")`, '. Google ignores extensions it does not know', item, namespace);
    }
  }

  /** An issue for the element kind `key` (see otherElement), its message `head + tail`. */
  private reportKind(key: number, code: ErrorCode, weight: Weight, head: string, tail: string, item: ExtensionItemSource, value?: string): void {
    const issue = this.#issues.reportAt(code, weight, head + tail, item.line, item.column, item.path, value);
    this.#elementKinds.set(key, issue === undefined ? null : { issue, count: 1, head, tail });
  }

  /**
   * An element of an empty schema type (`<mobile:mobile/>`, `<xhtml:link>`): no text, no
   * children, only `attributes` (none when null) and an href that is an xsd:anyURI, as xmllint
   * checks it. Google reads neither (mobile sitemaps are retired; a link without hreflang is no
   * alternate), so only the `xsd` profile reports.
   */
  private checkEmptyElement(item: ExtensionItemSource, element: ExtensionElement, name: string, attributes: ReadonlySet<string> | null): void {
    if (!this.#issues.xsd) return;
    for (const attribute of element.attributes ?? []) {
      if (attribute.namespace === XSI_NAMESPACE) continue; // xsi:schemaLocation and friends: allowed anywhere
      const attributeName = attribute.prefix === undefined ? attribute.name : `${attribute.prefix}:${attribute.name}`;
      if (attributes === null || !attributes.has(attributeName)) {
        this.#issues.reportAt('SITEMAP_EXTENSION_IGNORED', SCHEMA_ALONE, `The attribute ${attributeName} is not part of <${name}> in its schema`, item.line, item.column, `${item.path}/@${attributeName}`, attribute.value);
      } else if (attributeName === 'href' && !isXsdAnyUri(collapseWhitespace(attribute.value))) {
        this.#issues.reportAt('SITEMAP_EXTENSION_BAD_URL', SCHEMA_ALONE, `The href attribute of <${name}> "${attribute.value}" is not a URI (RFC 3986): check the scheme, "%" escapes, "[", "]" and "#"`, item.line, item.column, `${item.path}/@href`, attribute.value);
      }
    }
    const content = element.children?.[0];
    if (typeof content === 'string') {
      this.#issues.reportAt('SITEMAP_EXTENSION_BAD_VALUE', SCHEMA_ALONE, `<${name}> has text, but its schema allows it no content (white space neither)`, item.line, item.column, item.path, content);
    } else if (content !== undefined) {
      const child = content.prefix === undefined ? content.name : `${content.prefix}:${content.name}`;
      this.#issues.reportAt('SITEMAP_EXTENSION_IGNORED', SCHEMA_ALONE, `<${child}> inside <${name}>, whose schema allows it no content`, item.line, item.column, `${item.path}/${child}`);
    }
  }
}
