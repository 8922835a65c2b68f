import type { Run } from '../episode/run.js';
import { defaultNoveltyMetrics } from '../metrics/default-novelty-metrics.js';
import type { NoveltyScore } from '../scoring/novelty-scorer.js';
import type { NoveltyScorerOptions } from '../scoring/novelty-scorer-options.js';
import { scoreRunNovelty } from '../scoring/score-run-novelty.js';

/** Anything `boden validate` can correlate with reference labels: a metric or a judge, scoring whole runs. */
export interface ValidationScorer {
  /** Row name, e.g. `unique-code`. */
  readonly id: string;
  readonly kind: 'metric' | 'judge';
  /** A score per episode id; higher means more novel. */
  scoreRun(run: Run): Promise<ReadonlyMap<string, number>>;
}

/**
 * Validation scorers for novelty metrics that share one scoring pass per run: every metric's scores come from
 * the same online scorer (`options` are its collaborators), and each run is scored once.
 */
export function metricValidationScorers(options: Omit<NoveltyScorerOptions, 'runId'> = {}): ValidationScorer[] {
  const metrics = options.metrics ?? defaultNoveltyMetrics();
  const passes = new WeakMap<Run, Promise<Map<string, NoveltyScore>>>();
  const pass = (run: Run) => {
    let scores = passes.get(run);
    if (scores === undefined) {
      scores = scoreRunNovelty(run, { ...options, metrics }).then((result) => result.scores);
      passes.set(run, scores);
    }
    return scores;
  };
  return metrics.map((metric) => ({
    id: metric.id,
    kind: 'metric' as const,
    async scoreRun(run: Run) {
      const scores = await pass(run);
      return new Map([...scores].map(([episodeId, score]) => [episodeId, score.scores[metric.id] ?? Number.NaN]));
    },
  }));
}
