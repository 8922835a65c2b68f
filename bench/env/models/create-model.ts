import type { ModelConfig } from '../model-config.js';
import { createBoostingModel } from './boosting-model.js';
import { createCartModel } from './cart-model.js';
import { createDummyModel } from './dummy-model.js';
import { createEnsembleModel } from './ensemble-model.js';
import { createKnnModel } from './knn-model.js';
import { createLinearModel } from './linear-model.js';
import type { Model, ModelContext } from './model.js';
import { createNaiveBayesModel } from './naive-bayes-model.js';
import { createRandomForestModel } from './random-forest-model.js';
import { createSvmModel } from './svm-model.js';

/** Builds the model of a configuration's family. */
export function createModel(config: ModelConfig, context: ModelContext): Model {
  switch (config.family) {
    case 'linear':
      return createLinearModel(config, context);
    case 'knn':
      return createKnnModel(config, context);
    case 'naive-bayes':
      return createNaiveBayesModel(config, context);
    case 'cart':
      return createCartModel(config, context);
    case 'boosting':
      return createBoostingModel(config, context);
    case 'random-forest':
      return createRandomForestModel(config, context);
    case 'svm':
      return createSvmModel(config, context);
    case 'dummy':
      return createDummyModel(config, context);
    case 'ensemble':
      return createEnsembleModel(config, context, createModel);
  }
}
