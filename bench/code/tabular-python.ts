import { parsePipelineConfig } from '../env/canonical-config.js';
import type { FeatureEngineeringConfig } from '../env/feature-engineering-config.js';
import type { ModelConfig } from '../env/model-config.js';
import type { PipelineConfigInput } from '../env/pipeline-config.js';
import { pythonEstimator } from '../env/python-estimator.js';
import { pythonFloat, pythonInt, pythonString, pythonStringList } from '../env/python-literals.js';
import type { BenchTask } from '../tasks/bench-task.js';
import type { TaskKind } from '../tasks/dataset.js';

/** A model as Python: the constructor call, its imports, and whether it needs `base_score` (an XGBoost regressor). */
interface Estimator {
  readonly expression: string;
  readonly imports: readonly string[];
  readonly name: string;
  readonly baseScore: boolean;
  /** An SVM, whose iteration cap the program explains. */
  readonly iterationCap?: boolean;
}

/**
 * The whole program a person writes for a pipeline under the tabular code task's contract: read `train.csv` and
 * `test.csv`, engineer features and fit every preprocessing step and the model on the training rows only, write
 * `predictions.csv` (one column named as the target, class labels for classification). It follows the TypeScript
 * evaluation (`fitPredictPipeline`) step by step, so the harness scores the same pipeline in both: exactly `ceil`
 * of the selected fraction of features, XGBoost's exact trees started from the training mean, the random forest as
 * XGBoost's forest mode, a logistic regression on standardised inputs (what the TypeScript solver penalises), SVMs
 * with libsvm's iteration cap. A
 * pipeline the TypeScript evaluation refuses as buggy renders as a program that fails the same way (NaN fed to
 * a model, a log target of class labels); equal configurations render identically.
 */
