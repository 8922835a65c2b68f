import { describe, it, expect } from 'vitest';
import { spearman } from '../../src/statistics/index.js';

describe('spearman', () => {
  it('matches the IQ vs hours of TV example without ties', () => {
    // Wikipedia, "Spearman's rank correlation coefficient", worked example: rho = -29/165;
    // scipy.stats.spearmanr gives -0.17575757575757575.
    const iq = [106, 100, 86, 101, 99, 103, 97, 113, 112, 110];
    const hoursOfTelevision = [7, 27, 2, 50, 28, 29, 20, 12, 6, 17];
    expect(spearman(iq, hoursOfTelevision)).toBeCloseTo(-29 / 165, 14);
  });

  it('uses average ranks for ties', () => {
    // Ranks by hand: x → [1, 2.5, 2.5, 4, 6, 6, 6, 8], y → [1, 3, 2, 6, 4.5, 4.5, 7, 8]; centred sums
    // Sxy = 71/2, Sxx = 79/2, Syy = 83/2, so rho = 71 / sqrt(79 · 83) = 71 / sqrt(6557).
    // scipy.stats.spearmanr gives 0.8768105301663435.
    const x = [10, 20, 20, 30, 40, 40, 40, 50];
    const y = [1, 3, 2, 5, 4, 4, 6, 8];
    expect(spearman(x, y)).toBeCloseTo(71 / Math.sqrt(6557), 14);
    expect(spearman(x, y)).toBeCloseTo(0.8768105301663435, 14);
  });

  it('is ±1 for any strictly monotone relation', () => {
    const x = [0.5, 1, 2, 3, 8];
    expect(
      spearman(
        x,
        x.map((value) => Math.exp(value)),
      ),
    ).toBe(1);
    expect(
      spearman(
        x,
        x.map((value) => -(value ** 3)),
      ),
    ).toBe(-1);
  });

  it('is symmetric in its arguments', () => {
    const x = [3, 1, 4, 1, 5, 9, 2, 6];
    const y = [2, 7, 1, 8, 2, 8, 1, 8];
    expect(spearman(x, y)).toBe(spearman(y, x));
  });

  it('is NaN when a side is constant, when n < 2, or when a value is NaN', () => {
    expect(spearman([1, 2, 3], [4, 4, 4])).toBeNaN();
    expect(spearman([7, 7], [1, 2])).toBeNaN();
    expect(spearman([1], [2])).toBeNaN();
    expect(spearman([], [])).toBeNaN();
    expect(spearman([1, Number.NaN, 3], [1, 2, 3])).toBeNaN();
  });

  it('throws a RangeError when the lengths differ', () => {
    expect(() => spearman([1, 2, 3], [1, 2])).toThrow(RangeError);
  });
});
