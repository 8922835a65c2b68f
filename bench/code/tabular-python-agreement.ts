/**
 * Tabular pipelines in Python against the TypeScript evaluation: for a seeded sample of pipeline configurations per
 * shipped card (the baseline, top-1, `--per-family` single models of every family that fits and as many ensembles,
 * feature engineering drawn from the card's offered grid), scores each by the TypeScript evaluator (the sweep's path:
 * `createBenchEvaluator` over a pool, work budget 20 s) and as the program `renderTabularPython` writes for it, run
 * per fold by the tabular code task, and prints how far they agree per card and family.
 *
 *   npm run bench:tabular-python -- [--tasks boston,co2-forecast] [--per-family 2] [--seed 1] [--workers 2]
 *     [--cpu-seconds 120] [--python /usr/bin/python3] [--json agreement.json]
 *   npm run bench:tabular-python -- --from-json agreement.json      # the tables of a saved run again
 *
 * The programs run under `test/bench/code/support/local-python-runner.ts` (a local python3 in a temporary
 * directory, no isolation: the programs are this module's own renderings) until `bench/sandbox/` provides its runner.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, realpathSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createSeededRandom, spearman } from 'boden';
import type { BenchEvaluator } from '../env/bench-evaluator.js';
import { parsePipelineConfig } from '../env/canonical-config.js';
import type { PipelineConfig } from '../env/pipeline-config.js';
import { familiesFor, offeredFeatureEngineering } from '../env/pipeline-space.js';
import { samplePipelineConfig } from '../env/sample-pipeline-config.js';
import { stableJson } from '../env/stable-json.js';
import type { BenchTaskCard } from '../cards/bench-task-card.js';
import type { CodeOutcome, ProgramRunner } from './code-task.js';
import { createTabularCodeTask } from './tabular-code-task.js';
import { renderTabularPython } from './tabular-python.js';

/** One configuration scored both ways. */
export interface AgreementRow {
  readonly task: string;
  /** The model's family (`ensemble`, `dummy` for the baseline). */
  readonly family: string;
  readonly config: PipelineConfig;
  /** The TypeScript evaluation: a score, or why it is buggy (`budget`: refused as over the work budget). */
  readonly typescript: { readonly score: number } | { readonly buggy: 'error' | 'budget' | 'timeout' | 'crash'; readonly error: string };
  /** The program's outcome; null when the TypeScript evaluation refused the pipeline on budget (not run). */
  readonly python: CodeOutcome | null;
  /** |Python − TypeScript| over |top-1 − baseline| of the card, when both scored. */
  readonly relativeDelta: number | null;
  /**
   * Both scored worse than the card's trivial baseline: junk either way (an unscaled SVM stopped by its iteration cap
   * scores an RMSE of 10^11 on both sides), so its |Δ| is not held to the family's bound.
   */
  readonly bothBelowBaseline: boolean;
}

/**
 * The most |Python − TypeScript| / |top-1 − baseline| a pipeline of each family may differ by when one side beats the
 * baseline: about twice the largest difference `npm run bench:tabular-python` measured (bench/README.md). Linear,
 * kNN, naive Bayes and SVMs compute the same function in both (a few rows of a classification flip); trees, boosting
 * and forests draw their samples from other random streams and break ties in another order.
 */
export const tabularPythonTolerance: Readonly<Record<string, number>> = {
  dummy: 1e-6,
  linear: 0.01,
  knn: 0.01,
  'naive-bayes': 0.01,
  svm: 0.07,
  cart: 0.05,
  'random-forest': 0.1,
  boosting: 0.15,
  ensemble: 0.1,
};

/**
 * The seeded sample of one card: its baseline and top-1, then `perFamily` configurations of each family that fits
 * the task and `perFamily` ensembles, drawn as the calibration search draws (`samplePipelineConfig`, with the card's
 * offered feature-engineering grid). The same card and seed give the same sample, whatever other cards are sampled.
 */
export function agreementSample(card: BenchTaskCard, options: { readonly perFamily: number; readonly seed: number }): PipelineConfig[] {
  const random = createSeededRandom(
    [...card.task].reduce((hash, character) => (Math.imul(hash, 31) + character.charCodeAt(0)) | 0, options.seed) >>> 0,
  );
  const offered = offeredFeatureEngineering(card);
  const draw = (families: Parameters<typeof samplePipelineConfig>[2]) =>
    parsePipelineConfig(samplePipelineConfig(random, card.kind, families));
  const configs = [parsePipelineConfig(card.baselineConfig), parsePipelineConfig(card.top1Config)];
  const featureEngineering = offered?.grid ?? false;
  for (const family of familiesFor(card.kind)) {
    for (let index = 0; index < options.perFamily; index++)
      configs.push(draw({ families: [family], ensembleProbability: 0, featureEngineering }));
  }
  for (let index = 0; index < options.perFamily; index++) configs.push(draw({ ensembleProbability: 1, featureEngineering }));
  // A draw can repeat one already in the sample: keep the first.
  const distinct = new Map<string, PipelineConfig>();
  for (const config of configs) if (!distinct.has(stableJson(config))) distinct.set(stableJson(config), config);
  return [...distinct.values()];
}

