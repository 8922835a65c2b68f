import { describe, expect, it } from 'vitest';
import {
  behaviourRates,
  classifyMove,
  measureAgentBehaviour,
  poolAgentBehaviour,
  type BehaviourNode,
} from '../../../bench/agents/agent-behaviour.js';
import { ConceptExtractor } from '../../../src/index.js';

const extractor = new ConceptExtractor();

const node = (
  id: string,
  parentIds: string[],
  plan: string,
  outcome: 'valid' | 'buggy' | 'unscored' = 'valid',
  label?: string,
): BehaviourNode => ({
  id,
  parentIds,
  plan,
  code: '',
  buggy: outcome === 'buggy',
  score: outcome === 'valid' ? 0.5 : null,
  ...(label === undefined ? {} : { label }),
});

const lightgbm = 'Train a LightGBM model';

/** The kind `measureAgentBehaviour` gives one improvement from a valid `parentPlan` to `childPlan`. */
function kindOf(parentPlan: string, childPlan: string) {
  const behaviour = measureAgentBehaviour([node('p', [], parentPlan), node('c', ['p'], childPlan)], extractor);
  expect(behaviour.improvements).toBe(1);
  const kinds = Object.entries(behaviour.moves)
    .filter(([, count]) => count > 0)
    .map(([kind]) => kind);
  expect(kinds).toHaveLength(1);
  return kinds[0];
}

describe('measureAgentBehaviour', () => {
  it('counts buggy nodes and the debug attempts (buggy primary parent) that turned valid', () => {
    const behaviour = measureAgentBehaviour(
      [
        node('a', [], lightgbm),
        node('b', [], lightgbm, 'buggy'),
        node('c', ['b'], lightgbm, 'buggy'),
        node('d', ['c'], lightgbm),
        // Not buggy but without a score: a debug attempt that did not produce a valid node.
        node('e', ['b'], lightgbm, 'unscored'),
      ],
      extractor,
    );
    expect(behaviour).toMatchObject({ runs: 1, nodes: 5, buggy: 2, drafts: 2, debugAttempts: 3, debugFixes: 1, improvements: 0 });
    const rates = behaviourRates(behaviour);
    expect(rates.bugRate).toBe(0.4);
    expect(rates.debugSuccess).toBe(1 / 3);
    expect(rates.moveShares).toEqual({
      'family-switch': null,
      'feature-engineering': null,
      'hyper-parameter': null,
      component: null,
      refinement: null,
    });
  });

  it('classifies each move kind from the concepts of parent and child', () => {
    expect(kindOf(lightgbm, 'Train a LightGBM model with 500 rounds')).toBe('refinement');
    expect(kindOf(lightgbm, 'Train a random forest')).toBe('family-switch');
    expect(kindOf(lightgbm, 'Train a LightGBM model with polynomial features')).toBe('feature-engineering');
    expect(kindOf(lightgbm, 'Train a LightGBM model with early stopping')).toBe('component');
  });

  it('calls another model of the same family a component, not a family switch', () => {
    expect(kindOf(lightgbm, 'Train an XGBoost model')).toBe('component');
  });

  it('applies the precedence family switch, then feature engineering, then component', () => {
    expect(kindOf(lightgbm, 'Train a random forest with target encoding')).toBe('family-switch');
    expect(kindOf(lightgbm, 'Train a LightGBM model with polynomial features and early stopping')).toBe('feature-engineering');
    // Losing a feature-engineering concept is not feature engineering.
    expect(kindOf('Train a LightGBM model with polynomial features', lightgbm)).toBe('component');
    // A switch needs a model on both sides.
    expect(kindOf('Use 5-fold cross-validation', 'Use 5-fold cross-validation and a random forest')).toBe('component');
  });

  it('calls a change of values, a sweep or a loop over a plain setting a hyper-parameter move, read from the code', () => {
    const parent = { ...node('p', [], lightgbm), code: 'model = lgb.LGBMRegressor(n_estimators=300)\nmodel.fit(X, y)' };
    const child = (id: string, code: string) => ({ ...node(id, ['p'], lightgbm), code });
    const behaviour = measureAgentBehaviour(
      [
        parent,
        child('values', 'model = lgb.LGBMRegressor(n_estimators=900)\nmodel.fit(X, y)'),
        child('sweep', 'for n in [100, 300, 900]:\n    model = lgb.LGBMRegressor(n_estimators=n)\nmodel.fit(X, y)'),
        // The same program (a comment added) is no move of values: a refinement by its concepts.
        child('copy', 'model = lgb.LGBMRegressor(n_estimators=300)  # again\nmodel.fit(X, y)'),
        child('other', 'model = lgb.LGBMRegressor(n_estimators=300)\nmodel.fit(X.clip(0, 1), y)'),
      ],
      extractor,
    );
    expect(behaviour.moves).toEqual({ 'family-switch': 0, 'feature-engineering': 0, 'hyper-parameter': 2, component: 0, refinement: 2 });
  });

  it('reads the code as well as the plan', () => {
    const behaviour = measureAgentBehaviour(
      [node('p', [], lightgbm), { ...node('c', ['p'], lightgbm), code: 'from sklearn.preprocessing import PolynomialFeatures' }],
      extractor,
    );
    expect(behaviour.moves['feature-engineering']).toBe(1);
  });

  it('keeps orphans, crossovers and children of unscored nodes out of the improvements', () => {
    const behaviour = measureAgentBehaviour(
      [
        node('a', [], lightgbm),
        node('b', [], 'Train a random forest'),
        node('u', [], lightgbm, 'unscored'),
        node('o', ['missing'], lightgbm),
        node('x', ['a', 'b'], 'Train a random forest'),
        node('k', ['u'], 'Train a random forest'),
        node('i', ['a'], lightgbm),
      ],
      extractor,
    );
    expect(behaviour).toMatchObject({
      nodes: 7,
      drafts: 3,
      orphans: 1,
      crossovers: 1,
      childrenOfUnscored: 1,
      improvements: 1,
      debugAttempts: 0,
    });
    expect(behaviour.moves).toEqual({ 'family-switch': 0, 'feature-engineering': 0, 'hyper-parameter': 0, component: 0, refinement: 1 });
  });

  it('counts improvements by their own label and cross-tabulates label against classified kind', () => {
    const behaviour = measureAgentBehaviour(
      [
        node('p', [], lightgbm),
        node('c1', ['p'], 'Train a LightGBM model with polynomial features', 'valid', 'component'),
        node('c2', ['p'], 'Train a LightGBM model with early stopping', 'buggy', 'component'),
        node('c3', ['p'], 'Train a random forest', 'valid', 'family-switch'),
        // Labels of debug attempts are not moves.
        node('d', ['c2'], lightgbm, 'valid', 'debug'),
      ],
      extractor,
    );
    expect(behaviour.labelledMoves).toEqual({ component: 2, 'family-switch': 1 });
    expect(behaviour.labelAgreement).toEqual({
      component: { 'family-switch': 0, 'feature-engineering': 1, 'hyper-parameter': 0, component: 1, refinement: 0 },
      'family-switch': { 'family-switch': 1, 'feature-engineering': 0, 'hyper-parameter': 0, component: 0, refinement: 0 },
    });
  });
});

