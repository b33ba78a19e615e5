// The --help texts of the command line, one per command, each with examples (what `man` pages
// and `git help` users look for first).

const MAIN = `sitemapkit: validate, list, build, discover and compare XML sitemaps (sitemaps.org 0.9,
indexes, Google's image/video/news/hreflang extensions, text sitemaps, RSS/Atom).

Usage: sitemapkit <command> [options] [inputs]

Commands:
  validate <file|url|site>...   check against the protocol and Google's rules (or --profile xsd)
  ls <file|url|site|->          list every entry (or a robots.txt's sitemaps), streamed
  build [input|-]...            write sitemap files plus an index from URLs, NDJSON, CSV or sitemaps
  discover <site>               the tree of a site's sitemaps (robots.txt, indexes)
  diff <a> <b>                  URLs added, removed and changed between two sitemaps
  check-urls <file|url|site|->  fetch each listed page: status, redirect target, noindex

Inputs: a file (gzip is recognised by its bytes), - for stdin, an http(s) URL, or a site
(example.com or https://example.com/). Results go to stdout, diagnostics to stderr.
Exit codes: 0 valid / no difference, 1 invalid / different, 2 usage or I/O error, 130 Ctrl-C.

Options for every command: -h, --help   --quiet   --no-progress   --refuse-private-addresses
  (the last for services that run sitemapkit on URLs their users submit: nothing is fetched
  from localhost or a loopback, private, link-local or reserved address)
  sitemapkit --version       the version
  sitemapkit <command> --help

Examples:
  sitemapkit validate public/sitemap.xml.gz
  sitemapkit ls https://example.com/sitemap.xml --format csv > urls.csv
  sitemapkit build urls.txt --base-url https://example.com/ --out public --gzip
`;

