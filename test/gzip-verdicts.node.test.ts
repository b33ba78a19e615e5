// gzip-verdicts.test.ts through the Node entry, whose gunzip is zlib (src/index.node.ts): zlib
// reads on past trailing zero bytes without a word, and must give the verdict every other reader gives.

import { describe, it } from 'vitest';
import * as api from '../src/index.node';
import { DAMAGED_DEFLATE_5538, damagedDeflateSitemap, damagedShapes, expectDamagedDeflateKeptAlike, expectHeaderRefused, expectOneStreamVerdict, expectOneSyncVerdict, reservedFlagShapes } from './fixtures/gzip-damage';

describe('damaged or padded gzip through zlib: the same verdict', () => {
  for (const { name, bytes, locs } of damagedShapes(3000)) {
    it(`${name}: parse, recover, validate, gunzip, parseStream`, async () => {
      expectOneSyncVerdict(api, bytes, locs);
      await expectOneStreamVerdict(api, bytes, locs, 7);
    });
  }

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
});
