// Structure-aware mutation of the vendored corpus (test/corpus/, provenance in its MANIFEST.tsv):
// byte flips, span insert/delete/duplicate, splices, truncation; XML constructs (DOCTYPE and
// entities, CDATA, comments, PIs, deep nesting, huge attributes and attribute counts, bad
// character references, long names and namespace URIs); bad and overlong UTF-8, UTF-16/32 with
// and without BOM, declared encodings; damaged and concatenated gzip members, gzip of gzip.
// Every mutation is a pure function of the random generator it is given.

import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const encoder = new TextEncoder();
const bytesOf = (text) => encoder.encode(text);

function concat(...parts) {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) { out.set(part, at); at += part.length; }
  return out;
}

/** Largest seed kept whole; longer corpus files are cut to their head and tail (mutants stay small and fast). */
const MAX_SEED_BYTES = 6000;
const ENTRY_ENDS = ['</url>', '</sitemap>', '</item>', '</entry>'];

/** A corpus file cut to ~3 KB: its head up to the end of an entry, then its tail from the last entry end on (a complete document when the file was one). */
function shortened(bytes) {
  if (bytes.length <= MAX_SEED_BYTES) return bytes;
  const latin = Buffer.from(bytes).toString('latin1');
  for (const end of ENTRY_ENDS) {
    const head = latin.indexOf(end, 2500);
    const last = latin.lastIndexOf(end);
    if (head > 0 && head < 5000 && last > head) return concat(bytes.subarray(0, head + end.length), bytes.subarray(last + end.length));
  }
  const newline = latin.indexOf('\n', 2500);
  return bytes.subarray(0, newline > 0 && newline < 5000 ? newline + 1 : 3000);
}

/**
 * The corpus files as mutation seeds, by the API that reads them (`xml`, `feed`, `text`, `robots`).
 *
 * @example
 * const seeds = loadSeeds('/path/to/checkout'); seeds.xml.length > 40; // true
 */
export function loadSeeds(repositoryRoot) {
  const corpus = join(repositoryRoot, 'test', 'corpus');
  const rows = readFileSync(join(corpus, 'MANIFEST.tsv'), 'utf8').trim().split('\n').slice(1).map((line) => line.split('\t'));
  const seeds = { xml: [], feed: [], text: [], robots: [] };
  for (const [file, , , , category] of rows) {
    const api = category === 'feed' ? 'feed' : category === 'text' ? 'text' : category === 'robots' ? 'robots' : 'xml';
    seeds[api].push({ name: file, bytes: shortened(new Uint8Array(readFileSync(join(corpus, file)))) });
  }
  return seeds;
}

// ------------------------------------------------------------------------------ byte mutations

const INTERESTING_BYTES = [0x00, 0x09, 0x0a, 0x0d, 0x20, 0x22, 0x26, 0x27, 0x2d, 0x2f, 0x3c, 0x3d, 0x3e, 0x3f, 0x5d, 0x21, 0x23, 0x3b, 0x7f, 0x80, 0xbf, 0xc0, 0xc3, 0xe2, 0xed, 0xef, 0xf0, 0xf4, 0xf5, 0xfe, 0xff];
const TOKENS = ['<', '>', '</', '/>', '&', ';', '&amp;', '&lt;', '&#', '&#x', '"', "'", '=', ']]>', '<![CDATA[', '<!--', '-->', '--', '<?', '?>', '<!', 'xmlns', 'xmlns:', ':', '<url>', '</url>', '<loc>', '</loc>',
  '<sitemap>', '</sitemap>', '<urlset>', '</urlset>', 'https://', '\r\n', '\r', '\n', '\ufeff', '<?xml version="1.0"?>', '<!DOCTYPE x>', ' a="1"', '<lastmod>', '</lastmod>', '<priority>0.5</priority>',
  '<image:image><image:loc>https://e.com/i.png</image:loc></image:image>', '<xhtml:link rel="alternate" hreflang="en" href="https://e.com/"/>', 'Sitemap: ', 'https://example.com/sitemap.xml'];

