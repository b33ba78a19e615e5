// Type-checks, with tsc under `strict`, what users write with issue codes (src/model/types.ts `Issue`,
// src/model/errors.ts `searchConsoleReport`): the README's "Errors" and "Validate" examples as written
// there, a misspelt code that must fail, and robots.txt issues. Node-only: it runs tsc on src/.

import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve as resolvePath, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const repositoryRoot = fileURLToPath(new URL('..', import.meta.url));
const typescriptCompiler = join(repositoryRoot, 'node_modules', 'typescript', 'bin', 'tsc');

/** The first ```js block after the README heading `heading`. */
async function readmeExample(heading: string): Promise<string> {
  const readme = await readFile(join(repositoryRoot, 'README.md'), 'utf8');
  const section = readme.indexOf(`\n${heading}\n`);
  if (section < 0) throw new Error(`README.md has no "${heading}"`);
  const block = /```js\n([\s\S]*?)```/.exec(readme.slice(section));
  if (!block) throw new Error(`README.md has no js example under "${heading}"`);
  return block[1]!;
}

/** Files of the check, by name. */
const checks: Record<string, string> = {
  'check-codes.ts': [
    "import { readRobotsTxtSitemaps, searchConsoleReport, validate, type Issue, type IssueCode, type RobotsTxtIssueCode } from 'sitemapkit';",
    "const { issues } = validate('<urlset/>');",
    'for (const issue of issues) {',
    "  if (issue.code === 'SITEMAP_BAD_LASTMOD') console.log(searchConsoleReport[issue.code]);",
    '  // @ts-expect-error: a misspelt code is not a code',
    "  if (issue.code === 'SITEMAP_BAD_LASTMODE') console.log(issue);",
    '}',
    "const robots = readRobotsTxtSitemaps('Sitemap: /s.xml', 'https://example.com/robots.txt');",
    "const robotsCodes: RobotsTxtIssueCode[] = robots.issues.map((issue) => issue.code);",
    'for (const issue of robots.issues) console.log(searchConsoleReport[issue.code]);',
    '// Both kinds together, and any Issue code at all, index searchConsoleReport.',
    'const everything: Issue<IssueCode>[] = [...issues, ...robots.issues];',
    'const reportOf = (issue: Issue<IssueCode>): string => searchConsoleReport[issue.code];',
    '// @ts-expect-error: parse and validate issues carry no robots.txt code',
    "const wrong: Issue = robots.issues[0]!;",
    'export { everything, reportOf, robotsCodes, wrong };',
  ].join('\n'),
};

let project = '';

beforeAll(async () => {
  project = await mkdtemp(join(tmpdir(), 'sitemapkit-issue-types-'));
  const errors = await readmeExample('### Errors');
  // The Validate example reads a file with readFile, imported by the README's Node example before it.
  const validate = await readmeExample('### Validate');
  checks['check-readme-errors.ts'] = errors + '\nexport {};\n';
  // The crawl's first example, and its codes: a crawl issue narrows like any other.
  checks['check-readme-crawl.ts'] = (await readmeExample('### Crawl a site: `crawlSitemaps`')) + '\nexport {};\n';
  checks['check-crawl-codes.ts'] = [
    "import { crawlSitemaps, searchConsoleReport, type CrawlIssueCode } from 'sitemapkit';",
    "const report = await crawlSitemaps('example.com', { maxSitemaps: 10 }).report();",
    'for (const sitemap of report.sitemaps) for (const issue of sitemap.issues) {',
    "  if (issue.code === 'CRAWL_CHILD_FAILED') console.log(searchConsoleReport[issue.code]);",
    '  // @ts-expect-error: a misspelt crawl code is not a code',
    "  if (issue.code === 'CRAWL_CHILD_FAILURE') console.log(issue);",
    '}',
    "const site: CrawlIssueCode[] = report.issues.map((issue) => issue.code).filter((code): code is CrawlIssueCode => code.startsWith('CRAWL_'));",
    'export { site };',
  ].join('\n');
  checks['check-readme-validate.ts'] = (validate.includes('readFile') && !validate.includes("from 'node:fs/promises'") ? "import { readFile } from 'node:fs/promises';\n" : '') + validate + '\nexport {};\n';
  for (const [name, text] of Object.entries(checks)) await writeFile(join(project, name), text);
  await writeFile(join(project, 'tsconfig.json'), JSON.stringify({
    compilerOptions: {
      target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', lib: ['ES2022', 'DOM', 'DOM.Iterable'], strict: true, noEmit: true, skipLibCheck: true,
      typeRoots: [join(repositoryRoot, 'node_modules', '@types')], types: ['node'],
      // The package as its sources: the types a build would publish, without building.
      paths: { sitemapkit: [join(repositoryRoot, 'src', 'index.ts')] },
    },
    files: Object.keys(checks),
  }));
});

afterAll(async () => {
  if (project) await rm(project, { recursive: true, force: true });
});

/**
 * What tsc says ('' when the checks type-check). Diagnostics inside src/ are left out: they are
 * the whole project's type check's business, and another change in progress there must not fail
 * this test; everything else (the check files, the configuration) counts.
 */
function typeCheck(): Promise<string> {
  const sources = join(repositoryRoot, 'src') + sep;
  return new Promise((resolve) => {
    execFile(process.execPath, [typescriptCompiler, '-p', join(project, 'tsconfig.json'), '--pretty', 'false'], { cwd: project }, (error, stdout, stderr) => {
      const lines: string[] = [];
      let inSources = false;
      for (const line of `${stdout}\n${stderr}`.split('\n')) {
        if (line.trim() === '') continue;
        // A diagnostic starts at column 1 with its file; its further lines are indented.
        if (!/^\s/.test(line)) inSources = resolvePath(project, /^(.+?)\(\d+,\d+\)/.exec(line)?.[1] ?? '.').startsWith(sources);
        if (!inSources) lines.push(line);
      }
      // tsc exits with 1 or 2 when it reports errors; anything else means it did not run.
      resolve(error && typeof error.code !== 'number' ? `tsc did not run: ${error.message}` : lines.join('\n'));
    });
  });
}

describe('Issue codes are typed', () => {
  it('so that the README examples type-check under strict, a misspelt code does not, and every Issue code indexes searchConsoleReport', async () => {
    expect(checks['check-readme-validate.ts']).toContain('searchConsoleReport[issue.code]');
    expect(await typeCheck()).toBe('');
  }, 120_000);
});
