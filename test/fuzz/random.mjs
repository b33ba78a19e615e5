// Seeded randomness for the fuzzer: every input is a pure function of (seed, index), so any
// failure is reproduced by `npm run fuzz -- --seed S --replay INDEX`. Mulberry32 (public domain).

/**
 * A generator of floats in [0, 1) from a 32-bit seed.
 *
 * @example
 * const random = seededRandom(42); random(); // 0.6011037519201636
 */
export function seededRandom(seed) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The 32-bit seed of input `index` of a run seeded `seed` (inputs are independent of each other,
 * so one can be replayed without the ones before it).
 *
 * @example
 * seedOfInput(1, 0) !== seedOfInput(1, 1); // true
 */
export function seedOfInput(seed, index) {
  let h = Math.imul((seed >>> 0) ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(index >>> 0, 0xc2b2ae35);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  return (h ^ (h >>> 16)) >>> 0;
}

/**
 * Helpers over one generator: integers, picks, chances.
 *
 * @example
 * const pick = randomHelpers(seededRandom(1)); pick.integer(0, 9); pick.oneOf(['a', 'b']);
 */
export function randomHelpers(random) {
  const integer = (min, max) => min + Math.floor(random() * (max - min + 1));
  return {
    random,
    integer,
    chance: (probability) => random() < probability,
    oneOf: (list) => list[Math.floor(random() * list.length)],
    /** Sizes that are mostly small with a long tail (1, 2, 4 … up to max), for lengths and counts. */
    skewed: (max) => Math.min(max, Math.floor(2 ** (random() * Math.log2(max + 1)))),
  };
}
