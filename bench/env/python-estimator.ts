import type { TaskKind } from '../tasks/dataset.js';
import type { ModelConfig } from './model-config.js';
import { pythonFloat, pythonInt, pythonString } from './python-literals.js';

/** A model rendered as Python: its constructor call and the import lines it needs. */
export interface PythonEstimator {
  readonly expression: string;
  readonly imports: readonly string[];
  /** Short step name, e.g. `xgb` or `ridge`. */
  readonly name: string;
}

/**
 * The scikit-learn / XGBoost estimator a configuration corresponds to, with its hyper-parameters as literals.
 * The random forest renders as scikit-learn's `RandomForest*`, the estimator a person would write for the bagged
 * trees it is (it runs as XGBoost's forest mode here).
 */
export function pythonEstimator(model: ModelConfig, kind: TaskKind, seed: number): PythonEstimator {
  const regression = kind === 'regression';
  const call = (name: string, args: [string, string][]) => `${name}(${args.map(([key, value]) => `${key}=${value}`).join(', ')})`;
  switch (model.family) {
    case 'linear':
      if (regression) {
        return model.alpha === 0
          ? { name: 'ols', expression: 'LinearRegression()', imports: ['from sklearn.linear_model import LinearRegression'] }
          : {
              name: 'ridge',
              expression: call('Ridge', [['alpha', pythonFloat(model.alpha)]]),
              imports: ['from sklearn.linear_model import Ridge'],
            };
      }
      return {
        name: 'logreg',
        expression: call('LogisticRegression', [
          model.alpha === 0 ? ['penalty', 'None'] : ['C', pythonFloat(1 / model.alpha)],
          ['max_iter', '1000'],
        ]),
        imports: ['from sklearn.linear_model import LogisticRegression'],
      };
    case 'knn': {
      const name = regression ? 'KNeighborsRegressor' : 'KNeighborsClassifier';
      return {
        name: 'knn',
        expression: call(name, [
          ['n_neighbors', pythonInt(model.neighbors)],
          ['weights', pythonString(model.weights)],
          ['metric', pythonString(model.distance)],
        ]),
        imports: [`from sklearn.neighbors import ${name}`],
      };
    }
    case 'naive-bayes':
      return {
        name: 'nb',
        expression: call('GaussianNB', [['var_smoothing', pythonFloat(model.varianceSmoothing)]]),
        imports: ['from sklearn.naive_bayes import GaussianNB'],
      };
    case 'cart': {
      const name = regression ? 'DecisionTreeRegressor' : 'DecisionTreeClassifier';
      return {
        name: 'tree',
        expression: call(name, [
          ['max_depth', model.maxDepth === null ? 'None' : pythonInt(model.maxDepth)],
          ['min_samples_leaf', pythonInt(model.minSamplesLeaf)],
          ['random_state', pythonInt(seed)],
        ]),
        imports: [`from sklearn.tree import ${name}`],
      };
    }
    case 'boosting':
      return {
        name: 'xgb',
        expression: call(regression ? 'xgb.XGBRegressor' : 'xgb.XGBClassifier', [
          ['n_estimators', pythonInt(model.estimators)],
          ['learning_rate', pythonFloat(model.learningRate)],
          ['max_depth', pythonInt(model.maxDepth)],
          ['subsample', pythonFloat(model.subsample)],
          ['colsample_bytree', pythonFloat(model.columnSample)],
          ['min_child_weight', pythonFloat(model.minChildWeight)],
          ['reg_lambda', pythonFloat(model.l2)],
          ['random_state', pythonInt(seed)],
        ]),
        imports: ['import xgboost as xgb'],
      };
    case 'random-forest': {
      const name = regression ? 'RandomForestRegressor' : 'RandomForestClassifier';
      return {
        name: 'forest',
        expression: call(name, [
          ['n_estimators', pythonInt(model.estimators)],
          ['max_depth', pythonInt(model.maxDepth)],
          ['max_features', pythonFloat(model.maxFeatures)],
          ['max_samples', pythonFloat(model.sampleFraction)],
          ['n_jobs', '-1'],
          ['random_state', pythonInt(seed)],
        ]),
        imports: [`from sklearn.ensemble import ${name}`],
      };
    }
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
      return { name: 'svm', expression: call(name, args), imports: [`from sklearn.svm import ${name}`] };
    }
    case 'dummy': {
      const name = regression ? 'DummyRegressor' : 'DummyClassifier';
      const strategy = model.strategy === 'auto' ? (regression ? 'mean' : 'most_frequent') : model.strategy.replace('-', '_');
      return {
        name: 'baseline',
        expression: call(name, [['strategy', pythonString(strategy)]]),
        imports: [`from sklearn.dummy import ${name}`],
      };
    }
    case 'ensemble': {
      const members = model.members.map((member) => pythonEstimator(member, kind, seed));
      const names = members.map((member, index) =>
        members.filter((other) => other.name === member.name).length > 1 ? `${member.name}_${index + 1}` : member.name,
      );
      const list = members.map((member, index) => `        (${pythonString(names[index]!)}, ${member.expression}),`).join('\n');
      const name = regression ? 'VotingRegressor' : 'VotingClassifier';
      const voting = regression ? '' : ',\n    voting="hard"';
      return {
        name: 'ensemble',
        expression: `${name}(\n    estimators=[\n${list}\n    ]${voting},\n)`,
        imports: [...members.flatMap((member) => member.imports), `from sklearn.ensemble import ${name}`],
      };
    }
  }
}
