/** Options shared by the importers. */
export interface ImportOptions {
  /** Run id to use instead of the one derived from the file name. */
  readonly runId?: string;
  /** AI-Scientist-v2: the metric to score by (its `metric_name`, case-insensitive); default the first. */
  readonly metricName?: string;
}
