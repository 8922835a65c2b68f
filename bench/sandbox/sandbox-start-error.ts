import { BodenError } from 'boden';

const marker = 'boden.error.sandbox-start';
const symbol = Symbol.for(marker);

/**
 * The sandbox itself cannot run programs: `isolation: 'bubblewrap'` asked for where bubblewrap does not work, or
 * the interpreter cannot start inside it (e.g. it lives under /root, which the unprivileged program uid cannot
 * read). Thrown on the first run, before any program's outcome depends on it; never for what a program does.
 */
export class SandboxStartError extends BodenError {
  private readonly [symbol] = true;
  /** What failed, with the tool's own words. */
  readonly reason: string;

  constructor({ reason, cause }: { reason: string; cause?: unknown }) {
    super({ name: 'BodenSandboxStartError', message: `the Python sandbox cannot run programs: ${reason}`, cause });
    this.reason = reason;
  }

  /** True when `error` is a `SandboxStartError` (across duplicate installs). */
  static override isInstance(error: unknown): error is SandboxStartError {
    return BodenError.hasMarker(error, marker);
  }
}
