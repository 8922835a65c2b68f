import hnswlib from 'hnswlib-node';
import { IndexFileError } from '../errors/index-file-error.js';
import { parseOptions } from '../options/parse-options.js';
import { inspectHnswIndexFile } from './hnsw-index-file.js';
import { loadHnswVectorIndexOptionsSchema, type LoadHnswVectorIndexOptions } from './hnsw-vector-index-options.js';
import { HnswVectorIndex } from './hnsw-vector-index.js';
import {
  checkDataFile,
  checkMetadataMatches,
  readVectorIndexMetadata,
  vectorIndexMetadataPath,
  type HnswVectorIndexMetadata,
} from './vector-index-metadata.js';

const { HierarchicalNSW } = hnswlib;

/**
 * Loads an `HnswVectorIndex` written by its `save`. The hnswlib file is checked in JavaScript (structure, checksum,
 * agreement with the metadata) before hnswlib reads it. Throws `IndexFileError`: `missing`, `corrupt` or
 * `mismatch` (another implementation, not `dimensions`, or metadata that disagrees with the index file).
 */
export async function loadHnswVectorIndex(options: LoadHnswVectorIndexOptions): Promise<HnswVectorIndex> {
  const { path, dimensions, efSearch } = parseOptions(loadHnswVectorIndexOptionsSchema, options, 'loadHnswVectorIndex');
  const metadata = await readVectorIndexMetadata(path);
  checkMetadataMatches(path, metadata, { implementation: 'hnsw', dimensions });
  return restoreHnswVectorIndex(path, metadata, { efSearch });
}

/** Builds an `HnswVectorIndex` from the hnswlib file at `path`, its already-read `metadata` and any overrides. */
export async function restoreHnswVectorIndex(
  path: string,
  metadata: HnswVectorIndexMetadata,
  overrides: { efSearch?: number | 'auto' | undefined } = {},
): Promise<HnswVectorIndex> {
  const file = await inspectHnswIndexFile(path);
  checkDataFile(path, metadata.dataFile, file);
  const metadataFile = vectorIndexMetadataPath(path);
  const mismatch = (reason: string) => new IndexFileError({ file: metadataFile, problem: 'mismatch', reason });
  if (file.dimensions !== metadata.dimensions) {
    throw mismatch(`records ${metadata.dimensions} dimensions, the index file holds ${file.dimensions}`);
  }
  if (file.m !== metadata.options.m) throw mismatch(`records m = ${metadata.options.m}, the index file has ${file.m}`);
  if (file.elementCount !== metadata.elementCount) {
    throw mismatch(`records ${metadata.elementCount} elements, the index file holds ${file.elementCount}`);
  }
  const labelsById = new Map(metadata.entries);
  const recordedLabels = new Set(labelsById.values());
  const fileLabels = new Set(file.liveLabels);
  const agree =
    labelsById.size === metadata.entries.length &&
    recordedLabels.size === fileLabels.size &&
    [...recordedLabels].every((label) => fileLabels.has(label) && label < metadata.nextLabel);
  if (!agree) throw mismatch('its id map does not match the live labels of the index file');

  const native = new HierarchicalNSW('cosine', metadata.dimensions);
  try {
    native.readIndexSync(path, true);
  } catch (error) {
    const reason = `hnswlib cannot read it (${error instanceof Error ? error.message : String(error)})`;
    throw new IndexFileError({ file: path, problem: 'corrupt', reason, cause: error });
  }
  if (native.getCurrentCount() !== metadata.elementCount) {
    throw new IndexFileError({ file: path, problem: 'mismatch', reason: 'the index file changed while loading' });
  }
  const options = {
    ...metadata.options,
    dimensions: metadata.dimensions,
    efSearch: overrides.efSearch ?? metadata.options.efSearch,
  };
  return new HnswVectorIndex({ options, native, labelsById, nextLabel: metadata.nextLabel });
}
