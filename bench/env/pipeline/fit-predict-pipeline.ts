import type { Dataset } from '../../tasks/dataset.js';
import type { DenseMatrix } from '../dense-matrix.js';
import type { FoldShape } from '../fit-work.js';
import { createModel } from '../models/create-model.js';
import type { ModelContext } from '../models/model.js';
import type { PipelineConfig } from '../pipeline-config.js';
import { PipelineError } from '../pipeline-error.js';
import { engineerFeatures } from '../steps/engineer-features.js';
import { fitFeatureSelection } from '../steps/feature-selection.js';
import type { MatrixTransform } from '../steps/matrix-transform.js';
import { polynomialFeatures } from '../steps/polynomial-features.js';
import { fitPrincipalComponents } from '../steps/principal-components.js';
import { fitScaling } from '../steps/scaling.js';
import { fitTabularEncoder } from '../steps/tabular-encoder.js';

/**
 * Fits a pipeline on `trainRows` of `dataset` and predicts `testRows`: the engineered features (`periodic` names
 * the task's periodic columns) and every preprocessing step are fitted on the training rows only (no leakage),
 * then the model, on log(1 + y) under the log target transform. `beforeModelFit` sees the fold's shape once preprocessing is
 * done and may throw to stop before the model is fitted (the work budget does). The model's WASM memory is freed
 * whatever happens.
 */
export function fitPredictPipeline(
  dataset: Dataset,
  config: PipelineConfig,
  trainRows: readonly number[],
  testRows: readonly number[],
  context: ModelContext,
  beforeModelFit: (shape: FoldShape) => void = () => undefined,
  periodic: Readonly<Record<string, number>> = {},
): Float64Array {
  const { preprocessing } = config;
  const logTarget = config.features?.targetTransform === 'log';
  if (logTarget && dataset.kind === 'classification')
    throw new PipelineError({ step: 'TransformedTargetRegressor', message: 'a class label cannot be log-transformed' });
  const engineered = config.features ? engineerFeatures(dataset, config.features, periodic, trainRows) : dataset;
  const encoder = fitTabularEncoder(engineered, trainRows, preprocessing);
  if (encoder.featureNames.length === 0) throw new PipelineError({ step: 'ColumnTransformer', message: 'no feature columns left' });
  const trainTarget = trainRows.map((row) => dataset.target[row]!);
  if (logTarget && trainTarget.some((value) => value <= -1))
    throw new PipelineError({ step: 'TransformedTargetRegressor', message: 'log1p needs targets above -1' });
  let train = encoder.transform(trainRows);
  const transforms: MatrixTransform[] = [];
  const add = (transform: MatrixTransform) => {
    transforms.push(transform);
    train = transform(train);
  };
  if (preprocessing.polynomial) add(polynomialFeatures(preprocessing.polynomial.interactionOnly));
  if (preprocessing.scaling !== 'none') add(fitScaling(train, preprocessing.scaling));
  if (preprocessing.featureSelection) add(fitFeatureSelection(train, trainTarget, dataset.kind, preprocessing.featureSelection.fraction));
  if (preprocessing.pca) add(fitPrincipalComponents(train, preprocessing.pca.varianceKept));
  const test = transforms.reduce<DenseMatrix>((matrix, transform) => transform(matrix), encoder.transform(testRows));
  beforeModelFit({
    trainRows: train.rows,
    testRows: test.rows,
    encodedColumns: encoder.featureNames.length,
    modelColumns: train.columns,
    classes: dataset.kind === 'classification' ? dataset.classes.length : 0,
  });

  const model = createModel(config.model, context);
  try {
    model.fit(train, logTarget ? trainTarget.map(Math.log1p) : trainTarget);
    const predictions = logTarget ? model.predict(test).map(Math.expm1) : model.predict(test);
    if (predictions.some((value) => !Number.isFinite(value))) {
      throw new PipelineError({ step: 'predict', message: 'predictions contain NaN or infinity' });
    }
    return predictions;
  } finally {
    model.free();
  }
}
