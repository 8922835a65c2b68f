import { parseOptions } from '../options/parse-options.js';
import { GraphInsertionMetricOptionsSchema, type GraphInsertionMetricOptions } from './graph-insertion-metric-options.js';
import type { NoveltyMetric } from './novelty-metric.js';

/**
 * Graph-insertion novelty: the earlier episodes form a similarity graph (an edge where cosine similarity ≥
 * `threshold`); inserting episode i costs one edge per earlier episode it is similar to. The score is
 * `1 / (1 + edges)`: 1 when the episode lands in an empty region, 0.5 next to one similar episode, towards 0
 * inside a dense cluster. (The paper reports the raw insertion cost, which runs against novelty: ρ = −0.329.)
 */
export function graphInsertionMetric(options: GraphInsertionMetricOptions = {}): NoveltyMetric {
  const { threshold, maxNeighbours } = parseOptions(GraphInsertionMetricOptionsSchema, options, 'graphInsertionMetric');
  return {
    specificationVersion: 'v1',
    id: 'graph-insertion',
    description: `1 / (1 + number of earlier episodes with cosine similarity ≥ ${threshold})`,
    startRun({ index }) {
      return {
        score(candidate) {
          const neighbours = index.search(candidate.vector, Math.min(maxNeighbours, index.size));
          let edges = 0;
          for (const neighbour of neighbours) if (neighbour.similarity >= threshold) edges += 1;
          return 1 / (1 + edges);
        },
        observe() {},
      };
    },
  };
}
