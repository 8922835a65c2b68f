import type { EmbeddingInput } from './embedder.js';

/**
 * Role: an embedder that answers synchronously, one unit vector per text (`HashingEmbedder` is one). What
 * descriptors and sparsity sources need, which read vectors inside a selection and cannot wait on a provider.
 */
export interface SyncEmbedder {
  embedOne(input: EmbeddingInput): Float32Array;
}
