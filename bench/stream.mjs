// The stream benchmark (`npm run bench`, after bench/run.mjs): parseStream and SitemapParserStream
// against one-shot parse(), gunzip + parse as it streams against the same streaming gunzip alone
// (the runtime's DecompressionStream, and fflate as in a runtime without one), and writeSitemaps
// against serializeSitemap, on the shared generator's seeded inputs. Prints ratios and the
// issue's targets.
//
//   node bench/stream.mjs [--quick] [--markdown]
//
// Each group runs in a fresh process (bench/stream-child.mjs) whose contenders alternate round by
// round, so other work on the machine slows them alike and the ratios stay meaningful.

import { fileURLToPath } from 'node:url';
import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs, printTable, runChild, f1, MB } from './common.mjs';
import { ensureData } from './data.mjs';

const CHILD = fileURLToPath(new URL('./stream-child.mjs', import.meta.url));
const args = parseArgs(process.argv.slice(2), ['quick', 'markdown']);
const markdown = !!args.markdown;
const rounds = args.quick ? 3 : 9;
const progress = (line) => process.stderr.write(`  … ${line}\n`);

/** The issue's targets (issue 5). */
const TARGETS = { streamingShareOfOneShot: 0.8, gunzipParseOverGunzip: 1.3, writerMegabytesPerSecond: 300 };

/** One group: a process that checks every contender's output, then one that times them. */
function runGroup(group, input, inflater) {
  progress(`stream ${group} ${input}${inflater ? ` (${inflater})` : ''}`);
  const base = ['--group', group, '--input', input, ...(inflater ? ['--inflater', inflater] : [])];
  const checked = runChild(CHILD, [...base, '--check'], 'sitemapkit');
  if (checked.status !== 'ok') throw new Error(`${group} ${input}: ${checked.status} ${checked.detail ?? ''}`);
  for (const [name, result] of Object.entries(checked.results)) {
    if (result.status !== 'ok') throw new Error(`${group} ${input}, ${name}: ${result.status} ${result.detail}`);
  }
  const r = runChild(CHILD, [...base, '--rounds', String(rounds)], 'sitemapkit');
  if (r.status !== 'ok') throw new Error(`${group} ${input}: ${r.status} ${r.detail ?? ''}`);
  for (const [name, result] of Object.entries(r.results)) result.outputBytes = checked.results[name].outputBytes;
  return r;
}

const heading = (title) => console.log(markdown ? `\n#### ${title}\n` : `\n== ${title}`);
const median = (r, name) => r.results[name].ms.median;
const x = (value) => `${value.toFixed(2)}x`;

function table(r, reference, bytesOf) {
  const rows = Object.entries(r.results).map(([name, result]) => {
    const bytes = bytesOf(name, result);
    return [name, f1(result.ms.median), `${f1(result.ms.min)}–${f1(result.ms.max)}`, f1(bytes / MB / (result.ms.median / 1000)), name === reference ? '' : x(result.ms.median / median(r, reference))];
  });
  printTable(['contender', 'median ms', 'range ms', 'MB/s', `time / ${reference}`], rows, markdown);
}

