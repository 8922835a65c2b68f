import type { Dataset } from '../tasks/dataset.js';
import type { DenseMatrix } from './dense-matrix.js';
import type { FoldShape } from './fit-work.js';
import { createModel } from './models/create-model.js';
import type { ModelContext } from './models/model.js';
import type { PipelineConfig } from './pipeline-config.js';
import { PipelineError } from './pipeline-error.js';
import { fitFeatureSelection } from './steps/feature-selection.js';
import type { MatrixTransform } from './steps/matrix-transform.js';
import { polynomialFeatures } from './steps/polynomial-features.js';
import { fitPrincipalComponents } from './steps/principal-components.js';
import { fitScaling } from './steps/scaling.js';
import { fitTabularEncoder } from './steps/tabular-encoder.js';

/**
 * Fits a pipeline on `trainRows` of `dataset` and predicts `testRows`: every preprocessing step is fitted on the
 * training rows only (no leakage), then the model. `beforeModelFit` sees the fold's shape once preprocessing is
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
): Float64Array {
  const { preprocessing } = config;
  const encoder = fitTabularEncoder(dataset, trainRows, preprocessing);
  if (encoder.featureNames.length === 0) throw new PipelineError({ step: 'ColumnTransformer', message: 'no feature columns left' });
  const trainTarget = trainRows.map((row) => dataset.target[row]!);
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
    model.fit(train, trainTarget);
    const predictions = model.predict(test);
    if (predictions.some((value) => !Number.isFinite(value))) {
      throw new PipelineError({ step: 'predict', message: 'predictions contain NaN or infinity' });
    }
    return predictions;
  } finally {
    model.free();
  }
}
