import wilcoxon from '@stdlib/stats-wilcoxon';

/** Result of a two-sided Wilcoxon signed-rank test of paired samples. */
export interface WilcoxonResult {
  /** The signed-rank statistic as stdlib reports it (sum of the positive ranks). */
  readonly statistic: number;
  /** Two-sided p-value; 1 when every pair is equal (no evidence either way). */
  readonly pValue: number;
  /** Pairs whose difference is not zero (the ones the test ranks). */
  readonly nonZeroPairs: number;
}

/**
 * Two-sided Wilcoxon signed-rank test of `x[i]` against `y[i]` (paired, e.g. two arms run on the same seeds), by
 * `@stdlib/stats-wilcoxon`: zero differences dropped (`wilcox`, scipy's default), the exact distribution for small
 * samples without ties, else the normal approximation with a continuity correction, as
 * `scipy.stats.wilcoxon(x, y, correction=True)`. Throws a RangeError on samples of different or zero length or
 * holding NaN.
 */
export function wilcoxonSignedRank(x: readonly number[], y: readonly number[]): WilcoxonResult {
  if (x.length === 0 || x.length !== y.length)
    throw new RangeError(`wilcoxonSignedRank needs two samples of one non-zero length, got ${x.length} and ${y.length}`);
  if ([...x, ...y].some((value) => Number.isNaN(value))) throw new RangeError('wilcoxonSignedRank: a sample holds NaN');
  const nonZeroPairs = x.filter((value, index) => value !== y[index]).length;
  if (nonZeroPairs === 0) return { statistic: 0, pValue: 1, nonZeroPairs };
  const result = wilcoxon([...x], [...y], { zeroMethod: 'wilcox', correction: true });
  return { statistic: result.statistic, pValue: Math.min(1, result.pValue), nonZeroPairs };
}