export function renderTabularPython(task: BenchTask, input: PipelineConfigInput): string {
  const config = parsePipelineConfig(input);
  const { preprocessing, model } = config;
  const classification = task.kind === 'classification';
  const imports = new Set<string>([
    'import numpy as np',
    'import pandas as pd',
    'from sklearn.compose import ColumnTransformer',
    'from sklearn.pipeline import Pipeline',
  ]);
  const estimator = estimatorOf(model, task.kind, task.cv.seed);
  for (const line of estimator.imports) imports.add(line);
  if (classification) imports.add('from sklearn.preprocessing import LabelEncoder');
  const engineering = config.features === undefined ? [] : renderFeatureEngineering(task, config.features, imports);
  const categorical = task.categoricalFeatures.length > 0 || config.features?.binning != null;

  const numericSteps: string[] = [];
  const categoricalSteps: string[] = [];
  if (preprocessing.imputation !== 'none') {
    imports.add('from sklearn.impute import SimpleImputer');
    numericSteps.push(`SimpleImputer(strategy=${pythonString(preprocessing.imputation.replace('-', '_'))})`);
    categoricalSteps.push('SimpleImputer(strategy="most_frequent")');
  }
  if (categorical && preprocessing.encoding === 'one-hot') {
    imports.add('from sklearn.preprocessing import OneHotEncoder');
    categoricalSteps.push('OneHotEncoder(handle_unknown="ignore")');
  } else if (categorical && preprocessing.encoding === 'ordinal') {
    imports.add('from sklearn.preprocessing import OrdinalEncoder');
    categoricalSteps.push('OrdinalEncoder(handle_unknown="use_encoded_value", unknown_value=-1)');
  }
  const chain = (steps: readonly string[]) => {
    if (steps.length === 0) return '"passthrough"';
    if (steps.length === 1) return steps[0]!;
    imports.add('from sklearn.pipeline import make_pipeline');
    return `make_pipeline(${steps.join(', ')})`;
  };
  const columns = [`        ("num", ${chain(numericSteps)}, numeric_features),`];
  if (categorical && preprocessing.encoding !== 'drop') columns.push(`        ("cat", ${chain(categoricalSteps)}, categorical_features),`);

  const transformSteps = ['("columns", preprocessor)'];
  if (preprocessing.polynomial) {
    imports.add('from sklearn.preprocessing import PolynomialFeatures');
    transformSteps.push(
      `("poly", PolynomialFeatures(degree=2${preprocessing.polynomial.interactionOnly ? ', interaction_only=True' : ''}, include_bias=False))`,
    );
  }
  if (preprocessing.scaling !== 'none') {
    const scaler = { standard: 'StandardScaler', 'min-max': 'MinMaxScaler', robust: 'RobustScaler' }[preprocessing.scaling];
    imports.add(`from sklearn.preprocessing import ${scaler}`);
    transformSteps.push(`("scale", ${scaler}())`);
  }
  const reduction: string[] = [];
  if (preprocessing.featureSelection) {
    const test = classification ? 'f_classif' : 'f_regression';
    imports.add('import math');
    imports.add(`from sklearn.feature_selection import SelectKBest, ${test}`);
    const fraction = pythonFloat(preprocessing.featureSelection.fraction);
    reduction.push(
      `# Keep the best ${Math.round(preprocessing.featureSelection.fraction * 100)}% of the features (at least one) by a univariate F-test.`,
      `selector = SelectKBest(${test}, k=max(1, math.ceil(${fraction} * A_train.shape[1]))).fit(A_train, y_train)`,
      'A_train, A_test = selector.transform(A_train), selector.transform(A_test)',
    );
  }
  if (preprocessing.pca) {
    imports.add('from sklearn.decomposition import PCA');
    reduction.push(
      `# Project onto the principal components that keep ${Math.round(preprocessing.pca.varianceKept * 100)}% of the variance.`,
      `pca = PCA(n_components=${pythonFloat(preprocessing.pca.varianceKept)}).fit(A_train)`,
      'A_train, A_test = pca.transform(A_train), pca.transform(A_test)',
    );
  }

  const logTarget = config.features?.targetTransform === 'log';
  const target: string[] = [];
  if (classification) {
    if (logTarget) target.push('raise ValueError("log target transform: a class label cannot be log-transformed")');
    target.push('labels = LabelEncoder()', 'y_fit = labels.fit_transform(y_train)');
  } else if (logTarget) {
    target.push(
      "# Fit on log(1 + y) and predict expm1 of the model's output.",
      'if (y_train <= -1).any():',
      '    raise ValueError("log target transform: log1p needs targets above -1")',
      'y_fit = np.log1p(y_train)',
    );
  } else {
    target.push('y_fit = y_train');
  }
  if (estimator.baseScore)
    target.push(
      "# Boosting starts from the training mean (XGBoost 2's default; 1.x starts from 0.5).",
      'base_score = float(np.mean(y_fit))',
    );
  const predicted = classification
    ? 'labels.inverse_transform(model.predict(A_test))'
    : logTarget
      ? 'np.expm1(model.predict(A_test))'
      : 'model.predict(A_test)';

  // Read as text: categories (whatever they look like) and class labels, which predictions.csv must repeat as written.
  const textColumns =
    task.categoricalFeatures.length > 0 ? (classification ? 'CATEGORICAL + [TARGET]' : 'CATEGORICAL') : classification ? '[TARGET]' : null;
  return [
    `"""${task.task}: fit on train.csv, predict test.csv, write predictions.csv (one ${pythonString(task.target)} column)."""`,
    '',
    ...sortImports([...imports]),
    '',
    `TARGET = ${pythonString(task.target)}`,
    `NUMERIC = ${pythonStringList(task.numericFeatures)}`,
    `CATEGORICAL = ${pythonStringList(task.categoricalFeatures)}`,
    '',
    ...(textColumns === null
      ? ['train = pd.read_csv("train.csv")', 'test = pd.read_csv("test.csv")']
      : [
          '# Read categories and class labels as text, whatever they look like; an empty field is missing.',
          `dtypes = {column: str for column in ${textColumns}}`,
          'train = pd.read_csv("train.csv", dtype=dtypes)',
          'test = pd.read_csv("test.csv", dtype=dtypes)',
        ]),
    'X_train = train[NUMERIC + CATEGORICAL].copy()',
    'X_test = test[NUMERIC + CATEGORICAL].copy()',
    'y_train = train[TARGET]',
    'numeric_features = list(NUMERIC)',
    'categorical_features = list(CATEGORICAL)',
    '',
    ...engineering,
    'preprocessor = ColumnTransformer(',
    '    [',
    ...columns,
    '    ],',
    '    sparse_threshold=0,  # dense output for the steps below',
    ')',
    'transform = Pipeline([',
    ...transformSteps.map((step) => `    ${step},`),
    '])',
    'A_train = transform.fit_transform(X_train)',
    'A_test = transform.transform(X_test)',
    ...reduction,
    '',
    ...target,
    ...(estimator.iterationCap
      ? ["# libsvm's own cap of 10 million iterations (scikit-learn lifts it): an ill-conditioned SVM stops instead of running on."]
      : []),
    `model = ${estimator.expression}`,
    'model.fit(A_train, y_fit)',
    `predictions = ${predicted}`,
    '',
    'pd.DataFrame({TARGET: predictions}).to_csv("predictions.csv", index=False)',
    'print(f"{len(X_train)} training rows, {A_train.shape[1]} model inputs; wrote {len(predictions)} predictions to predictions.csv")',
    '',
  ].join('\n');
}

