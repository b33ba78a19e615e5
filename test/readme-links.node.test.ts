// README.md's links work where the README is read without the repository around it: on the npm
// registry's package page, which resolves no relative link (issue #20 §4, "README links that work
// on the registry's page"). Every link into the project is absolute and names a path that exists.

import { existsSync, readFileSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const README = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
const REPOSITORY = 'https://github.com/sitemapkit/sitemapkit/';

/** The targets of the README's inline Markdown links and images, outside code spans and blocks. */
function linkTargets(markdown: string): string[] {
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
}

describe('README links', () => {
  const targets = linkTargets(README);

  it('reads the links it is checking', () => {
    expect(targets.length).toBeGreaterThan(30);
    expect(linkTargets('[a](x/y.md) `[b](not/a/link)` [c](#here)')).toEqual(['x/y.md', '#here']);
  });

  it('has no link relative to the repository (the registry page cannot resolve one)', () => {
    const relative = targets.filter((target) => !/^(https?:|mailto:|#)/.test(target));
    expect(relative).toEqual([]);
  });

  it('names, in every link into this repository, a file or folder that exists, as GitHub shows it', () => {
    const own = targets.filter((target) => target.startsWith(REPOSITORY));
    expect(own.length).toBeGreaterThan(20);
    const wrong = own.filter((target) => {
      const match = /^(blob|tree)\/main\/([^#?]+)/.exec(target.slice(REPOSITORY.length));
      if (!match) return !/^(issues|releases|actions|pulls)(\/|$)/.test(target.slice(REPOSITORY.length));
      const path = `${ROOT}${decodeURIComponent(match[2]!)}`;
      return !existsSync(path) || (match[1] === 'blob') !== statSync(path).isFile();
    });
    expect(wrong).toEqual([]);
  });
});
