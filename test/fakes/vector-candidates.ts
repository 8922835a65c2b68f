import { createExactVectorIndex, type ExactVectorIndex } from '../../src/vector-index/index.js';
import type { NoveltyCandidate, NoveltyMetric, NoveltyRunContext } from '../../src/metrics/novelty-metric.js';

/** A unit vector from its components (normalised here, so tests can write `[1, 1, 0]`). */
export function unit(components: readonly number[]): Float32Array {
  const norm = Math.hypot(...components);
  return Float32Array.from(components, (value) => value / norm);
}

/** A candidate with a hand-chosen vector and concepts. */
export function candidate(id: string, vector: readonly number[], concepts: readonly string[] = []): NoveltyCandidate {
  return { id, plan: id, code: id, vector: unit(vector), concepts: [...concepts].sort() };
}

/**
 * Runs `metric` over `candidates` in order the way the scorer does (score, then add to the index, then observe)
 * and returns the scores.
 */
export function replay(
  metric: NoveltyMetric,
  candidates: readonly NoveltyCandidate[],
  conceptEmbedding: NoveltyRunContext['conceptEmbedding'] = () => undefined,
): number[] {
  const dimensions = candidates[0]?.vector.length ?? 1;
  const index: ExactVectorIndex = createExactVectorIndex({ dimensions });
  const run = metric.startRun({ index, conceptEmbedding });
  return candidates.map((item) => {
    const score = run.score(item);
    index.add(item.id, item.vector);
    run.observe(item);
    return score;
  });
}
