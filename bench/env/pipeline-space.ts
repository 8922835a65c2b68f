import type { TaskKind } from '../tasks/dataset.js';
import type { MemberModelConfig, ModelFamily } from './model-config.js';
import type { FeatureEngineeringConfig } from './feature-engineering-config.js';
import type { PreprocessingConfig } from './preprocessing-config.js';

/**
 * The discrete grid of each preprocessing setting: what the sampler draws from and what a mutation steps along
 * (ordered, so a neighbour is the adjacent value).
 */
export const preprocessingSpace = {
  imputation: ['none', 'mean', 'median', 'most-frequent'],
  encoding: ['one-hot', 'ordinal', 'drop'],
  polynomial: [null, { interactionOnly: true }, { interactionOnly: false }],
  scaling: ['none', 'standard', 'min-max', 'robust'],
  featureSelection: [null, { fraction: 0.25 }, { fraction: 0.5 }, { fraction: 0.75 }],
  pca: [null, { varianceKept: 0.8 }, { varianceKept: 0.9 }, { varianceKept: 0.95 }, { varianceKept: 0.99 }],
} as const satisfies { [Key in keyof PreprocessingConfig]: readonly PreprocessingConfig[Key][] };

/** A grid of each feature-engineering setting's values (ordered, off first). */
export type FeatureEngineeringGrid = { readonly [Key in keyof FeatureEngineeringConfig]: readonly FeatureEngineeringConfig[Key][] };

/** The discrete grid of each feature-engineering setting (ordered, off first), for tasks that offer them. */
export const featureEngineeringSpace = {
  targetTransform: ['none', 'log'],
  cyclical: [false, true],
  ratios: [null, { keep: 3 }, { keep: 8 }],
  groupDeviations: [false, true],
  targetEncoding: [null, { smoothing: 1 }, { smoothing: 10 }, { smoothing: 100 }],
  binning: [null, { bins: 4 }, { bins: 8 }, { bins: 16 }],
} as const satisfies FeatureEngineeringGrid;

/** The feature-engineering grid a task offers, and the moves it withholds, each with its reason. */
export interface OfferedFeatureEngineering {
  readonly grid: FeatureEngineeringGrid;
  readonly withheld: readonly string[];
}

/**
 * The feature-engineering moves a task's card offers (undefined when it offers none): `featureEngineeringSpace`
 * without the moves that can only fail on this task, which the evaluation refuses as buggy pipelines: the log
 * target transform on a classification task (a class label has no logarithm) and the cyclical encoding when the
 * card names no periodic column (nothing to encode). A search over these moves spends no evaluation on them.
 */
export function offeredFeatureEngineering(task: {
  readonly kind: TaskKind;
  readonly featureEngineering?: { readonly periodic: Readonly<Record<string, number>> } | undefined;
}): OfferedFeatureEngineering | undefined {
  if (task.featureEngineering === undefined) return undefined;
  const withheld: string[] = [];
  let grid: FeatureEngineeringGrid = featureEngineeringSpace;
  if (task.kind === 'classification') {
    grid = { ...grid, targetTransform: ['none'] };
    withheld.push('the log target transform (a class label has no logarithm)');
  }
  if (Object.keys(task.featureEngineering.periodic).length === 0) {
    grid = { ...grid, cyclical: [false] };
    withheld.push("the cyclical encoding (the card's featureEngineering.periodic names no column)");
  }
  return { grid, withheld };
}

/**
 * The discrete grid of each model family's hyper-parameters (ordered). Grids stop where an evaluation gets slow
 * on these datasets: at most 300 boosting rounds and 300 forest trees, SVM C at most 30.
 */
export const modelSpace = {
  linear: { alpha: [0, 0.01, 0.1, 1, 10, 100, 1000] },
  knn: { neighbors: [1, 3, 5, 7, 10, 15, 25, 40], weights: ['uniform', 'distance'], distance: ['euclidean', 'manhattan'] },
  'naive-bayes': { varianceSmoothing: [1e-9, 1e-6, 1e-3, 1e-2, 0.1] },
  cart: { maxDepth: [2, 3, 4, 5, 6, 8, 10, 12, null], minSamplesLeaf: [1, 2, 5, 10, 20] },
  boosting: {
    estimators: [25, 50, 100, 200, 300],
    learningRate: [0.01, 0.03, 0.05, 0.1, 0.2, 0.3],
    maxDepth: [2, 3, 4, 5, 6, 8],
    subsample: [0.6, 0.8, 1],
    columnSample: [0.5, 0.8, 1],
    minChildWeight: [1, 3, 5, 10],
    l2: [0, 1, 5, 10],
  },
  'random-forest': {
    estimators: [50, 100, 200, 300],
    maxDepth: [4, 6, 8, 10, 12, 16],
    maxFeatures: [0.3, 0.5, 0.7, 1],
    sampleFraction: [0.5, 0.632, 0.8, 1],
  },
  svm: {
    kernel: ['rbf', 'linear', 'poly'],
    C: [0.1, 0.3, 1, 3, 10, 30],
    gamma: ['scale', 0.01, 0.03, 0.1, 0.3, 1],
    degree: [2, 3],
    epsilon: [0.01, 0.05, 0.1, 0.3, 1],
    classWeight: ['none', 'balanced'],
  },
} as const satisfies {
  [Family in MemberModelConfig['family']]: {
    [Key in Exclude<keyof Extract<MemberModelConfig, { family: Family }>, 'family'>]: readonly Extract<
      MemberModelConfig,
      { family: Family }
    >[Key][];
  };
};

/** A family that can be searched (any but the dummy baseline and the ensemble, which combines these). */
export type SearchableFamily = keyof typeof modelSpace;

/** The searchable families that fit a task kind (naive Bayes only classifies). */
export function familiesFor(kind: TaskKind): SearchableFamily[] {
  return (Object.keys(modelSpace) as SearchableFamily[]).filter((family) => kind === 'classification' || family !== 'naive-bayes');
}

/** True when `family` can run on a task of `kind` at all. */
export function familyFitsKind(family: ModelFamily, kind: TaskKind): boolean {
  return kind === 'classification' || family !== 'naive-bayes';
}
