import { createSeededRandom, type RandomSource } from '../random/random-source.js';
import { spearman } from './spearman.js';
import { quantile } from './quantile.js';

/** What `bootstrapConfidenceInterval` needs: the sample size, the statistic and the random source. */
export interface BootstrapOptions {
  /** Number of observations; each resample draws `n` indices from 0..n-1 with replacement. */
  readonly n: number;
  /** The statistic of the observations at `indices` (indices repeat); NaN marks a resample to skip. */
  readonly statistic: (indices: readonly number[]) => number;
  /** How many resamples to draw. */
  readonly resamples?: number;
  /** Coverage of the interval, strictly between 0 and 1. */
  readonly confidence?: number;
  /** Injected so the interval is reproducible. */
  readonly random: RandomSource;
}

/** A percentile bootstrap interval and how many resamples produced a usable statistic. */
export interface BootstrapInterval {
  readonly low: number;
  readonly high: number;
  readonly resamples: number;
  readonly validResamples: number;
}

/**
 * Percentile bootstrap confidence interval: draws `resamples` index sets, evaluates `statistic` on
 * each, skips NaN results and returns the (1 − confidence) / 2 and (1 + confidence) / 2 quantiles of
 * the rest (linearly interpolated, numpy's default). Both bounds are NaN when no resample is valid.
 */
export function bootstrapConfidenceInterval({
  n,
  statistic,
  resamples = 2000,
  confidence = 0.95,
  random,
}: BootstrapOptions): BootstrapInterval {
  if (!Number.isInteger(n) || n < 0) throw new RangeError(`n must be a non-negative integer, got ${n}`);
  if (!Number.isInteger(resamples) || resamples < 1) {
    throw new RangeError(`resamples must be a positive integer, got ${resamples}`);
  }
  if (!(confidence > 0 && confidence < 1)) {
    throw new RangeError(`confidence must be strictly between 0 and 1, got ${confidence}`);
  }
  const values: number[] = [];
  for (let resample = 0; resample < resamples; resample += 1) {
    // Math.min guards against a random source that returns exactly 1.
    const indices = Array.from({ length: n }, () => Math.min(n - 1, Math.floor(random() * n)));
    const value = statistic(indices);
    if (!Number.isNaN(value)) values.push(value);
  }
  values.sort((left, right) => left - right);
  const tail = (1 - confidence) / 2;
  return {
    low: quantile(values, tail),
    high: quantile(values, 1 - tail),
    resamples,
    validResamples: values.length,
  };
}

/** Options of `spearmanWithConfidence`. */
export interface SpearmanConfidenceOptions {
  /** Seed of the bootstrap's random source. */
  readonly seed?: number;
  /** How many resamples to draw. */
  readonly resamples?: number;
  /** Coverage of the interval, strictly between 0 and 1. */
  readonly confidence?: number;
}

/** Spearman's rho of the full sample with its percentile bootstrap interval. */
export interface SpearmanWithConfidence {
  readonly rho: number;
  readonly low: number;
  readonly high: number;
  readonly n: number;
}

/**
 * Spearman's rho with a seeded percentile bootstrap interval over resampled pairs; resamples whose
 * rho is undefined (a constant side) are skipped. Throws a RangeError when the lengths differ.
 */
export function spearmanWithConfidence(
  x: readonly number[],
  y: readonly number[],
  { seed = 0, resamples = 2000, confidence = 0.95 }: SpearmanConfidenceOptions = {},
): SpearmanWithConfidence {
  const rho = spearman(x, y);
  const pick = (sample: readonly number[], indices: readonly number[]): number[] => indices.map((index) => sample[index] ?? Number.NaN);
  const { low, high } = bootstrapConfidenceInterval({
    n: x.length,
    statistic: (indices) => spearman(pick(x, indices), pick(y, indices)),
    resamples,
    confidence,
    random: createSeededRandom(seed),
  });
  return { rho, low, high, n: x.length };
}
