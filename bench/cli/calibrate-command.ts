import { availableParallelism, cpus } from 'node:os';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Command, Option } from 'commander';
import { InvalidArgumentError } from 'boden';
import { calibrateCardMedals, runMedalQuantiles } from '../calibration/calibrate-card-medals.js';
import { calibrateTaskCard, searchMedalQuantiles } from '../calibration/calibrate-task-card.js';
import { createBenchEvaluator, defaultWorkBudgetSeconds } from '../env/bench-evaluator.js';
import { createEvaluationPool } from '../env/evaluation-pool.js';
import {
  loadBenchTaskCard,
  readBenchTaskCard,
  readBenchTaskDefinition,
  taskCardDirectory,
  writeBenchTaskCard,
  type BenchTaskCard,
} from '../cards/bench-task-card.js';
import { searchPolicies } from '../runner/bench-policy.js';
import type { BenchTask } from '../tasks/bench-task.js';
import { benchTaskNames, benchTasks } from '../tasks/task-definitions.js';
import { wholeNumber } from './whole-number-option.js';

/** Which stages `boden bench calibrate` runs: the pipeline search, the medals from unshaped runs, or both. */
const calibrationStages = ['both', 'search', 'medals'] as const;
type CalibrationStage = (typeof calibrationStages)[number];

interface CalibrateOptions {
  taskFile?: string;
  out?: string;
  tasks?: string;
  stage: CalibrationStage;
  random: number;
  rounds: number;
  children: number;
  seed: number;
  medalSeeds: number;
  medalEpisodes: number;
  workers: number;
  workBudget: number;
  memo: string;
}

const round = (value: number): string => value.toFixed(4);

/**
 * `boden bench calibrate`: makes a task card as the shipped ones are made. A user's definition (`--task-file
 * definition.json --out card.json`) gets baseline, top-1 and family bests from a seeded pipeline search, then its
 * medals from unshaped runs of the simulated agent (the second stage), so its medal column means what the shipped
 * cards' does. `--stage search` stops after the search and says that its medals are only placeholders.
 */
