// The sitemapkit command line (issue #18) as a user runs it: the BUILT dist/cli.js spawned with
// node, on corpus files, stdin, a loopback HTTP server, and a generated 120,000-URL list (build →
// files + index valid with xmllint against the official XSDs, `ls` of the result gives the input
// back); exit codes, every --format, messages for a missing file, a bad option and a bad input
// line, help and version, Ctrl-C. Node-only: processes, files, xmllint.

import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { corpus, locsOf, repositoryRoot, requireBuiltCli, runCli, serve, startCli } from './cli-helpers';
import { validate } from '../src/index';

const LIVEJOURNAL = corpus('urlset/livejournal-1396.xml');
const NOT_WELL_FORMED = corpus('odd/stray-close-url-notwf.xml');
const LINE_PATTERN = /^(.+):(\d+):(\d+): (error|warning) ([A-Z][A-Z0-9_]+) (.+)$/;

// Each test spawns processes (about 0.2 s each, more on a busy machine): no test is timed.
vi.setConfig({ testTimeout: 120_000 });

let directory: string;
let livejournalLocs: string[];

beforeAll(async () => {
  requireBuiltCli();
  directory = await mkdtemp(join(tmpdir(), 'sitemapkit-cli-'));
  livejournalLocs = locsOf(await readFile(LIVEJOURNAL, 'utf8'));
  expect(livejournalLocs.length).toBe(1396);
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('help, version and usage errors', () => {
  it('prints the version of package.json', async () => {
    const { version } = JSON.parse(await readFile(join(repositoryRoot, 'package.json'), 'utf8')) as { version: string };
    const run = await runCli(['--version']);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(version);
  });

  it('has --help with examples for every command, on stdout with exit 0', async () => {
    for (const command of ['validate', 'ls', 'build', 'discover', 'diff', 'check-urls']) {
      const run = await runCli([command, '--help']);
      expect(run.code, command).toBe(0);
      expect(run.stdout).toContain(`Usage: sitemapkit ${command}`);
      expect(run.stdout).toMatch(/Examples:\n {2}sitemapkit /);
    }
    const overview = await runCli(['--help']);
    expect(overview.code).toBe(0);
    expect(overview.stdout).toContain('Commands:');
    // No command at all is a usage error: the overview on stderr, nothing on stdout.
    const bare = await runCli([]);
    expect(bare.code).toBe(2);
    expect(bare.stdout).toBe('');
    expect(bare.stderr).toContain('Commands:');
  });

  it('exits 2 with a one-line message for an unknown command, option or option value', async () => {
    const cases: [string[], RegExp][] = [
      [['frobnicate'], /^sitemapkit: unknown command "frobnicate"/],
      [['ls', '--bogus', LIVEJOURNAL], /^sitemapkit: ls: Unknown option '--bogus'/],
      [['validate', '--format', 'xml', LIVEJOURNAL], /^sitemapkit: validate: --format takes text, json, ndjson, github; got "xml"/],
      [['validate', '--max-warnings', 'many', LIVEJOURNAL], /--max-warnings takes a whole number/],
      [['ls'], /^sitemapkit: ls: give one file/],
      [['build', 'x.txt', '--out', directory], /--base-url is required/],
    ];
    for (const [args, message] of cases) {
      const run = await runCli(args);
      expect(run.code, args.join(' ')).toBe(2);
      expect(run.stderr.split('\n')[0]).toMatch(message);
      expect(run.stdout).toBe('');
    }
  });

  it('exits 2 naming a missing file, and goes on with the other inputs', async () => {
    const run = await runCli(['validate', 'missing-sitemap.xml', LIVEJOURNAL]);
    expect(run.code).toBe(2);
    expect(run.stderr).toBe('sitemapkit: missing-sitemap.xml: no such file\n');
    expect(run.stdout).toContain(`${LIVEJOURNAL}: valid`);
  });
});

describe('a Node without WebAssembly', () => {
  it('says the core cannot run, why, with exit 2 and no stack trace (NODE_OPTIONS=--jitless)', async () => {
    const run = await runCli(['validate', join(repositoryRoot, 'examples/example-sitemap.xml')], { env: { NODE_OPTIONS: '--jitless' } });
    expect(run.code).toBe(2);
    expect(run.stdout).toBe('');
    const lines = run.stderr.split('\n').filter((line) => line !== '' && !line.startsWith('Warning: disabling flag --expose_wasm'));
    expect(lines).toEqual([expect.stringMatching(/^sitemapkit: sitemapkit's WebAssembly core cannot run here \(ReferenceError: WebAssembly is not defined\): this runtime has WebAssembly turned off \(node --jitless, /)]);
  });
});

describe('validate', () => {
  it('exits 0 for a valid file, with its summary and no colour when stdout is no terminal', async () => {
    const run = await runCli(['validate', LIVEJOURNAL]);
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`${LIVEJOURNAL}: valid (xml, 1,396 URLs), 0 errors, 0 warnings\n`);
    expect(run.stderr).toBe('');
  });

  it('exits 1 and prints path:line:col: severity CODE message, then a summary by Search Console report', async () => {
    const run = await runCli(['validate', NOT_WELL_FORMED]);
    expect(run.code).toBe(1);
    const lines = run.stdout.trim().split('\n');
    const issues = lines.filter((line) => LINE_PATTERN.test(line));
    expect(issues.length).toBe(5);
    expect(issues).toContain(`${NOT_WELL_FORMED}:32:4: error XML_MISMATCHED_END_TAG An end tag that does not match the open element`);
    expect(lines).toContain(`${NOT_WELL_FORMED}: invalid (xml, 9 URLs), 3 errors, 2 warnings`);
    expect(lines).toContain('By Search Console report:');
    expect(lines.some((line) => /^ {2}Parsing error: 2 \(XML_MISMATCHED_END_TAG\)$/.test(line))).toBe(true);
    expect(run.stdout).not.toContain('\u001b[');
  });

  it('--quiet prints only the errors', async () => {
    const run = await runCli(['validate', '--quiet', NOT_WELL_FORMED]);
    expect(run.code).toBe(1);
    const lines = run.stdout.trim().split('\n');
    expect(lines.length).toBe(3);
    for (const line of lines) expect(line).toMatch(/: error /);
  });

  it('--max-warnings turns warnings into a failure', async () => {
    const text = corpus('text/bom-rawamp-urllist-405.txt');
    expect((await runCli(['validate', text])).code).toBe(0);
    const strict = await runCli(['validate', text, '--max-warnings', '10']);
    expect(strict.code).toBe(1);
    expect(strict.stdout).toContain('80 warnings: more than --max-warnings 10');
    expect((await runCli(['validate', text, '--max-warnings', '80'])).code).toBe(0);
  });

  it('--profile xsd follows the schemas where Google is lenient', async () => {
    const file = corpus('image/yoast-product-image-cdata.xml');
    expect((await runCli(['validate', file])).code).toBe(0);
    const xsd = await runCli(['validate', '--profile', 'xsd', '--quiet', file]);
    expect(xsd.code).toBe(1);
    expect(xsd.stdout.trim().split('\n').every((line) => line.includes('error SITEMAP_CHILD_ORDER'))).toBe(true);
  });

  it('--format json, ndjson and github', async () => {
    const json = await runCli(['validate', '--format', 'json', NOT_WELL_FORMED, LIVEJOURNAL]);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout) as { valid: boolean; errors: number; warnings: number; files: { file: string; valid: boolean; entries: number; issues: { code: string; line: number; column: number; report: string }[] }[] };
    expect(report).toMatchObject({ valid: false, errors: 3, warnings: 2 });
    expect(report.files.map((file) => [file.file, file.valid, file.entries])).toEqual([[NOT_WELL_FORMED, false, 9], [LIVEJOURNAL, true, 1396]]);
    expect(report.files[0]!.issues).toContainEqual(expect.objectContaining({ code: 'XML_MISMATCHED_END_TAG', line: 32, column: 4, report: 'Parsing error' }));
    // Each record carries the issue's data fields as validate() gives them (entry, leftOut, value…).
    const library = validate(await readFile(NOT_WELL_FORMED));
    expect(report.files[0]!.issues.map((issue) => (issue as Record<string, unknown>).entry)).toEqual(library.issues.map((issue) => issue.entry));
    expect(report.files[0]!.issues.some((issue) => typeof (issue as Record<string, unknown>).entry === 'number')).toBe(true);

    const ndjson = await runCli(['validate', '--format', 'ndjson', NOT_WELL_FORMED]);
    const records = ndjson.stdout.trim().split('\n').map((line) => JSON.parse(line) as { type: string; code?: string; valid?: boolean });
    expect(records.filter((record) => record.type === 'issue').length).toBe(5);
    expect(records.at(-1)).toMatchObject({ type: 'file', valid: false, errors: 3, warnings: 2, entries: 9 });

    const github = await runCli(['validate', '--format', 'github', NOT_WELL_FORMED]);
    expect(github.code).toBe(1);
    const annotations = github.stdout.trim().split('\n');
    expect(annotations.length).toBe(5);
    expect(annotations).toContain(`::error file=${NOT_WELL_FORMED},line=32,col=4,title=XML_MISMATCHED_END_TAG (Parsing error)::An end tag that does not match the open element`);
    expect(annotations.filter((line) => line.startsWith('::warning ')).length).toBe(2);
  });

  it('judges text sitemaps, feeds, robots.txt, HTML and empty files by their content', async () => {
    const run = await runCli(['validate', corpus('feed/docusaurus-blog-atom.xml'), corpus('robots/wordpress-yoast-robots.txt'), corpus('odd/xmlsitemaps-html-sitemap.html'), corpus('odd/empty-zero-byte-sitemap.xml')]);
    expect(run.code).toBe(1);
    expect(run.stdout).toContain(`${corpus('feed/docusaurus-blog-atom.xml')}: valid (atom, 7 URLs)`);
    expect(run.stdout).toContain(`${corpus('robots/wordpress-yoast-robots.txt')}: valid (robots, 1 sitemap lines)`);
    expect(run.stdout).toContain(`${corpus('odd/xmlsitemaps-html-sitemap.html')}:1:1: error SITEMAP_HTML`);
    expect(run.stdout).toContain(`${corpus('odd/empty-zero-byte-sitemap.xml')}:1:1: error INPUT_EMPTY`);
  });

  it('reads stdin as -, gzip included, with --location for the host rules', async () => {
    const bytes = gzipSync(await readFile(LIVEJOURNAL));
    const plain = await runCli(['validate', '-'], { input: bytes });
    expect(plain.code).toBe(0);
    expect(plain.stdout).toContain('<stdin>: valid (xml, 1,396 URLs)');
    const elsewhere = await runCli(['validate', '-', '--quiet', '--location', 'https://example.com/sitemap.xml'], { input: bytes });
    expect(elsewhere.code).toBe(1);
    expect(elsewhere.stdout.split('\n')[0]).toMatch(/^<stdin>:\d+:\d+: error SITEMAP_LOC_NOT_ALLOWED /);
  });
});

describe('ls', () => {
  it('lists every entry as TSV (the default), CSV with a header, NDJSON and JSON', async () => {
    const tsv = await runCli(['ls', LIVEJOURNAL]);
    expect(tsv.code).toBe(0);
    const rows = tsv.stdout.trimEnd().split('\n').map((line) => line.split('\t'));
    expect(rows.length).toBe(1396);
    expect(rows.map((row) => row[0])).toEqual(livejournalLocs);
    expect(rows[0]!.length).toBe(4);

    const csv = await runCli(['ls', LIVEJOURNAL, '--format', 'csv', '--fields', 'loc,priority']);
    const csvLines = csv.stdout.trimEnd().split('\n');
    expect(csvLines[0]).toBe('loc,priority');
    expect(csvLines.length).toBe(1397);

    const ndjson = await runCli(['ls', LIVEJOURNAL, '--format', 'ndjson']);
    const entries = ndjson.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { loc: string });
    expect(entries.map((entry) => entry.loc)).toEqual(livejournalLocs);

    const json = await runCli(['ls', LIVEJOURNAL, '--format', 'json', '--fields', 'loc']);
    expect((JSON.parse(json.stdout) as { loc: string }[]).map((entry) => entry.loc)).toEqual(livejournalLocs);
  });

  it('lists extensions, indexes, text sitemaps and feeds, and stdin', async () => {
    const images = await runCli(['ls', corpus('image/shopify-leather-image-41.xml'), '--fields', 'images', '--format', 'csv']);
    expect(images.code).toBe(0);
    expect(images.stdout.split('\n')[1]).toMatch(/^https?:\/\/\S+\.(jpe?g|png|webp)/i);
    const index = await runCli(['ls', corpus('index/zara-index-241-gz.xml'), '--fields', 'loc']);
    expect(index.stdout.trimEnd().split('\n').length).toBe(241);
    const text = await runCli(['ls', corpus('text/livejournal-sitemap-1396.txt'), '--fields', 'loc']);
    expect(text.stdout.trimEnd().split('\n').length).toBe(1396);
    const feed = await runCli(['ls', corpus('feed/docusaurus-blog-atom.xml'), '--fields', 'loc']);
    expect(feed.stdout.trimEnd().split('\n').length).toBe(7);
    const robots = await runCli(['ls', corpus('robots/multi-sitemap-host-robots.txt'), '--fields', 'loc']);
    expect(robots.code).toBe(0);
    const robotsText = await readFile(corpus('robots/multi-sitemap-host-robots.txt'), 'utf8');
    const absolute = [...robotsText.matchAll(/^sitemap:\s*(https?:\/\/\S+)/gim)].map((match) => match[1]);
    expect(absolute.length).toBeGreaterThan(1);
    expect(robots.stdout.trimEnd().split('\n')).toEqual(absolute.map((loc) => new URL(loc!).href));
    const stdin = await runCli(['ls', '-', '--fields', 'loc'], { input: gzipSync(await readFile(LIVEJOURNAL)) });
    expect(stdin.stdout.trimEnd().split('\n')).toEqual(livejournalLocs);
  });

  it('reads a feed or a robots.txt whole only up to --max-bytes, or 100 MiB without it: a gzip bomb stops with INPUT_TOO_LARGE', async () => {
    // 160 MiB of feed (an item, then blanks) in 160 KB of gzip: without a cap, ls held all of it.
    const item = '<?xml version="1.0"?><rss version="2.0"><channel><item><link>https://example.com/a</link></item>';
    const bomb = join(directory, 'bomb-feed.xml.gz');
    await writeFile(bomb, gzipSync(Buffer.concat([Buffer.from(item), Buffer.alloc(160 * 2 ** 20, 0x20), Buffer.from('</channel></rss>')]), { level: 9 }));
    const run = await runCli(['ls', bomb, '--fields', 'loc']);
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/INPUT_TOO_LARGE/);
    expect(run.stderr).toContain('104,857,600');
    expect(run.stdout).toBe('');
    // A feed and a robots.txt past an explicit --max-bytes (as stored), with the limit named.
    const feed = await runCli(['ls', corpus('feed/docusaurus-blog-atom.xml'), '--max-bytes', '1000']);
    expect(feed.code).toBe(1);
    expect(feed.stderr).toMatch(/error INPUT_TOO_LARGE The input is over the maxBytes limit of 1,000 bytes\n/);
    const robots = await runCli(['ls', corpus('robots/multi-sitemap-host-robots.txt'), '--max-bytes', '50']);
    expect(robots.code).toBe(1);
    expect(robots.stderr).toContain('INPUT_TOO_LARGE');
    // Under the cap, as before.
    const small = await runCli(['ls', corpus('feed/docusaurus-blog-atom.xml'), '--max-bytes', '1MiB', '--fields', 'loc']);
    expect([small.code, small.stdout.trimEnd().split('\n').length]).toEqual([0, 7]);
  });

  it('stops at malformed XML with exit 1, after the entries before it, and reads past it with --recover', async () => {
    const run = await runCli(['ls', NOT_WELL_FORMED, '--fields', 'loc']);
    expect(run.code).toBe(1);
    expect(run.stdout.trimEnd().split('\n').length).toBe(7);
    expect(run.stderr).toContain(`${NOT_WELL_FORMED}:32:4: error XML_MISMATCHED_END_TAG`);
    expect(run.stderr).toContain('ls stopped after 7 entries');
    const recovered = await runCli(['ls', NOT_WELL_FORMED, '--fields', 'loc', '--recover']);
    expect(recovered.code).toBe(0);
    expect(recovered.stdout.trimEnd().split('\n').length).toBe(9);
  });
});

describe('diff', () => {
  it('exits 0 for the same entries (a sitemap and its gzip), 1 with +, - and ~ lines when they differ', async () => {
    const gzipped = join(directory, 'livejournal.xml.gz');
    await writeFile(gzipped, gzipSync(await readFile(LIVEJOURNAL)));
    const same = await runCli(['diff', LIVEJOURNAL, gzipped]);
    expect(same.code).toBe(0);
    expect(same.stdout).toBe('0 added, 0 removed, 0 changed, 1,396 unchanged\n');

    const xml = await readFile(LIVEJOURNAL, 'utf8');
    const urls = xml.split('<url>');
    urls.splice(1, 1);
    urls[5] = urls[5]!.replace(/<priority>[^<]*<\/priority>/, '<priority>0.01</priority>');
    const edited = join(directory, 'edited.xml');
    await writeFile(edited, urls.join('<url>').replace('</urlset>', '<url><loc>https://example.com/new</loc></url></urlset>'));
    const text = await runCli(['diff', LIVEJOURNAL, edited]);
    expect(text.code).toBe(1);
    const lines = text.stdout.trimEnd().split('\n');
    expect(lines).toContain('+ https://example.com/new');
    expect(lines).toContain(`- ${livejournalLocs[0]}`);
    expect(lines.some((line) => line.startsWith(`~ ${livejournalLocs[5]}  priority `) && line.endsWith('→ 0.01'))).toBe(true);
    expect(lines.at(-1)).toBe('1 added, 1 removed, 1 changed, 1,394 unchanged');

    const ndjson = await runCli(['diff', LIVEJOURNAL, edited, '--format', 'ndjson']);
    expect(ndjson.code).toBe(1);
    const changes = ndjson.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { change: string; loc: string; fields?: string[] });
    expect(changes.map((change) => change.change).sort()).toEqual(['added', 'changed', 'removed']);
    expect(changes.find((change) => change.change === 'changed')).toMatchObject({ loc: livejournalLocs[5], fields: ['priority'] });
    expect(ndjson.stderr).toBe('1 added, 1 removed, 1 changed, 1,394 unchanged\n');
  });

  it('compares a text sitemap with an XML one (changefreq and priority only in one), and takes - for one side', async () => {
    const run = await runCli(['diff', '-', corpus('text/livejournal-sitemap-1396.txt'), '--fields', 'lastmod', '--quiet'], { input: await readFile(LIVEJOURNAL) });
    // The text file's locs are the XML's but one, spelt differently.
    expect(run.code).toBe(1);
    expect(run.stdout.trimEnd().split('\n').length).toBe(2);
  });
});

