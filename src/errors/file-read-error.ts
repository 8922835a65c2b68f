import { BodenError } from './boden-error.js';

const marker = 'boden.error.file-read';
const symbol = Symbol.for(marker);

const explanations: Readonly<Record<string, string>> = {
  ENOENT: 'no such file or directory',
  ENOTDIR: 'a part of its path is a file, not a folder',
  EISDIR: 'it is a directory',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  ELOOP: 'too many symbolic links (a loop)',
  EMFILE: 'too many open files',
  EIO: 'an input/output error of the device',
};

/** A file or folder boden was asked to read could not be read (permissions, a vanished path, a device error). */
export class FileReadError extends BodenError {
  private readonly [symbol] = true;
  /** The path that could not be read. */
  readonly path: string;
  /** The system error code, e.g. `EACCES`. */
  readonly code: string;

  constructor(options: { path: string; code: string; cause?: unknown }) {
    const why = explanations[options.code] ?? options.code;
    super({ name: 'BodenFileReadError', message: `cannot read ${options.path}: ${why} (${options.code})`, cause: options.cause });
    this.path = options.path;
    this.code = options.code;
  }

  /** A `FileReadError` for a failed file-system call on `path`, or `error` itself when it is not one. */
  static from(error: unknown, path: string): unknown {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    return typeof code === 'string' && /^E[A-Z]+$/.test(code) ? new FileReadError({ path, code, cause: error }) : error;
  }

  /** True when `error` is a `FileReadError`. */
  static override isInstance(error: unknown): error is FileReadError {
    return BodenError.hasMarker(error, marker);
  }
}
