/**
 * Quantile `probability` of ascending `sorted` values with linear interpolation between the closest ranks (NumPy's
 * default); NaN when empty.
 */
export function quantile(sorted: readonly number[], probability: number): number {
  if (sorted.length === 0) return Number.NaN;
  const position = probability * (sorted.length - 1);
  const below = Math.floor(position);
  const lower = sorted[below]!;
  const upper = sorted[Math.min(below + 1, sorted.length - 1)]!;
  return lower + (position - below) * (upper - lower);
}
