// What every command runs with: stdout for results, stderr for diagnostics and the progress
// line, colour decided once, and the signal that Ctrl-C fires.

import { ProgressLine } from './progress';
import { createPaint, shouldUseColour, TextOutput, type Paint } from './terminal';

/**
 * One run of the command line.
 *
 * @example
 * const session = createSession(controller.signal, { progress: true });
 * await session.out.line('https://example.com/');
 */
export interface Session {
  out: TextOutput;
  /** Colours for stdout (only when stdout is a terminal). */
  paint: Paint;
  /** Colours for stderr. */
  paintError: Paint;
  /** Writes a diagnostic line to stderr, clearing the progress line first. */
  note(text: string): void;
  progress: ProgressLine;
  signal: AbortSignal;
  /**
   * `--refuse-private-addresses`: no request to localhost or to a loopback, private, link-local or
   * reserved address, in a URL, a redirect or a DNS answer (crawlSitemaps' and checkUrls' option),
   * for services that run the command line on URLs their users submit.
   */
  refusePrivateAddresses: boolean;
}

/**
 * The session of one command run.
 *
 * @example
 * const session = createSession(new AbortController().signal, { progress: false, refusePrivateAddresses: true });
 */
export function createSession(signal: AbortSignal, options: { progress: boolean; refusePrivateAddresses?: boolean }): Session {
  const environment = process.env;
  const paint = createPaint(shouldUseColour(process.stdout, environment));
  const paintError = createPaint(shouldUseColour(process.stderr, environment));
  const progress = new ProgressLine(process.stderr, options.progress && process.stderr.isTTY === true);
  return {
    out: new TextOutput(process.stdout),
    paint,
    paintError,
    note(text) {
      progress.clear();
      process.stderr.write(text + '\n');
    },
    progress,
    signal,
    refusePrivateAddresses: options.refusePrivateAddresses === true,
  };
}
