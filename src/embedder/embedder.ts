/** What an embedder reads of an episode or candidate: its plan (prose) and its code. */
export interface EmbeddingInput {
  readonly plan: string;
  readonly code: string;
}

/**
 * Role: turns episodes into fixed-length, L2-normalised vectors whose cosine similarity reflects
 * method, not style. Implementations: `HashingEmbedder` (offline default), `LangChainEmbedder`.
 */
export interface Embedder {
  readonly specificationVersion: 'v1';
  /** Stable identifier of the model and its settings, e.g. `hashing-v1/512`; corpora and caches key on it. */
  readonly id: string;
  /** Length of every vector this embedder returns. */
  readonly dimensions: number;
  /** Embeds each input; the result has one L2-normalised vector per input, in order. */
  embed(inputs: readonly EmbeddingInput[], options?: { signal?: AbortSignal }): Promise<Float32Array[]>;
  /** Learns from documents the run has produced (e.g. online IDF); optional, called in run order. */
  observe?(inputs: readonly EmbeddingInput[]): void;
  /** A fresh embedder with the same settings and no run-level state, for scoring another run. */
  fork?(): Embedder;
}