/**
 * The estimator of a model: scikit-learn's for the families the TypeScript evaluation mirrors directly
 * (`pythonEstimator`), XGBoost with the TypeScript booster's settings for boosting and forests, the logistic
 * regression behind a standard scaler (the TypeScript solver standardises inside and penalises the standardised
 * weights), and SVMs with libsvm's iteration cap, which libsvm-js keeps and scikit-learn lifts (an unscaled
 * polynomial SVM otherwise runs for minutes where the TypeScript evaluation stops with a poor fit).
 */
function estimatorOf(model: ModelConfig, kind: TaskKind, seed: number): Estimator {
  const regression = kind === 'regression';
  const call = (name: string, args: readonly (readonly [string, string])[]) =>
    `${name}(${args.map(([key, value]) => `${key}=${value}`).join(', ')})`;
  // Exact trees (the WASM build's method) on one thread: the sandbox counts every thread's CPU time.
  const xgboostTail = (): [string, string][] => [
    ...(regression ? [['base_score', 'base_score'] as [string, string]] : []),
    ['tree_method', '"exact"'],
    ['n_jobs', '1'],
    ['random_state', pythonInt(seed)],
  ];
  switch (model.family) {
    case 'boosting':
      return {
        name: 'xgb',
        baseScore: regression,
        imports: ['import xgboost as xgb'],
        expression: call(regression ? 'xgb.XGBRegressor' : 'xgb.XGBClassifier', [
          ['n_estimators', pythonInt(model.estimators)],
          ['learning_rate', pythonFloat(model.learningRate)],
          ['max_depth', pythonInt(model.maxDepth)],
          ['subsample', pythonFloat(model.subsample)],
          ['colsample_bytree', pythonFloat(model.columnSample)],
          ['min_child_weight', pythonFloat(model.minChildWeight)],
          ['reg_lambda', pythonFloat(model.l2)],
          ...xgboostTail(),
        ]),
      };
    case 'random-forest':
      // XGBoost's forest mode, as the TypeScript evaluation runs it: one round of parallel trees on row samples
      // (without replacement) with columns sampled per level, and, unlike scikit-learn's forests, NaN accepted.
      return {
        name: 'forest',
        baseScore: regression,
        imports: ['import xgboost as xgb'],
        expression: call(regression ? 'xgb.XGBRFRegressor' : 'xgb.XGBRFClassifier', [
          ['n_estimators', pythonInt(model.estimators)],
          ['max_depth', pythonInt(model.maxDepth)],
          ['subsample', pythonFloat(model.sampleFraction)],
          ['colsample_bylevel', pythonFloat(model.maxFeatures)],
          ['colsample_bynode', '1.0'],
          ['min_child_weight', '1.0'],
          ['reg_lambda', '1e-05'],
          ...xgboostTail(),
        ]),
      };
    case 'svm': {
      const name = regression ? 'SVR' : 'SVC';
      const args: [string, string][] = [
        ['kernel', pythonString(model.kernel)],
        ['C', pythonFloat(model.C)],
      ];
      if (model.kernel !== 'linear') args.push(['gamma', model.gamma === 'scale' ? '"scale"' : pythonFloat(model.gamma)]);
      if (model.kernel === 'poly') args.push(['degree', pythonInt(model.degree)]);
      if (regression) args.push(['epsilon', pythonFloat(model.epsilon)]);
      else if (model.classWeight === 'balanced') args.push(['class_weight', '"balanced"']);
      args.push(['max_iter', '10_000_000']);
      return {
        name: 'svm',
        baseScore: false,
        iterationCap: true,
        expression: call(name, args),
        imports: [`from sklearn.svm import ${name}`],
      };
    }
    case 'linear':
      if (regression) break;
      return {
        name: 'logreg',
        baseScore: false,
        imports: [
          'from sklearn.linear_model import LogisticRegression',
          'from sklearn.pipeline import make_pipeline',
          'from sklearn.preprocessing import StandardScaler',
        ],
        expression: `make_pipeline(StandardScaler(), ${call('LogisticRegression', [model.alpha === 0 ? ['penalty', 'None'] : ['C', pythonFloat(1 / model.alpha)], ['max_iter', '1000']])})`,
      };
    case 'ensemble': {
      const members = model.members.map((member) => estimatorOf(member, kind, seed));
      const names = members.map((member, index) =>
        members.filter((other) => other.name === member.name).length > 1 ? `${member.name}_${index + 1}` : member.name,
      );
      const name = regression ? 'VotingRegressor' : 'VotingClassifier';
      const list = members.map((member, index) => `        (${pythonString(names[index]!)}, ${member.expression}),`).join('\n');
      return {
        name: 'ensemble',
        baseScore: members.some((member) => member.baseScore),
        iterationCap: members.some((member) => member.iterationCap === true),
        imports: [...members.flatMap((member) => member.imports), `from sklearn.ensemble import ${name}`],
        expression: `${name}(\n    estimators=[\n${list}\n    ],${regression ? '' : '\n    voting="hard",'}\n)`,
      };
    }
    default:
      break;
  }
  return { ...pythonEstimator(model, kind, seed), baseScore: false };
}

