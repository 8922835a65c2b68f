import { TrajectoryError } from './trajectory-error.js';

const marker = 'boden.error.empty-trajectory';
const symbol = Symbol.for(marker);

/** The file is empty or holds no nodes. */
export class EmptyTrajectoryError extends TrajectoryError {
  private readonly [symbol] = true;

  constructor(options: { file: string; location: string | null; reason: string; cause?: unknown }) {
    super({ ...options, name: 'BodenEmptyTrajectoryError' });
  }

  /** True when `error` is a `EmptyTrajectoryError`. */
  static override isInstance(error: unknown): error is EmptyTrajectoryError {
    return TrajectoryError.hasMarker(error, marker);
  }
}
