import { defaultConceptExtractor } from '../concepts/default-concept-extractor.js';
import type { Embedder } from '../embedder/embedder.js';
import { HashingEmbedder } from '../embedder/hashing-embedder.js';
import { defaultNoveltyMetrics } from '../metrics/default-novelty-metrics.js';
import type { NoveltyMetric } from '../metrics/novelty-metric.js';
import { createAutoVectorIndex } from '../vector-index/auto-vector-index.js';
import type { VectorIndex } from '../vector-index/vector-index.js';
import type { ConceptSource } from './novelty-scorer-options.js';

/** The collaborators of a scorer after defaults are filled in. */
export interface NoveltyScorerParts {
  readonly embedder: Embedder;
  readonly index: VectorIndex;
  readonly metrics: readonly NoveltyMetric[];
  readonly concepts: ConceptSource;
}

// Every run's scorer shares the same source around the process's default extractor.
let sharedSource: ConceptSource | undefined;

/** The curated ML-concept vocabulary as a `ConceptSource`. */
export function defaultConceptSource(): ConceptSource {
  if (sharedSource !== undefined) return sharedSource;
  const extractor = defaultConceptExtractor();
  const known = new Set(extractor.vocabulary.map((concept) => concept.id));
  sharedSource = {
    extract: (input) => extractor.extract(input),
    embedding: (id) => (known.has(id) ? extractor.conceptEmbedding(id) : undefined),
  };
  return sharedSource;
}

/**
 * Fills in what the caller left out: a fresh `HashingEmbedder` (a given embedder is used as it is: fork it per
 * run when it learns run state), an `AutoVectorIndex` of its dimensions, every registered metric, and the
 * curated concept vocabulary.
 */
export function defaultNoveltyScorerParts(options: {
  embedder?: Embedder | undefined;
  index?: VectorIndex | undefined;
  metrics?: readonly NoveltyMetric[] | undefined;
  concepts?: ConceptSource | undefined;
}): NoveltyScorerParts {
  const embedder = options.embedder ?? new HashingEmbedder();
  return {
    embedder,
    index: options.index ?? createAutoVectorIndex({ dimensions: embedder.dimensions }),
    metrics: options.metrics ?? defaultNoveltyMetrics(),
    concepts: options.concepts ?? defaultConceptSource(),
  };
}