function randomBytes(pick, length) {
  const out = new Uint8Array(length);
  for (let i = 0; i < length; i++) out[i] = pick.chance(0.5) ? pick.oneOf(INTERESTING_BYTES) : pick.integer(0, 255);
  return out;
}

/** A position just after a `>` (between tags), or anywhere when there is none. */
function tagBoundary(pick, bytes) {
  for (let tries = 0; tries < 8; tries++) {
    const at = pick.integer(0, bytes.length);
    if (at === 0 || bytes[at - 1] === 0x3e) return at;
  }
  return pick.integer(0, bytes.length);
}

/** A position just before the first `>` of the root's start tag (to add attributes), or -1. */
function rootTagEnd(bytes) {
  for (let i = 0; i + 1 < bytes.length; i++) {
    if (bytes[i] === 0x3c && bytes[i + 1] !== 0x3f && bytes[i + 1] !== 0x21) {
      const end = bytes.indexOf(0x3e, i);
      return end < 0 ? -1 : bytes[end - 1] === 0x2f ? end - 1 : end;
    }
  }
  return -1;
}

const insertAt = (bytes, at, piece) => concat(bytes.subarray(0, at), piece, bytes.subarray(at));

const BYTE_MUTATIONS = {
  flipBit: (pick, bytes) => { if (!bytes.length) return bytes; const out = bytes.slice(); out[pick.integer(0, out.length - 1)] ^= 1 << pick.integer(0, 7); return out; },
  setByte: (pick, bytes) => { if (!bytes.length) return bytes; const out = bytes.slice(); out[pick.integer(0, out.length - 1)] = pick.oneOf(INTERESTING_BYTES); return out; },
  insertBytes: (pick, bytes) => insertAt(bytes, pick.integer(0, bytes.length), randomBytes(pick, pick.skewed(16) + 1)),
  insertToken: (pick, bytes) => insertAt(bytes, pick.integer(0, bytes.length), bytesOf(pick.oneOf(TOKENS))),
  deleteSpan: (pick, bytes) => { const at = pick.integer(0, bytes.length); return concat(bytes.subarray(0, at), bytes.subarray(Math.min(bytes.length, at + pick.skewed(256) + 1))); },
  duplicateSpan: (pick, bytes) => {
    const at = pick.integer(0, bytes.length); const span = bytes.subarray(at, at + pick.skewed(512) + 1);
    let out = insertAt(bytes, at, span);
    for (let copies = pick.skewed(8); copies > 1; copies--) out = insertAt(out, at, span);
    return out;
  },
  truncate: (pick, bytes) => bytes.subarray(0, pick.integer(0, bytes.length)),
  /** A short span (or a token) repeated up to ~100 KB: long lines, runs of white space, of PIs, of references. */
  repeatSpan: (pick, bytes) => {
    const at = pick.integer(0, bytes.length);
    const span = pick.chance(0.5) && bytes.length ? bytes.subarray(at, at + pick.integer(1, 8)) : bytesOf(pick.oneOf([' ', '\t', '<?a?>', '&amp;', 'a', '/', '%', '\r', '<a>', '<!---->', ':', '#']));
    if (span.length === 0) return bytes;
    const copies = Math.ceil(pick.skewed(100_000) / span.length);
    const run = new Uint8Array(span.length * copies);
    for (let i = 0; i < copies; i++) run.set(span, i * span.length);
    return insertAt(bytes, at, run);
  },
};

// ------------------------------------------------------------------------------- XML constructs

