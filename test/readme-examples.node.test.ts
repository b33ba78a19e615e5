// The README's JavaScript examples type-check against the package's published types (dist/*.d.ts),
// so that an example cannot name a function, an option or a field the package does not have.
// Each ```js block is a module of its own, checked with `// @ts-check` as an editor checks it;
// fragments use names from an example above them or the reader's own data, declared in
// README_NAMES with the types they stand for. Node-only: reads files and runs the compiler.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../', import.meta.url));
const README = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** The README's ```js blocks, with the line each starts on. */
function javascriptBlocks(markdown: string): { line: number; code: string }[] {
  const blocks: { line: number; code: string }[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```js') continue;
    const end = lines.indexOf('```', i + 1);
    blocks.push({ line: i + 2, code: lines.slice(i + 1, end).join('\n') });
    i = end;
  }
  return blocks;
}

/** What the fragments use without declaring it: the package's names and the reader's data. */
const README_NAMES = `
import type * as Sitemapkit from 'sitemapkit';
import type { ServerResponse } from 'node:http';
declare global {
  // From an import shown in an example above the fragment.
  const parseSitemap: typeof Sitemapkit.parseSitemap;
  const crawlSitemaps: typeof Sitemapkit.crawlSitemaps;
  const init: typeof Sitemapkit.init;
  const SitemapWriter: typeof Sitemapkit.SitemapWriter;
  const readFile: typeof import('node:fs/promises').readFile;
  // The reader's own data.
  const bytes: Uint8Array;
  const xml: string;
  const url: string;
  const yesterdayUrl: string;
  const todayUrl: string;
  const response: Response;
  const res: ServerResponse;
  const bar: { update(value: number): void };
  function index(loc: string, lastmod: string | undefined): Promise<void>;
  function done(): boolean;
  function productsAsStream(): ReadableStream<Sitemapkit.SitemapUrlInput>;
  const destination: WritableStream<Uint8Array>;
  const products: Iterable<Sitemapkit.SitemapUrlInput>;
  const socket: { write(bytes: Uint8Array): void };
  const pages: AsyncIterable<Sitemapkit.SitemapUrlInput[]>;
  const db: { products: { stream(): AsyncIterable<Sitemapkit.SitemapUrlInput> } };
  const urls: ReadableStream<Sitemapkit.SitemapUrlInput>;
}
export {};
`;

describe("the README's examples", () => {
  const blocks = javascriptBlocks(README);
  let folder: string;
  let diagnostics: string[];

  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'sitemapkit-readme-'));
    const files: string[] = [];
    for (const { line, code } of blocks) {
      const file = join(folder, `readme-line-${line}.mjs`);
      await writeFile(file, `// @ts-check\n${code}\nexport {};\n`);
      files.push(file);
    }
    await writeFile(join(folder, 'readme-names.d.ts'), README_NAMES);
    const program = ts.createProgram([...files, join(folder, 'readme-names.d.ts')], {
      allowJs: true, checkJs: true, noEmit: true, strict: false, skipLibCheck: true,
      target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler,
      lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'], types: ['node'], typeRoots: [join(ROOT, 'node_modules', '@types')],
      paths: { sitemapkit: [join(ROOT, 'dist', 'index.d.ts')], 'sitemapkit/node': [join(ROOT, 'dist', 'node.d.ts')] },
    });
    diagnostics = ts.getPreEmitDiagnostics(program).map((diagnostic) => {
      const where = diagnostic.file ? `${diagnostic.file.fileName.slice(folder.length + 1)}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start ?? 0).line}` : '';
      return `${where} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
    });
  }, 60_000);

  afterAll(async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it('are there to check (the README has its examples)', () => {
    expect(blocks.length).toBeGreaterThan(20);
    expect(blocks.some((block) => block.code.includes('crawlSitemaps('))).toBe(true);
  });

  it('type-check against the published types: every function, option and field they name exists', () => {
    expect(diagnostics).toEqual([]);
  });

  it('would catch an example that names an option the package does not have', async () => {
    const file = join(folder, 'wrong-option.mjs');
    await writeFile(file, "// @ts-check\nimport { parse } from 'sitemapkit';\nparse('<urlset/>', { recovr: true });\nexport {};\n");
    const program = ts.createProgram([file], {
      allowJs: true, checkJs: true, noEmit: true, types: [], target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext,
      moduleResolution: ts.ModuleResolutionKind.Bundler, paths: { sitemapkit: [join(ROOT, 'dist', 'index.d.ts')] },
    });
    const messages = ts.getPreEmitDiagnostics(program).map((diagnostic) => ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    expect(messages.join('\n')).toMatch(/'recovr' does not exist/);
  });
});
