/** Level of measurement, which picks the difference function δ² between two values. */
export type MeasurementLevel = 'nominal' | 'ordinal' | 'interval';

/** One value a coder gave a unit; null, undefined and NaN mean the coder gave none. */
export type ReliabilityValue = number | null | undefined;

/** Options of `krippendorffAlpha`. */
export interface KrippendorffAlphaOptions {
  /** Level of measurement of the values. */
  readonly level?: MeasurementLevel;
}

/**
 * Krippendorff's alpha for a units × coders matrix (one row per unit, one column per coder) with
 * missing values allowed, computed through the coincidence matrix of Krippendorff (2011),
 * "Computing Krippendorff's Alpha-Reliability": α = 1 − (n − 1) · Σ o_ck δ²_ck / Σ n_c n_k δ²_ck.
 * Only units with at least two values count. NaN when fewer than two values are pairable or all
 * pairable values are equal, where alpha is undefined.
 */
export function krippendorffAlpha(
  data: readonly (readonly ReliabilityValue[])[],
  { level = 'ordinal' }: KrippendorffAlphaOptions = {},
): number {
  const units = data.map((unit) => unit.filter(isPresent)).filter((unit) => unit.length >= 2);
  const categories = [...new Set(units.flat())].sort((left, right) => left - right);
  const positionOf = new Map(categories.map((category, position) => [category, position]));
  const size = categories.length;

  // o_ck: each ordered pair of values from different coders in a unit adds 1 / (m_u − 1).
  const coincidences = Array.from({ length: size }, () => new Array<number>(size).fill(0));
  for (const unit of units) {
    const weight = 1 / (unit.length - 1);
    const positions = unit.map((value) => positionOf.get(value) ?? 0);
    positions.forEach((c, firstCoder) => {
      const row = coincidences[c] ?? [];
      positions.forEach((k, secondCoder) => {
        if (firstCoder !== secondCoder) row[k] = (row[k] ?? 0) + weight;
      });
    });
  }
  const marginals = coincidences.map((row) => row.reduce((sum, count) => sum + count, 0));
  const total = marginals.reduce((sum, count) => sum + count, 0);
  if (total < 2) return Number.NaN;

  const distance = differenceFunction(level, categories, marginals);
  let observed = 0;
  let expected = 0;
  for (let c = 0; c < size; c += 1) {
    for (let k = 0; k < size; k += 1) {
      const squaredDifference = distance(c, k);
      observed += (coincidences[c]?.[k] ?? 0) * squaredDifference;
      expected += (marginals[c] ?? 0) * (marginals[k] ?? 0) * squaredDifference;
    }
  }
  if (expected === 0) return Number.NaN;
  return 1 - ((total - 1) * observed) / expected;
}

/** δ²_ck between the categories at sorted positions c and k. */
function differenceFunction(
  level: MeasurementLevel,
  categories: readonly number[],
  marginals: readonly number[],
): (c: number, k: number) => number {
  switch (level) {
    case 'nominal':
      return (c, k) => (c === k ? 0 : 1);
    case 'interval':
      return (c, k) => ((categories[c] ?? 0) - (categories[k] ?? 0)) ** 2;
    case 'ordinal': {
      // Ordinal distance is the count of pairable values from c to k, with c and k counted half each.
      const cumulative = [0];
      for (const count of marginals) cumulative.push((cumulative.at(-1) ?? 0) + count);
      return (c, k) => {
        const from = Math.min(c, k);
        const to = Math.max(c, k);
        const between = (cumulative[to + 1] ?? 0) - (cumulative[from] ?? 0);
        return (between - ((marginals[from] ?? 0) + (marginals[to] ?? 0)) / 2) ** 2;
      };
    }
    default:
      // Reached only from untyped callers.
      throw new RangeError(`unknown measurement level: ${String(level satisfies never)}`);
  }
}

function isPresent(value: ReliabilityValue): value is number {
  return value !== null && value !== undefined && !Number.isNaN(value);
}
