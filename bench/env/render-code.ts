import { basename } from 'node:path';
import type { BenchTask } from '../tasks/bench-task.js';
import type { FeatureEngineeringConfig } from './feature-engineering-config.js';
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
  const forward = task.cv.scheme === 'forward-chaining';
  const cvClass = forward ? 'TimeSeriesSplit' : task.cv.stratified ? 'StratifiedKFold' : 'KFold';
  imports.add(`from sklearn.model_selection import ${cvClass}, cross_val_score`);
  const engineering = config.features
    ? renderFeatureEngineering(task, config.features, imports)
    : { lines: [], numeric: [], categorical: [] };

  const numericSteps: string[] = [];
  if (preprocessing.imputation !== 'none') {
    imports.add('from sklearn.impute import SimpleImputer');
    numericSteps.push(`("imputer", SimpleImputer(strategy=${pythonString(preprocessing.imputation.replace('-', '_'))}))`);
  }
  const categoricalSteps: string[] = [];
  const hasCategorical = task.categoricalFeatures.length + engineering.categorical.length > 0 && preprocessing.encoding !== 'drop';
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
  const logTarget = config.features?.targetTransform === 'log';
  if (logTarget) imports.add('from sklearn.compose import TransformedTargetRegressor');

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
    `numeric_features = ${pythonStringList([...task.numericFeatures, ...engineering.numeric])}`,
    ...(hasCategorical ? [`categorical_features = ${pythonStringList([...task.categoricalFeatures, ...engineering.categorical])}`] : []),
    '',
    ...engineering.lines,
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
    ...(logTarget ? ['pipeline = TransformedTargetRegressor(regressor=pipeline, func=np.log1p, inverse_func=np.expm1)'] : []),
    '',
    forward
      ? `cv = TimeSeriesSplit(n_splits=${task.cv.folds})`
      : `cv = ${cvClass}(n_splits=${task.cv.folds}, shuffle=True, random_state=${seed})`,
    `scores = cross_val_score(pipeline, X, y, cv=cv, scoring=${pythonString(scoring[task.metric])})`,
    report,
    '',
  ].join('\n');
}

/**
 * The feature-engineering lines an agent writes before its pipeline (pandas on `X`), and the engineered columns
 * the column transformer then lists: what changes in the text is what changes in the pipeline.
 */
function renderFeatureEngineering(
  task: BenchTask,
  features: FeatureEngineeringConfig,
  imports: Set<string>,
): { lines: string[]; numeric: string[]; categorical: string[] } {
  const lines: string[] = [];
  const numeric: string[] = [];
  const categorical: string[] = [];
  if (features.cyclical) {
    for (const [name, period] of Object.entries(task.featureEngineering?.periodic ?? {})) {
      lines.push(
        `X["${name}_sin"] = np.sin(2 * np.pi * X[${pythonString(name)}] / ${period})`,
        `X["${name}_cos"] = np.cos(2 * np.pi * X[${pythonString(name)}] / ${period})`,
      );
      numeric.push(`${name}_sin`, `${name}_cos`);
    }
  }
  if (features.ratios) {
    lines.push(
      '# ratio features: keep the pairs whose ratio correlates most with the target',
      `ratios = {f"{a}_per_{b}": X[a] / X[b].replace(0, np.nan) for a in numeric_features for b in numeric_features if a != b}`,
      `best = sorted(ratios, key=lambda name: -abs(ratios[name].corr(y)))[:${features.ratios.keep}]`,
      'X = X.assign(**{name: ratios[name] for name in best})',
      'numeric_features = numeric_features + best',
    );
  }
  if (features.groupDeviations && task.categoricalFeatures.length > 0) {
    lines.push(
      '# deviation of each numeric column from its group mean',
      `for group in ${pythonStringList(task.categoricalFeatures)}:`,
      `    for column in ${pythonStringList(task.numericFeatures)}:`,
      '        X[f"{column}_minus_{group}_mean"] = X[column] - X.groupby(group)[column].transform("mean")',
    );
    numeric.push(...task.categoricalFeatures.flatMap((group) => task.numericFeatures.map((column) => `${column}_minus_${group}_mean`)));
  }
  if (features.targetEncoding && task.categoricalFeatures.length > 0) {
    imports.add('from sklearn.preprocessing import TargetEncoder');
    lines.push(
      '# out-of-fold target encoding of the categorical columns',
      `encoded = TargetEncoder(smooth=${pythonFloat(features.targetEncoding.smoothing)}, cv=5, random_state=0).fit_transform(X[${pythonStringList(task.categoricalFeatures)}], y)`,
      'X = X.join(pd.DataFrame(encoded, index=X.index).add_prefix("target_enc_"))',
      'numeric_features = numeric_features + [column for column in X.columns if column.startswith("target_enc_")]',
    );
  }
  if (features.binning) {
    imports.add('from sklearn.preprocessing import KBinsDiscretizer');
    lines.push(
      `# quantile bins of the numeric columns, encoded as categories`,
      `bins = KBinsDiscretizer(n_bins=${features.binning.bins}, encode="ordinal", strategy="quantile")`,
      `X[[f"{column}_bin" for column in ${pythonStringList(task.numericFeatures)}]] = bins.fit_transform(X[${pythonStringList(task.numericFeatures)}]).astype(int).astype(str)`,
    );
    categorical.push(...task.numericFeatures.map((column) => `${column}_bin`));
  }
  if (lines.length > 0) lines.push('');
  return { lines, numeric, categorical };
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
