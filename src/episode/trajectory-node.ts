/**
 * A node of any agent's search tree, normalised by an importer before segmentation: the common ground of
 * AIDE, AI-Scientist-v2, AIRA-dojo and OpenEvolve nodes.
 */
export interface TrajectoryNode {
  readonly id: string;
  /** Creation order; episodes are ordered by the step of their ending node. */
  readonly step: number;
  /** Parent ids, primary parent first; empty for a draft. */
  readonly parentIds: readonly string[];
  readonly plan: string;
  readonly code: string;
  readonly summary: string | null;
  readonly isBuggy: boolean;
  /** The score, or null when the node produced none. A non-finite number is never stored here. */
  readonly score: number | null;
  readonly maximize: boolean | null;
  /** Creation time in seconds since the epoch. */
  readonly createdAt: number | null;
  readonly operators: readonly string[];
  readonly flags: readonly ('seed' | 'seed-aggregation')[];
  readonly metadata: Readonly<Record<string, string | number | boolean | null>>;
  /** Where the node sits in its file, for error messages (`$.nodes[3]`, `line 7`, `programs/x.json`). */
  readonly location: string;
}
