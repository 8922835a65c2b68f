import type { DenseMatrix } from '../dense-matrix.js';
import { argmax, rejectNaN, type Model } from './model.js';
import { columnMeans } from './ridge-regression.js';

const maxIterations = 300;
const tolerance = 1e-4;

/**
 * Multinomial logistic regression with an L2 penalty of strength `alpha` (scikit-learn's C = 1 / alpha),
 * minimised by Nesterov-accelerated gradient descent (step 1/L, L from a power iteration; momentum restarts when
 * a step goes uphill) until the largest gradient entry falls below 1e-4 or 300 iterations pass. Features are standardised inside the solver for conditioning only, so the
 * pipeline's own scaling choice still changes what the penalty does.
 */
export function createLogisticRegression(alpha: number, classCount: number): Model {
  const classes = Math.max(2, classCount);
  let means: Float64Array = new Float64Array(0);
  let scales: Float64Array = new Float64Array(0);
  let weights: Float64Array = new Float64Array(0); // (columns + 1) × classes; the last row holds the intercepts

  // Standardised features with a trailing column of ones for the intercept.
  const design = (features: DenseMatrix): Float64Array => {
    const width = features.columns + 1;
    const z = new Float64Array(features.rows * width);
    for (let row = 0; row < features.rows; row++) {
      for (let j = 0; j < features.columns; j++) {
        z[row * width + j] = (features.data[row * features.columns + j]! - means[j]!) / scales[j]!;
      }
      z[row * width + features.columns] = 1;
    }
    return z;
  };

  const logitsInto = (z: Float64Array, row: number, width: number, w: Float64Array, out: Float64Array) => {
    out.fill(0);
    for (let j = 0; j < width; j++) {
      const value = z[row * width + j]!;
      if (value === 0) continue;
      for (let k = 0; k < classes; k++) out[k]! += value * w[j * classes + k]!;
    }
  };

  return {
    fit(features, target) {
      rejectNaN(features, 'LogisticRegression');
      const { rows, columns } = features;
      means = columnMeans(features);
      const variances = new Float64Array(columns);
      for (let index = 0; index < features.data.length; index++) {
        variances[index % columns]! += (features.data[index]! - means[index % columns]!) ** 2 / rows;
      }
      scales = variances.map((variance) => (variance > 1e-24 ? Math.sqrt(variance) : 1));
      const width = columns + 1;
      const z = design(features);
      const size = width * classes;
      // Softmax curvature is at most ½·λmax(ZᵀZ/n); 5 % margin over the power iteration's estimate.
      const step = 1 / (0.5 * 1.05 * largestEigenvalue(z, rows, width) + alpha / rows);
      let current = new Float64Array(size);
      let previous = new Float64Array(size);
      const lookahead = new Float64Array(size);
      const gradient = new Float64Array(size);
      const logits = new Float64Array(classes);
      let sinceRestart = 1;
      for (let iteration = 1; iteration <= maxIterations; iteration++) {
        const momentum = (sinceRestart - 1) / (sinceRestart + 2);
        sinceRestart++;
        for (let i = 0; i < size; i++) lookahead[i] = current[i]! + momentum * (current[i]! - previous[i]!);
        gradient.fill(0);
        for (let row = 0; row < rows; row++) {
          logitsInto(z, row, width, lookahead, logits);
          let top = logits[0]!;
          for (let k = 1; k < classes; k++) if (logits[k]! > top) top = logits[k]!;
          let total = 0;
          for (let k = 0; k < classes; k++) total += logits[k] = Math.exp(logits[k]! - top);
          for (let k = 0; k < classes; k++) logits[k] = (logits[k]! / total - (target[row] === k ? 1 : 0)) / rows;
          for (let j = 0; j < width; j++) {
            const value = z[row * width + j]!;
            if (value === 0) continue;
            for (let k = 0; k < classes; k++) gradient[j * classes + k]! += value * logits[k]!;
          }
        }
        let largest = 0;
        let uphill = 0;
        for (let i = 0; i < size; i++) {
          if (i < columns * classes) gradient[i]! += (alpha / rows) * lookahead[i]!;
          largest = Math.max(largest, Math.abs(gradient[i]!));
          uphill += gradient[i]! * (current[i]! - previous[i]!);
        }
        if (uphill > 0) sinceRestart = 1;
        const next = previous;
        for (let i = 0; i < size; i++) next[i] = lookahead[i]! - step * gradient[i]!;
        previous = current;
        current = next;
        if (largest < tolerance) break;
      }
      weights = current;
    },
    predict(features) {
      const width = features.columns + 1;
      const z = design(features);
      const predictions = new Float64Array(features.rows);
      const logits = new Float64Array(classes);
      for (let row = 0; row < features.rows; row++) {
        logitsInto(z, row, width, weights, logits);
        predictions[row] = argmax(logits);
      }
      return predictions;
    },
    free() {},
  };
}

/** λmax of ZᵀZ/n by 20 power iterations (enough for a step size with a margin). */
function largestEigenvalue(z: Float64Array, rows: number, width: number): number {
  let vector = new Float64Array(width).fill(1 / Math.sqrt(width));
  let eigenvalue = 1;
  for (let iteration = 0; iteration < 20; iteration++) {
    const next = new Float64Array(width);
    for (let row = 0; row < rows; row++) {
      let dot = 0;
      for (let j = 0; j < width; j++) dot += z[row * width + j]! * vector[j]!;
      for (let j = 0; j < width; j++) next[j]! += (dot * z[row * width + j]!) / rows;
    }
    eigenvalue = Math.hypot(...next);
    if (eigenvalue === 0) return 1;
    vector = next.map((value) => value / eigenvalue);
  }
  return eigenvalue;
}
