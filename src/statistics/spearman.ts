import { averageRanks } from './ranks.js';

/**
 * Spearman's rank correlation: the Pearson correlation of the average ranks of `x` and `y`, so ties
 * are handled as `scipy.stats.spearmanr` handles them. NaN when there are fewer than two pairs, when
 * either side is constant, or when any value is NaN; throws a RangeError when the lengths differ.
 */
export function spearman(x: readonly number[], y: readonly number[]): number {
  if (x.length !== y.length) {
    throw new RangeError(`spearman needs samples of equal length, got ${x.length} and ${y.length}`);
  }
  if (x.length < 2 || x.some(Number.isNaN) || y.some(Number.isNaN)) return Number.NaN;
  return pearson(averageRanks(x), averageRanks(y));
}

/** Pearson correlation of two equal-length samples; NaN when either is constant. */
function pearson(x: readonly number[], y: readonly number[]): number {
  const meanX = mean(x);
  const meanY = mean(y);
  let sumXY = 0;
  let sumXX = 0;
  let sumYY = 0;
  x.forEach((valueX, index) => {
    const deviationX = valueX - meanX;
    const deviationY = (y[index] ?? Number.NaN) - meanY;
    sumXY += deviationX * deviationY;
    sumXX += deviationX * deviationX;
    sumYY += deviationY * deviationY;
  });
  if (sumXX === 0 || sumYY === 0) return Number.NaN;
  // Rounding can push a perfect correlation a hair past ±1.
  return Math.max(-1, Math.min(1, sumXY / Math.sqrt(sumXX * sumYY)));
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
