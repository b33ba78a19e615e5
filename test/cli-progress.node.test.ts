// The command line's progress line (src/cli/progress.ts) for a known sequence of updates: the
// pure renderer's text, and the throttle's frames (at most one per 100 ms, none before 100 ms,
// none when disabled, cleared at the end); and the colour rule (a TTY, never with NO_COLOR).

import { describe, expect, it } from 'vitest';
import { ProgressLine, renderProgress } from '../src/cli/progress';
import { createPaint, shouldUseColour } from '../src/cli/terminal';

describe('renderProgress', () => {
  it('shows bytes of the total, percentage, entries, rate and ETA when the total is known', () => {
    expect(renderProgress({ label: 'ls big.xml', bytes: 25_000_000, totalBytes: 50_000_000, entries: 100_000 }, 2000)).toBe('ls big.xml  25.0 MB / 50.0 MB 50%  100,000 entries  12.5 MB/s  ETA 0:02');
    expect(renderProgress({ bytes: 1_000_000, totalBytes: 3_601_000_000, entries: 1 }, 1000)).toBe('1.0 MB / 3.60 GB 0%  1 entry  1.0 MB/s  ETA 1:00:00');
  });

  it('leaves out the total and ETA when the size is unknown, and gives an entry rate without bytes', () => {
    expect(renderProgress({ bytes: 512, entries: 3, files: 1 }, 1000)).toBe('512 B  3 entries  1 file  512 B/s');
    expect(renderProgress({ bytes: 0, entries: 4500, files: 2, label: 'build' }, 1500)).toBe('build  0 B  4,500 entries  2 files  3,000 entries/s');
    expect(renderProgress({ bytes: 0, entries: 0 }, 0)).toBe('0 B  0 entries');
  });
});

describe('ProgressLine', () => {
  function recorder(columns?: number) {
    const frames: string[] = [];
    return { stream: { columns, write: (text: string) => void frames.push(text) }, frames };
  }

  it('draws at most every 100 ms, the first time 100 ms after the start, and clears at the end', () => {
    const { stream, frames } = recorder();
    let now = 1000;
    const line = new ProgressLine(stream, true, () => now);
    const updates: [number, number][] = [[1050, 10], [1100, 20], [1150, 30], [1199, 40], [1200, 50], [1450, 60]];
    for (const [time, entries] of updates) {
      now = time;
      line.update({ bytes: entries * 100, totalBytes: 6000, entries });
    }
    line.clear();
    line.clear(); // a second clear writes nothing
    expect(frames).toEqual([
      '\r2.0 kB / 6.0 kB 33%  20 entries  20.0 kB/s  ETA 0:01\u001b[K',
      '\r5.0 kB / 6.0 kB 83%  50 entries  25.0 kB/s  ETA 0:01\u001b[K',
      '\r6.0 kB / 6.0 kB 100%  60 entries  13.3 kB/s\u001b[K',
      '\r\u001b[K',
    ]);
  });

  it('fits the terminal width and writes nothing when disabled', () => {
    const narrow = recorder(20);
    let now = 0;
    const line = new ProgressLine(narrow.stream, true, () => now);
    now = 500;
    line.update({ label: 'validate a-very-long-name.xml', bytes: 10, entries: 0 });
    expect(narrow.frames).toEqual(['\rvalidate a-very-lon\u001b[K']);

    const off = recorder();
    const silent = new ProgressLine(off.stream, false, () => now);
    now = 10_000;
    silent.update({ bytes: 1, entries: 1 });
    silent.clear();
    expect(off.frames).toEqual([]);
  });
});

describe('colour', () => {
  it('is used only on a terminal, never with NO_COLOR set, nor on a dumb terminal', () => {
    expect(shouldUseColour({ isTTY: true }, {})).toBe(true);
    expect(shouldUseColour({ isTTY: true }, { NO_COLOR: '1' })).toBe(false);
    expect(shouldUseColour({ isTTY: true }, { NO_COLOR: '' })).toBe(true);
    expect(shouldUseColour({ isTTY: true }, { TERM: 'dumb' })).toBe(false);
    expect(shouldUseColour({ isTTY: false }, {})).toBe(false);
    expect(shouldUseColour({}, {})).toBe(false);
    expect(createPaint(true).red('x')).toBe('\u001b[31mx\u001b[39m');
    expect(createPaint(false).red('x')).toBe('x');
  });
});
