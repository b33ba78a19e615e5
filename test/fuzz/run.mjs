// `npm run fuzz`: the fuzzer's command line (issue #22). Runs seeded inputs through the oracles
// of the BUILT package in worker threads with a watchdog (a hang is a finding, not a stuck run),
// then minimises one input per distinct failure and writes it to test/fuzz/regressions/.
//
//   npm run fuzz -- --minutes 5 --seed 7 --workers 2
//   npm run fuzz -- --inputs 1000000 --seed 20261126 --report fuzz-report.json
//   npm run fuzz -- --api robots,text --inputs 50000
//   npm run fuzz -- --seed 7 --replay 12345       (one input: what it is and what fails)

import { Worker } from 'node:worker_threads';
import { parseArgs } from 'node:util';
import { writeFileSync } from 'node:fs';
import { loadBuilds, repositoryRoot } from './builds.mjs';
import { minimiseSite, siteBytes, siteToJson } from './crawl.mjs';
import { addCounts, DEFAULT_RATES, inputAt } from './campaign.mjs';
import { loadSeeds } from './mutate.mjs';
import { minimiseBytes, minimiseEntries } from './minimise.mjs';
import { APIS, checkInput } from './oracles.mjs';
import { REPLAY_RATES, saveRegression } from './regressions.mjs';
import { XmllintBatch } from './xmllint.mjs';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string' }, seed: { type: 'string' }, inputs: { type: 'string' }, api: { type: 'string' },
    workers: { type: 'string', default: '1' }, start: { type: 'string', default: '0' }, replay: { type: 'string' },
    report: { type: 'string' }, 'no-save': { type: 'boolean', default: false }, 'hang-seconds': { type: 'string', default: '60' },
    'max-rss-mb': { type: 'string', default: '3072' }, 'no-timing': { type: 'boolean', default: false }, rates: { type: 'string' }, save: { type: 'boolean', default: false }, oracle: { type: 'string' }, classification: { type: 'string' }, status: { type: 'string' }, 'xmllint-rate': { type: 'string' }, help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log('npm run fuzz -- [--minutes M] [--inputs N] [--seed S] [--api xml,feed,text,robots,serialize,crawl,check-urls] [--workers W] [--start I] [--report file.json] [--no-save] [--hang-seconds 60] [--xmllint-rate 0.02] [--rates \'{"stream":1}\'] [--no-timing]');
  console.log('npm run fuzz -- --seed S --replay I [--save [--oracle NAME] [--classification TEXT]]   (one input; --save minimises it into test/fuzz/regressions/)');
  process.exit(0);
}
const seed = args.seed === undefined ? Math.floor(Date.now() / 1000) % 2 ** 31 : Number(args.seed);
const apis = args.api ? args.api.split(',') : null;
for (const api of apis ?? []) if (!APIS.includes(api)) throw new Error(`--api takes ${APIS.join(', ')}; got ${api}`);
const rates = { ...DEFAULT_RATES, ...(args.rates ? JSON.parse(args.rates) : {}), ...(args['xmllint-rate'] === undefined ? {} : { xmllint: Number(args['xmllint-rate']) }) };
const timing = !args['no-timing'];

if (args.replay !== undefined) {
  const index = Number(args.replay);
  const builds = await loadBuilds();
  const input = inputAt(seed, index, loadSeeds(repositoryRoot), apis);
  console.log(`input ${index} of seed ${seed}: ${input.api}, ${input.origin}`);
  console.log(input.bytes ? JSON.stringify(new TextDecoder().decode(input.bytes).slice(0, 2000)) : input.site ? JSON.stringify(siteToJson(input.site)).slice(0, 4000) : JSON.stringify(input.entries).slice(0, 2000));
  const failures = await failuresOf(builds, input, index);
  for (const failure of failures) console.log(`FAIL ${failure.oracle}: ${failure.message}`);
  console.log(failures.length ? `${failures.length} failures` : 'no failure');
  if (args.save) {
    const oracles = args.oracle ? [args.oracle] : [...new Set(failures.map((failure) => failure.oracle))];
    for (const oracle of oracles) {
      const failure = failures.find((candidate) => candidate.oracle === oracle);
      if (!failure) { console.log(`no ${oracle} failure to save`); continue; }
      await minimiseAndSave(builds, { seed, index, ...failure, input, classification: args.classification, status: args.status });
    }
  }
  process.exit(failures.length ? 1 : 0);
}

