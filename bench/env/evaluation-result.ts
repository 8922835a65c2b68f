/** A pipeline that ran on every fold: the mean of the per-fold scores. */
export interface SuccessfulEvaluation {
  readonly status: 'ok';
  readonly score: number;
  readonly foldScores: readonly number[];
  readonly milliseconds: number;
}

/**
 * A pipeline that failed: a buggy node in the agent's tree, never a crashed benchmark. `cause` says whether the
 * pipeline threw (deterministic, so it is memoised), ran out of time, or took its worker down.
 */
export interface BuggyEvaluation {
  readonly status: 'buggy';
  /** What a developer would see: the error message (and the tail of the library's output), or `timeout after N ms`. */
  readonly error: string;
  readonly cause: 'error' | 'timeout' | 'crash';
  readonly milliseconds: number;
}

/** The outcome of one cross-validated pipeline evaluation. */
export type EvaluationResult = SuccessfulEvaluation | BuggyEvaluation;
