import { readFile } from 'node:fs/promises';
import { IndexFileError } from '../errors/index-file-error.js';
import { parseOptions } from '../options/parse-options.js';
import {
  exactVectorIndexOptionsSchema,
  loadExactVectorIndexOptionsSchema,
  type LoadExactVectorIndexOptions,
} from './exact-vector-index-options.js';
import { ExactVectorIndex } from './exact-vector-index.js';
import {
  checkDataFile,
  checkMetadataMatches,
  fileReadError,
  readVectorIndexMetadata,
  sha256Hex,
  vectorIndexMetadataPath,
  type ExactVectorIndexMetadata,
} from './vector-index-metadata.js';

/**
 * Loads an `ExactVectorIndex` written by its `save`. Throws `IndexFileError`: `missing`, `corrupt` (bad metadata,
 * failed checksum) or `mismatch` (another implementation, or not `dimensions`).
 */
export async function loadExactVectorIndex(options: LoadExactVectorIndexOptions): Promise<ExactVectorIndex> {
  const { path, dimensions } = parseOptions(loadExactVectorIndexOptionsSchema, options, 'loadExactVectorIndex');
  const metadata = await readVectorIndexMetadata(path);
  checkMetadataMatches(path, metadata, { implementation: 'exact', dimensions });
  return restoreExactVectorIndex(path, metadata);
}

/** Builds an `ExactVectorIndex` from the data file at `path` and its already-read `metadata`. */
export async function restoreExactVectorIndex(path: string, metadata: ExactVectorIndexMetadata): Promise<ExactVectorIndex> {
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch (error) {
    throw fileReadError(path, error);
  }
  checkDataFile(path, metadata.dataFile, { bytes: bytes.length, sha256: sha256Hex(bytes) });
  const { ids } = metadata;
  if (bytes.length !== ids.length * metadata.dimensions * 4) {
    const reason = `holds ${bytes.length} bytes, but ${ids.length} vectors of ${metadata.dimensions} dimensions need ${ids.length * metadata.dimensions * 4}`;
    throw new IndexFileError({ file: vectorIndexMetadataPath(path), problem: 'mismatch', reason });
  }
  if (new Set(ids).size !== ids.length) {
    throw new IndexFileError({ file: vectorIndexMetadataPath(path), problem: 'corrupt', reason: 'repeated ids' });
  }
  const options = exactVectorIndexOptionsSchema.parse({ dimensions: metadata.dimensions });
  const vectors = new Float32Array(Math.max(ids.length, options.initialCapacity) * metadata.dimensions);
  // Copy byte-wise: the read buffer need not be 4-byte aligned.
  new Uint8Array(vectors.buffer).set(bytes);
  return new ExactVectorIndex({ options, vectors, ids: [...ids] });
}
