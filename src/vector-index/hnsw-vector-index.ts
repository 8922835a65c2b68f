import hnswlib from 'hnswlib-node';
import { VectorIndexOperationError } from '../errors/vector-index-operation-error.js';
import { parseOptions } from '../options/parse-options.js';
import { clampNeighborCount } from './clamp-neighbor-count.js';
import { inspectHnswIndexFile } from './hnsw-index-file.js';
import {
  hnswVectorIndexOptionsSchema,
  type HnswVectorIndexOptions,
  type ResolvedHnswVectorIndexOptions,
} from './hnsw-vector-index-options.js';
import type { Neighbor } from './neighbor.js';
import { normalizeVectorInto } from './normalize-vector.js';
import { resolveEfSearch } from './resolve-ef-search.js';
import { saveVectorIndexFiles } from './vector-index-metadata.js';
import type { VectorIndex, VectorInput } from './vector-index.js';
import type { VectorIndexSaveOptions } from './vector-index-save-options.js';

const { HierarchicalNSW } = hnswlib;
/** The hnswlib-node index class this implementation wraps. */
export type NativeHnswIndex = InstanceType<typeof HierarchicalNSW>;

// hnswlib-node passes capacities and labels as unsigned 32-bit integers.
const maximumCapacity = 2 ** 32 - 1;
const maximumLabel = 2 ** 32 - 1;

/** Everything an `HnswVectorIndex` is made of; built by `createHnswVectorIndex` and `loadHnswVectorIndex`. */
export interface HnswVectorIndexState {
  readonly options: ResolvedHnswVectorIndexOptions;
  readonly native: NativeHnswIndex;
  readonly labelsById: Map<string, number>;
  readonly nextLabel: number;
}

/** Creates an empty `HnswVectorIndex`; a bad option throws `InvalidOptionsError` naming it. */
export function createHnswVectorIndex(options: HnswVectorIndexOptions): HnswVectorIndex {
  const resolved = parseOptions(hnswVectorIndexOptionsSchema, options, 'createHnswVectorIndex');
  const native = new HierarchicalNSW('cosine', resolved.dimensions);
  try {
    native.initIndex({
      maxElements: resolved.initialCapacity,
      m: resolved.m,
      efConstruction: resolved.efConstruction,
      randomSeed: resolved.randomSeed,
      allowReplaceDeleted: true,
    });
  } catch (error) {
    throw new VectorIndexOperationError({ operation: 'create', cause: error });
  }
  return new HnswVectorIndex({ options: resolved, native, labelsById: new Map(), nextLabel: 0 });
}

/**
 * Approximate `VectorIndex` over hnswlib-node's HNSW graph in cosine space. Hides hnswlib's quirks: string ids
 * map to numeric labels, capacity doubles when full, `k` is clamped, removal marks the node deleted (its slot is
 * reused by the next add), `ef` grows with the index for recall, and hnswlib's errors become typed errors.
 */
export class HnswVectorIndex implements VectorIndex {
  readonly specificationVersion = 'v1';
  readonly dimensions: number;
  /** The options in effect, defaults filled in. */
  readonly options: ResolvedHnswVectorIndexOptions;
  private readonly native: NativeHnswIndex;
  private readonly labelsById: Map<string, number>;
  private readonly idsByLabel = new Map<number, string>();
  private nextLabel: number;
  // The normalised vector handed to hnswlib, reused by every call: hnswlib copies it before it returns.
  private readonly scratch: number[];

  /** Internal: use `createHnswVectorIndex` or `loadHnswVectorIndex`. */
  constructor(state: HnswVectorIndexState) {
    this.options = state.options;
    this.dimensions = state.options.dimensions;
    this.native = state.native;
    this.labelsById = state.labelsById;
    for (const [id, label] of state.labelsById) this.idsByLabel.set(label, id);
    this.nextLabel = state.nextLabel;
    this.scratch = new Array<number>(this.dimensions).fill(0.5);
  }

  /** Number of live vectors. */
  get size(): number {
    return this.labelsById.size;
  }

  /** Slots allocated in the hnswlib index (live, deleted and free); grows by doubling. */
  get capacity(): number {
    return this.native.getMaxElements();
  }

