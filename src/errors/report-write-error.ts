import { BodenError } from './boden-error.js';

const marker = 'boden.error.report-write';
const symbol = Symbol.for(marker);

/** A report file that could not be written; the previous file at `path`, if any, is left as it was. */
export class ReportWriteError extends BodenError {
  private readonly [symbol] = true;
  /** Where the report was to be written. */
  readonly path: string;
  /** What went wrong, without the path. */
  readonly reason: string;

  constructor(options: { path: string; reason: string; cause?: unknown }) {
    super({ name: 'BodenReportWriteError', message: `cannot write report ${options.path}: ${options.reason}`, cause: options.cause });
    this.path = options.path;
    this.reason = options.reason;
  }

  /** True when `error` is a `ReportWriteError`. */
  static override isInstance(error: unknown): error is ReportWriteError {
    return BodenError.hasMarker(error, marker);
  }
}
