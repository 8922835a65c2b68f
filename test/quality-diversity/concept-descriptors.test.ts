import { describe, expect, it } from 'vitest';
import { conceptDescriptors, noDescriptorValue } from '../../src/quality-diversity/concept-descriptors.js';

const lightgbm = {
  plan: 'LightGBM with 5-fold CV and target encoding',
  code: 'import lightgbm as lgb\nfrom sklearn.model_selection import KFold\nm = lgb.LGBMRegressor()',
};
const ensemble = {
  plan: 'An ensemble of XGBoost and ridge',
  code: 'import xgboost as xgb\nfrom sklearn.linear_model import Ridge\nfrom sklearn.ensemble import VotingRegressor',
};

describe('conceptDescriptors', () => {
  it('puts a candidate into paradigm × feature engineering × validation by default, the same cell for the same text', () => {
    const descriptors = conceptDescriptors();
    expect(descriptors.axes).toEqual(['paradigm', 'feature-engineering', 'validation']);
    const cell = descriptors.describe(lightgbm);
    expect(cell.values).toEqual(['tree-ensemble', 'target-encoding', 'k-fold']);
    expect(cell.key).toBe('tree-ensemble | target-encoding | k-fold');
    expect(descriptors.describe({ ...lightgbm })).toEqual(cell);
  });

  it('names every paradigm an ensemble uses, sorted, and none where the text names nothing', () => {
    const descriptors = conceptDescriptors({ axes: ['paradigm', 'validation'] });
    expect(descriptors.describe(ensemble).values).toEqual(['linear+tree-ensemble', noDescriptorValue]);
    expect(descriptors.describe({ plan: 'print it', code: 'print(1)' }).key).toBe('none | none');
  });

  it('refuses an unknown or repeated axis, naming the option', () => {
    expect(() => conceptDescriptors({ axes: ['colour' as never] })).toThrow(/axes/);
    expect(() => conceptDescriptors({ axes: ['paradigm', 'paradigm'] })).toThrow(/each axis may appear once/);
  });
});
