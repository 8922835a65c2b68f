import { z } from 'zod';
import type { Judge, JudgedEpisode } from '../judges/judge.js';
import { parseOptions } from '../options/parse-options.js';
import { createNoveltyScorer, type NoveltyScorer } from '../scoring/novelty-scorer.js';
import { hasMethods } from './collaborator-schemas.js';
import { createCachedNoveltySource, type NoveltySource } from './novelty-source.js';

/** Options of `judgeNoveltySource`. */
export const JudgeNoveltySourceOptionsSchema = z
  .object({
    /** Any `Judge` (rubric, LLM, escalating): its 0-4 verdict becomes the novelty. */
    judge: z.custom<Judge>(hasMethods('judge'), 'expected a Judge (judge())'),
    /** Names the run in the judge's input (for its caches and events). */
    runId: z.string().min(1).default('run'),
    /**
     * Scores every node before it is judged, so the judge gets the continuous evidence `boden score` gives it
     * (`JudgeInput.novelty`, by metric id): the rubric judge's thresholds were fitted on it. Default: a fresh
     * `createNoveltyScorer({ runId })` (offline embedder, auto index, every default metric).
     */
    scorer: z.custom<NoveltyScorer>(hasMethods('score', 'observe'), 'expected a NoveltyScorer (score(), observe())').optional(),
  })
  .strict();

/** Options of `judgeNoveltySource` as callers write them. */
export type JudgeNoveltySourceOptions = z.input<typeof JudgeNoveltySourceOptionsSchema>;

/**
 * Novelty from a judge: the verdict's rubric score (0 Routine … 4 Transformational) mapped to [0, 1] as score / 4,
 * judged against the run's valid episodes so far, in run order, with the scorer's metrics as the judge's evidence
 * (as offline: the same episodes in the same order get the verdicts `judgeRun` gives them with `scoreRunNovelty`'s
 * scores). A judge that throws despite its contract yields an undefined novelty (no bonus, no rejection) rather
 * than stopping the search.
 *
 * @example
 * const novelty = judgeNoveltySource({ judge: myRubricJudge, runId: 'run-1' });
 */
export function judgeNoveltySource(options: JudgeNoveltySourceOptions): NoveltySource {
  const { judge, runId, ...parsed } = parseOptions(JudgeNoveltySourceOptionsSchema, options, 'judgeNoveltySource');
  const scorer = parsed.scorer ?? createNoveltyScorer({ runId });
  const earlier: JudgedEpisode[] = [];
  return createCachedNoveltySource({
    id: `judge:${judge.id}`,
    async measure(node) {
      const episode: JudgedEpisode = { id: node.id, plan: node.plan, code: node.code, summary: null };
      const { scores, concepts } = await scorer.score(node);
      const verdict = await judge.judge({ runId, episode, earlier: [...earlier], novelty: scores });
      return { novelty: Math.min(4, Math.max(0, verdict.score)) / 4, concepts };
    },
    async learn(node, outcome) {
      await scorer.observe(node, { valid: outcome.valid });
      if (outcome.valid) earlier.push({ id: node.id, plan: node.plan, code: node.code, summary: null });
    },
  });
}
