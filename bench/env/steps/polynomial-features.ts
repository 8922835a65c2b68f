import { createMatrix, type DenseMatrix } from '../dense-matrix.js';
import type { MatrixTransform } from './matrix-transform.js';

/**
 * Degree-2 polynomial features without the bias column, as scikit-learn's `PolynomialFeatures(2,
 * include_bias=False)`: the inputs, then every product x_i·x_j with i ≤ j (i < j with `interactionOnly`).
 */
export function polynomialFeatures(interactionOnly: boolean): MatrixTransform {
  return (matrix: DenseMatrix) => {
    const d = matrix.columns;
    const pairs: [number, number][] = [];
    for (let i = 0; i < d; i++) for (let j = interactionOnly ? i + 1 : i; j < d; j++) pairs.push([i, j]);
    const output = createMatrix(matrix.rows, d + pairs.length);
    for (let row = 0; row < matrix.rows; row++) {
      const input = row * d;
      const out = row * output.columns;
      for (let i = 0; i < d; i++) output.data[out + i] = matrix.data[input + i]!;
      pairs.forEach(([i, j], index) => {
        output.data[out + d + index] = matrix.data[input + i]! * matrix.data[input + j]!;
      });
    }
    return output;
  };
}
