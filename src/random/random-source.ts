import { InvalidArgumentError } from '../errors/invalid-argument-error.js';

/** A source of uniform random numbers in [0, 1); inject one so runs are reproducible. */
export type RandomSource = () => number;

/**
 * A seeded `RandomSource` (mulberry32): small, fast and good enough for sampling and bootstraps;
 * the same seed always gives the same sequence. The seed must be an integer (it is taken modulo 2^32): anything else
 * throws an `InvalidArgumentError` naming `seed`, checked once here so the draws stay as cheap as before.
 */
export function createSeededRandom(seed: number): RandomSource {
  // `'apple' >>> 0` and `NaN >>> 0` are 0 and `1.5 >>> 0` is 1: without the check they silently replay another seed.
  if (!Number.isInteger(seed))
    throw new InvalidArgumentError({ argument: 'seed', reason: `expected an integer, received ${describeSeed(seed)}` });
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The bad seed as a message shows it: numbers and strings by value, anything else by type. */
function describeSeed(seed: unknown): string {
  if (typeof seed === 'number') return String(seed);
  if (typeof seed === 'string') return JSON.stringify(seed);
  return seed === null ? 'null' : Array.isArray(seed) ? 'an array' : typeof seed;
}
