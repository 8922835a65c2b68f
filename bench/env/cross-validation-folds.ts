import { createSeededRandom, type RandomSource } from 'boden';

/** Options of `crossValidationFolds`. */
export interface FoldOptions {
  readonly folds: number;
  readonly seed: number;
  /** Class labels for stratified folds; omit for plain shuffled k-fold. */
  readonly labels?: readonly number[];
}

/**
 * Seeded k-fold splits of `rows` rows, as lists of test-row indices (sorted); each row is tested exactly once.
 * Plain folds shuffle the rows and cut them into nearly equal parts. Stratified folds shuffle each class and
 * deal its rows round-robin, continuing where the previous class stopped, so every fold keeps the class shares
 * and fold sizes differ by at most one.
 */
export function crossValidationFolds(rows: number, options: FoldOptions): number[][] {
  const random = createSeededRandom(options.seed);
  const folds: number[][] = Array.from({ length: options.folds }, () => []);
  if (options.labels) {
    const byClass = new Map<number, number[]>();
    options.labels.forEach((label, row) => byClass.set(label, [...(byClass.get(label) ?? []), row]));
    let next = 0;
    for (const label of [...byClass.keys()].sort((a, b) => a - b)) {
      for (const row of shuffle(byClass.get(label)!, random)) {
        folds[next]!.push(row);
        next = (next + 1) % options.folds;
      }
    }
  } else {
    const order = shuffle(
      Array.from({ length: rows }, (_, row) => row),
      random,
    );
    order.forEach((row, position) => folds[Math.floor((position * options.folds) / rows)]!.push(row));
  }
  return folds.map((fold) => fold.sort((a, b) => a - b));
}

/** The training rows of a fold: every row not in `testRows`. */
export function trainingRows(rows: number, testRows: readonly number[]): number[] {
  const tested = new Uint8Array(rows);
  for (const row of testRows) tested[row] = 1;
  const training: number[] = [];
  for (let row = 0; row < rows; row++) if (!tested[row]) training.push(row);
  return training;
}

function shuffle<T>(items: T[], random: RandomSource): T[] {
  const shuffled = [...items];
  for (let index = shuffled.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [shuffled[index], shuffled[other]] = [shuffled[other]!, shuffled[index]!];
  }
  return shuffled;
}

/** One split of a cross-validation: the rows a model is fitted on and the rows it is scored on. */
export interface CrossValidationSplit {
  readonly trainRows: readonly number[];
  readonly testRows: readonly number[];
}

/**
 * Forward-chaining splits of rows in time order: the rows are cut into `folds + 1` contiguous blocks, and split k
 * fits on blocks 0..k and scores block k + 1, so a model is always scored on rows later than every row it saw (a
 * forecast, not an interpolation).
 */
export function forwardChainingSplits(rows: number, folds: number): CrossValidationSplit[] {
  const edge = (block: number) => Math.floor((block * rows) / (folds + 1));
  return Array.from({ length: folds }, (_, fold) => ({
    trainRows: Array.from({ length: edge(fold + 1) }, (_, row) => row),
    testRows: Array.from({ length: edge(fold + 2) - edge(fold + 1) }, (_, offset) => edge(fold + 1) + offset),
  }));
}
