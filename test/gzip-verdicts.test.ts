// One verdict on damaged and padded gzip in every API (issue #22 items 7 and 8): a CRC-32 or size
// that does not match what the member inflates to, and bytes after the last member (trailing zero
// bytes included: RFC 1952 §2.2, a gzip file is a series of members), are GZIP_INVALID at 1:1 in
// parse, validate, gunzip and the streams; recover mode keeps every URL and reports it. The
// portable build (fflate, the runtime's DecompressionStream); gzip-verdicts.node.test.ts runs the
// same through the Node entry (zlib). Shared: Node and Chromium.

import { gzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index';
import { DAMAGED_DEFLATE_5538, damagedDeflateSitemap, damagedShapes, expectDamagedDeflateKeptAlike, expectHeaderRefused, expectOneStreamVerdict, expectOneSyncVerdict, reservedFlagShapes, intactTwoMembers } from './fixtures/gzip-damage';

describe('damaged or padded gzip: one verdict', () => {
  // 3 URLs: the whole document comes with the damage; 3,000 URLs: inflated in several chunks.
  for (const count of [3, 3000]) {
    for (const { name, bytes, locs } of damagedShapes(count)) {
      it(`${name}, ${count} URLs: parse, recover, validate, gunzip`, () => {
        expectOneSyncVerdict(api, bytes, locs);
      });

      it(`${name}, ${count} URLs: parseStream, strict and recover, both gunzips`, async () => {
        await expectOneStreamVerdict(api, bytes, locs, count);
      });
    }
  }

  it('two intact members are read without a word, everywhere', async () => {
    const { bytes, locs } = intactTwoMembers(3000);
    const parsed = api.parse(bytes);
    expect(parsed.kind === 'urlset' && parsed.urls.map((url) => url.loc)).toEqual(locs);
    expect(api.validate(bytes).issues.filter((issue) => issue.code === 'GZIP_INVALID')).toEqual([]);
    for (const recover of [false, true]) {
      const seen: string[] = [];
      const stream = api.parseStream([bytes.subarray(0, 777), bytes.subarray(777)], { recover });
      for await (const entry of stream) seen.push(entry.loc);
      expect(seen).toEqual(locs);
      expect(stream.issues).toEqual([]);
    }
  });

  // RFC 1952 §2.3.1: a reader must give an error for a reserved bit set; zlib did, fflate read on (#22 item 7).
  for (const { name, bytes } of reservedFlagShapes(3000)) {
    it(`${name}: GZIP_INVALID from parse, recover, validate, gunzip and parseStream, nothing kept`, async () => {
      await expectHeaderRefused(api, bytes, 11);
    });
  }

  it('damaged deflate data, recover: parseStream keeps what parse keeps, whatever the chunks (#22 item 7)', async () => {
    await expectDamagedDeflateKeptAlike(api, DAMAGED_DEFLATE_5538);
    await expectDamagedDeflateKeptAlike(api, damagedDeflateSitemap(), 1000);
  });

  it('gzip of an empty document followed by other bytes: GZIP_INVALID in every mode (#22 item 8)', async () => {
    const empty = gzipSync(new Uint8Array(0), { mtime: 0 });
    for (const tail of [Uint8Array.of(0x61, 0x61, 0x61), new Uint8Array(13)]) {
      const bytes = new Uint8Array([...empty, ...tail]);
      expect(() => api.parse(bytes)).toThrow(expect.objectContaining({ code: 'GZIP_INVALID' }));
      expect(api.parse(bytes, { recover: true }).issues.map((issue) => issue.code)).toContain('GZIP_INVALID');
      expect(api.validate(bytes).issues.map((issue) => issue.code)).toContain('GZIP_INVALID');
      const stream = api.parseStream([bytes], { recover: true });
      for await (const entry of stream) expect(entry).toBeUndefined();
      expect(stream.issues.map((issue) => issue.code)).toContain('GZIP_INVALID');
    }
  });
});
