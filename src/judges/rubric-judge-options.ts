import { z } from 'zod';
import { ConceptExtractor } from '../concepts/concept-extractor.js';
import { RubricJudgeParametersSchema } from './rubric-judge-parameters.js';

/** Options of `new RubricJudge()`; the defaults live here. */
export const rubricJudgeOptionsSchema = z.strictObject({
  /** Provenance written into every verdict; change it when the parameters change. */
  id: z.string().min(1).default('rubric-v1'),
  /** Decision thresholds and rule reliabilities; default the checked-in fitted ones (`rubric-judge-parameters.json`). */
  parameters: RubricJudgeParametersSchema.optional(),
  /** Finds ML concepts and their categories, families and paradigms; default the curated vocabulary. */
  extractor: z.instanceof(ConceptExtractor).optional(),
  /** How many runs' histories the judge keeps; the least recently judged run is dropped first. */
  maxCachedRuns: z.number().int().positive().default(64),
  /** How many episode profiles the judge keeps per run (the least recently used dropped first); an older parent is profiled again. */
  maxCachedProfiles: z.number().int().positive().default(256),
});

/** Options of `new RubricJudge()` as callers write them. */
export type RubricJudgeOptions = z.input<typeof rubricJudgeOptionsSchema>;
