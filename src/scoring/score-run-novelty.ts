import { z } from 'zod';
import type { Run } from '../episode/run.js';
import { checkArgument } from '../options/check-argument.js';
import { createNoveltyScorer, ScorableNodeSchema, type NoveltyScore } from './novelty-scorer.js';
import type { NoveltyScorerOptions } from './novelty-scorer-options.js';

/** What `scoreRunNovelty` checks a run against: an id and episodes with ids, plans and code. */
const ScoredRunSchema = z.object({ id: z.string().min(1), episodes: z.array(ScorableNodeSchema) });

/**
 * Scores every episode of a finished run in run order through a fresh online scorer: each episode is scored
 * against the episodes before it and then observed, exactly as a live search would have seen them.
 * Returns the metric ids in column order and the scores per episode id. `options` are the scorer's (`runId` is
 * the run's own).
 */
export async function scoreRunNovelty(
  run: Pick<Run, 'id' | 'episodes'>,
  options: Omit<NoveltyScorerOptions, 'runId'> = {},
): Promise<{ metricIds: readonly string[]; scores: Map<string, NoveltyScore> }> {
  checkArgument(ScoredRunSchema, run, 'run');
  const scorer = createNoveltyScorer({ ...options, runId: run.id });
  const scores = new Map<string, NoveltyScore>();
  for (const episode of run.episodes) {
    const node = { id: episode.id, plan: episode.plan, code: episode.code };
    scores.set(episode.id, await scorer.score(node));
    await scorer.observe(node, { valid: true });
  }
  return { metricIds: scorer.metricIds, scores };
}
