/**
 * Vargha and Delaney's A12 effect size: the probability that a value drawn from `x` is larger than one drawn from
 * `y`, ties counting half (0.5 = no effect; 0.56 / 0.64 / 0.71 are their small / medium / large thresholds).
 * Hand-written: it is one double loop, A12 = U / (m · n) of the Mann-Whitney test. Throws a RangeError on an
 * empty sample or NaN.
 */
export function varghaDelaneyA12(x: readonly number[], y: readonly number[]): number {
  if (x.length === 0 || y.length === 0)
    throw new RangeError(`varghaDelaneyA12 needs two non-empty samples, got ${x.length} and ${y.length}`);
  let wins = 0;
  for (const first of x) {
    for (const second of y) {
      if (Number.isNaN(first) || Number.isNaN(second)) throw new RangeError('varghaDelaneyA12: a sample holds NaN');
      wins += first > second ? 1 : first === second ? 0.5 : 0;
    }
  }
  return wins / (x.length * y.length);
}
