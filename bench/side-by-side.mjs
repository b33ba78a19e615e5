// Two builds side by side in one process (a change against main on a loaded 2-core machine):
// parse, validate (both profiles) and serialize of plain-50k.xml and mixed-50k.xml, the builds
// alternated call by call (who goes first alternates too), min and median per build.
//   node bench/side-by-side.mjs <base>/dist/index.node.js dist/index.node.js bench/data [rounds]
//   ONLY=validateMixed,serializeMixed node bench/side-by-side.mjs …   (a subset)
// bench/data comes from `node bench/gen.mjs --standard bench/data` (or any bench run).
import { readFileSync } from 'node:fs';
const [a, b, dataDir, rounds = '15'] = process.argv.slice(2);
const base = await import(a), branch = await import(b);
const plain = readFileSync(`${dataDir}/plain-50k.xml`), mixed = readFileSync(`${dataDir}/mixed-50k.xml`);
const plainUrls = base.parse(plain).urls, mixedUrls = base.parse(mixed).urls;
const measures = {
  parsePlain: (kit) => kit.parse(plain), parseMixed: (kit) => kit.parse(mixed),
  validatePlain: (kit) => kit.validate(plain), validateMixed: (kit) => kit.validate(mixed), validateMixedXsd: (kit) => kit.validate(mixed, { profile: 'xsd' }),
  serializePlain: (kit) => kit.serializeSitemap(plainUrls), serializeMixed: (kit) => kit.serializeSitemap(mixedUrls),
};
const only = process.env.ONLY?.split(',');
for (const [name, run] of Object.entries(measures)) {
  if (only && !only.includes(name)) continue;
  const times = { base: [], branch: [] };
  run(base); run(branch); run(base); run(branch);
  for (let i = 0; i < Number(rounds); i++) {
    for (const [label, kit] of i % 2 ? [['branch', branch], ['base', base]] : [['base', base], ['branch', branch]]) {
      const start = performance.now(); run(kit); times[label].push(performance.now() - start);
    }
  }
  const stat = (xs) => { const s = [...xs].sort((x, y) => x - y); return { min: s[0], med: s[s.length >> 1], max: s.at(-1) }; };
  const x = stat(times.base), y = stat(times.branch);
  console.log(`${name.padEnd(17)} base min ${x.min.toFixed(1)} med ${x.med.toFixed(1)} [max ${x.max.toFixed(1)}]  branch min ${y.min.toFixed(1)} med ${y.med.toFixed(1)} [max ${y.max.toFixed(1)}]  min ${((y.min / x.min - 1) * 100).toFixed(1)}% med ${((y.med / x.med - 1) * 100).toFixed(1)}%`);
}
