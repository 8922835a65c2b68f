import type { ModelConfigOf } from '../model-config.js';
import { argmax, rejectNaN, type Model, type ModelContext } from './model.js';
import type { DenseMatrix } from '../dense-matrix.js';

/**
 * Brute-force k nearest neighbours: a (distance-weighted) vote for classes, a (weighted) mean for regression. With
 * `distance` weights an exact match takes all the weight, as in scikit-learn.
 */
export function createKnnModel(config: ModelConfigOf<'knn'>, context: ModelContext): Model {
  let train: DenseMatrix | undefined;
  let labels: readonly number[] = [];
  return {
    fit(features, target) {
      rejectNaN(features, context.kind === 'regression' ? 'KNeighborsRegressor' : 'KNeighborsClassifier');
      train = features;
      labels = target;
    },
    predict(features) {
      if (!train) throw new Error('predict before fit');
      const k = Math.min(config.neighbors, train.rows);
      const predictions = new Float64Array(features.rows);
      const nearest = new Float64Array(k);
      const nearestIndex = new Int32Array(k);
      const votes = new Float64Array(Math.max(1, context.classCount));
      for (let row = 0; row < features.rows; row++) {
        let found = 0;
        for (let other = 0; other < train.rows; other++) {
          const distance = rowDistance(features, row, train, other, config.distance);
          if (found === k && distance >= nearest[k - 1]!) continue;
          let position = found < k ? found++ : k - 1;
          while (position > 0 && nearest[position - 1]! > distance) {
            nearest[position] = nearest[position - 1]!;
            nearestIndex[position] = nearestIndex[position - 1]!;
            position--;
          }
          nearest[position] = distance;
          nearestIndex[position] = other;
        }
        const exact = config.weights === 'distance' && nearest[0] === 0;
        const weight = (i: number) => (config.weights === 'uniform' ? 1 : exact ? (nearest[i] === 0 ? 1 : 0) : 1 / nearest[i]!);
        if (context.kind === 'classification') {
          votes.fill(0);
          for (let i = 0; i < found; i++) votes[labels[nearestIndex[i]!]!]! += weight(i);
          predictions[row] = argmax(votes);
        } else {
          let sum = 0;
          let total = 0;
          for (let i = 0; i < found; i++) {
            sum += weight(i) * labels[nearestIndex[i]!]!;
            total += weight(i);
          }
          predictions[row] = sum / total;
        }
      }
      return predictions;
    },
    free() {},
  };
}

function rowDistance(a: DenseMatrix, rowA: number, b: DenseMatrix, rowB: number, metric: 'euclidean' | 'manhattan'): number {
  let sum = 0;
  const offsetA = rowA * a.columns;
  const offsetB = rowB * b.columns;
  for (let j = 0; j < a.columns; j++) {
    const difference = a.data[offsetA + j]! - b.data[offsetB + j]!;
    sum += metric === 'euclidean' ? difference * difference : Math.abs(difference);
  }
  return metric === 'euclidean' ? Math.sqrt(sum) : sum;
}
