import type { TaskKind } from '../../tasks/dataset.js';
import { createMatrix, matrixColumn, type DenseMatrix } from '../dense-matrix.js';
import { PipelineError } from '../pipeline-error.js';
import type { MatrixTransform } from './matrix-transform.js';

/**
 * Fits univariate feature selection on the training fold, as scikit-learn's `SelectPercentile`: features are
 * ranked by the ANOVA F statistic (classification) or the F statistic of their correlation with the target
 * (regression), and the best `fraction` of them (at least one) is kept, in their original order.
 */
export function fitFeatureSelection(train: DenseMatrix, target: readonly number[], kind: TaskKind, fraction: number): MatrixTransform {
  const scores = Array.from({ length: train.columns }, (_, column) => {
    const values = matrixColumn(train, column);
    if (values.some(Number.isNaN)) throw new PipelineError({ step: 'SelectPercentile', message: 'Input X contains NaN.' });
    const score = kind === 'classification' ? anovaF(values, target) : correlationF(values, target);
    return Number.isFinite(score) ? score : 0;
  });
  const keep = Math.max(1, Math.ceil(fraction * train.columns));
  const kept = scores
    .map((score, column) => ({ score, column }))
    .sort((a, b) => b.score - a.score || a.column - b.column)
    .slice(0, keep)
    .map((entry) => entry.column)
    .sort((a, b) => a - b);
  return (matrix: DenseMatrix) => {
    const output = createMatrix(matrix.rows, kept.length);
    for (let row = 0; row < matrix.rows; row++) {
      kept.forEach((column, index) => {
        output.data[row * kept.length + index] = matrix.data[row * matrix.columns + column]!;
      });
    }
    return output;
  };
}

function anovaF(values: Float64Array, labels: readonly number[]): number {
  const groups = new Map<number, number[]>();
  values.forEach((value, row) => {
    const label = labels[row]!;
    const group = groups.get(label) ?? [];
    group.push(value);
    groups.set(label, group);
  });
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  let between = 0;
  let within = 0;
  for (const group of groups.values()) {
    const groupMean = group.reduce((sum, value) => sum + value, 0) / group.length;
    between += group.length * (groupMean - mean) ** 2;
    within += group.reduce((sum, value) => sum + (value - groupMean) ** 2, 0);
  }
  const k = groups.size;
  return between / Math.max(1, k - 1) / (within / Math.max(1, values.length - k));
}

function correlationF(values: Float64Array, target: readonly number[]): number {
  const n = values.length;
  const meanX = values.reduce((sum, value) => sum + value, 0) / n;
  const meanY = target.reduce((sum, value) => sum + value, 0) / n;
  let covariance = 0;
  let varianceX = 0;
  let varianceY = 0;
  values.forEach((value, row) => {
    const dx = value - meanX;
    const dy = target[row]! - meanY;
    covariance += dx * dy;
    varianceX += dx * dx;
    varianceY += dy * dy;
  });
  const r2 = varianceX === 0 || varianceY === 0 ? 0 : covariance ** 2 / (varianceX * varianceY);
  return (r2 / Math.max(1e-12, 1 - r2)) * (n - 2);
}
