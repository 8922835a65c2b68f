import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { InvalidVectorError } from '../../src/errors/invalid-vector-error.js';
import { VectorDimensionError } from '../../src/errors/vector-dimension-error.js';
import { normalizeVector, normalizeVectorInto } from '../../src/vector-index/normalize-vector.js';

const vectors = fc
  .array(fc.float({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }), { minLength: 1, maxLength: 64 })
  .filter((vector) => vector.some((value) => value !== 0));

describe('normalizeVectorInto', () => {
  it('writes exactly the components normalizeVector returns, into a reused array', () => {
    const scratch: number[] = new Array<number>(64).fill(0.5);
    fc.assert(
      fc.property(vectors, (vector) => {
        const expected = Array.from(normalizeVector(vector, { dimensions: vector.length, id: null }));
        const written = normalizeVectorInto(vector, { dimensions: vector.length, id: null }, scratch).slice(0, vector.length);
        expect(written).toEqual(expected);
        for (let index = 0; index < vector.length; index += 1) expect(Object.is(written[index], expected[index])).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('throws the same typed errors as normalizeVector, naming the id', () => {
    const scratch = [0, 0, 0];
    expect(() => normalizeVectorInto([1, 2], { dimensions: 3, id: 'a' }, scratch)).toThrow(VectorDimensionError);
    expect(() => normalizeVectorInto([0, 0, 0], { dimensions: 3, id: 'a' }, scratch)).toThrow(InvalidVectorError);
    expect(() => normalizeVectorInto([1, Number.NaN, 0], { dimensions: 3, id: 'a' }, scratch)).toThrow(/"?a"?/);
  });
});
