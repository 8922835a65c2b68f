import { describe, expect, it } from 'vitest';
import { createMatrix, type DenseMatrix } from '../../bench/env/dense-matrix.js';
import { createCartModel } from '../../bench/env/models/cart-model.js';
import { createKnnModel } from '../../bench/env/models/knn-model.js';
import { createLogisticRegression } from '../../bench/env/models/logistic-regression.js';
import type { ModelContext } from '../../bench/env/models/model.js';
import { createNaiveBayesModel } from '../../bench/env/models/naive-bayes-model.js';
import { createRidgeRegression } from '../../bench/env/models/ridge-regression.js';
import type { WasmLibraries } from '../../bench/env/models/wasm-libraries.js';
import { PipelineError } from '../../bench/env/pipeline-error.js';
import { fitPrincipalComponents } from '../../bench/env/steps/principal-components.js';
import { fitTabularEncoder } from '../../bench/env/steps/tabular-encoder.js';
import type { Dataset } from '../../bench/tasks/dataset.js';

// The pure-JavaScript models run in this thread; the WASM ones are exercised through the pool (evaluation.test.ts).
const noWasm = {} as WasmLibraries;
const regression: ModelContext = { kind: 'regression', classCount: 0, seed: 1, wasm: noWasm };
const classification: ModelContext = { kind: 'classification', classCount: 2, seed: 1, wasm: noWasm };

function matrix(rows: number[][]): DenseMatrix {
  const result = createMatrix(rows.length, rows[0]!.length);
  rows.flat().forEach((value, index) => (result.data[index] = value));
  return result;
}

const line = matrix(Array.from({ length: 20 }, (_, row) => [row, (row * 7) % 5]));
const lineTarget = Array.from({ length: 20 }, (_, row) => 3 * row - 2 * ((row * 7) % 5) + 1);
const step = Array.from({ length: 20 }, (_, row) => (row < 10 ? 0 : 1));

describe('pipeline steps', () => {
  it('imputes and encodes with training-fold statistics, leaving NaN when told to', () => {
    const dataset: Dataset = {
      name: 'toy',
      kind: 'regression',
      features: [
        { name: 'x', kind: 'numeric', values: [1, null, 3, 100] },
        { name: 'colour', kind: 'categorical', values: ['red', null, 'blue', 'green'] },
      ],
      targetName: 'y',
      target: [0, 0, 0, 0],
      classes: [],
    };
    const train = [0, 1, 2];
    const oneHot = fitTabularEncoder(dataset, train, { imputation: 'mean', encoding: 'one-hot' });
    expect(oneHot.featureNames).toEqual(['x', 'colour=blue', 'colour=red']);
    expect([...oneHot.transform([1, 3]).data]).toEqual([2, 1, 0, 100, 0, 0]); // gap → train mean 2 and mode blue; unseen green → no indicator
    const raw = fitTabularEncoder(dataset, train, { imputation: 'none', encoding: 'ordinal' });
    expect([...raw.transform([1]).data].every(Number.isNaN)).toBe(true);
  });

  it('keeps the principal components that explain the requested variance', () => {
    const data = matrix(Array.from({ length: 50 }, (_, row) => [row, 2 * row + (row % 2) * 0.01, 5]));
    expect(fitPrincipalComponents(data, 0.9)(data).columns).toBe(1);
    expect(() =>
      fitPrincipalComponents(
        matrix([
          [Number.NaN, 1],
          [1, 2],
        ]),
        0.9,
      ),
    ).toThrow(PipelineError);
  });
});

describe('pure-JavaScript models', () => {
  it('ridge with alpha 0 recovers an exact linear relation', () => {
    const model = createRidgeRegression(0);
    model.fit(line, lineTarget);
    const predictions = model.predict(line);
    predictions.forEach((value, row) => expect(value).toBeCloseTo(lineTarget[row]!, 8));
  });

  it('logistic regression, CART, kNN and naive Bayes learn a threshold', () => {
    const models = [
      createLogisticRegression(0.01, 2),
      createCartModel({ family: 'cart', maxDepth: 2, minSamplesLeaf: 1 }, classification),
      createKnnModel({ family: 'knn', neighbors: 3, weights: 'distance', distance: 'euclidean' }, classification),
      createNaiveBayesModel({ family: 'naive-bayes', varianceSmoothing: 1e-9 }, classification),
    ];
    for (const model of models) {
      model.fit(line, step);
      expect(accuracyOf(model.predict(line), step)).toBeGreaterThanOrEqual(0.9);
    }
  });

  it('CART regression fits a step exactly and refuses NaN like scikit-learn', () => {
    const tree = createCartModel({ family: 'cart', maxDepth: null, minSamplesLeaf: 1 }, regression);
    tree.fit(line, step);
    expect([...tree.predict(line)]).toEqual(step);
    expect(() => tree.fit(matrix([[Number.NaN], [1]]), [0, 1])).toThrow(/Input X contains NaN/);
    expect(() => createNaiveBayesModel({ family: 'naive-bayes', varianceSmoothing: 1e-9 }, regression)).toThrow(/classifier/);
  });
});

function accuracyOf(predictions: Float64Array, truth: readonly number[]): number {
  return truth.filter((label, row) => predictions[row] === label).length / truth.length;
}
