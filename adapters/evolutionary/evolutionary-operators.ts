import type { OperatorProposal } from '../search-loop/index.js';
import type { EvolutionaryNode } from './evolutionary-node.js';

/** What every evolutionary operator is given: the nodes so far and the shaping directive. */
export interface EvolutionaryOperatorInput {
  readonly nodes: readonly EvolutionaryNode[];
  /** A novelty directive to add to the prompt, when shaping asks for more exploration. */
  readonly directive?: string;
}

/** The host's AIRA-dojo operators for the evolutionary solver (`draft_op`, `improve_op`, `crossover_op`, `debug_op`). */
export interface EvolutionaryOperators {
  draft(input: EvolutionaryOperatorInput): OperatorProposal | PromiseLike<OperatorProposal>;
  improve(input: EvolutionaryOperatorInput & { readonly parent: EvolutionaryNode }): OperatorProposal | PromiseLike<OperatorProposal>;
  /** Combines two previously developed solutions. */
  crossover(
    input: EvolutionaryOperatorInput & { readonly parents: readonly [EvolutionaryNode, EvolutionaryNode] },
  ): OperatorProposal | PromiseLike<OperatorProposal>;
  debug(input: EvolutionaryOperatorInput & { readonly parent: EvolutionaryNode }): OperatorProposal | PromiseLike<OperatorProposal>;
}