describe('poolAgentBehaviour', () => {
  it('sums the counts of the runs, so pooled rates weigh each node alike', () => {
    const first = measureAgentBehaviour([node('a', [], lightgbm, 'buggy'), node('b', ['a'], lightgbm)], extractor);
    const second = measureAgentBehaviour(
      [
        node('a', [], lightgbm),
        node('b', ['a'], 'Train a random forest', 'buggy', 'family-switch'),
        node('c', ['b'], 'Train a random forest', 'buggy'),
        node('d', [], lightgbm),
      ],
      extractor,
    );
    const pooled = poolAgentBehaviour([first, second]);
    expect(pooled).toMatchObject({ runs: 2, nodes: 6, buggy: 3, drafts: 3, debugAttempts: 2, debugFixes: 1, improvements: 1 });
    expect(pooled.labelledMoves).toEqual({ 'family-switch': 1 });
    const rates = behaviourRates(pooled);
    expect(rates.bugRate).toBe(0.5);
    expect(rates.debugSuccess).toBe(0.5);
    expect(rates.moveShares).toEqual({ 'family-switch': 1, 'feature-engineering': 0, 'hyper-parameter': 0, component: 0, refinement: 0 });
  });

  it('pools nothing into zero counts and null rates', () => {
    const pooled = poolAgentBehaviour([]);
    expect(pooled).toMatchObject({ runs: 0, nodes: 0, improvements: 0 });
    expect(behaviourRates(pooled).bugRate).toBeNull();
    expect(behaviourRates(pooled).debugSuccess).toBeNull();
  });
});

describe('classifyMove', () => {
  it('works on concept ids directly', () => {
    expect(classifyMove(['lightgbm', 'cross-validation'], ['lightgbm', 'cross-validation'], extractor)).toBe('refinement');
    expect(classifyMove(['lightgbm'], ['random-forest', 'target-encoding'], extractor)).toBe('family-switch');
    expect(classifyMove(['lightgbm'], ['gradient-boosted-trees', 'target-encoding'], extractor)).toBe('feature-engineering');
    expect(classifyMove(['lightgbm', 'cross-validation'], ['lightgbm'], extractor)).toBe('component');
  });
});
