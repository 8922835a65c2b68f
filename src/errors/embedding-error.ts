import { BodenError } from './boden-error.js';

const marker = 'boden.error.embedding';
const symbol = Symbol.for(marker);

/**
 * What went wrong while embedding: the `provider` call failed (after retries, or at once when retrying cannot
 * help); the provider answered with a `malformed-response` (wrong number of vectors, non-numbers); a vector has a
 * `dimension-mismatch` or is an `invalid-vector` (all zeros, NaN or infinite); or the `dimensions-unknown` were
 * read before the first response taught them.
 */
export type EmbeddingProblem = 'provider' | 'malformed-response' | 'dimension-mismatch' | 'invalid-vector' | 'dimensions-unknown';

/** An embedder could not produce vectors; names the embedder, the problem, the attempts made and the cause. */
export class EmbeddingError extends BodenError {
  private readonly [symbol] = true;
  /** The embedder's `id`. */
  readonly embedderId: string;
  /** The kind of failure. */
  readonly problem: EmbeddingProblem;
  /** What is wrong, without the embedder id. */
  readonly reason: string;
  /** Provider calls made for the failing batch, retries included (0 when no call was made). */
  readonly attempts: number;
  /** HTTP status of the last failed call, when the failure was an HTTP answer. */
  readonly status: number | null;
  /** Index into the `embed` inputs of the offending input, for a per-vector problem. */
  readonly inputIndex: number | null;
  /** The expected vector length, for a `dimension-mismatch`. */
  readonly expectedDimensions: number | null;
  /** The length the provider returned, for a `dimension-mismatch`. */
  readonly actualDimensions: number | null;

  constructor(options: {
    embedderId: string;
    problem: EmbeddingProblem;
    reason: string;
    attempts: number;
    status?: number | null;
    inputIndex?: number | null;
    expectedDimensions?: number | null;
    actualDimensions?: number | null;
    cause?: unknown;
  }) {
    const tries = options.attempts > 1 ? ` (after ${options.attempts} attempts)` : '';
    super({
      name: 'BodenEmbeddingError',
      message: `embedder ${options.embedderId}: ${options.reason}${tries}`,
      cause: options.cause,
    });
    this.embedderId = options.embedderId;
    this.problem = options.problem;
    this.reason = options.reason;
    this.attempts = options.attempts;
    this.status = options.status ?? null;
    this.inputIndex = options.inputIndex ?? null;
    this.expectedDimensions = options.expectedDimensions ?? null;
    this.actualDimensions = options.actualDimensions ?? null;
  }

  /** True when `error` is an `EmbeddingError`. */
  static override isInstance(error: unknown): error is EmbeddingError {
    return BodenError.hasMarker(error, marker);
  }
}