/**
 * Scores every configuration of every card both ways: all TypeScript evaluations first (the evaluator's pool runs
 * them in parallel), then the programs, `concurrency` at a time (each runs its folds one after the other).
 * Pipelines the TypeScript evaluation refuses on budget are not run as programs (nothing to compare).
 */
export async function measureAgreement(options: {
  readonly samples: readonly { readonly card: BenchTaskCard; readonly configs: readonly PipelineConfig[] }[];
  readonly evaluator: BenchEvaluator;
  readonly runner: ProgramRunner;
  readonly limits: { readonly cpuSeconds: number; readonly memoryMegabytes: number };
  readonly concurrency: number;
  readonly onRow?: (row: AgreementRow) => void;
}): Promise<AgreementRow[]> {
  const jobs = options.samples.flatMap(({ card, configs }) => {
    const task = createTabularCodeTask(card, options.limits);
    return configs.map((config) => ({ card, task, config }));
  });
  const typescript = await Promise.all(jobs.map(({ card, config }) => options.evaluator.evaluate(card, config)));
  const rows: AgreementRow[] = new Array(jobs.length);
  let next = 0;
  const work = async () => {
    for (let index = next++; index < jobs.length; index = next++) {
      const { card, task, config } = jobs[index]!;
      const { result } = typescript[index]!;
      const ts: AgreementRow['typescript'] =
        result.status === 'ok' ? { score: result.score } : { buggy: result.cause, error: result.error };
      const python = 'buggy' in ts && ts.buggy === 'budget' ? null : await task.evaluate(renderTabularPython(card, config), options.runner);
      const row = agreementRow(card, config, ts, python);
      rows[index] = row;
      options.onRow?.(row);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, work));
  return rows;
}

/** The row of one configuration scored both ways: its relative |Δ| and whether both sides are below the baseline. */
export function agreementRow(
  card: BenchTaskCard,
  config: PipelineConfig,
  typescript: AgreementRow['typescript'],
  python: CodeOutcome | null,
): AgreementRow {
  const range = Math.abs(card.top1 - card.baseline);
  const relativeDelta = python?.score != null && 'score' in typescript ? Math.abs(python.score - typescript.score) / range : null;
  const worse = (score: number) => (card.maximize ? card.baseline - score : score - card.baseline) > 1e-9 * range;
  const bothBelowBaseline = relativeDelta !== null && worse((typescript as { score: number }).score) && worse(python!.score!);
  return { task: card.task, family: config.model.family, config, typescript, python, relativeDelta, bothBelowBaseline };
}

/** Agreement of a group of rows: statuses, the relative |Δ| of the scored ones, and their rank correlation. */
export interface AgreementSummary {
  readonly configs: number;
  readonly bothScored: number;
  readonly bothBuggy: number;
  /** Scored by one side only. */
  readonly statusMismatches: number;
  /** Refused on budget by the TypeScript evaluation (not compared). */
  readonly overBudget: number;
  /** Scored by both, both worse than the baseline. */
  readonly bothBelowBaseline: number;
  /** Median and largest relative |Δ| of the rows both scored where one side is at least the baseline. */
  readonly medianDelta: number | null;
  readonly maxDelta: number | null;
  /** Spearman's ρ of the two sides' scores over every row both scored (NaN under three). */
  readonly spearman: number;
}

