import { BodenError } from './boden-error.js';

const marker = 'boden.error.invalid-vector';
const symbol = Symbol.for(marker);

/** Why a vector cannot be indexed or searched: it has no direction, or holds NaN or an infinity. */
export type InvalidVectorReason = 'zero-norm' | 'non-finite';

/** A vector that cannot be normalised (all zeros, NaN or infinite components); names the id. */
export class InvalidVectorError extends BodenError {
  private readonly [symbol] = true;
  /** The id the vector was added under, or null for a query vector. */
  readonly id: string | null;
  /** What is wrong with the vector. */
  readonly reason: InvalidVectorReason;

  constructor(options: { id: string | null; reason: InvalidVectorReason }) {
    const subject = options.id === null ? 'query vector' : `vector for id ${JSON.stringify(options.id)}`;
    const problem =
      options.reason === 'zero-norm' ? 'has zero length and no direction, so it cannot be normalised' : 'has a NaN or infinite component';
    super({ name: 'BodenInvalidVectorError', message: `${subject} ${problem}` });
    this.id = options.id;
    this.reason = options.reason;
  }

  /** True when `error` is an `InvalidVectorError`. */
  static override isInstance(error: unknown): error is InvalidVectorError {
    return BodenError.hasMarker(error, marker);
  }
}
