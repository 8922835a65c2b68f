import { describe, expect, it } from 'vitest';
import { defaultConceptExtractor } from '../../src/concepts/default-concept-extractor.js';
import { profileEpisode } from '../../src/judges/episode-profile.js';
import type { JudgedEpisode } from '../../src/judges/judge.js';
import { RubricJudge } from '../../src/judges/rubric-judge.js';
import { settingChangeOf } from '../../src/judges/setting-change.js';
import { episode } from './rubric-judge-fixtures.js';

// A pipeline as the bench renders the shared real-model run's configurations (co2-forecast, episode 17 of the
// adaptive run): polynomial features, a scaler, a linear model.
const pipeline = (
  options: { scaler?: string; model?: string; extra?: string; strategy?: string; poly?: string; lossLine?: string } = {},
) => `import numpy as np
import pandas as pd
from sklearn.compose import ColumnTransformer
from sklearn.impute import SimpleImputer
from sklearn.linear_model import LinearRegression, Ridge
from sklearn.model_selection import TimeSeriesSplit, cross_val_score
from sklearn.pipeline import Pipeline
from sklearn.preprocessing import PolynomialFeatures, ${options.scaler ?? 'StandardScaler'}
${options.extra === undefined ? '' : 'from sklearn.feature_selection import SelectPercentile, f_regression\n'}
df = pd.read_csv("./input/co2-concentration.csv")
X = df.drop(columns=["co2_ppm"])
y = df["co2_ppm"]
numeric_features = ["year", "month", "month_sin", "month_cos"]
X["month_sin"] = np.sin(2 * np.pi * X["month"] / 12)
X["month_cos"] = np.cos(2 * np.pi * X["month"] / 12)
preprocessor = ColumnTransformer(
    [("num", Pipeline([("imputer", SimpleImputer(strategy="${options.strategy ?? 'median'}"))]), numeric_features)],
    remainder="drop",
)
model = ${options.model ?? 'LinearRegression()'}
pipeline = Pipeline([
    ("preprocess", preprocessor),
    ("poly", PolynomialFeatures(degree=2${options.poly ?? ''}, include_bias=False)),
    ("scale", ${options.scaler ?? 'StandardScaler'}()),${options.extra ?? ''}
    ("model", model),
])
${options.lossLine ?? ''}
cv = TimeSeriesSplit(n_splits=5)
scores = cross_val_score(pipeline, X, y, cv=cv, scoring="neg_root_mean_squared_error")
print(f"5-fold CV RMSE: {-scores.mean():.4f} +/- {scores.std():.4f}")
`;

const extractor = defaultConceptExtractor();
const change = (before: string, after: string) =>
  settingChangeOf(profileEpisode(episode('b', 'p', after)), profileEpisode(episode('a', 'p', before)), extractor);

const parent = episode(
  'e0',
  'Ordinary least squares on a degree-2 polynomial of year and the cyclical month features, standard-scaled.',
  pipeline(),
);

/** The rubric judge's verdict on `judged` after `parent`, with a nearest-neighbour distance a rewritten plan gives. */
function verdictOf(judged: JudgedEpisode) {
  return new RubricJudge().verdict({ runId: judged.id, episode: judged, earlier: [parent], novelty: { 'nearest-neighbour': 0.4 } });
}

describe('settingChangeOf', () => {
  it('reads a scaler swapped for another, a linear model for another, and a string value as setting changes', () => {
    expect(change(pipeline(), pipeline({ scaler: 'RobustScaler' }))).toEqual({
      kind: 'component',
      replacements: [{ from: 'StandardScaler', to: 'RobustScaler' }],
    });
    expect(change(pipeline(), pipeline({ model: 'Ridge(alpha=0.1)' }))).toEqual({
      kind: 'component',
      replacements: [
        { from: 'LinearRegression', to: 'Ridge' },
        { from: '', to: 'alpha=§' },
      ],
    });
    expect(change(pipeline(), pipeline({ strategy: 'mean' }))).toEqual({
      kind: 'value',
      replacements: [{ from: '"median"', to: '"mean"' }],
    });
  });

  it('reads two settings changed at once, far apart in one line, as a setting change', () => {
    expect(change(pipeline({ poly: ', interaction_only=True', scaler: 'MinMaxScaler' }), pipeline({ scaler: 'RobustScaler' }))).toEqual({
      kind: 'component',
      replacements: [
        { from: 'interaction_only=True,', to: '' },
        { from: 'MinMaxScaler', to: 'RobustScaler' },
      ],
    });
  });

  it('does not read a new component, a dropped one, a new kind of model or a changed objective as a setting change', () => {
    // A feature-selection step added: a line of the pipeline grows by a component.
    expect(change(pipeline(), pipeline({ extra: '\n    ("select", SelectPercentile(f_regression, percentile=50)),' }))).toBeNull();
    // Another family of model: a support vector machine is not a linear model of sklearn's linear_model.
    expect(change(pipeline(), pipeline({ model: 'SVR(kernel="rbf")' }))).toBeNull();
    // A loss swapped for another is a new objective (the rubric's "swaps the loss for a new objective").
    expect(change(pipeline({ lossLine: 'criterion = nn.MSELoss()' }), pipeline({ lossLine: 'criterion = nn.HuberLoss()' }))).toBeNull();
    // The scaler dropped: the program loses a component.
    expect(change(pipeline(), pipeline().replace('    ("scale", StandardScaler()),\n', ''))).toBeNull();
  });

  it('leaves a change of numbers alone to the numbers-only evidence', () => {
    expect(change(pipeline(), pipeline().replace('n_splits=5', 'n_splits=3'))).toBeNull();
  });
});

describe('RubricJudge on setting changes (#33: a real model rewrote its plan at every one-setting step)', () => {
  const rewrittenPlan =
    'Robust scaling divides by the interquartile range, which leaves the squared and product columns with very different norms; the exact least-squares solve is best conditioned when every column has the same scale, so this should extrapolate better.';

  it('calls a scaler swapped for another combinational at most, whatever the plan says', () => {
    const verdict = verdictOf(episode('swap', rewrittenPlan, pipeline({ scaler: 'RobustScaler' })));
    expect(verdict.score).toBe(1);
    expect(verdict.rationale).toContain('StandardScaler → RobustScaler');
  });

  it('calls a value changed routine', () => {
    const verdict = verdictOf(episode('value', rewrittenPlan, pipeline({ strategy: 'mean' })));
    expect(verdict.score).toBe(0);
    expect(verdict.rationale).toMatch(/^Routine: the program of episode e0 with a setting changed/);
  });

  it('still calls a new component exploratory', () => {
    const verdict = verdictOf(
      episode('select', rewrittenPlan, pipeline({ extra: '\n    ("select", SelectPercentile(f_regression, percentile=50)),' })),
    );
    expect(verdict.score).toBe(2);
  });
});