describe('build', () => {
  it('turns 120,000 URLs into three files and an index that xmllint accepts, and ls gives the input back', async () => {
    const urls = Array.from({ length: 120_000 }, (_, index) => `https://example.com/item/${index}?colour=${index % 5}&size=m`);
    const list = join(directory, 'urls.txt');
    await writeFile(list, urls.join('\n') + '\n');
    const out = join(directory, 'site');
    const run = await runCli(['build', list, '--base-url', 'https://example.com/', '--out', out]);
    expect(run.code, run.stderr).toBe(0);
    const files = (await readdir(out)).sort();
    expect(files).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap-index.xml']);
    expect(run.stdout.trimEnd().split('\n').at(-1)).toBe(`${join(out, 'sitemap-index.xml')}\tindex of 3 files\tsubmit https://example.com/sitemap-index.xml`);
    for (const file of files) {
      const schema = join(repositoryRoot, 'test/corpus/xsd', file === 'sitemap-index.xml' ? 'siteindex.xsd' : 'sitemap.xsd');
      const lint = spawnSync('xmllint', ['--noout', '--schema', schema, join(out, file)], { encoding: 'utf8' });
      expect(lint.status, lint.stderr).toBe(0);
    }
    const index = await runCli(['ls', join(out, 'sitemap-index.xml'), '--fields', 'loc']);
    expect(index.stdout.trimEnd().split('\n')).toEqual(['https://example.com/sitemap-1.xml', 'https://example.com/sitemap-2.xml', 'https://example.com/sitemap-3.xml']);
    const listed: string[] = [];
    for (const file of ['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml']) {
      const ls = await runCli(['ls', join(out, file), '--fields', 'loc']);
      expect(ls.code).toBe(0);
      listed.push(...ls.stdout.trimEnd().split('\n'));
    }
    expect(listed.length).toBe(urls.length);
    expect(listed).toEqual(urls);
  });

  it('reads NDJSON, CSV and sitemaps, writes gzip and honours --max-urls and the names', async () => {
    const ndjson = join(directory, 'records.ndjson');
    await writeFile(ndjson, [
      JSON.stringify({ loc: 'https://example.com/a', lastmod: '2024-05-01', images: [{ loc: 'https://example.com/a.png' }] }),
      '',
      JSON.stringify({ loc: 'https://example.com/b', changefreq: 'daily', priority: 0.3, alternates: [{ hreflang: 'de', href: 'https://example.com/de/b' }] }),
      JSON.stringify({ loc: 'https://example.com/c' }),
    ].join('\n'));
    const out = join(directory, 'records');
    const run = await runCli(['build', ndjson, '--base-url', 'https://example.com/maps/', '--out', out, '--gzip', '--max-urls', '2', '--index-name', 'index.xml.gz', '--format', 'json']);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout) as { sitemaps: { fileName: string; urls: number }[]; index: { loc: string } };
    expect(result.sitemaps.map((file) => [file.fileName, file.urls])).toEqual([['sitemap-1.xml.gz', 2], ['sitemap-2.xml.gz', 1]]);
    expect(result.index.loc).toBe('https://example.com/maps/index.xml.gz');
    const first = await runCli(['ls', join(out, 'sitemap-1.xml.gz'), '--format', 'ndjson']);
    expect(first.stdout.trimEnd().split('\n').map((line) => JSON.parse(line))).toEqual([
      { loc: 'https://example.com/a', lastmod: '2024-05-01', images: [{ loc: 'https://example.com/a.png' }] },
      { loc: 'https://example.com/b', changefreq: 'daily', priority: 0.3, alternates: [{ hreflang: 'de', href: 'https://example.com/de/b', rel: 'alternate' }] },
    ]);

    // CSV as `ls --format csv` writes it, back into a sitemap: the same entries.
    const csv = await runCli(['ls', LIVEJOURNAL, '--format', 'csv']);
    const csvFile = join(directory, 'livejournal.csv');
    await writeFile(csvFile, csv.stdout);
    const fromCsv = join(directory, 'from-csv');
    expect((await runCli(['build', csvFile, '--base-url', 'https://example.com/', '--out', fromCsv])).code).toBe(0);
    expect((await runCli(['diff', LIVEJOURNAL, join(fromCsv, 'sitemap-1.xml')])).code).toBe(0);

    // A sitemap (from stdin) re-split into files of 500.
    const fromXml = join(directory, 'from-xml');
    const split = await runCli(['build', '-', '--base-url', 'https://example.com/', '--out', fromXml, '--max-urls', '500'], { input: await readFile(LIVEJOURNAL) });
    expect(split.code, split.stderr).toBe(0);
    expect((await readdir(fromXml)).sort()).toEqual(['sitemap-1.xml', 'sitemap-2.xml', 'sitemap-3.xml', 'sitemap-index.xml']);
  });

  it('stops at a bad input line with its number and reason, and writes nothing', async () => {
    const cases: [string, string, RegExp][] = [
      ['bad.txt', 'https://example.com/a\n\nhttps://example.com/b\n/relative/path\n', /bad\.txt:4: not an absolute http\(s\) URL: "\/relative\/path"/],
      ['bad.ndjson', '{"loc":"https://example.com/a"}\n{"loc":"https://example.com/b","lastmod":"last tuesday"}\n', /bad\.ndjson:2: lastmod: "last tuesday" is not an xsd:date/],
      ['broken.ndjson', '{"loc":"https://example.com/a"}\n{"loc":\n', /broken\.ndjson:2: not JSON/],
      ['bad.csv', 'loc,priority\nhttps://example.com/a,0.5\n"https://example.com/b,c",7\n', /bad\.csv:3: priority: must be a decimal number from 0\.0 to 1\.0, got "7"/],
    ];
    for (const [name, content, message] of cases) {
      const input = join(directory, name);
      await writeFile(input, content);
      const out = join(directory, `out-${name}`);
      // More than one file's worth, so that a file was complete before the bad line.
      const run = await runCli(['build', input, '--base-url', 'https://example.com/', '--out', out, '--max-urls', '1']);
      expect(run.code, name).toBe(1);
      expect(run.stderr.split('\n')[0]).toMatch(message);
      expect(run.stderr).toContain('nothing was written');
      await expect(readdir(out)).rejects.toThrow(/ENOENT/);
    }
  });

  it('leaves an existing directory as it was when a build fails', async () => {
    const out = join(directory, 'existing');
    expect((await runCli(['build', '-', '--base-url', 'https://example.com/', '--out', out], { input: 'https://example.com/x\n' })).code).toBe(0);
    const before = (await readdir(out)).sort();
    const run = await runCli(['build', '-', '--base-url', 'https://example.com/', '--out', out, '--file-name', 'other-{index}.xml', '--index-name', 'other.xml'], { input: 'https://example.com/y\nnot a url\n' });
    expect(run.code).toBe(1);
    expect((await readdir(out)).sort()).toEqual(before);
  });
});

