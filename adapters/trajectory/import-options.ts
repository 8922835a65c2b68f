import type { TrajectoryNode } from '../../src/episode/trajectory-node.js';

/** Options shared by the importers. */
export interface ImportOptions {
  /** Run id to use instead of the one derived from the file name. */
  readonly runId?: string;
  /** AI-Scientist-v2: the metric to score by (its `metric_name`, case-insensitive); default the first. */
  readonly metricName?: string;
  /**
   * Receives the trajectory's normalised nodes (creation order, before they are folded into episodes): node-level
   * measures such as bug rate and debug success need them. Boden's own episode files have no nodes.
   */
  readonly onNodes?: (nodes: readonly TrajectoryNode[]) => void;
}
