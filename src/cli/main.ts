// The `sitemapkit` command line (issue #18): dispatches to a command, maps failures to exit codes
// (0 valid, 1 invalid or different, 2 usage or I/O, 130 after Ctrl-C), and stops cleanly on
// Ctrl-C: the first one asks the command to stop and report, a second one exits at once.

import { readFileSync } from 'node:fs';
import { SitemapError } from '../node';
import { runBuild } from './build-command';
import { runCheckUrls } from './check-urls-command';
import { CliFailure, ExitCode } from './command-line';
import { runDiff } from './diff-command';
import { runDiscover } from './discover-command';
import { COMMAND_NAMES, helpText } from './help';
import { runLs } from './ls-command';
import { createSession, type Session } from './session';
import { runValidate } from './validate-command';

const COMMANDS: Record<string, (argv: string[], session: Session) => Promise<number>> = {
  validate: runValidate,
  ls: runLs,
  build: runBuild,
  discover: runDiscover,
  diff: runDiff,
  'check-urls': runCheckUrls,
};

function version(): string {
  // dist/cli.js sits beside package.json's dist/ directory, in a checkout as in node_modules.
  try {
    return (JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

async function main(argv: string[]): Promise<number> {
  const [command, ...rest] = argv;
  if (command === undefined) {
    // No command is a usage error: the overview goes to stderr, so a pipe gets nothing.
    process.stderr.write(helpText(undefined));
    return ExitCode.Trouble;
  }
  if (command === '--help' || command === '-h' || command === 'help') {
    process.stdout.write(helpText(command === 'help' ? rest[0] : undefined));
    return ExitCode.Valid;
  }
  if (command === '--version' || command === '-v') {
    process.stdout.write(`${version()}\n`);
    return ExitCode.Valid;
  }
  const run = COMMANDS[command];
  if (run === undefined) {
    throw new CliFailure('usage', command.startsWith('-') ? `unknown option ${command} (before a command)` : `unknown command "${command}" (commands: ${COMMAND_NAMES.join(', ')})`);
  }
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(helpText(command));
    return ExitCode.Valid;
  }
  const controller = new AbortController();
  const onInterrupt = () => {
    if (controller.signal.aborted) process.exit(ExitCode.Interrupted);
    controller.abort();
  };
  process.on('SIGINT', onInterrupt);
  try {
    return await run(rest, createSession(controller.signal, { progress: !rest.includes('--no-progress'), refusePrivateAddresses: rest.includes('--refuse-private-addresses') }));
  } finally {
    process.off('SIGINT', onInterrupt);
  }
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    if (error instanceof CliFailure) {
      process.stderr.write(`sitemapkit: ${error.message}\n`);
      if (error.kind === 'usage') process.stderr.write(`Try 'sitemapkit ${COMMAND_NAMES.includes(process.argv[2] ?? '') ? `${process.argv[2]} ` : ''}--help'.\n`);
      process.exitCode = ExitCode.Trouble;
      return;
    }
    // The runtime, not the program, is at fault (node --jitless): its message says so, no stack trace.
    if (error instanceof SitemapError && error.code === 'CORE_UNAVAILABLE') {
      process.stderr.write(`sitemapkit: ${error.message}\n`);
      process.exitCode = ExitCode.Trouble;
      return;
    }
    process.stderr.write(`sitemapkit: internal error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = ExitCode.Trouble;
  },
);
