import { clampUnit } from './clamp-unit.js';
import type { NoveltyMetric } from './novelty-metric.js';
import { RunningVectorSum } from './running-vector-sum.js';

/**
 * Mean-distance novelty (paper ρ = 0.503): `(1/i) Σ_{j<i} (1 − sim(v_i, v_j))`, the average cosine distance to
 * every earlier episode, clamped to [0, 1]. For unit vectors it equals `1 − v_i · Σ v_j / i`, so it is O(d).
 */
export function meanDistanceMetric(): NoveltyMetric {
  return {
    specificationVersion: 'v1',
    id: 'mean-distance',
    description: 'average cosine distance to all earlier episodes (1 for the first episode)',
    startRun({ index }) {
      const sum = new RunningVectorSum(index.dimensions);
      return {
        score: (candidate) => (sum.count === 0 ? 1 : clampUnit(1 - sum.dot(candidate.vector) / sum.count)),
        observe(candidate) {
          sum.add(candidate.vector);
        },
      };
    },
  };
}
