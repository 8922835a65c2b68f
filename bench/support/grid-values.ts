import type { RandomSource } from '../../src/random/random-source.js';

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
