import type { Run } from '../episode/run.js';

/** A run's feasibility: how many of its attempts reached a valid score. */
export interface RunFeasibility {
  readonly episodes: number;
  readonly infeasibleAttempts: number;
  /** Episodes / (episodes + infeasible attempts), or null when the run made no attempt. */
  readonly rate: number | null;
  /** Failed nodes folded into episodes, summed over the run. */
  readonly failedAttemptsInEpisodes: number;
}

/** Feasibility of a run: episodes over all attempts (episodes plus chains that never turned valid). */
export function runFeasibility(run: Run): RunFeasibility {
  const episodes = run.episodes.length;
  const infeasibleAttempts = run.infeasibleAttempts.length;
  const attempts = episodes + infeasibleAttempts;
  return {
    episodes,
    infeasibleAttempts,
    rate: attempts === 0 ? null : episodes / attempts,
    failedAttemptsInEpisodes: run.episodes.reduce((sum, episode) => sum + episode.failedAttempts, 0),
  };
}

/** Feasibility of one episode: 1 / (1 + failed attempts folded into it), 1 when it ran first time. */
export function episodeFeasibility(failedAttempts: number): number {
  return 1 / (1 + failedAttempts);
}
