import { z } from 'zod';
import type { Judge } from '../judges/judge.js';
import { RubricJudge } from '../judges/rubric-judge.js';
import { Corpus } from './corpus.js';

const isJudge = (value: unknown): boolean =>
  value !== null && typeof value === 'object' && typeof (value as Judge).id === 'string' && typeof (value as Judge).judge === 'function';

/** Options of `createHCreativityScorer`; the defaults live here. */
export const hCreativityScorerOptionsSchema = z.strictObject({
  /** The corpus of the task's solutions (see `buildCorpus`, `openCorpus`). */
  corpus: z.custom<Corpus>((value) => value instanceof Corpus, 'expected a Corpus (from buildCorpus or openCorpus)'),
  /** Scores the episode 0-4 against its nearest corpus solutions; the offline `RubricJudge` by default. */
  judge: z.custom<Judge>(isJudge, 'expected a Judge (an object with id and judge())').default(() => new RubricJudge()),
  /** How many nearest corpus solutions the judge sees. */
  k: z.number().int().min(1).default(10),
});

/** Options of `createHCreativityScorer` as callers pass them. */
export type HCreativityScorerOptions = z.input<typeof hCreativityScorerOptionsSchema>;
