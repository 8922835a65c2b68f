import { TrajectoryError } from './trajectory-error.js';

const marker = 'boden.error.invalid-field';
const symbol = Symbol.for(marker);

/** A field has the wrong type or an invalid value (a string or non-finite number as a metric, a missing id). */
export class InvalidFieldError extends TrajectoryError {
  private readonly [symbol] = true;

  constructor(options: { file: string; location: string | null; reason: string; cause?: unknown }) {
    super({ ...options, name: 'BodenInvalidFieldError' });
  }

  /** True when `error` is a `InvalidFieldError`. */
  static override isInstance(error: unknown): error is InvalidFieldError {
    return TrajectoryError.hasMarker(error, marker);
  }
}
