import { TrajectoryError } from './trajectory-error.js';

const marker = 'boden.error.not-a-trajectory';
const symbol = Symbol.for(marker);

/** The path is not in any format boden reads (e.g. a directory that is not an OpenEvolve checkpoint). */
export class NotATrajectoryError extends TrajectoryError {
  private readonly [symbol] = true;

  constructor(options: { file: string; location: string | null; reason: string; cause?: unknown }) {
    super({ ...options, name: 'BodenNotATrajectoryError' });
  }

  /** True when `error` is a `NotATrajectoryError`. */
  static override isInstance(error: unknown): error is NotATrajectoryError {
    return TrajectoryError.hasMarker(error, marker);
  }
}
