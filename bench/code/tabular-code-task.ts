import { CsvError, parse } from 'csv-parse/sync';
import { z } from 'zod';
import { parseOptions } from 'boden';
import { crossValidationFolds, forwardChainingSplits, trainingRows, type CrossValidationSplit } from '../env/cross-validation-folds.js';
import { computeMetric } from '../tasks/metrics.js';
import type { BenchTask } from '../tasks/bench-task.js';
import type { BenchTaskCard } from '../cards/bench-task-card.js';
import type { Dataset } from '../tasks/dataset.js';
import { loadTaskDataset } from '../tasks/load-task-dataset.js';
import { tailOf, terminalOutput, type CodeOutcome, type CodeTask, type ProgramRunner } from './code-task.js';

/** The sandbox's limits of one run of a program (one fold), which the prompt states. */
export const TabularCodeTaskLimitsSchema = z.strictObject({
  cpuSeconds: z.number().positive(),
  memoryMegabytes: z.number().int().positive(),
});

/** Limits of `createTabularCodeTask`: see `TabularCodeTaskLimitsSchema`. */
export type TabularCodeTaskLimits = z.infer<typeof TabularCodeTaskLimitsSchema>;

/** The metric's name as the prompt and the memory show it. */
const metricNames = { rmse: 'RMSE', r2: 'R²', accuracy: 'accuracy', 'macro-f1': 'macro-F1' } as const;

/** Rows of the data preview. */
const previewRows = 5;

/**
 * A tabular task card as a task for program-writing agents: for each fold of the card's cross-validation (the same
 * splits the TypeScript evaluation uses, forward chaining included) the program runs in a fresh directory with
 * `train.csv` (the training rows, with the target) and `test.csv` (the fold's rows, without it) and writes
 * `predictions.csv`; the harness checks the file and computes the card's metric, and the score is the mean of the
 * fold scores, as `evaluatePipeline` aggregates them, so a program and the TypeScript evaluation of the same
 * pipeline are comparable. A crash, a limit, or a missing, short or malformed predictions file on any fold makes a
 * buggy node (the first failing fold's one-line reason, the output's tail); CPU seconds are summed over the runs.
 */
export function createTabularCodeTask(card: BenchTaskCard, limits: TabularCodeTaskLimits): CodeTask {
  const { cpuSeconds, memoryMegabytes } = parseOptions(TabularCodeTaskLimitsSchema, limits, 'createTabularCodeTask limits');
  const dataset = loadTaskDataset(card);
  const splits = tabularSplits(card, dataset);
  const files = new Map<number, { 'train.csv': string; 'test.csv': string }>();
  const filesOf = (fold: number) => {
    let made = files.get(fold);
    if (made === undefined) {
      const { trainRows: train, testRows } = splits[fold]!;
      files.set(fold, (made = { 'train.csv': datasetCsv(dataset, train, true), 'test.csv': datasetCsv(dataset, testRows, false) }));
    }
    return made;
  };
  const labels = classLabels(dataset.classes);

  return {
    id: card.task,
    kind: 'tabular',
    description: describeTabularTask(card, dataset, splits, { cpuSeconds, memoryMegabytes }),
    metric: { name: metricNames[card.metric], maximize: card.maximize },
    reference: { baseline: card.baseline, top1: card.top1, maximize: card.maximize, source: 'task-card' },
    card,
    async evaluate(code: string, run: ProgramRunner): Promise<CodeOutcome> {
      const printed: string[] = [];
      const foldScores: number[] = [];
      let spent = 0;
      for (const [fold, { testRows }] of splits.entries()) {
        const result = await run({ program: code, files: filesOf(fold), outputs: ['predictions.csv'] });
        spent += result.cpuSeconds;
        const terminal = terminalOutput(result);
        if (terminal !== '') printed.push(`[fold ${fold + 1} of ${splits.length}]\n${terminal}`);
        const output = tailOf(printed.join('\n'), 4_000);
        const failed = (reason: string): CodeOutcome => ({
          score: null,
          error: `fold ${fold + 1} of ${splits.length}: ${oneLine(reason)}`,
          output,
          cpuSeconds: spent,
        });
        if (result.status !== 'ok') return failed(result.reason === '' ? `the program stopped (${result.status})` : result.reason);
        const predictions = readPredictions(result.outputs['predictions.csv'], { target: card.target, rows: testRows.length, labels });
        if (typeof predictions === 'string') return failed(predictions);
        foldScores.push(
          computeMetric(
            card.metric,
            testRows.map((row) => dataset.target[row]!),
            predictions,
          ),
        );
      }
      // The TypeScript evaluation's aggregate: the plain mean of the fold scores, summed in fold order.
      const score = foldScores.reduce((sum, value) => sum + value, 0) / foldScores.length;
      return { score, error: null, output: tailOf(printed.join('\n'), 4_000), cpuSeconds: spent };
    },
  };
}