describe('URLs from a local HTTP server', () => {
  it('validates, lists and compares URLs (redirects followed, gzip sniffed), and exits 2 for an HTTP error', async () => {
    const sitemapOf = (origin: string, count: number) => `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${Array.from({ length: count }, (_, index) => `<url><loc>${origin}/page/${index}</loc></url>`).join('\n')}\n</urlset>\n`;
    const server = await serve((origin) => ({
      '/sitemap.xml': sitemapOf(origin, 30),
      '/sitemap.xml.gz': gzipSync(sitemapOf(origin, 31)),
      '/moved.xml': { status: 301, location: '/sitemap.xml' },
      '/gone.xml': 410,
    }));
    try {
      const { origin } = server;
      const valid = await runCli(['validate', `${origin}/moved.xml`]);
      expect(valid.code, valid.stdout + valid.stderr).toBe(0);
      expect(valid.stdout).toBe(`${origin}/moved.xml: valid (xml, 30 URLs), 0 errors, 0 warnings\n`);

      const listed = await runCli(['ls', `${origin}/sitemap.xml.gz`, '--fields', 'loc']);
      expect(listed.code).toBe(0);
      expect(listed.stdout.trimEnd().split('\n')).toEqual(Array.from({ length: 31 }, (_, index) => `${origin}/page/${index}`));

      const compared = await runCli(['diff', `${origin}/sitemap.xml`, `${origin}/sitemap.xml.gz`]);
      expect(compared.code).toBe(1);
      expect(compared.stdout).toBe(`+ ${origin}/page/30\n1 added, 0 removed, 0 changed, 30 unchanged\n`);

      const gone = await runCli(['validate', `${origin}/gone.xml`]);
      expect(gone.code).toBe(2);
      expect(gone.stderr).toBe(`sitemapkit: ${origin}/gone.xml: HTTP 410 Gone\n`);
      const goneList = await runCli(['ls', `${origin}/gone.xml`]);
      expect(goneList.code).toBe(2);
      expect(server.requests.filter((path) => path === '/gone.xml').length).toBe(2);
    } finally {
      await server.close();
    }
  });
});

