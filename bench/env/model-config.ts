import { z } from 'zod';

/** Ridge regression, or L2-regularised multinomial logistic regression for classification (C = 1 / alpha). */
export const LinearModelSchema = z.strictObject({
  family: z.literal('linear'),
  alpha: z.number().min(0).max(1e6).default(1),
});

/** k nearest neighbours (brute force). */
export const KnnModelSchema = z.strictObject({
  family: z.literal('knn'),
  neighbors: z.number().int().min(1).max(200).default(5),
  weights: z.enum(['uniform', 'distance']).default('uniform'),
  distance: z.enum(['euclidean', 'manhattan']).default('euclidean'),
});

/** Gaussian naive Bayes (classification only); `varianceSmoothing` is a fraction of the largest variance. */
export const NaiveBayesModelSchema = z.strictObject({
  family: z.literal('naive-bayes'),
  varianceSmoothing: z.number().min(0).max(1).default(1e-9),
});

/** One CART decision tree (Gini or squared error); `maxDepth` null grows until leaves are pure or too small. */
export const CartModelSchema = z.strictObject({
  family: z.literal('cart'),
  maxDepth: z.number().int().min(1).max(30).nullable().default(null),
  minSamplesLeaf: z.number().int().min(1).max(200).default(1),
});

/** Gradient-boosted trees (XGBoost through `ml-xgboost`, WASM), with XGBoost's defaults. */
export const BoostingModelSchema = z.strictObject({
  family: z.literal('boosting'),
  estimators: z.number().int().min(1).max(2000).default(100),
  learningRate: z.number().gt(0).max(1).default(0.3),
  maxDepth: z.number().int().min(1).max(12).default(6),
  subsample: z.number().gt(0).max(1).default(1),
  columnSample: z.number().gt(0).max(1).default(1),
  minChildWeight: z.number().min(0).max(100).default(1),
  l2: z.number().min(0).max(1000).default(1),
});

/** A random forest: bagged trees with per-level column sampling (XGBoost's `num_parallel_tree`, WASM). */
export const RandomForestModelSchema = z.strictObject({
  family: z.literal('random-forest'),
  estimators: z.number().int().min(1).max(1000).default(100),
  maxDepth: z.number().int().min(1).max(16).default(8),
  maxFeatures: z.number().gt(0).max(1).default(0.5),
  sampleFraction: z.number().gt(0).max(1).default(0.632),
});

/** A support vector machine (libsvm through `libsvm-js`, WASM): C-SVC or epsilon-SVR. */
export const SvmModelSchema = z.strictObject({
  family: z.literal('svm'),
  kernel: z.enum(['rbf', 'linear', 'poly']).default('rbf'),
  C: z.number().gt(0).max(1e4).default(1),
  /** `scale` is scikit-learn's 1 / (features × variance of the inputs). */
  gamma: z.union([z.literal('scale'), z.number().positive().max(1e3)]).default('scale'),
  degree: z.number().int().min(2).max(5).default(3),
  epsilon: z.number().min(0).max(100).default(0.1),
  classWeight: z.enum(['none', 'balanced']).default('none'),
});

/** A trivial predictor (the task cards' baseline): `auto` is the mean for regression, the majority class otherwise. */
export const DummyModelSchema = z.strictObject({
  family: z.literal('dummy'),
  strategy: z.enum(['auto', 'mean', 'median', 'most-frequent']).default('auto'),
});

/** A model that can be a member of an ensemble: any family but the dummy and ensembles themselves. */
export const MemberModelConfigSchema = z.discriminatedUnion('family', [
  LinearModelSchema,
  KnnModelSchema,
  NaiveBayesModelSchema,
  CartModelSchema,
  BoostingModelSchema,
  RandomForestModelSchema,
  SvmModelSchema,
]);

/** A small ensemble on shared preprocessing: averaged predictions for regression, a majority vote for classes. */
export const EnsembleModelSchema = z.strictObject({
  family: z.literal('ensemble'),
  members: z.array(MemberModelConfigSchema).min(2).max(5),
});

/** The model half of a pipeline, discriminated by `family`. */
export const ModelConfigSchema = z.discriminatedUnion('family', [
  ...MemberModelConfigSchema.options,
  DummyModelSchema,
  EnsembleModelSchema,
]);

/** A model configuration: see `ModelConfigSchema`. */
export type ModelConfig = z.infer<typeof ModelConfigSchema>;
/** A model that can join an ensemble. */
export type MemberModelConfig = z.infer<typeof MemberModelConfigSchema>;
/** A model family name. */
export type ModelFamily = ModelConfig['family'];
/** The configuration of one family. */
export type ModelConfigOf<Family extends ModelFamily> = Extract<ModelConfig, { family: Family }>;

/** Every model family, in the order reports list them. */
export const modelFamilies = ModelConfigSchema.options.map((option) => option.shape.family.value) as ModelFamily[];
