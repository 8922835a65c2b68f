import type { CliStream } from './cli-io.js';

/** Reports progress of long work on stderr, so stdout stays clean for tables and JSON. */
export interface Progress {
  /** True when updates are drawn (a terminal, not quiet). */
  readonly live: boolean;
  update(message: string): void;
  end(): void;
}

/** Progress on one rewritten line of `stream` (default stderr) when it is a terminal; silent otherwise or when `quiet`. */
export function createProgress({ quiet, stream = process.stderr }: { quiet: boolean; stream?: CliStream }): Progress {
  if (quiet || !stream.isTTY) return { live: false, update() {}, end() {} };
  let shown = false;
  return {
    live: true,
    update(message) {
      shown = true;
      stream.write(`\r\x1b[2K${message.slice(0, (stream.columns ?? 80) - 1)}`);
    },
    end() {
      if (shown) stream.write('\r\x1b[2K');
    },
  };
}
