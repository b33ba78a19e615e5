// The one rule table (#21: src/model/rules.ts, src/model/value-rules.ts) drives validate and the
// serializer alike: these tests are generated from the table itself, so a row added there is
// checked here with no test written for it. For each value with facets, each facet gets a value
// that breaks it (and keeps to the facets before it): validate must report the facet's code with
// its severity in each profile, and the serializer must refuse it exactly when the facet is the
// schemas' (an error in the `xsd` profile). The same for occurrence bounds (maxOccurs).
//
// Adding a row: a new facet on an existing value is one entry in VALUE_FACETS (this file then
// tests it); a new element or attribute is one row in EXTENSION_RULES (parse reads it, the
// serializer writes it, validate checks its order and presence), plus its facets, if any, in
// VALUE_FACETS under `property/name`. A key there that names no value fails the first test.

import { describe, expect, it } from 'vitest';
import { DOCUMENT_RULES, EXTENSION_RULES, type ExtensionItemRule, type ExtensionValueRule } from '../src/model/rules';
import { VALUE_FACETS, type ValueFacet } from '../src/model/value-rules';
import { SitemapError } from '../src/model/errors';
import { serializeSitemap } from '../src/write/serialize';
import { validate } from '../src/check/validate';

const NOW = new Date('2026-11-21T00:00:00Z');

/** Every value of an item by the name validate and VALUE_FACETS use (`title`, `tvshow/video_type`, `price@currency`, `@hreflang`), with its row and the rows above it. */
function valuesOf(item: ExtensionItemRule): Map<string, ExtensionValueRule[]> {
  const found = new Map<string, ExtensionValueRule[]>();
  for (const attribute of item.attributes) found.set('@' + attribute.name, [attribute]);
  const walk = (rule: ExtensionValueRule, name: string, trail: ExtensionValueRule[]) => {
    found.set(name, [...trail, rule]);
    for (const attribute of rule.attributes ?? []) found.set(`${name}@${attribute.name}`, [...trail, rule, attribute]);
    for (const child of rule.children ?? []) walk(child, `${name}/${child.name}`, [...trail, rule]);
  };
  for (const child of item.children) walk(child, child.name, []);
  return found;
}

const ITEMS: ReadonlyMap<string, { item: ExtensionItemRule; values: ReturnType<typeof valuesOf> }> = new Map(EXTENSION_RULES.map((item) => [item.property, { item, values: valuesOf(item) }]));

/** Values that keep to the patterns of the table (the other kinds give their own). */
const PATTERN_SAMPLES: Record<string, string> = {
  'videos/restriction': 'US', 'videos/platform': 'web', 'videos/price@currency': 'EUR',
  'news/publication/language': 'en', 'news/genres': 'Blog', 'news/stock_tickers': 'NASDAQ:A', 'alternates/@hreflang': 'en',
};

/** A value of a row that keeps to all its facets. */
function goodValue(key: string, rule: ExtensionValueRule): string | number | boolean {
  const facets = VALUE_FACETS.get(key) ?? [];
  if (PATTERN_SAMPLES[key] !== undefined) return PATTERN_SAMPLES[key]!;
  const choices = facets.find((facet) => facet.kind === 'enum');
  if (choices?.kind === 'enum') return choices.values[0]!;
  if (rule.default !== undefined) return rule.default;
  if (rule.type === 'number') return 1;
  if (rule.type === 'yesno') return true;
  if (rule.input === 'url') return 'https://example.com/value';
  if (rule.input === 'date') return '2026-11-20';
  return `text of ${key}`; // unique: the tests find the value by it
}

/** A value that breaks `facets[index]` and keeps to the facets before it; undefined when the kind has none to make. */
function badValue(facets: readonly ValueFacet[], index: number): string | undefined {
  const facet = facets[index]!;
  switch (facet.kind) {
    case 'length': return 'x'.repeat(facet.max + 1);
    case 'notEmpty': return '';
    case 'enum': return 'not-one-of-them';
    case 'pattern': return '!!';
    case 'range':
      if (index > 0 || facet.max === Infinity) return String(facet.min - 1);
      return String(facet.integer ? facet.max + 1 : facet.max + 0.5);
    case 'isoCodes': return facet.list === 'countries' ? 'UK' : 'qq';
    case 'recent': return '2000-01-01';
  }
}

/** An input entry whose item has every required value, and `value` (or the good value) at `key`. */
function entryWith(property: string, name: string, value: unknown): Record<string, unknown> {
  const { item, values } = ITEMS.get(property)!;
  const fill = (rules: readonly ExtensionValueRule[], parentName: string, target: Record<string, unknown>, attributes: boolean) => {
    for (const rule of rules) {
      const own = parentName === '' ? (attributes ? '@' + rule.name : rule.name) : `${parentName}${attributes ? '@' : '/'}${rule.name}`;
      const onPath = own === name || name.startsWith(own + '/') || name.startsWith(own + '@');
      if (!rule.required && !onPath) continue;
      let made: unknown;
      if (rule.children !== undefined) {
        const group: Record<string, unknown> = {};
        fill(rule.children, own, group, false);
        made = group;
      } else if (rule.textProperty !== undefined) {
        const object: Record<string, unknown> = { [rule.textProperty]: own === name ? value : goodValue(`${property}/${own}`, rule) };
        fill(rule.attributes ?? [], own, object, true);
        made = object;
      } else made = own === name ? value : goodValue(`${property}/${own}`, rule);
      target[rule.property] = rule.repeated ? [made] : made;
    }
  };
  const object: Record<string, unknown> = {};
  fill(item.attributes, '', object, true);
  fill(item.children, '', object, false);
  expect(values.has(name), name).toBe(true);
  return { loc: 'https://example.com/page', [property]: item.single ? object : [object] };
}

