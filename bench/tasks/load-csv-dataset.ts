import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import { CsvError, parse } from 'csv-parse/sync';
import { InvalidFieldError } from 'boden';
import type { BenchTask, CsvDataset } from './bench-task.js';
import { categoricalColumn, encodeClasses, type Dataset, type FeatureColumn } from './dataset.js';
import { TaskCsvTooLargeError } from './task-csv-too-large-error.js';

/**
 * The largest task CSV file the benchmark reads, 64 MiB: far more rows than a pipeline cross-validates in its work
 * budget, and little enough that the file's bytes and the task's columns fit in every evaluation worker at once.
 */
export const maxTaskCsvBytes = 64 * 2 ** 20;

// Cells read as missing values, as pandas' read_csv does by default (the common ones).
const missingMarkers = new Set(['', 'NA', 'N/A', 'NaN', 'nan', 'null', 'NULL', 'None']);

/** A cell or column name as messages quote it: escaped, so a newline in the data cannot split the one-line error. */
function quoted(value: string): string {
  return JSON.stringify(value.length > 40 ? `${value.slice(0, 40)}…` : value);
}

/**
 * The bytes of a task's CSV file and their sha256, read once: the size is checked first (`TaskCsvTooLargeError`
 * over `maxTaskCsvBytes`, so a huge file is never read), an unreadable file is an `InvalidFieldError` naming it.
 */
export function readTaskCsvBytes(file: string, limitBytes = maxTaskCsvBytes): { bytes: Buffer; sha256: string } {
  let bytes: Buffer;
  try {
    const size = statSync(file).size;
    if (size > limitBytes) throw new TaskCsvTooLargeError({ file, bytes: size, limitBytes });
    bytes = readFileSync(file);
  } catch (error) {
    if (TaskCsvTooLargeError.isInstance(error)) throw error;
    throw new InvalidFieldError({
      file,
      location: null,
      reason: `cannot read the task's CSV file: ${(error as NodeJS.ErrnoException).code ?? (error as Error).message}`,
      cause: error,
    });
  }
  // The file grew between the size check and the read.
  if (bytes.length > limitBytes) throw new TaskCsvTooLargeError({ file, bytes: bytes.length, limitBytes });
  return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
}

/**
 * The task's dataset from the bytes of its CSV file (`file` only names it in errors): a header row, then one row
 * per sample, parsed by csv-parse (quotes, embedded commas and newlines, a UTF-8 BOM). Only the task's target and
 * feature columns are kept, row by row as the parser yields them, so memory holds the bytes and those columns but
 * never a string per cell of the whole table: numeric features as numbers with the usual missing markers as
 * missing, categorical features as strings. The target must be present in every row; for classification its
 * distinct values are the classes. Every problem is an `InvalidFieldError` naming the file, the line (where the
 * row ends, counting the header as line 1) and the column, and the card's field for a missing column.
 */