const CONSTRUCTS = [
  (pick) => `<![CDATA[${'x'.repeat(pick.skewed(5000))}${pick.oneOf(['', ']]', ']', ']]]]><![CDATA[>'])}]]>`,
  (pick) => `<!--${pick.oneOf(['', ' c ', '-', ' -- ', 'x'.repeat(pick.skewed(5000))])}-->`,
  (pick) => `<?${pick.oneOf(['pi', 'xml', 'XmL', 'a', '', 'xml-stylesheet'])}${pick.oneOf(['', ' data', ' ?', '?'.repeat(pick.skewed(20)), ' ' + 'd'.repeat(pick.skewed(5000))])}?>`,
  (pick) => { const depth = pick.skewed(3000); return '<a>'.repeat(depth) + (pick.chance(0.8) ? '</a>'.repeat(depth) : ''); },
  (pick) => `<x ${pick.oneOf(['a', 'xmlns:p', 'p:a', 'xml:lang'])}="${pick.oneOf(['v', '&amp;', '<', '&#0;', '"', "'"]).repeat(pick.skewed(20000))}"/>`,
  (pick) => `<x ${Array.from({ length: pick.skewed(3000) }, (_, i) => `a${i}="${i}"`).join(' ')}/>`,
  (pick) => `<x ${Array.from({ length: pick.skewed(200) }, (_, i) => `xmlns:n${i}="urn:n${i}"`).join(' ')}/>`,
  (pick) => pick.oneOf(['&#0;', '&#xD800;', '&#x110000;', '&#;', '&#x;', '&#65', '&#0000000065;', '&#x' + '0'.repeat(pick.skewed(100)) + '41;', '&#99999999999;', '&#xFFFE;', '&#9;', '&#x1F600;', '&amp', '&unknown;', '&lt;'.repeat(pick.skewed(3000))]),
  (pick) => { const name = 'n'.repeat(pick.skewed(20000) + 1); return `<${name}>x</${name}>`; },
  (pick) => `<p:x xmlns:p="urn:${'u'.repeat(pick.skewed(200000))}"/>`,
  (pick) => `<loc>https://example.com/${'a'.repeat(pick.skewed(20000))}</loc>`,
  (pick) => pick.oneOf(['</url>', '</urlset>', '<url>', '<url><loc>https://e.com/</loc>', '</loc>', '<loc>', '<sitemap>', '</x>', '<a:b>', 'xmlns=""', '<xmlns:a/>']),
];
const DOCTYPES = ['<!DOCTYPE urlset>', '<!DOCTYPE urlset SYSTEM "file:///etc/passwd">', '<!DOCTYPE urlset [<!ENTITY e "entity">]>', '<!DOCTYPE urlset [<!ENTITY % p "x"> %p;]>',
  `<!DOCTYPE lolz [<!ENTITY lol "lol">${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i || ''};`.repeat(10)}">`).join('')}]>`, '<!DOCTYPE urlset [<!ELEMENT urlset ANY>]>', '<!DOCTYPE'];

const CONSTRUCT_MUTATIONS = {
  construct: (pick, bytes) => insertAt(bytes, tagBoundary(pick, bytes), bytesOf(pick.oneOf(CONSTRUCTS)(pick))),
  doctype: (pick, bytes) => {
    const latin = Buffer.from(bytes.subarray(0, 200)).toString('latin1');
    const afterDeclaration = latin.startsWith('<?xml') ? latin.indexOf('?>') + 2 : 0;
    let out = insertAt(bytes, Math.max(0, afterDeclaration), bytesOf(pick.oneOf(DOCTYPES)));
    if (pick.chance(0.5)) out = insertAt(out, tagBoundary(pick, out), bytesOf(pick.oneOf(['&e;', '&lol9;', '&p;', '%p;'])));
    return out;
  },
  rootAttributes: (pick, bytes) => {
    const at = rootTagEnd(bytes);
    if (at < 0) return bytes;
    const piece = pick.oneOf([
      () => Array.from({ length: pick.skewed(3000) }, (_, i) => ` a${i}="${i}"`).join(''),
      () => ` a="${'v'.repeat(pick.skewed(100000))}"`,
      () => ` xmlns:p${pick.integer(0, 9)}="${pick.oneOf(['', 'urn:x', 'http://www.w3.org/XML/1998/namespace', 'http://www.w3.org/2000/xmlns/', 'x'.repeat(pick.skewed(200000))])}"`,
      () => pick.oneOf([' xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"', ' xmlns="urn:other"', ' a="1" a="2"', ' a=1', ' a', ' =', ' xml:lang="en"', ' p:a="1"', ' xmlns:xmlns="urn:x"']),
    ])();
    return insertAt(bytes, at, bytesOf(piece));
  },
  badUtf8: (pick, bytes) => insertAt(bytes, pick.integer(0, bytes.length), new Uint8Array(pick.oneOf([
    [0x80], [0xbf], [0xc0, 0xaf], [0xc1, 0xbf], [0xe0, 0x80, 0xaf], [0xf0, 0x80, 0x80, 0xaf], [0xed, 0xa0, 0x80], [0xed, 0xbf, 0xbf], [0xf4, 0x90, 0x80, 0x80], [0xf5, 0x80, 0x80, 0x80],
    [0xc3], [0xe2, 0x82], [0xf0, 0x9f, 0x98], [0xfe], [0xff], [0xef, 0xbf, 0xbe], [0xef, 0xbf, 0xbf], [0xc2, 0x85], [0xe2, 0x80, 0xa8], [0xef, 0xbb, 0xbf],
  ]))),
};

