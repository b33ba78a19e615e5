// The progress line on stderr (bytes, entries, files, rate, ETA when the total is known): a pure
// renderer, and a throttle that redraws it at most ten times a second, only on a terminal.

/**
 * What a command has done so far.
 *
 * @example
 * const state: ProgressState = { label: 'ls big.xml', bytes: 1_000_000, totalBytes: 50_000_000, entries: 2_000 };
 */
export interface ProgressState {
  /** What is being done (`validate sitemap.xml`). */
  label?: string;
  /** Bytes read so far (of the input as stored: compressed bytes for gzip). */
  bytes: number;
  /** Bytes there are to read, when known (a file's size, a Content-Length). */
  totalBytes?: number;
  entries: number;
  /** Files written or read, for commands with several. */
  files?: number;
}

function formatBytes(bytes: number): string {
  if (bytes < 1000) return `${bytes} B`;
  if (bytes < 1e6) return `${(bytes / 1e3).toFixed(1)} kB`;
  if (bytes < 1e9) return `${(bytes / 1e6).toFixed(1)} MB`;
  return `${(bytes / 1e9).toFixed(2)} GB`;
}

function formatDuration(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = String(whole % 60).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${rest}` : `${minutes}:${rest}`;
}

/**
 * The progress line for a state after `elapsedMs`: label, bytes (of the total, with a percentage,
 * when known), entries, files, rate, and the time left when the total is known. Pure: the same
 * state and time always give the same text.
 *
 * @example
 * renderProgress({ bytes: 25_000_000, totalBytes: 50_000_000, entries: 100_000 }, 2000);
 * // '25.0 MB / 50.0 MB 50%  100,000 entries  12.5 MB/s  ETA 0:02'
 */
export function renderProgress(state: ProgressState, elapsedMs: number): string {
  const parts: string[] = [];
  if (state.label) parts.push(state.label);
  const { bytes, totalBytes } = state;
  if (totalBytes !== undefined && totalBytes > 0) {
    const percent = Math.min(100, Math.floor((bytes / totalBytes) * 100));
    parts.push(`${formatBytes(bytes)} / ${formatBytes(totalBytes)} ${percent}%`);
  } else parts.push(formatBytes(bytes));
  parts.push(`${state.entries.toLocaleString('en-US')} ${state.entries === 1 ? 'entry' : 'entries'}`);
  if (state.files !== undefined) parts.push(`${state.files.toLocaleString('en-US')} ${state.files === 1 ? 'file' : 'files'}`);
  const seconds = elapsedMs / 1000;
  if (seconds > 0 && bytes > 0) {
    const rate = bytes / seconds;
    parts.push(`${formatBytes(rate)}/s`);
    if (totalBytes !== undefined && totalBytes > bytes) parts.push(`ETA ${formatDuration((totalBytes - bytes) / rate)}`);
  } else if (seconds > 0 && state.entries > 0) {
    parts.push(`${Math.round(state.entries / seconds).toLocaleString('en-US')} entries/s`);
  }
  return parts.join('  ');
}

/**
 * Redraws at most this often.
 *
 * @example
 * setTimeout(draw, PROGRESS_INTERVAL_MS);
 */
export const PROGRESS_INTERVAL_MS = 100;

/**
 * A progress line redrawn in place (`\r`, erase to end of line) at most every 100 ms, the first
 * time 100 ms after start (a quick command never shows one); nothing at all when disabled (stderr
 * is no terminal, or `--no-progress`). `clear()` removes it before other output and at the end.
 *
 * @example
 * const progress = new ProgressLine(process.stderr, process.stderr.isTTY === true);
 * progress.update({ bytes, entries });
 * progress.clear();
 */
export class ProgressLine {
  private readonly stream: { write(text: string): unknown; columns?: number };
  private readonly enabled: boolean;
  private readonly clock: () => number;
  private readonly start: number;
  private lastDraw: number;
  private shown = false;

  constructor(stream: { write(text: string): unknown; columns?: number }, enabled: boolean, clock: () => number = Date.now) {
    this.stream = stream;
    this.enabled = enabled;
    this.clock = clock;
    this.start = clock();
    this.lastDraw = this.start;
  }

  update(state: ProgressState): void {
    if (!this.enabled) return;
    const now = this.clock();
    if (now - this.lastDraw < PROGRESS_INTERVAL_MS) return;
    this.lastDraw = now;
    let text = renderProgress(state, now - this.start);
    const width = this.stream.columns;
    if (width !== undefined && width > 1 && text.length >= width) text = text.slice(0, width - 1);
    this.stream.write(`\r${text}\u001b[K`);
    this.shown = true;
  }

  clear(): void {
    if (!this.shown) return;
    this.stream.write('\r\u001b[K');
    this.shown = false;
  }
}
