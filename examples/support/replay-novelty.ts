import { createNoveltyScorer } from '../../src/index.js';

/** Mean P-creativity (nearest-neighbour novelty) of a run's valid nodes, overall and over its last third. */
export interface NoveltySummary {
  readonly episodes: number;
  readonly mean: number;
  readonly lastThird: number;
}

/**
 * Replays a finished run's valid nodes through a fresh scorer, in order, so shaped and unshaped runs are measured
 * the same way.
 */
export async function replayNovelty(
  nodes: readonly { id: string; plan: string; code: string; metric: number | null }[],
): Promise<NoveltySummary> {
  const scorer = createNoveltyScorer({ runId: 'replay' });
  const novelties: number[] = [];
  for (const node of nodes) {
    if (node.metric === null) continue;
    const episode = { id: node.id, plan: node.plan, code: node.code };
    novelties.push((await scorer.score(episode)).scores['nearest-neighbour'] ?? 0);
    await scorer.observe(episode, { valid: true });
  }
  const mean = (values: readonly number[]) => (values.length === 0 ? 0 : values.reduce((sum, value) => sum + value, 0) / values.length);
  return { episodes: novelties.length, mean: mean(novelties), lastThird: mean(novelties.slice(Math.floor((novelties.length * 2) / 3))) };
}