export function parseTaskCsv(file: string, bytes: Uint8Array, task: BenchTask): Dataset {
  const problem = (location: string | null, reason: string) => new InvalidFieldError({ file, location, reason });
  const wanted = [
    ...task.numericFeatures.map((name, position) => ({ name, kind: 'numeric' as const, field: `numericFeatures[${position}]` })),
    ...task.categoricalFeatures.map((name, position) => ({
      name,
      kind: 'categorical' as const,
      field: `categoricalFeatures[${position}]`,
    })),
  ];
  const numeric: (number | null)[][] = task.numericFeatures.map(() => []);
  const categorical: (string | null)[][] = task.categoricalFeatures.map(() => []);
  // Class names for classification, numbers for regression, each checked on its own line.
  const targetCells: string[] = [];
  const targetNumbers: number[] = [];
  let header: string[] | undefined;
  let featureIndices: number[] = [];
  let targetIndex = -1;
  const numberAt = (value: string, line: number, name: string): number | null => {
    if (missingMarkers.has(value)) return null;
    const parsed = Number(value);
    if (!Number.isFinite(parsed))
      throw problem(`line ${line}, column ${quoted(name)}`, `expected a number or a missing value, got ${quoted(value)}`);
    return parsed;
  };
  const columnOf = (row: readonly string[], name: string, field: string): number => {
    const index = row.indexOf(name);
    if (index < 0) {
      const shown = row.slice(0, 20).map(quoted).join(', ');
      throw problem(
        'line 1',
        `no column ${quoted(name)} (the card's ${field}); the header has ${shown}${row.length > 20 ? `, and ${row.length - 20} more` : ''}`,
      );
    }
    if (row.indexOf(name, index + 1) >= 0)
      throw problem('line 1', `the column ${quoted(name)} (the card's ${field}) appears twice in the header`);
    return index;
  };
  const onRecord = (record: string[], info: { lines: number }): null => {
    if (header === undefined) {
      header = record.map((name) => name.trim());
      targetIndex = columnOf(header, task.target, 'target');
      featureIndices = wanted.map(({ name, field }) => columnOf(header!, name, field));
      return null;
    }
    const cell = (index: number) => (record[index] ?? '').trim();
    const target = cell(targetIndex);
    if (missingMarkers.has(target)) throw problem(`line ${info.lines}, column ${quoted(task.target)}`, 'the target is missing');
    if (task.kind === 'classification') targetCells.push(target);
    else targetNumbers.push(numberAt(target, info.lines, task.target)!);
    wanted.forEach(({ name, kind }, position) => {
      const value = cell(featureIndices[position]!);
      if (kind === 'numeric') numeric[position]!.push(numberAt(value, info.lines, name));
      else categorical[position - numeric.length]!.push(missingMarkers.has(value) ? null : value);
    });
    // Nothing is kept per record: the columns above are the dataset.
    return null;
  };
  try {
    parse(bytes as Buffer, { bom: true, skip_empty_lines: true, relax_column_count: false, on_record: onRecord });
  } catch (error) {
    if (InvalidFieldError.isInstance(error)) throw error;
    const line =
      error instanceof CsvError && typeof (error as CsvError & { lines?: unknown }).lines === 'number'
        ? `line ${(error as CsvError & { lines: number }).lines}`
        : null;
    throw new InvalidFieldError({
      file,
      location: line,
      reason: `not a valid CSV file: ${(error as Error).message.replace(/\s+/g, ' ')}`,
      cause: error,
    });
  }
  if (header === undefined || targetCells.length + targetNumbers.length === 0)
    throw problem(null, 'expected a header row and at least one data row');

  const features: FeatureColumn[] = [
    ...task.numericFeatures.map((name, position): FeatureColumn => ({ name, kind: 'numeric', values: numeric[position]! })),
    ...task.categoricalFeatures.map((name, position) => categoricalColumn(name, categorical[position]!)),
  ];
  if (task.kind === 'classification') {
    const { target, classes } = encodeClasses(targetCells);
    if (classes.length < 2)
      throw problem(`column ${quoted(task.target)}`, `a classification target needs two or more classes, found ${classes.length}`);
    return { name: task.task, kind: 'classification', features, targetName: task.target, target, classes };
  }
  return { name: task.task, kind: 'regression', features, targetName: task.target, target: targetNumbers, classes: [] };
}

/**
 * A user's dataset from the CSV file of a task card (`dataset: { csv }`), as an evaluation worker loads it: the
 * file read once (`readTaskCsvBytes`), refused when its sha256 is not the card's (the file changed after the card
 * was read), then parsed (`parseTaskCsv`). Every problem is a typed error naming the file.
 */
export function loadCsvDataset(task: BenchTask & { readonly dataset: CsvDataset }): Dataset {
  const file = task.dataset.csv;
  const { bytes, sha256 } = readTaskCsvBytes(file);
  if (task.dataset.sha256 !== undefined && task.dataset.sha256 !== sha256) {
    throw new InvalidFieldError({
      file,
      location: null,
      reason: `changed since the card was calibrated (sha256 ${sha256}, the card records ${task.dataset.sha256}); calibrate it again`,
    });
  }
  return parseTaskCsv(file, bytes, task);
}
