import { z } from 'zod';

/** Options of `createEvolutionarySelector`. */
export const EvolutionarySelectorOptionsSchema = z
  .object({
    /** Parents per operator (`few_shot`): 1 to improve, 2 to cross over. */
    improveParents: z.number().int().min(1).default(1),
    crossoverParents: z.number().int().min(1).default(2),
    /**
     * How parents are drawn within the sampled island: `softmax` (AIRA-dojo: softmax of normalised fitness / T) or
     * `shinka-weighted` (ShinkaEvolve: sigmoid of the median/MAD-scaled fitness × 1 / (1 + children)).
     */
    parentSampling: z.enum(['softmax', 'shinka-weighted']).default('softmax'),
    /** ShinkaEvolve's `parent_selection_lambda`. */
    shinkaLambda: z.number().finite().min(0).default(10),
  })
  .strict();

/** Options of `createEvolutionarySelector` as callers write them. */
export type EvolutionarySelectorOptions = z.input<typeof EvolutionarySelectorOptionsSchema>;
