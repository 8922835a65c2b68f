import padjust from '@stdlib/stats-padjust';

/**
 * Holm's step-down adjustment of a family of p-values (controls the family-wise error rate), by
 * `@stdlib/stats-padjust`; the result is in the input's order. An empty family gives an empty list.
 */
export function holmAdjust(pValues: readonly number[]): number[] {
  if (pValues.length === 0) return [];
  if (pValues.some((value) => !(value >= 0 && value <= 1))) throw new RangeError('holmAdjust: every p-value must be in [0, 1]');
  return padjust([...pValues], 'holm') as number[];
}
