import { z } from 'zod';

/** Options of `graphInsertionMetric`, with their defaults. */
export const GraphInsertionMetricOptionsSchema = z
  .object({
    /** Cosine similarity at or above which two episodes are joined by an edge. */
    threshold: z.number().min(-1).max(1).default(0.8),
    /** Most neighbours looked at per insertion; more edges than this count as this many. */
    maxNeighbours: z.number().int().positive().default(32),
  })
  .strict();

/** Options of `graphInsertionMetric` as callers write them. */
export type GraphInsertionMetricOptions = z.input<typeof GraphInsertionMetricOptionsSchema>;
