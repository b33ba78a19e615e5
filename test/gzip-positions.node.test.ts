// parse() through the Node entry, whose gunzip is zlib's (src/index.node.ts): its errors carry no
// position, and parse() gives them the ones the fflate path gives (src/input/input.ts prepareInput):
// damaged gzip at 1:1, offset 0 (as validate() has it), a bomb at the offset of the cap. They had
// come out at line 0, column 0, offset -1, outside the documented contract.

import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { parse, validate } from '../src/index.node';
import { thrownBy } from './fixtures';

const sitemap = new TextEncoder().encode('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://example.com/a</loc></url></urlset>');

describe('positions of gzip errors from parse() with zlib', () => {
  it('damaged or truncated gzip: GZIP_INVALID at 1:1, offset 0, thrown or as an issue, where validate() puts it', () => {
    const compressed = gzipSync(sitemap);
    for (const bytes of [new Uint8Array([...compressed, ...new TextEncoder().encode('junk')]), compressed.subarray(0, compressed.length - 9), compressed.subarray(0, 12)]) {
      const error = thrownBy(() => parse(bytes));
      expect({ code: error.code, line: error.line, column: error.column, offset: error.offset }).toEqual({ code: 'GZIP_INVALID', line: 1, column: 1, offset: 0 });
      expect(parse(bytes, { recover: true }).issues.filter((issue) => issue.code === 'GZIP_INVALID').map(({ line, column }) => ({ line, column }))).toEqual([{ line: 1, column: 1 }]);
      expect(validate(bytes).issues.filter((issue) => issue.code === 'GZIP_INVALID').map(({ line, column }) => ({ line, column }))).toEqual([{ line: 1, column: 1 }]);
    }
  });

  it('a gzip bomb: INPUT_TOO_LARGE at the offset of the cap (line and column unknown: 0)', () => {
    const bomb = gzipSync(new Uint8Array(8 << 20));
    for (const recover of [false, true]) {
      const error = thrownBy(() => parse(bomb, { maxBytes: 1 << 20, recover }));
      expect({ code: error.code, line: error.line, column: error.column, offset: error.offset }).toEqual({ code: 'INPUT_TOO_LARGE', line: 0, column: 0, offset: 1 << 20 });
    }
  });
});
