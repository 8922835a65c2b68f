import { BodenError } from './boden-error.js';

const marker = 'boden.error.trajectory';
const symbol = Symbol.for(marker);

/** Base of every error about a trajectory file: names the file and the place in it (JSON path or line). */
export class TrajectoryError extends BodenError {
  private readonly [symbol] = true;
  /** The file or directory that could not be read. */
  readonly file: string;
  /** Where in the file: a JSON path such as `$.nodes[3].metric.value`, `line 12`, or null for the whole file. */
  readonly location: string | null;
  /** What is wrong, without the file and location. */
  readonly reason: string;

  constructor(options: { name: string; file: string; location: string | null; reason: string; cause?: unknown }) {
    const where = options.location === null ? options.file : `${options.file} at ${options.location}`;
    super({ name: options.name, message: `${where}: ${options.reason}`, cause: options.cause });
    this.file = options.file;
    this.location = options.location;
    this.reason = options.reason;
  }

  /** True when `error` is any trajectory error. */
  static override isInstance(error: unknown): error is TrajectoryError {
    return BodenError.hasMarker(error, marker);
  }
}