const COMMANDS: Record<string, string> = {
  validate: `Usage: sitemapkit validate [options] <file|url|site|->...

Checks each input against the sitemaps.org protocol and Google's rules (or exactly the official
XSDs with --profile xsd): XML sitemaps and indexes, text sitemaps, RSS/Atom feeds, robots.txt
Sitemap lines. One line per issue, path:line:col: severity CODE message, then a summary by
Search Console report.

Options:
  --profile google|xsd     whose rules decide where they disagree (default google)
  --location URL           where the (single) file is served: enables the same-host and
                           directory rules (a URL input uses its own URL)
  -f, --format FORMAT      text (default), json, ndjson, github (workflow annotations)
  --max-warnings N         exit 1 when there are more than N warnings
  --max-bytes SIZE         refuse inputs larger than this (default 100MiB)
  -q, --quiet              errors only, no summary
  --no-progress            no progress line on stderr
  --refuse-private-addresses  no request to localhost or a private, link-local or reserved
                           address, in a URL, a redirect or a DNS answer

Exit: 0 valid, 1 invalid (or over --max-warnings), 2 usage or I/O error.

Examples:
  sitemapkit validate public/sitemap.xml public/sitemap-2.xml.gz
  sitemapkit validate --profile xsd sitemap.xml
  sitemapkit validate https://example.com/sitemap.xml --format github --max-warnings 0
  curl -s https://example.com/sitemap.xml | sitemapkit validate - --location https://example.com/sitemap.xml
  sitemapkit validate example.com
`,
  ls: `Usage: sitemapkit ls [options] <file|url|site|->

Lists every entry of a sitemap, index, text sitemap or feed (or every page of a site's
sitemaps), streamed: memory stays flat whatever the size.

Options:
  -f, --format FORMAT      tsv (default, no header), csv (with a header), ndjson, json
  --fields LIST            columns, from loc,lastmod,changefreq,priority,images,videos,news,
                           alternates,extensions,sitemap (default loc,lastmod,changefreq,priority;
                           json and ndjson give whole entries unless --fields is given)
  --header                 a header line for tsv
  --recover                read past malformed XML (issues on stderr)
  --max-bytes SIZE         stop after this many bytes of XML (default: no limit); a feed or
                           robots.txt, read whole, at most this many (default 100MiB)
  --no-progress            no progress line on stderr
  --refuse-private-addresses  no request to localhost or a private, link-local or reserved
                           address, in a URL, a redirect or a DNS answer

Exit: 0 read to the end, 1 stopped at malformed XML, 2 usage or I/O error.

Examples:
  sitemapkit ls sitemap.xml.gz
  sitemapkit ls https://example.com/sitemap.xml --format ndjson | jq .loc
  sitemapkit ls sitemap.xml --fields loc,images --format csv > images.csv
  gunzip -c dump.xml.gz | sitemapkit ls - --fields loc | wc -l
`,
  build: `Usage: sitemapkit build [options] --base-url URL --out DIR [input|-]...

Writes sitemap files of at most 50,000 URLs and 52,428,800 bytes each, plus a sitemap index,
from a text list of URLs (one a line), NDJSON ({"loc": …, "lastmod": …, "images": […]} a line),
CSV with a header (loc or url, lastmod, changefreq, priority, images, alternates), or any
sitemap, text sitemap or feed (convert, merge several, re-split). Without an input it reads
stdin. A bad input line stops the build with its line number; files are written under
temporary names and renamed only when all are complete, so a failed build writes nothing.

Options:
  --base-url URL           where the files will be served (each file's loc is this + its name)
  -o, --out DIR            the directory to write to (made if missing)
  -z, --gzip               write .xml.gz files
  --max-urls N             at most N URLs per file (1 to 50,000)
  --max-bytes SIZE         at most this many uncompressed bytes per file (up to 52428800)
  --index-name NAME        the index's file name (default sitemap-index.xml[.gz])
  --file-name PATTERN      the files' names, with {index} (default sitemap-{index}.xml[.gz])
  --pretty                 indent the XML
  --input-format FORM      auto (default), text, ndjson, csv, sitemap
  -f, --format FORMAT      text (default) or json: what was written
  --refuse-private-addresses  no request to localhost or a private, link-local or reserved
                           address, in a URL, a redirect or a DNS answer

Exit: 0 written, 1 a bad input line or value, 2 usage or I/O error.

Examples:
  sitemapkit build urls.txt --base-url https://example.com/ --out public
  sitemapkit build products.ndjson --base-url https://example.com/sitemaps/ --out dist/sitemaps --gzip
  sitemapkit ls old-index-children.xml --format csv | sitemapkit build - --base-url https://example.com/ --out out --max-urls 10000
`,
  discover: `Usage: sitemapkit discover [options] <site>

Finds a site's sitemaps (robots.txt Sitemap lines, else the usual places), walks the indexes,
and prints the tree: each sitemap with its HTTP status, format, entries and issues.

Options:
  -f, --format FORMAT      text (default, a tree) or json (the crawl report)
  --max-depth N            how deep indexes are followed
  --max-sitemaps N         how many sitemaps are fetched at most
  --max-bytes SIZE         per file, uncompressed
  --max-entries N          entries in all
  --max-tracked-urls N     page URLs remembered for the "listed twice" rule (default
                           2,000,000: about 27 MB; 10,000,000 for a very large site, about 140 MB)
  --concurrency N          requests at a time
  --timeout SECONDS        for an answer, then between two chunks (default 30)
  --file-timeout SECONDS   for one file in all, retries included (default 300)
  --profile google|xsd     validate's profile for each sitemap
  --no-validate            list the tree only (about a fifth less time)
  --refuse-private-addresses  no request to localhost or a private, link-local or reserved
                           address, in a URL, a redirect or a DNS answer

Exit: 0 no errors, 1 errors found (or no sitemap), 2 usage or I/O error.

Examples:
  sitemapkit discover example.com
  sitemapkit discover https://example.com/ --format json > tree.json
`,
  diff: `Usage: sitemapkit diff [options] <a> <b>

Compares two sitemaps (files, URLs, sites, or - for one side) by loc: URLs added (only in b),
removed (only in a) and changed (lastmod, changefreq, priority, extensions). Both sides are
streamed; a's locs are held while b is read.

Options:
  -f, --format FORMAT      text (default: + added, - removed, ~ changed, then counts) or
                           ndjson ({"change": …, "loc": …, "fields": …, "before": …, "after": …})
  --fields LIST            what counts as a change, from lastmod,changefreq,priority,extensions
  --recover                read past malformed XML
  -q, --quiet              no counts line
  --refuse-private-addresses  no request to localhost or a private, link-local or reserved
                           address, in a URL, a redirect or a DNS answer

Exit: 0 no difference, 1 different, 2 usage or I/O error (or a side that cannot be read).

Examples:
  sitemapkit diff yesterday/sitemap.xml https://example.com/sitemap.xml
  sitemapkit diff old.xml.gz new.xml.gz --format ndjson | jq -r 'select(.change=="added").loc'
  sitemapkit diff a.xml b.xml --fields lastmod --quiet && echo "no new lastmods"
`,
  'check-urls': `Usage: sitemapkit check-urls [options] <file|url|site|->

Fetches every page a sitemap lists (or every page of a site's sitemaps) and reports its HTTP
status, where its redirects lead, and whether it says noindex (an X-Robots-Tag header or a
robots meta tag): what Search Console reports as "Submitted URL not found (404)", "Submitted URL
has redirect" and "Submitted URL marked 'noindex'". The counts by status go to stderr.

Options:
  -f, --format FORMAT      text (default: status  url  → final url  noindex  error), tsv
                           (url, status, finalUrl, redirects, noindex, error; --header for a
                           header line), ndjson, json
  --only-problems          only the pages that are not 200, or say noindex
  --concurrency N          requests at a time (default 4, at most 64)
  --timeout SECONDS        per request, body included (default 15)
  --recover                read past malformed XML
  -q, --quiet              no counts line
  --no-progress            no progress line on stderr
  --refuse-private-addresses  no request to localhost or a private, link-local or reserved
                           address, in a URL, a redirect or a DNS answer

Exit: 0 every page 200 without noindex, 1 some page not, 2 usage or I/O error.

Examples:
  sitemapkit check-urls sitemap.xml.gz
  sitemapkit check-urls https://example.com/sitemap.xml --only-problems --concurrency 8
  sitemapkit check-urls example.com --format ndjson | jq -r 'select(.status==404).url'
  sitemapkit ls old.xml --fields loc | sitemapkit check-urls - --format tsv > statuses.tsv
`,
};

/**
 * The help of a command, or the overview for `undefined`.
 *
 * @example
 * process.stdout.write(helpText('ls'));
 */
export function helpText(command: string | undefined): string {
  return (command !== undefined ? COMMANDS[command] : undefined) ?? MAIN;
}

/**
 * The commands there are.
 *
 * @example
 * COMMAND_NAMES.includes('ls'); // true
 */
export const COMMAND_NAMES = Object.keys(COMMANDS);
