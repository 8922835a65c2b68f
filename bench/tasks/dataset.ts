/** A numeric feature column; `null` marks a missing value (the pipeline's imputation decides what to do with it). */
export interface NumericColumn {
  readonly name: string;
  readonly kind: 'numeric';
  readonly values: readonly (number | null)[];
}

/** A categorical feature column of raw category strings; `null` marks a missing value. */
export interface CategoricalColumn {
  readonly name: string;
  readonly kind: 'categorical';
  readonly values: readonly (string | null)[];
}

/** One feature column of a dataset. */
export type FeatureColumn = NumericColumn | CategoricalColumn;

/** Whether a task predicts a number or a class. */
export type TaskKind = 'regression' | 'classification';

/**
 * A tabular dataset as the pipelines see it: raw feature columns (missing values and categories untouched, so
 * imputation and encoding stay pipeline choices) and a numeric target (class indices into `classes` for
 * classification).
 */
export interface Dataset {
  readonly name: string;
  readonly kind: TaskKind;
  readonly features: readonly FeatureColumn[];
  readonly targetName: string;
  readonly target: readonly number[];
  /** Class names in index order for classification; empty for regression. */
  readonly classes: readonly string[];
}

/** Number of rows of `dataset`. */
export function datasetRows(dataset: Dataset): number {
  return dataset.target.length;
}

/** A numeric column from records, reading `key` and keeping missing or non-finite values as `null`. */
export function numericColumn(name: string, values: readonly unknown[]): NumericColumn {
  return {
    name,
    kind: 'numeric',
    values: values.map((value) => (typeof value === 'number' && Number.isFinite(value) ? value : null)),
  };
}

/** A categorical column from records, keeping missing values (`null`, `undefined`, empty strings) as `null`. */
export function categoricalColumn(name: string, values: readonly unknown[]): CategoricalColumn {
  return {
    name,
    kind: 'categorical',
    values: values.map((value) => (value === null || value === undefined || value === '' ? null : String(value))),
  };
}

/** Class indices for `labels`, with classes ordered by name so the encoding is stable across loads. */
export function encodeClasses(labels: readonly string[]): { target: number[]; classes: string[] } {
  const classes = [...new Set(labels)].sort();
  const index = new Map(classes.map((name, position) => [name, position]));
  return { target: labels.map((label) => index.get(label)!), classes };
}
