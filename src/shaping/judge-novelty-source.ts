import { z } from 'zod';
import type { Judge, JudgedEpisode } from '../judges/judge.js';
import { parseOptions } from '../options/parse-options.js';
import { hasMethods } from './collaborator-schemas.js';
import { createCachedNoveltySource, type NoveltySource } from './novelty-source.js';

/** Options of `judgeNoveltySource`. */
export const JudgeNoveltySourceOptionsSchema = z
  .object({
    /** Any `Judge` (rubric, LLM, escalating): its 0-4 verdict becomes the novelty. */
    judge: z.custom<Judge>(hasMethods('judge'), 'expected a Judge (judge())'),
    /** Names the run in the judge's input (for its caches and events). */
    runId: z.string().min(1).default('run'),
  })
  .strict();

/** Options of `judgeNoveltySource` as callers write them. */
export type JudgeNoveltySourceOptions = z.input<typeof JudgeNoveltySourceOptionsSchema>;

/**
 * Novelty from a judge: the verdict's rubric score (0 Routine … 4 Transformational) mapped to [0, 1] as score / 4,
 * judged against the run's valid episodes so far, in run order. A judge that throws despite its contract yields an
 * undefined novelty (no bonus, no rejection) rather than stopping the search.
 *
 * @example
 * const novelty = judgeNoveltySource({ judge: myRubricJudge, runId: 'run-1' });
 */
export function judgeNoveltySource(options: JudgeNoveltySourceOptions): NoveltySource {
  const { judge, runId } = parseOptions(JudgeNoveltySourceOptionsSchema, options, 'judgeNoveltySource');
  const earlier: JudgedEpisode[] = [];
  return createCachedNoveltySource({
    id: `judge:${judge.id}`,
    async measure(node) {
      const episode: JudgedEpisode = { id: node.id, plan: node.plan, code: node.code, summary: null };
      const verdict = await judge.judge({ runId, episode, earlier: [...earlier] });
      return { novelty: Math.min(4, Math.max(0, verdict.score)) / 4 };
    },
    async learn(node, outcome) {
      if (outcome.valid) earlier.push({ id: node.id, plan: node.plan, code: node.code, summary: null });
    },
  });
}