  /** Adds or replaces the vector stored under `id`. */
  add(id: string, vector: VectorInput): void {
    const point = normalizeVectorInto(vector, { dimensions: this.dimensions, id }, this.scratch);
    const existing = this.labelsById.get(id);
    if (existing !== undefined) {
      // hnswlib updates a live label in place.
      this.call('add', () => this.native.addPoint(point, existing, false));
      return;
    }
    this.ensureFreeSlot();
    const label = this.nextLabel;
    if (label > maximumLabel) {
      throw new VectorIndexOperationError({ operation: 'add', cause: new Error('ran out of 32-bit hnswlib labels') });
    }
    // With replacement on, hnswlib puts the point in a deleted slot when there is one.
    this.call('add', () => this.native.addPoint(point, label, true));
    this.nextLabel = label + 1;
    this.labelsById.set(id, label);
    this.idsByLabel.set(label, id);
  }

  /** True when `id` is live in the index. */
  has(id: string): boolean {
    return this.labelsById.has(id);
  }

  /** Marks `id` deleted; its slot is reused by a later add. */
  remove(id: string): boolean {
    const label = this.labelsById.get(id);
    if (label === undefined) return false;
    this.call('remove', () => this.native.markDelete(label));
    this.labelsById.delete(id);
    this.idsByLabel.delete(label);
    return true;
  }

  /** The `k` nearest live vectors by cosine similarity, most similar first. */
  search(vector: VectorInput, k: number): Neighbor[] {
    const count = clampNeighborCount(k, this.size);
    const query = normalizeVectorInto(vector, { dimensions: this.dimensions, id: null }, this.scratch);
    if (count === 0) return [];
    let ef = resolveEfSearch({ efSearch: this.options.efSearch, k: count, size: this.size });
    for (;;) {
      this.native.setEf(ef);
      const result = this.call('search', () => this.native.searchKnn(query, count));
      // Many deleted nodes can leave the search short of `count` live hits; widen it until it finds them.
      if (result.neighbors.length >= count || ef >= this.native.getCurrentCount()) return this.toNeighbors(result);
      ef = Math.min(ef * 2, this.native.getCurrentCount());
    }
  }

  /**
   * Writes the hnswlib file to `path` and the id map and options beside it, atomically. hnswlib writes its file
   * natively; `options.writeFile` writes the metadata.
   */
  async save(path: string, options: VectorIndexSaveOptions = {}): Promise<void> {
    await saveVectorIndexFiles({
      path,
      writeFile: options.writeFile,
      writeData: async (temporaryPath) => {
        // Snapshot the id map in the same synchronous step as the native write, so the two always agree.
        const entries = [...this.labelsById];
        const nextLabel = this.nextLabel;
        const elementCount = this.native.getCurrentCount();
        this.call('save', () => this.native.writeIndexSync(temporaryPath));
        // hnswlib does not report write errors, so read back what it wrote.
        const written = await inspectHnswIndexFile(temporaryPath).catch((error: unknown) => {
          throw new VectorIndexOperationError({ operation: 'save', cause: error });
        });
        if (written.elementCount !== elementCount) {
          throw new VectorIndexOperationError({ operation: 'save', cause: new Error('incomplete index file') });
        }
        const { dimensions, ...graphOptions } = this.options;
        return {
          dataFile: { bytes: written.bytes, sha256: written.sha256 },
          metadata: { implementation: 'hnsw', dimensions, options: graphOptions, elementCount, nextLabel, entries },
        };
      },
    });
  }

  private ensureFreeSlot(): void {
    const used = this.native.getCurrentCount();
    const capacity = this.native.getMaxElements();
    const deleted = used - this.labelsById.size;
    if (deleted > 0 || used < capacity) return;
    if (capacity >= maximumCapacity) {
      throw new VectorIndexOperationError({ operation: 'resize', cause: new Error('index holds 2^32-1 vectors') });
    }
    const grown = Math.min(maximumCapacity, Math.max(capacity * 2, capacity + 1));
    this.call('resize', () => this.native.resizeIndex(grown));
  }

  private toNeighbors(result: { distances: number[]; neighbors: number[] }): Neighbor[] {
    const neighbors: Neighbor[] = [];
    result.neighbors.forEach((label, index) => {
      const id = this.idsByLabel.get(label);
      if (id === undefined) return;
      // hnswlib's cosine distance is 1 - dot in float32; clamp the rounding so similarity stays in [-1, 1].
      const similarity = Math.min(1, Math.max(-1, 1 - (result.distances[index] as number)));
      neighbors.push({ id, similarity, distance: 1 - similarity });
    });
    return neighbors;
  }

  // hnswlib throws plain errors with string messages; translate them at this boundary.
  private call<Result>(operation: string, action: () => Result): Result {
    try {
      return action();
    } catch (error) {
      throw new VectorIndexOperationError({ operation, cause: error });
    }
  }
}
