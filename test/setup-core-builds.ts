// Vitest setup file (vitest.config.ts, both projects): loads the scalar build of the core before
// each test file, so the tests that compare the SIMD and scalar builds can switch synchronously
// with loadBuildForTesting. The packages' entries load it only where SIMD is missing (src/core/core-binary.ts).
// What this imports is loaded before a test file's vi.mock() calls, so a mock cannot reach it: keep
// the chain (src/core/wasm.ts, src/core/core-binary.ts, src/model/errors.ts) free of modules tests mock (fflate).

import { prepareBuildsForTesting } from '../src/core/wasm';

await prepareBuildsForTesting();
