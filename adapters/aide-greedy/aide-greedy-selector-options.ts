import { z } from 'zod';

/** Options of `createAideGreedySelector`: AIDE's `search` config (`aide/utils/config.yaml`), with its defaults. */
export const AideGreedySelectorOptionsSchema = z
  .object({
    /** Draft until the journal holds this many drafts (`num_drafts`). */
    numDrafts: z.number().int().min(0).default(5),
    /** Probability of trying to debug at each step (`debug_prob`). */
    debugProbability: z.number().min(0).max(1).default(0.5),
    /** Only buggy leaves with `debug_depth <= maxDebugDepth` are debugged (`max_debug_depth`). */
    maxDebugDepth: z.number().int().min(0).default(3),
  })
  .strict();

/** Options of `createAideGreedySelector` as callers write them. */
export type AideGreedySelectorOptions = z.input<typeof AideGreedySelectorOptionsSchema>;
