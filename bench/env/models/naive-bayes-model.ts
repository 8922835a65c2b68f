import type { ModelConfigOf } from '../model-config.js';
import { PipelineError } from '../pipeline-error.js';
import { argmax, rejectNaN, type Model, type ModelContext } from './model.js';

/**
 * Gaussian naive Bayes as scikit-learn's `GaussianNB`: per-class feature means and variances, with the largest
 * feature variance times `varianceSmoothing` added to every variance for stability. Classification only.
 */
export function createNaiveBayesModel(config: ModelConfigOf<'naive-bayes'>, context: ModelContext): Model {
  if (context.kind !== 'classification') {
    throw new PipelineError({ step: 'GaussianNB', message: 'GaussianNB is a classifier; this task is regression (continuous target).' });
  }
  const classCount = context.classCount;
  let means: Float64Array[] = [];
  let variances: Float64Array[] = [];
  let logPriors = new Float64Array(0);
  return {
    fit(features, target) {
      rejectNaN(features, 'GaussianNB');
      const { rows, columns, data } = features;
      const counts = new Float64Array(classCount);
      means = Array.from({ length: classCount }, () => new Float64Array(columns));
      variances = Array.from({ length: classCount }, () => new Float64Array(columns));
      for (let row = 0; row < rows; row++) {
        const label = target[row]!;
        counts[label]! += 1;
        for (let j = 0; j < columns; j++) means[label]![j]! += data[row * columns + j]!;
      }
      means.forEach((mean, label) => mean.forEach((sum, j) => (mean[j] = counts[label]! > 0 ? sum / counts[label]! : 0)));
      for (let row = 0; row < rows; row++) {
        const label = target[row]!;
        for (let j = 0; j < columns; j++) variances[label]![j]! += (data[row * columns + j]! - means[label]![j]!) ** 2;
      }
      let largestVariance = 0;
      for (let j = 0; j < columns; j++) {
        let sum = 0;
        let squares = 0;
        for (let row = 0; row < rows; row++) {
          sum += data[row * columns + j]!;
          squares += data[row * columns + j]! ** 2;
        }
        largestVariance = Math.max(largestVariance, squares / rows - (sum / rows) ** 2);
      }
      const epsilon = config.varianceSmoothing * largestVariance;
      variances.forEach((variance, label) =>
        variance.forEach((sum, j) => (variance[j] = (counts[label]! > 0 ? sum / counts[label]! : 0) + epsilon)),
      );
      logPriors = counts.map((count) => (count > 0 ? Math.log(count / rows) : Number.NEGATIVE_INFINITY));
    },
    predict(features) {
      const predictions = new Float64Array(features.rows);
      const joint = new Float64Array(classCount);
      for (let row = 0; row < features.rows; row++) {
        for (let label = 0; label < classCount; label++) {
          let logLikelihood = logPriors[label]!;
          for (let j = 0; j < features.columns; j++) {
            const variance = variances[label]![j]! || Number.MIN_VALUE;
            const difference = features.data[row * features.columns + j]! - means[label]![j]!;
            logLikelihood -= 0.5 * Math.log(2 * Math.PI * variance) + (difference * difference) / (2 * variance);
          }
          joint[label] = Number.isNaN(logLikelihood) ? Number.NEGATIVE_INFINITY : logLikelihood;
        }
        predictions[row] = argmax(joint);
      }
      return predictions;
    },
    free() {},
  };
}