/** Summarises rows (of one card, one family, or any group). */
export function summariseAgreement(rows: readonly AgreementRow[]): AgreementSummary {
  const scored = rows.filter((row) => row.relativeDelta !== null);
  const deltas = scored
    .filter((row) => !row.bothBelowBaseline)
    .map((row) => row.relativeDelta!)
    .sort((a, b) => a - b);
  const pythonBuggy = (row: AgreementRow) => row.python !== null && row.python.score === null;
  const tsBuggy = (row: AgreementRow) => 'buggy' in row.typescript && row.typescript.buggy !== 'budget';
  const pairs = scored.map((row) => [(row.typescript as { score: number }).score, row.python!.score!] as const);
  return {
    configs: rows.length,
    bothScored: scored.length,
    bothBuggy: rows.filter((row) => tsBuggy(row) && pythonBuggy(row)).length,
    statusMismatches: rows.filter((row) => row.python !== null && tsBuggy(row) !== pythonBuggy(row)).length,
    overBudget: rows.filter((row) => row.python === null).length,
    bothBelowBaseline: rows.filter((row) => row.bothBelowBaseline).length,
    medianDelta:
      deltas.length === 0
        ? null
        : deltas.length % 2 === 1
          ? deltas[deltas.length >> 1]!
          : (deltas[deltas.length / 2 - 1]! + deltas[deltas.length / 2]!) / 2,
    maxDelta: deltas.length === 0 ? null : deltas.at(-1)!,
    spearman:
      pairs.length < 3
        ? Number.NaN
        : spearman(
            pairs.map(([ts]) => ts),
            pairs.map(([, py]) => py),
          ),
  };
}

/**
 * The agreement tables as markdown: per card with Spearman's ρ of the two sides' scores (one metric per card, so
 * ranks compare), per family over every card with its bound, and per card and family (with ρ).
 */
export function formatAgreement(rows: readonly AgreementRow[]): string {
  const number = (value: number | null, digits = 3) => (value === null || Number.isNaN(value) ? '' : value.toFixed(digits));
  const columns = [
    'configs',
    'both scored',
    'of which both below baseline',
    'both buggy',
    'one buggy',
    'TS over budget',
    'median \\|Δ\\| / range',
    'max \\|Δ\\| / range',
  ];
  const table = (label: string, extra: string, entries: readonly (readonly [string, AgreementSummary, string])[]) => [
    `| ${label} | ${columns.join(' | ')} | ${extra} |`,
    `|---|${columns.map(() => '---:').join('|')}|---:|`,
    ...entries.map(([name, summary, last]) => {
      const cells = [
        summary.configs,
        summary.bothScored,
        summary.bothBelowBaseline,
        summary.bothBuggy,
        summary.statusMismatches,
        summary.overBudget,
        number(summary.medianDelta),
        number(summary.maxDelta),
      ];
      return `| ${name} | ${cells.join(' | ')} | ${last} |`;
    }),
  ];
  const groups = (key: (row: AgreementRow) => string) => {
    const map = new Map<string, AgreementRow[]>();
    for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
    return [...map].map(([name, group]) => [name, summariseAgreement(group)] as const);
  };
  return [
    ...table(
      'card',
      'Spearman ρ',
      [...groups((row) => row.task), ['**all**', summariseAgreement(rows)] as const].map(
        ([name, summary]) => [name, summary, name === '**all**' ? '' : number(summary.spearman, 2)] as const,
      ),
    ),
    '',
    ...table(
      'family (every card)',
      'bound',
      groups((row) => row.family).map(([name, summary]) => [name, summary, String(tabularPythonTolerance[name] ?? '')] as const),
    ),
    '',
    ...table(
      'card / family',
      'Spearman ρ',
      groups((row) => `${row.task} / ${row.family}`).map(([name, summary]) => [name, summary, number(summary.spearman, 2)] as const),
    ),
  ].join('\n');
}

