import type { CategoricalColumn, Dataset, FeatureColumn, NumericColumn } from '../../tasks/dataset.js';
import { crossValidationFolds } from '../cross-validation-folds.js';
import type { FeatureEngineeringConfig } from '../feature-engineering-config.js';
import { PipelineError } from '../pipeline-error.js';

/** Inner folds of the out-of-fold target encoding (the training rows of a fold are encoded by the other four). */
const targetEncodingFolds = 5;

/**
 * The dataset with the engineered columns of `features` appended (numeric columns, and categorical ones for bins),
 * every statistic learnt on `trainRows` only, so the pipeline's imputation and encoding treat them as any other
 * column. `periodic` names the columns with a period (from the task card) for the cyclical encoding. Hand-written:
 * each step is a few lines of arithmetic over the dataset's own column type, which no tabular library here shares.
 */
export function engineerFeatures(
  dataset: Dataset,
  features: FeatureEngineeringConfig,
  periodic: Readonly<Record<string, number>>,
  trainRows: readonly number[],
): Dataset {
  const numeric = dataset.features.filter((column): column is NumericColumn => column.kind === 'numeric');
  const categorical = dataset.features.filter((column): column is CategoricalColumn => column.kind === 'categorical');
  const added: FeatureColumn[] = [];
  if (features.cyclical) added.push(...cyclicalColumns(numeric, periodic));
  if (features.ratios) added.push(...ratioColumns(numeric, dataset, trainRows, features.ratios.keep));
  if (features.groupDeviations) added.push(...groupDeviationColumns(numeric, categorical, trainRows));
  if (features.targetEncoding) added.push(...targetEncodingColumns(categorical, dataset, trainRows, features.targetEncoding.smoothing));
  if (features.binning) added.push(...binColumns(numeric, trainRows, features.binning.bins));
  return added.length === 0 ? dataset : { ...dataset, features: [...dataset.features, ...added] };
}

function cyclicalColumns(numeric: readonly NumericColumn[], periodic: Readonly<Record<string, number>>): NumericColumn[] {
  const entries = Object.entries(periodic);
  if (entries.length === 0) throw new PipelineError({ step: 'cyclical', message: 'the task declares no periodic column to encode' });
  return entries.flatMap(([name, period]) => {
    const column = numeric.find((candidate) => candidate.name === name);
    if (column === undefined) throw new PipelineError({ step: 'cyclical', message: `no numeric column "${name}"` });
    const angle = (value: number | null) => (value === null ? null : (2 * Math.PI * value) / period);
    return [
      { name: `${name}_sin`, kind: 'numeric', values: column.values.map((value) => nullable(angle(value), Math.sin)) },
      { name: `${name}_cos`, kind: 'numeric', values: column.values.map((value) => nullable(angle(value), Math.cos)) },
    ];
  });
}

function ratioColumns(numeric: readonly NumericColumn[], dataset: Dataset, trainRows: readonly number[], keep: number): NumericColumn[] {
  const candidates: { column: NumericColumn; association: number }[] = [];
  for (const top of numeric) {
    for (const bottom of numeric) {
      if (top === bottom) continue;
      const values = top.values.map((value, row) => {
        const divisor = bottom.values[row];
        return value === null || divisor === null || divisor === 0 || divisor === undefined ? null : value / divisor;
      });
      const column: NumericColumn = { name: `${top.name}_per_${bottom.name}`, kind: 'numeric', values };
      candidates.push({ column, association: association(values, dataset, trainRows) });
    }
  }
  // Strongest association first; the name breaks ties, so the choice never depends on iteration order.
  candidates.sort((a, b) => b.association - a.association || (a.column.name < b.column.name ? -1 : 1));
  return candidates.slice(0, keep).map((candidate) => candidate.column);
}

/**
 * How strongly a column goes with the target on the training rows: |Pearson r| for regression, the correlation
 * ratio η (the share of the column's spread between the classes' means) for classification; 0 for a constant.
 */
function association(values: readonly (number | null)[], dataset: Dataset, trainRows: readonly number[]): number {
  const rows = trainRows.filter((row) => values[row] !== null);
  if (rows.length < 2) return 0;
  const x = rows.map((row) => values[row]!);
  const meanX = mean(x);
  const total = x.reduce((sum, value) => sum + (value - meanX) ** 2, 0);
  if (total === 0) return 0;
  if (dataset.kind === 'classification') {
    const byClass = new Map<number, number[]>();
    rows.forEach((row, index) => {
      const group = byClass.get(dataset.target[row]!);
      if (group === undefined) byClass.set(dataset.target[row]!, [x[index]!]);
      else group.push(x[index]!);
    });
    const between = [...byClass.values()].reduce((sum, group) => sum + group.length * (mean(group) - meanX) ** 2, 0);
    return Math.sqrt(between / total);
  }
  const y = rows.map((row) => dataset.target[row]!);
  const meanY = mean(y);
  const spreadY = y.reduce((sum, value) => sum + (value - meanY) ** 2, 0);
  if (spreadY === 0) return 0;
  const covariance = x.reduce((sum, value, index) => sum + (value - meanX) * (y[index]! - meanY), 0);
  return Math.abs(covariance) / Math.sqrt(total * spreadY);
}

