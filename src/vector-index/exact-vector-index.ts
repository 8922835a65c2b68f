import { parseOptions } from '../options/parse-options.js';
import { clampNeighborCount } from './clamp-neighbor-count.js';
import {
  exactVectorIndexOptionsSchema,
  type ExactVectorIndexOptions,
  type ResolvedExactVectorIndexOptions,
} from './exact-vector-index-options.js';
import type { Neighbor } from './neighbor.js';
import { normalizeVector } from './normalize-vector.js';
import { TopNeighbors } from './top-neighbors.js';
import { saveVectorIndexFiles, sha256Hex } from './vector-index-metadata.js';
import type { VectorIndex, VectorInput } from './vector-index.js';
import { writeNewFile, type VectorIndexSaveOptions } from './vector-index-save-options.js';

/** Everything an `ExactVectorIndex` is made of; built by `createExactVectorIndex` and `loadExactVectorIndex`. */
export interface ExactVectorIndexState {
  readonly options: ResolvedExactVectorIndexOptions;
  /** Row-major unit vectors; row `i` belongs to `ids[i]`; may be longer than `ids.length` rows. */
  readonly vectors: Float32Array;
  readonly ids: string[];
}

/** Creates an empty `ExactVectorIndex`; a bad option throws `InvalidOptionsError` naming it. */
export function createExactVectorIndex(options: ExactVectorIndexOptions): ExactVectorIndex {
  const resolved = parseOptions(exactVectorIndexOptionsSchema, options, 'createExactVectorIndex');
  const vectors = new Float32Array(resolved.initialCapacity * resolved.dimensions);
  return new ExactVectorIndex({ options: resolved, vectors, ids: [] });
}

/**
 * Exact `VectorIndex`: a brute-force scan over one contiguous `Float32Array` of unit vectors. The oracle for the
 * approximate indexes and the faster choice for small sets; ties are broken by id so results are deterministic.
 */
export class ExactVectorIndex implements VectorIndex {
  readonly specificationVersion = 'v1';
  readonly dimensions: number;
  /** The options in effect, defaults filled in. */
  readonly options: ResolvedExactVectorIndexOptions;
  private vectors: Float32Array;
  private readonly ids: string[];
  private readonly rows = new Map<string, number>();

  /** Internal: use `createExactVectorIndex` or `loadExactVectorIndex`. */
  constructor(state: ExactVectorIndexState) {
    this.options = state.options;
    this.dimensions = state.options.dimensions;
    this.vectors = state.vectors;
    this.ids = state.ids;
    this.ids.forEach((id, row) => this.rows.set(id, row));
  }

  /** Number of live vectors. */
  get size(): number {
    return this.ids.length;
  }

  /** Adds or replaces the vector stored under `id`. */
  add(id: string, vector: VectorInput): void {
    const unit = normalizeVector(vector, { dimensions: this.dimensions, id });
    let row = this.rows.get(id);
    if (row === undefined) {
      row = this.ids.length;
      if ((row + 1) * this.dimensions > this.vectors.length) this.grow();
      this.ids.push(id);
      this.rows.set(id, row);
    }
    this.vectors.set(unit, row * this.dimensions);
  }

  /** True when `id` is in the index. */
  has(id: string): boolean {
    return this.rows.has(id);
  }

  /** Removes `id` by moving the last row into its place, keeping the storage contiguous. */
  remove(id: string): boolean {
    const row = this.rows.get(id);
    if (row === undefined) return false;
    const lastRow = this.ids.length - 1;
    const lastId = this.ids.pop() as string;
    this.rows.delete(id);
    if (row !== lastRow) {
      const width = this.dimensions;
      this.vectors.copyWithin(row * width, lastRow * width, (lastRow + 1) * width);
      this.ids[row] = lastId;
      this.rows.set(lastId, row);
    }
    return true;
  }

  /** The `k` most similar vectors by an exact scan, most similar first (ties by id). */
  search(vector: VectorInput, k: number): Neighbor[] {
    const count = clampNeighborCount(k, this.size);
    const query = normalizeVector(vector, { dimensions: this.dimensions, id: null });
    if (count === 0) return [];
    const best = new TopNeighbors(count, this.ids);
    const { vectors, dimensions } = this;
    const rows = this.ids.length;
    for (let row = 0, offset = 0; row < rows; row++, offset += dimensions) {
      best.offer(row, dot(vectors, offset, query, dimensions));
    }
    return best.sorted();
  }

  /** Live `[id, vector]` pairs in storage order; each vector is a copy. */
  *entries(): IterableIterator<[string, Float32Array]> {
    for (let row = 0; row < this.ids.length; row++) {
      const start = row * this.dimensions;
      yield [this.ids[row] as string, this.vectors.slice(start, start + this.dimensions)];
    }
  }

  /** An independent copy of the index (same options, vectors and ids). */
  copy(): ExactVectorIndex {
    return new ExactVectorIndex({
      options: this.options,
      vectors: this.vectors.slice(0, Math.max(this.ids.length, 1) * this.dimensions),
      ids: [...this.ids],
    });
  }

  /** A copy of the unit vector stored under `id`, or undefined. */
  vector(id: string): Float32Array | undefined {
    const row = this.rows.get(id);
    return row === undefined ? undefined : this.vectors.slice(row * this.dimensions, (row + 1) * this.dimensions);
  }

  /** Writes the vectors (little-endian float32 rows) to `path` and the ids beside it, atomically. */
  async save(path: string, options: VectorIndexSaveOptions = {}): Promise<void> {
    const writeFile = options.writeFile ?? writeNewFile;
    await saveVectorIndexFiles({
      path,
      writeFile,
      writeData: async (temporaryPath) => {
        const ids = [...this.ids];
        const bytes = new Uint8Array(this.vectors.buffer, this.vectors.byteOffset, ids.length * this.dimensions * 4);
        const data = bytes.slice();
        await writeFile(temporaryPath, data);
        return {
          dataFile: { bytes: data.length, sha256: sha256Hex(data) },
          metadata: { implementation: 'exact', dimensions: this.dimensions, ids },
        };
      },
    });
  }

  private grow(): void {
    const larger = new Float32Array(Math.max(this.vectors.length * 2, this.dimensions));
    larger.set(this.vectors);
    this.vectors = larger;
  }
}

function dot(vectors: Float32Array, offset: number, query: Float32Array, dimensions: number): number {
  // Four accumulators let the JIT overlap the multiply-adds.
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  let index = 0;
  for (; index + 3 < dimensions; index += 4) {
    sum0 += (vectors[offset + index] as number) * (query[index] as number);
    sum1 += (vectors[offset + index + 1] as number) * (query[index + 1] as number);
    sum2 += (vectors[offset + index + 2] as number) * (query[index + 2] as number);
    sum3 += (vectors[offset + index + 3] as number) * (query[index + 3] as number);
  }
  for (; index < dimensions; index++) sum0 += (vectors[offset + index] as number) * (query[index] as number);
  return sum0 + sum1 + sum2 + sum3;
}
