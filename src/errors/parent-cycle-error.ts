import { TrajectoryError } from './trajectory-error.js';

const marker = 'boden.error.parent-cycle';
const symbol = Symbol.for(marker);

/** Following parents from a node leads back to it. */
export class ParentCycleError extends TrajectoryError {
  private readonly [symbol] = true;
  /** The node ids on the cycle, in parent order. */
  readonly cycle: readonly string[];
  constructor(options: { file: string; location: string | null; reason: string; cycle: string[]; cause?: unknown }) {
    super({ ...options, name: 'BodenParentCycleError' });
    this.cycle = options.cycle;
  }

  /** True when `error` is a `ParentCycleError`. */
  static override isInstance(error: unknown): error is ParentCycleError {
    return TrajectoryError.hasMarker(error, marker);
  }
}