/**
 * The splits of a task's cross-validation over `dataset`, exactly as `evaluatePipeline` makes them: forward-chaining
 * blocks in time order, or seeded (stratified) k folds with every other row for training.
 */
export function tabularSplits(task: Pick<BenchTask, 'cv'>, dataset: Dataset): CrossValidationSplit[] {
  const rows = dataset.target.length;
  if (task.cv.scheme === 'forward-chaining') return forwardChainingSplits(rows, task.cv.folds);
  return crossValidationFolds(rows, {
    folds: task.cv.folds,
    seed: task.cv.seed,
    ...(task.cv.stratified ? { labels: dataset.target } : {}),
  }).map((testRows) => ({
    trainRows: trainingRows(rows, testRows),
    testRows,
  }));
}

/** Matches a printed class label to its class index: the exact label, trimmed, or the same number (`1.0` for `1`). */
interface ClassLabels {
  readonly names: readonly string[];
  index(value: string): number | undefined;
}

function classLabels(classes: readonly string[]): ClassLabels {
  const exact = new Map(classes.map((name, index) => [name, index]));
  const numeric = new Map<number, number>();
  classes.forEach((name, index) => {
    const value = name.trim() === '' ? Number.NaN : Number(name);
    if (Number.isFinite(value)) numeric.set(value, numeric.has(value) ? -1 : index);
  });
  return {
    names: classes,
    index(value) {
      const found = exact.get(value) ?? exact.get(value.trim());
      if (found !== undefined) return found;
      const number = value.trim() === '' ? Number.NaN : Number(value);
      const byNumber = numeric.get(number);
      return byNumber === undefined || byNumber < 0 ? undefined : byNumber;
    },
  };
}

/**
 * The predictions of one fold read from `predictions.csv` (numbers, or class indices for classification), or the
 * one-line reason the file cannot be scored: missing, not CSV, no column named as the target, a row count other
 * than the test file's, a value that is not a finite number (regression) or not a class label of the task.
 * Other columns are ignored (a kept index column costs nothing).
 */
function readPredictions(
  bytes: Uint8Array | undefined,
  expected: { readonly target: string; readonly rows: number; readonly labels: ClassLabels },
): number[] | string {
  const { target, rows, labels } = expected;
  if (bytes === undefined) return 'the program wrote no predictions.csv';
  let records: string[][];
  try {
    records = parse(Buffer.from(bytes), { bom: true, skip_empty_lines: true, relax_column_count: false }) as string[][];
  } catch (error) {
    return `predictions.csv is not valid CSV: ${error instanceof CsvError ? error.message : String(error)}`;
  }
  if (records.length === 0) return `predictions.csv is empty: expected a header line "${target}" and ${rows} rows`;
  const header = records[0]!.map((name) => name.trim());
  const column = header.indexOf(target);
  if (column < 0)
    return `predictions.csv has no column ${quoted(target)} (its header: ${header.slice(0, 5).map(quoted).join(', ')}${header.length > 5 ? ', …' : ''})`;
  const values = records.slice(1).map((record) => record[column] ?? '');
  if (values.length !== rows)
    return `predictions.csv has ${values.length} rows, expected ${rows} (one per row of test.csv, after the header)`;
  const predictions: number[] = new Array(rows);
  for (const [position, value] of values.entries()) {
    const line = `predictions.csv line ${position + 2}`;
    if (labels.names.length > 0) {
      const index = labels.index(value);
      if (index === undefined) {
        const shown = labels.names.slice(0, 10).map(quoted).join(', ');
        return `${line}: ${quoted(value)} is not a class label of the task (${shown}${labels.names.length > 10 ? ', …' : ''})`;
      }
      predictions[position] = index;
    } else {
      const number = value.trim() === '' ? Number.NaN : Number(value);
      if (!Number.isFinite(number)) return `${line}: ${quoted(value)} is not a finite number`;
      predictions[position] = number;
    }
  }
  return predictions;
}

/**
 * The rows of a dataset as the program reads them: a header of the feature columns (and the target, last), then one
 * line per row in `rows` order; a missing value is an empty field, a class is its label, a cell with a comma, a
 * quote, a line break or edge spaces is quoted.
 */
