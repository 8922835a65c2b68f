import type { DenseMatrix } from '../dense-matrix.js';

/** A preprocessing step fitted on the training fold, applied alike to training and test matrices. */
export type MatrixTransform = (matrix: DenseMatrix) => DenseMatrix;
