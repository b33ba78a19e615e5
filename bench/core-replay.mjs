// The WebAssembly core alone, on the calls a real reading makes (bench/README.md, crawl round 10):
// `record` runs a walk (the crawl benchmark's files through crawlSitemaps with an in-memory fetch,
// validating or not) or a parse of a bench/data file with one build, and writes every call the
// facade makes into the core, with the bytes JS wrote into the core's memory before each (the
// input window, the loc scratch region); `replay` makes those calls again on core binaries (.wasm)
// and times them, or checks that a build gives every result and token record as recorded. What
// it times is the core only: no JS reading of the records, no fetching, no GC of entries.
//
//   node bench/core-replay.mjs record --kit dist/index.node.js --mode crawlnv [--files 4] --out /tmp/crawlnv.log
//        modes: crawl (validating), crawlnv (validate: false), parse:FILE, validate:FILE, stream:FILE (64 KiB chunks)
//   node bench/core-replay.mjs replay /tmp/crawlnv.log A.wasm B.wasm … [--rounds 12] [--processes 5] [--check]
//
// A replay times each build in its own process (CPU of the process, the minimum of --rounds
// replays), the builds in turn, --processes times, and prints the median of each build's minima.
// The .wasm files are what `npm run build:wasm` leaves in build/ (or asc's -o of a target).

import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { deserialize, serialize } from 'node:v8';
import { parseArgs } from './common.mjs';
import { buildUrlset, MAX_URLS } from './gen.mjs';

const [command, ...rest] = process.argv.slice(2);
const args = parseArgs(rest, ['check', 'child']);
const positional = args._;

/** FNV-1a over 32-bit words: a batch's token records, compared between recording and replay. */
const hashWords = (words) => {
  let hash = 0x811c9dc5;
  for (let i = 0; i < words.length; i++) hash = Math.imul(hash ^ words[i], 0x01000193);
  return hash >>> 0;
};

/** Exports that return where a region is: they may differ between builds, and are not compared. */
const POINTERS = new Set(['inputPointer', 'reserveInput', 'tokensPointer', 'arenaPointer', 'wideArenaPointer', 'locSetScratch', 'stringPointer', 'escapeOutputPointer']);

async function record() {
  const log = [];
  let instances = 0;
  // Each core instance the package makes is wrapped: every function export logs its call.
  const Instance = WebAssembly.Instance;
  WebAssembly.Instance = function RecordedInstance(module, imports) {
    const instance = new Instance(module, imports);
    const id = instances++;
    log.push({ id, name: '@new' });
    const core = instance.exports;
    const exports = {};
    for (const [name, value] of Object.entries(core)) {
      if (typeof value !== 'function') { exports[name] = value; continue; }
      exports[name] = (...callArgs) => {
        const bytes = new Uint8Array(core.memory.buffer);
        let written = null, region = null;
        if (name === 'tokenize' || name === 'internString') {
          region = 'input';
          written = bytes.slice(core.inputPointer(), core.inputPointer() + callArgs[0]);
        } else if (name === 'locSetAddScratch' || name === 'locSetFindScratch' || name === 'identityOfScratch') {
          region = 'scratch';
          written = bytes.slice(core.locSetScratch(), core.locSetScratch() + callArgs[0] + 8);
        }
        const result = value(...callArgs);
        const entry = { id, name, args: callArgs, result };
        if (written) { entry.written = written; entry.region = region; }
        if (name === 'tokenize') {
          entry.count = core.tokenCount();
          entry.tokens = hashWords(new Int32Array(core.memory.buffer, core.tokensPointer(), entry.count * 10));
        }
        log.push(entry);
        return result;
      };
    }
    return { exports };
  };
  const kit = await import(new URL(args.kit ?? '../dist/index.node.js', `file://${process.cwd()}/`).href);
  kit.initSync?.();
  const mode = String(args.mode ?? 'crawlnv');
  const chunks = (bytes) => {
    let at = 0;
    return new ReadableStream({ pull(controller) {
      if (at >= bytes.length) { controller.close(); return; }
      controller.enqueue(bytes.slice(at, at + 65536));
      at += 65536;
    } });
  };
  let entries = 0;
  if (mode === 'crawl' || mode === 'crawlnv') {
    // bench/crawl-site.mjs's files (seeds 1…N, each URL moved onto the site's host), served from memory.
    const origin = 'http://127.0.0.1:45678';
    const hosts = ['https://www.example.com', 'https://shop.example.co.uk', 'https://blog.example.org'];
    const encoder = new TextEncoder();
    const bodies = [];
    for (let seed = 1; seed <= Number(args.files ?? 4); seed++) {
      const text = buildUrlset({ urls: MAX_URLS, ext: 'none', seed }, true).parts.join('');
      bodies.push(encoder.encode(text.split(hosts[(seed - 1) % hosts.length]).join(`${origin}/s${seed - 1}`)));
    }
    const index = encoder.encode(`<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${bodies.map((_, i) => `<sitemap><loc>${origin}/s${i}.xml</loc></sitemap>`).join('\n')}\n</sitemapindex>\n`);
    const fetchFromMemory = async (url) => {
      const match = /\/s(\d+)\.xml$/.exec(String(url));
      const body = String(url).endsWith('/sitemap_index.xml') ? index : match ? bodies[Number(match[1])] : null;
      if (!body) return new Response('not found', { status: 404 });
      return new Response(chunks(body), { status: 200, headers: { 'content-type': 'application/xml', 'content-length': String(body.length) } });
    };
    const crawl = kit.crawlSitemaps(`${origin}/sitemap_index.xml`, { fetch: fetchFromMemory, concurrency: 1, validate: mode === 'crawl' });
    for await (const _ of crawl) entries++;
  } else {
    const [how, file] = [mode.slice(0, mode.indexOf(':')), mode.slice(mode.indexOf(':') + 1)];
    const bytes = readFileSync(file);
    if (how === 'parse') entries = kit.parse(bytes).urls.length;
    else if (how === 'validate') entries = kit.validate(bytes).issues.length;
    else for await (const _ of kit.parseStream(chunks(bytes))) entries++;
  }
  writeFileSync(String(args.out), serialize({ mode, log }));
  console.log(`${mode}: ${log.length} calls into the core (${log.filter((entry) => entry.name === 'tokenize').length} tokenize), ${entries} entries or issues; written to ${args.out}`);
}

