import { averageRanks, tieGroupSizes } from './ranks.js';

/** Result of a two-sided Mann-Whitney U test. */
export interface MannWhitneyResult {
  /** U of the first sample: how many (x, y) pairs have x > y, ties counting half (scipy's statistic). */
  readonly u: number;
  /** Continuity-corrected normal score of `u`; positive when the first sample tends to be larger. */
  readonly z: number;
  /** Two-sided p-value from the normal approximation. */
  readonly pValue: number;
}

/**
 * Two-sided Mann-Whitney U test with the tie-corrected variance and the normal approximation with a
 * continuity correction; matches `scipy.stats.mannwhitneyu(x, y, alternative='two-sided',
 * method='asymptotic', use_continuity=True)`. When every value is equal, z is 0 and the p-value 1.
 * Throws a RangeError when a sample is empty or holds NaN.
 */
export function mannWhitneyU(x: readonly number[], y: readonly number[]): MannWhitneyResult {
  if (x.length === 0 || y.length === 0) {
    throw new RangeError(`mannWhitneyU needs two non-empty samples, got ${x.length} and ${y.length}`);
  }
  const combined = [...x, ...y];
  const n = combined.length;
  const rankSumX = averageRanks(combined)
    .slice(0, x.length)
    .reduce((sum, rank) => sum + rank, 0);
  const u = rankSumX - (x.length * (x.length + 1)) / 2;
  const mean = (x.length * y.length) / 2;
  const tieTerm = tieGroupSizes(combined).reduce((sum, size) => sum + size ** 3 - size, 0);
  const variance = ((x.length * y.length) / 12) * (n + 1 - tieTerm / (n * (n - 1)));
  const deviation = u - mean;
  // U − mean is a multiple of 1/2, so the correction never flips the sign; zero spread means no evidence.
  const z = deviation === 0 || variance <= 0 ? 0 : (Math.sign(deviation) * (Math.abs(deviation) - 0.5)) / Math.sqrt(variance);
  return { u, z, pValue: Math.min(1, 2 * normalUpperTail(Math.abs(z))) };
}

/**
 * P(Z > z) for a standard normal Z, to a relative error below about 1e-13 across the range: the
 * series Φ(z) − 1/2 = φ(z) · Σ z^(2j+1) / (2j+1)!! near the centre, where 1/2 − that sum cancels
 * little, and the continued fraction φ(z) / (z + 1/(z + 2/(z + 3/(z + …)))) in the tail, where it
 * converges fast (modified Lentz; under 100 terms).
 */
function normalUpperTail(z: number): number {
  if (z < 0) return 1 - normalUpperTail(-z);
  const density = Math.exp(-(z * z) / 2) / Math.sqrt(2 * Math.PI);
  if (z < 2.5) {
    let term = z;
    let sum = z;
    for (let index = 1; term > Number.EPSILON * 0.01 * sum; index += 1) {
      term *= (z * z) / (2 * index + 1);
      sum += term;
    }
    return 0.5 - density * sum;
  }
  // Lentz's method for b0 + a1/(b1 + a2/(b2 + …)) with b_j = z and a_j = j; every b_j is ≥ 2.5 so no
  // partial denominator can vanish.
  let fraction = z;
  let numeratorRatio = z;
  let denominatorRatio = 0;
  for (let depth = 1; depth < 1000; depth += 1) {
    denominatorRatio = 1 / (z + depth * denominatorRatio);
    numeratorRatio = z + depth / numeratorRatio;
    const step = numeratorRatio * denominatorRatio;
    fraction *= step;
    if (Math.abs(step - 1) < Number.EPSILON) break;
  }
  return density / fraction;
}
