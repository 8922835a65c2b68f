import { readFileSync } from 'node:fs';
import { parse } from 'csv-parse/sync';
import { InvalidFieldError } from '../../src/errors/invalid-field-error.js';
import type { BenchTask, CsvDataset } from './bench-task.js';
import { categoricalColumn, encodeClasses, type Dataset, type FeatureColumn } from './dataset.js';

// Cells read as missing values, as pandas' read_csv does by default (the common ones).
const missingMarkers = new Set(['', 'NA', 'N/A', 'NaN', 'nan', 'null', 'NULL', 'None']);

/**
 * A user's dataset from the CSV file of a task card (`dataset: { csv }`): a header row, then one row per sample,
 * parsed by csv-parse (quotes, embedded commas and newlines, a UTF-8 BOM). Only the task's target and feature
 * columns are kept: numeric features as numbers with the usual missing markers as missing, categorical features
 * as strings. The target must be present in every row; for classification its distinct values are the classes.
 * Every problem is an `InvalidFieldError` naming the file and the line and column.
 */
export function loadCsvDataset(task: BenchTask & { readonly dataset: CsvDataset }): Dataset {
  const file = task.dataset.csv;
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new InvalidFieldError({ file, location: null, reason: `cannot read the task's CSV file: ${(error as Error).message}`, cause: error });
  }
  let rows: string[][];
  try {
    rows = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false }) as string[][];
  } catch (error) {
    throw new InvalidFieldError({ file, location: null, reason: `not a valid CSV file: ${(error as Error).message}`, cause: error });
  }
  const [header, ...records] = rows;
  if (header === undefined || records.length === 0) throw new InvalidFieldError({ file, location: null, reason: 'expected a header row and at least one data row' });
  const columnOf = (name: string, field: string): number => {
    const index = header.indexOf(name);
    if (index < 0) throw new InvalidFieldError({ file, location: 'line 1', reason: `no column "${name}" (the card's ${field}); the header has ${header.map((column) => `"${column}"`).join(', ')}` });
    return index;
  };
  // Line numbers in messages count the header as line 1 (records with embedded newlines make them approximate).
  const cell = (record: string[], index: number) => (record[index] ?? '').trim();
  const numberAt = (record: string[], row: number, index: number, name: string): number | null => {
    const value = cell(record, index);
    if (missingMarkers.has(value)) return null;
    const parsed = Number(value);
    if (!Number.isFinite(parsed)) throw new InvalidFieldError({ file, location: `line ${row + 2}, column "${name}"`, reason: `expected a number or a missing value, got "${value}"` });
    return parsed;
  };

  const targetIndex = columnOf(task.target, 'target');
  const features: FeatureColumn[] = [
    ...task.numericFeatures.map((name, position): FeatureColumn => {
      const index = columnOf(name, `numericFeatures[${position}]`);
      return { name, kind: 'numeric', values: records.map((record, row) => numberAt(record, row, index, name)) };
    }),
    ...task.categoricalFeatures.map((name, position) => {
      const index = columnOf(name, `categoricalFeatures[${position}]`);
      return categoricalColumn(name, records.map((record) => (missingMarkers.has(cell(record, index)) ? null : cell(record, index))));
    }),
  ];
  const missingTarget = records.findIndex((record) => missingMarkers.has(cell(record, targetIndex)));
  if (missingTarget >= 0) throw new InvalidFieldError({ file, location: `line ${missingTarget + 2}, column "${task.target}"`, reason: 'the target is missing' });
  if (task.kind === 'classification') {
    const { target, classes } = encodeClasses(records.map((record) => cell(record, targetIndex)));
    if (classes.length < 2) throw new InvalidFieldError({ file, location: `column "${task.target}"`, reason: `a classification target needs two or more classes, found ${classes.length}` });
    return { name: task.task, kind: 'classification', features, targetName: task.target, target, classes };
  }
  const target = records.map((record, row) => numberAt(record, row, targetIndex, task.target)!);
  return { name: task.task, kind: 'regression', features, targetName: task.target, target, classes: [] };
}
