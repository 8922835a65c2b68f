import type { Run } from '../episode/run.js';
import type { NoveltyMetric } from '../metrics/novelty-metric.js';

/**
 * Scores every episode of a run with each metric, in run order: each episode is scored against the episodes
 * before it and then observed, exactly as an online scorer would see them. Returns scores per episode id.
 */
export function scoreRunNovelty(run: Run, metrics: readonly NoveltyMetric[]): Map<string, Record<string, number>> {
  const states = metrics.map((metric) => ({ id: metric.id, state: metric.startRun() }));
  const scores = new Map<string, Record<string, number>>();
  for (const episode of run.episodes) {
    const candidate = { id: episode.id, plan: episode.plan, code: episode.code };
    const row: Record<string, number> = {};
    for (const { id, state } of states) row[id] = state.score(candidate);
    for (const { state } of states) state.observe(candidate);
    scores.set(episode.id, row);
  }
  return scores;
}
