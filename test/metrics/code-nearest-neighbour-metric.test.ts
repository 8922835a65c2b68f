import { describe, expect, it } from 'vitest';
import { codeNearestNeighbourMetric, createNoveltyScorer, InvalidOptionsError } from '../../src/index.js';

const ridge = `from sklearn.linear_model import Ridge
from sklearn.preprocessing import PolynomialFeatures, StandardScaler
from sklearn.pipeline import make_pipeline
model = make_pipeline(PolynomialFeatures(degree=2), StandardScaler(), Ridge(alpha=1.0))
model.fit(X_train, y_train)
`;
const forest = `from sklearn.ensemble import RandomForestRegressor
model = RandomForestRegressor(n_estimators=300, min_samples_leaf=2)
model.fit(X_train, y_train)
`;

describe('codeNearestNeighbourMetric', () => {
  it('reads the code alone: a rewritten plan over the same program scores 0, as does a change of its settings', async () => {
    const scorer = createNoveltyScorer({ runId: 'run' });
    const first = { id: 'a', plan: 'Ridge regression on a degree-2 polynomial of the year, standard-scaled.', code: ridge };
    await scorer.score(first);
    await scorer.observe(first, { valid: true });
    const rewritten = {
      id: 'b',
      plan: 'Every fold extrapolates forward in time, so keep the penalised quadratic trend; a smaller penalty should follow the curvature better.',
      code: ridge.replace('alpha=1.0', 'alpha=0.01'),
    };
    const { scores } = await scorer.score(rewritten);
    expect(scores['code-nearest-neighbour']).toBeCloseTo(0, 6);
    // The plan-and-code neighbour sees the prose and calls the same program novel.
    expect(scores['nearest-neighbour']).toBeGreaterThan(0.1);
    const other = await scorer.score({ id: 'c', plan: first.plan, code: forest });
    expect(other.scores['code-nearest-neighbour']).toBeGreaterThan(0.5);
  });

  it('validates its options', () => {
    expect(() => codeNearestNeighbourMetric({ dimensions: 4 })).toThrow(InvalidOptionsError);
    expect(() => codeNearestNeighbourMetric({ dimensions: 4 })).toThrow(/dimensions/);
  });
});
