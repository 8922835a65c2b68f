import type { Episode } from '../episode/episode.js';
import { RunSchema, type Run } from '../episode/run.js';
import { episodeFeasibility, runFeasibility, type RunFeasibility } from '../usefulness/feasibility.js';
import { impact, impactReference, type ImpactReference } from '../usefulness/impact.js';
import type { TaskCard } from '../usefulness/task-card.js';
import type { NoveltyScorerOptions } from './novelty-scorer-options.js';
import { checkArgument } from '../options/check-argument.js';
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

/** What `scoreRun` needs besides the run: the scorer's collaborators and an optional task card. */
export interface ScoreRunOptions extends Omit<NoveltyScorerOptions, 'runId'> {
  readonly taskCard?: TaskCard;
}

/**
 * Scores a run: feasibility, impact of every episode (task card or run-relative), and every novelty metric
 * through a fresh online scorer (default: the offline embedder, the auto index and every registered metric).
 */
export async function scoreRun(run: Run, options: ScoreRunOptions = {}): Promise<RunReport> {
  checkArgument(RunSchema, run, 'run');
  const { taskCard, ...scorerOptions } = options;
  const reference = impactReference(run.episodes, taskCard);
  const { metricIds, scores: novelty } = await scoreRunNovelty(run, scorerOptions);
  return {
    run,
    feasibility: runFeasibility(run),
    impactReference: reference,
    metricIds,
    episodes: run.episodes.map((episode) => ({
      episode,
      impact: reference === null ? null : impact(episode.score, reference),
      feasibility: episodeFeasibility(episode.failedAttempts),
      novelty: novelty.get(episode.id)?.scores ?? {},
    })),
  };
}
