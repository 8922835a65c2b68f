import { InvalidVectorError } from '../errors/invalid-vector-error.js';
import { VectorDimensionError } from '../errors/vector-dimension-error.js';
import type { VectorInput } from './vector-index.js';

/**
 * Copies `vector` into a new L2-normalised `Float32Array` after checking its length against `dimensions`.
 * Throws `VectorDimensionError` or `InvalidVectorError`, naming `id` (null for a query).
 */
export function normalizeVector(vector: VectorInput, { dimensions, id }: { dimensions: number; id: string | null }): Float32Array {
  return normalizeVectorInto(vector, { dimensions, id }, new Float32Array(dimensions));
}

/**
 * `normalizeVector` written into `out` (its first `dimensions` entries), each component rounded to float32 as the
 * `Float32Array` holds it; returns `out`. For callers that hand the vector on as a plain array and reuse one
 * (hnswlib-node copies its argument element by element: a fresh `Array.from` of 512 floats cost about as much as
 * half its search).
 */
export function normalizeVectorInto<Out extends { [index: number]: number }>(
  vector: VectorInput,
  { dimensions, id }: { dimensions: number; id: string | null },
  out: Out,
): Out {
  if (vector.length !== dimensions) throw new VectorDimensionError({ expected: dimensions, actual: vector.length, id });
  let largest = 0;
  for (let index = 0; index < dimensions; index++) {
    const magnitude = Math.abs(vector[index] as number);
    // `!(a <= b)` is also true for NaN.
    if (!(magnitude <= Number.MAX_VALUE)) throw new InvalidVectorError({ id, reason: 'non-finite' });
    if (magnitude > largest) largest = magnitude;
  }
  if (largest === 0) throw new InvalidVectorError({ id, reason: 'zero-norm' });
  // Dividing by the largest component first keeps the squared sum from overflowing or underflowing.
  let squaredNorm = 0;
  for (let index = 0; index < dimensions; index++) {
    const component = (vector[index] as number) / largest;
    squaredNorm += component * component;
  }
  const inverseNorm = 1 / Math.sqrt(squaredNorm);
  for (let index = 0; index < dimensions; index++) {
    out[index] = Math.fround(((vector[index] as number) / largest) * inverseNorm);
  }
  return out;
}
