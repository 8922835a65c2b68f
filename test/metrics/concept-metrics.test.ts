import { describe, expect, it } from 'vitest';
import { conceptFuzzyMetric } from '../../src/metrics/concept-fuzzy-metric.js';
import { conceptSetMetric } from '../../src/metrics/concept-set-metric.js';
import { candidate, replay, unit } from '../fakes/vector-candidates.js';

const conceptVectors: Record<string, Float32Array> = {
  lightgbm: unit([1, 0, 0]),
  xgboost: unit([1, 0.1, 0]), // close to LightGBM: both gradient-boosted trees
  ridge: unit([0, 1, 0]),
  'feature-engineering': unit([0, 0, 1]),
};
const embedding = (id: string) => conceptVectors[id];

const episodes = [
  candidate('e0', [1, 0], ['lightgbm']),
  candidate('e1', [1, 0], ['lightgbm', 'ridge']),
  candidate('e2', [1, 0], ['xgboost']),
  candidate('e3', [1, 0], ['lightgbm', 'feature-engineering']),
  candidate('e4', [1, 0], []),
];

describe('concept-set', () => {
  it('is the fraction of concepts no earlier episode had', () => {
    expect(replay(conceptSetMetric(), episodes, embedding)).toEqual([1, 0.5, 1, 0.5, 0]);
  });
});

describe('concept-fuzzy', () => {
  it('counts a concept close to an earlier one as mostly known', () => {
    const scores = replay(conceptFuzzyMetric({ sigma: 0.5 }), episodes, embedding);
    expect(scores[0]).toBe(1);
    // ridge is orthogonal to lightgbm: ‖u − u'‖² = 2, membership exp(−2 / 0.5) = e^−4.
    expect(scores[1]).toBeCloseTo((0 + (1 - Math.exp(-4))) / 2, 6);
    // xgboost vs lightgbm: ‖u − u'‖² = 2 − 2 cos, cos = 1/√1.01.
    const squared = 2 - 2 / Math.sqrt(1.01);
    expect(scores[2]).toBeCloseTo(1 - Math.exp(-squared / 0.5), 6);
    expect(scores[2]).toBeLessThan(0.05);
    expect(scores[3]).toBeCloseTo((0 + (1 - Math.exp(-4))) / 2, 6);
    expect(scores[4]).toBe(0);
  });

  it('is never above set membership on the same episodes', () => {
    const fuzzy = replay(conceptFuzzyMetric(), episodes, embedding);
    const crisp = replay(conceptSetMetric(), episodes, embedding);
    fuzzy.forEach((value, index) => expect(value).toBeLessThanOrEqual(crisp[index]! + 1e-12));
  });
});
