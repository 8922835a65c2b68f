import { z } from 'zod';

/** Options of `conceptFuzzyMetric`, with their defaults. */
export const ConceptFuzzyMetricOptionsSchema = z
  .object({
    /** Width σ of the Gaussian membership `exp(−‖u − u'‖² / 2σ²)` over unit concept embeddings. */
    sigma: z.number().positive().default(0.5),
  })
  .strict();

/** Options of `conceptFuzzyMetric` as callers write them. */
export type ConceptFuzzyMetricOptions = z.input<typeof ConceptFuzzyMetricOptionsSchema>;
