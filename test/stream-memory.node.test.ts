// Memory stays flat whatever the size: a 1 GiB sitemap, generated on the fly and never written to
// disk, streams through parseStream in a child process (test/fixtures/stream/memory-child.mjs)
// whose RSS may grow by less than 64 MiB. Node-only: it runs the built package (dist/, made by
// `npm run build`, the pretest step) in child processes.

import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const MiB = 1024 * 1024;
const entry = fileURLToPath(new URL('../dist/index.node.js', import.meta.url));
const child = fileURLToPath(new URL('./fixtures/stream/memory-child.mjs', import.meta.url));

interface ChildReport {
  entries: number;
  generatedEntries: number;
  generatedBytes: number;
  bytesIn: number;
  bytesOut: number;
  lastLoc: string;
  seconds: number;
  baselineRss: number;
  peakRss: number;
  growthBytes: number;
}

async function streamInChild(bytes: number, mode: 'plain' | 'gzip'): Promise<ChildReport> {
  if (!existsSync(entry)) throw new Error(`${entry} is missing: run \`npm run build\` first (npm test does it in pretest)`);
  const { stdout } = await run(process.execPath, ['--expose-gc', child, pathToFileURL(entry).href, String(bytes), mode], { maxBuffer: 1 << 20 });
  return JSON.parse(stdout) as ChildReport;
}

const describeReport = (report: ChildReport) => `${(report.generatedBytes / MiB).toFixed(0)} MiB in ${report.seconds.toFixed(1)} s, RSS ${(report.baselineRss / MiB).toFixed(1)} → peak ${(report.peakRss / MiB).toFixed(1)} MiB`;

describe('streaming memory', () => {
  it('a 1 GiB sitemap streams through parseStream with RSS growth under 64 MiB, every entry read', async () => {
    const report = await streamInChild(1024 * MiB, 'plain');
    expect(report.generatedBytes).toBeGreaterThanOrEqual(1024 * MiB);
    expect(report.entries).toBe(report.generatedEntries);
    expect(report.entries).toBeGreaterThan(5_000_000);
    expect(report.lastLoc).toBe(`https://www.example.com/products/category-${(report.entries - 1) % 97}/item-${report.entries - 1}?ref=stream&page=${(report.entries - 1) % 13}`);
    expect(report.bytesIn).toBe(report.generatedBytes);
    expect(report.growthBytes, describeReport(report)).toBeLessThan(64 * MiB);
  }, 180_000);

  it('gzip inflated as it streams (DecompressionStream) stays well under the size it inflates to', async () => {
    // Node inflates on its thread pool into a fresh buffer per chunk, which V8 frees in batches
    // (after tens of MiB of them), so the start costs more than with plain text: measured 31 MiB
    // for 32 MiB, 64 MiB for 128 MiB, 89 MiB for 256 MiB, 116 MiB for 512 MiB (2026-11-22). A
    // reader that kept what it read would grow by more than the 128 MiB it inflated.
    const report = await streamInChild(128 * MiB, 'gzip');
    expect(report.entries).toBe(report.generatedEntries);
    expect(report.bytesOut).toBe(report.generatedBytes);
    expect(report.bytesIn).toBeLessThan(report.bytesOut / 5);
    expect(report.growthBytes, describeReport(report)).toBeLessThan(100 * MiB);
  }, 180_000);
});
