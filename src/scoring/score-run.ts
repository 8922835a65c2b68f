import type { Episode } from '../episode/episode.js';
import type { Run } from '../episode/run.js';
import type { NoveltyMetric } from '../metrics/novelty-metric.js';
import { episodeFeasibility, runFeasibility, type RunFeasibility } from '../usefulness/feasibility.js';
import { impact, impactReference, type ImpactReference } from '../usefulness/impact.js';
import type { TaskCard } from '../usefulness/task-card.js';
import { scoreRunNovelty } from './score-run-novelty.js';

/** One episode's row of a run report. */
export interface EpisodeReport {
  readonly episode: Episode;
  /** Impact against the run's reference, null when undefined (top-1 equals baseline). */
  readonly impact: number | null;
  /** 1 / (1 + failed attempts folded into the episode). */
  readonly feasibility: number;
  /** Novelty per metric id, in [0, 1], higher = more novel. */
  readonly novelty: Readonly<Record<string, number>>;
}

/** Usefulness and novelty of one run, episode by episode. */
export interface RunReport {
  readonly run: Run;
  readonly feasibility: RunFeasibility;
  /** Null for a run without episodes. */
  readonly impactReference: ImpactReference | null;
  readonly episodes: readonly EpisodeReport[];
  /** Ids of the metrics that were run, in column order. */
  readonly metricIds: readonly string[];
}

/** Scores a run: feasibility, impact of every episode (task card or run-relative), and every metric. */
export function scoreRun(run: Run, options: { metrics: readonly NoveltyMetric[]; taskCard?: TaskCard }): RunReport {
  const reference = impactReference(run.episodes, options.taskCard);
  const novelty = scoreRunNovelty(run, options.metrics);
  return {
    run,
    feasibility: runFeasibility(run),
    impactReference: reference,
    metricIds: options.metrics.map((metric) => metric.id),
    episodes: run.episodes.map((episode) => ({
      episode,
      impact: reference === null ? null : impact(episode.score, reference),
      feasibility: episodeFeasibility(episode.failedAttempts),
      novelty: novelty.get(episode.id) ?? {},
    })),
  };
}
