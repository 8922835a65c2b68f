import type { VectorIndex } from '../vector-index/vector-index.js';

/** What a novelty metric sees of an episode or candidate: its text, its embedding and its concepts. */
export interface NoveltyCandidate {
  readonly id: string;
  readonly plan: string;
  readonly code: string;
  /** The embedder's L2-normalised vector of plan and code. */
  readonly vector: Float32Array;
  /** Ids of the ML concepts found in plan and code, sorted and unique. */
  readonly concepts: readonly string[];
}

/** What the scorer shares with every metric of a run. */
export interface NoveltyRunContext {
  /** The vectors of the run's observed episodes; metrics search it, only the scorer adds to it. */
  readonly index: Pick<VectorIndex, 'size' | 'search' | 'dimensions'>;
  /** The embedding of a concept (for fuzzy concept membership), undefined for an unknown id. */
  readonly conceptEmbedding: (conceptId: string) => Float32Array | undefined;
}

/** The state a metric keeps for one run: ask (`score`) before the outcome, tell (`observe`) after it. */
export interface NoveltyMetricRun {
  /** Novelty in [0, 1] of `candidate` against the episodes observed so far: higher is more novel. */
  score(candidate: NoveltyCandidate): number;
  /** Adds a finished episode to the metric's own history (the scorer has added it to the index already). */
  observe(candidate: NoveltyCandidate): void;
}

/**
 * Role: an incremental P-creativity metric (the paper's Table 1 families): it scores an episode against the
 * run's earlier episodes, one episode at a time, so a live search can score a node the moment it exists.
 * Every metric scores the first episode of a run 1: nothing came before it.
 */
export interface NoveltyMetric {
  readonly specificationVersion: 'v1';
  /** Column name in `boden score` and row name in `boden validate`, e.g. `nearest-neighbour`. */
  readonly id: string;
  /** One sentence on what the score means, for help texts and reports. */
  readonly description: string;
  /** Starts the state of a new run. */
  startRun(context: NoveltyRunContext): NoveltyMetricRun;
}
