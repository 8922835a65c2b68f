/**
 * Calibrates the task cards: for each task, cross-validates the trivial baseline, then runs one large seeded
 * search (random pipelines over the whole space, then rounds of neighbour moves around the best pipelines overall
 * and the best of each family) and writes baseline, top-1, medal thresholds (quantiles of the search's valid
 * scores) and per-family bests into `bench/tasks/cards/<task>.json`.
 *
 *   npx tsx bench/tasks/calibrate-task-cards.ts [--tasks boston,penguins] [--random 200] [--rounds 4]
 *     [--children 4] [--seed 1] [--workers N] [--work-budget 20] [--memo tmp/bench-memo]
 *
 * Evaluations are memoised in `--memo`, so a rerun with the same options replays in seconds. A user's own task:
 * `--task-file my-task.json --out my-card.json` calibrates a task definition (a card without its numbers, e.g. on
 * a CSV file) and writes the card, its CSV path relative to the card and the file's sha256 recorded.
 */
import { availableParallelism, cpus } from 'node:os';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { ExitCode } from '../../src/cli/exit-code.js';
import { BodenError } from '../../src/errors/boden-error.js';
import { writeFileAtomic } from '../../src/files/write-file-atomic.js';
import { createSeededRandom } from '../../src/random/random-source.js';
import { createBenchEvaluator, defaultWorkBudgetSeconds, type PipelineEvaluation } from '../env/bench-evaluator.js';
import { canonicalConfigKey, parsePipelineConfig } from '../env/canonical-config.js';
import { evaluationVersion } from '../env/evaluation-memo.js';
import { createEvaluationPool } from '../env/evaluation-pool.js';
import type { PipelineConfig } from '../env/pipeline-config.js';
import { familiesFor, offeredFeatureEngineering } from '../env/pipeline-space.js';
import { mutatePipelineConfig, samplePipelineConfig } from '../env/sample-pipeline-config.js';
import { quantile } from '../../src/statistics/quantile.js';
import type { BenchTask } from './bench-task.js';
import { BenchTaskCardSchema, benchTaskCardVersion, readBenchTaskDefinition, type BenchTaskCard } from './bench-task-card.js';
import { benchTasks } from './task-definitions.js';

const medalQuantiles = { bronze: 0.8, silver: 0.9, gold: 0.97 };

const { values } = parseArgs({
  options: {
    tasks: { type: 'string', default: benchTasks.map((task) => task.task).join(',') },
    random: { type: 'string', default: '200' },
    rounds: { type: 'string', default: '4' },
    children: { type: 'string', default: '4' },
    seed: { type: 'string', default: '1' },
    workers: { type: 'string', default: String(availableParallelism()) },
    'work-budget': { type: 'string', default: String(defaultWorkBudgetSeconds) },
    memo: { type: 'string', default: 'tmp/bench-memo' },
    'task-file': { type: 'string' },
    out: { type: 'string' },
  },
});
/** Ends the script on an input error: one line on stderr and exit code 2, as boden's commands do, never a stack trace. */
function refuse(message: string): never {
  process.stderr.write(`calibrate-task-cards: ${message}\n`);
  process.exit(ExitCode.usageOrInputError);
}
if ((values['task-file'] === undefined) !== (values.out === undefined)) refuse('--task-file and --out go together: the definition to calibrate and where to write its card');
// A user's definition and its CSV file are checked before any worker starts.
const definition =
  values['task-file'] === undefined
    ? undefined
    : await readBenchTaskDefinition(values['task-file']).catch((error: unknown) => {
        if (BodenError.isInstance(error)) refuse(error.message);
        throw error;
      });
const options = {
  random: Number(values.random),
  rounds: Number(values.rounds),
  children: Number(values.children),
  seed: Number(values.seed),
};
// The work budget decides which slow pipelines count as buggy, so it is part of the reproducing command.
const workBudgetSeconds = Number(values['work-budget']);
const command = `npx tsx bench/tasks/calibrate-task-cards.ts --random ${options.random} --rounds ${options.rounds} --children ${options.children} --seed ${options.seed} --work-budget ${workBudgetSeconds}${values['task-file'] === undefined ? '' : ` --task-file ${values['task-file']} --out ${values.out}`}`;

