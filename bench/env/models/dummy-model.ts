import type { ModelConfigOf } from '../model-config.js';
import { PipelineError } from '../pipeline-error.js';
import { median } from '../steps/tabular-encoder.js';
import { majorityClass, type Model, type ModelContext } from './model.js';

/** A predictor that ignores the features: the mean or median target, or the majority class. */
export function createDummyModel(config: ModelConfigOf<'dummy'>, context: ModelContext): Model {
  const strategy = config.strategy === 'auto' ? (context.kind === 'regression' ? 'mean' : 'most-frequent') : config.strategy;
  if ((strategy === 'most-frequent') !== (context.kind === 'classification')) {
    throw new PipelineError({ step: 'Dummy', message: `strategy "${strategy}" does not fit a ${context.kind} task` });
  }
  let constant = 0;
  return {
    fit(_features, target) {
      if (strategy === 'mean') constant = target.reduce((sum, value) => sum + value, 0) / target.length;
      else if (strategy === 'median') constant = median(target);
      else constant = majorityClass(target, context.classCount);
    },
    predict: (features) => new Float64Array(features.rows).fill(constant),
    free() {},
  };
}
