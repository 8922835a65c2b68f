import { describe, expect, it } from 'vitest';
import { quantile } from '../../src/statistics/quantile.js';

describe('quantile', () => {
  it('interpolates linearly between the closest ranks, as NumPy does by default', () => {
    const sorted = [1, 2, 4, 8];
    expect(quantile(sorted, 0)).toBe(1);
    expect(quantile(sorted, 1)).toBe(8);
    expect(quantile(sorted, 0.5)).toBe(3); // halfway between 2 and 4
    expect(quantile(sorted, 0.25)).toBeCloseTo(1.75); // position 0.75 between 1 and 2
    expect(quantile([5], 0.9)).toBe(5);
    expect(quantile([], 0.5)).toBeNaN();
  });
});