// ------------------------------------------------------------------------------------ encodings

function utf16(text, littleEndian) {
  const out = new Uint8Array(text.length * 2);
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    out[2 * i + (littleEndian ? 0 : 1)] = unit & 0xff;
    out[2 * i + (littleEndian ? 1 : 0)] = unit >> 8;
  }
  return out;
}
function utf32(text, littleEndian) {
  const points = [...text].map((c) => c.codePointAt(0));
  const out = new Uint8Array(points.length * 4);
  const view = new DataView(out.buffer);
  points.forEach((point, i) => view.setUint32(4 * i, point, littleEndian));
  return out;
}
const DECLARED = ['UTF-8', 'utf-8', 'UTF-16', 'UTF-16LE', 'UTF-16BE', 'ISO-8859-1', 'latin1', 'windows-1252', 'Shift_JIS', 'GB2312', 'EUC-JP', 'UTF-32', 'US-ASCII', 'bogus', '', 'UTF 8', 'UTF-7', 'x-user-defined', 'replacement'];
const stripBom = (text) => (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);

const ENCODING_MUTATIONS = {
  /** Re-encodes the whole document: UTF-16 or UTF-32, either byte order, with or without a BOM. */
  reencode: (pick, bytes) => {
    const text = stripBom(new TextDecoder('utf-8').decode(bytes));
    const bom = pick.chance(0.5) ? '\ufeff' : '';
    const little = pick.chance(0.5);
    return pick.chance(0.75) ? utf16(bom + text, little) : utf32(bom + text, little);
  },
  /** Declares an encoding (replacing the declaration, or adding one), sometimes with a BOM that contradicts it. */
  declareEncoding: (pick, bytes) => {
    let text = Buffer.from(bytes).toString('latin1');
    const hadBom = text.startsWith('\xef\xbb\xbf');
    if (hadBom) text = text.slice(3);
    const declaration = `<?xml version="1.0" encoding="${pick.oneOf(DECLARED)}"?>`;
    text = text.startsWith('<?xml') && text.includes('?>') ? declaration + text.slice(text.indexOf('?>') + 2) : declaration + text;
    const withBom = pick.chance(0.3) ? !hadBom : hadBom;
    return concat(withBom ? new Uint8Array([0xef, 0xbb, 0xbf]) : new Uint8Array(0), new Uint8Array(Buffer.from(text, 'latin1')));
  },
  /** Latin-1 bytes (é as one byte 0xE9) where UTF-8 is expected. */
  latin1Text: (pick, bytes) => insertAt(bytes, tagBoundary(pick, bytes), new Uint8Array([0xe9, 0x20, 0xfc])),
  /** The XML declaration's version or other pseudo-attributes. */
  declaration: (pick, bytes) => {
    const text = Buffer.from(bytes).toString('latin1');
    const rest = text.startsWith('<?xml') && text.includes('?>') ? text.slice(text.indexOf('?>') + 2) : text;
    const declaration = pick.oneOf(['<?xml version="abc"?>', '<?xml version="1.0 <x> anything"?>', '<?xml version="1.1"?>', '<?xml version="2.0"?>', '<?xml version=""?>', '<?xml?>', '<?xml version="1.0" encoding="UTF 8"?>',
      '<?xml version="1.0" encoding=""?>', '<?xml version="1.0" standalone="no"?>', '<?xml version="1.0" standalone="x"?>', '<?xml encoding="UTF-8" version="1.0"?>', '<?xml version="1.0"encoding="UTF-8"?>', '<?xml version = "1.0" ?>', ' <?xml version="1.0"?>', '<?XML version="1.0"?>']);
    return new Uint8Array(Buffer.from(declaration + rest, 'latin1'));
  },
};

