import type { RandomSource } from 'boden';

/** A value of `values` drawn uniformly. */
export function pickValue<T>(values: readonly T[], random: RandomSource): T {
  return values[Math.floor(random() * values.length)]!;
}

/**
 * The grid value next to `current` (either side, at random in the middle), or a random value when `current` is off
 * the grid: the refinement step of the benchmark's discrete search spaces. Values compare by their JSON.
 */
export function adjacentValue<T>(values: readonly T[], current: unknown, random: RandomSource): T {
  const index = values.findIndex((value) => JSON.stringify(value) === JSON.stringify(current));
  if (index < 0) return pickValue(values, random);
  const next = index === 0 ? 1 : index === values.length - 1 ? index - 1 : random() < 0.5 ? index - 1 : index + 1;
  return values[Math.min(next, values.length - 1)]!;
}

/**
 * An item drawn with probability proportional to its weight (one draw of `random`; the last item when rounding
 * leaves the draw unspent). The caller handles a total of zero.
 */
export function pickWeighted<T>(items: readonly T[], weightOf: (item: T) => number, random: RandomSource): T {
  let threshold = random() * items.reduce((sum, item) => sum + weightOf(item), 0);
  for (const item of items) {
    threshold -= weightOf(item);
    if (threshold < 0) return item;
  }
  return items[items.length - 1]!;
}
