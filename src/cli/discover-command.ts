// `sitemapkit discover <site>`: the tree of a site's sitemaps as crawlSitemaps (issue #17)
// reports it. That walk is not in this build yet, so the command says so plainly.

import { CliFailure } from './command-line';
import type { Session } from './session';

/**
 * Runs `discover`.
 *
 * @example
 * process.exitCode = await runDiscover(['example.com'], session);
 */
export async function runDiscover(_argv: string[], _session: Session): Promise<number> {
  throw new CliFailure('io', 'discover: needs crawlSitemaps, which this build does not have yet');
}
