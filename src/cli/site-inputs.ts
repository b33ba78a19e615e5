// Sites as inputs (`validate example.com`, `ls https://example.com/`, either side of `diff`): the
// walk of issue #17 (crawlSitemaps) is not in this build yet, so a site is refused plainly.

import type { SitemapEntry, ValidationProfile } from '../node';
import { CliFailure } from './command-line';
import type { InputArgument } from './inputs';
import type { FileReport } from './issue-report';
import type { Session } from './session';

function notYet(input: InputArgument): CliFailure {
  return new CliFailure('io', `${input.name}: reading a whole site needs crawlSitemaps, which this build does not have; give a sitemap's URL or file`);
}

/**
 * What validate found in each sitemap of a site.
 *
 * @example
 * const files = await siteReports(classifyInput('example.com'), { profile: 'google', maxBytes, session });
 */
export async function siteReports(input: InputArgument, _options: { profile: ValidationProfile; maxBytes: number; session: Session }): Promise<FileReport[]> {
  throw notYet(input);
}

/**
 * Every page entry of a site's sitemaps, each with the `sitemap` it came from.
 *
 * @example
 * for await (const entry of siteEntries(classifyInput('example.com'), session)) console.log(entry.loc);
 */
export function siteEntries(input: InputArgument, _session: Session): AsyncIterable<SitemapEntry & { sitemap?: string }> {
  throw notYet(input);
}
