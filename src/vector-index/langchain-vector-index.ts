import { createHash } from 'node:crypto';
import { Document } from '@langchain/core/documents';
import type { VectorStoreInterface } from '@langchain/core/vectorstores';
import { VectorIndexOperationError } from '../errors/vector-index-operation-error.js';
import { parseOptions } from '../options/parse-options.js';
import { clampNeighborCount } from './clamp-neighbor-count.js';
import { createExactVectorIndex, type ExactVectorIndex } from './exact-vector-index.js';
import { langChainVectorIndexOptionsSchema, type LangChainVectorIndexOptions } from './langchain-vector-index-options.js';
import type { Neighbor } from './neighbor.js';
import { normalizeVector } from './normalize-vector.js';
import type { VectorIndexSaveOptions } from './vector-index-save-options.js';
import type { VectorIndex, VectorInput } from './vector-index.js';

/** Metadata keys of the documents the index writes: the boden id, and a fingerprint of the vector. */
export const langChainDocumentKeys = { id: 'boden_id', key: 'boden_key' } as const;

/** Everything a `LangChainVectorIndex` is made of; built by `createLangChainVectorIndex` and `loadLangChainVectorIndex`. */
export interface LangChainVectorIndexState {
  readonly store: VectorStoreInterface;
  readonly filter: unknown;
  readonly documentMetadata: Readonly<Record<string, unknown>>;
  /** The local copy that answers the synchronous role; its vectors are already in the store unless queued. */
  readonly local: ExactVectorIndex;
  /** Ids the store already holds (with the store's own document ids when it returned them). */
  readonly stored: ReadonlyMap<string, readonly string[] | null>;
}

type StoreOperation = { kind: 'add'; id: string; key: string; vector: number[] } | { kind: 'retire'; id: string };

/** Creates an empty `LangChainVectorIndex` over `options.store`; a bad option throws `InvalidOptionsError`. */
export function createLangChainVectorIndex(options: LangChainVectorIndexOptions): LangChainVectorIndex {
  const { store, filter, documentMetadata, dimensions } = parseOptions(
    langChainVectorIndexOptionsSchema,
    options,
    'createLangChainVectorIndex',
  );
  return new LangChainVectorIndex({ store, filter, documentMetadata, local: createExactVectorIndex({ dimensions }), stored: new Map() });
}

/**
 * A `VectorIndex` whose vectors live in any LangChain `VectorStore` (so a corpus can live in an existing vector
 * database), with a local exact copy. The `VectorIndex` role is synchronous (novelty metrics search inside
 * synchronous code) and every `VectorStore` call is asynchronous, so:
 *
 * - `add` and `remove` update the local copy at once and queue the store writes, which go out in order, batched
 *   (one `addVectors` per run of adds); `flush()` waits for them and throws `VectorIndexOperationError` while a
 *   failed write is still unsent (each `flush` retries it);
 * - `search` answers from the local copy (exact, like `ExactVectorIndex`); `searchStore` asks the store, keeps the
 *   hits that are live with their current vector, and ranks them by exact cosine similarity, so stores that report
 *   distances or other scores rank the same way;
 * - removed and replaced vectors are deleted from the store when it supports `delete({ ids })` and returned its ids
 *   from `addVectors`; otherwise they stay there, are recognised by the vector fingerprint in their metadata
 *   (`boden_id`, `boden_key`) and skipped, and `searchStore` fetches that many more hits;
 * - `save` writes the local copy's files (an exact index's, which `loadExactVectorIndex` and `loadAutoVectorIndex`
 *   read too) once the queued store writes are done.
 */
export class LangChainVectorIndex implements VectorIndex {
  readonly specificationVersion = 'v1';
  readonly dimensions: number;
  /** The LangChain store the vectors are written to. */
  readonly store: VectorStoreInterface;
  readonly #filter: unknown;
  readonly #documentMetadata: Readonly<Record<string, unknown>>;
  readonly #local: ExactVectorIndex;
  /** Fingerprint of each live id's vector, as written in its documents' metadata. */
  readonly #keys = new Map<string, string>();
  /** Ids written to the store, with the store's document ids when `addVectors` returned them. */
  readonly #stored: Map<string, readonly string[] | null>;
  #queue: StoreOperation[] = [];
  #unsent: StoreOperation[] = [];
  #lastFailure: unknown = undefined;
  #writing: Promise<void> = Promise.resolve();
  /** Documents in the store that are no longer live and could not be deleted. */
  #stale = 0;
  #canDelete: boolean;

