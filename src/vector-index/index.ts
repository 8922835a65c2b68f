export type { VectorIndex, VectorInput } from './vector-index.js';
export type { Neighbor } from './neighbor.js';
export { createExactVectorIndex, ExactVectorIndex } from './exact-vector-index.js';
export { loadExactVectorIndex } from './load-exact-vector-index.js';
export type { ExactVectorIndexOptions, LoadExactVectorIndexOptions } from './exact-vector-index-options.js';
export { createHnswVectorIndex, HnswVectorIndex } from './hnsw-vector-index.js';
export { loadHnswVectorIndex } from './load-hnsw-vector-index.js';
export type {
  HnswGraphOptions,
  HnswVectorIndexOptions,
  LoadHnswVectorIndexOptions,
} from './hnsw-vector-index-options.js';
export { createAutoVectorIndex, AutoVectorIndex } from './auto-vector-index.js';
export { loadAutoVectorIndex } from './load-auto-vector-index.js';
export {
  defaultSwitchThreshold,
  type AutoVectorIndexOptions,
  type LoadAutoVectorIndexOptions,
} from './auto-vector-index-options.js';
export { vectorIndexMetadataPath } from './vector-index-metadata.js';
export { resolveEfSearch } from './resolve-ef-search.js';
export { VectorDimensionError } from '../errors/vector-dimension-error.js';
export { InvalidVectorError, type InvalidVectorReason } from '../errors/invalid-vector-error.js';
export { IndexFileError, type IndexFileProblem } from '../errors/index-file-error.js';
export { VectorIndexOperationError } from '../errors/vector-index-operation-error.js';
export { InvalidArgumentError } from '../errors/invalid-argument-error.js';
export {
  createLangChainVectorIndex,
  LangChainVectorIndex,
  langChainDocumentKeys,
} from './langchain-vector-index.js';
export { loadLangChainVectorIndex } from './load-langchain-vector-index.js';
export type { LangChainVectorIndexOptions, LoadLangChainVectorIndexOptions } from './langchain-vector-index-options.js';
export { writeNewFile, type VectorIndexFileWriter, type VectorIndexSaveOptions } from './vector-index-save-options.js';
export {
  openLanceDbVectorIndex,
  LanceDbVectorIndex,
  LanceDbUnavailableError,
  type LanceDbVectorIndexOptions,
} from './lancedb-vector-index.js';
