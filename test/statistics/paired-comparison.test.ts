import { describe, expect, it } from 'vitest';
import { holmAdjust, mannWhitneyU, varghaDelaneyA12, wilcoxonSignedRank } from '../../src/statistics/index.js';

// Reference values from scipy 1.17.1 (`scipy.stats.wilcoxon`, `mannwhitneyu`) and Holm's procedure written out.
describe('wilcoxonSignedRank', () => {
  it('uses the exact distribution without ties or zeros, as scipy does', () => {
    const differences = [1.1, 2.3, -0.4, 3.7, 0.9, 1.6, -0.2, 2.9];
    const result = wilcoxonSignedRank(
      differences,
      differences.map(() => 0),
    );
    expect(result.pValue).toBeCloseTo(0.0390625, 12); // scipy.stats.wilcoxon(d) (exact)
    expect(result.nonZeroPairs).toBe(8);
  });

  it('drops zero differences and uses the tie-corrected normal approximation otherwise', () => {
    const x = [0.91, 0.87, 0.95, 0.88, 0.93, 0.9, 0.86, 0.94, 0.89, 0.92, 0.97, 0.85];
    const y = [0.88, 0.87, 0.9, 0.9, 0.89, 0.85, 0.86, 0.9, 0.86, 0.93, 0.9, 0.84];
    const result = wilcoxonSignedRank(x, y);
    expect(result.nonZeroPairs).toBe(10);
    expect(result.pValue).toBeCloseTo(0.02165321327013386, 12); // wilcoxon(x, y, method='approx', correction=True)
    const a = [3.1, 2.9, 3.3, 3.0, 3.4, 2.8, 3.2, 3.5];
    const b = [2.9, 3.0, 3.1, 2.7, 3.0, 2.9, 2.8, 3.1];
    expect(wilcoxonSignedRank(a, b).pValue).toBeCloseTo(0.04181054297657881, 12);
    // Symmetric: swapping the samples keeps the two-sided p-value.
    expect(wilcoxonSignedRank(b, a).pValue).toBeCloseTo(wilcoxonSignedRank(a, b).pValue, 12);
  });

  it('gives p = 1 when every pair is equal, and refuses unpaired or NaN samples', () => {
    expect(wilcoxonSignedRank([0.5, 0.7], [0.5, 0.7])).toEqual({ statistic: 0, pValue: 1, nonZeroPairs: 0 });
    expect(() => wilcoxonSignedRank([1, 2], [1])).toThrow(RangeError);
    expect(() => wilcoxonSignedRank([], [])).toThrow(RangeError);
    expect(() => wilcoxonSignedRank([1, Number.NaN], [1, 2])).toThrow(/NaN/);
  });
});

describe('holmAdjust', () => {
  it("adjusts step-down in the input's order, monotone and capped at 1", () => {
    expect(holmAdjust([0.01, 0.04, 0.03, 0.005])).toEqual([0.03, 0.06, 0.06, 0.02]);
    expect(holmAdjust([0.5, 0.6])).toEqual([1, 1]);
    expect(holmAdjust([])).toEqual([]);
    expect(() => holmAdjust([0.2, 1.5])).toThrow(RangeError);
  });
});

describe('varghaDelaneyA12', () => {
  it('is P(X > Y) + P(X = Y) / 2, i.e. U / (m · n)', () => {
    expect(varghaDelaneyA12([1, 2, 3], [2, 2, 4])).toBeCloseTo(1 / 3, 12); // mannwhitneyu(...).statistic / 9
    const x = [0.3, 0.9, 0.5, 0.7, 0.2];
    const y = [0.4, 0.1, 0.6, 0.6];
    expect(varghaDelaneyA12(x, y)).toBeCloseTo(mannWhitneyU(x, y).u / (x.length * y.length), 12);
    expect(varghaDelaneyA12([1, 1], [1, 1])).toBe(0.5);
    expect(varghaDelaneyA12([2], [1])).toBe(1);
    expect(() => varghaDelaneyA12([], [1])).toThrow(RangeError);
  });
});
