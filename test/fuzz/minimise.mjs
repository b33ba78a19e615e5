// Minimising a failing input: a byte delta debugger (Zeller's ddmin: drop ever smaller chunks
// while the failure stays) for byte inputs, and fast-check's shrinking for generated entries.

import fc from 'fast-check';
import { roundTripEntries } from './generate.mjs';

/**
 * The smallest bytes found for which `stillFails(bytes)` (async) holds, starting from `bytes`
 * (which must fail). Stops after `maxTests` tests or `maxMilliseconds`.
 *
 * @example
 * const small = await minimiseBytes(bytes, async (candidate) => (await check(candidate)).failed);
 */
export async function minimiseBytes(bytes, stillFails, { maxTests = 3000, maxMilliseconds = 60_000 } = {}) {
  const deadline = Date.now() + maxMilliseconds;
  let tests = 0;
  let current = bytes;
  let parts = 2;
  const budgetLeft = () => tests < maxTests && Date.now() < deadline;
  while (current.length >= 2 && budgetLeft()) {
    const chunk = Math.ceil(current.length / parts);
    let reduced = false;
    for (let start = 0; start < current.length && budgetLeft(); start += chunk) {
      const candidate = new Uint8Array(current.length - Math.min(chunk, current.length - start));
      candidate.set(current.subarray(0, start));
      candidate.set(current.subarray(start + chunk), start);
      tests++;
      if (await stillFails(candidate)) {
        current = candidate;
        parts = Math.max(parts - 1, 2);
        reduced = true;
        break;
      }
    }
    if (!reduced) {
      if (chunk <= 1) break;
      parts = Math.min(parts * 2, current.length);
    }
  }
  // Then try replacing each remaining byte by a plainer one ('a'), which makes the rest readable.
  for (let i = 0; i < current.length && budgetLeft(); i++) {
    if (current[i] === 0x61 || current[i] === 0x3c || current[i] === 0x3e) continue;
    const candidate = current.slice();
    candidate[i] = 0x61;
    tests++;
    if (await stillFails(candidate)) current = candidate;
  }
  return current;
}

/**
 * Shrinks generated round-trip entries with fast-check from the entries of `inputSeed`: returns
 * the smallest counterexample for which `stillFails(entries)` (async) holds.
 *
 * @example
 * const entries = await minimiseEntries(input.inputSeed, async (candidate) => (await check(candidate)).failed);
 */
export async function minimiseEntries(inputSeed, stillFails) {
  const result = await fc.check(fc.asyncProperty(roundTripEntries, async (entries) => !(await stillFails(entries))), { seed: inputSeed, numRuns: 1, endOnFailure: false });
  return result.failed ? result.counterexample[0] : null;
}
