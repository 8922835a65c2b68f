import type { Dataset, FeatureColumn } from '../../tasks/dataset.js';
import { createMatrix, type DenseMatrix } from '../dense-matrix.js';
import type { PreprocessingConfig } from '../preprocessing-config.js';

/** Turns raw dataset rows into a numeric matrix with statistics learnt on the training rows. */
export interface TabularEncoder {
  /** Names of the output columns (`origin=USA` for one-hot indicators). */
  readonly featureNames: readonly string[];
  /** The matrix of `rows` (indices into the dataset). */
  transform(rows: readonly number[]): DenseMatrix;
}

type ColumnWriter = (row: number, output: Float64Array, offset: number) => void;

/**
 * Fits imputation and encoding on `trainRows`: numeric gaps get the training mean, median or mode (or stay NaN
 * with `none`); categorical gaps get the most frequent training category (or stay missing: no indicator set, NaN
 * as an ordinal code). Categories unseen in training encode as no indicator or ordinal -1, as scikit-learn's
 * `handle_unknown='ignore'` and `unknown_value=-1` do.
 */
export function fitTabularEncoder(
  dataset: Dataset,
  trainRows: readonly number[],
  preprocessing: Pick<PreprocessingConfig, 'imputation' | 'encoding'>,
): TabularEncoder {
  const names: string[] = [];
  const writers: { width: number; write: ColumnWriter }[] = [];
  for (const column of dataset.features) {
    const fitted = fitColumn(column, trainRows, preprocessing);
    if (fitted.names.length === 0) continue;
    names.push(...fitted.names);
    writers.push({ width: fitted.names.length, write: fitted.write });
  }
  return {
    featureNames: names,
    transform(rows) {
      const matrix = createMatrix(rows.length, names.length);
      rows.forEach((row, index) => {
        let offset = index * names.length;
        for (const writer of writers) {
          writer.write(row, matrix.data, offset);
          offset += writer.width;
        }
      });
      return matrix;
    },
  };
}

function fitColumn(
  column: FeatureColumn,
  trainRows: readonly number[],
  { imputation, encoding }: Pick<PreprocessingConfig, 'imputation' | 'encoding'>,
): { names: string[]; write: ColumnWriter } {
  if (column.kind === 'numeric') {
    const observed = trainRows.map((row) => column.values[row]).filter((value): value is number => value != null);
    const fill = imputation === 'none' ? Number.NaN : statistic(observed, imputation);
    return {
      names: [column.name],
      write: (row, output, offset) => {
        output[offset] = column.values[row] ?? fill;
      },
    };
  }
  if (encoding === 'drop') return { names: [], write: () => {} };
  const observed = trainRows.map((row) => column.values[row]).filter((value): value is string => value != null);
  const categories = [...new Set(observed)].sort();
  const codes = new Map(categories.map((category, index) => [category, index]));
  const fill = imputation === 'none' ? null : mode(observed);
  if (encoding === 'ordinal') {
    return {
      names: [column.name],
      write: (row, output, offset) => {
        const value = column.values[row] ?? fill;
        output[offset] = value === null ? Number.NaN : (codes.get(value) ?? -1);
      },
    };
  }
  return {
    names: categories.map((category) => `${column.name}=${category}`),
    write: (row, output, offset) => {
      const value = column.values[row] ?? fill;
      const code = value === null ? undefined : codes.get(value);
      if (code !== undefined) output[offset + code] = 1;
    },
  };
}

function statistic(values: readonly number[], imputation: 'mean' | 'median' | 'most-frequent'): number {
  if (values.length === 0) return 0;
  if (imputation === 'mean') return values.reduce((sum, value) => sum + value, 0) / values.length;
  if (imputation === 'median') return median(values);
  return Number(mode(values.map(String)) ?? 0);
}

/** The median of `values` (the mean of the two middle values for an even count). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 === 1 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

function mode(values: readonly string[]): string | null {
  const counts = new Map<string, number>();
  for (const value of values) counts.set(value, (counts.get(value) ?? 0) + 1);
  let best: string | null = null;
  let bestCount = 0;
  // Ties go to the smallest value, as scikit-learn's most_frequent strategy does.
  for (const [value, count] of [...counts].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) {
    if (count > bestCount) [best, bestCount] = [value, count];
  }
  return best;
}
