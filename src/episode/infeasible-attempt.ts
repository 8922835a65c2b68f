import { z } from 'zod';

/**
 * A chain of nodes that began with a new plan and never produced a valid score: not an episode, but it
 * counts against the run's feasibility.
 */
export const InfeasibleAttemptSchema = z.object({
  /** Id of the node whose plan began the attempt. */
  id: z.string().min(1),
  /** Id of the run. */
  runId: z.string().min(1),
  /** The plan of the first node. */
  plan: z.string(),
  /** Steps of the first and last node of the attempt. */
  steps: z.object({ first: z.number().int(), last: z.number().int() }),
  /** Every node of the attempt (the first node and its invalid descendants), in step order. */
  nodeIds: z.array(z.string()).min(1),
  /** The valid node the attempt was derived from, or null for a failed draft. */
  parentEpisodeId: z.string().nullable(),
});

/** An infeasible attempt: see `InfeasibleAttemptSchema`. */
export type InfeasibleAttempt = z.infer<typeof InfeasibleAttemptSchema>;
