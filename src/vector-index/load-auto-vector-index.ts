import { parseOptions } from '../options/parse-options.js';
import { loadAutoVectorIndexOptionsSchema, type LoadAutoVectorIndexOptions } from './auto-vector-index-options.js';
import { AutoVectorIndex } from './auto-vector-index.js';
import { restoreExactVectorIndex } from './load-exact-vector-index.js';
import { restoreHnswVectorIndex } from './load-hnsw-vector-index.js';
import { checkMetadataMatches, readVectorIndexMetadata } from './vector-index-metadata.js';

/**
 * Loads an `AutoVectorIndex` from files saved by any implementation: an exact index at or above `threshold`
 * switches to HNSW at once. Throws `IndexFileError` like the other loaders.
 */
export async function loadAutoVectorIndex(options: LoadAutoVectorIndexOptions): Promise<AutoVectorIndex> {
  const { path, dimensions, threshold, hnsw } = parseOptions(loadAutoVectorIndexOptionsSchema, options, 'loadAutoVectorIndex');
  const metadata = await readVectorIndexMetadata(path);
  checkMetadataMatches(path, metadata, { implementation: metadata.implementation, dimensions });
  const current =
    metadata.implementation === 'exact' ? await restoreExactVectorIndex(path, metadata) : await restoreHnswVectorIndex(path, metadata);
  return new AutoVectorIndex({ options: { dimensions: metadata.dimensions, threshold, hnsw }, current });
}