/** Makes the log's calls on `wasm`; with `verify`, compares each result and batch with the recording. */
function replayOnce(log, module, verify) {
  const cores = [];
  let differences = 0;
  for (const entry of log) {
    if (entry.name === '@new') { cores[entry.id] = new WebAssembly.Instance(module, {}).exports; continue; }
    const core = cores[entry.id];
    if (entry.written) new Uint8Array(core.memory.buffer).set(entry.written, entry.region === 'input' ? core.inputPointer() : core.locSetScratch());
    const result = core[entry.name](...entry.args);
    if (!verify || POINTERS.has(entry.name)) continue;
    const same = result === entry.result || (Number.isNaN(result) && Number.isNaN(entry.result));
    if (!same && differences++ < 10) console.log(`${entry.name}(${entry.args.join(', ')}): ${entry.result} recorded, ${result} now`);
    if (entry.name === 'tokenize') {
      const count = core.tokenCount();
      if ((count !== entry.count || hashWords(new Int32Array(core.memory.buffer, core.tokensPointer(), count * 10)) !== entry.tokens) && differences++ < 10) {
        console.log(`tokenize call ${log.indexOf(entry)}: other token records (${count} against ${entry.count})`);
      }
    }
  }
  return differences;
}

function replay() {
  const [logPath, ...builds] = positional;
  const { log } = deserialize(readFileSync(logPath));
  if (args.child) {
    const module = new WebAssembly.Module(readFileSync(builds[0]));
    const times = [];
    for (let round = 0; round < Number(args.rounds ?? 12); round++) {
      const start = process.cpuUsage();
      replayOnce(log, module, false);
      const used = process.cpuUsage(start);
      times.push((used.user + used.system) / 1000);
    }
    console.log(Math.min(...times));
    return;
  }
  if (args.check) {
    let failed = false;
    for (const build of builds) {
      const differences = replayOnce(log, new WebAssembly.Module(readFileSync(build)), true);
      console.log(`${build}: ${differences === 0 ? 'every result and token record as recorded' : `${differences} differences`}`);
      failed ||= differences > 0;
    }
    process.exit(failed ? 1 : 0);
  }
  const minima = new Map(builds.map((build) => [build, []]));
  for (let process_ = 0; process_ < Number(args.processes ?? 5); process_++) {
    for (const build of builds) {
      const child = spawnSync(process.execPath, [fileURLToPath(import.meta.url), 'replay', logPath, build, '--child', '--rounds', String(args.rounds ?? 12)], { encoding: 'utf8' });
      if (child.status !== 0) throw new Error(child.stderr);
      minima.get(build).push(Number(child.stdout.trim()));
    }
  }
  for (const [build, values] of minima) {
    values.sort((a, b) => a - b);
    console.log(`${build}: median of minima ${values[values.length >> 1].toFixed(1)} ms CPU (${values.map((value) => value.toFixed(1)).join(', ')})`);
  }
}

if (command === 'record') await record();
else if (command === 'replay') replay();
else {
  console.error('usage: node bench/core-replay.mjs record --kit … --mode … --out …  |  replay LOG A.wasm B.wasm … [--rounds N] [--processes N] [--check]');
  process.exit(2);
}
