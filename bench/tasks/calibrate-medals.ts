/**
 * Second stage of a card's calibration: medals from unshaped runs, and top-1 as the best of the search and of
 * those runs. Runs the simulated agent unshaped under AIDE, MCTS and evolution on calibration seeds 1001.. (which
 * no sweep uses), sets the medals to quantiles 0.8 / 0.9 / 0.95 of the runs' best-of-budget scores (so a medal
 * means beating most unshaped runs, and is rare), and raises top-1 to a run's best pipeline if one beat the
 * search. For a card that offers feature engineering it also scores every family's first draft, plain and with
 * polynomial features, into `pathBest` (`<family> draft`), the starting points of the paths the search's bests
 * end at.
 *
 *   npx tsx bench/tasks/calibrate-medals.ts --tasks co2-forecast [--seeds 20] [--episodes 40] [--workers 2]
 *     [--memo tmp/bench-memo] [--work-budget 20]
 */
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { writeFileAtomic } from '../../src/files/write-file-atomic.js';
import { draftPreprocessing } from '../agents/pipeline-moves.js';
import { createBenchEvaluator, defaultWorkBudgetSeconds } from '../env/bench-evaluator.js';
import { parsePipelineConfig } from '../env/canonical-config.js';
import { createEvaluationPool } from '../env/evaluation-pool.js';
import { familiesFor } from '../env/pipeline-space.js';
import { quantile } from '../../src/statistics/quantile.js';
import { searchPolicies } from '../runner/bench-policy.js';
import { runBenchRun } from '../runner/run-bench-run.js';
import { BenchTaskCardSchema, loadBenchTaskCard, taskCardDirectory, type BenchTaskCard } from './bench-task-card.js';

const medalQuantiles = { bronze: 0.8, silver: 0.9, gold: 0.95 };

const { values } = parseArgs({
  options: {
    tasks: { type: 'string' },
    seeds: { type: 'string', default: '20' },
    episodes: { type: 'string', default: '40' },
    workers: { type: 'string', default: String(availableParallelism()) },
    'work-budget': { type: 'string', default: String(defaultWorkBudgetSeconds) },
    memo: { type: 'string', default: 'tmp/bench-memo' },
  },
});
if (values.tasks === undefined) throw new Error('give --tasks (comma-separated shipped task names)');
const seedCount = Number(values.seeds);
const episodes = Number(values.episodes);
const workBudgetSeconds = Number(values['work-budget']);
const seeds = Array.from({ length: seedCount }, (_, index) => 1001 + index);
const pool = createEvaluationPool({ size: Number(values.workers) });
const evaluator = createBenchEvaluator({ pool, memoDirectory: values.memo, workBudgetSeconds });

try {
  for (const name of values.tasks.split(',')) {
    const started = performance.now();
    const card = await loadBenchTaskCard(name);
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
        const record = await runBenchRun({ task: placeholder, policy, arm: { strength: 0, schedule: 'none' }, seed, episodes, evaluator });
        const best = record.episodes.filter((episode) => episode.status === 'ok' && episode.score !== null).reduce<{ score: number; configKey: string } | undefined>(
          (kept, episode) => (kept === undefined || better(episode.score!, kept.score) ? { score: episode.score!, configKey: episode.configKey } : kept),
          undefined,
        );
        bests.push(best ?? { score: card.baseline, configKey: '' });
      }
    }
    const ascending = bests.map((best) => best.score).sort((a, b) => a - b);
    const medal = (q: number) => quantile(ascending, card.maximize ? q : 1 - q);
    const champion = bests.reduce((kept, best) => (better(best.score, kept.score) ? best : kept));
    const runBeatSearch = better(champion.score, card.top1);
    const command = `npx tsx bench/tasks/calibrate-medals.ts --tasks ${name} --seeds ${seedCount} --episodes ${episodes} --work-budget ${workBudgetSeconds}`;
    const calibrated = BenchTaskCardSchema.parse({
      ...card,
      ...(runBeatSearch ? { top1: champion.score, top1Config: parsePipelineConfig(JSON.parse(champion.configKey)) } : {}),
      medals: { bronze: medal(medalQuantiles.bronze), silver: medal(medalQuantiles.silver), gold: medal(medalQuantiles.gold) },
      ...(card.featureEngineering !== undefined ? { pathBest } : {}),
      calibration: {
        ...card.calibration,
        medalQuantiles,
        medalRuns: { command, policies: [...searchPolicies], seeds, episodes, wallSeconds: Math.round((performance.now() - started) / 100) / 10 },
      },
    });
    await writeFileAtomic(fileURLToPath(new URL(`${name}.json`, taskCardDirectory)), `${JSON.stringify(calibrated, null, 2)}\n`);
    const round = (value: number) => value.toFixed(4);
    console.log(
      `${name}: ${bests.length} unshaped runs of ${episodes} episodes, best-of-run median ${round(quantile(ascending, 0.5))}; ` +
        `medals ${round(calibrated.medals.bronze)} / ${round(calibrated.medals.silver)} / ${round(calibrated.medals.gold)}; ` +
        `top-1 ${round(calibrated.top1)}${runBeatSearch ? ' (raised to a run\'s best)' : ' (the search\'s; no run beat it)'}`,
    );
    if (card.featureEngineering !== undefined) {
      console.log(Object.entries(pathBest).sort(([, a], [, b]) => (better(a, b) ? -1 : 1)).map(([path, score]) => `  ${path} ${round(score)}`).join('\n'));
    }
  }
} finally {
  await pool.close();
}
