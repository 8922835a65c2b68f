import { BodenError } from '../../src/index.js';

const marker = 'boden.error.checkpoint-mismatch';
const symbol = Symbol.for(marker);

/**
 * A checkpointed tree search that a new graph cannot replay: the graph was built with other options (policy, seed,
 * shaping) than the run it resumes, so its search asks for other calls than the checkpoint recorded, or one graph was used on two threads.
 */
export class CheckpointMismatchError extends BodenError {
  private readonly [symbol] = true;
  /** Why the record and the graph disagree. */
  readonly reason: string;

  constructor(options: { reason: string }) {
    super({
      name: 'BodenCheckpointMismatchError',
      message: `cannot resume the tree search from its checkpoint: ${options.reason}; build a new graph with the options of the run it resumes (policy, seed, shaping)`,
    });
    this.reason = options.reason;
  }

  /** True when `error` is a `CheckpointMismatchError`. */
  static override isInstance(error: unknown): error is CheckpointMismatchError {
    return BodenError.hasMarker(error, marker);
  }
}
