import { BodenError } from '../errors/boden-error.js';
import type { ExitCode } from './exit-code.js';

/** Commands that live in the boden-bench package (they need the benchmark's datasets and ML libraries). */
export const benchCommandNames: readonly string[] = ['bench', 'demo'];

/** The benchmark package's CLI entry, imported by name: the core never compiles against the benchmark. */
const benchCliModule: string = 'boden-bench/cli';

/**
 * Runs `boden bench` or `boden demo` through the boden-bench package: installed beside boden from npm, or linked
 * by `npm ci` in a clone (it is the repository's `bench/` workspace). Without it, a clear error says what to install.
 */
export async function runBenchCommand(argv: readonly string[]): Promise<ExitCode> {
  type BenchCli = { runBenchCli(argv: readonly string[]): Promise<ExitCode> };
  let cli: BenchCli;
  try {
    cli = (await import(benchCliModule)) as BenchCli;
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if ((code === 'ERR_MODULE_NOT_FOUND' || code === 'MODULE_NOT_FOUND') && String((error as Error).message).includes('boden-bench')) {
      throw new BodenError({
        name: 'BodenBenchUnavailableError',
        message: `boden ${argv[2]} needs the boden-bench package beside boden: npm install boden-bench (in a clone, npm ci links it)`,
        cause: error,
      });
    }
    throw error;
  }
  return cli.runBenchCli(argv);
}
