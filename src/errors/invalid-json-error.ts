import { TrajectoryError } from './trajectory-error.js';

const marker = 'boden.error.invalid-json';
const symbol = Symbol.for(marker);

/** The file is not well-formed JSON or JSON lines (truncated, NaN/Infinity literals, stray text). */
export class InvalidJsonError extends TrajectoryError {
  private readonly [symbol] = true;

  constructor(options: { file: string; location: string | null; reason: string; cause?: unknown }) {
    super({ ...options, name: 'BodenInvalidJsonError' });
  }

  /** True when `error` is a `InvalidJsonError`. */
  static override isInstance(error: unknown): error is InvalidJsonError {
    return TrajectoryError.hasMarker(error, marker);
  }
}
