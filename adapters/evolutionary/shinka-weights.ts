/**
 * ShinkaEvolve's weighted parent sampling (`WeightedSamplingStrategy`, `shinka/database/parents.py`): probabilities
 * `p_i ∝ sigmoid(λ · (α_i − median) / max(MAD, 1e-6)) · 1 / (1 + n_i)` over scores `α` (higher is better) and
 * children counts `n`, uniform when every weight is 0.
 */
export function shinkaParentProbabilities(scores: readonly number[], children: readonly number[], lambda: number): number[] {
  const baseline = median(scores);
  const scale = Math.max(median(scores.map((score) => Math.abs(score - baseline))), 1e-6);
  const weights = scores.map((score, index) => sigmoid((lambda * (score - baseline)) / scale) / (1 + (children[index] ?? 0)));
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return total > 0 ? weights.map((weight) => weight / total) : scores.map(() => 1 / scores.length);
}

/** numpy's `median`: the middle value, or the mean of the two middle values. */
function median(values: readonly number[]): number {
  if (values.length === 0) return 0;
  const sorted = [...values].sort((left, right) => left - right);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** A sigmoid that does not overflow for large |x|. */
function sigmoid(x: number): number {
  if (x >= 0) return 1 / (1 + Math.exp(-x));
  const exponential = Math.exp(x);
  return exponential / (1 + exponential);
}
