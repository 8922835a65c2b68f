import { describe, it, expect } from 'vitest';
import { mannWhitneyU } from '../../src/statistics/index.js';

// Expected values from scipy 1.17: scipy.stats.mannwhitneyu(x, y, alternative='two-sided',
// method='asymptotic', use_continuity=True) for u and pValue; z recomputed in numpy as
// sign(U1 − n1·n2/2) · (|U1 − n1·n2/2| − 0.5) / sigma with the tie-corrected sigma.
describe('mannWhitneyU', () => {
  it('matches scipy without ties', () => {
    // sigma² = 6 · 7 / 12 · 14 = 49, so z = (3 − 21 + 0.5) / 7 = −2.5 exactly.
    const result = mannWhitneyU([1.1, 2.3, 0.4, 5.6, 3.3, 2.2], [4.5, 6.1, 7.7, 3.9, 8.8, 9.0, 5.5]);
    expect(result.u).toBe(3);
    expect(result.z).toBeCloseTo(-2.5, 14);
    expect(result.pValue).toBeCloseTo(0.012419330651552265, 13);
  });

  it('matches scipy with ties', () => {
    const result = mannWhitneyU([1, 2, 2, 3, 3, 3, 4], [2, 3, 3, 4, 5, 5, 6, 7]);
    expect(result.u).toBe(10.5);
    expect(result.z).toBeCloseTo(-2.0146932183449033, 13);
    expect(result.pValue).toBeCloseTo(0.04393680322463132, 13);
  });

  it('gives a positive z when the first sample tends to be larger', () => {
    const result = mannWhitneyU([19, 22, 16, 29, 24], [20, 11, 17, 12]);
    expect(result.u).toBe(17);
    expect(result.z).toBeCloseTo(1.5921683328090657, 13);
    expect(result.pValue).toBeCloseTo(0.11134688653314041, 13);
  });

  it('keeps relative precision for small p-values', () => {
    const first = Array.from({ length: 20 }, (_, index) => index + 1);
    const second = Array.from({ length: 26 }, (_, index) => index + 15);
    const result = mannWhitneyU(first, second);
    expect(result.u).toBe(18);
    expect(result.z).toBeCloseTo(-5.352263949125927, 12);
    expect(result.pValue / 8.686057273097163e-8).toBeCloseTo(1, 10);
  });

  it('gives the same p-value with the samples swapped, and u complements to n1 · n2', () => {
    const x = [1, 2, 2, 3, 3, 3, 4];
    const y = [2, 3, 3, 4, 5, 5, 6, 7];
    const forward = mannWhitneyU(x, y);
    const backward = mannWhitneyU(y, x);
    expect(forward.u + backward.u).toBe(x.length * y.length);
    expect(backward.z).toBeCloseTo(-forward.z, 14);
    expect(backward.pValue).toBeCloseTo(forward.pValue, 14);
  });

  it('gives z = 0 and p = 1 when every value is equal, as scipy does', () => {
    expect(mannWhitneyU([1, 1, 1], [1, 1])).toEqual({ u: 3, z: 0, pValue: 1 });
  });

  it('throws a RangeError on an empty sample or NaN', () => {
    expect(() => mannWhitneyU([], [1, 2])).toThrow(RangeError);
    expect(() => mannWhitneyU([1, Number.NaN], [1, 2])).toThrow(RangeError);
  });
});
