// The token record layout crosses the WASM boundary as numbers only, so the facade mirrors the
// core's enums (assembly/tokenizer.ts ↔ src/core/xml-reader.ts). This reads both sources and checks
// that every mirrored enum has the same members with the same values. Node-only: reads files.

import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';

type EnumMembers = Record<string, number>;

/** The members of `[export] const enum NAME { … }` in a source file, with their numbers. */
async function readEnum(file: string, name: string): Promise<EnumMembers> {
  const source = await readFile(new URL(`../${file}`, import.meta.url), 'utf8');
  const body = new RegExp(`(?:export\\s+)?const\\s+enum\\s+${name}\\s*\\{([^}]*)\\}`).exec(source)?.[1];
  if (body === undefined) throw new Error(`${file} has no const enum ${name}`);
  const members: EnumMembers = {};
  for (const line of body.replace(/\/\*[\s\S]*?\*\//g, '').split('\n')) {
    const text = line.replace(/\/\/.*$/, '').trim();
    if (!text) continue;
    const match = /^([A-Za-z]\w*)\s*=\s*(\d+)\s*,?$/.exec(text);
    if (!match) throw new Error(`${file} ${name}: cannot read "${text}" (members need explicit numbers)`);
    members[match[1]!] = Number(match[2]);
  }
  return members;
}

const MIRRORS: Array<[core: string, facade: string, coreFile?: string, facadeFile?: string]> = [
  ['TokenKind', 'TokenKind'],
  ['TokenFlag', 'TokenFlag'],
  ['Field', 'Field'],
  ['Status', 'Status'],
  ['ResetFlag', 'ReaderFlag'],
  ['LocFinding', 'LocFinding', 'assembly/loc-scan.ts', 'src/values/url-check.ts'],
  ['EntryFlag', 'EntryFlag', 'assembly/entries.ts'],
  ['EntryField', 'EntryField', 'assembly/entries.ts'],
];

describe('the token ABI: assembly/tokenizer.ts and src/core/xml-reader.ts agree', () => {
  for (const [core, facade, coreFile = 'assembly/tokenizer.ts', facadeFile = 'src/core/xml-reader.ts'] of MIRRORS) {
    it(`${core} (${coreFile}) = ${facade} (${facadeFile})`, async () => {
      const coreMembers = await readEnum(coreFile, core);
      const facadeMembers = await readEnum(facadeFile, facade);
      expect(Object.keys(coreMembers).length).toBeGreaterThan(1);
      expect(facadeMembers).toEqual(coreMembers);
    });
  }

  it('the record size matches (TOKEN_WORDS)', async () => {
    const core = await readFile(new URL('../assembly/tokenizer.ts', import.meta.url), 'utf8');
    const facade = await readFile(new URL('../src/core/xml-reader.ts', import.meta.url), 'utf8');
    const coreWords = Number(/const TOKEN_WORDS: i32 = (\d+);/.exec(core)?.[1]);
    const facadeWords = Number(/export const TOKEN_WORDS = (\d+);/.exec(facade)?.[1]);
    expect(coreWords).toBeGreaterThan(0);
    expect(facadeWords).toBe(coreWords);
  });

  it('the loc set keeps locs of the same length on both sides (LOC_SET_MAX_BYTES)', async () => {
    const core = await readFile(new URL('../assembly/loc-set.ts', import.meta.url), 'utf8');
    const facade = await readFile(new URL('../src/core/xml-reader.ts', import.meta.url), 'utf8');
    const coreBytes = Number(/export const LOC_SET_MAX_BYTES: i32 = (\d+);/.exec(core)?.[1]);
    expect(coreBytes).toBeGreaterThan(2048); // above the protocol's limit: only broken files pass it
    expect(Number(/export const LOC_SET_MAX_BYTES = (\d+);/.exec(facade)?.[1])).toBe(coreBytes);
  });

  it('the facade expects the ABI version the core exports', async () => {
    const core = await readFile(new URL('../assembly/errors.ts', import.meta.url), 'utf8');
    const facade = await readFile(new URL('../src/core/wasm.ts', import.meta.url), 'utf8');
    const coreVersion = Number(/export const ABI_VERSION: i32 = (\d+);/.exec(core)?.[1]);
    expect(coreVersion).toBeGreaterThan(0);
    expect(Number(/export const EXPECTED_ABI_VERSION = (\d+);/.exec(facade)?.[1])).toBe(coreVersion);
  });
});
