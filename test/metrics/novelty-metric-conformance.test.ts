import { describe, expect, it } from 'vitest';
import { HashingEmbedder } from '../../src/embedder/hashing-embedder.js';
import { centroidMetric } from '../../src/metrics/centroid-metric.js';
import { codeNearestNeighbourMetric } from '../../src/metrics/code-nearest-neighbour-metric.js';
import { conceptFuzzyMetric } from '../../src/metrics/concept-fuzzy-metric.js';
import { conceptSetMetric } from '../../src/metrics/concept-set-metric.js';
import { defaultNoveltyMetrics } from '../../src/metrics/default-novelty-metrics.js';
import { graphInsertionMetric } from '../../src/metrics/graph-insertion-metric.js';
import { meanDistanceMetric } from '../../src/metrics/mean-distance-metric.js';
import { nearestNeighbourMetric } from '../../src/metrics/nearest-neighbour-metric.js';
import type { NoveltyCandidate, NoveltyMetric } from '../../src/metrics/novelty-metric.js';
import { uniqueCodeMetric } from '../../src/metrics/unique-code-metric.js';
import { normaliseCode } from '../../src/text/normalise-code.js';
import { describeNoveltyMetric, type NoveltyMetricReference } from '../conformance/describe-novelty-metric.js';

// Each metric's definition as its doc comment (and the paper) states it, computed the slow, obvious way from every
// earlier episode: the oracle its incremental run must match (as test/scoring/incremental-equals-batch.test.ts
// checks for the scorer on the shared trajectories).
const dot = (left: Float32Array, right: Float32Array): number => left.reduce((sum, value, index) => sum + value * right[index]!, 0);
const clampUnit = (value: number): number => Math.min(1, Math.max(0, value));
const firstIsOne =
  (definition: NoveltyMetricReference): NoveltyMetricReference =>
  (candidate, earlier, context) =>
    earlier.length === 0 ? 1 : definition(candidate, earlier, context);

const nearestNeighbour = firstIsOne((candidate, earlier) =>
  clampUnit(1 - Math.max(...earlier.map((other) => dot(candidate.vector, other.vector)))),
);

// Over the code alone: each episode's code embedded by a plan-blind hashing embedder under the IDF of the episodes
// before it (the code block of a vector twice as long whose plan block an empty plan leaves empty); code with no
// terms is a copy of earlier such code and unrelated to all other code.
const codeNearestNeighbour =
  (dimensions: number): NoveltyMetricReference =>
  (candidate, earlier) => {
    const embedder = new HashingEmbedder({ dimensions: 2 * dimensions, planWeight: 0 });
    const codeVector = (code: string): Float32Array | null => {
      const block = embedder.embedOne({ plan: '', code }).subarray(dimensions);
      return block.some((value) => value !== 0) ? block : null;
    };
    const vectors = earlier.map((other) => {
      const vector = codeVector(other.code);
      embedder.observe([{ plan: '', code: other.code }]);
      return vector;
    });
    if (earlier.length === 0) return 1;
    const own = codeVector(candidate.code);
    if (own === null) return vectors.includes(null) ? 0 : 1;
    const similarities = vectors.filter((vector): vector is Float32Array => vector !== null).map((vector) => dot(own, vector));
    return similarities.length === 0 ? 1 : clampUnit(1 - Math.max(...similarities));
  };

const centroid = firstIsOne((candidate, earlier) => {
  const mean = new Float64Array(candidate.vector.length);
  for (const other of earlier) other.vector.forEach((value, index) => (mean[index]! += value / earlier.length));
  const norm = Math.hypot(...mean);
  return norm === 0 ? 1 : clampUnit(1 - mean.reduce((sum, value, index) => sum + value * candidate.vector[index]!, 0) / norm);
});

const meanDistance = firstIsOne((candidate, earlier) =>
  clampUnit(earlier.reduce((sum, other) => sum + (1 - dot(candidate.vector, other.vector)), 0) / earlier.length),
);

const graphInsertion =
  (threshold: number, maxNeighbours = 32): NoveltyMetricReference =>
  (candidate, earlier) =>
    1 / (1 + Math.min(maxNeighbours, earlier.filter((other) => dot(candidate.vector, other.vector) >= threshold).length));

const conceptSet = firstIsOne((candidate, earlier) => {
  const seen = new Set(earlier.flatMap((other) => other.concepts));
  return candidate.concepts.length === 0
    ? 0
    : candidate.concepts.filter((concept) => !seen.has(concept)).length / candidate.concepts.length;
});

const conceptFuzzy = (sigma: number): NoveltyMetricReference =>
  firstIsOne((candidate, earlier, { conceptEmbedding }) => {
    const embedded = (ids: readonly string[]): Float32Array[] =>
      ids.map((id) => conceptEmbedding(id)).filter((vector): vector is Float32Array => vector !== undefined);
    const known = embedded([...new Set(earlier.flatMap((other) => other.concepts))]);
    // A concept already used has membership exp(0) = 1 in itself: it adds nothing new.
    const novelties = embedded(candidate.concepts).map(
      (vector) =>
        1 -
        Math.max(
          0,
          ...known.map((other) =>
            Math.exp(-vector.reduce((sum, value, index) => sum + (value - other[index]!) ** 2, 0) / (2 * sigma * sigma)),
          ),
        ),
    );
    return novelties.length === 0 ? 0 : novelties.reduce((sum, value) => sum + value, 0) / novelties.length;
  });

const uniqueCode: NoveltyMetricReference = (candidate: NoveltyCandidate, earlier) =>
  earlier.some((other) => normaliseCode(other.code) === normaliseCode(candidate.code)) ? 0 : 1;

/** Every implementation, with its default options and with other options where it has any. */
const implementations: readonly [name: string, factory: () => NoveltyMetric, reference: NoveltyMetricReference][] = [
  ['nearestNeighbourMetric', () => nearestNeighbourMetric(), nearestNeighbour],
  ['codeNearestNeighbourMetric', () => codeNearestNeighbourMetric(), codeNearestNeighbour(256)],
  ['codeNearestNeighbourMetric (64 dimensions)', () => codeNearestNeighbourMetric({ dimensions: 64 }), codeNearestNeighbour(64)],
  ['centroidMetric', () => centroidMetric(), centroid],
  ['meanDistanceMetric', () => meanDistanceMetric(), meanDistance],
  ['graphInsertionMetric', () => graphInsertionMetric(), graphInsertion(0.8)],
  [
    'graphInsertionMetric (threshold 0.3, at most 2 neighbours)',
    () => graphInsertionMetric({ threshold: 0.3, maxNeighbours: 2 }),
    graphInsertion(0.3, 2),
  ],
  ['conceptSetMetric', () => conceptSetMetric(), conceptSet],
  ['conceptFuzzyMetric', () => conceptFuzzyMetric(), conceptFuzzy(0.5)],
  ['conceptFuzzyMetric (sigma 1)', () => conceptFuzzyMetric({ sigma: 1 }), conceptFuzzy(1)],
  ['uniqueCodeMetric', () => uniqueCodeMetric(), uniqueCode],
];

for (const [name, factory, reference] of implementations) describeNoveltyMetric(name, factory, { reference });

describe('the NoveltyMetric conformance list', () => {
  it('runs every metric `boden score` runs by default', () => {
    const covered = new Set(implementations.map(([, factory]) => factory().id));
    for (const metric of defaultNoveltyMetrics()) expect(covered, metric.id).toContain(metric.id);
  });
});
