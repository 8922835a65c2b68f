import { describe, it, expect } from 'vitest';
import { createSeededRandom } from '../../src/random/random-source.js';
import { bootstrapConfidenceInterval, spearman, spearmanWithConfidence } from '../../src/statistics/index.js';

/** A seeded sample where y follows x with noise, so rho is clearly positive but below 1. */
function correlatedSample(n: number, seed: number): { x: number[]; y: number[] } {
  const random = createSeededRandom(seed);
  const x = Array.from({ length: n }, () => random());
  const y = x.map((value) => value + 0.6 * (random() - 0.5));
  return { x, y };
}

describe('bootstrapConfidenceInterval', () => {
  it('takes linearly interpolated percentiles of the valid statistics', () => {
    // The statistic ignores the indices and returns 1, 2, …, 2000; numpy.percentile(arange(1, 2001),
    // [2.5, 97.5]) = [50.975, 1950.025].
    let call = 0;
    const interval = bootstrapConfidenceInterval({
      n: 5,
      statistic: () => (call += 1),
      random: createSeededRandom(1),
    });
    expect(interval.low).toBeCloseTo(50.975, 9);
    expect(interval.high).toBeCloseTo(1950.025, 9);
    expect(interval).toMatchObject({ resamples: 2000, validResamples: 2000 });
  });

  it('draws n indices in 0..n-1 per resample from the injected random source', () => {
    const seen = new Set<number>();
    bootstrapConfidenceInterval({
      n: 7,
      resamples: 50,
      statistic: (indices) => {
        expect(indices).toHaveLength(7);
        for (const index of indices) seen.add(index);
        return 0;
      },
      random: createSeededRandom(3),
    });
    expect([...seen].sort()).toEqual([0, 1, 2, 3, 4, 5, 6]);
  });

  it('skips NaN statistics and reports how many resamples were valid', () => {
    let call = 0;
    const interval = bootstrapConfidenceInterval({
      n: 3,
      resamples: 100,
      statistic: () => ((call += 1) % 4 === 0 ? Number.NaN : 1),
      random: createSeededRandom(2),
    });
    expect(interval).toEqual({ low: 1, high: 1, resamples: 100, validResamples: 75 });
  });

  it('gives NaN bounds when no resample is valid', () => {
    const interval = bootstrapConfidenceInterval({
      n: 3,
      resamples: 10,
      statistic: () => Number.NaN,
      random: createSeededRandom(2),
    });
    expect(interval.low).toBeNaN();
    expect(interval.high).toBeNaN();
    expect(interval.validResamples).toBe(0);
  });

  it('throws a RangeError on bad options', () => {
    const base = { n: 3, statistic: () => 0, random: createSeededRandom(0) };
    expect(() => bootstrapConfidenceInterval({ ...base, resamples: 0 })).toThrow(RangeError);
    expect(() => bootstrapConfidenceInterval({ ...base, resamples: 2.5 })).toThrow(RangeError);
    expect(() => bootstrapConfidenceInterval({ ...base, confidence: 1 })).toThrow(RangeError);
    expect(() => bootstrapConfidenceInterval({ ...base, confidence: 0 })).toThrow(RangeError);
    expect(() => bootstrapConfidenceInterval({ ...base, n: -1 })).toThrow(RangeError);
  });
});

describe('spearmanWithConfidence', () => {
  it('is deterministic for a seed and varies with it', () => {
    const { x, y } = correlatedSample(40, 11);
    const first = spearmanWithConfidence(x, y, { seed: 5, resamples: 500 });
    const second = spearmanWithConfidence(x, y, { seed: 5, resamples: 500 });
    const other = spearmanWithConfidence(x, y, { seed: 6, resamples: 500 });
    expect(second).toEqual(first);
    expect(other.rho).toBe(first.rho);
    expect([other.low, other.high]).not.toEqual([first.low, first.high]);
  });

  it('contains the point estimate on a correlated sample', () => {
    const { x, y } = correlatedSample(60, 21);
    const result = spearmanWithConfidence(x, y);
    expect(result.rho).toBe(spearman(x, y));
    expect(result.n).toBe(60);
    expect(result.rho).toBeGreaterThan(0.5);
    expect(result.low).toBeLessThan(result.rho);
    expect(result.high).toBeGreaterThan(result.rho);
    expect(result.high).toBeLessThanOrEqual(1);
  });

  it('narrows as n grows', () => {
    const width = (n: number): number => {
      const { x, y } = correlatedSample(n, 31);
      const { low, high } = spearmanWithConfidence(x, y, { seed: 1, resamples: 1000 });
      return high - low;
    };
    const small = width(25);
    const large = width(400);
    expect(large).toBeLessThan(small / 2);
  });

  it('widens with the confidence level', () => {
    const { x, y } = correlatedSample(50, 41);
    const narrow = spearmanWithConfidence(x, y, { confidence: 0.5 });
    const wide = spearmanWithConfidence(x, y, { confidence: 0.99 });
    expect(wide.low).toBeLessThan(narrow.low);
    expect(wide.high).toBeGreaterThan(narrow.high);
  });

  it('gives NaN everywhere when rho is undefined, and throws on unequal lengths', () => {
    const result = spearmanWithConfidence([1], [2]);
    expect(result.rho).toBeNaN();
    expect(result.low).toBeNaN();
    expect(result.high).toBeNaN();
    expect(() => spearmanWithConfidence([1, 2, 3], [1, 2])).toThrow(RangeError);
  });
});
