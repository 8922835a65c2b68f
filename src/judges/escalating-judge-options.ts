import { z } from 'zod';
import type { Judge } from './judge.js';

const isJudge = (value: unknown) =>
  value !== null && typeof value === 'object' && typeof (value as Record<string, unknown>).judge === 'function';

/** Options of `createEscalatingJudge`, with their defaults. */
export const EscalatingJudgeOptionsSchema = z
  .object({
    /** The cheap judge asked first (usually the `RubricJudge`). */
    cheap: z.custom<Judge>(isJudge, 'expected a Judge (an object with judge())'),
    /** The expensive judge asked when the cheap one is unsure (usually an `LlmJudge`). */
    expensive: z.custom<Judge>(isJudge, 'expected a Judge (an object with judge())'),
    /** Escalate when the cheap verdict's confidence is below this. */
    threshold: z.number().min(0).max(1).default(0.5),
    /** At most this many escalations per run; past it the cheap verdict stands. */
    maxEscalationsPerRun: z.number().int().nonnegative().default(50),
  })
  .strict();

/** Options of `createEscalatingJudge` as callers write them. */
export type EscalatingJudgeOptions = z.input<typeof EscalatingJudgeOptionsSchema>;
