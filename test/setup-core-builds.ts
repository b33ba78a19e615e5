// Vitest setup file (vitest.config.ts, both projects): loads the scalar build of the core before
// each test file, so the tests that compare the SIMD and scalar builds can switch synchronously
// with loadBuildForTesting. The packages' entries load it only where SIMD is missing (src/core-binary.ts).

import { prepareBuildsForTesting } from '../src/wasm';

await prepareBuildsForTesting();
