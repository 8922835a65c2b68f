import { describe, it, expect } from 'vitest';
import { averageRanks, tieGroupSizes } from '../../src/statistics/index.js';

describe('averageRanks', () => {
  it('gives tied values the mean of the ranks they span', () => {
    expect(averageRanks([10, 20, 20, 30])).toEqual([1, 2.5, 2.5, 4]);
  });

  it('keeps the input order and handles several tie groups', () => {
    // scipy.stats.rankdata([40, 10, 50, 20, 40, 20, 40, 30]) = [6, 1, 8, 2.5, 6, 2.5, 6, 4]
    expect(averageRanks([40, 10, 50, 20, 40, 20, 40, 30])).toEqual([6, 1, 8, 2.5, 6, 2.5, 6, 4]);
  });

  it('ranks negative numbers and infinities by value', () => {
    expect(averageRanks([0, -Infinity, -3, Infinity, Infinity])).toEqual([3, 1, 2, 4.5, 4.5]);
  });

  it('ranks an empty sample as empty', () => {
    expect(averageRanks([])).toEqual([]);
  });

  it('throws a RangeError on NaN', () => {
    expect(() => averageRanks([1, Number.NaN])).toThrow(RangeError);
  });
});

describe('tieGroupSizes', () => {
  it('lists group sizes in ascending value order, singletons included', () => {
    expect(tieGroupSizes([40, 10, 50, 20, 40, 20, 40, 30])).toEqual([1, 2, 1, 3, 1]);
  });
});
