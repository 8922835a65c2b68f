import type { EmbeddingInput } from '../embedder/embedder.js';

/**
 * Role: rewrites a solution (human or agent; plan and code) as a short structured text of its method, so that
 * embeddings and retrieval reflect the approach rather than coding style. Implementation:
 * `ConceptApproachSummarizer` (offline, deterministic default).
 */
export interface ApproachSummarizer {
  readonly specificationVersion: 'v1';
  /** Stable identifier of the summarizer and its settings; a corpus manifest records it. */
  readonly id: string;
  /** The approach summary of one solution. */
  summarize(input: EmbeddingInput): string;
}
