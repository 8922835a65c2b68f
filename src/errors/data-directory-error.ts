import { BodenError } from './boden-error.js';

const marker = 'boden.error.data-directory';
const symbol = Symbol.for(marker);

const explanations: Readonly<Record<string, string>> = {
  ENOTDIR: 'it (or a folder on its path) is a file, not a directory',
  EEXIST: 'it is a file, not a directory',
  ENOENT: 'its parent folder does not exist and cannot be created',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EIO: 'an input/output error',
};

/** `boden serve`'s data directory cannot hold run logs: it is a file, cannot be created, or cannot be written. */
export class DataDirectoryError extends BodenError {
  private readonly [symbol] = true;
  /** The directory asked for. */
  readonly path: string;
  /** The system error code of the failed check, e.g. `ENOTDIR`. */
  readonly code: string;
  /** Why, in words, with the code. */
  readonly reason: string;

  constructor(options: { path: string; code: string; cause?: unknown }) {
    const reason = `${explanations[options.code] ?? 'cannot write there'} (${options.code})`;
    super({
      name: 'BodenDataDirectoryError',
      message: `data directory ${options.path} cannot hold run logs: ${reason}`,
      cause: options.cause,
    });
    this.path = options.path;
    this.code = options.code;
    this.reason = reason;
  }

  /** A `DataDirectoryError` for a failed file-system call on `path`. */
  static from(error: unknown, path: string): DataDirectoryError {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    return new DataDirectoryError({ path, code: typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : 'EIO', cause: error });
  }

  /** True when `error` is a `DataDirectoryError`. */
  static override isInstance(error: unknown): error is DataDirectoryError {
    return BodenError.hasMarker(error, marker);
  }
}
