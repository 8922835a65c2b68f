import { BodenError } from './boden-error.js';

const marker = 'boden.error.vector-dimension';
const symbol = Symbol.for(marker);

/** A vector's length differs from the index's dimensions; names the expected and actual lengths and the id. */
export class VectorDimensionError extends BodenError {
  private readonly [symbol] = true;
  /** The index's dimensions. */
  readonly expected: number;
  /** The length of the vector that was given. */
  readonly actual: number;
  /** The id the vector was added under, or null for a query vector. */
  readonly id: string | null;

  constructor(options: { expected: number; actual: number; id: string | null }) {
    const subject = options.id === null ? 'query vector' : `vector for id ${JSON.stringify(options.id)}`;
    super({
      name: 'BodenVectorDimensionError',
      message: `${subject} has ${options.actual} dimensions, expected ${options.expected}`,
    });
    this.expected = options.expected;
    this.actual = options.actual;
    this.id = options.id;
  }

  /** True when `error` is a `VectorDimensionError`. */
  static override isInstance(error: unknown): error is VectorDimensionError {
    return BodenError.hasMarker(error, marker);
  }
}
