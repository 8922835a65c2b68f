import { describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { conceptDescriptors } from '../../src/quality-diversity/concept-descriptors.js';
import { descriptorMetrics } from '../../src/quality-diversity/descriptor-metrics.js';

const boosting = { plan: 'LightGBM with 5-fold CV', code: 'import lightgbm as lgb\nfrom sklearn.model_selection import KFold' };
const ridge = {
  plan: 'Ridge with a hold-out split',
  code: 'from sklearn.linear_model import Ridge\nfrom sklearn.model_selection import train_test_split',
};
const boostingHoldOut = {
  plan: 'LightGBM on a hold-out split',
  code: 'import lightgbm as lgb\nfrom sklearn.model_selection import train_test_split',
};

describe('descriptorMetrics', () => {
  it('numbers each axis value in the order the axis meets it, one Python-style metric per axis', () => {
    const metrics = descriptorMetrics({ descriptors: conceptDescriptors({ axes: ['paradigm', 'validation'] }) });
    expect(metrics.names).toEqual(['boden_paradigm', 'boden_validation']);
    const first = metrics.measure(boosting);
    expect(first.values).toEqual(['tree-ensemble', 'k-fold']);
    expect(first.metrics).toEqual({ boden_paradigm: 0, boden_validation: 0 });
    expect(metrics.measure(ridge).metrics).toEqual({ boden_paradigm: 1, boden_validation: 1 });
    // Boosting again on the first axis, the hold-out split again on the second.
    expect(metrics.measure(boostingHoldOut).metrics).toEqual({ boden_paradigm: 0, boden_validation: 1 });
    expect(metrics.measure(boosting)).toEqual(first);
  });

  it('uses the default concept axes and a given prefix, and refuses a prefix that is no identifier', () => {
    expect(descriptorMetrics({ prefix: 'qd_' }).names).toEqual(['qd_paradigm', 'qd_feature_engineering', 'qd_validation']);
    expect(() => descriptorMetrics({ prefix: '1x' })).toThrow(InvalidOptionsError);
  });
});
