// The well-formedness oracle: strict parse's verdict (throws an XML_* code, or reads the document)
// against libxml2's `xmllint --noout` (XML 1.0 + Namespaces in XML), batched: inputs are written
// to a scratch folder and one xmllint process reads a few hundred of them (spawning is slow).
// Where sitemapkit follows a documented policy that differs from XML 1.0, the difference is no
// finding: POLICY_DIFFERENCES lists each with its reason (README "Fuzzing").

import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * Verdicts of sitemapkit that differ from xmllint's on purpose, by the code parse throws.
 *
 * @example
 * POLICY_DIFFERENCES.XML_DOCTYPE_FORBIDDEN; // 'Any DOCTYPE is refused: …'
 */
export const POLICY_DIFFERENCES = {
  XML_DOCTYPE_FORBIDDEN: 'Any DOCTYPE is refused (SPEC.md §1: no DTD is read, no entity expanded: no XXE, no billion laughs); XML 1.0 allows a DTD, and xmllint reads its internal subset.',
  XML_TOO_DEEP: 'Elements nested deeper than the core\'s fixed stack are refused (bounded memory); XML 1.0 sets no limit, and xmllint --huge lifts its own.',
  XML_TOO_MANY_NAMES: 'The core interns names in a fixed-size table and refuses a document with more distinct names or attributes on one element (bounded memory); XML 1.0 sets no limit.',
  INPUT_ENCODING: 'Sitemaps must be UTF-8 (sitemaps.org); other encodings are read only where the runtime\'s TextDecoder has them, and a declaration that contradicts the bytes is refused; xmllint reads what iconv knows.',
  INPUT_TOO_LARGE: 'A cap on the input size (maxBytes, 100 MiB by default); XML 1.0 has none.',
};

/**
 * Complaints of xmllint about documents sitemapkit reads on purpose, with the reason.
 *
 * @example
 * XMLLINT_ONLY_COMPLAINTS[0].pattern.test("xmlns:a: 'x y' is not a valid URI"); // true
 */
