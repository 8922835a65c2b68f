import type { OperatorProposal } from '../search-loop/index.js';
import type { MctsNode } from './mcts-node.js';

/** What every MCTS operator is given: the tree's root (for memory) and the shaping directive. */
export interface MctsOperatorInput {
  readonly root: MctsNode;
  /** A novelty directive to add to the prompt, when shaping asks for more exploration. */
  readonly directive?: string;
}

/** The host's AIRA-dojo operators for MCTS (`draft_op`, `improve_op`, `debug_op`): LLM calls in practice. */
export interface MctsOperators {
  draft(input: MctsOperatorInput): OperatorProposal | PromiseLike<OperatorProposal>;
  improve(input: MctsOperatorInput & { readonly parent: MctsNode }): OperatorProposal | PromiseLike<OperatorProposal>;
  debug(input: MctsOperatorInput & { readonly parent: MctsNode }): OperatorProposal | PromiseLike<OperatorProposal>;
}