function thrown(run: () => unknown): SitemapError | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof SitemapError) return error;
    throw error;
  }
  return undefined;
}

describe('the rule table', () => {
  it('names in VALUE_FACETS only values that EXTENSION_RULES has', () => {
    for (const key of VALUE_FACETS.keys()) {
      const slash = key.indexOf('/');
      const item = ITEMS.get(key.slice(0, slash));
      expect(item, key).toBeDefined();
      expect(item!.values.has(key.slice(slash + 1)), key).toBe(true);
    }
  });

  it('lists each document rule\'s fields in slot order once', () => {
    for (const rule of DOCUMENT_RULES) expect(rule.fieldNames).toEqual(Object.keys(rule.fields));
  });

  it('gives no element more than 31 parts (the reader marks the parts it has seen in one 32-bit number)', () => {
    // read/extension-items.ts Frame.seen: a bit per text, attribute and child of an item, group or element.
    const parts = (rule: ExtensionItemRule | ExtensionValueRule): number => ('textProperty' in rule && rule.textProperty ? 1 : 0) + (rule.attributes?.length ?? 0) + (rule.children?.length ?? 0);
    const visit = (rule: ExtensionItemRule | ExtensionValueRule, path: string): number => {
      expect(parts(rule), path).toBeLessThanOrEqual(31);
      return [...(rule.attributes ?? []), ...(rule.children ?? [])].reduce((count, child) => count + visit(child, `${path}/${child.name}`), 1);
    };
    const nodes = EXTENSION_RULES.reduce((count, rule) => count + visit(rule, rule.property), 0);
    expect(nodes).toBeGreaterThan(EXTENSION_RULES.length); // the walk went below the items
    expect(Math.max(...EXTENSION_RULES.map(parts))).toBeGreaterThan(5); // and counts something (a video has more than five children)
  });
});

describe('every facet of the table is enforced by validate and, when it is the schemas\', by the serializer', () => {
  for (const [key, facets] of VALUE_FACETS) {
    const slash = key.indexOf('/');
    const property = key.slice(0, slash), name = key.slice(slash + 1);
    facets.forEach((facet, index) => {
      const bad = badValue(facets, index);
      if (bad === undefined) return;
      it(`${key}: ${facet.kind} (${facet.code}, ${facet.severity.join('/')})`, () => {
        const rule = ITEMS.get(property)!.values.get(name)!.at(-1)!;
        const good = goodValue(key, rule);
        // validate: the good document with the bad text in the value's place.
        const xml = new TextDecoder().decode(serializeSitemap([entryWith(property, name, good) as never]));
        const at = name.lastIndexOf('@');
        const place = at >= 0 ? ` ${name.slice(at + 1)}="${good}"` : `>${good}</`;
        expect(xml, place).toContain(place);
        const broken = xml.replace(place, at >= 0 ? ` ${name.slice(at + 1)}="${bad}"` : `>${bad}</`);
        const localName = at >= 0 ? name.slice(at + 1) : name.slice(name.lastIndexOf('/') + 1);
        (['google', 'xsd'] as const).forEach((profile, profileIndex) => {
          const found = validate(broken, { profile, now: NOW }).issues.filter((issue) => issue.code === facet.code && issue.path.includes(localName));
          const severity = facet.severity[profileIndex];
          if (severity === null) expect(found, profile).toEqual([]);
          else expect(found.map((issue) => issue.severity), `${profile}: ${broken.slice(0, 0)}`).toContain(severity);
        });
        // serialize: refused exactly when the facet is the schemas'.
        const typed = rule.type === 'number' && bad !== '' ? Number(bad) : bad;
        const error = thrown(() => serializeSitemap([entryWith(property, name, typed) as never]));
        if (facet.severity[1] === 'error') {
          expect(error?.code, `${key} ${JSON.stringify(bad).slice(0, 40)}`).toBe('SERIALIZE_INVALID_VALUE');
          expect(error!.path).toContain(localName);
        } else {
          expect(error, error?.message).toBeUndefined();
        }
      });
    });
  }

  for (const [property, { values }] of ITEMS) {
    for (const [name, trail] of values) {
      const limit = trail.at(-1)!.maxOccurs;
      if (limit === undefined) continue;
      it(`${property}/${name}: at most ${limit.max} (${limit.code})`, () => {
        const rule = trail.at(-1)!;
        const many = Array.from({ length: limit.max + 1 }, (_, i) => `value ${i}`);
        const entry = entryWith(property, name, 'one');
        const item = (Array.isArray(entry[property]) ? (entry[property] as Record<string, unknown>[])[0] : entry[property]) as Record<string, unknown>;
        item[rule.property] = many.slice(0, limit.max);
        expect(thrown(() => serializeSitemap([entry as never]))).toBeUndefined();
        const xml = new TextDecoder().decode(serializeSitemap([entry as never]));
        item[rule.property] = many;
        const error = thrown(() => serializeSitemap([entry as never]));
        if (limit.severity === 'both' || limit.severity === 'xsdOnly') expect(error?.code).toBe('SERIALIZE_INVALID_VALUE');
        const closing = `</${xml.match(new RegExp(`<([a-z]+):${rule.name}>`))![1]}:${rule.name}>`;
        const more = xml.replace(closing, `${closing}${xml.slice(xml.indexOf(`<${closing.slice(2, -1)}>`), xml.indexOf(closing) + closing.length)}`);
        const found = validate(more, { now: NOW }).issues.filter((issue) => issue.code === limit.code);
        expect(found).toHaveLength(1);
      });
    }
  }
});
