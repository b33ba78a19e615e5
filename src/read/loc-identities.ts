// The page-URL identities the core gives a document's whole entries (assembly/loc-scan.ts: a 64-bit
// hash of the loc's bytes when they are already comparableUrl's form of it), kept by entry number
// for the crawl's "listed in two sitemaps" rule (src/site/crawl-url-set.ts), so that JS reads no
// loc string for them.

import { readLocIdentity, type WholeEntry } from './walker';

/**
 * Identities by entry number (0-based, in document order: the reader's count of entries kept),
 * for one document. An entry the core gave none (read record by record, an entity or
 * CDATA, not in comparableUrl's form) has none here.
 *
 * @example
 * const identities = new LocIdentities();
 * trackLocIdentities(parser, identities, true);
 * parser.push(bytes, true);
 * if (identities.words[0]) set.add(identities.words[1]!, identities.words[2]!, owner);
 */
export class LocIdentities {
  /** Three words an entry: not 0 when it has an identity, then the identity's high and low halves. */
  words = new Int32Array(3072);

  /** Keeps the identity of whole entry `entry`, number `index`, if the core gave it one. */
  take(index: number, entry: WholeEntry): void {
    let words = this.words;
    if (index * 3 >= words.length) (this.words = new Int32Array(index * 6 + 3)).set(words), words = this.words;
    words[index * 3] = readLocIdentity(entry, words, index * 3 + 1);
  }
}
