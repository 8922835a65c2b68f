import { basename } from 'node:path';
import type { BenchTask } from '../tasks/bench-task.js';
import type { PipelineConfig } from './pipeline-config.js';
import { pythonEstimator } from './python-estimator.js';
import { pythonFloat, pythonInt, pythonString, pythonStringList } from './python-literals.js';

const scoring = { rmse: 'neg_root_mean_squared_error', r2: 'r2', accuracy: 'accuracy', 'macro-f1': 'f1_macro' } as const;
const metricLabel = { rmse: 'RMSE', r2: 'R^2', accuracy: 'accuracy', 'macro-f1': 'macro-F1' } as const;

/**
 * Renders a pipeline as the readable scikit-learn / XGBoost script an agent would write for it: imports, data
 * loading, a `ColumnTransformer` for imputation and encoding, the remaining steps in a `Pipeline`, the estimator
 * with its hyper-parameters as literals, and the task's seeded cross-validation. Embedders and judges read this
 * text, so equal configurations render identically and different paradigms differ in imports and estimators.
 */
export function renderPipelineCode(task: BenchTask, config: PipelineConfig): string {
  const { preprocessing, model } = config;
  const seed = task.cv.seed;
  const estimator = pythonEstimator(model, task.kind, seed);
  const imports = new Set<string>(['import numpy as np', 'import pandas as pd', 'from sklearn.pipeline import Pipeline']);
  const cvClass = task.cv.stratified ? 'StratifiedKFold' : 'KFold';
  imports.add(`from sklearn.model_selection import ${cvClass}, cross_val_score`);

  const numericSteps: string[] = [];
  if (preprocessing.imputation !== 'none') {
    imports.add('from sklearn.impute import SimpleImputer');
    numericSteps.push(`("imputer", SimpleImputer(strategy=${pythonString(preprocessing.imputation.replace('-', '_'))}))`);
  }
  const categoricalSteps: string[] = [];
  const hasCategorical = task.categoricalFeatures.length > 0 && preprocessing.encoding !== 'drop';
  if (hasCategorical) {
    if (preprocessing.imputation !== 'none') {
      imports.add('from sklearn.impute import SimpleImputer');
      categoricalSteps.push('("imputer", SimpleImputer(strategy="most_frequent"))');
    }
    if (preprocessing.encoding === 'one-hot') {
      imports.add('from sklearn.preprocessing import OneHotEncoder');
      categoricalSteps.push('("encoder", OneHotEncoder(handle_unknown="ignore"))');
    } else {
      imports.add('from sklearn.preprocessing import OrdinalEncoder');
      categoricalSteps.push('("encoder", OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1))');
    }
  }
  const transformer = (steps: string[]) =>
    steps.length === 0 ? '"passthrough"' : `Pipeline([\n            ${steps.join(',\n            ')},\n        ])`;
  const columnParts = [`        ("num", ${transformer(numericSteps)}, numeric_features),`];
  if (hasCategorical) columnParts.push(`        ("cat", ${transformer(categoricalSteps)}, categorical_features),`);
  imports.add('from sklearn.compose import ColumnTransformer');

  const steps = ['("preprocess", preprocessor)'];
  if (preprocessing.polynomial) {
    imports.add('from sklearn.preprocessing import PolynomialFeatures');
    const only = preprocessing.polynomial.interactionOnly ? ', interaction_only=True' : '';
    steps.push(`("poly", PolynomialFeatures(degree=2${only}, include_bias=False))`);
  }
  if (preprocessing.scaling !== 'none') {
    const scaler = { standard: 'StandardScaler', 'min-max': 'MinMaxScaler', robust: 'RobustScaler' }[preprocessing.scaling];
    imports.add(`from sklearn.preprocessing import ${scaler}`);
    steps.push(`("scale", ${scaler}())`);
  }
  if (preprocessing.featureSelection) {
    const test = task.kind === 'regression' ? 'f_regression' : 'f_classif';
    imports.add(`from sklearn.feature_selection import SelectPercentile, ${test}`);
    steps.push(`("select", SelectPercentile(${test}, percentile=${pythonInt(preprocessing.featureSelection.fraction * 100)}))`);
  }
  if (preprocessing.pca) {
    imports.add('from sklearn.decomposition import PCA');
    steps.push(`("pca", PCA(n_components=${pythonFloat(preprocessing.pca.varianceKept)}))`);
  }
  steps.push('("model", model)');
  for (const line of estimator.imports) imports.add(line);

  const label = metricLabel[task.metric];
  const report =
    task.metric === 'rmse'
      ? `print(f"${task.cv.folds}-fold CV ${label}: {-scores.mean():.4f} +/- {scores.std():.4f}")`
      : `print(f"${task.cv.folds}-fold CV ${label}: {scores.mean():.4f} +/- {scores.std():.4f}")`;
  return [
    ...sortImports([...imports]),
    '',
    `df = pd.read_csv("./input/${typeof task.dataset === 'string' ? `${task.dataset}.csv` : basename(task.dataset.csv)}")`,
    `X = df.drop(columns=[${pythonString(task.target)}])`,
    `y = df[${pythonString(task.target)}]`,
    `numeric_features = ${pythonStringList(task.numericFeatures)}`,
    ...(hasCategorical ? [`categorical_features = ${pythonStringList(task.categoricalFeatures)}`] : []),
    '',
    'preprocessor = ColumnTransformer(',
    '    [',
    ...columnParts,
    '    ],',
    `    remainder="drop",`,
    ')',
    '',
    `model = ${estimator.expression}`,
    '',
    'pipeline = Pipeline([',
    ...steps.map((step) => `    ${step},`),
    '])',
    '',
    `cv = ${cvClass}(n_splits=${task.cv.folds}, shuffle=True, random_state=${seed})`,
    `scores = cross_val_score(pipeline, X, y, cv=cv, scoring=${pythonString(scoring[task.metric])})`,
    report,
    '',
  ].join('\n');
}

function sortImports(lines: string[]): string[] {
  // Plain `import x` lines first, then one `from m import a, b` line per module, each group sorted, as isort would.
  const plain = lines.filter((line) => line.startsWith('import ')).sort();
  const modules = new Map<string, Set<string>>();
  for (const line of lines) {
    const match = /^from (\S+) import (.+)$/.exec(line);
    if (!match) continue;
    const names = modules.get(match[1]!) ?? new Set<string>();
    for (const name of match[2]!.split(',')) names.add(name.trim());
    modules.set(match[1]!, names);
  }
  const from = [...modules.keys()].sort().map((module) => `from ${module} import ${[...modules.get(module)!].sort().join(', ')}`);
  return [...plain, ...from];
}
