import type { Document } from '@langchain/core/documents';
import { FakeEmbeddings, FakeVectorStore } from '@langchain/core/utils/testing';
import { VectorStore } from '@langchain/core/vectorstores';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { InvalidOptionsError } from '../../src/errors/invalid-options-error.js';
import { VectorIndexOperationError } from '../../src/errors/vector-index-operation-error.js';
import { createExactVectorIndex } from '../../src/vector-index/exact-vector-index.js';
import {
  createLangChainVectorIndex,
  langChainDocumentKeys,
  type LangChainVectorIndex,
} from '../../src/vector-index/langchain-vector-index.js';
import { loadAutoVectorIndex } from '../../src/vector-index/load-auto-vector-index.js';
import { loadLangChainVectorIndex } from '../../src/vector-index/load-langchain-vector-index.js';
import { describeVectorIndex } from '../conformance/describe-vector-index.js';
import { createClusteredVectorSource } from '../../bench/support/clustered-vectors.js';
import { useTemporaryDirectory } from '../support/temporary-directory.js';

// LangChain 1.x moved `MemoryVectorStore` to `@langchain/classic`, which is not installed; `@langchain/core` ships the
// same in-memory store (brute-force cosine over `memoryVectors`) as `FakeVectorStore`. It is a real store: it keeps
// what `addVectors` is given and searches it. It has no ids and no `delete`, so stale documents stay.
const embeddings = new FakeEmbeddings();
const memoryStore = (): FakeVectorStore => new FakeVectorStore(embeddings);

/**
 * An in-memory store that, like most databases, returns ids from `addVectors` and deletes by id (a `VectorStore`
 * with `FakeVectorStore`'s brute-force cosine search). Lets the tests check that removed vectors really leave the
 * store when it can delete.
 */
class DeletingMemoryStore extends VectorStore {
  declare FilterType: (document: Document) => boolean;
  memoryVectors: { id: string; embedding: number[]; document: Document }[] = [];
  readonly deleted: string[] = [];
  #next = 0;
  constructor() {
    super(embeddings, {});
  }
  _vectorstoreType(): string {
    return 'deleting-memory';
  }
  override async addDocuments(documents: Document[]): Promise<string[]> {
    return this.addVectors(await this.embeddings.embedDocuments(documents.map((document) => document.pageContent)), documents);
  }
  override async addVectors(vectors: number[][], documents: Document[]): Promise<string[]> {
    const ids = documents.map(() => `doc-${this.#next++}`);
    vectors.forEach((embedding, position) => this.memoryVectors.push({ id: ids[position]!, embedding, document: documents[position]! }));
    return ids;
  }
  override async delete({ ids }: { ids: string[] }): Promise<void> {
    const gone = new Set(ids);
    this.deleted.push(...ids);
    this.memoryVectors = this.memoryVectors.filter((vector) => !gone.has(vector.id));
  }
  override async similaritySearchVectorWithScore(query: number[], k: number, filter?: this['FilterType']): Promise<[Document, number][]> {
    return this.memoryVectors
      .filter((vector) => filter === undefined || filter(vector.document))
      .map((vector): [Document, number] => [vector.document, cosine(query, vector.embedding)])
      .sort((left, right) => right[1] - left[1])
      .slice(0, k);
  }
}

function cosine(left: readonly number[], right: readonly number[]): number {
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  left.forEach((value, index) => {
    dot += value * right[index]!;
    leftNorm += value * value;
    rightNorm += right[index]! * right[index]!;
  });
  return dot / Math.sqrt(leftNorm * rightNorm);
}

/** A store whose first `failures` writes fail, like a database that is briefly unreachable. */
class FlakyMemoryStore extends FakeVectorStore {
  constructor(private failures: number) {
    super(embeddings);
  }
  override async addVectors(vectors: number[][], documents: Document[]): Promise<void> {
    if (this.failures > 0) {
      this.failures--;
      throw new Error('connection refused');
    }
    await super.addVectors(vectors, documents);
  }
}

describeVectorIndex('LangChainVectorIndex over FakeVectorStore', {
  create: ({ dimensions }) => createLangChainVectorIndex({ store: memoryStore(), dimensions }),
  load: ({ path }) => loadLangChainVectorIndex({ store: memoryStore(), path, copyToStore: true }),
});

const dimensions = 16;

function unit(axis: number): Float32Array {
  const vector = new Float32Array(dimensions);
  vector[axis] = 1;
  return vector;
}

