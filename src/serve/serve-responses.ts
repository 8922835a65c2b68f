import { z } from 'zod';

/** What `/health` answers. */
export const ServeHealthSchema = z.strictObject({
  /** `degraded` (HTTP 503) when calls cannot be acknowledged: see `storage`. */
  status: z.enum(['ok', 'degraded']),
  /** Why calls cannot be acknowledged now (the data directory was removed, the last log write failed), or null. */
  storage: z.string().nullable(),
  runs: z.number().int(),
  /** Runs whose log ended in a torn (never acknowledged) record at start, dropped. */
  tornTails: z.array(z.string()),
  /** Logs that could not be replayed whole at start: damaged lines cut out and kept aside, or the file set aside. */
  recoveries: z.array(
    z.strictObject({
      file: z.string(),
      runId: z.string().nullable(),
      action: z.enum(['cut', 'set-aside', 'unreadable']),
      lines: z.array(z.number().int()),
      keptAt: z.string().nullable(),
      reason: z.string(),
    }),
  ),
});

/** Every error answer: what is wrong, and for a bad body the field. */
export const ServeErrorSchema = z.strictObject({ error: z.string(), field: z.string().optional() });
