import { BodenError } from 'boden';

const marker = 'boden.error.task-csv-too-large';
const symbol = Symbol.for(marker);

const mebibytes = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MiB`;

/**
 * A task's CSV file over the size the benchmark reads (`maxTaskCsvBytes`): refused before it is read, since every
 * evaluation worker holds the task's columns in memory and cross-validates every pipeline on all of its rows.
 */
export class TaskCsvTooLargeError extends BodenError {
  private readonly [symbol] = true;
  /** The CSV file. */
  readonly file: string;
  /** Its size. */
  readonly bytes: number;
  /** The most a task's CSV may hold. */
  readonly limitBytes: number;

  constructor({ file, bytes, limitBytes }: { file: string; bytes: number; limitBytes: number }) {
    super({
      name: 'BodenTaskCsvTooLargeError',
      message: `${file}: ${mebibytes(bytes)}, over the ${mebibytes(limitBytes)} a task's CSV file may hold (every evaluation worker keeps the task's columns in memory and cross-validates each pipeline on every row); sample its rows, or keep only the task's columns`,
    });
    this.file = file;
    this.bytes = bytes;
    this.limitBytes = limitBytes;
  }

  /** True when `error` is a `TaskCsvTooLargeError` (across duplicate installs). */
  static override isInstance(error: unknown): error is TaskCsvTooLargeError {
    return BodenError.hasMarker(error, marker);
  }
}
