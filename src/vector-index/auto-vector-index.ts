import { parseOptions } from '../options/parse-options.js';
import {
  autoVectorIndexOptionsSchema,
  type AutoVectorIndexOptions,
  type ResolvedAutoVectorIndexOptions,
} from './auto-vector-index-options.js';
import { createExactVectorIndex, ExactVectorIndex } from './exact-vector-index.js';
import { createHnswVectorIndex, type HnswVectorIndex } from './hnsw-vector-index.js';
import type { Neighbor } from './neighbor.js';
import type { VectorIndex, VectorInput } from './vector-index.js';
import type { VectorIndexSaveOptions } from './vector-index-save-options.js';

/** Creates an empty `AutoVectorIndex` (the default index); a bad option throws `InvalidOptionsError` naming it. */
export function createAutoVectorIndex(options: AutoVectorIndexOptions): AutoVectorIndex {
  const resolved = parseOptions(autoVectorIndexOptionsSchema, options, 'createAutoVectorIndex');
  return new AutoVectorIndex({ options: resolved, current: createExactVectorIndex({ dimensions: resolved.dimensions }) });
}

/**
 * The default `VectorIndex`: an exact scan while the index is small, switching (once, for good) to HNSW when its
 * live size reaches `threshold`, where HNSW starts to pay. Saves whichever it currently holds.
 */
export class AutoVectorIndex implements VectorIndex {
  readonly specificationVersion = 'v1';
  readonly dimensions: number;
  /** The options in effect, defaults filled in. */
  readonly options: ResolvedAutoVectorIndexOptions;
  private current: ExactVectorIndex | HnswVectorIndex;

  /** Internal: use `createAutoVectorIndex` or `loadAutoVectorIndex`. */
  constructor(state: { options: ResolvedAutoVectorIndexOptions; current: ExactVectorIndex | HnswVectorIndex }) {
    this.options = state.options;
    this.dimensions = state.options.dimensions;
    this.current = state.current;
    this.switchIfLarge();
  }

  /** Which implementation holds the vectors now. */
  get implementation(): 'exact' | 'hnsw' {
    return this.current instanceof ExactVectorIndex ? 'exact' : 'hnsw';
  }

  /** Number of live vectors. */
  get size(): number {
    return this.current.size;
  }

  /** Adds or replaces the vector stored under `id`; may switch to HNSW. */
  add(id: string, vector: VectorInput): void {
    this.current.add(id, vector);
    this.switchIfLarge();
  }

  /** True when `id` is in the index. */
  has(id: string): boolean {
    return this.current.has(id);
  }

  /** Removes `id`; an index that has switched to HNSW stays HNSW. */
  remove(id: string): boolean {
    return this.current.remove(id);
  }

  /** The `k` most similar vectors, most similar first. */
  search(vector: VectorInput, k: number): Neighbor[] {
    return this.current.search(vector, k);
  }

  /** Saves the current implementation's files; `loadAutoVectorIndex` reads either kind. */
  async save(path: string, options: VectorIndexSaveOptions = {}): Promise<void> {
    await this.current.save(path, options);
  }

  private switchIfLarge(): void {
    const exact = this.current;
    if (!(exact instanceof ExactVectorIndex) || exact.size < this.options.threshold) return;
    const hnsw = createHnswVectorIndex({
      ...this.options.hnsw,
      dimensions: this.dimensions,
      initialCapacity: Math.max(this.options.hnsw.initialCapacity, 2 * exact.size),
    });
    for (const [id, vector] of exact.entries()) hnsw.add(id, vector);
    this.current = hnsw;
  }
}
