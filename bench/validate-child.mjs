// One process, one input: the time of validate() against parse() on the same bytes, alternated
// call by call so both see the same machine state. Prints one @@RESULT line (common.mjs).
//   node bench/validate-child.mjs --input plain-50k.xml [--quick]

import { readFileSync } from 'node:fs';
import { emitResult, parseArgs, stats } from './common.mjs';
import { dataPath } from './data.mjs';
import { loadSitemapkit } from './sitemapkit.mjs';

const args = parseArgs(process.argv.slice(2), ['quick', 'child']);
const { parse, validate } = await loadSitemapkit();
const bytes = new Uint8Array(readFileSync(dataPath(args.input)));
const rounds = args.quick ? 8 : 30;
const parseMs = [];
const validateMs = [];
let verdict;
// Each call's result is dropped before the other call is timed (only its count and verdict leave
// these functions): a parse result kept alive through validate() made validate's scavenges copy
// it, ~5 MB of parse's objects per call on plain-50k.xml, which is parse's cost, not validation's.
const timeParse = () => {
  const t0 = performance.now();
  const count = parse(bytes).urls.length;
  return [performance.now() - t0, count];
};
const timeValidate = () => {
  const t0 = performance.now();
  const result = validate(bytes);
  return [performance.now() - t0, result];
};
for (let i = 0; i < rounds + 3; i++) {
  const [p, entries] = timeParse();
  const [v, result] = timeValidate();
  verdict = result;
  if (entries !== verdict.stats.entries) throw new Error(`validate saw ${verdict.stats.entries} entries, parse ${entries}`);
  if (i >= 3) { parseMs.push(p); validateMs.push(v); }
}
emitResult({
  name: 'sitemapkit', input: args.input, status: 'ok',
  parse: stats(parseMs), validate: stats(validateMs),
  issues: verdict.issues.length, valid: verdict.valid,
});
