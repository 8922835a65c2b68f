/** The operator that made an MCTS node; the root is the empty node every AIRA-dojo solver starts from. */
export type MctsOperator = 'root' | 'draft' | 'improve' | 'debug';

/** A node of AIRA-dojo's MCTS tree (`MCTSNode`); the search owns and updates it, callers read it. */
export interface MctsNode {
  readonly id: string;
  /** Evaluation order (0 for the root). */
  readonly step: number;
  readonly operator: MctsOperator;
  readonly parent: MctsNode | null;
  readonly children: readonly MctsNode[];
  readonly plan: string;
  readonly code: string;
  /** The raw validation metric; null when buggy (and for the root). */
  readonly metric: number | null;
  readonly buggy: boolean;
  /** Consecutive debug steps ending here. */
  readonly debugDepth: number;
  /** `explore_count`: backups that passed through this node. */
  readonly visits: number;
  /** `node_value`: sum of the raw metrics backed up through this node. */
  readonly valueSum: number;
  /** Sum of the novelty backed up through this node (with `noveltyBackup`). */
  readonly noveltySum: number;
}