/** The rows the two sides disagree on most: the largest relative |Δ|, then every status mismatch, with both outcomes. */
export function formatDisagreements(rows: readonly AgreementRow[], count: number): string {
  const outcome = (row: AgreementRow) => {
    const ts =
      'score' in row.typescript
        ? row.typescript.score.toFixed(4)
        : `buggy (${row.typescript.buggy}: ${row.typescript.error.split('\n')[0]!.slice(0, 100)})`;
    const py =
      row.python === null
        ? 'not run'
        : row.python.score !== null
          ? row.python.score.toFixed(4)
          : `buggy (${row.python.error!.slice(0, 140)})`;
    const delta =
      row.relativeDelta === null
        ? ''
        : `, |Δ| / range ${row.relativeDelta.toPrecision(3)}${row.bothBelowBaseline ? ' (both below the baseline)' : ''}`;
    return `- ${row.task} / ${row.family}: TS ${ts}, Python ${py}${delta}\n  ${stableJson(row.config)}`;
  };
  const largest = rows
    .filter((row) => row.relativeDelta !== null)
    .sort((a, b) => b.relativeDelta! - a.relativeDelta!)
    .slice(0, count);
  const tsBuggy = (row: AgreementRow) => 'buggy' in row.typescript;
  const mismatched = rows.filter((row) => row.python !== null && tsBuggy(row) !== (row.python.score === null));
  return [
    'Largest score differences:',
    ...largest.map(outcome),
    '',
    'Status mismatches:',
    ...(mismatched.length === 0 ? ['(none)'] : mismatched.map(outcome)),
  ].join('\n');
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      tasks: { type: 'string' },
      'per-family': { type: 'string', default: '2' },
      seed: { type: 'string', default: '1' },
      workers: { type: 'string', default: String(availableParallelism()) },
      'cpu-seconds': { type: 'string', default: '120' },
      python: { type: 'string' },
      json: { type: 'string' },
      'from-json': { type: 'string' },
    },
  });
  const [
    { createBenchEvaluator },
    { createEvaluationPool },
    { loadBenchTaskCard, loadBenchTaskCards },
    { createPythonSandbox, findPython },
  ] = await Promise.all([
    import('../env/bench-evaluator.js'),
    import('../env/evaluation-pool.js'),
    import('../cards/bench-task-card.js'),
    import('../sandbox/index.js'),
  ]);
  if (values['from-json'] !== undefined) {
    // Re-formats a saved run (its rows recomputed against the cards as they are now).
    const cards = new Map((await loadBenchTaskCards()).map((card) => [card.task, card]));
    const saved = JSON.parse(readFileSync(values['from-json'], 'utf8')) as AgreementRow[];
    const rows = saved.map((row) => agreementRow(cards.get(row.task)!, row.config, row.typescript, row.python));
    console.log(`${formatAgreement(rows)}\n\n${formatDisagreements(rows, 12)}`);
    return;
  }
  const packages = ['numpy', 'scipy', 'pandas', 'sklearn', 'xgboost'];
  // A PythonNotFoundError names what is missing.
  const python = await findPython({ packages, ...(values.python === undefined ? {} : { python: values.python }) });
  const versions = spawnSync(
    python,
    [
      '-c',
      'import sys, sklearn, xgboost, numpy, pandas; print(sys.version.split()[0], "sklearn", sklearn.__version__, "xgboost", xgboost.__version__, "numpy", numpy.__version__, "pandas", pandas.__version__)',
    ],
    { encoding: 'utf8' },
  ).stdout.trim();
  const cards =
    values.tasks === undefined
      ? await loadBenchTaskCards()
      : await Promise.all(values.tasks.split(',').map((name) => loadBenchTaskCard(name)));
  const workers = Number(values.workers);
  const cpuSeconds = Number(values['cpu-seconds']);
  const samples = cards.map((card) => ({
    card,
    configs: agreementSample(card, { perFamily: Number(values['per-family']), seed: Number(values.seed) }),
  }));
  const pool = createEvaluationPool({ size: workers });
  const evaluator = createBenchEvaluator({ pool, memoDirectory: null });
  const started = performance.now();
  console.log(
    `machine: ${availableParallelism()} cores, ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}, load average ${loadavg()
      .map((value) => value.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    `python: ${python} (${versions}); per-family ${values['per-family']}, seed ${values.seed}, ${samples.reduce((sum, { configs }) => sum + configs.length, 0)} configurations, CPU limit ${cpuSeconds} s per run\n`,
  );
  try {
    let done = 0;
    const rows = await measureAgreement({
      samples,
      evaluator,
      runner: (() => {
        const sandbox = createPythonSandbox({ python, packages, cpuSeconds, wallSeconds: cpuSeconds * 3, workers });
        return (request) => sandbox.run(request);
      })(),
      limits: { cpuSeconds, memoryMegabytes: 4096 },
      concurrency: workers,
      onRow: () => {
        done += 1;
        if (done % 10 === 0) process.stderr.write(`${done} programs scored\n`);
      },
    });
    if (values.json !== undefined) writeFileSync(values.json, `${JSON.stringify(rows, null, 1)}\n`);
    console.log(formatAgreement(rows));
    console.log(`\n${formatDisagreements(rows, 12)}\n`);
    const slowest = rows
      .filter((row) => row.python !== null)
      .sort((a, b) => b.python!.cpuSeconds - a.python!.cpuSeconds)
      .slice(0, 5);
    console.log('Slowest programs (CPU seconds over every fold):');
    for (const row of slowest)
      console.log(`- ${row.python!.cpuSeconds.toFixed(1)} s: ${row.task} / ${row.family} ${stableJson(row.config.model).slice(0, 160)}`);
    const cpu = rows.reduce((sum, row) => sum + (row.python?.cpuSeconds ?? 0), 0);
    console.log(
      `\nPython CPU ${cpu.toFixed(0)} s over ${rows.filter((row) => row.python !== null).length} programs; wall ${((performance.now() - started) / 1_000).toFixed(0)} s`,
    );
  } finally {
    await evaluator.close();
    await pool.close();
  }
}

if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
