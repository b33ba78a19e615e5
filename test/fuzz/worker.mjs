// One fuzzing worker of run.mjs: runs its stripe of input numbers (start + k, start + k + workers,
// …) through the oracles and reports to the main thread, which watches its heartbeat (a hang in
// the package cannot be interrupted from inside the thread that runs it).

import { parentPort, workerData } from 'node:worker_threads';
import { loadBuilds, repositoryRoot } from './builds.mjs';
import { addCounts, runInputs } from './campaign.mjs';
import { loadSeeds } from './mutate.mjs';
import { XmllintBatch } from './xmllint.mjs';

const { seed, start, stride, count, deadline, apis, rates, timing, heartbeat, slot, copyName } = workerData;
const beats = new Int32Array(heartbeat);
const builds = await loadBuilds(copyName);
const seeds = loadSeeds(repositoryRoot);
const xmllint = rates.xmllint > 0 ? new XmllintBatch(200) : null;

const REPORT_EVERY = 2000;
const total = { inputs: 0, perApi: {}, calls: {}, failures: {} };
const postFinding = (finding) => parentPort.postMessage({ type: 'finding', finding });

let next = start;
let done = 0;
while (done < count && Date.now() < deadline) {
  const size = Math.min(REPORT_EVERY, count - done);
  const indices = Array.from({ length: size }, (_, i) => next + i * stride);
  const counts = await runInputs({
    builds, seeds, seed, indices, apis, rates, timing, xmllint, onFinding: postFinding,
    onProgress: (index) => { Atomics.store(beats, 2 * slot, index); Atomics.add(beats, 2 * slot + 1, 1); },
  });
  addCounts(total, counts);
  next += size * stride;
  done += size;
  parentPort.postMessage({ type: 'counts', counts, next, rss: process.memoryUsage().rss });
}
if (xmllint) {
  const disagreements = xmllint.flush();
  for (const disagreement of disagreements) postFinding({ seed, ...disagreement });
  if (disagreements.length) parentPort.postMessage({ type: 'counts', counts: { inputs: 0, perApi: {}, calls: {}, failures: { xmllint: disagreements.length } }, next, rss: process.memoryUsage().rss });
}
parentPort.postMessage({ type: 'done', next });