  /** Internal: use `createLangChainVectorIndex` or `loadLangChainVectorIndex`. */
  constructor(state: LangChainVectorIndexState) {
    this.store = state.store;
    this.#filter = state.filter;
    this.#documentMetadata = state.documentMetadata;
    this.#local = state.local;
    this.dimensions = state.local.dimensions;
    this.#stored = new Map(state.stored);
    this.#canDelete = typeof state.store.delete === 'function';
    for (const [id, vector] of state.local.entries()) {
      this.#keys.set(id, vectorKey(vector));
      if (!this.#stored.has(id)) this.#enqueue({ kind: 'add', id, key: this.#keys.get(id)!, vector: Array.from(vector) });
    }
  }

  /** Number of live vectors. */
  get size(): number {
    return this.#local.size;
  }

  /** Store documents that are no longer live but could not be deleted (each `searchStore` fetches that many more). */
  get staleDocuments(): number {
    return this.#stale;
  }

  /** Adds or replaces the vector stored under `id`; the store write is queued. */
  add(id: string, vector: VectorInput): void {
    // The local copy validates and normalises; the store gets exactly the vector kept here, so the fingerprint of a
    // reloaded copy matches the store's documents.
    this.#local.add(id, vector);
    const unit = this.#local.vector(id)!;
    const key = vectorKey(unit);
    const previous = this.#keys.get(id);
    if (previous === key) return;
    this.#keys.set(id, key);
    if (previous !== undefined) this.#enqueue({ kind: 'retire', id });
    this.#enqueue({ kind: 'add', id, key, vector: Array.from(unit) });
  }

  /** True when `id` is in the index. */
  has(id: string): boolean {
    return this.#local.has(id);
  }

  /** Removes `id` here at once and from the store when the queued write runs. */
  remove(id: string): boolean {
    if (!this.#local.remove(id)) return false;
    this.#keys.delete(id);
    this.#enqueue({ kind: 'retire', id });
    return true;
  }

  /** The `k` most similar vectors by an exact scan of the local copy, most similar first (ties by id). */
  search(vector: VectorInput, k: number): Neighbor[] {
    return this.#local.search(vector, k);
  }

  /**
   * The `k` most similar live vectors as the store finds them (after the queued writes), most similar first, with
   * exact cosine similarities. An approximate store may miss some; a store failure throws `VectorIndexOperationError`.
   */
  async searchStore(vector: VectorInput, k: number): Promise<Neighbor[]> {
    const count = clampNeighborCount(k, this.size);
    const query = normalizeVector(vector, { dimensions: this.dimensions, id: null });
    await this.#writing;
    if (count === 0) return [];
    let hits: [Document, number][];
    try {
      hits = await this.store.similaritySearchVectorWithScore(Array.from(query), count + this.#stale, this.#filter as never);
    } catch (error) {
      throw new VectorIndexOperationError({ operation: 'store search', cause: error });
    }
    const similarities = new Map<string, number>();
    for (const [document] of hits) {
      const id = document.metadata?.[langChainDocumentKeys.id];
      if (typeof id !== 'string' || similarities.has(id) || this.#keys.get(id) !== document.metadata[langChainDocumentKeys.key]) continue;
      similarities.set(id, dot(this.#local.vector(id)!, query));
    }
    return [...similarities]
      .sort(([leftId, left], [rightId, right]) => right - left || (leftId < rightId ? -1 : leftId > rightId ? 1 : 0))
      .slice(0, count)
      .map(([id, score]) => {
        const similarity = Math.min(1, Math.max(-1, score));
        return { id, similarity, distance: 1 - similarity };
      });
  }

  /**
   * Waits for the queued store writes. Throws `VectorIndexOperationError` (operation `store write`) when some
   * failed and failed again on this retry; the local copy is unaffected either way.
   */
  async flush(): Promise<void> {
    await this.#writing;
    if (this.#unsent.length > 0) {
      const retry = this.#unsent.splice(0);
      this.#queue.unshift(...retry);
      if (this.#queue.length === retry.length) this.#writing = this.#writing.then(() => this.#drain());
      await this.#writing;
    }
    if (this.#unsent.length > 0) throw new VectorIndexOperationError({ operation: 'store write', cause: this.#lastFailure });
  }

  /**
   * Writes the local copy (an exact index's files) to `path`, as of the call, once the store writes queued before
   * the call are done; throws like `flush` when some are still unsent, and the files are then not written.
   */
  async save(path: string, options: VectorIndexSaveOptions = {}): Promise<void> {
    // Copy the state as of the call: the store writes may take a while and the index may be used meanwhile.
    const snapshot = this.#local.copy();
    await this.flush();
    await snapshot.save(path, options);
  }

  #enqueue(operation: StoreOperation): void {
    this.#queue.push(operation);
    // One drain per burst: it runs after the current synchronous work and takes everything queued by then.
    if (this.#queue.length === 1) this.#writing = this.#writing.then(() => this.#drain());
  }

  // Never rejects: failures are kept in #unsent for `flush` to retry and report.
  async #drain(): Promise<void> {
    const operations = this.#queue.splice(0);
    let position = 0;
    while (position < operations.length) {
      const kind = operations[position]!.kind;
      let end = position;
      while (end < operations.length && operations[end]!.kind === kind) end++;
      const run = operations.slice(position, end);
      position = end;
      if (kind === 'add') await this.#writeAdds(run as Extract<StoreOperation, { kind: 'add' }>[]);
      else await this.#writeRetires(run);
    }
  }

  async #writeAdds(operations: Extract<StoreOperation, { kind: 'add' }>[]): Promise<void> {
    // An add superseded by a later add or remove of the same id is not worth sending.
    const current = operations.filter((operation) => this.#keys.get(operation.id) === operation.key && !this.#stored.has(operation.id));
    if (current.length === 0) return;
    const documents = current.map(
      (operation) =>
        new Document({
          pageContent: operation.id,
          metadata: { ...this.#documentMetadata, [langChainDocumentKeys.id]: operation.id, [langChainDocumentKeys.key]: operation.key },
        }),
    );
    try {
      const storeIds = await this.store.addVectors(
        current.map((operation) => operation.vector),
        documents,
      );
      current.forEach((operation, position) => {
        const storeId = Array.isArray(storeIds) && storeIds.length === current.length ? storeIds[position] : undefined;
        this.#stored.set(operation.id, typeof storeId === 'string' ? [storeId] : null);
      });
    } catch (error) {
      this.#lastFailure = error;
      // Not push(...current): a corpus's first write can be a million adds, more arguments than the stack holds.
      for (const operation of current) this.#unsent.push(operation);
    }
  }

  async #writeRetires(operations: StoreOperation[]): Promise<void> {
    const storeIds: string[] = [];
    for (const { id } of operations) {
      if (!this.#stored.has(id)) continue;
      const ids = this.#stored.get(id);
      this.#stored.delete(id);
      if (ids !== null && ids !== undefined && this.#canDelete) storeIds.push(...ids);
      else this.#stale++;
    }
    if (storeIds.length === 0) return;
    try {
      await this.store.delete({ ids: storeIds });
    } catch {
      // Stores without deletion (LangChain's default `delete` throws "Not implemented"), or a failed delete:
      // the documents stay, and searches recognise and skip them.
      this.#canDelete = false;
      this.#stale += storeIds.length;
    }
  }
}

/** A fingerprint of a unit vector's float32 bytes, stored beside it to tell current documents from stale ones. */
function vectorKey(unit: Float32Array): string {
  return createHash('sha256')
    .update(new Uint8Array(unit.buffer, unit.byteOffset, unit.byteLength))
    .digest('hex')
    .slice(0, 24);
}

function dot(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < left.length; index++) sum += (left[index] as number) * (right[index] as number);
  return sum;
}
