import { z } from 'zod';
import { NoveltySourceSchema } from './collaborator-schemas.js';

/** Options of `noveltyBonus`. */
export const NoveltyBonusOptionsSchema = z
  .object({
    /** λ in value' = usefulness + λ · novelty; 0 leaves every choice unchanged. */
    strength: z.number().finite().min(0).default(0.5),
    /**
     * Where novelty comes from: a `NoveltySource` (a scorer metric or a judge), `'candidate'` for the novelty the
     * host put on each candidate (MCTS's backed-up mean), or `'constant'` (1 for every node: with `decay:
     * 'children'` this is ShinkaEvolve's offspring-count bonus, the non-semantic baseline).
     */
    source: z.union([NoveltySourceSchema, z.enum(['candidate', 'constant'])], {
      error: "expected a NoveltySource (assess(), assessment() and observe()), 'candidate' or 'constant'",
    }),
    /**
     * `'min-max'`: usefulness is min-max normalised to [0, 1] first (against the request's range, else the
     * candidates'), so λ is in units of the observed spread. `'none'`: the bonus is added to the raw values.
     */
    normalise: z.enum(['min-max', 'none']).default('min-max'),
    /** `'children'` multiplies the novelty by ShinkaEvolve's 1 / (1 + children), favouring less-expanded nodes. */
    decay: z.enum(['none', 'children']).default('none'),
    /**
     * Which novelty a candidate gets: `'admission'`, the source's assessment when the node was created (its
     * P-creativity against the episodes before it); `'current'`, its novelty against everything seen since, asked
     * of the source at every selection (novelty search's sparseness; needs a source with `currentNovelty`, e.g.
     * `functionNoveltySource({ current: true })`).
     */
    timing: z.enum(['admission', 'current']).default('admission'),
    /**
     * Scale the bonus to the selector: `strength` becomes the starting weight, and after every contested selection
     * (improve, cross over or descend among two or more valued candidates) the weight is multiplied by
     * `exp(rate × (shift − changed))`, where `changed` is 1 when the shaped choice differs from what the rest of the
     * chain chooses without the bonus under the same random draws. The weight settles where the bonus changes
     * `shift` of the choices, so one setting means the same under greedy argmax, UCT and softmax sampling.
     */
    autoScale: z
      .object({
        /** The share of contested choices the bonus should change, in (0, 1). */
        shift: z.number().gt(0).lt(1),
        /** Step of the multiplicative update (log-weight per selection). */
        rate: z.number().finite().positive().default(0.2),
        /** The weight stays within [minStrength, maxStrength]. */
        minStrength: z.number().finite().positive().default(1e-3),
        maxStrength: z.number().finite().positive().default(100),
      })
      .strict()
      .refine((scale) => scale.minStrength <= scale.maxStrength, {
        message: 'minStrength must not exceed maxStrength',
        path: ['minStrength'],
      })
      .optional(),
    /**
     * Probe every contested selection as `autoScale` does and count how often the bonus changed the choice
     * (`shifts`), without tuning anything; `autoScale` always counts.
     */
    countShifts: z.boolean().default(false),
  })
  .strict()
  .refine((options) => options.autoScale === undefined || options.strength > 0, {
    message: 'autoScale starts from strength, which must then be > 0',
    path: ['strength'],
  })
  .refine(
    (options) =>
      options.timing === 'admission' || (typeof options.source === 'object' && typeof options.source.currentNovelty === 'function'),
    {
      message: "timing 'current' needs a NoveltySource with currentNovelty(), e.g. functionNoveltySource({ current: true })",
      path: ['timing'],
    },
  );

/** Options of `noveltyBonus` as callers write them. */
export type NoveltyBonusOptions = z.input<typeof NoveltyBonusOptionsSchema>;
