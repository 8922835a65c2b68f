import type { TaskKind } from '../../tasks/dataset.js';
import { matrixHasNaN, type DenseMatrix } from '../dense-matrix.js';
import { PipelineError } from '../pipeline-error.js';
import type { WasmLibraries } from './wasm-libraries.js';

/**
 * A fitted-on-demand model. Classification targets and predictions are class indices. `free` releases WASM
 * memory and is safe to call more than once; the pipeline calls it in a `finally`.
 */
export interface Model {
  fit(features: DenseMatrix, target: readonly number[]): void;
  predict(features: DenseMatrix): Float64Array;
  free(): void;
}

/** What a model needs besides its configuration. */
export interface ModelContext {
  readonly kind: TaskKind;
  /** Number of classes of the task (0 for regression). */
  readonly classCount: number;
  /** Seed of the model's own randomness (row and column sampling). */
  readonly seed: number;
  readonly wasm: WasmLibraries;
}

/** Throws scikit-learn's error for NaN input to an estimator that cannot take missing values. */
export function rejectNaN(features: DenseMatrix, estimator: string): void {
  if (matrixHasNaN(features)) {
    throw new PipelineError({
      step: `${estimator}.fit`,
      message: `Input X contains NaN. ${estimator} does not accept missing values encoded as NaN natively; impute them first (e.g. SimpleImputer).`,
    });
  }
}

/** The most frequent class among `labels` (ties to the smallest index), or 0 for none. */
export function majorityClass(labels: ArrayLike<number>, classCount: number): number {
  const counts = new Float64Array(Math.max(1, classCount));
  for (let index = 0; index < labels.length; index++) counts[labels[index]!]! += 1;
  return argmax(counts);
}

/** Index of the largest value (the first on ties). */
export function argmax(values: ArrayLike<number>): number {
  let best = 0;
  for (let index = 1; index < values.length; index++) if (values[index]! > values[best]!) best = index;
  return best;
}
