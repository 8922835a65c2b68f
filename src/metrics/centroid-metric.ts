import { clampUnit } from './clamp-unit.js';
import type { NoveltyMetric } from './novelty-metric.js';
import { RunningVectorSum } from './running-vector-sum.js';

/**
 * Centroid novelty (paper ρ = 0.589): `1 − sim(v_i, mean_{j<i} v_j)`, the cosine distance to the centre of the
 * earlier episodes, clamped to [0, 1]. 1 for the first episode, and when the earlier vectors cancel out.
 */
export function centroidMetric(): NoveltyMetric {
  return {
    specificationVersion: 'v1',
    id: 'centroid',
    description: "cosine distance to the mean of the earlier episodes' vectors (1 for the first episode)",
    startRun({ index }) {
      const sum = new RunningVectorSum(index.dimensions);
      return {
        score(candidate) {
          const norm = sum.norm();
          // The mean's direction is the sum's, so cos(v, mean) = v·Σ / |Σ| for a unit v.
          return sum.count === 0 || norm === 0 ? 1 : clampUnit(1 - sum.dot(candidate.vector) / norm);
        },
        observe(candidate) {
          sum.add(candidate.vector);
        },
      };
    },
  };
}