function main() {
  console.log(`${markdown ? '### ' : ''}sitemapkit stream benchmark${args.quick ? ' (--quick)' : ''}`);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  console.log(`${markdown ? '\n' : ''}Node ${process.version}, ${availableParallelism()} cores, load average ${load}; ${rounds} alternating rounds per group, medians; 64 KiB chunks`);
  ensureData(progress);
  const targets = [];

  for (const input of ['plain-50k.xml', 'limit-50mb.xml']) {
    const r = runGroup('parse', input);
    heading(`parse ${input} (${f1(r.xmlBytes / MB)} MB, ${r.count.toLocaleString('en-US')} URLs): streaming against one-shot`);
    table(r, 'parse() one-shot', () => r.xmlBytes);
    const share = median(r, 'parse() one-shot') / median(r, 'parseStream() for await');
    console.log(`${markdown ? '\n' : ''}parseStream throughput is ${(share * 100).toFixed(0)}% of parse(); SitemapParserStream ${(median(r, 'parse() one-shot') / median(r, 'SitemapParserStream pipeThrough') * 100).toFixed(0)}%`);
    targets.push([share >= TARGETS.streamingShareOfOneShot ? 'PASS' : 'FAIL', `parseStream on ${input} >= ${TARGETS.streamingShareOfOneShot * 100}% of parse() throughput`, `${(share * 100).toFixed(0)}%`]);
  }

  for (const inflater of ['native', 'portable']) {
    const input = 'limit-50mb.xml.gz';
    const r = runGroup('gzip', input, inflater);
    const alone = r.results['gunzip alone (streaming)'];
    if (alone.outputBytes !== r.xmlBytes) throw new Error(`gunzip alone inflated ${alone.outputBytes} bytes, expected ${r.xmlBytes}`);
    const what = inflater === 'native' ? 'DecompressionStream (zlib on a worker thread in Node)' : 'sitemapkit\'s inflater (no DecompressionStream)';
    heading(`gunzip + parse ${input} (${f1(readFileSync(new URL(`./data/${input}`, import.meta.url)).length / MB)} MB → ${f1(r.xmlBytes / MB)} MB), streaming with ${what}`);
    table(r, 'gunzip alone (streaming)', () => r.xmlBytes);
    const ratio = median(r, 'parseStream() gunzip + parse') / median(r, 'gunzip alone (streaming)');
    console.log(`${markdown ? '\n' : ''}gunzip + parse takes ${x(ratio)} the time of gunzip alone`);
    targets.push([inflater === 'native' ? (ratio <= TARGETS.gunzipParseOverGunzip ? 'PASS' : 'FAIL') : 'info', `gunzip+parse of ${input} within ${TARGETS.gunzipParseOverGunzip}x of gunzip alone (${inflater})`, x(ratio)]);
  }
  {
    const native = runGroup('gzip', 'limit-50mb.xml.gz', 'native');
    const portable = runGroup('gzip', 'limit-50mb.xml.gz', 'portable');
    const ratio = median(portable, 'parseStream() gunzip + parse') / median(native, 'parseStream() gunzip + parse');
    console.log(`${markdown ? '\n' : ''}parseStream on limit-50mb.xml.gz: sitemapkit's inflater takes ${x(ratio)} the time of DecompressionStream (separate processes)`);
  }

  for (const input of ['serialize-50k.json', 'limit-50mb.xml']) {
    const r = runGroup('write', input);
    const plainBytes = r.results['serializeSitemap() one-shot (reference)'].outputBytes;
    const written = r.results['writeSitemaps() to WritableStreams'].outputBytes;
    heading(`write ${input === 'serialize-50k.json' ? 'the 50,000 entries of plain-50k.xml' : "limit-50mb.xml's 48,502 entries (long URLs)"} (${f1(plainBytes / MB)} MB of XML; MB/s of uncompressed output)`);
    table(r, 'serializeSitemap() one-shot (reference)', (name, result) => result.outputBytes);
    // Both inputs fit one file (at most 50,000 URLs and 50 MB), so the bytes must be the same.
    if (written !== plainBytes) throw new Error(`writeSitemaps wrote ${written} bytes, serializeSitemap ${plainBytes}`);
    const speed = written / MB / (median(r, 'writeSitemaps() to WritableStreams') / 1000);
    console.log(`${markdown ? '\n' : ''}writeSitemaps: ${f1(speed)} MB/s, ${x(median(r, 'writeSitemaps() to WritableStreams') / median(r, 'serializeSitemap() one-shot (reference)'))} the time of serializeSitemap`);
    targets.push([speed >= TARGETS.writerMegabytesPerSecond ? 'PASS' : 'FAIL', `writeSitemaps on ${input} >= ${TARGETS.writerMegabytesPerSecond} MB/s of output`, `${f1(speed)} MB/s`]);
  }

  heading('Stream targets');
  printTable(['verdict', 'target', 'measured'], targets, markdown);
  console.log(`${markdown ? '\n' : ''}load average at the end: ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`);
}

main();
