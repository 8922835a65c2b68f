import type { VectorStoreInterface } from '@langchain/core/vectorstores';
import { z } from 'zod';

const isVectorStore = (value: unknown): boolean =>
  value !== null &&
  typeof value === 'object' &&
  typeof (value as VectorStoreInterface).addVectors === 'function' &&
  typeof (value as VectorStoreInterface).similaritySearchVectorWithScore === 'function';

/** The fields `createLangChainVectorIndex` and `loadLangChainVectorIndex` share. */
const storeShape = {
  /**
   * Any LangChain `VectorStore` (an existing database's, or `FakeVectorStore` in memory). It should hold this
   * index's documents only, or `filter` should select them: search results from other documents are dropped, so a
   * shared collection without a filter can return fewer than `k`.
   */
  store: z.custom<VectorStoreInterface>(
    isVectorStore,
    'expected a LangChain VectorStore (an object with addVectors() and similaritySearchVectorWithScore())',
  ),
  /** Passed as is to every store search (its type is the store's `FilterType`). */
  filter: z.unknown().optional(),
  /** Metadata added to every document the index writes, e.g. `{ corpus: 'titanic' }` for a `filter` to select. */
  documentMetadata: z.record(z.string(), z.unknown()).default({}),
};

/** Options of `createLangChainVectorIndex`; the defaults live here. */
export const langChainVectorIndexOptionsSchema = z.strictObject({
  ...storeShape,
  /** Length of every vector. */
  dimensions: z.number().int().min(1).max(65_536),
});

/** Options of `loadLangChainVectorIndex`. */
export const loadLangChainVectorIndexOptionsSchema = z.strictObject({
  ...storeShape,
  /** The index file `save` wrote (an exact index's files); its metadata is read from `vectorIndexMetadataPath(path)`. */
  path: z.string().min(1),
  /** When given, the file must hold vectors of this length (`IndexFileError` with `mismatch` otherwise). */
  dimensions: z.number().int().min(1).optional(),
  /**
   * `false` (default): the store already holds the saved vectors (it is the store they were written to).
   * `true`: write every loaded vector to the store, e.g. to move a saved index into a new database.
   */
  copyToStore: z.boolean().default(false),
});

/** Options of `createLangChainVectorIndex` as callers pass them. */
export type LangChainVectorIndexOptions = z.input<typeof langChainVectorIndexOptionsSchema>;
/** Options of `loadLangChainVectorIndex` as callers pass them. */
export type LoadLangChainVectorIndexOptions = z.input<typeof loadLangChainVectorIndexOptionsSchema>;
