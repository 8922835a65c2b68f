import type { Episode } from '../episode/episode.js';
import type { TaskCard } from './task-card.js';

/** The two scores impact is measured between, and where they came from. */
export interface ImpactReference {
  readonly baseline: number;
  readonly top1: number;
  readonly maximize: boolean;
  /** `task-card` when given by the user, `run-relative` when taken from the run itself. */
  readonly source: 'task-card' | 'run-relative';
}

/**
 * The paper's impact: `(S − S_baseline) / (S_top1 − S_baseline)`. It is 0 at the baseline and 1 at top-1 in
 * either direction (for a metric to minimise both differences are negative). Null when top-1 equals the
 * baseline, where impact is undefined.
 */
export function impact(score: number, reference: ImpactReference): number | null {
  const span = reference.top1 - reference.baseline;
  if (span === 0 || !Number.isFinite(span)) return null;
  return (score - reference.baseline) / span;
}

/**
 * The impact reference of a run: the task card's when it is given, otherwise run-relative (the first
 * episode as baseline, the best episode as top-1). Null for a run without episodes.
 */
export function impactReference(episodes: readonly Episode[], card?: TaskCard): ImpactReference | null {
  if (card) return { baseline: card.baseline, top1: card.top1, maximize: card.maximize, source: 'task-card' };
  const first = episodes[0];
  if (first === undefined) return null;
  const maximize = first.maximize;
  const best = episodes.reduce((top, episode) => (maximize ? Math.max(top, episode.score) : Math.min(top, episode.score)), first.score);
  return { baseline: first.score, top1: best, maximize, source: 'run-relative' };
}
