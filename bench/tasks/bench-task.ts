import { z } from 'zod';
import { MetricNameSchema, metricMaximize } from '../env/metrics.js';
import { datasetNames, type DatasetName } from './load-dataset.js';

/**
 * The fields that define a benchmark task: which shipped dataset, what to predict, how it is scored and how the
 * seeded cross-validation splits it. A task card adds the calibrated reference scores to these.
 */
export const benchTaskShape = {
  /** The task's name (also the card's file name). */
  task: z.string().min(1),
  dataset: z.enum(datasetNames as [DatasetName, ...DatasetName[]]),
  kind: z.enum(['regression', 'classification']),
  metric: MetricNameSchema,
  /** Must agree with the metric's direction (`metricMaximize`). */
  maximize: z.boolean(),
  /** Target column name, as the loader names it. */
  target: z.string().min(1),
  numericFeatures: z.array(z.string()),
  categoricalFeatures: z.array(z.string()),
  cv: z.strictObject({
    folds: z.number().int().min(2).max(10),
    seed: z.number().int().min(0),
    /** Stratified by class (classification tasks). */
    stratified: z.boolean(),
  }),
  /** The task statement an agent is given. */
  description: z.string().min(1),
};

/** A benchmark task definition: see `benchTaskShape`. */
export const BenchTaskSchema = z.strictObject(benchTaskShape).refine((task) => task.maximize === metricMaximize[task.metric], {
  message: 'maximize must match the metric\'s direction',
  path: ['maximize'],
});

/** A benchmark task: see `BenchTaskSchema`. */
export type BenchTask = z.infer<typeof BenchTaskSchema>;
