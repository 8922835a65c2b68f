import { EigenvalueDecomposition, Matrix } from 'ml-matrix';
import { createMatrix, matrixHasNaN, type DenseMatrix } from '../dense-matrix.js';
import { PipelineError } from '../pipeline-error.js';
import type { MatrixTransform } from './matrix-transform.js';

/**
 * Fits PCA on the training fold (eigenvectors of the covariance matrix, via `ml-matrix`) and keeps the fewest
 * leading components whose explained variance reaches `varianceKept`, as scikit-learn's `PCA(n_components=0.95)`.
 */
export function fitPrincipalComponents(train: DenseMatrix, varianceKept: number): MatrixTransform {
  if (matrixHasNaN(train)) throw new PipelineError({ step: 'PCA', message: 'Input X contains NaN.' });
  const { rows, columns } = train;
  const means = new Float64Array(columns);
  for (let index = 0; index < train.data.length; index++) means[index % columns]! += train.data[index]! / rows;
  const covariance = new Matrix(columns, columns);
  for (let row = 0; row < rows; row++) {
    for (let i = 0; i < columns; i++) {
      const di = train.data[row * columns + i]! - means[i]!;
      for (let j = i; j < columns; j++) {
        covariance.set(i, j, covariance.get(i, j) + (di * (train.data[row * columns + j]! - means[j]!)) / Math.max(1, rows - 1));
      }
    }
  }
  for (let i = 0; i < columns; i++) for (let j = 0; j < i; j++) covariance.set(i, j, covariance.get(j, i));
  const decomposition = new EigenvalueDecomposition(covariance, { assumeSymmetric: true });
  const eigenvalues = decomposition.realEigenvalues;
  const order = eigenvalues.map((_, index) => index).sort((a, b) => eigenvalues[b]! - eigenvalues[a]!);
  const total = eigenvalues.reduce((sum, value) => sum + Math.max(0, value), 0);
  const kept: number[] = [];
  let explained = 0;
  for (const index of order) {
    kept.push(index);
    explained += Math.max(0, eigenvalues[index]!);
    if (total === 0 || explained / total >= varianceKept) break;
  }
  const vectors = decomposition.eigenvectorMatrix;
  const components = kept.map((index) => Float64Array.from(vectors.getColumn(index)));
  return (matrix: DenseMatrix) => {
    const output = createMatrix(matrix.rows, components.length);
    for (let row = 0; row < matrix.rows; row++) {
      components.forEach((component, k) => {
        let sum = 0;
        for (let j = 0; j < columns; j++) sum += (matrix.data[row * columns + j]! - means[j]!) * component[j]!;
        output.data[row * components.length + k] = sum;
      });
    }
    return output;
  };
}