/**
 * The feature-engineering lines, in the TypeScript order (cyclical, ratios, group deviations, target encoding,
 * bins), each statistic learnt on the training rows and applied to both frames; engineered columns join
 * `numeric_features` (bins: `categorical_features`) so the column transformer imputes and encodes them as any other.
 */
function renderFeatureEngineering(task: BenchTask, features: FeatureEngineeringConfig, imports: Set<string>): string[] {
  const lines: string[] = [];
  const classification = task.kind === 'classification';
  const both = (statement: string) => ['    for frame in (X_train, X_test):', `        ${statement}`];
  if (features.cyclical) {
    const periodic = Object.entries(task.featureEngineering?.periodic ?? {});
    if (periodic.length === 0) {
      lines.push('raise ValueError("cyclical encoding: the task declares no periodic column to encode")', '');
    } else {
      const periods = `{${periodic.map(([name, period]) => `${pythonString(name)}: ${pythonFloat(period)}`).join(', ')}}`;
      lines.push(
        '# The sine and cosine of each periodic column, so the cycle wraps around.',
        `for column, period in ${periods}.items():`,
        '    for frame in (X_train, X_test):',
        '        frame[f"{column}_sin"] = np.sin(2 * np.pi * frame[column] / period)',
        '        frame[f"{column}_cos"] = np.cos(2 * np.pi * frame[column] / period)',
        '    numeric_features += [f"{column}_sin", f"{column}_cos"]',
        '',
      );
    }
  }
  if (features.ratios) {
    lines.push(
      '',
      'def association(values, target):',
      classification
        ? '    """The correlation ratio of a column with the classes on the rows where it is known (0 for a constant)."""'
        : '    """|Pearson r| of a column with the target on the rows where it is known (0 for a constant)."""',
      '    known = values.notna()',
      '    x, t = values[known], target[known]',
      '    spread = ((x - x.mean()) ** 2).sum()',
      '    if len(x) < 2 or spread == 0:',
      '        return 0.0',
      ...(classification
        ? ['    between = ((x.groupby(t).transform("mean") - x.mean()) ** 2).sum()', '    return float(np.sqrt(between / spread))']
        : ['    r = np.corrcoef(x, t)[0, 1]', '    return 0.0 if np.isnan(r) else float(abs(r))']),
      '',
      '',
      `# The ${features.ratios.keep} ratios a / b of numeric columns that go most with the target on the training rows.`,
      'ratios = []',
      'for a in NUMERIC:',
      '    for b in NUMERIC:',
      '        if a != b:',
      '            ratios.append((-association(X_train[a] / X_train[b].replace(0, np.nan), y_train), f"{a}_per_{b}", a, b))',
      `for _, name, a, b in sorted(ratios)[:${features.ratios.keep}]:`,
      ...both('frame[name] = frame[a] / frame[b].replace(0, np.nan)'),
      '    numeric_features.append(name)',
      '',
    );
  }
  if (features.groupDeviations) {
    lines.push(
      ...(task.categoricalFeatures.length === 0
        ? ['# Group deviations: the task has no categorical column to group by.']
        : [
            '# Each numeric column minus its training mean within each categorical group (the overall mean for an unseen group).',
            'for group in CATEGORICAL:',
            '    for column in NUMERIC:',
            '        means, overall = X_train.groupby(group)[column].mean(), X_train[column].mean()',
            '        name = f"{column}_minus_{group}_mean"',
            '        for frame in (X_train, X_test):',
            '            frame[name] = frame[column] - frame[group].map(means).astype(float).fillna(overall)',
            '        numeric_features.append(name)',
          ]),
      '',
    );
  }
  if (features.targetEncoding) {
    if (task.categoricalFeatures.length === 0) {
      lines.push('# Target encoding: the task has no categorical column to encode.', '');
    } else {
      imports.add('from sklearn.model_selection import KFold');
      const smoothing = pythonFloat(features.targetEncoding.smoothing);
      lines.push(
        '',
        'def mean_encoding(categories, values, smoothing):',
        '    """Mean of `values` per category shrunk to their overall mean by `smoothing` rows, and that mean."""',
        '    prior = values.mean()',
        '    stats = values.groupby(categories).agg(["sum", "count"])',
        '    return (stats["sum"] + smoothing * prior) / (stats["count"] + smoothing), prior',
        '',
        '',
        `# Out-of-fold target encoding (smoothing ${features.targetEncoding.smoothing}): a training row is encoded by the other inner folds, a test row by all training rows.`,
        classification
          ? 'targets = {f"rate_{label}": (y_train == label).astype(float) for label in sorted(y_train.unique())}'
          : 'targets = {"target_mean": y_train}',
        'inner = list(KFold(n_splits=min(5, len(X_train)), shuffle=True, random_state=0).split(X_train))',
        'for column in CATEGORICAL:',
        '    for suffix, values in targets.items():',
        '        name = f"{column}_{suffix}"',
        `        encoding, prior = mean_encoding(X_train[column], values, ${smoothing})`,
        '        X_test[name] = X_test[column].map(encoding).astype(float).fillna(prior)',
        '        encoded = np.empty(len(X_train))',
        '        for fit_rows, held_out in inner:',
        `            encoding, prior = mean_encoding(X_train[column].iloc[fit_rows], values.iloc[fit_rows], ${smoothing})`,
        '            encoded[held_out] = X_train[column].iloc[held_out].map(encoding).astype(float).fillna(prior)',
        '        X_train[name] = encoded',
        '        numeric_features.append(name)',
        '',
      );
    }
  }
  if (features.binning) {
    const bins = features.binning.bins;
    lines.push(
      `# Each numeric column cut at ${bins - 1} training quantiles (repeated edges dropped), as a category.`,
      'for column in NUMERIC:',
      '    observed = np.sort(X_train[column].dropna().to_numpy())',
      `    edges = np.unique([observed[(i + 1) * len(observed) // ${bins}] for i in range(${bins - 1})]) if len(observed) else np.array([])`,
      '    for frame in (X_train, X_test):',
      '        codes = np.searchsorted(edges, frame[column].to_numpy(), side="right")',
      '        frame[f"{column}_bin"] = pd.Series([f"q{code}" for code in codes], index=frame.index).where(frame[column].notna())',
      '    categorical_features.append(f"{column}_bin")',
      '',
    );
  }
  return lines;
}

/** `import x` lines first, then one `from m import a, b` line per module, each group sorted (as isort would). */
function sortImports(lines: readonly string[]): string[] {
  const plain = [...new Set(lines.filter((line) => line.startsWith('import ')))].sort();
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
