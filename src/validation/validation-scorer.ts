import type { Run } from '../episode/run.js';
import type { NoveltyMetric } from '../metrics/novelty-metric.js';
import { scoreRunNovelty } from '../scoring/score-run-novelty.js';

/** Anything `boden validate` can correlate with reference labels: a metric or a judge, scoring whole runs. */
export interface ValidationScorer {
  /** Row name, e.g. `unique-code`. */
  readonly id: string;
  readonly kind: 'metric' | 'judge';
  /** A score per episode id; higher means more novel. */
  scoreRun(run: Run): Promise<ReadonlyMap<string, number>>;
}

/** Wraps a novelty metric as a validation scorer. */
export function metricValidationScorer(metric: NoveltyMetric): ValidationScorer {
  return {
    id: metric.id,
    kind: 'metric',
    async scoreRun(run) {
      const scores = scoreRunNovelty(run, [metric]);
      return new Map([...scores].map(([episodeId, row]) => [episodeId, row[metric.id] ?? Number.NaN]));
    },
  };
}
