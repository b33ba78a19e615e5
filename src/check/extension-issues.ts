// How validate's extension rules (validate-extensions.ts and its parts) make their issues: by
// profile (codes.ts SEVERITY: `[google, xsd]`), at a value's text or tag, with the names and
// paths of the item the value is in, as the document prefixed them (SPEC.md §3).

import { searchConsoleReport, type ErrorCode, type ProfileSeverity } from '../model/codes';
import { createIssue } from '../model/issue';
import type { ExtensionItemSource, ExtensionValueSource } from '../read/extensions';
import { afterLeadingWhitespace } from '../values/text';
import type { Issue } from '../model/types';

/**
 * Where validate's issues go.
 *
 * @example
 * const add: AddIssue = (issue) => issues.push(issue);
 */
export type AddIssue = (issue: Issue) => void;

/**
 * Adds the issues of one profile: a rule's severity is its weight's entry for the profile, and a
 * null entry leaves the issue out.
 *
 * @example
 * const issues = new ExtensionIssues('xsd', (issue) => list.push(issue));
 * issues.reportAt('VIDEO_MISSING_LOCATION', SEVERITY.googleOnly, 'No location', 3, 5, 'urlset/url[1]/video:video[1]');
 */
export class ExtensionIssues {
  readonly xsd: boolean;
  readonly profileIndex: 0 | 1;
  /** The number of the entry whose item is being checked (the entry of the issues about it). */
  entry = 0;

  constructor(profile: 'google' | 'xsd', private readonly addIssue: AddIssue) {
    this.xsd = profile === 'xsd';
    this.profileIndex = this.xsd ? 1 : 0;
  }

  /** An issue at a value: at its text (past leading white space) when `atText`, else at its tag or attribute. */
  report(code: ErrorCode, weight: ProfileSeverity, message: string, source: ExtensionValueSource, path: string, value?: string, atText = true): void {
    let line = source.line, column = source.column;
    if (atText && source.textLine !== 0 && !source.name.includes('@')) [line, column] = afterLeadingWhitespace(source.raw, source.textLine, source.textColumn);
    this.reportAt(code, weight, message, line, column, path, value);
  }

  /** The issue added (undefined when the weight leaves it out of this profile). */
  reportAt(code: ErrorCode, weight: ProfileSeverity, message: string, line: number, column: number, path: string, value?: string, entry = this.entry): Issue | undefined {
    const severity = weight[this.profileIndex];
    if (severity === null) return undefined;
    const issue = createIssue(code, severity, message, line, column, path, entry, value);
    this.addIssue(issue);
    return issue;
  }
}

/**
 * ` (Search Console: "…")` after a message, for a code with a report of its own ('' for
 * SITEMAP_EXTENSION_MISSING_TAG, whose report says nothing more).
 *
 * @example
 * searchConsoleNote('VIDEO_MISSING_TITLE'); // ' (Search Console: "Missing video title")'
 */
export function searchConsoleNote(code: ErrorCode): string {
  return code === 'SITEMAP_EXTENSION_MISSING_TAG' ? '' : ` (Search Console: "${searchConsoleReport[code]}")`;
}

/**
 * Names and paths inside one item, with the prefix the document used for its namespace (made
 * only for issues).
 *
 * @example
 * const at = new ItemContext().of(item); // item.path 'urlset/url[1]/video:video[2]'
 * at.pathOf('player_loc@allow_embed'); // 'urlset/url[1]/video:video[2]/video:player_loc/@allow_embed'
 */
export class ItemContext {
  item!: ExtensionItemSource;
  /** The item's path in one piece, made at its first issue (see itemPath); undefined before. */
  #flatPath: string | undefined;

  of(item: ExtensionItemSource): this {
    this.item = item;
    this.#flatPath = undefined;
    return this;
  }

  /**
   * The item's path (`urlset/url[1]/video:video[2]`) for its issues' paths. The reader builds it
   * by concatenation, which V8 keeps as a tree of pieces (six for an item directly in an entry);
   * every issue path made from it held the whole tree: 40.8 -> 43.8 MB per validation result of
   * mixed-50k.xml, once nothing read the path any more. Reading a character makes V8 copy the
   * tree into one string, which the issue paths then share.
   */
  private get itemPath(): string {
    let path = this.#flatPath;
    if (path === undefined) {
      path = this.item.path;
      this.#flatPath = path.charCodeAt(0) >= 0 ? path : '';
    }
    return path;
  }

  /** `video:` (or '' for a default namespace): the prefix the document gave the item's element. */
  private get prefix(): string {
    const element = this.item.element;
    return element.slice(0, element.indexOf(':') + 1);
  }

  /** `video:video`. */
  get itemName(): string {
    return this.item.element;
  }

  /** `publication/name` → `news:publication/news:name`. */
  qualified(name: string): string {
    const prefix = this.prefix;
    return name.includes('/') ? name.split('/').map((part) => prefix + part).join('/') : prefix + name;
  }

  /** The issue path of a child (`player_loc@allow_embed` → `…/video:player_loc/@allow_embed`). */
  pathOf(name: string): string {
    const at = name.indexOf('@');
    const path = this.itemPath;
    if (at < 0) return `${path}/${this.qualified(name)}`;
    return at === 0 ? `${path}/${name}` : `${path}/${this.qualified(name.slice(0, at))}/${name.slice(at)}`;
  }

  /** `<video:duration>` or `The relationship attribute of <video:restriction>`. */
  describe(name: string): string {
    const at = name.indexOf('@');
    const element = at < 0 ? name : name.slice(0, at);
    const qualified = at === 0 ? this.itemName : this.qualified(element.slice(element.lastIndexOf('/') + 1));
    return at < 0 ? `<${qualified}>` : `The ${name.slice(at + 1)} attribute of <${qualified}>`;
  }
}
