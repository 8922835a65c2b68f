import type { ModelConfigOf } from '../model-config.js';
import type { Model, ModelContext } from './model.js';
import { createXGBoostModel } from './xgboost-booster.js';

/**
 * A random forest in XGBoost's way: one boosting round of `estimators` parallel trees, each on a row sample and
 * with columns sampled per level, at learning rate 1 with (almost) no L2 shrinkage, as `XGBRFRegressor` does.
 */
export function createRandomForestModel(config: ModelConfigOf<'random-forest'>, context: ModelContext): Model {
  return createXGBoostModel(
    {
      iterations: 1,
      num_parallel_tree: config.estimators,
      eta: 1,
      max_depth: config.maxDepth,
      subsample: config.sampleFraction,
      colsample_bylevel: config.maxFeatures,
      min_child_weight: 1,
      lambda: 1e-5,
    },
    context,
  );
}
