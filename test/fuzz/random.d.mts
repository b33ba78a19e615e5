// Types of random.mjs (the fuzzer's seeded randomness), for the TypeScript tests that share it.

/** A generator of floats in [0, 1) from a 32-bit seed (mulberry32). */
export function seededRandom(seed: number): () => number;

/** The 32-bit seed of input `index` of a run seeded `seed`. */
export function seedOfInput(seed: number, index: number): number;

/** Helpers over one generator: integers, picks, chances. */
export function randomHelpers(random: () => number): {
  random: () => number;
  integer(min: number, max: number): number;
  chance(probability: number): boolean;
  oneOf<T>(list: readonly T[]): T;
  skewed(max: number): number;
};
