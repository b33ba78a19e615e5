// Arguments of the sitemapkit command line: node:util parseArgs in strict mode, with the failures
// a user can cause turned into one-line messages and the exit codes of issue #18.

import { parseArgs, type ParseArgsConfig } from 'node:util';

/**
 * Exit codes, as `diff` and linters use them: 0 valid (or no difference), 1 invalid (or the
 * inputs differ), 2 a usage or input/output error; 130 after Ctrl-C (128 + SIGINT, as shells say).
 *
 * @example
 * process.exitCode = ExitCode.Invalid;
 */
export const ExitCode = {
  Valid: 0,
  Invalid: 1,
  Trouble: 2,
  Interrupted: 130,
} as const;

/**
 * What stops a command with a one-line message on stderr: a bad option or argument (`usage`,
 * which also points at `--help`) or a file or URL that cannot be read or written (`io`). Both
 * exit with 2.
 *
 * @example
 * throw new CliFailure('io', 'sitemap.xml: no such file');
 */
export class CliFailure extends Error {
  readonly kind: 'usage' | 'io';
  constructor(kind: 'usage' | 'io', message: string) {
    super(message);
    this.kind = kind;
    this.name = 'CliFailure';
  }
}

/** The options every command takes. */
const COMMON_OPTIONS = {
  help: { type: 'boolean', short: 'h' },
  quiet: { type: 'boolean', short: 'q' },
  'no-progress': { type: 'boolean' },
  'refuse-private-addresses': { type: 'boolean' },
} as const satisfies ParseArgsConfig['options'];

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * What parseArgs gives for a command's options plus the common ones.
 *
 * @example
 * const parsed: ParsedArguments<{ format: { type: 'string' } }> = readArguments('ls', argv, { format: { type: 'string' } });
 */
export type ParsedArguments<O extends Options> = ReturnType<typeof parseArgs<{ args: string[]; options: typeof COMMON_OPTIONS & O; allowPositionals: true; strict: true }>>;

/**
 * The options and positionals of one command, parsed strictly: an unknown option, a missing
 * value or a value given to a flag is a usage failure naming it.
 *
 * @example
 * const { values, positionals } = readArguments('ls', argv, { format: { type: 'string' } });
 */
export function readArguments<const O extends Options>(command: string, argv: string[], options: O): ParsedArguments<O> {
  try {
    return parseArgs({ args: argv, options: { ...COMMON_OPTIONS, ...options }, allowPositionals: true, strict: true });
  } catch (error) {
    // parseArgs's messages are long and mention its own API ("To specify a positional…"): keep the first sentence.
    const message = error instanceof Error ? error.message.split('. ')[0]!.replace(/\.$/, '') : String(error);
    throw new CliFailure('usage', `${command}: ${message}`);
  }
}

/**
 * A whole number option (`--max-warnings 0`, `--max-urls 10000`): undefined when absent, a usage
 * failure when it is not a whole number within the bounds.
 *
 * @example
 * const maxUrls = wholeNumber('build', '--max-urls', values['max-urls'], 1, 50_000);
 */
export function wholeNumber(command: string, name: string, value: string | undefined, minimum: number, maximum = Number.MAX_SAFE_INTEGER): number | undefined {
  if (value === undefined) return undefined;
  const text = value.replace(/_/g, '');
  const number = /^\d+$/.test(text) ? Number(text) : NaN;
  if (!Number.isSafeInteger(number) || number < minimum || number > maximum) {
    throw new CliFailure('usage', `${command}: ${name} takes a whole number from ${minimum.toLocaleString('en-US')} to ${maximum.toLocaleString('en-US')}, got "${value}"`);
  }
  return number;
}

/**
 * A byte size option: a whole number with an optional unit (`50MB`, `100MiB`, `64k`).
 *
 * @example
 * byteSize('validate', '--max-bytes', '100MiB', Infinity); // 104857600
 */
export function byteSize(command: string, name: string, value: string | undefined, maximum: number): number | undefined {
  if (value === undefined) return undefined;
  const match = /^(\d+(?:\.\d+)?)\s*(b|k|kb|kib|m|mb|mib|g|gb|gib)?$/i.exec(value.replace(/_/g, ''));
  const units: Record<string, number> = { b: 1, k: 1024, kib: 1024, kb: 1000, m: 1 << 20, mib: 1 << 20, mb: 1e6, g: 1 << 30, gib: 1 << 30, gb: 1e9 };
  const bytes = match ? Math.round(Number(match[1]) * units[(match[2] ?? 'b').toLowerCase()]!) : NaN;
  if (!Number.isSafeInteger(bytes) || bytes < 1 || bytes > maximum) {
    throw new CliFailure('usage', `${command}: ${name} takes a size in bytes (like 52428800, 50MB or 100MiB) up to ${maximum.toLocaleString('en-US')}, got "${value}"`);
  }
  return bytes;
}

/**
 * One of a fixed set of words (`--format`, `--profile`), or the default when absent.
 *
 * @example
 * const format = oneOf('ls', '--format', values.format, ['tsv', 'csv', 'ndjson', 'json'], 'tsv');
 */
export function oneOf<const T extends string>(command: string, name: string, value: string | undefined, choices: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!(choices as readonly string[]).includes(value)) throw new CliFailure('usage', `${command}: ${name} takes ${choices.join(', ')}; got "${value}"`);
  return value as T;
}
