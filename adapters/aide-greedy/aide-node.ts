/** AIDE's operators; the stage of a node is the operator that made it (`Node.stage_name`). */
export type AideOperator = 'draft' | 'improve' | 'debug';

/** A node of an AIDE journal (`aide/journal.py` `Node`), as the greedy search keeps it. */
export interface AideNode {
  readonly id: string;
  /** Position in the journal (`Node.step`). */
  readonly step: number;
  /** Null for a draft (`parent is None`). */
  readonly parentId: string | null;
  readonly operator: AideOperator;
  readonly plan: string;
  readonly code: string;
  /** The validation metric as reported; null for a buggy node (`WorstMetricValue`). */
  readonly metric: number | null;
  readonly buggy: boolean;
  /** Consecutive debug steps ending here: 0 unless a debug node, else the parent's + 1 (`Node.debug_depth`). */
  readonly debugDepth: number;
  /** Ids of the node's children, in creation order (a leaf has none). */
  readonly children: readonly string[];
}
