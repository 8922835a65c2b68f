import { InvalidArgumentError } from '../errors/invalid-argument-error.js';

/** Checks that `k` is a non-negative integer and clamps it to the index's live `size`. */
export function clampNeighborCount(k: number, size: number): number {
  if (!Number.isInteger(k) || k < 0) {
    throw new InvalidArgumentError({ argument: 'k', reason: `must be a non-negative integer, got ${String(k)}` });
  }
  return Math.min(k, size);
}
