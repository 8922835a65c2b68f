/** A pipeline that ran on every fold: the mean of the per-fold scores. */
export interface SuccessfulEvaluation {
  readonly status: 'ok';
  readonly score: number;
  readonly foldScores: readonly number[];
  /** Estimated seconds of the cross-validation on the reference machine (`estimateFoldSeconds` × folds). */
  readonly estimatedSeconds: number;
  /** Wall time it took here: for reports only, never an input to the outcome. */
  readonly milliseconds: number;
}

/**
 * A pipeline that failed: a buggy node in the agent's tree, never a crashed benchmark. `cause` says whether the
 * pipeline threw or was over the work budget (both deterministic, so memoised), hit the pool's wall-clock hang
 * guard (`timeout`, which depends on the machine's load), or took its worker down.
 */
export interface BuggyEvaluation {
  readonly status: 'buggy';
  /** What a developer would see: the error message (and the tail of the library's output), or `timeout after N ms`. */
  readonly error: string;
  readonly cause: 'error' | 'budget' | 'timeout' | 'crash';
  /** For `budget`: the estimate that was over the budget. */
  readonly estimatedSeconds?: number;
  readonly milliseconds: number;
}

/** The outcome of one cross-validated pipeline evaluation. */
export type EvaluationResult = SuccessfulEvaluation | BuggyEvaluation;
