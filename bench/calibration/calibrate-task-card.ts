import { createSeededRandom, quantile } from 'boden';
import type { BenchEvaluator, PipelineEvaluation } from '../env/bench-evaluator.js';
import { canonicalConfigKey, parsePipelineConfig } from '../env/canonical-config.js';
import { evaluationVersion } from '../env/evaluation-memo.js';
import type { PipelineConfig } from '../env/pipeline-config.js';
import { familiesFor, offeredFeatureEngineering } from '../env/pipeline-space.js';
import { mutatePipelineConfig, samplePipelineConfig } from '../env/sample-pipeline-config.js';
import type { BenchTask } from '../tasks/bench-task.js';
import { BenchTaskCardSchema, benchTaskCardVersion, type BenchTaskCard } from '../cards/bench-task-card.js';

/** Quantiles of the calibration search's valid scores that its placeholder medals take (`calibrateCardMedals` replaces them). */
export const searchMedalQuantiles = { bronze: 0.8, silver: 0.9, gold: 0.97 };

/** The calibration search's size: random pipelines, then rounds of neighbour moves around the bests. */
export interface CalibrationSearch {
  /** Random pipelines over the whole space. */
  random: number;
  /** Rounds of neighbour moves around the best pipelines overall and the best of each family. */
  rounds: number;
  /** Neighbours per parent and round. */
  children: number;
  /** The search's seed. */
  seed: number;
}

/**
 * First stage of a card's calibration: cross-validates the trivial baseline, then runs one large seeded search and
 * returns the card with baseline, top-1, per-family (and per-path) bests, and medals at quantiles of the search's
 * valid scores. Those medals only hold a place: a search's quantiles say nothing about what an agent's run reaches,
 * so `calibrateCardMedals` sets them from unshaped runs. `log` hears the one line on withheld moves.
 */
export async function calibrateTaskCard(
  task: BenchTask,
  search: CalibrationSearch,
  evaluator: BenchEvaluator,
  command: string,
  log: (line: string) => void = () => {},
): Promise<BenchTaskCard> {
  const taskStarted = performance.now();
  const random = createSeededRandom(search.seed);
  const better = (a: number, b: number) => (task.maximize ? a > b : a < b);
  const seen = new Map<string, PipelineEvaluation>();
  const evaluateAll = async (configs: PipelineConfig[]) => {
    const fresh = configs.filter((config) => !seen.has(canonicalConfigKey(config)));
    const results = await Promise.all(fresh.map((config) => evaluator.evaluate(task, config)));
    for (const result of results) seen.set(result.configKey, result);
  };
  const valid = () => [...seen.values()].filter((entry) => entry.result.status === 'ok');
  const score = (entry: PipelineEvaluation) => (entry.result.status === 'ok' ? entry.result.score : Number.NaN);
  const ranked = () => valid().sort((a, b) => (better(score(a), score(b)) ? -1 : better(score(b), score(a)) ? 1 : 0));

  const baselineConfig = parsePipelineConfig({ model: { family: 'dummy' } });
  const baseline = await evaluator.evaluate(task, baselineConfig);
  if (baseline.result.status !== 'ok') throw new Error(`baseline of ${task.task} failed: ${baseline.result.error}`);

  // The moves the task cannot use are not drawn (each would be a buggy configuration); said once, here.
  const offered = offeredFeatureEngineering(task);
  const featureEngineering = offered !== undefined;
  if (offered !== undefined && offered.withheld.length > 0)
    log(`${task.task}: feature engineering without ${offered.withheld.join(' and ')}`);
  const grid = offered?.grid ?? false;
  await evaluateAll(Array.from({ length: search.random }, () => samplePipelineConfig(random, task.kind, { featureEngineering: grid })));
  for (let round = 0; round < search.rounds; round++) {
    const best = ranked();
    const champions = familiesFor(task.kind)
      .map((family) => best.find((entry) => entry.config.model.family === family))
      .filter((entry): entry is PipelineEvaluation => entry !== undefined);
    const parents = [...new Set([...best.slice(0, 6), ...champions])];
    await evaluateAll(
      parents.flatMap((parent) =>
        Array.from({ length: search.children }, () => mutatePipelineConfig(parent.config, random, { featureEngineering: grid })),
      ),
    );
  }

  const top = ranked();
  const winner = top[0];
  if (winner === undefined) throw new Error(`the calibration search of ${task.task} found no valid pipeline in ${seen.size}`);
  const ascending = top.map(score).sort((a, b) => a - b);
  const medal = (q: number) => quantile(ascending, task.maximize ? q : 1 - q);
  const familyBest: Record<string, number> = {};
  for (const entry of top) familyBest[entry.config.model.family] ??= score(entry);
  const pathBest: Record<string, number> = {};
  if (featureEngineering) for (const entry of top) pathBest[pathOf(entry.config)] ??= score(entry);
  return BenchTaskCardSchema.parse({
    cardVersion: benchTaskCardVersion,
    ...task,
    baseline: score(baseline),
    top1: score(winner),
    baselineConfig,
    top1Config: winner.config,
    medals: {
      bronze: medal(searchMedalQuantiles.bronze),
      silver: medal(searchMedalQuantiles.silver),
      gold: medal(searchMedalQuantiles.gold),
    },
    familyBest,
    ...(featureEngineering ? { pathBest } : {}),
    calibration: {
      command,
      searchSeed: search.seed,
      evaluatedConfigs: seen.size,
      buggyConfigs: seen.size - top.length,
      medalQuantiles: searchMedalQuantiles,
      wallSeconds: Math.round((performance.now() - taskStarted) / 100) / 10,
      evaluationVersion,
    },
  });
}

/** A pipeline's paradigm path: its family, and whether it adds polynomial features and engineered features. */
function pathOf(config: PipelineConfig): string {
  const steps: string[] = [config.model.family];
  if (config.preprocessing.polynomial) steps.push('polynomial');
  if (config.features) steps.push('features');
  return steps.join('+');
}
