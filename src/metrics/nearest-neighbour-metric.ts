import type { NoveltyMetric } from './novelty-metric.js';
import { clampUnit } from './clamp-unit.js';

/**
 * Semantic nearest-neighbour novelty (the paper's best embedding metric, ρ = 0.637): `1 − max_{j<i} sim(v_i, v_j)`,
 * the cosine distance to the most similar earlier episode, clamped to [0, 1]. Reads the shared vector index, so
 * it costs one k = 1 search.
 */
export function nearestNeighbourMetric(): NoveltyMetric {
  return {
    specificationVersion: 'v1',
    id: 'nearest-neighbour',
    description: 'cosine distance to the most similar earlier episode (1 for the first episode)',
    startRun({ index }) {
      return {
        score(candidate) {
          const [nearest] = index.search(candidate.vector, 1);
          return nearest === undefined ? 1 : clampUnit(1 - nearest.similarity);
        },
        observe() {},
      };
    },
  };
}
