/** What a host operator (draft, improve, debug, crossover: an LLM call in practice) returns. */
export interface OperatorProposal {
  /** A short natural-language plan. */
  readonly plan: string;
  /** The complete program implementing it. */
  readonly code: string;
}

/** A proposal about to be evaluated, with the id the search gave it and the operator that made it. */
export interface ProposedNode extends OperatorProposal {
  readonly id: string;
  readonly operator: string;
}

/** What the host's evaluation (run the code, read the validation metric) reports. */
export interface NodeEvaluation {
  /** The validation metric, or null when the run produced none. */
  readonly metric: number | null;
  /** True when the run failed or the reviewer found a bug (AIDE's `is_buggy`); a null metric is buggy too. */
  readonly buggy?: boolean;
}

/** Runs a proposal and reports its metric: the host's executor and reviewer. */
export type NodeEvaluator = (node: ProposedNode) => NodeEvaluation | PromiseLike<NodeEvaluation>;

/** True when an evaluation counts as buggy: flagged, or without a finite metric. */
export function isBuggy(evaluation: NodeEvaluation): boolean {
  return evaluation.buggy === true || evaluation.metric === null || !Number.isFinite(evaluation.metric);
}
