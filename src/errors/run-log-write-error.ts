import { BodenError } from './boden-error.js';

const marker = 'boden.error.run-log-write';
const symbol = Symbol.for(marker);

const explanations: Readonly<Record<string, string>> = {
  ENOSPC: 'no space left on the device',
  EDQUOT: 'the disk quota is used up',
  EROFS: 'the file system is read-only',
  EACCES: 'permission denied',
  EPERM: 'permission denied',
  EIO: 'an input/output error',
  ENOENT: 'the log or its data directory was removed',
  ESTALE: 'the log or its data directory was removed',
};

/**
 * A served run's log could not be written, so the call was not applied and not acknowledged (the service answers 507
 * for a full disk, 503 otherwise). The run's state and log are as they were before the call; a retry may succeed once
 * the cause is fixed.
 */
export class RunLogWriteError extends BodenError {
  private readonly [symbol] = true;
  /** The log file. */
  readonly path: string;
  /** The system error code, e.g. `ENOSPC`; `ENOENT` when the log file is no longer at its path. */
  readonly code: string;

  constructor(options: { path: string; code: string; cause?: unknown }) {
    const why = explanations[options.code] ?? options.code;
    super({
      name: 'BodenRunLogWriteError',
      message: `cannot write the run log ${options.path}: ${why} (${options.code}); the call was not applied`,
      cause: options.cause,
    });
    this.path = options.path;
    this.code = options.code;
  }

  /** True when the disk is full (HTTP 507), false for the other causes (HTTP 503). */
  get storageFull(): boolean {
    return this.code === 'ENOSPC' || this.code === 'EDQUOT';
  }

  /** A `RunLogWriteError` for a failed file-system call on the log at `path`. */
  static from(error: unknown, path: string): RunLogWriteError {
    const code = (error as NodeJS.ErrnoException | null)?.code;
    return new RunLogWriteError({ path, code: typeof code === 'string' && /^E[A-Z]+$/.test(code) ? code : 'EIO', cause: error });
  }

  /** True when `error` is a `RunLogWriteError`. */
  static override isInstance(error: unknown): error is RunLogWriteError {
    return BodenError.hasMarker(error, marker);
  }
}
