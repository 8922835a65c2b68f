import { describe, expect, it } from 'vitest';
import { crossValidationFolds, trainingRows } from '../../bench/env/cross-validation-folds.js';
import { accuracy, macroF1, rootMeanSquaredError, rSquared } from '../../bench/tasks/metrics.js';

describe('metrics', () => {
  it('computes RMSE, R², accuracy and macro-F1 as scikit-learn does', () => {
    expect(rootMeanSquaredError([1, 2, 3], [1, 2, 5])).toBeCloseTo(Math.sqrt(4 / 3), 12);
    expect(rSquared([1, 2, 3, 4], [1, 2, 3, 4])).toBe(1);
    expect(rSquared([1, 2, 3, 4], [2.5, 2.5, 2.5, 2.5])).toBe(0);
    expect(accuracy([0, 1, 2, 2], [0, 2, 2, 2])).toBe(0.75);
    // sklearn: f1_score([0,0,1,1,2], [0,1,1,1,0], average='macro') = (0.5 + 0.8 + 0) / 3
    expect(macroF1([0, 0, 1, 1, 2], [0, 1, 1, 1, 0])).toBeCloseTo((0.5 + 0.8 + 0) / 3, 12);
  });
});

describe('cross-validation folds', () => {
  const labels = Array.from({ length: 103 }, (_, row) => (row % 10 === 0 ? 2 : row % 3 === 0 ? 1 : 0));

  it('tests every row exactly once, in folds that differ by at most one row', () => {
    for (const options of [
      { folds: 5, seed: 3 },
      { folds: 5, seed: 3, labels },
    ]) {
      const folds = crossValidationFolds(103, options);
      expect(folds.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: 103 }, (_, row) => row));
      const sizes = folds.map((fold) => fold.length);
      expect(Math.max(...sizes) - Math.min(...sizes)).toBeLessThanOrEqual(1);
      expect(trainingRows(103, folds[0]!)).toHaveLength(103 - folds[0]!.length);
    }
  });

  it('is seeded and keeps class shares when stratified', () => {
    expect(crossValidationFolds(103, { folds: 5, seed: 1, labels })).toEqual(crossValidationFolds(103, { folds: 5, seed: 1, labels }));
    expect(crossValidationFolds(103, { folds: 5, seed: 1 })).not.toEqual(crossValidationFolds(103, { folds: 5, seed: 2 }));
    const rare = labels.filter((label) => label === 2).length; // 11 rows
    for (const fold of crossValidationFolds(103, { folds: 5, seed: 1, labels })) {
      const count = fold.filter((row) => labels[row] === 2).length;
      expect(Math.abs(count - rare / 5)).toBeLessThan(1);
    }
  });
});
