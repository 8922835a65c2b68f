/** The operator that made an evolutionary node. */
export type EvolutionaryOperator = 'draft' | 'improve' | 'crossover' | 'debug';

/** A node of AIRA-dojo's evolutionary solver; the search owns and updates it, callers read it. */
export interface EvolutionaryNode {
  readonly id: string;
  /** Evaluation order, from 1. */
  readonly step: number;
  readonly generation: number;
  readonly operator: EvolutionaryOperator;
  /** Ids of the parents: none for a draft, one for improve and debug, two for crossover. */
  readonly parents: readonly string[];
  readonly plan: string;
  readonly code: string;
  /** The raw validation metric; null when buggy. */
  readonly metric: number | null;
  readonly buggy: boolean;
  /** The island the node lives on, or null when it is not in the population (buggy, not inserted, removed). */
  readonly island: number | null;
  /** How many nodes were made from this one (ShinkaEvolve's `children_count`). */
  readonly children: number;
}