describe('--refuse-private-addresses', () => {
  const REFUSED = 'a loopback, private, link-local or reserved address, refused (--refuse-private-addresses)';
  const sitemapOf = (origin: string) => `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/page</loc></url></urlset>`;

  it('refuses a URL on a private address or localhost in every command, before asking; without it the same URLs are read', async () => {
    const server = await serve((origin) => ({ '/s.xml': sitemapOf(origin), '/robots.txt': `Sitemap: ${origin}/s.xml\n`, '/page': 'a page' }));
    try {
      const { origin } = server;
      const localhost = origin.replace('127.0.0.1', 'localhost');
      for (const args of [['validate', `${origin}/s.xml`], ['ls', `${localhost}/s.xml`], ['diff', `${origin}/s.xml`, `${origin}/s.xml`], ['build', `${origin}/s.xml`, '--base-url', 'https://example.com/', '--out', join(directory, 'refused')]]) {
        const refused = await runCli([...args, '--refuse-private-addresses']);
        expect(refused.code, args.join(' ')).toBe(2);
        expect(refused.stderr, args.join(' ')).toMatch(new RegExp(`^sitemapkit: https?://\\S+: (127\\.0\\.0\\.1|localhost) is ${REFUSED.replace(/[()]/g, '\\$&')}\n$`));
      }
      expect(server.requests).toEqual([]);

      const discovered = await runCli(['discover', `${origin}/`, '--refuse-private-addresses', '--format', 'json']);
      expect(discovered.code).toBe(1);
      const report = JSON.parse(discovered.stdout) as { issues: { code: string; url: string }[]; totals: { requests: number } };
      expect(report.issues).toEqual([expect.objectContaining({ code: 'CRAWL_PRIVATE_ADDRESS', url: `${origin}/robots.txt` }), expect.objectContaining({ code: 'CRAWL_NO_SITEMAP' })]);
      expect(report.totals.requests).toBe(0);
      // The text tree names the command line's flag, not the API's option.
      const tree = await runCli(['discover', `${origin}/`, '--refuse-private-addresses', '--no-progress']);
      expect(tree.stdout).toContain(`CRAWL_PRIVATE_ADDRESS 127.0.0.1 is ${REFUSED} (${origin}/robots.txt)`);
      expect(tree.stdout).not.toContain('(refusePrivateAddresses)');
      expect(server.requests).toEqual([]);

      // A local sitemap whose pages are on the private address: each check is refused, none asked.
      const list = join(directory, 'private-pages.xml');
      await writeFile(list, sitemapOf(origin));
      const checked = await runCli(['check-urls', list, '--refuse-private-addresses', '--format', 'ndjson']);
      expect(checked.code).toBe(1);
      const rows = checked.stdout.trimEnd().split('\n').map((line) => JSON.parse(line) as { url: string; status: number; error?: string });
      expect(rows).toEqual([expect.objectContaining({ url: `${origin}/page`, status: 0, error: `127.0.0.1 is ${REFUSED}` })]);
      const checkedText = await runCli(['check-urls', list, '--refuse-private-addresses', '--no-progress']);
      expect(checkedText.stdout).toContain(`${origin}/page  127.0.0.1 is ${REFUSED}`);
      expect(server.requests).toEqual([]);

      // Without the option the same commands read the server.
      const listed = await runCli(['ls', `${localhost}/s.xml`, '--fields', 'loc']);
      expect(listed.stdout).toBe(`${origin}/page\n`);
      const pages = await runCli(['check-urls', list, '--format', 'ndjson']);
      expect(JSON.parse(pages.stdout.trim())).toMatchObject({ url: `${origin}/page`, status: 200 });
      expect(server.requests).toEqual(['/s.xml', '/page']);
    } finally {
      await server.close();
    }
  });

  it('refuses a host name whose DNS answer is a private address (judged where the connection is made); without the option the name is read', async () => {
    const server = await serve((origin) => ({ '/s.xml': sitemapOf(origin), '/moved.xml': { status: 302, location: `${origin}/s.xml` } }));
    // The CLI's DNS: sitemaps.test is 127.0.0.1 (node:net asks dns.lookup at connect time).
    const stub = join(directory, 'dns-stub.mjs');
    await writeFile(stub, `import dns from 'node:dns';
const real = dns.lookup;
dns.lookup = function (hostname, options, callback) {
  if (hostname !== 'sitemaps.test') return real.apply(this, arguments);
  const done = typeof options === 'function' ? options : callback;
  const all = typeof options === 'object' && options !== null && options.all;
  process.nextTick(() => (all ? done(null, [{ address: '127.0.0.1', family: 4 }]) : done(null, '127.0.0.1', 4)));
};
`);
    const env = { NODE_OPTIONS: `--import=${pathToFileURL(stub).href}` };
    try {
      const named = server.origin.replace('127.0.0.1', 'sitemaps.test');
      const refused = await runCli(['ls', `${named}/s.xml`, '--refuse-private-addresses'], { env });
      expect(refused.code).toBe(2);
      expect(refused.stderr).toBe(`sitemapkit: ${named}/s.xml: sitemaps.test resolved to 127.0.0.1, ${REFUSED}\n`);
      expect(server.requests).toEqual([]);
      // The stub works: without the option the name reaches the server.
      const listed = await runCli(['ls', `${named}/moved.xml`, '--fields', 'loc'], { env });
      expect(listed.stdout, listed.stderr).toBe(`${server.origin}/page\n`);
      expect(server.requests).toEqual(['/moved.xml', '/s.xml']);
    } finally {
      await server.close();
    }
  });
});

