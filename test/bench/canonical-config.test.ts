import { describe, expect, it } from 'vitest';
import { canonicalConfigKey, parsePipelineConfig } from '../../bench/env/canonical-config.js';
import { modelFamilies } from '../../bench/env/model-config.js';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';

describe('pipeline configuration', () => {
  it('fills defaults, so a bare family is a complete pipeline', () => {
    const config = parsePipelineConfig({ model: { family: 'boosting' } });
    expect(config.preprocessing).toEqual({
      imputation: 'median',
      encoding: 'one-hot',
      polynomial: null,
      scaling: 'none',
      featureSelection: null,
      pca: null,
    });
    expect(config.model).toMatchObject({ family: 'boosting', estimators: 100, learningRate: 0.3, maxDepth: 6 });
    expect(modelFamilies).toEqual(['linear', 'knn', 'naive-bayes', 'cart', 'boosting', 'random-forest', 'svm', 'dummy', 'ensemble']);
  });

  it('has a canonical key that ignores option order and spelled-out defaults', () => {
    const a = { model: { family: 'svm', C: 3, kernel: 'rbf' }, preprocessing: { scaling: 'standard', imputation: 'mean' } };
    const b = {
      preprocessing: { imputation: 'mean', scaling: 'standard', pca: null },
      model: { kernel: 'rbf', C: 3, family: 'svm', gamma: 'scale' },
    };
    expect(canonicalConfigKey(a)).toBe(canonicalConfigKey(b));
    expect(canonicalConfigKey({ ...a, model: { ...a.model, C: 10 } })).not.toBe(canonicalConfigKey(a));
  });

  it('orders ensemble members canonically', () => {
    const members = [
      { family: 'linear', alpha: 10 },
      { family: 'knn', neighbors: 7 },
    ];
    expect(canonicalConfigKey({ model: { family: 'ensemble', members } })).toBe(
      canonicalConfigKey({ model: { family: 'ensemble', members: [...members].reverse() } }),
    );
  });

  it('rejects a misconfiguration with an error naming the setting', () => {
    const attempt = (input: unknown) => () => parsePipelineConfig(input);
    expect(attempt({ model: { family: 'gpt' } })).toThrow(InvalidOptionsError);
    expect(attempt({ model: { family: 'linear', alhpa: 1 } })).toThrow(/alhpa/);
    expect(attempt({ model: { family: 'knn', neighbors: 0 } })).toThrow(/model\.neighbors/);
    expect(attempt({ model: { family: 'ensemble', members: [{ family: 'dummy' }, { family: 'linear' }] } })).toThrow(InvalidOptionsError);
  });
});
