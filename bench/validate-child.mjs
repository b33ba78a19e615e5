// One process, one input: the time of validate() against parse() on the same bytes, alternated
// call by call so both see the same machine state. Prints one @@RESULT line (common.mjs).
//   node bench/validate-child.mjs --input plain-50k.xml [--quick]

import { readFileSync } from 'node:fs';
import { emitResult, parseArgs, stats } from '../../shared/bench/common.mjs';
import { dataPath } from './data.mjs';
import { loadSitemapkit } from './sitemapkit.mjs';

const args = parseArgs(process.argv.slice(2), ['quick', 'child']);
const { parse, validate } = await loadSitemapkit();
const bytes = new Uint8Array(readFileSync(dataPath(args.input)));
const rounds = args.quick ? 8 : 30;
const parseMs = [];
const validateMs = [];
let verdict;
for (let i = 0; i < rounds + 3; i++) {
  let t0 = performance.now();
  const parsed = parse(bytes);
  const p = performance.now() - t0;
  t0 = performance.now();
  verdict = validate(bytes);
  const v = performance.now() - t0;
  if (parsed.urls.length !== verdict.stats.entries) throw new Error(`validate saw ${verdict.stats.entries} entries, parse ${parsed.urls.length}`);
  if (i >= 3) { parseMs.push(p); validateMs.push(v); }
}
emitResult({
  name: 'sitemapkit', input: args.input, status: 'ok',
  parse: stats(parseMs), validate: stats(validateMs),
  issues: verdict.issues.length, valid: verdict.valid,
});
