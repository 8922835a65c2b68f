import { BodenError } from './boden-error.js';

const marker = 'boden.error.file-write';
const symbol = Symbol.for(marker);

const explanations: Readonly<Record<string, string>> = {
  ENOENT: 'its folder does not exist',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EISDIR: 'it is a directory',
  EEXIST: 'it exists and is not a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EROFS: 'the file system is read-only',
  ENOSPC: 'no space left on the device',
};

/** A file or folder boden was asked to write could not be written; what was there before is left as it was. */
export class FileWriteError extends BodenError {
  private readonly [symbol] = true;
  /** The path that could not be written. */
  readonly path: string;
  /** The system error code, e.g. `ENOENT`. */
  readonly code: string;

  /** `reason`, when given, says why better than the code can (which file stands where a folder should be). */
  constructor(options: { path: string; code: string; reason?: string; cause?: unknown }) {
    const why = options.reason ?? explanations[options.code] ?? options.code;
    super({ name: 'BodenFileWriteError', message: `cannot write ${options.path}: ${why} (${options.code})`, cause: options.cause });
    this.path = options.path;
    this.code = options.code;
  }

  /** A `FileWriteError` for a failed file-system call on `path`, or `error` itself when it is not one. */
  static from(error: unknown, path: string): unknown {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? new FileWriteError({ path, code, cause: error }) : error;
  }

  /** True when `error` is a `FileWriteError`. */
  static override isInstance(error: unknown): error is FileWriteError {
    return BodenError.hasMarker(error, marker);
  }
}
