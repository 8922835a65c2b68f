import { z } from 'zod';
import { EpisodeSchema } from './episode.js';
import { InfeasibleAttemptSchema } from './infeasible-attempt.js';
import { TrajectoryFormatSchema } from './trajectory-format.js';

/** Header of a run: where it came from and what its score means, without its episodes. */
export const RunHeaderSchema = z.object({
  /** Run id, by default the trajectory's file or directory name without its format suffix. */
  id: z.string().min(1),
  /** The file or directory the run was read from, and its format. */
  source: z.object({ path: z.string(), format: TrajectoryFormatSchema }),
  /** The score's metric: its name when the format gives one, and its direction. */
  metric: z.object({ name: z.string().nullable(), maximize: z.boolean() }),
  /** How many nodes the trajectory had (virtual roots excluded). */
  nodeCount: z.number().int().nonnegative(),
});

/** A run: its header, its episodes in order, and its infeasible attempts. */
export const RunSchema = RunHeaderSchema.extend({
  episodes: z.array(EpisodeSchema),
  infeasibleAttempts: z.array(InfeasibleAttemptSchema),
});

/** A run header: see `RunHeaderSchema`. */
export type RunHeader = z.infer<typeof RunHeaderSchema>;
/** A run: see `RunSchema`. */
export type Run = z.infer<typeof RunSchema>;
