import { checkArgument } from '../options/check-argument.js';
import { parseOptions } from '../options/parse-options.js';
import { efSearchSchema, hnswGraphOptionsSchema, type HnswGraphOptions } from '../vector-index/hnsw-vector-index-options.js';
import { createHnswVectorIndex } from '../vector-index/hnsw-vector-index.js';
import { loadExactVectorIndex } from '../vector-index/load-exact-vector-index.js';
import { loadHnswVectorIndex } from '../vector-index/load-hnsw-vector-index.js';
import { readVectorIndexMetadata } from '../vector-index/vector-index-metadata.js';
import type { VectorIndex } from '../vector-index/vector-index.js';

/**
 * How a corpus makes its vector index: a new one for a new corpus, or the one a save wrote. The default keeps the
 * vectors in an HNSW index file in the corpus directory; a `LangChainVectorIndex` keeps them in a vector database
 * too, e.g. `{ create: ({ dimensions }) => createLangChainVectorIndex({ store, dimensions }), load: ({ path }) =>
 * loadLangChainVectorIndex({ store, path }) }`.
 */
export interface CorpusIndexFactory {
  /** An empty index of `dimensions` (the embedder's). */
  create(options: { dimensions: number }): VectorIndex;
  /** The index saved at `path` (a file of the corpus directory), holding vectors of `dimensions`. */
  load(options: { path: string; dimensions: number }): Promise<VectorIndex>;
}

/** True when `value` has the `create` and `load` functions of a `CorpusIndexFactory`. */
export function isCorpusIndexFactory(value: unknown): boolean {
  return (
    value !== null &&
    typeof value === 'object' &&
    typeof (value as CorpusIndexFactory).create === 'function' &&
    typeof (value as CorpusIndexFactory).load === 'function'
  );
}

/**
 * The default `CorpusIndexFactory`: new corpora get an `HnswVectorIndex` with `graph` settings; a saved index is
 * loaded by the kind its metadata names (HNSW, with `efSearch` overriding the saved setting, or exact, as a
 * `LangChainVectorIndex` saves), so a corpus directory opens without the database it was also written to.
 */
export function hnswCorpusIndex(graph: HnswGraphOptions = {}, efSearch?: number | 'auto'): CorpusIndexFactory {
  // Checked now: otherwise a bad setting surfaces only when a corpus is built or opened, named after another factory.
  parseOptions(hnswGraphOptionsSchema, graph, 'hnswCorpusIndex');
  checkArgument(efSearchSchema.optional(), efSearch, 'efSearch');
  return {
    create: ({ dimensions }) => createHnswVectorIndex({ ...graph, dimensions }),
    async load({ path, dimensions }) {
      const metadata = await readVectorIndexMetadata(path);
      if (metadata.implementation === 'exact') return loadExactVectorIndex({ path, dimensions });
      return loadHnswVectorIndex({ path, dimensions, ...(efSearch === undefined ? {} : { efSearch }) });
    },
  };
}
