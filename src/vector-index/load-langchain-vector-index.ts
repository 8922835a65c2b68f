import { parseOptions } from '../options/parse-options.js';
import { loadLangChainVectorIndexOptionsSchema, type LoadLangChainVectorIndexOptions } from './langchain-vector-index-options.js';
import { LangChainVectorIndex } from './langchain-vector-index.js';
import { loadExactVectorIndex } from './load-exact-vector-index.js';

/**
 * Loads a `LangChainVectorIndex` saved by its `save` (the local copy's files) over `options.store`. By default the
 * store is taken to hold the saved vectors already, as written before the save (the ids the store gave its
 * documents are not saved, so vectors removed after loading are skipped in searches rather than deleted); with
 * `copyToStore: true` every loaded vector is queued for writing to the store. Throws `IndexFileError` like
 * `loadExactVectorIndex`.
 */
export async function loadLangChainVectorIndex(options: LoadLangChainVectorIndexOptions): Promise<LangChainVectorIndex> {
  const { store, filter, documentMetadata, path, dimensions, copyToStore } = parseOptions(
    loadLangChainVectorIndexOptionsSchema,
    options,
    'loadLangChainVectorIndex',
  );
  const local = await loadExactVectorIndex({ path, ...(dimensions === undefined ? {} : { dimensions }) });
  const stored = new Map<string, null>();
  if (!copyToStore) for (const [id] of local.entries()) stored.set(id, null);
  return new LangChainVectorIndex({ store, filter, documentMetadata, local, stored });
}