const pool = createEvaluationPool({ size: Number(values.workers) });
const evaluator = createBenchEvaluator({ pool, memoDirectory: values.memo, workBudgetSeconds });
console.log(`machine: ${availableParallelism()} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; workers ${pool.size}`);
console.log(`command: ${command}\n`);

const started = performance.now();
try {
  const jobs =
    values['task-file'] === undefined
      ? values.tasks.split(',').map((name) => {
          const task = benchTasks.find((candidate) => candidate.task === name);
          if (!task) throw new Error(`unknown task ${name} (shipped: ${benchTasks.map((candidate) => candidate.task).join(', ')})`);
          return { task, out: fileURLToPath(new URL(`./cards/${task.task}.json`, import.meta.url)) };
        })
      : [{ task: definition!, out: resolve(values.out!) }];
  for (const { task, out } of jobs) {
    const card = await calibrate(task);
    // A user's CSV is written relative to the card, so the two can move together.
    const written = typeof card.dataset === 'string' ? card : { ...card, dataset: { ...card.dataset, csv: relative(dirname(out), card.dataset.csv) || '.' } };
    await writeFileAtomic(out, `${JSON.stringify(written, null, 2)}\n`);
    const families = Object.entries(card.familyBest).map(([family, score]) => `${family} ${round(score)}`).join(', ');
    const paths = Object.entries(card.pathBest ?? {}).map(([path, score]) => `${path} ${round(score)}`).join(', ');
    console.log(
      `${task.task}: baseline ${round(card.baseline)}, top1 ${round(card.top1)}, medals ${round(card.medals.bronze)} / ${round(card.medals.silver)} / ${round(card.medals.gold)}; ` +
        `${card.calibration.evaluatedConfigs} configs (${card.calibration.buggyConfigs} buggy) in ${card.calibration.wallSeconds} s\n  family bests: ${families}` +
        (paths ? `\n  path bests: ${paths}` : ''),
    );
  }
} finally {
  await pool.close();
}
const counts = evaluator.counts;
console.log(`\ntotal ${((performance.now() - started) / 1000).toFixed(1)} s; evaluated ${counts.evaluated}, memo hits ${counts.memoHits}, pool ${JSON.stringify(pool.stats)}`);

async function calibrate(task: BenchTask): Promise<BenchTaskCard> {
  const taskStarted = performance.now();
  const random = createSeededRandom(options.seed);
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
  if (offered !== undefined && offered.withheld.length > 0) console.log(`${task.task}: feature engineering without ${offered.withheld.join(' and ')}`);
  const grid = offered?.grid ?? false;
  await evaluateAll(Array.from({ length: options.random }, () => samplePipelineConfig(random, task.kind, { featureEngineering: grid })));
  for (let round = 0; round < options.rounds; round++) {
    const best = ranked();
    const champions = familiesFor(task.kind)
      .map((family) => best.find((entry) => entry.config.model.family === family))
      .filter((entry): entry is PipelineEvaluation => entry !== undefined);
    const parents = [...new Set([...best.slice(0, 6), ...champions])];
    await evaluateAll(parents.flatMap((parent) => Array.from({ length: options.children }, () => mutatePipelineConfig(parent.config, random, { featureEngineering: grid }))));
  }

  const top = ranked();
  const winner = top[0]!;
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
    medals: { bronze: medal(medalQuantiles.bronze), silver: medal(medalQuantiles.silver), gold: medal(medalQuantiles.gold) },
    familyBest,
    ...(featureEngineering ? { pathBest } : {}),
    calibration: {
      command,
      searchSeed: options.seed,
      evaluatedConfigs: seen.size,
      buggyConfigs: seen.size - top.length,
      medalQuantiles,
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

function round(value: number): string {
  return value.toFixed(4);
}