/** Every oracle's failures for one input, xmllint's verdict included. */
async function failuresOf(builds, input, index) {
  const { failures, verdict } = await checkInput(builds, input, { seed: input.inputSeed, rates: REPLAY_RATES });
  if (!verdict) return failures; // xmllint compares documents parse read (not sites, not entries)
  const batch = new XmllintBatch(1);
  failures.push(...batch.add(index, input, verdict), ...batch.flush());
  return failures;
}

/** Minimises a finding's input (keeping the same oracle failing) and writes it to test/fuzz/regressions/. */
async function minimiseAndSave(builds, finding) {
  const { input } = finding;
  const stillFails = async (candidate) => {
    const changed = input.bytes ? { ...input, bytes: candidate } : input.site ? { ...input, site: candidate } : { ...input, entries: candidate };
    return (await failuresOf(builds, changed, finding.index)).some((failure) => failure.oracle === finding.oracle);
  };
  let minimised = input;
  if (!finding.noMinimise) {
    if (input.bytes) minimised = { ...input, bytes: await minimiseBytes(input.bytes, stillFails) };
    else if (input.site) minimised = { ...input, site: await minimiseSite(input.site, stillFails, minimiseBytes) };
    else minimised = { ...input, entries: (await minimiseEntries(input.inputSeed, stillFails)) ?? input.entries };
  }
  const after = minimised === input ? [] : (await failuresOf(builds, minimised, finding.index)).filter((failure) => failure.oracle === finding.oracle);
  const name = saveRegression({ ...finding, message: after[0]?.message ?? finding.message, input: minimised, originalBytes: input.bytes?.length });
  const size = minimised.bytes ? `${input.bytes.length} → ${minimised.bytes.length} bytes` : minimised.site ? `${siteBytes(input.site)} → ${siteBytes(minimised.site)} bytes of bodies` : 'entries';
  console.log(`saved test/fuzz/regressions/${name} (${size}): ${after[0]?.message ?? finding.message}`);
}

const minutes = args.minutes === undefined ? (args.inputs === undefined ? 1 : Infinity) : Number(args.minutes);
const totalInputs = args.inputs === undefined ? Infinity : Number(args.inputs);
const workerCount = Math.max(1, Number(args.workers));
const start = Number(args.start);
const deadline = minutes === Infinity ? Number.MAX_SAFE_INTEGER : Date.now() + minutes * 60_000;
const hangMilliseconds = Number(args['hang-seconds']) * 1000;
const seeds = loadSeeds(repositoryRoot);
console.log(`fuzzing seed ${seed}, ${Number.isFinite(totalInputs) ? `${totalInputs} inputs` : ''}${Number.isFinite(minutes) ? ` ${minutes} minutes` : ''}, ${workerCount} worker(s), APIs ${apis?.join(',') ?? 'all'}`);

const total = { inputs: 0, perApi: {}, calls: {}, failures: {} };
const findings = new Map(); // signature → first finding
const heartbeat = new SharedArrayBuffer(8 * workerCount);
const beats = new Int32Array(heartbeat);
const startedAt = Date.now();
let peakRss = 0;

/** One finding per oracle, API and message shape (numbers and quoted values blurred). */
const signatureOf = (finding) => `${finding.oracle} ${finding.input.api} ${finding.message.replace(/"[^"]*"/g, '""').replace(/\d+/g, 'N').slice(0, 90)}`;
/** Every failing input (number and oracle), for the report: the first 5,000. */
const failingInputs = [];
function record(finding) {
  if (failingInputs.length < 5000) failingInputs.push({ index: finding.index, oracle: finding.oracle, api: finding.input.api });
  const signature = signatureOf(finding);
  if (!findings.has(signature)) {
    findings.set(signature, finding);
    console.log(`FINDING #${findings.size} [${finding.oracle}] input ${finding.index} (${finding.input.api}, ${finding.input.origin}): ${finding.message.slice(0, 300)}`);
  }
}