export function datasetCsv(dataset: Dataset, rows: readonly number[], withTarget: boolean): string {
  const header = [...dataset.features.map((column) => column.name), ...(withTarget ? [dataset.targetName] : [])];
  const lines = [header.map(csvCell).join(',')];
  for (const row of rows) {
    const cells = dataset.features.map((column) => {
      const value = column.values[row];
      return value === null || value === undefined ? '' : csvCell(String(value));
    });
    if (withTarget) cells.push(csvCell(targetText(dataset, row)));
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}

function targetText(dataset: Dataset, row: number): string {
  const value = dataset.target[row]!;
  return dataset.kind === 'classification' ? dataset.classes[value]! : String(value);
}

function csvCell(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/**
 * What the prompt quotes, AIDE style: the card's task statement, the metric and how folds are made (forward chaining:
 * the program only ever sees the past), a data preview (each column with its type, the target, the row count, the
 * first rows as the files hold them), the environment and its limits, and the input and output contract.
 */
function describeTabularTask(
  card: BenchTaskCard,
  dataset: Dataset,
  splits: readonly CrossValidationSplit[],
  limits: TabularCodeTaskLimits,
): string {
  const rows = dataset.target.length;
  const folds = splits.length;
  const direction = card.maximize ? 'higher is better' : 'lower is better';
  const sizes = (pick: (split: CrossValidationSplit) => number) => {
    const counts = splits.map(pick);
    const [low, high] = [Math.min(...counts), Math.max(...counts)];
    return low === high ? `${low}` : `${low}-${high}`;
  };
  const protocol =
    card.cv.scheme === 'forward-chaining'
      ? [
          `Evaluation: forward chaining in time. The ${rows} rows are in time order, cut into ${folds + 1} consecutive blocks. Your program is run ${folds} times, each time in a fresh directory: run k gets blocks 1 to k as train.csv (${splits.map((split) => split.trainRows.length).join(', ')} rows in the ${folds} runs) and block k + 1 as test.csv (${sizes((split) => split.testRows.length)} rows), so it only ever sees the past and every score is a forecast. Both files keep the time order.`,
        ]
      : [
          `Evaluation: ${folds}-fold cross-validation${card.cv.stratified ? ', stratified by class' : ''}: the ${rows} rows are shuffled (seeded) and cut into ${folds} folds. Your program is run ${folds} times, once per fold, each time in a fresh directory: test.csv holds the fold's rows (${sizes((split) => split.testRows.length)}) and train.csv every other row (${sizes((split) => split.trainRows.length)}), each in the dataset's order.`,
        ];
  protocol.push(
    `Score: the ${metricNames[card.metric]} of your predictions on each fold (${direction}), averaged over the ${folds} ${card.cv.scheme === 'forward-chaining' ? 'runs' : 'folds'}; the environment computes it from predictions.csv and the held-out targets.`,
  );

  const describeColumn = (column: Dataset['features'][number]): string => {
    const missing = column.values.filter((value) => value === null).length;
    const gaps = missing === 0 ? '' : `, ${missing} missing`;
    if (column.kind === 'categorical') {
      const categories = [...new Set(column.values.filter((value): value is string => value !== null))].sort();
      const shown = categories.slice(0, 8).join(', ');
      return `- ${column.name}: categorical (text), ${categories.length} values (${shown}${categories.length > 8 ? ', …' : ''})${gaps}`;
    }
    const known = column.values.filter((value): value is number => value !== null);
    if (known.length === 0) return `- ${column.name}: numeric, every value missing`;
    return `- ${column.name}: numeric, ${formatNumber(Math.min(...known))} to ${formatNumber(Math.max(...known))}${gaps}`;
  };
  const targetLine =
    dataset.kind === 'classification'
      ? `- ${dataset.targetName} (the target): class label (text), one of ${dataset.classes.map((name) => `${name} (${dataset.target.filter((value) => value === dataset.classes.indexOf(name)).length} rows)`).join(', ')}`
      : `- ${dataset.targetName} (the target): numeric, ${formatNumber(Math.min(...dataset.target))} to ${formatNumber(Math.max(...dataset.target))}`;
  const first = datasetCsv(
    dataset,
    Array.from({ length: Math.min(previewRows, rows) }, (_, row) => row),
    true,
  ).trimEnd();

  return [
    card.description,
    '',
    ...protocol,
    '',
    `Data: ${rows} rows in all. Columns of train.csv (test.csv has the same columns without ${dataset.targetName}):`,
    ...dataset.features.map(describeColumn),
    targetLine,
    `The first ${Math.min(previewRows, rows)} rows of the dataset, as train.csv holds them (an empty field is a missing value):`,
    '```',
    first,
    '```',
    '',
    `Environment: your program runs as \`python3 solution.py\` with Python 3, numpy, scipy, pandas, scikit-learn and xgboost, and no network, under a CPU-time limit of ${limits.cpuSeconds} seconds and ${limits.memoryMegabytes} MB of memory per run. Make it deterministic (seed any randomness).`,
    '',
    `Input: train.csv and test.csv in the working directory. Fit on train.csv only.`,
    `Output: write predictions.csv in the working directory: a header line \`${dataset.targetName}\`, then one prediction per row of test.csv, in the same order (e.g. \`pd.DataFrame({${JSON.stringify(dataset.targetName)}: predictions}).to_csv("predictions.csv", index=False)\`)${dataset.kind === 'classification' ? ', each a class label as written in train.csv' : ', each a number'}.`,
    'A missing, short or malformed predictions.csv, a crash or a run out of time fails the attempt with its error.',
  ].join('\n');
}

function formatNumber(value: number): string {
  return Number.isInteger(value) ? String(value) : String(Number(value.toPrecision(6)));
}

function quoted(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

function oneLine(text: string): string {
  return text.replace(/\s*\n\s*/g, ' ').trim();
}
