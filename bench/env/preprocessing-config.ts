import { z } from 'zod';

/**
 * The preprocessing half of a pipeline. Steps run in a fixed order, each fitted on the training fold only:
 * imputation → encoding → polynomial features → scaling → feature selection → PCA.
 */
export const PreprocessingConfigSchema = z.strictObject({
  /** Numeric missing values: a statistic of the training fold, or `none` to leave NaN for the model to face. */
  imputation: z.enum(['none', 'mean', 'median', 'most-frequent']).default('median'),
  /** Categorical columns: one indicator per category, one integer code per category, or dropped. */
  encoding: z.enum(['one-hot', 'ordinal', 'drop']).default('one-hot'),
  /** Degree-2 polynomial features (all squares and products, or products only); null for none. */
  polynomial: z
    .strictObject({ interactionOnly: z.boolean().default(false) })
    .nullable()
    .default(null),
  scaling: z.enum(['none', 'standard', 'min-max', 'robust']).default('none'),
  /** Keep the best `fraction` of features by a univariate F-test; null for all. */
  featureSelection: z
    .strictObject({ fraction: z.number().gt(0).max(1) })
    .nullable()
    .default(null),
  /** Project onto the principal components that keep `varianceKept` of the variance; null for no PCA. */
  pca: z
    .strictObject({ varianceKept: z.number().gt(0).lt(1) })
    .nullable()
    .default(null),
});

/** Preprocessing settings after defaults: see `PreprocessingConfigSchema`. */
export type PreprocessingConfig = z.infer<typeof PreprocessingConfigSchema>;
