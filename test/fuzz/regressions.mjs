// Failing inputs kept as regression tests: one JSON file per finding in test/fuzz/regressions/,
// with the seed and input number that found it, the oracle that failed, the minimised input and
// what the finding is (an item of issue #22, or new). test/fuzz.test.ts replays every file.

import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { repositoryRoot } from './builds.mjs';
import { siteFromJson, siteToJson } from './crawl.mjs';
import { checkInput } from './oracles.mjs';
import { XmllintBatch } from './xmllint.mjs';

/**
 * Where the regression files are.
 *
 * @example
 * readdirSync(regressionsFolder);
 */
export const regressionsFolder = join(repositoryRoot, 'test', 'fuzz', 'regressions');

/**
 * Every oracle runs on a replay, on every build.
 *
 * @example
 * await checkInput(builds, input, { seed, rates: REPLAY_RATES });
 */
export const REPLAY_RATES = { browser: 1, gzip: 1, stream: 1, roundTrip: 1, xsdProfile: 1, crossFormat: 1 };

/**
 * Writes a finding (its input minimised) as a regression file; returns the file name.
 *
 * @example
 * saveRegression({ seed: 1, index: 42, oracle: 'time', message: '…', input: { api: 'text', bytes } });
 */
export function saveRegression(finding, folder = regressionsFolder) {
  const { input } = finding;
  const payload = input.bytes ? { bytesBase64: Buffer.from(input.bytes).toString('base64') } : input.site ? { site: siteToJson(input.site) } : { entries: input.entries };
  const digest = createHash('sha256').update(JSON.stringify(payload)).digest('hex').slice(0, 10);
  const name = `${finding.oracle}-${input.api}-${digest}.json`;
  const record = {
    oracle: finding.oracle,
    api: input.api,
    seed: finding.seed,
    index: finding.index,
    checkSeed: input.inputSeed,
    origin: input.origin,
    message: finding.message,
    originalBytes: finding.originalBytes,
    classification: finding.classification ?? 'unclassified',
    ...(finding.status ? { status: finding.status } : {}),
    ...payload,
  };
  writeFileSync(join(folder, name), JSON.stringify(record, null, 2) + '\n');
  return name;
}

/**
 * The regression files, each with its input rebuilt (`input.bytes` a Uint8Array, or `input.site`
 * with its bodies as bytes).
 *
 * @example
 * for (const regression of loadRegressions()) console.log(regression.file, regression.oracle);
 */
export function loadRegressions(folder = regressionsFolder) {
  return readdirSync(folder).filter((name) => name.endsWith('.json')).sort().map((file) => {
    const record = JSON.parse(readFileSync(join(folder, file), 'utf8'));
    const input = { api: record.api, inputSeed: record.checkSeed, origin: record.origin };
    if (record.bytesBase64 !== undefined) input.bytes = new Uint8Array(Buffer.from(record.bytesBase64, 'base64'));
    else if (record.site !== undefined) input.site = siteFromJson(record.site);
    else input.entries = record.entries;
    return { file, ...record, input };
  });
}

/**
 * Runs one regression through every oracle (the time budget only with `timing`, for time and
 * hang findings); returns the failures (none once it is fixed).
 *
 * @example
 * const failures = await replayRegression(builds, regression);
 */
export async function replayRegression(builds, regression, { timing = false } = {}) {
  const { failures, verdict } = await checkInput(builds, regression.input, { seed: regression.checkSeed, rates: REPLAY_RATES, timing });
  if (regression.oracle !== 'xmllint') return failures;
  const batch = new XmllintBatch(1);
  return [...failures, ...batch.add(regression.index, regression.input, verdict), ...batch.flush()];
}
