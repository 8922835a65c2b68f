import { z } from 'zod';
import { MetricNameSchema, metricMaximize } from './metrics.js';
import { datasetNames, type DatasetName } from './load-dataset.js';

/**
 * The fields that define a benchmark task: which shipped dataset, what to predict, how it is scored and how the
 * seeded cross-validation splits it. A task card adds the calibrated reference scores to these.
 */
export const benchTaskShape = {
  /** The task's name (also the card's file name). */
  task: z.string().min(1),
  /** A shipped dataset by name, or a user's CSV file (see `CsvDatasetSchema`). */
  dataset: z.union([z.enum(datasetNames as [DatasetName, ...DatasetName[]]), z.lazy(() => CsvDatasetSchema)]),
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
    /**
     * `k-fold` (the default: seeded shuffled folds) or `forward-chaining` for rows in time order: each split fits on
     * the rows before a block and scores the block (`forwardChainingSplits`), so the score is a forecast's.
     */
    scheme: z.enum(['k-fold', 'forward-chaining']).optional(),
  }),
  /**
   * Offers the feature-engineering moves (`FeatureEngineeringConfigSchema`) to agents and searches on this task;
   * `periodic` gives the period of each column the cyclical encoding turns into a sine and a cosine.
   */
  featureEngineering: z.strictObject({ periodic: z.record(z.string(), z.number().positive()).default({}) }).optional(),
  /** The task statement an agent is given. */
  description: z.string().min(1),
};

/**
 * A user's dataset: a CSV file with a header row, holding the task's target and feature columns (others are
 * ignored). `csv` is resolved against the card's folder when the card is read, which also records the file's
 * `sha256`, so the evaluation memo never serves results of an edited file.
 */
export const CsvDatasetSchema = z.strictObject({
  csv: z.string().min(1),
  sha256: z
    .string()
    .regex(/^[0-9a-f]{64}$/)
    .optional(),
});

/** A user's CSV dataset: see `CsvDatasetSchema`. */
export type CsvDataset = z.infer<typeof CsvDatasetSchema>;

/** A benchmark task definition: see `benchTaskShape`. */
export const BenchTaskSchema = z.strictObject(benchTaskShape).refine((task) => task.maximize === metricMaximize[task.metric], {
  message: "maximize must match the metric's direction",
  path: ['maximize'],
});

/** A benchmark task: see `BenchTaskSchema`. */
export type BenchTask = z.infer<typeof BenchTaskSchema>;
