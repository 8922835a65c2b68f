/** A row-major matrix of doubles: the one shape every pipeline step and model reads and writes. */
export interface DenseMatrix {
  readonly rows: number;
  readonly columns: number;
  readonly data: Float64Array;
}

/** A zero-filled `rows × columns` matrix. */
export function createMatrix(rows: number, columns: number): DenseMatrix {
  return { rows, columns, data: new Float64Array(rows * columns) };
}

/** The value at (`row`, `column`). */
export function matrixAt(matrix: DenseMatrix, row: number, column: number): number {
  return matrix.data[row * matrix.columns + column]!;
}

/** Row `row` as a view (no copy). */
export function matrixRow(matrix: DenseMatrix, row: number): Float64Array {
  return matrix.data.subarray(row * matrix.columns, (row + 1) * matrix.columns);
}

/** The matrix as nested arrays, the input format of the WASM libraries. */
export function matrixToArrays(matrix: DenseMatrix): number[][] {
  return Array.from({ length: matrix.rows }, (_, row) => Array.from(matrixRow(matrix, row)));
}

/** Column `column` as a new array. */
export function matrixColumn(matrix: DenseMatrix, column: number): Float64Array {
  const values = new Float64Array(matrix.rows);
  for (let row = 0; row < matrix.rows; row++) values[row] = matrix.data[row * matrix.columns + column]!;
  return values;
}

/** True when any entry is NaN (a missing value nobody imputed). */
export function matrixHasNaN(matrix: DenseMatrix): boolean {
  for (const value of matrix.data) if (Number.isNaN(value)) return true;
  return false;
}
