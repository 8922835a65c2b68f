import { z } from 'zod';

/** The benchmark's metrics. */
export const MetricNameSchema = z.enum(['rmse', 'r2', 'accuracy', 'macro-f1']);
/** A metric name: see `MetricNameSchema`. */
export type MetricName = z.infer<typeof MetricNameSchema>;

/** Whether a larger value of each metric is better (impact and medals follow this direction). */
export const metricMaximize: Readonly<Record<MetricName, boolean>> = { rmse: false, r2: true, accuracy: true, 'macro-f1': true };

/** Root mean squared error. */
export function rootMeanSquaredError(truth: ArrayLike<number>, predictions: ArrayLike<number>): number {
  let sum = 0;
  for (let index = 0; index < truth.length; index++) sum += (truth[index]! - predictions[index]!) ** 2;
  return Math.sqrt(sum / truth.length);
}

/** Coefficient of determination, 1 − SS_res / SS_tot around the truth's own mean (0 for a constant truth). */
export function rSquared(truth: ArrayLike<number>, predictions: ArrayLike<number>): number {
  let mean = 0;
  for (let index = 0; index < truth.length; index++) mean += truth[index]! / truth.length;
  let residual = 0;
  let total = 0;
  for (let index = 0; index < truth.length; index++) {
    residual += (truth[index]! - predictions[index]!) ** 2;
    total += (truth[index]! - mean) ** 2;
  }
  return total === 0 ? 0 : 1 - residual / total;
}

/** Share of exact class matches. */
export function accuracy(truth: ArrayLike<number>, predictions: ArrayLike<number>): number {
  let correct = 0;
  for (let index = 0; index < truth.length; index++) if (truth[index] === predictions[index]) correct++;
  return correct / truth.length;
}

/**
 * Unweighted mean of per-class F1 over the classes present in the truth or the predictions, as scikit-learn's
 * `f1_score(average='macro', zero_division=0)`: a rare class that is never predicted counts as 0.
 */
export function macroF1(truth: ArrayLike<number>, predictions: ArrayLike<number>): number {
  const stats = new Map<number, { tp: number; fp: number; fn: number }>();
  const entry = (label: number) => {
    let found = stats.get(label);
    if (!found) stats.set(label, (found = { tp: 0, fp: 0, fn: 0 }));
    return found;
  };
  for (let index = 0; index < truth.length; index++) {
    const actual = truth[index]!;
    const predicted = predictions[index]!;
    if (actual === predicted) entry(actual).tp++;
    else {
      entry(actual).fn++;
      entry(predicted).fp++;
    }
  }
  let sum = 0;
  for (const { tp, fp, fn } of stats.values()) sum += tp === 0 ? 0 : (2 * tp) / (2 * tp + fp + fn);
  return stats.size === 0 ? 0 : sum / stats.size;
}

/** Scores `predictions` against `truth` with the named metric. */
export function computeMetric(metric: MetricName, truth: ArrayLike<number>, predictions: ArrayLike<number>): number {
  switch (metric) {
    case 'rmse':
      return rootMeanSquaredError(truth, predictions);
    case 'r2':
      return rSquared(truth, predictions);
    case 'accuracy':
      return accuracy(truth, predictions);
    case 'macro-f1':
      return macroF1(truth, predictions);
  }
}
