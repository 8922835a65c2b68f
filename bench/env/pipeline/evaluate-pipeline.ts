import type { BenchTask } from '../../tasks/bench-task.js';
import { loadTaskDataset } from '../../tasks/load-task-dataset.js';
import { crossValidationFolds, forwardChainingSplits, trainingRows, type CrossValidationSplit } from '../cross-validation-folds.js';
import type { EvaluationResult } from '../evaluation-result.js';
import { fitPredictPipeline } from './fit-predict-pipeline.js';
import { estimateFoldSeconds } from '../fit-work.js';
import { computeMetric } from '../../tasks/metrics.js';
import { loadWasmLibraries } from '../models/wasm-libraries.js';
import type { PipelineConfig } from '../pipeline-config.js';
import { WorkBudgetError } from '../work-budget-error.js';

/** Options of `evaluatePipeline`. */
export interface EvaluatePipelineOptions {
  /** Most estimated seconds (reference machine) the whole cross-validation may take; null for no budget. */
  readonly workBudgetSeconds?: number | null;
}

/**
 * Cross-validates a (parsed) pipeline on a task in this thread: seeded (stratified) k-fold splits from the task's
 * `cv` (or forward-chaining splits of rows in time order), one fit per fold, the score the mean of the fold scores.
 * Before the first model fit, the estimated work of all folds is checked against `workBudgetSeconds`
 * (`WorkBudgetError` when over), so what counts as too slow never depends on the machine's load. Exceptions
 * propagate: the evaluation worker turns them into buggy results. Loads the WASM libraries on first use, so prefer
 * running it inside a worker.
 */
export async function evaluatePipeline(
  task: BenchTask,
  config: PipelineConfig,
  options: EvaluatePipelineOptions = {},
): Promise<EvaluationResult> {
  const budget = options.workBudgetSeconds ?? null;
  const wasm = await loadWasmLibraries();
  const started = performance.now();
  const dataset = loadTaskDataset(task);
  const rows = dataset.target.length;
  const splits: CrossValidationSplit[] =
    task.cv.scheme === 'forward-chaining'
      ? forwardChainingSplits(rows, task.cv.folds)
      : crossValidationFolds(rows, {
          folds: task.cv.folds,
          seed: task.cv.seed,
          ...(task.cv.stratified ? { labels: dataset.target } : {}),
        }).map((testRows) => ({ trainRows: trainingRows(rows, testRows), testRows }));
  // The budget is checked on one split, fitted first, times the splits: the first of k-fold's near-equal ones, the
  // last (largest) of forward chaining's.
  const budgetFold = task.cv.scheme === 'forward-chaining' ? splits.length - 1 : 0;
  const order = [budgetFold, ...[...splits.keys()].filter((index) => index !== budgetFold)];
  const periodic = task.featureEngineering?.periodic ?? {};
  let estimatedSeconds = 0;
  const foldScores: number[] = new Array(splits.length);
  for (const fold of order) {
    const { trainRows: train, testRows } = splits[fold]!;
    const context = { kind: dataset.kind, classCount: dataset.classes.length, seed: task.cv.seed * 1009 + fold + 1, wasm };
    const predictions = fitPredictPipeline(
      dataset,
      config,
      train,
      testRows,
      context,
      (shape) => {
        const foldSeconds = estimateFoldSeconds(config.model, config.preprocessing, shape);
        if (fold === budgetFold && budget !== null && foldSeconds * splits.length > budget) {
          throw new WorkBudgetError({ estimatedSeconds: foldSeconds * splits.length, budgetSeconds: budget });
        }
        estimatedSeconds += foldSeconds;
      },
      periodic,
    );
    foldScores[fold] = computeMetric(
      task.metric,
      testRows.map((row) => dataset.target[row]!),
      predictions,
    );
  }
  const score = foldScores.reduce((sum, value) => sum + value, 0) / foldScores.length;
  return { status: 'ok', score, foldScores, estimatedSeconds, milliseconds: performance.now() - started };
}
