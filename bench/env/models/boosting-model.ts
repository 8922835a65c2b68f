import type { ModelConfigOf } from '../model-config.js';
import type { Model, ModelContext } from './model.js';
import { createXGBoostModel } from './xgboost-booster.js';

/** Gradient-boosted trees: `estimators` rounds of XGBoost's `gbtree` booster. */
export function createBoostingModel(config: ModelConfigOf<'boosting'>, context: ModelContext): Model {
  return createXGBoostModel(
    {
      iterations: config.estimators,
      eta: config.learningRate,
      max_depth: config.maxDepth,
      subsample: config.subsample,
      colsample_bytree: config.columnSample,
      min_child_weight: config.minChildWeight,
      lambda: config.l2,
    },
    context,
  );
}
