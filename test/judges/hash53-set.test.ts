import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Hash53Set } from '../../src/judges/hash53-set.js';

// Hashes of the whole 53-bit range, and some that share their low 32 bits (the slot index) to force collisions.
const hash = fc.oneof(
  fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
  fc.integer({ min: 0, max: 7 }).map((high) => high * 2 ** 32 + 5),
  fc.integer({ min: 0, max: 40 }),
);

describe('Hash53Set', () => {
  it('answers has() and size like a Set<number> through growth and collisions', () => {
    fc.assert(
      fc.property(fc.array(hash, { maxLength: 300 }), fc.array(hash, { maxLength: 50 }), (added, probes) => {
        const set = new Hash53Set(4);
        const reference = new Set<number>();
        for (const value of added) {
          set.add(value);
          reference.add(value);
          expect(set.size).toBe(reference.size);
        }
        for (const value of [...added, ...probes]) expect(set.has(value)).toBe(reference.has(value));
      }),
      { numRuns: 500, seed: 20261203 },
    );
  });

  it('holds 0 and the largest safe integer', () => {
    const set = new Hash53Set();
    expect(set.has(0)).toBe(false);
    set.add(0);
    set.add(Number.MAX_SAFE_INTEGER);
    expect(set.has(0)).toBe(true);
    expect(set.has(Number.MAX_SAFE_INTEGER)).toBe(true);
    expect(set.size).toBe(2);
  });
});
