import { describe, expect, it } from 'vitest';
import { ConceptApproachSummarizer, createConceptApproachSummarizer } from '../../src/corpus/index.js';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';

const lightgbm = {
  plan: 'Train LightGBM with stratified 5-fold CV and target encoding, then blend with logistic regression.',
  code: 'import lightgbm as lgb\nfrom sklearn.model_selection import StratifiedKFold\nfrom sklearn.linear_model import LogisticRegression',
};

describe('ConceptApproachSummarizer', () => {
  it('lists the main choices first: paradigms, model families, models, validation, features', () => {
    const summary = createConceptApproachSummarizer().summarize(lightgbm);
    expect(summary.split('\n')).toEqual([
      'paradigms: linear, tree-ensemble',
      'model families: gradient-boosted-trees, linear-model',
      'models: lightgbm, logistic-regression',
      'validation: stratified-k-fold',
      'features: target-encoding',
      'ensembling: blending',
    ]);
  });

  it('gives the same summary to the same method written in another style', () => {
    const summarizer = new ConceptApproachSummarizer();
    const restyled = {
      plan: 'Blend logistic_regression with a lgbm model; StratifiedKFold validation; TargetEncoder features.',
      code: 'from lightgbm import LGBMClassifier as Model  # boosted trees\nimport sklearn.linear_model as lm\nclf = lm.LogisticRegression()\nfrom sklearn.model_selection import StratifiedKFold',
    };
    expect(summarizer.summarize(restyled)).toBe(summarizer.summarize(lightgbm));
  });

  it('says so when it recognises no technique', () => {
    expect(new ConceptApproachSummarizer().summarize({ plan: 'print hello', code: 'print("hello")' })).toBe(
      'approach: no recognised techniques',
    );
  });

  it('has a stable id that changes with its settings', () => {
    expect(new ConceptApproachSummarizer().id).toBe('concept-summary-v1');
    const limited = new ConceptApproachSummarizer({ maxConceptsPerLine: 3 });
    expect(limited.id).toMatch(/^concept-summary-v1\/[0-9a-f]{12}$/);
    expect(new ConceptApproachSummarizer({ maxConceptsPerLine: 3 }).id).toBe(limited.id);
  });

  it('rejects a bad option, naming it', () => {
    expect(() => new ConceptApproachSummarizer({ maxConceptsPerLine: 0 })).toThrow(InvalidOptionsError);
    expect(() => new ConceptApproachSummarizer({ maxConceptsPerLine: 0 })).toThrow(/maxConceptsPerLine/);
  });
});
