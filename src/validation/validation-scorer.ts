import type { Run } from '../episode/run.js';
import type { Judge } from '../judges/judge.js';
import { judgeRun } from '../judges/judge-run.js';
import type { NoveltyMetric } from '../metrics/novelty-metric.js';
import type { NoveltyPass } from './novelty-pass.js';

/** Anything `boden validate` can correlate with reference labels: a metric or a judge, scoring whole runs. */
export interface ValidationScorer {
  /** Row name, e.g. `unique-code`. */
  readonly id: string;
  readonly kind: 'metric' | 'judge';
  /** A score per episode id; higher means more novel. */
  scoreRun(run: Run): Promise<ReadonlyMap<string, number>>;
  /** A judge's confidence in the verdict it gave an episode of a run it scored (for calibration); metrics have none. */
  confidenceOf?(runId: string, episodeId: string): number | undefined;
}

/** Validation scorers for the metrics of a novelty pass: each reads its own column of the shared scores. */
export function metricValidationScorers(metrics: readonly NoveltyMetric[], novelty: NoveltyPass): ValidationScorer[] {
  return metrics.map((metric) => ({
    id: metric.id,
    kind: 'metric' as const,
    async scoreRun(run: Run) {
      const scores = await novelty(run);
      return new Map([...scores].map(([episodeId, row]) => [episodeId, row[metric.id] ?? Number.NaN]));
    },
  }));
}

/** A validation scorer that judges every episode of a run against its earlier episodes (novelty as evidence). */
export function judgeValidationScorer(judge: Judge, novelty: NoveltyPass): ValidationScorer {
  const confidences = new Map<string, number>();
  return {
    id: judge.id,
    kind: 'judge',
    async scoreRun(run: Run) {
      const verdicts = await judgeRun(run, judge, { novelty: await novelty(run) });
      for (const [episodeId, verdict] of verdicts) confidences.set(`${run.id}\u0000${episodeId}`, verdict.confidence);
      return new Map([...verdicts].map(([episodeId, verdict]) => [episodeId, verdict.score]));
    },
    confidenceOf: (runId, episodeId) => confidences.get(`${runId}\u0000${episodeId}`),
  };
}
