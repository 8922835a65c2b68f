import { describe, expect, it } from 'vitest';
import { estimateFoldSeconds, foldWork, polynomialColumns, type FoldShape } from '../../bench/env/fit-work.js';
import type { ModelConfig } from '../../bench/env/model-config.js';
import { parsePipelineConfig } from '../../bench/env/canonical-config.js';
import { createMatrix } from '../../bench/env/dense-matrix.js';
import { polynomialFeatures } from '../../bench/env/steps/polynomial-features.js';

const shape: FoldShape = { trainRows: 400, testRows: 100, encodedColumns: 13, modelColumns: 13, classes: 0 };
const pipeline = (model: Record<string, unknown>, preprocessing: Record<string, unknown> = {}) =>
  parsePipelineConfig({ preprocessing, model });
const seconds = (model: Record<string, unknown>, at: FoldShape = shape, preprocessing: Record<string, unknown> = {}) => {
  const config = pipeline(model, preprocessing);
  return estimateFoldSeconds(config.model, config.preprocessing, at);
};

describe('estimateFoldSeconds', () => {
  it('is a pure function of the configuration and the fold shape', () => {
    const config = pipeline({ family: 'boosting', estimators: 300 });
    const first = estimateFoldSeconds(config.model, config.preprocessing, shape);
    expect(estimateFoldSeconds(structuredClone(config.model), structuredClone(config.preprocessing), { ...shape })).toBe(first);
    expect(first).toBeGreaterThan(0);
  });

  it('grows with the work a fit does: rows, trees, depth, columns, neighbours to compare', () => {
    const bigger = { ...shape, trainRows: 800 };
    for (const model of [
      { family: 'boosting' },
      { family: 'random-forest' },
      { family: 'svm' },
      { family: 'knn' },
      { family: 'cart' },
      { family: 'linear' },
    ]) {
      expect(seconds(model, bigger), model.family).toBeGreaterThan(seconds(model));
    }
    const modelUnits = (model: Record<string, unknown>) => foldWork(pipeline(model).model, pipeline(model).preprocessing, shape)[1]!.units;
    expect(modelUnits({ family: 'boosting', estimators: 200 })).toBe(2 * modelUnits({ family: 'boosting', estimators: 100 }));
    expect(seconds({ family: 'random-forest', maxDepth: 8 })).toBeGreaterThan(seconds({ family: 'random-forest', maxDepth: 4 }));
    // An SVM's kernel work is quadratic in the rows; a forest's is linear.
    const svmRatio = seconds({ family: 'svm' }, bigger) / seconds({ family: 'svm' });
    const forestRatio = seconds({ family: 'random-forest' }, bigger) / seconds({ family: 'random-forest' });
    expect(svmRatio).toBeGreaterThan(3);
    expect(forestRatio).toBeLessThan(2.5);
    // Multi-class boosting grows one tree per class.
    const threeClasses = { ...shape, classes: 3 };
    expect(seconds({ family: 'boosting' }, threeClasses)).toBeGreaterThan(2.5 * seconds({ family: 'boosting' }, { ...shape, classes: 2 }));
  });

  it('prices an ensemble as the sum of its members, and preprocessing on top', () => {
    const members = [{ family: 'knn' }, { family: 'boosting' }];
    const ensemble = seconds({ family: 'ensemble', members });
    const preprocessingOnly = foldWork(pipeline({ family: 'knn' }).model, pipeline({ family: 'knn' }).preprocessing, shape)[0]!;
    expect(preprocessingOnly.kind).toBe('preprocessing');
    const alone = members.map((member) => seconds(member));
    expect(ensemble).toBeGreaterThan(Math.max(...alone));
    expect(ensemble).toBeLessThan(alone[0]! + alone[1]!);
    const terms = foldWork(
      pipeline({ family: 'ensemble', members }).model as ModelConfig,
      pipeline({ family: 'knn' }).preprocessing,
      shape,
    );
    expect(terms.map((term) => term.kind).sort()).toEqual(['boosting', 'knn', 'preprocessing']);
    expect(seconds({ family: 'linear' }, shape, { polynomial: {}, pca: { varianceKept: 0.9 } })).toBeGreaterThan(
      seconds({ family: 'linear' }),
    );
  });

  it('counts polynomial columns as the transform makes them', () => {
    for (const columns of [1, 2, 5, 13]) {
      for (const interactionOnly of [false, true]) {
        expect(polynomialColumns(columns, interactionOnly)).toBe(polynomialFeatures(interactionOnly)(createMatrix(3, columns)).columns);
      }
    }
  });
});
