import { BodenError } from './boden-error.js';

const marker = 'boden.error.vector-index-operation';
const symbol = Symbol.for(marker);

/** A vector index's backing library failed (hnswlib's plain string errors, out of memory); names the operation. */
export class VectorIndexOperationError extends BodenError {
  private readonly [symbol] = true;
  /** What the index was doing, e.g. `add`, `search`, `resize`, `save`. */
  readonly operation: string;
  /** The library's own message. */
  readonly reason: string;

  constructor(options: { operation: string; cause: unknown }) {
    const reason = options.cause instanceof Error ? options.cause.message : String(options.cause);
    super({
      name: 'BodenVectorIndexOperationError',
      message: `vector index ${options.operation} failed: ${reason}`,
      cause: options.cause,
    });
    this.operation = options.operation;
    this.reason = reason;
  }

  /** True when `error` is a `VectorIndexOperationError`. */
  static override isInstance(error: unknown): error is VectorIndexOperationError {
    return BodenError.hasMarker(error, marker);
  }
}
