/** A source of uniform random numbers in [0, 1); inject one so runs are reproducible. */
export type RandomSource = () => number;

/**
 * A seeded `RandomSource` (mulberry32): small, fast and good enough for sampling and bootstraps;
 * the same seed always gives the same sequence.
 */
export function createSeededRandom(seed: number): RandomSource {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
