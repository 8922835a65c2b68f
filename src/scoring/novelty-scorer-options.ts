import { z } from 'zod';
import type { Embedder } from '../embedder/embedder.js';
import type { NoveltyMetric } from '../metrics/novelty-metric.js';
import type { VectorIndex } from '../vector-index/vector-index.js';

/** What the scorer needs of a concept extractor: concepts of a text, and a concept's embedding. */
export interface ConceptSource {
  /** Sorted, unique concept ids found in the plan and the code. */
  extract(input: { readonly plan: string; readonly code: string }): readonly string[];
  /** The concept's unit embedding, undefined for an unknown id. */
  embedding(conceptId: string): Float32Array | undefined;
}

const hasMethods =
  (...names: string[]) =>
  (value: unknown) =>
    value !== null && typeof value === 'object' && names.every((name) => typeof (value as Record<string, unknown>)[name] === 'function');

/** Options of `createNoveltyScorer`; every collaborator is injected, with offline defaults. */
export const NoveltyScorerOptionsSchema = z
  .object({
    /** Names the run in events. */
    runId: z.string().min(1).default('run'),
    /** Embeds plan + code; default a fresh `HashingEmbedder` (offline, online IDF). */
    embedder: z.custom<Embedder>(hasMethods('embed'), 'expected an Embedder (an object with embed())').optional(),
    /** Holds the run's episode vectors; default an `AutoVectorIndex` of the embedder's dimensions. */
    index: z.custom<VectorIndex>(hasMethods('add', 'search'), 'expected a VectorIndex (add() and search())').optional(),
    /** The metrics to run; default the six families of the paper plus the duplicate check. */
    metrics: z.array(z.custom<NoveltyMetric>(hasMethods('startRun'), 'expected a NoveltyMetric (startRun())')).optional(),
    /** Concept extraction for the concept metrics; default the curated ML vocabulary. */
    concepts: z.custom<ConceptSource>(hasMethods('extract', 'embedding'), 'expected a ConceptSource').optional(),
    /** Milliseconds clock for timings; default `performance.now`. */
    clock: z.custom<() => number>((value) => typeof value === 'function', 'expected a function').optional(),
    /** How many nearest episodes each score reports. */
    nearest: z.number().int().nonnegative().default(3),
    /** Neighbours fetched in the one k-NN search each score() shares among its metrics. */
    neighbours: z.number().int().positive().default(32),
  })
  .strict();

/** Options of `createNoveltyScorer` as callers write them. */
export type NoveltyScorerOptions = z.input<typeof NoveltyScorerOptionsSchema>;
