import { z } from 'zod';

/**
 * The feature-engineering half of a pipeline: the moves real agents make on tabular tasks after their first draft
 * (target transforms, ratio features, group statistics, out-of-fold target encodings, cyclical encodings of
 * periodic columns, quantile bins). Every statistic is learnt on the training rows of a fold only. A task offers
 * these moves when its card has a `featureEngineering` block; a pipeline without this block engineers nothing.
 */
export const FeatureEngineeringConfigSchema = z.strictObject({
  /** Fit the model on log(1 + y) and predict expm1 of its output (regression, targets above -1). */
  targetTransform: z.enum(['none', 'log']).default('none'),
  /** Add the sine and cosine of each periodic column the card declares (month of 12, hour of 24, ...). */
  cyclical: z.boolean().default(false),
  /** Add the `keep` ratios a / b of numeric columns that correlate most with the target on the training rows. */
  ratios: z
    .strictObject({ keep: z.number().int().min(1).max(20) })
    .nullable()
    .default(null),
  /** Add each numeric column's deviation from its mean within each categorical column's groups. */
  groupDeviations: z.boolean().default(false),
  /** Add each categorical column's out-of-fold mean target per category, shrunk to the mean by `smoothing` rows. */
  targetEncoding: z
    .strictObject({ smoothing: z.number().min(0) })
    .nullable()
    .default(null),
  /** Add each numeric column cut into `bins` training quantiles, as a categorical column (encoded as the others). */
  binning: z
    .strictObject({ bins: z.number().int().min(2).max(32) })
    .nullable()
    .default(null),
});

/** Feature-engineering settings after defaults: see `FeatureEngineeringConfigSchema`. */
export type FeatureEngineeringConfig = z.infer<typeof FeatureEngineeringConfigSchema>;

/** The settings under which nothing is engineered. */
export const noFeatureEngineering: FeatureEngineeringConfig = {
  targetTransform: 'none',
  cyclical: false,
  ratios: null,
  groupDeviations: false,
  targetEncoding: null,
  binning: null,
};

/** True when `features` engineers nothing (absent, or every setting off). */
export function engineersNothing(features: FeatureEngineeringConfig | undefined): boolean {
  if (features === undefined) return true;
  return (Object.keys(noFeatureEngineering) as (keyof FeatureEngineeringConfig)[]).every(
    (key) => features[key] === noFeatureEngineering[key],
  );
}
