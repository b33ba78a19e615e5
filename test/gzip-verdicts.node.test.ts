// gzip-verdicts.test.ts through the Node entry, whose gunzip is zlib (src/index.node.ts): zlib
// reads on past trailing zero bytes without a word, and must give the verdict every other reader gives.

import { describe, it } from 'vitest';
import * as api from '../src/index.node';
import { damagedShapes, expectOneStreamVerdict, expectOneSyncVerdict } from './fixtures/gzip-damage';

describe('damaged or padded gzip through zlib: the same verdict', () => {
  for (const { name, bytes, locs } of damagedShapes(3000)) {
    it(`${name}: parse, recover, validate, gunzip, parseStream`, async () => {
      expectOneSyncVerdict(api, bytes, locs);
      await expectOneStreamVerdict(api, bytes, locs, 7);
    });
  }
});
