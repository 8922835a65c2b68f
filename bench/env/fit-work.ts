import type { PreprocessingConfig } from './preprocessing-config.js';
import type { MemberModelConfig, ModelConfig } from './model-config.js';

/** The shape of one cross-validation fold as the model sees it, after preprocessing. */
export interface FoldShape {
  /** Training rows. */
  readonly trainRows: number;
  /** Test rows. */
  readonly testRows: number;
  /** Columns of the encoded table, before polynomial features, selection and PCA. */
  readonly encodedColumns: number;
  /** Columns the model is fitted on. */
  readonly modelColumns: number;
  /** Classes of a classification task; 0 for regression. */
  readonly classes: number;
}

/**
 * Seconds of fitting per work unit, by family, on the reference machine (one core of the 2-core Intel Xeon VM of
 * 2026-12-01), fitted by `npx tsx bench/calibrate-fit-work.ts --configs 60` (272 timed folds; a typical fold over
 * 30 ms is estimated within 0.6-2.2× of its time, SVMs much more widely, since libsvm's iterations depend on C and
 * the data). They only scale the estimate to seconds; the estimate stays a pure function of the shape. Naive Bayes,
 * CART and the dummy are too fast to time well and are priced from least squares or left at a nominal value.
 */
export const fitWorkSeconds = {
  linear: 1.2e-8,
  knn: 1.2e-8,
  'naive-bayes': 1.0e-8,
  cart: 3.4e-8,
  boosting: 3.1e-8,
  'random-forest': 2.9e-8,
  svm: 1.2e-8,
  dummy: 1.0e-8,
  preprocessing: 2.1e-9,
} as const;

/** A work term: which constant of `fitWorkSeconds` it is priced at, and how many units. */
export interface WorkTerm {
  readonly kind: keyof typeof fitWorkSeconds;
  readonly units: number;
}

/**
 * Estimated seconds one fold of a pipeline takes to fit and predict on the reference machine: a formula of the
 * fold's shape and the configuration only (rows × columns × trees × depth for trees, rows² × columns for SVMs,
 * …), so the same pipeline on the same data always gets the same estimate, whatever the machine's load. The
 * benchmark compares it with a work budget instead of timing evaluations: a real agent's "time limit exceeded",
 * made reproducible. Hand-written because it is a model of this benchmark's own implementations.
 */
export function estimateFoldSeconds(model: ModelConfig, preprocessing: PreprocessingConfig, shape: FoldShape): number {
  return foldWork(model, preprocessing, shape).reduce((sum, term) => sum + term.units * fitWorkSeconds[term.kind], 0);
}

/** The work terms of one fold: preprocessing, then the model (one term per ensemble member). */
export function foldWork(model: ModelConfig, preprocessing: PreprocessingConfig, shape: FoldShape): WorkTerm[] {
  const terms: WorkTerm[] = [{ kind: 'preprocessing', units: preprocessingUnits(preprocessing, shape) }];
  if (model.family === 'dummy') terms.push({ kind: 'dummy', units: shape.trainRows + shape.testRows });
  else if (model.family === 'ensemble')
    terms.push(...model.members.map((member) => ({ kind: member.family, units: memberUnits(member, shape) })));
  else terms.push({ kind: model.family, units: memberUnits(model, shape) });
  return terms;
}

function preprocessingUnits(preprocessing: PreprocessingConfig, shape: FoldShape): number {
  const rows = shape.trainRows + shape.testRows;
  let work = rows * shape.encodedColumns;
  const expanded = preprocessing.polynomial
    ? polynomialColumns(shape.encodedColumns, preprocessing.polynomial.interactionOnly)
    : shape.encodedColumns;
  if (preprocessing.polynomial) work += rows * expanded;
  if (preprocessing.scaling !== 'none')
    work += rows * expanded * (preprocessing.scaling === 'robust' ? Math.log2(Math.max(2, shape.trainRows)) : 1);
  if (preprocessing.featureSelection) work += shape.trainRows * expanded;
  // PCA: the covariance matrix and its eigen-decomposition.
  if (preprocessing.pca) work += shape.trainRows * expanded * expanded + expanded ** 3;
  return work;
}

function memberUnits(model: MemberModelConfig, shape: FoldShape): number {
  const n = shape.trainRows;
  const m = shape.testRows;
  const p = Math.max(1, shape.modelColumns);
  const classes = Math.max(1, shape.classes);
  // XGBoost grows one tree per class and round for more than two classes.
  const treesPerRound = classes > 2 ? classes : 1;
  const levels = (maxDepth: number) => Math.min(maxDepth, Math.ceil(Math.log2(Math.max(2, n))));
  switch (model.family) {
    case 'linear':
      // Ridge: the normal equations; logistic regression: up to 300 gradient steps over the data.
      return shape.classes === 0 ? n * p * p + p ** 3 : 300 * n * p * classes;
    case 'knn':
      return m * n * p;
    case 'naive-bayes':
      return (n + m) * p * classes;
    case 'cart': {
      const depth = Math.min(model.maxDepth ?? 30, Math.ceil(Math.log2(Math.max(2, n / model.minSamplesLeaf))) + 1);
      return n * p * Math.log2(Math.max(2, n)) * depth;
    }
    case 'boosting':
      return model.estimators * treesPerRound * n * model.subsample * p * model.columnSample * levels(model.maxDepth);
    case 'random-forest':
      return model.estimators * treesPerRound * n * model.sampleFraction * p * levels(model.maxDepth);
    case 'svm': {
      // libsvm's kernel evaluations grow with the square of the rows; one-vs-one splits them among class pairs.
      const pairs = classes > 2 ? (classes * (classes - 1)) / 2 : 1;
      const rowsPerPair = classes > 2 ? (2 * n) / classes : n;
      return pairs * rowsPerPair * rowsPerPair * p + m * n * p;
    }
  }
}

/** Columns after degree-2 polynomial features of `columns` inputs (with or without the squares). */
export function polynomialColumns(columns: number, interactionOnly: boolean): number {
  const products = (columns * (columns - 1)) / 2;
  return columns + products + (interactionOnly ? 0 : columns);
}
