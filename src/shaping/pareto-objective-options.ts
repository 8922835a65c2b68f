import { z } from 'zod';
import { createSeededRandom } from '../random/random-source.js';
import { NoveltySourceSchema, RandomSourceSchema } from './collaborator-schemas.js';

/** Options of `paretoObjective`. */
export const ParetoObjectiveOptionsSchema = z
  .object({
    /** Novelty, the second objective: a `NoveltySource`, or `'candidate'` for the novelty the host put on candidates. */
    source: z.union([NoveltySourceSchema, z.literal('candidate')], {
      error: "expected a NoveltySource (assess(), assessment() and observe()) or 'candidate'",
    }),
    /** Share of the host's selections replaced by a pick from the Pareto front: 0 never, 1 always. */
    strength: z.number().min(0).max(1).default(1),
    /** The middleware's own random source (never the host's), for the front tournaments. */
    random: RandomSourceSchema.default(() => createSeededRandom(0x5eed)),
  })
  .strict();

/** Options of `paretoObjective` as callers write them. */
export type ParetoObjectiveOptions = z.input<typeof ParetoObjectiveOptionsSchema>;
