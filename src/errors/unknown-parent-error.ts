import { TrajectoryError } from './trajectory-error.js';

const marker = 'boden.error.unknown-parent';
const symbol = Symbol.for(marker);

/** A node names a parent that is not in the trajectory. */
export class UnknownParentError extends TrajectoryError {
  private readonly [symbol] = true;
  /** The node whose parent is missing. */
  readonly nodeId: string;
  /** The missing parent id. */
  readonly parentId: string;
  constructor(options: { file: string; location: string | null; reason: string; nodeId: string; parentId: string; cause?: unknown }) {
    super({ ...options, name: 'BodenUnknownParentError' });
    this.nodeId = options.nodeId;
    this.parentId = options.parentId;
  }

  /** True when `error` is a `UnknownParentError`. */
  static override isInstance(error: unknown): error is UnknownParentError {
    return TrajectoryError.hasMarker(error, marker);
  }
}
