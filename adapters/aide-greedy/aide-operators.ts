import type { OperatorProposal } from '../search-loop/index.js';
import type { AideNode } from './aide-node.js';

/** What every AIDE operator is given: the journal so far (for its Memory section) and the shaping directive. */
export interface AideOperatorInput {
  readonly journal: readonly AideNode[];
  /** A novelty directive to add to the prompt, when shaping asks for more exploration. */
  readonly directive?: string;
}

/** The host's AIDE operators (`_draft`, `_improve`, `_debug`): LLM calls in practice, injected. */
export interface AideOperators {
  draft(input: AideOperatorInput): OperatorProposal | PromiseLike<OperatorProposal>;
  improve(input: AideOperatorInput & { readonly parent: AideNode }): OperatorProposal | PromiseLike<OperatorProposal>;
  debug(input: AideOperatorInput & { readonly parent: AideNode }): OperatorProposal | PromiseLike<OperatorProposal>;
}
