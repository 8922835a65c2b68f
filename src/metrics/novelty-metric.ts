/** What a novelty metric sees of an episode or candidate. */
export interface NoveltyCandidate {
  readonly id: string;
  readonly plan: string;
  readonly code: string;
  /** The embedder's vector of plan and code, when the scorer has an embedder. */
  readonly vector?: Float32Array;
}

/** The state a metric keeps for one run: ask (`score`) before the outcome, tell (`observe`) after it. */
export interface NoveltyMetricRun {
  /** Novelty in [0, 1] of `candidate` against the episodes observed so far: higher is more novel. */
  score(candidate: NoveltyCandidate): number;
  /** Adds a finished episode to the run's history. */
  observe(candidate: NoveltyCandidate): void;
}

/**
 * Role: an incremental P-creativity metric (the paper's Table 1 families): it scores an episode against the
 * run's earlier episodes, one episode at a time, so online and batch scores are the same.
 */
export interface NoveltyMetric {
  readonly specificationVersion: 'v1';
  /** Column name in `boden score` and row name in `boden validate`, e.g. `unique-code`. */
  readonly id: string;
  /** One sentence on what the score means, for help texts and reports. */
  readonly description: string;
  /** Starts the state of a new run. */
  startRun(): NoveltyMetricRun;
}
