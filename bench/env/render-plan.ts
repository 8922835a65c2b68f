import type { BenchTask } from '../tasks/bench-task.js';
import type { TaskKind } from '../tasks/dataset.js';
import type { MemberModelConfig, ModelConfig } from './model-config.js';
import type { FeatureEngineeringConfig } from './feature-engineering-config.js';
import type { PipelineConfig } from './pipeline-config.js';

const metricLabel = { rmse: 'RMSE', r2: 'R²', accuracy: 'accuracy', 'macro-f1': 'macro-F1' } as const;

/**
 * Renders a pipeline as the plan an agent would state before coding it: the modelling idea with its rationale
 * (distinct for each paradigm), the hyper-parameters in words with their values, the preprocessing, and how it
 * is validated. Equal configurations render identically.
 */
export function renderPipelinePlan(task: BenchTask, config: PipelineConfig): string {
  const sentences = [describeModel(config.model, task.kind, task.target)];
  if (config.features) {
    const engineering = describeFeatureEngineering(task, config.features);
    if (engineering) sentences.push(engineering);
  }
  const preprocessing = describePreprocessing(task, config.preprocessing);
  if (preprocessing) sentences.push(preprocessing);
  const split = task.cv.stratified ? 'stratified ' : '';
  const direction = task.maximize ? 'higher is better' : 'lower is better';
  sentences.push(
    task.cv.scheme === 'forward-chaining'
      ? `Validate with ${task.cv.folds} forward-chaining time-series splits (each fits on the past and scores the next block) and report the mean ${metricLabel[task.metric]} (${direction}).`
      : `Validate with ${split}${task.cv.folds}-fold cross-validation (shuffled, seed ${task.cv.seed}) and report the mean ${metricLabel[task.metric]} (${direction}).`,
  );
  return sentences.join(' ');
}

function describeModel(model: ModelConfig, kind: TaskKind, target: string): string {
  const predict = kind === 'regression' ? `predict ${target}` : `classify ${target}`;
  switch (model.family) {
    case 'linear':
      if (kind === 'classification') {
        return model.alpha === 0
          ? `Fit an unpenalised multinomial logistic regression to ${predict}: linear decision boundaries between the classes, a strong, interpretable baseline.`
          : `Fit a multinomial logistic regression with L2 regularisation (C = ${1 / model.alpha}) to ${predict}: linear decision boundaries between the classes, with the penalty keeping coefficients small.`;
      }
      return model.alpha === 0
        ? `Fit ordinary least squares linear regression to ${predict}, assuming the target is roughly additive in the features.`
        : `Fit ridge regression (alpha = ${model.alpha}) to ${predict}: a linear model whose L2 penalty shrinks the coefficients of correlated features to cut variance.`;
    case 'knn':
      return `Use k-nearest neighbours (k = ${model.neighbors}, ${model.weights} weights, ${model.distance} distance) to ${predict} from the most similar training rows: a local, non-parametric method that depends on how the features are scaled.`;
    case 'naive-bayes':
      return `Use Gaussian naive Bayes (variance smoothing ${model.varianceSmoothing}) to ${predict}: each feature is modelled as normal within a class and features are treated as independent, which is fast and robust on small data.`;
    case 'cart':
      return `Grow a single CART decision tree (max depth ${model.maxDepth ?? 'unlimited'}, at least ${model.minSamplesLeaf} samples per leaf) to ${predict}: axis-aligned splits capture thresholds and interactions, and the tree stays interpretable.`;
    case 'boosting':
      return `Train gradient-boosted trees with XGBoost to ${predict}: ${model.estimators} boosting rounds of depth-${model.maxDepth} trees at learning rate ${model.learningRate}, row subsample ${model.subsample}, column subsample ${model.columnSample}, min child weight ${model.minChildWeight} and L2 penalty ${model.l2}. Each tree corrects the residual errors of the previous ones, capturing non-linear interactions without feature scaling.`;
    case 'random-forest':
      return `Train a random forest of ${model.estimators} trees (max depth ${model.maxDepth}, ${Math.round(model.maxFeatures * 100)}% of the features considered per split, ${Math.round(model.sampleFraction * 100)}% of the rows per tree) to ${predict}: averaging decorrelated, bootstrapped trees reduces the variance of a single tree.`;
    case 'svm': {
      const kernel = { rbf: 'an RBF kernel', linear: 'a linear kernel', poly: `a degree-${model.degree} polynomial kernel` }[model.kernel];
      const gamma = model.kernel === 'linear' ? '' : `, gamma = ${model.gamma}`;
      const extra =
        kind === 'regression' ? `, epsilon = ${model.epsilon}` : model.classWeight === 'balanced' ? ', balanced class weights' : '';
      return `Fit a support vector ${kind === 'regression' ? 'regressor' : 'classifier'} with ${kernel} (C = ${model.C}${gamma}${extra}) to ${predict}: a maximum-margin fit in a kernel feature space, which needs scaled inputs.`;
    }
    case 'dummy':
      return `Predict a constant (${model.strategy === 'auto' ? (kind === 'regression' ? 'the training mean' : 'the majority class') : model.strategy}) for ${target}, ignoring the features: the trivial baseline every model must beat.`;
    case 'ensemble': {
      const combine = kind === 'regression' ? 'average their predictions' : 'take a majority vote of their predicted classes';
      const members = model.members.map((member) => summariseMember(member, kind));
      return `Build a voting ensemble to ${predict} from ${members.join(', ')}, and ${combine}: combining models whose errors are not correlated reduces variance.`;
    }
  }
}