export function calibrateCommand(): Command {
  return new Command('calibrate')
    .description(
      'calibrate a task card as the shipped ones are: baseline, top-1 and family bests from a seeded pipeline search, then medals from unshaped runs; a definition of your own with --task-file and --out, shipped cards with --tasks',
    )
    .option('--task-file <file>', 'your task definition (a card without its numbers, e.g. on a CSV file); with --out')
    .option('--out <file>', "where to write the calibrated card (its CSV path is written relative to it, with the file's sha256)")
    .option('--tasks <names>', `comma-separated shipped tasks to calibrate anew in the package's own cards (${benchTaskNames.join(', ')})`)
    .addOption(
      new Option(
        '--stage <stage>',
        'both, search only (the medals stay placeholders: quantiles of the search), or medals only (from a calibrated card)',
      )
        .choices(calibrationStages)
        .default('both'),
    )
    .addOption(new Option('--random <n>', 'random pipelines of the search').argParser(wholeNumber(1)).default(200))
    .addOption(new Option('--rounds <n>', 'rounds of neighbour moves around the bests').argParser(wholeNumber(0)).default(4))
    .addOption(new Option('--children <n>', 'neighbours per parent and round').argParser(wholeNumber(1)).default(4))
    .addOption(new Option('--seed <n>', "the search's seed").argParser(wholeNumber(0)).default(1))
    .addOption(
      new Option(
        '--medal-seeds <n>',
        'unshaped runs per policy (AIDE, MCTS, evolution) that set the medals, on seeds 1001.. (no sweep uses them)',
      )
        .argParser(wholeNumber(1))
        .default(20),
    )
    .addOption(new Option('--medal-episodes <n>', 'episodes of each of those runs').argParser(wholeNumber(1)).default(40))
    .addOption(
      new Option('--workers <n>', 'evaluation worker threads (default: the cores)')
        .argParser(wholeNumber(1))
        .default(availableParallelism()),
    )
    .addOption(
      new Option('--work-budget <seconds>', 'most estimated seconds of cross-validation per pipeline; costlier pipelines are buggy')
        .argParser(wholeNumber(1))
        .default(defaultWorkBudgetSeconds),
    )
    .option('--memo <dir>', 'evaluation memo (a rerun with the same options replays in seconds)', 'tmp/bench-memo')
    .action(async (options: CalibrateOptions) => {
      const jobs = await calibrationJobs(options);
      const command = `boden bench calibrate ${process.argv.slice(4).join(' ')}`.trim();
      const pool = createEvaluationPool({ size: options.workers });
      const evaluator = createBenchEvaluator({ pool, memoDirectory: options.memo, workBudgetSeconds: options.workBudget });
      const say = (line: string) => process.stdout.write(`${line}\n`);
      say(`machine: ${availableParallelism()} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}; workers ${pool.size}`);
      try {
        for (const job of jobs) {
          let card = job.card;
          if (options.stage !== 'medals') {
            card = await calibrateTaskCard(job.task, options, evaluator, command, say);
            const families = Object.entries(card.familyBest)
              .map(([family, score]) => `${family} ${round(score)}`)
              .join(', ');
            say(
              `${job.task.task}: baseline ${round(card.baseline)}, top-1 ${round(card.top1)}; ${card.calibration.evaluatedConfigs} pipelines (${card.calibration.buggyConfigs} buggy) in ${card.calibration.wallSeconds} s\n  family bests: ${families}`,
            );
          }
          if (options.stage !== 'search') {
            const calibrated = await calibrateCardMedals(
              card!,
              { seeds: options.medalSeeds, episodes: options.medalEpisodes },
              evaluator,
              command,
            );
            card = calibrated.card;
            say(
              `${job.task.task}: medals ${round(card.medals.bronze)} / ${round(card.medals.silver)} / ${round(card.medals.gold)} from ${searchPolicies.length * options.medalSeeds} unshaped runs of ${options.medalEpisodes} episodes ` +
                `(quantiles ${runMedalQuantiles.bronze} / ${runMedalQuantiles.silver} / ${runMedalQuantiles.gold} of their bests; median best ${round(calibrated.medianBest)}); ` +
                `top-1 ${round(card.top1)}${calibrated.runBeatSearch ? " (raised to a run's best)" : " (the search's; no run beat it)"}`,
            );
          } else {
            say(
              `${job.task.task}: medals NOT set from unshaped runs: they are placeholders at quantiles ${searchMedalQuantiles.bronze} / ${searchMedalQuantiles.silver} / ${searchMedalQuantiles.gold} ` +
                `of the search's scores, which no agent's run is measured against; run boden bench calibrate --stage medals --task-file ${job.out} --out ${job.out} before reading a medal column`,
            );
          }
          await writeBenchTaskCard(job.out, card!);
          say(`wrote ${job.out}`);
        }
      } finally {
        await pool.close();
      }
      const counts = evaluator.counts;
      say(`evaluated ${counts.evaluated}, memo hits ${counts.memoHits}`);
    });
}

/** What to calibrate: the task, its card when only the medals stage runs, and where the card goes; every input checked before a worker starts. */
async function calibrationJobs(options: CalibrateOptions): Promise<{ task: BenchTask; card?: BenchTaskCard; out: string }[]> {
  if ((options.taskFile === undefined) === (options.tasks === undefined)) {
    throw new InvalidArgumentError({
      argument: '--task-file',
      reason: 'give either --task-file <definition> --out <card> (a task of your own) or --tasks <names> (shipped cards)',
    });
  }
  if (options.taskFile !== undefined) {
    if (options.out === undefined)
      throw new InvalidArgumentError({
        argument: '--out',
        reason: '--task-file needs --out <card.json>: where to write the calibrated card',
      });
    const out = resolve(options.out);
    if (options.stage === 'medals') {
      const card = await readBenchTaskCard(options.taskFile);
      return [{ task: card, card, out }];
    }
    return [{ task: await readBenchTaskDefinition(options.taskFile), out }];
  }
  if (options.out !== undefined)
    throw new InvalidArgumentError({ argument: '--out', reason: 'shipped cards are written in place; --out goes with --task-file' });
  return Promise.all(
    options.tasks!.split(',').map(async (name) => {
      const card = await loadBenchTaskCard(name.trim());
      const task = benchTasks.find((candidate) => candidate.task === card.task)!;
      return { task, card, out: fileURLToPath(new URL(`${card.task}.json`, taskCardDirectory)) };
    }),
  );
}
