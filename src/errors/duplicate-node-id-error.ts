import { TrajectoryError } from './trajectory-error.js';

const marker = 'boden.error.duplicate-node-id';
const symbol = Symbol.for(marker);

/** Two nodes share an id. */
export class DuplicateNodeIdError extends TrajectoryError {
  private readonly [symbol] = true;
  /** The repeated id. */
  readonly nodeId: string;
  constructor(options: { file: string; location: string | null; reason: string; nodeId: string; cause?: unknown }) {
    super({ ...options, name: 'BodenDuplicateNodeIdError' });
    this.nodeId = options.nodeId;
  }

  /** True when `error` is a `DuplicateNodeIdError`. */
  static override isInstance(error: unknown): error is DuplicateNodeIdError {
    return TrajectoryError.hasMarker(error, marker);
  }
}
