import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BodenError, createSeededRandom, InvalidArgumentError } from '../../src/index.js';

const draws = (seed: number, count = 5): number[] => {
  const random = createSeededRandom(seed);
  return Array.from({ length: count }, () => random());
};

describe('createSeededRandom', () => {
  it('gives the same stream for the same integer seed, and another for another seed', () => {
    expect(draws(7)).toEqual(draws(7));
    expect(draws(7)).not.toEqual(draws(8));
    for (const value of draws(7, 100)) expect(value >= 0 && value < 1).toBe(true);
  });

  it('takes any integer, modulo 2^32, as before', () => {
    expect(draws(-1)).toEqual(draws(2 ** 32 - 1));
    expect(draws(2 ** 32 + 5)).toEqual(draws(5));
  });

  it('throws an InvalidArgumentError naming seed for a seed that is not an integer, instead of replaying another seed', () => {
    // 'apple' >>> 0, NaN >>> 0 and Infinity >>> 0 are all 0: each silently gave seed 0's stream.
    const bad: unknown[] = [
      'apple',
      '7',
      Number.NaN,
      Number.POSITIVE_INFINITY,
      Number.NEGATIVE_INFINITY,
      1.5,
      null,
      undefined,
      [3],
      { seed: 3 },
      true,
      3n,
    ];
    for (const seed of bad) {
      const call = () => createSeededRandom(seed as number);
      expect(call).toThrow(InvalidArgumentError);
      expect(call).toThrow(/invalid argument seed: expected an integer, received /);
    }
    expect(() => createSeededRandom('apple' as unknown as number)).toThrow('received "apple"');
  });

  it('never gives a stream for a non-integer seed (property)', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.double().filter((value) => !Number.isInteger(value)),
          fc.constant(null),
          fc.array(fc.integer()),
          fc.object(),
          fc.boolean(),
        ),
        (seed) => {
          try {
            createSeededRandom(seed as number);
            return false;
          } catch (error) {
            return BodenError.isInstance(error) && InvalidArgumentError.isInstance(error) && error.argument === 'seed';
          }
        },
      ),
      { seed: 36_036, numRuns: 300 },
    );
  });
});
