import { describe, expect, it } from 'vitest';
import { classifyChange } from '../../../bench/agents/index.js';
import { parsePipelineConfig } from '../../../bench/env/canonical-config.js';
import type { PipelineConfigInput } from '../../../bench/env/pipeline-config.js';

const config = (input: PipelineConfigInput) => parsePipelineConfig(input);
const boosting = { family: 'boosting' } as const;
const forest = { family: 'random-forest' } as const;
const parent = config({ preprocessing: { scaling: 'standard' }, model: { family: 'boosting', maxDepth: 6 } });

describe('classifyChange', () => {
  it.each<[string, PipelineConfigInput]>([
    ['no change', { preprocessing: { scaling: 'standard' }, model: { family: 'boosting', maxDepth: 6 } }],
    ['a hyper-parameter', { preprocessing: { scaling: 'standard' }, model: { family: 'boosting', maxDepth: 4, learningRate: 0.05 } }],
    ['another scaler', { preprocessing: { scaling: 'robust' }, model: boosting }],
    ['another encoding', { preprocessing: { scaling: 'standard', encoding: 'ordinal' }, model: boosting }],
    ['another imputation statistic', { preprocessing: { scaling: 'standard', imputation: 'mean' }, model: boosting }],
  ])('calls %s a refinement', (_name, child) => {
    expect(classifyChange(parent, config(child))).toBe('refinement');
  });

  it.each<[string, PipelineConfigInput]>([
    ['PCA switched on', { preprocessing: { scaling: 'standard', pca: { varianceKept: 0.9 } }, model: boosting }],
    ['polynomial features switched on', { preprocessing: { scaling: 'standard', polynomial: {} }, model: boosting }],
    ['feature selection switched on', { preprocessing: { scaling: 'standard', featureSelection: { fraction: 0.5 } }, model: boosting }],
    ['scaling switched off', { preprocessing: { scaling: 'none' }, model: boosting }],
    ['imputation switched off', { preprocessing: { scaling: 'standard', imputation: 'none' }, model: boosting }],
    ['categoricals dropped', { preprocessing: { scaling: 'standard', encoding: 'drop' }, model: boosting }],
    ['an ensemble member added', { preprocessing: { scaling: 'standard' }, model: { family: 'ensemble', members: [boosting, forest] } }],
  ])('calls %s a new component', (_name, child) => {
    expect(classifyChange(parent, config(child))).toBe('component');
  });

  it('calls a removed or replaced ensemble member a component while a family is kept', () => {
    const ensemble = config({ model: { family: 'ensemble', members: [boosting, forest, { family: 'linear' }] } });
    expect(classifyChange(ensemble, config({ model: { family: 'ensemble', members: [boosting, forest] } }))).toBe('component');
    expect(classifyChange(ensemble, config({ model: { family: 'ensemble', members: [boosting, forest, { family: 'svm' }] } }))).toBe(
      'component',
    );
    expect(classifyChange(ensemble, config({ model: forest }))).toBe('component');
    // Same members, other settings: a refinement.
    expect(
      classifyChange(ensemble, config({ model: { family: 'ensemble', members: [{ family: 'linear', alpha: 10 }, forest, boosting] } })),
    ).toBe('refinement');
  });

  it('calls a model sharing no family with the parent a family switch, whatever else changed', () => {
    expect(classifyChange(parent, config({ preprocessing: { scaling: 'standard' }, model: forest }))).toBe('family-switch');
    expect(classifyChange(parent, config({ preprocessing: { pca: { varianceKept: 0.8 } }, model: { family: 'svm' } }))).toBe(
      'family-switch',
    );
    expect(classifyChange(parent, config({ model: { family: 'ensemble', members: [forest, { family: 'knn' }] } }))).toBe('family-switch');
    expect(classifyChange(config({ model: { family: 'dummy' } }), config({ model: { family: 'linear' } }))).toBe('family-switch');
  });
});
