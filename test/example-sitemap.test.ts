// Keeps examples/example-sitemap.xml (what the viewer opens first and `npm run summary` summarises) a clean, valid sitemap:
// 20 URLs, no issues, with the values examples/summary.mjs reports.

import { describe, expect, it } from 'vitest';
import { parseSitemap } from '../src/index';
import { loadRepositoryFile } from './fixtures';

describe('examples/example-sitemap.xml', () => {
  it('parses strictly with 20 URLs and no issues', async () => {
    const { urls, issues } = parseSitemap(await loadRepositoryFile('examples/example-sitemap.xml'));
    expect(issues).toEqual([]);
    expect(urls).toHaveLength(20);
    expect(urls[0]).toEqual({
      loc: 'https://www.example.com/', lastmod: '2026-11-20T09:30:00+00:00', changefreq: 'daily', priority: 1,
      alternates: [
        { rel: 'alternate', hreflang: 'en', href: 'https://www.example.com/' },
        { rel: 'alternate', hreflang: 'fr', href: 'https://www.example.com/fr/' },
        { rel: 'alternate', hreflang: 'x-default', href: 'https://www.example.com/' },
      ],
    });
    expect(urls.find((url) => url.loc.endsWith('/sourdough-country-loaf'))?.images).toEqual([
      { loc: 'https://cdn.example.com/images/sourdough-country-loaf.jpg' }, { loc: 'https://cdn.example.com/images/sourdough-crumb.jpg' },
    ]);
    expect(urls.map((url) => url.loc)).toContain('https://www.example.com/cakes/order?size=large&flavour=lemon');
    expect(new Set(urls.map((url) => new URL(url.loc).host))).toEqual(new Set(['www.example.com']));
    expect(urls.every((url) => url.lastmod && url.changefreq && url.priority !== undefined)).toBe(true);
  });
});