/** Runs a worker over its stripe from `from`; resolves when it is done (restarting it after a hang). */
function runWorker(slot, from, count) {
  return new Promise((resolve) => {
    const worker = new Worker(new URL('./worker.mjs', import.meta.url), {
      workerData: { seed, start: from, stride: workerCount, count, deadline, apis, rates, timing, heartbeat, slot, copyName: `browser-${process.pid}-${slot}` },
    });
    let next = from;
    let lastBeat = -1;
    let lastChange = Date.now();
    let finished = false;
    const watchdog = setInterval(() => {
      const beat = Atomics.load(beats, 2 * slot + 1);
      if (beat !== lastBeat) { lastBeat = beat; lastChange = Date.now(); return; }
      if (Date.now() - lastChange < hangMilliseconds || finished) return;
      const index = Atomics.load(beats, 2 * slot);
      clearInterval(watchdog);
      finished = true;
      void worker.terminate();
      const input = inputAt(seed, index, seeds, apis);
      record({ seed, index, oracle: 'hang', message: `no answer after ${hangMilliseconds / 1000} s on ${input.bytes?.length ?? (input.site ? siteBytes(input.site) : 0)} bytes`, input, noMinimise: true });
      total.failures.hang = (total.failures.hang ?? 0) + 1;
      const remaining = count - Math.round((index - from) / workerCount) - 1;
      resolve(remaining > 0 && Date.now() < deadline ? runWorker(slot, index + workerCount, remaining) : undefined);
    }, 1000);
    worker.on('message', (message) => {
      if (message.type === 'finding') record(message.finding);
      else if (message.type === 'counts') { addCounts(total, message.counts); next = message.next; peakRss = Math.max(peakRss, message.rss); }
      else if (message.type === 'done') { finished = true; clearInterval(watchdog); resolve(); }
    });
    worker.on('error', (error) => {
      console.error(`worker ${slot} failed at input ${Atomics.load(beats, 2 * slot)}:`, error);
      total.failures.worker = (total.failures.worker ?? 0) + 1;
      finished = true;
      clearInterval(watchdog);
      resolve();
    });
    void next;
  });
}

const progress = setInterval(() => {
  const seconds = (Date.now() - startedAt) / 1000;
  const rss = process.memoryUsage().rss;
  peakRss = Math.max(peakRss, rss);
  console.log(`${seconds.toFixed(0)} s: ${total.inputs} inputs (${(total.inputs / seconds).toFixed(0)}/s), ${findings.size} distinct findings, rss ${(peakRss / 2 ** 20).toFixed(0)} MB`);
  if (peakRss > Number(args['max-rss-mb']) * 2 ** 20 && !total.failures.memory) {
    total.failures.memory = 1;
    console.log(`FINDING [memory] rss ${(peakRss / 2 ** 20).toFixed(0)} MB above --max-rss-mb near inputs ${Array.from({ length: workerCount }, (_, slot) => Atomics.load(beats, 2 * slot)).join(', ')}`);
  }
}, 30_000);

const perWorker = Array.from({ length: workerCount }, (_, slot) => (Number.isFinite(totalInputs) ? Math.floor(totalInputs / workerCount) + (slot < totalInputs % workerCount ? 1 : 0) : Number.MAX_SAFE_INTEGER));
await Promise.all(perWorker.map((count, slot) => runWorker(slot, start + slot, count)));
clearInterval(progress);
const seconds = (Date.now() - startedAt) / 1000;

console.log(`\n${total.inputs} inputs in ${seconds.toFixed(0)} s (seed ${seed}, inputs ${start}…), peak rss ${(peakRss / 2 ** 20).toFixed(0)} MB`);
console.log('inputs per API family:', total.perApi);
console.log('calls per API:', total.calls);
console.log('failures per oracle:', total.failures);
console.log(`${findings.size} distinct findings`);

if (args.report) {
  const described = [...findings.values()].map((finding) => ({ oracle: finding.oracle, index: finding.index, api: finding.input.api, origin: finding.input.origin, message: finding.message.slice(0, 500) }));
  writeFileSync(args.report, JSON.stringify({ seed, start, seconds, date: new Date().toISOString(), ...total, peakRssMegabytes: Math.round(peakRss / 2 ** 20), findings: described, failingInputs }, null, 2) + '\n');
}

if (findings.size && !args['no-save']) {
  const builds = await loadBuilds();
  for (const finding of findings.values()) await minimiseAndSave(builds, finding);
}
process.exit(findings.size ? 1 : 0);
