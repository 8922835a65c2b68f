import { BodenError } from './boden-error.js';

const marker = 'boden.error.index-file';
const symbol = Symbol.for(marker);

/**
 * What is wrong with a saved index: a file is `missing`; a file is `corrupt` (unreadable, truncated, fails its
 * checksum, or the two files come from different saves); or intact files `mismatch` what was asked for
 * (another implementation, other dimensions) or each other.
 */
export type IndexFileProblem = 'missing' | 'corrupt' | 'mismatch';

/** A saved vector index that cannot be loaded; names the file and what is wrong with it. */
export class IndexFileError extends BodenError {
  private readonly [symbol] = true;
  /** The file that failed (the index file or its metadata file). */
  readonly file: string;
  /** The kind of failure. */
  readonly problem: IndexFileProblem;
  /** What is wrong, without the file name. */
  readonly reason: string;

  constructor(options: { file: string; problem: IndexFileProblem; reason: string; cause?: unknown }) {
    super({
      name: 'BodenIndexFileError',
      message: `${options.file}: ${options.problem} index file: ${options.reason}`,
      cause: options.cause,
    });
    this.file = options.file;
    this.problem = options.problem;
    this.reason = options.reason;
  }

  /** True when `error` is an `IndexFileError`. */
  static override isInstance(error: unknown): error is IndexFileError {
    return BodenError.hasMarker(error, marker);
  }
}
