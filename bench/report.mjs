// Turns the children's measurements into the printed tables, the "sitemapkit is N× X" ratios
// and the pass/fail lines for the performance targets of the sitemapkit issue.

import { MB, f1, fInt, printTable, stats } from './common.mjs';

/**
 * Targets from the issues: parse ≥ 400 MB/s on plain-50k.xml, serialize ≥ 400 MB/s, memory ≤ 3×
 * input; with extensions (issue 4), mixed-50k.xml within 2× the time per byte of plain-50k.xml
 * and ≥ 20× as fast as sitemap.js on it.
 */
export const TARGETS = {
  parseMegabytesPerSecond: 400,
  parseTargetInput: 'plain-50k.xml',
  serializeMegabytesPerSecond: 400,
  memoryTimesInput: 3,
  extensionsInput: 'mixed-50k.xml',
  extensionsTimePerByteTimesPlain: 2,
  extensionsTimesSitemapJs: 20,
};

const OK = 'ok';
const megabytesPerSecond = (r) => (r.status === OK ? r.dataBytes / MB / (r.ms.median / 1000) : undefined);
const urlsPerSecond = (r) => (r.status === OK ? r.count / (r.ms.median / 1000) : undefined);
const fx = (x) => (x === undefined ? '-' : `${x >= 10 ? x.toFixed(1) : x.toFixed(2)}x`);

/**
 * How many times faster sitemapkit is than `r` (a ratio of median times: every contender does
 * the same work, parsing the same bytes or serializing the same 50,000 entries).
 */
export function speedup(kit, r) {
  if (!kit || kit.status !== OK || r.status !== OK) return undefined;
  return r.ms.median / kit.ms.median;
}

function statusCell(r) {
  if (r.status === OK) return r.detail ? `ok (${r.detail})` : 'ok';
  return `${r.status}${r.detail ? ': ' + r.detail : ''}`;
}

/**
 * One table for one benchmark on one input: speed, first call, memory, ratio, status.
 * @param {string} title
 * @param {object[]} results one per contender, sitemapkit first when present
 * @param {{markdown: boolean, sizeLabel: string}} options sizeLabel names the byte count memory is compared with
 */
export function printResultTable(title, results, { markdown, sizeLabel }) {
  const kit = results.find((r) => r.name === 'sitemapkit');
  console.log(markdown ? `\n#### ${title}\n` : `\n== ${title}`);
  const headers = ['contender', 'MB/s', 'URLs/s', 'median ms', 'first-call ms', 'peak RSS MB', 'call RSS MB', `call RSS / ${sizeLabel}`, 'sitemapkit is', 'status'];
  const rows = results.map((r) => [
    r.name,
    f1(megabytesPerSecond(r)),
    fInt(urlsPerSecond(r)),
    r.status === OK ? f1(r.ms.median) : '-',
    f1(r.firstMs),
    f1(r.peakRssMB),
    f1(r.callRssMB),
    r.callRssMB !== undefined && r.dataBytes ? fx((r.callRssMB * MB) / r.dataBytes) : '-',
    r.name === 'sitemapkit' ? '' : fx(speedup(kit, r)),
    statusCell(r),
  ]);
  printTable(headers, rows, markdown);
  const peers = results.filter((r) => r.name !== 'sitemapkit' && speedup(kit, r) !== undefined);
  if (peers.length) console.log(`${markdown ? '\n' : ''}sitemapkit is ` + peers.map((r) => `${fx(speedup(kit, r))} ${r.name}`).join(', '));
  else if (!kit || kit.status !== OK) console.log(`${markdown ? '\n' : ''}(no ratios: sitemapkit ${kit ? kit.status + (kit.detail ? ' — ' + kit.detail : '') : 'not run'})`);
}

/** The start-up table: one row per contender, medians over fresh processes. */
export function printStartupTable(samplesByName, { markdown }) {
  console.log(markdown ? '\n#### Start-up in a fresh process (median of N processes)\n' : '\n== Start-up in a fresh process (median of N processes)');
  const headers = ['contender', 'N', 'import ms', 'initSync ms', 'import→ready ms', 'first tiny parse ms', 'import→first result ms', 'status'];
  const rows = [];
  for (const [name, samples] of samplesByName) {
    const good = samples.filter((s) => s.status === OK);
    const median = (key) => (good.length ? stats(good.map((s) => s[key])).median : undefined);
    const bad = samples.find((s) => s.status !== OK);
    rows.push([name, good.length, f1(median('importMs')), name === 'sitemapkit' ? f1(median('initMs')) : 'n/a',
      f1(median('readyMs')), f1(median('firstParseMs')), f1(median('totalMs')), bad ? statusCell(bad) : OK]);
  }
  printTable(headers, rows, markdown);
}