describe('Ctrl-C', () => {
  it('stops ls waiting on stdin and says how many entries were written', async () => {
    const { child, done } = startCli(['ls', '-', '--fields', 'loc'], { keepStdinOpen: true });
    // More than the 512 bytes parseStream reads before it decides the encoding.
    const head = `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${'<url><loc>https://example.com/a</loc></url>'.repeat(20)}`;
    child.stdin!.write(head);
    // Wait until the entries are out, then interrupt while it waits for more.
    await new Promise<void>((resolvePromise) => child.stdout!.once('data', () => resolvePromise()));
    child.kill('SIGINT');
    const run = await done;
    expect(run.code).toBe(130);
    expect(run.stdout).toBe('https://example.com/a\n'.repeat(20));
    expect(run.stderr).toBe(`sitemapkit: interrupted; 20 entries written (${head.length} bytes read)\n`);
  });

  it('stops build with no file left behind', async () => {
    const out = join(directory, 'interrupted');
    const { child, done } = startCli(['build', '-', '--base-url', 'https://example.com/', '--out', out, '--max-urls', '1'], { keepStdinOpen: true });
    child.stdin!.write(Array.from({ length: 2000 }, (_, index) => `https://example.com/${index}`).join('\n') + '\n');
    // Give it time to write files under their temporary names.
    await new Promise((resolvePromise) => setTimeout(resolvePromise, 1500));
    child.kill('SIGINT');
    const run = await done;
    expect(run.code).toBe(130);
    expect(run.stderr).toMatch(/^sitemapkit: interrupted after [\d,]+ entries; nothing was written to .* \(partial files removed\)\n$/);
    await expect(readdir(out)).rejects.toThrow(/ENOENT/);
  });
});

