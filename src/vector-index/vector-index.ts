import type { Neighbor } from './neighbor.js';
import type { VectorIndexSaveOptions } from './vector-index-save-options.js';

/** A vector as callers hand it in; indexes copy and normalise it, so the caller may reuse the array. */
export type VectorInput = Float32Array | readonly number[];

/**
 * Role: a mutable set of id-keyed, L2-normalised vectors searched by cosine similarity. Implementations:
 * `ExactVectorIndex` (brute force, the oracle), `HnswVectorIndex` (approximate, hnswlib), `AutoVectorIndex`
 * (exact while small, HNSW once that pays; the default). Each has a loader for what `save` writes.
 */
export interface VectorIndex {
  readonly specificationVersion: 'v1';
  /** Length of every vector in the index. */
  readonly dimensions: number;
  /** Number of live (added and not removed) vectors. */
  readonly size: number;
  /**
   * Adds `vector` under `id`, replacing the vector already stored under `id`. The vector is normalised; a zero or
   * non-finite vector throws `InvalidVectorError`, a wrong length `VectorDimensionError`.
   */
  add(id: string, vector: VectorInput): void;
  /** True when `id` is in the index (added and not removed). */
  has(id: string): boolean;
  /** Removes `id`; returns false when it was not in the index. */
  remove(id: string): boolean;
  /**
   * The `k` vectors most similar to `vector`, most similar first; `k` is clamped to `size`, so an empty index
   * gives `[]`. `k` must be a non-negative integer (`InvalidArgumentError` otherwise).
   */
  search(vector: VectorInput, k: number): Neighbor[];
  /**
   * Writes the index to `path` and its metadata (ids, options, checksum) to `vectorIndexMetadataPath(path)`,
   * atomically: a failed save leaves the previous files intact. Saves the state as of the call, so the index may be
   * used while the promise is pending. `options.writeFile` replaces the file writer (see `VectorIndexSaveOptions`).
   */
  save(path: string, options?: VectorIndexSaveOptions): Promise<void>;
}
