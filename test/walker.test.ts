// The one walker over the core's token records (src/read/walker.ts): its field slots agree with
// the element rules, and its events carry the depth, names, paths and entry numbers a handler reads.

import { describe, expect, it } from 'vitest';
import { DOCUMENT_RULES } from '../src/model/rules';
import { parse } from '../src/read/parse';
import type { Issue } from '../src/model/types';
import { ReaderFlag } from '../src/core/xml-reader';
import { DocumentWalker, FIELD_NAMES, SLOT_CHANGEFREQ, SLOT_LASTMOD, SLOT_LOC, SLOT_PRIORITY, type WalkHandler } from '../src/read/walker';

const encoder = new TextEncoder();

/** Walks `xml` with a handler that begins an entry at each element the rule calls one, recording each event with the walker's view of it. */
function walk(xml: string, recover = true): { events: string[]; issues: Issue[] } {
  const events: string[] = [];
  const issues: Issue[] = [];
  const handler: WalkHandler = {
    startElement(walker, depth) {
      if (walker.startsEntry && depth > 0) walker.beginEntry(depth);
      events.push(`start ${walker.qualifiedName()} depth=${depth} path=${walker.path(depth + 1)} entry=${walker.entryAt(depth)} at ${walker.line}:${walker.column}`);
    },
    endElement(walker, depth, implied) {
      events.push(`end depth=${depth}${implied ? ' implied' : ''}`);
      if (depth === walker.entryDepth) walker.endEntry();
    },
    text(walker, depth) {
      events.push(`text "${walker.value()}" depth=${depth}`);
    },
    attribute(walker, depth) {
      events.push(`attribute ${walker.qualifiedName()}="${walker.value()}" depth=${depth}`);
    },
  };
  const walker = new DocumentWalker(handler, recover ? 0 : ReaderFlag.StopAtFirstError, DOCUMENT_RULES, { recover, issues, textSitemapHint: true });
  walker.reader.push(encoder.encode(xml), true);
  return { events, issues };
}

describe('DocumentWalker', () => {
  it('takes the field slots from rules.ts, in the order the core takes them', () => {
    expect(FIELD_NAMES).toEqual(Object.keys(DOCUMENT_RULES.find((rule) => rule.root === 'urlset')!.fields));
    expect([SLOT_LOC, SLOT_LASTMOD, SLOT_CHANGEFREQ, SLOT_PRIORITY]).toEqual(['loc', 'lastmod', 'changefreq', 'priority'].map((name) => FIELD_NAMES.indexOf(name)));
    const index = Object.keys(DOCUMENT_RULES.find((rule) => rule.root === 'sitemapindex')!.fields);
    expect(index).toEqual(FIELD_NAMES.slice(0, index.length));
  });

  it('raises element, attribute and text events with depth, path, entry number and position', () => {
    const xml = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" a="1">\n<url><loc>x</loc></url>\n<url><loc>y</loc></url>\n</urlset>';
    const { events } = walk(xml);
    expect(events).toEqual([
      'start urlset depth=0 path=urlset entry=0 at 1:1',
      'attribute a="1" depth=0',
      'start url depth=1 path=urlset/url[1] entry=1 at 2:1',
      'start loc depth=2 path=urlset/url[1]/loc entry=1 at 2:6',
      'text "x" depth=2',
      'end depth=2',
      'end depth=1',
      'start url depth=1 path=urlset/url[2] entry=2 at 3:1',
      'start loc depth=2 path=urlset/url[2]/loc entry=2 at 3:6',
      'text "y" depth=2',
      'end depth=2',
      'end depth=1',
      'end depth=0',
    ]);
  });

  it('reports an XML error with the open path and entry: an issue when recovering, a SitemapError when strict', () => {
    const xml = '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>a & b</loc></url></urlset>';
    const { issues } = walk(xml);
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({ path: 'urlset/url[1]/loc', entry: 1, line: 1 });
    expect(issues[0]!.code).toMatch(/^XML_/);
    expect(() => walk(xml, false)).toThrow(expect.objectContaining({ path: 'urlset/url[1]/loc', entry: 1 }));
  });

  it('reads nothing of a second root as the document\'s', () => {
    const { events } = walk('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"/><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url/></urlset>');
    expect(events.filter((event) => event.startsWith('start url '))).toEqual(['start url depth=1 path=urlset/url entry=0 at 1:122']);
  });

  it('makes a path afresh below a level that changed, in an entry and in an extension item (their caches kept the old one)', () => {
    const item = '<image:image bad="1"><image:loc>https://e.com/a.png</image:loc><image:foo/></image:image>';
    const xml = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1"><url><loc>https://e.com/</loc>${item}${item}</url></urlset>`;
    const paths = parse(xml, { recover: true }).issues.map((issue) => issue.path);
    expect(paths).toEqual(['urlset/url[1]/image:image[1]', 'urlset/url[1]/image:image[1]/image:foo', 'urlset/url[1]/image:image[2]', 'urlset/url[1]/image:image[2]/image:foo']);
  });
});
