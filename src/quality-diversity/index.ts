/**
 * quality-diversity: a MAP-Elites archive over boden's concepts, as selector middleware.
 *
 * - the `Descriptors` role and `conceptDescriptors` (a candidate's cell from the concepts in its plan and code),
 *   `embeddingClusterDescriptors` (an axis of clusters in the embedding space), `combinedDescriptors` (axes side by side)
 * - `qualityDiversityArchive`: elites per cell, parents drawn Go-Explore style
 * - `descriptorMetrics`: cells as numeric metrics for hosts with their own archive (OpenEvolve's `feature_dimensions`)
 * - measures: `qualityDiversityScore`, `cellDiscoveryCurve`, `runQualityDiversity`
 */
export type { DescriptorCell, Descriptors } from './descriptors.js';
export { conceptDescriptors, noDescriptorValue } from './concept-descriptors.js';
export {
  ConceptAxisSchema,
  ConceptDescriptorsOptionsSchema,
  type ConceptAxis,
  type ConceptDescriptorsOptions,
} from './concept-descriptors-options.js';
export { embeddingClusterDescriptors } from './embedding-cluster-descriptors.js';
export {
  EmbeddingClusterDescriptorsOptionsSchema,
  type EmbeddingClusterDescriptorsOptions,
} from './embedding-cluster-descriptors-options.js';
export type { SyncEmbedder } from '../embedder/sync-embedder.js';
export { combinedDescriptors } from './combined-descriptors.js';
export { descriptorMetrics, type DescribedCandidate, type DescriptorMetrics } from './descriptor-metrics.js';
export { DescriptorMetricsOptionsSchema, type DescriptorMetricsOptions } from './descriptor-metrics-options.js';
export { qualityDiversityArchive, type QualityDiversityArchive } from './quality-diversity-archive.js';
export { QualityDiversityArchiveOptionsSchema, type QualityDiversityArchiveOptions } from './quality-diversity-archive-options.js';
export {
  cellDiscoveryCurve,
  qualityDiversityScore,
  runQualityDiversity,
  type ArchiveCell,
  type RunQualityDiversity,
} from './archive-measures.js';