function describeFeatureEngineering(task: BenchTask, features: FeatureEngineeringConfig): string {
  const steps: string[] = [];
  if (features.targetTransform === 'log')
    steps.push(`model log(1 + ${task.target}) and invert the predictions, since the target grows multiplicatively`);
  if (features.cyclical) {
    const periodic = Object.entries(task.featureEngineering?.periodic ?? {}).map(([name, period]) => `${name} (period ${period})`);
    steps.push(`encode ${periodic.join(' and ') || 'the periodic columns'} as a sine and a cosine, so the cycle wraps around`);
  }
  if (features.ratios) steps.push(`add the ${features.ratios.keep} ratios between numeric columns that correlate most with the target`);
  if (features.groupDeviations) steps.push("add each numeric column's deviation from its mean within each categorical group");
  if (features.targetEncoding)
    steps.push(`target-encode the categorical columns out of fold (smoothing ${features.targetEncoding.smoothing})`);
  if (features.binning) steps.push(`cut every numeric column into ${features.binning.bins} quantile bins treated as categories`);
  return steps.length === 0 ? '' : `Feature engineering, fitted on the training folds only: ${steps.join(', ')}.`;
}

function describePreprocessing(task: BenchTask, preprocessing: PipelineConfig['preprocessing']): string {
  const steps: string[] = [];
  if (preprocessing.imputation === 'none') steps.push('leave missing values as they are');
  else
    steps.push(
      `impute missing values with the training ${preprocessing.imputation.replace('-', ' ')} value (most frequent category for categoricals)`,
    );
  if (task.categoricalFeatures.length > 0) {
    const columns = task.categoricalFeatures.join(', ');
    steps.push(
      preprocessing.encoding === 'drop'
        ? `drop the categorical columns (${columns})`
        : `${preprocessing.encoding === 'one-hot' ? 'one-hot' : 'ordinal'} encode the categorical columns (${columns})`,
    );
  }
  if (preprocessing.polynomial)
    steps.push(preprocessing.polynomial.interactionOnly ? 'add pairwise interaction features' : 'add degree-2 polynomial features');
  if (preprocessing.scaling !== 'none') {
    steps.push(
      {
        standard: 'standardise every feature',
        'min-max': 'rescale every feature to [0, 1]',
        robust: 'scale features robustly by median and interquartile range',
      }[preprocessing.scaling],
    );
  }
  if (preprocessing.featureSelection)
    steps.push(`keep the top ${Math.round(preprocessing.featureSelection.fraction * 100)}% of features by a univariate F-test`);
  if (preprocessing.pca)
    steps.push(`project onto the principal components that keep ${Math.round(preprocessing.pca.varianceKept * 100)}% of the variance`);
  return steps.length === 0 ? '' : `Preprocessing, fitted on the training folds only: ${steps.join(', ')}.`;
}

function summariseMember(model: MemberModelConfig, kind: TaskKind): string {
  switch (model.family) {
    case 'linear':
      return kind === 'regression'
        ? `ridge regression (alpha = ${model.alpha})`
        : `logistic regression (C = ${model.alpha === 0 ? 'inf' : 1 / model.alpha})`;
    case 'knn':
      return `k-nearest neighbours (k = ${model.neighbors}, ${model.weights} weights)`;
    case 'naive-bayes':
      return 'Gaussian naive Bayes';
    case 'cart':
      return `a CART tree (max depth ${model.maxDepth ?? 'unlimited'})`;
    case 'boosting':
      return `XGBoost gradient boosting (${model.estimators} rounds, depth ${model.maxDepth}, learning rate ${model.learningRate})`;
    case 'random-forest':
      return `a random forest (${model.estimators} trees, max depth ${model.maxDepth})`;
    case 'svm':
      return `an SVM with ${model.kernel} kernel (C = ${model.C})`;
  }
}
