import { BodenError } from './boden-error.js';

const marker = 'boden.error.corpus-file';
const symbol = Symbol.for(marker);

/** What is wrong with a corpus directory: a file is `missing` or `corrupt` (unreadable, invalid, inconsistent), or a save failed (`unwritable`). */
export type CorpusFileProblem = 'missing' | 'corrupt' | 'unwritable';

/** A corpus directory that cannot be opened; names the file and what is wrong with it. */
export class CorpusFileError extends BodenError {
  private readonly [symbol] = true;
  /** The file that failed. */
  readonly file: string;
  /** The kind of failure. */
  readonly problem: CorpusFileProblem;
  /** What is wrong, without the file name. */
  readonly reason: string;

  constructor(options: { file: string; problem: CorpusFileProblem; reason: string; cause?: unknown }) {
    super({
      name: 'BodenCorpusFileError',
      message: `${options.file}: ${options.problem} corpus file: ${options.reason}`,
      cause: options.cause,
    });
    this.file = options.file;
    this.problem = options.problem;
    this.reason = options.reason;
  }

  /** True when `error` is a `CorpusFileError`. */
  static override isInstance(error: unknown): error is CorpusFileError {
    return BodenError.hasMarker(error, marker);
  }
}
