// Checks test/fixtures.ts hands every test the exact bytes of a corpus file in both projects
// (no BOM stripping, no CRLF rewriting, no charset conversion): sizes and SHA-256 from MANIFEST.tsv.

import { describe, expect, it } from 'vitest';
import { loadCorpusFile, loadCorpusManifest, loadRepositoryFile, sha256Hex } from './fixtures';

// Copied from MANIFEST.tsv, so a wrong reader and a wrong manifest parser cannot agree by accident.
const expected = [
  // UTF-8 BOM at the start: a text decoder in the way would drop 3 bytes.
  { file: 'urlset/aspnet-bom-1566.xml', bytes: 111_494, sha256: '4a707bdc4dad41590b3dfdb9864188c06f61ffe63450ab16676770ddd01a0a50' },
  // CRLF line ends.
  { file: 'urlset/xmlsitemaps-crlf-24.xml', bytes: 4_458, sha256: '91b2e3d68689c6c73899b06ccf4a11cd128b66eac3858d9a3c0a601f15aa1202' },
  // GB2312 bytes that are not valid UTF-8.
  { file: 'odd/gb2312-custom-sitemap-format.xml', bytes: 3_335, sha256: '0338bae86e41f27d9de6c81fb307d526b2263556ea58af42f5079318e649b1cb' },
];

describe('loadCorpusFile', () => {
  for (const { file, bytes, sha256 } of expected) {
    it(`returns the exact bytes of ${file}`, async () => {
      const content = await loadCorpusFile(file);
      expect(content).toBeInstanceOf(Uint8Array);
      expect(content.byteLength).toBe(bytes);
      expect(await sha256Hex(content)).toBe(sha256);
    });
  }

  it('rejects for a file that does not exist', async () => {
    await expect(loadCorpusFile('urlset/no-such-file.xml')).rejects.toThrow();
  });

  it('refuses paths that leave the corpus', async () => {
    await expect(loadCorpusFile('../main/package.json')).rejects.toThrow(/inside its root/);
  });
});

describe('loadCorpusManifest', () => {
  it('lists the same size and digest as the files', async () => {
    const manifest = await loadCorpusManifest();
    expect(manifest.length).toBeGreaterThan(70);
    for (const { file, bytes, sha256 } of expected) {
      expect(manifest.find((entry) => entry.file === file)).toMatchObject({ bytes, sha256 });
    }
  });
});

describe('loadRepositoryFile', () => {
  it('reads files of this repository', async () => {
    const packageJson = JSON.parse(new TextDecoder().decode(await loadRepositoryFile('package.json'))) as { name: string };
    expect(packageJson.name).toBe('sitemapkit');
  });
});
