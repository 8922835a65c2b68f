import { quantile } from 'boden';
import { createMatrix, type DenseMatrix } from '../dense-matrix.js';
import { median } from './tabular-encoder.js';
import type { MatrixTransform } from './matrix-transform.js';

/**
 * Fits a per-column scaler on the training matrix: `standard` (z-scores), `min-max` (to [0, 1]) or `robust`
 * (median and interquartile range). Statistics skip NaN like scikit-learn's scalers; a constant column keeps a
 * scale of 1 instead of dividing by zero.
 */
export function fitScaling(train: DenseMatrix, method: 'standard' | 'min-max' | 'robust'): MatrixTransform {
  const centres = new Float64Array(train.columns);
  const scales = new Float64Array(train.columns);
  for (let column = 0; column < train.columns; column++) {
    const values: number[] = [];
    for (let row = 0; row < train.rows; row++) {
      const value = train.data[row * train.columns + column]!;
      if (!Number.isNaN(value)) values.push(value);
    }
    const [centre, scale] = columnStatistics(values, method);
    centres[column] = centre;
    scales[column] = scale > 1e-12 ? scale : 1;
  }
  return (matrix: DenseMatrix) => {
    const output = createMatrix(matrix.rows, matrix.columns);
    for (let index = 0; index < matrix.data.length; index++) {
      const column = index % matrix.columns;
      output.data[index] = (matrix.data[index]! - centres[column]!) / scales[column]!;
    }
    return output;
  };
}

function columnStatistics(values: number[], method: 'standard' | 'min-max' | 'robust'): [number, number] {
  if (values.length === 0) return [0, 1];
  if (method === 'min-max') {
    const low = Math.min(...values);
    return [low, Math.max(...values) - low];
  }
  if (method === 'robust') {
    const sorted = [...values].sort((a, b) => a - b);
    return [median(sorted), quantile(sorted, 0.75) - quantile(sorted, 0.25)];
  }
  const mean = values.reduce((sum, value) => sum + value, 0) / values.length;
  const variance = values.reduce((sum, value) => sum + (value - mean) ** 2, 0) / values.length;
  return [mean, Math.sqrt(variance)];
}
