import type { RandomSource } from '../../src/index.js';

/**
 * AIRA-dojo's `stable_softmax(scores / T)` (`core/solvers/utils/search_utils.py`): probabilities proportional to
 * `exp((score − max) / T)`.
 */
export function stableSoftmax(scores: readonly number[], temperature: number): number[] {
  const scaled = scores.map((score) => score / temperature);
  const top = Math.max(...scaled);
  const weights = scaled.map((score) => Math.exp(score - top));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => weight / total);
}

/** Index drawn with probability proportional to `weights`, as Python's `random.choices(..., weights, k=1)`. */
export function sampleIndex(weights: readonly number[], random: RandomSource): number {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  if (!(total > 0)) return Math.floor(random() * weights.length);
  const target = random() * total;
  let cumulative = 0;
  for (let index = 0; index < weights.length; index += 1) {
    cumulative += weights[index]!;
    if (cumulative > target) return index;
  }
  return weights.length - 1;
}

/**
 * `count` distinct indices drawn with probability proportional to `weights`, one at a time with the chosen ones
 * removed: the same distribution as numpy's `choice(..., p, replace=False)`.
 */
export function sampleWithoutReplacement(weights: readonly number[], count: number, random: RandomSource): number[] {
  const picks: number[] = [];
  while (picks.length < Math.min(count, weights.length)) {
    const available = weights.map((weight, index) => (picks.includes(index) ? 0 : weight));
    // Every remaining weight underflowed to 0: fall back to uniform over the rest, as AIRA-dojo does.
    const usable = available.some((weight) => weight > 0) ? available : weights.map((_, index) => (picks.includes(index) ? 0 : 1));
    picks.push(sampleIndex(usable, random));
  }
  return picks;
}
