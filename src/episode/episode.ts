import { z } from 'zod';

/** Flags an importer puts on an episode that a judge or metric should know about. */
export const EpisodeFlagSchema = z.enum(['seed', 'seed-aggregation']);

/** Format-specific extras kept verbatim (AI-Scientist-v2's `ablation_name`, OpenEvolve's `island`, ...). */
export const EpisodeMetadataSchema = z.record(
  z.string(),
  z.union([z.string(), z.number(), z.boolean(), z.null()], { error: 'expected a string, number, boolean or null' }),
);

/**
 * One episode (the paper's §3.1): it begins when the agent proposes a new plan and ends when code runs
 * with a valid score; the failed attempts in between are folded into it. Identified by its ending node.
 */
export const EpisodeSchema = z.object({
  /** Id of the valid node that ends the episode. */
  id: z.string().min(1),
  /** Id of the run the episode belongs to. */
  runId: z.string().min(1),
  /** Position in the run, 0-based, ordered by the ending node's step. */
  index: z.number().int().nonnegative(),
  /** Step (creation order) of the node that started the episode and of the node that ended it. */
  steps: z.object({ first: z.number().int(), last: z.number().int() }),
  /** The plan of the node that started the episode. */
  plan: z.string(),
  /** The code of the ending node: what ran with a valid score. */
  code: z.string(),
  /** The agent's own analysis or summary of the ending node, when the format has one. */
  summary: z.string().nullable(),
  /** The validation score of the ending node: always a finite number. */
  score: z.number().finite(),
  /** Whether a higher score is better. */
  maximize: z.boolean(),
  /** Buggy or invalid nodes between the plan and the valid node. */
  failedAttempts: z.number().int().nonnegative(),
  /** The episode this one builds on (the valid node its first node was derived from), or null for a draft. */
  parentEpisodeId: z.string().nullable(),
  /** Further episodes it builds on (crossover parents beyond the first). */
  otherParentEpisodeIds: z.array(z.string()).default([]),
  /** Creation times of the first and last node, in seconds since the epoch, when the format records them. */
  timestamps: z.object({ start: z.number().nullable(), end: z.number().nullable() }),
  /** Ids of every node in the episode, first to last. */
  nodeIds: z.array(z.string()).min(1),
  /** Operators that produced the first node (AIRA-dojo's `operators_used`, or `draft`/`improve`/`debug`). */
  operators: z.array(z.string()).default([]),
  /** Seed re-runs and seed aggregations (AI-Scientist-v2). */
  flags: z.array(EpisodeFlagSchema).default([]),
  /** Format-specific extras. */
  metadata: EpisodeMetadataSchema.default({}),
});

/** An episode: see `EpisodeSchema`. */
export type Episode = z.infer<typeof EpisodeSchema>;
/** A flag on an episode: see `EpisodeFlagSchema`. */
export type EpisodeFlag = z.infer<typeof EpisodeFlagSchema>;