function groupDeviationColumns(
  numeric: readonly NumericColumn[],
  categorical: readonly CategoricalColumn[],
  trainRows: readonly number[],
): NumericColumn[] {
  return categorical.flatMap((group) =>
    numeric.map((column): NumericColumn => {
      const sums = new Map<string, { sum: number; count: number }>();
      let overallSum = 0;
      let overallCount = 0;
      for (const row of trainRows) {
        const value = column.values[row];
        if (value === null || value === undefined) continue;
        overallSum += value;
        overallCount += 1;
        const category = group.values[row];
        if (category === null || category === undefined) continue;
        const entry = sums.get(category) ?? { sum: 0, count: 0 };
        entry.sum += value;
        entry.count += 1;
        sums.set(category, entry);
      }
      const overall = overallCount === 0 ? 0 : overallSum / overallCount;
      const values = column.values.map((value, row) => {
        if (value === null) return null;
        const category = group.values[row];
        const entry = category === null || category === undefined ? undefined : sums.get(category);
        return value - (entry === undefined ? overall : entry.sum / entry.count);
      });
      return { name: `${column.name}_minus_${group.name}_mean`, kind: 'numeric', values };
    }),
  );
}

function targetEncodingColumns(
  categorical: readonly CategoricalColumn[],
  dataset: Dataset,
  trainRows: readonly number[],
  smoothing: number,
): NumericColumn[] {
  // One target per class (the indicator of the class) for classification, the target itself for regression.
  const targets: { suffix: string; value: (row: number) => number }[] =
    dataset.kind === 'classification'
      ? dataset.classes.map((name, index) => ({ suffix: `rate_${name}`, value: (row: number) => (dataset.target[row] === index ? 1 : 0) }))
      : [{ suffix: 'target_mean', value: (row: number) => dataset.target[row]! }];
  const inner = crossValidationFolds(trainRows.length, { folds: Math.min(targetEncodingFolds, trainRows.length), seed: 0 }).map((fold) =>
    fold.map((position) => trainRows[position]!),
  );
  const isTrain = new Uint8Array(dataset.target.length);
  for (const row of trainRows) isTrain[row] = 1;
  return categorical.flatMap((column) =>
    targets.map(({ suffix, value }): NumericColumn => {
      const values: (number | null)[] = new Array(dataset.target.length).fill(null);
      // Rows outside the training rows get the encoding of all of them; each training row that of the other inner folds.
      const full = encodingOf(column, trainRows, value, smoothing);
      column.values.forEach((category, row) => {
        if (!isTrain[row]) values[row] = full(category);
      });
      inner.forEach((heldOut, index) => {
        const fitted = encodingOf(column, inner.filter((_, other) => other !== index).flat(), value, smoothing);
        for (const row of heldOut) values[row] = fitted(column.values[row] ?? null);
      });
      return { name: `${column.name}_${suffix}`, kind: 'numeric', values };
    }),
  );
}

function encodingOf(
  column: CategoricalColumn,
  rows: readonly number[],
  value: (row: number) => number,
  smoothing: number,
): (category: string | null) => number {
  const sums = new Map<string, { sum: number; count: number }>();
  let total = 0;
  for (const row of rows) {
    total += value(row);
    const category = column.values[row];
    if (category === null || category === undefined) continue;
    const entry = sums.get(category) ?? { sum: 0, count: 0 };
    entry.sum += value(row);
    entry.count += 1;
    sums.set(category, entry);
  }
  const prior = rows.length === 0 ? 0 : total / rows.length;
  return (category) => {
    const entry = category === null ? undefined : sums.get(category);
    if (entry === undefined) return prior;
    return (entry.sum + smoothing * prior) / (entry.count + smoothing);
  };
}

function binColumns(numeric: readonly NumericColumn[], trainRows: readonly number[], bins: number): CategoricalColumn[] {
  return numeric.map((column): CategoricalColumn => {
    const observed = trainRows
      .map((row) => column.values[row])
      .filter((value): value is number => value !== null && value !== undefined)
      .sort((a, b) => a - b);
    // Inner edges at the training quantiles, repeated edges dropped (a column with few values gets fewer bins).
    const edges = [
      ...new Set(
        Array.from({ length: bins - 1 }, (_, index) => observed[Math.floor(((index + 1) * observed.length) / bins)]).filter(
          (edge): edge is number => edge !== undefined,
        ),
      ),
    ];
    const values = column.values.map((value) => {
      if (value === null) return null;
      let bin = 0;
      while (bin < edges.length && value >= edges[bin]!) bin++;
      return `q${bin}`;
    });
    return { name: `${column.name}_bin`, kind: 'categorical', values };
  });
}

function nullable(value: number | null, map: (value: number) => number): number | null {
  return value === null ? null : map(value);
}

function mean(values: readonly number[]): number {
  return values.reduce((sum, value) => sum + value, 0) / values.length;
}
