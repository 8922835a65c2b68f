import { existsSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { BodenError } from '../errors/boden-error.js';
import type { ExitCode } from './exit-code.js';

/** Commands that live in `bench/` (they need the benchmark's datasets and ML libraries, the dev dependencies). */
export const benchCommandNames: readonly string[] = ['bench', 'demo'];

/** The benchmark's CLI module: `bench/cli/bench-cli.ts` of the clone, from `src/cli` or `dist/src/cli`. */
function benchCliPath(): string {
  const here = fileURLToPath(import.meta.url);
  const up = here.includes(`${'/'}dist${'/'}src${'/'}cli${'/'}`) ? '../../../' : '../../';
  return fileURLToPath(new URL(`${up}bench/cli/bench-cli.ts`, import.meta.url));
}

/**
 * Runs `boden bench` or `boden demo`. The benchmark runs from TypeScript sources through tsx (its worker threads
 * do too), so it needs a clone of the repository with its dev dependencies installed (`npm ci`), not an npm
 * install of the package: anything else is a clear error.
 */
export async function runBenchCommand(argv: readonly string[]): Promise<ExitCode> {
  const path = benchCliPath();
  if (!existsSync(path)) {
    throw new BodenError({
      name: 'BodenBenchUnavailableError',
      message: `boden ${argv[2]} needs the benchmark sources (${path} is missing): run it from a clone of the repository after npm ci`,
    });
  }
  type BenchCli = { runBenchCli(argv: readonly string[]): Promise<ExitCode> };
  // Already running from the TypeScript sources (under tsx): a plain import shares the loaded modules.
  if (import.meta.url.endsWith('.ts')) return ((await import(pathToFileURL(path).href)) as BenchCli).runBenchCli(argv);
  let tsImport: (specifier: string, parent: string) => Promise<unknown>;
  try {
    ({ tsImport } = (await import('tsx/esm/api')) as { tsImport: typeof tsImport });
  } catch (error) {
    throw new BodenError({ name: 'BodenBenchUnavailableError', message: `boden ${argv[2]} needs the dev dependencies (tsx): run npm ci in the clone`, cause: error });
  }
  const module = (await tsImport(path, import.meta.url)) as BenchCli;
  return module.runBenchCli(argv);
}
