import { z } from 'zod';
import { HashingEmbedder } from '../embedder/hashing-embedder.js';
import { parseOptions } from '../options/parse-options.js';
import { createAutoVectorIndex } from '../vector-index/auto-vector-index.js';
import { clampUnit } from './clamp-unit.js';
import type { NoveltyCandidate, NoveltyMetric } from './novelty-metric.js';

/** Options of `codeNearestNeighbourMetric`, with their defaults. */
export const CodeNearestNeighbourMetricOptionsSchema = z.strictObject({
  /** Length of the code vectors: 256, the length of the default `HashingEmbedder`'s code block. */
  dimensions: z.number().int().min(8).max(32_768).default(256),
});

/** Options of `codeNearestNeighbourMetric` as callers write them. */
export type CodeNearestNeighbourMetricOptions = z.input<typeof CodeNearestNeighbourMetricOptionsSchema>;

/** A candidate's code vector, and how many episodes the run's IDF counted when it was made (null: code with no terms). */
interface CodeVector {
  readonly observed: number;
  readonly input: { readonly plan: ''; readonly code: string };
  readonly vector: Float32Array | null;
}

/**
 * Code-only nearest-neighbour novelty: `1 − max_{j<i} cos(c_i, c_j)` over vectors of the code alone, clamped to
 * [0, 1]. The plan is never read: a model rewrites its plan's prose at every step (in the shared real-model run the
 * plan-and-code `nearest-neighbour` stayed at 0.16-0.59 while the model tweaked one setting at a time; over the code
 * alone those steps score 0-0.25, mostly below 0.1), so this is the novelty of what the program does. The vectors are
 * the code block of an offline `HashingEmbedder` of the run's own (identifiers and API names by tf × IDF learned
 * online from the run's observed code; comments, strings and numbers never count, so a change of settings alone
 * scores 0), whatever embedder the scorer uses, kept in the metric's own index. Each observed episode's vector is
 * made under the IDF of the episodes observed before it. Code with no terms at all is as near as can be to earlier
 * such code (0) and unrelated to any other (1).
 */
export function codeNearestNeighbourMetric(options: CodeNearestNeighbourMetricOptions = {}): NoveltyMetric {
  const { dimensions } = parseOptions(CodeNearestNeighbourMetricOptionsSchema, options, 'codeNearestNeighbourMetric');
  return {
    specificationVersion: 'v1',
    id: 'code-nearest-neighbour',
    description: "cosine distance of the code alone (plan ignored) to the most similar earlier episode's (1 for the first episode)",
    startRun() {
      // An empty plan leaves the plan block empty, so the code block holds the whole unit vector.
      const embedder = new HashingEmbedder({ dimensions: 2 * dimensions, planWeight: 0 });
      const index = createAutoVectorIndex({ dimensions });
      const vectors = new WeakMap<NoveltyCandidate, CodeVector>();
      let observed = 0;
      let codeWithoutTermsObserved = false;
      const codeVectorOf = (candidate: NoveltyCandidate): CodeVector => {
        const cached = vectors.get(candidate);
        if (cached !== undefined && cached.observed === observed && cached.input.code === candidate.code) return cached;
        const input = { plan: '', code: candidate.code } as const;
        const block = embedder.embedOne(input).subarray(dimensions);
        const vector = block.some((value) => value !== 0) ? block : null;
        const made = { observed, input, vector };
        vectors.set(candidate, made);
        return made;
      };
      return {
        score(candidate) {
          const { vector } = codeVectorOf(candidate);
          if (vector === null) return codeWithoutTermsObserved ? 0 : 1;
          const [nearest] = index.search(vector, 1);
          return nearest === undefined ? 1 : clampUnit(1 - nearest.similarity);
        },
        observe(candidate) {
          const { input, vector } = codeVectorOf(candidate);
          embedder.observe([input]);
          observed += 1;
          // Its own ids: the run may reuse a candidate's id, and each observed episode is one point.
          if (vector === null) codeWithoutTermsObserved = true;
          else index.add(String(observed), vector);
        },
      };
    },
  };
}