/**
 * The pass/fail lines. Memory is the RSS one parse call adds (peak RSS of a one-call process
 * minus its RSS just before the call), compared with the input's uncompressed size.
 * @returns {{passed: number, failed: number, unknown: number}}
 */
export function printTargets(parseResults, serializeResults, { markdown }) {
  console.log(markdown ? '\n#### Targets\n' : '\n== Targets');
  const lines = [];
  const verdict = (ok) => (ok === undefined ? 'n/a ' : ok ? 'PASS' : 'FAIL');
  const kitParse = parseResults.filter((r) => r.name === 'sitemapkit');

  const main = kitParse.find((r) => r.input === TARGETS.parseTargetInput);
  const parseSpeed = main && megabytesPerSecond(main);
  lines.push([verdict(parseSpeed === undefined ? undefined : parseSpeed >= TARGETS.parseMegabytesPerSecond),
    `parse ${TARGETS.parseTargetInput} >= ${TARGETS.parseMegabytesPerSecond} MB/s`,
    parseSpeed === undefined ? `not measured (${main ? main.status + ': ' + main.detail : 'not run'})` : `${f1(parseSpeed)} MB/s`]);

  const kitSerialize = serializeResults.find((r) => r.name === 'sitemapkit');
  const serializeSpeed = kitSerialize && megabytesPerSecond(kitSerialize);
  lines.push([verdict(serializeSpeed === undefined ? undefined : serializeSpeed >= TARGETS.serializeMegabytesPerSecond),
    `serialize 50,000 URLs >= ${TARGETS.serializeMegabytesPerSecond} MB/s`,
    serializeSpeed === undefined ? `not measured (${kitSerialize ? kitSerialize.status + ': ' + kitSerialize.detail : 'not run'})` : `${f1(serializeSpeed)} MB/s of output`]);

  const mixed = kitParse.find((r) => r.input === TARGETS.extensionsInput);
  const perByte = (r) => (r && r.status === OK ? r.ms.median / r.dataBytes : undefined);
  const byteRatio = perByte(mixed) !== undefined && perByte(main) !== undefined ? perByte(mixed) / perByte(main) : undefined;
  lines.push([verdict(byteRatio === undefined ? undefined : byteRatio <= TARGETS.extensionsTimePerByteTimesPlain),
    `parse ${TARGETS.extensionsInput} (extensions) <= ${TARGETS.extensionsTimePerByteTimesPlain}x the time per byte of ${TARGETS.parseTargetInput}`,
    byteRatio === undefined ? 'not measured (run both inputs)' : `${fx(byteRatio)} (${f1((perByte(mixed) * MB))} vs ${f1(perByte(main) * MB)} ms per MB)`]);
  const sitemapJs = parseResults.find((r) => r.name === 'sitemap.js' && r.input === TARGETS.extensionsInput);
  const overSitemapJs = mixed && sitemapJs ? speedup(mixed, sitemapJs) : undefined;
  lines.push([verdict(overSitemapJs === undefined ? undefined : overSitemapJs >= TARGETS.extensionsTimesSitemapJs),
    `parse ${TARGETS.extensionsInput} >= ${TARGETS.extensionsTimesSitemapJs}x as fast as sitemap.js`,
    overSitemapJs === undefined ? 'not measured (run sitemapkit and sitemap.js on it)' : `${fx(overSitemapJs)} (${f1(mixed.ms.median)} vs ${f1(sitemapJs.ms.median)} ms)`]);

  const memoryInputs = [...new Set(parseResults.filter((r) => !r.input.endsWith('.gz')).map((r) => r.input))];
  for (const input of memoryInputs) {
    const r = kitParse.find((x) => x.input === input);
    const times = r && r.callRssMB !== undefined && r.status === OK ? (r.callRssMB * MB) / r.dataBytes : undefined;
    lines.push([verdict(times === undefined ? undefined : times <= TARGETS.memoryTimesInput),
      `parse ${input}: memory <= ${TARGETS.memoryTimesInput}x input`,
      times === undefined ? 'not measured' : `${fx(times)} (${f1(r.callRssMB)} MB added for ${f1(r.dataBytes / MB)} MB; process peak ${f1(r.peakRssMB)} MB)`]);
  }
  printTable(['verdict', 'target', 'measured'], lines, markdown);
  const count = (v) => lines.filter((l) => l[0].trim() === v).length;
  return { passed: count('PASS'), failed: count('FAIL'), unknown: count('n/a') };
}
