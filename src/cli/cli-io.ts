/** A text stream a command writes to: `process.stdout`, `process.stderr`, or a buffer in tests. */
export interface CliStream {
  write(text: string): unknown;
  /** True for a terminal (progress lines are drawn only there). */
  readonly isTTY?: boolean;
  /** The terminal's width, for progress lines. */
  readonly columns?: number;
}

/** Where a command writes: tables and JSON to stdout, messages and progress to stderr. */
export interface CliIo {
  readonly stdout: CliStream;
  readonly stderr: CliStream;
}

/** The process's own streams, what `boden` writes to when run as a program. */
export const processIo: CliIo = {
  get stdout() {
    return process.stdout;
  },
  get stderr() {
    return process.stderr;
  },
};
