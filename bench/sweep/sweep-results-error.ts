import { BodenError } from 'boden';

const marker = 'boden.error.sweep-results';
const symbol = Symbol.for(marker);

/** A sweep's results directory that cannot be resumed: a corrupt record, or runs made with other settings. */
export class SweepResultsError extends BodenError {
  private readonly [symbol] = true;
  /** The file at fault. */
  readonly file: string;
  /** The record's line number or the setting that differs, when known. */
  readonly field: string | undefined;

  constructor(options: { file: string; field?: string; message: string; cause?: unknown }) {
    super({
      name: 'BodenSweepResultsError',
      message: `${options.file}${options.field === undefined ? '' : ` (${options.field})`}: ${options.message}`,
      cause: options.cause,
    });
    this.file = options.file;
    this.field = options.field;
  }

  /** True when `error` is a `SweepResultsError` (across duplicate installs). */
  static override isInstance(error: unknown): error is SweepResultsError {
    return BodenError.hasMarker(error, marker);
  }
}
