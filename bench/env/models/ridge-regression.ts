import { Matrix, solve } from 'ml-matrix';
import type { DenseMatrix } from '../dense-matrix.js';
import { rejectNaN, type Model } from './model.js';

/**
 * Ridge regression in closed form on centred data (the intercept is not penalised): w = (XᵀX + αI)⁻¹Xᵀy.
 * With α = 0 it is ordinary least squares, solved by SVD so collinear columns (one-hot groups) still work.
 */
export function createRidgeRegression(alpha: number): Model {
  let weights = new Float64Array(0);
  let intercept = 0;
  return {
    fit(features, target) {
      rejectNaN(features, 'Ridge');
      const { rows, columns } = features;
      const means = columnMeans(features);
      const targetMean = target.reduce((sum, value) => sum + value, 0) / rows;
      const gram = new Matrix(columns, columns);
      const moment = new Matrix(columns, 1);
      for (let row = 0; row < rows; row++) {
        const offset = row * columns;
        const y = target[row]! - targetMean;
        for (let i = 0; i < columns; i++) {
          const xi = features.data[offset + i]! - means[i]!;
          moment.set(i, 0, moment.get(i, 0) + xi * y);
          for (let j = i; j < columns; j++) gram.set(i, j, gram.get(i, j) + xi * (features.data[offset + j]! - means[j]!));
        }
      }
      for (let i = 0; i < columns; i++) {
        for (let j = 0; j < i; j++) gram.set(i, j, gram.get(j, i));
        gram.set(i, i, gram.get(i, i) + alpha);
      }
      weights = Float64Array.from(solve(gram, moment, alpha < 1e-8).getColumn(0));
      intercept = targetMean - weights.reduce((sum, weight, i) => sum + weight * means[i]!, 0);
    },
    predict(features) {
      const predictions = new Float64Array(features.rows);
      for (let row = 0; row < features.rows; row++) {
        let sum = intercept;
        for (let i = 0; i < features.columns; i++) sum += weights[i]! * features.data[row * features.columns + i]!;
        predictions[row] = sum;
      }
      return predictions;
    },
    free() {},
  };
}

/** Column means of a matrix. */
export function columnMeans(matrix: DenseMatrix): Float64Array {
  const means = new Float64Array(matrix.columns);
  for (let index = 0; index < matrix.data.length; index++) means[index % matrix.columns]! += matrix.data[index]! / matrix.rows;
  return means;
}
