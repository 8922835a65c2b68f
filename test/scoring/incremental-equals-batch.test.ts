import { describe, expect, it } from 'vitest';
import { expandTrajectoryInputs, importTrajectory } from '../../adapters/trajectory/index.js';
import { HashingEmbedder } from '../../src/embedder/hashing-embedder.js';
import { defaultConceptSource } from '../../src/scoring/default-novelty-scorer-parts.js';
import { scoreRunNovelty } from '../../src/scoring/score-run-novelty.js';
import { createHnswVectorIndex } from '../../src/vector-index/index.js';
import type { Run } from '../../src/index.js';
import { hasSharedData, sharedDataPath } from '../support/shared-data.js';

const dot = (left: Float32Array, right: Float32Array) => left.reduce((sum, value, index) => sum + value * right[index]!, 0);
const clamp = (value: number) => Math.min(1, Math.max(0, value));

/**
 * The paper's definitions computed the slow, obvious way from every pair of vectors: the oracle the online
 * scorer must match. Vectors come from the same embedder replayed in run order (online IDF).
 */
function batchScores(run: Run) {
  const embedder = new HashingEmbedder();
  const concepts = defaultConceptSource();
  const vectors: Float32Array[] = [];
  const conceptLists: (readonly string[])[] = [];
  for (const episode of run.episodes) {
    vectors.push(embedder.embedOne({ plan: episode.plan, code: episode.code }));
    conceptLists.push(concepts.extract(episode));
    embedder.observe([{ plan: episode.plan, code: episode.code }]);
  }
  return run.episodes.map((_, i) => {
    if (i === 0) return { 'nearest-neighbour': 1, centroid: 1, 'mean-distance': 1, 'concept-set': 1, 'concept-fuzzy': 1 };
    const similarities = vectors.slice(0, i).map((earlier) => dot(vectors[i]!, earlier));
    const mean = new Float32Array(vectors[i]!.length);
    for (const earlier of vectors.slice(0, i)) earlier.forEach((value, index) => (mean[index]! += value / i));
    const meanNorm = Math.hypot(...mean);
    const seen = new Set(conceptLists.slice(0, i).flat());
    const own = conceptLists[i]!;
    const fuzzy = own.map((concept) => {
      if (seen.has(concept)) return 0;
      const vector = concepts.embedding(concept)!;
      const best = Math.max(
        0,
        ...[...seen].map((other) => {
          const otherVector = concepts.embedding(other)!;
          const squared = vector.reduce((sum, value, index) => sum + (value - otherVector[index]!) ** 2, 0);
          return Math.exp(-squared / (2 * 0.5 * 0.5));
        }),
      );
      return 1 - best;
    });
    return {
      'nearest-neighbour': clamp(1 - Math.max(...similarities)),
      centroid: clamp(1 - dot(vectors[i]!, mean) / meanNorm),
      'mean-distance': clamp(similarities.reduce((sum, similarity) => sum + (1 - similarity), 0) / i),
      'concept-set': own.length === 0 ? 0 : own.filter((concept) => !seen.has(concept)).length / own.length,
      'concept-fuzzy': own.length === 0 ? 0 : fuzzy.reduce((sum, value) => sum + value, 0) / own.length,
    };
  });
}

describe.skipIf(!hasSharedData)('online scores of a finished run equal its batch scores', () => {
  it('on every shared trajectory, with the default (exact) index and with HNSW', async () => {
    const inputs = await expandTrajectoryInputs([sharedDataPath('trajectories')]);
    let compared = 0;
    for (const input of inputs) {
      const [run] = await importTrajectory(input);
      if (run!.episodes.length === 0) continue;
      const expected = batchScores(run!);
      const online = await scoreRunNovelty(run!);
      const withHnsw = await scoreRunNovelty(run!, { index: createHnswVectorIndex({ dimensions: 512 }) });
      run!.episodes.forEach((episode, index) => {
        for (const [metric, value] of Object.entries(expected[index]!)) {
          expect(online.scores.get(episode.id)!.scores[metric], `${run!.id} episode ${index} ${metric}`).toBeCloseTo(value, 5);
          expect(withHnsw.scores.get(episode.id)!.scores[metric], `${run!.id} episode ${index} ${metric} (HNSW)`).toBeCloseTo(value, 5);
        }
        compared += 1;
      });
    }
    expect(compared).toBe(449);
  });
});