describe('sites, through crawlSitemaps', () => {
  const siteRoutes = (origin: string) => ({
    '/robots.txt': `User-agent: *\nDisallow: /private/\nSitemap: ${origin}/index.xml\n`,
    '/index.xml': `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/a.xml</loc></sitemap><sitemap><loc>${origin}/b.xml.gz</loc></sitemap><sitemap><loc>${origin}/missing.xml</loc></sitemap></sitemapindex>`,
    '/a.xml': `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/one</loc></url><url><loc>${origin}/private/two</loc></url></urlset>`,
    '/b.xml.gz': gzipSync(`${origin}/three\n${origin}/four\n`),
  });

  it('discover prints the tree with status, format, entries and issues, or the report as JSON; exit 1 for its errors', async () => {
    const server = await serve(siteRoutes);
    try {
      const { origin } = server;
      const run = await runCli(['discover', `${origin}/`]);
      expect(run.code, run.stderr).toBe(1);
      const lines = run.stdout.trimEnd().split('\n');
      expect(lines[0]).toBe(`${origin}/robots.txt  200  1 Sitemap line`);
      expect(lines[1]).toBe(`└── ${origin}/index.xml  200  sitemapindex  3 sitemaps  1 error  (CRAWL_CHILD_FAILED×1)`);
      expect(lines[2]).toBe(`    ├── ${origin}/a.xml  200  urlset  2 entries  1 error  (CRAWL_BLOCKED_BY_ROBOTS_TXT×1)`);
      expect(lines[3]).toBe(`    ├── ${origin}/b.xml.gz  200  text  gzip  2 entries`);
      expect(lines[4]).toBe(`    └── ${origin}/missing.xml  404  -  0 entries  1 error  (CRAWL_HTTP_ERROR×1)`);
      expect(lines[5]).toMatch(/^4 sitemaps \(1 index, 1 failed\), 4 URLs, 3 errors, 0 warnings, \d+ requests in [\d.]+ s$/);

      const asked = server.requests.length;
      const json = await runCli(['discover', `${origin}/`, '--format', 'json', '--max-depth', '0']);
      const report = JSON.parse(json.stdout) as { sitemaps: { url: string; depth: number }[] };
      expect(report.sitemaps.map((sitemap) => sitemap.url)).toEqual([`${origin}/index.xml`]);
      // The children deeper than --max-depth are reported, not fetched.
      expect(json.stdout).toContain('"code": "CRAWL_LIMIT_REACHED"');
      expect(server.requests.slice(asked)).toContain('/index.xml');
      expect(server.requests.slice(asked)).not.toContain('/a.xml');
      expect((await runCli(['discover', 'sitemap.xml'])).code).toBe(2);

      // --max-tracked-urls: past it, page URLs are checked but not remembered, and the report says so.
      const limitOf = async (args: string[]) => (JSON.parse((await runCli(['discover', `${origin}/`, '--format', 'json', ...args])).stdout) as { issues: { code: string; message: string }[] }).issues.filter((issue) => issue.code === 'CRAWL_LIMIT_REACHED').map((issue) => issue.message);
      expect(await limitOf(['--max-tracked-urls', '1'])).toEqual([expect.stringMatching(/^More than maxTrackedUrls \(1\) page URLs/)]);
      expect(await limitOf([])).toEqual([]);
      const wrong = await runCli(['discover', `${origin}/`, '--max-tracked-urls', 'many']);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain('--max-tracked-urls');
    } finally {
      await server.close();
    }
  });

  it('discover --file-timeout gives up on a file whose server sends a byte now and then', async () => {
    const server = createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/xml' });
      response.write('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      const timer = setInterval(() => response.write(' '), 100);
      response.on('close', () => clearInterval(timer));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/drip.xml`;
      const run = await runCli(['discover', url, '--file-timeout', '1', '--format', 'json']);
      expect(run.code, run.stderr).toBe(1);
      const report = JSON.parse(run.stdout) as { sitemaps: { url: string; failed: boolean; issues: { code: string; message: string }[] }[] };
      expect(report.sitemaps).toEqual([expect.objectContaining({ url, failed: true, issues: [expect.objectContaining({ code: 'CRAWL_TIMEOUT', message: 'The server took more than fileTimeout (1,000 ms) for this file in all' })] })]);
      const wrong = await runCli(['discover', url, '--file-timeout', '0']);
      expect(wrong.code).toBe(2);
      expect(wrong.stderr).toContain('--file-timeout');
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('validate, ls and diff take a site', async () => {
    const server = await serve(siteRoutes);
    try {
      const { origin } = server;
      const validated = await runCli(['validate', `${origin}/`]);
      expect(validated.code).toBe(1);
      expect(validated.stdout).toContain(`${origin}/missing.xml: error CRAWL_HTTP_ERROR HTTP 404`);
      expect(validated.stdout).toContain(`${origin}/a.xml: error CRAWL_BLOCKED_BY_ROBOTS_TXT`);
      expect(validated.stdout).toContain(`${origin}/b.xml.gz: valid (text, 2 URLs)`);

      const listed = await runCli(['ls', `${origin}/`, '--fields', 'loc,sitemap']);
      expect(listed.code).toBe(0);
      expect(listed.stdout.trimEnd().split('\n').sort()).toEqual([
        `${origin}/four\t${origin}/b.xml.gz`,
        `${origin}/one\t${origin}/a.xml`,
        `${origin}/private/two\t${origin}/a.xml`,
        `${origin}/three\t${origin}/b.xml.gz`,
      ]);
      expect(listed.stderr).toContain(`${origin}/missing.xml: not read (HTTP 404`);

      const compared = await runCli(['diff', `${origin}/a.xml`, `${origin}/`]);
      expect(compared.code).toBe(1);
      expect(compared.stdout.trimEnd().split('\n').at(-1)).toBe('2 added, 0 removed, 0 changed, 2 unchanged');
    } finally {
      await server.close();
    }
  });
});
