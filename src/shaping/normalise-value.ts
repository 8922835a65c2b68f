import type { SelectionCandidate, ValueRange } from './selector.js';

/**
 * Min-max normalises a usefulness value to [0, 1] with 1 = best, as AIRA-dojo does (`get_normalized_score`,
 * `normalise_q_value`): a missing or non-finite value is 0 (worst), a degenerate or missing range gives the neutral
 * 0.5, and values outside the range are clamped. Selectors and `noveltyBonus` share this function, so a bonus of
 * strength 0 hands a selector bit-identical numbers.
 */
export function normaliseValue(value: number | null | undefined, range: ValueRange | undefined): number {
  if (value === null || value === undefined || !Number.isFinite(value)) return 0;
  if (range === undefined || !Number.isFinite(range.min) || !Number.isFinite(range.max) || range.min === range.max) return 0.5;
  const normalised = (value - range.min) / (range.max - range.min);
  return Math.min(1, Math.max(0, normalised));
}

/** The min and max of the candidates' finite values, or undefined when none has one. */
export function valueRangeOf(candidates: readonly SelectionCandidate<unknown>[]): ValueRange | undefined {
  let min = Infinity;
  let max = -Infinity;
  for (const candidate of candidates) {
    const value = candidate.value;
    if (value === null || !Number.isFinite(value)) continue;
    if (value < min) min = value;
    if (value > max) max = value;
  }
  return min <= max ? { min, max } : undefined;
}

/**
 * A candidate's usefulness on the normalised scale a policy ranks by: the value itself once a middleware normalised
 * it, else `normaliseValue` against the request's range (or the candidates' own range).
 */
export function usefulnessOf(
  value: number | null,
  request: { readonly normalised?: boolean; readonly valueRange?: ValueRange },
  fallbackRange: ValueRange | undefined,
): number {
  if (request.normalised === true) return value ?? 0;
  return normaliseValue(value, request.valueRange ?? fallbackRange);
}
