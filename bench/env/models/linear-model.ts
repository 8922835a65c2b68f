import type { ModelConfigOf } from '../model-config.js';
import { createLogisticRegression } from './logistic-regression.js';
import type { Model, ModelContext } from './model.js';
import { createRidgeRegression } from './ridge-regression.js';

/** The linear family: ridge regression, or L2 logistic regression for classification. */
export function createLinearModel(config: ModelConfigOf<'linear'>, context: ModelContext): Model {
  return context.kind === 'regression' ? createRidgeRegression(config.alpha) : createLogisticRegression(config.alpha, context.classCount);
}
