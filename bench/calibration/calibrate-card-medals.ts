import { quantile } from 'boden';
import { draftPreprocessing } from '../agents/pipeline-moves.js';
import type { BenchEvaluator } from '../env/bench-evaluator.js';
import { parsePipelineConfig } from '../env/canonical-config.js';
import { familiesFor } from '../env/pipeline-space.js';
import { searchPolicies } from '../runner/bench-policy.js';
import { runBenchRun } from '../runner/run-bench-run.js';
import { BenchTaskCardSchema, type BenchTaskCard } from '../cards/bench-task-card.js';

/** Quantiles of the unshaped runs' best-of-budget scores the medals are set to: a medal means beating most of them. */
export const runMedalQuantiles = { bronze: 0.8, silver: 0.9, gold: 0.95 };

/** The unshaped runs that set a card's medals. */
export interface MedalRuns {
  /** Seeds per policy, from 1001 (seeds no sweep uses). */
  seeds: number;
  /** Episodes per run. */
  episodes: number;
}

/** A card whose medals were set from unshaped runs, and what those runs found. */
export interface CalibratedMedals {
  /** The card with its new medals (and top-1 raised to a run's best if one beat the search). */
  card: BenchTaskCard;
  /** The median best of the runs. */
  medianBest: number;
  /** Whether a run's best beat the search's top-1 (and became top-1). */
  runBeatSearch: boolean;
}

/**
 * Second stage of a card's calibration: medals from unshaped runs, and top-1 as the best of the search and of those
 * runs. Runs the simulated agent unshaped under AIDE, MCTS and evolution on calibration seeds 1001.., sets the
 * medals to quantiles 0.8 / 0.9 / 0.95 of the runs' best-of-budget scores (so a medal is rare and means beating
 * most unshaped runs), and raises top-1 to a run's best pipeline if one beat the search. For a card that offers
 * feature engineering it also scores every family's first draft, plain and with polynomial features, into
 * `pathBest` (`<family> draft`), the starting points of the paths the search's bests end at.
 */
export async function calibrateCardMedals(
  card: BenchTaskCard,
  runs: MedalRuns,
  evaluator: BenchEvaluator,
  command: string,
): Promise<CalibratedMedals> {
  const started = performance.now();
  const seeds = Array.from({ length: runs.seeds }, (_, index) => 1001 + index);
  const better = (a: number, b: number) => (card.maximize ? a > b : a < b);
  const pathBest: Record<string, number> = { ...card.pathBest };
  if (card.featureEngineering !== undefined) {
    for (const family of familiesFor(card.kind)) {
      for (const polynomial of [null, { interactionOnly: false }]) {
        const config = parsePipelineConfig({ preprocessing: { ...draftPreprocessing, polynomial }, model: { family } });
        const { result } = await evaluator.evaluate(card, config);
        if (result.status === 'ok') pathBest[`${family}${polynomial ? '+polynomial' : ''} draft`] = result.score;
      }
    }
  }
  // The runs' medals must not count themselves: a placeholder card without medals scores them.
  const placeholder: BenchTaskCard = { ...card, medals: { bronze: card.baseline, silver: card.baseline, gold: card.baseline } };
  const bests: { score: number; configKey: string }[] = [];
  for (const policy of searchPolicies) {
    for (const seed of seeds) {
      const record = await runBenchRun({
        task: placeholder,
        policy,
        arm: { strength: 0, schedule: 'none' },
        seed,
        episodes: runs.episodes,
        evaluator,
      });
      const best = record.episodes
        .filter((episode) => episode.status === 'ok' && episode.score !== null)
        .reduce<{ score: number; configKey: string } | undefined>(
          (kept, episode) =>
            kept === undefined || better(episode.score!, kept.score) ? { score: episode.score!, configKey: episode.configKey } : kept,
          undefined,
        );
      bests.push(best ?? { score: card.baseline, configKey: '' });
    }
  }
  const ascending = bests.map((best) => best.score).sort((a, b) => a - b);
  const medal = (q: number) => quantile(ascending, card.maximize ? q : 1 - q);
  const champion = bests.reduce((kept, best) => (better(best.score, kept.score) ? best : kept));
  const runBeatSearch = better(champion.score, card.top1);
  const calibrated = BenchTaskCardSchema.parse({
    ...card,
    ...(runBeatSearch ? { top1: champion.score, top1Config: parsePipelineConfig(JSON.parse(champion.configKey)) } : {}),
    medals: { bronze: medal(runMedalQuantiles.bronze), silver: medal(runMedalQuantiles.silver), gold: medal(runMedalQuantiles.gold) },
    ...(card.featureEngineering !== undefined ? { pathBest } : {}),
    calibration: {
      ...card.calibration,
      medalQuantiles: runMedalQuantiles,
      medalRuns: {
        command,
        policies: [...searchPolicies],
        seeds,
        episodes: runs.episodes,
        wallSeconds: Math.round((performance.now() - started) / 100) / 10,
      },
    },
  });
  return { card: calibrated, medianBest: quantile(ascending, 0.5), runBeatSearch };
}