export const XMLLINT_ONLY_COMPLAINTS = [
  { pattern: /switching encoding|[Uu]nsupported encoding|encoder error/, reason: 'An encoding libxml2\'s iconv cannot convert that the runtime\'s TextDecoder reads (the other side of the INPUT_ENCODING policy).' },
  { pattern: /namespace error .*: xmlns(:[^:\s]*)?: '/, reason: 'A namespace name that is not a valid URI: Namespaces in XML compares namespace names as strings and nothing resolves them, so the reader takes it (validate names the sitemap and extension namespaces it does not know); libxml2 reports it as a namespace error.' },
];

/** Codes of parse that say nothing about well-formedness: the root is not a sitemap, the input is gzip, … (no comparison). */
const NOT_A_VERDICT = /^(SITEMAP_|GZIP_|INPUT_TYPE)/;

/**
 * Collects inputs and compares verdicts a batch at a time.
 *
 * @example
 * const batch = new XmllintBatch(200);
 * for (const disagreement of batch.add(index, input, 'ok')) console.log(disagreement);
 * batch.flush();
 */
export class XmllintBatch {
  constructor(size = 200) {
    this.size = size;
    this.pending = [];
    /** Files xmllint took too long on (not compared). */
    this.unanswered = 0;
    this.folder = join(tmpdir(), `sitemapkit-fuzz-xmllint-${process.pid}-${Math.random().toString(36).slice(2)}`);
  }

  /** Queues one input; returns the disagreements of the batch it completed (usually none). */
  add(index, input, verdict) {
    if (verdict === null || NOT_A_VERDICT.test(verdict)) return [];
    this.pending.push({ index, input, verdict });
    return this.pending.length >= this.size ? this.flush() : [];
  }

  /** Runs xmllint on what is queued; returns the disagreements `{ index, oracle, message, input }`. */
  flush() {
    const batch = this.pending.splice(0);
    if (batch.length === 0) return [];
    mkdirSync(this.folder, { recursive: true });
    batch.forEach(({ input }, i) => writeFileSync(join(this.folder, `${i}.xml`), input.bytes));
    const names = batch.map((_, i) => `${i}.xml`);
    let errors = xmllintErrors(this.folder, names, BATCH_SECONDS);
    const unanswered = new Set();
    if (errors === null) {
      // xmllint ran out of time on the batch (--huge lets it expand entities for as long as they
      // go): each file on its own, and those it takes too long on are not compared.
      errors = new Map();
      for (const name of names) {
        const one = xmllintErrors(this.folder, [name], FILE_SECONDS);
        if (one === null) unanswered.add(name);
        else for (const [file, complaint] of one) errors.set(file, complaint);
      }
      this.unanswered += unanswered.size;
    }
    rmSync(this.folder, { recursive: true, force: true });
    return batch.flatMap(({ index, input, verdict }, i) => {
      if (isUtf32(input.bytes) || (verdict !== 'ok' && isUnmarkedUtf16(input.bytes)) || (verdict === 'ok' && declaresOtherEncoding(input.bytes))) return [];
      if (unanswered.has(`${i}.xml`)) return [];
      const complaint = errors.get(`${i}.xml`);
      const disagreement = judge(verdict, complaint);
      return disagreement ? [{ index, oracle: 'xmllint', message: disagreement, input }] : [];
    });
  }
}

/**
 * UTF-32 (with a BOM, or `<` as 00 00 00 3C / 3C 00 00 00): XML 1.0 requires readers to know only
 * UTF-8 and UTF-16, and sitemapkit reads no other Unicode form: it fails on such a document with
 * the XML error its bytes make as UTF-8, where libxml2 decodes it. Not compared.
 */
function isUtf32(bytes) {
  const [a, b, c, d] = bytes;
  return (a === 0 && b === 0 && ((c === 0xfe && d === 0xff) || (c === 0 && d === 0x3c))) || (c === 0 && d === 0 && ((a === 0xff && b === 0xfe) || (a === 0x3c && b === 0)));
}

/**
 * UTF-16 without a byte-order mark (`<` as 3C 00 or 00 3C): XML 1.0 §4.3.3 says entities in UTF-16
 * MUST begin with the mark; sitemapkit refuses such a document (INPUT_ENCODING when it declares
 * UTF-16, else the XML error its bytes make as UTF-8), libxml2 guesses the encoding from the first
 * bytes (Appendix F). Not compared when parse refuses it.
 */
function isUnmarkedUtf16(bytes) {
  return (bytes[0] === 0x3c && bytes[1] === 0) || (bytes[0] === 0 && bytes[1] === 0x3c);
}

/**
 * A declaration of an encoding other than UTF-8 and UTF-16 (the INPUT_ENCODING policy, the other
 * way round): sitemapkit reads it as the runtime's TextDecoder does (or as UTF-8 when it has no
 * such decoder and the bytes are ASCII), libxml2 as iconv does, whose failures it reports on a
 * line without the file's name. Not compared when parse reads the document.
 */
function declaresOtherEncoding(bytes) {
  const head = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
  return /^(\xef\xbb\xbf)?<\?xml[^>]*encoding\s*=\s*["'](?!utf-?8["']|utf-?16)/i.test(head);
}

/**
 * Seconds xmllint may take on a batch, and on one file: it runs synchronously in a fuzzing worker,
 * whose watchdog calls a worker silent for 60 s a hang (a finding charged to sitemapkit).
 */
const BATCH_SECONDS = 20;
const FILE_SECONDS = 2;

/** xmllint's first complaint per file (parser errors and namespace errors), by file name; null when it took longer than `seconds`. */
function xmllintErrors(folder, names, seconds) {
  const run = spawnSync('xmllint', ['--noout', '--nonet', '--huge', ...names], { cwd: folder, encoding: 'latin1', maxBuffer: 256 * 1024 * 1024, timeout: seconds * 1000, killSignal: 'SIGKILL' });
  if (run.error?.code === 'ETIMEDOUT' || run.signal === 'SIGKILL') return null;
  if (run.error) throw run.error;
  const errors = new Map();
  for (const line of run.stderr.split('\n')) {
    const match = /^(\d+\.xml):(\d+): (parser|namespace|validity) (error|warning) : (.*)$/.exec(line);
    if (match && match[4] === 'error' && !errors.has(match[1])) errors.set(match[1], `${match[3]} error at line ${match[2]}: ${match[5]}`);
  }
  return errors;
}

/**
 * The disagreement of one input, or null. `verdict` is what strict parse did ('ok' or the code
 * it threw); `complaint` xmllint's first error, or undefined.
 *
 * @example
 * judge('XML_DOCTYPE_FORBIDDEN', undefined); // null: a documented policy
 * judge('ok', 'parser error at line 1: …');  // 'parse reads the document; xmllint: …'
 */
export function judge(verdict, complaint) {
  if (verdict === 'ok') {
    if (!complaint || XMLLINT_ONLY_COMPLAINTS.some(({ pattern }) => pattern.test(complaint))) return null;
    return `parse reads the document; xmllint: ${complaint}`;
  }
  if (complaint) return null;
  if (POLICY_DIFFERENCES[verdict]) return null;
  return `parse throws ${verdict}; xmllint finds the document well-formed`;
}
