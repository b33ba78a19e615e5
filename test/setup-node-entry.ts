// Vitest setup file of the `node-entry` project (vitest.config.ts): loads the package's Node entry,
// whose top level installs its Node parts (node:http(s) for the crawl's requests, zlib's gunzip,
// Buffer's string decoding) into the modules the test file then imports from src/index.ts.

import '../src/index.node';