/** The store's own search compared with the exact oracle: the same conformance questions, asked of `searchStore`. */
function describeStoreSearch(name: string, makeStore: () => VectorStore): void {
  describe(`LangChainVectorIndex.searchStore over ${name} (against ExactVectorIndex)`, () => {
    describe('recall on 10k clustered 64-d points', () => {
      const oracle = createExactVectorIndex({ dimensions: 64 });
      let index: LangChainVectorIndex;
      let queries: Float32Array[];
      beforeAll(async () => {
        index = createLangChainVectorIndex({ store: makeStore(), dimensions: 64 });
        const source = createClusteredVectorSource({ dimensions: 64, clusters: 32, seed: 15 });
        source.sample(10_000).forEach((point, position) => {
          index.add(`p${position}`, point);
          oracle.add(`p${position}`, point);
        });
        await index.flush();
        // Replace and remove some once they are written, so the store holds stale documents (or has deleted them).
        expect(index.staleDocuments).toBe(0);
        const moved = source.sample(500);
        for (let position = 0; position < 500; position++) index.add(`p${position}`, moved[position]!);
        for (let position = 0; position < 500; position++) oracle.add(`p${position}`, moved[position]!);
        for (let position = 500; position < 1000; position++) {
          index.remove(`p${position}`);
          oracle.remove(`p${position}`);
        }
        await index.flush();
        expect(index.staleDocuments).toBe(index.store instanceof DeletingMemoryStore ? 0 : 1000);
        queries = source.sample(100);
      });

      it("finds the oracle's top 10 with its similarities and order (the in-memory store is exact)", async () => {
        let found = 0;
        for (const query of queries) {
          const expected = oracle.search(query, 10);
          const actual = await index.searchStore(query, 10);
          expect(actual).toHaveLength(10);
          const similarities = new Map(expected.map((neighbor) => [neighbor.id, neighbor.similarity]));
          for (const [rank, neighbor] of actual.entries()) {
            expect(neighbor.similarity).toBeCloseTo(expected[rank]!.similarity, 6);
            expect(neighbor.distance).toBeCloseTo(1 - neighbor.similarity, 12);
            if (similarities.has(neighbor.id)) found++;
          }
        }
        expect(found / (10 * queries.length)).toBeGreaterThanOrEqual(0.99);
      });

      it('never returns a removed id or a replaced vector', async () => {
        for (const query of queries.slice(0, 20)) {
          const ids = (await index.searchStore(query, 50)).map((neighbor) => Number(neighbor.id.slice(1)));
          expect(ids.filter((id) => id >= 500 && id < 1000)).toEqual([]);
        }
        // A replaced vector is found where it is now, not where it was.
        const [best] = await index.searchStore(oracle.vector('p7')!, 1);
        expect(best).toMatchObject({ id: 'p7' });
        expect(best!.similarity).toBeCloseTo(1, 5);
      });
    });

    it('clamps k, orders by similarity and rejects bad input like the role', async () => {
      const index = createLangChainVectorIndex({ store: makeStore(), dimensions });
      expect(await index.searchStore(unit(0), 5)).toEqual([]);
      for (let axis = 0; axis < 5; axis++) index.add(`a${axis}`, unit(axis));
      index.add('mix', [1, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
      const hits = await index.searchStore(unit(0), 50);
      expect(hits.map((hit) => hit.id)).toEqual(['a0', 'mix', 'a1', 'a2', 'a3', 'a4']);
      expect(hits[1]!.similarity).toBeCloseTo(Math.SQRT1_2, 6);
      await expect(index.searchStore(unit(0), -1)).rejects.toMatchObject({ argument: 'k' });
      await expect(index.searchStore([1, 2], 1)).rejects.toMatchObject({ expected: dimensions, actual: 2 });
    });
  });
}

describeStoreSearch('FakeVectorStore (no ids, no delete)', memoryStore);
describeStoreSearch('a deleting in-memory store', () => new DeletingMemoryStore());

describe('LangChainVectorIndex store writes', () => {
  const directory = useTemporaryDirectory('boden-langchain-index-');

  it('writes each burst of adds in one addVectors call, with the id and fingerprint in the metadata', async () => {
    const store = memoryStore();
    const calls: number[] = [];
    const addVectors = store.addVectors.bind(store);
    store.addVectors = async (vectors, documents) => {
      calls.push(vectors.length);
      return addVectors(vectors, documents);
    };
    const index = createLangChainVectorIndex({ store, dimensions, documentMetadata: { corpus: 'titanic' } });
    for (let axis = 0; axis < 10; axis++) index.add(`a${axis}`, unit(axis));
    expect(store.memoryVectors).toHaveLength(0);
    await index.flush();
    index.add('late', unit(12));
    await index.flush();
    expect(calls).toEqual([10, 1]);
    expect(store.memoryVectors).toHaveLength(11);
    expect(store.memoryVectors[0]!.metadata).toMatchObject({
      corpus: 'titanic',
      [langChainDocumentKeys.id]: 'a0',
      [langChainDocumentKeys.key]: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    expect(store.memoryVectors[0]!.embedding[0]).toBe(1);
  });

  it('deletes removed and replaced vectors from a store that can, and skips them in one that cannot', async () => {
    const deleting = new DeletingMemoryStore();
    const plain = memoryStore();
    for (const store of [deleting, plain]) {
      const index = createLangChainVectorIndex({ store, dimensions });
      for (let axis = 0; axis < 4; axis++) index.add(`a${axis}`, unit(axis));
      await index.flush();
      index.remove('a0');
      index.add('a1', unit(9));
      index.add('a2', unit(2)); // the same vector again: nothing to write
      await index.flush();
      expect(index.size).toBe(3);
      expect((await index.searchStore(unit(0), 3)).map((hit) => hit.id)).not.toContain('a0');
      expect((await index.searchStore(unit(9), 1))[0]?.id).toBe('a1');
      if (store === deleting) {
        expect(deleting.deleted).toEqual(['doc-0', 'doc-1']);
        expect(store.memoryVectors).toHaveLength(3);
        expect(index.staleDocuments).toBe(0);
      } else {
        expect(store.memoryVectors).toHaveLength(5);
        expect(index.staleDocuments).toBe(2);
      }
    }
  });

  it('keeps a failed write queued: flush and save throw until a retry gets through', async () => {
    const store = new FlakyMemoryStore(3);
    const index = createLangChainVectorIndex({ store, dimensions });
    index.add('a', unit(0));
    index.add('b', unit(1));
    // The local copy answers at once whatever the store does.
    expect(index.search(unit(1), 1)[0]?.id).toBe('b');
    await expect(index.flush()).rejects.toSatisfy(
      (error) =>
        VectorIndexOperationError.isInstance(error) && error.operation === 'store write' && /connection refused/.test(error.reason),
    );
    const path = join(directory, 'flaky.index');
    await expect(index.save(path)).rejects.toThrow(VectorIndexOperationError);
    await index.flush();
    expect(store.memoryVectors.map((vector) => vector.metadata[langChainDocumentKeys.id])).toEqual(['a', 'b']);
    await index.save(path);
    expect((await loadAutoVectorIndex({ path })).size).toBe(2);
  });

  it('reloads over the store it wrote to without writing again, and recognises its documents', async () => {
    const store = memoryStore();
    const index = createLangChainVectorIndex({ store, dimensions });
    const source = createClusteredVectorSource({ dimensions, clusters: 4, seed: 3 });
    const points = source.sample(200);
    points.forEach((point, position) => index.add(`p${position}`, point));
    const path = join(directory, 'reload.index');
    await index.save(path);
    expect(store.memoryVectors).toHaveLength(200);

    const reloaded = await loadLangChainVectorIndex({ store, path });
    await reloaded.flush();
    expect(store.memoryVectors).toHaveLength(200);
    for (const query of source.sample(10)) {
      expect((await reloaded.searchStore(query, 5)).map((hit) => hit.id)).toEqual(index.search(query, 5).map((hit) => hit.id));
    }
    // Removed after the reload: the store cannot delete, so the document is skipped.
    reloaded.remove('p3');
    await reloaded.flush();
    expect((await reloaded.searchStore(points[3]!, 1))[0]?.id).not.toBe('p3');
    expect(reloaded.staleDocuments).toBe(1);
  });

  it('passes the filter to the store, so a shared collection can hold several indexes', async () => {
    const store = memoryStore();
    const titanic = createLangChainVectorIndex({
      store,
      dimensions,
      documentMetadata: { corpus: 'titanic' },
      filter: (document: Document) => document.metadata.corpus === 'titanic',
    });
    const other = createLangChainVectorIndex({ store, dimensions, documentMetadata: { corpus: 'house-prices' } });
    titanic.add('t', unit(0));
    other.add('h', unit(0));
    other.add('h2', unit(1));
    await Promise.all([titanic.flush(), other.flush()]);
    expect((await titanic.searchStore(unit(0), 5)).map((hit) => hit.id)).toEqual(['t']);
  });

  it('rejects a non-store with InvalidOptionsError naming the option', () => {
    expect(() => createLangChainVectorIndex({ store: {} as FakeVectorStore, dimensions })).toThrow(InvalidOptionsError);
    expect(() => createLangChainVectorIndex({ store: {} as FakeVectorStore, dimensions })).toThrow(/store/);
  });
});