// ----------------------------------------------------------------------------------------- gzip

const GZIP_MUTATIONS = {
  gzip: (pick, bytes) => new Uint8Array(gzipSync(bytes, { level: pick.integer(0, 9) })),
  gzipOfGzip: (pick, bytes) => new Uint8Array(gzipSync(gzipSync(bytes))),
  damagedCrc: (pick, bytes) => { const out = new Uint8Array(gzipSync(bytes)); out[out.length - 8 + pick.integer(0, 3)] ^= 0xff; return out; },
  damagedLength: (pick, bytes) => { const out = new Uint8Array(gzipSync(bytes)); out[out.length - 4 + pick.integer(0, 3)] ^= 1 << pick.integer(0, 7); return out; },
  trailingBytes: (pick, bytes) => concat(new Uint8Array(gzipSync(bytes)), pick.chance(0.5) ? new Uint8Array(pick.skewed(64) + 1) : randomBytes(pick, pick.skewed(16) + 1)),
  truncatedGzip: (pick, bytes) => { const out = new Uint8Array(gzipSync(bytes)); return out.subarray(0, pick.integer(2, out.length - 1)); },
  concatenatedMembers: (pick, bytes) => { const at = pick.integer(0, bytes.length); return concat(new Uint8Array(gzipSync(bytes.subarray(0, at))), new Uint8Array(gzipSync(bytes.subarray(at)))); },
  damagedDeflate: (pick, bytes) => { const out = new Uint8Array(gzipSync(bytes)); if (out.length > 20) out[pick.integer(10, out.length - 9)] ^= 1 << pick.integer(0, 7); return out; },
  damagedHeader: (pick, bytes) => { const out = new Uint8Array(gzipSync(bytes)); out[pick.integer(2, 9)] = pick.integer(0, 255); return out; },
};

const FAMILIES = [
  [BYTE_MUTATIONS, 6], [CONSTRUCT_MUTATIONS, 4], [ENCODING_MUTATIONS, 2],
];
const familyTotal = FAMILIES.reduce((sum, [, weight]) => sum + weight, 0);

function pickMutation(pick) {
  let roll = pick.random() * familyTotal;
  for (const [family, weight] of FAMILIES) {
    roll -= weight;
    if (roll < 0) { const name = pick.oneOf(Object.keys(family)); return [name, family[name]]; }
  }
  return ['flipBit', BYTE_MUTATIONS.flipBit];
}

/**
 * Mutates `bytes` with 1–4 mutations and, one time in eight, gzip damage last; another seed may
 * be spliced in. Returns the bytes and the names of the mutations applied.
 *
 * @example
 * const { bytes, applied } = mutate(randomHelpers(seededRandom(7)), seedBytes, otherSeeds);
 */
export function mutate(pick, bytes, others = []) {
  const applied = [];
  let out = bytes;
  if (others.length && pick.chance(0.1)) {
    const other = pick.oneOf(others).bytes;
    const at = pick.integer(0, out.length);
    const from = pick.integer(0, other.length);
    out = concat(out.subarray(0, at), other.subarray(from, from + pick.skewed(2000)), out.subarray(at));
    applied.push('splice');
  }
  for (let count = pick.integer(1, 4); count > 0; count--) {
    const [name, mutation] = pickMutation(pick);
    out = mutation(pick, out);
    applied.push(name);
  }
  if (pick.chance(0.125)) {
    const name = pick.oneOf(Object.keys(GZIP_MUTATIONS));
    out = GZIP_MUTATIONS[name](pick, out);
    applied.push(name);
  }
  return { bytes: out, applied };
}
