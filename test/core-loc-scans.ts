// A test helper: what the core's loc scan (assembly/loc-scan.ts scanLoc) says of every <loc> of a
// document, read from the text records the tokenizer writes, for comparison with the string scan
// (src/values/url-check.ts scanLoc) in test/validate.test.ts and test/core-loc-host.test.ts.

import { TOKEN_WORDS, TokenFlag, TokenKind, XmlReader } from '../src/core/xml-reader';
import { readCoreLocScan } from '../src/read/walker';
import { LocScan } from '../src/values/url-check';

const encoder = new TextEncoder();

/**
 * The core's scan of every <loc> of `xml`, in document order: its LocScan, or null when the core
 * declined or found something (the string scan then says what).
 *
 * @example
 * coreLocScans('<urlset><url><loc>https://example.com/</loc></url></urlset>'); // [LocScan { findings: 0, … }]
 */
export function coreLocScans(xml: string): Array<LocScan | null> {
  const scans: Array<LocScan | null> = [];
  const reader = new XmlReader((r, first, count) => {
    for (let i = first; i < first + count * TOKEN_WORDS; i += TOKEN_WORDS) {
      if ((r.words[i]! & 0xff) !== TokenKind.Text) continue;
      if (((r.words[i]! >> 8) & TokenFlag.LocScanned) === 0) { scans.push(null); continue; }
      const scan = new LocScan();
      scans.push(readCoreLocScan(r.words, i, scan) ? scan : null);
    }
  }, 0);
  reader.watchText('loc');
  reader.push(encoder.encode(xml), true);
  return scans;
}
