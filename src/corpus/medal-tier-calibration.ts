import type { CorpusEntry } from './corpus-entry.js';
import type { Medal } from './corpus-solution.js';
import type { Corpus } from './corpus.js';
import type { HCreativityScorer } from './h-creativity-scorer.js';

/** The H-creativity of one medal tier's solutions, each scored against the rest of the corpus. */
export interface MedalTierScore {
  readonly medal: Medal;
  /** Solutions of the tier scored. */
  readonly solutions: number;
  /** Mean judge score 0-4. */
  readonly meanH: number;
  /** Mean `1 − max similarity` to the rest of the corpus. */
  readonly meanDistance: number;
}

const tiers: readonly Medal[] = ['gold', 'silver', 'bronze'];

/**
 * The paper's medal-tier calibration: every corpus solution with a medal is scored by `scorer` (which must score
 * against `corpus`) leave-one-out, its approach summary as the episode and itself excluded from the neighbours,
 * and averaged per tier, gold first. It gives the scale agents' H-creativity is read on: how novel the
 * leaderboard's best human solutions look against everyone else's. Tiers without solutions are left out, so a
 * corpus without medals gives `[]`.
 */
export async function scoreMedalTiers(
  corpus: Corpus,
  scorer: HCreativityScorer,
  options: { signal?: AbortSignal } = {},
): Promise<MedalTierScore[]> {
  const byTier = new Map<Medal, CorpusEntry[]>();
  for (const entry of corpus.entries()) {
    if (entry.medal !== null) byTier.set(entry.medal, [...(byTier.get(entry.medal) ?? []), entry]);
  }
  const rows: MedalTierScore[] = [];
  for (const medal of tiers) {
    const entries = byTier.get(medal) ?? [];
    if (entries.length === 0) continue;
    let sumH = 0;
    let sumDistance = 0;
    for (const entry of entries) {
      const score = await scorer.score({ id: entry.id, plan: '', code: '', approach: entry.summary }, `corpus:${corpus.task}/medal-tier`, {
        ...options,
        exclude: [entry.id],
      });
      sumH += score.score;
      sumDistance += score.distance;
    }
    rows.push({ medal, solutions: entries.length, meanH: sumH / entries.length, meanDistance: sumDistance / entries.length });
  }
  return rows;
}
